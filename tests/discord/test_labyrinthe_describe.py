"""Le labyrinthe secret's board in words, in a simulated Discord: the castle's picture carries
its text alternative (the description's first lines), and the board's Describe button
answers anyone privately, in their own language, with the whole board in words."""

from bot.ui.game_ui import ALT_SIZE, alt_text
from tests.conftest import set_locale
from tests.discord.driver import custom_ids
from tests.discord.labyrinthe_driver import Driver, board, open_table


async def test_describe_answers_privately_and_the_picture_says_what_it_shows(env) -> None:
    guild = env.create_guild(preferred_locale="en")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    set_locale(carol, "fr")
    record, thread, _ = await open_table(env, channel, alice, [bob])
    ui = env.bot.tables.uis["labyrinthe"]
    shown = board(env, thread, record)
    assert f"d:labyrinthe:{record.id}" in custom_ids(shown)
    (picture,) = shown.attachments
    alt = alt_text(ui.picture_words(record, env.bot.service.state(record), "en"))
    assert picture.description == alt and len(alt) <= ALT_SIZE
    assert "🔴 alice on F1" in alt and "🔵 bob on F4" in alt and "Sought treasure: " in alt

    answer = await bob.click(shown, custom_id=f"d:labyrinthe:{record.id}")
    assert answer.ephemeral
    embeds = answer.response.embeds
    assert embeds[0].title == f"🔎 Le labyrinthe secret #{record.id}, in words"
    told = "\n".join(embed.description for embed in embeds)
    assert "F: F1 → " in told and "Open passages, ring by ring" in told and "Start chambers: 🔴 F1, 🔵 F4." in told

    watcher = await carol.click(shown, custom_id=f"d:labyrinthe:{record.id}")  # not a player: answered too, in French
    assert watcher.ephemeral and "🔴 alice en F1" in watcher.response.embeds[0].description

    driver = Driver(env, thread, [alice, bob], record.id)
    await driver.play_until(lambda state: state.phase == "move")  # two path changes: the picture changed
    record = await driver.record()
    (picture,) = board(env, thread, record).attachments
    assert picture.description == alt_text(ui.picture_words(record, env.bot.service.state(record), "en")) != alt
