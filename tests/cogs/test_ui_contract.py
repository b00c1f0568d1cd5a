"""The UI contract: every game's ``GameUI`` over states of a random play-out, in both languages,
as tests/games/test_contract.py runs every engine. The board has messages that fit Discord, the
texts have no unfilled placeholder, a picture is a valid PNG that the same state always gives
byte for byte, and the finished game has a result. Every picture is also checked for what each
game's picture tests once repeated (``PICTURES``): a plain PNG of its size, the same bytes for the
same view, from several threads at once, and the public view alone; the per-game files keep what
only their picture draws."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any, NamedTuple

import pytest

from bot.i18n import LANGUAGES, t
from bot.storage import SessionRecord
from bot.ui.game_ui import GameUI
from bot.ui.png import SIGNATURE, chunks
from cogs.fireship import picture as fireship_picture
from cogs.fireship.board import FireshipUI
from cogs.fortboyard import picture as fortboyard_picture
from cogs.fortboyard.board import FortBoyardUI
from cogs.forteresse import picture as forteresse_picture
from cogs.forteresse.board import ForteresseUI
from cogs.fortissimo.board import FortissimoUI
from cogs.labyrinthe import picture as labyrinthe_picture
from cogs.labyrinthe.board import LabyrintheUI
from games.core import registry
from games.core.rng import Rng
from tests.cogs.png_checks import check_png
from tests.records import running

UIS = [FireshipUI(), FortBoyardUI(), ForteresseUI(), FortissimoUI(), LabyrintheUI()]
SAMPLES = 4  # states looked at per play-out, the last one included
MAX_STEPS = 3000


class PictureSpec(NamedTuple):
    """How a game's picture module draws a public view, and the PNG it gives."""

    module: ModuleType  # its WIDTH, HEIGHT and ``render``
    render: Callable[..., bytes]  # the public view's PNG, with the words or names it shows
    mode: str = "P"  # the PNG's colour mode: on a palette, or RGB as drawn
    most_kib: int | None = None  # the PNG's size at most
    words: bool = True  # draws words; without them, ``LABEL_KEYS`` is empty and any labels are ignored


NAMES = ["Zoé", "Bob", "Marie-Hélène Dupont", "Octo", "Alexandre", "Lou"]
FORTERESSE_LABELS = {key: t("fr", key) for key in forteresse_picture.LABEL_KEYS}
PICTURES = {
    "fireship": PictureSpec(fireship_picture, fireship_picture.render, words=False),
    "fortboyard": PictureSpec(fortboyard_picture, lambda view: fortboyard_picture.render(view, NAMES, "fr"), most_kib=120),
    "forteresse": PictureSpec(forteresse_picture, lambda view: forteresse_picture.render(view, FORTERESSE_LABELS)),
    "labyrinthe": PictureSpec(labyrinthe_picture, labyrinthe_picture.render, words=False),
}  # fmt: skip


def play_out(ui: GameUI, seed: int) -> tuple[SessionRecord, list[tuple[object, list[dict], int]]]:
    """A record and (state, its public events, the actions played) every so often along a game played by computers."""
    engine = registry.get(ui.game)
    seats = engine.min_players
    record = running(ui.game, [f"p{i}" for i in range(seats)], seed)
    state, rng, states = engine.new_game(seats, engine.make_options({}), seed), Rng.from_seed(seed), []
    while not engine.is_over(state) and len(states) < MAX_STEPS:
        seat = min(engine.to_act(state))
        step = engine.apply(
            state, seat, engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        )
        state = step.state
        states.append((state, [e.model_dump(mode="json") for e in step.events if e.audience is None], len(states) + 1))
    every = max(1, len(states) // SAMPLES)
    return record, [*states[every - 1 :: every][: SAMPLES - 1], states[-1]]


@pytest.mark.parametrize("ui", UIS, ids=[ui.game for ui in UIS])
def test_every_ui_shows_every_state_of_a_play_out(ui: GameUI) -> None:
    record, sampled = play_out(ui, seed=3)
    engine = registry.get(ui.game)
    for lang in LANGUAGES:
        texts = [ui.rules(lang).description or "", ui.describe_options({}, lang)]
        for state, events, version in sampled:
            record.recent, record.version = events, version
            record.status = "finished" if engine.is_over(state) else "active"
            messages = ui.board(record, state, lang)
            assert messages and all(m.embed or m.content for m in messages)
            for message in messages:
                assert message.embed is None or len(message.embed) <= 6000
                assert message.content is None or len(message.content) <= 2000
                texts += [
                    message.content or "",
                    *(f["value"] for f in (message.embed.to_dict() if message.embed else {}).get("fields", [])),
                ]
            texts += ui.recent_lines(record, state, lang) + ui.describe(record, state, lang)
            if ui.has_picture:
                png = ui.picture(record, state, lang)
                assert png is not None and png.startswith(SIGNATURE)
                tags = chunks(png)
                assert tags[0] == b"IHDR" and tags[-1] == b"IEND"
                assert ui.picture(record, state, lang) == png  # the same state, the same bytes
            else:
                assert ui.picture(record, state, lang) is None
        final, _, _ = sampled[-1]
        if engine.is_over(final):
            texts.append(ui.result(record, final, lang).description or "")
        unfilled = [text for text in texts if "{" in text and "}" in text]
        assert not unfilled, unfilled[:3]


@pytest.mark.parametrize("ui", [ui for ui in UIS if ui.has_picture], ids=[ui.game for ui in UIS if ui.has_picture])
def test_every_picture_is_a_plain_png_of_the_public_view(ui: GameUI) -> None:
    spec = PICTURES[ui.game]
    size = (spec.module.WIDTH, spec.module.HEIGHT)
    engine = registry.get(ui.game)
    record, sampled = play_out(ui, seed=3)
    views: list[Any] = []
    for state, _, _ in sampled:
        for lang in LANGUAGES:
            png = ui.picture(record, state, lang)
            assert png is not None
            check_png(png, size, spec.mode, spec.most_kib)
        view = engine.view(state, None)
        views.append(view)
        first = spec.render(view)
        check_png(first, size, spec.mode, spec.most_kib)
        assert spec.render(engine.view(state, None)) == first  # the same view, the same bytes
        assert spec.render(type(view).model_validate_json(view.model_dump_json())) == first
        if not spec.words:
            assert spec.module.LABEL_KEYS == ()
            assert spec.render(view, {"anything": "ignored"}) == first
        with pytest.raises(ValueError):  # a seat's own view is never drawn
            spec.render(engine.view(state, 0))
    # The bot renders with asyncio.to_thread: concurrent renders give the sequential bytes.
    expected = [spec.render(view) for view in views]
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert list(pool.map(spec.render, views)) == expected


@pytest.mark.parametrize("ui", UIS, ids=[ui.game for ui in UIS])
def test_the_public_view_is_computed_once_per_state(ui: GameUI) -> None:
    """``GameUI.public_view``: the engine's public view, the same object for the same state; a state
    parsed again (another object, the same text) gets its own."""
    engine = registry.get(ui.game)
    _, sampled = play_out(ui, seed=4)
    for state, _, _ in sampled:
        view = ui.public_view(state)
        assert view == engine.view(state, None)
        assert ui.public_view(state) is view
        again = engine.load(engine.dump(state))
        assert ui.public_view(again) is not view and ui.public_view(again) == view
