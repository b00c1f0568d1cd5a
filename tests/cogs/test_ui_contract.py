"""The UI contract: every game's ``GameUI`` over states of a random play-out, in both languages,
as tests/games/test_contract.py runs every engine. The board has messages that fit Discord, the
texts have no unfilled placeholder, a picture is a valid PNG that the same state always gives
byte for byte, and the finished game has a result."""

import pytest

from bot.i18n import LANGUAGES
from bot.storage import Seat, SessionRecord
from bot.ui.game_ui import GameUI
from bot.ui.png import SIGNATURE, chunks
from cogs.fireship.board import FireshipUI
from cogs.fortboyard.board import FortBoyardUI
from cogs.forteresse.board import ForteresseUI
from cogs.fortissimo.board import FortissimoUI
from cogs.labyrinthe.board import LabyrintheUI
from games.core import registry
from games.core.rng import Rng

UIS = [FireshipUI(), FortBoyardUI(), ForteresseUI(), FortissimoUI(), LabyrintheUI()]
SAMPLES = 4  # states looked at per play-out, the last one included
MAX_STEPS = 3000


def play_out(ui: GameUI, seed: int) -> tuple[SessionRecord, list[tuple[object, list[dict], int]]]:
    """A record and (state, its public events, the actions played) every so often along a game played by computers."""
    engine = registry.get(ui.game)
    seats = engine.min_players
    record = SessionRecord(
        id=1, game=ui.game, guild_id=1, lobby_channel_id=1, channel_id=1, host_id=1, status="active",
        seats=[Seat(user_id=i + 1, name=f"p{i}") for i in range(seats)], seed=seed, created_at=0, updated_at=0,
    )  # fmt: skip
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
