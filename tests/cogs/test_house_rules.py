"""Every game states its house rules: the decisions its rule book leaves open.

Each engine names them (``Engine.house_rules``, keys of one decision each); each key has
its sentence ``<game>.house.<key>`` in the cog's catalogs, French and English; and the
game's rules embed (``GameUI.rules``, the /<game> rules command and the Rules button)
shows every one of them, its numbers filled in, within Discord's embed limits. Written
for every registered engine, so a new game is held to it as soon as the registry finds it.
"""

import importlib
import json
import re
from functools import cache
from importlib import resources

import discord
import pytest

from bot.i18n import LANGUAGES, Language
from bot.ui.game_ui import GameUI
from games.core import registry

ENGINES = registry.engines()
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def game_ui(name: str) -> GameUI:
    """The game's UI, found in its cog's board.py as the one GameUI subclass for it."""
    module = importlib.import_module(f"cogs.{name}.board")
    found = {
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, GameUI) and getattr(value, "game", None) == name
    }
    assert len(found) == 1, f"cogs/{name}/board.py defines {len(found)} GameUI subclasses for {name!r}"
    return found.pop()()


@cache
def catalog(name: str, lang: Language) -> dict[str, str]:
    """The texts of the game's own cog, as its locale file holds them."""
    return json.loads((resources.files("cogs") / name / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def shown(embed: discord.Embed) -> str:
    """Every text an embed shows."""
    texts = [embed.title, embed.description, embed.footer.text, embed.author.name]
    texts += [text for field in embed.fields for text in (field.name, field.value)]
    return "\n".join(text for text in texts if text)


def stated(sentence: str, text: str) -> bool:
    """``text`` holds ``sentence``, each of its placeholders filled in with some value."""
    parts = [re.escape(part) for part in PLACEHOLDER.split(sentence)]
    return re.search("(?:.+?)".join(parts), text, re.DOTALL) is not None


def test_the_sentence_check_is_not_vacuous() -> None:
    assert stated("The stock holds {stock} keys.", "• The stock holds 20 keys.\n• Next.")
    assert not stated("The stock holds {stock} keys.", "• The stock holds keys.")
    assert not stated("The stock holds {stock} keys.", "• The stock holds 20 locks.")
    assert not stated("Pawns pass through occupied cells.", "Pawns pass through occupied")


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_house_rules_are_named(name: str) -> None:
    """At least one decision, each named once by a plain key."""
    keys = ENGINES[name].house_rules
    assert keys, f"{name}: house_rules is empty; name each decision the rule book leaves open"
    assert len(set(keys)) == len(keys), f"{name}: named twice: {sorted(k for k in set(keys) if keys.count(k) > 1)}"
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", key) for key in keys), keys


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_house_rule_has_its_sentence_in_both_languages(name: str) -> None:
    """``<game>.house.<key>`` in cogs/<game>/locales/en.json and fr.json, with the same
    placeholders; and no sentence there for a key the engine no longer names."""
    keys = ENGINES[name].house_rules
    assert keys, f"{name}: house_rules is empty"
    wanted = {f"{name}.house.{key}" for key in keys}
    for lang in LANGUAGES:
        texts = catalog(name, lang)
        assert not wanted - set(texts), f"{lang}.json lacks {sorted(wanted - set(texts))}"
        stale = {key for key in texts if key.startswith(f"{name}.house.")} - wanted
        assert not stale, f"{lang}.json states house rules the engine does not name: {sorted(stale)}"
    for key in sorted(wanted):
        fr, en = catalog(name, "fr")[key], catalog(name, "en")[key]
        assert sorted(PLACEHOLDER.findall(fr)) == sorted(PLACEHOLDER.findall(en)), key
        assert fr.strip() and en.strip() and fr != en, key


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(ENGINES))
def test_the_rules_embed_states_every_house_rule(name: str, lang: Language) -> None:
    """The rules embed shows each house rule's sentence, numbers filled in, and fits in one
    Discord embed."""
    keys = ENGINES[name].house_rules
    assert keys, f"{name}: house_rules is empty"
    embed = game_ui(name).rules(lang)
    text = shown(embed)
    missing = [key for key in keys if not stated(catalog(name, lang)[f"{name}.house.{key}"], text)]
    assert not missing, f"the {lang} rules embed of {name} does not state {missing}"
    assert not PLACEHOLDER.search(text), f"a placeholder is left unfilled: {PLACEHOLDER.search(text)[0]}"
    assert len(embed) <= 6000 and len(embed.fields) <= 25, "over Discord's limits for one embed"
    assert len(embed.description or "") <= 4096 and len(embed.title or "") <= 256
    assert all(len(field.name) <= 256 and len(field.value) <= 1024 for field in embed.fields)
