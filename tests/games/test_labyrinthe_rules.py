"""Le labyrinthe secret rule scenarios, each quoting the rule-book sentence it checks.

The rule book is shared/seeds/004_f6b6c5bf25dbd1e0.txt; the house rules are in
shared/HOUSE_RULES.md (Le labyrinthe secret) and ``HOUSE_RULES`` in
games/labyrinthe/engine.py. Every quotation between « and » in a docstring
below is copied verbatim from the rule book; ``test_quotes_are_verbatim``
checks it when the book is at hand.

Scenarios are built exactly by ``build``: pawns are given as position labels
("F11"); at the start rotation every piece cell stands at its own position,
and the rings B, D and F never turn, so most scenarios are played there.
Landmarks at the start rotation: the ring F is a corridor F6-F7-...-F12-F1-F2;
treasure 16 is printed on F11 and treasure 17 on F12; treasure 0 lies in the
centre (A2), out of reach of ring F.
"""

from typing import Any

import pytest

from games.core import Event, GameOver, IllegalAction, MalformedAction, NotYourTurn, Rng, RuleError
from games.labyrinthe import ENGINE, maze
from games.labyrinthe.engine import DIE_FACES, HOUSE_RULES
from games.labyrinthe.models import (
    BagEmpty,
    Bet,
    Challenge,
    Challenged,
    Choose,
    Chose,
    Declined,
    Duel,
    GameEnded,
    Handed,
    HandedTreasures,
    LabyrintheState,
    Move,
    NoDuel,
    Place,
    Placed,
    Resigned,
    Revealed,
    StakeSet,
    Stay,
    Stayed,
    Take,
    TargetDrawn,
    TargetReturned,
    Took,
    Turn,
    Turned,
)
from tests.games.rule_book import check_quotes

TREASURES = len(maze.TREASURE_CELLS)
F11_TREASURE = 16  # printed on F11
F12_TREASURE = 17  # printed on F12
FAR_TREASURE = 0  # printed on A2, out of reach of ring F at the start rotation


# =============================================================================
# Helpers
# =============================================================================


def at(text: str) -> maze.Cell:
    """A position from its label ("F11" -> (5, 10))."""
    pos = maze.parse_label(text)
    assert pos is not None
    return pos


def build(
    pawns: list[str],
    *,
    boxes: list[list[int]] | None = None,
    target: int | None = FAR_TREASURE,
    bag: list[int] | None = None,
    phase: str = "move",
    current: int = 0,
    changes: list[str] | None = None,
    duel: Duel | None = None,
    rotation: maze.Rotation = maze.START,
    open_boxes: bool = False,
    seed: int = 1,
    **fields: Any,
) -> LabyrintheState:
    """An exact position: one pawn per seat (position labels), the boxes, the target and
    the bag (by default every other treasure, treasure 1 drawn next)."""
    options = ENGINE.make_options({"first_player": "lobby", "open_boxes": open_boxes})
    base = ENGINE.new_game(len(pawns), options, seed)
    boxes = [list(box) for box in boxes] if boxes is not None else [[] for _ in pawns]
    held = [t for box in boxes for t in box]
    if bag is None:
        bag = [t for t in range(TREASURES) if t not in held and t != target]
        bag.sort(key=lambda t: t == 1)  # treasure 1 (A3) on top, when it is in the bag
    if changes is None:
        made = [Turn(ring=maze.INNER, by=1), Turn(ring=maze.OUTER, by=1)]
        changes = [] if phase == "change" else [turn.token() for turn in made]
    update = {
        "rotation": rotation,
        "pawns": [maze.piece(at(p), rotation) for p in pawns],
        "boxes": boxes,
        "bag": bag,
        "target": target,
        "phase": phase,
        "current": current,
        "changes": changes,
        "duel": duel,
        **fields,
    }
    state = ENGINE.load(ENGINE.dump(base.model_copy(update=update)))  # validated, no shared lists
    assert_conserved(state)
    return state


def assert_conserved(state: LabyrintheState) -> None:
    """Every treasure is in exactly one place: a box, the bag or the target."""
    everywhere = [t for box in state.boxes for t in box] + state.bag
    everywhere += [] if state.target is None else [state.target]
    assert sorted(everywhere) == list(range(TREASURES))


def act(state: LabyrintheState, action: Any, seat: int | None = None) -> tuple[LabyrintheState, list[Event]]:
    """``seat`` (default: the current player) plays ``action``; the input state is untouched."""
    before = ENGINE.dump(state)
    step = ENGINE.apply(state, state.current if seat is None else seat, action)
    assert ENGINE.dump(state) == before
    assert_conserved(step.state)
    return step.state, step.events


def refused(
    state: LabyrintheState,
    action: Any,
    key: str | None = None,
    seat: int | None = None,
    error: type[RuleError] = IllegalAction,
) -> RuleError:
    """Playing ``action`` raises ``error`` (with catalog ``key``) and changes nothing."""
    before = ENGINE.dump(state)
    with pytest.raises(error) as info:
        ENGINE.apply(state, state.current if seat is None else seat, action)
    assert ENGINE.dump(state) == before
    if key is not None:
        assert info.value.key == key
    return info.value


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def duel_state(
    boxes: list[list[int]],
    *,
    stake: int | None = 1,
    die: int | None = None,
    phase: str = "choose",
    challenger: int = 0,
    defender: int = 1,
    pawns: list[str] | None = None,
    seed: int = 1,
    open_boxes: bool = False,
) -> LabyrintheState:
    """A duel (not for the target) between two pawns standing on F11."""
    pawns = pawns or ["F11", "F11", "F4", "F1"][: len(boxes)]
    duel = Duel(challenger=challenger, defender=defender, for_target=False, stake=stake, die=die)
    return build(pawns, boxes=boxes, phase=phase, current=challenger, duel=duel, seed=seed, open_boxes=open_boxes)


def fight(state: LabyrintheState, signs: dict[int, str]) -> tuple[LabyrintheState, list[Event]]:
    """Both duellists choose (challenger first); the events of both choices."""
    assert state.duel is not None
    events: list[Event] = []
    for seat in (state.duel.challenger, state.duel.defender):
        state, step_events = act(state, Choose(sign=signs[seat], round=state.duel.round), seat=seat)
        events += step_events
    return state, events


def unreachable_without(start: maze.Cell, goal: maze.Cell, avoid: maze.Cell, rotation: maze.Rotation) -> bool:
    """``goal`` cannot be reached from ``start`` without passing over ``avoid``."""
    links = maze.paths(rotation)
    seen, todo = {start, avoid}, [start]
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return goal not in seen and goal in maze.reachable(start, rotation)


# =============================================================================
# The quotations themselves
# =============================================================================


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "004_f6b6c5bf25dbd1e0.txt", minimum=47)


# =============================================================================
# Setting up
# =============================================================================


def test_pawns_start_in_their_chambers_and_a_treasure_is_drawn() -> None:
    """« Chaque joueur choisit un pion et le place sur la case de couleur (texture) correspondante. »
    « Puis on tire un trésor qui est déposé à côté du plateau de jeu »
    Checks: each seat's pawn stands in its own chamber; one treasure is the target, the
    other seventeen wait in the bag; no box holds anything."""
    for players in (2, 3, 4):
        state = ENGINE.new_game(players, ENGINE.make_options({"first_player": "lobby"}), seed=players)
        assert [ENGINE.where(state, s) for s in range(players)] == list(maze.CHAMBERS[:players])
        assert state.target is not None and state.target not in state.bag
        assert len(state.bag) == TREASURES - 1
        assert state.boxes == [[] for _ in range(players)]
        assert state.phase == "change" and state.current == 0
        assert_conserved(state)


def test_no_treasure_on_a_start_chamber() -> None:
    """« L'objet tiré désigne un trésor qui se trouve sur le plan de jeu. »
    Checks: every treasure is printed on a cell of the board, never on a start chamber
    (a fixed ring), and no two share a cell."""
    cells = set(maze.TREASURE_CELLS)
    assert len(cells) == TREASURES == 18
    assert cells <= set(maze.all_positions())
    assert not cells & set(maze.CHAMBERS)


def test_turn_order_goes_round_the_table() -> None:
    """« Le plus jeune joueur commence, puis on continue dans le sens des aiguilles d'une montre. »
    Checks: with the lobby option seat 0 starts; after each turn (two changes and a Stay)
    the next seat plays: 0, 1, 2, 0. With the random option, the first seat varies by seed."""
    state = ENGINE.new_game(3, ENGINE.make_options({"first_player": "lobby"}), seed=5)
    order = []
    for _ in range(4):
        order.append(state.current)
        assert ENGINE.to_act(state) == frozenset({state.current})
        state, _ = act(state, Turn(ring=maze.INNER, by=1))
        state, _ = act(state, Turn(ring=maze.OUTER, by=1))
        state, _ = act(state, Stay())
    assert order == [0, 1, 2, 0]
    firsts = {ENGINE.new_game(3, ENGINE.make_options({"first_player": "random"}), s).current for s in range(40)}
    assert firsts == {0, 1, 2}


# =============================================================================
# Changing the paths
# =============================================================================


def test_a_change_turns_the_centre_any_amount_or_a_corridor_one_notch() -> None:
    """« Décaler d'autant de positions que souhaitées, la partie centrale de façon à créer un nouveau chemin »
    « Décaler d'un cran l'un des deux couloirs »
    Checks: the first change may turn the centre by one, two or three quarters, or either
    corridor one notch either way (house rule both_ways), nothing else; a corridor turn moves
    it exactly one notch and carries the pawns and treasures on it; fixed rings never move."""
    assert "both_ways" in HOUSE_RULES
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    turns = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Turn)]
    assert {(t.ring, t.by) for t in turns} == {
        (maze.CENTRE, 1),
        (maze.CENTRE, 2),
        (maze.CENTRE, 3),
        (maze.INNER, 1),
        (maze.INNER, -1),
        (maze.OUTER, 1),
        (maze.OUTER, -1),
    }
    for by in (1, 2, 3):
        turned, events = act(state, Turn(ring=maze.CENTRE, by=by))
        assert turned.rotation == (by, 0, 0, 0, 0, 0)
        assert of(events, Turned) == [Turned(seat=0, ring=maze.CENTRE, by=by)]
    # A pawn on the outer corridor rides with it, one notch.
    state = build(["E5", "F4"], phase="change")
    turned, _ = act(state, Turn(ring=maze.OUTER, by=-1))
    assert turned.rotation == (0, 0, 0, 0, 11, 0)
    assert ENGINE.where(turned, 0) == at("E4")
    assert ENGINE.where(turned, 1) == at("F4")  # F never turns
    treasure_e1 = maze.TREASURE_CELLS.index((4, 0))
    assert ENGINE.view(turned, 0).treasures[treasure_e1] == at("E12")


def test_the_centre_is_not_turned_twice_in_a_turn() -> None:
    """« Toutefois il n'est pas autorisé de tourner la partie centrale à deux reprises. »
    Checks: after a centre turn no centre turn is legal any more, and playing one is refused
    (labyrinthe.error.centre_twice) without changing the state; a corridor is still allowed.
    A centre turn after a corridor turn is fine."""
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    state, _ = act(state, Turn(ring=maze.CENTRE, by=1))
    legal = ENGINE.legal_actions(state, 0)
    assert not [a for a in legal if isinstance(a, Turn) and a.ring == maze.CENTRE]
    assert Turn(ring=maze.INNER, by=1) in legal and Turn(ring=maze.OUTER, by=-1) in legal
    for by in (1, 2, 3):
        refused(state, Turn(ring=maze.CENTRE, by=by), "labyrinthe.error.centre_twice")
    # Corridor first, then the centre: allowed.
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    state, _ = act(state, Turn(ring=maze.INNER, by=1))
    state, _ = act(state, Turn(ring=maze.CENTRE, by=2))
    assert state.phase == "move" and state.rotation == (2, 0, 1, 0, 0, 0)


def test_two_changes_are_compulsory_before_moving() -> None:
    """« Avant de jouer, il faut impérativement changer de parcours deux fois. »
    « Avant de jouer, on modifie deux fois le parcours »
    Checks: neither Stay nor a Move is legal before the second change; both are refused
    (labyrinthe.error.change_first) after none and after one change, the state unchanged;
    after the second change the pawn may move, and a third change is refused
    (labyrinthe.error.changes_done)."""
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=2)
    somewhere = at("F7")
    assert somewhere in ENGINE.reachable_from(state, 0)
    for _ in range(2):
        legal = ENGINE.legal_actions(state, 0)
        assert all(isinstance(a, (Turn, Take)) for a in legal)
        refused(state, Stay(), "labyrinthe.error.change_first")
        refused(state, Move(to=somewhere), "labyrinthe.error.change_first")
        state, _ = act(state, Turn(ring=maze.OUTER, by=1))
    assert state.phase == "move" and state.changes == [Turn(ring=maze.OUTER, by=1).token()] * 2
    assert Stay() in ENGINE.legal_actions(state, 0)
    refused(state, Turn(ring=maze.INNER, by=1), "labyrinthe.error.changes_done")


def test_the_second_change_may_not_undo_the_first() -> None:
    """« Mais attention, il n'est pas permis de faire un essai ! »
    Checks (house rule no_undo): after turning a corridor one way, turning the same corridor
    straight back is neither legal nor accepted (labyrinthe.error.undo), the state unchanged;
    the same turn again, or the other corridor back, is fine."""
    assert "no_undo" in HOUSE_RULES
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=2)
    for ring in (maze.INNER, maze.OUTER):
        for by in (1, -1):
            first, _ = act(state, Turn(ring=ring, by=by))
            back = Turn(ring=ring, by=-by)
            assert back not in ENGINE.legal_actions(first, 0)
            refused(first, back, "labyrinthe.error.undo")
            again, _ = act(first, Turn(ring=ring, by=by))
            assert again.phase == "move" and again.rotation[ring] == (2 * by) % 12
            other = maze.OUTER if ring == maze.INNER else maze.INNER
            assert Turn(ring=other, by=-by) in ENGINE.legal_actions(first, 0)


def test_only_the_centre_and_the_two_corridors_turn() -> None:
    """« on modifie deux fois le parcours (surfaces jaune) en tournant soit, la partie centrale, soit les deux couloirs. »
    Checks: a change of the fixed rings B, D or F, either way, is refused as malformed (no
    button stands for it), before and after a first change, the state unchanged; so is a ring
    that does not exist."""
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    after_one, _ = act(state, Turn(ring=maze.INNER, by=1))
    for fixed in (1, 3, 5, -1, 6):
        for by in (1, -1):
            for moment in (state, after_one):
                refused(moment, Turn(ring=fixed, by=by), error=MalformedAction)
    assert all(turn.ring in maze.TURNING for turn in ENGINE.legal_actions(state, 0) if isinstance(turn, Turn))


def test_a_corridor_turns_one_notch_exactly() -> None:
    """« Décaler d'un cran l'un des deux couloirs, c'est-à-dire que le trait rouge (relief) doit coïncider avec le prochain point rouge (relief). »
    Checks: a corridor turned by no notch, by two or more, or by a whole turn, either way, is
    refused as malformed and changes nothing; one notch either way is played."""
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    for ring in (maze.INNER, maze.OUTER):
        for by in (0, 2, -2, 3, 6, 11, 12, -12):
            refused(state, Turn(ring=ring, by=by), error=MalformedAction)
        for by in (1, -1):
            turned, _ = act(state, Turn(ring=ring, by=by))
            assert turned.rotation[ring] == by % maze.PLACES


def test_a_centre_turn_makes_a_new_path() -> None:
    """« Décaler d'autant de positions que souhaitées, la partie centrale de façon à créer un nouveau chemin »
    Checks: the centre turns by one, two or three quarters (clockwise, house rule both_ways
    counts the other way as three quarters); by none or by a whole turn it would change no path,
    and is refused as malformed, as are other amounts, without counting as a change."""
    state = ENGINE.new_game(2, ENGINE.make_options({"first_player": "lobby"}), seed=3)
    for by in (0, 4, 5, 8, -1, -4):
        refused(state, Turn(ring=maze.CENTRE, by=by), error=MalformedAction)
    for by in (1, 2, 3):
        turned, _ = act(state, Turn(ring=maze.CENTRE, by=by))
        assert turned.rotation[maze.CENTRE] == by and turned.changes == [f"c{by}"]


# =============================================================================
# Moving and collecting
# =============================================================================


def test_the_move_is_optional() -> None:
    """« le joueur peut, mais il n'est pas obligé, d'avancer son pion »
    Checks: after the two changes, Stay is legal; it leaves the pawn where it is and ends the
    turn: the next seat, in the change phase with no changes made."""
    state = build(["F9", "F4"], phase="move")
    assert Stay() in ENGINE.legal_actions(state, 0)
    after, events = act(state, Stay())
    assert of(events, Stayed) == [Stayed(seat=0)]
    assert after.current == 1 and after.phase == "change" and after.changes == []
    assert after.pawns == state.pawns and after.boxes == state.boxes and after.target == state.target


def test_a_move_goes_any_length_along_an_unbroken_path() -> None:
    """« avancer son pion sur un chemin ininterrompu aussi loin qu'il le souhaite »
    Checks: in games played at random, the moves offered are exactly the cells on an unbroken
    path from the pawn (``maze.reachable``), its own cell excepted; far cells are offered;
    a cell off the paths is refused (labyrinthe.error.unreachable) and the state unchanged."""
    checked = refusals = 0
    for seed in range(4):
        state = ENGINE.new_game(3, ENGINE.make_options({"first_player": "lobby"}), seed)
        rng = Rng.from_seed(seed)
        for _ in range(60):
            if ENGINE.is_over(state):
                break
            seat = sorted(ENGINE.to_act(state))[0]
            legal = ENGINE.legal_actions(state, seat)
            if state.phase == "move":
                here = ENGINE.where(state, seat)
                region = maze.reachable(here, state.rotation)
                assert {a.to for a in legal if isinstance(a, Move)} == region - {here}
                outside = [pos for pos in maze.all_positions() if pos not in region]
                if outside:
                    refused(state, Move(to=outside[0]), "labyrinthe.error.unreachable", seat=seat)
                    refusals += 1
                checked += 1
            state = ENGINE.apply(state, seat, rng.choice(legal)).state
    assert checked >= 20 and refusals >= 20
    # A long walk: from F1 round to F6, seven steps along the corridor.
    state = build(["F1", "F4"])
    assert at("F6") not in maze.paths(state.rotation)[at("F1")]
    after, _ = act(state, Move(to=at("F6")))
    assert ENGINE.where(after, 0) == at("F6") and after.current == 1


def test_pawns_pass_through_occupied_cells() -> None:
    """« avancer son pion sur un chemin ininterrompu aussi loin qu'il le souhaite »
    Checks (house rule pass_through): a pawn on F9 does not block the corridor: the pawn on
    F7 may walk past it to F11."""
    assert "pass_through" in HOUSE_RULES
    state = build(["F7", "F9"])
    assert unreachable_without(at("F7"), at("F11"), at("F9"), state.rotation)
    after, _events = act(state, Move(to=at("F11")))
    assert ENGINE.where(after, 0) == at("F11") and after.current == 1


def test_reaching_the_sought_treasure_takes_it() -> None:
    """« S'il atteint la case avec le trésor convoité, il prend l'objet correspondant et le pose devant lui dans sa boîte. »
    Checks: ending the move on the target's cell puts the treasure in the mover's box; the
    next treasure is drawn at once from the top of the bag (house rule draw_at_once); the
    turn passes."""
    assert "draw_at_once" in HOUSE_RULES
    state = build(["F9", "F4"], boxes=[[5], [6]], target=F11_TREASURE)
    assert state.bag[-1] == 1
    after, events = act(state, Move(to=at("F11")))
    assert of(events, Took) == [Took(seat=0, treasure=F11_TREASURE, how="moved")]
    assert of(events, TargetDrawn) == [TargetDrawn(treasure=1)]
    assert after.boxes == [[5, F11_TREASURE], [6]]
    assert after.target == 1 and 1 not in after.bag and len(after.bag) == len(state.bag) - 1
    assert after.current == 1 and after.phase == "change"
    assert ENGINE.view(after, 1).collected == [5, 6, F11_TREASURE]


def test_passing_over_the_sought_treasure_does_not_take_it() -> None:
    """« S'il atteint la case avec le trésor convoité, il prend l'objet correspondant »
    Checks (house rule end_on_target): F12 can only be reached from F9 over F11, where the
    target lies; moving to F12 takes nothing: the target and the boxes stay as they were."""
    assert "end_on_target" in HOUSE_RULES
    state = build(["F9", "F4"], target=F11_TREASURE)
    assert unreachable_without(at("F9"), at("F12"), at("F11"), state.rotation)
    after, events = act(state, Move(to=at("F12")))
    assert not of(events, Took) and not of(events, TargetDrawn)
    assert after.target == F11_TREASURE and after.boxes == [[], []] and after.bag == state.bag
    assert after.current == 1


def test_a_pawn_already_on_the_target_takes_it_without_moving() -> None:
    """« Le joueur dont le pion se trouve déjà sur la case représentant le trésor cherché peut prendre l'objet, sans avancer. »
    « Si le joueur n'a pas encore transformé les chemins, il doit le faire à présent. »
    « C'est alors au tour du joueur suivant. »
    Checks: at the start of the turn, Take is legal and puts the treasure in the box (not
    moved), the next one drawn; the player must still make both changes (Stay refused,
    labyrinthe.error.change_first; no second Take), then the turn passes without a move."""
    state = build(["F11", "F4"], target=F11_TREASURE, phase="change")
    assert Take() in ENGINE.legal_actions(state, 0)
    state, events = act(state, Take())
    assert of(events, Took) == [Took(seat=0, treasure=F11_TREASURE, how="still")]
    assert of(events, TargetDrawn) == [TargetDrawn(treasure=1)]
    assert state.boxes[0] == [F11_TREASURE] and state.took
    assert state.current == 0 and state.phase == "change"
    legal = ENGINE.legal_actions(state, 0)
    assert legal and all(isinstance(a, Turn) for a in legal)
    refused(state, Stay(), "labyrinthe.error.change_first")
    refused(state, Take(), "labyrinthe.error.not_on_target")
    state, _ = act(state, Turn(ring=maze.INNER, by=1))
    assert state.current == 0 and state.phase == "change"
    state, events = act(state, Turn(ring=maze.OUTER, by=1))
    assert state.current == 1 and state.phase == "change" and state.changes == [] and not state.took
    assert ENGINE.where(state, 0) == at("F11")  # it never moved


def test_taking_after_the_changes_ends_the_turn_at_once() -> None:
    """« Le joueur dont le pion se trouve déjà sur la case représentant le trésor cherché peut prendre l'objet, sans avancer. »
    Checks: with the changes made, Take is offered beside Stay and the moves; it ends the
    turn at once. A pawn off the target may not Take (labyrinthe.error.not_on_target)."""
    state = build(["F11", "F4"], target=F11_TREASURE, phase="move")
    assert Take() in ENGINE.legal_actions(state, 0)
    after, _events = act(state, Take())
    assert after.boxes[0] == [F11_TREASURE] and after.current == 1 and after.phase == "change"
    elsewhere = build(["F9", "F4"], target=F11_TREASURE, phase="move")
    assert Take() not in ENGINE.legal_actions(elsewhere, 0)
    refused(elsewhere, Take(), "labyrinthe.error.not_on_target")


# =============================================================================
# Duels
# =============================================================================


def test_ending_on_an_occupied_cell_allows_a_duel() -> None:
    """« Dès qu'un joueur avance son pion sur une case déjà occupée, il peut provoquer en duel le joueur en question. »
    Checks: the mover ending on the other pawn's cell (not the target's) may challenge it or
    not: NoDuel and Challenge are the legal actions; NoDuel ends the turn with both pawns
    sharing the cell; Challenge opens the duel (not for the target) and asks for the stake.
    The other seat may not act meanwhile."""
    state = build(["F9", "F11"])
    state, events = act(state, Move(to=at("F11")))
    assert state.phase == "challenge" and state.current == 0
    assert ENGINE.legal_actions(state, 0) == [NoDuel(), Challenge(opponent=1)]
    assert ENGINE.to_act(state) == frozenset({0})
    refused(state, NoDuel(), seat=1, error=NotYourTurn)
    declined, events = act(state, NoDuel())
    assert of(events, Declined) == [Declined(seat=0)]
    assert declined.current == 1 and declined.phase == "change" and declined.duel is None
    assert ENGINE.where(declined, 0) == ENGINE.where(declined, 1) == at("F11")
    challenged, events = act(state, Challenge(opponent=1))
    assert of(events, Challenged) == [Challenged(seat=0, opponent=1, for_target=False)]
    assert challenged.phase == "stake" and challenged.duel is not None
    assert (challenged.duel.challenger, challenged.duel.defender) == (0, 1)
    assert ENGINE.legal_actions(challenged, 0) == [Bet(die=False), Bet(die=True)]


def test_the_mover_picks_which_pawn_to_challenge() -> None:
    """« Si un joueur avance son pion sur une case où se trouvent plusieurs pions, c'est à lui de décider lequel il souhaite provoquer en duel durant ce tour. »
    Checks: with two pawns on the cell, the mover may challenge either (or none); its choice
    is the defender. A pawn elsewhere cannot be challenged."""
    state = build(["F9", "F11", "F11", "F4"])
    state, _ = act(state, Move(to=at("F11")))
    assert ENGINE.legal_actions(state, 0) == [NoDuel(), Challenge(opponent=1), Challenge(opponent=2)]
    refused(state, Challenge(opponent=3))
    for opponent in (1, 2):
        after, _ = act(state, Challenge(opponent=opponent))
        assert after.duel is not None and after.duel.defender == opponent and after.phase == "stake"


def test_the_stake_is_one_treasure_or_the_die() -> None:
    """« Il décide si l'on se bat pour une seule carte-secret (sans le dé), ou s'il augmente la mise à l'aide du dé. »
    Checks: Bet without the die stakes one treasure; with the die, the stake is the face rolled,
    and over many games the faces are 2, 3 and 4 (the die 2, 2, 3, 3, 4, 4). Then both
    duellists choose."""
    assert DIE_FACES == (2, 2, 3, 3, 4, 4)
    state = duel_state([[], []], stake=None, phase="stake")
    single, events = act(state, Bet(die=False))
    assert of(events, StakeSet) == [StakeSet(seat=0, die=None, stake=1)]
    assert single.duel is not None and single.duel.stake == 1 and single.phase == "choose"
    assert ENGINE.to_act(single) == frozenset({0, 1})
    faces = set()
    for seed in range(30):
        rolled, events = act(duel_state([[], []], stake=None, phase="stake", seed=seed), Bet(die=True))
        (stake,) = of(events, StakeSet)
        assert rolled.duel is not None and stake.die == rolled.duel.die == rolled.duel.stake == stake.stake
        faces.add(stake.die)
    assert faces == {2, 3, 4}


@pytest.mark.parametrize(("winning", "losing"), [("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")])
def test_stone_scissors_paper_table(winning: str, losing: str) -> None:
    """« pierre gagne contre ciseaux » « ciseaux gagne contre papier » « papier gagne contre pierre »
    Checks: each winning sign wins, whether the challenger or the defender holds it; the
    reveal shows both signs and the winner."""
    for challenger_sign, defender_sign, winner in ((winning, losing, 0), (losing, winning, 1)):
        state = duel_state([[], []])
        after, events = fight(state, {0: challenger_sign, 1: defender_sign})
        assert of(events, Revealed) == [Revealed(signs={0: challenger_sign, 1: defender_sign}, winner=winner)]
        assert after.duel is not None and after.duel.winner == winner and after.phase == "place"


def test_stone_beats_scissors() -> None:
    """« La pierre émousse les ciseaux: pierre gagne contre ciseaux »"""
    after, events = fight(duel_state([[], [3]]), {0: "rock", 1: "scissors"})
    assert of(events, Revealed)[0].winner == 0 and after.boxes == [[3], []]


def test_scissors_beat_paper() -> None:
    """« Les ciseaux coupent le papier: ciseaux gagne contre papier »"""
    after, events = fight(duel_state([[3], []]), {0: "paper", 1: "scissors"})
    assert of(events, Revealed)[0].winner == 1 and after.boxes == [[], [3]]


def test_paper_beats_stone() -> None:
    """« Le papier enveloppe la pierre: papier gagne contre pierre »"""
    after, events = fight(duel_state([[], [3]]), {0: "paper", 1: "rock"})
    assert of(events, Revealed)[0].winner == 0 and after.boxes == [[3], []]


def test_equal_choices_replay_the_duel() -> None:
    """« Important : si les deux joueurs ont choisi le même objet, on refait un nouveau duel. »
    Checks: both choosing the same sign reveals them with no winner; nothing changes hands;
    the duel's round goes up and both must choose again; the replay decides."""
    state = duel_state([[3], [4]])
    for sign in ("rock", "paper", "scissors"):
        again, events = fight(state, {0: sign, 1: sign})
        assert of(events, Revealed) == [Revealed(signs={0: sign, 1: sign}, winner=None)]
        assert not of(events, Handed)
        assert again.phase == "choose" and again.duel is not None
        assert again.duel.round == 2 and again.duel.choices == {} and again.duel.winner is None
        assert ENGINE.to_act(again) == frozenset({0, 1})
        assert again.boxes == [[3], [4]]
    again, _ = fight(state, {0: "rock", 1: "rock"})
    third, _ = fight(again, {0: "paper", 1: "paper"})
    assert third.duel is not None and third.duel.round == 3
    decided, events = fight(third, {0: "paper", 1: "rock"})
    assert of(events, Revealed)[0].winner == 0 and decided.boxes == [[3, 4], []]


def test_choices_stay_secret_until_both_are_in() -> None:
    """« Tous deux ouvrent le poing en même temps et on voit alors qui a gagné »
    Checks: both duellists act at once, in any order; after one has chosen, the other's view
    (and the public one) tells only who has chosen, not what; the chooser sees its own choice;
    the Chose event carries no sign; a duellist may not choose twice."""
    state = duel_state([[3], [4], []], pawns=["F11", "F11", "F4"])
    assert ENGINE.to_act(state) == frozenset({0, 1})
    for first, second in ((0, 1), (1, 0)):
        chosen, events = act(state, Choose(sign="scissors", round=1), seat=first)
        assert of(events, Chose) == [Chose(seat=first)] and "scissors" not in events[0].model_dump_json()
        assert ENGINE.to_act(chosen) == frozenset({second})
        for viewer in (second, 2, None):
            view = ENGINE.view(chosen, viewer)
            assert view.duel is not None and view.duel.chosen == [first] and view.duel.my_choice is None
            assert "scissors" not in view.model_dump_json()
        own = ENGINE.view(chosen, first)
        assert own.duel is not None and own.duel.my_choice == "scissors"
        refused(chosen, Choose(sign="rock", round=1), seat=first, error=NotYourTurn)
        _done, events = act(chosen, Choose(sign="paper", round=1), seat=second)
        assert of(events, Revealed)[0].signs == {first: "scissors", second: "paper"}
        assert of(events, Revealed)[0].winner == first


def test_the_loser_hands_over_the_stake_or_all_they_have() -> None:
    """« Si le perdant détient moins d' objet trésor convoité que le nombre obtenu au dé, il lui en remettra autant qu'il le peut. »
    Checks: the loser holding three treasures hands over as many as the die shows when it can
    (two or three), all three when the die shows four; a one-treasure stake hands over one;
    a loser holding one hands it over whatever the die; the treasures move box to box."""
    counts = {}
    for seed in range(30):
        state = duel_state([[], [3, 4, 5]], stake=None, phase="stake", seed=seed)
        state, _ = act(state, Bet(die=True))
        assert state.duel is not None and state.duel.die is not None
        die = state.duel.die
        after, events = fight(state, {0: "rock", 1: "scissors"})
        (handed,) = of(events, Handed)
        assert handed == Handed(loser=1, winner=0, count=min(die, 3), stake=die)
        assert len(after.boxes[0]) == min(die, 3) and len(after.boxes[1]) == 3 - min(die, 3)
        assert sorted(after.boxes[0] + after.boxes[1]) == [3, 4, 5]
        counts[die] = handed.count
    assert counts == {2: 2, 3: 3, 4: 3}
    after, events = fight(duel_state([[6], [3, 4, 5]], stake=1), {0: "paper", 1: "rock"})
    assert of(events, Handed)[0].count == 1 and len(after.boxes[0]) == 2 and len(after.boxes[1]) == 2
    after, events = fight(duel_state([[6], [3]], stake=4, die=4), {0: "paper", 1: "rock"})
    assert of(events, Handed) == [Handed(loser=1, winner=0, count=1, stake=4)]
    assert after.boxes == [[6, 3], []]


def test_a_loser_with_no_treasure_gives_nothing() -> None:
    """« S'il n'a pas d'objet trésor, il ne donne rien. »
    Checks: the challenger loses with an empty box: the handover counts nothing, no treasure
    changes hands, and the winner still places the loser's pawn."""
    state = duel_state([[], [3, 4]], stake=3, die=3)
    after, events = fight(state, {0: "scissors", 1: "rock"})
    assert of(events, Handed) == [Handed(loser=0, winner=1, count=0, stake=3)]
    assert not of(events, HandedTreasures)
    assert after.boxes == [[], [3, 4]]
    assert after.phase == "place" and ENGINE.to_act(after) == frozenset({1})


def test_the_winner_places_the_losers_pawn_on_a_free_cell() -> None:
    """« Le gagnant déplace le pion du perdant, sur une case libre de son choix. »
    Checks (house rule free_cell): only the winner acts (the loser: not your turn); the
    places offered are exactly the cells without a pawn; an occupied cell is refused
    (labyrinthe.error.cell_taken); the placed pawn stands there, even on a turned ring; the
    turn then passes to the seat after the mover."""
    assert "free_cell" in HOUSE_RULES
    rotation = (1, 0, 3, 0, 5, 0)
    duel = Duel(challenger=0, defender=1, for_target=False, stake=1)
    state = build(["F11", "F11", "F4"], phase="choose", duel=duel, rotation=rotation)
    state, _ = fight(state, {0: "rock", 1: "paper"})  # the defender wins
    assert state.phase == "place" and ENGINE.to_act(state) == frozenset({1})
    places = {a.to for a in ENGINE.legal_actions(state, 1)}
    assert places == set(maze.all_positions()) - {at("F11"), at("F4")}
    assert ENGINE.legal_actions(state, 0) == []
    refused(state, Place(to=at("C7")), seat=0, error=NotYourTurn)
    for taken in ("F11", "F4"):
        refused(state, Place(to=at(taken)), "labyrinthe.error.cell_taken", seat=1)
    after, events = act(state, Place(to=at("C7")), seat=1)
    assert of(events, Placed) == [Placed(seat=1, pawn=0, end=at("C7"))]
    assert ENGINE.where(after, 0) == at("C7") and ENGINE.where(after, 1) == at("F11")
    assert after.pawns[0] == maze.piece(at("C7"), rotation)
    assert after.current == 1 and after.phase == "change" and after.duel is None


# =============================================================================
# Special cases
# =============================================================================


def test_a_pawn_on_the_target_means_a_duel_for_it() -> None:
    """« Si un pion se trouve sur la case représentant l'objet secret cherché, on opte pour un duel. »
    Checks (house rule target_duel): moving onto the target's cell where a pawn stands starts
    the duel at once, for the target: no NoDuel, no stake; the winner (challenger or defender)
    gets the sought treasure, the loser hands nothing over; the next target is drawn; then the
    winner places the loser's pawn."""
    assert "target_duel" in HOUSE_RULES
    state = build(["F9", "F11"], boxes=[[5], [6]], target=F11_TREASURE)
    duelling, events = act(state, Move(to=at("F11")))
    assert not of(events, Took)
    assert of(events, Challenged) == [Challenged(seat=0, opponent=1, for_target=True)]
    assert duelling.phase == "choose" and duelling.duel is not None
    assert duelling.duel.for_target and duelling.duel.stake is None
    assert ENGINE.to_act(duelling) == frozenset({0, 1})
    for signs, winner in (({0: "rock", 1: "scissors"}, 0), ({0: "rock", 1: "paper"}, 1)):
        after, events = fight(duelling, signs)
        assert of(events, Took) == [Took(seat=winner, treasure=F11_TREASURE, how="duel")]
        assert not of(events, Handed)
        assert of(events, TargetDrawn) == [TargetDrawn(treasure=1)] and after.target == 1
        loser = 1 - winner
        assert F11_TREASURE in after.boxes[winner] and len(after.boxes[loser]) == 1
        assert after.phase == "place" and ENGINE.to_act(after) == frozenset({winner})


def test_several_pawns_on_the_target_the_mover_picks_and_must_duel() -> None:
    """« Si un pion se trouve sur la case représentant l'objet secret cherché, on opte pour un duel. »
    « c'est à lui de décider lequel il souhaite provoquer en duel »
    Checks: two pawns on the target's cell: the mover picks the one to challenge, but may not
    decline; the duel is for the target, with no stake."""
    state = build(["F9", "F11", "F11"], target=F11_TREASURE)
    state, _ = act(state, Move(to=at("F11")))
    assert state.phase == "challenge"
    assert ENGINE.legal_actions(state, 0) == [Challenge(opponent=1), Challenge(opponent=2)]
    refused(state, NoDuel())
    after, _ = act(state, Challenge(opponent=2))
    assert after.duel is not None and after.duel.for_target and after.duel.defender == 2
    assert after.phase == "choose" and after.duel.stake is None


def test_more_than_three_pawns_on_the_target_puts_it_back_into_the_bag() -> None:
    """« Si jamais il y avait plus de trois joueurs sur la même case, on remet l'objet trésor dans le sac. »
    Checks: three pawns on the target's cell, a fourth arrives: the treasure goes back into the
    bag and another is drawn at once; no one gets it; the duel there is no longer for the
    target, so the mover may decline."""
    state = build(["F9", "F11", "F11", "F11"], target=F11_TREASURE)
    after, events = act(state, Move(to=at("F11")))
    assert of(events, TargetReturned) == [TargetReturned(treasure=F11_TREASURE)]
    assert of(events, TargetDrawn) == [TargetDrawn(treasure=1)]
    assert after.target == 1 and F11_TREASURE in after.bag and len(after.bag) == len(state.bag)
    assert not of(events, Took) and after.boxes == [[], [], [], []]
    assert after.phase == "challenge"
    challenges = [Challenge(opponent=seat) for seat in (1, 2, 3)]
    assert ENGINE.legal_actions(after, 0) == [NoDuel(), *challenges]


def test_with_the_bag_empty_treasures_come_only_from_duels() -> None:
    """« S'il n'y a plus d'objet disponible, les joueurs pourront uniquement s'approprier les trésors en se provoquant en duel. »
    Checks: taking the last target empties the bag: no new target (BagEmpty), no Take offered;
    walking onto a treasure's cell takes nothing; a duel still passes treasures on."""
    rest = [t for t in range(TREASURES) if t != F11_TREASURE]
    boxes = [rest[:5], rest[5:11], rest[11:17]]
    state = build(["F9", "F7", "F1"], boxes=boxes, target=F11_TREASURE, bag=[])
    state, events = act(state, Move(to=at("F11")))
    assert of(events, BagEmpty) == [BagEmpty()] and not of(events, TargetDrawn)
    assert state.target is None and state.bag == [] and len(state.boxes[0]) == 6
    assert ENGINE.view(state, 1).target is None and ENGINE.view(state, 1).bag == 0
    # Seat 1 walks onto F12, where treasure 17 is printed: nothing to take there.
    state, _ = act(state, Turn(ring=maze.INNER, by=1))
    state, _ = act(state, Turn(ring=maze.INNER, by=1))
    assert Take() not in ENGINE.legal_actions(state, 1)
    before = [list(box) for box in state.boxes]
    state, events = act(state, Move(to=at("F12")))
    assert not of(events, Took) and state.boxes == before and state.current == 2
    # Seat 2 joins it there and challenges: the only way left to gain a treasure.
    state, _ = act(state, Turn(ring=maze.OUTER, by=1))
    state, _ = act(state, Turn(ring=maze.OUTER, by=1))
    assert Take() not in ENGINE.legal_actions(state, 2)
    state, _ = act(state, Move(to=at("F12")))
    assert ENGINE.legal_actions(state, 2) == [NoDuel(), Challenge(opponent=1)]
    state, _ = act(state, Challenge(opponent=1))
    state, _ = act(state, Bet(die=False))
    after, events = fight(state, {2: "rock", 1: "scissors"})
    assert of(events, Handed)[0].count == 1 and len(after.boxes[2]) == 7 and len(after.boxes[1]) == 5
    assert after.phase == "over" and after.winner == 2


def test_seven_treasures_win() -> None:
    """« Dès qu'un joueur possède sept trésors, il les montres aux autres. Il est le vainqueur et la partie est terminée. »
    Checks: a six-treasure player taking the target wins at once: the game ends (no one to
    act, nothing more accepted), reason "seven", the winner first; no next target is drawn;
    every box is shown."""
    state = build(["F9", "F4", "F1"], boxes=[[1, 2, 3, 4, 5, 6], [7], []], target=F11_TREASURE)
    after, events = act(state, Move(to=at("F11")))
    assert of(events, GameEnded) == [GameEnded(reason="seven", winners=[0])]
    assert not of(events, TargetDrawn)
    assert after.phase == "over" and ENGINE.to_act(after) == frozenset() and ENGINE.is_over(after)
    outcome = ENGINE.outcome(after)
    assert outcome is not None and outcome.reason == "seven" and outcome.winners == [0]
    assert outcome.ranking == [[0], [1], [2]] and outcome.scores == {0: 7, 1: 1, 2: 0}
    assert ENGINE.view(after, 1).boxes == [[1, 2, 3, 4, 5, 6, F11_TREASURE], [7], []]
    for seat in range(3):
        assert ENGINE.legal_actions(after, seat) == []
        with pytest.raises(GameOver):
            ENGINE.apply(after, seat, Stay())


def test_seven_treasures_won_in_a_duel_win() -> None:
    """« Dès qu'un joueur possède sept trésors »
    Checks: a six-treasure player winning two (or more) by a die stake has seven or more and
    wins at once: no pawn to place, the game over with reason "seven". Also when it wins the
    sought treasure in a duel for it."""
    state = duel_state([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10]], stake=None, phase="stake", seed=4)
    state, _ = act(state, Bet(die=True))
    assert state.duel is not None and state.duel.die is not None and state.duel.die >= 2
    after, events = fight(state, {0: "scissors", 1: "paper"})
    assert of(events, Handed)[0].count == state.duel.die
    assert len(after.boxes[0]) == 6 + state.duel.die >= 8
    assert of(events, GameEnded) == [GameEnded(reason="seven", winners=[0])]
    assert after.phase == "over" and ENGINE.to_act(after) == frozenset() and after.duel is None
    outcome = ENGINE.outcome(after)
    assert outcome is not None and outcome.winners == [0] and outcome.reason == "seven"
    # For the target: the defender holding six wins it.
    state = build(["F9", "F11"], boxes=[[], [1, 2, 3, 4, 5, 6]], target=F11_TREASURE)
    state, _ = act(state, Move(to=at("F11")))
    after, events = fight(state, {0: "paper", 1: "scissors"})
    assert of(events, GameEnded) == [GameEnded(reason="seven", winners=[1])]
    assert after.phase == "over" and ENGINE.outcome(after).winners == [1]  # type: ignore[union-attr]


# =============================================================================
# Closed boxes, leavers
# =============================================================================


def test_boxes_are_closed() -> None:
    """« Pour être sûr de gagner un pari, il est important d'essayer de mémoriser les "objets trésors" des autres joueurs. »
    Checks: each seat's view shows its own box only (no one else's, and the public view none);
    which treasures change hands in a duel is told to the two duellists only, the count to
    all; with the open_boxes option every box is shown."""
    boxes = [[3, 4], [5], [6, 7, 8]]
    state = duel_state(boxes, pawns=["F11", "F11", "F4"])
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view.box == boxes[seat] and view.boxes is None
    public = ENGINE.view(state, None)
    assert public.box is None and public.boxes is None
    assert public.collected == [3, 4, 5, 6, 7, 8]  # each take was public
    after, events = fight(state, {0: "rock", 1: "scissors"})
    (handed,) = of(events, Handed)
    assert handed.audience is None and handed.count == 1
    (secret,) = of(events, HandedTreasures)
    assert secret.audience == frozenset({0, 1}) and secret.treasures == [5]
    assert secret.visible_to(0) and secret.visible_to(1)
    assert not secret.visible_to(2) and not secret.visible_to(None)
    assert ENGINE.view(after, 2).box == [6, 7, 8] and ENGINE.view(after, 2).boxes is None
    opened = duel_state(boxes, pawns=["F11", "F11", "F4"], open_boxes=True)
    for seat in (0, 1, 2, None):
        assert ENGINE.view(opened, seat).boxes == boxes


def test_a_leaver_puts_the_treasures_back_into_the_bag() -> None:
    """« Les trésors sont placés dans le sac et posés à côté du plan de jeu. »
    Checks (house rule leaver): a seat that leaves takes its pawn off the board and its
    treasures go back into the bag; the others play on (the leaver's turn passes); with one
    player left the game ends: reason "forfeit", that player the winner."""
    assert "leaver" in HOUSE_RULES
    state = build(["F9", "F7", "F4"], boxes=[[5], [3, 4], [6]], phase="change", current=1)
    before = ENGINE.dump(state)
    step = ENGINE.resign(state, 1)
    assert ENGINE.dump(state) == before
    after = step.state
    assert of(step.events, Resigned) == [Resigned(seat=1, returned=2)]
    assert after.boxes == [[5], [], [6]] and after.pawns[1] is None and after.resigned == [False, True, False]
    assert {3, 4} <= set(after.bag) and len(after.bag) == len(state.bag) + 2
    assert_conserved(after)
    assert after.current == 2 and not ENGINE.is_over(after)
    step = ENGINE.resign(after, 2)
    assert of(step.events, GameEnded) == [GameEnded(reason="forfeit", winners=[0])]
    final = step.state
    assert final.phase == "over" and ENGINE.to_act(final) == frozenset()
    outcome = ENGINE.outcome(final)
    assert outcome is not None and outcome.reason == "forfeit" and outcome.winners == [0]
    assert_conserved(final)


def test_a_choice_made_for_an_earlier_round_is_refused() -> None:
    """« si les deux joueurs ont choisi le même objet, on refait un nouveau duel »
    Checks: after a tie the duel is in round 2, and a choice sent for round 1 (a button
    clicked before the tie was known) is refused and changes nothing."""
    state = duel_state([[3], [4]])
    tied, _ = fight(state, {0: "rock", 1: "rock"})
    assert tied.duel is not None and tied.duel.round == 2
    refused(tied, Choose(sign="paper", round=1), seat=0, key="labyrinthe.error.old_round")
    assert Choose(sign="paper", round=2) in ENGINE.legal_actions(tied, 0)


def test_the_defender_leaving_a_duel_for_the_target_lets_the_mover_take_it() -> None:
    """« S'il atteint la case avec le trésor convoité, il prend l'objet »
    Checks (house rule leaver): when the only other pawn on the target's cell leaves before
    the duel is settled, the mover stands there alone and takes the treasure."""
    state = build(["F9", "F11", "F4"], boxes=[[5], [6], []], target=F11_TREASURE)
    duelling, _ = act(state, Move(to=at("F11")))
    assert duelling.phase == "choose" and duelling.duel is not None and duelling.duel.for_target
    step = ENGINE.resign(duelling, 1)
    assert of(step.events, Took) == [Took(seat=0, treasure=F11_TREASURE, how="moved")]
    assert step.state.duel is None and step.state.current == 2 and F11_TREASURE in step.state.boxes[0]
