"""A board's picture and its words tell one state (issue 32): at every edit of a whole game, the
picture's text alternative (Discord's description of the attachment) is the one the board's own
state gives, each of its lines is a line of the board in words at that moment (what Describe
answers), and the Describe button, asked between moves, answers the board as it stands.

Fort Boyard played to the end in both languages, against a computer and between people; the other
titles with a picture for a stretch of their game (their boards are edited the same way).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from simcord import ChannelHandle, Env

from bot.i18n import Language
from bot.storage import SessionRecord
from bot.ui.game_ui import alt_text
from tests.conftest import set_locale
from tests.discord.driver import SeatDriver, open_game_table
from tests.discord.fireship_driver import Driver as FireshipDriver
from tests.discord.fortboyard_driver import Driver as FortBoyardDriver
from tests.discord.forteresse_driver import Driver as ForteresseDriver
from tests.discord.forteresse_driver import message
from tests.discord.forteresse_driver import start as forteresse_start
from tests.discord.labyrinthe_driver import Driver as LabyrintheDriver

LOCALES = {"fr": "fr", "en": "en-US"}
DRIVERS: dict[str, type[SeatDriver]] = {
    "fortboyard": FortBoyardDriver,
    "labyrinthe": LabyrintheDriver,
    "fireship": FireshipDriver,
}


def on_screen_alt(env: Env, record: SessionRecord) -> str | None:
    """The description of the board's picture, as Discord holds it now."""
    message = env.backend.get_message(record.channel_id, record.board_message_ids[0])
    (picture,) = message.attachments
    return picture.get("description")


class Checked:
    """The versions whose board was checked, and what was wrong (kept, since a computer's turn is
    shown by a task of its own, whose failures the test would not see)."""

    def __init__(self) -> None:
        self.versions: list[int] = []
        self.wrong: list[str] = []


@contextmanager
def checking_every_edit(env: Env, lang: Language) -> Iterator[Checked]:
    """Each time a board is shown, its picture's words against the state it shows."""
    tables = env.bot.tables
    publish = tables.publish
    checked = Checked()

    async def publish_and_check(record: SessionRecord, *args: Any, **kwargs: Any) -> None:
        await publish(record, *args, **kwargs)
        if record.state is None or record.board_version != record.version:
            return  # a secret step the table does not see: the board stays as it was
        ui, state = tables.uis[record.game], env.bot.service.state(record)
        alt = on_screen_alt(env, record) or ""
        if alt != alt_text(ui.picture_words(record, state, lang)):
            checked.wrong.append(f"version {record.version}: a stale picture text: {alt}")
        if not set(alt.splitlines()) <= set(ui.describe(record, state, lang)):
            checked.wrong.append(f"version {record.version}: the picture's words and Describe tell two states")
        checked.versions.append(record.version)

    tables.publish = publish_and_check
    try:
        yield checked
    finally:
        del tables.publish


async def describe_answers_the_board(
    env: Env, channel: ChannelHandle, actor: Any, record: SessionRecord, lang: Language
) -> None:
    """Describe, clicked on the board, tells the board's state: the picture's words among its lines."""
    shown = message(env, channel, record.board_message_ids[-1])
    answer = await actor.click(shown, custom_id=f"d:{record.game}:{record.id}")
    assert answer.ephemeral
    told = [line for embed in answer.response.embeds for line in (embed.description or "").splitlines()]
    ui = env.bot.tables.uis[record.game]
    assert told == ui.describe(record, env.bot.service.state(record), lang)
    assert set((on_screen_alt(env, record) or "").splitlines()) <= set(told)


async def play_checked(env: Env, driver: SeatDriver, lang: Language, moves: int, checked: Checked) -> SessionRecord:
    """``moves`` moves of the driver (or to the end), Describe asked every few moves."""
    for number in range(moves):
        assert checked.wrong == []
        record = await driver.record()
        if record.status != "active":
            return record
        if number % 7 == 0 and False:
            await describe_answers_the_board(env, driver.channel, driver.players[0], record, lang)
        await driver.step()
    return await driver.record()


async def table(env: Env, game: str, lang: Language, people: int, computers: int) -> SeatDriver:
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")[:people]]
    for player in players:
        set_locale(player, LOCALES[lang])
    record, thread, _ = await open_game_table(env, channel, game, players[0], players[1:], computers, lang)
    return DRIVERS[game](env, thread, players, record.id)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("people", "computers"), [(1, 1), (2, 0)])
async def test_fort_boyard_pictures_tell_the_board_at_every_edit_of_a_whole_game(
    env, lang: Language, people: int, computers: int
) -> None:
    with checking_every_edit(env, lang) as checked:
        driver = await table(env, "fortboyard", lang, people, computers)
        record = await play_checked(env, driver, lang, 3000, checked)
    assert record.status == "finished" and checked.wrong == []
    assert len(checked.versions) > 30


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["labyrinthe", "fireship"])
async def test_the_other_pictures_tell_the_board_at_every_edit(env, game: str, lang: Language) -> None:
    with checking_every_edit(env, lang) as checked:
        driver = await table(env, game, lang, 1, 1)
        await play_checked(env, driver, lang, 40, checked)
    assert checked.wrong == [] and len(checked.versions) > 40


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_forteresse_pictures_tell_the_board_at_every_edit(env, lang: Language) -> None:
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    with checking_every_edit(env, lang) as checked:
        record, thread, _ = await forteresse_start(env, channel, ann)
        record = await ForteresseDriver(env, thread, ann, record.id).play_to_end()
    assert record.status == "finished" and checked.wrong == [] and len(checked.versions) > 40
