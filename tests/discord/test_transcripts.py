"""A whole game of each title in French and in English, recorded as its player sees it (issues 20 and 17).

One person opens the game with ``/<game> start``, adds a computer at the strongest level the engine
offers through the lobby's menu (Forteresse Solo: the player alone), starts, and plays to the end
through clicks, menus and text boxes. The record must show the finished game, a turn notification,
an alt text on every picture, and only finished text in the table's language: no catalog key, no
text of the other language's catalog, no "(s)" plural, no placeholder left in braces.

``FORTBOT_WRITE_TRANSCRIPTS=1`` (or ``python -m tests.discord.transcript``) writes the records to
``docs/transcripts/<game>.<lang>.md``.
"""

import os
import re
from functools import cache
from pathlib import Path
from typing import Any, cast

import pytest
from simcord import Env

from bot.app import GameBot
from bot.i18n import Language, catalog
from bot.storage import SessionRecord
from games.core import Rng
from games.core.registry import get as engine_named
from games.fortissimo import ENGINE as FORTISSIMO
from games.fortissimo.cards import parse_label
from games.fortissimo.models import FortissimoState
from tests.conftest import set_locale
from tests.discord.driver import Driver as FortissimoDriver
from tests.discord.driver import open_game_table
from tests.discord.fireship_driver import Driver as FireshipDriver
from tests.discord.fortboyard_driver import Driver as FortBoyardDriver
from tests.discord.forteresse_driver import Driver as ForteresseDriver
from tests.discord.forteresse_driver import start as forteresse_start
from tests.discord.labyrinthe_driver import Driver as LabyrintheDriver
from tests.discord.transcript import Recorder

# The strong computers search a few iterations a move, so that the ten games take a minute at most and
# play the same on every run (the time limit is a safeguard here, not the budget).
SEARCH_ITERATIONS, SEARCH_SECONDS = 40, 2.0
OUT = Path(__file__).resolve().parents[2] / "docs" / "transcripts"
WRITE = os.environ.get("FORTBOT_WRITE_TRANSCRIPTS") == "1"
KEEP = 150  # a transcript of more than twice this many entries keeps its first and last ones
GAMES = ("fortissimo", "labyrinthe", "fireship", "fortboyard", "forteresse")
OPTIONS: dict[str, dict[str, Any]] = {"fireship": {"rounds": 2}}  # a short Fireship
DRIVERS = {"labyrinthe": LabyrintheDriver, "fireship": FireshipDriver, "fortboyard": FortBoyardDriver}
LOCALES = {"fr": "fr", "en": "en-US"}
TITLES = {"fortissimo": "Fortissimo!", "labyrinthe": "Le labyrinthe secret", "fireship": "Fireship",
          "fortboyard": "Fort Boyard", "forteresse": "Forteresse Solo"}  # fmt: skip
HEADINGS = {"fr": "{game} — une partie en français", "en": "{game} — a game in English"}
INTRO = {
    "fr": "Ce que voit ann, de l'ouverture de la table au résultat, face à {opponent}. Écrit par "
          "`tests/discord/test_transcripts.py` (voir `README.md`) : ne pas modifier à la main.",
    "en": "What ann sees, from opening the table to the result, against {opponent}. Written by "
          "`tests/discord/test_transcripts.py` (see `README.md`): do not edit by hand.",
}  # fmt: skip
OPPONENT = {"fr": "un ordinateur de niveau « {level} »", "en": "a computer at the “{level}” level"}
ALONE = {"fr": "personne (un solitaire)", "en": "nobody (a solitaire)"}

KEY = re.compile(r"\b[a-z_]+(?:\.[a-z_0-9]+)+\b")
LAZY_PLURAL = re.compile(r"\((?:s|x|es|e)\)")
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*(?:[!:][^{}]*)?\}")
WORD = re.compile(r"[^\W\d_]{2,}")
FEW_WORDS = 3  # shorter texts of the other language may be names, numbers or shared words


def fair(state: FortissimoState, seat: int, turn: int) -> tuple[int, str]:
    """A Fortissimo! player who does not peek: flips what the normal computer would, from the seat's view."""
    legal = FORTISSIMO.legal_actions(state, seat)
    action = FORTISSIMO.choose(FORTISSIMO.view(state, seat), legal, Rng.from_seed(turn))
    slot = parse_label(action.token()[1:])
    assert slot is not None, action
    return slot, "take"


async def play(env: Env, game: str, lang: Language) -> tuple[Recorder, SessionRecord, int]:
    """The whole game, recorded: the recorder, the finished record and the player's user id."""
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux" if lang == "fr" else "games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    service = cast(GameBot, env.bot).service
    service.search_iterations, service.search_seconds = SEARCH_ITERATIONS, SEARCH_SECONDS
    with Recorder(env, lang) as recorder:
        if game == "forteresse":
            record, thread, _ = await forteresse_start(env, channel, ann)
            record = await ForteresseDriver(env, thread, ann, record.id).play_to_end()
        else:
            level = engine_named(game).levels[-1]
            record, thread, _ = await open_game_table(
                env, channel, game, ann, [], computers=1, lang=lang, level=level, **OPTIONS.get(game, {})
            )
            assert record.seats[1].computer and record.seats[1].level == level
            if game == "fortissimo":
                record = await FortissimoDriver(env, thread, [ann], record.id, choose=fair).play_to_end()
            else:
                record = await DRIVERS[game](env, thread, [ann], record.id).play_until(lambda state: False)
        # Once it is over, ann asks for a rematch: a solitaire starts again at once, a table keeps its computer.
        final = next(m for m in thread.history() if m.id == record.board_message_ids[-1])
        await ann.click(final, custom_id=f"l:{record.id}:{record.version}:rematch")
        (again,) = await env.bot.storage.find_sessions(game=game, statuses=("lobby", "active"))
        assert again.status == ("active" if game == "forteresse" else "lobby")
        assert [seat.level for seat in again.seats if seat.computer] == [seat.level for seat in record.seats[1:]]
    return recorder, record, ann.id


@cache
def keys() -> frozenset[str]:
    """Every catalog key, and each plural text's key without its form."""
    found = {key for texts in catalog().texts.values() for key in texts}
    return frozenset(found | {key.rsplit(".", 1)[0] for key in found if key.endswith((".one", ".other"))})


@cache
def namespaces() -> frozenset[str]:
    return frozenset(key.split(".")[0] for key in keys())


@cache
def foreign_phrases(lang: Language) -> tuple[str, ...]:
    """Phrases of the other language's catalog (a few words at least, between placeholders) that
    this language's catalog never uses: seen in a transcript, they are untranslated text."""
    texts = catalog().texts
    other: Language = "en" if lang == "fr" else "fr"
    own = "\n".join(texts[lang].values())
    phrases = set()
    for key, value in texts[other].items():
        if key.startswith("cmd.") or value == texts[lang].get(key):
            continue  # command names are typed, not read; a text the same in both is no sign
        for piece in re.split(r"\{[^{}]*\}|\n", value):
            piece = piece.strip(" .,;:!?()«»“”\"'*_-—·")
            if len(WORD.findall(piece)) >= FEW_WORDS and piece not in own:
                phrases.add(piece)
    return tuple(sorted(phrases))


def problems(texts: list[str], lang: Language) -> list[str]:
    """What a reader of these texts (a transcript's) would trip over."""
    found = []
    text = "\n".join(texts)
    for token in KEY.findall(text):
        if token in keys() or (token.split(".")[0] in namespaces() and token.count(".") >= 2):
            found.append(f"a catalog key: {token}")
    found += [f"a lazy plural: …{text[max(0, m.start() - 30) : m.end()]}" for m in LAZY_PLURAL.finditer(text)]
    found += [f"a placeholder left: {m[0]}" for m in PLACEHOLDER.finditer(text)]
    found += [f"text of the other language: {phrase}" for phrase in foreign_phrases(lang) if phrase in text]
    return found


def write(recorder: Recorder, game: str, lang: Language) -> None:
    """The transcript, as ``docs/transcripts/<game>.<lang>.md``."""
    level = catalog().t(lang, f"level.{engine_named(game).levels[-1]}").lower()
    opponent = ALONE[lang] if game == "forteresse" else OPPONENT[lang].format(level=level)
    markdown = recorder.markdown(HEADINGS[lang].format(game=TITLES[game]), INTRO[lang].format(opponent=opponent), KEEP)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{game}.{lang}.md").write_text(markdown, encoding="utf-8")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_against_the_strongest_computer_reads_well(env: Env, game: str, lang: Language) -> None:
    recorder, record, player = await play(env, game, lang)
    if WRITE:
        write(recorder, game, lang)
    assert record.status == "finished"
    boards = [env.backend.get_message(record.channel_id, board) for board in record.board_message_ids]
    controls = [c for board in boards for row in board.components for c in row.get("components") or [row]]
    assert not [c for c in controls if (c.get("custom_id") or "").startswith(("g:", "s:"))], "the final board plays on"
    assert any(player in shown.pings for shown in recorder.shown()), "no message notified the player"
    shown = list(recorder.shown())
    assert sum(len(s.alts) for s in shown) >= (0 if game == "fortissimo" else 1), "no picture was shown"
    assert all(all(s.alts) for s in shown), "a picture without a description (alt text)"
    assert problems(recorder.texts(), lang) == []


def test_the_checks_find_a_raw_key_the_other_language_a_lazy_plural_and_a_placeholder() -> None:
    english = catalog().texts["en"]
    planted = [
        "lobby.add_bot",
        f"Un message puis {english['fortboyard.prompt.guess'].split('{player}: ')[1]}",
        "Vous gagnez 2 carte(s).",
        "Au tour de {player}.",
    ]
    found = problems(planted, "fr")
    assert {line.split(":")[0] for line in found} == {
        "a catalog key",
        "a lazy plural",
        "a placeholder left",
        "text of the other language",
    }
    assert problems(["🎲 ann fait 2 et va à la case 1 (Concentration)"], "fr") == []
    assert problems(list(english.values()), "fr"), "the English catalog reads as French"


CLOCK_HEADINGS = {
    "fr": "Fortissimo! — un temps de jeu d'une minute, dépassé trois fois",
    "en": "Fortissimo! — a one-minute turn clock, run out three times",
}
CLOCK_INTRO = {
    "fr": "Ce que voient ann et ben quand ann laisse passer trois tours d'affilée, puis reprend sa place. Écrit "
          "par `tests/discord/test_transcripts.py` (voir `README.md`)\u00a0: ne pas modifier à la main.",
    "en": "What ann and ben see when ann lets three turns in a row pass, then takes her seat back. Written by "
          "`tests/discord/test_transcripts.py` (see `README.md`): do not edit by hand.",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_turn_clock_running_out_three_times_reads_well(env: Env, lang: Language) -> None:
    """ann lets a one-minute clock run out three times, ben plays in between; the computer takes
    ann's seat; she takes it back and plays. Written to ``docs/transcripts/clock.<lang>.md``."""
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux" if lang == "fr" else "games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (ann, ben):
        set_locale(member, LOCALES[lang])
    with Recorder(env, lang) as recorder:
        record, thread, _ = await open_game_table(
            env, channel, "fortissimo", ann, [ben], lang=lang, first_player="lobby", turn_clock=1
        )
        driver = FortissimoDriver(env, thread, [ann, ben], record.id, choose=fair)
        for _ in range(3):
            await env.advance_time(61)  # ann lets her minute run out
            await driver.play_turn()  # ben plays (after the third, the computer plays ann's turn at once)
        await ann.slash(thread, "fortissimo resume")
        await driver.play_turn()  # ben
        await driver.play_turn()  # ann, in person again
    if WRITE:
        OUT.mkdir(parents=True, exist_ok=True)
        markdown = recorder.markdown(CLOCK_HEADINGS[lang], CLOCK_INTRO[lang])
        (OUT / f"clock.{lang}.md").write_text(markdown, encoding="utf-8")
    record = await env.bot.storage.get_session(record.id)
    assert record is not None and record.seats[0].missed == 0 and not record.seats[0].auto
    deleted = [s for s in recorder.shown() if s.change == "deleted"]
    assert len(deleted) >= 6  # the calls and reminders of three turns, the notices once replaced or obsolete
    assert problems(recorder.texts(), lang) == []
