"""Ratings, on SQLite and on PostgreSQL: known sequences of games rated as OpenSkill's own
Plackett-Luce model rates them (ties, four players, computers at each level, a resignation),
the games that are not rated, and a recompute from the stored results that gives the same
numbers, also after a migration and from the command line."""

import asyncio
import itertools
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot import ratings
from bot.ratings import COMPUTER_MU, COMPUTER_SIGMA, MODEL, Skill
from bot.sessions import SessionService
from bot.storage import GameResult, PostgresStorage, Seat, SeatResult, SessionRecord, SqliteStorage, Storage
from bot.storage import ratings as ratings_tables
from bot.storage import recompute as recompute_command
from bot.storage.migrations import migrations
from bot.storage.ratings import RATINGS_MIGRATION
from games.core import Level
from tests.bot import bad_input
from tests.bot.test_sessions import play_computers, started

GUILD = 1_234_567_890_123_456_789
NOW = 1_750_000_000.0
LIB = PlackettLuce()  # the library as it comes, to check the bot against
ROOT = Path(__file__).resolve().parents[2]

Player = int | Level  # a person's user id, or a computer's level


async def finish(
    storage: Storage,
    players: list[Player],
    places: list[int],
    ended: float,
    *,
    left: tuple[int, ...] = (),
    ending: str = "finished",
    game: str = "fortissimo",
    guild: int | None = GUILD,
    reason: str = "test",
) -> int:
    """A game of ``players`` saved as it ended: seat i took ``places[i]``; ``left`` resigned."""
    seats = [
        Seat(user_id=p, name=f"p{p}", left=i in left) if isinstance(p, int) else Seat(user_id=None, name="", level=p)
        for i, p in enumerate(players)
    ]
    record = await storage.create_session(
        SessionRecord(
            game=game,
            guild_id=guild,
            lobby_channel_id=2,
            channel_id=2,
            host_id=1,
            status="active",
            seats=seats,
            seed=1,
            created_at=NOW,
            updated_at=NOW,
        )
    )
    result = GameResult(
        session_id=record.id,
        game=game,
        guild_id=guild,
        ending=ending,
        reason=reason,
        started_at=NOW,
        ended_at=ended,
        seats=[
            SeatResult(seat=i, user_id=s.user_id, name=s.name, place=places[i], won=places[i] == 1 and i not in left)
            for i, s in enumerate(seats)
        ],
    )
    await storage.save(record.model_copy(update={"status": "finished", "version": 1}), 0, [], result)
    return record.id


def lib_rating(skill: Skill):
    return LIB.rating(mu=skill.mu, sigma=skill.sigma)


def lib_rate(skills: list[Skill], ranks: list[int]) -> list[Skill]:
    """The library's own answer for one game of one-player teams."""
    rated = LIB.rate([[lib_rating(s)] for s in skills], ranks=ranks)
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def machine(level: Level) -> Skill:
    return Skill(COMPUTER_MU[level], COMPUTER_SIGMA)


NEW = Skill(LIB.rating().mu, 3.0)  # the bot's newcomer: the library's skill, a smaller uncertainty


def shown(skill: Skill) -> int:
    """As players read it: 1000 + 50 × (the library's ordinal − a newcomer's)."""
    return round(1000 + 50 * (lib_rating(skill).ordinal() - lib_rating(NEW).ordinal()))


async def skills(storage: Storage, game: str = "fortissimo") -> dict[int, tuple[Skill, int, int]]:
    return {r.user_id: (r.skill, r.games, r.wins) for r in await storage.ratings(GUILD, game=game, limit=100)}


async def everything(storage: Storage) -> tuple[object, ...]:
    boards = [await storage.ratings(GUILD, game=game, limit=100) for game in ("fortissimo", "fireship")]
    changes = [await storage.rating_changes(GUILD, user, "fortissimo", 100) for user in range(1, 6)]
    return boards, changes


def test_the_levels_are_as_far_apart_as_measured() -> None:
    """bench/strength.py: Strong beat Normal, and Normal beat Easy, 87% of two-player games (the
    average of the four multiplayer games); the library's own prediction agrees within a point."""
    assert MODEL.mu == LIB.mu and MODEL.sigma == LIB.sigma and MODEL.beta == LIB.beta and MODEL.tau == LIB.tau
    for strong, weak in (("strong", "normal"), ("normal", "easy")):
        odds = LIB.predict_win([[lib_rating(machine(strong))], [lib_rating(machine(weak))]])[0]
        assert odds == pytest.approx(0.87, abs=0.01)
    assert machine("normal").mu == NEW.mu  # a newcomer is taken to play like the Normal computer
    assert ratings.NEWCOMER == NEW and ratings.NEWCOMER.shown == 1000


def test_a_first_game_moves_a_newcomer_by_less_than_100_points() -> None:
    """A newcomer's first game, against computers of any levels at any table (two to six seats,
    every place, or all tied), moves their shown rating by less than 100 points; before, a first
    loss to the Easy computer read 848 (−152). The order still holds: losing to Easy costs more than
    losing to Strong, beating Strong gains more than beating Easy."""
    widest = 0
    for others in range(1, 6):
        for levels in itertools.combinations_with_replacement(("easy", "normal", "strong"), others):
            entrants = [NEW] + [machine(level) for level in levels]
            for place in range(1, others + 2):
                ranks = [place] + [r for r in range(1, others + 2) if r != place]
                for order in (ranks, [1] * (others + 1)):
                    widest = max(widest, abs(shown(lib_rate(entrants, order)[0]) - 1000))
    assert widest < 100
    first = {
        (level, won): shown(lib_rate([NEW, machine(level)], [1, 2] if won else [2, 1])[0]) - 1000
        for level in ("easy", "normal", "strong")
        for won in (True, False)
    }
    assert first["easy", False] < first["normal", False] < first["strong", False] < 0
    assert 0 < first["easy", True] < first["normal", True] < first["strong", True]


async def test_ties_and_four_players_rate_as_the_library_does(storage: Storage) -> None:
    await finish(storage, [1, 2, 3], [1, 1, 3], NOW + 1)  # ann and ben tie first
    a1, b, c = lib_rate([NEW, NEW, NEW], [1, 1, 3])
    assert a1 == b and a1.mu > NEW.mu > c.mu
    assert await skills(storage) == {1: (a1, 1, 1), 2: (b, 1, 1), 3: (c, 1, 0)}

    await finish(storage, [4, 3, 2, 1], [1, 2, 3, 4], NOW + 2)  # four players, a newcomer wins
    d, c, b, a2 = lib_rate([NEW, c, b, a1], [1, 2, 3, 4])
    await finish(storage, [1, 2, 3, 4], [2, 1, 2, 4], NOW + 3)  # a tie for second
    a3, b, c, d = lib_rate([a2, b, c, d], [2, 1, 2, 4])
    assert await skills(storage) == {1: (a3, 3, 1), 2: (b, 3, 2), 3: (c, 3, 0), 4: (d, 2, 1)}
    board = await storage.ratings(GUILD, game="fortissimo")
    expected = sorted([(1, a3), (2, b), (3, c), (4, d)], key=lambda pair: -lib_rating(pair[1]).ordinal())
    assert [(r.user_id, r.skill) for r in board] == expected
    assert [r.skill.shown for r in board] == [shown(s) for _, s in expected]
    changes = await storage.rating_changes(GUILD, 1, "fortissimo", 2)  # ann's last two, newest first
    assert [(c.ended_at, c.before, c.after, c.won) for c in changes] == [
        (NOW + 3, a2, a3, False),
        (NOW + 2, a1, a2, False),
    ]


async def test_computers_take_part_at_their_level_and_never_change(storage: Storage) -> None:
    """One person against a computer of each level, then alone against each in turn: the computers
    rate at their fixed level; beating Strong is worth more than beating Easy."""
    await finish(storage, [1, "easy", "normal", "strong"], [2, 4, 3, 1], NOW + 1)
    (mine, *_) = lib_rate([NEW, machine("easy"), machine("normal"), machine("strong")], [2, 4, 3, 1])
    assert await skills(storage) == {1: (mine, 1, 0)}
    gains = {}
    for level in ("easy", "normal", "strong"):
        game = f"vs-{level}"
        await finish(storage, [1, level], [1, 2], NOW + 2, game=game)  # a first win, against this level alone
        (won, _) = lib_rate([NEW, machine(level)], [1, 2])
        assert await skills(storage, game) == {1: (won, 1, 1)}
        gains[level] = won.mu - NEW.mu
    assert gains["easy"] < gains["normal"] < gains["strong"]
    await finish(storage, [1, "strong"], [1, 2], NOW + 3)  # a second game: the computer is still as strong
    (again, _) = lib_rate([mine, machine("strong")], [1, 2])
    assert await skills(storage) == {1: (again, 2, 1)}


async def test_who_resigned_ranks_last(storage: Storage) -> None:
    """A game may place a player who left above one knocked out earlier (Fireship ranks those out
    by when they went); the rating puts whoever resigned below everyone who played on."""
    await finish(storage, [1, 2, 3, 4], [1, 2, 4, 3], NOW + 1, left=(1,), game="fireship")
    a, b, c, d = lib_rate([NEW] * 4, [1, 5, 4, 3])
    assert await skills(storage, "fireship") == {1: (a, 1, 1), 2: (b, 1, 0), 3: (c, 1, 0), 4: (d, 1, 0)}
    assert b.mu < c.mu


async def test_games_that_are_not_rated(storage: Storage) -> None:
    await finish(storage, [1, 2], [1, 1], NOW + 1, ending="abandoned")
    await finish(storage, [1], [1], NOW + 2, game="forteresse")  # a solitaire keeps its win rate only
    await finish(storage, [1, 2], [1, 2], NOW + 3, guild=None)
    assert await storage.ratings(GUILD, limit=100) == []
    assert await storage.recompute_ratings() == (0, 0)
    assert [(s.game, s.games, s.wins) for s in await storage.player_stats(GUILD, 1)] == [("forteresse", 1, 1)]


async def test_the_recompute_gives_the_same_numbers(storage: Storage) -> None:
    """Built again from the results alone, to the last bit; also when two games ended in one
    order but were saved in the other (the later-ended one rated first), or saved at once."""
    await finish(storage, [1, 2, "strong"], [2, 1, 3], NOW + 1)
    await finish(storage, [3, 1, 2, 4], [1, 2, 2, 4], NOW + 2, left=(3,))
    await finish(storage, [2, 1], [1, 2], NOW + 2)  # the same end time: table number decides
    await finish(storage, [1, "easy"], [1, 2], NOW + 5, game="fireship")
    await finish(storage, [5, 1, "normal"], [1, 3, 2], NOW + 4)  # ended before the previous save
    await finish(storage, [1, 5], [1, 2], NOW + 3)  # and this one earlier still
    games = ([1, 2, 3], [3, 2, 1], [2, 3, 1])
    await asyncio.gather(*(finish(storage, [1, 2, 4], places, NOW + 9 - i) for i, places in enumerate(games)))
    kept = await everything(storage)
    assert [(c.ended_at, c.won) for c in kept[1][0]] == [
        (NOW + 9, True),
        (NOW + 8, False),
        (NOW + 7, False),
        (NOW + 4, False),
        (NOW + 3, True),
        (NOW + 2, False),
        (NOW + 2, False),
        (NOW + 1, False),
    ]
    assert await storage.recompute_ratings() == (9, 6)
    assert await everything(storage) == kept


async def test_resigning_through_the_service_ranks_last(storage: Storage) -> None:
    """A real game: user 2 leaves a table of three, the host plays it out against the computer."""
    service = SessionService(storage)
    sid = await started(service, computers=1)
    await service.resign(sid, 2)
    while (record := await service.get(sid)).status == "active":
        engine, state = service.engine(record), service.state(record)
        if 0 in engine.to_act(state):
            await service.act(sid, 1, record.version, engine.legal_actions(state, 0)[0].token())
        await play_computers(service, sid)
    (result,) = await storage.results(1)
    changes = {u: await storage.rating_changes(1, u, "fortissimo", 5) for u in (1, 2)}
    host, computer = result.seats[0], result.seats[2]
    ranks = [host.place, max(s.place for s in result.seats) + 1, computer.place]
    expected = lib_rate([NEW, NEW, machine(record.seats[2].level)], ranks)
    assert [changes[1][0].after, changes[2][0].after] == expected[:2]
    assert expected[1].mu < NEW.mu


@pytest.mark.parametrize("computers", [1, 2])
async def test_the_last_person_to_leave_computers_loses(storage: Storage, computers: int) -> None:
    """Quitting a game that only computers would play on closes it, as before, but it is no longer
    a way out of a loss: the computers still in win by forfeit, whoever left shares the last place
    (as when they quit their last rival), and so it counts in /stats and the ratings. Before, the
    game was cancelled without a result, at a table of one computer or several."""
    service = SessionService(storage)
    sid = await started(service, computers=computers)
    await service.resign(sid, 2)  # the other person leaves first: the host plays on
    record = await service.resign(sid, 1)
    assert record.status == "cancelled"
    (result,) = await storage.results(1)
    assert result.ending == "forfeited" and result.reason == "forfeit"
    last = computers + 1
    assert [(s.user_id, s.place, s.won) for s in result.seats] == [(1, last, False), (2, last, False)] + [
        (None, 1, True)
    ] * computers
    assert [(s.game, s.games, s.wins) for s in await storage.player_stats(1, 1)] == [("fortissimo", 1, 0)]
    rated = await storage.game_rating_changes(sid)
    assert [(c.seat, c.user_id, c.games) for c in rated] == [(0, 1, 1), (1, 2, 1)]
    levels = [machine(seat.level) for seat in record.seats[2:]]
    expected = lib_rate([NEW, NEW, *levels], [2, 2] + [1] * computers)
    assert [c.after for c in rated] == expected[:2] and expected[0].mu < NEW.mu


NO_WINNER_MIGRATION = 12  # bot/storage/migrations/0012_no_winner.sql

# What the migrations after the newest one these tests go back to added (0014, the tables' hints),
# taken away again; and what those after the ratings' added (the newest first)
UNDO_AFTER_NEWCOMERS = "ALTER TABLE sessions DROP COLUMN hints;"
UNDO_LATER_MIGRATIONS = (
    f"{UNDO_AFTER_NEWCOMERS} ALTER TABLE sessions DROP COLUMN archive_at;"
    " ALTER TABLE guild_settings DROP COLUMN archive_hours; ALTER TABLE sessions DROP COLUMN tutorial;"
)


async def reopen_before_ratings(storage: Storage) -> Storage:
    """The database as a bot without ratings left it: the ratings' migration not yet applied."""
    if isinstance(storage, SqliteStorage):
        async with storage.db.executescript(
            f"{UNDO_LATER_MIGRATIONS} DROP TABLE rating_changes; DROP TABLE ratings;"
            f" PRAGMA user_version = {RATINGS_MIGRATION - 1};"
        ):
            pass
        again: Storage = SqliteStorage(storage.path)
    else:
        assert isinstance(storage, PostgresStorage)
        async with storage.pool.acquire() as conn:
            await conn.execute(
                f"{UNDO_LATER_MIGRATIONS} DROP TABLE rating_changes; DROP TABLE ratings;"
                f" DELETE FROM schema_migrations WHERE number >= {RATINGS_MIGRATION}"
            )
        again = PostgresStorage(storage.url, pool_size=2)
    await storage.close()
    await again.open()
    return again


async def test_the_migration_rates_the_games_played_before_it(storage: Storage) -> None:
    assert "CREATE TABLE ratings" in dict(migrations())[RATINGS_MIGRATION]
    await finish(storage, [1, 2, "normal"], [1, 3, 2], NOW + 1)
    await finish(storage, [2, 1], [1, 1], NOW + 2)
    kept = await everything(storage)
    again = await reopen_before_ratings(storage)
    try:
        assert await everything(again) == kept
    finally:
        await again.close()


async def reopen_before(storage: Storage, number: int, sql: str = "") -> Storage:
    """The database as a bot left it before migration ``number`` (``sql`` run first)."""
    sql = f"{UNDO_AFTER_NEWCOMERS} {sql}"
    if isinstance(storage, SqliteStorage):
        async with storage.db.executescript(f"{sql} PRAGMA user_version = {number - 1};"):
            pass
        again: Storage = SqliteStorage(storage.path)
    else:
        assert isinstance(storage, PostgresStorage)
        async with storage.pool.acquire() as conn:
            await conn.execute(f"{sql} DELETE FROM schema_migrations WHERE number >= {number}")
        again = PostgresStorage(storage.url, pool_size=2)
    await storage.close()
    await again.open()
    return again


async def test_the_migration_takes_back_the_wins_of_fort_boyard_games_nobody_won(storage: Storage) -> None:
    """A Fort Boyard game in which nobody found their code word has no winner; before migration
    0012 its players, sharing the place, were each counted a win. The migration takes those wins
    back from the results, the rating history and the standings; places and skills stay."""
    nobody = await finish(storage, [1, 2], [1, 1], NOW + 1, game="fortboyard", reason="no_treasure")  # as saved then
    await finish(storage, [1, 2], [1, 2], NOW + 2, game="fortboyard", reason="treasure")
    before = await skills(storage, "fortboyard")
    assert before[1][2] == 2 and before[2][2] == 1  # the wrong count
    again = await reopen_before(storage, NO_WINNER_MIGRATION)
    try:
        after = await skills(again, "fortboyard")
        assert [(after[u][1], after[u][2]) for u in (1, 2)] == [(2, 1), (2, 0)]  # games kept, wins right
        assert [after[u][0] for u in (1, 2)] == [before[u][0] for u in (1, 2)]  # the skills stay
        (result,) = [r for r in await again.results(GUILD) if r.session_id == nobody]
        assert [(s.place, s.won) for s in result.seats] == [(1, False), (1, False)]
        changes = await again.rating_changes(GUILD, 2, "fortboyard", 10)
        assert not any(change.won for change in changes)
    finally:
        await again.close()


async def test_the_newcomers_migration_builds_every_rating_again(storage: Storage) -> None:
    """Ratings stored as the bot rated them before a newcomer's uncertainty changed (a newcomer
    then started at the library's 25/3) are built again from the results when migration 0013 is
    applied: a first loss to Easy no longer reads −152."""
    await finish(storage, [1, "easy"], [2, 1], NOW + 1)
    await finish(storage, [2, 3, "strong"], [1, 3, 2], NOW + 2)
    kept = await everything(storage)
    (first,) = await storage.rating_changes(GUILD, 1, "fortissimo", 5)
    assert first.after.shown - first.before.shown > -100
    old = lib_rate([Skill(LIB.mu, LIB.sigma), machine("easy")], [2, 1])[0]  # as rated then: 848
    assert round(1000 + 50 * lib_rating(old).ordinal()) == 848
    then = f"UPDATE ratings SET mu = {old.mu}, sigma = {old.sigma} WHERE user_id = 1;"
    again = await reopen_before(storage, ratings_tables.NEWCOMER_MIGRATION, then)
    try:
        assert await everything(again) == kept
    finally:
        await again.close()


def test_the_recompute_command(tmp_path: Path) -> None:
    """``python -m bot.storage.recompute DATABASE`` builds the same ratings again."""
    path = tmp_path / "bot.sqlite3"

    async def fill() -> tuple[object, ...]:
        storage = SqliteStorage(path)
        await storage.open()
        await finish(storage, [1, 2, 3, "strong"], [2, 1, 4, 3], NOW + 1)
        await finish(storage, [3, 1], [1, 2], NOW + 2)
        found = await everything(storage)
        await storage.close()
        return found

    kept = asyncio.run(fill())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE ratings SET mu = 0")  # anything derived may go wrong: it is built again
    done = subprocess.run(
        [sys.executable, "-m", "bot.storage.recompute", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Ratings recomputed from 2 rated games: 3 ratings.\n"

    async def read() -> tuple[object, ...]:
        storage = SqliteStorage(path)
        await storage.open()
        found = await everything(storage)
        await storage.close()
        return found

    assert asyncio.run(read()) == kept
    assert recompute_command.main(["one", "two"]) == 2 and recompute_command.main(["--help"]) == 2


def recompute(database: str) -> subprocess.CompletedProcess[str]:
    return bad_input.command("bot.storage.recompute", database)


def test_the_recompute_leaves_a_file_that_is_not_the_bots_as_it_was(tmp_path: Path) -> None:
    """Another application's file, random bytes, a truncated or empty file, a missing one, the
    bot's file in a read-only folder: one sentence each, and no file changed or created."""
    bot_file = tmp_path / "bot.sqlite3"

    async def fill() -> None:
        storage = SqliteStorage(bot_file)
        await storage.open()
        await finish(storage, [1, 2, 3, "strong"], [2, 1, 4, 3], NOW + 1)
        await storage.close()

    asyncio.run(fill())
    folder = tmp_path / "bad"
    folder.mkdir()
    for path, sentence in bad_input.bad_sqlite_files(folder, bot_file).items():
        before = bad_input.contents(folder)
        assert bad_input.refusal(recompute(str(path))) == sentence
        assert bad_input.contents(folder) == before
    missing = folder / "none.sqlite3"
    assert bad_input.refusal(recompute(str(missing))) == f"There is no SQLite database at {missing}."
    assert not missing.exists()
    before = bad_input.contents(tmp_path)
    with bad_input.read_only(tmp_path):
        assert bad_input.refusal(recompute(str(bot_file))) == bad_input.unwritable(bot_file)
    assert bad_input.contents(tmp_path) == before


async def test_the_recompute_leaves_a_database_that_is_not_the_bots_as_it_was(pg_url: str) -> None:
    """An empty database, one with another application's table, a malformed address: one sentence."""
    database = bad_input.postgres_database(pg_url)
    empty = await asyncio.to_thread(recompute, pg_url)
    assert bad_input.refusal(empty) == f"{database} holds no data of the bot (it is empty); it was left as it was."
    assert await bad_input.public_tables(pg_url) == {}
    await bad_input.add_foreign_table(pg_url)
    before = await bad_input.public_tables(pg_url)
    assert bad_input.refusal(await asyncio.to_thread(recompute, pg_url)) == (
        f"{database} is not the bot's database (it holds other tables: customers); it was left as it was."
    )
    assert await bad_input.public_tables(pg_url) == before
    for url in bad_input.MALFORMED:
        assert bad_input.refusal(await asyncio.to_thread(recompute, url)) == (
            "DATABASE_URL is not a well-formed PostgreSQL address"
            " (postgresql://user:password@host:port/database): check it."
        )
