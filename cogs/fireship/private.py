"""Fireship's private view, "My cards": the player's kept cards and badges, played from
here alone (with the attacks that add a "+1"); the question of a secret reaction window,
for the seat it asks; and a quarter of the map's reachable cells, opened from the board
(``more``), whose choice is confirmed in place in a line or two (``confirmation``). Everyone but the seat a window asks sees the table as it was before it opened."""

from typing import TYPE_CHECKING

import discord

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import MORE, GameButton, GameSelect
from bot.ui.game_ui import (
    BoardMessage,
    seat_name,
)
from bot.ui.hints import add_hint
from bot.ui.table_core import jump_url
from cogs.fireship.names import (
    COLOUR,
    GAME,
    KIND_EMOJI,
    ZONES,
    as_seen,
    attack_text,
    card_text,
    cell_of,
    piece_text,
    ref_text,
    zone_name,
    zone_of,
)
from games.fireship import ENGINE
from games.fireship.board import (
    label,
)
from games.fireship.models import (
    Accept,
    Attack,
    FireshipAction,
    FireshipState,
    FireshipView,
    Play,
    Steer,
)

BAND = 2  # a quarter's private message: one menu per two rows (20 cells at most)
MENU = 25  # options in a Discord menu


class PrivateView:
    """``private`` and ``more`` for the Fireship UI."""

    if TYPE_CHECKING:  # the UI's own

        def _prompt(self, record: SessionRecord, view: FireshipView, lang: Language) -> str: ...
        def public_view(self, state: FireshipState) -> FireshipView: ...

    def _pending_text(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        pending = view.pending
        assert pending is not None
        actor = seat_name(record, pending.actor, lang)
        if pending.kind == "attack":
            return t(
                lang,
                "fireship.pending.attack",
                player=actor,
                leader=ref_text(view, pending.leader, lang),
                target=ref_text(view, pending.target, lang),
                attack=pending.attack,
                defence=pending.defence,
            )
        if pending.kind == "boum":
            return t(lang, "fireship.pending.boum", player=actor, target=ref_text(view, pending.target, lang))
        return t(lang, f"fireship.pending.{pending.kind}", player=actor, cell=label(pending.cell or (0, 0)))

    def more(
        self, record: SessionRecord, state: FireshipState, seat: int, name: str, lang: Language
    ) -> BoardMessage | None:
        """A quarter's reachable cells, for the player steering a piece: one menu per two rows."""
        record = as_seen(record, state)
        view = ENGINE.view(state, seat)
        if view.phase != "steer" or seat != view.current or not name[1:].isdigit() or int(name[1:]) >= len(ZONES):
            return None
        zone = int(name[1:])
        cells = sorted(
            (cell[::-1], cost) for text, cost in view.reachable.items() if zone_of(cell := cell_of(text)) == zone
        )
        if not cells:
            return None
        bands: dict[int, list[discord.SelectOption]] = {}
        for (row, col), cost in cells:
            option = discord.SelectOption(
                label=t(lang, "fireship.menu.cell", cell=label((col, row)), cost=cost),
                value=Steer(to=(col, row)).token(),
            )
            bands.setdefault(row - row % BAND, []).append(option)
        controls = discord.ui.View(timeout=None)
        for top, options in sorted(bands.items()):
            last = min(top + BAND, ZONES[zone][1][-1] + 1)
            rows = (
                t(lang, "fireship.menu.rows", first=top + 1, last=last)
                if last > top + 1
                else (t(lang, "fireship.menu.row", row=last))
            )
            controls.add_item(
                GameSelect(GAME, record.id, record.version, f"{MORE}z{zone}-{top}", options=options, placeholder=rows)
            )
        return BoardMessage(
            content=t(lang, "fireship.private.zone", zone=zone_name(zone), points=view.points), view=controls
        )

    def private(self, record: SessionRecord, state: FireshipState, seat: int, lang: Language) -> BoardMessage:
        record = as_seen(record, state)
        view = ENGINE.view(state, seat)
        state = ENGINE.seen_by(state, seat)  # everyone but the seat a window asks: as before it opened
        hand = view.hand or []
        lines = [card_text(card, lang) + " · " + t(lang, f"fireship.when.{card}") for card in hand]
        embed = discord.Embed(
            title=t(lang, "fireship.private.title", count=len(hand)),
            description="\n".join(lines) or t(lang, "fireship.private.empty"),
            colour=COLOUR,
        )
        if view.badges[seat]:
            badges = "\n".join(card_text(b, lang) for b in view.badges[seat])
            embed.add_field(name=t(lang, "fireship.private.badges"), value=badges, inline=False)
        controls = discord.ui.View(timeout=None)
        legal = [a for a in ENGINE.legal_actions(state, seat) if not isinstance(a, Play) or a.badge or a.card in hand]
        pieces = {p.id: p for p in view.pieces}

        def button(action: FireshipAction, text: str, style: discord.ButtonStyle, row: int) -> GameButton:
            return GameButton(GAME, record.id, record.version, action.token(), label=text[:80], style=style, row=row)

        if view.asked and view.pending is not None:
            embed.add_field(
                name=t(lang, "fireship.private.asked"), value=self._pending_text(record, view, lang), inline=False
            )
            for action in legal:
                if isinstance(action, Play):
                    controls.add_item(button(action, card_text(action.card, lang), discord.ButtonStyle.danger, 0))
            controls.add_item(button(Accept(), t(lang, "fireship.button.let_pass"), discord.ButtonStyle.secondary, 0))
            return BoardMessage(embed=embed, view=controls)  # a secret window's question: its two answers only
        status = self._status(record, state, seat, lang)
        plays = [a for a in legal if isinstance(a, Play)]
        targeted: dict[tuple[str, bool], list[Play]] = {}
        for action in plays:
            if action.at is None:
                key = "fireship.button.cancel_non" if view.phase == "pick" else "fireship.button.play"
                text = t(lang, key, card=card_text(action.card, lang))
                if action.badge:
                    text = t(lang, "fireship.button.badge", card=card_text(action.card, lang))
                controls.add_item(button(action, text, discord.ButtonStyle.primary, 0))
            else:
                targeted.setdefault((action.card, action.badge), []).append(action)
        row = 1
        for (card, badge), actions in targeted.items():
            if row > 3:
                break
            options = []
            for action in actions[:MENU]:
                at = action.at or ""
                target = pieces.get(int(at)) if at.isdigit() else None
                text = piece_text(view, target, lang) if target else str(action.at)
                options.append(discord.SelectOption(label=text[:100], value=action.token()))
            key = "fireship.menu.badge" if badge else "fireship.menu.card"
            controls.add_item(
                GameSelect(
                    GAME,
                    record.id,
                    record.version,
                    f"{'b' if badge else 'c'}{card}",
                    options=options,
                    placeholder=t(lang, key, card=card_text(card, lang))[:150],
                    row=row,
                )
            )
            row += 1
        boosted = [o for o in view.attacks if o.plus]
        if boosted and row <= 4:
            options = [
                discord.SelectOption(
                    label=attack_text(view, o, lang)[:100],
                    value=Attack(leader=o.leader, target=o.target, plus=True).token(),
                )
                for o in boosted[:MENU]
            ]
            controls.add_item(
                GameSelect(
                    GAME,
                    record.id,
                    record.version,
                    "attack-plus",
                    options=options,
                    placeholder=t(lang, "fireship.menu.attack_plus")[:150],
                    row=row,
                )
            )
        add_hint(controls, record, lang)
        return BoardMessage(content=status, embed=embed, view=controls)

    def confirmation(self, record: SessionRecord, state: FireshipState, seat: int, lang: Language) -> BoardMessage:
        """A cell chosen in a quarter's menu: the move made, then what to do next (no cards: they are
        in "My cards")."""
        record = as_seen(record, state)
        lines = []
        told = [e for e in record.recent if e["kind"] not in ("turn_started", "kept_card")]
        if told and told[-1]["kind"] == "moved" and told[-1].get("seat") == seat:
            moved = told[-1]
            lines.append(
                t(
                    lang,
                    "fireship.private.moved",
                    piece=KIND_EMOJI[moved["piece_kind"]],
                    start=label(tuple(moved["start"])),
                    end=label(tuple(moved["end"])),
                    cost=moved["cost"],
                )
            )
        if step := self._status(record, ENGINE.seen_by(state, seat), seat, lang):
            lines.append(step)
        return BoardMessage(content="\n".join(lines) or t(lang, "common.done"))

    def _status(self, record: SessionRecord, state: FireshipState, seat: int, lang: Language) -> str | None:
        """For the player whose turn it is: what to do next, with a link to the board."""
        view = self.public_view(state)
        if seat != view.current or view.phase not in ("move", "steer", "act", "pick"):
            return None
        return t(lang, "fireship.private.next", step=self._prompt(record, view, lang), link=jump_url(record))
