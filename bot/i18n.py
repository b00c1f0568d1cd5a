"""Every user-visible text, in French and English, from JSON catalogs.

Catalogs live in ``bot/locales/`` and in each cog's ``locales/`` folder, with
the same keys and placeholders in both languages (a test checks it).
Slash-command names and descriptions go through ``CatalogTranslator``.
"""

import json
import logging
import re
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal

import discord
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit
from discord import app_commands

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")
PLURAL_FORMS = ("one", "other")  # the plural categories French and English use
log = logging.getLogger(__name__)
# French elision before a placeholder: « de {player} » gives « d'alice », « que {enemy} » « qu'Ève »
ELIDED_WORDS = re.compile(r"(?<![\w'])(de|que|lorsque|puisque|le) \{(\w+)\}", re.IGNORECASE)
VOWELS = "aeiouàâäéèêëîïôöùûüœæ"
CONTRACTED = {"Le": "du", "Les": "des"}  # « de » before a game's name that begins with its article


def language_of(locale: discord.Locale | str | None, default: Language = "en") -> Language:
    """French for a French locale, English for an English one, else ``default``."""
    value = (locale.value if isinstance(locale, discord.Locale) else str(locale or "")).lower()
    if value.startswith("fr"):
        return "fr"
    if value.startswith("en"):
        return "en"
    return default


def elides(following: str) -> bool:
    """Whether French elides « de », « que », « le » before ``following``: a word that begins with a
    vowel sound (« alice », « Ève »; a Y before a consonant, « Yves », but not « Yann »). A word's H
    is left alone (it may be aspirated), and so is a single letter or a cell such as « A3 »."""
    first, second = following[:1].lower(), following[1:2].lower()
    if not second.isalpha():
        return False
    return first in VOWELS or (first == "y" and second not in VOWELS + "y")


def elide(word: str, following: str) -> str:
    """``word`` (« de », « que », « le »…) then ``following``, as French writes them: « d'alice »,
    « qu'Ève », « L'Écho », but « de bob »."""
    return f"{word[:-1]}'{following}" if elides(following) else f"{word} {following}"


def elided(text: str, params: dict[str, object]) -> str:
    """A French template whose « de {name} », « que {name} », « le {name} » are elided as the
    values given need (every catalog text goes through it: ``Catalog.t``)."""

    def one(found: re.Match[str]) -> str:
        word, value = found[1], params.get(found[2])
        if not isinstance(value, str):
            return found[0]
        if word.lower() == "de" and found[2] == "game" and (article := CONTRACTED.get(value.split(" ", 1)[0])):
            rest = value.split(" ", 1)[1].replace("{", "{{").replace("}", "}}")
            return f"{word[0]}{article[1:]} {rest}"  # « de Le labyrinthe secret »: « du labyrinthe secret »
        return f"{word[:-1]}'{{{found[2]}}}" if elides(value) else found[0]

    return ELIDED_WORDS.sub(one, text)


class Catalog:
    def __init__(self) -> None:
        self.texts: dict[Language, dict[str, str]] = {lang: {} for lang in LANGUAGES}

    def load(self, folder: Traversable) -> None:
        for lang in LANGUAGES:
            entry = folder / f"{lang}.json"
            if entry.is_file():
                self.texts[lang].update(json.loads(entry.read_text(encoding="utf-8")))

    def has(self, lang: Language, key: str) -> bool:
        return key in self.texts[lang] or f"{key}.{PLURAL_FORMS[0]}" in self.texts[lang]

    def template(self, lang: Language, key: str, count: object = None) -> str | None:
        """The text ``key`` before its placeholders are filled. A text that depends on a number
        has a form per plural category (``key.one``, ``key.other``), picked by ``count``."""
        text = self.texts[lang].get(key)
        if text is None and isinstance(count, int):
            form = Locale.parse(lang).plural_form(count)
            text = self.texts[lang].get(f"{key}.{form}", self.texts[lang].get(f"{key}.other"))
        return text

    def t(self, lang: Language, key: str, **params: object) -> str:
        """The text ``key`` with its placeholders filled (``count`` picks a plural form)."""
        text = self.template(lang, key, params.get("count"))
        if text is None:
            log.warning("missing text %s for %s", key, lang)
            return key
        if lang == "fr":
            text = elided(text, params)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            log.warning("bad placeholders in %s for %s", key, lang)
            return text


@cache
def catalog() -> Catalog:
    """The shared catalog: ``bot/locales`` plus every cog package's ``locales``."""
    result = Catalog()
    result.load(resources.files("bot") / "locales")
    for package in sorted(resources.files("cogs").iterdir(), key=lambda p: p.name):
        if (package / "locales").is_dir():
            result.load(package / "locales")
    return result


def t(lang: Language, key: str, **params: object) -> str:
    return catalog().t(lang, key, **params)


def counted(lang: Language, key: str, count: int, **params: object) -> str:
    """A text about one number: the plural form Babel's rules give ``count`` in ``lang``, and the
    number as ``lang`` writes it (``{number}``: 1 000, 1,000). A sentence with several numbers
    takes one such text per number in its placeholders, each with its own form."""
    return catalog().t(lang, key, count=count, number=format_decimal(count, locale=lang), **params)


def percent(ratio: float, lang: Language) -> str:
    """A share as ``lang`` writes it: "67 %" in French (a no-break space), "67%" in English."""
    return format_percent(ratio, locale=lang)


def duration(lang: Language, days: int = 0, hours: int = 0, minutes: int = 0, seconds: int = 0) -> str:
    """A duration written out: "1 day and 2 hours", "1 jour et 2 heures", "30 seconds"."""
    units = (
        ("duration-day", days),
        ("duration-hour", hours),
        ("duration-minute", minutes),
        ("duration-second", seconds),
    )
    parts = [format_unit(n, unit, length="long", locale=lang) for unit, n in units if n]
    return format_list(parts, locale=lang) if parts else format_unit(0, "duration-minute", length="long", locale=lang)


def clock_text(minutes: int, lang: Language) -> str:
    """A turn clock for people: "1 day and 2 hours", "45 minutes", or "no clock"."""
    if not minutes:
        return t(lang, "time.no_clock")
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    return duration(lang, days, hours, mins)


def seconds_text(seconds: int, lang: Language) -> str:
    """A few seconds written out: "30 secondes", "1 minute and 30 seconds"."""
    minutes, rest = divmod(seconds, 60)
    return duration(lang, minutes=minutes, seconds=rest)


def command_text(key: str) -> app_commands.locale_str:
    """A command name or description: English by default, French by translation."""
    return app_commands.locale_str(catalog().t("en", key), key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if key is None or lang == "en" or not catalog().has(lang, key):
            return None
        return catalog().t(lang, key)
