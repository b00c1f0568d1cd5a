"""The Fireship rules text (/fireship rules): every house rule in both languages, with the
numbers the engine plays by, within Discord's limits for one embed."""

import pytest

from bot.i18n import t
from cogs.fireship.board import FireshipUI, house_rule
from games.fireship import cards
from games.fireship.engine import HOUSE_RULES

WORDS = {  # how each language says what the text must state
    "en": {"wheel": "11 equal segments", "badges": "6 of each kind", "deck": "The 55 mystery cards",
           "beaten": "beaten in an attack is destroyed"},
    "fr": {"wheel": "11 segments égaux", "badges": "6 de chaque sorte", "deck": "Les 55 cartes mystères",
           "beaten": "battu lors d'une attaque est détruit"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_state_every_house_rule_with_the_engines_numbers(lang: str) -> None:
    embed = FireshipUI().rules(lang)
    data = embed.to_dict()
    text = "\n".join([data["description"], *(f"{f['name']}\n{f['value']}" for f in data["fields"])])
    assert len(embed) <= 6000 and all(len(f["value"]) <= 1024 for f in data["fields"])
    for key in HOUSE_RULES:
        line = house_rule(key, lang)
        assert f"• {line}" in text and "{" not in line, key
    for said in WORDS[lang].values():
        assert said in text
    mix = house_rule("deck_mix", lang)
    for card, count in cards.DECK.items():
        assert f"{t(lang, f'fireship.card.{card}')} {count}" in mix
    assert sum(cards.DECK.values()) == 55 and len(cards.WHEEL) == 11 and set(cards.BADGES.values()) == {6}
