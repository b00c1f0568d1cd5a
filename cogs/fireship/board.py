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
from babel.lists import format_list
from PIL import Image

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import MORE, GameButton, GameSelect, PrivateButton
from bot.ui.game_ui import (
    FIELD_SIZE,
    HOUSE,
    PICTURE,
    BoardMessage,
    GameUI,
    add_recent,
    closed_early,
    computer_thinking,
    seat_name,
)
from cogs.fireship.describe import DescribesSea
from cogs.fireship.names import (
    CARD_EMOJI,
    COLOUR,
    GAME,
    KIND_EMOJI,
    SPECIAL_EMOJI,
    as_seen,
    attack_text,
    card_name,
    cell_of,
    dot,
    piece_text,
    zone_name,
    zone_of,
)
from cogs.fireship.narration import Narration
from cogs.fireship.picture import draw, render
from cogs.fireship.private import MENU, PrivateView
from cogs.fireship.tutorial import LESSONS
from games.fireship import ENGINE, cards
from games.fireship.board import (
    SPECIAL_CELLS,
    label,
)
from games.fireship.engine import REACTION_SECONDS
from games.fireship.models import (
    FLEET,
    Accept,
    Attack,
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

NEAREST = 10  # the board's own menu of destinations, when they do not all fit in one menu


def chunks(items: list[Any], size: int = MENU) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def house_rule(key: str, lang: Language) -> str:
    """One house rule (a key of the engine's ``HOUSE_RULES``), its numbers taken from the game's own."""
    facts: dict[str, dict[str, Any]] = {
        "dice": {
            "faces": max(cards.D10_FACES),
            "most": 3 * max(cards.D10_FACES),
            "plain": cards.WIN_FACES["plain"],
            "blue": cards.WIN_FACES["blue"],
        },
        "wheel": {"segments": len(cards.WHEEL)},
        "badges": {"each": min(cards.BADGES.values()), "names": ", ".join(card_name(b, lang) for b in cards.BADGES)},
        "deck_mix": {
            "total": sum(cards.DECK.values()),
            "mix": ", ".join(f"{card_name(card, lang)} {n}" for card, n in cards.DECK.items()),
        },
        "supply": {"boats": FLEET["boat"], "planes": FLEET["plane"], "battleships": FLEET["battleship"]},
        "reactions": {"seconds": REACTION_SECONDS},
        "rounds": {"rounds": FireshipOptions().rounds},
    }
    return t(lang, f"fireship.house.{key}", **facts.get(key, {}))


class FireshipUI(DescribesSea, PrivateView, Narration, GameUI[FireshipState]):
    game = GAME
    title_key = "fireship.title"
    colour = COLOUR
    rule_parts = ("attacks", "specials", "cards", HOUSE, "controls")
    has_picture = True
    lessons = LESSONS

    def picture(self, record: SessionRecord, state: FireshipState, lang: Language) -> bytes:
        return render(self.public_view(state))

    def image(self, record: SessionRecord, state: FireshipState, lang: Language) -> Image.Image:
        return draw(self.public_view(state))

    # -- the public board -------------------------------------------------------------
    def board(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[BoardMessage]:
        record = as_seen(record, state)
        state = ENGINE.seen_by(state, None)  # a secret reaction window shows nothing here
        view = self.public_view(state)
        rounds = view.options.rounds
        title = (
            t(lang, "fireship.board.title", number=record.id, round=min(view.round, rounds), rounds=rounds)
            if rounds
            else (t(lang, "fireship.board.title_unlimited", number=record.id, round=view.round))
        )
        embed = discord.Embed(title=title, description=self._prompt(record, view, lang), colour=COLOUR)
        embed.add_field(name=t(lang, "fireship.board.players"), value=self._players(record, view, lang), inline=False)
        add_recent(
            embed,
            lang,
            self.recent_lines(record, state, lang),
            pinned=int(view.round == 1 and bool(view.throw_off)),
            at_least=self.turn_lines(record, state, lang),
        )
        embed.set_image(url=f"attachment://{PICTURE}")
        embed.set_footer(text=t(lang, "fireship.board.footer"))
        controls = discord.ui.View(timeout=None)
        if record.status == "active" and view.phase != "over":
            for item in self._controls(record, state, view, lang):
                controls.add_item(item)
        return [BoardMessage(embed=embed, view=controls)]

    def _prompt(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        if closed := closed_early(record, lang):
            return closed
        if view.phase == "over" or record.status != "active":
            return t(lang, "fireship.prompt.over")
        if thinking := computer_thinking(record, view.current, lang):
            return thinking
        who = f"{dot(view, view.current)} {seat_name(record, view.current, lang)}"
        if view.phase == "move":
            dice = " + ".join(str(d) for d in view.dice or ())
            return t(lang, "fireship.prompt.move", player=who, points=view.points, dice=dice)
        if view.phase == "steer":
            piece = next(p for p in view.pieces if p.id == view.moving)
            return t(lang, "fireship.prompt.steer", player=who, piece=piece_text(view, piece, lang), points=view.points)
        if view.phase == "act":
            return t(lang, "fireship.prompt.specials" if view.specials else "fireship.prompt.act", player=who)
        if view.phase == "pick":
            return t(lang, f"fireship.prompt.pick.{view.pick}", player=who)
        return t(lang, "fireship.prompt.roll", player=who)

    def _players(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        lines = []
        for seat in range(view.seats):
            marker = "▶ " if seat == view.current and view.phase != "over" else ""
            mine = [p for p in view.pieces if p.owner == seat]
            fleet = " ".join(f"{KIND_EMOJI[k]}{sum(p.kind == k for p in mine)}" for k in KIND_EMOJI)
            parts = [
                f"{marker}{dot(view, seat)} {seat_name(record, seat, lang)}",
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
        cards = PrivateButton(
            GAME,
            record.id,
            label=t(lang, "fireship.button.cards"),
            emoji="🃏",
            style=discord.ButtonStyle.secondary,
            row=4,
        )
        # Card plays are the player's secret: only their private view offers them.
        legal = [a for a in ENGINE.legal_actions(state, view.current) if not isinstance(a, Play)]
        legal = [a for a in legal if not (isinstance(a, Attack) and a.plus)]

        def button(action: FireshipAction, key: str, style: discord.ButtonStyle, row: int, **params: Any) -> GameButton:
            return GameButton(
                GAME, record.id, record.version, action.token(), label=t(lang, key, **params)[:80], style=style, row=row
            )

        def menu(name: str, placeholder: str, options: list[tuple[str, str]], row: int) -> GameSelect:
            choices = [discord.SelectOption(label=text[:100], value=token) for text, token in options]
            return GameSelect(
                GAME, record.id, record.version, name, placeholder=placeholder[:150], options=choices, row=row
            )

        items: list[discord.ui.Item] = []
        pieces = {p.id: p for p in view.pieces}
        if view.phase == "roll":
            items.append(button(Roll(), "fireship.button.roll", discord.ButtonStyle.primary, 0))
        elif view.phase == "move":
            selects = self._distinct(pieces, [a for a in legal if isinstance(a, Select)], lambda a: a.piece)
            for n, group in enumerate(chunks(selects)[:2]):
                options = [(piece_text(view, pieces[a.piece], lang), a.token()) for a in group]
                items.append(menu(f"piece-{n}", t(lang, "fireship.menu.piece"), options, n))
            items.append(button(EndMoves(), "fireship.button.end_moves", discord.ButtonStyle.secondary, 2))
        elif view.phase == "steer":
            items += self._destinations(record, view, lang, menu)
            items.append(button(Unselect(), "fireship.button.back", discord.ButtonStyle.secondary, 4))
        elif view.phase == "act":
            attacks = {(o.leader, o.target): o for o in view.attacks if not o.plus}
            shown = self._distinct(
                pieces,
                [a for a in legal if isinstance(a, Attack)],
                lambda a: int(a.leader) if a.leader.isdigit() else a.leader,
                also=lambda a: a.target,
            )
            for n, group in enumerate(chunks(shown)[:3]):
                options = [(attack_text(view, attacks[(a.leader, a.target)], lang), a.token()) for a in group]
                items.append(menu(f"attack-{n}", t(lang, "fireship.menu.attack"), options, n))
            for action in [a for a in legal if isinstance(a, Use)][:5]:
                cell = pieces[action.piece].cell
                special = SPECIAL_CELLS[cell]
                items.append(
                    button(action, f"fireship.button.use.{special}", discord.ButtonStyle.success, 3, cell=label(cell))
                )
            items.append(button(EndTurn(), "fireship.button.end_turn", discord.ButtonStyle.primary, 4))
        elif view.phase == "pick":
            loses = self._distinct(pieces, [a for a in legal if isinstance(a, Lose)], lambda a: a.piece)
            if loses:
                options = [(piece_text(view, pieces[a.piece], lang), a.token()) for a in loses[:MENU]]
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
        reach = sorted(view.reachable.items(), key=lambda item: (item[1], cell_of(item[0])[::-1]))
        shown = reach if len(reach) <= MENU else reach[:NEAREST]
        nearest = [
            (t(lang, "fireship.menu.cell", cell=cell, cost=cost), Steer(to=cell_of(cell)).token())
            for cell, cost in shown
        ]
        items: list[discord.ui.Item] = []
        if nearest:
            items.append(
                menu(
                    "nearest",
                    t(lang, "fireship.menu.nearest" if len(reach) > MENU else "fireship.menu.reach"),
                    nearest,
                    0,
                )
            )
        if len(reach) > MENU:
            for zone in sorted({zone_of(cell_of(cell)) for cell in view.reachable}):
                items.append(
                    GameButton(
                        GAME,
                        record.id,
                        record.version,
                        f"{MORE}z{zone}",
                        label=zone_name(zone),
                        emoji="🗺️",
                        style=discord.ButtonStyle.secondary,
                        row=1,
                    )
                )
        return items

    # -- the end and the texts ----------------------------------------------------------
    def result(self, record: SessionRecord, state: FireshipState, lang: Language) -> discord.Embed:
        view = self.public_view(state)
        outcome = view.outcome
        assert outcome is not None
        winners = format_list([seat_name(record, s, lang) for s in outcome.winners], locale=lang)
        shared = "_shared" if len(outcome.winners) > 1 else ""  # sunk at once, or tied when time is up
        embed = discord.Embed(
            title=t(lang, "fireship.result.title", number=record.id),
            description=t(lang, f"fireship.result.{outcome.reason}{shared}", winners=winners),
            colour=0xD69E2E,
        )
        place = 1
        for group in outcome.ranking:
            for seat in group:
                name = f"{place}. {dot(view, seat)} {seat_name(record, seat, lang)}"
                value = t(
                    lang, "fireship.result.line", count=view.islands.count(seat), power=ENGINE.total_power(state, seat)
                )
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
