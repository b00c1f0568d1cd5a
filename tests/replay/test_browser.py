"""The replay page in a real browser: Debian's Chromium, headless, driven through Playwright (no
browser of Playwright's own). Each title's page of a whole game is stepped forward and back with
the buttons, the keys and the slider, and played; the counter, the narration, who is to play and
the picture follow (the picture pixel for pixel the game's own), nothing is loaded from anywhere,
nothing is logged. A screenshot of each is saved (in ``FORTBOT_SCREENSHOTS`` when set).

Where no Chromium is installed the tests are skipped, saying so, unless ``FORTBOT_BROWSER=required``
(as in CI, ``.ci/run``): then they fail.
"""

import base64
import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Page, sync_playwright

from bot import replay_page
from bot.i18n import t
from tests.replay.games import GAMES, UIS, data, finished, page, plain, shots

CHROMIUM_FLAGS = [
    "--no-sandbox",  # Chromium refuses to run as root with its sandbox, as CI does
    "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync",
]  # fmt: skip
COUNTER = {"en": "Step {step} of {steps}", "fr": "Étape {step} sur {steps}"}


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    executable = os.environ.get("FORTBOT_CHROMIUM") or shutil.which("chromium")
    if executable is None:
        if os.environ.get("FORTBOT_BROWSER") == "required":
            pytest.fail("FORTBOT_BROWSER=required, but no chromium is installed")
        pytest.skip("no Chromium installed (apt-get install chromium) to open the replay page in")
    with sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            tmp_path_factory.mktemp("chromium-profile"),
            executable_path=executable,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1400, "height": 1000},
            has_touch=True,  # a phone's taps
        )
        yield context
        context.close()


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FORTBOT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Watched:
    """A tab on a page: what it requested, what it logged, and what it shows."""

    def __init__(
        self, browser: BrowserContext, document: bytes, folder: Path, name: str, size: tuple[int, int] | None = None
    ) -> None:
        self.file = folder / f"{name}.html"
        self.file.write_bytes(document)
        self.data = data(document)
        self.last = len(self.data["steps"]) - 1
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.tab: Page = browser.new_page()
        if size is not None:
            self.tab.set_viewport_size({"width": size[0], "height": size[1]})
        self.tab.on("request", lambda request: self.requests.append(request.url))
        self.tab.on("console", lambda message: self.problems.append(f"{message.type}: {message.text}"))
        self.tab.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.tab.clock.install()  # the page plays on a clock the test moves, not the wall clock
        self.tab.goto(self.file.as_uri())
        self.tab.wait_for_selector("body[data-ready=yes]")

    def expect(self, number: int, lang: str = "en") -> None:
        """The page shows step ``number``: counter, slider, who played, narration."""
        step = self.data["steps"][number]
        counter = COUNTER[lang].format(step=number, steps=self.last)
        assert self.tab.inner_text("#counter") == counter
        assert self.tab.eval_on_selector("#slider", "slider => slider.value") == str(number)
        assert self.tab.inner_text("#who").split() == plain(step["w"]).split()
        shown = [line.split() for line in self.tab.inner_text("#lines").splitlines() if line.strip()]
        assert shown == [plain(line).split() for line in step["l"]]

    def picture(self) -> Any:
        """What the picture shows now: the canvas's pixels, or the board's buttons."""
        if "film" not in self.data:
            return self.tab.inner_html("#keys")
        url = self.tab.eval_on_selector("#picture", "canvas => canvas.toDataURL('image/png')")
        return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")

    def slide(self, number: int) -> None:
        self.tab.eval_on_selector(
            "#slider", "(slider, to) => { slider.value = to; slider.dispatchEvent(new Event('input')); }", number
        )


def same(a: Any, b: Any) -> bool:
    return a.tobytes() == b.tobytes() if isinstance(a, Image.Image) else a == b


@pytest.mark.parametrize(
    ("game", "lang"), [(game, "en") for game in GAMES] + [("fortboyard", "fr"), ("fortissimo", "fr")]
)
def test_a_whole_game_plays_back_in_a_real_browser(
    browser: BrowserContext, tmp_path: Path, game: str, lang: str
) -> None:
    folder = screenshots(tmp_path)
    shown = Watched(browser, page(game, lang).html, folder, f"{game}-{lang}")
    tab, last = shown.tab, shown.last
    shown.expect(0, lang)
    first = shown.picture()
    for button, number in (("#next", 1), ("#next", 2), ("#previous", 1)):
        tab.click(button)
        shown.expect(number, lang)
    for key, number in (("ArrowRight", 2), ("ArrowRight", 3), ("ArrowRight", 4), ("ArrowLeft", 3)):
        tab.keyboard.press(key)
        shown.expect(number, lang)
    tab.keyboard.press("End")
    shown.expect(last, lang)
    assert tab.is_visible("#end") and plain(shown.data["end"]).splitlines()[0] in tab.inner_text("#end")
    assert tab.is_disabled("#next") and tab.is_disabled("#last") and not tab.is_disabled("#first")
    end = shown.picture()
    assert not same(end, first)  # the picture changed
    tab.screenshot(path=folder / f"{game}-{lang}-end.png", full_page=True)
    if isinstance(end, Image.Image):  # the game's own picture, pixel for pixel
        record, _ = finished(game)
        at = replay_page.as_shown(record, shots(game)[last], last=True)
        assert same(end, UIS[game].image(at, shots(game)[last].state, lang))
    tab.keyboard.press("Home")
    shown.expect(0, lang)
    assert same(shown.picture(), first) and not tab.is_visible("#end")
    tab.click("#last")
    shown.expect(last, lang)
    tab.click("#first")
    shown.expect(0, lang)
    middle = last // 2
    shown.slide(middle)
    shown.expect(middle, lang)
    tab.screenshot(path=folder / f"{game}-{lang}-middle.png", full_page=True)
    tab.click("#play")  # plays a step every PLAY_MS on the page's clock, until paused
    tab.clock.run_for(replay_page.PLAY_MS * 3 + 100)
    shown.expect(middle + 3, lang)
    tab.keyboard.press(" ")  # pauses
    tab.clock.run_for(replay_page.PLAY_MS * 3)
    shown.expect(middle + 3, lang)
    assert shown.requests == [shown.file.as_uri()]  # the page itself, and nothing else
    assert shown.problems == []
    tab.close()


PHONE, DESKTOP = (390, 844), (1280, 800)
LAYOUT = """() => {
  const box = (selector) => {
    const found = document.querySelector(selector);
    if (!found) return null;
    const { left, top, right, bottom, width, height } = found.getBoundingClientRect();
    return { left, top, right, bottom, width, height };
  };
  const canvas = document.querySelector("#picture");
  return {
    picture: box("#picture"), natural: canvas && [canvas.width, canvas.height], who: box("#who"),
    line: box("#lines li"), nav: box("nav"), wide: document.scrollingElement.scrollWidth, down: scrollY,
  };
}"""


def riddle_step(shown: Watched, lang: str) -> int:
    """The first step whose board asks one of Father Fouras's riddles (a quote, in Discord)."""
    asks = t(lang, "fortboyard.trial.riddle", text="").removesuffix("\n>>> ") + "<blockquote>"
    boards = shown.data["boards"]
    return next(n for n, step in enumerate(shown.data["steps"]) if any(asks in boards[b] for b in step["b"]))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(
    ("game", "lang"), [(game, "en") for game in GAMES] + [("fortboyard", "fr"), ("fortissimo", "fr")]
)
def test_the_picture_and_the_steps_words_fit_a_phone_and_a_desktop(
    browser: BrowserContext, tmp_path: Path, game: str, lang: str, size: tuple[int, int]
) -> None:
    """On a phone the picture takes the whole width, on a desktop the window's height; the step's
    words are in view with it at every step, with no scrolling; the controls take one compact bar."""
    folder = screenshots(tmp_path)
    shown = Watched(browser, page(game, lang).html, folder, f"{game}-{lang}-{size[0]}", size)
    width, height = size
    turns = shown.data["turns"]
    for number in sorted({0, 1, *turns[:: max(1, len(turns) // 6)], shown.last}):
        shown.slide(number)
        shown.expect(number, lang)
        at = shown.tab.evaluate(LAYOUT)
        assert at["wide"] <= width and at["down"] == 0  # nothing to scroll to see this step
        assert at["nav"]["height"] <= (90 if size == PHONE else 130)
        for words in filter(None, (at["who"], at["line"])):  # who played and the first thing told
            assert words["top"] >= 0 and words["bottom"] <= height
        if "film" not in shown.data:
            continue
        picture, (across, down) = at["picture"], at["natural"]
        assert abs(picture["height"] - picture["width"] * down / across) < 1  # the whole picture, not cut
        if size == PHONE:
            assert picture["left"] == 0 and abs(picture["width"] - width) < 0.5 and picture["bottom"] <= height
        else:  # as tall as the window, but for the margins, the words beside it
            assert picture["top"] >= 0 and picture["bottom"] <= height and picture["height"] >= height - 40
            assert at["who"]["left"] > picture["right"]
    if game == "fortboyard":
        shown.slide(riddle_step(shown, lang))
    shown.tab.screenshot(path=folder / f"{game}-{lang}-{width}x{height}.png")
    assert shown.problems == [] and shown.requests == [shown.file.as_uri()]
    shown.tab.close()


def test_playback_speed_from_half_to_four_times(browser: BrowserContext, tmp_path: Path) -> None:
    shown = Watched(browser, page("fortboyard").html, screenshots(tmp_path), "speed", PHONE)
    tab, pause = shown.tab, replay_page.PLAY_MS
    options = tab.eval_on_selector_all("#speed option", "options => options.map(o => [o.value, o.textContent])")
    assert options == [["0.5", "0.5×"], ["1", "1×"], ["1.5", "1.5×"], ["2", "2×"], ["3", "3×"], ["4", "4×"]]
    tab.select_option("#speed", "2")
    tab.click("#play")
    tab.clock.run_for(pause // 2 * 3 + 50)
    shown.expect(3)
    tab.select_option("#speed", "4")  # while it plays
    tab.clock.run_for(pause // 4 * 4 + 50)
    shown.expect(7)
    tab.focus("#play")
    tab.keyboard.press("-")  # 3x
    tab.keyboard.press("-")  # 2x
    assert tab.input_value("#speed") == "2"
    tab.clock.run_for(pause // 2 * 2 + 50)
    shown.expect(9)
    tab.select_option("#speed", "0.5")
    tab.clock.run_for(pause * 2 - 100)
    shown.expect(9)
    tab.clock.run_for(200)
    shown.expect(10)
    tab.focus("#play")
    tab.keyboard.press("+")
    assert tab.input_value("#speed") == "1"
    tab.keyboard.press(" ")  # pauses
    tab.clock.run_for(pause * 4)
    shown.expect(10)
    assert shown.problems == []
    tab.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_turn_jumps_and_the_sliders_turn_marks(browser: BrowserContext, tmp_path: Path, lang: str) -> None:
    shown = Watched(browser, page("forteresse", lang).html, screenshots(tmp_path), f"turns-{lang}", DESKTOP)
    tab, turns, last = shown.tab, shown.data["turns"], shown.last
    assert len(turns) >= 3
    tab.click("#next-turn")
    shown.expect(turns[0], lang)
    tab.click("#next-turn")
    shown.expect(turns[1], lang)
    tab.keyboard.press("PageDown")
    shown.expect(turns[2], lang)
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("PageUp")
    shown.expect(turns[2], lang)
    tab.keyboard.press("PageUp")
    shown.expect(turns[1], lang)
    tab.click("#previous-turn")
    tab.click("#previous-turn")
    shown.expect(0, lang)
    assert tab.is_disabled("#previous-turn") and not tab.is_disabled("#next-turn")
    tab.keyboard.press("End")
    assert tab.is_disabled("#next-turn")
    tab.keyboard.press("PageUp")
    shown.expect(max(step for step in turns if step < last), lang)
    # A mark for each turn's end, standing where the slider shows that step: a click on it goes there.
    marks = tab.eval_on_selector_all("#marks span", "marks => marks.map(m => m.getBoundingClientRect().x)")
    assert len(marks) == len(turns)
    slider = tab.eval_on_selector("#slider", "s => { const r = s.getBoundingClientRect(); return [r.y, r.height]; }")
    for step, x in list(zip(turns, marks))[:: max(1, len(turns) // 5)]:
        tab.mouse.click(x + 0.5, slider[0] + slider[1] / 2)
        shown.expect(step, lang)
    assert shown.problems == []
    tab.close()


@pytest.mark.parametrize(("game", "size"), [("fireship", PHONE), ("labyrinthe", DESKTOP)], ids=["phone", "desktop"])
def test_the_picture_opens_full_size_and_zooms(
    browser: BrowserContext, tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    shown = Watched(browser, page(game).html, screenshots(tmp_path), f"full-size-{game}", size)
    tab = shown.tab
    shown.slide(5)
    if size == PHONE:
        tab.tap("#picture")
    else:
        tab.click("#picture")
    assert tab.eval_on_selector("#viewer", "viewer => viewer.open")
    big = "#stage canvas"

    def pixels(selector: str) -> bytes:
        url = tab.eval_on_selector(selector, "canvas => canvas.toDataURL('image/png')")
        return bytes(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB").tobytes())

    natural = tab.eval_on_selector("#picture", "canvas => canvas.width")
    assert tab.eval_on_selector(big, "canvas => canvas.getBoundingClientRect().width") == natural  # full size
    assert pixels(big) == pixels("#picture")
    assert (
        tab.eval_on_selector(big, "c => c.getAttribute('aria-label')")
        == shown.data["alts"][shown.data["steps"][5]["t"]]
    )
    tab.click("#zoom-in")
    assert tab.eval_on_selector(big, "canvas => canvas.getBoundingClientRect().width") == natural * 1.5
    assert tab.eval_on_selector("#stage", "stage => stage.scrollHeight > stage.clientHeight")  # to pan
    tab.click("#zoom-out")
    tab.click("#zoom-out")
    assert tab.eval_on_selector(big, "canvas => canvas.getBoundingClientRect().width") == natural * 0.75
    tab.keyboard.press("ArrowRight")  # steps on, the picture full size with it
    shown.expect(6)
    assert pixels(big) == pixels("#picture")
    tab.keyboard.press("Escape")
    assert not tab.eval_on_selector("#viewer", "viewer => viewer.open")
    tab.focus("#full-size")  # by the keyboard: the button, then back to it
    tab.keyboard.press("Enter")
    assert tab.evaluate("document.activeElement.id") == "close"
    tab.keyboard.press("Enter")
    assert not tab.eval_on_selector("#viewer", "viewer => viewer.open")
    assert tab.evaluate("document.activeElement.id") == "full-size"
    assert shown.problems == []
    tab.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_riddles_quote_shows_as_discord_shows_it(browser: BrowserContext, tmp_path: Path, lang: str) -> None:
    folder = screenshots(tmp_path)
    shown = Watched(browser, page("fortboyard", lang).html, folder, f"riddle-{lang}", PHONE)
    shown.slide(riddle_step(shown, lang))
    quote = shown.tab.locator("#board blockquote").first
    assert quote.is_visible()
    assert quote.evaluate("q => getComputedStyle(q).borderLeftWidth") == "4px"
    asked = shown.tab.inner_text("#board")
    _, riddle = asked.split(t(lang, "fortboyard.trial.riddle", text="").removesuffix("\n>>> "), 1)
    assert quote.inner_text().strip() in riddle and len(quote.inner_text().splitlines()) >= 2
    text = shown.tab.inner_text("body")
    assert ">>>" not in text and "**" not in text
    shown.tab.screenshot(path=folder / f"riddle-{lang}.png", full_page=True)
    shown.tab.close()


def test_names_are_never_html_and_spoilers_wait_for_a_click(browser: BrowserContext, tmp_path: Path) -> None:
    record, log = finished("fortissimo")
    names = ['<img src=x onerror="document.title=1">', "||Ben||", "*Cat* & co"]
    seats = [seat.model_copy(update={"name": name}) for seat, name in zip(record.seats, names)]
    built = replay_page.build(record.model_copy(update={"seats": seats}), list(log), UIS["fortissimo"], "en")
    shown = Watched(browser, built.html, screenshots(tmp_path), "names", DESKTOP)
    tab, steps = shown.tab, shown.data["steps"]
    played = {seat: next(n for n, shot in enumerate(shots("fortissimo")) if shot.actor == seat) for seat in range(3)}
    assert tab.evaluate("document.images.length") == 0
    shown.slide(played[0])
    assert tab.inner_text("#who").startswith(names[0] + " played.")
    shown.slide(played[2])
    assert tab.inner_text("#who em") == "Cat" and tab.inner_text("#who").startswith("Cat & co played.")
    shown.slide(played[1])
    spoiler = tab.locator("#who .spoiler").first
    assert spoiler.get_attribute("aria-expanded") == "false"
    assert spoiler.get_attribute("aria-label") == t("en", "replay.page.spoiler")
    assert spoiler.evaluate("s => getComputedStyle(s).color") == "rgba(0, 0, 0, 0)"  # hidden
    spoiler.focus()
    tab.keyboard.press("Enter")
    assert spoiler.get_attribute("aria-expanded") == "true" and spoiler.get_attribute("aria-label") is None
    assert spoiler.evaluate("s => getComputedStyle(s).color") != "rgba(0, 0, 0, 0)" and spoiler.inner_text() == "Ben"
    shown.slide(played[1] + 1)
    shown.slide(played[1])  # a step shown again hides it again
    assert spoiler.get_attribute("aria-expanded") == "false"
    spoiler.click()
    assert spoiler.get_attribute("aria-expanded") == "true"
    assert tab.title() != "1" and shown.problems == [] and steps
    tab.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_controls_are_labelled_and_reached_by_the_keyboard(
    browser: BrowserContext, tmp_path: Path, lang: str
) -> None:
    shown = Watched(browser, page("fortboyard", lang).html, screenshots(tmp_path), f"keys-{lang}", PHONE)
    tab = shown.tab
    shown.slide(10)
    order = ["first", "previous-turn", "previous", "play", "next", "next-turn", "last", "full-size"]
    texts = ["first", "previous_turn", "previous", "play", "next", "next_turn", "last", "full_size"]
    for found, key in zip(order, texts):
        assert tab.get_attribute(f"#{found}", "aria-label") == t(lang, f"replay.page.{key}")
    assert tab.get_attribute("#speed", "aria-label") == t(lang, "replay.page.speed")
    assert tab.get_attribute("#slider", "aria-label") == t(lang, "replay.page.slider")
    assert tab.get_attribute("#slider", "aria-valuetext") == tab.inner_text("#counter")
    assert tab.get_attribute("#picture", "aria-label") == shown.data["alts"][shown.data["steps"][10]["t"]]
    tab.evaluate("document.activeElement.blur()")
    reached = []
    for _ in range(3 + len(order)):
        tab.keyboard.press("Tab")
        reached.append(tab.evaluate("document.activeElement.id || document.activeElement.tagName"))
        assert tab.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"  # seen
    assert reached == ["SUMMARY", "slider", "speed", *order]
    tab.focus("#play")
    tab.keyboard.press("Enter")
    assert tab.get_attribute("#play", "aria-label") == t(lang, "replay.page.pause")
    tab.keyboard.press("Enter")
    assert tab.get_attribute("#play", "aria-label") == t(lang, "replay.page.play")
    assert shown.problems == []
    tab.close()
