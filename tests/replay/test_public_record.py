"""The public record, given with the replay page to anyone who did not play: what the table saw,
step by step, and nothing that rebuilds a hidden card, hand, code word or secret choice.

For a whole game of each title (the replay page's own games): no seed and no action in it, one
line per step the table saw (a secret reaction window is no step of its own); each step's events
pass the contract suite's secret probe for the public; the secrets the page's tests look for are
not in it; and it stays the same, line for line, when everything the public cannot see is
changed at every step (the contract suite's perturbations), as the page's steps do.
"""

import json
import re
from typing import Any

import pytest
from pydantic import ConfigDict

from bot import replay_page, replays
from games.core import Event, Rng, registry
from games.fortboyard.deck import deck
from tests.games.contract_hooks import PERTURBATIONS, SECRET_PROBES
from tests.replay.games import GAMES, finished, shots
from tests.replay.test_secrecy import public_text, whole_word


class Told(Event):
    """An event as the public record writes it, read back."""

    model_config = ConfigDict(frozen=True, extra="allow")


def public(game: str, steps: list[replay_page.Shot] | None = None) -> str:
    record, _ = finished(game)
    return replay_page.public_record(record, registry.get(game), shots(game) if steps is None else steps)


def step_lines(text: str) -> list[tuple[str, str, str, list[dict[str, Any]]]]:
    """Each step's line: its number, who played, who was to play, its events."""
    found = []
    for line in text.splitlines():
        if re.match(r"\d+ ", line):
            number, seat, to_play, events = line.split(" ", 3)
            found.append((number, seat, to_play, json.loads(events)))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_seed_no_action_one_line_per_step_seen(game: str) -> None:
    record, log = finished(game)
    text = public(game)
    head = dict(line.split(": ", 1) for line in text.splitlines() if re.match(r"^[a-z_]+: ", line))
    assert text.startswith(replay_page.PUBLIC_HEADER + "\n")
    assert set(head) == {"game", "session", "seats", "options"} and "seed" not in text
    lines = step_lines(text)
    assert [line[0] for line in lines] == [str(n) for n in range(len(shots(game)))]
    assert lines[0][1] == "-" and lines[-1][2] == "-"
    assert all(event["kind"] and "audience" not in event for *_, events in lines for event in events)
    # The exact record's action lines ("seq seat token") are not in it, nor can it be walked.
    exact = replays.export(record, list(log)).splitlines()
    assert not set(exact[7:]) & set(text.splitlines())
    with pytest.raises((KeyError, ValueError)):
        replays.replay(text)


@pytest.mark.parametrize("game", GAMES)
def test_each_steps_events_hold_no_secret_for_the_public(game: str) -> None:
    """The contract suite's probe, on the public view and the events the record gives each step."""
    engine, probe = registry.get(game), SECRET_PROBES[game]
    checked = 0
    for shot, (_, _, _, events) in zip(shots(game), step_lines(public(game)), strict=True):
        told = [Told.model_validate(event) for event in events]
        assert probe(engine, shot.state, None, engine.view(shot.state, None), told) == []
        checked += len(told)
    assert checked


def test_fort_boyard_clues_and_words_are_not_in_it() -> None:
    """The page's secrecy test's secrets: the clues never (unless a public text says the word), the
    code words only at the end, when the result reveals them."""
    text, steps = public("fortboyard"), shots("fortboyard")
    before_end = "\n".join(text.splitlines()[:-1])
    every_public = "\n".join(public_text("fortboyard", n) for n in range(len(steps)))
    public_before_end = "\n".join(public_text("fortboyard", n) for n in range(len(steps) - 1))
    final = steps[-1].state
    box = deck(final.options.language)
    clues = words = 0
    for player in final.players:
        assert player.word is not None and player.level is not None
        card = box.word_card(player.word).level(player.level)
        for clue in card.clues:
            if not whole_word(clue, every_public):
                assert not whole_word(clue, text), clue
                clues += 1
        for word in [card.word, *card.variants]:
            if not whole_word(word, public_before_end):
                assert not whole_word(word, before_end), word
                words += 1
    assert clues >= 20 and words >= 5


@pytest.mark.parametrize("game", GAMES)
def test_the_same_record_whatever_the_public_could_not_see(game: str) -> None:
    """Every step's state changed where the public cannot see (others' hands dealt anew, the deck
    reordered, code words swapped, a duellist's sign changed...): the record is the same."""
    rng = Rng.from_seed(31)
    twins, changed = [], set()
    for shot in shots(game):
        twin, parts = PERTURBATIONS[game](shot.state, None, rng)
        changed |= set(parts)
        twins.append(replay_page.Shot(shot.actor, twin, shot.events))
    assert changed, "nothing hidden was ever changed"
    assert public(game, twins) == public(game)
