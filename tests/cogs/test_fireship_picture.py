"""The Fireship sea picture: valid PNGs from seeded play-outs, the same bytes whatever
the secrets, and pixels that show what the view says
(flags, pieces by colour and kind, homes, the current player, reachable cells,
fog, whirlpools, the dice band); a secret reaction window is never drawn."""

import io

import pytest
from PIL import Image, ImageChops

from bench.pictures import play
from bot.ui.png import blend
from cogs.fireship import picture as picture_module
from cogs.fireship.picture import (
    FOG,
    GREEN_DOT,
    HEIGHT,
    HOME_TINT,
    NEUTRAL,
    OUTLINE,
    PANEL,
    REACH_TINT,
    SEA,
    SEAT_COLOURS,
    WHITE,
    WIDTH,
    cell_box,
    cell_centre,
    flag_point,
    render,
)
from games.fireship import ENGINE
from games.fireship.board import GREEN_DOTS, HOMES, ISLANDS, SPECIAL_CELLS, label
from games.fireship.models import FireshipState, FireshipView
from tests.cogs import png_checks
from tests.cogs.png_checks import close
from tests.games.test_fireship_playouts import built

GAMES = ((0, 2), (2, 4))  # (seed, seats): a two-player game, and a four-player one


@pytest.fixture(scope="module")
def games() -> list[list[FireshipState]]:
    return [play(ENGINE, seed, seats) for seed, seats in GAMES]


def public(state: FireshipState) -> FireshipView:
    return ENGINE.view(state, None)


def picture(view: FireshipView) -> Image.Image:
    png = render(view)
    check_png(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def check_png(png: bytes) -> None:
    png_checks.check_png(png, (WIDTH, HEIGHT))


def count_in(
    image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], tolerance: int = 3
) -> int:
    """Pixels of ``colour`` in ``box``."""
    area = image.crop(box)
    return sum(count for count, pixel in area.getcolors(area.width * area.height) if close(pixel, colour, tolerance))


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels in ``box`` differ between two pictures (the palette follows the
    picture, so an edge shade may shift a little where nothing changed: not counted)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(lambda v: 255 if v > 40 else 0)
    return diff.histogram()[255]


def lone_pieces(view: FireshipView) -> list:
    """Pieces alone on a cell that is neither a home nor a special cell (no symbol under them)."""
    cells = [tuple(p.cell) for p in view.pieces]
    return [
        p
        for p in view.pieces
        if cells.count(tuple(p.cell)) == 1 and tuple(p.cell) not in HOMES and tuple(p.cell) not in SPECIAL_CELLS
    ]


def free_cells(view: FireshipView) -> list:
    """Plain sea cells: no piece, no island, dot, home, special cell or whirlpool."""
    busy = {tuple(p.cell) for p in view.pieces} | set(ISLANDS) | set(GREEN_DOTS) | set(HOMES) | set(SPECIAL_CELLS)
    busy |= {tuple(cell) for _, cell in view.whirlpools}
    return [(c, r) for c in range(19) for r in range(19) if (c, r) not in busy]


def colour_of(view: FireshipView, seat: int | None) -> tuple[int, int, int]:
    return NEUTRAL if seat is None else SEAT_COLOURS[view.corners[seat]]


def mid_game(games, index: int = 1) -> FireshipView:
    states = games[index]
    return next(public(s) for s in states[len(states) // 2 :] if s.phase in ("move", "act") and s.pending is None)


def test_renders_every_phase(games):
    seen = set()
    for states in games:
        for index, state in enumerate(states):
            view = public(state)
            if view.phase in seen and index != len(states) - 1:
                continue
            seen.add(view.phase)
            check_png(render(view))
    assert {"roll", "move", "steer", "act", "over"} <= seen


def test_secrets_do_not_change_it(games):
    """Kept cards and the deck's order are secret: the public picture cannot depend on them."""
    state = games[1][len(games[1]) // 2]
    secret = state.model_copy(deep=True)
    secret.hands = [["non", "boum", "plus_one"] for _ in secret.hands]
    secret.deck = list(reversed(secret.deck))
    assert render(public(secret)) == render(public(state))


def test_island_flags_in_the_owners_colour(games):
    view = mid_game(games)
    owners = list(view.islands)
    assert None in owners and any(owner is not None for owner in owners)
    image = picture(view)
    for cell, owner in zip(ISLANDS, owners):
        assert close(image.getpixel(flag_point(cell)), colour_of(view, owner)), (label(cell), owner)
    # Taking an island recolours its flag, and nothing else on the sea.
    island = owners.index(None)
    taken = picture(view.model_copy(update={"islands": owners[:island] + [view.current] + owners[island + 1 :]}))
    assert close(taken.getpixel(flag_point(ISLANDS[island])), colour_of(view, view.current))
    box = cell_box(ISLANDS[island])
    assert changed(taken, image, box) > 50
    assert changed(taken, image, (0, 0, WIDTH, box[1])) == 0


def test_green_dots(games):
    view = mid_game(games)
    image = picture(view)
    occupied = {tuple(p.cell) for p in view.pieces}
    free = [dot for dot in GREEN_DOTS if dot not in occupied]
    assert free
    for dot in free:
        assert count_in(image, cell_box(dot), GREEN_DOT) > 50, label(dot)


def test_pieces_in_their_colour(games):
    view = mid_game(games)
    image = picture(view)
    pieces = lone_pieces(view)
    assert {p.owner for p in pieces} >= {None, view.current}
    for piece in pieces:
        assert count_in(image, cell_box(tuple(piece.cell)), colour_of(view, piece.owner)) > 60, piece
    # A piece that leaves takes its picture away.
    gone = pieces[0]
    without = picture(view.model_copy(update={"pieces": [p for p in view.pieces if p.id != gone.id]}))
    assert count_in(without, cell_box(tuple(gone.cell)), colour_of(view, gone.owner)) == 0


def test_each_kind_has_its_own_silhouette(games):
    """The shape carries the kind, whatever the colour: the same piece as a boat, a plane
    and a battleship covers different pixels."""
    view = mid_game(games)
    piece = next(p for p in lone_pieces(view) if p.owner is not None and p.owner != view.current)
    box = cell_box(tuple(piece.cell))
    shapes = {}
    for kind in ("boat", "plane", "battleship"):
        pieces = [p.model_copy(update={"kind": kind}) if p.id == piece.id else p for p in view.pieces]
        cell = picture(view.model_copy(update={"pieces": pieces})).crop(box)
        shapes[kind] = {
            (x, y) for x in range(cell.width) for y in range(cell.height) if not close(cell.getpixel((x, y)), SEA, 40)
        }
        assert len(shapes[kind]) > 150, kind
    for a, b in (("boat", "plane"), ("plane", "battleship"), ("boat", "battleship")):
        assert len(shapes[a] ^ shapes[b]) > 150, (a, b)


def test_current_player_halo(games):
    view = mid_game(games)
    image = picture(view)
    checked = {True: 0, False: 0}
    for piece in lone_pieces(view):
        if piece.owner is None:
            continue
        # near-white: the palette lookup may give the disc a shade a few levels off
        whites = count_in(image, cell_box(tuple(piece.cell)), WHITE, tolerance=8)
        current = piece.owner == view.current
        assert (whites > 100) if current else (whites == 0), piece
        checked[current] += 1
    assert checked[True] and checked[False]


def test_homes_in_use_are_tinted_and_list_their_pieces(games):
    start = public(games[0][0])  # two seats: corners 0 and 2; 3 boats and a plane at home
    image = picture(start)
    in_use = {HOMES[corner]: SEAT_COLOURS[corner] for corner in start.corners}
    for corner, home in enumerate(HOMES):
        expected = blend(SEA, in_use[home], HOME_TINT) if home in in_use else SEA
        left, top, _, _ = cell_box(home)
        assert close(image.getpixel((left, top)), expected), corner
    # One boat fewer at home: only that home changes.
    seat = 1 - start.current  # not the current player: no pill behind the counts
    boat = next(p for p in start.pieces if p.owner == seat and p.kind == "boat")
    fewer = picture(start.model_copy(update={"pieces": [p for p in start.pieces if p.id != boat.id]}))
    home = cell_box(HOMES[start.corners[seat]])
    assert changed(fewer, image, home) > 10
    assert changed(fewer, image, (0, 0, WIDTH, home[1])) == 0


def test_reachable_cells_and_the_steered_piece(games):
    view = next(v for v in map(public, games[1]) if v.moving is not None and 10 < len(v.reachable) < 200)
    image = picture(view)
    reach = {cell for cell in free_cells(view) if label(cell) in view.reachable}
    rest = [cell for cell in free_cells(view) if cell not in reach]
    assert reach and rest
    tint = blend(SEA, SEAT_COLOURS[view.corners[view.current]], REACH_TINT)
    for cell in reach:
        assert close(image.getpixel(cell_centre(cell)), tint), label(cell)
    for cell in rest:
        assert close(image.getpixel(cell_centre(cell)), SEA), label(cell)
    steered = next(p for p in view.pieces if p.id == view.moving)
    left, top, right, bottom = cell_box(tuple(steered.cell))
    assert close(image.getpixel((left + 1, top + 1)), OUTLINE) and close(
        image.getpixel((right - 2, bottom - 2)), OUTLINE
    )
    # Before a piece is chosen, nothing is tinted.
    idle = picture(view.model_copy(update={"moving": None, "reachable": {}}))
    for cell in reach:
        assert close(idle.getpixel(cell_centre(cell)), SEA), label(cell)


def test_fog_and_whirlpools(games):
    view = mid_game(games)
    piece = next(p for p in lone_pieces(view) if p.owner is not None and p.owner != view.current)
    box = cell_box(tuple(piece.cell))
    assert count_in(picture(view.model_copy(update={"fog": [False] * view.seats})), box, FOG) == 0
    fogged = [seat == piece.owner for seat in range(view.seats)]
    assert count_in(picture(view.model_copy(update={"fog": fogged})), box, FOG) > 40
    empty = free_cells(view)[0]
    spiral = picture(view.model_copy(update={"whirlpools": [(piece.owner, empty)]}))
    assert count_in(spiral, cell_box(empty), colour_of(view, piece.owner)) > 60
    # A whirlpool under a piece shows a badge over it.
    under = picture(view.model_copy(update={"whirlpools": [(view.current, tuple(piece.cell))]}))
    assert count_in(under, box, colour_of(view, view.current)) > 40


def test_a_reaction_window_is_not_drawn():
    """While a player is asked in secret whether to answer an action with a card, the public
    picture is the one of the table before that action, to the byte."""
    for before, seat, action in built()[:6]:
        during = ENGINE.apply(before, seat, action).state
        assert during.phase == "react"
        assert render(public(during)) == render(public(before))


def test_band_shows_the_current_player_dice_and_points(games):
    view = next(v for v in map(public, games[1]) if v.phase == "move" and v.dice is not None)
    image = picture(view)
    corner = (PANEL[2] - 12, PANEL[1] + 8)
    assert close(image.getpixel(corner), SEAT_COLOURS[view.corners[view.current]])
    other = (view.current + 1) % view.seats
    assert close(
        picture(view.model_copy(update={"current": other})).getpixel(corner), SEAT_COLOURS[view.corners[other]]
    )
    # Fewer points, another die: only the band changes.
    board = (0, 0, WIDTH, PANEL[1] - 6)
    for change in ({"points": view.points - 1}, {"dice": (10, 10, 10)}):
        redrawn = picture(view.model_copy(update=change))
        assert changed(redrawn, image, PANEL) > 10, change
        assert changed(redrawn, image, board) == 0, change


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before(games):
    """The cached tiles never change a picture: drawn in another order, after other seas (other
    seats, phases, reachable cells, dice), each view gives the same bytes."""
    views = [public(state) for states in games for state in states[::7]]
    first = [render(view) for view in views]
    assert [render(view) for view in reversed(views)] == first[::-1]
    for cached in (picture_module._cell, picture_module._panel_die, picture_module._panel_points, picture_module._chip):
        cached.cache_clear()  # drawn anew, after others
    assert [render(view) for view in views[1::2]] == first[1::2]
