"""Le labyrinthe secret in words (``describe``): the picture's text alternative and the
Describe button's answer. Every phase is described in both languages, within the alt
text's size; a known position's facts are all there (every pawn, the sought treasure,
the rings, the open passages cell by cell); nothing hidden changes a word; a secret
choice leaves the picture byte for byte as it was."""

import re

import pytest

from bench.pictures import play
from bot.storage import SessionRecord
from bot.ui.game_ui import ALT_SIZE, alt_text
from cogs.labyrinthe.board import LabyrintheUI
from cogs.labyrinthe.picture import render
from games.core import Rng
from games.labyrinthe import ENGINE, maze
from games.labyrinthe.models import Choose, LabyrintheState, Phase
from tests.games.contract_hooks import PERTURBATIONS
from tests.games.test_labyrinthe_rules import build
from tests.records import running

UI = LabyrintheUI()
NAMES = ("ann", "bob", "cat", "dan")
SEEDS = ((0, 2), (2, 4), (4, 3))  # (seed, seats) of computer play-outs; more are tried until every phase shows


def table(seats: int) -> SessionRecord:
    return running("labyrinthe", NAMES[:seats], id=7)


@pytest.fixture(scope="module")
def games() -> list[list[LabyrintheState]]:
    """Play-outs that together reach every phase."""
    wanted, played = set(Phase.__args__), []
    for seed, seats in [*SEEDS, *((s, 2 + s % 3) for s in range(10, 40))]:
        played.append(play(ENGINE, seed, seats))
        wanted -= {state.phase for state in played[-1]}
        if not wanted and len(played) >= len(SEEDS):
            return played
    raise AssertionError(f"no play-out reaches {wanted}")


def test_every_phase_is_described_in_both_languages(games: list[list[LabyrintheState]]) -> None:
    seen = set()
    for states in games:
        record = table(states[0].seats)
        for state in states:
            view = ENGINE.view(state, None)
            for lang in ("fr", "en"):
                lines = UI.describe(record, state, lang)
                text = "\n".join(lines)
                assert all(line.strip() for line in lines)
                assert "labyrinthe." not in text and "{" not in text  # no key, no placeholder left
                for seat, where in enumerate(view.pawns):  # every pawn, and where it stands
                    assert f"{NAMES[seat]} " in text and (where is None or maze.label(where) in text)
                alt = alt_text(lines)
                assert alt is not None and alt.startswith(lines[0]) and len(alt) <= ALT_SIZE
            seen.add(state.phase)
    assert seen == set(Phase.__args__)


def test_a_known_position_is_told_whole() -> None:
    # Ann (F1) is to make her second change after turning the outer corridor one notch; Bob
    # stands on C5; Cat has left. The Bell (treasure 13, printed on E's first cell) is sought:
    # with E turned one notch it stands on E2. Ann holds the Sword, Bob the Crown and the Gem,
    # in closed boxes. At this rotation F1 opens on F2 and F12 only (F1's inner side is open,
    # but E's piece now facing it is walled outside), and B3 has no open side.
    rotation = maze.turn(maze.START, maze.OUTER, 1)
    state = build(
        ["F1", "C5", "F7"],
        boxes=[[3], [0, 5], []],
        target=12,
        phase="change",
        changes=["ocw"],
        rotation=rotation,
        resigned=[False, False, True],
    )
    state = state.model_copy(update={"pawns": [*state.pawns[:2], None]})
    lines = UI.describe(table(3), state, "en")
    reach = sorted(maze.reachable((5, 0), rotation) - {(5, 0)})
    assert lines[:6] == [
        "ann: make 1 more path change.",
        "Sought treasure: 🔔 13 Bell, on E2; 14 more in the bag.",
        "🔴 ann on F1",
        "🔵 bob on C5",
        "🟢 cat · left the game",
        f"From F1, ann can reach: {', '.join(maze.label(c) for c in reach)}. The sought treasure (E2) is within reach.",
    ]
    assert (4, 1) in reach
    text = "\n".join(lines)
    assert "🔔 13 Bell (sought treasure) on E2" in text
    assert "Already collected (3): 👑 1 Crown, 🗡️ 4 Sword, 💎 6 Gem." in text
    assert "👑 1 Crown on" not in text  # a collected treasure is no longer on the board
    assert "Turning rings, clockwise from their starting position: A by 0/4 of a turn, C by 0/12, E by 1/12." in text
    assert "Start chambers: 🔴 F1, 🔵 F4, 🟢 F7." in text
    assert "F: F1 → F2, F12 · " in text and " · B3 → none · " in text
    links = maze.paths(rotation)  # every cell's passages, each named from both ends
    for cell, found in links.items():
        told = re.search(rf"(?:^|· |: ){maze.label(cell)} → ([^·\n]+)", text)
        assert told and told[1].strip() == (", ".join(maze.label(c) for c in sorted(found)) or "none"), cell
    french = "\n".join(UI.describe(table(3), state, "fr"))
    assert "Trésor cherché : 🔔 13 Cloche, en E2 ; encore 14 dans le sac." in french
    assert "🔵 bob en C5" in french and "F : F1 → F2, F12 · " in french and "B3 → aucune" in french
    assert "Déjà ramassés (3) : 👑 1 Couronne, 🗡️ 4 Épée, 💎 6 Joyau." in french


def test_open_boxes_and_a_duel_are_told() -> None:
    from games.labyrinthe.models import Duel

    duel = Duel(challenger=0, defender=1, for_target=False, stake=3, die=3)
    state = build(["B9", "B9"], boxes=[[3], [2, 5]], phase="choose", duel=duel, open_boxes=True)
    lines = UI.describe(table(2), state, "en")
    assert "🔴 ann on B9 · 1 treasure: 🗡️ 4 Sword" in lines
    assert "🔵 bob on B9 · 2 treasures: 🗝️ 3 Key, 💎 6 Gem" in lines
    assert "⚔️ Duel: ann against bob; stake: 3 treasures (the die showed 3)." in lines
    assert lines[0].startswith("⚔️ ann against bob, round 1") and lines[0].endswith("Waiting for: ann, bob")
    french = UI.describe(table(2), state, "fr")
    assert "⚔️ Duel d'ann contre bob ; mise : 3 trésors (le dé a fait 3)." in french
    assert "🔴 ann en B9 · 1 trésor : 🗡️ 4 Épée" in french


def test_nothing_hidden_changes_a_word(games: list[list[LabyrintheState]]) -> None:
    """The bag's order, closed boxes dealt anew, a duellist's secret sign: the contract
    suite's perturbations of what the public cannot see leave the description as it was."""
    rng = Rng.from_seed(5)
    changed = set()
    for states in games:
        record = table(states[0].seats)
        for state in states[::3]:
            twin, parts = PERTURBATIONS["labyrinthe"](state, None, rng)
            changed.update(parts)
            for lang in ("fr", "en"):
                assert UI.describe(record, twin, lang) == UI.describe(record, state, lang), parts
    assert {"bag", "boxes"} <= changed


def test_a_secret_sign_leaves_the_picture_as_it_was(games: list[list[LabyrintheState]]) -> None:
    """The board is not uploaded again when its picture did not change: a duellist's choice
    changes no pixel (its bytes are the same)."""
    state = next(s for states in games for s in states if s.phase == "choose" and not s.duel.choices)
    seat = state.duel.challenger
    after = ENGINE.apply(state, seat, Choose(sign="rock", round=state.duel.round)).state
    assert after.duel.choices and ENGINE.view(after, None) != ENGINE.view(state, None)  # the view says one chose
    assert render(ENGINE.view(after, None)) == render(ENGINE.view(state, None))


def test_a_finished_game_seeks_no_treasure_and_says_so(games: list[list[LabyrintheState]]) -> None:
    """At the end nothing is sought, whatever is left in the bag: the words say the game is
    over, not that the bag is empty."""
    last = games[0][-1]
    view = ENGINE.view(last, None)
    assert view.outcome is not None and view.target is None
    record = table(last.seats)
    for lang, over, empty in (
        ("fr", "la partie est terminée", "le sac est vide"),
        ("en", "the game is over", "bag is empty"),
    ):
        text = "\n".join(UI.describe(record, last, lang))
        assert over in text and empty not in text
