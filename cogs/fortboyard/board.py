"""How a Fort Boyard table looks in Discord.

One public message: an embed with the track's picture (drawn from the public view),
the prompt of the moment, the trial under way (its text, its hourglass), the players'
keys and clue counts, and the latest events; then the controls of the moment. A trial
is played on the board for the whole table to watch; typed answers go through a
private text box (``type-<name>``), whose name carries the state's turn so that an
answer to a trial already over is refused.

The private view (« My code word », private.py) lists the player's own clues; a DM
announces each new clue (narration.py's ``whisper``). Clues and code words never reach
the public board, the narration or a custom id; the words are revealed in the result only.
"""

from collections import Counter
from collections.abc import Callable
from typing import Any

import discord
from babel.lists import format_list
from PIL import Image

from bot.i18n import Language, percent, t
from bot.sessions import ANY_VERSION
from bot.storage import SessionRecord
from bot.turn_clock import played_by_computer
from bot.ui.components import TYPE, GameButton, GameSelect, PrivateButton
from bot.ui.game_options import Option
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
from cogs.fortboyard.describe import DescribesFort
from cogs.fortboyard.names import COLOUR, GAME, PAWNS, SIGN_EMOJI, cell_name, grid_label
from cogs.fortboyard.narration import Narration
from cogs.fortboyard.picture import draw, render
from cogs.fortboyard.private import ANSWER, PrivateView
from cogs.fortboyard.tutorial import LESSONS
from games.fortboyard import ENGINE
from games.fortboyard.answers import TYPO_LENGTHS
from games.fortboyard.deck import CATEGORIES, GRID_SIZES, KINDS, LIGHTS, NIM_MOST, NIM_STICKS, SPSW_WINS, TYPED
from games.fortboyard.engine import CLUES_FOR_ROUND_3, DUEL_REPLAYS, KEYS_FOR_ROUND_2
from games.fortboyard.material import BAG, HANDFUL, KEY_STOCK
from games.fortboyard.models import (
    CLOCK,
    CLOCK_RANGE,
    SIGNS,
    Abandon,
    Announce,
    Bank,
    Challenge,
    ChooseLevel,
    Dive,
    Fire,
    FortBoyardOptions,
    FortBoyardState,
    FortBoyardView,
    GiveUp,
    Goto,
    Grab,
    Hide,
    Press,
    Progress,
    Ready,
    Retry,
    Roll,
    Show,
    Stay,
    Take,
    Tap,
    Throw,
    TrialView,
)
from games.fortboyard.track import CELLS, FOURAS, SEA_CELLS, TRACK
from games.fortboyard.trials import IN_TURN, RED_LIGHT

Namer = Callable[[SessionRecord, int, Language], str]


def rule_facts(lang: Language) -> dict[str, dict[str, Any]]:
    """The numbers each text of the rules states, by its key, from the engine's constants."""
    values = Counter(BAG)
    mix = ", ".join(f"{t(lang, f'fortboyard.cell.{kind}')} × {n}" for kind, n in Counter(TRACK).items())
    return {
        "fortboyard.rules.summary": {"low": ENGINE.min_players, "high": ENGINE.max_players},
        "fortboyard.rules.rounds": {"keys": KEYS_FOR_ROUND_2, "clues": CLUES_FOR_ROUND_3},
        "fortboyard.kind.reaction": {
            "low": LIGHTS[0],
            "high": LIGHTS[1],
            "red_low": RED_LIGHT[0],
            "red_high": RED_LIGHT[1],
        },
        "fortboyard.kind.spsw": {"low": SPSW_WINS[0], "high": SPSW_WINS[1]},
        "fortboyard.kind.nim": {
            "low": NIM_STICKS[0],
            "high": NIM_STICKS[1],
            "most_low": NIM_MOST[0],
            "most_high": NIM_MOST[1],
        },
        "fortboyard.kind.battleship": {"low": GRID_SIZES[0], "high": GRID_SIZES[1]},
        "fortboyard.house.track": {"cells": CELLS, "fouras": FOURAS, "mix": mix},
        "fortboyard.house.sea": {"sea": SEA_CELLS},
        "fortboyard.house.stock": {"stock": KEY_STOCK},
        "fortboyard.house.duels": {"replays": DUEL_REPLAYS},
        "fortboyard.house.clues": {"clues": CLUES_FOR_ROUND_3},
        "fortboyard.house.answers": {"one": TYPO_LENGTHS[0], "two": TYPO_LENGTHS[1]},
        "fortboyard.house.round_3_order": {"clues": CLUES_FOR_ROUND_3},
        "fortboyard.house.bag": {
            "stones": values.pop(0),
            "low": HANDFUL[0],
            "high": HANDFUL[1],
            "tokens": ", ".join(f"{n} × {value}" for value, n in sorted(values.items())),
        },
        "fortboyard.house.clock": {"clock": CLOCK, "low": CLOCK_RANGE[0], "high": CLOCK_RANGE[1]},
    }


def rule_text(key: str, lang: Language) -> str:
    """A text of the rules, its numbers filled in."""
    return t(lang, key, **rule_facts(lang).get(key, {}))


def house_rule(key: str, lang: Language) -> str:
    """One house rule (a key of the engine's ``HOUSE_RULES``) as the rules text states it."""
    return rule_text(f"fortboyard.house.{key}", lang)


class FortBoyardUI(DescribesFort, PrivateView, Narration, GameUI[FortBoyardState]):
    game = GAME
    title_key = "fortboyard.title"
    colour = COLOUR
    rule_parts = ("rounds", "trials", "kinds", HOUSE, "controls")
    has_picture = True
    tells_news = True  # trials and rounds are told in the thread, with pings
    lessons = LESSONS

    def picture(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> bytes:
        names = [seat_name(record, seat, lang) for seat in range(len(record.seats))]
        return render(ENGINE.view(state, None), names, lang)

    def image(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> Image.Image:
        names = [seat_name(record, seat, lang) for seat in range(len(record.seats))]
        return draw(ENGINE.view(state, None), names, lang)

    # -- the public board -----------------------------------------------------------
    def board(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> list[BoardMessage]:
        view = ENGINE.view(state, None)
        embed = discord.Embed(
            title=t(lang, "fortboyard.board.title", number=record.id, round=t(lang, f"fortboyard.round.{view.round}")),
            description=self._prompt(record, view, lang),
            colour=COLOUR,
        )
        if view.trial is not None:
            embed.add_field(
                name=t(lang, "fortboyard.board.trial"),
                value=self._trial(record, view.trial, lang)[:FIELD_SIZE],
                inline=False,
            )
        embed.add_field(name=t(lang, "fortboyard.board.players"), value=self._players(record, view, lang), inline=False)
        add_recent(embed, lang, self.recent_lines(record, state, lang), at_least=self.turn_lines(record, state, lang))
        embed.set_image(url=f"attachment://{PICTURE}")
        if view.round < 3:
            embed.set_footer(text=t(lang, "fortboyard.board.footer", count=view.stock))
        controls = discord.ui.View(timeout=None)
        if record.status == "active" and view.phase != "over":
            for item in self._controls(record, state, view, lang):
                controls.add_item(item)
        return [BoardMessage(embed=embed, view=controls)]

    def deadline(self, record: SessionRecord, seats: list[int]) -> str:
        """The trial's hourglass as a live countdown ("in 25 seconds")."""
        ends = [window for s in seats if (window := record.seats[s].window) is not None]
        return f"<t:{int(max(ends))}:R>" if ends else ""

    def _prompt(
        self,
        record: SessionRecord,
        view: FortBoyardView,
        lang: Language,
        name: Namer = seat_mention,
        timed: bool = True,
    ) -> str:
        """What to do now; ``name`` names the players (mentions on the board, names in words),
        ``timed`` adds a trial's hourglass."""
        if closed := closed_early(record, lang):
            return closed
        if view.phase == "over" or record.status != "active":
            return t(lang, "fortboyard.prompt.over")
        thinking = computer_thinking(record, view.current, lang)
        if thinking and view.phase not in ("level", "trial"):  # the current seat's alone
            return thinking
        who = name(record, view.current, lang)
        me = view.players[view.current]
        match view.phase:
            case "level":
                waiting = ", ".join(name(record, s, lang) for s in view.to_act)
                return t(lang, "fortboyard.prompt.level", waiting=waiting)
            case "roll":
                return t(
                    lang, "fortboyard.prompt.roll_sea" if me.sea is not None else "fortboyard.prompt.roll", player=who
                )
            case "passe":
                return t(lang, "fortboyard.prompt.passe", player=who)
            case "stake":
                riddle = me.cell is not None and TRACK[me.cell] == "enigme"
                return t(
                    lang, "fortboyard.prompt.stake_enigme" if riddle else "fortboyard.prompt.stake_duel", player=who
                )
            case "opponent":
                return t(
                    lang, "fortboyard.prompt.opponent", player=who, stake=t(lang, f"fortboyard.stake.{view.stake}")
                )
            case "trial":
                assert view.trial is not None
                deadline = self._deadline_text(record, view.trial, lang) if timed else ""
                if len(view.trial.players) == 1:
                    player = name(record, view.trial.players[0], lang)
                    return t(lang, "fortboyard.prompt.trial", players=player, deadline=deadline).strip()
                # a duel: who must act now, with the hourglass that runs for them
                now = [s for s in view.trial.players if s in view.to_act] or view.trial.players
                people = [s for s in now if not played_by_computer(record, s)]
                if not people:
                    return computer_thinking(record, now[0], lang) or ""
                players = ", ".join(name(record, s, lang) for s in people)
                return t(lang, "fortboyard.prompt.duel", players=players, deadline=deadline).strip()
            case "dive":
                return t(lang, "fortboyard.prompt.dive", player=who, stake=t(lang, f"fortboyard.stake.{view.stake}"))
            case "guess":
                return t(lang, "fortboyard.prompt.guess", player=who)
            case "retry":
                return t(lang, "fortboyard.prompt.retry", player=who, keys=me.keys)
            case "draw":
                return t(lang, "fortboyard.prompt.draw", player=who, handful=len(me.handfuls) + 1, of=me.keys)
        return ""

    def _deadline_text(self, record: SessionRecord, trial: TrialView | Progress, lang: Language) -> str:
        """The hourglass as players may see it: never when a red light will turn green (that
        moment is the trial); "disappears" while a sequence is shown."""
        if trial.stage == "wait":
            return t(lang, "fortboyard.deadline_wait")
        deadline = self.deadline(record, trial.players)
        if not deadline:
            return ""
        return t(
            lang, "fortboyard.deadline_look" if trial.stage == "look" else "fortboyard.deadline", deadline=deadline
        )

    def _trial(self, record: SessionRecord, trial: TrialView, lang: Language, in_words: bool = False) -> str:
        """The trial as the board shows it; ``in_words`` (the description) leaves out the pile of
        sticks, and a sequence to memorise, which must vanish with the board's."""
        players = " ⚔️ ".join(seat_name(record, s, lang) for s in trial.players)
        head = t(
            lang,
            "fortboyard.trial.head",
            category=t(lang, f"fortboyard.category.{trial.category}"),
            players=players,
            stake=t(lang, f"fortboyard.stake.{trial.stake}"),
        )
        if trial.replays:
            head += " " + t(lang, "fortboyard.trial.replay", replays=trial.replays)
        lines = [head, self._trial_body(record, trial, lang, in_words)]
        if len(trial.players) > 1 and trial.done and trial.trial_kind not in IN_TURN:  # answers at once
            lines.append(
                t(lang, "fortboyard.trial.done", players=", ".join(seat_name(record, s, lang) for s in trial.done))
            )
        return "\n".join(lines)

    def _trial_body(self, record: SessionRecord, trial: TrialView, lang: Language, in_words: bool = False) -> str:
        match trial.trial_kind:
            case "sequence" if trial.stage == "look" and in_words:
                return t(lang, "fortboyard.describe.look")
            case "riddle":
                return t(lang, "fortboyard.trial.riddle", text=trial.text)
            case "sequence" if trial.stage == "look":
                return t(lang, "fortboyard.trial.look", items=" · ".join(trial.items or []))
            case "sequence":
                return t(lang, "fortboyard.trial.sequence")
            case "count":
                return t(lang, "fortboyard.trial.count", letter=(trial.letter or "").upper(), text=trial.text)
            case "typing":
                return t(lang, "fortboyard.trial.typing", items=" ".join(trial.items or []))
            case "dice":
                die = t(lang, "fortboyard.trial.last_die", die=trial.last_die) if trial.last_die else ""
                return t(
                    lang,
                    "fortboyard.trial.dice",
                    target=trial.target,
                    throws=trial.throws,
                    pile=trial.pile,
                    banked=trial.banked,
                    left=(trial.throws or 0) - trial.thrown,
                    die=die,
                )
            case "quickfire":
                return t(lang, "fortboyard.trial.quickfire", text=trial.text)
            case "intruder":
                return t(lang, "fortboyard.trial.intruder", items=" · ".join(trial.items or []))
            case "arithmetic":
                steps = " → ".join(
                    step.replace("x", "×").replace("/", "÷").replace("-", "−") for step in trial.steps or []
                )
                return t(lang, "fortboyard.trial.arithmetic", start=trial.target, steps=steps)
            case "tapping":
                return t(lang, "fortboyard.trial.tapping", target=trial.target, taps=trial.taps)
            case "reaction":
                light = "reaction_wait" if trial.stage == "wait" else "reaction_go"
                return t(lang, f"fortboyard.trial.{light}", lit=trial.lit, lights=trial.lights)
            case "nim":
                player = seat_name(record, trial.turn_of, lang) if trial.turn_of is not None else ""
                return t(
                    lang,
                    "fortboyard.trial.nim",
                    count=trial.sticks or 0,
                    most=trial.most,
                    player=player,
                    pile="" if in_words else "🪵" * (trial.sticks or 0),
                )
            case "battleship" if trial.stage == "hide":
                return t(lang, "fortboyard.trial.battleship_hide", size=trial.size)
            case "battleship":
                misses = " · ".join(
                    f"{seat_name(record, s, lang)}: {', '.join(grid_label(c, trial.size or 3) for c in cells)}"
                    for s, cells in trial.misses.items()
                    if cells
                )
                return t(lang, "fortboyard.trial.battleship_fire", size=trial.size, misses=misses or "—")
        score = " – ".join(f"{seat_name(record, s, lang)} {trial.score.get(s, 0)}" for s in trial.players)
        return t(lang, "fortboyard.trial.spsw", wins=trial.wins, score=score)

    def _players(self, record: SessionRecord, view: FortBoyardView, lang: Language) -> str:
        lines = []
        for seat, player in enumerate(view.players):
            marker = "▶ " if seat in view.to_act and view.phase != "over" else ""
            parts = [
                f"{marker}{PAWNS[seat]} {seat_name(record, seat, lang)}",
                t(lang, "fortboyard.player.keys", keys=player.keys),
            ]
            if view.round >= 2:
                parts.append(t(lang, "fortboyard.player.clues", clues=player.clues))
            if player.resigned:
                parts.append(t(lang, "fortboyard.where.left"))
            elif view.phase == "level":
                parts.append(
                    t(lang, "fortboyard.player.chose" if player.level_chosen else "fortboyard.player.choosing")
                )
            elif view.round == 3:
                if player.found:
                    parts.append(t(lang, "fortboyard.player.found", boyards=player.boyards))
                elif player.found is False:
                    parts.append(t(lang, "fortboyard.player.out"))
            else:
                parts.append(self._where(player.cell, player.sea, lang))
                if player.skip:
                    parts.append(t(lang, "fortboyard.where.prison"))
            lines.append(" · ".join(parts))
        return "\n".join(lines)[:FIELD_SIZE]

    @staticmethod
    def _where(cell: int | None, sea: int | None, lang: Language) -> str:
        if sea is not None:
            return t(lang, "fortboyard.where.sea", sea=sea)
        if cell is None:
            return t(lang, "fortboyard.where.start")
        return t(lang, "fortboyard.where.cell", cell=cell, kind=cell_name(cell, lang))

    def _controls(
        self, record: SessionRecord, state: FortBoyardState, view: FortBoyardView, lang: Language
    ) -> list[discord.ui.Item]:
        acting = view.to_act
        legal = {a.token() for seat in acting for a in ENGINE.legal_actions(state, seat)}

        def button(
            token: str,
            text: str,
            style: discord.ButtonStyle,
            row: int = 0,
            emoji: str | None = None,
            any_version: bool = False,
        ) -> GameButton:
            version = ANY_VERSION if any_version else record.version
            return GameButton(
                GAME,
                record.id,
                version,
                token,
                label=text[:80],
                style=style,
                emoji=emoji,
                disabled=token not in legal and not token.startswith(TYPE),
                row=row,
            )

        primary, secondary, danger, success = (
            discord.ButtonStyle.primary,
            discord.ButtonStyle.secondary,
            discord.ButtonStyle.danger,
            discord.ButtonStyle.success,
        )
        items: list[discord.ui.Item] = []
        trial = view.trial
        match view.phase:
            case "level":
                items += [
                    button(ChooseLevel(level="easy").token(), t(lang, "fortboyard.button.easy"), success, emoji="🟢"),
                    button(ChooseLevel(level="hard").token(), t(lang, "fortboyard.button.hard"), danger, emoji="🔴"),
                ]
            case "roll":
                items.append(button(Roll().token(), t(lang, "fortboyard.button.roll"), primary, emoji="🎲"))
            case "passe":
                options = [
                    discord.SelectOption(label=f"{a.cell} · {cell_name(a.cell, lang)}"[:100], value=a.token())
                    for a in ENGINE.legal_actions(state, view.current)
                    if isinstance(a, Goto)
                ]
                items.append(
                    GameSelect(
                        GAME,
                        record.id,
                        record.version,
                        "passe",
                        options=options[:25],
                        placeholder=t(lang, "fortboyard.menu.passe"),
                        row=0,
                    )
                )
                items.append(button(Stay().token(), t(lang, "fortboyard.button.stay"), secondary, row=1))
            case "stake":
                items += [
                    button(Announce(stake="key").token(), t(lang, "fortboyard.button.key"), primary, emoji="🔑"),
                    button(Announce(stake="clue").token(), t(lang, "fortboyard.button.clue"), primary, emoji="🧩"),
                ]
            case "opponent":
                for action in ENGINE.legal_actions(state, view.current):
                    if isinstance(action, Challenge):
                        text = t(lang, "fortboyard.button.challenge", player=seat_name(record, action.opponent, lang))
                        items.append(button(action.token(), text, danger, emoji=PAWNS[action.opponent]))
            case "trial" if trial is not None:
                items += self._trial_controls(state, trial, button, lang)
            case "dive":
                items += [
                    button(Dive().token(), t(lang, "fortboyard.button.dive"), primary, emoji="🤿"),
                    button(Abandon().token(), t(lang, "fortboyard.button.no_dive"), secondary),
                ]
            case "guess":
                items += [
                    button(f"{TYPE}{ANSWER}{state.turn}", t(lang, "fortboyard.button.propose"), success, emoji="✍️"),
                    button(GiveUp().token(), t(lang, "fortboyard.button.give_up"), secondary),
                ]
            case "retry":
                items += [
                    button(Retry().token(), t(lang, "fortboyard.button.retry"), primary, emoji="🔑"),
                    button(GiveUp().token(), t(lang, "fortboyard.button.give_up"), secondary),
                ]
            case "draw":
                items.append(button(Grab().token(), t(lang, "fortboyard.button.grab"), success, emoji="💰"))
        items.append(
            PrivateButton(
                GAME,
                record.id,
                label=t(lang, "fortboyard.button.codeword"),
                emoji="🧩",
                style=discord.ButtonStyle.secondary,
                row=4,
            )
        )
        return items

    def _trial_controls(
        self, state: FortBoyardState, trial: TrialView, button: Any, lang: Language
    ) -> list[discord.ui.Item]:
        primary, secondary = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
        if trial.stage == "look":
            return [button(Ready().token(), t(lang, "fortboyard.button.ready"), secondary, emoji="🙈")]
        if trial.trial_kind in TYPED:
            return [button(f"{TYPE}{ANSWER}{state.turn}", t(lang, "fortboyard.button.answer"), primary, emoji="✍️")]
        if trial.trial_kind == "dice":
            return [
                button(Throw().token(), t(lang, "fortboyard.button.throw"), primary, emoji="🎲"),
                button(Bank().token(), t(lang, "fortboyard.button.bank", pile=trial.pile), secondary, emoji="🏦"),
            ]
        if trial.trial_kind == "tapping":  # fast presses: any board version counts
            return [button(Tap().token(), t(lang, "fortboyard.button.tap"), primary, emoji="👊", any_version=True)]
        if trial.trial_kind == "reaction":  # the press names its light: a double click is refused, not judged
            style = discord.ButtonStyle.danger if trial.stage == "wait" else discord.ButtonStyle.success
            return [
                button(
                    Press(light=trial.lit).token(),
                    t(lang, "fortboyard.button.tap"),
                    style,
                    emoji="👊",
                    any_version=True,
                )
            ]
        if trial.trial_kind == "nim":
            return [
                button(Take(count=n).token(), t(lang, "fortboyard.button.take", count=n), primary, emoji="🪵")
                for n in range(1, (trial.most or 1) + 1)
            ]
        if trial.trial_kind == "battleship":
            size = trial.size or 3
            make = Hide if trial.stage == "hide" else Fire
            return [
                button(
                    make(cell=c).token(),
                    grid_label(c, size),
                    secondary if make is Hide else primary,
                    row=c // size,
                    emoji="🚤" if make is Hide else "🎯",
                )
                for c in range(size * size)
            ]
        return [
            button(Show(sign=sign).token(), t(lang, f"fortboyard.sign.{sign}"), primary, emoji=SIGN_EMOJI[sign])
            for sign in SIGNS
        ]

    # -- the end and the texts ----------------------------------------------------------
    def result(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> discord.Embed:
        view = ENGINE.view(state, None)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        winners = format_list([seat_name(record, s, lang) for s in outcome.winners], locale=lang)
        key = outcome.reason
        if key == "treasure" and len(outcome.winners) > 1:
            key = "shared"
        embed = discord.Embed(
            title=t(
                lang,
                "fortboyard.result.title" if outcome.winners else "fortboyard.result.title_no_winner",
                number=record.id,
            ),
            description=t(lang, f"fortboyard.result.{key}", winners=winners),
            colour=0xD69E2E,
        )
        place = 1
        stone = t(lang, "fortboyard.stone")
        for group in outcome.ranking:
            for seat in group:
                player = view.players[seat]
                name = f"{place}. {PAWNS[seat]} {seat_name(record, seat, lang)}"
                lines = [
                    t(lang, "fortboyard.result.line", keys=player.keys, clues=player.clues, word=player.word or "—")
                ]
                if player.handfuls:
                    hands = " | ".join(" + ".join(str(v) if v else stone for v in hand) for hand in player.handfuls)
                    lines.append(t(lang, "fortboyard.result.draws", count=player.boyards, handfuls=hands))
                else:
                    lines.append(t(lang, "fortboyard.result.out"))
                embed.add_field(name=name[:256], value="\n".join(lines)[:FIELD_SIZE], inline=False)
            place += len(group)
        return embed

    def rule_fields(self, part: str, lang: Language) -> list[tuple[str, str]]:
        """The kinds of trial, category by category, with their bounds."""
        if part != "kinds":
            return super().rule_fields(part, lang)
        return [
            (
                t(lang, f"fortboyard.category.{category}"),
                "\n".join(f"• {rule_text(f'fortboyard.kind.{kind}', lang)}" for kind in kinds),
            )
            for category, kinds in KINDS.items()
        ]

    def rule_text(self, key: str, lang: Language) -> str:
        """The setup's numbers come from the engine's constants (``rule_facts``)."""
        return rule_text(key, lang)

    def command_options(self) -> tuple[Option, ...]:
        """The cards' language as ``cards``, the hourglass, and one skill for every computer
        (``FortBoyardCog.start_options``); the computers' rates per category stay off the panel."""
        return (
            Option("language", words="cards"),
            Option("side"),
            Option("clock"),
            Option("computer", words="skill", bounds=(0, 100)),
        )

    def seat_notes(self, record: SessionRecord, lang: Language) -> list[str]:
        """How often a computer wins each kind of trial, per level seated (none without a computer)."""
        opts = ENGINE.make_options(record.options)
        assert isinstance(opts, FortBoyardOptions)
        rates = opts.computer
        levels = dict.fromkeys(seat.level for seat in record.seats if seat.computer)  # in seat order, once each
        return [
            t(
                lang,
                "fortboyard.computer_rates",
                level=t(lang, f"level.{level}").lower(),
                **{category: percent(rates.at(category, level) / 100, lang) for category in CATEGORIES},
            )
            for level in levels
        ]
