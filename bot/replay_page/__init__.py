"""The replay page: a finished game played back step by step, in one HTML file that works alone.

It is built from the game's record (``bot.replays``) by playing it through the engine again, and
shows at each step only what everyone saw then: the public board (its picture, its text, the
game's own buttons where it has no picture), the narration of the public events, who played and
who is to play. A step inside a secret reaction window belongs to the seat it asks alone, so the
window and the action that opened it show as one step. The end shows the result, as the board did.

The file loads nothing: its pictures are tiles inlined as WebP (``tiles``), its script and style
are inline and named by hash in a Content-Security-Policy that forbids every other load. It
stays under Discord's upload limit: if the pictures would not fit, they are drawn every few
steps only, or left out, and the page says so.
"""

import base64
import hashlib
import html
import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from string import Template
from typing import Any, NamedTuple

import discord
from babel.lists import format_list
from babel.numbers import format_decimal

from bot import replays
from bot.i18n import Language, catalog, t
from bot.replay_page import markup
from bot.replay_page.tiles import SHEET_COLUMNS, SHEET_ROWS, TILE, Film
from bot.storage import ActionRecord, SessionRecord
from bot.ui.game_ui import GameUI, seat_name
from games.core import Engine, registry

UPLOAD_LIMIT = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES  # a bot's upload to a server without boosts: 10 MiB
ASSETS = resources.files(__package__)
PLAY_MS = 1200  # the pause between two steps when the page plays by itself, at 1x
SPEEDS = (0.5, 1, 1.5, 2, 3, 4)  # the playback speeds offered
PAGE_TEXTS = (
    "first", "previous", "previous_turn", "play", "pause", "next", "next_turn", "last", "slider", "speed", "controls",
    "keys", "public", "narration", "picture", "full_size", "zoom_in", "zoom_out", "close", "spoiler",
)  # fmt: skip


@dataclass(frozen=True)
class Shot:
    """One step as everyone saw it: who played (None: the set-up), the state, its public events."""

    actor: int | None
    state: Any
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class Page:
    html: bytes
    steps: int  # after the set-up
    every: int  # a picture every this many steps (1: at each; 0: none)


def public_steps(engine: Engine, moves: Iterable[replays.Move]) -> list[Shot]:
    """The steps everyone saw. A state inside a secret reaction window is shown to nobody else,
    so the action that opened it, the answer and what followed are one step, told at its end."""
    shots: list[Shot] = []
    held: Shot | None = None  # a step under way inside a secret window
    for move in moves:
        public = [event.model_dump(mode="json") for event in move.events if event.audience is None]
        shot = (
            Shot(move.seat, move.state, public) if held is None else Shot(held.actor, move.state, held.events + public)
        )
        window = engine.reaction_window(move.state)
        held = shot if window is not None and not window.shown else None
        if held is None:
            shots.append(shot)
    return shots


class Strings:
    """Distinct texts kept once; steps refer to them by number."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def add(self, value: str) -> int:
        if value not in self._index:
            self._index[value] = len(self.items)
            self.items.append(value)
        return self._index[value]


PUBLIC_HEADER = "# fortbot public record 1"


def public_record(record: SessionRecord, engine: Engine, shots: list[Shot]) -> str:
    """The game's record as the table saw it (``public_steps``): a line per step with who played
    ("-" for the set-up), who was then to play ("-" once it is over) and the public events, in
    the game's own JSON. No seed, no action, nothing a seat was told alone: the game cannot be
    played again from it, and no hidden card or choice can be worked out."""
    lines = [
        PUBLIC_HEADER,
        f"game: {record.game}",
        f"session: {record.id}",
        f"seats: {len(record.seats)}",
        f"options: {json.dumps(record.options, sort_keys=True)}",
        "# step seat to_play public_events",
    ]
    for number, shot in enumerate(shots):
        seat = "-" if shot.actor is None else str(shot.actor)
        to_play = ",".join(map(str, sorted(engine.to_act(shot.state)))) or "-"
        events = [{key: value for key, value in event.items() if key != "audience"} for event in shot.events]
        lines.append(f"{number} {seat} {to_play} {json.dumps(events, ensure_ascii=False, separators=(',', ':'))}")
    return "\n".join(lines) + "\n"


def build(
    record: SessionRecord,
    actions: list[ActionRecord],
    ui: GameUI,
    lang: Language,
    limit: int = UPLOAD_LIMIT,
    shots: list[Shot] | None = None,
) -> Page:
    """The page of a finished game, in ``lang``, at most ``limit`` bytes where pictures allow it
    (``shots``: its ``public_steps``, when known already). Slow (it plays the game again and
    draws each step): call it in a worker process (``bot.replay_builder``)."""
    engine = registry.get(record.game)
    if shots is None:
        shots = public_steps(engine, replays.walk(replays.export(record, actions)))
    names = {seat.user_id: seat_name(record, i, lang) for i, seat in enumerate(record.seats) if seat.user_id}
    records = [as_shown(record, shot, last=n == len(shots) - 1) for n, shot in enumerate(shots)]
    data = _texts(engine, ui, records, shots, names, lang)
    every = 1 if ui.has_picture else 0
    while True:
        if every:
            film, frames = _film(ui, records, shots, every, lang)
            sheets = [base64.b64encode(sheet).decode("ascii") for sheet in film.sheets()]
            data["film"] = {
                "tile": TILE,
                "columns": SHEET_COLUMNS,
                "rows": SHEET_ROWS,
                "sheets": sheets,
                "frames": film.frames,
            }
            for step, frame in zip(data["steps"], frames):
                step["f"] = frame
        else:
            data.pop("film", None)
        page = _page(record, ui, data, lang, every, limit)
        if len(page) <= limit or not every:
            return Page(page, len(shots) - 1, every)
        every = every * 2 if every * 2 < len(shots) else 0


def as_shown(record: SessionRecord, shot: Shot, last: bool) -> SessionRecord:
    """The record as the board read it at that step: running until the end, its events the latest."""
    status = record.status if last else "active"
    return record.model_copy(update={"status": status, "recent": shot.events, "news": shot.events})


class Words(NamedTuple):
    """A step in words, as HTML: who played and who is to play, the narration, the board and its
    buttons (a game without a picture shows its board on them) in parts (a heading, a paragraph, a
    row: most stay the same from step to step), and the picture's text alternative (None: no
    picture)."""

    who: str
    lines: list[str]
    board: list[str]
    keys: list[str]
    alt: str | None


def words(
    engine: Engine,
    ui: GameUI,
    record: SessionRecord,
    shot: Shot,
    names: dict[int, str],
    lang: Language,
    setup: bool = False,
) -> Words:
    """The words of one step (``record`` as shown then: ``as_shown``)."""
    told = ui.recent_lines(record, shot.state, lang)
    # What the game tells whatever happened (Fireship's opening rolls) shows at the set-up only.
    always = ui.recent_lines(record.model_copy(update={"recent": [], "news": []}), shot.state, lang)
    if not setup and always and told[: len(always)] == always:
        told = told[len(always) :]
    board: list[str] = []
    keys: list[str] = []
    for message in ui.board(record, shot.state, lang):
        said = f'<div class="lead">{markup.text(message.content, names)}</div>' if message.content else ""
        board += [said] if said and said not in board else []  # not a prompt said again above the controls
        board += markup.embed(message.embed, names, left_out=t(lang, "common.recent")) if message.embed else []
        if message.view is not None and not ui.has_picture:
            keys += markup.buttons(message.view)
    alt = None
    if ui.has_picture:
        described = ui.describe(record, shot.state, lang)
        alt = markup.words(described[0], names) if described else ""
    lines = [markup.text(line, names) for line in told]
    return Words(_who(engine, record, shot, names, lang), lines, board, keys, alt)


def _texts(
    engine: Engine,
    ui: GameUI,
    records: list[SessionRecord],
    shots: list[Shot],
    names: dict[int, str],
    lang: Language,
) -> dict[str, Any]:
    """Every step's words (the boards' parts and the text alternatives kept once), and the result."""
    boards, alts = Strings(), Strings()
    steps = []
    for number, (at, shot) in enumerate(zip(records, shots)):
        said = words(engine, ui, at, shot, names, lang, setup=number == 0)
        step: dict[str, Any] = {"w": said.who, "l": said.lines, "b": [boards.add(part) for part in said.board]}
        if said.keys:
            step["k"] = [boards.add(part) for part in said.keys]
        if said.alt is not None:
            step["t"] = alts.add(said.alt)
        steps.append(step)
    result = ui.result(records[-1], shots[-1].state, lang)
    end = "".join(markup.embed(result, names))
    return {"steps": steps, "boards": boards.items, "alts": alts.items, "end": end, "turns": turn_ends(engine, shots)}


def turn_ends(engine: Engine, shots: list[Shot]) -> list[int]:
    """The steps that end a turn (``Engine.turn_number`` moves on): where the page's turn jumps
    land and its slider's marks stand."""
    turns = [engine.turn_number(shot.state) for shot in shots]
    return [number for number in range(1, len(shots)) if turns[number] != turns[number - 1]]


def _who(engine: Engine, record: SessionRecord, shot: Shot, names: dict[int, str], lang: Language) -> str:
    played = (
        t(lang, "replay.page.start")
        if shot.actor is None
        else t(lang, "replay.page.played", player=f"**{seat_name(record, shot.actor, lang)}**")
    )
    seats = sorted(engine.to_act(shot.state))
    then = (
        t(lang, "replay.page.to_act", players=format_list([seat_name(record, s, lang) for s in seats], locale=lang))
        if seats
        else t(lang, "replay.page.over")
    )
    return markup.text(f"{played} {then}", names)


def _film(
    ui: GameUI, records: list[SessionRecord], shots: list[Shot], every: int, lang: Language
) -> tuple[Film, list[int]]:
    """The pictures of every ``every``-th step and of the last, and the frame each step shows."""
    film, frames, frame = Film(), [], -1
    for number, (at, shot) in enumerate(zip(records, shots)):
        if number % every == 0 or number == len(shots) - 1:
            image = ui.image(at, shot.state, lang)
            frame = film.add(image) if image is not None else -1
        frames.append(frame)
    return film, frames


def _page(record: SessionRecord, ui: GameUI, data: dict[str, Any], lang: Language, every: int, limit: int) -> bytes:
    style = (ASSETS / "page.css").read_text(encoding="utf-8")
    script = (ASSETS / "page.js").read_text(encoding="utf-8")
    title = t(lang, "replay.page.title", game=ui.title(lang), number=record.id)
    players = format_list([seat_name(record, i, lang) for i in range(len(record.seats))], locale=lang)
    notes = [t(lang, "replay.page.public")]
    megabytes = limit // 2**20
    if every > 1:
        notes.append(t(lang, "replay.page.fewer", size=megabytes, every=every))
    elif every == 0 and ui.has_picture:
        notes.append(t(lang, "replay.page.no_pictures", size=megabytes))
    steps = len(data["steps"]) - 1
    page_texts = {name: t(lang, f"replay.page.{name}") for name in PAGE_TEXTS}
    counter = catalog().template(lang, "replay.page.step") or ""
    said = ("play", "pause", "spoiler")  # the texts the script sets
    payload = data | {"text": {"step": counter} | {name: page_texts[name] for name in said}, "delay": PLAY_MS}
    speeds = "".join(
        f'<option value="{speed}"{" selected" if speed == 1 else ""}>{format_decimal(speed, locale=lang)}×</option>'
        for speed in SPEEDS
    )
    fields = {
        "lang": lang,
        "csp": policy(style, script),
        "title": html.escape(markup.words(title, {})),
        "heading": markup.inline(title, {}),
        "players": markup.inline(t(lang, "replay.page.players", players=players), {}),
        "options": markup.text(ui.describe_options(record.options, lang), {}),
        "notes": "".join(f"<p>{markup.text(note, {})}</p>" for note in notes),
        "steps": str(steps),
        "counter": markup.inline(counter.replace("{step}", "0").replace("{steps}", str(steps)), {}),
        "layout": "film" if "film" in data else "words",
        "canvas": '<canvas id="picture" role="img"></canvas>' if "film" in data else "",
        "speeds": speeds,
        "style": style,
        "script": script,
        "data": json.dumps(payload, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c"),
    } | {name: html.escape(value) for name, value in page_texts.items()}
    template = Template((ASSETS / "page.html").read_text(encoding="utf-8"))
    return template.substitute(fields).encode("utf-8")


def policy(style: str, script: str) -> str:
    """The page's Content-Security-Policy: its own style and script, pictures inlined, nothing else."""
    sources = (
        "default-src 'none'",
        "img-src data:",
        f"style-src '{_hash(style)}'",
        f"script-src '{_hash(script)}'",
        "base-uri 'none'",
        "form-action 'none'",
    )
    return "; ".join(sources)


def _hash(source: str) -> str:
    """A Content-Security-Policy source for an inline script or style: its SHA-256."""
    return "sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii")
