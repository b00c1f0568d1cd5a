"""Duels in Discord: each choice stays private until both are in, the thread tells the duel
as it happens, and a pending duel survives a restart."""

from games.labyrinthe import ENGINE
from tests.conftest import make_bot, set_locale
from tests.discord.driver import bot_messages, custom_ids, items, public_text
from tests.discord.forteresse_driver import message, private_reply
from tests.discord.labyrinthe_driver import Driver, board, duellist, idler, open_table

SIGN_WORDS = {
    "rock": ("🪨", "Stone", "Pierre"),
    "paper": ("📄", "Paper", "Papier"),
    "scissors": ("✂️", "Scissors", "Ciseaux"),
}


async def start_duel(env, lang: str = "en"):
    """Alice hunts Bob (who only stays) until a duel waits for both choices; Carol only watches."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    for member in (alice, bob, carol):
        set_locale(member, lang)
    record, thread, _ = await open_table(env, channel, alice, [bob], lang=lang, first_player="lobby")
    driver = Driver(env, thread, [alice, bob], record.id, choosers={0: duellist, 1: idler})
    record = await driver.play_until(lambda state: state.phase == "choose")
    state = env.bot.service.state(record)
    assert state.duel.challenger == 0 and state.duel.defender == 1, state.duel
    return driver, record, (alice, bob, carol)


def thread_text(env, driver, since: int) -> str:
    """Every bot message of the thread after message ``since``, and the board as it shows now."""
    messages = [m for m in bot_messages(driver.channel, env) if m.id > since]
    return "\n".join(public_text(m) for m in messages)


def sign_id(record, state, sign: str) -> str:
    """A sign button's id: no board version (another's choice must not make it stale), the round."""
    return f"g:labyrinthe:{record.id}:0:{sign}-{state.duel.round}"


async def choose(driver, seat: int, sign: str, shown=None):
    """Click a sign in the seat's private view (opened from the board unless given); the view after."""
    record = await driver.record()
    state = driver.env.bot.service.state(record)
    shown = shown or await driver.open_private(record, seat)
    signs = {sign_id(record, state, s) for s in ("rock", "paper", "scissors")}
    assert set(custom_ids(shown)) == signs | {f"hint:labyrinthe:{record.id}"}  # the signs, and 💡 Hint
    actor = driver.actor(record, seat)
    result = await actor.click(shown, custom_id=sign_id(record, state, sign))
    assert (await driver.record()).version > record.version
    return message(driver.env, driver.channel, shown.id), result


async def test_each_choice_stays_private_until_both_have_chosen(env) -> None:
    driver, record, (alice, bob, carol) = await start_duel(env)
    last = max(m.id for m in bot_messages(driver.channel, env))
    news = [m for m in bot_messages(driver.channel, env) if m.content and m.content.startswith("⚔️")]
    assert any("alice challenges bob" in m.content for m in news)
    assert f"<@{alice.id}>, <@{bob.id}>: choose in secret" in news[-1].content  # both duellists are pinged

    # Alice opens her private view twice, chooses stone in the first: she alone is told.
    record = await driver.record()
    bob_before = await driver.open_private(record, 1)
    second = await driver.open_private(record, 0)
    after_alice, _ = await choose(driver, 0, "rock")
    assert "You chose 🪨 Stone" in public_text(after_alice)
    assert custom_ids(after_alice) == [f"hint:labyrinthe:{record.id}"]  # no second choice, only the Hint
    # A second click, in the other view, is told privately that her choice is made; nothing is played.
    version = (await driver.record()).version
    state = env.bot.service.state(record)
    result = await alice.click(second, custom_id=sign_id(record, state, "paper"))
    assert private_reply(result).content == "⛔ You have already made your choice: waiting for the others."
    assert (await driver.record()).version == version
    record = await driver.record()
    seen_by_all = thread_text(env, driver, last) + public_text(board(env, driver.channel, record))
    assert "alice has chosen" in seen_by_all
    assert not any(word in seen_by_all for word in SIGN_WORDS["rock"]), seen_by_all
    assert not any("rock" in cid for cid in custom_ids(board(env, driver.channel, record)))
    for dm in (bob.user.dm_channel, carol.user.dm_channel):
        assert dm is None or not [m for m in dm.history() if "🪨" in (m.content or "")]

    # Bob's private view says nothing of it; Carol, not in the game, is refused hers.
    bob_after = await driver.open_private(record, 1)
    assert [e.to_dict() for e in bob_after.embeds] == [e.to_dict() for e in bob_before.embeds]
    assert [i.label for i in items(bob_after)] == [i.label for i in items(bob_before)]
    refused = await carol.click(board(env, driver.channel, record), custom_id=f"p:labyrinthe:{record.id}")
    assert refused.ephemeral and refused.response.content.endswith("You are not playing in this game.")
    state = env.bot.service.state(record)
    assert ENGINE.view(state, 1).duel.my_choice is None and ENGINE.view(state, 1).duel.chosen == [0]

    # Bob chooses paper in the view he opened before Alice chose: still valid, and the
    # reveal and the result come only now.
    await choose(driver, 1, "paper", shown=bob_before)
    record = await driver.record()
    told = thread_text(env, driver, last)
    assert "Both have chosen: alice 🪨 · bob 📄. bob wins the duel" in told
    state = env.bot.service.state(record)
    assert state.phase == "place" and ENGINE.to_act(state) == {1}
    assert f"<@{bob.id}> won the duel: put the loser's pawn on a free cell." in public_text(
        board(env, driver.channel, record)
    )


async def test_equal_choices_replay_the_duel_in_french(env) -> None:
    driver, record, _ = await start_duel(env, lang="fr")
    last = max(m.id for m in bot_messages(driver.channel, env))
    await choose(driver, 0, "scissors")
    await choose(driver, 1, "scissors")
    record = await driver.record()
    state = env.bot.service.state(record)
    assert state.phase == "choose" and state.duel.round == 2 and state.duel.choices == {}
    told = thread_text(env, driver, last)
    assert "Les deux ont choisi : alice ✂️ · bob ✂️. Le même objet ! On refait le duel" in told
    assert "manche 2" in public_text(board(env, driver.channel, record))
    await choose(driver, 1, "rock")
    await choose(driver, 0, "paper")
    told = thread_text(env, driver, last)
    assert "alice 📄 · bob 🪨. alice gagne le duel" in told


async def test_a_pending_duel_survives_a_restart(env, db_path) -> None:
    driver, record, (alice, bob, _) = await start_duel(env)
    await choose(driver, 0, "paper")
    before = await driver.record()
    old_board = board(env, driver.channel, before)
    await env.restart_bot(make_bot(db_path))

    # The board's button still opens Bob's private view, and his choice settles the duel
    # against the choice Alice made before the restart.
    result = await bob.click(old_board, custom_id=f"p:labyrinthe:{before.id}")
    shown = message(env, driver.channel, private_reply(result).id)
    await choose(driver, 1, "scissors", shown=shown)
    record = await driver.record()
    state = env.bot.service.state(record)
    assert state.duel.winner == 1 and state.phase == "place"
    assert "Both have chosen: alice 📄 · bob ✂️. bob wins the duel" in thread_text(env, driver, old_board.id)

    # Alice may not place the pawn (Bob won); Bob does, from the menus.
    shown = board(env, driver.channel, record)
    menus = [i for i in items(shown) if getattr(i, "options", None)]
    assert menus and all(len(menu.options) <= 25 for menu in menus)
    value = menus[0].options[0].value
    refused = await alice.select(shown, [value], custom_id=menus[0].custom_id)
    assert refused.ephemeral and "not your turn" in refused.response.content
    await bob.select(shown, [value], custom_id=menus[0].custom_id)
    state = env.bot.service.state(await driver.record())
    assert state.phase == "change" and state.current == 1


async def test_a_duellist_who_does_not_choose_in_time_gets_the_computers_choice(env) -> None:
    """The clock gives both duellists one deadline; at Bob's, the computer chooses for him
    (from his own view), and Alice's earlier choice settles the duel against it."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    record, thread, _ = await open_table(env, channel, alice, [bob], first_player="lobby", turn_clock=10)
    driver = Driver(env, thread, [alice, bob], record.id, choosers={0: duellist, 1: idler})
    record = await driver.play_until(lambda state: state.phase == "choose")
    assert record.seats[0].deadline is not None and record.seats[1].deadline == record.seats[0].deadline
    await choose(driver, 0, "rock")
    waiting = await driver.record()
    assert waiting.seats[0].deadline is None and waiting.seats[1].deadline is not None

    await env.advance_time(waiting.seats[1].deadline - env.bot.service.clock() + 1)
    record = await driver.record()
    state = env.bot.service.state(record)
    assert state.phase != "choose" or state.duel.round == 2  # chosen for Bob: a result, or a tie replayed
    chosen = [a for a in await env.bot.storage.actions(record.id) if a.seq > waiting.version]
    assert chosen[0].seat == 1 and chosen[0].user_id is None and chosen[0].token in ("rock-1", "paper-1", "scissors-1")
    told = "\n".join(m.content or "" for m in bot_messages(thread, env))
    assert "bob ran out of time" in told and "Both have chosen: alice 🪨 · bob" in told


async def test_a_secret_choice_uploads_no_new_picture(env) -> None:
    """A duellist's choice changes the board's words (who has chosen), not its picture: the
    attachment stays, with its text, and no new bytes go up."""
    driver, record, _ = await start_duel(env)
    before = board(env, driver.channel, record).attachments[0]
    await choose(driver, 0, "rock")
    after = board(env, driver.channel, await driver.record())
    assert "Waiting for: <@" in public_text(after) and after.attachments[0].id == before.id
    assert after.attachments[0].description == before.description
