"""The Fireship sea (groundwork for issue 6): the map of the house rules, labels, and movement."""

from games.fireship import board
from games.fireship.board import OVERFLY_COST, around, is_sea, reachable
from tests.games.rule_book import check_quotes


def test_quotes_are_verbatim() -> None:
    check_quotes(__name__, "002_0bf5331d1c49f2cc.txt", minimum=5)


def test_the_map_matches_the_house_rules() -> None:
    """9 islands in a 3 x 3 pattern with a green dot below each; homes in the corners;
    4 battleship, 4 wheel and 4 mystery cells; the map is the same seen from every corner."""
    assert len(board.MAP) == board.SIZE and all(len(line) == board.SIZE for line in board.MAP)
    assert len(board.ISLANDS) == 9 and len({c for c, _ in board.ISLANDS}) == 3 == len({r for _, r in board.ISLANDS})
    assert all(is_sea(dot) and dot not in board.SPECIAL_CELLS for dot in board.GREEN_DOTS)
    assert [board.MAP[r][c] for c, r in board.HOMES] == ["H"] * 4
    assert (len(board.BATTLESHIP_CELLS), len(board.WHEEL_CELLS), len(board.MYSTERY_CELLS)) == (4, 4, 4)
    marks = {
        (c, r): board.MAP[r][c] for r in range(board.SIZE) for c in range(board.SIZE) if board.MAP[r][c] not in ".g"
    }
    last = board.SIZE - 1
    for turned in (
        {(last - c, r): m for (c, r), m in marks.items()},
        {(c, last - r): m for (c, r), m in marks.items()},
    ):
        assert turned == marks


def test_labels_round_trip() -> None:
    cells = [(c, r) for r in range(board.SIZE) for c in range(board.SIZE)]
    assert board.label((0, 0)) == "A1" and board.label((18, 18)) == "S19"
    assert all(board.parse_label(board.label(cell)) == cell for cell in cells)
    for bad in ("", "A", "A0", "A20", "T1", "a1", "A01", "A1 "):
        assert board.parse_label(bad) is None


def test_moves_are_orthogonal_and_cost_a_point_a_cell() -> None:
    """« Les pions ne peuvent se déplacer en diagonale »: two points reach cells two steps away."""
    start = (9, 7)
    found = reachable(start, 2, blocked=[])
    assert found[(9, 6)] == 1 and found[(10, 6)] == 2 and found[(11, 7)] == 2
    assert (11, 6) not in found  # three orthogonal steps away
    assert all(abs(c - 9) + abs(r - 7) <= 2 for c, r in found)


def test_pieces_neither_stand_on_islands_nor_pass_through_others() -> None:
    """« un seul pion peut être sur une case à la fois »; pieces do not pass through (house rule)."""
    island = board.ISLANDS[4]
    found = reachable((island[0], island[1] - 1), 3, blocked=[])
    assert island not in found
    assert reachable((0, 1), 5, blocked=[(0, 2), (1, 1), (0, 0)]) == {}  # walled in by pieces and a home
    around_one = reachable((0, 1), 3, blocked=[(0, 2), (1, 1)])  # the way out is through the home
    assert around_one == {(0, 0): 1, (1, 0): 2, (2, 0): 3}


def test_a_plane_flies_over_an_island_for_four_points() -> None:
    """« Le survol d’une île coûte 4 déplacements » and the plane lands « à côté de l’ile »."""
    col, row = board.ISLANDS[4]
    west, east = (col - 1, row), (col + 1, row)
    walls = [(col - 2, row), (col - 1, row - 1), (col - 1, row + 1)]  # pieces around the west cell
    assert reachable(west, 10, blocked=walls) == {}  # a boat is stuck there
    plane = reachable(west, OVERFLY_COST, blocked=walls, plane=True)
    assert plane[east] == OVERFLY_COST and set(plane) <= set(around((col, row)))
    assert reachable(west, OVERFLY_COST - 1, blocked=walls, plane=True) == {}
    assert (col, row) not in plane


def test_double_speed_moves_two_cells_a_point() -> None:
    """Vent ascendant: « l’avion parcourt deux cases » per point."""
    found = reachable((9, 7), 1, blocked=[], per_point=2)
    assert found[(9, 5)] == 1 and found[(10, 6)] == 1
