"""How a Labyrinthe secret table looks in Discord.

One public message: an embed with the castle's picture (drawn from the
public view), whose turn it is and what to do, the sought treasure, the
players and the latest events, and the controls of the moment:

- path changes: one button per change (the centre by a quarter either way or
  a half turn; each corridor one notch either way);
- the move, or the placing of a duel's loser: the cells on offer (tinted on
  the picture) in up to three menus, one per pair of rings, so no menu
  exceeds Discord's 25 options (16, 24 and 24 cells at most);
- the duel: whom to challenge, the stake, then "Choose in secret", which
  opens each duellist's private view with stone, scissors and paper.

The private view (private.py) shows the player's own box, and their choice
once made. Duels are also told as separate thread messages as they happen
(narration.py's ``news``), which ping the challenged player.
"""

from collections.abc import Callable

import discord
from PIL import Image

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import GameButton, GameSelect, PrivateButton
from bot.ui.game_ui import (
    FIELD_SIZE,
    HOUSE,
    PICTURE,
    BoardMessage,
    GameUI,
    add_recent,
    closed_early,
    computer_thinking,
    seat_mention,
    seat_name,
)
from cogs.labyrinthe.describe import DescribesCastle
from cogs.labyrinthe.names import COLOUR, GAME, PAWNS, treasure_name, turn_text
from cogs.labyrinthe.narration import Narration
from cogs.labyrinthe.picture import draw, render
from cogs.labyrinthe.private import PrivateView
from cogs.labyrinthe.tutorial import LESSONS
from games.labyrinthe import ENGINE
from games.labyrinthe.engine import TREASURES_TO_WIN
from games.labyrinthe.maze import CENTRE, INNER, OUTER, RINGS, Cell, label
from games.labyrinthe.models import (
    Bet,
    Challenge,
    LabyrintheState,
    LabyrintheView,
    Move,
    NoDuel,
    Place,
    Stay,
    Take,
    Turn,
)

RING_GROUPS = ((0, 1), (2, 3), (4, 5))  # one menu per pair of rings: 16, 24 and 24 cells at most
Namer = Callable[[SessionRecord, int, Language], str]


class LabyrintheUI(DescribesCastle, PrivateView, Narration, GameUI[LabyrintheState]):
    game = GAME
    title_key = "labyrinthe.title"
    colour = COLOUR
    rule_parts = ("duel", HOUSE, "controls")
    has_picture = True
    tells_news = True  # duels are told in the thread as they happen
    lessons = LESSONS  # its tutorial (cogs/labyrinthe/tutorial.py)

    def picture(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> bytes:
        return render(ENGINE.view(state, None))

    def image(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> Image.Image:
        return draw(ENGINE.view(state, None))

    # -- the public board -----------------------------------------------------------
    def board(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> list[BoardMessage]:
        view = ENGINE.view(state, None)
        embed = discord.Embed(
            title=t(lang, "labyrinthe.board.title", number=record.id),
            description=self._prompt(record, view, lang),
            colour=COLOUR,
        )
        embed.add_field(name=t(lang, "labyrinthe.board.target"), value=self._target(view, lang), inline=False)
        embed.add_field(name=t(lang, "labyrinthe.board.players"), value=self._players(record, view, lang), inline=False)
        add_recent(embed, lang, self.recent_lines(record, state, lang), at_least=self.turn_lines(record, state, lang))
        embed.set_image(url=f"attachment://{PICTURE}")
        embed.set_footer(text=t(lang, "labyrinthe.board.footer"))
        controls = discord.ui.View(timeout=None)
        if record.status == "active" and view.phase != "over":
            for item in self._controls(record, state, view, lang):
                controls.add_item(item)
        return [BoardMessage(embed=embed, view=controls)]

    def _prompt(self, record: SessionRecord, view: LabyrintheView, lang: Language, name: Namer = seat_mention) -> str:
        """What to do now; ``name`` names the players (mentions on the board, names in words)."""
        if closed := closed_early(record, lang):
            return closed
        if view.phase == "over" or record.status != "active":
            return t(lang, "labyrinthe.prompt.over")
        thinking = computer_thinking(record, view.current, lang)
        if thinking and view.phase in ("change", "move", "challenge", "stake"):  # the current seat's alone
            return thinking
        who = name(record, view.current, lang)
        duel = view.duel
        if view.phase == "change":
            key = "change_took" if view.took else "change"
            return t(lang, f"labyrinthe.prompt.{key}", player=who, count=2 - len(view.changes))
        if view.phase == "move":
            return t(lang, "labyrinthe.prompt.move", player=who)
        if view.phase == "challenge":
            return t(lang, "labyrinthe.prompt.challenge", player=who)
        if view.phase == "stake":
            return t(lang, "labyrinthe.prompt.stake", player=who)
        assert duel is not None
        a, b = (name(record, s, lang) for s in (duel.challenger, duel.defender))
        if view.phase == "choose":
            waiting = ", ".join(name(record, s, lang) for s in (duel.challenger, duel.defender) if s not in duel.chosen)
            return t(lang, "labyrinthe.prompt.choose", challenger=a, defender=b, waiting=waiting, round=duel.round)
        winner = name(record, duel.winner, lang) if duel.winner is not None else ""
        return t(lang, "labyrinthe.prompt.place", player=winner)

    def _target(self, view: LabyrintheView, lang: Language) -> str:
        if view.target is None:
            return t(lang, "labyrinthe.board.over" if view.outcome else "labyrinthe.board.no_target")
        cell = label(view.treasures[view.target])
        return t(lang, "labyrinthe.board.target_at", treasure=treasure_name(view.target, lang), cell=cell, bag=view.bag)

    def _players(self, record: SessionRecord, view: LabyrintheView, lang: Language) -> str:
        lines = []
        for seat in range(view.seats):
            marker = "▶ " if seat == view.current and view.phase != "over" else ""
            where = view.pawns[seat]
            line = f"{marker}{PAWNS[seat]} {seat_name(record, seat, lang)}"
            if view.resigned[seat]:
                line += " · " + t(lang, "labyrinthe.board.left")
            elif where is not None:
                line += f" · {label(where)}"
            if view.boxes is not None:
                line += " · " + t(lang, "labyrinthe.board.treasures", count=len(view.boxes[seat]))
            lines.append(line)
        if view.boxes is None:
            lines.append(t(lang, "labyrinthe.board.closed_boxes", count=len(view.collected)))
        return "\n".join(lines)[:FIELD_SIZE]

    def _controls(
        self, record: SessionRecord, state: LabyrintheState, view: LabyrintheView, lang: Language
    ) -> list[discord.ui.Item]:
        acting = sorted(ENGINE.to_act(state))
        legal = {a.token() for seat in acting for a in ENGINE.legal_actions(state, seat)}

        def button(token: str, text: str, style: discord.ButtonStyle, row: int) -> GameButton:
            return GameButton(
                GAME,
                record.id,
                record.version,
                token,
                label=text[:80],
                style=style,
                disabled=token not in legal,
                row=row,
            )

        items: list[discord.ui.Item] = []
        box = PrivateButton(
            GAME,
            record.id,
            label=t(lang, "labyrinthe.button.box"),
            emoji="🎒",
            style=discord.ButtonStyle.secondary,
            row=4,
        )
        if view.phase == "change":
            for number, ring in enumerate((CENTRE, INNER, OUTER)):
                turns = (1, 2, 3) if ring == CENTRE else (1, -1)
                for by in turns:
                    token = Turn(ring=ring, by=by).token()
                    items.append(button(token, turn_text(ring, by, lang), discord.ButtonStyle.primary, number))
        elif view.phase == "move":
            items += self._cell_menus(record, "move", [Move(to=cell) for cell in view.reachable], view, legal, lang)
            items.append(button(Stay().token(), t(lang, "labyrinthe.button.stay"), discord.ButtonStyle.secondary, 3))
        elif view.phase == "challenge":
            for action in ENGINE.legal_actions(state, view.current):
                if isinstance(action, Challenge):
                    text = t(lang, "labyrinthe.button.challenge", player=seat_name(record, action.opponent, lang))
                    items.append(button(action.token(), text, discord.ButtonStyle.danger, 0))
            if NoDuel().token() in legal:
                items.append(
                    button(NoDuel().token(), t(lang, "labyrinthe.button.no_duel"), discord.ButtonStyle.secondary, 1)
                )
        elif view.phase == "stake":
            items.append(
                button(Bet(die=False).token(), t(lang, "labyrinthe.button.bet_one"), discord.ButtonStyle.primary, 0)
            )
            items.append(
                button(Bet(die=True).token(), t(lang, "labyrinthe.button.bet_die"), discord.ButtonStyle.danger, 0)
            )
        elif view.phase == "choose":
            box = PrivateButton(
                GAME,
                record.id,
                label=t(lang, "labyrinthe.button.choose"),
                emoji="🤫",
                style=discord.ButtonStyle.danger,
                row=0,
            )
        elif view.phase == "place":
            places = [Place(to=cell) for cell in ENGINE.free_cells(state)]
            items += self._cell_menus(record, "place", places, view, legal, lang)
        if Take().token() in legal:
            items.append(button(Take().token(), t(lang, "labyrinthe.button.take"), discord.ButtonStyle.success, 3))
        items.append(box)
        return items

    def _cell_menus(
        self,
        record: SessionRecord,
        name: str,
        actions: list[Move] | list[Place],
        view: LabyrintheView,
        legal: set[str],
        lang: Language,
    ) -> list[GameSelect]:
        """The cells on offer, one menu per pair of rings (at most 24 options each)."""
        menus = []
        for row, rings in enumerate(RING_GROUPS):
            options = [
                discord.SelectOption(label=self._cell_text(a.to, view, lang)[:100], value=a.token())
                for a in actions
                if a.to[0] in rings and a.token() in legal
            ]
            if not options:
                continue
            placeholder = t(lang, f"labyrinthe.menu.{name}", rings="/".join(RINGS[r] for r in rings))
            menus.append(
                GameSelect(
                    GAME, record.id, record.version, f"{name}-{row}", placeholder=placeholder, options=options, row=row
                )
            )
        return menus

    def _cell_text(self, cell: Cell, view: LabyrintheView, lang: Language) -> str:
        """ "C7 · 👑 7 Couronne (cherché) · 🔵": what stands on a cell."""
        parts = [label(cell)]
        for number, where in enumerate(view.treasures):
            if where == cell:
                name = treasure_name(number, lang)
                if number == view.target:
                    name = t(lang, "labyrinthe.menu.sought", treasure=name)
                elif number in view.collected:
                    continue
                parts.append(name)
        pawns = "".join(PAWNS[s] for s, where in enumerate(view.pawns) if where == cell)
        if pawns:
            parts.append(pawns)
        return " · ".join(parts)

    # -- the end and the texts ----------------------------------------------------------
    def result(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> discord.Embed:
        view = ENGINE.view(state, None)
        outcome = view.outcome
        assert outcome is not None and view.boxes is not None
        winners = ", ".join(seat_name(record, s, lang) for s in outcome.winners)
        embed = discord.Embed(
            title=t(lang, "labyrinthe.result.title", number=record.id),
            description=t(lang, f"labyrinthe.result.{outcome.reason}", winners=winners, goal=TREASURES_TO_WIN),
            colour=0xD69E2E,
        )
        place = 1
        for group in outcome.ranking:
            for seat in group:
                name = f"{place}. {PAWNS[seat]} {seat_name(record, seat, lang)}"
                if view.resigned[seat]:
                    name += " · " + t(lang, "labyrinthe.board.left")
                box = view.boxes[seat]
                value = t(lang, "labyrinthe.board.treasures", count=len(box))
                if box:
                    value += "\n" + ", ".join(treasure_name(n, lang) for n in box)
                embed.add_field(name=name[:256], value=value[:FIELD_SIZE], inline=False)
            place += len(group)
        return embed
