"""Forteresse Solo's private view (an ephemeral message): the hand, the characters in play,
the exploration under way, and the controls of the step being played: select menus whose
values are the action tokens, and buttons for the yes/no answers (keep, mulligan, done).
Only legal choices are offered. Tokens name hand cards by index; the Key taken after a Boss
dies is named (``pk.pAH``), but only as a menu value in that ephemeral message. The board's
Discards button answers here too, privately, with both piles whole (``more-discards``)."""

from typing import TYPE_CHECKING, Any, cast

import discord

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import ASK, GameButton, GameSelect
from bot.ui.game_ui import (
    BoardMessage,
    add_list,
)
from cogs.forteresse.describe import piles
from cogs.forteresse.names import (
    COLOUR,
    GAME,
    SUITS,
    card_name,
    cards_text,
    clip,
)
from games.core import Action
from games.forteresse import ENGINE
from games.forteresse.cards import is_lieu, value
from games.forteresse.models import (
    Attach,
    Attack,
    Block,
    Bribe,
    Discard,
    Explore,
    Fight,
    ForteresseAction,
    ForteresseState,
    ForteresseView,
    Mulligan,
    Pair,
    Pass,
    Pick,
    PlayLieu,
    Recruit,
)

DISCARDS = "discards"  # the name of the private menu (``more-discards``)
MAX_ROWS = 5
SELECT_SIZE = 25
FIELD_SIZE = 1024


class PrivateView:
    """``private``, its controls, ``confirm_text``, ``action_words`` (the Hint's answer) and the
    Discards menu (``more``) for the Forteresse UI."""

    if TYPE_CHECKING:  # the UI's own

        def _status(self, record: SessionRecord, view: ForteresseView, lang: Language, public: bool) -> str: ...
        def _heroes_field(self, view: ForteresseView, lang: Language) -> tuple[str, str]: ...
        def _enemies_field(self, view: ForteresseView, lang: Language) -> tuple[str, str]: ...
        def _exploration_field(self, view: ForteresseView, lang: Language) -> list[tuple[str, str]]: ...
        def public_view(self, state: ForteresseState) -> ForteresseView: ...

    def private(self, record: SessionRecord, state: ForteresseState, seat: int, lang: Language) -> BoardMessage | None:
        view = ENGINE.view(state, seat)
        hand = view.hand or []
        embed = discord.Embed(
            title=t(lang, "forteresse.private.title", number=record.id),
            description=self._status(record, view, lang, public=False),
            colour=COLOUR,
        )
        lines = [f"{i + 1}. {card_name(card, lang)}" for i, card in enumerate(hand)]
        embed.add_field(
            name=t(lang, "forteresse.private.hand", count=len(hand)),
            value="\n".join(lines) or t(lang, "forteresse.private.empty_hand"),
            inline=False,
        )
        # What the choices are about: the characters in play and the exploration under way.
        fields = [self._heroes_field(view, lang)] if view.heroes else []
        fields += [self._enemies_field(view, lang)] if view.enemies else []
        for name, text in fields + self._exploration_field(view, lang):
            embed.add_field(name=name, value=clip(text, FIELD_SIZE), inline=False)
        embed.set_footer(text=t(lang, "forteresse.private.footer", deck=view.deck_size, discard=len(view.discard)))
        if view.result is not None or record.status != "active" or view.prompt is None:
            return BoardMessage(embed=embed, view=None)
        return BoardMessage(embed=embed, view=self._controls(record, state, view, lang))

    def _controls(
        self, record: SessionRecord, state: ForteresseState, view: ForteresseView, lang: Language
    ) -> discord.ui.View:
        """The step's legal moves: choices in menus (one per kind of move), yes/no/done as buttons."""
        groups: dict[str, list[discord.SelectOption]] = {}
        buttons: list[GameButton] = []

        def button(token: str, key: str, style: discord.ButtonStyle, **params: Any) -> None:
            label = clip(t(lang, key, **params), 80)
            buttons.append(GameButton(GAME, record.id, record.version, token, label=label, style=style))

        for action in ENGINE.legal_actions(state, 0):
            if isinstance(action, Mulligan):
                key, style = ("mulligan", "secondary") if action.take else ("keep", "success")
                button(action.token(), f"forteresse.button.{key}", discord.ButtonStyle[style])
            elif isinstance(action, Pass):
                self._pass_button(view, action, button)
            else:
                group, label, description = self._option(view, action, lang)
                description = clip(description, 100) if description else None
                option = discord.SelectOption(label=clip(label, 100), value=action.token(), description=description)
                groups.setdefault(group, []).append(option)
        rows = MAX_ROWS - (1 if buttons else 0)
        # Four menus of 25 hold every move the rules can offer at once but the most extreme
        # tables (a dozen Heroes facing a dozen Enemies): those lose the last pages.
        menus = self._menus(groups, view, lang)[:rows]
        controls = discord.ui.View(timeout=None)
        for row, (name, placeholder, options) in enumerate(menus):
            menu = GameSelect(GAME, record.id, record.version, name, placeholder=placeholder, options=options, row=row)
            controls.add_item(menu)
        for item in buttons:
            item.row = len(menus)
            controls.add_item(item)
        return controls

    def _menus(
        self, groups: dict[str, list[discord.SelectOption]], view: ForteresseView, lang: Language
    ) -> list[tuple[str, str, list[discord.SelectOption]]]:
        """(name, placeholder, options) per menu; a long list goes over several menus of 25."""
        menus = []
        owed = view.prompt.owed if view.prompt else 0
        for group, options in groups.items():
            pages = [options[i : i + SELECT_SIZE] for i in range(0, len(options), SELECT_SIZE)]
            for number, page in enumerate(pages):
                placeholder = t(lang, f"forteresse.choose.{group}", card=self._focus(view, lang), owed=owed)
                if len(pages) > 1:
                    placeholder += f" ({number + 1}/{len(pages)})"
                menus.append((f"{group}{number}", clip(placeholder, 150), page))
        return menus

    def _focus(self, view: ForteresseView, lang: Language) -> str:
        focus = view.prompt.focus if view.prompt else None
        return card_name(focus, lang) if focus else ""

    def _pass_button(self, view: ForteresseView, action: Pass, button: Any) -> None:
        """Done / skip / no, per question; ending the attacks with idle Heroes asks first."""
        key, style, params = self._pass_label(view)
        token = ASK + action.token() if key.endswith("no_attack") else action.token()
        button(token, key, discord.ButtonStyle[style], **params)

    def _pass_label(self, view: ForteresseView) -> tuple[str, str, dict[str, Any]]:
        """(catalog key, button style, parameters) of the Pass button of the question asked."""
        prompt = view.prompt
        assert prompt is not None
        kind = prompt.kind
        if kind == "attackers":
            if not any(h.attacking for h in view.heroes):
                return "forteresse.button.pass.no_attack", "danger", {}
            return "forteresse.button.pass.attackers", "primary", {}
        if kind == "lieux":
            points = view.exploration.points if view.exploration else 0
            return "forteresse.button.pass.lieux", "primary", {"points": points}
        if kind == "defenders":
            undefended = [e for e in view.enemies if e.blocked_by is None]
            if undefended:
                owed = sum(max(value(s) for s in e.stats) for e in undefended if e.stats)
                return "forteresse.button.pass.undefended", "secondary", {"count": len(undefended), "owed": owed}
        return f"forteresse.button.pass.{kind}", "secondary", {}

    def action_words(
        self, record: SessionRecord, state: ForteresseState, seat: int, action: Action, lang: Language
    ) -> str:
        """A move in words, as its control in the private view names it (the 💡 Hint's answer)."""
        return self.move_words(ENGINE.view(state, seat), cast(ForteresseAction, action), lang)

    def move_words(self, view: ForteresseView, action: ForteresseAction, lang: Language) -> str:
        """``action_words`` from the player's view: a choice's label and what it changes."""
        if isinstance(action, Mulligan):
            return t(lang, "forteresse.button.mulligan" if action.take else "forteresse.button.keep")
        if isinstance(action, Pass):
            key, _, params = self._pass_label(view)
            return t(lang, key, **params)
        _, label, description = self._option(view, action, lang)
        return f"{label} ({description})" if description else label

    def _option(self, view: ForteresseView, action: ForteresseAction, lang: Language) -> tuple[str, str, str | None]:
        """(menu, label, description) of one choice; the menus group moves of one kind."""
        hand = view.hand or []
        heroes = {h.card: h for h in view.heroes}
        enemies = {e.card: e for e in view.enemies}

        def name(card: str) -> str:
            return card_name(card, lang)

        match action:
            case Recruit(hero=h, stat=s):
                label = t(lang, "forteresse.option.recruit", hero=name(hand[h]), stat=name(hand[s]))
                return "recruit", label, t(lang, "forteresse.option.power", power=value(hand[s]))
            case Attach(stat=s, hero=card):
                before = heroes[card].power
                label = t(lang, "forteresse.option.attach", stat=name(hand[s]), hero=name(card))
                after = before + value(hand[s])
                return "attach", label, t(lang, "forteresse.option.power_change", before=before, after=after)
            case Explore(hero=card, path=path):
                site = next(s for s in view.sites if s.suit == path)
                if site.status == "open":
                    power, lieux = heroes[card].power, sum(value(c) for c in hand if is_lieu(c))
                    level = site.difficulty
                    detail = t(lang, "forteresse.path_choice.open", difficulty=level, power=power, lieux=lieux)
                else:
                    detail = t(lang, f"forteresse.path_choice.{site.status}")
                return "explore", t(lang, "forteresse.option.explore", hero=name(card), path=SUITS[path]), detail
            case PlayLieu(card=i):
                return "lieux", t(lang, "forteresse.option.lieu", card=name(hand[i]), value=value(hand[i])), None
            case Pair(lieu=lieu, enemy=enemy):
                label = t(lang, "forteresse.option.pair", lieu=name(lieu), enemy=name(enemy))
                return "boss", label, t(lang, "forteresse.option.boss", power=value(lieu))
            case Bribe(enemy=card, tens=n):
                label = t(lang, "forteresse.option.bribe", enemy=name(card), count=n, total=10 * n)
                return "bribe", label, t(lang, "forteresse.option.bribe_power", power=enemies[card].power)
            case Block(hero=h, enemy=e):
                label = t(lang, "forteresse.option.block", hero=name(h), enemy=name(e))
                versus = t(lang, "forteresse.option.versus", mine=heroes[h].power, theirs=enemies[e].power)
                return "block", label, versus
            case Attack(hero=h, enemy=e):
                label = t(lang, "forteresse.option.attack", hero=name(h), enemy=name(e))
                versus = t(lang, "forteresse.option.versus", mine=heroes[h].power, theirs=enemies[e].power)
                return "attack", label, versus
            case Fight(enemy=e, boost=b):
                target = enemies[e]
                attack = sum(heroes[h].power for h in target.attackers if h in heroes)
                if b is None:
                    label = t(lang, "forteresse.option.fight", enemy=name(e))
                else:
                    attack += value(hand[b])
                    label = t(lang, "forteresse.option.fight_boost", enemy=name(e), stat=name(hand[b]))
                return "fight", label, t(lang, "forteresse.option.versus", mine=attack, theirs=target.power)
            case Discard(card=i):
                group = "discard" if view.prompt and view.prompt.kind == "discard" else "restore"
                return group, name(hand[i]), None
            case Pick(card=card):
                kind = view.prompt.kind if view.prompt else ""
                if kind in ("enemy_order", "fortress_order") and card in enemies:
                    return kind, name(card), t(lang, "forteresse.option.power", power=enemies[card].power)
                if kind == "key":  # which revealed Door it opens, if any
                    sites = [site for site in view.sites if site.door and not site.pillaged]
                    doors = [site.suit for site in sites if site.door and site.door[2] == card[2]]
                    opens = t(lang, "forteresse.option.key_for", path=SUITS[doors[0]]) if doors else None
                    return kind, name(card), opens
                return kind, name(card), None
        raise AssertionError(action)  # pragma: no cover

    def confirm_text(self, record: SessionRecord, state: ForteresseState, token: str, lang: Language) -> str:
        view = ENGINE.view(state, 0)
        if token == Pass().token() and view.prompt is not None and view.prompt.kind == "attackers":
            idle = [h.card for h in view.heroes if not h.tapped and not h.attacking]
            return t(lang, "forteresse.confirm.no_attack", heroes=cards_text(idle, lang))
        return super().confirm_text(record, state, token, lang)  # type: ignore[misc]  # GameUI's

    def more(
        self, record: SessionRecord, state: ForteresseState, seat: int, name: str, lang: Language
    ) -> BoardMessage | None:
        """The Discards button's answer: both piles and the cards out of the game, whole, in order."""
        if name != DISCARDS:
            return None
        view = self.public_view(state)
        embed = discord.Embed(
            title=t(lang, "forteresse.discards.title", number=record.id),
            description=t(lang, "forteresse.discards.order"),
            colour=COLOUR,
        )
        for pile, cards in piles(view, lang):
            add_list(embed, pile, [cards])
        return BoardMessage(embed=embed)
