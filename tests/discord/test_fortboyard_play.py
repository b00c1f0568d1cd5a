"""Fort Boyard through SimCord: whole games played with clicks and text boxes, clues by DM."""

from tests.conftest import set_locale
from tests.discord.driver import check_log_and_replay
from tests.discord.fortboyard_driver import Driver, open_table


async def test_three_players_play_a_whole_game_in_french(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    for member in (ann, ben, cat):
        set_locale(member, "fr")
    record, thread, _ = await open_table(env, channel, ann, [ben, cat], lang="fr", side="red")
    driver = Driver(env, thread, [ann, ben, cat], record.id)
    record = await driver.play_to_end()
    await check_log_and_replay(env, record, driver.tokens)
