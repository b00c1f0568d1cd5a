"""Drive Fortissimo! games in SimCord through clicks and selects only.

Every move goes through the Discord UI: the driver finds the current board
(the two last bot messages carrying ``g:``/``s:`` components), picks a button
or a menu value a player could see, and clicks it as the player to act.

To choose WHICH face-down card to flip, the driver peeks at the stored state
(``env.bot.service``). This only speeds the tests up (players take the next
useful card at once, so games are short); it never moves anything itself.
"""

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.storage import SessionRecord
from games.core import Action, Engine, Rng
from games.fortissimo import ENGINE
from games.fortissimo.cards import CANNONS, MAGICIEN, label, parse_label
from games.fortissimo.models import FortissimoState

GAME_PREFIXES = ("g:", "s:")
ID_PATTERN = re.compile(
    r"g:fortissimo:(?P<sid>\d+):(?P<ver>\d+):(?P<token>[ftmx][A-E][1-9]|[trm])"
    r"|s:fortissimo:(?P<ssid>\d+):(?P<sver>\d+):cannon"
)
LOBBY_LABELS = {
    "fr": {"join": "Rejoindre", "leave": "Quitter",
           "remove_bot": "Retirer un ordinateur", "start": "Lancer la partie", "cancel": "Annuler"},
    "en": {"join": "Join", "leave": "Leave",
           "remove_bot": "Remove a computer player", "start": "Start the game", "cancel": "Cancel"},
}  # fmt: skip


# -- reading messages ----------------------------------------------------------
def items(message: discord.Message) -> list[Any]:
    """Every component (button or select) of a message, row by row."""
    return [child for row in message.components for child in getattr(row, "children", [row])]


def custom_ids(message: discord.Message) -> list[str]:
    return [item.custom_id for item in items(message) if getattr(item, "custom_id", None)]


# what a finished game's board still offers: Rules, History, Describe, Rematch, Replay
AFTER_THE_END = re.compile(r"r:[a-z_]+|[hd]:[a-z_]+:\d+|l:\d+:\d+:rematch|f:[a-z_]+:\d+")


def controls_left(message: discord.Message) -> list[str]:
    """A message's controls but the Rules, History, Describe and Rematch buttons a finished game keeps."""
    return [cid for cid in custom_ids(message) if not AFTER_THE_END.fullmatch(cid)]


def is_board(message: discord.Message) -> bool:
    return any(cid.startswith(GAME_PREFIXES) for cid in custom_ids(message))


def bot_messages(channel: ChannelHandle, env: Env) -> list[discord.Message]:
    return [m for m in channel.history() if m.author.id == env.bot.user.id]


def board_messages(channel: ChannelHandle, env: Env) -> list[discord.Message]:
    """The current board: the last two bot messages with game components."""
    boards = [m for m in bot_messages(channel, env) if is_board(m)]
    assert len(boards) >= 2, "no board with controls in this channel"
    return boards[-2:]


def public_text(message: discord.Message) -> str:
    """Everything a message shows: content, embeds, button labels, menu texts."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        for embed_field in embed.fields:
            parts += [embed_field.name or "", embed_field.value or ""]
    for item in items(message):
        parts.append(getattr(item, "label", None) or "")
        parts.append(getattr(item, "placeholder", None) or "")
        parts += [option.label for option in getattr(item, "options", [])]
    return "\n".join(p for p in parts if p)


# -- the session behind a channel ----------------------------------------------
async def session(env: Env, session_id: int) -> SessionRecord:
    record = await env.bot.storage.get_session(session_id)
    assert record is not None
    return record


def game_state(env: Env, record: SessionRecord) -> FortissimoState:
    return env.bot.service.state(record)


async def check_log_and_replay(env: Env, record: SessionRecord, tokens: list[str]) -> None:
    """Every click (``tokens``, in order) is in the action log, each action is its seat's
    (user None for computer seats), the log runs to the record's version, and replaying
    it rebuilds the stored state, for any game."""
    actions = await env.bot.storage.actions(record.id)
    assert [a.token for a in actions if a.user_id is not None] == tokens
    for action in actions:
        assert action.user_id == record.seats[action.seat].user_id
    seqs = [a.seq for a in actions]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    assert seqs[-1] == record.version
    replayed = await env.bot.service.replay(record)
    assert replayed == env.bot.service.state(record)
    assert env.bot.service.engine(record).dump(replayed) == record.state


@dataclass
class SeatDriver:
    """What the drivers of the board games share: who is who, the stored record, and
    playing the first seat to act, as its chooser decides (the engine's computer player by
    default), until something holds. A game's driver sets ``engine`` and writes
    ``play_action``, which plays through the controls a person would use."""

    engine: ClassVar[Engine]
    env: Env
    channel: ChannelHandle  # the game's thread
    players: list[MemberActor]
    session_id: int
    choosers: dict[int, Callable[..., Any]] = field(default_factory=dict)  # by seat: (view, legal, rng) -> action
    tokens: list[str] = field(default_factory=list)  # every accepted move, in order

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    def actor(self, record: SessionRecord, seat: int) -> MemberActor:
        user_id = record.seats[seat].user_id
        (found,) = [p for p in self.players if p.id == user_id]
        return found

    def decide(self, state: Any, seat: int) -> Action:
        legal = self.engine.legal_actions(state, seat)
        rng = Rng.from_seed(self.engine.turn_number(state) * 7 + seat + len(self.tokens))
        action = self.choosers.get(seat, self.engine.choose)(self.engine.view(state, seat), legal, rng)
        assert action in legal, action
        return action

    async def play_action(self, seat: int, action: Action) -> Any:
        raise NotImplementedError

    async def step(self) -> None:
        """One move of the first seat to act."""
        record = await self.record()
        state = self.env.bot.service.state(record)
        seat = min(self.engine.to_act(state))
        assert not record.seats[seat].computer, "a computer seat is to act after a commit"
        await self.play_action(seat, self.decide(state, seat))

    async def play_until(self, done: Callable[[Any], bool], max_moves: int = 3000) -> SessionRecord:
        for _ in range(max_moves):
            record = await self.record()
            if record.status != "active" or done(self.env.bot.service.state(record)):
                return record
            await self.step()
        raise AssertionError("the game did not get there")


async def use_board(
    actor: MemberActor, shown: discord.Message, game: str, record: SessionRecord, token: str
) -> InteractionResult:
    """Play ``token`` through the board's control that offers it: its button (enabled), or a menu."""
    for version in (record.version, 0):  # 0: a button valid whatever the board's version
        button = f"g:{game}:{record.id}:{version}:{token}"
        if button in custom_ids(shown):
            (item,) = [i for i in items(shown) if getattr(i, "custom_id", None) == button]
            assert not item.disabled, f"{token} is disabled"
            return await actor.click(shown, custom_id=button)
    for item in items(shown):
        if isinstance(item, discord.SelectMenu) and token in [o.value for o in item.options]:
            return await actor.select(shown, [token], custom_id=item.custom_id)
    raise AssertionError(f"the board offers no control for {token}")


async def add_computer(channel: ChannelHandle, host: MemberActor, lobby: discord.Message, level: str = "normal") -> Any:
    """The host picks a computer player's level in the lobby's menu."""
    shown = next(m for m in channel.history() if m.id == lobby.id)
    (menu,) = [i for i in items(shown) if (getattr(i, "custom_id", None) or "").endswith(":add_bot")]
    return await host.select(shown, [level], custom_id=menu.custom_id)


async def open_game_table(
    env: Env,
    channel: ChannelHandle,
    game: str,
    host: MemberActor,
    joiners: Iterable[MemberActor] = (),
    computers: int = 0,
    lang: str = "en",
    level: str = "normal",
    **options: Any,
) -> tuple[SessionRecord, ChannelHandle, discord.Message]:
    """``/<game> start``, everyone joins, the host adds computers (at ``level``) and starts; the
    record, the channel play happens in (the game's thread) and the lobby message."""
    result = await host.slash(channel, f"{game} start", **options)
    assert not result.ephemeral, result.response and result.response.content
    lobby = result.response.message
    for member in joiners:
        assert not (await member.click(lobby, label=LOBBY_LABELS[lang]["join"])).ephemeral
    for _ in range(computers):
        assert not (await add_computer(channel, host, lobby, level)).ephemeral
    assert not (await host.click(lobby, label=LOBBY_LABELS[lang]["start"])).ephemeral
    found = await env.bot.storage.find_sessions(game=game, channel_id=channel.id)
    record = max(found, key=lambda r: r.id)
    assert record.status in ("active", "finished")
    return record, play_channel(env, channel, record), lobby


async def open_table(
    env: Env,
    channel: ChannelHandle,
    host: MemberActor,
    joiners: Iterable[MemberActor] = (),
    computers: int = 0,
    lang: str = "en",
    **options: Any,
) -> tuple[SessionRecord, discord.Message]:
    """``/fortissimo start``, everyone joins, the host adds computers and starts."""
    record, _, lobby = await open_game_table(env, channel, "fortissimo", host, joiners, computers, lang, **options)
    return record, lobby


def play_channel(env: Env, channel: ChannelHandle, record: SessionRecord) -> ChannelHandle:
    """The game's thread (or the channel itself when play stayed there)."""
    if record.channel_id == channel.id:
        return channel
    (thread,) = [t for t in channel.threads if t.id == record.channel_id]
    return thread


# -- choosing moves (peeking only to pick, never to move) ------------------------
Chooser = Callable[[FortissimoState, int, int], tuple[int, str]]


def climb(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
    """Flip the smallest face-down card above this seat's top, and take it."""
    top = state.ramparts[seat][-1]
    cards = [(card, slot) for slot, card in enumerate(state.grid) if card]
    above = sorted(c for c in cards if c[0] > top)
    return (above[0][1], "take") if above else (min(cards)[1], "take")


def climb_with_put_backs(every: int) -> Chooser:
    """Like ``climb``, but every ``every``-th turn flip the biggest card and put it back."""

    def choose(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
        if turn % every == every - 1:
            cards = [(card, slot) for slot, card in enumerate(state.grid) if card]
            return max(cards)[1], "back"
        return climb(state, seat, turn)

    return choose


def cannon_first(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
    """Take a Cannon as soon as an opponent has a card it can destroy."""
    top = state.ramparts[seat][-1]
    if ENGINE.cannon_targets(state, seat):
        cannons = [slot for slot, card in enumerate(state.grid) if card in CANNONS and card > top]
        if cannons:
            return cannons[0], "take"
    return climb(state, seat, turn)


def jump(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
    """Flip the biggest face-down card and take it if it fits: players soon get stuck."""
    cards = [(card, slot) for slot, card in enumerate(state.grid) if card]
    return max(cards)[1], "take"


def wizard(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
    """Take the Magicien first; once it may insert, flip a lower card to insert it."""
    top = state.ramparts[seat][-1]
    wizards = [slot for slot, card in enumerate(state.grid) if card == MAGICIEN and card > top]
    if wizards and MAGICIEN not in state.ramparts[seat]:
        return wizards[0], "take"
    if ENGINE.magicien_ready(state, seat):
        lower = sorted((card, slot) for slot, card in enumerate(state.grid) if card and card < top)
        if lower:
            return lower[-1][1], "take"  # Take is off for a lower card: the driver inserts
    return climb(state, seat, turn)


# -- playing ---------------------------------------------------------------------
@dataclass
class Driver:
    env: Env
    channel: ChannelHandle  # where the board is: the thread, or the lobby channel
    players: list[MemberActor]
    session_id: int
    choose: Chooser = climb
    tokens: list[str] = field(default_factory=list)  # every accepted move, in order
    after_click: Callable[["Driver"], Any] | None = None  # an async check after each move
    turns: int = 0
    open_grid_high: bool = False  # on the open grid, take the highest card (ends games blocked)

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    def actor(self, user_id: int | None) -> MemberActor:
        found = [p for p in self.players if p.id == user_id]
        assert found, f"seat of user {user_id} is not driven by a test member"
        return found[0]

    async def current(self) -> tuple[SessionRecord, FortissimoState, MemberActor]:
        record = await self.record()
        state = game_state(self.env, record)
        seat = record.seats[state.current]
        assert not seat.computer, "a computer seat is to act after a commit"
        return record, state, self.actor(seat.user_id)

    def find(self, record: SessionRecord, token: str) -> tuple[discord.Message, Any]:
        """The board message and the enabled component for ``token`` at this version."""
        wanted = f"g:fortissimo:{record.id}:{record.version}:{token}"
        for message in board_messages(self.channel, self.env):
            for item in items(message):
                if getattr(item, "custom_id", None) == wanted:
                    assert not item.disabled, f"{token} is disabled"
                    return message, item
        raise AssertionError(f"no button {wanted} on the board")

    def enabled(self, token: str, message: discord.Message | None = None) -> bool:
        messages = [message] if message else board_messages(self.channel, self.env)
        return any(
            getattr(i, "custom_id", "").endswith(f":{token}") and not i.disabled for m in messages for i in items(m)
        )

    async def _moved(self, result: InteractionResult, before: SessionRecord, token: str) -> None:
        assert not result.ephemeral, f"move {token} refused: {result.response and result.response.content}"
        after = await self.record()
        assert after.version > before.version, f"move {token} changed nothing"
        self.tokens.append(token)
        if self.after_click is not None:
            await self.after_click(self)

    async def click(self, token: str) -> InteractionResult:
        record, _, actor = await self.current()
        message, _ = self.find(record, token)
        result = await actor.click(message, custom_id=f"g:fortissimo:{record.id}:{record.version}:{token}")
        await self._moved(result, record, token)
        return result

    async def fire(self) -> InteractionResult:
        """In the cannon phase: pick the first card the menu offers."""
        record, _, actor = await self.current()
        menu_id = f"s:fortissimo:{record.id}:{record.version}:cannon"
        message = next(m for m in board_messages(self.channel, self.env) if menu_id in custom_ids(m))
        menu = next(i for i in items(message) if i.custom_id == menu_id)
        value = menu.options[0].value
        result = await actor.select(message, [value], custom_id=menu_id)
        await self._moved(result, record, value)
        return result

    async def play_turn(self) -> None:
        """One whole turn of the player to act (two clicks for flip then take)."""
        record, state, _ = await self.current()
        if state.phase == "cannon":
            await self.fire()
        elif state.open_grid:
            legal = [a.token() for a in ENGINE.legal_actions(state, state.current)]
            takes = sorted((t for t in legal if t.startswith("t")), key=lambda t: state.grid[_slot(t)])
            if self.open_grid_high:
                takes.reverse()
            await self.click(takes[0] if takes else legal[0])
        else:
            if state.phase == "flip":
                slot, intent = self.choose(state, state.current, self.turns)
                await self.click("f" + label(slot))
            else:  # a flipped card is waiting (e.g. after a restart)
                intent = "take"
            self.turns += 1
            if intent == "take" and self.enabled("t"):
                await self.click("t")
            elif intent == "take" and self.enabled("m"):
                await self.click("m")
            else:
                await self.click("r")
            record = await self.record()
            if record.status == "active" and game_state(self.env, record).phase == "cannon":
                await self.fire()

    async def play_to_end(self, max_turns: int = 200) -> SessionRecord:
        for _ in range(max_turns):
            record = await self.record()
            if record.status != "active":
                return record
            await self.play_turn()
        raise AssertionError("the game did not end")


def _slot(token: str) -> int:
    slot = parse_label(token[1:])
    assert slot is not None
    return slot


# -- several requests in flight at once -------------------------------------------
async def at_once(env: Env, *verbs: Callable[[], Awaitable[InteractionResult]]) -> list[InteractionResult]:
    """Run actor verbs so that the bot receives every one before it handles any.

    SimCord settles (lets the bot finish its work) after each verb, so two
    verbs never overlap. Here that settling is held back (simcord 3.2.1's
    ``Env._settle_internal``) until the last verb is sent: a double click, or
    a command racing a click, as on a real, busy Discord.
    """
    settle = env._settle_internal

    async def later(**_: Any) -> None:
        return None

    env._settle_internal = later  # type: ignore[method-assign]
    try:
        results = [await verb() for verb in verbs]
    finally:
        env._settle_internal = settle  # type: ignore[method-assign]
    await env.settle()
    return results
