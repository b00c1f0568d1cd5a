"""A secret reaction window leaves no trace in what the bot sends to those it does not ask.

Ann attacks Ben while Cat watches, at two otherwise identical tables, each in its own
SimCord run: Ben holds nothing at one, "Non" (or "+1") at the other. Holding a card, Ben is
asked by DM and lets the attack pass (by his button, or by letting the window close); then
Ann ends her turn. Every REST request the bot makes is kept raw, and split by who receives it: the
thread's messages (everyone), each user's DMs, and the answers to each user's own clicks. Cat,
and Ann, must receive exactly the same payloads (custom ids, hence versions, included) in
the same order whatever Ben holds: one edit of the board, with the attack's result, and none
while the window is open.

What Ann legitimately learns (the rules text: the table « sees that action still being
played ») is that her click is only acknowledged, the result coming once Ben has answered:
the acknowledgement itself (Discord's "deferred update", which shows nothing) is set aside,
and an edit of the board is the same payload whether it answers her click or comes later.
While the window is open Cat opens "My cards": the answer is the one he gets, at the table
where Ben holds nothing, by opening it just before Ann attacks.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import simcord
from simcord import Env, MemberActor

from bot.ui.turn_pings import CALM
from games.fireship.models import Accept, Attack, EndTurn, Piece
from tests.conftest import USER_LOCALES, make_bot
from tests.discord.driver import open_game_table, session
from tests.discord.fireship_driver import Driver
from tests.discord.test_fireship_play import put_state, with_pieces

CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")
WEBHOOK = re.compile(r"/webhooks/\d+/([^/]+)")
CHANNEL = re.compile(r"/channels/(\d+)/messages")
SNOWFLAKE = re.compile(r"\d{17,20}")
UPDATE_MESSAGE, DEFERRED_UPDATE = 7, 6  # Discord's interaction callback types
NOT_SHOWN = {"nonce", "enforce_nonce", "tts"}  # request fields no reader ever sees


@dataclass
class Trace:
    """The requests of one run, and whose click each interaction's answers belong to."""

    env: Env
    thread: int
    start: int  # the first request kept
    clicks: list[tuple[int, int, bool]] = field(default_factory=list)  # (first request, user, on a public message)

    async def click(self, user: MemberActor, public: bool, play: Any) -> Any:
        self.clicks.append((len(self.env.http_requests), user.id, public))
        return await play()

    def clicker(self, index: int) -> tuple[int, bool]:
        return next((user, public) for first, user, public in reversed(self.clicks) if first <= index)

    def received(self, user_id: int, dm: int | None) -> list[str]:
        """What ``user_id`` receives, in order: the thread's messages, their DMs, the answers to
        their clicks; an edit of the public message clicked counts as the thread's."""
        seen = []
        for index, request in enumerate(self.env.http_requests[self.start :], self.start):
            if request.method == "GET" or request.path == "/users/@me/channels":
                continue  # the bot reading, or opening a DM channel: nobody sees it
            payload = _shown(request.json or {})
            callback = CALLBACK.search(request.path) is not None
            if callback or WEBHOOK.search(request.path):  # an answer to a click
                user, public = self.clicker(index)
                kind = payload.get("type") if callback else None
                data = _shown(payload.get("data") or {}) if callback else payload
                original = request.method == "PATCH" and request.path.endswith("/messages/@original")
                if public and (kind == UPDATE_MESSAGE or original):
                    seen.append(("PATCH", "board", data))  # the clicked board, edited for everyone
                elif user == user_id and kind != DEFERRED_UPDATE:
                    seen.append((request.method, "my click", data))
                continue
            channel = int(CHANNEL.search(request.path)[1])  # type: ignore[index]
            if channel == self.thread or channel == dm:
                where = "board" if request.method == "PATCH" and channel == self.thread else request.path
                seen.append((request.method, where, payload))
        return _renumbered(seen)


def _shown(payload: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in payload.items() if k not in NOT_SHOWN}


def _renumbered(seen: list[tuple[str, str, Any]]) -> list[str]:
    """Ids the two runs give in their own order (a message posted after another) numbered by
    their first appearance; everything else as sent."""
    numbers: dict[str, str] = {}

    def number(found: re.Match[str]) -> str:
        return numbers.setdefault(found[0], f"#{len(numbers)}")

    return [SNOWFLAKE.sub(number, repr(item)) for item in seen]


async def play_attack(path: Path, hand: list[str], answer: str) -> dict[str, Any]:
    """One table in its own SimCord run and database (see ``_play_attack``)."""
    USER_LOCALES.clear()  # everyone reads English, whatever an earlier test set
    bot = make_bot(path)
    try:
        async with simcord.run(bot) as env:
            return await _play_attack(env, hand, answer)
    finally:
        await bot.storage.close()


async def _play_attack(env: Env, hand: list[str], answer: str) -> dict[str, Any]:
    """Ann attacks Ben's boat next to hers, Cat watches; Ben holds ``hand`` and, asked, lets it
    pass by ``answer`` ("button" or "clock"); then Ann ends her turn. What Cat and Ann received."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben, cat])
    a, b, c = (record.seat_of(member.id) for member in (ann, ben, cat))
    pieces = [
        Piece(id=90, owner=a, kind="boat", cell=(7, 8)),
        Piece(id=91, owner=b, kind="boat", cell=(8, 8)),
        Piece(id=92, owner=a, kind="plane", cell=(0, 0)),
        Piece(id=93, owner=b, kind="plane", cell=(18, 18)),
        Piece(id=94, owner=c, kind="boat", cell=(18, 0)),
    ]
    hands: list[list[str]] = [[], [], []]
    hands[b] = hand  # type: ignore[index]
    state = env.bot.service.state(record)
    await put_state(env, record.id, with_pieces(state, pieces, phase="act", current=a, hands=hands))
    await env.advance_time(CALM)  # a while after the kickoff, which called everyone
    await env.bot.tables.ping_turns(await session(env, record.id))  # as when her turn began
    driver = Driver(env, thread, [ann, ben, cat], record.id)
    trace = Trace(env, thread.id, len(env.http_requests))

    async def cat_looks() -> None:
        latest = await driver.record()
        await trace.click(cat, False, lambda: driver.open_private(latest, c))

    if not hand:
        await cat_looks()
    await trace.click(ann, True, lambda: driver.play(a, Attack(leader="90", target="91")))
    if hand:
        asked = env.bot.service.state(await driver.record())
        assert asked.phase == "react" and asked.pending.asking == b
        await cat_looks()
        if answer == "button":
            await trace.click(ben, False, lambda: driver.play(b, Accept()))
    if answer == "clock":  # the window closes by itself; at the other table, Ann takes her time
        await env.advance_time(46)
    assert env.bot.service.state(await driver.record()).phase == "act"
    await trace.click(ann, True, lambda: driver.play(a, EndTurn()))
    dms = {m.id: m.user.dm_channel.id if m.user.dm_channel else None for m in (ann, cat)}
    return {
        "cat": trace.received(cat.id, dms[cat.id]),
        "ann": trace.received(ann.id, dms[ann.id]),
        "record": await driver.record(),
    }


@pytest.mark.parametrize(("hand", "answer"), [(["non"], "button"), (["plus_one"], "clock")])
async def test_a_window_sends_nothing_different_to_the_others(tmp_path: Path, hand: list[str], answer: str) -> None:
    nothing = await play_attack(tmp_path / "nothing.sqlite3", [], answer)
    holding = await play_attack(tmp_path / "holding.sqlite3", hand, answer)
    assert holding["cat"] == nothing["cat"]
    assert holding["ann"] == nothing["ann"]
    looked, attacked, ended, *pings = nothing["cat"]
    assert looked.startswith("('POST', 'my click'") and "Your mystery cards" in looked
    assert attacked.startswith("('PATCH', 'board'") and "ann attacks" in attacked and "plain die" in attacked
    assert "'custom_id': 'g:fireship:1:" in attacked  # custom ids, versions in them, are compared too
    assert ended.startswith("('PATCH', 'board'") and "ben: roll the three dice" in ended
    assert [p[:9] for p in pings] == ["('DELETE'", "('POST', "]  # Ann's turn notification goes, Ben's comes
    assert nothing["ann"] == [attacked, ended, *pings]
    assert holding["record"].version == nothing["record"].version + 1  # Ben's answer is stored all the same


class Scripted:
    """The strong computer's search, replaced: it attacks Ben's boat when it may, then ends its turn."""

    async def think(self, game, view, legal, rng, level, iterations, seconds, *, table=None, wait=0.0):
        for wanted in (Attack(leader="90", target="91"), EndTurn()):
            if wanted in legal:
                return wanted
        return legal[0]


async def computer_attacks(path: Path, hand: list[str]) -> dict[str, Any]:
    """A strong computer attacks Ben, who holds ``hand`` (and, asked, lets it pass by his
    button), while Cat watches; the computer then ends its turn. What Cat received."""
    USER_LOCALES.clear()
    bot = make_bot(path)
    bot.service.search = Scripted()
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            ben, cat = (guild.add_member(env.create_user(name)) for name in ("ben", "cat"))
            record, thread, _ = await open_game_table(env, channel, "fireship", ben, [cat], computers=1, level="strong")
            b, c, bot_seat = record.seat_of(ben.id), record.seat_of(cat.id), 2
            pieces = [
                Piece(id=90, owner=bot_seat, kind="boat", cell=(7, 8)),
                Piece(id=91, owner=b, kind="boat", cell=(8, 8)),
                Piece(id=92, owner=bot_seat, kind="plane", cell=(0, 0)),
                Piece(id=93, owner=b, kind="plane", cell=(18, 18)),
                Piece(id=94, owner=c, kind="boat", cell=(18, 0)),
            ]
            hands: list[list[str]] = [[], [], []]
            hands[b] = hand  # type: ignore[index]
            state = env.bot.service.state(record)
            await put_state(env, record.id, with_pieces(state, pieces, phase="act", current=bot_seat, hands=hands))
            driver = Driver(env, thread, [ben, cat], record.id)
            trace = Trace(env, thread.id, len(env.http_requests))
            env.bot.computers.kick(record.id)  # as after the change that gave it the turn
            await env.bot.computers._tasks[record.id]
            if hand:
                asked = env.bot.service.state(await driver.record())
                assert asked.phase == "react" and asked.pending.asking == b
                await trace.click(ben, False, lambda: driver.play(b, Accept()))
                if task := env.bot.computers._tasks.get(record.id):
                    await task
            after = env.bot.service.state(await driver.record())
            assert after.current == b and after.phase == "roll"  # the computer's turn is over
            dm = cat.user.dm_channel.id if cat.user.dm_channel else None
            return {"cat": trace.received(cat.id, dm), "record": await driver.record()}
    finally:
        await bot.stop_work()
        await bot.storage.close()


async def test_a_computers_attack_shows_the_same_whatever_the_person_it_hits_holds(tmp_path: Path) -> None:
    """A computer's turn that a window interrupts is shown move by move, its attack once the window
    has closed, as when the person it attacks holds nothing: Cat receives the same payloads, an
    edit of the board for the attack, then one for the end of the turn."""
    nothing = await computer_attacks(tmp_path / "nothing.sqlite3", [])
    holding = await computer_attacks(tmp_path / "holding.sqlite3", ["non"])
    assert holding["cat"] == nothing["cat"]
    edits = [item for item in nothing["cat"] if item.startswith("('PATCH', 'board'")]
    assert len(edits) == 2 and "attacks" in edits[0] and "ben: roll the three dice" in edits[1]
    assert holding["record"].version == nothing["record"].version + 1  # Ben's answer is stored all the same
