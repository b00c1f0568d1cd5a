"""What Fortissimo's cards are called."""

from bot.i18n import Language, t
from games.fortissimo.cards import kind


def card_text(card: int, lang: Language, advanced: bool) -> str:
    """A card number, with its special name in the advanced variant."""
    role = kind(card) if advanced else None
    return f"{card} {t(lang, f'fortissimo.card.{role}')}" if role else str(card)
