"""Fireship in words (``describe``): the picture's text alternative and the Describe
button's answer. Every phase the public sees is described in both languages, within the
alt text's size; a known position's facts are all there (every piece and its cell, the
islands' flags, the white boats, the cells the steered piece reaches, the open attacks);
nothing secret changes a word."""

import pytest

from bench.pictures import play
from bot.storage import SessionRecord
from bot.ui.game_ui import ALT_SIZE, alt_text
from cogs.fireship.board import FireshipUI
from cogs.fireship.names import dot
from games.core import Rng
from games.fireship import ENGINE
from games.fireship.board import label
from games.fireship.models import Attack, FireshipState, Select
from tests.games.contract_hooks import PERTURBATIONS
from tests.games.test_fireship_rules import build
from tests.records import running

UI = FireshipUI()
NAMES = ("ann", "bob", "cat", "dan")
PUBLIC_PHASES = {"roll", "move", "steer", "act", "pick", "over"}  # a reaction window is never public


def table(seats: int) -> SessionRecord:
    return running("fireship", NAMES[:seats], id=7)


@pytest.fixture(scope="module")
def games() -> list[list[FireshipState]]:
    return [play(ENGINE, seed, seats) for seed, seats in ((0, 2), (1, 3), (2, 4))]


def test_every_phase_is_described_in_both_languages(games: list[list[FireshipState]]) -> None:
    seen = set()
    for states in games:
        record = table(states[0].seats)
        for state in states[::2] + [states[-1]]:
            view = ENGINE.view(ENGINE.seen_by(state, None), None)
            for lang in ("fr", "en"):
                lines = UI.describe(record, state, lang)
                text = "\n".join(lines)
                assert all(line.strip() for line in lines)
                assert "fireship." not in text and "{" not in text  # no key, no placeholder left
                for piece in view.pieces:  # every piece on the map, by its cell
                    assert label(piece.cell) in text
                for seat in range(view.seats):
                    assert f"{NAMES[seat]} · " in text
                alt = alt_text(lines)
                assert alt is not None and alt.startswith(lines[0]) and len(alt) <= ALT_SIZE
            seen.add(view.phase)
    assert seen == PUBLIC_PHASES


def test_a_known_position_is_told_whole() -> None:
    # Ann has a boat at home and a plane on C5 next to island 1 (hers); Bob a boat on E4,
    # by that island; a white boat guards island 2 on its green dot J6.
    state = build(
        [(0, "boat", "A1"), (0, "plane", "D5"), (1, "boat", "E4"), (None, "boat", "J6")],
        phase="act",
        islands={1: 0},
        badges={1: ["boum"]},
        deck=["non", "fog"],
    )
    lines = UI.describe(table(2), state, "en")
    assert lines[0] == "⚔️ 🔵 ann: attack, use a special cell, or end the turn."
    assert lines[1] == "Round 1, no round limit."
    home = label(ENGINE.home(state, 1))
    assert lines[2] == "🔵 ann · home A1 · 🏝️ 1 island · ⛵ 1 boat: A1 · ✈️ 1 plane: D5"
    assert lines[3].startswith(f"🟢 bob · home {home} · 🏝️ 0 islands · ⛵ 1 boat: E4 · badges: 💣 Boom")
    assert lines[4].startswith("🏝️ Islands (their green dot is the cell below): 1 E5 🔵 ann · 2 J5 ⚪ white flag")
    assert "⚪ 1 white boat: J6" in lines
    attacks = next(line for line in lines if line.startswith("⚔️ Possible attacks: "))
    assert "✈️ Plane D5 → 🟢 ⛵ Boat E4" in attacks
    assert "🃏 2 mystery cards left in the deck." in lines
    assert (
        "Special cells: ⚓ battleship J1, A10, S10, J19 · 🎡 wheel G7, M7, G13, M13 · ❓ mystery card J3, C10, Q10, J17"
        in lines
    )
    french = UI.describe(table(2), state, "fr")
    assert "🔵 ann · carré A1 · 🏝️ 1 île · ⛵ 1 bateau : A1 · ✈️ 1 avion : D5" in french
    assert "⚪ 1 bateau blanc : J6" in french and "🃏 2 cartes mystère restent dans la pioche." in french


def test_the_cells_a_steered_piece_reaches_are_listed_by_cost() -> None:
    state = build([(0, "boat", "A1"), (0, "boat", "C3")], phase="move", points=2)
    state = ENGINE.apply(state, 0, Select(piece=1)).state
    lines = UI.describe(table(2), state, "en")
    assert lines[0].startswith("🧭 🔵 ann moves 🔵 ⛵ Boat C3: 2 points left.")
    assert "🧭 🔵 ⛵ Boat C3 can reach: 1 point: C2, B3, D3, C4 · 2 points: C1, B2, D2, A3, E3, B4, D4, C5" in lines
    french = UI.describe(table(2), state, "fr")
    assert (
        "🧭 🔵 ⛵ Bateau C3 peut atteindre : 1 point : C2, B3, D3, C4 · 2 points : C1, B2, D2, A3, E3, B4, D4, C5"
        in french
    )


def test_nothing_secret_changes_a_word(games: list[list[FireshipState]]) -> None:
    """Kept cards dealt anew, the deck in another order, a reaction window moved or gone:
    the contract suite's perturbations of what the public cannot see leave the words as they were."""
    rng = Rng.from_seed(5)
    changed = set()
    for states in games:
        record = table(states[0].seats)
        for state in states[::5] + [s for s in states if s.phase == "react"]:
            twin, parts = PERTURBATIONS["fireship"](state, None, rng)
            changed.update(parts)
            for lang in ("fr", "en"):
                assert UI.describe(record, twin, lang) == UI.describe(record, state, lang), parts
    assert {"hands", "deck", "window"} <= changed


def test_a_secret_window_and_an_unseen_card_leave_the_picture_as_it_was() -> None:
    """The board is not uploaded again when its picture did not change: an attack on a player
    holding a No opens a secret window (the table still shows the attack not made), and an
    Updraft played before the roll changes nothing drawn: the PNG bytes are the same."""
    from cogs.fireship.picture import render
    from games.fireship.models import Attack, Play

    state = build([(0, "plane", "D5"), (1, "boat", "E4")], phase="act", hands={1: ["non"]})
    attacked = ENGINE.apply(state, 0, Attack(leader="0", target="1")).state
    assert attacked.phase == "react"
    assert render(ENGINE.view(attacked, None)) == render(ENGINE.view(state, None))
    assert UI.describe(table(2), attacked, "en") == UI.describe(table(2), state, "en")

    ready = build([(0, "plane", "D5"), (1, "boat", "E4")], phase="roll", hands={0: ["updraft"]})
    played = ENGINE.apply(ready, 0, Play(card="updraft")).state
    assert played.hands[0] == [] and ENGINE.view(played, None) != ENGINE.view(ready, None)
    assert render(ENGINE.view(played, None)) == render(ENGINE.view(ready, None))


def test_a_game_stopped_by_its_rounds_names_its_last_round() -> None:
    """« Conquérir le maximum d'îles en un temps imparti »: a game of 2 rounds ends after the
    second, and its board and description say round 2 of 2, not the third that never began."""
    state = ENGINE.new_game(2, ENGINE.make_options({"rounds": 2}), 5)
    rng = Rng.from_seed(5)
    while not ENGINE.is_over(state):
        seat = min(ENGINE.to_act(state))
        state = ENGINE.apply(
            state, seat, ENGINE.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        ).state
    assert state.round == 3 and ENGINE.outcome(state) is not None
    record = table(2)
    for lang, said in (("fr", "Tour 2 sur 2."), ("en", "Round 2 of 2.")):
        embed = UI.board(record, state, lang)[0].embed
        title = embed.title if embed else None
        assert title is not None and title.endswith("2/2")
        assert said in UI.describe(record, state, lang)


def test_an_attack_is_told_as_it_stood_then() -> None:
    """The latest moves are written after the attack: a boat sunk since is named where it
    was, an island taken since keeps the colour it had."""
    record = table(2)
    state = build([(0, "boat", "D5"), (1, "boat", "E6")])
    _after, events = ENGINE.apply(state, 0, Attack(leader="0", target="1"))
    (attacked,) = [e for e in events if e.kind == "attacked"]
    sunk = ENGINE.view(build([(0, "boat", "D5")], islands={1: 0}), None)  # the boat gone, island 1 taken
    told = UI.narrate(record, sunk, attacked.model_dump(), "en")
    assert told is not None and f"⛵ Boat D5 → {dot(sunk, 1)} ⛵ Boat E6" in told and "no longer" not in told
    white = {**attacked.model_dump(), "target": "i1", "defender": None}  # island 1 was white then
    island = UI.narrate(record, sunk, white, "fr")
    assert island is not None and "⚪ 🏝️ Île 1 (E5)" in island
    old = {k: v for k, v in attacked.model_dump().items() if not k.endswith(("_kind", "_cell"))}
    told = UI.narrate(record, sunk, old, "en")  # an event stored before the pieces were kept in it
    assert told is not None and "a piece no longer on the map" in told


def test_boats_sharing_a_home_are_counted_and_a_finished_game_promises_no_next_turn() -> None:
    """« Deep Hole Bermuda : le joueur passe son prochain tour » — once the game is over there is no
    next turn to miss: neither the board nor its description says so. Three boats at home are
    « A1 ×3 », not « A1, A1, A1 »."""
    pieces = [(0, "boat", "A1"), (0, "boat", "A1"), (0, "boat", "A1"), (1, "boat", "E4")]
    running = build(pieces, phase="act", skip=[True, False])
    over = build(pieces, phase="over", skip=[True, False])
    record = table(2)
    assert (
        UI.describe(record, running, "en")[2]
        == "🔵 ann · home A1 · 🏝️ 0 islands · ⛵ 3 boats: A1 ×3 · 🕳️ misses the next turn"
    )
    assert UI.describe(record, over, "fr")[2] == "🔵 ann · carré A1 · 🏝️ 0 île · ⛵ 3 bateaux\xa0: A1 ×3"
    for lang, skip in (("en", "misses the next turn"), ("fr", "passe son prochain tour")):
        assert skip in "\n".join(UI.describe(record, running, lang))
        assert skip in str(UI.board(record, running, lang)[0].embed.to_dict())
        assert skip not in "\n".join(UI.describe(record, over, lang))
        assert skip not in str(
            UI.board(record.model_copy(update={"status": "finished"}), over, lang)[0].embed.to_dict()
        )
