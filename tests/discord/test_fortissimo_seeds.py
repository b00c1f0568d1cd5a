"""Whole games over several seeds and table shapes: every path of the board
(open grid, Wizard, cannons, blocked ends, computer players) keeps the rules'
state, the action log and the secrets consistent."""

from types import SimpleNamespace

import pytest

import bot.ui.lobby
from tests.discord.driver import (
    Driver,
    check_log_and_replay,
    climb_with_put_backs,
    game_state,
    jump,
    open_table,
    play_channel,
    wizard,
)
from tests.discord.test_fortissimo_secrets import check_secrets

SHAPES = {  # humans, computers, variant
    "1+3 advanced": (1, 3, "advanced"),
    "2 advanced": (2, 0, "advanced"),
    "3 basic": (3, 0, "basic"),
    "2+1 advanced": (2, 1, "advanced"),
    "4 basic": (4, 0, "basic"),
    "2+2 basic": (2, 2, "basic"),
}
POLICIES = (jump, wizard, climb_with_put_backs(2))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("shape", list(SHAPES))
async def test_games_over_many_seeds(env, monkeypatch, shape: str, seed: int) -> None:
    monkeypatch.setattr(bot.ui.lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed * 7919 + 13))
    humans, computers, variant = SHAPES[shape]
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan")[:humans]]
    record, _ = await open_table(env, channel, players[0], players[1:], computers=computers, variant=variant)
    thread = play_channel(env, channel, record)

    async def check(driver: Driver) -> None:
        await check_secrets(env, channel, thread, await driver.record())

    def choose(state, seat, turn):
        return POLICIES[(seat + seed) % len(POLICIES)](state, seat, turn)

    driver = Driver(env, thread, players, record.id, choose=choose, after_click=check, open_grid_high=seed == 2)
    record = await driver.play_to_end()
    assert record.status == "finished"
    assert game_state(env, record).phase == "over"
    assert thread.history()[-1].embeds[0].title == f"🏁 Fortissimo! — result of table #{record.id}"
    await check_log_and_replay(env, record, driver.tokens)
