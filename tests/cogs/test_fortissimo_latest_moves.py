"""Fortissimo!'s latest moves tell a card flipped again (the strong computer may flip a card
everyone saw, and put it back, rather than show a new one): "flips B3 again", in both languages."""

from typing import Any

from bot.storage import Seat, SessionRecord
from cogs.fortissimo.board import FortissimoUI
from games.fortissimo.cards import label
from games.fortissimo.models import CardFlipped, PutBack
from tests.games.test_fortissimo_rules import act, build, flip, slot_of
from tests.records import running

UI = FortissimoUI()


def record(events: list[Any], fresh: int) -> SessionRecord:
    """A table whose latest moves are ``events``, the last ``fresh`` of them the change just made."""
    dumped = [event.model_dump(mode="json") for event in events if event.audience is None]
    return running(
        "fortissimo",
        [],
        id=3,
        seats=[Seat(user_id=1, name="ann"), Seat(user_id=None, name="", level="strong")],
        recent=dumped,
        news=dumped[len(dumped) - fresh :],
    )


def test_a_card_flipped_again_says_so() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks: ann flips the 13 and puts it back; the computer flips that same card again and puts
    it back: its flip says ``again`` (the first did not), and the latest moves read "flips B3
    again", naming the 13 in the change that showed it and no more after it, in both languages."""
    state = build([[1, 17], [1, 5]])
    slot = label(slot_of(state, 13))
    state, first = flip(state, 13)
    state, back = act(state, PutBack())
    state, again = flip(state, 13)
    state, back_again = act(state, PutBack())
    assert [e.again for e in first + again if isinstance(e, CardFlipped)] == [False, True]
    events = first + back + again + back_again
    fresh = record(events, len(again + back_again))  # the computer's turn: one change
    assert UI.recent_lines(fresh, state, "en")[-2:] == [
        f"ann flips {slot} and puts the card back face down",
        f"🤖 Computer 1 (strong) flips {slot} again: **13**, and puts it back face down",
    ]
    assert UI.recent_lines(fresh, state, "fr")[-1] == (
        f"🤖 Ordinateur 1 (fort) retourne de nouveau {slot}\xa0: **13**, et la repose face cachée"
    )
    later = record(events, 0)
    assert UI.recent_lines(later, state, "en")[-1] == (
        f"🤖 Computer 1 (strong) flips {slot} again and puts the card back face down"
    )
    assert UI.recent_lines(later, state, "fr")[-1] == (
        f"🤖 Ordinateur 1 (fort) retourne de nouveau {slot} et repose la carte face cachée"
    )
    alone = record(again, 1)  # a person's flip, before they decide
    assert UI.recent_lines(alone, state, "en") == [f"🤖 Computer 1 (strong) flips {slot} again: **13**"]
