"""PostgreSQL for the storage tests: one throwaway server per test session, a fresh
database per test. Without PostgreSQL's programs, those tests fail and say why."""

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.storage import PostgresStorage, SqliteStorage, Storage
from tests.bot.pg_cluster import Cluster, ClusterError

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    cluster, failure = Cluster(), None
    try:
        cluster.start()
    except ClusterError as error:
        failure = str(error)
    if failure is not None:
        cluster.stop()
        pytest.fail(failure, pytrace=False)
    yield cluster
    cluster.stop()


async def new_database(cluster: Cluster) -> str:
    """The address of a new, empty database on ``cluster``."""
    name = f"test_{next(_databases)}"
    admin = await asyncpg.connect(cluster.url())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return cluster.url(name)


@pytest.fixture
async def pg_url(pg_cluster: Cluster) -> str:
    return await new_database(pg_cluster)


@pytest.fixture(params=["sqlite", "postgres"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    """An open storage of each backend (only the PostgreSQL one needs the server)."""
    if request.param == "sqlite":
        opened: Storage = SqliteStorage(tmp_path / "db.sqlite3")
    else:
        opened = PostgresStorage(await new_database(request.getfixturevalue("pg_cluster")), pool_size=4)
    await opened.open()
    yield opened
    await opened.close()
