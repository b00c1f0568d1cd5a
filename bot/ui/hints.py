"""💡 Hint, in every game: the move the strong computer player would make now, told privately to
the player whose decision it is, with one reason drawn from the search itself.

- The control (``components.HintButton``, ``hint:<game>:<session>``: no secret in it) sits where the
  player's own controls are: each game's board or private view adds ``hint_button``, which is None
  where the host turned hints off (``SessionRecord.hints``, the lobby's option) or the game is over.
  A tutorial always offers it, and its guide leaves it enabled (it is no game control). On a board
  whose last row is full, Rules and History come first (``Publishing._with_controls``).
- The answer is the strong level's own decision (``Engine.strong_analysis``), searched in the
  computer players' worker processes (``bot/search_pool.py``) from the seat's view only, never the
  whole state, seeded by the session's seed and version (one position always gets the same hint),
  within the level's own budget in iterations (at most the computers' ``SEARCH_ITERATIONS``), with a
  clock as a safety net. It names the move as the player's controls do (``GameUI.action_words``),
  and says why: the share of the sampled games it won against the next best move, or that it is the
  only move, the only sensible one, a draw at random, or a rule of thumb. A move a person must not
  be told (a trial's attempt, won by a computer at a rate; a code word read from cards the player
  does not see) is withheld, with a sentence why (``games.core.WITHHELD``).
- Anyone may click: a player not to act now is told there is nothing to decide, anyone else gets
  the usual refusal; nothing changes in the game.
"""

from contextlib import suppress
from typing import Any

import discord

from bot import tutorials
from bot.errors import UserError
from bot.i18n import Language, counted, percent, t
from bot.search_pool import SearchFailed
from bot.storage import SessionRecord
from bot.ui.components import HintButton
from bot.ui.table_core import TableCore
from games.core import WITHHELD, Analysis, Engine, Rng

HINT_SECONDS = 2.0  # the search's clock at most: its iterations end it first (a strong decision takes a quarter second)


def hints_on(record: SessionRecord) -> bool:
    """The table offers hints: the host left them on, or it is a tutorial (always on)."""
    return record.hints or record.tutorial is not None


def hint_button(record: SessionRecord, lang: Language, row: int | None = None) -> HintButton | None:
    """The 💡 Hint control for a player's board or private view; None where hints are off or the
    game no longer runs."""
    if record.status != "active" or not hints_on(record):
        return None
    label = t(lang, "hint.button")
    return HintButton(record.game, record.id, label=label, emoji="💡", style=discord.ButtonStyle.secondary, row=row)


def add_hint(view: discord.ui.View, record: SessionRecord, lang: Language, row: int | None = None) -> None:
    """``hint_button`` on ``view``, where it has room (a full view keeps its own controls)."""
    if (button := hint_button(record, lang, row)) is not None:
        with suppress(ValueError):  # its rows are full
            view.add_item(button)


def hint_rng(record: SessionRecord) -> Rng:
    """The search's seed: the session's seed and version, so one position always gets the same hint."""
    return Rng.from_seed(record.seed * 1_000_003 + record.version)


def hint_iterations(engine: Engine, most: int) -> int:
    """The strong level's own budget in iterations, at most ``most`` (the computers' setting)."""
    return min(engine.strong_budget.iterations, most)


def reason_text(analysis: Analysis, lang: Language) -> str:
    """Why the strong level plays its move, in one sentence: from a search, how often it won the
    games played out with it, against the move weighed most after it."""
    if analysis.grounds != "searched" or analysis.score is None:
        return t(lang, f"hint.reason.{analysis.grounds}")
    score, games = percent(analysis.score, lang), counted(lang, "hint.games", analysis.games)
    if analysis.runner_up is None:
        return t(lang, "hint.reason.searched_alone", score=score, games=games)
    other, other_games = percent(analysis.runner_up, lang), counted(lang, "hint.games", analysis.runner_up_games)
    return t(lang, "hint.reason.searched", score=score, games=games, other=other, other_games=other_games)


def hint_text(ui: Any, record: SessionRecord, state: Any, seat: int, analysis: Analysis, lang: Language) -> str:
    """The hint in words: the move as the player's controls name it and why; a withheld move's
    reason only. In a tutorial, a move the guide does not ask for now says so."""
    if analysis.grounds in WITHHELD:
        return t(lang, f"hint.withheld.{analysis.grounds}")
    words = ui.action_words(record, state, seat, analysis.move, lang)
    text = t(lang, "hint.move", move=words, reason=reason_text(analysis, lang))
    step = tutorials.current_step(record)
    if step is not None and analysis.move.token() not in step.allowed():
        text += " " + t(lang, "hint.tutorial")
    return text


class Hints(TableCore):
    async def hint(self, interaction: discord.Interaction, session_id: int) -> None:
        """A click on 💡 Hint: the strong level's move for the clicker's decision, privately. The
        table's lock is held only to read the position: the search runs after, so a hint never
        holds up the table's moves."""
        reply = self.reply_to(interaction)
        asked: tuple[SessionRecord, Any, int, list[Any]] | None = None
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            seat = self.service.check_playing(record, interaction.user.id)  # a player of the table only
            if not hints_on(record):
                raise UserError("hint.off")
            state = self.service.state(record)
            legal = self.service.engine(record).legal_actions(state, seat)
            if not legal:
                return await reply.send("💡 " + t(reply.lang, "hint.nothing"))
            await reply.wait()  # acknowledged at once: the search takes a moment
            asked = record, state, seat, legal
        if asked is None:  # refused, or answered already
            return
        record, state, seat, legal = asked
        engine = self.service.engine(record)
        try:
            analysis = await self.service.search.analyse(
                record.game,
                engine.view(state, seat),
                legal,
                hint_rng(record),
                hint_iterations(engine, self.service.search_iterations),
                HINT_SECONDS,
                table=record.id,
            )
        except SearchFailed:
            return await reply.send("💡 " + t(reply.lang, "hint.busy"))
        await reply.send("💡 " + hint_text(self.uis[record.game], record, state, seat, analysis, reply.lang))
