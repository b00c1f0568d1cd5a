"""The code words stay secret: no clue and no code word in a public message, a custom id, a
log line or another player's DM, at any moment of whole games; the words are shown in the
result only, once the game is over.

After every click, everything the table can see is compared with every seat's card: its
word, the word's accepted variants and its four clues (both levels while none is chosen).
A word the bot's own texts use, or one that a trial card drawn in this game printed in
public (a word to type, a riddle's answer), is left out of the search from then on, since
its presence would say nothing.
"""

import logging
import re
from pathlib import Path

import pytest

from games.fortboyard import ENGINE
from games.fortboyard.answers import words
from games.fortboyard.models import FortBoyardState
from tests.conftest import set_locale
from tests.discord.driver import bot_messages, custom_ids, public_text
from tests.discord.fortboyard_driver import Driver, board, open_table
from tests.discord.test_fortboyard_mechanics import stage
from tests.discord.test_fortboyard_trials import two_players

PUBLIC_ID = re.compile(
    r"(g:fortboyard:\d+:\d+:[A-Za-z0-9_\-]+|s:fortboyard:\d+:\d+:passe|p:fortboyard:\d+|l:\d+:\d+:[a-z_]+|r:fortboyard|[dhf]:fortboyard:\d+)"
)


ROOT = Path(__file__).resolve().parents[2]


def catalog_words(language: str) -> set[str]:
    """Every word of the bot's texts (a lobby says « Cartes en français »)."""
    found: set[str] = set()
    for catalog in [ROOT / "bot/locales", *ROOT.glob("cogs/*/locales")]:
        found |= set(words((catalog / f"{language}.json").read_text("utf-8")))
    return found


def secrets_of(state: FortBoyardState, seat: int) -> tuple[set[str], set[str]]:
    """A seat's secret words (the code word and its variants) and clue texts."""
    card = ENGINE._deck(state).word_card(state.players[seat].word or "")
    levels = [card.level(state.players[seat].level)] if state.players[seat].level else [card.easy, card.hard]
    return {w for level in levels for w in level.accepted}, {c for level in levels for c in level.clues}


def said(text: str, word: str) -> bool:
    """``word`` appears in ``text`` as whole words (case and accents aside)."""
    return f" {' '.join(words(word))} " in f" {' '.join(words(text))} "


@pytest.mark.parametrize(("lang", "humans", "computers"), [("fr", 3, 0), ("en", 2, 2)])
async def test_no_clue_or_code_word_ever_shows_in_public(env, caplog, lang, humans, computers) -> None:
    caplog.set_level(logging.INFO)
    for name in ("bot", "cogs", "games"):
        caplog.set_level(logging.DEBUG, logger=name)
    guild = env.create_guild(preferred_locale=lang)
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")[:humans]]
    for member in players:
        set_locale(member, lang)
    record, thread, _ = await open_table(env, channel, players[0], players[1:], computers, lang)
    ui = env.bot.tables.uis["fortboyard"]
    printed = catalog_words(lang)
    checks = []

    async def check(driver: Driver) -> None:
        record = await driver.record()
        state = env.bot.service.state(record)
        over = record.status != "active"
        drawn = [
            card
            for category, cards in ENGINE._deck(state).trials.items()
            for card in cards
            if card.id not in state.decks[category]
        ]
        for card in drawn:  # what the cards drawn so far have shown in public
            printed.update(words(card.side(state.side).model_dump_json()))
        shown = [m for place in (channel, thread) for m in bot_messages(place, env) if not m.flags.ephemeral]
        everyone = [secrets_of(state, seat) for seat in range(len(record.seats))]
        for message in shown:
            text = public_text(message)
            for custom_id in custom_ids(message):
                assert PUBLIC_ID.fullmatch(custom_id) and not custom_id.split(":")[-1].startswith("a."), custom_id
            for code_words, clues in everyone:
                assert not [c for c in clues if c.lower() in text.lower()], text
                if not over:
                    assert not [w for w in code_words if set(words(w)) - printed and said(text, w)], text
        for member in players:
            dms = " ".join(m.content for m in member.user.dm_channel.history())
            for other, (_, clues) in enumerate(everyone):
                if record.seat_of(member.id) != other:
                    assert not [c for c in clues if c.lower() in dms.lower()]
        for entry in caplog.records:
            line = entry.getMessage() + (entry.exc_text or "")
            for code_words, clues in everyone:
                assert not [c for c in clues if c in line] and not [w for w in code_words if said(line, w)], line
        if not over:  # the board is the same whoever holds which card
            shuffled = state.model_copy(deep=True)
            cards = [p.word for p in shuffled.players]
            for player, card in zip(shuffled.players, cards[1:] + cards[:1]):
                player.word = card
            assert [m.embed.to_dict() for m in ui.board(record, state, lang)] == [
                m.embed.to_dict() for m in ui.board(record, shuffled, lang)
            ]
        checks.append(over)

    driver = Driver(env, thread, players, record.id, after_click=check)
    record = await driver.play_to_end()
    assert checks[-1] and len(checks) == len(driver.tokens)
    state = env.bot.service.state(record)
    # Clues did reach their owners by DM, and the result names the words.
    dms = [m.content for member in players for m in member.user.dm_channel.history()]
    assert dms and all("🧩" in dm for dm in dms)
    result = public_text(bot_messages(thread, env)[-1])
    assert all(
        ENGINE._word(state, seat).word in result for seat in range(len(record.seats)) if state.players[seat].level
    )


async def test_a_sequence_hidden_again_stays_hidden_on_a_board_posted_again(env) -> None:
    """A sequence is shown a few seconds, then hidden to be retyped. A `/fortboyard status` meanwhile
    posts the board again; once the player is ready, no message of the thread may still show it."""
    driver, _ann, ben, thread = await two_players(env)
    sample = {"kind": "sequence", "items": ["bougie", "dragon", "ancre", "igloo", "lune"], "show_seconds": 8}
    record = await stage(env, driver, thread, "concentration", sample)
    assert "bougie · dragon · ancre" in public_text(board(env, thread, record))
    await ben.slash(thread, "fortboyard status")
    record = await driver.record()
    actor = driver.actor(record, env.bot.service.state(record).current)
    await actor.click(board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:{record.version}:ready")
    assert env.bot.service.state(await driver.record()).trial.stage == "play"
    shown = [public_text(m) for m in bot_messages(thread, env) if not m.flags.ephemeral]
    assert not [text for text in shown if "bougie" in text]
