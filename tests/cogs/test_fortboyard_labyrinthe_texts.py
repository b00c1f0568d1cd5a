"""Careful language in Fort Boyard and Le labyrinthe secret (issue 20): numbers take their
plural forms by count (no "trésor(s)"), English has no French word nor « », nothing the
games say has doubled punctuation, one word for one idea (Fort Boyard's "Abandonner" meant
two things), and the trial ping shows one hourglass and one full stop."""

import json
import re
from pathlib import Path

import pytest

from bot.i18n import catalog
from cogs.fortboyard.board import FortBoyardUI
from cogs.labyrinthe.board import LabyrintheUI
from games.core import Rng
from games.fortboyard import ENGINE as FORTBOYARD
from games.labyrinthe import ENGINE as LABYRINTHE
from tests.cogs.test_fortboyard_describe import table as fortboyard_table
from tests.cogs.test_fortboyard_describe import trial_position
from tests.records import running

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("fortboyard", "labyrinthe")
LAZY_PLURAL = re.compile(r"\w\((?:s|e|es|x|nt)\)")  # "trésor(s)", "ramassé(e)s", "retourne(nt)"
FRENCH_LETTERS = re.compile(r"[A-Za-z]*[À-ÖØ-öø-ÿŒœ][A-Za-z]*")
DOUBLED = re.compile(r"[.!?;:,]\s*[.;:,]|\.\s*[!?]")  # ". .", "!.", "?;", ". ?", but not "…" nor "! ?"


def texts(game: str, lang: str) -> dict[str, str]:
    return json.loads((ROOT / f"cogs/{game}/locales/{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_numbers_take_their_plural_forms(game: str) -> None:
    for lang in ("fr", "en"):
        found = texts(game, lang)
        assert not [key for key, text in found.items() if LAZY_PLURAL.search(text)], lang
        plural = {key.rsplit(".", 1)[0] for key in found if key.endswith(".other")}  # ("stake.one" is a variant)
        assert plural  # labyrinthe: treasures, path changes; fortboyard: keys, clues, Boyards, sticks
        for key in plural:
            assert {f"{key}.one", f"{key}.other"} <= found.keys(), key
            assert all("{count}" in found[f"{key}.{form}"] for form in ("one", "other")), key
    assert catalog().t("fr", "labyrinthe.board.treasures", count=0) == "0 trésor"  # French: 0 and 1 are singular
    assert catalog().t("en", "labyrinthe.board.treasures", count=0) == "0 treasures"
    assert catalog().t("fr", "fortboyard.describe.keys", count=2) == "2 clés"


@pytest.mark.parametrize("game", GAMES)
def test_english_has_no_french_words_nor_french_quotation_marks(game: str) -> None:
    for key, text in texts(game, "en").items():
        assert "«" not in text and "»" not in text, key
        if not key.startswith("cmd."):  # Discord shows command names apart
            assert FRENCH_LETTERS.findall(text) == [], key


def test_one_word_for_one_idea_in_fort_boyard() -> None:
    """Not diving after a key thrown into the sea, and giving up the treasure room after a
    wrong code word, were both "Abandonner": each has its own word now."""
    for lang in ("fr", "en"):
        labels = {t: catalog().t(lang, f"fortboyard.button.{t}") for t in ("no_dive", "give_up", "dive")}
        assert len(set(labels.values())) == 3, labels
    fr = texts("fortboyard", "fr")
    assert not [key for key, text in fr.items() if "bandon" in text]
    assert fr["fortboyard.button.no_dive"] == "Ne pas plonger" and fr["fortboyard.button.give_up"] == "Renoncer"
    assert fr["fortboyard.event.abandoned"] == "{seat} ne plonge pas"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_trial_ping_has_one_hourglass_and_one_full_stop(lang: str) -> None:
    state = trial_position({"kind": "typing", "words": ["sea", "key", "fort"]}, "force")
    record = fortboyard_table(4)
    record.seats[state.current].window = 1_000.0
    record.news = [{"kind": "trial_began"}]
    ping = FortBoyardUI().news(record, state, lang)
    assert ping is not None and ping.count("⏳") == 1 and "<t:1000:R>." in ping
    assert not DOUBLED.search(ping.replace("<t:1000:R>", "")), ping


def played_texts(engine, ui, seed: int, seats: int, lang: str) -> list[str]:
    """Everything a play-out makes the game say: each public event's line, the board's
    texts and the description, at every step."""
    record = running(engine.name, [f"p{i}" for i in range(seats)], seed)
    state, rng, said = engine.new_game(seats, engine.make_options({}), seed), Rng.from_seed(seed), []
    while not engine.is_over(state) and len(said) < 20_000:
        seat = min(engine.to_act(state))
        step = engine.apply(
            state, seat, engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        )
        state = step.state
        record.recent = [e.model_dump(mode="json") for e in step.events if e.audience is None]
        said += ui.recent_lines(record, state, lang)
        (board,) = ui.board(record, state, lang)
        embed = board.embed.to_dict()
        said += [embed.get("description", ""), *(f["value"] for f in embed.get("fields", []))]
        said += ui.describe(record, state, lang)
    return said


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("engine", "ui", "seed", "seats"), [(FORTBOYARD, FortBoyardUI(), 4, 4), (LABYRINTHE, LabyrintheUI(), 2, 4)]
)
def test_nothing_said_has_doubled_punctuation(engine, ui, seed: int, seats: int, lang: str) -> None:
    said = played_texts(engine, ui, seed, seats, lang)
    assert len(said) > 100
    doubled = sorted({text for text in said if DOUBLED.search(re.sub(r"<t:\d+:R>|https?://\S+", "", text))})
    assert doubled == []
