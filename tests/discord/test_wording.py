"""Words and small looks, in both languages: /replay's French name and its list of finished games,
Fireship's End turn apart from the red of Cancel, French elision before a name, one wording of
"joining order"."""

from datetime import UTC, datetime

import discord
import pytest
from babel.dates import format_date
from simcord import Env

from bot.storage import SessionRecord
from games.fireship.models import Piece
from tests.conftest import set_locale
from tests.discord.driver import items, open_game_table, open_table, play_channel, session
from tests.discord.fireship_driver import board
from tests.discord.test_fireship_play import put_state, with_pieces

WORDS = {
    "fr": {"number": "n°\xa0{n}", "computer": "🤖 ordinateur", "game": "Fortissimo!", "and": " et "},
    "en": {"number": "#{n}", "computer": "🤖 computer", "game": "Fortissimo!", "and": " and "},
}


async def forfeited(env: Env, channel, host, other, lang: str) -> SessionRecord:
    """A two-player Fortissimo! table that ``other`` quits at once: finished, by forfeit."""
    record, _ = await open_table(env, channel, host, [other], lang=lang)
    assert (await other.slash(play_channel(env, channel, record), "fortissimo quit")).ephemeral
    record = await session(env, record.id)
    assert record.status == "finished"
    return record


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_replay_lists_the_finished_games_as_you_type(env: Env, lang: str) -> None:
    """/replay (« /revoir » in French) offers the server's finished games, newest first: number,
    game, players, date; what is typed narrows them (a number's first digits, a name). A running
    table is not offered, nor another server's game."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann, ben, eve = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "Ève"))
    for member in (ann, ben, eve):
        set_locale(member, "fr" if lang == "fr" else "en-US")
    first = await forfeited(env, channel, ann, ben, lang)
    second = await forfeited(env, channel, ann, eve, lang)
    running, _ = await open_table(env, channel, ben, [eve], lang=lang)
    other_server = env.create_guild()
    elsewhere, zoe = other_server.create_text_channel("games"), other_server.add_member(env.create_user("zoe"))

    offered = await ann.autocomplete(channel, "replay", "number", "")
    assert [c["value"] for c in offered] == [second.id, first.id]
    words = WORDS[lang]
    date = format_date(datetime.fromtimestamp(env.bot.service.clock(), UTC), format="medium", locale=lang)
    number = words["number"].format(n=second.id)
    assert offered[0]["name"] == f"{number} · {words['game']} · ann{words['and']}Ève · {date}"
    assert [c["value"] for c in await ann.autocomplete(channel, "replay", "number", "ève")] == [second.id]
    assert [c["value"] for c in await ann.autocomplete(channel, "replay", "number", str(first.id))] == [first.id]
    assert running.id not in [c["value"] for c in offered]
    assert await zoe.autocomplete(elsewhere, "replay", "number", "") == []

    command = next(c for c in env.bot.tree.get_commands() if c.name == "replay")
    assert command.name == "replay"
    french = await command.get_translated_payload(env.bot.tree, env.bot.tree.translator)
    assert french["name_localizations"]["fr"] == "revoir"
    assert french["options"][0]["autocomplete"] is True


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_fireship_end_turn_is_not_red_like_cancel(env: Env, lang: str) -> None:
    """End turn is the phase's main button (blue), apart from the lobby's red Cancel."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    result = await ann.slash(channel, "fireship start")
    cancel = next(i for i in items(result.response.message) if i.label in ("Annuler", "Cancel"))
    assert cancel.style is discord.ButtonStyle.danger
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben], lang=lang)
    state = env.bot.service.state(record)
    a = state.current
    pieces = [Piece(id=90, owner=a, kind="boat", cell=(0, 0)), Piece(id=91, owner=1 - a, kind="boat", cell=(18, 18))]
    await put_state(env, record.id, with_pieces(state, pieces, phase="act"))
    shown = board(env, thread, await session(env, record.id))
    end_turn = next(i for i in items(shown) if i.label in ("Finir le tour", "End turn"))
    assert end_turn.style is discord.ButtonStyle.primary


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_name_after_de_is_elided_in_french(env: Env, lang: str) -> None:
    """Ève's and bob's whirlpools, as Describe tells them: « le Tourbillon d'Ève », « de bob » (and
    English as it was)."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    eve, bob = (guild.add_member(env.create_user(name)) for name in ("Ève", "bob"))
    for member in (eve, bob):
        set_locale(member, "fr" if lang == "fr" else "en-US")
    record, thread, _ = await open_game_table(env, channel, "fireship", eve, [bob], lang=lang)
    e, b = record.seat_of(eve.id), record.seat_of(bob.id)
    state = env.bot.service.state(record)
    await put_state(env, record.id, state.model_copy(update={"whirlpools": [(e, (4, 4)), (b, (14, 14))]}))
    record = await session(env, record.id)
    described = await bob.click(board(env, thread, record), custom_id=f"d:fireship:{record.id}")
    words = "\n".join([described.response.content or ""] + [e.description or "" for e in described.response.embeds])
    if lang == "fr":
        assert "🌀 Le Tourbillon d'Ève est en E5." in words and "🌀 Le Tourbillon de bob est en O15." in words
    else:
        assert "🌀 Ève's Whirlpool lies at E5." in words and "🌀 bob's Whirlpool lies at O15." in words
