"""Ratings as players read them, wherever they show (``/stats``, ``/leaderboard``, a lobby, a result):
the conservative rating as a whole number, marked while provisional, and a change signed."""

from collections.abc import Sequence

from babel.numbers import format_decimal

from bot import ratings
from bot.i18n import Language, counted, t
from bot.ratings import Skill
from bot.storage import PlayerRating, RatingChange


def rating(skill: Skill, games: int, lang: Language) -> str:
    """The rating, bold, marked « provisional » while it rests on fewer than 5 games."""
    shown = format_decimal(skill.shown, locale=lang)
    return t(lang, "rating.provisional" if ratings.is_provisional(games) else "rating.value", rating=shown)


def signed(change: int, lang: Language) -> str:
    """A rating's change: +56, −12 (a minus sign), ±0."""
    return "±0" if change == 0 else format_decimal(change, format="+#,##0;−#,##0", locale=lang)


def provisional_note(lang: Language) -> str:
    """What « provisional » means, where a provisional rating shows."""
    return t(lang, "rating.provisional_note", games=counted(lang, "rating.games", ratings.PROVISIONAL_GAMES))


def changes_text(changes: Sequence[RatingChange], names: Sequence[str], lang: Language) -> str:
    """What a game did to each rated person's rating, one line each: ``alice **1,012** (+12)``
    (``names``: by seat), then what « provisional » means if one is."""
    lines = [
        t(
            lang,
            "rating.change_provisional" if ratings.is_provisional(change.games) else "rating.change",
            player=names[change.seat],
            rating=format_decimal(change.after.shown, locale=lang),
            change=signed(change.after.shown - change.before.shown, lang),
        )
        for change in changes
    ]
    if any(ratings.is_provisional(change.games) for change in changes):
        lines.append(f"*{provisional_note(lang)}*")
    return "\n".join(lines)


def seated(player: str, entry: PlayerRating | None, lang: Language) -> str:
    """A lobby's seat: the person's rating beside their name, or « new » before their first rated game."""
    if entry is None:
        return t(lang, "rating.lobby_new", player=player)
    return t(lang, "rating.lobby", player=player, rating=rating(entry.skill, entry.games, lang))
