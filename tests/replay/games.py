"""Whole games for the replay page's tests: computer players to the end, stored as the bot
stores them (a session record and its action log), and what the page shows of each step."""

import html
import json
import re
from functools import cache
from typing import Any

from bench.replay_page import stored_game
from bot import replay_page, replays
from bot.i18n import Language
from bot.storage import ActionRecord, SessionRecord
from bot.ui.game_ui import GameUI
from cogs.fireship.board import FireshipUI
from cogs.fortboyard.board import FortBoyardUI
from cogs.forteresse.board import ForteresseUI
from cogs.fortissimo.board import FortissimoUI
from cogs.labyrinthe.board import LabyrintheUI
from games.core import registry

UIS: dict[str, GameUI] = {
    ui.game: ui for ui in (FortissimoUI(), ForteresseUI(), LabyrintheUI(), FireshipUI(), FortBoyardUI())
}
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
# title: seats, seed, options, the seats computer players hold (the others are people). Long games
# each: Fireship's has secret reaction windows, the maze's duels, Fort Boyard's six players all
# three rounds.
GAMES: dict[str, tuple[int, int, dict[str, Any], tuple[int, ...]]] = {
    "fortissimo": (3, 5, {"variant": "advanced"}, ()),
    "forteresse": (1, 4, {}, ()),
    "labyrinthe": (4, 1, {}, (3,)),
    "fireship": (4, 3, {}, (1,)),
    "fortboyard": (6, 2, {}, ()),
}
STATE = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.DOTALL)
TAG = re.compile(r"<[^>]+>")
BLOCK = re.compile(r"</?(?:p|h\d|div|li|ul|br|blockquote|header|nav|main|footer)\b[^>]*>")
SPAN = re.compile(r"</?span\b[^>]*>")


@cache
def finished(game: str) -> tuple[SessionRecord, tuple[ActionRecord, ...]]:
    """A whole game of ``game`` between the engine's computer players, as stored: the record,
    finished, and the action log."""
    seats, seed, options, computers = GAMES[game]
    record, log = stored_game(game, seats, seed, options, "normal", computers)
    assert registry.get(game).is_over(registry.get(game).load(record.state or ""))
    return record, tuple(log)


@cache
def page(game: str, lang: Language = "en") -> replay_page.Page:
    record, log = finished(game)
    return replay_page.build(record, list(log), UIS[game], lang)


@cache
def shots(game: str) -> list[replay_page.Shot]:
    record, log = finished(game)
    return replay_page.public_steps(registry.get(game), replays.walk(replays.export(record, list(log))))


def data(document: bytes) -> dict[str, Any]:
    """The steps a page carries (its JSON block)."""
    found = STATE.search(document.decode("utf-8"))
    assert found is not None
    return json.loads(found[1])


def plain(fragment: str) -> str:
    """HTML as the text a reader sees: a line per paragraph, heading or item; buttons apart."""
    text = TAG.sub("", SPAN.sub(" ", BLOCK.sub("\n", fragment)))
    return "\n".join(line.strip() for line in html.unescape(text).splitlines() if line.strip())


def step_texts(document: bytes) -> list[str]:
    """Everything each step of a page shows in words (who, narration, board, buttons, picture's
    text alternative), as plain text."""
    found = data(document)
    texts = []
    for step in found["steps"]:
        parts = [step["w"], *step["l"], *(found["boards"][i] for i in step["b"] + step.get("k", []))]
        parts += [found["alts"][step["t"]]] if "t" in step else []
        texts.append(plain("\n".join(parts)))
    return texts
