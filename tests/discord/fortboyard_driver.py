"""Drive Fort Boyard games in SimCord through the board's buttons, its menu and its text boxes.

The seat to act uses the public board as a person would: a button (roll, stake, duel,
level, dice, signs...), the passe-partout menu, or « Answer » / « Propose my code word »,
which opens a text box the driver fills in and submits. What to do is decided by a
chooser over the seat's own view (the engine's computer player by default), except where
the computer would "attempt" a trial, which a person cannot: there the driver plays it
for real, answering right or wrong as its ``skill`` says (it reads the expected answer
from the stored state, as a player who knows it would).
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.storage import SessionRecord
from games.core import Rng
from games.fortboyard import ENGINE, trials
from games.fortboyard.models import (
    Answer,
    Attempt,
    Bank,
    FortBoyardState,
    Green,
    Press,
    Ready,
    Show,
    Tap,
    Throw,
    TimeUp,
)
from tests.discord.driver import SeatDriver, open_game_table, use_board
from tests.discord.forteresse_driver import board

GAME = ENGINE.name


async def open_table(
    env: Env,
    channel: ChannelHandle,
    host: MemberActor,
    joiners: list[MemberActor],
    computers: int = 0,
    lang: str = "en",
    **options: Any,
) -> tuple[SessionRecord, ChannelHandle, discord.Message]:
    """``/fortboyard start``, everyone joins, the host adds computers and starts."""
    return await open_game_table(env, channel, GAME, host, joiners, computers, lang, **options)


def code_word(state: FortBoyardState, seat: int) -> str:
    """What the test knows and the players do not: a seat's code word."""
    return ENGINE._word(state, seat).word


@dataclass
class Driver(SeatDriver):
    engine = ENGINE
    skill: int = 70  # percent of trials a person plays right
    finds_word: bool = True
    after_click: Callable[["Driver"], Awaitable[None]] | None = None

    def decide(self, state: FortBoyardState, seat: int) -> Any:
        legal = ENGINE.legal_actions(state, seat)
        rng = Rng.from_seed(state.turn * 7 + seat + len(self.tokens))
        if state.phase == "guess":
            right = self.finds_word and rng.below(100) < 80
            return Answer(text=code_word(state, seat) if right else "zzz")
        if Attempt() not in legal and not (state.phase == "trial" and Show(sign="stone") in legal):
            return super().decide(state, seat)
        progress = state.trial
        assert progress is not None
        if Ready() in legal:
            return Ready()
        if Green() in legal:
            return Green()  # the red light: wait for the clock to turn it green
        if Tap() in legal:
            return Tap()
        presses = [a for a in legal if isinstance(a, Press)]
        if presses:
            return presses[0]
        if Throw() in legal:
            return Bank() if Bank() in legal and progress.pile >= 8 else Throw()
        if Show(sign="stone") in legal:
            return rng.choice([a for a in legal if isinstance(a, Show)])
        expected = trials.expected(progress) or ""
        if progress.trial.kind == "typing":
            expected = " ".join(progress.trial.words)
        elif progress.trial.kind == "intruder":
            expected = progress.trial.intruder
        return Answer(text=expected if rng.below(100) < self.skill else "sans doute pas")

    async def play_action(self, seat: int, action: Any) -> InteractionResult | None:
        record = await self.record()
        state = self.env.bot.service.state(record)
        actor = self.actor(record, seat)
        shown = board(self.env, self.channel, record)
        assert action != TimeUp()
        if isinstance(action, Green):  # nobody presses this: the light turns green on time
            assert state.trial is not None
            await self.env.advance_time(state.trial.wait)
            assert (await self.record()).version > record.version
            self.tokens.append(action.token())
            return None
        if isinstance(action, Answer):
            opened = await actor.click(shown, custom_id=f"g:{GAME}:{record.id}:{record.version}:type-ans{state.turn}")
            assert opened.modal is not None, opened.response and opened.response.content
            result = await actor.submit_modal(opened, {"text": action.text})
        else:
            result = await use_board(actor, shown, GAME, record, action.token())
        assert not any((f.content or "").startswith("⛔") for f in result.followups), result.followups
        assert not result.ephemeral, f"{action.token()} refused: {result.response.content}"
        after = await self.record()
        assert after.version > record.version, f"{action.token()} changed nothing"
        self.tokens.append(action.token())
        if self.after_click is not None:
            await self.after_click(self)
        return result

    async def play_to_end(self, max_moves: int = 2000) -> SessionRecord:
        record = await self.play_until(lambda state: False, max_moves)
        assert record.status == "finished"
        return record
