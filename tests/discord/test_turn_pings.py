"""Turn notifications, the same in every game: when a turn passes to a person, a message in the
game's thread mentions them (and only them), and it goes once they have played. Computers are
never pinged; ``/notifications pings:False`` turns them off."""

import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot.storage import SessionRecord
from bot.ui.turn_pings import CALM, mentioned
from tests.discord.driver import Driver as FortissimoDriver
from tests.discord.driver import bot_messages, open_game_table, session
from tests.discord.fireship_driver import Driver as FireshipDriver
from tests.discord.fortboyard_driver import Driver as FortBoyardDriver
from tests.discord.labyrinthe_driver import Driver as LabyrintheDriver

DRIVERS = {"fortissimo": FortissimoDriver, "labyrinthe": LabyrintheDriver, "fireship": FireshipDriver,
           "fortboyard": FortBoyardDriver}  # fmt: skip
MOVES = 40


def pings(env: Env, thread: ChannelHandle) -> dict[int, set[int]]:
    """The turn notifications on show: message id -> the users they mention."""
    return {m.id: mentioned(m.content) for m in bot_messages(thread, env) if m.content.startswith("🔔")}


def waiting_users(env: Env, record: SessionRecord) -> set[int]:
    return {record.seats[seat].user_id for seat in env.bot.tables.waiting(record)}


async def move(driver: object) -> None:
    if isinstance(driver, FortissimoDriver):
        await driver.play_turn()
    else:
        await driver.step()  # type: ignore[attr-defined]


async def table(env: Env, game: str, computers: int = 0) -> tuple[object, ChannelHandle, list[MemberActor]]:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")]
    record, thread, _ = await open_game_table(env, channel, game, players[0], players[1:], computers)
    return DRIVERS[game](env, thread, players, record.id), thread, players


@pytest.mark.parametrize("game", sorted(DRIVERS))
async def test_a_turn_that_passes_to_a_person_pings_them_until_they_have_played(env, game) -> None:
    driver, thread, players = await table(env, game, computers=1)
    ever: dict[int, set[int]] = {}
    for _ in range(MOVES):
        record = await session(env, driver.session_id)
        if record.status != "active":
            break
        await move(driver)
        await env.advance_time(CALM)  # players who take their time: each turn that comes is called
        record = await session(env, driver.session_id)
        shown = pings(env, thread)
        ever |= shown
        waiting = waiting_users(env, record)
        for users in shown.values():
            assert users and users <= waiting, (users, waiting)  # a ping goes once its players have played
        for message in bot_messages(thread, env):
            if message.id in shown:
                assert {u.id for u in message.mentions} == shown[message.id]  # only them; never a computer
    pinged = set().union(*ever.values()) if ever else set()
    assert pinged == {p.id for p in players}, "each person is pinged when a turn passes to them"
    assert len(ever) >= 3


@pytest.mark.parametrize("game", ["fortissimo", "labyrinthe"])
async def test_a_player_who_turned_pings_off_is_never_pinged(env, game) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    answer = await ben.slash(channel, "notifications", pings=False)
    assert answer.ephemeral and "nobody mentions you" in answer.response.content
    record, thread, _ = await open_game_table(env, channel, game, ann, [ben])
    driver = DRIVERS[game](env, thread, [ann, ben], record.id)
    seen: set[int] = set()
    for _ in range(12):
        await move(driver)
        await env.advance_time(CALM)
        for users in pings(env, thread).values():
            seen |= users
    assert ann.id in seen and ben.id not in seen


async def test_fort_boyard_news_that_calls_players_goes_once_they_have_played(env) -> None:
    """A trial, the level choice and the treasure room are announced in the thread with the
    players' mentions; like a turn notification, that message goes once they have all played
    (its countdown would be stale), or once a newer message calls them again: the thread
    keeps one call a player, however many moves they make in a row."""
    driver, thread, _ = await table(env, "fortboyard", computers=1)
    kickoff = bot_messages(thread, env)[0].id
    seen: set[int] = set()
    for _ in range(60):
        record = await session(env, driver.session_id)
        if record.status != "active":
            break
        await move(driver)
        record = await session(env, driver.session_id)
        waiting = waiting_users(env, record)
        live = {
            m.id: mentioned(m.content) for m in bot_messages(thread, env) if m.id != kickoff and mentioned(m.content)
        }
        calls = {message_id: users for message_id, users in live.items() if message_id not in pings(env, thread)}
        for users in calls.values():
            assert users & waiting, (users, waiting)  # someone it called has still to play
        for user in waiting:  # one call a player (a call to several stays while one of them has to play)
            assert sum(users == {user} for users in live.values()) <= 1, live
        seen |= calls.keys()
    gone = seen - {m.id for m in bot_messages(thread, env)}
    assert gone, "a news message that called players went once they had played"
