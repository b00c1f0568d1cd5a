"""The board's latest moves: Forteresse Solo's public events told in words.

Events name the cards as the table showed them at that moment. A card may go
out of sight afterwards: face down under the Fortress (a Boost or a visit that
turned over a card of no use), shuffled into a new Fortress with the discard,
or back into the hand (a card taken back from the discard at 4.2). The change
just made names every card it turned over (the player must see what the Boost
revealed); older lines name only the cards the table shows now, and call any
other "a card now hidden". That is decided from the public view alone, so the
wording tells nothing about the hidden piles.
"""

from typing import TYPE_CHECKING, Any

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from cogs.forteresse.names import SUITS, card_name
from games.forteresse.cards import TREASURES_TO_WIN
from games.forteresse.models import EnemyView, ForteresseState, ForteresseView, HeroView

# Events that name hand cards: the engine sends them to seat 0 only; never narrated here.
PRIVATE_EVENTS = frozenset({"drew_cards", "key_taken", "retrieved_card"})
# Public events told in several ways: the key is ``forteresse.event.<kind>.<variant>``.
EVENT_VARIANTS: dict[str, tuple[str, ...]] = {
    "stat_attached": ("hero", "enemy"),
    "visited": ("placed", "under", "nothing"),
    "boost": ("path_stat", "path_other", "path_nothing", "enemy_stat", "enemy_other", "enemy_nothing", "hero"),
    "explored": ("success", "failure"),
    "door_test": ("success", "failure"),
    "boss_test": ("success", "failure"),
    "bribe": ("success", "failure"),
    "discarded": ("hand", "deck"),
    "fortress_combat": ("success", "failure"),
    "player_combat": ("success", "failure"),
    "stat_lost": ("hero", "enemy"),
    "died": ("hero", "enemy", "boss"),
    "key_searched": ("taken", "none"),
    "ended": ("won_treasures", "lost_deck_empty", "lost_resigned"),
}
CARD_FIELDS = ("hero", "stat", "enemy", "card", "lieu", "door", "key_card", "treasure", "character")
LIST_FIELDS = ("cards", "tens", "heroes")
PATH_FIELDS = ("path", "placed_on")
COUNTED = {"undefended": "owed"}  # the number a text's plural follows, where it is not ``count``


def on_show(view: ForteresseView) -> set[str]:
    """Every card the public view shows face up or names: the table, both discards, the cards out of the game."""
    cards = set(view.reserve) | set(view.fortress_discard) | set(view.discard) | set(view.out_of_game)
    characters: list[EnemyView | HeroView] = [*view.enemies, *view.heroes]
    for character in characters:
        cards |= {character.card, *character.stats}
    for site in view.sites:
        cards |= {site.treasure, *site.lieux, *([site.door] if site.door else [])}
    if view.exploration is not None:
        cards |= set(view.exploration.lieux)
    return cards


def event_key(event: dict[str, Any]) -> str | None:
    """The catalog key telling a public event; None for a private one."""
    kind = event["kind"]
    if kind in PRIVATE_EVENTS or event.get("audience") is not None:
        return None
    if kind not in EVENT_VARIANTS:
        return f"forteresse.event.{kind}"
    match kind:
        case "stat_attached" | "stat_lost":
            variant = event["side"]
        case "visited":
            variant = "nothing" if event["card"] is None else ("placed" if event["placed_on"] else "under")
        case "boost":
            if event["boost"] == "hero":
                variant = "hero"
            else:
                card = event["card"]
                found = "nothing" if card is None else ("stat" if event["value"] else "other")
                variant = f"{event['boost']}_{found}"
        case "discarded":
            variant = event["source"]
        case "died":
            variant = "boss" if event["boss"] else event["side"]
        case "key_searched":
            variant = "taken" if event["taken"] else "none"
        case "ended":
            variant = f"{event['result']}_{event['reason']}"
        case _:
            variant = "success" if event["success"] else "failure"
    return f"forteresse.event.{kind}.{variant}"


class Narration:
    """``narrate`` and ``recent_lines`` for the Forteresse UI."""

    if TYPE_CHECKING:  # the UI's own

        def public_view(self, state: ForteresseState) -> ForteresseView: ...

    def recent_lines(self, record: SessionRecord, state: ForteresseState, lang: Language) -> list[str]:
        return [line for _, line in self.told(record, state, lang)]

    def told(self, record: SessionRecord, state: ForteresseState, lang: Language) -> list[tuple[bool, str]]:
        """(fresh, line) for each public event of the log, oldest first; fresh: told by the change just made."""
        shown = on_show(self.public_view(state))
        fresh = max(0, len(record.recent) - len(record.news))
        lines = []
        for index, event in enumerate(record.recent):
            line = self.narrate(record, event, lang, None if index >= fresh else shown)
            if line:
                lines.append((index >= fresh, line))
        return lines

    def narrate(
        self, record: SessionRecord, event: dict[str, Any], lang: Language, shown: set[str] | None = None
    ) -> str:
        """One public event; given ``shown``, a card not in it is told as hidden ("" for a private event)."""
        key = event_key(event)
        if key is None:
            return ""

        def name(card: str) -> str:
            return card_name(card, lang) if shown is None or card in shown else t(lang, "forteresse.hidden_card")

        params = dict(event)
        params["key_card"] = params.pop("key", None)  # ``key`` is t()'s own argument
        for field in CARD_FIELDS:
            if isinstance(params.get(field), str):
                params[field] = name(params[field])
        for field in LIST_FIELDS:
            if isinstance(params.get(field), list):
                params[field] = ", ".join(name(card) for card in params[field]) or t(lang, "forteresse.none")
        for field in PATH_FIELDS:
            if isinstance(params.get(field), str):
                params[field] = SUITS[params[field]]
        if event["kind"] == "boost":
            target = event["target"]
            params["target"] = SUITS[target] if len(target) == 1 else name(target)
        if event["kind"] in COUNTED:
            params["count"] = event[COUNTED[event["kind"]]]
        params["player"] = seat_name(record, 0, lang)
        params["needed"] = TREASURES_TO_WIN
        return t(lang, key, **params)
