"""Fort Boyard's computer players at their three levels (issue 17).

A computer decides from its own view only: whatever that view does not show (the others' code
words, levels and clues, the decks' order, a diver's stake, the future dice, a running trial's
answer, the other duellist's sign) never changes its move, at any level. The same seed and the
same budget give the same move; every level plays only legal moves, to the end of the game.
Trials are attempted at the table's rate shifted by the level; the code word is read from the
seat's own clues. Quotations between « and » are the rule book's (shared/seeds/000_...).
"""

from functools import cache
from typing import Any

import pytest

from games.core import LEVELS, Budget, Level, Rng
from games.fortboyard import ENGINE, bots, strong, trials
from games.fortboyard.deck import Count, Nim, Riddle, Spsw, deck
from games.fortboyard.models import (
    ATTEMPTS,
    SIGNS,
    SKILL_SHIFT,
    Announce,
    Answer,
    Attempt,
    ChooseLevel,
    FortBoyardState,
    Rates,
    Show,
    Take,
    TimeUp,
    TrialEnded,
    parse_action,
)
from tests.games.rule_book import check_quotes

SMALL = Budget(iterations=24)  # a strong decision in these tests: a short search, no clock
COUNT = Count(kind="count", text="Le petit renard traverse la rivière en sautant de pierre en pierre.", letter="r")
RIDDLE = Riddle(kind="riddle", text="Je te rends ton sourire sans jamais rire. Qui suis-je ?", answer="le miroir")


def decide(state: FortBoyardState, seat: int, level: Level, seed: int = 7, budget: Budget = SMALL) -> Any:
    """The computer's move for ``seat`` at ``level``, from that seat's view only."""
    return ENGINE.choose(
        ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), Rng.from_seed(seed), level, budget
    )


def play_out(players: int, seed: int, seats: tuple[str, ...]) -> list[FortBoyardState]:
    """A whole game, each seat "random" or a computer at a level; every state on the way. Each
    computer move is checked to be legal."""
    state = ENGINE.new_game(players, ENGINE.make_options({"language": ("fr", "en")[seed % 2]}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    for _ in range(5000):
        if ENGINE.is_over(state):
            return states
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        if seats[seat] == "random":
            action = rng.choice(legal)
        else:
            action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, seats[seat], SMALL)  # type: ignore[arg-type]
            assert action in legal, f"{seats[seat]} chose {action!r}, not legal in phase {state.phase}"
        state = ENGINE.apply(state, seat, action).state
        states.append(state)
    raise AssertionError("the game did not end")


@cache
def sampled() -> list[tuple[FortBoyardState, int]]:
    """States where a seat is to act, from games of every level, a few of each phase."""
    out: list[tuple[FortBoyardState, int]] = []
    per_phase: dict[str, int] = {}
    tables = [
        (2, ("strong", "normal")),
        (3, ("easy", "random", "strong")),
        (2, ("random", "easy")),
        (4, ("normal", "strong", "random", "easy")),
    ]
    for seed in range(8):
        players, seats = tables[seed % len(tables)]
        for state in play_out(players, 100 + seed, seats):
            for seat in sorted(ENGINE.to_act(state)):
                if per_phase.get(state.phase, 0) < 25 and len(ENGINE.legal_actions(state, seat)) > 1:
                    per_phase[state.phase] = per_phase.get(state.phase, 0) + 1
                    out.append((state, seat))
    return out


def hidden_twin(state: FortBoyardState, seat: int, rng: Rng) -> FortBoyardState:
    """The same game as ``seat`` sees it, all it cannot see changed: the others' code words
    (dealt anew from the cards it does not hold) and chosen levels, every diver's stake, the
    decks' order, the generator, and in a running trial its answer, the red light's wait and
    the other duellist's sign."""
    twin = state.model_copy(deep=True)
    words = [card.id for card in deck(state.options.language).words if card.id != state.players[seat].word]
    rng.shuffle(words)
    for other, player in enumerate(twin.players):
        if other != seat:
            player.word = words.pop()
            player.level = {"easy": "hard", "hard": "easy", None: None}[player.level]
        if player.sea is not None:
            player.dive_for = "clue" if player.dive_for == "key" else "key"
    for cards in twin.decks.values():
        rng.shuffle(cards)
    twin.rng = Rng.from_seed(rng.next_u64())
    progress = twin.trial
    if progress is not None:
        if progress.trial.kind in ("riddle", "quickfire"):
            progress.trial = progress.trial.model_copy(update={"answer": "zzzz", "variants": []})
        progress.wait = 9 - progress.wait
        progress.choices = {
            s: SIGNS[(SIGNS.index(sign) + 1) % 4] if s != seat else sign for s, sign in progress.choices.items()
        }
    return twin


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "000_87ffa476ebfbb1f2.txt", minimum=6)


def test_every_level_is_offered() -> None:
    """The lobby offers exactly the levels the engine has: all three."""
    assert ENGINE.levels == LEVELS == ("easy", "normal", "strong")


# =============================================================================
# The computer never peeks; same seed, same move; only legal moves
# =============================================================================


@pytest.mark.parametrize("level", LEVELS)
def test_what_the_view_hides_never_changes_a_move(level: Level) -> None:
    """For states sampled from games of every level: changing what the seat's view does not show
    leaves its view and its legal moves alike, and its move the same, at every level (same
    seed, same budget in iterations, no clock)."""
    rng = Rng.from_seed(3)
    checked = searched = 0
    for state, seat in sampled():
        if state.phase == "over":
            continue
        twin = hidden_twin(state, seat, rng)
        assert twin != state
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert ENGINE.legal_actions(twin, seat) == ENGINE.legal_actions(state, seat)
        assert decide(twin, seat, level) == decide(state, seat, level), (state.phase, seat)
        checked += 1
        searched += state.phase in strong.SEARCHED
    assert checked >= 100 and searched >= 60


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_budget_same_move(level: Level) -> None:
    """Asked twice with the same seed and budget, a computer makes the same move."""
    for state, seat in sampled()[::2]:
        for seed in (1, 2):
            assert decide(state, seat, level, seed) == decide(state, seat, level, seed)


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (2, ("easy", "normal")),
        (2, ("strong", "random")),
        (3, ("strong", "easy", "normal")),
        (4, ("random", "strong", "strong", "easy")),
        (5, ("normal", "easy", "strong", "random", "normal")),
    ],
)
def test_every_level_plays_legal_moves_to_the_end(players: int, seats: tuple[str, ...]) -> None:
    """Whole games where computers of every level (and random players) sit together: each move
    a computer chooses is legal, and the game ends with a winner or a tie."""
    for seed in range(3):
        states = play_out(players, seed, seats)
        assert ENGINE.outcome(states[-1]) is not None


def test_the_search_samples_states_its_view_allows() -> None:
    """The strong player's samples show the seat the very view it has, hold its own code word
    once a clue names it (the box's card whose clues begin with its own), and deal the others
    words it does not hold; the moves weighed are legal ones; each seat's chances are in [0, 1]
    and add up to 1."""
    rng = Rng.from_seed(5)
    for state, seat in sampled():
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, rng)
        if state.phase in ("trial", "over"):
            assert sample is None
            continue
        assert sample is not None
        assert ENGINE.view(sample, seat) == view
        assert ENGINE.legal_actions(sample, seat) == ENGINE.legal_actions(state, seat)
        if view.clues:
            assert sample.players[seat].word == state.players[seat].word
        words = [p.word for p in sample.players]
        assert len(set(words)) == len(words)
        legal = ENGINE.legal_actions(sample, seat)
        assert all(action in legal for action in ENGINE.search_actions(sample, seat))
        chances = ENGINE.evaluate(sample)
        assert all(0 <= c <= 1 for c in chances) and sum(chances) == pytest.approx(1)


def test_a_clock_that_stops_at_once_still_gives_a_legal_move() -> None:
    """A strong computer whose time is up from the start still returns one of its legal moves."""
    for state, seat in sampled():
        if state.phase in strong.SEARCHED:
            legal = ENGINE.legal_actions(state, seat)
            move = ENGINE.choose(
                ENGINE.view(state, seat), legal, Rng.from_seed(1), "strong", Budget(2000, lambda: True)
            )
            assert move in legal


# =============================================================================
# Trials at the level's rate
# =============================================================================


def test_attempts_carry_the_level_and_are_for_computers_only() -> None:
    """Each level's attempt has its own token, read back as itself; the normal one keeps the
    token "try"; a person may play none of them."""
    assert [a.token() for a in ATTEMPTS] == ["try", "try-easy", "try-strong"]
    assert Attempt() == Attempt(skill="normal")
    for attempt in ATTEMPTS:
        assert parse_action(attempt.token()) == attempt
        assert ENGINE.human_may_play(attempt) is False


def test_a_trial_is_won_at_the_rate_of_the_computers_level() -> None:
    """« Si vous réussissez, bravo, vous gagnez une Clé ! »
    Checks: the table's rates shifted by the level (SKILL_SHIFT), within 0-100: by default 35, 60
    and 85 % of concentration trials; over 600 games an attempt at each level is won about that
    often."""
    assert [Rates().at("concentration", level) for level in LEVELS] == [35, 60, 85]
    assert Rates(enigme=10).at("enigme", "easy") == 0 and Rates(force=90).at("force", "strong") == 100
    assert SKILL_SHIFT["normal"] == 0
    for level, rate in zip(LEVELS, (35, 60, 85)):
        won = 0
        for seed in range(600):
            state = ENGINE.new_game(2, ENGINE.make_options({"side": "red"}), seed)
            state.players[0].cell, state.current, state.phase = 1, 0, "trial"
            state.trial = trials.begin("concentration", "test", COUNT, [0], "key")
            events = ENGINE.apply(state, 0, Attempt(skill=level)).events
            won += next(e for e in events if isinstance(e, TrialEnded)).success
        assert abs(won / 6 - rate) < 6, (level, won)


def _round_2(clues: int, keys: list[int]) -> FortBoyardState:
    state = ENGINE.new_game(len(keys), ENGINE.make_options({"side": "red"}), 3)
    state.round, state.third_key = 2, 0
    for player, held in zip(state.players, keys):
        player.level, player.clues, player.keys = "easy", clues, held
    return state


def test_no_fourth_clue_without_a_key() -> None:
    """« Si vous n'avez aucune Clé devant vous, vous ne pouvez pas accéder au Trésor du Fort »
    Checks: with three clues and no key, a normal or strong computer lets the clock run out on
    a trial played for a clue (winning it would end the round with the treasure room shut to
    it); a beginner attempts it; played for a key, all attempt it."""
    state = _round_2(3, [0, 2])
    state.players[0].cell, state.current, state.phase = 1, 0, "trial"
    state.trial = trials.begin("concentration", "test", COUNT, [0], "clue")
    assert decide(state, 0, "normal") == decide(state, 0, "strong") == TimeUp()
    assert decide(state, 0, "easy") == Attempt(skill="easy")
    state.trial = trials.begin("concentration", "test", COUNT, [0], "key")
    assert [decide(state, 0, level) for level in LEVELS] == [Attempt(skill=level) for level in LEVELS]


# =============================================================================
# Duels played: signs and nim
# =============================================================================


def _duel(trial: Any) -> FortBoyardState:
    state = ENGINE.new_game(2, ENGINE.make_options({"side": "red"}), 4)
    state.players[0].cell, state.current, state.phase, state.opponent = 3, 0, "trial", 1
    state.trial = trials.begin("duel", "test", trial, [0, 1], "key")
    return state


def test_the_stone_is_shown_by_beginners_only() -> None:
    """« Piochez une carte DUEL, lisez-la à voix haute et faites tous les deux l'épreuve demandée. »
    Checks: the well beats all the stone beats and more, so normal and strong computers never
    show the stone, and show each of paper, scissors and well; a beginner shows all four."""
    state = _duel(Spsw(kind="spsw", wins=1))
    for level, expected in (("easy", set(SIGNS)), ("normal", set(bots.SIGNS_SHOWN)), ("strong", set(bots.SIGNS_SHOWN))):
        shown = {decide(state, 0, level, seed).sign for seed in range(60)}  # type: ignore[arg-type]
        assert shown == expected, level
    assert all(isinstance(decide(state, 1, level), Show) for level in LEVELS)


def test_a_strong_computer_plays_nim_well() -> None:
    """« faites tous les deux l'épreuve demandée »
    Checks: whoever takes the last stick loses; from 11 sticks, taking 1 to 3, the strong
    computer always leaves a multiple of four plus one (it takes 2); the beginner does not
    always."""
    state = _duel(Nim(kind="nim", sticks=11, most=3))
    assert {decide(state, 0, "strong", seed) for seed in range(30)} == {Take(count=2)}
    assert len({decide(state, 0, "easy", seed) for seed in range(30)}) > 1


# =============================================================================
# The code word and the round-2 choices
# =============================================================================


def test_the_code_word_comes_from_the_seats_own_clues() -> None:
    """« utilisez les Indices qui vous ont été donnés »
    Checks: in round 3, a strong computer holding its four clues proposes its own code word,
    always; with one clue it often does not; a beginner with four clues misses now and then."""
    state = _round_2(4, [2, 2])
    state.round, state.phase, state.current, state.order, state.fourth_clue = 3, "guess", 0, [0, 1], 0
    own = deck("fr").word_card(state.players[0].word or "").easy.word
    assert {decide(state, 0, "strong", seed) for seed in range(40)} == {Answer(text=own)}
    assert sum(decide(state, 0, "easy", seed) == Answer(text=own) for seed in range(200)) < 195
    state.players[0].clues = 1
    assert sum(decide(state, 0, "strong", seed) == Answer(text=own) for seed in range(200)) < 150


def test_every_level_but_the_beginner_takes_the_easy_code_word() -> None:
    """« il y a 2 niveaux de difficulté sur les cartes Indices/Mots-Codes »
    Checks: a hard word is read less well and brings nothing more: normal and strong computers
    choose the easy one; a beginner picks either."""
    state = ENGINE.new_game(2, ENGINE.make_options({}), 6)
    state.round, state.phase, state.third_key, state.players[0].keys = 2, "level", 0, 3
    for level in ("normal", "strong"):
        assert decide(state, 1, level, budget=Budget(200)) == ChooseLevel(level="easy")
    assert {decide(state, 1, "easy", seed) for seed in range(30)} == {
        ChooseLevel(level="easy"),
        ChooseLevel(level="hard"),
    }


def test_without_a_key_the_stake_is_a_key() -> None:
    """« ne négligez pas les Clés ! »
    Checks: in round 2, a computer without a key announces a key before its riddle, normal or
    strong (without one, the treasure room stays shut)."""
    state = _round_2(2, [0, 3])
    state.players[0].cell, state.current, state.phase = 4, 0, "stake"
    for level in ("normal", "strong"):
        assert decide(state, 0, level, budget=Budget(300)) == Announce(stake="key")
