"""💡 Hint in every game (issue 31), through the simulated Discord.

The Hint control sits where the player's own controls are: the board for Forteresse Solo and
Fortissimo!, the private view for Le labyrinthe secret, Fireship and Fort Boyard. Clicked by the
player whose decision it is, it answers privately, in their language, with the strong level's move
for their view and the session's seed (the same search the engine makes here), named as their
controls name it, and one reason drawn from the search; the game does not change. A player not to
act is told there is nothing to decide, anyone else is refused. The host may turn hints off in the
lobby (the panel, or ``/<game> start hints:False``): no control then, and a click on one shown
before is answered that hints are off. A tutorial always offers it, enabled among the guide's
restricted controls."""

from typing import Any

import discord
import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot.storage import SessionRecord
from bot.ui.hints import hint_iterations, hint_rng, hint_text
from cogs.forteresse.board import ForteresseUI
from games.core import Budget, registry
from games.forteresse import ENGINE as FORTERESSE
from tests.conftest import set_locale
from tests.discord.driver import LOBBY_LABELS, custom_ids, items, open_game_table, session
from tests.discord.forteresse_driver import Driver, board, game_state, message, private_reply, start
from tests.discord.test_forteresse_play import WON_SEED, use_seed
from tests.discord.test_lobby_options import choose, lobby_of, open_lobby, open_panel, options_text
from tests.discord.tutorial_driver import board as tutorial_board
from tests.discord.tutorial_driver import enabled_controls, learn

SEARCH_ITERATIONS = 40  # the strong searches of these tests: a few iterations, as the transcripts' computers
NOT_IN_GAME = "⛔ You are not playing in this game."
NOTHING = {"en": "💡 Nothing to decide right now: ask again when it is your turn.", "fr": ""}
NOTHING["fr"] = "💡 Rien à décider pour l'instant\u00a0: redemandez quand ce sera votre tour."


def hint_id(record: SessionRecord) -> str:
    return f"hint:{record.game}:{record.id}"


def expected(env: Env, record: SessionRecord, seat: int, lang: str) -> tuple[str, Any]:
    """The hint ``seat`` should get now, and its move: the strong level's analysis of the seat's own
    view with the session's seed, worded by the game's UI, made here in the test's process."""
    engine = registry.get(record.game)
    state = env.bot.service.state(record)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    budget = Budget(hint_iterations(engine, env.bot.service.search_iterations))
    found = engine.strong_analysis(view, legal, hint_rng(record), budget)
    assert found.move in legal
    assert found.move == engine.choose(view, legal, hint_rng(record), "strong", budget)  # the strong level's move
    return "💡 " + hint_text(env.bot.tables.uis[record.game], record, state, seat, found, lang), found.move


def shown_with(env: Env, thread: ChannelHandle, record: SessionRecord, custom_id: str) -> discord.Message | None:
    """The board's message carrying ``custom_id``, if one does."""
    for message_id in record.board_message_ids:
        shown = message(env, thread, message_id)
        if custom_id in custom_ids(shown):
            return shown
    return None


async def private_view(env: Env, thread: ChannelHandle, record: SessionRecord, player: MemberActor) -> discord.Message:
    """The board's button that opens the player's private view, clicked: the view, as shown."""
    opener = f"p:{record.game}:{record.id}"
    shown = shown_with(env, thread, record, opener)
    assert shown is not None, opener
    reply = private_reply(await player.click(shown, custom_id=opener))
    assert reply.flags.ephemeral
    return message(env, thread, reply.id)


async def where_hint(env: Env, thread: ChannelHandle, record: SessionRecord, player: MemberActor) -> discord.Message:
    """The message that shows ``player`` the Hint control: the board, else their private view."""
    return shown_with(env, thread, record, hint_id(record)) or await private_view(env, thread, record, player)


async def ask(player: MemberActor, shown: discord.Message, record: SessionRecord) -> Any:
    """A click on the Hint: its private answer."""
    (button,) = [i for i in items(shown) if getattr(i, "custom_id", None) == hint_id(record)]
    assert not button.disabled
    answer = private_reply(await player.click(shown, custom_id=hint_id(record)))
    assert answer.flags.ephemeral
    return answer


# -- Forteresse Solo (its hint before this one, moved: the same checks) ----------------------------
UI = ForteresseUI()


async def test_the_forteresse_hint_is_private_legal_and_changes_nothing(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    set_locale(ann, "fr")
    record, thread, _ = await start(env, channel, ann)
    driver = Driver(env, thread, ann, record.id)
    record = await driver.play_until(lambda s: s.prompt is not None and s.prompt.kind == "explore")
    state = game_state(env, record)

    # The player: a private answer naming the strong level's move, in French, with the search's reason.
    answer = await ask(ann, board(env, thread, record), record)
    text, move = expected(env, record, 0, "fr")
    assert move in FORTERESSE.legal_actions(state, 0)
    words = UI.move_words(FORTERESSE.view(state, 0), move, "fr")
    assert answer.content == text
    assert answer.content.startswith(f"💡 À votre place, l'ordinateur (niveau fort) jouerait\u00a0: **{words}**. ")
    assert answer.content.endswith(" Ce conseil ne joue rien\u00a0: à vous de choisir.")
    assert "Dans les parties que l'ordinateur a simulées à partir d'ici, ce coup en a gagné " in answer.content

    # Nothing changed; the same position gives the same hint.
    after = await driver.record()
    assert (after.version, after.state) == (record.version, record.state)
    again = await ask(ann, board(env, thread, record), record)
    assert again.content == answer.content

    # A stranger is refused, in English, and learns nothing.
    refused = private_reply(await bob.click(board(env, thread, record), custom_id=hint_id(record)))
    assert refused.flags.ephemeral
    assert refused.content == NOT_IN_GAME

    # Playing the hinted move is accepted.
    await driver.open_hand()
    await driver.click(move.token())
    assert driver.tokens[-1] == move.token()
    assert (await driver.record()).version > record.version


async def test_the_forteresse_hint_speaks_english_too(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, channel, ann)
    state = game_state(env, record)
    answer = await ask(ann, board(env, thread, record), record)
    text, move = expected(env, record, 0, "en")
    words = UI.move_words(FORTERESSE.view(state, 0), move, "en")
    assert answer.content == text
    assert answer.content == (
        f"💡 In your place, the computer (strong level) would play: **{words}**. "
        "The computer plays it here by its rule of thumb, without a search. "
        "This hint plays nothing: the choice is yours."
    )
    assert words in ("Keep this hand", "Mulligan: a new hand")


# -- every other title: where the control is, who gets what -------------------------------------
TABLES = {  # the options that give the first seat the first move where a game has one
    "fortissimo": {"first_player": "lobby"},
    "labyrinthe": {"first_player": "lobby"},
    "fireship": {},
    "fortboyard": {"cards": "en"},
}
ON_THE_BOARD = {"fortissimo"}  # open information: the Hint is on the board; elsewhere in the private view


async def table(env: Env, game: str, **options: Any) -> tuple[SessionRecord, ChannelHandle, list[MemberActor]]:
    """Ann (French) opens a table of ``game``, Ben (English) joins, and it starts; Cleo (English)
    watches."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cleo = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cleo"))
    set_locale(ann, "fr")
    env.bot.service.search_iterations = SEARCH_ITERATIONS
    record, thread, _ = await open_game_table(env, channel, game, ann, [ben], **TABLES[game], **options)
    return record, thread, [ann, ben, cleo]


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_the_player_to_act_gets_the_strong_move_and_the_others_do_not(env, game: str) -> None:
    record, thread, (ann, ben, cleo) = await table(env, game)
    state = env.bot.service.state(record)
    (seat,) = registry.get(record.game).to_act(state)
    acting, waiting = (ann, ben) if seat == 0 else (ben, ann)
    lang, other_lang = ("fr", "en") if seat == 0 else ("en", "fr")

    shown = await where_hint(env, thread, record, acting)
    assert (shown.id in record.board_message_ids) == (game in ON_THE_BOARD)
    answer = await ask(acting, shown, record)
    text, _ = expected(env, record, seat, lang)
    assert answer.content == text
    assert (await session(env, record.id)).version == record.version  # nothing played

    # The other player: nothing to decide now, in their language.
    waited = await ask(waiting, await where_hint(env, thread, record, waiting), record)
    assert waited.content == NOTHING[other_lang]

    # A spectator opens no private view, and the board's Hint refuses them.
    if game in ON_THE_BOARD:
        refused = private_reply(await cleo.click(shown, custom_id=hint_id(record)))
    else:
        refused = private_reply(await cleo.click(board_of(env, thread, record), custom_id=f"p:{game}:{record.id}"))
    assert refused.flags.ephemeral and refused.content == NOT_IN_GAME


def board_of(env: Env, thread: ChannelHandle, record: SessionRecord) -> discord.Message:
    found = shown_with(env, thread, record, f"p:{record.game}:{record.id}")
    assert found is not None
    return found


async def test_a_searched_hint_tells_why_and_changes_with_the_position(env) -> None:
    """Fortissimo!: the hint names the slot to flip and the search's figures; after a few moves the
    reason reads otherwise."""
    record, thread, (ann, ben, _) = await table(env, "fortissimo")
    seen = set()
    for _ in range(4):
        record = await session(env, record.id)
        state = env.bot.service.state(record)
        (seat,) = registry.get("fortissimo").to_act(state)
        player, lang = (ann, "fr") if seat == 0 else (ben, "en")
        answer = await ask(player, await where_hint(env, thread, record, player), record)
        text, move = expected(env, record, seat, lang)
        assert answer.content == text
        seen.add(answer.content.split("**")[2])  # the reason, after the move's words
        await player.click(shown_with(env, thread, record, f"g:fortissimo:{record.id}:{record.version}:{move.token()}"),
                           custom_id=f"g:fortissimo:{record.id}:{record.version}:{move.token()}")  # fmt: skip
    assert len(seen) >= 2, seen


# -- turning hints off --------------------------------------------------------------------------
async def test_the_host_turns_hints_off_in_the_lobby_and_no_control_shows(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (ann, ben):
        set_locale(member, "fr")
    record = await open_lobby(env, channel, ann, "labyrinthe")
    assert options_text(lobby_of(env, channel, record)).endswith("\n💡 Conseils\u00a0: oui")
    panel = await open_panel(env, channel, ann, record)
    assert "**Conseils**\u00a0: Proposer aux joueurs le bouton 💡 Conseil" in panel.content
    await choose(ann, panel, "hints", "false")
    assert options_text(lobby_of(env, channel, record)).endswith("\n💡 Conseils\u00a0: non")
    await ben.click(lobby_of(env, channel, record), label=LOBBY_LABELS["fr"]["join"])
    await ann.click(lobby_of(env, channel, record), label=LOBBY_LABELS["fr"]["start"])
    started = await session(env, record.id)
    assert started.status == "active" and not started.hints
    thread = next(t for t in channel.threads if t.id == started.channel_id)
    view = await private_view(env, thread, started, ann)
    assert hint_id(started) not in custom_ids(view)
    assert all(hint_id(started) not in custom_ids(message(env, thread, m)) for m in started.board_message_ids)


async def test_a_start_without_hints_shows_none_and_an_old_hint_is_answered_they_are_off(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, thread, lobby = await open_game_table(env, channel, "fortissimo", ann, [ben], hints=False)
    assert options_text(message(env, channel, lobby.id)).endswith("\n💡 Hints: off")
    assert not record.hints
    assert all(hint_id(record) not in custom_ids(message(env, thread, m)) for m in record.board_message_ids)

    # A table with hints on, whose hints are then off (a Hint shown before): the click says so.
    record, thread, (ann, _, _) = await table(env, "fortissimo")
    shown = await where_hint(env, thread, record, ann)
    await env.bot.service.update(await session(env, record.id), hints=False)
    refused = private_reply(await ann.click(shown, custom_id=hint_id(record)))
    assert refused.content == "⛔ Les conseils sont désactivés à cette table\u00a0: son hôte les a coupés."


# -- a tutorial -----------------------------------------------------------------------------------
async def test_a_tutorial_offers_the_hint_enabled_and_says_when_the_guide_asks_otherwise(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    env.bot.service.search_iterations = SEARCH_ITERATIONS
    record, thread = await learn(env, channel, ann, "fortissimo", "The basic game")
    shown = shown_with(env, thread, record, hint_id(record))
    assert shown is not None
    ((_, guided),) = enabled_controls(tutorial_board(thread, record))  # the guide's move: the only game control
    answer = await ask(ann, shown, record)
    text, move = expected(env, record, 0, "en")
    assert answer.content == text
    asked = guided.custom_id.rsplit(":", 1)[1]
    note = "In this lesson, though, the guide asks for another move: follow the guide."
    assert answer.content.endswith(note) == (move.token() != asked)
