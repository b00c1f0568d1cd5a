"""Whole Fortissimo! games played in a simulated Discord, by clicks and selects only."""

import re

import discord

from games.fortissimo import ENGINE
from games.fortissimo.cards import label
from games.fortissimo.scoring import score
from tests.conftest import make_bot, set_locale
from tests.discord.driver import (
    Driver,
    add_computer,
    board_messages,
    bot_messages,
    cannon_first,
    check_log_and_replay,
    climb_with_put_backs,
    controls_left,
    custom_ids,
    game_state,
    items,
    jump,
    open_table,
    play_channel,
    public_text,
    session,
    wizard,
)


async def test_whole_two_player_basic_game_in_french(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    set_locale(alice, "fr")
    set_locale(bob, "fr")

    started = await alice.slash(channel, "fortissimo start")
    assert not started.ephemeral
    lobby = started.response.message
    assert lobby.embeds[0].title == "Fortissimo! — une table s'ouvre"
    assert [getattr(i, "label", None) for i in items(lobby)] == [
        "Rejoindre",
        "Quitter",
        "Retirer un ordinateur",
        "Lancer la partie",
        "Annuler",
        "Options",
        "Règles",
        "Apprendre à jouer",
        None,
    ]
    french = {"easy": "Facile", "normal": "Normal", "strong": "Fort"}
    assert [o.label for o in items(lobby)[-1].options] == [french[level] for level in ENGINE.levels]
    await bob.click(lobby, label="Rejoindre")
    lobby = channel.history()[-1]
    assert lobby.embeds[0].fields[0].value == "1. alice · nouveau\n2. bob · nouveau"
    await alice.click(lobby, label="Lancer la partie")

    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    assert record.status == "active"
    (thread,) = channel.threads
    assert thread.name == f"Fortissimo! n°\xa0{record.id}" and record.channel_id == thread.id
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.components == []
    assert lobby.embeds[0].description == f"La partie a commencé : <#{thread.id}>"

    kickoff = thread.history()[0]
    assert kickoff.content == f"🎲 La partie de Fortissimo! commence ! Joueurs : {alice.mention}, {bob.mention}"
    first, second = board_messages(thread, env)
    assert [m.id for m in (first, second)] == record.board_message_ids
    grid = [cid for cid in controls_left(second) if cid.startswith("g:")]
    assert len(items(first)) == 25 and len(grid) == 20  # rows 1-5, rows 6-9, no move control yet
    assert [i.label for i in items(second)][-3:] == ["Conseil", "Règles", "Historique"]
    assert custom_ids(second)[20:] == [  # the strong move, the rules and the latest moves, privately
        f"hint:fortissimo:{record.id}",
        "r:fortissimo",
        f"h:fortissimo:{record.id}",
    ]
    state = game_state(env, record)
    current = alice if record.seats[state.current].user_id == alice.id else bob
    assert first.embeds[0].description == f"{current.mention}, à vous : retournez une carte de la grille."

    driver = Driver(env, thread, [alice, bob], record.id, choose=climb_with_put_backs(3))
    record = await driver.play_to_end()

    assert record.status == "finished"
    state = game_state(env, record)
    outcome = ENGINE.outcome(state)
    winner = record.seats[outcome.winners[0]].name
    assert "r" in driver.tokens and "t" in driver.tokens  # cards were put back and taken
    result = thread.history()[-1]
    assert result.embeds[0].title == f"🏁 Fortissimo! — résultat de la table n°\xa0{record.id}"
    assert result.embeds[0].description.startswith(f"🏆 Victoire : **{winner}**\n")
    assert result.embeds[0].fields[0].name == f"1. {winner}"
    # The final board stays, without a control of the game: a rematch, the rules, the latest moves and the replay.
    assert [m.id for m in bot_messages(thread, env) if m.embeds and "table n°\xa0" in (m.embeds[0].title or "")] == [
        record.board_message_ids[0],
        result.id,
    ]
    assert all(controls_left(m) == [] for m in thread.history())
    final = next(m for m in thread.history() if m.id == record.board_message_ids[0])
    last = next(m for m in thread.history() if m.id == record.board_message_ids[-1])
    assert [i.label for i in items(last)] == ["Revanche", "Règles", "Historique", "Revoir la partie"]
    moves = await alice.click(last, custom_id=f"h:fortissimo:{record.id}")  # how the game was won
    assert moves.ephemeral
    assert moves.response.embeds[0].title == f"📜 Fortissimo! n°\xa0{record.id}\xa0: toute la partie"
    assert moves.response.embeds[0].description.splitlines()[0].startswith("🏁 ")  # the newest first
    assert final.embeds[0].description == "🏁 La partie est terminée."
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].title == f"Fortissimo! — table n°\xa0{record.id}"  # no longer « une table s'ouvre »
    assert lobby.embeds[0].description == f"Cette partie est terminée : <#{thread.id}>"
    await check_log_and_replay(env, record, driver.tokens)


async def test_whole_three_player_advanced_game_with_a_cannon_shot(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    record, _ = await open_table(env, channel, players[0], players[1:], variant="advanced")
    thread = play_channel(env, channel, record)
    assert thread.name == f"Fortissimo! #{record.id}"

    shots = []  # what the table saw around the cannon shot

    async def watch(driver: Driver) -> None:
        first, second = board_messages(thread, env) if (await driver.record()).status == "active" else (None, None)
        if first is None:
            return
        menus = [i for i in items(second) if isinstance(i, discord.SelectMenu)]
        if menus:
            shots.append(("menu", menus[0], first.embeds[0].description))
        elif driver.tokens[-1].startswith("c"):
            shots.append(("after", first.embeds[0].fields[-1].value, None))

    # The driver takes a Cannon as soon as an opponent has a card it can destroy:
    # from the second round on, so the shot comes early, whatever the seed.
    driver = Driver(env, thread, players, record.id, choose=cannon_first, after_click=watch)
    record = await driver.play_to_end()
    assert record.status == "finished"

    fired = [t for t in driver.tokens if t.startswith("c")]
    assert fired, "no cannon was fired"
    kind, menu, prompt = shots[0]
    assert kind == "menu"
    assert menu.placeholder == "Card to destroy…"
    assert re.fullmatch(r"💥 <@\d+> placed a Cannon: choose the opponent's card to destroy\.", prompt)
    assert all(re.fullmatch(r"(ann|ben|cat): \d+.*", option.label) for option in menu.options)
    assert all(re.fullmatch(r"c[0-2]-\d+", option.value) for option in menu.options)
    after = next(entry for entry in shots if entry[0] == "after")
    assert re.search(r"💥 (ann|ben|cat) destroys (ann|ben|cat)'s \d+", after[1])
    state = game_state(env, record)
    assert state.discard  # the destroyed cards

    result = thread.history()[-1].embeds[0]
    assert result.title == f"🏁 Fortissimo! — result of table #{record.id}"
    names = {f.name.split(". ", 1)[1]: f.value for f in result.fields}
    assert set(names) == {"ann", "ben", "cat"}
    for seat, entry in enumerate(record.seats):
        s = score(state.ramparts[seat])
        assert names[entry.name].startswith(
            f"**Total: {s.total}** · base {s.base} · King and Queen {s.king_queen} · "
            f"Princes and Princesses {s.princes_princesses} + pairs {s.pairs} · Crows {s.crows}\n"
        )
    outcome = ENGINE.outcome(state)
    winners = ", ".join(record.seats[s].name for s in outcome.winners)
    assert result.description.startswith(f"🏆 Winner: **{winners}**")
    if outcome.reason == "ten_cards":  # the builder of ten cards need not be the winner: say why
        finisher = record.seats[game_state(env, record).finisher].name
        assert f"{finisher} completed a rampart of 10 cards, which ends the game: points decide." in result.description
    await check_log_and_replay(env, record, driver.tokens)


async def test_one_human_against_three_computers(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    dana = guild.add_member(env.create_user("dana"))
    result = await dana.slash(channel, "fortissimo start")
    lobby = result.response.message
    levels = [ENGINE.levels[n % len(ENGINE.levels)] for n in range(3)]  # every level the game has
    for level in levels:
        await add_computer(channel, dana, lobby, level)
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].value == "1. dana · new\n" + "\n".join(
        f"{n}. 🤖 Computer {n - 1} ({level})" for n, level in enumerate(levels, start=2)
    )
    with_full_table = next(i for i in items(lobby) if i.label == "Join")
    assert with_full_table.disabled  # a full table greys Join out
    await dana.click(lobby, label="Start the game")

    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [dana], record.id)
    record = await driver.play_to_end()

    assert record.status == "finished"
    actions = await env.bot.storage.actions(record.id)
    computer_moves = [a for a in actions if a.user_id is None]
    assert {a.seat for a in computer_moves} == {1, 2, 3}
    assert [a.token for a in actions if a.user_id == dana.id] == driver.tokens
    result = thread.history()[-1].embeds[0]
    assert sorted(f.name.split(". ", 1)[1] for f in result.fields) == [
        "dana",
        *(f"🤖 Computer {n} ({level})" for n, level in enumerate(levels, start=1)),
    ]
    await check_log_and_replay(env, record, driver.tokens)


async def test_old_buttons_keep_working_after_a_restart(env, db_path) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    record, _ = await open_table(env, channel, ann, [ben], variant="advanced")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    for _ in range(3):
        await driver.play_turn()
    record, state, _ = await driver.current()
    slot = driver.choose(state, state.current, 0)[0]
    await driver.click("f" + label(slot))  # a card is flipped when the bot goes down
    before = await session(env, record.id)
    posted = [m.id for m in board_messages(thread, env)]
    old_bot = env.bot

    await env.restart_bot(make_bot(db_path))

    assert env.bot is not old_bot
    assert await session(env, record.id) == before  # nothing lost, nothing played
    # The messages posted before the restart carry the buttons: click Take on them.
    await driver.click("t")
    assert [m.id for m in board_messages(thread, env)] == posted  # edited in place, not re-posted
    record = await driver.play_to_end()
    assert record.status == "finished"
    assert record.board_message_ids == posted
    assert thread.history()[-1].embeds[0].title.startswith("🏁 Fortissimo! — result")
    await check_log_and_replay(env, record, driver.tokens)


async def test_without_thread_permission_the_game_stays_in_the_channel(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    channel = guild.create_text_channel(
        "no-threads", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    record, lobby = await open_table(env, channel, ann, [ben])
    assert channel.threads == []
    assert record.channel_id == channel.id
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].description == f"The game has started: <#{channel.id}>"
    assert any(m.content.startswith("🎲 The game of Fortissimo! begins!") for m in channel.history())
    assert [m.id for m in board_messages(channel, env)] == record.board_message_ids

    driver = Driver(env, channel, [ann, ben], record.id)
    record = await driver.play_to_end()
    assert record.status == "finished"
    assert channel.threads == []
    assert channel.history()[-1].embeds[0].title == f"🏁 Fortissimo! — result of table #{record.id}"
    assert not any(cid.startswith("g:") for m in channel.history() for cid in custom_ids(m))
    assert "🏁 The game is over." in public_text(
        next(m for m in channel.history() if m.id == record.board_message_ids[0])
    )


async def test_the_result_is_posted_even_when_the_board_cannot_be_edited(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    while True:
        record, state, _ = await driver.current()
        if len(state.ramparts[state.current]) == 9:
            break
        await driver.play_turn()
    slot, _ = driver.choose(state, state.current, 0)
    await driver.click("f" + label(slot))
    first, _ = board_messages(thread, env)
    # Discord refuses every edit of the board's first message from now on.
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/{first.id}", status=500, times=None)
    taken = await driver.click("t")  # the tenth card
    assert taken.followups[0].content.startswith("Your move is saved, but the board could not be updated.")
    record = await driver.record()
    assert record.status == "finished"
    assert thread.history()[-1].embeds[0].title == f"🏁 Fortissimo! — result of table #{record.id}"


async def test_a_blocked_game_opens_the_grid_then_ends(env) -> None:
    """Players who grab the highest cards soon cannot take any more: the last one
    able to take plays on the open grid, then nobody can take and the game ends."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    record, _ = await open_table(env, channel, players[0], players[1:])
    thread = play_channel(env, channel, record)
    open_boards = []

    async def watch(driver: Driver) -> None:
        record = await driver.record()
        if record.status == "active" and game_state(env, record).open_grid:
            open_boards.append(board_messages(thread, env))

    driver = Driver(env, thread, players, record.id, choose=jump, open_grid_high=True, after_click=watch)
    record = await driver.play_to_end()
    state = game_state(env, record)
    assert record.status == "finished" and state.end_reason == "blocked"

    first, second = open_boards[0]
    assert re.fullmatch(
        r"<@\d+> is the only one who can still take a card: the grid is face up, pick a card\.",
        first.embeds[0].description,
    )
    assert re.search(r"👁️ Only (ann|ben|cat) can still take cards: they stay face up", public_text(first))
    takes = [i for m in (first, second) for i in items(m) if re.search(r":t[A-E][1-9]$", i.custom_id)]
    assert takes and all(i.style == discord.ButtonStyle.success and i.label.isdigit() for i in takes)
    assert any(re.fullmatch(r"t[A-E][1-9]", token) for token in driver.tokens)  # taken from the open grid

    result = thread.history()[-1].embeds[0]
    lines = result.description.split("\n")
    assert lines[1] == "Nobody can take a card any more: every card left is too low."
    ranking = ENGINE.outcome(state).ranking
    expected, place = [], 1
    for group in ranking:  # tied players share a place
        expected += [f"{place}. {record.seats[seat].name}" for seat in group]
        place += len(group)
    assert [f.name for f in result.fields] == expected
    for entry in result.fields:
        seat = next(i for i, s in enumerate(record.seats) if entry.name.endswith(s.name))
        rampart = state.ramparts[seat]
        assert entry.value.startswith(f"Cards: {len(rampart)} · highest card: {rampart[-1]}\n")
    await check_log_and_replay(env, record, driver.tokens)


async def test_the_wizard_inserts_a_lower_card(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")]
    record, _ = await open_table(env, channel, players[0], players[1:], variant="advanced")
    thread = play_channel(env, channel, record)
    inserted = []
    offered: list[list[str]] = []  # the controls' row while the Wizard's Insert is offered

    async def watch(driver: Driver) -> None:
        if (await driver.record()).status == "active" and driver.enabled("m"):
            offered.append([i.label for i in board_messages(thread, env)[1].components[-1].children])
        if driver.tokens[-1] == "m":
            inserted.append(board_messages(thread, env)[0] if (await driver.record()).status == "active" else None)

    driver = Driver(env, thread, players, record.id, choose=wizard, after_click=watch)
    record = await driver.play_to_end()
    assert record.status == "finished"
    assert "m" in driver.tokens
    assert offered and all(row[-2:] == ["Rules", "History"] and "Insert" in " ".join(row) for row in offered)
    board = inserted[0]
    match = re.search(
        r"🪄 (ann|ben) (?:flips [A-E][1-9] and )?inserts the \*\*(\d+)\*\* with the Wizard", public_text(board)
    )
    assert match
    seat = next(i for i, s in enumerate(record.seats) if s.name == match[1])
    state = game_state(env, record)
    assert int(match[2]) in state.ramparts[seat] and state.magicien_used[seat]
    assert state.ramparts[seat] == sorted(state.ramparts[seat])
    await check_log_and_replay(env, record, driver.tokens)


async def test_take_and_put_back_stand_under_the_question_they_answer(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    record, state, player = await driver.current()
    assert board_messages(thread, env)[1].content == "Grid, rows 6 to 9:"  # nothing to answer yet
    await driver.click("fA1")
    record, state, _ = await driver.current()
    second = board_messages(thread, env)[1]
    card = state.grid[0]
    assert second.content == f"{player.name} flipped **{card}** at A1: take it or put it back face down?"
    assert [i.label for i in items(second)][-5:] == [f"Take the {card}", "Put back", "Hint", "Rules", "History"]
    assert not second.mentions  # the question names the player; the turn ping mentions them
