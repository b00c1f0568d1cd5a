"""The hand stays secret: never in a public message, a custom id, a public event or a log line.

After every click of a whole game, compare what the table shows with the
hand at that moment. Cards move from the hand to the table (a Hero
recruited, a Location played, a discard) and may come back (a card taken back
from the discard at 4.2): a card the table has seen may be named by older
events; a card the public never saw may never be named at all.
"""

import json
import logging
import re
from types import SimpleNamespace

import discord
import pytest

import bot.ui.lobby
from cogs.forteresse.names import card_name
from cogs.forteresse.narration import on_show
from games.forteresse import ENGINE
from games.forteresse.models import ForteresseState
from tests.discord.driver import bot_messages, custom_ids, items, public_text
from tests.discord.forteresse_driver import PRIVATE_ID, Driver, board, game_state, start
from tests.discord.test_forteresse_play import LOST_SEED, WON_SEED

CODE = re.compile(r"\b[pf][A2-9TJQK][HDCS]\b")
NAME = re.compile(r"(?<![\w+])(10|[2-9]|As|Valet|Dame|Roi|Ace|Jack|Queen|King) [♥♦♣♠]")
PUBLIC_ID = re.compile(
    r"p:forteresse:\d+|g:forteresse:\d+:\d+:more-discards|hint:forteresse:\d+|l:\d+:\d+:[a-z_]+|r:forteresse|[dhf]:forteresse:\d+"
)


def public_codes(state: ForteresseState, recent: list[dict]) -> set[str]:
    """Every card the public view or the board's events name now."""
    return set(CODE.findall(ENGINE.view(state, None).model_dump_json())) | set(CODE.findall(json.dumps(recent)))


def shadow(state: ForteresseState) -> ForteresseState:
    """The same table with other cards in the hand: swapped with the deck's top cards."""
    other = state.model_copy(deep=True)
    swap = min(len(state.hand), len(state.deck))
    other.hand = state.deck[:swap] + state.hand[swap:]
    other.deck = state.hand[:swap] + state.deck[swap:]
    return other


@pytest.mark.parametrize(("seed", "locale", "lang"), [(WON_SEED, "en-US", "en"), (LOST_SEED, "fr", "fr")])
async def test_the_hand_never_shows_in_public(env, monkeypatch, caplog, seed, locale, lang) -> None:
    monkeypatch.setattr(bot.ui.lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    caplog.set_level(logging.INFO)
    for name in ("bot", "cogs", "games"):
        caplog.set_level(logging.DEBUG, logger=name)
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, channel, ann)
    ui = env.bot.tables.uis["forteresse"]
    session_id = record.id
    seen: set[str] = set()  # cards the public has seen so far
    logged = 0
    checked = []

    async def check(driver: Driver | None = None) -> None:
        nonlocal logged
        record = await env.bot.storage.get_session(session_id)
        state = game_state(env, record)
        hand = set(state.hand)
        public = public_codes(state, record.recent)
        # A public event names a hand card only if the public had seen it before (older events).
        assert not (public & hand) - seen, f"events name hand cards: {(public & hand) - seen}"
        seen.update(public)
        allowed = {card_name(card, lang) for card in public}
        secret_names = {card_name(card, lang): card for card in hand - seen}
        # Every public message: custom ids carry no card; texts name public cards only.
        shown = [m for place in (channel, thread) for m in bot_messages(place, env) if not m.flags.ephemeral]
        for message in shown:
            for custom_id in custom_ids(message):
                assert PUBLIC_ID.fullmatch(custom_id), custom_id
            text = public_text(message)
            assert not CODE.search(text), text
            for name in {m.group(0) for m in NAME.finditer(text)}:
                if name in secret_names:  # only if the other deck's twin is on show
                    assert name in allowed, f"{secret_names[name]} (in hand) shown as {name}"
        board_text = public_text(board(env, thread, record))
        assert {m.group(0) for m in NAME.finditer(board_text)} <= allowed
        # Once the change that showed them is over (the board posted again, the History button), the
        # latest moves name only cards the table shows now: none gone back face down or into the hand.
        later = str(ui.board(record, state, lang)[0].embed.to_dict()) + "\n".join(ui.recent_lines(record, state, lang))
        on_table = {card_name(card, lang) for card in on_show(ENGINE.view(state, None))}
        assert {m.group(0) for m in NAME.finditer(later)} <= on_table
        # The board is the same whatever the hand holds.
        assert [m.embed.to_dict() for m in ui.board(record, state, lang)] == [
            m.embed.to_dict() for m in ui.board(record, shadow(state), lang)
        ]
        # The private view's ids name no hand card (hand cards go by index; a Key to take is a menu value).
        if driver is not None and driver.private_id is not None:
            private = driver.private()
            assert private.flags.ephemeral
            for custom_id in custom_ids(private):
                assert PRIVATE_ID.fullmatch(custom_id), custom_id
                assert not set(CODE.findall(custom_id)) & hand, custom_id
                assert "pk.p" not in custom_id
            for item in items(private):
                if isinstance(item, discord.SelectMenu):
                    for option in item.options:
                        assert not set(CODE.findall(option.value)) & hand, option.value
        # Log lines name no hand card, by code or by name.
        for entry in caplog.records[logged:]:
            line = entry.getMessage() + (entry.exc_text or "")
            assert not set(CODE.findall(line)) & hand, line
            if entry.name.split(".")[0] in ("bot", "cogs", "games"):
                assert not any(name in line for card in hand for name in (card_name(card, "fr"), card_name(card, "en")))
        logged = len(caplog.records)
        checked.append(len(hand))

    driver = Driver(env, thread, ann, record.id, after_click=check)
    await check()
    await driver.open_hand()
    await check(driver)
    record = await driver.play_to_end()
    assert len(checked) == len(driver.tokens) + 2 and record.status == "finished"
    assert any(t.startswith("pk.pA") for t in driver.tokens) or seed != WON_SEED  # the Key went by menu
    # Cards did move from the hand to the table and are named there.
    assert any(CODE.search(json.dumps(e)) for e in record.recent)
