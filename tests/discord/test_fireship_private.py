"""Fireship's private messages, in both languages: a cell chosen in a quarter's menu is confirmed in
a line or two (what happened, what comes next), without the cards' box; a "My cards" view that a
later move made out of date is edited in place, so its controls still play; a menu whose moment
has passed says so and loses its controls; after Discord's 15 minutes, a view is left as it was."""

from typing import Any

import discord
import pytest
from simcord import Env

from cogs.fireship.names import cell_of, zone_of
from games.fireship import ENGINE
from games.fireship.models import Attack, EndMoves, Piece, Select, Steer
from tests.conftest import set_locale
from tests.discord.driver import custom_ids, items, open_game_table
from tests.discord.fireship_driver import GAME, Driver, board
from tests.discord.forteresse_driver import message, private_reply
from tests.discord.test_fireship_play import put_state, with_pieces

WORDS = {
    "fr": {"moved": "✅ Déplacé\xa0: ✈️ A1 → ", "next": "[Vers le plateau]", "over": "⌛ Ce menu est passé\xa0:"},
    "en": {"moved": "✅ Moved: ✈️ A1 → ", "next": "[To the board]", "over": "⌛ This menu is over:"},
}


async def two_players(env: Env, lang: str, **state: Any) -> tuple[Any, Any, Driver, Any, int]:
    """Ann and Ben at a Fireship table in ``lang``, Ann to play, the map and the phase as given:
    her plane at A1 and boat at H8 beside Ben's boat at I8, his other boat far away."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (ann, ben):
        set_locale(member, "fr" if lang == "fr" else "en-US")
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben], lang=lang)
    a = record.seat_of(ann.id)
    pieces = [
        Piece(id=90, owner=a, kind="plane", cell=(0, 0)),
        Piece(id=92, owner=a, kind="boat", cell=(7, 7)),
        Piece(id=91, owner=1 - a, kind="boat", cell=(8, 7)),
        Piece(id=93, owner=1 - a, kind="boat", cell=(18, 18)),
    ]
    hands: list[list[str]] = [[], []]
    hands[a] = state.pop("hand", [])
    current = env.bot.service.state(record)
    await put_state(env, record.id, with_pieces(current, pieces, current=a, hands=hands, **state))
    return ann, ben, Driver(env, thread, [ann, ben], record.id), thread, a


def versions(shown: discord.Message) -> set[int]:
    """The versions the game's controls carry (the 💡 Hint carries none)."""
    return {int(c.split(":")[3]) for c in custom_ids(shown) if c.startswith(("g:", "s:"))}


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_cell_chosen_in_a_quarter_is_confirmed_in_a_line_or_two(env: Env, lang: str) -> None:
    ann, _, driver, thread, a = await two_players(env, lang, phase="move", dice=(5, 6, 9), points=20)
    await driver.play(a, Select(piece=90))
    record = await driver.record()
    view = ENGINE.view(env.bot.service.state(record), a)
    far = max(view.reachable, key=lambda text: (view.reachable[text], text))  # beyond the nearest cells
    button = f"g:{GAME}:{record.id}:{record.version}:more-z{zone_of(cell_of(far))}"
    menu = private_reply(await ann.click(board(env, thread, record), custom_id=button))
    menu = message(env, thread, menu.id)
    token = Steer(to=cell_of(far)).token()
    select = next(i for i in items(menu) if token in [o.value for o in i.options])
    await ann.select(menu, [token], custom_id=select.custom_id)
    said = message(env, thread, menu.id)
    assert said.flags.ephemeral and said.embeds == [] and said.components == []
    moved, next_step = said.content.split("\n")
    assert moved == f"{WORDS[lang]['moved']}{far} ({view.reachable[far]} pt)."
    assert WORDS[lang]["next"] in next_step and "🃏" not in said.content
    assert (await driver.record()).version == record.version + 1


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_my_cards_follows_the_game_in_place_and_still_plays(env: Env, lang: str) -> None:
    """Ann opens My cards (Boum, to play on a boat) and attacks from the board: the view is edited
    in place with the new version, and its Boum plays at once, with no "out of date"."""
    ann, _, driver, thread, a = await two_players(env, lang, phase="act", hand=["boum"])
    cards = await driver.open_private(await driver.record(), a)
    await driver.play(a, Attack(leader="92", target="91"))
    record = await driver.record()
    cards = message(env, thread, cards.id)
    assert versions(cards) == {record.version}
    menu = next(i for i in items(cards) if isinstance(i, discord.SelectMenu))
    await ann.select(cards, [menu.options[-1].value], custom_id=menu.custom_id)
    after = await driver.record()
    assert after.version > record.version and env.bot.service.state(after).hands[a] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_menu_whose_moment_passed_says_so(env: Env, lang: str) -> None:
    """A quarter's menu opened, then a nearest cell chosen on the board instead: the menu says it is
    over and offers nothing more."""
    ann, _, driver, thread, a = await two_players(env, lang, phase="move", dice=(5, 6, 9), points=20)
    await driver.play(a, Select(piece=90))
    record = await driver.record()
    button = f"g:{GAME}:{record.id}:{record.version}:more-z0"
    menu = private_reply(await ann.click(board(env, thread, record), custom_id=button))
    assert versions(message(env, thread, menu.id)) == {record.version}
    await driver.play(a, Steer(to=(1, 0)))  # B1, among the board's nearest cells
    over = message(env, thread, menu.id)
    assert over.content.startswith(WORDS[lang]["over"]) and over.components == [] and over.embeds == []


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_after_fifteen_minutes_a_view_is_left_as_it_was(env: Env, lang: str) -> None:
    """Discord lets an interaction's messages be edited for 15 minutes: after that, My cards is left
    as it was, and the game goes on (nothing fails)."""
    _, _, driver, thread, a = await two_players(env, lang, phase="move", dice=(5, 6, 9), points=20, hand=["boum"])
    cards = await driver.open_private(await driver.record(), a)
    before = cards.content
    await env.advance_time(15 * 60)
    await driver.play(a, EndMoves())
    record = await driver.record()
    cards = message(env, thread, cards.id)
    assert cards.content == before and record.status == "active"
    assert env.bot.service.state(record).phase == "act"


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_secret_window_refreshes_only_the_view_of_the_player_it_asks(env: Env, lang: str) -> None:
    """Ann attacks Ben, who holds Non: Ben's My cards now asks him, with its buttons; Ann's is not
    touched (not even its controls' ids), so nothing tells her that he was asked."""
    _, _, driver, thread, a = await two_players(env, lang, phase="act", hand=["boum"])
    state = env.bot.service.state(await driver.record())
    hands = [["boum"], ["non"]] if a == 0 else [["non"], ["boum"]]
    await put_state(env, driver.session_id, state.model_copy(update={"hands": hands}))
    record = await driver.record()
    mine = await driver.open_private(record, a)
    his = await driver.open_private(record, 1 - a)
    await driver.play(a, Attack(leader="92", target="91"))
    record = await driver.record()
    assert env.bot.service.state(record).phase == "react"
    now = message(env, thread, mine.id)
    assert (now.content, now.embeds[0].to_dict(), custom_ids(now)) == (
        mine.content,
        mine.embeds[0].to_dict(),
        custom_ids(mine),
    )
    asked = message(env, thread, his.id)
    assert asked.embeds[0].fields[-1].name == ("⚡ Une action vous vise" if lang == "fr" else "⚡ An action hits you")
    assert [i.label for i in items(asked)] == (
        ["🚫 Non", "Laisser faire"] if lang == "fr" else ["🚫 No", "Let it pass"]
    )
