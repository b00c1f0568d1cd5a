"""Cards in words, in the reader's language ("Roi ♥", "10 ♦", "As ♠"), and the marks every Forteresse message shares."""

from bot.i18n import Language, catalog, t
from games.forteresse import ENGINE

GAME = ENGINE.name
COLOUR = 0x7B341E
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}  # the phases
SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RANK_KEYS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def card_name(card: str, lang: Language) -> str:
    """A readable card (the deck it comes from is told by the context)."""
    rank = card[1]
    word = t(lang, f"forteresse.rank.{RANK_KEYS[rank]}") if rank in RANK_KEYS else ("10" if rank == "T" else rank)
    return f"{word} {SUITS[card[2]]}"


def cards_text(cards: list[str], lang: Language) -> str:
    return ", ".join(card_name(c, lang) for c in cards) if cards else t(lang, "forteresse.none")


def clip(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def after_colon(lang: Language, key: str, **params: object) -> str:
    """The text ``key`` set after « : »: French starts it in lower case (« Étape 1.1, Pioche
    Joueur : piochez… »), unless it opens with a placeholder (a card's name keeps its capital)."""
    text = t(lang, key, **params)
    template = catalog().template(lang, key, params.get("count")) or "{"
    return text[:1].lower() + text[1:] if lang == "fr" and not template.startswith("{") else text
