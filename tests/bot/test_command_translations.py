"""Every slash-command name, description, option and choice has a French text."""

from pathlib import Path

import discord

from bot.app import GameBot, extensions
from bot.config import Settings
from bot.i18n import CatalogTranslator


def localized_strings(payload: dict, path: str = "") -> list[tuple[str, str, dict]]:
    """(where, default text, localizations) for every translatable text of a payload."""
    found = []
    here = f"{path}/{payload.get('name')}"
    for field in ("name", "description"):
        if field in payload:
            found.append((f"{here}.{field}", payload[field], payload.get(f"{field}_localizations") or {}))
    for choice in payload.get("choices", []):
        found.append((f"{here}.choice", choice["name"], choice.get("name_localizations") or {}))
    for option in payload.get("options", []):
        found += localized_strings(option, here)
    return found


async def test_every_command_text_is_translated_to_french(tmp_path: Path) -> None:
    bot = GameBot(Settings(discord_token="x", database_path=tmp_path / "db.sqlite3"))
    for name in extensions():
        await bot.load_extension(name)
    translator = CatalogTranslator()
    payloads = [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]
    texts = [entry for payload in payloads for entry in localized_strings(payload)]
    assert {p["name"] for p in payloads} >= {"fortissimo", "settings"}
    missing = [where for where, _, localized in texts if discord.Locale.french.value not in localized]
    assert missing == []
    # French really differs where words differ (names may legitimately stay the same).
    descriptions = [(d, loc["fr"]) for where, d, loc in texts if where.endswith(".description")]
    assert all(english != french for english, french in descriptions)
