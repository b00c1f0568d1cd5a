"""How a Fireship table looks in Discord.

One public message: an embed with the map (drawn from the public view), whose
turn it is with the points left, the players' fleets, islands and badges, the
latest events, and the controls of the moment:

- the roll; then the moves in at most three clicks: a piece (one option per
  kind and cell: pieces at home are alike), then a destination: one menu of
  them all when they fit, else the nearest few, or a quarter of the map whose
  button opens a private message of its reachable cells (two rows a menu),
  which then confirms the move; "End moves" leads to the actions;
- the actions: the legal attacks (both powers and the die in each option),
  the special cells the player's pieces may use, and "End turn";
- the choices the rules owe: which piece to lose, where the Kraken rises.

Kept cards are secret, so every card (and badge) is played from the
player's private view, "My cards", which also offers the attacks with a
"+1". A reaction window is sent by DM to the player it asks (``Tables``);
meanwhile the board, the pictures and everyone else's private views show the
table as it was before the action that opened it (``ENGINE.seen_by``), and a
click there is told to wait.
"""

from typing import Any

import discord
from PIL import Image

from bot.i18n import Language, t
from bot.sessions import shown_version
from bot.storage import SessionRecord
from bot.ui.components import MORE, GameButton, GameSelect, PrivateButton
from bot.ui.game_ui import (
    FIELD_SIZE,
    HOUSE,
    PICTURE,
    BoardMessage,
    GameUI,
    add_recent,
    computer_thinking,
    seat_name,
)
from bot.ui.table_core import jump_url
from cogs.fireship.describe import KIND_EMOJI, DescribesSea
from cogs.fireship.picture import draw, render
from games.fireship import ENGINE, cards
from games.fireship.board import (
    COLOURS,
    COLUMNS,
    ISLANDS,
    SIZE,
    SPECIAL_CELLS,
    Cell,
    label,
    parse_label,
)
from games.fireship.engine import REACTION_SECONDS
from games.fireship.models import (
    FLEET,
    Accept,
    Attack,
    AttackOption,
    EndMoves,
    EndTurn,
    FireshipAction,
    FireshipOptions,
    FireshipState,
    FireshipView,
    Lose,
    Piece,
    Play,
    Rise,
    Roll,
    Select,
    Steer,
    Unselect,
    Use,
)

GAME = ENGINE.name
COLOUR = 0x1F6FB2
DOTS = {"blue": "🔵", "red": "🔴", "green": "🟢", "yellow": "🟡"}
WHITE = "⚪"
SPECIAL_EMOJI = {"battleship": "⚓", "wheel": "🎡", "mystery": "❓"}
CARD_EMOJI = {
    "non": "🚫", "boum": "💣", "plus_one": "➕", "updraft": "🌬️", "fog": "🌫️", "whirlpool": "🌀",
    "gulf_stream": "🌊",
}  # fmt: skip
HALF = (SIZE + 1) // 2  # far destinations are offered by quarters of the map (10 x 10 cells at most)
BAND = 2  # a quarter's private message: one menu per two rows (20 cells at most)
MENU = 25  # options in a Discord menu
NEAREST = 10  # the board's own menu of destinations, when they do not all fit in one menu


def zones() -> list[tuple[range, range]]:
    """The map's quarters, left to right then top to bottom: (columns, rows)."""
    bands = [range(HALF), range(HALF, SIZE)]
    return [(cols, rows) for rows in bands for cols in bands]


ZONES = zones()


def zone_name(index: int) -> str:
    cols, rows = ZONES[index]
    return f"{COLUMNS[cols[0]]}–{COLUMNS[cols[-1]]} · {rows[0] + 1}–{rows[-1] + 1}"


def zone_of(cell: Cell) -> int:
    return next(n for n, (cols, rows) in enumerate(ZONES) if cell[0] in cols and cell[1] in rows)


def chunks(items: list[Any], size: int = MENU) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def card_name(card: str, lang: Language) -> str:
    return t(lang, f"fireship.card.{card}")


def house_rule(key: str, lang: Language) -> str:
    """One house rule (a key of the engine's ``HOUSE_RULES``), its numbers taken from the game's own."""
    facts: dict[str, dict[str, Any]] = {
        "dice": {"faces": max(cards.D10_FACES), "most": 3 * max(cards.D10_FACES),
                 "plain": cards.WIN_FACES["plain"], "blue": cards.WIN_FACES["blue"]},
        "wheel": {"segments": len(cards.WHEEL)},
        "badges": {"each": min(cards.BADGES.values()), "names": ", ".join(card_name(b, lang) for b in cards.BADGES)},
        "deck_mix": {"total": sum(cards.DECK.values()),
                     "mix": ", ".join(f"{card_name(card, lang)} {n}" for card, n in cards.DECK.items())},
        "supply": {"boats": FLEET["boat"], "planes": FLEET["plane"], "battleships": FLEET["battleship"]},
        "reactions": {"seconds": REACTION_SECONDS},
        "rounds": {"rounds": FireshipOptions().rounds},
    }  # fmt: skip
    return t(lang, f"fireship.house.{key}", **facts.get(key, {}))


class FireshipUI(DescribesSea, GameUI):
    game = GAME
    title_key = "fireship.title"
    colour = COLOUR
    rule_parts = ("attacks", "specials", "cards", HOUSE, "controls")
    has_picture = True

    def picture(self, record: SessionRecord, state: FireshipState, lang: Language) -> bytes:
        return render(ENGINE.view(state, None))

    def image(self, record: SessionRecord, state: FireshipState, lang: Language) -> Image.Image:
        return draw(ENGINE.view(state, None))

    # -- names ------------------------------------------------------------------------
    def dot(self, view: FireshipView, seat: int | None) -> str:
        return WHITE if seat is None else DOTS[COLOURS[view.corners[seat]]]

    def piece_text(self, view: FireshipView, piece: Piece, lang: Language) -> str:
        return self.piece_words(view, piece.owner, piece.kind, piece.cell, lang)

    def piece_words(self, view: FireshipView, owner: int | None, kind: str, cell: Cell, lang: Language) -> str:
        """ "🔴 ⛵ Boat K7"."""
        return f"{self.dot(view, owner)} {KIND_EMOJI[kind]} {t(lang, f'fireship.kind.{kind}')} {label(cell)}"

    def island_words(self, view: FireshipView, number: int, owner: int | None, lang: Language) -> str:
        """ "🟢 🏝️ Island 3 (E5)"."""
        return f"{self.dot(view, owner)} 🏝️ {t(lang, 'fireship.island', number=number)} ({label(ISLANDS[number - 1])})"

    def ref_text(self, view: FireshipView, ref: str | None, lang: Language) -> str:
        """A piece, or an island: "🟢 🏝️ Island 3 (E5)"."""
        if ref is None:
            return "?"
        if ref.startswith("i"):
            return self.island_words(view, int(ref[1:]), view.islands[int(ref[1:]) - 1], lang)
        piece = next((p for p in view.pieces if str(p.id) == ref), None)
        return self.piece_text(view, piece, lang) if piece else t(lang, "fireship.gone")

    def card_text(self, card: str, lang: Language) -> str:
        return f"{CARD_EMOJI.get(card, '🃏')} {t(lang, f'fireship.card.{card}')}"

    def attack_text(self, view: FireshipView, option: AttackOption, lang: Language) -> str:
        """ "⛵ Boat K7 → 🏝️ Island 3 · 3 vs 3 · plain die"."""
        return t(lang, "fireship.attack", leader=self.ref_text(view, option.leader, lang),
                 target=self.ref_text(view, option.target, lang), attack=option.attack, defence=option.defence,
                 die=t(lang, f"fireship.die.{option.die}"))  # fmt: skip

    # -- the public board -------------------------------------------------------------
    def board(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[BoardMessage]:
        record = _as_seen(record, state)
        state = ENGINE.seen_by(state, None)  # a secret reaction window shows nothing here
        view = ENGINE.view(state, None)
        rounds = view.options.rounds
        title = t(lang, "fireship.board.title", number=record.id, round=min(view.round, rounds), rounds=rounds) if rounds else (
            t(lang, "fireship.board.title_unlimited", number=record.id, round=view.round))  # fmt: skip
        embed = discord.Embed(title=title, description=self._prompt(record, view, lang), colour=COLOUR)
        embed.add_field(name=t(lang, "fireship.board.players"), value=self._players(record, view, lang), inline=False)
        add_recent(
            embed, lang, self.recent_lines(record, state, lang), pinned=int(view.round == 1 and bool(view.throw_off))
        )
        embed.set_image(url=f"attachment://{PICTURE}")
        embed.set_footer(text=t(lang, "fireship.board.footer"))
        controls = discord.ui.View(timeout=None)
        if record.status == "active" and view.phase != "over":
            for item in self._controls(record, state, view, lang):
                controls.add_item(item)
        return [BoardMessage(embed=embed, view=controls)]

    def _prompt(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        if view.phase == "over" or record.status != "active":
            return t(lang, "fireship.prompt.over")
        if thinking := computer_thinking(record, view.current, lang):
            return thinking
        who = f"{self.dot(view, view.current)} {seat_name(record, view.current, lang)}"
        if view.phase == "move":
            dice = " + ".join(str(d) for d in view.dice or ())
            return t(lang, "fireship.prompt.move", player=who, points=view.points, dice=dice)
        if view.phase == "steer":
            piece = next(p for p in view.pieces if p.id == view.moving)
            return t(
                lang, "fireship.prompt.steer", player=who, piece=self.piece_text(view, piece, lang), points=view.points
            )
        if view.phase == "act":
            return t(lang, "fireship.prompt.specials" if view.specials else "fireship.prompt.act", player=who)
        if view.phase == "pick":
            return t(lang, f"fireship.prompt.pick.{view.pick}", player=who)
        return t(lang, "fireship.prompt.roll", player=who)

    def _pending_text(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        pending = view.pending
        assert pending is not None
        actor = seat_name(record, pending.actor, lang)
        if pending.kind == "attack":
            return t(lang, "fireship.pending.attack", player=actor, leader=self.ref_text(view, pending.leader, lang),
                     target=self.ref_text(view, pending.target, lang), attack=pending.attack, defence=pending.defence)  # fmt: skip
        if pending.kind == "boum":
            return t(lang, "fireship.pending.boum", player=actor, target=self.ref_text(view, pending.target, lang))
        return t(lang, f"fireship.pending.{pending.kind}", player=actor, cell=label(pending.cell or (0, 0)))

    def _players(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        lines = []
        for seat in range(view.seats):
            marker = "▶ " if seat == view.current and view.phase != "over" else ""
            mine = [p for p in view.pieces if p.owner == seat]
            fleet = " ".join(f"{KIND_EMOJI[k]}{sum(p.kind == k for p in mine)}" for k in KIND_EMOJI)
            parts = [
                f"{marker}{self.dot(view, seat)} {seat_name(record, seat, lang)}",
                f"🏝️{view.islands.count(seat)}",
                fleet,
            ]
            if view.badges[seat]:
                parts.append(" ".join(CARD_EMOJI[b] for b in view.badges[seat]))
            if view.fog[seat] and view.phase != "over":  # until a next turn: none once the game is over
                parts.append(t(lang, "fireship.board.fog"))
            if view.skip[seat] and view.phase != "over":
                parts.append(t(lang, "fireship.board.skip"))
            if view.out[seat]:
                parts.append(t(lang, "fireship.board.left" if view.resigned[seat] else "fireship.board.sunk"))
            lines.append(" · ".join(parts))
        return "\n".join(lines)[:FIELD_SIZE]

    def _controls(
        self, record: SessionRecord, state: FireshipState, view: FireshipView, lang: Language
    ) -> list[discord.ui.Item]:
        cards = PrivateButton(GAME, record.id, label=t(lang, "fireship.button.cards"), emoji="🃏",
                              style=discord.ButtonStyle.secondary, row=4)  # fmt: skip
        # Card plays are the player's secret: only their private view offers them.
        legal = [a for a in ENGINE.legal_actions(state, view.current) if not isinstance(a, Play)]
        legal = [a for a in legal if not (isinstance(a, Attack) and a.plus)]

        def button(action: FireshipAction, key: str, style: discord.ButtonStyle, row: int, **params: Any) -> GameButton:
            return GameButton(GAME, record.id, record.version, action.token(), label=t(lang, key, **params)[:80],
                              style=style, row=row)  # fmt: skip

        def menu(name: str, placeholder: str, options: list[tuple[str, str]], row: int) -> GameSelect:
            choices = [discord.SelectOption(label=text[:100], value=token) for text, token in options]
            return GameSelect(GAME, record.id, record.version, name, placeholder=placeholder[:150], options=choices,
                              row=row)  # fmt: skip

        items: list[discord.ui.Item] = []
        pieces = {p.id: p for p in view.pieces}
        if view.phase == "roll":
            items.append(button(Roll(), "fireship.button.roll", discord.ButtonStyle.primary, 0))
        elif view.phase == "move":
            selects = self._distinct(pieces, [a for a in legal if isinstance(a, Select)], lambda a: a.piece)
            for n, group in enumerate(chunks(selects)[:2]):
                options = [(self.piece_text(view, pieces[a.piece], lang), a.token()) for a in group]
                items.append(menu(f"piece-{n}", t(lang, "fireship.menu.piece"), options, n))
            items.append(button(EndMoves(), "fireship.button.end_moves", discord.ButtonStyle.secondary, 2))
        elif view.phase == "steer":
            items += self._destinations(record, view, lang, menu)
            items.append(button(Unselect(), "fireship.button.back", discord.ButtonStyle.secondary, 4))
        elif view.phase == "act":
            attacks = {(o.leader, o.target): o for o in view.attacks if not o.plus}
            shown = self._distinct(pieces, [a for a in legal if isinstance(a, Attack)],
                                   lambda a: int(a.leader) if a.leader.isdigit() else a.leader, also=lambda a: a.target)  # fmt: skip
            for n, group in enumerate(chunks(shown)[:3]):
                options = [(self.attack_text(view, attacks[(a.leader, a.target)], lang), a.token()) for a in group]
                items.append(menu(f"attack-{n}", t(lang, "fireship.menu.attack"), options, n))
            for action in [a for a in legal if isinstance(a, Use)][:5]:
                cell = pieces[action.piece].cell
                special = SPECIAL_CELLS[cell]
                items.append(
                    button(action, f"fireship.button.use.{special}", discord.ButtonStyle.success, 3, cell=label(cell))
                )
            items.append(button(EndTurn(), "fireship.button.end_turn", discord.ButtonStyle.danger, 4))
        elif view.phase == "pick":
            loses = self._distinct(pieces, [a for a in legal if isinstance(a, Lose)], lambda a: a.piece)
            if loses:
                options = [(self.piece_text(view, pieces[a.piece], lang), a.token()) for a in loses[:MENU]]
                items.append(menu("lose", t(lang, "fireship.menu.lose"), options, 0))
            rises = [a for a in legal if isinstance(a, Rise)]
            if rises:
                options = [(f"{SPECIAL_EMOJI[SPECIAL_CELLS[a.at]]} {label(a.at)}", a.token()) for a in rises]
                items.append(menu("kraken", t(lang, "fireship.menu.kraken"), options, 0))
            if any(isinstance(a, Accept) for a in legal):
                items.append(button(Accept(), "fireship.button.bermuda", discord.ButtonStyle.secondary, 1))
        items.append(cards)
        return items

    @staticmethod
    def _distinct(pieces: dict[int, Piece], actions: list[Any], piece_of: Any, also: Any = lambda a: None) -> list[Any]:
        """One action per (kind, cell) of its piece: pieces alike in a home give the same choice."""
        seen, kept = set(), []
        for action in actions:
            ref = piece_of(action)
            key = (pieces[ref].kind, pieces[ref].cell) if isinstance(ref, int) and ref in pieces else ref
            if (key, also(action)) not in seen:
                seen.add((key, also(action)))
                kept.append(action)
        return kept

    def _destinations(
        self, record: SessionRecord, view: FireshipView, lang: Language, menu: Any
    ) -> list[discord.ui.Item]:
        """Every reachable cell in one menu when they fit; else the nearest few, and a button
        for each quarter of the map holding reachable cells, which opens its cells privately."""
        reach = sorted(view.reachable.items(), key=lambda item: (item[1], _cell(item[0])[::-1]))
        shown = reach if len(reach) <= MENU else reach[:NEAREST]
        nearest = [
            (t(lang, "fireship.menu.cell", cell=cell, cost=cost), Steer(to=_cell(cell)).token()) for cell, cost in shown
        ]
        items: list[discord.ui.Item] = []
        if nearest:
            items.append(menu("nearest", t(lang, "fireship.menu.nearest" if len(reach) > MENU else "fireship.menu.reach"),
                              nearest, 0))  # fmt: skip
        if len(reach) > MENU:
            for zone in sorted({zone_of(_cell(cell)) for cell in view.reachable}):
                items.append(GameButton(GAME, record.id, record.version, f"{MORE}z{zone}", label=zone_name(zone),
                                        emoji="🗺️", style=discord.ButtonStyle.secondary, row=1))  # fmt: skip
        return items

    def more(
        self, record: SessionRecord, state: FireshipState, seat: int, name: str, lang: Language
    ) -> BoardMessage | None:
        """A quarter's reachable cells, for the player steering a piece: one menu per two rows."""
        record = _as_seen(record, state)
        view = ENGINE.view(state, seat)
        if view.phase != "steer" or seat != view.current or not name[1:].isdigit() or int(name[1:]) >= len(ZONES):
            return None
        zone = int(name[1:])
        cells = sorted(
            (cell[::-1], cost) for text, cost in view.reachable.items() if zone_of(cell := _cell(text)) == zone
        )
        if not cells:
            return None
        bands: dict[int, list[discord.SelectOption]] = {}
        for (row, col), cost in cells:
            option = discord.SelectOption(label=t(lang, "fireship.menu.cell", cell=label((col, row)), cost=cost),
                                          value=Steer(to=(col, row)).token())  # fmt: skip
            bands.setdefault(row - row % BAND, []).append(option)
        controls = discord.ui.View(timeout=None)
        for top, options in sorted(bands.items()):
            last = min(top + BAND, ZONES[zone][1][-1] + 1)
            rows = t(lang, "fireship.menu.rows", first=top + 1, last=last) if last > top + 1 else (
                t(lang, "fireship.menu.row", row=last))  # fmt: skip
            controls.add_item(
                GameSelect(GAME, record.id, record.version, f"zone-{zone}-{top}", options=options, placeholder=rows)
            )
        return BoardMessage(
            content=t(lang, "fireship.private.zone", zone=zone_name(zone), points=view.points), view=controls
        )

    # -- the private view -------------------------------------------------------------
    def private(self, record: SessionRecord, state: FireshipState, seat: int, lang: Language) -> BoardMessage:
        record = _as_seen(record, state)
        view = ENGINE.view(state, seat)
        state = ENGINE.seen_by(state, seat)  # everyone but the seat a window asks: as before it opened
        hand = view.hand or []
        lines = [self.card_text(card, lang) + " · " + t(lang, f"fireship.when.{card}") for card in hand]
        embed = discord.Embed(title=t(lang, "fireship.private.title", count=len(hand)),
                              description="\n".join(lines) or t(lang, "fireship.private.empty"), colour=COLOUR)  # fmt: skip
        if view.badges[seat]:
            badges = "\n".join(self.card_text(b, lang) for b in view.badges[seat])
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
                    controls.add_item(button(action, self.card_text(action.card, lang), discord.ButtonStyle.danger, 0))
            controls.add_item(button(Accept(), t(lang, "fireship.button.let_pass"), discord.ButtonStyle.secondary, 0))
            return BoardMessage(embed=embed, view=controls)
        status = self._status(record, state, seat, lang)
        plays = [a for a in legal if isinstance(a, Play)]
        targeted: dict[tuple[str, bool], list[Play]] = {}
        for action in plays:
            if action.at is None:
                key = "fireship.button.cancel_non" if view.phase == "pick" else "fireship.button.play"
                text = t(lang, key, card=self.card_text(action.card, lang))
                if action.badge:
                    text = t(lang, "fireship.button.badge", card=self.card_text(action.card, lang))
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
                text = self.piece_text(view, target, lang) if target else str(action.at)
                options.append(discord.SelectOption(label=text[:100], value=action.token()))
            key = "fireship.menu.badge" if badge else "fireship.menu.card"
            controls.add_item(GameSelect(GAME, record.id, record.version, f"{'b' if badge else 'c'}{card}", options=options,
                                         placeholder=t(lang, key, card=self.card_text(card, lang))[:150], row=row))  # fmt: skip
            row += 1
        boosted = [o for o in view.attacks if o.plus]
        if boosted and row <= 4:
            options = [discord.SelectOption(label=self.attack_text(view, o, lang)[:100],
                                            value=Attack(leader=o.leader, target=o.target, plus=True).token())
                       for o in boosted[:MENU]]  # fmt: skip
            controls.add_item(GameSelect(GAME, record.id, record.version, "attack-plus", options=options,
                                         placeholder=t(lang, "fireship.menu.attack_plus")[:150], row=row))  # fmt: skip
        return BoardMessage(content=status, embed=embed, view=controls)

    def _status(self, record: SessionRecord, state: FireshipState, seat: int, lang: Language) -> str | None:
        """For the player whose turn it is: the move they just made (a zone menu's choice is
        confirmed in place, as this view replaces that menu), then what to do next."""
        view = ENGINE.view(state, None)
        if seat != view.current or view.phase not in ("move", "steer", "act", "pick"):
            return None
        lines = []
        told = [e for e in record.recent if e["kind"] not in ("turn_started", "kept_card")]
        if told and told[-1]["kind"] == "moved" and told[-1].get("seat") == seat:
            moved = told[-1]
            lines.append(t(lang, "fireship.private.moved", piece=KIND_EMOJI[moved["piece_kind"]],
                           start=label(tuple(moved["start"])), end=label(tuple(moved["end"])), cost=moved["cost"]))  # fmt: skip
        lines.append(t(lang, "fireship.private.next", step=self._prompt(record, view, lang), link=jump_url(record)))
        return "\n".join(lines)

    # -- narration ----------------------------------------------------------------------
    def recent_lines(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[str]:
        view = ENGINE.view(state, None)
        # « le tirage le plus grand désigne le joueur N°1 »: told through the first round
        last = view.throw_off[-1] if view.throw_off else {}
        opening = [{"kind": "first_rolls", "rolls": view.throw_off, "first": max(last, key=last.__getitem__)}] if (
            view.round == 1 and last) else []  # fmt: skip
        return [line for event in opening + record.recent if (line := self.narrate(record, view, event, lang))]

    def narrate(self, record: SessionRecord, view: FireshipView, event: dict[str, Any], lang: Language) -> str | None:
        kind = event["kind"]
        if kind in ("turn_started", "kept_card"):
            return None
        params: dict[str, Any] = {}
        if isinstance(event.get("seat"), int):
            params["player"] = f"{self.dot(view, event['seat'])} {seat_name(record, event['seat'], lang)}"
        variant = ""
        if kind == "first_rolls":
            throws = [" · ".join(f"{seat_name(record, int(s), lang)} {total}" for s, total in roll.items())
                      for roll in event["rolls"]]  # fmt: skip
            params.update(rolls=" / ".join(throws), first=seat_name(record, event["first"], lang))
        elif kind == "rolled":
            params.update(dice=" + ".join(map(str, event["dice"])), total=sum(event["dice"]))
        elif kind == "moved":
            params.update(piece=KIND_EMOJI[event["piece_kind"]], start=label(tuple(event["start"])),
                          end=label(tuple(event["end"])), cost=event["cost"])  # fmt: skip
        elif kind == "attacked":
            params.update(leader=self._attacker_text(view, event, "leader", event["seat"], lang),
                          target=self._attacker_text(view, event, "target", event["defender"], lang),
                          attack=event["attack"], defence=event["defence"])  # fmt: skip
        elif kind == "attack_rolled":
            params["die"] = t(lang, f"fireship.die.{event['die']}")
            variant = ".won" if event["won"] else ".lost"
        elif kind == "destroyed":
            params["pieces"] = ", ".join(f"{self.dot(view, owner)}{KIND_EMOJI[k]} {label(tuple(cell))}"
                                         for owner, k, cell in event["pieces"])  # fmt: skip
            variant = "." + event["cause"]
        elif kind == "island_taken":
            params["island"] = event["island"] + 1
        elif kind == "card_played":
            params["card"] = self.card_text(event["card"], lang)
            variant = ".badge" if event["badge"] else ""
        elif kind == "cancelled":
            variant = "." + event["action"]
        elif kind == "special_used":
            params["special"] = SPECIAL_EMOJI[event["special"]]
            variant = "." + event["special"]
        elif kind in ("battleship_roll",):
            variant = ".won" if event["won"] else ".lost"
        elif kind == "spun":
            params["segment"] = t(lang, f"fireship.wheel.{event['segment']}")
        elif kind == "drew":
            params["card"] = self.card_text(event["card"], lang) if event["card"] else ""
            variant = ".kept" if event["card"] is None else ".played"
        elif kind == "gained":
            what = event["what"]
            params["what"] = t(lang, "fireship.gain.badge", card=self.card_text(what[6:], lang)) if what.startswith(
                "badge_") else t(lang, f"fireship.gain.{what}")  # fmt: skip
            variant = ".given" if event["given"] else ".none_left"
        elif kind in ("whirlpool_placed", "kraken", "whirlpool_struck"):
            params["cell"] = label(tuple(event["cell"]))
        elif kind == "ended":
            params["winners"] = ", ".join(seat_name(record, s, lang) for s in event["winners"])
            variant = "." + event["reason"]
        return t(lang, f"fireship.event.{kind}{variant}", **params)

    def _attacker_text(
        self, view: FireshipView, event: dict[str, Any], side: str, owner: int | None, lang: Language
    ) -> str:
        """A side of an attack as it stood then: the piece where it was (it may have moved or sunk
        since), the island in its owner's colour of the time."""
        ref = event[side]
        if ref.startswith("i"):
            return self.island_words(view, int(ref[1:]), owner, lang)
        if event.get(f"{side}_kind") and event.get(f"{side}_cell"):
            cell = event[f"{side}_cell"]
            return self.piece_words(view, owner, event[f"{side}_kind"], (cell[0], cell[1]), lang)
        # an event stored before the pieces were kept in it: the piece as it is now, if it is still there
        return (
            self.ref_text(view, ref, lang) if any(str(p.id) == ref for p in view.pieces) else t(lang, "fireship.gone")
        )

    # -- the end and the texts ----------------------------------------------------------
    def result(self, record: SessionRecord, state: FireshipState, lang: Language) -> discord.Embed:
        view = ENGINE.view(state, None)
        outcome = view.outcome
        assert outcome is not None
        winners = ", ".join(seat_name(record, s, lang) for s in outcome.winners)
        embed = discord.Embed(title=t(lang, "fireship.result.title", number=record.id),
                              description=t(lang, f"fireship.result.{outcome.reason}", winners=winners), colour=0xD69E2E)  # fmt: skip
        place = 1
        for group in outcome.ranking:
            for seat in group:
                name = f"{place}. {self.dot(view, seat)} {seat_name(record, seat, lang)}"
                value = t(lang, "fireship.result.line", count=view.islands.count(seat),
                          power=ENGINE.total_power(state, seat))  # fmt: skip
                if view.out[seat]:
                    value += " · " + t(lang, "fireship.board.left" if view.resigned[seat] else "fireship.board.sunk")
                embed.add_field(name=name[:256], value=value, inline=False)
            place += len(group)
        return embed

    def describe_options(self, options: dict[str, Any], lang: Language) -> str:
        opts = ENGINE.make_options(options)
        assert isinstance(opts, FireshipOptions)
        if opts.rounds:
            return t(lang, "fireship.options.rounds", rounds=opts.rounds)
        return t(lang, "fireship.options.unlimited")

    def house_rule(self, key: str, lang: Language) -> str:
        return house_rule(key, lang)


def _as_seen(record: SessionRecord, state: FireshipState) -> SessionRecord:
    """The record with the version the table saw (``shown_version``), which every control carries:
    a secret reaction window leaves them all as they were, and no later version tells of it."""
    return record.model_copy(update={"version": shown_version(ENGINE, record, state)})


def _cell(text: str) -> Cell:
    cell = parse_label(text)
    assert cell is not None
    return cell
