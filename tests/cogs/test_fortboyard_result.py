"""A Fort Boyard game nobody won says so plainly: no trophy, nobody wins, one shared place."""

import pytest

from cogs.fortboyard.board import FortBoyardUI
from games.fortboyard import ENGINE
from games.fortboyard.models import Answer
from tests.games.test_fortboyard_rules import act, round_3
from tests.records import running


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Nobody found their code word: the treasure stays in the Fort, and nobody wins."),
        ("fr", "Personne n'a trouvé son mot-code\u00a0: le trésor reste au Fort, et personne ne gagne."),
    ],
)
def test_nobody_wins_when_the_treasure_stays_in_the_fort(lang: str, said: str) -> None:
    state, _ = round_3([1, 1], fourth=0)
    state, _ = act(state, 0, Answer(text="parapluie"))
    state, _ = act(state, 1, Answer(text="parapluie"))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == []
    record = running("fortboyard", ["alice", "bob"]).model_copy(update={"status": "finished"})
    embed = FortBoyardUI().result(record, state, lang)
    assert embed.description == said
    assert "🏆" not in str(embed.to_dict())
