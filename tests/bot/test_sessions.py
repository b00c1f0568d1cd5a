"""The session service, on both backends: checks, commits, computer turns, and simultaneous clicks."""

import asyncio

import pytest

from bot.errors import StaleBoard, UserError
from bot.sessions import SessionService
from bot.storage import Storage
from games.core import NotYourTurn


@pytest.fixture
def service(storage: Storage) -> SessionService:
    """On SQLite and on PostgreSQL (tests/bot/conftest.py)."""
    return SessionService(storage)


async def started(service: SessionService, computers: int = 0, humans: tuple[int, ...] = (2,)) -> int:
    record = await service.open_lobby("fortissimo", 1, 10, 1, "host", {"first_player": "lobby"}, seed=99)
    for user in humans:
        await service.lobby(record.id, user, f"user{user}", "join")
    for _ in range(computers):
        await service.lobby(record.id, 1, "host", "add_bot")
    await service.lobby(record.id, 1, "host", "start")
    return record.id


async def test_two_clicks_together_apply_once(service: SessionService) -> None:
    sid = await started(service)
    record = await service.get(sid)

    async def click(token: str):
        async with service.lock(sid):
            return await service.act(sid, 1, record.version, token)

    results = await asyncio.gather(click("fA1"), click("fA2"), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, StaleBoard) for r in results) == 1
    assert len(await service.storage.actions(sid)) == 1


async def test_refusals_change_nothing(service: SessionService) -> None:
    sid = await started(service)
    before = await service.get(sid)
    with pytest.raises(UserError, match=r"error\.not_in_game"):
        await service.act(sid, 999, before.version, "fA1")
    with pytest.raises(NotYourTurn):
        await service.act(sid, 2, before.version, "fA1")
    with pytest.raises(StaleBoard):
        await service.act(sid, 1, before.version - 1, "fA1")
    assert await service.get(sid) == before
    assert await service.storage.actions(sid) == []


async def test_computer_players_move_after_the_human_and_log_their_moves(service: SessionService) -> None:
    sid = await started(service, computers=3, humans=())
    record = await service.get(sid)
    played = await service.act(sid, 1, record.version, "fA1")
    played = await service.act(sid, 1, played.version, "r")
    log = await service.storage.actions(sid)
    assert [entry.seat for entry in log[:2]] == [0, 0]
    assert {entry.seat for entry in log[2:]} == {1, 2, 3}  # each computer took its turn
    assert all(entry.user_id is None for entry in log[2:])
    assert service.engine(played).to_act(service.state(played)) == {0}
    assert await service.replay(played) == service.state(played)


async def test_lobby_rules(service: SessionService) -> None:
    record = await service.open_lobby("fortissimo", 1, 10, 1, "host", {}, seed=5)
    with pytest.raises(UserError, match=r"error\.player_count"):
        await service.lobby(record.id, 1, "host", "start")
    with pytest.raises(UserError, match=r"error\.host_only"):
        await service.lobby(record.id, 2, "guest", "add_bot")
    for user in (2, 3, 4):
        await service.lobby(record.id, user, "guest", "join")
    with pytest.raises(UserError, match=r"error\.table_full"):
        await service.lobby(record.id, 5, "fifth", "join")
    await service.lobby(record.id, 1, "host", "leave")  # the host leaves: the next human hosts
    assert (await service.get(record.id)).host_id == 2
    with pytest.raises(ValueError):
        await service.open_lobby("fortissimo", 1, 10, 1, "host", {"variant": "nope"}, seed=5)


async def test_the_host_changes_a_lobbys_options_until_the_start(service: SessionService) -> None:
    """Checked by the game's options model, saved with a new version, used by the game; anyone but
    the host, an old version, a value out of bounds and a started game change nothing."""
    record = await service.open_lobby("fireship", 1, 10, 1, "host", {"rounds": 20}, seed=5)
    changed = await service.lobby_options(record.id, 1, record.version, {"rounds": 7}, turn_minutes=30)
    assert changed.options == {"rounds": 7} and changed.clock.turn_minutes == 30
    assert changed.version == record.version + 1 and await service.get(record.id) == changed
    refusals = [
        (2, changed.version, {"rounds": 8}, None, r"error\.host_only"),
        (1, record.version, {"rounds": 8}, None, r"error\.lobby_changed"),
        (1, changed.version, {"rounds": 100}, None, r"error\.bad_option"),
        (1, changed.version, {"speed": 3}, None, r"error\.bad_option"),
        (1, changed.version, None, -1, r"error\.bad_option"),
    ]
    for user, version, options, minutes, refused in refusals:
        with pytest.raises(UserError, match=refused):
            await service.lobby_options(record.id, user, version, options, turn_minutes=minutes)
    assert await service.get(record.id) == changed
    await service.lobby(record.id, 2, "guest", "join")
    started = await service.lobby(record.id, 1, "host", "start")
    assert service.state(started).options.rounds == 7 and started.clock.turn_minutes == 30
    with pytest.raises(UserError, match=r"error\.lobby_closed"):
        await service.lobby_options(record.id, 1, started.version, {"rounds": 9})


async def test_a_request_waiting_for_the_session_is_acknowledged_once(service: SessionService) -> None:
    """``holding(on_wait)``: a request queued behind another is told so once (to acknowledge
    its interaction in time); one that finds the session free is not."""
    sid = await started(service)
    told: list[str] = []

    async def request(name: str) -> None:
        async with service.lock(sid).holding(lambda: asyncio.sleep(0, told.append(name))):
            await service.get(sid)

    await request("alone")
    async with service.lock(sid):
        queued = asyncio.create_task(request("queued"))
        await asyncio.sleep(0.05)
        assert told == ["queued"] and not queued.done()
    await queued
    assert told == ["queued"]
