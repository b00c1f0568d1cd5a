"""A whole game of each title for several players, one person against three strong computers, in
French and in English: the computers' turns come after each click, each one logged as the
computer's and committed on its own, and the game replays to its end from the log.

The strong computers search a few iterations a move (as in the transcripts), so that the games
are quick and play the same on every run."""

from typing import cast

import pytest

from bot.app import GameBot
from tests.conftest import set_locale
from tests.discord.driver import Driver as FortissimoDriver
from tests.discord.driver import open_game_table, session
from tests.discord.test_transcripts import DRIVERS, LOCALES, OPTIONS, SEARCH_ITERATIONS, SEARCH_SECONDS, fair


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["fortissimo", "labyrinthe", "fireship", "fortboyard"])
async def test_one_person_against_three_strong_computers_to_the_end(env, game: str, lang: str) -> None:
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    service = cast(GameBot, env.bot).service
    service.search_iterations, service.search_seconds = SEARCH_ITERATIONS, SEARCH_SECONDS
    record, thread, _ = await open_game_table(
        env, channel, game, ann, [], computers=3, lang=lang, level="strong", **OPTIONS.get(game, {})
    )
    assert [seat.level for seat in record.seats if seat.computer] == ["strong"] * 3
    if game == "fortissimo":
        record = await FortissimoDriver(env, thread, [ann], record.id, choose=fair).play_to_end()
    else:
        record = await DRIVERS[game](env, thread, [ann], record.id).play_until(lambda state: False)
    record = await session(env, record.id)
    assert record.status == "finished"
    actions = await env.bot.storage.actions(record.id)
    computers = [a for a in actions if record.seats[a.seat].computer]
    assert computers and all(a.user_id is None for a in computers)
    assert {a.seat for a in computers} == {1, 2, 3}  # each computer played
    assert [a.seq for a in actions] == list(range(actions[0].seq, record.version + 1))
    assert await service.replay(record) == service.state(record)
