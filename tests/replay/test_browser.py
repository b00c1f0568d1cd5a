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
        )
        yield context
        context.close()


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FORTBOT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Watched:
    """A tab on a page: what it requested, what it logged, and what it shows."""

    def __init__(self, browser: BrowserContext, document: bytes, folder: Path, name: str) -> None:
        self.file = folder / f"{name}.html"
        self.file.write_bytes(document)
        self.data = data(document)
        self.last = len(self.data["steps"]) - 1
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.tab: Page = browser.new_page()
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
