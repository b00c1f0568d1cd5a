"""The Forteresse Solo table picture: valid PNGs from seeded play-outs, its words drawn,
and never anything of the hand (what every picture must do is in test_ui_contract.py)."""

import io

import pytest
from PIL import Image

from cogs.forteresse.picture import (
    CARD_FACE,
    FELT,
    HEIGHT,
    LABEL_KEYS,
    MARGIN,
    PALETTE,
    PANEL,
    TITLE_H,
    WIDTH,
    render,
)
from games.core import Rng
from games.forteresse import ENGINE
from games.forteresse.models import ForteresseState, ForteresseView
from tests.cogs import png_checks

FRENCH = {
    "turn": "Tour",
    "step": "Étape",
    "phase.1": "Phase I\u00a0: Organisation",
    "phase.2": "Phase II\u00a0: Exploration",
    "phase.3": "Phase III\u00a0: Combat",
    "phase.4": "Phase IV\u00a0: Restauration",
    "treasures": "Trésors",
    "won": "Gagné",
    "lost": "Perdu",
    "fortress": "Forteresse",
    "discard": "Défausse",
    "doors": "Portes",
    "reserve": "Réserve",
    "path_incomplete": "Incomplet",
    "path_open": "Ouvert",
    "path_explored": "Exploré",
    "difficulty": "Difficulté",
    "pillaged": "Pillé",
    "explorer": "Explorateur",
    "points": "points",
    "enemies": "Zone de combat",
    "boss": "Boss",
    "power": "Puissance",
    "boost": "Boost",
    "bribed": "Corruption",
    "heroes": "Héros",
    "tapped": "Engagé",
    "defends": "Défend",
    "attacks": "Attaque",
    "deck": "Paquet",
    "hand": "Main",
    "out": "Hors-jeu",
    "empty": "Vide",
}
LABELS = {f"forteresse.picture.{key}": text for key, text in FRENCH.items()}

SEEDS = range(12)  # won and lost games (7 won, 5 lost), half of them with auto_ties
SAMPLE_EVERY = 60


def play(seed: int) -> list[ForteresseState]:
    """Every state of one game played by the computer player, the last one finished."""
    state = ENGINE.new_game(1, ENGINE.make_options({"auto_ties": seed % 2 == 1}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not ENGINE.is_over(state):
        legal = ENGINE.legal_actions(state, 0)
        state = ENGINE.apply(state, 0, ENGINE.choose(ENGINE.view(state, 0), legal, rng)).state
        states.append(state)
    return states


@pytest.fixture(scope="module")
def games() -> list[list[ForteresseState]]:
    return [play(seed) for seed in SEEDS]


def features(view: ForteresseView) -> set[str]:
    found = set()
    found |= {"boss"} if any(e.boss for e in view.enemies) else set()
    found |= {"tapped"} if any(h.tapped for h in view.heroes) else set()
    found |= {"exploring"} if view.exploration is not None else set()
    found |= {"door"} if any(s.door for s in view.sites) else set()
    found |= {"pillaged"} if any(s.pillaged for s in view.sites) else set()
    found |= {"explored"} if any(s.status == "explored" for s in view.sites) else set()
    found |= {"blocking"} if any(h.blocking for h in view.heroes) else set()
    found |= {"attacking"} if any(h.attacking for h in view.heroes) else set()
    found |= {"order"} if view.combat_order else set()
    found |= {"boost"} if any(e.boost is not None for e in view.enemies) else set()
    found |= {"focus"} if view.prompt is not None and view.prompt.focus else set()
    return found


def check_png(png: bytes) -> None:
    png_checks.check_png(png, (WIDTH, HEIGHT), "P")


def test_label_keys_are_catalog_keys():
    assert len(set(LABEL_KEYS)) == len(LABEL_KEYS)
    assert all(key.startswith("forteresse.picture.") for key in LABEL_KEYS)
    assert set(LABELS) == set(LABEL_KEYS)


def test_renders_play_outs_won_and_lost(games):
    results = {states[-1].result for states in games}
    assert results == {"won", "lost"}
    wanted = {
        "boss",
        "tapped",
        "exploring",
        "door",
        "pillaged",
        "explored",
        "blocking",
        "attacking",
        "order",
        "boost",
        "focus",
    }
    seen: set[str] = set()
    rendered = 0
    for states in games:
        for index, state in enumerate(states):
            view = ENGINE.view(state, None)
            new = features(view) - seen
            if index % SAMPLE_EVERY and not new and index != len(states) - 1:
                continue
            seen |= new
            check_png(render(view, LABELS))
            rendered += 1
    assert wanted <= seen, wanted - seen
    assert rendered >= 25


def test_the_words_are_drawn(games):
    view = ENGINE.view(games[0][len(games[0]) // 2], None)
    english = dict(LABELS, **{"forteresse.picture.reserve": "Reserve"})
    assert render(view, english) != render(view, LABELS)


def test_refuses_a_forged_public_view(games):
    """A view that names no seat but holds the hand is a seat's view all the same."""
    forged = ENGINE.view(games[0][5], None).model_copy(update={"hand": []})
    with pytest.raises(ValueError):
        render(forged, LABELS)


def test_missing_label_is_named(games):
    view = ENGINE.view(games[0][0], None)
    labels = dict(LABELS)
    del labels["forteresse.picture.hand"]
    with pytest.raises(KeyError, match=r"forteresse\.picture\.hand"):
        render(view, labels)


def test_hand_contents_never_change_the_picture(games):
    """Two tables that differ only in the hand's cards give the same bytes."""
    state = next(s for s in games[2] if len(s.hand) >= 4 and len(s.deck) >= len(s.hand) and s.heroes)
    reordered = state.model_copy(update={"hand": list(reversed(state.hand))})
    n = len(state.hand)
    swapped = state.model_copy(update={"hand": state.deck[:n], "deck": state.hand + state.deck[n:]})
    assert reordered.hand != state.hand and set(swapped.hand).isdisjoint(state.hand)
    assert ENGINE.view(swapped, 0).hand != ENGINE.view(state, 0).hand  # the seat's view does differ
    picture = render(ENGINE.view(state, None), LABELS)
    assert render(ENGINE.view(reordered, None), LABELS) == picture
    assert render(ENGINE.view(swapped, None), LABELS) == picture


def test_any_text_is_drawn(games):
    """Labels outside the built-in font (ligatures, quotes, suits, emoji) do not fail."""
    view = ENGINE.view(games[1][-1], None)
    odd = dict(LABELS.items())
    odd["forteresse.picture.reserve"] = "Cœur’s « réserve » ♥♦♣♠ ñ ü ô 🏰 中"
    odd["forteresse.picture.turn"] = "Ça"
    check_png(render(view, odd))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_picture_names_the_phase_as_the_board_does(lang: str) -> None:
    """The picture's title line says « Phase I : Organisation » as the board's text does, not
    « Phase 1: Organisation »."""
    from bot.i18n import t
    from cogs.forteresse.names import ROMAN

    for phase, numeral in ROMAN.items():
        name = t(lang, f"forteresse.phase.{phase}")  # type: ignore[arg-type]
        board = t(lang, "forteresse.rules.phase_title", numeral=numeral, phase=name)  # type: ignore[arg-type]
        assert t(lang, f"forteresse.picture.phase.{phase}") == board  # type: ignore[arg-type]
    assert t("fr", "forteresse.picture.phase.1") == "Phase I\u00a0: Organisation"


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before(games):
    """The cached sprites and backgrounds never change a picture: a view drawn first, then after
    others (other tables, other words), gives the same bytes."""
    view = ENGINE.view(games[3][len(games[3]) // 3], None)
    first = render(view, LABELS)
    english = {key: key.rsplit(".", 1)[-1] for key in LABEL_KEYS}
    for states in games[4:8]:
        for state in states[:: max(1, len(states) // 5)]:
            render(ENGINE.view(state, None), LABELS)
            render(ENGINE.view(state, None), english)
    assert render(view, LABELS) == first


def test_the_picture_is_painted_on_the_fixed_palette(games):
    """The PNG's palette is the game's own, its flat colours exact: the felt, a panel, a card's face."""
    image = Image.open(io.BytesIO(render(ENGINE.view(games[0][-1], None), LABELS)))
    assert image.getpalette() == PALETTE.getpalette()
    rgb = image.convert("RGB")
    assert rgb.getpixel((WIDTH // 2, TITLE_H + 2)) == FELT  # between the title line and the panels
    assert rgb.getpixel((MARGIN + 4, HEIGHT - MARGIN - 20)) == PANEL
    assert CARD_FACE in {colour for _, colour in rgb.getcolors(WIDTH * HEIGHT) or []}
