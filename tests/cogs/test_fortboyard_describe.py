"""Fort Boyard in words (``describe``): the picture's text alternative and the Describe
button's answer. Every phase is described in both languages, within the alt text's size;
a known position's facts are all there (each pawn's cell, the divers, keys and clues, the
stock, the trial as shown); nothing hidden changes a word, no code word or clue is said,
a sequence to memorise is never copied; a secret choice leaves the picture byte for byte
as it was."""

import pytest
from pydantic import TypeAdapter

from bench.pictures import play
from bot.storage import SessionRecord
from bot.ui.game_ui import ALT_SIZE, alt_text
from cogs.fortboyard.board import FortBoyardUI
from cogs.fortboyard.names import PAWNS
from cogs.fortboyard.picture import render
from games.core import Rng
from games.fortboyard import ENGINE, trials
from games.fortboyard.deck import Trial, deck
from games.fortboyard.models import FortBoyardState, Hide, Phase, Ready, Show
from tests.games.contract_hooks import PERTURBATIONS, _strings, _whole_word
from tests.records import running

UI = FortBoyardUI()
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")
SEEDS = ((0, 2), (3, 5), (4, 6), (5, 3))  # (seed, seats) of computer play-outs; more are tried until every phase shows


def table(seats: int) -> SessionRecord:
    return running("fortboyard", NAMES[:seats], id=7)


def names(state: FortBoyardState) -> list[str]:
    return list(NAMES[: len(state.players)])


@pytest.fixture(scope="module")
def games() -> list[list[FortBoyardState]]:
    """Play-outs that together reach every phase."""
    wanted, played = set(Phase.__args__), []
    for seed, seats in [*SEEDS, *((s, 2 + s % 5) for s in range(10, 40))]:
        played.append(play(ENGINE, seed, seats))
        wanted -= {state.phase for state in played[-1]}
        if not wanted and len(played) >= len(SEEDS):
            return played
    raise AssertionError(f"no play-out reaches {wanted}")


def test_every_phase_is_described_in_both_languages(games: list[list[FortBoyardState]]) -> None:
    seen = set()
    for states in games:
        record = table(len(states[0].players))
        for state in states:
            view = ENGINE.view(state, None)
            for lang in ("fr", "en"):
                lines = UI.describe(record, state, lang)
                text = "\n".join(lines)
                assert all(line.strip() for line in lines)
                assert "fortboyard." not in text and "{" not in text and "**" not in text and ">>>" not in text
                for seat, player in enumerate(view.players):  # every pawn, with its keys
                    line = next(line for line in lines if line.startswith(f"{PAWNS[seat]} {NAMES[seat]}"))
                    assert str(player.keys) in line
                    if player.sea is not None and not player.resigned and view.round < 3:
                        assert f"{player.sea}/10" in line
                    elif player.cell is not None and not player.resigned and view.round < 3:
                        assert f" {player.cell} (" in line
                alt = alt_text(lines)
                assert alt is not None and alt.startswith(lines[0]) and len(alt) <= ALT_SIZE
            seen.add(state.phase)
    assert seen == set(Phase.__args__)


def known_position() -> FortBoyardState:
    """Round 2, Cat to roll: Ann in prison on cell 6, Bob diving (4 of 10), Cat at the start,
    Dan gone; 13 keys in stock, the last die a 5."""
    state = ENGINE.new_game(4, ENGINE.make_options({"language": "en"}), 3)
    facts = [
        {"cell": 6, "skip": True, "keys": 2, "clues": 1, "level": "easy"},
        {"cell": None, "sea": 4, "keys": 0, "clues": 0, "level": "hard"},
        {"cell": None, "keys": 1, "clues": 3, "level": "easy"},
        {"cell": None, "keys": 1, "resigned": True},
    ]
    players = [player.model_copy(update=update) for player, update in zip(state.players, facts)]
    return state.model_copy(
        update={"round": 2, "phase": "roll", "current": 2, "players": players, "stock": 13, "last_die": 5}
    )


def test_a_known_position_is_told_whole() -> None:
    lines = UI.describe(table(4), known_position(), "en")
    assert lines[:9] == [
        "Round 2: the clues",
        "🔴 ann: cell 6 (Prison) · ⛓️ misses a turn · 2 keys · 1 of 4 clues",
        "🔵 bob: 🤿 in the sea, 4/10 · 0 keys · 0 of 4 clues",
        "🟢 cat: at the start · 1 key · 3 of 4 clues",
        "🟡 dan: left the game · 1 key · 0 of 4 clues",
        "🔑 Keys in stock: 13",
        "Last roll of the die: 5.",
        "cat: roll the die.",
        (
            "The track: 24 cells clockwise, the start just before cell 0: 0 Gate, 1 Concentration, 2 Strength, 3 Duel, "
            "4 Riddle, 5 Concentration, 6 Prison, 7 Strength, 8 Master key, 9 Duel, 10 Concentration, 11 Strength, "
            "12 Father Fouras, 13 Concentration, 14 Duel, 15 Strength, 16 Riddle, 17 Prison, 18 Concentration, "
            "19 Master key, 20 Strength, 21 Riddle, 22 Duel, 23 Riddle."
        ),
    ]
    assert (
        lines[9] == "The sea: a loop of 10 cells that starts and ends at the sunken key, under Father Fouras's cell 12."
    )
    french = UI.describe(table(4), known_position(), "fr")
    assert french[1:6] == [
        "🔴 ann : case 6 (Prison) · ⛓️ passe son prochain tour · 2 clés · 1 indice sur 4",
        "🔵 bob : 🤿 dans la mer, 4/10 · 0 clé · 0 indice sur 4",  # French counts 0 as singular
        "🟢 cat : au départ · 1 clé · 3 indices sur 4",
        "🟡 dan : a quitté la partie · 1 clé · 0 indice sur 4",
        "🔑 Clés en stock : 13",
    ]


def trial_position(sample: dict, category: str = "concentration") -> FortBoyardState:
    state = known_position()
    trial = TypeAdapter(Trial).validate_python(sample)
    players = [state.current] + ([0] if category == "duel" else [])
    progress = trials.begin(category, "staged", trial, players, "clue", 0, state.rng)
    return state.model_copy(update={"phase": "trial", "trial": progress})


def test_the_trial_is_told_as_shown_but_a_sequence_is_never_copied() -> None:
    riddle = trial_position(
        {"kind": "riddle", "text": "I have keys but open no door. What am I?", "answer": "piano"}, "enigme"
    )
    lines = UI.describe(table(4), riddle, "en")
    at = lines.index("cat: the trial is on!")  # what to do, then the trial as the board shows it, in plain words
    assert lines[at + 1 : at + 4] == [
        "🧙 Riddle — cat · for 🧩 a clue",
        "Father Fouras asks:",
        "I have keys but open no door. What am I?",
    ]
    assert "piano" not in "\n".join(lines)
    sample = {"kind": "sequence", "items": ["candle", "dragon", "anchor", "igloo"], "show_seconds": 8}
    look = trial_position(sample)
    (board,) = UI.board(table(4), look, "en")
    assert "candle · dragon · anchor · igloo" in str(board.embed.to_dict())  # the board shows it a few seconds
    told = "\n".join(UI.describe(table(4), look, "en"))
    assert "👀 A sequence to memorise shows on the board, then disappears." in told
    assert not [item for item in sample["items"] if item in told]  # an alt text or a private answer would outlive it
    retype = ENGINE.apply(look, look.current, Ready()).state
    assert retype.trial.stage == "play"
    assert not [item for item in sample["items"] if item in "\n".join(UI.describe(table(4), retype, "en"))]
    nim = trial_position({"kind": "nim", "sticks": 10, "most": 3}, "duel")
    nim.trial.sticks = 1  # the last stick left
    assert "1 stick. In turn, take 1 to 3; whoever takes the last stick loses. cat to move." in UI.describe(
        table(4), nim, "en"
    )
    assert "🪵" not in "\n".join(UI.describe(table(4), nim, "en"))  # no pile of wood to read out


def test_nothing_hidden_changes_a_word(games: list[list[FortBoyardState]]) -> None:
    """Code words and levels dealt anew, the decks reordered, a running trial's answer, the
    duellists' signs, boats and shots: the contract suite's perturbations of what the public
    cannot see leave the description as it was; and no code word or clue is ever said
    (unless a card shown in public prints it)."""
    rng = Rng.from_seed(5)
    changed = set()
    for states in games:
        record = table(len(states[0].players))
        for state in states[::2]:
            twin, parts = PERTURBATIONS["fortboyard"](state, None, rng)
            changed.update(parts)
            lines = UI.describe(record, state, "en")
            assert UI.describe(record, twin, "en") == lines, parts
            if state.phase == "over":
                continue
            told = "\n".join(lines).casefold()
            shown = _strings(ENGINE.view(state, None).model_dump(mode="json")).casefold()
            cards = deck(state.options.language)
            for player in state.players:
                card = cards.word_card(player.word)
                for level in [player.level] if player.level else ["easy", "hard"]:
                    word = card.level(level)
                    for secret in [*word.clues, word.word, *word.variants]:
                        assert _whole_word(secret, shown) or not _whole_word(secret, told), secret
    assert {"words", "decks", "sign"} <= changed


def test_a_secret_choice_leaves_the_picture_as_it_was(games: list[list[FortBoyardState]]) -> None:
    """The board is not uploaded again when its picture did not change: a duellist's hidden
    sign or boat changes no pixel (its bytes are the same)."""
    tried = 0
    for states in games:
        for state in states:
            if state.phase != "trial" or state.trial.choices or state.trial.boats:
                continue
            seat = state.trial.players[0]
            move = {"spsw": Show(sign="paper"), "battleship": Hide(cell=0)}.get(state.trial.trial.kind)
            if move is None or move not in ENGINE.legal_actions(state, seat):
                continue
            after = ENGINE.apply(state, seat, move).state
            assert ENGINE.view(after, None).trial.done != ENGINE.view(state, None).trial.done  # one has chosen
            assert render(ENGINE.view(after, None), names(state), "en") == render(
                ENGINE.view(state, None), names(state), "en"
            )
            tried += 1
    assert tried >= 2
