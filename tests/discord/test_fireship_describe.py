"""Fireship's board in words, in a simulated Discord: the map's picture carries its text
alternative (the description's first lines), and the board's Describe button answers
anyone privately, in their own language, with the whole sea in words."""

from simcord import Env

from bot.ui.game_ui import ALT_SIZE, alt_text
from tests.conftest import set_locale
from tests.discord.driver import custom_ids, open_game_table
from tests.discord.fireship_driver import Driver, board


async def test_describe_answers_privately_and_the_picture_says_what_it_shows(env: Env) -> None:
    guild = env.create_guild(preferred_locale="en")
    channel = guild.create_text_channel("games")
    ann, bob, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "bob", "cat"))
    set_locale(cat, "fr")
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [bob], rounds=3)
    ui = env.bot.tables.uis["fireship"]
    shown = board(env, thread, record)
    assert f"d:fireship:{record.id}" in custom_ids(shown)
    (picture,) = shown.attachments
    alt = alt_text(ui.describe(record, env.bot.service.state(record), "en"))
    assert picture.description == alt and len(alt) <= ALT_SIZE
    assert "🔵 ann · home A1 · 🏝️ 0 islands · ⛵ 3 boats: A1 ×3 · ✈️ 1 plane: A1" in alt
    assert "Round 1 of 3." in alt and "roll the three dice" in alt

    answer = await bob.click(shown, custom_id=f"d:fireship:{record.id}")
    assert answer.ephemeral
    embeds = answer.response.embeds
    assert embeds[0].title == f"🔎 Fireship #{record.id}, in words"
    told = "\n".join(embed.description for embed in embeds)
    assert "Special cells: ⚓ battleship J1, A10, S10, J19" in told and "⚪ 9 white boats: " in told

    watcher = await cat.click(shown, custom_id=f"d:fireship:{record.id}")  # not a player: answered too, in French
    assert watcher.ephemeral and "🔵 ann · carré A1 · 🏝️ 0 île" in watcher.response.embeds[0].description

    driver = Driver(env, thread, [ann, bob], record.id)
    await driver.play_until(lambda state: state.phase == "act")  # pieces moved: the picture changed
    record = await driver.record()
    (picture,) = board(env, thread, record).attachments
    assert picture.description == alt_text(ui.describe(record, env.bot.service.state(record), "en")) != alt
