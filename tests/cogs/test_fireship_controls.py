"""Fireship's controls, kept short: a piece reaching few cells gets one menu of them all; the
player's private view tells the move just made and the next step, to that player only."""

import discord

from bot.ui.game_ui import BoardMessage
from cogs.fireship.board import FireshipUI
from cogs.fireship.private import MENU
from games.fireship import ENGINE
from games.fireship.models import Select, Steer
from tests.cogs.test_fireship_describe import table
from tests.games.test_fireship_rules import at, build

UI = FireshipUI()


def menus(message: BoardMessage) -> list[discord.ui.Select]:
    assert message.view is not None
    return [item.item for item in message.view.children if isinstance(getattr(item, "item", None), discord.ui.Select)]


def test_few_destinations_fit_one_menu_without_quarters() -> None:
    state = build([(0, "boat", "A1"), (0, "boat", "C3")], phase="move", points=2)
    state = ENGINE.apply(state, 0, Select(piece=1)).state
    (shown,) = UI.board(table(2), state, "en")
    (menu,) = menus(shown)
    reach = ENGINE.view(state, 0).reachable
    assert len(reach) <= MENU and menu.placeholder == "Where to…"
    assert {o.value for o in menu.options} == {Steer(to=at(cell)).token() for cell in reach}
    assert not [c for c in shown.view.children if "more-z" in (getattr(c.item, "custom_id", "") or "")]


def test_a_cell_chosen_is_confirmed_with_what_comes_next() -> None:
    state = build([(0, "boat", "A1"), (0, "boat", "C3"), (1, "boat", "S1")], phase="move", points=5)
    state = ENGINE.apply(state, 0, Select(piece=1)).state
    step = ENGINE.apply(state, 0, Steer(to=at("C5")))
    record = table(2)
    record.recent = [e.model_dump() for e in step.events]
    mine = UI.confirmation(record, step.state, 0, "en")
    assert mine.content.startswith("✅ Moved: ⛵ C3 → C5 (2 pt).\n🧭 🔵 ann: **3 points** left")
    assert "[To the board](https://discord.com/channels/1/1/" in mine.content
    french = UI.confirmation(record, step.state, 0, "fr")
    assert french.content.startswith("✅ Déplacé : ⛵ C3 → C5 (2 pt).\n🧭 🔵 ann : il reste **3 points**")
    assert UI.private(record, step.state, 1, "en").content is None  # not bob's turn: nothing to tell him
