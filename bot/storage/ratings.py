"""The ratings' tables (``bot/ratings.py`` says what a rating is): a result's game is rated in
the transaction that saves it, and ``recompute`` builds every rating again from the results.

Both go through ``Standings.play``, game by game in the order the games ended (then by table
number), so the two ways give the same numbers to the last bit.
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot import ratings
from bot.ratings import Entrant, Skill
from bot.storage.base import GameResult, Seat, SeatResult, Sql

RATINGS_MIGRATION = 9  # the migration that creates the tables: the ratings are built once it is applied
NEWCOMER_MIGRATION = 13  # a newcomer's uncertainty changed: the ratings are built again once it is applied
REBUILT_BY = (RATINGS_MIGRATION, NEWCOMER_MIGRATION)
_RATED = "r.guild_id IS NOT NULL AND r.ending != 'abandoned'"  # a result whose game may be rated
_CHANGE_COLUMNS = "session_id, seat, guild_id, game, user_id, ended_at, won, mu_before, sigma_before, mu, sigma"


def entrants(result: GameResult, seats: Sequence[Seat]) -> list[Entrant] | None:
    """The ranked seats of a rated game (``seats``: the table's, which say who resigned and each
    computer's level); None for a game that is not rated: abandoned, a solitaire, no person."""
    if result.guild_id is None or result.ending == "abandoned" or len(result.seats) < 2:
        return None
    if all(s.user_id is None for s in result.seats):
        return None
    last = max(s.place for s in result.seats) + 1  # below everyone who played on

    def entrant(s: SeatResult) -> Entrant:
        seat = seats[s.seat] if s.seat < len(seats) else Seat(user_id=s.user_id, name=s.name)  # none: as played
        return Entrant(seat=s.seat, user_id=s.user_id, level=seat.level, rank=last if seat.left else s.place, won=s.won)

    return [entrant(s) for s in result.seats]


@dataclass
class Standing:
    skill: Skill = ratings.NEWCOMER
    games: int = 0
    wins: int = 0


@dataclass
class Standings:
    """One server's players at one game, as the games are rated one after another."""

    players: dict[int, Standing] = field(default_factory=dict)

    def play(self, result: GameResult, rated: Sequence[Entrant]) -> list[tuple[Any, ...]]:
        """Rate one game; its ``rating_changes`` rows."""
        after = ratings.rate(rated, {user: standing.skill for user, standing in self.players.items()})
        rows = []
        for entrant in rated:
            if entrant.user_id is None:
                continue
            old = self.players.get(entrant.user_id, Standing())
            new = Standing(after[entrant.user_id], old.games + 1, old.wins + int(entrant.won))
            self.players[entrant.user_id] = new
            rows.append(
                (
                    result.session_id,
                    entrant.seat,
                    result.guild_id,
                    result.game,
                    entrant.user_id,
                    result.ended_at,
                    int(entrant.won),
                    old.skill.mu,
                    old.skill.sigma,
                    new.skill.mu,
                    new.skill.sigma,
                )
            )
        return rows


async def _write(sql: Sql, guild_id: int, game: str, standings: Standings, changes: list[tuple[Any, ...]]) -> None:
    if changes:
        marks = ", ".join("?" for _ in _CHANGE_COLUMNS.split(", "))
        await sql.executemany(f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES ({marks})", changes)
    await sql.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, wins = excluded.wins",
        [(guild_id, game, user, s.skill.mu, s.skill.sigma, s.games, s.wins) for user, s in standings.players.items()],
    )


async def rate_result(sql: Sql, result: GameResult, seats: Sequence[Seat]) -> None:
    """Rate a game as its result is saved, in the same transaction (the caller holds the
    ratings' lock). A game of that server and title that ended later, yet was rated first
    (two saves crossing), makes it build that title's ratings again instead."""
    rated = entrants(result, seats)
    if rated is None:
        return
    assert result.guild_id is not None  # a rated game has its server
    later = await sql.fetch(
        "SELECT 1 FROM rating_changes WHERE guild_id = ? AND game = ? AND (ended_at > ? OR (ended_at = ? AND session_id > ?))"
        " LIMIT 1",
        (result.guild_id, result.game, result.ended_at, result.ended_at, result.session_id),
    )
    if later:
        await recompute(sql, result.guild_id, result.game)
        return
    people = [e.user_id for e in rated if e.user_id is not None]
    rows = await sql.fetch(
        f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({', '.join('?' for _ in people)})",
        (result.guild_id, result.game, *people),
    )
    standings = Standings({r["user_id"]: Standing(Skill(r["mu"], r["sigma"]), r["games"], r["wins"]) for r in rows})
    changes = standings.play(result, rated)
    await _write(sql, result.guild_id, result.game, standings, changes)


async def recompute(sql: Sql, guild_id: int | None = None, game: str | None = None) -> tuple[int, int]:
    """Every rating built again from the stored results (of one server's title, or all):
    the games rated and the ratings written."""
    one = guild_id is not None
    params = [guild_id, game] if one else []
    scope = "guild_id = ? AND game = ?" if one else "1 = 1"
    await sql.execute(f"DELETE FROM rating_changes WHERE {scope}", params)  # first: holds the write lock
    await sql.execute(f"DELETE FROM ratings WHERE {scope}", params)
    scope = "r.guild_id = ? AND r.game = ?" if one else "1 = 1"
    found = await sql.fetch(
        f"SELECT r.*, x.seats AS table_seats FROM results r JOIN sessions x ON x.id = r.session_id"
        f" WHERE {_RATED} AND {scope} ORDER BY r.ended_at, r.session_id",
        params,
    )
    seat_rows = await sql.fetch(
        f"SELECT s.* FROM result_seats s JOIN results r USING (session_id) WHERE {_RATED} AND {scope}"
        " ORDER BY s.session_id, s.seat",
        params,
    )
    seats_of: dict[int, list[SeatResult]] = {}
    for row in seat_rows:
        seats_of.setdefault(row["session_id"], []).append(SeatResult.model_validate(row))
    every: dict[tuple[int, str], Standings] = {}
    changes: dict[tuple[int, str], list[tuple[Any, ...]]] = {}
    games = 0
    for row in found:
        result = GameResult.model_validate(row | {"seats": seats_of.get(row["session_id"], [])})
        table = [Seat.model_validate(seat) for seat in json.loads(row["table_seats"])]
        rated = entrants(result, table)
        if rated is None:
            continue
        key = (row["guild_id"], row["game"])
        changes.setdefault(key, []).extend(every.setdefault(key, Standings()).play(result, rated))
        games += 1
    for (guild, title), standings in every.items():
        await _write(sql, guild, title, standings, changes[guild, title])
    return games, sum(len(s.players) for s in every.values())
