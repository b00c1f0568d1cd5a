"""The replay page of a finished game: built from its record by playing the game again, a step per
change everyone saw (a secret reaction window is no step of its own), told in the asker's language,
its pictures rebuilt exactly from shared tiles, loading nothing, under Discord's upload limit."""

import base64
import hashlib
import io
import re
from itertools import accumulate

import pytest
from PIL import Image

from bot import replay_page, replays
from bot.i18n import Language, t
from bot.replay_page.tiles import DIGITS, TILE, Film
from bot.replay_page.tiles import numbers as written
from games.core import registry
from games.fortissimo.cards import label
from tests.replay.games import GAMES, NAMES, UIS, data, finished, page, plain, shots, step_texts


def inline(document: str, tag: str) -> list[str]:
    return re.findall(rf"<{tag}>(.*?)</{tag}>", document, re.DOTALL)


def sha256(source: str) -> str:
    return base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_gives_a_page_that_loads_nothing_and_fits_discord(game: str) -> None:
    built = page(game)
    document = built.html.decode()
    assert len(built.html) < replay_page.UPLOAD_LIMIT == 10 * 2**20
    (policy,) = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', document)
    (style,) = inline(document, "style")
    (script,) = inline(document, "script")  # the other script is a JSON block, never run
    assert policy.split("; ") == [
        "default-src 'none'",
        "img-src data:",
        f"style-src 'sha256-{sha256(style)}'",
        f"script-src 'sha256-{sha256(script)}'",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    assert document.index("Content-Security-Policy") < document.index("<style>")  # in force before anything
    markup = re.sub(r"<script\b.*?</script>", "", document, flags=re.DOTALL)
    assert re.findall(r"<[a-z][^>]*\b(?:src|href|srcset|action|data|poster)\s*=", markup) == []  # no address
    assert "http://" not in document and "https://" not in document
    steps = data(built.html)["steps"]
    assert len(steps) == len(shots(game)) == built.steps + 1
    assert built.every == (1 if UIS[game].has_picture else 0)


@pytest.mark.parametrize("game", GAMES)
def test_each_step_says_who_played_and_who_is_to_play(game: str) -> None:
    record, _ = finished(game)
    engine = registry.get(game)
    texts = step_texts(page(game).html)
    names = [name if seat.user_id else None for seat, name in zip(record.seats, NAMES)]
    for number, (text, shot) in enumerate(zip(texts, shots(game))):
        who = text.splitlines()[0]
        if number == 0:
            assert who.startswith("The game is set up. To play: ")
        elif shot.actor is not None and names[shot.actor]:
            assert who.startswith(f"{names[shot.actor]} played.")
        if number == len(texts) - 1:
            assert who.endswith("The game is over.")
        else:
            waiting = [names[s] or "Computer" for s in sorted(engine.to_act(shot.state))]
            assert all(name in who.split("To play: ")[1] for name in waiting), who


def test_a_flip_is_told_at_its_own_step_with_its_card() -> None:
    """Fortissimo: a step per action; a flip's step tells the card flipped, as the board did."""
    record, log = finished("fortissimo")
    found = data(page("fortissimo").html)
    states = [move.state for move in replays.walk(replays.export(record, list(log)))]
    flips = 0
    flipped: set[str] = set()  # a card flipped before was put back: it is flipped "again"
    for number, action in enumerate(log, start=1):
        if action.token.startswith("f"):
            slot = registry.get("fortissimo").parse_action(action.token).slot
            card = states[number].grid[slot]
            key = "fortissimo.event.flipped_again" if action.token in flipped else "fortissimo.event.flipped"
            flipped.add(action.token)
            said = t("en", key, player=NAMES[action.seat], slot=label(slot), card=card)
            assert [plain(line) for line in found["steps"][number]["l"]] == [said.replace("**", "")]
            flips += 1
    assert flips > 20


def test_what_the_game_tells_whatever_happened_shows_at_the_set_up_only() -> None:
    """Fireship tells who starts through the whole first round: the page, at the set-up."""
    found = data(page("fireship").html)
    told = [i for i, step in enumerate(found["steps"]) if any("Who starts" in line for line in step["l"])]
    assert told == [0]


def test_a_secret_reaction_window_and_the_action_that_opened_it_are_one_step() -> None:
    """« Non » or « +1 » in hand may answer an attack: the window asks its seat alone, so the page
    shows the table before the action, then after the answer, the action's player as its player."""
    record, log = finished("fireship")
    engine = registry.get("fireship")
    moves = list(replays.walk(replays.export(record, list(log))))
    windows = [i for i, move in enumerate(moves) if engine.reaction_window(move.state) is not None]
    assert windows, "no reaction window in this game: pick another seed"
    steps = replay_page.public_steps(engine, moves)
    assert len(steps) == len(moves) - len(windows) == len(shots("fireship"))
    assert all(engine.reaction_window(shot.state) is None for shot in steps)
    by_state = {id(shot.state): shot for shot in steps}
    for start in (i for i in windows if i - 1 not in windows):
        end = next(i for i in range(start, len(moves)) if i not in windows)
        shot = by_state[id(moves[end].state)]
        assert shot.actor == moves[start].seat != moves[end].seat  # the asked seat's answer is no step of its own
        held = [e.model_dump(mode="json") for m in moves[start : end + 1] for e in m.events if e.audience is None]
        assert shot.events == held


def numbers(text: str) -> list[int]:
    """The numbers of a frame's text (``tiles.numbers``), read back."""
    out, value, scale = [], 0, 1
    for character in text:
        digit = DIGITS.index(character)
        value += digit % 32 * scale
        if digit >= 32:
            scale *= 32
        else:
            out.append(value)
            value, scale = 0, 1
    return out


def signed(value: int) -> int:
    return -(value + 1) // 2 if value % 2 else value // 2


def grids(film: dict) -> list[tuple[int, int, list[int]]]:
    """Every frame's size and tiles, as the page's script reads them."""
    found: list[tuple[int, int, list[int]]] = []
    for frame in film["frames"]:
        if "g" in frame:
            tiles = list(accumulate(signed(step) for step in numbers(frame["g"])))
            found.append((frame["w"], frame["h"], tiles))
            continue
        width, height, base = found[-frame.get("r", 1)]
        tiles, values, at, tile = list(base), numbers(frame["d"]), -1, 0
        for gap, change in zip(values[::2], values[1::2]):
            at, tile = at + gap + 1, tile + signed(change)
            tiles[at] = tile
        found.append((width, height, tiles))
    return found


def rebuild(film: dict, frame: int) -> Image.Image:
    """A frame drawn from the sheets and its grid of tiles, as the page's script does."""
    sheets = [Image.open(io.BytesIO(base64.b64decode(sheet))).convert("RGB") for sheet in film["sheets"]]
    width, height, grid = grids(film)[frame]
    per_sheet = film["columns"] * film["rows"]
    picture = Image.new("RGB", (width, height))
    across = -(-width // TILE)
    for at, tile in enumerate(grid):
        spot = tile % per_sheet
        x, y = spot % film["columns"] * TILE, spot // film["columns"] * TILE
        piece = sheets[tile // per_sheet].crop((x, y, x + TILE, y + TILE))
        picture.paste(piece, (at % across * TILE, at // across * TILE))
    return picture


@pytest.mark.parametrize("game", [game for game in GAMES if UIS[game].has_picture])
def test_every_picture_is_rebuilt_exactly_from_its_tiles(game: str) -> None:
    record, _ = finished(game)
    found = data(page(game).html)
    steps = found["steps"]
    frames = len(found["film"]["frames"])
    assert steps[0]["f"] == 0 and steps[-1]["f"] == frames - 1
    for number, shot in enumerate(shots(game)):
        if number % 25 and number != len(steps) - 1:
            continue
        at = replay_page.as_shown(record, shot, last=number == len(steps) - 1)
        expected = UIS[game].image(at, shot.state, "en")
        assert rebuild(found["film"], steps[number]["f"]).tobytes() == expected.tobytes(), number


def test_tiles_keep_each_picture_and_share_what_repeats() -> None:
    noise = Image.effect_noise((100, 70), 80).convert("RGB")  # three tiles and a bit across, two and a bit down
    nudged = noise.copy()
    nudged.putpixel((99, 69), tuple(level + 1 for level in noise.getpixel((99, 69))))  # one level, one pixel
    small = Image.new("RGB", (64, 64), (10, 20, 30))
    film = Film()
    pictures = (noise, nudged, nudged.copy(), small, noise, nudged)
    frames = [film.add(picture) for picture in pictures]
    # The same picture again is the same frame; so is one shown a few frames before.
    assert frames == [0, 1, 1, 2, 0, 1] and len(film.frames) == 3
    assert film.frames[0] == {"w": 100, "h": 70, "g": written([0] + [2] * 11)}  # tiles 0 to 11, one up each time
    assert film.frames[1] == {"d": written([11, 24])}  # 11 tiles on, tile 12 (11 + 1, zigzagged): the bottom-right
    assert film.tiles == 12 + 1 + 1  # the small picture's four tiles are one
    encoded = {
        "sheets": [base64.b64encode(sheet).decode() for sheet in film.sheets()],
        "columns": 32,
        "rows": 511,
        "frames": film.frames,
    }
    for frame, picture in zip(frames, pictures):
        assert rebuild(encoded, frame).tobytes() == picture.tobytes()
    assert written([0, 31, 32, 1025]) == "A" + "f" + "gB" + "hgB"  # base 32, lowest digit first, "more" +32


def test_pictures_are_drawn_every_few_steps_or_left_out_when_the_page_would_be_too_big() -> None:
    record, log = finished("fortboyard")
    whole = page("fortboyard")
    fewer = replay_page.build(record, list(log), UIS["fortboyard"], "en", limit=len(whole.html) - 1)
    assert fewer.every == 2 and len(fewer.html) < len(whole.html)
    steps = data(fewer.html)["steps"]
    assert all(steps[n]["f"] == steps[n - 1]["f"] for n in range(1, len(steps) - 1) if n % 2)
    assert "the board's picture is drawn again only every 2 steps (and at the end)" in plain(fewer.html.decode())
    none = replay_page.build(record, list(log), UIS["fortboyard"], "en", limit=100_000)
    assert none.every == 0 and "film" not in data(none.html) and "<canvas" not in none.html.decode()
    assert "this page has no pictures: the board is told in words" in plain(none.html.decode())
    assert step_texts(none.html) == step_texts(whole.html)  # the same words at each step


def test_the_page_speaks_the_askers_language() -> None:
    english, french = page("fireship", "en").html.decode(), page("fireship", "fr").html.decode()
    assert '<html lang="fr">' in french and '<html lang="en">' in english
    assert "Fireship — table n°\xa041, pas à pas" in french and "Étape 0 sur 520" in french
    assert "La partie est mise en place." in plain(french) and "joue en premier" in plain(french)
    assert 'aria-label="Étape précédente"' in french and 'aria-label="Tour suivant"' in french
    assert (
        'aria-label="Vitesse de lecture"' in french and ">1,5×</option>" in french and "Clavier\xa0: ← et →" in french
    )
    assert "The game is set up." in plain(english) and "Step 0 of 520" in english


RAW = re.compile(r"(?:^|<br>|<div[^>]*>|<p[^>]*>|<li>)(?:&gt;|>)|\*\*|\|\||~~|__")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_discord_markup_is_never_printed_raw(game: str, lang: Language) -> None:
    found = data(page(game, lang).html)
    parts = [found["end"], *found["boards"], *found["alts"]]
    parts += [part for step in found["steps"] for part in (step["w"], *step["l"])]
    for part in parts:
        assert not RAW.search(re.sub(r"<code>.*?</code>", "", part)), part


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_fort_boyards_riddles_are_quoted_as_in_discord(lang: Language) -> None:
    found = data(page("fortboyard", lang).html)
    asks = t(lang, "fortboyard.trial.riddle", text="")
    riddles = [part for part in found["boards"] if asks.removesuffix("\n>>> ") + "<blockquote>" in part]
    assert riddles, asks
    for part in riddles:  # the riddle's lines, quoted to the end of the field, as Discord quotes them
        quoted = part.split("<blockquote>", 1)[1]
        assert quoted.endswith("</blockquote></div>") and quoted.count("<br>") >= 1


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_jumps_land_where_each_turn_ends(game: str) -> None:
    engine = registry.get(game)
    turns = data(page(game).html)["turns"]
    numbers = [engine.turn_number(shot.state) for shot in shots(game)]
    assert turns == [n for n in range(1, len(numbers)) if numbers[n] != numbers[n - 1]]
    assert 0 < len(turns) < len(numbers) and all(numbers[n] > numbers[n - 1] for n in turns)
