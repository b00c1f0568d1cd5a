"""One process per shard: a lease in the database, renewed while the process lives.

A process takes the leases of its shards before it connects to Discord (without shards, it
serves shard 0 of 1). Where a live process already holds one, it says so in one sentence and
waits: it is a standby that takes the shards over once their leases lapse, ``LEASE_SECONDS``
after their process stopped renewing them (at once when it stopped cleanly, since it gives
them back). Taking the shards over also drops the timer claims the dead process left, so its
tables' reminders and time-outs fire at once, a few seconds late at most.

A database out of reach is a pause: the process serves on (its requests are answered "try
again"), keeps asking, and once the database answers again takes its leases back, lapsed or
not, unless another live process holds them by then: only that ends its serving.
"""

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from contextlib import suppress

from bot.storage import DatabaseUnreachable, Shards, Storage

log = logging.getLogger(__name__)
LEASE_SECONDS = 10.0  # a lease not renewed for this long lapses
RENEW_EVERY = 3.0  # seconds between two renewals
RETRY_EVERY = 2.0  # a waiting process looks again this often


class ShardLeases:
    def __init__(self, storage: Storage, shards: Shards, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.shards = shards
        self.clock = clock
        self.owner = uuid.uuid4().hex
        self.held_until = 0.0  # this process's leases last until then
        self.lost_since: float | None = None  # the database has not answered since then

    async def take(self) -> list[int]:
        """Take or renew every lease: [] once held, else the shards another live process holds."""
        now = self.clock()
        held = await self.storage.take_shards(self.shards, self.owner, now, now + LEASE_SECONDS)
        if not held:
            self.held_until = now + LEASE_SECONDS
        return held

    async def _ask(self) -> list[int] | None:
        """``take``, or None while the database does not answer (said when it goes, and when it is back)."""
        try:
            held = await self.take()
        except Exception as error:  # out of reach, or failing: asked again at the next turn
            if self.lost_since is None:
                self.lost_since = self.clock()
                log.warning("lost the database (%s): requests are answered “try again” until it is back", error)
            return None
        if self.lost_since is not None:
            log.warning("lost the database for %.0f s; it answers again", self.clock() - self.lost_since)
            self.lost_since = None
        return held

    async def wait_for_them(self, say: Callable[[str], None]) -> None:
        """Take the leases, waiting while another process holds them (said once, in one sentence)."""
        said = False
        while (held := await self._ask()) != []:
            if held and not said:
                which = f"Shards {', '.join(map(str, held))} are" if len(held) > 1 else f"Shard {held[0]} is"
                say(
                    f"{which} already served by another process on this database: waiting to take over when"
                    f" its lease lapses ({LEASE_SECONDS:.0f} s after that process stops)."
                )
                said = True
            await asyncio.sleep(RETRY_EVERY)
        with suppress(DatabaseUnreachable):  # else they lapse by themselves, a little later
            await self.storage.drop_claims(self.shards)

    async def keep(self) -> list[int]:
        """Renew the leases, through database outages too: a lease that lapsed meanwhile is taken
        back. Returns the shards another live process holds, once it took them over."""
        while True:
            await asyncio.sleep(RENEW_EVERY)
            if held := await self._ask():
                return held

    async def release(self) -> None:
        """Give the leases back, so that another process may take over at once."""
        try:
            await self.storage.release_shards(self.owner)
        except Exception as error:  # they lapse by themselves
            log.warning("could not give back the shard leases (%s)", type(error).__name__)
