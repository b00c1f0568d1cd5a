"""The Fort Boyard board picture: valid PNGs from seeded play-outs, the same bytes
whatever the secrets, and pixels that show what the view says
(pawns on their cell, at DÉPART, in the sea, in the Fort in round 3; the halo,
the padlock, the die, the legend)."""

import io
import itertools

import pytest
from PIL import Image

from bench.pictures import play
from cogs.fortboyard.picture import (
    BACKGROUND,
    HALO,
    HEIGHT,
    LEGEND_BAND,
    LOCK,
    NAME_LENGTH,
    PAWN_COLOURS,
    WIDTH,
    cell_box,
    cell_centre,
    die_box,
    display_name,
    fort_centre,
    legend_box,
    render,
    sea_box,
    sea_centre,
    start_box,
    start_centre,
)
from games.fortboyard import ENGINE
from games.fortboyard.deck import deck
from games.fortboyard.models import FortBoyardState, FortBoyardView
from games.fortboyard.track import CELLS, FOURAS, SEA_CELLS
from tests.cogs import png_checks

NAMES = ["Zoé", "Bob", "Marie-Hélène Dupont", "Octo", "Alexandre", "Lou"]
GAMES = ((0, 2), (3, 5), (4, 6))  # (seed, seats): a game with divers; one with divers and prison; six players


@pytest.fixture(scope="module")
def games() -> list[list[FortBoyardState]]:
    return [play(ENGINE, seed, seats) for seed, seats in GAMES]


def public(state: FortBoyardState) -> FortBoyardView:
    return ENGINE.view(state, None)


def picture(view: FortBoyardView, lang: str = "fr", names: list[str] = NAMES) -> Image.Image:
    png = render(view, names, lang)
    check_png(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def check_png(png: bytes) -> None:
    png_checks.check_png(png, (WIDTH, HEIGHT), most_kib=120)


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 6) -> bool:
    """The palette keeps every flat colour, but Pillow's nearest-colour lookup (a cache of
    6 bits a channel) may pick an edge shade a few levels off."""
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def count_in(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    """Pixels of ``colour`` in ``box``."""
    crop = image.crop(box)
    return sum(count for count, pixel in crop.getcolors(crop.width * crop.height) if close(pixel, colour))


def around(xy: tuple[int, int], radius: int) -> tuple[int, int, int, int]:
    x, y = xy
    return x - radius, y - radius, x + radius + 1, y + radius + 1


def moved(view: FortBoyardView, **players) -> FortBoyardView:
    """A copy of ``view`` with some seats changed: ``players={seat: {field: value}}``."""
    copy = view.model_copy(deep=True)
    for seat, fields in players.get("players", {}).items():
        for name, value in fields.items():
            setattr(copy.players[seat], name, value)
    for name, value in players.items():
        if name != "players":
            setattr(copy, name, value)
    return copy


def test_every_state_of_a_game_renders(games):
    states = games[1]
    seen = set()
    for index, state in enumerate(states):
        key = (state.round, state.phase)
        if key in seen and index != len(states) - 1:
            continue
        seen.add(key)
        check_png(render(public(state), NAMES, "fr"))
    assert {1, 2, 3} <= {round_ for round_, _ in seen}
    assert {"roll", "trial", "dive", "guess", "over"} <= {phase for _, phase in seen}


def test_the_public_picture_ignores_secrets(games):
    """The code word card and the clues behind the count change nothing, even once the words
    are revealed at the end; nor does what a trial card says."""
    box = deck("fr")
    for state in (next(s for s in games[1] if s.round == 2 and any(p.clues for p in s.players)), games[1][-1]):
        seat = next(i for i, p in enumerate(state.players) if p.clues and p.level)
        other = state.model_copy(deep=True)
        other.players[seat].word = next(card.id for card in box.words if card.id != state.players[seat].word)
        assert other.players[seat].clues == state.players[seat].clues
        before, after = public(state), public(other)
        assert ENGINE.view(state, seat).clues != ENGINE.view(other, seat).clues  # the secret did change
        if state.phase == "over":  # the words are revealed in the view, not on the board
            assert before.players[seat].word != after.players[seat].word
        assert render(after, NAMES, "fr") == render(before, NAMES, "fr")
    # A trial under way: its text is the table's, but the board does not draw it.
    state = next(s for s in games[1] if s.trial is not None)
    view = public(state)
    assert view.trial is not None
    assert render(moved(view, trial=None), NAMES, "fr") == render(view, NAMES, "fr")


def test_a_pawn_moves(games):
    view = public(next(s for s in games[2] if s.round == 1 and all(p.cell is None for p in s.players)))
    seat, colour = 2, PAWN_COLOURS[2]
    on_five, on_six = moved(view, players={seat: {"cell": 5}}), moved(view, players={seat: {"cell": 6}})
    first, second = picture(on_five), picture(on_six)
    assert render(on_five, NAMES, "fr") != render(on_six, NAMES, "fr")
    assert count_in(first, cell_box(5), colour) > 80 and count_in(first, cell_box(6), colour) == 0
    assert count_in(second, cell_box(6), colour) > 80 and count_in(second, cell_box(5), colour) == 0
    # From a real game: whoever's cell changed is drawn on the new one.
    states = games[1]
    for before, after in itertools.pairwise(states):
        changes = [
            i for i, (p, q) in enumerate(zip(before.players, after.players)) if p.cell != q.cell and q.cell is not None
        ]
        if changes and before.round == after.round:
            break
    seat = changes[0]
    image = picture(public(after))
    assert count_in(image, cell_box(after.players[seat].cell), PAWN_COLOURS[seat]) > 80


def test_pawns_at_start_and_side_by_side(games):
    """Six pawns at DÉPART, then all six on the Père Fouras cell (two rows), each one seen."""
    view = public(games[2][0])
    assert len(view.players) == 6 and all(p.cell is None and p.sea is None for p in view.players)
    image = picture(view)
    for seat, colour in enumerate(PAWN_COLOURS):
        assert count_in(image, start_box(), colour) > 80, seat
    crowd = moved(view, players={seat: {"cell": FOURAS} for seat in range(6)})
    image = picture(crowd)
    for seat, colour in enumerate(PAWN_COLOURS):
        assert count_in(image, cell_box(FOURAS), colour) > 80, seat
        assert count_in(image, start_box(), colour) == 0, seat


def test_two_players(games):
    view = public(games[0][len(games[0]) // 3])
    assert len(view.players) == 2
    image = picture(view)
    assert count_in(image, legend_box(0), PAWN_COLOURS[0]) > 80
    assert count_in(image, legend_box(1), PAWN_COLOURS[1]) > 80
    assert count_in(image, legend_box(2), PAWN_COLOURS[2]) == 0  # no third seat


def test_divers_in_the_sea(games):
    # two divers put into the sea of a played position (how often computers dive depends on their level)
    view = moved(public(games[1][10]), players={0: {"sea": 2, "cell": None}, 3: {"sea": 7, "cell": None}})
    image = picture(view)
    for seat, player in enumerate(view.players):
        if player.sea is not None:
            assert count_in(image, sea_box(player.sea), PAWN_COLOURS[seat]) > 60, seat
    seat = next(i for i, p in enumerate(view.players) if p.sea is not None)
    for sea in range(SEA_CELLS):  # every sea cell can hold the diver
        image = picture(moved(view, players={seat: {"sea": sea, "cell": None}}))
        assert count_in(image, sea_box(sea), PAWN_COLOURS[seat]) > 60, sea
    assert len({sea_centre(sea) for sea in range(SEA_CELLS)}) == SEA_CELLS
    assert len({cell_centre(cell) for cell in range(CELLS)}) == CELLS


def test_round_three_in_the_fort(games):
    state = next(s for s in games[2] if s.round == 3)
    view = public(state)
    assert all(p.cell is None and p.sea is None for p in view.players)
    image = picture(view)
    x, y = fort_centre()
    for seat, colour in enumerate(PAWN_COLOURS):
        assert count_in(image, (x - 100, y - 20, x + 100, y + 20), colour) > 80, seat
        assert count_in(image, start_box(), colour) == 0, seat


def test_resigned_pawns_are_hidden(games):
    view = public(games[2][0])
    seat = 4
    image = picture(moved(view, players={seat: {"resigned": True}}))
    assert count_in(image, start_box(), PAWN_COLOURS[seat]) == 0
    assert count_in(image, start_box(), PAWN_COLOURS[seat - 1]) > 80


def test_halo_lock_and_die(games):
    view = public(games[2][0])
    alone = moved(view, current=1, last_die=3, players={1: {"cell": 9}, 2: {"cell": 17, "skip": True}})
    image = picture(alone)
    assert count_in(image, cell_box(9), HALO) > 40  # the current player's halo
    assert count_in(image, cell_box(17), HALO) == 0
    assert count_in(image, cell_box(17), LOCK) > 15  # prison: the next turn is lost
    assert count_in(image, cell_box(9), LOCK) == 0
    faces = {die: render(moved(alone, last_die=die), NAMES, "fr") for die in range(1, 7)}
    assert len(set(faces.values())) == 6
    blank = picture(moved(alone, last_die=None))
    assert count_in(blank, die_box(), HALO) == 0 and count_in(image, die_box(), HALO) > 500


def test_languages(games):
    view = public(games[1][10])
    french, english = render(view, NAMES, "fr"), render(view, NAMES, "en")
    assert french != english
    assert render(view, NAMES, "de") == english  # anything else reads as English
    for lang in ("fr", "en"):
        image = picture(view, lang)
        assert count_in(image, (0, 0, WIDTH, HEIGHT), BACKGROUND) > 100_000


def test_legend_names_and_counts(games):
    view = public(games[2][len(games[2]) // 2])
    base = render(view, NAMES, "fr")
    assert render(view, [*NAMES[:2], "Someone else", *NAMES[3:]], "fr") != base
    assert render(moved(view, players={0: {"keys": view.players[0].keys + 1}}), NAMES, "fr") != base
    assert render(moved(view, players={0: {"clues": view.players[0].clues + 1}}), NAMES, "fr") != base
    # A name is cut to 12 characters; what the font cannot draw (emoji) goes; nothing left: the seat number.
    assert display_name(NAMES, 2) == "Marie-Hélène" and len(display_name(NAMES, 2)) == NAME_LENGTH
    assert display_name(["🐙 Octo\u200d"], 0) == "Octo"
    assert display_name(["🐙"], 0) == "1"
    assert display_name(NAMES[:2], 4) == "5"
    check_png(render(view, [], "en"))  # no names at all
    check_png(render(view, ["x" * 500] * 6, "en"))


def test_places_do_not_overlap():
    """Tiles, sea cells, DÉPART and the legend each have their own room on the picture."""
    boxes = [cell_box(cell) for cell in range(CELLS)] + [sea_box(sea) for sea in range(SEA_CELLS)]
    boxes += [start_box(), die_box()] + [legend_box(seat) for seat in range(6)]
    for box in boxes:
        assert 0 <= box[0] < box[2] <= WIDTH and 0 <= box[1] < box[3] <= HEIGHT
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # PORTE at the bottom centre, the Père Fouras at the top centre, DÉPART below PORTE.
    assert cell_centre(0)[0] == cell_centre(FOURAS)[0] == sea_centre(0)[0] == WIDTH // 2
    assert cell_centre(FOURAS)[1] < cell_centre(0)[1] < start_centre()[1]
    assert sea_centre(0)[1] < cell_centre(FOURAS)[1]
    assert cell_centre(1)[0] < cell_centre(0)[0] and cell_centre(CELLS - 1)[0] > cell_centre(0)[0]  # clockwise


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before(games):
    """The cached sprites, backgrounds and palettes never change a picture: a view drawn first,
    then after others (other boards, the other language, other names), gives the same bytes."""
    view = public(games[1][len(games[1]) // 2])
    first = render(view, NAMES, "fr")
    for states in games:
        for state in states[:: max(1, len(states) // 6)]:
            render(public(state), NAMES, "en")
            render(public(state), list(reversed(NAMES)), "fr")
    assert render(view, NAMES, "fr") == first


def test_a_language_keeps_one_palette(games):
    """Every picture in a language is painted on that language's fixed palette, its flat colours exact."""
    palettes = set()
    for state in (games[0][0], games[1][len(games[1]) // 2], games[2][-1]):
        image = Image.open(io.BytesIO(render(public(state), NAMES, "fr")))
        palettes.add(bytes(image.getpalette() or []))
        rgb = image.convert("RGB")
        assert rgb.getpixel((WIDTH // 2, 8)) == BACKGROUND
        assert rgb.getpixel((WIDTH - 2, HEIGHT - 2)) == LEGEND_BAND
    assert len(palettes) == 1
