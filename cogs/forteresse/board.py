"""How a Forteresse Solo table looks in Discord.

One public message: an embed with the phase and step, the table in text
(Paths, Enemies, Reserve, Heroes, counts) and the latest moves (narration.py),
and two buttons: "My hand", that opens the player's private view, and
"Discards", both discard piles in full (describe.py's ``piles``, answered privately). The hand is never shown
there: the public board is drawn from the engine's public view only.

The private view (private.py, an ephemeral message) shows the hand and the controls of
the step being played: select menus whose values are the action tokens, and
buttons for the yes/no answers (keep, mulligan, done). Only legal choices are
offered. Tokens name hand cards by index; the Key taken after a Boss dies is
named (``pk.pAH``), but only as a menu value in that ephemeral message.
"""

import discord
from PIL import Image

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import MORE, GameButton, PrivateButton
from bot.ui.game_ui import (
    HOUSE,
    PICTURE,
    RECENT_SHOWN,
    BoardMessage,
    GameUI,
    add_recent,
    closed_early,
    seat_mention,
    seat_name,
)
from bot.ui.hints import add_hint
from cogs.forteresse.describe import DescribesTable
from cogs.forteresse.names import (
    COLOUR,
    GAME,
    ROMAN,
    SUITS,
    after_colon,
    card_name,
    cards_text,
    clip,
)
from cogs.forteresse.narration import Narration
from cogs.forteresse.picture import LABEL_KEYS, draw, render
from cogs.forteresse.private import DISCARDS, PrivateView
from cogs.forteresse.tutorial import LESSONS
from games.forteresse.cards import TREASURES_TO_WIN, rank_of, value
from games.forteresse.models import (
    EnemyView,
    ForteresseState,
    ForteresseView,
    HeroView,
    SiteView,
)

COLOUR_WON, COLOUR_LOST = 0xD69E2E, 0x4A5568
# Every step of the book, for the names and help texts (3.6 is played with 3.5).
STEPS = (
    "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7",
    "2.1", "2.2", "2.3", "2.4", "2.5", "2.6",
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7",
    "4.1", "4.2", "4.3", "4.4",
)  # fmt: skip
FIELD_SIZE = 1024


def step_key(step: str) -> str:
    return step.replace(".", "_")


GENDERED_MARKS = ("tapped", "blocked_by", "attacked_by", "explorer")


def _mark(lang: Language, mark: str, card: str, **params: object) -> str:
    """A mark after a character's name, agreeing with a Queen (« Dame ♠ · engagée »)."""
    queen = rank_of(card) == "Q" and mark in GENDERED_MARKS
    return t(lang, f"forteresse.mark.{mark}" + (".queen" if queen else ""), **params)


class ForteresseUI(DescribesTable, PrivateView, Narration, GameUI[ForteresseState]):
    game = GAME
    title_key = "forteresse.title"
    colour = COLOUR
    rule_parts = ("phases", "controls", HOUSE)
    house_numbered = True  # the house rules are cited by their number
    has_picture = True
    lessons = LESSONS  # its tutorial (cogs/forteresse/tutorial.py)

    # -- the public board ---------------------------------------------------------
    def picture(self, record: SessionRecord, state: ForteresseState, lang: Language) -> bytes:
        """The table drawn from the public view only (the hand is a count of card backs)."""
        return render(self.public_view(state), {key: t(lang, key) for key in LABEL_KEYS})

    def image(self, record: SessionRecord, state: ForteresseState, lang: Language) -> Image.Image:
        return draw(self.public_view(state), {key: t(lang, key) for key in LABEL_KEYS})

    def board(self, record: SessionRecord, state: ForteresseState, lang: Language) -> list[BoardMessage]:
        view = self.public_view(state)
        over = view.result is not None or record.status != "active"
        embed = discord.Embed(
            title=t(lang, "forteresse.board.title", number=record.id),
            description=self._status(record, view, lang, public=True),
            colour=COLOUR,
        )
        for name, text in self._table_fields(view, lang):
            embed.add_field(name=name, value=clip(text, FIELD_SIZE), inline=False)
        embed.add_field(name=t(lang, "forteresse.board.player"), value=self._player_counts(view, lang), inline=True)
        embed.add_field(name=t(lang, "forteresse.board.fortress"), value=self._fortress_counts(view, lang), inline=True)
        told = self.told(record, state, lang)
        # The whole change just made shows (a turn's automatic steps), and at least the last few moves.
        shown = [line for _, line in told][-max(sum(fresh for fresh, _ in told), RECENT_SHOWN) :]
        add_recent(embed, lang, shown, pinned=len(shown))
        options = self.describe_options(record.options, lang)
        embed.set_footer(text=t(lang, "forteresse.board.footer", player=seat_name(record, 0, lang), options=options))
        if self.has_picture:
            embed.set_image(url=f"attachment://{PICTURE}")
        if over:
            return [BoardMessage(embed=embed, view=None)]
        controls = discord.ui.View(timeout=None)
        label = t(lang, "forteresse.button.hand")
        controls.add_item(PrivateButton(GAME, record.id, label=label, emoji="🂠", style=discord.ButtonStyle.primary))
        label = t(lang, "forteresse.button.discards")
        token = MORE + DISCARDS
        controls.add_item(
            GameButton(
                GAME, record.id, record.version, token, label=label, emoji="🃏", style=discord.ButtonStyle.secondary
            )
        )
        add_hint(controls, record, lang)
        return [BoardMessage(embed=embed, view=controls)]

    def _status(self, record: SessionRecord, view: ForteresseView, lang: Language, public: bool) -> str:
        """The phase and step, what the step does, and what the player must decide now."""
        if view.result is not None:
            return t(lang, f"forteresse.board.over.{view.result}", pillaged=view.pillaged, needed=TREASURES_TO_WIN)
        if closed := closed_early(record, lang):
            return closed
        if record.status != "active":
            return t(lang, "forteresse.board.closed")
        step = f"forteresse.step.{step_key(view.step)}"
        phase = t(lang, f"forteresse.phase.{view.phase}")
        lines = [
            t(lang, "forteresse.board.phase", turn=view.turn + 1, numeral=ROMAN[view.phase], phase=phase),
            t(
                lang,
                "forteresse.board.step",
                step=view.step,
                name=t(lang, f"{step}.name"),
                help=after_colon(lang, f"{step}.help"),
            ),
        ]
        if view.prompt is not None:
            if public:
                prompt = self._prompt_text(view, lang, in_sentence=True)
                lines.append(t(lang, "forteresse.board.waiting", player=seat_mention(record, 0, lang), prompt=prompt))
            else:
                lines.append(t(lang, "forteresse.private.now", prompt=self._prompt_text(view, lang)))
        return "\n".join(lines)

    def _prompt_text(self, view: ForteresseView, lang: Language, in_sentence: bool = False) -> str:
        """What the player must decide; ``in_sentence`` where it follows « : »."""
        prompt = view.prompt
        assert prompt is not None
        card = card_name(prompt.focus, lang) if prompt.focus else ""
        words = after_colon if in_sentence else t
        key = f"forteresse.prompt.{prompt.kind}"
        if prompt.kind == "discard" and prompt.owed == self._undefended_owed(view, prompt.focus):
            key = "forteresse.prompt.discard_first"  # nothing discarded yet: no "more"
        return words(lang, key, card=card, owed=prompt.owed, count=prompt.owed)

    @staticmethod
    def _undefended_owed(view: ForteresseView, attacker: str | None) -> int | None:
        """The cards an undefended attacker makes you discard in all: its highest Stat (house rule 7)."""
        enemy = next((e for e in view.enemies if e.card == attacker), None)
        return max(value(s) for s in enemy.stats) if enemy is not None and enemy.stats else None

    # -- the table in text ----------------------------------------------------------
    def _table_fields(self, view: ForteresseView, lang: Language) -> list[tuple[str, str]]:
        """Paths, Enemies, Reserve, Heroes and the exploration under way, as (field name, text)."""
        fields = [
            (t(lang, "forteresse.board.paths"), "\n".join(self._path_line(site, lang) for site in view.sites)),
            self._enemies_field(view, lang),
            (t(lang, "forteresse.board.reserve", count=len(view.reserve)), cards_text(view.reserve, lang)),
            self._heroes_field(view, lang),
        ]
        return fields + self._exploration_field(view, lang)

    def _enemies_field(self, view: ForteresseView, lang: Language) -> tuple[str, str]:
        lines = [self._enemy_line(enemy, lang, blocking_shown(view)) for enemy in view.enemies]
        return t(lang, "forteresse.board.enemies", count=len(lines)), "\n".join(lines) or t(lang, "forteresse.none")

    def _heroes_field(self, view: ForteresseView, lang: Language) -> tuple[str, str]:
        lines = [self._hero_line(hero, lang, blocking_shown(view)) for hero in view.heroes]
        return t(lang, "forteresse.board.heroes", count=len(lines)), "\n".join(lines) or t(lang, "forteresse.none")

    def _exploration_field(self, view: ForteresseView, lang: Language) -> list[tuple[str, str]]:
        x = view.exploration
        if x is None:
            return []
        text = t(
            lang,
            "forteresse.board.exploring",
            hero=card_name(x.hero, lang),
            path=SUITS[x.path],
            points=x.points,
            lieux=cards_text(x.lieux, lang),
        )
        return [(t(lang, "forteresse.board.exploration"), text)]

    def _path_line(self, site: SiteView, lang: Language) -> str:
        status = "pillaged" if site.pillaged else site.status
        parts = [t(lang, f"forteresse.status.{status}")]
        if site.lieux:
            lieux = cards_text(site.lieux, lang)
            parts.append(t(lang, "forteresse.board.lieux", lieux=lieux, difficulty=site.difficulty))
        if site.door:
            parts.append(t(lang, "forteresse.board.door", door=card_name(site.door, lang)))
        treasure = card_name(site.treasure, lang)
        return t(lang, "forteresse.board.path", suit=SUITS[site.suit], treasure=treasure, details=" · ".join(parts))

    def _stats_text(self, stats: list[str], life: int, power: int, lang: Language) -> str:
        if not stats:
            return t(lang, "forteresse.board.no_stats")
        return t(lang, "forteresse.board.stats", stats=cards_text(stats, lang), life=life, power=power)

    def _enemy_line(self, enemy: EnemyView, lang: Language, blocks: bool) -> str:
        marks = []
        if enemy.boss:
            marks.append(t(lang, "forteresse.mark.boss"))
        if enemy.boost is not None:
            marks.append(t(lang, "forteresse.mark.boost", value=enemy.boost))
        if enemy.bribed:
            marks.append(t(lang, "forteresse.mark.bribed"))
        if enemy.blocked_by and blocks:
            marks.append(_mark(lang, "blocked_by", enemy.card, hero=card_name(enemy.blocked_by, lang)))
        if enemy.attackers:
            marks.append(_mark(lang, "attacked_by", enemy.card, heroes=cards_text(enemy.attackers, lang)))
        head = f"**{card_name(enemy.card, lang)}**" + (" 👑" if enemy.boss else "")
        return " · ".join([f"{head} — {self._stats_text(enemy.stats, enemy.life, enemy.power, lang)}", *marks])

    def _hero_line(self, hero: HeroView, lang: Language, blocks: bool) -> str:
        marks = [_mark(lang, "tapped" if hero.tapped else "untapped", hero.card)]
        if hero.explorer:
            marks.append(_mark(lang, "explorer", hero.card))
        if hero.blocking and blocks:
            marks.append(t(lang, "forteresse.mark.blocking", enemy=card_name(hero.blocking, lang)))
        if hero.attacking:
            marks.append(t(lang, "forteresse.mark.attacking", enemy=card_name(hero.attacking, lang)))
        head = f"**{card_name(hero.card, lang)}**"
        return " · ".join([f"{head} — {self._stats_text(hero.stats, hero.life, hero.power, lang)}", *marks])

    def _player_counts(self, view: ForteresseView, lang: Language) -> str:
        return t(
            lang,
            "forteresse.board.player_counts",
            hand=view.hand_size,
            deck=view.deck_size,
            discard=len(view.discard),
            out=len(view.out_of_game),
        )

    def _fortress_counts(self, view: ForteresseView, lang: Language) -> str:
        return t(
            lang,
            "forteresse.board.fortress_counts",
            deck=view.fortress_size,
            discard=len(view.fortress_discard),
            doors=view.doors_left,
            pillaged=view.pillaged,
            needed=TREASURES_TO_WIN,
        )

    # -- result, rules, options ---------------------------------------------------------
    def result(self, record: SessionRecord, state: ForteresseState, lang: Language) -> discord.Embed:
        view = self.public_view(state)
        result = state.result or "lost"
        reason = state.end_reason or "resigned"
        # The turn in progress counts, except when the deck ran out before it began.
        turns = state.turn if reason == "deck_empty" else state.turn + 1
        lines = [
            t(lang, f"forteresse.result.reason.{reason}", player=seat_name(record, 0, lang)),
            t(lang, "forteresse.result.turns", turns=turns),
            t(lang, "forteresse.result.pillaged", pillaged=view.pillaged, needed=TREASURES_TO_WIN),
        ]
        embed = discord.Embed(
            title=t(lang, f"forteresse.result.title.{result}", number=record.id),
            description="\n".join(lines),
            colour=COLOUR_WON if result == "won" else COLOUR_LOST,
        )
        if view.heroes:
            name, text = self._heroes_field(view, lang)
            embed.add_field(name=name, value=clip(text, FIELD_SIZE), inline=False)
        return embed

    def rule_fields(self, part: str, lang: Language) -> list[tuple[str, str]]:
        """The book in short, phase by phase."""
        if part != "phases":
            return super().rule_fields(part, lang)
        return [
            (
                t(
                    lang,
                    "forteresse.rules.phase_title",
                    numeral=ROMAN[phase],
                    phase=t(lang, f"forteresse.phase.{phase}"),
                ),
                t(lang, f"forteresse.rules.phase.{phase}"),
            )
            for phase in (1, 2, 3, 4)
        ]


def blocking_shown(view: ForteresseView) -> bool:
    """Defenders matter from their choice (3.3) to the end of the Fortress's combats (3.4)."""
    return view.step in ("3.3", "3.4")
