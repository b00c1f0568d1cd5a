"""A closed game's thread is archived (not locked) a while after its end: an hour by default, a
server setting (``/settings archive_hours``, 0 keeps threads open); a restart does not lose it."""

import pytest

from tests.conftest import add_admin, make_bot, set_locale
from tests.discord.driver import open_table, play_channel

HOUR = 3600


async def thread_state(env, thread_id: int) -> tuple[bool, bool]:
    """(archived, locked) as Discord tells the bot."""
    thread = await env.bot.fetch_channel(thread_id)
    return thread.archived, thread.locked


async def cancelled_table(env, guild, lang: str = "en"):
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben], lang=lang)
    thread = play_channel(env, channel, record)
    assert thread.id != channel.id
    await ann.slash(thread, "fortissimo cancel")
    return record, thread


async def test_a_closed_games_thread_is_archived_an_hour_after_its_end_even_after_a_restart(env, db_path) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    record, thread = await cancelled_table(env, guild)

    await env.advance_time(HOUR - 60)
    assert await thread_state(env, thread.id) == (False, False)  # still open just before the hour
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(2 * 60)
    assert await thread_state(env, thread.id) == (True, False)  # archived, not locked
    stored = await env.bot.storage.get_session(record.id)
    assert stored.archive_at is None and stored.wake_at is None  # nothing more to do


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "never: threads stay open"), ("fr", "jamais\u00a0: les fils restent ouverts")],
)
async def test_a_server_may_keep_its_threads_open(env, lang, shown) -> None:
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    boss = add_admin(guild, env, "boss")
    set_locale(boss, "fr" if lang == "fr" else "en-US")
    answer = await boss.slash(guild.create_text_channel("admin"), "settings", archive_hours=0)
    fields = {f.name: f.value for f in answer.response.embeds[0].fields}
    field = (
        "Le fil d'une partie terminée est archivé après"
        if lang == "fr"
        else "A finished game's thread is archived after"
    )
    assert fields[field] == shown

    _, thread = await cancelled_table(env, guild, lang)
    await env.advance_time(48 * HOUR)
    assert await thread_state(env, thread.id) == (False, False)


async def test_a_server_may_archive_later(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    answer = await add_admin(guild, env, "boss").slash(guild.create_text_channel("admin"), "settings", archive_hours=5)
    assert {f.name: f.value for f in answer.response.embeds[0].fields}[
        "A finished game's thread is archived after"
    ] == ("5 hours")
    _, thread = await cancelled_table(env, guild)
    await env.advance_time(4 * HOUR)
    assert await thread_state(env, thread.id) == (False, False)
    await env.advance_time(HOUR + 60)
    assert await thread_state(env, thread.id) == (True, False)
