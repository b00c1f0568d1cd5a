"""How a Fortissimo table looks in Discord.

The 45 slots cannot fit in one message (25 buttons at most), so the grid is
shown as 9 rows of 5 (row n holds A n .. E n) over two messages: rows 1-5
under the board's embed, rows 6-9 and the controls in the second message.
Face-down buttons show their slot name only; the values players have seen
are for them to remember. The latest moves are told by narration.py.
"""

from typing import Any

import discord
from babel.lists import format_list

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import GameButton, GameSelect
from bot.ui.game_ui import (
    HOUSE,
    RECENT_SHOWN,
    BoardMessage,
    GameUI,
    add_recent,
    closed_early,
    computer_thinking,
    seat_mention,
    seat_name,
)
from bot.ui.hints import add_hint
from cogs.fortissimo.names import card_text
from cogs.fortissimo.narration import Narration
from cogs.fortissimo.tutorial import LESSONS
from games.core import Action
from games.fortissimo import ENGINE
from games.fortissimo.cards import COLUMNS, ROWS, label
from games.fortissimo.models import Fire, Flip, FortissimoState, FortissimoView, Insert, PutBack, Take

GAME = ENGINE.name
FIRST_MESSAGE_ROWS = 5
COLOURS = {"basic": 0xC05621, "advanced": 0x6B46C1}


class FortissimoUI(Narration, GameUI[FortissimoState]):
    game = GAME
    title_key = "fortissimo.title"
    colour = COLOURS["basic"]
    rule_parts = ("advanced", HOUSE, "controls")
    lessons = LESSONS

    # -- board ----------------------------------------------------------------
    def board(self, record: SessionRecord, state: FortissimoState, lang: Language) -> list[BoardMessage]:
        view = ENGINE.view(state, None)
        legal = {a.token() for a in ENGINE.legal_actions(state, view.current)}
        embed = discord.Embed(
            title=t(
                lang,
                "fortissimo.board.title",
                number=record.id,
                variant=t(lang, f"fortissimo.variant.{view.options.variant}"),
            ),
            description=self._prompt(record, view, legal, lang),
            colour=COLOURS[view.options.variant],
        )
        for seat in range(view.seats):
            embed.add_field(
                name=self._player_title(record, view, seat, lang), value=self._rampart(view, seat, lang), inline=False
            )
        told = self._told(record, state, lang)
        # The whole change just made shows (each computer flip once), and at least the last few turns.
        shown = [line for _, line in told][-max(sum(fresh for fresh, _ in told), RECENT_SHOWN) :]
        add_recent(embed, lang, shown, pinned=len(shown))
        embed.set_footer(text=t(lang, "fortissimo.board.footer", remaining=len(view.remaining)))
        rows = [self._grid_row(record, view, legal, n) for n in range(COLUMNS)]
        first, second = discord.ui.View(timeout=None), discord.ui.View(timeout=None)
        for index, buttons in enumerate(rows):
            target, row = (first, index) if index < FIRST_MESSAGE_ROWS else (second, index - FIRST_MESSAGE_ROWS)
            for button in buttons:
                button.row = row
                target.add_item(button)
        for item in self._controls(record, view, legal, lang):
            item.row = COLUMNS - FIRST_MESSAGE_ROWS
            second.add_item(item)
        add_hint(second, record, lang, row=COLUMNS - FIRST_MESSAGE_ROWS)  # none beside the Cannon's menu
        # The second message holds the controls: the instruction they answer stands right above them.
        if record.status != "active":
            above = closed_early(record, lang) or t(lang, "fortissimo.board.closed")
        elif view.phase in ("decide", "cannon"):
            above = self._prompt(record, view, legal, lang, mention=False)
        else:
            above = t(lang, "fortissimo.board.second_half")
        return [BoardMessage(embed=embed, view=first), BoardMessage(content=above, view=second)]

    def _prompt(
        self, record: SessionRecord, view: FortissimoView, legal: set[str], lang: Language, mention: bool = True
    ) -> str:
        if closed := closed_early(record, lang):
            return closed
        if view.phase == "over" or record.status != "active":
            return t(lang, "fortissimo.prompt.over")
        if thinking := computer_thinking(record, view.current, lang):
            return thinking
        who = (seat_mention if mention else seat_name)(record, view.current, lang)
        if view.phase == "cannon":
            return t(lang, "fortissimo.prompt.cannon", player=who)
        if view.phase == "decide" and view.flipped is not None:
            takes = {Take().token(), Insert().token()} & legal
            key = "fortissimo.prompt.decide" if takes else "fortissimo.prompt.put_back"
            return t(lang, key, player=who, card=view.slots[view.flipped], slot=label(view.flipped))
        if view.open_grid:
            return t(lang, "fortissimo.prompt.open", player=who)
        return t(lang, "fortissimo.prompt.flip", player=who)

    def action_words(
        self, record: SessionRecord, state: FortissimoState, seat: int, action: Action, lang: Language
    ) -> str:
        """A grid button says only its slot or card: a flip names the slot it turns, a card taken
        from the open grid (or inserted by the Wizard) its number and slot; else the control's words."""
        view = ENGINE.view(state, seat)
        if isinstance(action, Flip):
            return t(lang, "fortissimo.hint.flip", slot=label(action.slot))
        if isinstance(action, Take | Insert) and action.slot is not None:
            key = "fortissimo.hint.take" if isinstance(action, Take) else "fortissimo.hint.insert"
            return t(lang, key, card=view.slots[action.slot], slot=label(action.slot))
        return super().action_words(record, state, seat, action, lang)

    def _player_title(self, record: SessionRecord, view: FortissimoView, seat: int, lang: Language) -> str:
        marker = "▶ " if seat == view.current and record.status == "active" else ""
        title = f"{marker}{seat_name(record, seat, lang)} — {t(lang, 'fortissimo.board.cards', count=len(view.ramparts[seat]))}"
        if view.scores is not None:
            title += " · " + t(lang, "fortissimo.board.points", points=view.scores[seat].total)
        if view.magicien_ready[seat] and record.status == "active":
            title += " · 🪄"
        if view.resigned[seat]:
            title += " · " + t(lang, "fortissimo.board.left")
        return title[:256]

    def _rampart(self, view: FortissimoView, seat: int, lang: Language) -> str:
        advanced = view.options.variant == "advanced"
        return " · ".join(card_text(card, lang, advanced) for card in view.ramparts[seat])

    def _grid_row(self, record: SessionRecord, view: FortissimoView, legal: set[str], number: int) -> list[GameButton]:
        """Row ``number`` of the shown grid: slots A(number+1) .. E(number+1)."""
        top = view.ramparts[view.current][-1]
        buttons = []
        for row in range(len(ROWS)):
            slot = row * COLUMNS + number
            name = label(slot)
            card = view.slots[slot]

            def button(token: str, text: str, style: discord.ButtonStyle, enabled: bool) -> GameButton:
                return GameButton(GAME, record.id, record.version, token, label=text, style=style, disabled=not enabled)

            if card == 0:
                buttons.append(button("x" + name, "·", discord.ButtonStyle.secondary, False))
            elif card is None:
                token = "f" + name
                buttons.append(button(token, name, discord.ButtonStyle.secondary, token in legal))
            elif view.open_grid and view.phase != "over":
                take, insert = "t" + name, "m" + name
                if take in legal:
                    buttons.append(button(take, str(card), discord.ButtonStyle.success, True))
                elif insert in legal:
                    buttons.append(button(insert, f"🪄{card}", discord.ButtonStyle.primary, True))
                else:
                    buttons.append(button("x" + name, str(card), discord.ButtonStyle.secondary, False))
            else:
                style = discord.ButtonStyle.success if card > top else discord.ButtonStyle.danger
                if view.phase == "over":
                    style = discord.ButtonStyle.secondary
                buttons.append(button("x" + name, str(card), style, False))
        return buttons

    def _controls(
        self, record: SessionRecord, view: FortissimoView, legal: set[str], lang: Language
    ) -> list[GameButton | GameSelect]:
        def control(action: Take | PutBack | Insert, key: str, style: discord.ButtonStyle, **params: Any) -> GameButton:
            token = action.token()
            return GameButton(
                GAME,
                record.id,
                record.version,
                token,
                label=t(lang, key, **params),
                style=style,
                disabled=token not in legal,
            )

        if view.phase == "decide" and view.flipped is not None:
            controls: list[GameButton | GameSelect] = [
                control(Take(), "fortissimo.button.take", discord.ButtonStyle.success, card=view.slots[view.flipped]),
                control(PutBack(), "fortissimo.button.put_back", discord.ButtonStyle.secondary),
            ]
            if Insert().token() in legal:  # only when the Wizard can be used now
                controls.append(control(Insert(), "fortissimo.button.insert", discord.ButtonStyle.primary))
            return controls
        if view.phase == "cannon":
            options = [
                discord.SelectOption(
                    label=t(
                        lang,
                        "fortissimo.cannon.option",
                        player=seat_name(record, target, lang),
                        card=card_text(card, lang, advanced=True),
                    )[:100],
                    value=Fire(target=target, card=card).token(),
                )
                for target, card in view.cannon_targets[:25]
            ]
            placeholder = t(lang, "fortissimo.cannon.placeholder")
            return [GameSelect(GAME, record.id, record.version, "cannon", placeholder=placeholder, options=options)]
        return []

    # -- result ---------------------------------------------------------------
    def result(self, record: SessionRecord, state: FortissimoState, lang: Language) -> discord.Embed:
        view = ENGINE.view(state, None)
        outcome = view.outcome
        assert outcome is not None
        winners = format_list([seat_name(record, s, lang) for s in outcome.winners], locale=lang)
        finisher = seat_name(record, state.finisher, lang) if state.finisher is not None else ""
        lines = [
            t(
                lang,
                "fortissimo.result.shared" if len(outcome.winners) > 1 else "fortissimo.result.winner",
                winners=winners,
            ),
            t(lang, f"fortissimo.result.reason.{self._reason_key(outcome.reason, view)}", player=finisher),
        ]
        tie = ENGINE.tie_break(state)
        if tie is not None:
            lines.append(t(lang, "fortissimo.result.tie_break", card=tie))
        embed = discord.Embed(
            title=t(lang, "fortissimo.result.title", number=record.id), description="\n".join(lines), colour=0xD69E2E
        )
        place = 1
        for group in outcome.ranking:
            for seat in group:
                rampart = view.ramparts[seat]
                name = f"{place}. {seat_name(record, seat, lang)}"
                if view.resigned[seat]:
                    name += " · " + t(lang, "fortissimo.board.left")
                detail = t(lang, "fortissimo.result.cards", count=len(rampart), top=rampart[-1])
                if view.scores is not None:
                    s = view.scores[seat]
                    detail = t(
                        lang,
                        "fortissimo.result.points",
                        total=s.total,
                        base=s.base,
                        royals=s.king_queen,
                        courtiers=s.princes_princesses,
                        pairs=s.pairs,
                        crows=s.crows,
                    )
                embed.add_field(
                    name=name[:256], value=f"{detail}\n{self._rampart(view, seat, lang)}"[:1024], inline=False
                )
            place += len(group)
        return embed

    @staticmethod
    def _reason_key(reason: str, view: FortissimoView) -> str:
        """In the advanced game ten cards end the game, but points pick the winner: say so."""
        return f"{reason}_points" if reason == "ten_cards" and view.scores is not None else reason
