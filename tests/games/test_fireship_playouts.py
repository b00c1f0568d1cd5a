"""Fireship played to the end many times, and the secret reaction windows met on the way.

Play-outs: random and computer players, 2 to 4 seats, whole games (a few rounds) and
crowded endgames (few pieces, some on special cells, a deck of losses and kept cards,
hands holding "Non" and "+1"), so that pieces are lost from the wheel and the cards and
players leave the board. Every game must end properly.

Windows: every state where the engine waits for a player to answer an action with a
secret card, from those play-outs and from positions built for it. The house rule
« reactions » offers the window only to players who hold "Non" or "+1", so nobody else
may learn that it exists: they see the table as it was before the action that opened it,
hear nothing until it closes, and when everyone asked lets it pass, the table is told
exactly what it would have been told had nobody held a card.
"""

from collections import Counter
from dataclasses import dataclass
from functools import cache

from games.core import Event, NotYourTurn, Rng
from games.fireship import ENGINE
from games.fireship.board import HOMES, SIZE, SPECIAL_CELLS, is_sea, label
from games.fireship.engine import StillPlaying
from games.fireship.models import Accept, Attack, EndTurn, FireshipAction, FireshipState, Play, Rise, Use
from tests.games.test_fireship_rules import at, build, face_seed, spin_seed, wheel_state

MAX_STEPS = 20_000
REACTIONS = ("non", "plus_one")


@dataclass
class Window:
    """A state with a secret window open, and how it came: ``before`` is the last state
    the table saw, where ``seat`` played ``action``; ``first``: the action opened it."""

    before: FireshipState
    seat: int
    action: FireshipAction
    state: FireshipState
    first: bool


def crowded(seats: int, seed: int) -> FireshipState:
    """An endgame: one or two pieces a seat (mostly boats, mostly on special cells) and two
    white boats, hands of kept cards rich in "Non" and "+1", a short deck mostly of losses."""
    rng = Rng.from_seed(seed)
    specials, taken = sorted(SPECIAL_CELLS), set()
    pieces = []
    for owner in [*range(seats), None, None]:
        for _ in range(1 + rng.below(2 if owner is not None else 1)):
            cell = (0, 0)
            while not is_sea(cell) or cell in taken or cell in HOMES:
                cell = specials[rng.below(len(specials))] if rng.below(4) else (rng.below(SIZE), rng.below(SIZE))
            taken.add(cell)
            kind = "boat" if owner is None else ("boat", "boat", "boat", "plane", "battleship")[rng.below(5)]
            pieces.append((owner, kind, label(cell)))
    kept = ["non", "plus_one", "non", "plus_one", "boum", "fog", "whirlpool", "updraft"]
    hands = {s: [kept[rng.below(len(kept))] for _ in range(rng.below(4))] for s in range(seats)}
    drawn = ["lose_boat", "lose_boat", "lose_plane", "wheel", "wheel", "bermuda", "non", "boum", "whirlpool"]
    deck = [drawn[rng.below(len(drawn))] for _ in range(12)]
    return build(
        pieces, seats=seats, hands=hands, deck=deck, rounds=5, seed=seed, phase="roll", current=rng.below(seats)
    )


def play(state: FireshipState, seed: int, computer: bool) -> tuple[FireshipState, list[list[Event]], list[Window]]:
    """Plays to the end: every step's events, and the windows met."""
    rng = Rng.from_seed(seed)
    steps: list[list[Event]] = []
    windows: list[Window] = []
    seen, opener = state, None
    for _ in range(MAX_STEPS):
        acting = ENGINE.to_act(state)
        if not acting:
            return state, steps, windows
        (seat,) = acting
        legal = ENGINE.legal_actions(state, seat)
        if computer:
            action = ENGINE.choose(ENGINE.view(state, seat), legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        if state.phase != "react":
            seen, opener = state, (seat, action)
        after, events = ENGINE.apply(state, seat, action)
        if after.phase == "react":
            assert opener is not None
            windows.append(Window(seen, *opener, after, first=state.phase != "react"))
        steps.append(events)
        state = after
    raise AssertionError(f"no end after {MAX_STEPS} steps")


GAMES = [(seats, seed, computer) for seats in (2, 3, 4) for computer in (False, True) for seed in range(2)]
ENDGAMES = [(seats, seed, computer) for seats in (2, 3, 4) for computer in (False, True) for seed in range(8)]


@cache
def played() -> list[tuple[FireshipState, list[list[Event]], list[Window]]]:
    games = [play(ENGINE.new_game(s, ENGINE.make_options({"rounds": 4}), seed), seed, c) for s, seed, c in GAMES]
    return games + [play(crowded(s, seed), seed, c) for s, seed, c in ENDGAMES]


def test_every_game_ends_with_a_winner() -> None:
    """« Être le dernier joueur sur le plateau. » / « Conquérir toutes les îles / le maximum en
    un temps imparti. » Every play-out ends: nobody to act, no action or choice pending, an
    outcome whose winners are still on the board (or sank together last) and whose ranking
    places every seat once; the end was told once, in the last step."""
    reasons = Counter()
    for final, steps, _ in played():
        assert ENGINE.to_act(final) == frozenset() and final.phase == "over"
        assert final.pending is None and final.pick is None and final.shown is None and final.held == []
        outcome = ENGINE.outcome(final)
        assert outcome is not None and outcome.winners == sorted(final.winners) and outcome.winners
        assert sorted(s for group in outcome.ranking for s in group) == list(range(final.seats))
        assert all(not final.out[s] for s in outcome.winners) or outcome.reason == "last"
        ended = [e for events in steps for e in events if e.kind == "ended"]
        assert len(ended) == 1 and ended[0] in steps[-1]
        reasons[outcome.reason] += 1
    assert reasons["last"] and reasons["rounds"]  # both ways of ending are met


# =============================================================================
# Secret reaction windows
# =============================================================================


def answered(state: FireshipState) -> FireshipState:
    """The seat asked plays its first answer card (the other side may be asked back)."""
    (seat,) = ENGINE.to_act(state)
    return ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1]).state


def built() -> list[tuple[FireshipState, int, FireshipAction]]:
    """Positions where an action opens a window: an attack against "Non" or "+1" (either side
    holding both), Boum, a Kraken from the wheel and from a card, a Tourbillon's strike at the
    start of a turn (after the turn of the player before), a Kraken hitting two players."""
    openers = []
    for hands in (
        {1: ["non"]},
        {1: ["plus_one"]},
        {0: ["non"], 1: ["plus_one"]},
        {0: ["non", "plus_one"], 1: ["non", "plus_one"]},
    ):
        attack = build(
            [(0, "boat", "J8"), (0, "boat", "I8"), (1, "plane", "K8"), (1, "boat", "R18")],
            hands=hands,
            seed=face_seed(0),
        )
        openers.append((attack, 0, Attack(leader="0", target="2")))
    plus = build([(0, "boat", "J8"), (1, "boat", "K8"), (1, "boat", "R18")], hands={0: ["plus_one"], 1: ["non"]})
    openers.append((plus, 0, Attack(leader="0", target="1", plus=True)))
    boum = build([(0, "boat", "A1"), (1, "boat", "R18")], hands={0: ["boum"], 1: ["non"]})
    openers.append((boum, 0, Play(card="boum", at="1")))
    kraken = wheel_state(
        "kraken", pieces=[(0, "boat", "G7"), (1, "boat", "H8"), (1, "boat", "R18")], hands={1: ["non"]}
    )
    openers.append((kraken, 0, Use(piece=0)))
    pieces = [(0, "boat", "G7"), (1, "boat", "H8"), (2, "boat", "F6"), (1, "boat", "R18"), (2, "boat", "B18")]
    three = wheel_state("kraken", pieces=pieces, seats=3, hands={1: ["non"], 2: ["non"]})
    openers.append((three, 0, Use(piece=0)))
    card = build(
        [(0, "boat", "J3"), (1, "boat", "H8"), (1, "boat", "R18")],
        hands={1: ["non"]},
        deck=["wheel"],
        seed=spin_seed("kraken"),
    )
    picking = ENGINE.apply(card, 0, Use(piece=0)).state
    assert picking.pick is not None and picking.pick.kind == "kraken"
    openers.append((picking, 0, Rise(at=at("G7"))))
    whirlpool = build(
        [(1, "boat", "K8"), (0, "plane", "A1"), (1, "boat", "R18")],
        current=1,
        whirlpools=[(0, at("K8"))],
        hands={1: ["non"]},
    )
    openers.append((whirlpool, 1, EndTurn()))
    return openers


@cache
def windows() -> list[Window]:
    """Every window of the play-outs, and of the built positions (answered every way)."""
    found = [w for _, _, met in played() for w in met]
    for before, seat, action in built():
        state = ENGINE.apply(before, seat, action).state
        assert state.phase == "react", action
        found.append(Window(before, seat, action, state, first=True))
        while state.phase == "react" and len(ENGINE.legal_actions(state, next(iter(ENGINE.to_act(state))))) > 1:
            state = answered(state)
            if state.phase == "react":
                found.append(Window(before, seat, action, state, first=False))
    return found


def test_windows_are_met_of_every_kind() -> None:
    """The play-outs and built positions give windows of each action that can open one, some
    asking back the player whose action it is, some opened at the start of a turn."""
    found = windows()
    assert {w.state.pending.kind for w in found} == {"attack", "boum", "kraken", "whirlpool"}
    assert any(w.state.pending.asking == w.state.pending.actor for w in found)
    assert any(w.state.current != w.before.current for w in found)
    assert len([w for _, _, met in played() for w in met]) >= 10


def test_only_the_seat_asked_sees_a_window() -> None:
    """Everyone else (and the public) sees the table exactly as before the action that opened
    it; only their own hand may differ (a card they played meanwhile), and the attacks with
    a "+1" their view offers follow that hand."""
    for window in windows():
        state, before = window.state, window.before
        asked = state.pending.asking
        assert ENGINE.view(state, asked).asked and ENGINE.view(state, asked).phase == "react"
        assert ENGINE.reaction_window(state).seen_as == {before.current}
        for seat in [None, *range(state.seats)]:
            if seat == asked:
                continue
            shown, then = ENGINE.view(state, seat), ENGINE.view(before, seat)
            if seat is None or state.hands[seat] == before.hands[seat]:
                assert shown == then, seat
                continue
            assert not Counter(state.hands[seat]) - Counter(before.hands[seat])  # only cards played
            assert shown.hand == sorted(state.hands[seat])
            keep = {"hand", "attacks"}
            assert shown.model_dump(exclude=keep) == then.model_dump(exclude=keep)
            assert [o for o in shown.attacks if not o.plus] == [o for o in then.attacks if not o.plus]


def test_the_player_shown_to_act_is_told_to_wait() -> None:
    """During a window, whatever the player whose turn everyone sees tries is answered
    "wait" (``StillPlaying``, the text of a busy moment), never "not your turn"; the others
    are told it is not their turn, as before; nothing changes."""
    for window in windows():
        state, before = window.state, window.before
        dump = ENGINE.dump(state)
        for seat in range(state.seats):
            if seat in ENGINE.to_act(state):
                continue
            tries = ENGINE.legal_actions(before, seat)[:3] or [EndTurn()]
            for action in tries:
                try:
                    ENGINE.apply(state, seat, action)
                except NotYourTurn as refusal:
                    shown = seat == before.current
                    assert isinstance(refusal, StillPlaying) == shown
                    assert refusal.key == ("fireship.error.busy" if shown else "error.not_your_turn")
                    assert refusal.params == {}
                else:
                    raise AssertionError(f"seat {seat} played {action} in a window")
        assert ENGINE.dump(state) == dump


def without_answers(state: FireshipState, keep: int) -> FireshipState:
    """``state`` with nobody holding "Non" or "+1", except the "+1" of seat ``keep``."""
    hands = [
        [c for c in hand if c not in REACTIONS or (c == "plus_one" and seat == keep)]
        for seat, hand in enumerate(state.hands)
    ]
    return state.model_copy(update={"hands": hands})


def test_a_window_let_pass_tells_what_no_window_would() -> None:
    """Nothing is told while a window is open; when everyone asked lets it pass, the events
    told at once are exactly those the same action tells when nobody holds an answer (so no
    window opens), and the table then looks the same."""
    checked = 0
    for window in windows():
        if not window.first:
            continue
        state, events = window.state, []
        while state.phase == "react":
            (seat,) = ENGINE.to_act(state)
            assert ENGINE.legal_actions(state, seat)[0] == Accept()
            state, told = ENGINE.apply(state, seat, Accept())
            assert state.phase != "react" or told == []
            events += told
        bare = without_answers(window.before, window.seat)
        if window.action not in ENGINE.legal_actions(bare, window.seat):
            continue  # the action itself needed a card the bare table lacks
        alone, expected = ENGINE.apply(bare, window.seat, window.action)
        if alone.phase == "react":
            continue
        assert events == expected
        assert ENGINE.view(state, None) == ENGINE.view(alone, None)
        checked += 1
    assert checked >= 10


def test_a_player_leaving_during_a_window() -> None:
    """A bystander who leaves while a window is open: the window goes on and the table hears
    of it, in order, when the window closes. The player whose action it was leaves: the action
    is dropped (the table never saw it) and the turn passes. The seat asked leaves: the
    action is settled at once."""
    pieces = [(0, "boat", "J8"), (0, "boat", "I8"), (1, "plane", "K8"), (1, "boat", "R18"), (2, "boat", "B18")]
    start = build(pieces, seats=3, hands={1: ["non"]}, seed=face_seed(0))
    window = ENGINE.apply(start, 0, Attack(leader="0", target="2")).state
    assert ENGINE.to_act(window) == {1}
    bystander, told = ENGINE.resign(window, 2)
    assert told == [] and ENGINE.to_act(bystander) == {1}
    assert ENGINE.view(bystander, None) == ENGINE.view(start, None)
    _closed, told = ENGINE.apply(bystander, 1, Accept())
    assert [e.kind for e in told] == ["attacked", "resigned", "attack_rolled", "destroyed"]
    actor, told = ENGINE.resign(window, 0)
    assert [e.kind for e in told] == ["resigned", "turn_started"]
    assert actor.current == 1 and actor.phase == "roll" and actor.shown is None and actor.held == []
    asked, told = ENGINE.resign(window, 1)
    assert [e.kind for e in told][:3] == ["attacked", "resigned", "attack_rolled"]
    assert asked.phase == "act" and asked.shown is None and ENGINE.to_act(asked) == {0}
