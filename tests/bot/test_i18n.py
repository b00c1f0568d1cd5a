"""Texts that depend on a number take the plural form of their language; durations are written out."""

from bot.i18n import Catalog, clock_text, duration


def test_a_text_with_a_count_takes_its_languages_plural_form() -> None:
    catalog = Catalog()
    catalog.texts["en"] |= {"cards.one": "{count} card", "cards.other": "{count} cards"}
    catalog.texts["fr"] |= {"cards.one": "{count} carte", "cards.other": "{count} cartes"}
    assert [catalog.t("en", "cards", count=n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [catalog.t("fr", "cards", count=n) for n in (0, 1, 2)] == [
        "0 carte",
        "1 carte",
        "2 cartes",
    ]  # French: 0 is singular
    assert catalog.has("fr", "cards") and not catalog.has("fr", "card")


def test_durations_are_written_out_in_each_language() -> None:
    assert clock_text(1440, "en") == "1 day" and clock_text(1440, "fr") == "1\xa0jour"
    assert clock_text(1530, "en") == "1 day, 1 hour, and 30 minutes"
    assert clock_text(1530, "fr") == "1\xa0jour, 1\xa0heure et 30 minutes"
    assert clock_text(0, "en") == "no limit" and clock_text(0, "fr") == "sans limite"
    assert duration("en", days=7) == "7 days" and duration("fr", hours=2) == "2\xa0heures"
