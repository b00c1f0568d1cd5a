"""The slash commands the bot registers, as it syncs them with Discord (names, descriptions,
options, choices, ranges and their French localizations), pinned in ``data/command_tree.json``:
the commands are built from each game's declarations, and any change to what users see in
Discord's command picker shows here. After a wanted change, rewrite the file with
``PIN_COMMANDS=1 pytest tests/discord/test_command_tree.py``."""

import json
import os
from pathlib import Path

from bot.i18n import CatalogTranslator

PINNED = Path(__file__).parent / "data" / "command_tree.json"


async def test_the_synced_commands_are_the_pinned_ones(env) -> None:
    tree = env.bot.tree
    translator = CatalogTranslator()
    payload = [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
    payload.sort(key=lambda command: command["name"])
    text = json.dumps(payload, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if os.environ.get("PIN_COMMANDS"):
        PINNED.write_text(text, encoding="utf-8")
    assert text == PINNED.read_text(encoding="utf-8")


def test_the_readme_explains_every_start_command_and_its_options() -> None:
    """The README's command table has a row for each game's ``start``, naming every option as Discord
    shows it in English, and each option is explained in that row."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    games = [c for c in pinned if any(o["name"] == "start" for o in c.get("options", []))]
    assert len(games) == 5
    for game in games:
        start = next(o for o in game["options"] if o["name"] == "start")
        row = next(line for line in readme.splitlines() if line.startswith(f"| `/{game['name']} start"))
        for option in start.get("options", []):
            assert f"[{option['name']}]" in row.split("|")[1], (game["name"], option["name"])
            assert f"`{option['name']}`" in row.split("|")[3], (game["name"], option["name"])
