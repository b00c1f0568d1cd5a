"""The Labyrinthe secret castle picture: valid PNGs from seeded play-outs, and pixels that show what the view says (walls,
the sought treasure, pawns, collected treasures, reachable cells)."""

import io

import pytest
from PIL import Image

from bench.pictures import play
from bot.ui.png import blend
from cogs.labyrinthe.picture import (
    FADED,
    FLOOR_FIXED,
    FLOOR_TURNING,
    GOLD,
    HEIGHT,
    NEIGHBOURS,
    PAWN_COLOURS,
    REACH_TINT,
    TARGET,
    WALL_COLOUR,
    WIDTH,
    boundary_point,
    cell_centre,
    render,
)
from games.labyrinthe import ENGINE
from games.labyrinthe.maze import TURNING, all_positions, paths
from games.labyrinthe.models import LabyrintheState, LabyrintheView, Turn
from tests.cogs import png_checks
from tests.cogs.png_checks import close

GAMES = ((0, 2), (2, 4))  # (seed, seats): a short game, and one with duels


@pytest.fixture(scope="module")
def games() -> list[list[LabyrintheState]]:
    return [play(ENGINE, seed, seats) for seed, seats in GAMES]


def public(state: LabyrintheState) -> LabyrintheView:
    return ENGINE.view(state, None)


def picture(view: LabyrintheView) -> Image.Image:
    png = render(view)
    check_png(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def check_png(png: bytes) -> None:
    png_checks.check_png(png, (WIDTH, HEIGHT))


def count_near(image: Image.Image, xy: tuple[int, int], colour: tuple[int, int, int], radius: int) -> int:
    """Pixels of ``colour`` in the square of half-side ``radius`` around ``xy``."""
    x, y = xy
    box = image.crop((x - radius, y - radius, x + radius + 1, y + radius + 1))
    return sum(count for count, pixel in box.getcolors(box.width * box.height) if close(pixel, colour))


def occupied(view: LabyrintheView) -> set:
    return {tuple(p) for p in view.pawns if p is not None} | {tuple(t) for t in view.treasures}


def test_renders_every_phase(games):
    seen = set()
    for states in games:
        for index, state in enumerate(states):
            if state.phase in seen and index != len(states) - 1:
                continue
            seen.add(state.phase)
            check_png(render(public(state)))
    assert {"change", "move", "challenge", "stake", "choose", "place", "over"} <= seen


def test_walls_stand_on_closed_boundaries_only(games):
    view = public(games[1][len(games[1]) // 3])
    image = picture(view)
    links = paths(tuple(view.rotation))
    busy = occupied(view)
    checked = {True: 0, False: 0}
    for a, b in NEIGHBOURS:
        if a in busy or b in busy:
            continue  # keep clear of tiles and pawns
        pixel = image.getpixel(boundary_point(a, b))
        is_open = b in links[a]
        assert close(pixel, WALL_COLOUR, 12) != is_open, (a, b, pixel)
        checked[is_open] += 1
    assert checked[True] > 10 and checked[False] > 10


def test_a_turn_moves_walls_and_the_sought_treasure(games):
    """Turning the ring of the sought treasure carries it, its highlight and the walls along."""
    state = next(
        s
        for states in games
        for s in states
        if s.phase == "change" and s.target is not None and public(s).treasures[s.target][0] in TURNING
    )
    before = public(state)
    ring = before.treasures[before.target][0]
    turn = next(a for a in ENGINE.legal_actions(state, state.current) if isinstance(a, Turn) and a.ring == ring)
    after = public(ENGINE.apply(state, state.current, turn).state)
    old, new = tuple(before.treasures[before.target]), tuple(after.treasures[after.target])
    assert old != new
    first, second = picture(before), picture(after)
    assert count_near(first, cell_centre(old), TARGET, 20) > 30
    assert count_near(first, cell_centre(new), TARGET, 20) == 0
    assert count_near(second, cell_centre(new), TARGET, 20) > 30
    assert count_near(second, cell_centre(old), TARGET, 20) == 0
    # Some boundary opened or closed, and the picture says so.
    links, turned = paths(tuple(before.rotation)), paths(tuple(after.rotation))
    busy = occupied(before) | occupied(after)
    changed = [(a, b) for a, b in NEIGHBOURS if (b in links[a]) != (b in turned[a]) and not {a, b} & busy]
    assert changed
    for a, b in changed:
        xy = boundary_point(a, b)
        assert close(first.getpixel(xy), WALL_COLOUR, 12) == (b not in links[a])
        assert close(second.getpixel(xy), WALL_COLOUR, 12) == (b not in turned[a])


def test_pawns_show_where_they_stand(games):
    state = games[1][len(games[1]) // 2]
    view = public(state)
    image = picture(view)
    for seat, pos in enumerate(view.pawns):
        assert pos is not None
        assert count_near(image, cell_centre(tuple(pos)), PAWN_COLOURS[seat], 45) > 20, seat
    # A player who leaves takes their pawn away.
    leaver = next(
        s
        for s in range(state.seats)
        if s != state.current and view.pawns[s] not in view.pawns[:s] + view.pawns[s + 1 :]
    )
    gone = public(ENGINE.resign(state, leaver).state)
    assert gone.pawns[leaver] is None
    assert count_near(picture(gone), cell_centre(tuple(view.pawns[leaver])), PAWN_COLOURS[leaver], 45) == 0


def test_collected_treasures_are_faded(games):
    def alone(view: LabyrintheView) -> list[int]:
        """Treasures on cells without a pawn (the taker usually stands on theirs)."""
        pawned = {tuple(p) for p in view.pawns if p is not None}
        return [n for n, pos in enumerate(view.treasures) if tuple(pos) not in pawned]

    view = next(v for states in games for v in map(public, states) if set(v.collected) & set(alone(v)))
    image = picture(view)
    checked = {True: 0, False: 0}
    for number in alone(view):
        centre = cell_centre(tuple(view.treasures[number]))
        gold, faded = count_near(image, centre, GOLD, 12), count_near(image, centre, FADED, 12)
        if number in view.collected:
            assert faded > 100 and gold == 0, number
        else:
            assert gold > 100 and faded == 0, number
        checked[number in view.collected] += 1
    assert checked[True] and checked[False]


def test_floors_turning_rings_and_reachable_cells(games):
    """The move phase tints the cells the current player reaches; the change phase does not."""
    states = games[1]
    index = next(i for i, s in enumerate(states) if s.phase == "move" and i > 0 and states[i - 1].phase == "change")
    moving, changing = public(states[index]), public(states[index - 1])
    busy = occupied(moving) | occupied(changing)
    reach = {tuple(p) for p in moving.reachable}
    colour = PAWN_COLOURS[moving.current]
    moving_image, changing_image = picture(moving), picture(changing)
    chambers = {(5, 0), (5, 3), (5, 6), (5, 9)}
    free = [pos for pos in all_positions() if pos not in busy and pos not in chambers]
    assert any(pos in reach for pos in free) and any(pos not in reach for pos in free)
    for pos in free:
        floor = FLOOR_TURNING if pos[0] in TURNING else FLOOR_FIXED
        expected = blend(floor, colour, REACH_TINT) if pos in reach else floor
        assert close(moving_image.getpixel(cell_centre(pos)), expected), pos
        assert close(changing_image.getpixel(cell_centre(pos)), floor), pos  # floors do not turn


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before(games):
    """The cached layers and sprites never change a picture: drawn in another order, after other
    castles (other rotations, seats, phases), each view gives the same bytes."""
    views = [public(state) for states in games for state in states[::9]]
    first = [render(view) for view in views]
    assert [render(view) for view in reversed(views)] == first[::-1]
