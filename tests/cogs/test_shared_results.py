"""Every title's endings without a single winner, as its result says them: a tie for first is a win
shared, in words, with one place for the tied; a game nobody wins has no trophy (Fort Boyard,
tests/cogs/test_fortboyard_result.py); a solitaire lost says so (Forteresse Solo)."""

import pytest

from cogs.fireship.board import FireshipUI
from cogs.fortissimo.board import FortissimoUI
from games.fireship import ENGINE as FIRESHIP
from games.fortissimo import ENGINE as FORTISSIMO
from tests.records import running

FIRESHIP_SHARED = {
    ("rounds", "en"): "Every round is played: ann and ben share the win, with as many islands and as much power.",
    ("rounds", "fr"): "Tous les tours sont joués\xa0: ann et ben se partagent la victoire, à îles et puissance égales.",
    ("last", "en"): "ann and ben were sunk at the same time: they share the win.",
    ("last", "fr"): "ann et ben ont coulé en même temps\xa0: ils se partagent la victoire.",
}


@pytest.mark.parametrize(("reason", "lang"), list(FIRESHIP_SHARED))
def test_a_fireship_tie_shares_the_win(reason: str, lang: str) -> None:
    """House rules: the fleets level when the rounds run out, or the last fleets sunk at once,
    share the win; both are first."""
    state = FIRESHIP.new_game(2, FIRESHIP.make_options({"rounds": 1}), 5)
    state = state.model_copy(update={"phase": "over", "winners": [0, 1], "end_reason": reason})
    outcome = FIRESHIP.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1] and outcome.ranking[0] == [0, 1]
    embed = FireshipUI().result(running("fireship", ["ann", "ben"]), state, lang)
    assert embed.description == FIRESHIP_SHARED[reason, lang]
    assert [field.name.split(". ")[0] for field in embed.fields] == ["1", "1"]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "🏆 Shared win: **ann and ben**"), ("fr", "🏆 Victoire partagée\xa0: **ann et ben**")]
)
def test_a_fortissimo_tie_shares_the_win(lang: str, said: str) -> None:
    """Ramparts alike to the last card (here both still at the start card): a win shared."""
    state = FORTISSIMO.new_game(2, FORTISSIMO.make_options({}), 5)
    state = state.model_copy(update={"phase": "over", "end_reason": "blocked"})
    outcome = FORTISSIMO.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]
    embed = FortissimoUI().result(running("fortissimo", ["ann", "ben"]), state, lang)
    assert embed.description.splitlines()[0] == said
    assert [field.name for field in embed.fields] == ["1. ann", "1. ben"]
