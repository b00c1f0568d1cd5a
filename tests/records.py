"""A running table's record as tests build one by hand, without a bot or a database."""

from collections.abc import Sequence
from typing import Any

from bot.storage import Seat, SessionRecord


def running(game: str, names: Sequence[str], seed: int = 1, id: int = 1, **fields: Any) -> SessionRecord:
    """Game ``game`` under way on server 1, one person's seat for each of ``names`` (user ids 1, 2, …)."""
    fields.setdefault("seats", [Seat(user_id=i + 1, name=name) for i, name in enumerate(names)])
    return SessionRecord(
        id=id,
        game=game,
        guild_id=1,
        lobby_channel_id=1,
        channel_id=1,
        host_id=1,
        status="active",
        seed=seed,
        created_at=0,
        updated_at=0,
        **fields,
    )
