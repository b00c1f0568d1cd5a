"""A finished game's replay through Discord: the finished board's 🎞️ Replay button and ``/replay``
give whoever asks, privately and in their own language, the page that plays the game back and a
record: the exact one to the game's players and the server's admins, the public one to anyone else.
A whole game of each title is played through the board first.

With ``FORTBOT_SCREENSHOTS`` set, the pages received are written there too, to open by hand."""

import os
import re
from pathlib import Path
from typing import Any

import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot import replay_page, replays
from bot.replay_builder import PageBuilder
from bot.storage import ActionRecord, SessionRecord
from games.core import registry
from tests.conftest import add_admin, make_bot, set_locale
from tests.discord import driver as fortissimo
from tests.discord import fireship_driver, fortboyard_driver, forteresse_driver, labyrinthe_driver
from tests.discord.driver import at_once, bot_messages, custom_ids, open_game_table, session
from tests.replay.games import data, plain

TITLES = ("fortissimo", "forteresse", "labyrinthe", "fireship", "fortboyard")


async def play_whole_game(env: Env, game: str, channel: ChannelHandle, host: MemberActor) -> tuple[SessionRecord, Any]:
    """A whole game of ``game``, ``host`` against computers (alone at the solitaire), through the board."""
    if game == "forteresse":
        record, thread, _ = await forteresse_driver.start(env, channel, host)
        return await forteresse_driver.Driver(env, thread, host, record.id).play_to_end(), thread
    options = {"rounds": 2} if game == "fireship" else {}
    record, thread, _ = await open_game_table(env, channel, game, host, [], computers=1, **options)
    if game == "fortissimo":
        return await fortissimo.Driver(env, thread, [host], record.id).play_to_end(), thread
    drivers = {"labyrinthe": labyrinthe_driver, "fireship": fireship_driver, "fortboyard": fortboyard_driver}
    driven = drivers[game].Driver(env, thread, [host], record.id)
    done = await (driven.play_until(lambda state: False) if game == "fireship" else driven.play_to_end())
    return done, thread


def received(result: InteractionResult, record: SessionRecord, exact: bool = True) -> tuple[str, str]:
    """The page and the record of a private answer, checked: two files named after the game, the
    record's name saying which it is."""
    answer = result.response
    assert result.ephemeral and answer is not None
    page, text = answer.attachments
    name = f"{record.game}-{record.id}"
    assert [page.filename, text.filename] == [f"{name}.html", f"{name}.txt" if exact else f"{name}-public.txt"]
    return answer.content, page.filename


def public_record(record: SessionRecord, actions: list[ActionRecord]) -> str:
    engine = registry.get(record.game)
    return replay_page.public_record(
        record, engine, replay_page.public_steps(engine, replays.walk(replays.export(record, actions)))
    )


async def files(result: InteractionResult) -> tuple[bytes, str]:
    page, text = result.response.attachments
    return await page.read(), (await text.read()).decode()


def keep(document: bytes, name: str) -> None:
    if folder := os.environ.get("FORTBOT_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / name).write_bytes(document)


@pytest.mark.parametrize("game", TITLES)
async def test_the_replay_of_a_whole_game_from_its_board_and_from_the_command(env: Env, game: str) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, zoe = guild.add_member(env.create_user("ann")), guild.add_member(env.create_user("zoe"))
    set_locale(zoe, "fr")
    record, thread = await play_whole_game(env, game, channel, ann)
    assert record.status == "finished"
    # The pages are built in worker processes at a lower priority: on a busy machine a build may take
    # longer than SimCord's usual wait (the game is over, so no game clock fires meanwhile).
    env.settle_timeout = 60
    actions = await env.bot.storage.actions(record.id)
    steps = replay_page.public_steps(registry.get(game), replays.walk(replays.export(record, actions)))

    final = [m for m in bot_messages(thread, env) if f"f:{game}:{record.id}" in custom_ids(m)]
    assert final, "the finished board has no Replay button"
    # Zoe never played and reads French: she clicks the board's button and gets the page in French,
    # and the public record, what the table saw: no seed, no action.
    clicked = await zoe.click(final[-1], label="Replay")
    words, _ = received(clicked, record, exact=False)
    assert words.startswith(f"Voici la partie n°\xa0{record.id}\xa0: ouvrez la page HTML")
    assert "l'enregistrement exact, qui contient chaque carte et chaque choix cachés, ne va qu'aux joueurs" in words
    page, text = await files(clicked)
    keep(page, f"{game}-{record.id}-button-fr.html")
    assert '<html lang="fr">' in page.decode() and text == public_record(record, actions)
    assert text.startswith(replay_page.PUBLIC_HEADER) and "seed" not in text and str(record.seed) not in text
    assert len(text.splitlines()) == 6 + len(steps)
    found = data(page)
    assert len(found["steps"]) == len(steps)
    assert plain(found["steps"][0]["w"]).startswith("La partie est mise en place.")
    assert plain(found["steps"][-1]["w"]).endswith("La partie est terminée.")
    assert "ann" in plain(page.decode())

    # Ann, in English, played: she asks with the command and gets the same game, in English, and
    # the exact record.
    asked = await ann.slash(channel, "replay", number=record.id)
    words, _ = received(asked, record)
    assert words.startswith(f"Here is game #{record.id}: open the HTML page in a browser")
    page, text = await files(asked)
    keep(page, f"{game}-{record.id}-command-en.html")
    assert '<html lang="en">' in page.decode() and text == replays.export(record, actions)
    assert len(data(page)["steps"]) == len(steps)
    assert re.search(r"Step 0 of \d+", page.decode())


async def test_only_a_finished_game_of_this_server_and_the_button_survives_a_restart(env: Env, db_path: Any) -> None:
    guild, elsewhere = env.create_guild(preferred_locale="en-US"), env.create_guild(preferred_locale="fr")
    channel, other = guild.create_text_channel("games"), elsewhere.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    bea = elsewhere.add_member(env.create_user("bea"))
    set_locale(bea, "fr")
    record, thread = await play_whole_game(env, "fortissimo", channel, ann)
    running, _, _ = await open_game_table(env, channel, "labyrinthe", ann, [], computers=1)
    for who, where, number, said in (
        (ann, channel, running.id, f"There is no finished game #{running.id} on this server."),
        (ann, channel, 999, "There is no finished game #999 on this server."),
        (bea, other, record.id, f"Il n'y a pas de partie terminée n°\xa0{record.id} sur ce serveur."),
    ):
        refused = await who.slash(where, "replay", number=number)
        assert refused.ephemeral and refused.response.content == said and not refused.response.attachments

    await env.restart_bot(make_bot(db_path))
    final = [m for m in bot_messages(thread, env) if f"f:fortissimo:{record.id}" in custom_ids(m)][-1]
    clicked = await ann.click(final, custom_id=f"f:fortissimo:{record.id}")
    received(clicked, await session(env, record.id))


async def test_clicks_that_come_together_share_one_page_and_each_gets_its_record(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building a page takes a while: three clicks at once are all answered, from one build. The
    player and a server admin get the exact record, the other the public one."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, cid = guild.add_member(env.create_user("ann")), guild.add_member(env.create_user("cid"))
    ben = add_admin(guild, env, "ben")
    record, thread = await play_whole_game(env, "fortissimo", channel, ann)
    actions = await env.bot.storage.actions(record.id)
    builds = []
    start = PageBuilder.start

    def counted(builder: PageBuilder, *args: Any) -> Any:
        builds.append(args[0].id)
        return start(builder, *args)

    monkeypatch.setattr(PageBuilder, "start", counted)
    final = [m for m in bot_messages(thread, env) if f"f:fortissimo:{record.id}" in custom_ids(m)][-1]
    button = f"f:fortissimo:{record.id}"
    by_ann, by_ben, by_cid = await at_once(
        env, *(lambda who=who: who.click(final, custom_id=button) for who in (ann, ben, cid))
    )
    assert builds == [record.id]
    pages = {(await files(result))[0] for result in (by_ann, by_ben, by_cid)}
    assert len(pages) == 1
    for result in (by_ann, by_ben):
        received(result, record)
        assert (await files(result))[1] == replays.export(record, actions)
    received(by_cid, record, exact=False)
    assert (await files(by_cid))[1] == public_record(record, actions)
