"""/settings: everyone reads, only Manage Server changes; the settings take effect."""

from bot.storage import GuildSettings
from tests.conftest import add_admin, set_locale
from tests.discord.driver import open_table


async def test_only_admins_change_settings_and_everyone_sees_them(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    boss = add_admin(guild, env, "boss")
    for option, value in (
        ("threads", False),
        ("dms", False),
        ("turn_clock", 30),
        ("missed_turns", 2),
        ("allow_channel", channel),
        ("all_channels", True),
    ):
        refused = await ann.slash(channel, "settings", **{option: value})
        assert refused.ephemeral
        assert refused.response.content == "⛔ Changing this setting needs the Manage Server permission."
    assert await env.bot.storage.guild_settings(guild.id) == GuildSettings()

    done = await boss.slash(
        channel, "settings", threads=False, turn_clock=30, missed_turns=2, dms=False, abandon_days=3
    )
    assert done.response.content == "Settings saved."
    seen = (await ann.slash(channel, "settings")).response.embeds[0]
    values = {f.name: f.value for f in seen.fields}
    assert values == {
        "Language of public messages": "the server's own (English)",
        "A thread per game": "no",
        "Notifications by direct message": "no",
        "Time per turn (default)": "30 minutes",
        "Missed turns before the computer takes over": "2",
        "A game nobody plays is closed after": "3 days",
        "A finished game's thread is archived after": "1 hour",
        "Channels where games may start": "every channel",
    }
    await boss.slash(channel, "settings", turn_clock=0)
    seen = (await ann.slash(channel, "settings")).response.embeds[0]
    assert seen.fields[3].value == "no limit"
    await boss.slash(channel, "settings", turn_clock=1530)
    seen = (await ann.slash(channel, "settings")).response.embeds[0]
    assert seen.fields[3].value == "1 day, 1 hour, and 30 minutes"
    await boss.slash(channel, "settings", turn_clock=1440)
    seen = (await ann.slash(channel, "settings")).response.embeds[0]
    assert seen.fields[3].value == "1 day"


async def test_without_threads_the_game_plays_in_the_channel(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    await add_admin(guild, env, "boss").slash(channel, "settings", threads=False)
    record, _ = await open_table(env, channel, ann, [ben])
    assert record.channel_id == channel.id and channel.threads == []


async def test_games_start_only_in_allowed_channels(env) -> None:
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    chat = guild.create_text_channel("chat")
    ann = guild.add_member(env.create_user("ann"))
    boss = add_admin(guild, env, "boss")
    await boss.slash(games, "settings", allow_channel=games)
    refused = await ann.slash(chat, "fortissimo start")
    assert refused.ephemeral and refused.response.content == f"⛔ Games start in these channels: <#{games.id}>."
    assert await env.bot.storage.find_sessions(guild_id=guild.id) == []
    opened = await ann.slash(games, "fortissimo start")
    assert not opened.ephemeral
    await boss.slash(games, "settings", forbid_channel=games)  # an empty list: anywhere again
    assert not (await ann.slash(chat, "fortissimo start")).ephemeral


async def test_notifications_without_an_option_say_how_to_change_them_in_both_languages(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bea = (guild.add_member(env.create_user(name)) for name in ("ann", "bea"))
    set_locale(bea, "fr")
    shown = (await ann.slash(channel, "notifications")).response
    assert shown.ephemeral
    assert shown.content.splitlines() == [
        "When your turn comes, a message in the game's thread mentions you (it goes once you have played).",
        "Your turn reminders come only as a mention in the game's thread.",
        "To change them: `/notifications pings:False` stops the mentions;"
        " `/notifications dm:True` sends the reminders by direct message too.",
    ]
    changed = (await ann.slash(channel, "notifications", pings=False, dm=True)).response
    assert "To change them" not in changed.content  # a change is answered with what is set now
    shown = (await ann.slash(channel, "notifications")).response
    assert shown.content.splitlines()[-1] == (
        "To change them: `/notifications pings:True` brings the mentions back;"
        " `/notifications dm:False` stops the direct messages."
    )
    french = (await bea.slash(channel, "notifications")).response
    assert french.content.splitlines()[-1] == (
        "Pour les changer\u00a0: `/notifications mentions:False` arrête les mentions\u202f;"
        " `/notifications mp:True` envoie aussi les rappels en message privé."
    )
