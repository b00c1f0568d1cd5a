"""A secret reaction window, as the bot draws it, without Discord: the public board (embed,
controls with their custom ids, picture) and the private views of everyone it does not ask are
those of the table before the action that opened it, although the table's stored version moved
on; the seat asked alone sees the question.

The windows are those of tests/games/test_fireship_playouts.py: met in many seeded
play-outs, and opened from positions built for each kind of action.
"""

from typing import Any

import discord
import pytest

from bot.storage.base import Seat, SessionRecord
from cogs.fireship.board import FireshipUI
from games.fireship import ENGINE
from games.fireship.models import Play
from tests.games.test_fireship_playouts import windows

UI = FireshipUI()


def record_for(seats: int, version: int = 40) -> SessionRecord:
    """A running table at ``version``."""
    return SessionRecord(
        id=7,
        game="fireship",
        guild_id=1,
        lobby_channel_id=1,
        channel_id=1,
        host_id=5,
        status="active",
        seats=[Seat(user_id=5 + n, name=f"p{n}") for n in range(seats)],
        seed=1,
        created_at=0,
        updated_at=0,
        version=version,
    )


def records(window: Any) -> tuple[SessionRecord, SessionRecord]:
    """The table's records before the window and during it, the window's steps (every action
    from the one that opened it: each was stored) later."""
    steps = window.state.unseen - window.before.unseen
    assert steps >= 1 and (steps == 1 or not window.first)
    return record_for(window.state.seats), record_for(window.state.seats, 40 + steps)


def controls(view: discord.ui.View | None) -> list[tuple[Any, ...]]:
    """Every control as Discord shows it: kind, label or placeholder, options, style, disabled,
    custom id, row."""
    found = []
    for child in view.children if view is not None else []:
        item = getattr(child, "item", child)
        options = [(o.label, o.value) for o in getattr(item, "options", [])]
        found.append(
            (
                type(item).__name__,
                getattr(item, "label", None) or getattr(item, "placeholder", None),
                options,
                getattr(item, "style", None),
                item.disabled,
                item.custom_id,
                item.row,
            )
        )
    return found


def drawn(message: Any) -> tuple[Any, ...]:
    return message.content, message.embed.to_dict() if message.embed else None, controls(message.view)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_public_board_shows_the_table_before_the_window(lang: str) -> None:
    """Embed (prompt, fleets, latest moves), buttons and menus (labels, styles, disabled flags,
    custom ids) and the picture: the same as before the action, for every window."""
    for window in windows():
        then, now = records(window)
        during = [drawn(m) for m in UI.board(now, window.state, lang)]
        assert during == [drawn(m) for m in UI.board(then, window.before, lang)]
        assert "fireship." not in str(during)  # no catalog key left unfilled


def test_the_picture_is_the_one_before_the_window() -> None:
    for window in windows()[::4]:  # a picture takes a few milliseconds: every fourth window
        then, now = records(window)
        assert UI.picture(now, window.state, "en") == UI.picture(then, window.before, "en")


def test_private_views_of_the_others_are_those_before_the_window() -> None:
    """A seat not asked sees its cards and controls as before; if it played a card since (the
    attacker's +1 or Boum, a defender's answer), its list of cards says so and it is offered
    no play of a card it no longer holds. The seat asked sees the action and its answers."""
    for window in windows():
        state, before = window.state, window.before
        then, record = records(window)
        asked = state.pending.asking
        for seat in range(state.seats):
            during = UI.private(record, state, seat, "en")
            if seat == asked:
                assert during.embed.fields[-1].name == "⚡ An action hits you"
                plays = [c for c in controls(during.view) if c[5].split(":")[-1] != "ok"]
                assert {c[5].split(":")[-1] for c in plays} == {
                    a.token() for a in ENGINE.legal_actions(state, seat)
                } - {"ok"}
                continue
            if state.hands[seat] == before.hands[seat]:
                assert drawn(during) == drawn(UI.private(then, before, seat, "en"))
                continue
            assert during.embed.title == f"🃏 Your mystery cards ({len(state.hands[seat])})"
            played = [c for c in controls(during.view) if not c[5].startswith("hint:")]  # the Hint plays nothing
            offered = {c[5].split(":")[-1] for c in played if not c[2]}  # buttons
            offered |= {value for c in played for _, value in c[2]}  # menu options
            for token in offered:
                action = ENGINE.parse_action(token)
                assert not isinstance(action, Play) or action.badge or action.card in state.hands[seat]
