"""The session service, on both backends: checks, commits, computer turns, and simultaneous clicks."""

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import pytest

from bot import search_pool
from bot.errors import StaleBoard, UserError
from bot.sessions import ComputerTurn, SessionService
from bot.storage import EVERY_SHARD, SessionRecord, Storage
from bot.ui.computer_turns import ComputerTurns
from games.core import NotYourTurn


@pytest.fixture
def service(storage: Storage) -> SessionService:
    """On SQLite and on PostgreSQL (tests/bot/conftest.py)."""
    return SessionService(storage)


async def started(service: SessionService, computers: int = 0, humans: tuple[int, ...] = (2,)) -> int:
    record = await service.open_lobby("fortissimo", 1, 10, 1, "host", {"first_player": "lobby"}, seed=99)
    for user in humans:
        await service.join(record.id, user, f"user{user}")
    for _ in range(computers):
        await service.add_computer(record.id, 1, None)
    await service.start(record.id, 1)
    return record.id


async def play_computers(
    service: SessionService, sid: int, show: Callable[[SessionRecord], Awaitable[None]] | None = None
) -> None:
    """The table's computers play, as the bot's ``ComputerTurns`` plays them (here without a pause),
    each turn ``show``n once committed."""

    async def shown(record: SessionRecord) -> None:
        if show is not None:
            await show(record)

    tables = SimpleNamespace(service=service, after_change=shown, shards=EVERY_SHARD)
    await ComputerTurns(tables).play_turns(sid)  # type: ignore[arg-type]  # what it needs of the tables


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


async def test_computer_players_move_after_the_humans_move_is_committed(service: SessionService) -> None:
    """The person's move is committed alone (the service is told a computer is to act); then each
    move of a computer turn is a commit of its own, shown as it is played, and logged as the
    computer's."""
    sid = await started(service, computers=3, humans=())
    told: list[int] = []
    service.on_computers = told.append
    record = await service.get(sid)
    played = await service.act(sid, 1, record.version, "fA1")
    assert told == []  # the same person's turn goes on
    played = await service.act(sid, 1, played.version, "r")
    assert told == [sid] and service.next_computer(played) == 1
    assert [entry.seat for entry in await service.storage.actions(sid)] == [0, 0]  # nothing played for them yet

    shown: list[tuple[int, int]] = []

    async def show(record) -> None:
        shown.append((record.version, min(service.engine(record).to_act(service.state(record)))))

    await play_computers(service, sid, show)
    log = await service.storage.actions(sid)
    played = await service.get(sid)
    assert [seat for _, seat in shown] == [1, 2, 2, 3, 3, 0]  # one commit a computer move, each shown
    assert [version for version, _ in shown][-1] == played.version
    assert [entry.seat for entry in log[2:]] == [1, 1, 2, 2, 3, 3]  # each computer flipped, then decided
    assert all(entry.user_id is None for entry in log[2:])
    assert service.engine(played).to_act(service.state(played)) == {0}
    assert await service.replay(played) == service.state(played)


async def test_a_run_of_computer_turns_ends_without_an_empty_round(storage: Storage) -> None:
    """Each computer turn committed tells the tables that a computer is to act again; the task
    already playing them goes on, and stops at the first look that finds people to act: three
    computer turns are three looks and a last one, not an extra round after it."""
    looks: list[int | None] = []

    async def noop(record: SessionRecord) -> None:
        return None

    service = SessionService(storage, on_computers=lambda session_id: turns.kick(session_id))
    turns = ComputerTurns(SimpleNamespace(service=service, after_change=noop, shards=EVERY_SHARD))  # type: ignore[arg-type]
    think = service.think

    async def looking(record: SessionRecord, due: float = 0.0) -> ComputerTurn | None:
        turn = await think(record, due)
        looks.append(None if turn is None else turn.version)
        return turn

    service.think = looking  # type: ignore[method-assign]
    sid = await started(service, computers=3, humans=())
    record = await service.get(sid)
    record = await service.act(sid, 1, record.version, "fA1")
    await service.act(sid, 1, record.version, "r")  # the computers' turns begin
    while task := turns._tasks.get(sid):
        await task
    assert len(looks) == 4 and looks[-1] is None and None not in looks[:-1]
    assert service.engine(record).to_act(service.state(await service.get(sid))) == {0}


async def test_a_computer_turn_decided_on_an_older_table_is_refused_and_thought_again(service: SessionService) -> None:
    """The computer thinks without holding the table; if anything was committed meanwhile (a player
    quits, say), its turn is refused whole, and it thinks again on the table as it is now."""
    sid = await started(service, computers=1, humans=(2,))
    record = await service.get(sid)
    record = await service.act(sid, 1, record.version, "fA1")
    record = await service.act(sid, 1, record.version, "r")
    record = await service.act(sid, 2, record.version, "fA2")
    record = await service.act(sid, 2, record.version, "r")
    turn = await service.think(record)
    assert turn is not None and turn.version == record.version
    await service.resign(sid, 2)  # committed while the computer thought
    with pytest.raises(StaleBoard):
        await service.play_turn(sid, turn)
    assert [entry.token for entry in await service.storage.actions(sid)][-1] == "!resign"
    await play_computers(service, sid)
    after = await service.get(sid)
    assert service.next_computer(after) is None and after.version > record.version + 1


async def test_a_turn_whose_table_changed_during_its_search_is_thought_again(service: SessionService) -> None:
    """A strong computer thinks while its pause runs, without holding the table: a player who
    resigns meanwhile (here, during its first search) makes the turn it decided stale; it is
    refused, and the computer thinks the turn again on the table as it is now, then plays it."""
    record = await service.open_lobby("fortissimo", 1, 10, 1, "host", {"first_player": "lobby"}, seed=99)
    await service.join(record.id, 2, "user2")
    await service.add_computer(record.id, 1, "strong")
    record = await service.start(record.id, 1)
    sid = record.id
    for user, token in ((1, "fA1"), (1, "r"), (2, "fA2"), (2, "r")):
        record = await service.act(sid, user, record.version, token)
    asks: list[tuple[int | None, int]] = []

    class Interrupted:
        async def think(self, game, view, legal, rng, level, iterations, seconds, *, table=None, wait=0.0):
            asks.append((table, (await service.get(sid)).version))
            if len(asks) == 1:
                await service.resign(sid, 2)
            return search_pool.choose(game, view, legal, rng, level, 20, 60.0)

    service.search = Interrupted()
    await play_computers(service, sid)
    resigned = record.version + 1
    assert asks == [(sid, record.version), (sid, resigned), (sid, resigned), (sid, resigned)]
    log = await service.storage.actions(sid)
    assert [(entry.seat, entry.token) for entry in log[4:5]] == [(1, "!resign")]
    assert [entry.seat for entry in log[5:]] == [2, 2]  # the turn thought again, played once
    assert service.next_computer(await service.get(sid)) is None


async def test_lobby_rules(service: SessionService) -> None:
    record = await service.open_lobby("fortissimo", 1, 10, 1, "host", {}, seed=5)
    with pytest.raises(UserError, match=r"error\.player_count"):
        await service.start(record.id, 1)
    with pytest.raises(UserError, match=r"error\.host_only"):
        await service.add_computer(record.id, 2, None)
    for user in (2, 3, 4):
        await service.join(record.id, user, "guest")
    with pytest.raises(UserError, match=r"error\.table_full"):
        await service.join(record.id, 5, "fifth")
    await service.leave(record.id, 1)  # the host leaves: the next human hosts
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
    await service.join(record.id, 2, "guest")
    started = await service.start(record.id, 1)
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


async def test_a_computer_asked_by_a_secret_window_answers_in_the_change_that_opened_it(
    service: SessionService,
) -> None:
    """A person's attack on a computer holding a card to answer with: the computer answers within
    the person's own change (at once, at the normal level), so that the table sees one change, as
    when the computer holds nothing; no computer turn is left to play apart."""
    from bot.storage import Seat
    from games.fireship import ENGINE as FIRESHIP
    from tests.games.test_fireship_playouts import built

    before, seat, action = next((b, s, a) for b, s, a in built() if FIRESHIP.apply(b, s, a).state.pending.asking != s)
    asked = FIRESHIP.apply(before, seat, action).state.pending.asking
    lobby = await service.open_lobby("fireship", 1, 10, 1, "host", {}, seed=1)
    seats = [
        Seat(user_id=1, name="host") if n == seat else Seat(user_id=None, name="", level="strong")
        for n in range(before.seats)
    ]
    record = await service.update(lobby, seats=seats, status="active", state=FIRESHIP.dump(before))
    told: list[int] = []
    service.on_computers = told.append
    played = await service.act(record.id, 1, record.version, action.token())
    log = await service.storage.actions(record.id)
    assert [(entry.seat, entry.user_id) for entry in log[:2]] == [(seat, 1), (asked, None)]
    assert FIRESHIP.reaction_window(service.state(played)) is None
    assert played.version == record.version + len(log)  # one change
    assert told == ([record.id] if service.next_computer(played) is not None else [])
