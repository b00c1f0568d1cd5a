"""Turn clocks and absent players, driven by SimCord's virtual time (no test sleeps).

A table's clock comes from ``/fortissimo start turn_clock:`` or the server's
setting; the one reminder comes when a quarter of the time is left.
"""

import pytest

from bot.storage import GuildSettings
from tests.conftest import add_admin, make_bot, set_locale
from tests.discord.driver import Driver, board_messages, bot_messages, game_state, open_table, play_channel, session

MINUTE = 60


def texts(channel, env) -> list[str]:
    return [m.content for m in bot_messages(channel, env) if m.content]


def count(channel, env, fragment: str) -> int:
    return sum(fragment in text for text in texts(channel, env))


async def table(env, minutes: int = 10, **options):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, lobby = await open_table(env, channel, ann, [ben], first_player="lobby", turn_clock=minutes, **options)
    return guild, channel, ann, ben, record, lobby, play_channel(env, channel, record)


async def test_a_turn_that_times_out_is_played_by_the_computer(env) -> None:
    _guild, channel, ann, ben, record, lobby, thread = await table(env)
    await ann.slash(channel, "notifications", dm=True)  # ann wants reminders by DM, ben does not
    start = env.bot.service.clock()
    assert record.seats[0].deadline == start + 10 * MINUTE and record.seats[1].deadline is None
    first, _ = board_messages(thread, env)
    assert first.content == f"⏰ ann must play <t:{int(start) + 600}:R>"
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert "⏰ Time per turn: 10 min" in lobby_now.embeds[0].fields[1].value

    await env.advance_time(7 * MINUTE)  # not yet a quarter left
    assert count(thread, env, "it is your turn") == 0
    await env.advance_time(31)
    assert (
        texts(thread, env)[-1]
        == f"⏰ {ann.mention}, it is your turn in Fortissimo!: time runs out <t:{int(start) + 600}:R>."
    )
    dms = [m.content for m in ann.user.dm_channel.history()]
    assert len(dms) == 1 and dms[0].startswith("⏰ It is your turn in Fortissimo!")
    assert list(ben.user.dm_channel.history()) == []
    await env.advance_time(2 * MINUTE)  # one reminder only
    assert count(thread, env, "it is your turn") == 1 and len(list(ann.user.dm_channel.history())) == 1

    before = await session(env, record.id)
    await env.advance_time(30)  # the deadline passes
    assert count(thread, env, "⌛ ann ran out of time: the computer played that turn.") == 1
    after = await session(env, record.id)
    assert after.version > before.version
    state = game_state(env, after)
    assert state.current == 1 and state.turn == 1  # ann's turn was played, ben's begins
    played = [a for a in await env.bot.storage.actions(record.id) if a.seq > before.version]
    assert played and all(a.seat == 0 and a.user_id is None for a in played)
    assert after.seats[0].missed == 1 and not after.seats[0].auto
    assert after.seats[0].deadline is None and abs(after.seats[1].deadline - (start + 20 * MINUTE)) < 1
    first, _ = board_messages(thread, env)
    assert first.content.startswith("⏰ ben must play <t:")

    # ben plays in time: the clock moves on to ann, whose missed count then resets when she plays.
    driver = Driver(env, thread, [ann, ben], record.id)
    assert (
        count(thread, env, "⌛ ann ran out of time: the computer played that turn. Missed turns in a row: 1 of 3.") == 1
    )
    await driver.play_turn()
    await driver.play_turn()
    assert (await session(env, record.id)).seats[0].missed == 0
    assert count(thread, env, "ran out of time") == 0  # ann played again: the notice about her went


async def test_missed_turns_hand_the_seat_to_the_computer_until_resumed(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    await add_admin(guild, env, "boss").slash(channel, "settings", missed_turns=2, turn_clock=5)
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben], first_player="lobby")  # the server's 5 minutes
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)

    await env.advance_time(5 * MINUTE + 1)  # ann misses her first turn
    assert (
        count(thread, env, "⌛ ann ran out of time: the computer played that turn. Missed turns in a row: 1 of 2.") == 1
    )
    await driver.play_turn()  # ben plays
    await env.advance_time(5 * MINUTE + 1)  # ann misses her second turn in a row
    assert count(thread, env, "⌛ ann ran out of time") == 0  # the take-over message replaced it
    taken = f"🤖 {ann.mention}, you missed 2 turns in a row: the computer plays your seat from now on."
    assert count(thread, env, taken) == 1
    assert count(thread, env, "`/fortissimo resume` gives it back to you.") == 1
    record = await session(env, record.id)
    assert record.seats[0].auto and record.seats[0].deadline is None

    # From now on ann's turns are played at once, right after ben's.
    await driver.play_turn()
    record = await session(env, record.id)
    assert game_state(env, record).current == 1 and record.seats[1].deadline is not None
    assert "ann 🤖" in board_messages(thread, env)[0].embeds[0].fields[0].name

    # ann's clicks are refused until she takes her seat back; then the clock runs for her again.
    done = await ann.slash(thread, "fortissimo resume")
    assert done.ephemeral and done.response.content.startswith(
        "Your seat is yours again: https://discord.com/channels/"
    )
    assert count(thread, env, "👋 ann is back and plays in person again.") == 1
    assert count(thread, env, taken) == 0  # she is back: the take-over message went
    record = await session(env, record.id)
    assert not record.seats[0].auto and record.seats[0].missed == 0
    again = await ann.slash(thread, "fortissimo resume")
    assert again.ephemeral and again.response.content == "⛔ You are already playing in person."
    await driver.play_turn()  # ben
    record = await session(env, record.id)
    assert game_state(env, record).current == 0 and record.seats[0].deadline is not None
    await driver.play_turn()  # ann plays in person
    assert (await session(env, record.id)).seats[0].missed == 0


async def test_a_seat_on_autopilot_is_told_how_to_come_back(env) -> None:
    """When every player is absent the table waits for them, and a click says how to resume."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    await add_admin(guild, env, "boss").slash(channel, "settings", missed_turns=1)
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ann, "fr")
    record, _ = await open_table(env, channel, ann, [ben], first_player="lobby", turn_clock=3)
    thread = play_channel(env, channel, record)
    await env.advance_time(3 * MINUTE + 1)  # ann is handed to the computer
    await env.advance_time(3 * MINUTE + 1)  # then ben: nobody is left in person
    record = await session(env, record.id)
    assert all(seat.auto for seat in record.seats)
    assert all(seat.deadline is None for seat in record.seats)  # the game waits, it does not play itself
    version = record.version
    await env.advance_time(60 * MINUTE)
    assert (await session(env, record.id)).version == version

    first, _ = board_messages(thread, env)
    flip = next(c.custom_id for row in first.components for c in row.children if not c.disabled)
    refused = await ann.click(first, custom_id=flip)
    assert refused.ephemeral
    assert refused.response.content.startswith("⛔ L'ordinateur joue à votre place")


async def test_an_abandoned_game_is_closed(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    boss = add_admin(guild, env, "boss")
    await boss.slash(channel, "settings", abandon_days=2)
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, lobby = await open_table(env, channel, ann, [ben], first_player="lobby", turn_clock=0)
    thread = play_channel(env, channel, record)
    waiting = await ann.slash(channel, "fortissimo start")  # a second table nobody starts
    assert record.seats[0].deadline is None  # no clock on this table

    await env.advance_time(2 * 86_400 - 60)
    assert (await session(env, record.id)).status == "active"
    await env.advance_time(61)
    record = await session(env, record.id)
    assert record.status == "abandoned"
    assert count(thread, env, "💤 The game of Fortissimo! is closed as abandoned: no player has acted since <t:") == 1
    assert all(not m.components for m in bot_messages(thread, env))  # no button left to click
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby_now.embeds[0].description.startswith("This game was closed: nobody played for too long.")
    stale = await env.bot.storage.get_session(record.id + 1)
    assert stale.status == "cancelled"
    assert next(m for m in channel.history() if m.id == waiting.response.message.id).components == []

    (result,) = await env.bot.storage.results(guild.id)
    assert result.ending == "abandoned" and not any(seat.won for seat in result.seats)
    assert await env.bot.storage.player_stats(guild.id, ann.id) == []  # abandoned games count for nobody
    history = (await ann.slash(channel, "history")).response.embeds[0].description
    assert "abandoned" in history
    await env.advance_time(86_400)
    assert count(thread, env, "💤 The game of Fortissimo! is closed") == 1


async def test_the_clock_survives_a_restart_and_fires_once(env, db_path) -> None:
    _guild, _channel, _ann, _ben, record, _, thread = await table(env)
    deadline = record.seats[0].deadline
    await env.advance_time(5 * MINUTE)
    await env.restart_bot(make_bot(db_path))
    assert (await session(env, record.id)).seats[0].deadline == deadline  # stored, not restarted
    await env.advance_time(5 * MINUTE - 1)
    assert count(thread, env, "ran out of time") == 0
    assert count(thread, env, "it is your turn") == 1  # the reminder, sent by the new process
    await env.advance_time(2)
    assert count(thread, env, "⌛ ann ran out of time") == 1
    timed_out = await session(env, record.id)
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(30)
    assert count(thread, env, "ran out of time") == 1  # not played twice
    assert (await session(env, record.id)).version == timed_out.version


async def test_a_closed_dm_only_loses_the_dm(env) -> None:
    _guild, channel, ann, _ben, record, _, thread = await table(env, minutes=4)
    await ann.slash(channel, "notifications", dm=True)
    env.inject_error("POST", f"/channels/{ann.user.dm_channel.id}/messages", status=403, code=50007)
    await env.advance_time(3 * MINUTE + 1)
    assert count(thread, env, f"⏰ {ann.mention}, it is your turn") == 1
    assert list(ann.user.dm_channel.history()) == []
    assert (await session(env, record.id)).seats[0].reminded


async def test_server_settings_decide_the_default_clock(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    assert GuildSettings().turn_clock_minutes == 1440
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ann, "fr")
    await ann.slash(channel, "notifications")
    record, _ = await open_table(env, channel, ann, [ben], first_player="lobby")
    assert record.clock.turn_minutes == 1440 and record.clock.missed_turns == 3 and record.clock.abandon_days == 7
    shown = await ann.slash(channel, "notifications", dm=True)
    assert shown.response.content.splitlines() == [
        "Quand votre tour vient, un message du fil de la partie vous mentionne (il s'efface une fois que vous avez joué).",
        "Vos rappels de tour arrivent aussi en message privé.",
    ]
    await add_admin(guild, env, "boss").slash(channel, "settings", dms=False)
    shown = await ann.slash(channel, "notifications")
    assert "n'autorise pas les messages privés" in shown.response.content


CLOCK_TEXTS = {
    "en": {
        "ping": "🔔 {ann}: your turn (Fortissimo!).",
        "reminder": "⏰ {ann}, it is your turn in Fortissimo!: time runs out <t:{deadline}:R>.",
        "timed_out": "⌛ ann ran out of time: the computer played that turn. Missed turns in a row: {missed} of 3.",
        "taken": "🤖 {ann}, you missed 3 turns in a row: the computer plays your seat from now on."
        " `/fortissimo resume` gives it back to you.",
        "back": "👋 ann is back and plays in person again.",
    },
    "fr": {
        "ping": "🔔 {ann}\xa0: à vous de jouer (Fortissimo!).",
        "reminder": "⏰ {ann}, c'est votre tour (Fortissimo!)\xa0: le temps sera écoulé <t:{deadline}:R>.",
        "timed_out": "⌛ ann n'a pas joué à temps\xa0: l'ordinateur a joué ce tour. Tours manqués d'affilée\xa0: {missed} sur 3.",
        "taken": "🤖 {ann}, vous avez manqué 3 tours d'affilée\xa0: l'ordinateur joue à votre place désormais."
        " `/fortissimo reprendre` vous la rend.",
        "back": "👋 ann est de retour et joue de nouveau en personne.",
    },
}


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_one_minute_clock_runs_out_three_times_and_its_messages_tidy_up(env, lang: str) -> None:
    """ann lets a one-minute clock run out three times: each time her reminder goes once the turn has
    moved on, the thread keeps one message about her missed turns (« 1 of 3 », then « 2 of 3 »),
    the third says the computer takes her seat and mentions her alone; once she is back, it goes."""
    texts = CLOCK_TEXTS[lang]
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ann, "fr" if lang == "fr" else "en-US")
    record, _ = await open_table(env, channel, ann, [ben], lang=lang, first_player="lobby", turn_clock=1)
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)

    def clock_messages() -> list[str]:
        """The thread's messages about ann's turn and its clock, as they stand (not the board's clock line)."""
        return [
            m.content
            for m in bot_messages(thread, env)
            if m.content.startswith(("🔔", "⏰", "⌛", "🤖", "👋"))
            and not m.components
            and (ann.mention in m.content or " ann " in m.content)
        ]

    for missed in (1, 2, 3):
        record = await session(env, record.id)
        deadline = int(record.seats[0].deadline)
        assert game_state(env, record).current == 0
        earlier = [texts["timed_out"].format(missed=missed - 1)] if missed > 1 else []
        called = [texts["ping"].format(ann=ann.mention)] if missed > 1 else []  # the kickoff called her first
        assert clock_messages() == [*earlier, *called]
        await env.advance_time(45)  # a quarter of the minute is left: the reminder replaces the call
        assert clock_messages() == [*earlier, texts["reminder"].format(ann=ann.mention, deadline=deadline)]
        await env.advance_time(16)  # the minute is over: the computer plays ann's turn
        if missed < 3:
            assert clock_messages() == [texts["timed_out"].format(missed=missed)]  # the reminder went too
            await driver.play_turn()  # ben plays; ann's turn again
    (taken,) = [m for m in bot_messages(thread, env) if m.content == texts["taken"].format(ann=ann.mention)]
    assert env.backend.get_message(thread.id, taken.id).ping_user_ids == [ann.id]  # her alone
    assert clock_messages() == [texts["taken"].format(ann=ann.mention)]
    record = await session(env, record.id)
    assert record.seats[0].auto and record.seats[0].missed == 3

    await ann.slash(thread, "fortissimo resume")
    assert clock_messages()[-1] == texts["back"] and texts["taken"].format(ann=ann.mention) not in clock_messages()
