"""A session's lock, held around a whole request in this process and in the database."""

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager

from bot.storage import Storage


class SessionLock(asyncio.Lock):
    """A session's lock: ``async with`` holds it in this process (the ``asyncio.Lock``), then
    in the database, which other processes on the same database hold it through too."""

    def __init__(self, storage: Storage, session_id: int) -> None:
        super().__init__()
        self._storage = storage
        self._session_id = session_id
        self._held: AbstractAsyncContextManager[None] | None = None  # the holder's, while held

    def holding(self, on_wait: Callable[[], Awaitable[None]]) -> AbstractAsyncContextManager[None]:
        """``async with`` the lock, awaiting ``on_wait`` once first if another request holds the
        session, in this process or another (the place to acknowledge an interaction)."""
        return _Holding(self, on_wait)

    async def _enter(self, on_wait: Callable[[], Awaitable[None]] | None) -> None:
        if on_wait is not None and self.locked():
            await on_wait()
            on_wait = None
        await self.acquire()
        try:
            held = self._storage.lock(self._session_id, on_wait)
            await held.__aenter__()
        except BaseException:
            self.release()
            raise
        self._held = held

    async def __aenter__(self) -> None:
        await self._enter(None)

    async def __aexit__(self, *error: object) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(None, None, None)
        finally:
            self.release()


class _Holding:
    def __init__(self, lock: SessionLock, on_wait: Callable[[], Awaitable[None]]) -> None:
        self._lock, self._on_wait = lock, on_wait

    async def __aenter__(self) -> None:
        await self._lock._enter(self._on_wait)

    async def __aexit__(self, *error: object) -> None:
        await self._lock.__aexit__(*error)
