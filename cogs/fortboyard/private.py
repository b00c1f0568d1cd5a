"""Fort Boyard's private view (« My code word »): the player's level and clues, their hidden
boat or sign in a duel; and the private text boxes (``type-<name>``) where answers are typed,
whose name carries the state's turn so that an answer to a trial already over is refused."""

import discord

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import Prompt
from bot.ui.game_ui import (
    BoardMessage,
)
from bot.ui.hints import add_hint
from cogs.fortboyard.names import COLOUR, SIGN_EMOJI, grid_label
from games.fortboyard import ENGINE
from games.fortboyard.deck import TYPED
from games.fortboyard.models import (
    ANSWER_LENGTH,
    Answer,
    FortBoyardState,
)

ANSWER = "ans"  # the text box's name: ``ans<turn>``


class PrivateView:
    """``private``, ``prompt`` and ``typed_token`` for the Fort Boyard UI."""

    @staticmethod
    def _box_open(state: FortBoyardState, seat: int, name: str) -> bool:
        """The box ``name`` answers what ``seat`` must type now: a typed trial, or round 3's proposal."""
        if name != f"{ANSWER}{state.turn}" or seat not in ENGINE.to_act(state):
            return False
        trial = state.trial
        return state.phase == "guess" or (
            state.phase == "trial" and trial is not None and trial.stage == "play" and trial.trial.kind in TYPED
        )

    def prompt(
        self, record: SessionRecord, state: FortBoyardState, seat: int, name: str, lang: Language
    ) -> Prompt | None:
        if not self._box_open(state, seat, name):
            return None
        if state.phase == "guess":
            return Prompt(t(lang, "fortboyard.box.codeword_title"), t(lang, "fortboyard.box.codeword"))
        assert state.trial is not None
        kind = state.trial.trial.kind
        box = {"sequence": "sequence", "count": "count", "arithmetic": "count", "typing": "typing"}.get(kind, "answer")
        category = t(lang, f"fortboyard.category.{state.trial.category}")
        return Prompt(f"{t(lang, 'fortboyard.title')} · {category}", t(lang, f"fortboyard.box.{box}"))

    def typed_token(self, record: SessionRecord, state: FortBoyardState, seat: int, name: str, text: str) -> str | None:
        if not self._box_open(state, seat, name):
            return None
        # what the box let through, at most ANSWER_LENGTH code points (a stray surrogate, which
        # UTF-8 cannot carry, becomes "?")
        kept = text.encode("utf-8", "replace").decode("utf-8").strip()[:ANSWER_LENGTH]
        return Answer(text=kept).token()

    def private(self, record: SessionRecord, state: FortBoyardState, seat: int, lang: Language) -> BoardMessage:
        view = ENGINE.view(state, seat)
        embed = discord.Embed(title=t(lang, "fortboyard.private.title"), colour=COLOUR)
        if view.level is None:
            embed.description = t(lang, "fortboyard.private.round_1")
        else:
            lines = [
                t(
                    lang,
                    "fortboyard.private.level",
                    level=t(lang, f"fortboyard.level.{view.level}"),
                    count=len(view.clues),
                )
            ]
            lines += [t(lang, "fortboyard.private.clue", number=n, text=c) for n, c in enumerate(view.clues, 1)]
            if not view.clues:
                lines.append(t(lang, "fortboyard.private.none"))
            lines.append(t(lang, "fortboyard.private.hint"))
            embed.description = "\n".join(lines)
        if view.trial is not None and view.trial.boat is not None:
            boat = grid_label(view.trial.boat, view.trial.size or 3)
            embed.add_field(
                name=t(lang, "fortboyard.category.duel"), value=t(lang, "fortboyard.private.boat", cell=boat)
            )
        if view.trial is not None and view.trial.sign is not None:
            sign = f"{SIGN_EMOJI[view.trial.sign]} {t(lang, f'fortboyard.sign.{view.trial.sign}')}"
            embed.add_field(
                name=t(lang, "fortboyard.category.duel"), value=t(lang, "fortboyard.private.sign", sign=sign)
            )
        controls = discord.ui.View(timeout=None)
        add_hint(controls, record, lang)
        return BoardMessage(embed=embed, view=controls if controls.children else None)
