"""Fireship rule scenarios, each quoting the rule-book sentence it checks.

The rule book is shared/seeds/002_0bf5331d1c49f2cc.txt (it writes the curly
apostrophe ’); the house rules are in shared/HOUSE_RULES.md (Fireship) and
``HOUSE_RULES`` in games/fireship/engine.py. Every quotation between « and »
in a docstring below is copied verbatim from the rule book;
``test_quotes_are_verbatim`` checks it when the book is at hand.

Scenarios are built exactly by ``build``: the pieces are given as
(owner, kind, label) and numbered from 0 in that order; nothing else stands on
the board (not even the white boats, unless a scenario lists them). With two
players seat 0's home is A1 and seat 1's S19. Dice are never mocked: the
game's generator is seeded (``seeded``) with a seed found by ``face_seed`` or
``spin_seed`` for the throw a scenario needs.

Landmarks: islands E5 J5 O5 / E10 J10 O10 / E15 J15 O15 (i1-i9), each with its
green dot just below (E6, J6, ...); battleship cells J1 A10 S10 J19; wheel
cells G7 M7 G13 M13; mystery cells J3 C10 Q10 J17. Rows 8 and 9 are open sea
(row 9 touches the middle row of islands).
"""

import itertools
from functools import cache
from typing import Any

import pytest

from games.core import Event, Rng, RuleError
from games.fireship import ENGINE, cards
from games.fireship.board import GREEN_DOTS, HOMES, ISLANDS, MYSTERY_CELLS, WHEEL_CELLS, Cell, label, parse_label
from games.fireship.engine import CHANCE_CELLS, HOUSE_RULES
from games.fireship.models import (
    FLEET,
    Accept,
    Attack,
    Attacked,
    AttackFailed,
    AttackRolled,
    BattleshipRoll,
    Bermuda,
    Cancelled,
    CardPlayed,
    Destroyed,
    Drew,
    Eliminated,
    EndMoves,
    EndTurn,
    FireshipState,
    Gained,
    GameEnded,
    IslandTaken,
    KeptCard,
    KrakenRose,
    Lose,
    Moved,
    Piece,
    PlaneSpared,
    Play,
    Rise,
    Roll,
    Rolled,
    Select,
    Skipped,
    SpecialUsed,
    Spun,
    Steer,
    TurnStarted,
    Unselect,
    Use,
    WhirlpoolPlaced,
    WhirlpoolStruck,
)
from tests.games.rule_book import check_quotes

BOOK = "002_0bf5331d1c49f2cc.txt"


# =============================================================================
# Helpers
# =============================================================================


def at(text: str) -> Cell:
    """A cell from its label ("J8" -> (9, 7))."""
    cell = parse_label(text)
    assert cell is not None
    return cell


def island(n: int) -> str:
    """The reference of island ``n`` (1-9, reading order)."""
    return f"i{n}"


def build(
    pieces: list[tuple[int | None, str, str]],
    *,
    seats: int = 2,
    current: int = 0,
    phase: str = "act",
    points: int = 0,
    islands: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    badges: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    rounds: int = 0,
    seed: int | None = None,
    **fields: Any,
) -> FireshipState:
    """An exact position: ``pieces`` as (owner, kind, label), numbered from 0; ``islands``
    maps an island number (1-9) to its owner (the others fly the white flag); ``hands``
    and ``badges`` by seat; ``deck`` drawn from its end; ``seed`` seeds the dice."""
    base = ENGINE.new_game(seats, ENGINE.make_options({"rounds": rounds}), 1)
    made = [Piece(id=n, owner=owner, kind=kind, cell=at(where)) for n, (owner, kind, where) in enumerate(pieces)]
    supply = [
        {kind: FLEET[kind] - sum(1 for p in made if p.owner == s and p.kind == kind) for kind in FLEET}
        for s in range(seats)
    ]
    owners: list[int | None] = [None] * len(ISLANDS)
    for n, owner in (islands or {}).items():
        owners[n - 1] = owner
    update = {
        "pieces": made,
        "next_id": len(made),
        "islands": owners,
        "supply": supply,
        "hands": [list((hands or {}).get(s, [])) for s in range(seats)],
        "badges": [list((badges or {}).get(s, [])) for s in range(seats)],
        "badge_stock": {
            name: count - sum(held.count(name) for held in (badges or {}).values())
            for name, count in cards.BADGES.items()
        },
        "deck": list(base.deck if deck is None else deck),
        "current": current,
        "first": current,
        "phase": phase,
        "points": points,
        "dice": None if phase == "roll" else (1, 1, 1),
        **fields,
    }
    state = ENGINE.load(ENGINE.dump(base.model_copy(update=update)))  # validated, no shared lists
    if seed is not None:
        state.rng = Rng.from_seed(seed)
    return state


def seeded(state: FireshipState, seed: int) -> FireshipState:
    return state.model_copy(update={"rng": Rng.from_seed(seed)})


def act(state: FireshipState, action: Any, seat: int | None = None) -> tuple[FireshipState, list[Event]]:
    """``seat`` (default: the one to act) plays ``action``; the input state is untouched."""
    if seat is None:
        (seat,) = ENGINE.to_act(state)
    before = ENGINE.dump(state)
    step = ENGINE.apply(state, seat, action)
    assert ENGINE.dump(state) == before
    return step.state, step.events


def refused(state: FireshipState, action: Any, key: str | None = None, seat: int | None = None) -> RuleError:
    """Playing ``action`` raises a rule error (with catalog ``key``) and changes nothing."""
    before = ENGINE.dump(state)
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, state.current if seat is None else seat, action)
    assert ENGINE.dump(state) == before
    if key is not None:
        assert info.value.key == key
    return info.value


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def legal(state: FireshipState, seat: int | None = None) -> list[Any]:
    return ENGINE.legal_actions(state, state.current if seat is None else seat)


def cells_of(state: FireshipState, owner: int | None = None, kind: str | None = None) -> list[str]:
    return sorted(
        label(p.cell) for p in state.pieces if (owner is None or p.owner == owner) and (kind is None or p.kind == kind)
    )


def ids(state: FireshipState) -> set[int]:
    return {p.id for p in state.pieces}


def attacks(state: FireshipState) -> dict[tuple[str, str, bool], Any]:
    """The current player's legal attacks: (leader, target, plus) -> AttackOption."""
    return {(o.leader, o.target, o.plus): o for o in ENGINE.attack_options(state)}


@cache
def face_seed(face: int, skip: int = 0) -> int:
    """A seed whose first win/lose throw shows ``face`` (0-5): the plain die wins on faces
    0-2 (3 of 6), the blue-edged one on 0-3 (4 of 6)."""
    found = [s for s in range(2000) if Rng.from_seed(s).below(6) == face]
    return found[skip]


@cache
def spin_seed(*segments: str) -> int:
    """A seed whose first spins of the wheel give ``segments``."""
    for s in range(20000):
        rng = Rng.from_seed(s)
        if all(cards.spin(rng) == segment for segment in segments):
            return s
    raise AssertionError(segments)


# =============================================================================
# The quotations themselves
# =============================================================================


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, BOOK, minimum=75)


# =============================================================================
# Setting up and the order of play
# =============================================================================


def test_setup_white_islands_and_starting_fleets() -> None:
    """« Au début du jeu, positionnez un drapeau blanc dans l’emplacement désigné sur chacune des îles ainsi qu’un bateau blanc dans la case avec le point vert située à côté de l’île. »
    « Parmi ces derniers, 3 bateaux et 1 avion sont placés dans le carré de couleur correspondant au joueur, les autres doivent être gagnés pour être placés sur le plateau. »
    « Il dispose de 15 bateaux, 3 avions et 2 cuirassés en tout. »
    Checks: every island flies the white flag with a white boat on its green dot; each seat
    starts with 3 boats and 1 plane in its home; the rest of its fleet (12, 2, 2) waits in
    its supply; two players sit in opposite corners."""
    for players in (2, 3, 4):
        state = ENGINE.new_game(players, ENGINE.make_options({}), players)
        assert state.islands == [None] * 9
        assert sorted(p.cell for p in state.pieces if p.owner is None) == sorted(GREEN_DOTS)
        assert all(p.kind == "boat" for p in state.pieces if p.owner is None)
        for seat in range(players):
            mine = [p for p in state.pieces if p.owner == seat]
            assert sorted(p.kind for p in mine) == ["boat", "boat", "boat", "plane"]
            assert {p.cell for p in mine} == {ENGINE.home(state, seat)}
            assert state.supply[seat] == {"boat": 12, "plane": 2, "battleship": 2}
        assert state.phase == "roll" and state.round == 1
        assert len({p.id for p in state.pieces}) == len(state.pieces) == 9 + 4 * players
    assert [ENGINE.home(ENGINE.new_game(2, ENGINE.make_options({}), 1), s) for s in (0, 1)] == [HOMES[0], HOMES[2]]


def test_the_highest_of_three_dice_starts_then_clockwise() -> None:
    """« Les joueurs lancent les 3 dés, le tirage le plus grand désigne le joueur N°1. »
    « Le tour se poursuit dans le sens des aiguilles d’un montre. »
    Checks: the throw-off (three d10 a seat, from the game's own generator) is won by the
    strictly highest total, the tied leaders alone throwing again; every seat can start;
    then play goes to the next seat clockwise (homes A1, S1, S19, A19 in that order), and
    the round counts up when play comes back to the first player."""
    firsts = {2: set(), 3: set(), 4: set()}
    rethrows = 0
    for players in (2, 3, 4):
        for seed in range(60):
            state = ENGINE.new_game(players, ENGINE.make_options({}), seed)
            rolls, first = ENGINE._throw_off(Rng.from_seed(seed), players)
            assert first == state.first == state.current
            assert set(rolls[0]) == set(range(players))
            assert all(3 <= total <= 30 for throw in rolls for total in throw.values())
            for earlier, later in itertools.pairwise(rolls):
                best = max(earlier.values())
                assert set(later) == {s for s, total in earlier.items() if total == best}
                rethrows += 1
            last = rolls[-1]
            assert [s for s, total in last.items() if total == max(last.values())] == [first]
            firsts[players].add(first)
    assert firsts == {2: {0, 1}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}
    assert rethrows > 0
    # Clockwise: seat after seat, homes in clockwise order round the board.
    state = ENGINE.new_game(4, ENGINE.make_options({}), 7)
    assert [ENGINE.home(state, s) for s in range(4)] == [at("A1"), at("S1"), at("S19"), at("A19")]
    order, rounds = [], []
    for _ in range(6):
        order.append(state.current)
        rounds.append(state.round)
        state, _ = act(state, Roll())
        state, _ = act(state, EndMoves())
        state, events = act(state, EndTurn())
        assert of(events, TurnStarted)[0].seat == state.current
    first = order[0]
    assert order == [(first + k) % 4 for k in range(6)]
    assert rounds == [1, 1, 1, 1, 2, 2]


# =============================================================================
# Moving
# =============================================================================


def test_three_dice_are_rolled_before_moving() -> None:
    """« A chaque tour, le joueur doit lancer les 3 dés : »
    Checks: a turn starts in the roll phase, where moving is refused (roll_first); the roll
    gives three d10 and as many movement points as their sum."""
    state = ENGINE.new_game(2, ENGINE.make_options({}), 3)
    assert legal(state) == [Roll()]
    refused(state, Select(piece=9), "fireship.error.roll_first")
    refused(state, EndMoves(), "fireship.error.roll_first")
    seen = set()
    for seed in range(30):
        after, events = act(seeded(state, seed), Roll())
        (rolled,) = of(events, Rolled)
        assert len(rolled.dice) == 3 and all(1 <= d <= 10 for d in rolled.dice)
        assert after.points == sum(rolled.dice) and after.phase == "move"
        seen.add(after.points)
    assert len(seen) > 5


def test_the_roll_is_split_between_pieces() -> None:
    """« Il déplace ses pions en répartissant le nombre obtenu par les dés entre eux (ex : 2 cases pour 1 bateau, 5 cases pour 1 avion, …). »
    « Le joueur n’est pas obligé de faire tous ses déplacements. »
    Checks: with 9 points, a boat sails 2 cells (7 points left), then a plane flies 5 (2
    left); a cell 3 steps away is then out of reach for anyone (unreachable), one 2 steps
    away is not; the points left may be given up (EndMoves) and the actions follow."""
    state = build([(0, "boat", "C8"), (0, "plane", "N8"), (1, "boat", "R18")], phase="move", points=9)
    assert set(legal(state)) == {EndMoves(), Select(piece=0), Select(piece=1)}
    state, _ = act(state, Select(piece=0))
    assert state.phase == "steer" and Unselect() in legal(state)
    state, events = act(state, Steer(to=at("E8")))
    assert of(events, Moved) == [Moved(seat=0, piece=0, piece_kind="boat", start=at("C8"), end=at("E8"), cost=2)]
    assert state.points == 7 and state.phase == "move"
    state, _ = act(state, Select(piece=1))
    assert ENGINE.destinations(state)[at("N3")] == 5
    state, events = act(state, Steer(to=at("N3")))
    assert of(events, Moved)[0].cost == 5 and state.points == 2 and state.phase == "move"
    state, _ = act(state, Select(piece=0))
    refused(state, Steer(to=at("H8")), "fireship.error.unreachable")  # 3 cells, 2 points
    assert ENGINE.destinations(state)[at("G8")] == 2
    state, _ = act(state, Unselect())
    state, _ = act(state, EndMoves())
    assert state.phase == "act" and state.points == 0
    assert cells_of(state, 0) == ["E8", "N3"]


def test_moves_are_orthogonal_one_piece_a_cell_no_passing_through() -> None:
    """« Les pions ne peuvent se déplacer en diagonale et un seul pion peut être sur une case à la fois. »
    Checks: with 1 point a boat reaches its free orthogonal neighbours only, never a
    diagonal one nor an occupied one (friend or foe); with the cell ahead occupied, the
    cell behind it costs the detour round it (house rule no_passing): 4 points, not 2."""
    assert "no_passing" in HOUSE_RULES
    state = build([(0, "boat", "J8"), (0, "boat", "K8"), (1, "boat", "J7"), (1, "boat", "R18")], phase="move", points=1)
    state, _ = act(state, Select(piece=0))
    assert set(ENGINE.destinations(state)) == {at("I8"), at("J9")}
    refused(state, Steer(to=at("K9")), "fireship.error.unreachable")  # diagonal
    refused(state, Steer(to=at("K8")), "fireship.error.unreachable")  # own boat there
    refused(state, Steer(to=at("J7")), "fireship.error.unreachable")  # enemy boat there
    for points, cost in ((3, None), (4, 4)):
        wide = build([(0, "boat", "J8"), (0, "boat", "K8"), (1, "boat", "R18")], phase="steer", points=points, moving=0)
        assert ENGINE.destinations(wide).get(at("L8")) == cost
    # Planes obey the same rule.
    state = build([(0, "plane", "J8"), (1, "boat", "J7"), (1, "boat", "R18")], phase="steer", points=1, moving=0)
    assert set(ENGINE.destinations(state)) == {at("I8"), at("K8"), at("J9")}


def test_the_home_square_is_one_cell_holding_many_pieces() -> None:
    """« Le joueur peut placer ses pions comme il souhaite dans son carré de couleur, et les faire sortir par n’importe quel côté, le carré ne représente qu’une seule case. »
    Checks: four pieces share the home A1; each of them may leave by either side (B1 or A2,
    1 point each); a piece may sail back into its home while others stand there; another
    player's home is closed (house rule no_passing)."""
    state = build(
        [
            (0, "boat", "A1"),
            (0, "boat", "A1"),
            (0, "plane", "A1"),
            (0, "boat", "C1"),
            (1, "boat", "R19"),
            (1, "boat", "S19"),
        ],
        phase="move",
        points=2,
    )
    assert {a.piece for a in legal(state) if isinstance(a, Select)} == {0, 1, 2, 3}
    out, _ = act(state, Select(piece=0))
    assert ENGINE.destinations(out)[at("B1")] == 1 and ENGINE.destinations(out)[at("A2")] == 1
    back, _ = act(state, Select(piece=3))
    assert ENGINE.destinations(back)[at("A1")] == 2
    back, _ = act(back, Steer(to=at("A1")))
    assert cells_of(back, 0) == ["A1"] * 4
    # The boat next to the enemy home S19 cannot enter it.
    theirs = build([(0, "boat", "S18"), (1, "boat", "S19"), (1, "boat", "A10")], phase="steer", points=2, moving=0)
    assert at("S19") not in ENGINE.destinations(theirs)


def test_a_plane_flies_over_an_island_for_four_points() -> None:
    """« L’avion peut survoler une île s’il est à moins d’une case de cette dernière et atterrir où il veut à côté de l’ile (moins d’une case de distance). »
    « Le survol d’une île coûte 4 déplacements au tirage de dés. »
    Checks: a plane on I10, walled in by three pieces (H10, I9, I11), flies over the island
    J10 with 4 points and may land on any free cell around it (J9, K9, K10, K11, J11), at a
    cost of 4; with 3 points it cannot; a boat in the same place cannot move at all."""
    walls = [(1, "boat", "H10"), (1, "boat", "I9"), (1, "boat", "I11")]
    state = build([(0, "plane", "I10"), *walls], phase="move", points=4)
    assert Select(piece=0) in legal(state)
    state, _ = act(state, Select(piece=0))
    landings = {label(c): cost for c, cost in ENGINE.destinations(state).items()}
    assert landings == {"J9": 4, "K9": 4, "K10": 4, "K11": 4, "J11": 4}
    state, events = act(state, Steer(to=at("K11")))
    assert of(events, Moved)[0].cost == 4 and state.points == 0 and state.phase == "act"
    short = build([(0, "plane", "I10"), *walls], phase="move", points=3)
    assert legal(short) == [EndMoves()]
    boat = build([(0, "boat", "I10"), *walls], phase="move", points=10)
    assert legal(boat) == [EndMoves()]
    refused(boat, Select(piece=0))


# =============================================================================
# Attacks: power, reach, the dice
# =============================================================================


def test_attacks_come_after_the_moves() -> None:
    """« Toutes les actions s’effectuent en fin de tour après le déplacement des pions sauf mention du contraire. »
    Checks: an attack within reach is refused while moving (end_moves_first) and offered
    once the moves are over."""
    state = build([(0, "plane", "J8"), (1, "boat", "K8")], phase="move", points=5)
    attack = Attack(leader="0", target="1")
    refused(state, attack, "fireship.error.end_moves_first")
    state, _ = act(state, EndMoves())
    assert attack in legal(state)


def test_power_counts_the_leader_and_its_colour_one_cell_around() -> None:
    """« 1 bateau vaut 1 point »
    « 1 avion vaut 2 points »
    « 1 cuirassé vaut 4 points »
    « 1 île vaut 2 points »
    « Seuls les pions qui sont à une case de distance de ce dernier et de sa couleur lui confèrent de la puissance d’attaque. »
    « Seuls les pions qui sont à une case de distance de cette dernière et de sa couleur lui confèrent de la puissance de défense. »
    Checks (house rule one_cell: the 8 cells around): a boat on I9 supported by a plane (H8,
    diagonal), a battleship (I8) and its island J10 (diagonal) attacks with 1+2+4+2 = 9;
    its boat on G9, two cells away, adds nothing (though it touches the target). The
    enemy boat on H10 defends with its plane (G10) and battleship (G11): 1+2+4 = 7; its
    boat on F10, two cells away, adds nothing."""
    assert "one_cell" in HOUSE_RULES
    state = build(
        [
            (0, "boat", "I9"),
            (0, "plane", "H8"),
            (0, "battleship", "I8"),
            (0, "boat", "G9"),
            (1, "boat", "H10"),
            (1, "plane", "G10"),
            (1, "battleship", "G11"),
            (1, "boat", "F10"),
        ],
        islands={5: 0},
    )
    assert ENGINE.power(state, "0") == 9 and ENGINE.power(state, "4") == 7
    option = attacks(state)[("0", "4", False)]
    assert (option.attack, option.defence, option.die) == (9, 7, "blue")
    _after, events = act(state, Attack(leader="0", target="4"))
    assert of(events, Attacked) == [
        Attacked(
            seat=0,
            leader="0",
            target="4",
            defender=1,
            attack=9,
            defence=7,
            leader_kind="boat",
            leader_cell=at("I9"),
            target_kind="boat",
            target_cell=at("H10"),
        )
    ]
    # Each kind's own worth, alone.
    alone = build([(0, "boat", "B3"), (0, "plane", "F3"), (0, "battleship", "M3"), (1, "boat", "R18")], islands={1: 1})
    assert [ENGINE.power(alone, ref) for ref in ("0", "1", "2", "i1")] == [1, 2, 4, 2]


def test_no_attack_below_the_defence() -> None:
    """« Le joueur ne peut attaquer que si sa puissance d’attaque est supérieure ou égale à la puissance de défense de la cible. »
    Checks: a lone boat may not attack a plane (1 < 2): not offered, refused
    (no_such_attack); with a second boat beside it (2 = 2) it may; a target two cells away
    is out of reach."""
    state = build([(0, "boat", "J8"), (1, "plane", "K8"), (1, "boat", "L8")])
    assert ("0", "1", False) not in attacks(state)
    refused(state, Attack(leader="0", target="1"), "fireship.error.no_such_attack")
    refused(state, Attack(leader="0", target="2"), "fireship.error.no_such_attack")  # two cells away
    helped = build([(0, "boat", "J8"), (1, "plane", "K8"), (1, "boat", "M8"), (0, "boat", "I8")])
    option = attacks(helped)[("0", "1", False)]
    assert (option.attack, option.defence, option.die) == (2, 2, "plain")


def test_every_other_colour_is_an_enemy() -> None:
    """« Les alliances sont interdites, toutes les couleurs autres que celle du joueur sont ennemies. »
    « Après avoir lancé les dés, le joueur peut choisir d’attaquer une cible qui peut être n’importe quel pion d’une couleur adverse (îles incluses). »
    Checks: with three players, a battleship may attack either enemy's boat, the white
    boat and an enemy island next to it, never its own pieces."""
    state = build(
        [
            (0, "battleship", "J8"),
            (0, "boat", "K7"),
            (1, "boat", "I8"),
            (2, "boat", "K8"),
            (None, "boat", "J7"),
            (2, "boat", "J9"),
        ],
        seats=3,
        islands={5: 1},
    )
    targets = {target for leader, target, _ in attacks(state) if leader == "0"}
    assert targets == {"2", "3", "4", "5"}
    assert not any(target == "1" for _, target, _ in attacks(state))
    state = build([(0, "battleship", "I9"), (1, "boat", "A19")], seats=2, islands={5: 1})
    assert ("0", "i5", False) in attacks(state)


@pytest.mark.parametrize("face", range(6))
def test_equal_power_rolls_the_plain_die_greater_the_blue_one(face: int) -> None:
    """« Si la puissance d’attaque est égale à la puissance de défense »
    « Si la puissance d’attaque est supérieure à la puissance de défense »
    « Si le joueur obtient « gagné », il gagne, sinon rien ne se passe. »
    Checks, for each face of the win/lose die (a seeded throw): at equal power (boat
    against boat) the plain die is thrown and wins on 3 faces of 6; at greater power
    (plane against boat) the blue-edged die, winning on 4 of 6. A win sinks the target;
    a loss changes nothing on the board."""
    for leader, die, wins in (("boat", "plain", face < 3), ("plane", "blue", face < 4)):
        state = build([(0, leader, "J8"), (1, "boat", "K8"), (1, "boat", "R18")], seed=face_seed(face))
        after, events = act(state, Attack(leader="0", target="1"))
        assert of(events, AttackRolled) == [AttackRolled(seat=0, die=die, won=wins)]
        assert (1 in ids(after)) is not wins
        assert after.pieces == (state.pieces if not wins else [p for p in state.pieces if p.id != 1])
        assert after.phase == "act" and after.current == 0 and after.led == ["0"]
        if wins:
            assert of(events, Destroyed) == [Destroyed(pieces=[(1, "boat", at("K8"))], cause="attack")]
            assert after.supply[1]["boat"] == state.supply[1]["boat"] + 1  # back in the box (house rule supply)


# =============================================================================
# Islands
# =============================================================================


def test_taking_a_white_island() -> None:
    """« Si le joueur gagne une île, il remplace le drapeau de l’île avec un drapeau de sa couleur et place un bateau dans la case de l’île avec le point vert. Les autres pions adverses sont détruits. »
    Checks (house rules white and green_dot): the white island J10 defends with its own 2
    and its white boat's 1 (on the green dot J11); a battleship (4) attacks with the
    blue-edged die; on a win the flag turns to the winner's colour, the white boat is
    destroyed and one of the winner's boats (from its supply) takes the green dot. A third
    colour's boat beside the island is no defender and stays."""
    assert {"white", "green_dot"} <= set(HOUSE_RULES)
    state = build(
        [(0, "battleship", "I9"), (None, "boat", "J11"), (2, "boat", "K9"), (1, "boat", "A19")],
        seats=3,
        seed=face_seed(0),
    )
    assert ENGINE.power(state, "i5") == 3
    option = attacks(state)[("0", "i5", False)]
    assert (option.attack, option.defence, option.die) == (4, 3, "blue")
    after, events = act(state, Attack(leader="0", target="i5"))
    assert of(events, Attacked)[0].defender is None
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="blue", won=True)]
    assert of(events, IslandTaken) == [IslandTaken(seat=0, island=4, previous=None)]
    assert of(events, Destroyed) == [Destroyed(pieces=[(None, "boat", at("J11"))], cause="island")]
    assert after.islands[4] == 0 and after.islands.count(None) == 8
    dot = [p for p in after.pieces if p.cell == at("J11")]
    assert [(p.owner, p.kind) for p in dot] == [(0, "boat")]
    assert after.supply[0]["boat"] == state.supply[0]["boat"] - 1
    assert 2 in ids(after)
    # A lost throw: nothing happens.
    missed, events = act(seeded(state, face_seed(5)), Attack(leader="0", target="i5"))
    assert not of(events, IslandTaken) and missed.islands == state.islands and missed.pieces == state.pieces


def test_taking_an_enemy_island() -> None:
    """« Si le joueur gagne une île, il remplace le drapeau de l’île avec un drapeau de sa couleur et place un bateau dans la case de l’île avec le point vert. Les autres pions adverses sont détruits. »
    Checks: seat 1's island J10 defends with 2 + its boats on J11 and K10 (4); seat 0's
    battleship and plane attack with 6; on a win seat 1's pieces around the island are
    destroyed, its boat two cells away (L10) is not, seat 0's flag flies and its boat
    takes the green dot."""
    state = build(
        [(0, "battleship", "I9"), (0, "plane", "H9"), (1, "boat", "J11"), (1, "boat", "K10"), (1, "boat", "L10")],
        islands={5: 1},
        seed=face_seed(1),
    )
    option = attacks(state)[("0", "i5", False)]
    assert (option.attack, option.defence, option.die) == (6, 4, "blue")
    after, events = act(state, Attack(leader="0", target="i5"))
    assert of(events, IslandTaken) == [IslandTaken(seat=0, island=4, previous=1)]
    assert sorted(of(events, Destroyed)[0].pieces) == [(1, "boat", at("J11")), (1, "boat", at("K10"))]
    assert after.islands[4] == 0
    assert cells_of(after, 1) == ["L10"] and "J11" in cells_of(after, 0, "boat")
    assert not after.out[1]


def test_an_island_can_lead_an_attack() -> None:
    """« Une île peut attaquer au même titre que des pions. »
    Checks: seat 0's island J10 (2, with its boat on J11: 3) attacks the enemy boat on
    K10 (1) with the blue-edged die and sinks it; having led, the island cannot lead again
    this turn."""
    state = build([(0, "boat", "J11"), (1, "boat", "K10"), (1, "boat", "I9")], islands={5: 0}, seed=face_seed(2))
    option = attacks(state)[("i5", "1", False)]
    assert (option.attack, option.defence, option.die) == (3, 1, "blue")
    after, events = act(state, Attack(leader="i5", target="1"))
    assert of(events, AttackRolled)[0].won and 1 not in ids(after)
    assert after.led == ["i5"]
    assert not any(leader == "i5" for leader, _, _ in attacks(after))
    refused(after, Attack(leader="i5", target="2"), "fireship.error.no_such_attack")


def test_each_piece_leads_one_attack_a_turn() -> None:
    """« A chaque attaque, le joueur choisit un pion attaquant et une cible. Le pion attaquant est celui qui dirige l’attaque. »
    « Après le déplacement, le joueur peut faire une ou plusieurs actions parmi les suivantes (ou plusieurs fois une action de même type selon les circonstances) : »
    Checks (house rule lead_once): a battleship sinks the boat on K8; it may not lead
    against the boat on I8 in the same turn, lost or won, but the boat on J7 beside it may
    (1 + 4 against 1); next turn the battleship may lead again."""
    assert "lead_once" in HOUSE_RULES
    state = build(
        [(0, "battleship", "J8"), (0, "boat", "J7"), (1, "boat", "K8"), (1, "boat", "I8"), (1, "boat", "R18")],
        seed=face_seed(5),
    )
    after, events = act(state, Attack(leader="0", target="2"))
    assert not of(events, AttackRolled)[0].won  # lost, and still used up
    assert ("0", "3", False) not in attacks(after) and ("0", "2", False) not in attacks(after)
    refused(after, Attack(leader="0", target="3"), "fireship.error.no_such_attack")
    assert attacks(after)[("1", "3", False)].attack == 5
    after, _ = act(seeded(after, face_seed(0)), Attack(leader="1", target="3"))
    assert 3 not in ids(after) and after.led == ["0", "1"]
    # The next turn of seat 0: the battleship leads again.
    later, _ = act(after, EndTurn())
    later, _ = act(later, Roll())
    later, _ = act(later, EndMoves())
    later, _ = act(later, EndTurn())
    later, _ = act(later, Roll())
    later, _ = act(later, EndMoves())
    assert later.current == 0 and later.led == [] and ("0", "2", False) in attacks(later)


# =============================================================================
# Special cells
# =============================================================================


def test_special_cells_come_after_the_attacks_and_are_optional() -> None:
    """« Si le joueur souhaite utiliser une case spéciale, il doit positionner un de ses pions sur cette case, puis finir son tour en laissant le pion dessus. Il peut ensuite faire l’action indiquée par la case. Les actions de cases spéciales s’effectuent après les attaques. »
    Checks (house rule specials_optional): a plane standing on the mystery cell J3 next to
    an enemy boat may attack, use the cell, or end its turn; once the cell is used no attack
    is offered any more and one is refused (specials_done)."""
    assert "specials_optional" in HOUSE_RULES
    state = build([(0, "plane", "J3"), (0, "boat", "J8"), (1, "boat", "K3"), (1, "boat", "K8")], deck=["gain_boat"])
    assert {EndTurn(), Use(piece=0), Attack(leader="0", target="2"), Attack(leader="1", target="3")} <= set(
        legal(state)
    )
    after, events = act(state, Use(piece=0))
    assert of(events, SpecialUsed) == [SpecialUsed(seat=0, piece=0, special="mystery")]
    assert after.specials and attacks(after) == {}
    assert not any(isinstance(a, Attack) for a in legal(after))
    refused(after, Attack(leader="1", target="3"), "fireship.error.specials_done")
    assert EndTurn() in legal(after)


@pytest.mark.parametrize("face", [2, 3])
def test_the_battleship_cell(face: int) -> None:
    """« Cette case permet de gagner un pion cuirassé. Le joueur doit positionner un avion sur cette case et lancer le dé »
    « alors il ajoute un cuirassé dans son carré de couleur. »
    Checks: a boat on the battleship cell J1 may not use it (special_refused); a plane may,
    throwing the plain die (a seeded face 2 wins, face 3, a win on the blue-edged die, does
    not); a win adds a battleship from the supply to the home A1."""
    boat = build([(0, "boat", "J1"), (1, "boat", "R18")])
    assert Use(piece=0) not in legal(boat)
    refused(boat, Use(piece=0), "fireship.error.special_refused")
    state = build([(0, "plane", "J1"), (1, "boat", "R18")], seed=face_seed(face))
    after, events = act(state, Use(piece=0))
    won = face < 3
    assert of(events, BattleshipRoll) == [BattleshipRoll(seat=0, won=won)]
    assert cells_of(after, 0, "battleship") == (["A1"] if won else [])
    assert after.supply[0]["battleship"] == 2 - won
    # With both battleships already on the board, a win gives nothing.
    full = build(
        [(0, "plane", "J1"), (0, "battleship", "C3"), (0, "battleship", "D3"), (1, "boat", "R18")], seed=face_seed(0)
    )
    after, events = act(full, Use(piece=0))
    assert of(events, Gained) == [Gained(seat=0, what="battleship", given=False)]
    assert len(cells_of(after, 0, "battleship")) == 2


def test_a_piece_uses_another_special_cell_before_coming_back() -> None:
    """« Avant de revenir sur la case spéciale, le pion ayant été dessus doit obligatoirement utiliser une autre case spéciale. »
    Checks (house rule special_reuse): a boat that used the wheel G7 may not use it again
    (special_refused), whether it stayed there or came back; after using the mystery cell
    J3 it may use G7 again; another boat may use G7 at once."""
    assert "special_reuse" in HOUSE_RULES
    state = build([(0, "boat", "G7"), (1, "boat", "R18")], deck=["gain_boat"] * 3, seed=spin_seed("gain_boat"))
    after, _ = act(state, Use(piece=0))
    assert after.pieces[0].used == at("G7")
    # Next turn, still there (or back there): refused.
    again = build([(0, "boat", "G7"), (1, "boat", "R18")], deck=["gain_boat"] * 3)
    again.pieces[0].used = at("G7")
    assert Use(piece=0) not in legal(again)
    refused(again, Use(piece=0), "fireship.error.special_refused")
    # Another piece on the cell may use it.
    other = build([(0, "boat", "G7"), (0, "boat", "J3"), (1, "boat", "R18")], deck=["gain_boat"] * 3)
    other.pieces[1].used = at("G7")
    assert Use(piece=0) in legal(other)
    # Used the mystery cell meanwhile: the wheel again.
    other, _ = act(other, Use(piece=1))
    assert other.pieces[1].used == at("J3")
    moved = build([(0, "boat", "G7"), (1, "boat", "R18")], deck=["gain_boat"] * 3)
    moved.pieces[0].used = at("J3")
    assert Use(piece=0) in legal(moved)


# =============================================================================
# The wheel
# =============================================================================


def wheel_state(*segments: str, pieces: list[tuple[int | None, str, str]] | None = None, **kw: Any) -> FireshipState:
    """Seat 0's boat (piece 0) on the wheel G7, the wheel seeded to give ``segments``."""
    pieces = pieces or [(0, "boat", "G7"), (0, "plane", "A1"), (1, "boat", "R18")]
    return build(pieces, seed=spin_seed(*segments), **kw)


def test_the_wheel_gains_a_boat_or_a_plane() -> None:
    """« Le joueur tourne la roue. La roue indique l’action à faire. »
    « Gagne un bateau : le joueur ajoute 1 bateau dans son carré de couleur. »
    « Gagne un avion : le joueur ajoute 1 avion dans son carré de couleur. »
    Checks: using the wheel spins it once (Spun); a boat, or a plane, is added to the home
    A1 from the supply, with a fresh number."""
    for segment, kind in (("gain_boat", "boat"), ("gain_plane", "plane")):
        state = wheel_state(segment)
        after, events = act(state, Use(piece=0))
        assert of(events, SpecialUsed)[0].special == "wheel"
        assert of(events, Spun) == [Spun(seat=0, segment=segment)]
        assert of(events, Gained) == [Gained(seat=0, what=kind, given=True)]
        (new,) = [p for p in after.pieces if p.id not in ids(state)]
        assert (new.owner, new.kind, new.cell, new.id) == (0, kind, at("A1"), state.next_id)
        assert after.supply[0][kind] == state.supply[0][kind] - 1


def test_the_wheel_loses_a_boat() -> None:
    """« Perds un bateau : le bateau sort du plateau. »
    Checks: the player chooses which of its boats leaves (a pick: one Lose per boat, never
    a plane); the boat goes back to the supply; with no boat at all nothing happens."""
    state = wheel_state(
        "lose_boat", pieces=[(0, "boat", "G7"), (0, "boat", "C3"), (0, "plane", "A1"), (1, "boat", "R18")]
    )
    picking, events = act(state, Use(piece=0))
    assert picking.phase == "pick" and ENGINE.view(picking, 0).pick == "lose_boat"
    assert set(legal(picking)) == {Lose(piece=0), Lose(piece=1)}
    refused(picking, Lose(piece=2))
    after, events = act(picking, Lose(piece=1))
    assert of(events, Destroyed) == [Destroyed(pieces=[(0, "boat", at("C3"))], cause="lost")]
    assert after.phase == "act" and cells_of(after, 0) == ["A1", "G7"]
    planes = wheel_state("lose_boat", pieces=[(0, "plane", "G7"), (1, "boat", "R18")])
    after, _ = act(planes, Use(piece=0))
    assert after.phase == "act" and ids(after) == ids(planes)


def test_the_wheel_loses_a_plane_but_never_the_last_one() -> None:
    """« Perds un avion : l’avion sort du plateau sauf si le joueur n’a plus qu’un seul avion sur le plateau. »
    Checks: with one plane, PlaneSpared and the plane stays; with two, the player picks
    which one leaves."""
    state = wheel_state("lose_plane")
    after, events = act(state, Use(piece=0))
    assert of(events, PlaneSpared) == [PlaneSpared(seat=0)]
    assert after.phase == "act" and ids(after) == ids(state)
    two = wheel_state(
        "lose_plane", pieces=[(0, "boat", "G7"), (0, "plane", "A1"), (0, "plane", "C3"), (1, "boat", "R18")]
    )
    picking, _ = act(two, Use(piece=0))
    assert set(legal(picking)) == {Lose(piece=1), Lose(piece=2)}
    after, _ = act(picking, Lose(piece=2))
    assert cells_of(after, 0, "plane") == ["A1"]


def test_the_wheel_draws_a_card_or_spins_again() -> None:
    """« Pioche une carte : le joueur pioche une carte. »
    « Relance la roue : le joueur fait tourner la roue. »
    Checks: "draw a card" takes the top mystery card (here "gain a plane", played at once);
    "spin again" spins a second time and does what that spin says."""
    state = wheel_state("draw_card", deck=["boum", "gain_plane"])
    after, events = act(state, Use(piece=0))
    assert of(events, Drew) == [Drew(seat=0, card="gain_plane")]
    assert after.deck == ["boum"] and cells_of(after, 0, "plane") == ["A1", "A1"]
    state = wheel_state("spin_again", "gain_boat")
    after, events = act(state, Use(piece=0))
    assert of(events, Spun) == [Spun(seat=0, segment="spin_again"), Spun(seat=0, segment="gain_boat")]
    assert cells_of(after, 0, "boat") == ["A1", "G7"]


@pytest.mark.parametrize("badge", ["boum", "gulf_stream", "fog", "updraft"])
def test_the_wheel_gives_badges(badge: str) -> None:
    """« Boum : Donne un badge* boum au joueur. »
    « Gulf Stream : Donne un badge* Gulf Stream au joueur. »
    « Brouillard : Donne un badge* Brouillard au joueur. »
    « Vent ascendant : Donne un badge* Vent Ascendant au joueur. »
    Checks: the badge moves from the stock to the player, in public (the other seat's view
    shows it); with the stock empty, nothing is given."""
    state = wheel_state(f"badge_{badge}")
    after, events = act(state, Use(piece=0))
    assert of(events, Gained) == [Gained(seat=0, what=f"badge_{badge}", given=True)]
    assert after.badges[0] == [badge] and after.badge_stock[badge] == cards.BADGES[badge] - 1
    assert ENGINE.view(after, 1).badges[0] == [badge] and ENGINE.view(after, None).badges[0] == [badge]
    empty = wheel_state(f"badge_{badge}", badge_stock={**cards.BADGES, badge: 0})
    after, events = act(empty, Use(piece=0))
    assert of(events, Gained)[0].given is False and after.badges[0] == []


def test_every_wheel_segment_is_covered() -> None:
    """« Les actions de la roue sont : »
    Checks: the wheel has the book's 11 actions, and each of them is reachable from a seed
    (the scenarios above and below play every one of them)."""
    assert len(cards.WHEEL) == 11
    assert {segment: spin_seed(segment) >= 0 for segment in cards.WHEEL} == dict.fromkeys(cards.WHEEL, True)


def test_the_kraken_of_the_wheel() -> None:
    """« Kraken : Tous les pions dans un carré de 2 cases autour du pion du joueur (soit un carré de 5 cases sur 5 cases) sont totalement détruits et engloutis par le Kraken. Ils sortent du plateau. »
    Checks (house rule kraken): around the boat on the wheel G7, every piece in the 5 x 5
    square E5-I9 is destroyed, whoever owns it (an enemy boat and plane on its corners, the
    player's own boat, the white boat on E6), except the boat at the centre; pieces just
    outside (J7, G10) stay, and so does the island E5's flag."""
    assert "kraken" in HOUSE_RULES
    pieces = [
        (0, "boat", "G7"),
        (1, "boat", "E9"),
        (1, "plane", "I5"),
        (0, "boat", "H8"),
        (None, "boat", "E6"),
        (1, "boat", "J7"),
        (1, "boat", "G10"),
        (0, "plane", "A1"),
    ]
    state = wheel_state("kraken", pieces=pieces, islands={1: 1})
    after, events = act(state, Use(piece=0))
    assert of(events, KrakenRose) == [KrakenRose(seat=0, cell=at("G7"))]
    (destroyed,) = of(events, Destroyed)
    assert destroyed.cause == "kraken"
    assert sorted(label(c) for _, _, c in destroyed.pieces) == ["E6", "E9", "H8", "I5"]
    assert ids(after) == {0, 5, 6, 7}
    assert after.islands[0] == 1 and after.phase == "act"


def test_the_kraken_of_a_card_rises_on_a_chance_cell_of_the_players_choice() -> None:
    """« Tourne la roue : le joueur tourne la roue. »
    « Quand le joueur obtient un kraken sur cette carte, il choisit sur quelle case il apparaîtra parmi toutes les cases chance. »
    Checks: a "Tourne la roue" card drawn on the mystery cell J3 is shown and spins the
    wheel; on a Kraken the player picks among the 8 chance cells (the wheel and mystery
    cells), nothing else; risen on M13 it destroys every piece in M13's square but the one
    on M13."""
    state = build(
        [(0, "plane", "J3"), (1, "boat", "M13"), (1, "boat", "O14"), (0, "boat", "K11"), (1, "boat", "R18")],
        deck=["wheel"],
        seed=spin_seed("kraken"),
    )
    picking, events = act(state, Use(piece=0))
    assert of(events, Drew) == [Drew(seat=0, card="wheel")] and of(events, Spun)[0].segment == "kraken"
    assert picking.phase == "pick" and ENGINE.to_act(picking) == {0}
    assert set(legal(picking)) == {Rise(at=cell) for cell in CHANCE_CELLS}
    assert set(CHANCE_CELLS) == set(WHEEL_CELLS) | set(MYSTERY_CELLS)
    refused(picking, Rise(at=at("J8")))
    after, events = act(picking, Rise(at=at("M13")))
    assert of(events, KrakenRose) == [KrakenRose(seat=0, cell=at("M13"))]
    assert sorted(label(c) for _, _, c in of(events, Destroyed)[0].pieces) == ["K11", "O14"]
    assert ids(after) == {0, 1, 4} and after.phase == "act"


# =============================================================================
# Mystery cards
# =============================================================================


def test_kept_cards_go_to_the_hand_in_secret_the_others_act_at_once() -> None:
    """« Le joueur pioche une carte mystère qui indique une action à faire. Certaines cartes peuvent se garder et rester cachées face cachée et jouées plus tard si le joueur le souhaite. Certaines cartes doivent être jouées immédiatement. »
    Checks (house rule kept_cards): drawn on the mystery cell, Non, Boum, +1, Vent
    ascendant, Brouillard and Tourbillon go to the hand: the public Drew names no card, the
    KeptCard event is addressed to the holder only, and only the holder's view shows the
    hand; every other card is shown and played at once, then discarded."""
    assert "kept_cards" in HOUSE_RULES
    assert {"non", "boum", "plus_one", "updraft", "fog", "whirlpool"} == cards.KEEPABLE
    for card in cards.DECK:
        state = build(
            [(0, "plane", "J3"), (0, "plane", "A1"), (0, "boat", "A1"), (1, "boat", "R18")],
            deck=["gain_boat", card],
            seed=spin_seed("gain_boat"),
        )
        after, events = act(state, Use(piece=0))
        assert after.deck == ["gain_boat"]
        if card in cards.KEEPABLE:
            assert of(events, Drew) == [Drew(seat=0, card=None)]
            (kept,) = of(events, KeptCard)
            assert kept.card == card and kept.audience == frozenset({0})
            assert kept.visible_to(0) and not kept.visible_to(1) and not kept.visible_to(None)
            assert after.hands[0] == [card] and after.discard == []
            assert ENGINE.view(after, 0).hand == [card]
            assert ENGINE.view(after, 1).hand == [] and ENGINE.view(after, None).hand is None
        else:
            assert of(events, Drew) == [Drew(seat=0, card=card)] and not of(events, KeptCard)
            assert after.hands[0] == [] and after.discard == [card]
    state = build([(0, "plane", "J3"), (1, "boat", "R18")], deck=["gain_boat"])
    after, events = act(state, Use(piece=0))
    assert of(events, Gained) == [Gained(seat=0, what="boat", given=True)] and cells_of(after, 0, "boat") == ["A1"]


def next_turn(state: FireshipState) -> FireshipState:
    """End the current turn; each other player passes; back to the same player, after its roll
    and an empty move."""
    me = state.current
    state = finish(state)
    while state.current != me:
        state = finish(state)
    state, _ = act(state, Roll())
    state, _ = act(state, EndMoves())
    return state


def finish(state: FireshipState) -> FireshipState:
    """The current player ends its turn (rolling and giving up its moves if need be)."""
    if state.phase == "roll":
        state, _ = act(state, Roll())
    if state.phase == "steer":
        state, _ = act(state, Unselect())
    if state.phase == "move":
        state, _ = act(state, EndMoves())
    state, _ = act(state, EndTurn())
    return state


def test_boum_is_kept_and_played_on_a_later_turn() -> None:
    """« Boum : détruis un bateau de ton choix. »
    « Certaines cartes peuvent se garder et rester cachées face cachée et jouées plus tard si le joueur le souhaite. »
    Checks: a Boum drawn on the mystery cell is kept; on a later turn, after the moves, it
    destroys any boat not the player's (an enemy's or a white one, anywhere on the board),
    never a plane or a battleship; played, it is shown (CardPlayed) and discarded."""
    state = build(
        [
            (0, "plane", "J3"),
            (1, "boat", "R18"),
            (1, "plane", "Q18"),
            (1, "battleship", "P18"),
            (None, "boat", "E6"),
            (0, "boat", "B2"),
        ],
        deck=["boum"],
    )
    state, _ = act(state, Use(piece=0))
    assert state.hands[0] == ["boum"]
    state = next_turn(state)
    assert state.current == 0 and state.phase == "act"
    plays = {a for a in legal(state) if isinstance(a, Play)}
    assert plays == {Play(card="boum", at="1"), Play(card="boum", at="4")}
    refused(state, Play(card="boum", at="2"))  # a plane
    refused(state, Play(card="boum", at="5"))  # its own boat
    after, events = act(state, Play(card="boum", at="1"))
    assert of(events, CardPlayed) == [CardPlayed(seat=0, card="boum", badge=False, at="1")]
    assert of(events, Destroyed) == [Destroyed(pieces=[(1, "boat", at("R18"))], cause="boum")]
    assert after.hands[0] == [] and "boum" in after.discard


def attack_with_reactions(hands: dict[int, list[str]], seed: int = 0) -> FireshipState:
    """Seat 0's boat on J8 (with a boat beside it on I8: 2) attacks seat 1's plane on K8 (2)."""
    state = build(
        [(0, "boat", "J8"), (0, "boat", "I8"), (1, "plane", "K8"), (1, "boat", "R18")],
        hands=hands,
        seed=face_seed(seed),
    )
    state, _events = act(state, Attack(leader="0", target="2"))
    return state


def test_non_cancels_an_attack_in_a_reaction_window() -> None:
    """« Non : annule n’importe quelle action une fois (aucune limite). »
    Checks (house rule reactions): the defender holding Non is asked (to_act is the
    defender, whose view alone says so; the attacker's view still shows its own turn);
    its legal actions are Accept and Play(non); the Non cancels the attack: no throw, the
    plane stays, the leader has led, and play returns to the attacker. Accepting lets the
    attack go on."""
    assert "reactions" in HOUSE_RULES
    state = attack_with_reactions({1: ["non"]})
    assert state.phase == "react" and ENGINE.to_act(state) == {1}
    assert ENGINE.view(state, 1).asked and ENGINE.view(state, 1).phase == "react"
    assert not ENGINE.view(state, 0).asked and ENGINE.view(state, 0).phase == "act"
    assert not ENGINE.view(state, None).asked
    assert set(legal(state, 1)) == {Accept(), Play(card="non")}
    assert ENGINE.legal_actions(state, 0) == []
    after, events = act(state, Play(card="non"), seat=1)
    assert of(events, Cancelled) == [Cancelled(action="attack")] and not of(events, AttackRolled)
    assert of(events, CardPlayed) == [CardPlayed(seat=1, card="non", badge=False)]
    assert 2 in ids(after) and after.phase == "act" and ENGINE.to_act(after) == {0} and after.led == ["0"]
    assert after.hands[1] == [] and after.discard[-1] == "non"
    # Accepted: the attack is thrown (face 0: a win).
    after, events = act(state, Accept(), seat=1)
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="plain", won=True)] and 2 not in ids(after)
    assert after.hands[1] == ["non"]


def test_non_against_non() -> None:
    """« Non : annule n’importe quelle action une fois (aucune limite). »
    Checks (house rule non_on_non): the attacker holding Non answers the defender's Non,
    and the attack goes on; a defender with a second Non is asked again and cancels it."""
    assert "non_on_non" in HOUSE_RULES
    state = attack_with_reactions({0: ["non"], 1: ["non"]})
    state, _ = act(state, Play(card="non"), seat=1)
    assert state.phase == "react" and ENGINE.to_act(state) == {0} and ENGINE.view(state, 0).asked
    assert set(legal(state, 0)) == {Accept(), Play(card="non")}
    after, events = act(state, Play(card="non"), seat=0)
    assert not of(events, Cancelled) and of(events, AttackRolled)[0].won and 2 not in ids(after)
    # The defender has a second Non.
    state = attack_with_reactions({0: ["non"], 1: ["non", "non"]})
    state, _ = act(state, Play(card="non"), seat=1)
    state, _ = act(state, Play(card="non"), seat=0)
    assert ENGINE.to_act(state) == {1}
    after, events = act(state, Play(card="non"), seat=1)
    assert of(events, Cancelled) == [Cancelled(action="attack")] and 2 in ids(after)
    assert after.hands == [[], []]


def test_plus_one_in_defence_calls_off_an_equal_attack() -> None:
    """« Gagne +1 : gagne +1 en puissance lors d’une attaque ou défense. Cette carte permet notamment lors d’une égalité pendant une attaque ou une défense de devenir supérieur et donc d’annuler l’attaque si le défenseur la joue, ou d’avoir plus de chance de gagner si l’attaquant la joue. »
    Checks: at 2 against 2 the defender plays +1: the attack fails without a throw; the
    attacker, asked back, may answer with its own +1, which makes it equal again (plain die)."""
    state = attack_with_reactions({1: ["plus_one"]})
    assert set(legal(state, 1)) == {Accept(), Play(card="plus_one")}
    after, events = act(state, Play(card="plus_one"), seat=1)
    assert of(events, AttackFailed) == [AttackFailed(seat=0)] and not of(events, AttackRolled)
    assert 2 in ids(after) and after.phase == "act" and after.hands[1] == []
    state = attack_with_reactions({0: ["plus_one"], 1: ["plus_one"]}, seed=0)
    state, _ = act(state, Play(card="plus_one"), seat=1)
    assert ENGINE.to_act(state) == {0} and ENGINE.view(state, 0).pending.defence == 3
    after, events = act(state, Play(card="plus_one"), seat=0)
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="plain", won=True)]


def test_plus_one_in_attack() -> None:
    """« Gagne +1 : gagne +1 en puissance lors d’une attaque ou défense. »
    Checks: at equal power the attacker may attack with its +1 (offered as a separate
    attack, with the blue-edged die): face 3 of the die, a loss on the plain die, wins; a
    lone boat with +1 may attack a plane (1 + 1 = 2), on the plain die."""
    state = build(
        [(0, "boat", "J8"), (1, "boat", "K8"), (1, "boat", "R18")], hands={0: ["plus_one"]}, seed=face_seed(3)
    )
    options = attacks(state)
    assert options[("0", "1", False)].die == "plain" and options[("0", "1", True)].die == "blue"
    assert Attack(leader="0", target="1", plus=True).token() == "a0-1-p"
    after, events = act(state, ENGINE.parse_action("a0-1-p"))
    assert of(events, CardPlayed) == [CardPlayed(seat=0, card="plus_one", badge=False)]
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="blue", won=True)]
    assert after.hands[0] == [] and 1 not in ids(after)
    plain, events = act(state, Attack(leader="0", target="1"))
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="plain", won=False)] and plain.hands[0] == ["plus_one"]
    lone = build([(0, "boat", "J8"), (1, "plane", "K8"), (1, "boat", "R18")], hands={0: ["plus_one"]})
    assert set(attacks(lone)) == {("0", "1", True)} and attacks(lone)[("0", "1", True)].die == "plain"


def test_vent_ascendant_is_played_before_the_roll() -> None:
    """« Vent Ascendant : le joueur joue cette carte au début d’un tour pour que ses avions volent deux fois plus vite pendant un tour (pour un déplacement, l’avion parcourt deux cases). »
    « Les badges ont les mêmes effets que les cartes du même nom. »
    Checks: the card is offered before the roll, not after the moves (card_refused); played,
    the planes fly two cells a point that turn (8 cells for 4 points), boats still one; the
    next turn planes are back to one cell a point. The badge does the same."""
    pieces = [(0, "plane", "C8"), (0, "boat", "C9"), (1, "boat", "R18")]
    late = build(pieces, hands={0: ["updraft"]})
    refused(late, Play(card="updraft"), "fireship.error.card_refused")
    for badge in (False, True):
        state = build(pieces, phase="roll", **({"badges": {0: ["updraft"]}} if badge else {"hands": {0: ["updraft"]}}))
        assert set(legal(state)) == {Roll(), Play(card="updraft", badge=badge)}
        state, events = act(state, Play(card="updraft", badge=badge))
        assert of(events, CardPlayed) == [CardPlayed(seat=0, card="updraft", badge=badge)]
        assert state.updraft and state.phase == "roll" and legal(state) == [Roll()]
        assert ENGINE.view(state, 1).speed == {"boat": 1, "plane": 2, "battleship": 1}
        state, _ = act(state, Roll())
        state = state.model_copy(update={"points": 4})
        plane, _ = act(state, Select(piece=0))
        assert ENGINE.destinations(plane)[at("K8")] == 4 and at("L8") not in ENGINE.destinations(plane)
        assert ENGINE.destinations(plane)[at("E8")] == 1
        boat, _ = act(state, Select(piece=1))
        assert max(ENGINE.destinations(boat).values()) == 4 and at("H9") not in ENGINE.destinations(boat)
        if badge:
            assert state.badges[0] == [] and state.badge_stock["updraft"] == cards.BADGES["updraft"]
        later = next_turn(state)
        assert not later.updraft and ENGINE.view(later, 0).speed["plane"] == 1


def test_gulf_stream_badge_speeds_the_boats() -> None:
    """« Les badges ont les mêmes effets que les cartes du même nom. »
    Checks (house rule, HOUSE_RULES.md: Gulf Stream): the badge is played before the roll
    and the boats sail two cells a point for the turn; planes do not."""
    state = build(
        [(0, "plane", "C8"), (0, "boat", "C9"), (1, "boat", "R18")], phase="roll", badges={0: ["gulf_stream"]}
    )
    state, _ = act(state, Play(card="gulf_stream", badge=True))
    state, _ = act(state, Roll())
    state = state.model_copy(update={"points": 2})
    boat, _ = act(state, Select(piece=1))
    assert ENGINE.destinations(boat)[at("G9")] == 2
    plane, _ = act(state, Select(piece=0))
    assert at("G8") not in ENGINE.destinations(plane)


def test_brouillard_shields_until_the_next_turn() -> None:
    """« Brouillard : le joueur jouant cette carte ne peut être attaqué jusqu’à son prochain tour. Cette carte se joue en fin de tour. »
    Checks (house rule fog_boum): played after the moves (not before the roll), Brouillard
    keeps seat 1's pieces and islands out of every attack and every Boum during seat 0's
    turn, while a white boat can still be hit; it lifts when seat 1's next turn starts."""
    assert "fog_boum" in HOUSE_RULES
    pieces = [(1, "boat", "K8"), (0, "battleship", "J8"), (None, "boat", "J7"), (0, "plane", "J11")]
    early = build(pieces, current=1, phase="roll", hands={1: ["fog"]})
    assert Play(card="fog") not in legal(early)
    state = build(pieces, current=1, hands={0: ["boum"], 1: ["fog"]}, islands={5: 1})
    state, _ = act(state, Play(card="fog"))
    assert state.fog == [False, True] and ENGINE.view(state, 0).fog == [False, True]
    state, _ = act(state, EndTurn())
    state, _ = act(state, Roll())
    state, _ = act(state, EndMoves())
    assert state.current == 0 and state.fog[1]
    assert set(attacks(state)) == {("1", "2", False)}
    refused(state, Attack(leader="1", target="0"), "fireship.error.no_such_attack")
    refused(state, Attack(leader="3", target="i5"), "fireship.error.no_such_attack")
    assert {a.at for a in legal(state) if isinstance(a, Play)} == {"2"}
    state, _events = act(state, EndTurn())
    assert state.current == 1 and state.fog == [False, False]


def test_deep_hole_bermuda_skips_the_next_turn() -> None:
    """« Deep Hole Bermuda : le joueur passe son prochain tour, il place la carte en évidence sur son carré de couleur. »
    Checks: drawn, it is shown; the player acknowledges it (a pick with Accept alone, so
    that nobody learns whether it holds a Non) and is marked (public ``skip``); the
    player's next turn is passed (Skipped) and play goes straight to the next player;
    holding a Non, the player may cancel it instead."""
    state = build([(0, "plane", "J3"), (1, "boat", "R18")], deck=["bermuda"])
    state, events = act(state, Use(piece=0))
    assert of(events, Drew) == [Drew(seat=0, card="bermuda")]
    assert state.phase == "pick" and legal(state) == [Accept()] and ENGINE.view(state, 1).pick == "bermuda"
    state, events = act(state, Accept())
    assert of(events, Bermuda) == [Bermuda(seat=0)] and state.phase == "act"
    assert state.skip == [True, False] and ENGINE.view(state, 1).skip == [True, False]
    state, _ = act(state, EndTurn())
    assert state.current == 1
    state, _ = act(state, Roll())
    state, _ = act(state, EndMoves())
    state, events = act(state, EndTurn())
    assert of(events, Skipped) == [Skipped(seat=0)]
    assert [e.seat for e in of(events, TurnStarted)] == [0, 1]
    assert state.current == 1 and state.phase == "roll" and state.skip == [False, False]
    # With a Non in hand: a choice.
    state = build([(0, "plane", "J3"), (1, "boat", "R18")], deck=["bermuda"], hands={0: ["non"]})
    picking, _ = act(state, Use(piece=0))
    assert picking.phase == "pick" and set(legal(picking)) == {Accept(), Play(card="non")}
    after, events = act(picking, Play(card="non"))
    assert of(events, Cancelled) == [Cancelled(action="bermuda")] and after.skip == [False, False]
    assert after.phase == "act" and after.hands[0] == []
    after, events = act(picking, Accept())
    assert after.skip == [True, False] and after.hands[0] == ["non"]


def test_the_tourbillon_strikes_at_its_owners_next_turn() -> None:
    """« Tourbillon : le joueur pose un pion tourbillon sur une case, à son prochain tour, tous les navires dans un rayon d’une case autour du pion sont détruits. »
    Checks (house rule whirlpool): the Tourbillon goes on a cell holding an enemy ship
    (not a plane's); it waits through the opponent's turn, then, as its owner's next turn
    starts, it destroys every boat and battleship on its cell and the 8 around, whoever owns
    them, sparing planes and ships two cells away; the player then rolls as usual."""
    assert "whirlpool" in HOUSE_RULES
    state = build(
        [
            (1, "boat", "K8"),
            (1, "battleship", "L9"),
            (1, "plane", "J9"),
            (0, "boat", "J7"),
            (1, "boat", "M8"),
            (0, "plane", "A1"),
        ],
        hands={0: ["whirlpool"]},
    )
    plays = {a.at for a in legal(state) if isinstance(a, Play)}
    assert plays == {"K8", "L9", "M8"}
    state, events = act(state, Play(card="whirlpool", at="K8"))
    assert of(events, WhirlpoolPlaced) == [WhirlpoolPlaced(seat=0, cell=at("K8"))]
    assert state.whirlpools == [(0, at("K8"))] and state.hands[0] == []
    state, events = act(state, EndTurn())
    assert not of(events, WhirlpoolStruck) and ids(state) == set(range(6))
    state, _ = act(state, Roll())
    state, _ = act(state, EndMoves())
    state, events = act(state, EndTurn())
    assert of(events, WhirlpoolStruck) == [WhirlpoolStruck(seat=0, cell=at("K8"))]
    assert sorted(label(c) for _, _, c in of(events, Destroyed)[0].pieces) == ["J7", "K8", "L9"]
    assert ids(state) == {2, 4, 5} and state.whirlpools == []
    assert state.current == 0 and state.phase == "roll"


def test_losing_pieces_from_cards() -> None:
    """« Perds un bateau : le joueur sort un bateau de sa couleur de son choix du plateau. »
    « Perds un avion le joueur sort un avion de sa couleur de son choix du plateau sauf si le joueur n’a plus qu’un seul avion sur le plateau. »
    Checks: the player picks the boat (or plane) it loses among its own; the last plane on
    the board is spared; holding a Non, the player may cancel the loss."""
    pieces = [(0, "plane", "J3"), (0, "boat", "A1"), (0, "boat", "D4"), (1, "boat", "R18")]
    state = build(pieces, deck=["lose_boat"])
    picking, events = act(state, Use(piece=0))
    assert of(events, Drew) == [Drew(seat=0, card="lose_boat")]
    assert set(legal(picking)) == {Lose(piece=1), Lose(piece=2)}
    after, _ = act(picking, Lose(piece=2))
    assert cells_of(after, 0, "boat") == ["A1"] and after.supply[0]["boat"] == state.supply[0]["boat"] + 1
    state = build(pieces, deck=["lose_plane"])
    after, events = act(state, Use(piece=0))
    assert of(events, PlaneSpared) == [PlaneSpared(seat=0)] and 0 in ids(after) and after.phase == "act"
    state = build(pieces + [(0, "plane", "A1")], deck=["lose_plane"], hands={0: ["non"]})
    picking, _ = act(state, Use(piece=0))
    assert set(legal(picking)) == {Lose(piece=0), Lose(piece=4), Play(card="non")}
    after, _ = act(picking, Lose(piece=0))
    assert cells_of(after, 0, "plane") == ["A1"]
    after, events = act(picking, Play(card="non"))
    assert of(events, Cancelled) == [Cancelled(action="lose_plane")]
    assert len(cells_of(after, 0, "plane")) == 2 and after.hands[0] == [] and after.phase == "act"


def test_non_answers_a_boum_and_a_kraken() -> None:
    """« Non : annule n’importe quelle action une fois (aucune limite). »
    Checks: the owner of the boat a Boum aims at, holding a Non, is asked and may cancel it;
    so may a player whose pieces a Kraken would swallow."""
    state = build([(0, "boat", "A1"), (1, "boat", "R18")], hands={0: ["boum"], 1: ["non"]})
    asked, _ = act(state, Play(card="boum", at="1"))
    assert ENGINE.to_act(asked) == {1} and ENGINE.view(asked, 1).pending.kind == "boum"
    after, events = act(asked, Play(card="non"), seat=1)
    assert of(events, Cancelled) == [Cancelled(action="boum")] and 1 in ids(after)
    state = wheel_state("kraken", pieces=[(0, "boat", "G7"), (1, "boat", "H8"), (1, "boat", "R18")], hands={1: ["non"]})
    asked, _ = act(state, Use(piece=0))
    assert ENGINE.to_act(asked) == {1} and ENGINE.view(asked, 1).pending.kind == "kraken"
    after, events = act(asked, Play(card="non"), seat=1)
    assert of(events, Cancelled) == [Cancelled(action="kraken")] and ids(after) == {0, 1, 2}
    after, events = act(asked, Accept(), seat=1)
    assert ids(after) == {0, 2}


# =============================================================================
# The end of the game
# =============================================================================


def test_the_last_player_on_the_board_wins() -> None:
    """« Être le dernier joueur sur le plateau. »
    Checks: seat 1's last piece sunk (and no island), it is out (Eliminated) and seat 0
    wins at once; with three players the game goes on without the seat that left, whose
    turns are passed over; a player holding only an island is still on the board."""
    state = build([(0, "plane", "J8"), (1, "boat", "K8")], seed=face_seed(0))
    after, events = act(state, Attack(leader="0", target="1"))
    assert of(events, Eliminated) == [Eliminated(seat=1)]
    assert of(events, GameEnded) == [GameEnded(reason="last", winners=[0])]
    assert after.phase == "over" and ENGINE.to_act(after) == frozenset()
    outcome = ENGINE.outcome(after)
    assert outcome.winners == [0] and outcome.ranking == [[0], [1]] and outcome.reason == "last"
    three = build([(0, "plane", "J8"), (1, "boat", "K8"), (2, "boat", "R18")], seats=3, seed=face_seed(0))
    after, events = act(three, Attack(leader="0", target="1"))
    assert of(events, Eliminated) == [Eliminated(seat=1)] and not of(events, GameEnded)
    after = finish(after)
    assert after.current == 2 and after.out == [False, True, False]
    island_only = build([(0, "plane", "J8"), (1, "boat", "K8")], islands={1: 1}, seed=face_seed(0))
    after, events = act(island_only, Attack(leader="0", target="1"))
    assert not of(events, Eliminated) and after.phase == "act"


def test_losing_the_last_boat_to_the_wheel_or_a_card_ends_the_game() -> None:
    """« Être le dernier joueur sur le plateau. »
    « Perds un bateau : le bateau sort du plateau. »
    « Perds un bateau : le joueur sort un bateau de sa couleur de son choix du plateau. »
    Checks: with two players, seat 0's only piece is a boat on the wheel G7 (or on the
    mystery cell J3); the wheel (or the card drawn there) takes a boat: the only choice is that
    boat, which leaves the board; seat 0 is out and seat 1 wins at once ("last"), nobody is
    left to act and no choice is pending. With three players the game goes on: the turn
    passes to seat 1."""
    for state in (
        wheel_state("lose_boat", pieces=[(0, "boat", "G7"), (1, "boat", "R18")]),
        build([(0, "boat", "J3"), (1, "boat", "R18")], deck=["lose_boat"]),
    ):
        picking, _ = act(state, Use(piece=0))
        assert picking.phase == "pick" and legal(picking) == [Lose(piece=0)]
        over, events = act(picking, Lose(piece=0))
        assert of(events, Destroyed) == [Destroyed(pieces=[(0, "boat", state.pieces[0].cell)], cause="lost")]
        assert of(events, Eliminated) == [Eliminated(seat=0)]
        assert of(events, GameEnded) == [GameEnded(reason="last", winners=[1])]
        assert over.phase == "over" and ENGINE.to_act(over) == frozenset() and over.pick is None
        outcome = ENGINE.outcome(over)
        assert outcome.winners == [1] and outcome.ranking == [[1], [0]] and outcome.reason == "last"
    three = build([(0, "boat", "J3"), (1, "boat", "R18"), (2, "boat", "B18")], seats=3, deck=["lose_boat"])
    picking, _ = act(three, Use(piece=0))
    after, events = act(picking, Lose(piece=0))
    assert of(events, Eliminated) == [Eliminated(seat=0)] and not of(events, GameEnded)
    assert after.current == 1 and after.phase == "roll" and after.out == [True, False, False]


def test_holding_every_island_wins() -> None:
    """« Conquérir toutes les îles / le maximum en un temps imparti. »
    Checks: holding eight islands, seat 0 takes the ninth (the white J10) and wins at once
    (reason "islands"), though seat 1 still has pieces on the board."""
    held = {n: 0 for n in range(1, 10) if n != 5}
    state = build([(0, "battleship", "I9"), (None, "boat", "J11"), (1, "boat", "R18")], islands=held, seed=face_seed(0))
    after, events = act(state, Attack(leader="0", target="i5"))
    assert of(events, GameEnded) == [GameEnded(reason="islands", winners=[0])]
    assert after.phase == "over" and after.islands == [0] * 9 and not after.out[1]
    assert ENGINE.outcome(after).winners == [0]


def test_the_rounds_option_most_islands_then_most_power() -> None:
    """« Conquérir toutes les îles / le maximum en un temps imparti. »
    Checks (house rule rounds): with the option of 2 rounds the game stops when the third
    round would start; the most islands win (seat 1, one island, against seat 0's bigger
    fleet); at equal islands the most power (pieces and islands) wins; at equal both, both
    win."""
    assert "rounds" in HOUSE_RULES
    cases = [
        ({3: 1}, [(0, "battleship", "B2"), (1, "boat", "R18")], [1]),
        ({3: 1, 4: 0}, [(0, "battleship", "B2"), (1, "boat", "R18")], [0]),
        ({3: 1, 4: 0}, [(0, "boat", "B2"), (1, "boat", "R18")], [0, 1]),
    ]
    for islands, pieces, winners in cases:
        state = build(pieces, phase="roll", islands=islands, rounds=2)
        rounds = []
        while state.phase != "over":
            rounds.append((state.round, state.current))
            state = finish(state)
        assert rounds == [(1, 0), (1, 1), (2, 0), (2, 1)]
        assert state.end_reason == "rounds" and state.winners == winners
        assert ENGINE.outcome(state).winners == winners


def test_a_tourbillon_strike_can_be_answered_and_can_end_the_game() -> None:
    """« Tourbillon : le joueur pose un pion tourbillon sur une case, à son prochain tour, tous les navires dans un rayon d’une case autour du pion sont détruits. »
    « Non : annule n’importe quelle action une fois (aucune limite). »
    Checks: when the strike comes at the start of seat 0's turn, seat 1 (holding a Non) is
    asked in secret: everyone else still sees seat 1 ending its turn and hears nothing yet;
    the Non saves the boat, and the strike is told then; without it the boat sinks; a strike
    that sinks the last enemy piece ends the game."""
    pieces = [(1, "boat", "K8"), (0, "plane", "A1"), (1, "boat", "R18")]
    ending = build(pieces, current=1, whirlpools=[(0, at("K8"))], hands={1: ["non"]})
    state, events = act(ending, EndTurn())
    assert events == [] and ENGINE.to_act(state) == {1} and ENGINE.view(state, 1).asked
    assert ENGINE.view(state, 0) == ENGINE.view(ending, 0) and ENGINE.view(state, None) == ENGINE.view(ending, None)
    saved, events = act(state, Play(card="non"), seat=1)
    assert of(events, WhirlpoolStruck) == [WhirlpoolStruck(seat=0, cell=at("K8"))]
    assert of(events, Cancelled) == [Cancelled(action="whirlpool")] and 0 in ids(saved)
    assert saved.current == 0 and saved.phase == "roll" and saved.whirlpools == []
    sunk, _ = act(state, Accept(), seat=1)
    assert 0 not in ids(sunk) and sunk.phase == "roll"
    last = build([(1, "boat", "K8"), (0, "plane", "A1")], current=1, whirlpools=[(0, at("K8"))])
    _over, events = act(last, EndTurn())
    assert of(events, GameEnded) == [GameEnded(reason="last", winners=[0])]


def test_white_boats_can_be_attacked_and_lost_pieces_can_be_won_again() -> None:
    """« Après avoir lancé les dés, le joueur peut choisir d’attaquer une cible qui peut être n’importe quel pion d’une couleur adverse (îles incluses). »
    Checks (house rules white and supply): the white boat on J11 may be attacked; it
    defends with 1 and its white island's 2; a destroyed piece goes back to its owner's
    supply, from which it can be won again."""
    state = build([(0, "battleship", "I11"), (None, "boat", "J11"), (1, "boat", "R18")], seed=face_seed(0))
    option = attacks(state)[("0", "1", False)]
    assert (option.attack, option.defence, option.die) == (4, 3, "blue")
    after, _ = act(state, Attack(leader="0", target="1"))
    assert 1 not in ids(after) and ENGINE.power(after, "i5") == 2
    full = build(
        [(0, "boat", "J3")] + [(0, "boat", "A1")] * 14 + [(1, "plane", "K3"), (1, "boat", "R18")],
        deck=["gain_boat", "gain_boat"],
    )
    assert full.supply[0]["boat"] == 0
    _none, events = act(full, Use(piece=0))
    assert of(events, Gained) == [Gained(seat=0, what="boat", given=False)]
    lost = build(
        [(0, "boat", "J3")] + [(0, "boat", "A1")] * 14 + [(1, "plane", "K3"), (1, "boat", "R18")],
        deck=["gain_boat", "gain_boat"],
        hands={1: ["boum"]},
        current=1,
    )
    lost, _ = act(lost, Play(card="boum", at="1"))
    assert lost.supply[0]["boat"] == 1
    lost = finish(lost)
    lost, _ = act(lost, Roll())
    lost, _ = act(lost, EndMoves())
    regained, events = act(lost, Use(piece=0))
    assert of(events, Gained) == [Gained(seat=0, what="boat", given=True)] and regained.supply[0]["boat"] == 0


def test_the_mystery_deck_is_reshuffled_when_it_runs_out() -> None:
    """« Le joueur pioche une carte mystère qui indique une action à faire. »
    Checks (house rule deck): with the deck empty, the played cards (discard) are shuffled
    into a new deck (Reshuffled) and the draw goes on; cards kept in hands stay there."""
    assert "deck" in HOUSE_RULES
    state = build(
        [(0, "plane", "J3"), (1, "boat", "R18")], deck=[], discard=["gain_boat", "gain_boat", "non"], hands={1: ["fog"]}
    )
    after, events = act(state, Use(piece=0))
    assert [e.kind for e in events][:3] == ["special_used", "reshuffled", "drew"]
    assert len(after.deck) == 2 and after.hands[1] == ["fog"]
    assert len(after.deck) + len(after.discard) + sum(len(h) for h in after.hands) == 4


def test_the_attackers_non_takes_away_the_defenders_plus_one() -> None:
    """« Non : annule n’importe quelle action une fois (aucune limite). »
    « Cette carte permet notamment lors d’une égalité pendant une attaque ou une défense de devenir supérieur et donc d’annuler l’attaque si le défenseur la joue »
    Checks: at 2 against 2 the defender's +1 would call the attack off; the attacker,
    asked back, answers it with a Non: the +1 is cancelled (not the attacker's own attack),
    the powers are equal again and the plain die is thrown. A defender still holding a Non
    may then cancel the attack itself."""
    state = attack_with_reactions({0: ["non"], 1: ["plus_one"]})
    state, _ = act(state, Play(card="plus_one"), seat=1)
    assert ENGINE.to_act(state) == {0} and set(legal(state, 0)) == {Accept(), Play(card="non")}
    after, events = act(state, Play(card="non"), seat=0)
    assert not of(events, Cancelled) and not of(events, AttackFailed)
    assert of(events, AttackRolled) == [AttackRolled(seat=0, die="plain", won=True)] and 2 not in ids(after)
    assert after.hands == [[], []]
    state = attack_with_reactions({0: ["non"], 1: ["plus_one", "non"]})
    state, _ = act(state, Play(card="plus_one"), seat=1)
    state, _ = act(state, Play(card="non"), seat=0)
    assert ENGINE.to_act(state) == {1} and ENGINE.view(state, 1).pending.defence == 2
    after, events = act(state, Play(card="non"), seat=1)
    assert of(events, Cancelled) == [Cancelled(action="attack")] and 2 in ids(after)


def test_badges_act_like_the_cards_of_the_same_name() -> None:
    """« Les badges ont les mêmes effets que les cartes du même nom. »
    Checks: a Boum badge sinks a boat of the player's choice and a Brouillard badge shields
    the player, both played after the moves like the cards; a badge played goes back to
    the stock."""
    state = build([(0, "boat", "A1"), (1, "boat", "R18"), (1, "plane", "Q18")], badges={0: ["boum", "fog"]})
    plays = {a for a in legal(state) if isinstance(a, Play)}
    assert plays == {Play(card="boum", badge=True, at="1"), Play(card="fog", badge=True)}
    after, events = act(state, ENGINE.parse_action("bboum-1"))
    assert of(events, Destroyed) == [Destroyed(pieces=[(1, "boat", at("R18"))], cause="boum")]
    assert after.badges[0] == ["fog"] and after.badge_stock["boum"] == cards.BADGES["boum"]
    after, _ = act(after, ENGINE.parse_action("bfog"))
    assert after.fog == [True, False] and after.badges[0] == []
