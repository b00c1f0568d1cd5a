"""What Fireship's things are called: the seats' dots, pieces, islands, cards and attacks,
the map's quarters; and the version of the table everyone saw, which every control carries."""

from bot.i18n import Language, t
from bot.sessions import shown_version
from bot.storage import SessionRecord
from games.fireship import ENGINE
from games.fireship.board import COLOURS, COLUMNS, ISLANDS, SIZE, Cell, label, parse_label
from games.fireship.models import AttackOption, FireshipState, FireshipView, Piece

GAME = ENGINE.name
COLOUR = 0x1F6FB2
DOTS = {"blue": "🔵", "red": "🔴", "green": "🟢", "yellow": "🟡"}
WHITE = "⚪"
SPECIAL_EMOJI = {"battleship": "⚓", "wheel": "🎡", "mystery": "❓"}
CARD_EMOJI = {
    "non": "🚫", "boum": "💣", "plus_one": "➕", "updraft": "🌬️", "fog": "🌫️", "whirlpool": "🌀",
    "gulf_stream": "🌊",
}  # fmt: skip
KIND_EMOJI = {"boat": "⛵", "plane": "✈️", "battleship": "🚢"}
HALF = (SIZE + 1) // 2  # far destinations are offered by quarters of the map (10 x 10 cells at most)


def zones() -> list[tuple[range, range]]:
    """The map's quarters, left to right then top to bottom: (columns, rows)."""
    bands = [range(HALF), range(HALF, SIZE)]
    return [(cols, rows) for rows in bands for cols in bands]


ZONES = zones()


def zone_name(index: int) -> str:
    cols, rows = ZONES[index]
    return f"{COLUMNS[cols[0]]}–{COLUMNS[cols[-1]]} · {rows[0] + 1}–{rows[-1] + 1}"


def zone_of(cell: Cell) -> int:
    return next(n for n, (cols, rows) in enumerate(ZONES) if cell[0] in cols and cell[1] in rows)


def card_name(card: str, lang: Language) -> str:
    return t(lang, f"fireship.card.{card}")


def dot(view: FireshipView, seat: int | None) -> str:
    return WHITE if seat is None else DOTS[COLOURS[view.corners[seat]]]


def piece_text(view: FireshipView, piece: Piece, lang: Language) -> str:
    return piece_words(view, piece.owner, piece.kind, piece.cell, lang)


def piece_words(view: FireshipView, owner: int | None, kind: str, cell: Cell, lang: Language) -> str:
    """ "🔴 ⛵ Boat K7"."""
    return f"{dot(view, owner)} {KIND_EMOJI[kind]} {t(lang, f'fireship.kind.{kind}')} {label(cell)}"


def island_words(view: FireshipView, number: int, owner: int | None, lang: Language) -> str:
    """ "🟢 🏝️ Island 3 (E5)"."""
    return f"{dot(view, owner)} 🏝️ {t(lang, 'fireship.island', number=number)} ({label(ISLANDS[number - 1])})"


def ref_text(view: FireshipView, ref: str | None, lang: Language) -> str:
    """A piece, or an island: "🟢 🏝️ Island 3 (E5)"."""
    if ref is None:
        return "?"
    if ref.startswith("i"):
        return island_words(view, int(ref[1:]), view.islands[int(ref[1:]) - 1], lang)
    piece = next((p for p in view.pieces if str(p.id) == ref), None)
    return piece_text(view, piece, lang) if piece else t(lang, "fireship.gone")


def card_text(card: str, lang: Language) -> str:
    return f"{CARD_EMOJI.get(card, '🃏')} {t(lang, f'fireship.card.{card}')}"


def attack_text(view: FireshipView, option: AttackOption, lang: Language) -> str:
    """ "⛵ Boat K7 → 🏝️ Island 3 · 3 vs 3 · plain die"."""
    return t(
        lang,
        "fireship.attack",
        leader=ref_text(view, option.leader, lang),
        target=ref_text(view, option.target, lang),
        attack=option.attack,
        defence=option.defence,
        die=t(lang, f"fireship.die.{option.die}"),
    )


def as_seen(record: SessionRecord, state: FireshipState) -> SessionRecord:
    """The record with the version the table saw (``shown_version``), which every control carries:
    a secret reaction window leaves them all as they were, and no later version tells of it."""
    return record.model_copy(update={"version": shown_version(ENGINE, record, state)})


def cell_of(text: str) -> Cell:
    cell = parse_label(text)
    assert cell is not None
    return cell
