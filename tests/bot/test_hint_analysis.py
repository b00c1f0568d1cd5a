"""💡 Hint: the strong level's decision with its grounds (``Engine.strong_analysis``), for each title,
at positions of normal games: the hinted move is legal and is the strong level's move for the same
view, seed and iterations (``choose`` is unchanged); its reason, drawn from the search, changes with
the position; and it reveals nothing hidden: the contract suite's perturbation of what the seat
cannot see (and of the game's generator) leaves the analysis and its words as they were. Fort
Boyard's code word and trials are never told (``WITHHELD``)."""

from functools import cache
from typing import Any

import pytest

from bot.i18n import LANGUAGES
from bot.ui.hints import hint_text, reason_text
from games.core import WITHHELD, Budget, Engine, Rng, registry
from games.fortboyard.models import Answer, Attempt
from tests.games.contract_hooks import PERTURBATIONS

GAMES = ("fortissimo", "forteresse", "labyrinthe", "fireship", "fortboyard")
# A short search, no clock: the budgets the titles' level tests use.
BUDGETS = {"fortissimo": Budget(40), "forteresse": Budget(8), "labyrinthe": Budget(50), "fireship": Budget(24)}
BUDGETS["fortboyard"] = Budget(24)
POSITIONS = 24  # decisions checked per title, spread over a few games
SEEDS = 4  # games played per title to find them


@cache
def positions(game: str) -> list[tuple[Any, int]]:
    """(state, seat) where a seat has a choice, from a few games that the normal level plays,
    spread out; a seat that may act with one move only is kept too (the only move)."""
    engine: Engine = registry.get(game)
    found: list[tuple[Any, int]] = []
    for seed in range(SEEDS):
        state = engine.new_game(engine.min_players if game == "forteresse" else 2, engine.make_options({}), seed)
        rng = Rng.from_seed(seed)
        step = 0
        while acting := sorted(engine.to_act(state)):
            seat = acting[0]
            legal = engine.legal_actions(state, seat)
            if step % 5 == seed % 5:
                found.append((state, seat))
            state = engine.apply(state, seat, engine.choose(engine.view(state, seat), legal, rng)).state
            step += 1
    every = max(1, len(found) // POSITIONS)
    return found[::every][:POSITIONS]


def analysis(game: str, state: Any, seat: int, seed: int = 11) -> Any:
    engine = registry.get(game)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    return engine.strong_analysis(view, legal, Rng.from_seed(seed), BUDGETS[game])


@pytest.mark.parametrize("game", GAMES)
def test_the_hinted_move_is_the_strong_levels_and_legal(game: str) -> None:
    engine = registry.get(game)
    grounds = set()
    for state, seat in positions(game):
        found = analysis(game, state, seat)
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        assert found.move in legal
        assert found.move == engine.choose(view, legal, Rng.from_seed(11), "strong", BUDGETS[game])
        assert (found.grounds == "only") == (len(legal) == 1) or found.grounds in WITHHELD
        if found.grounds == "searched":
            assert 0.0 <= found.score <= 1.0 and found.games > 0
            assert found.runner_up is None or (0.0 <= found.runner_up <= 1.0 and found.runner_up_games > 0)
        grounds.add(found.grounds)
    assert "searched" in grounds, grounds


@pytest.mark.parametrize("game", GAMES)
def test_the_reason_changes_with_the_position(game: str) -> None:
    """Two positions the search weighs differently are told differently, in both languages."""
    for lang in LANGUAGES:
        searched = [analysis(game, state, seat) for state, seat in positions(game)]
        reasons = {reason_text(found, lang) for found in searched if found.grounds == "searched"}
        assert len(reasons) >= 2, reasons


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_reveals_nothing_hidden(game: str) -> None:
    """What the seat cannot see, changed as the contract suite changes it (other hands, the decks'
    order, code words, a rival's secret sign) and the game's generator changed: the same analysis."""
    perturb = PERTURBATIONS[game]
    changed = 0
    for index, (state, seat) in enumerate(positions(game)):
        twin, parts = perturb(state, seat, Rng.from_seed(index))
        twin = twin.model_copy(update={"rng": Rng.from_seed(state.rng.state ^ 0xBADC0FFEE)})
        changed += bool(parts)
        assert analysis(game, twin, seat) == analysis(game, state, seat), parts
    assert changed >= len(positions(game)) // 2


def test_fort_boyard_never_tells_a_code_word_nor_plays_a_trial() -> None:
    """The strong computer reads its code word from the whole box of cards and wins a trial at a
    rate: a hint withholds both, with a sentence why, and the word is nowhere in it."""
    engine = registry.get("fortboyard")
    withheld = {}
    for seed in range(6):
        state = engine.new_game(2, engine.make_options({}), seed)
        rng = Rng.from_seed(seed)
        while acting := sorted(engine.to_act(state)):
            seat = acting[0]
            found = analysis("fortboyard", state, seat)
            if isinstance(found.move, Answer | Attempt):
                assert found.grounds == ("secret" if isinstance(found.move, Answer) else "trial")
                for lang in LANGUAGES:
                    text = hint_text(None, None, state, seat, found, lang)  # type: ignore[arg-type]
                    assert isinstance(found.move, Attempt) or found.move.text.lower() not in text.lower()
                    withheld[found.grounds, lang] = text
            legal = engine.legal_actions(state, seat)
            state = engine.apply(state, seat, engine.choose(engine.view(state, seat), legal, rng)).state
    assert {grounds for grounds, _ in withheld} == {"secret", "trial"}
    assert withheld["secret", "fr"].startswith("Pas de conseil pour le mot-code\u00a0:")
    assert withheld["trial", "en"].startswith("No hint for a trial:")


def test_a_fortissimo_flip_among_unseen_cards_says_any_will_do() -> None:
    """At the first flip nobody has seen a card: every face-down card is alike to the player, and
    the hint says so rather than call its slot the only sensible move."""
    engine = registry.get("fortissimo")
    state = engine.new_game(2, engine.make_options({}), 5)
    (seat,) = engine.to_act(state)
    found = analysis("fortissimo", state, seat)
    assert found.grounds == "alike" and found.move in engine.legal_actions(state, seat)
    assert reason_text(found, "en").startswith("Every face-down card you have not seen is alike to you")
    assert reason_text(found, "fr").startswith("Toutes les cartes face cachée que vous n'avez pas vues se valent")
