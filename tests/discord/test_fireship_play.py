"""Fireship played in SimCord: whole games through the board, the special cells, and the
secret reaction window (a DM to the player it asks, nothing anywhere else)."""

from typing import Any

from simcord import Env

from games.fireship import ENGINE
from games.fireship.board import BATTLESHIP_CELLS, MYSTERY_CELLS, WHEEL_CELLS, label
from games.fireship.models import Attack, EndMoves, FireshipState, Piece, Play, Select, Steer, Use
from tests.conftest import make_bot, set_locale
from tests.discord.driver import bot_messages, check_log_and_replay, custom_ids, open_game_table, public_text, session
from tests.discord.fireship_driver import Driver, board
from tests.discord.forteresse_driver import message


def thread_text(env: Env, thread: Any) -> str:
    """Everything the bot's messages in the thread show now."""
    return "\n".join(public_text(message(env, thread, m.id)) for m in bot_messages(thread, env))


async def put_state(env: Env, session_id: int, state: FireshipState) -> None:
    """Set a table's state as a scenario needs it (its replay no longer matches, of course)."""
    record = await session(env, session_id)
    old = record.version
    record.state = ENGINE.dump(state)
    record.version += 1
    await env.bot.storage.save(record, old)
    await env.bot.tables.publish(await session(env, session_id), fresh=True)


def with_pieces(state: FireshipState, pieces: list[Piece], **changes: Any) -> FireshipState:
    """Only the white boats and ``pieces`` on the map."""
    white = [p for p in state.pieces if p.owner is None]
    return state.model_copy(update={"pieces": white + pieces, "next_id": 100, **changes})


async def test_a_whole_game_against_computers_in_french(env: Env) -> None:
    """One player and two computers, three rounds, in French: every move through the board's
    buttons and menus (a zone's private menu when the cell is not among the nearest), until
    the result; the action log replays to the same state."""
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr")
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [], computers=2, lang="fr", rounds=3)
    shown = board(env, thread, record)
    assert shown.embeds[0].title.startswith("⚓ Fireship — table n°\xa0")
    assert "joue en premier" in public_text(shown)  # « le tirage le plus grand désigne le joueur N°1 »
    driver = Driver(env, thread, [ann], record.id)
    record = await driver.play_until(lambda state: False)
    assert record.status == "finished"
    assert {"board", "zone"} <= driver.controls
    texts = thread_text(env, thread)
    assert "La partie est terminée." in texts and "🔵 ann" in texts
    (result,) = [m for m in thread.history() if m.embeds and m.embeds[0].title.startswith("🏆 Fireship")]
    assert result.embeds[0].description.startswith(("Tous les tours sont joués", "🔵", "ann", "🤖"))
    assert any(f" {word} · puissance" in field.value for field in result.embeds[0].fields for word in ("île", "îles"))
    await check_log_and_replay(env, record, driver.tokens)


async def test_two_players_use_every_special_cell(env: Env) -> None:
    """« Si le joueur souhaite utiliser une case spéciale, il doit positionner un de ses pions sur
    cette case, puis finir son tour en laissant le pion dessus »: a plane steered onto the
    battleship cell, boats onto a wheel and a mystery cell, each used from the board's buttons;
    then both players play the two-round game to its end."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben], rounds=2)
    state = env.bot.service.state(record)
    seat = state.current
    battleship, wheel, mystery = BATTLESHIP_CELLS[0], WHEEL_CELLS[0], MYSTERY_CELLS[0]
    mine = [
        Piece(id=90, owner=seat, kind="plane", cell=(battleship[0] - 1, battleship[1])),
        Piece(id=91, owner=seat, kind="boat", cell=(wheel[0], wheel[1] + 1)),
        Piece(id=92, owner=seat, kind="boat", cell=(mystery[0], mystery[1] + 1)),
        Piece(id=93, owner=1 - seat, kind="boat", cell=(17, 17)),
    ]
    await put_state(env, record.id, with_pieces(state, mine, phase="move", dice=(1, 1, 1), points=3))
    driver = Driver(env, thread, [ann, ben], record.id)
    for piece, cell in ((90, battleship), (91, wheel), (92, mystery)):
        await driver.play(seat, Select(piece=piece))
        await driver.play(seat, Steer(to=cell))
    assert env.bot.service.state(await session(env, record.id)).phase == "act"
    shown = board(env, thread, await session(env, record.id))
    labels = [getattr(item, "label", "") for row in shown.components for item in row.children]
    assert f"⚓ Battleship cell {label(battleship)}" in labels and f"🎡 Wheel {label(wheel)}" in labels
    assert f"❓ Mystery card {label(mystery)}" in labels
    for piece in (90, 91, 92):
        state = env.bot.service.state(await session(env, record.id))
        while state.phase != "act":  # what a wheel or a card asked first (a piece to lose, a Kraken)
            await driver.step()
            state = env.bot.service.state(await session(env, record.id))
        if any(p.id == piece for p in state.pieces):
            await driver.play(seat, Use(piece=piece))
    shown = board(env, thread, await session(env, record.id))
    history = await ann.click(shown, custom_id=f"h:fireship:{record.id}")  # the board keeps a few lines
    assert history.ephemeral
    texts = thread_text(env, thread) + "\n".join(e.description for e in history.response.embeds)
    for told in ("tries the battleship cell", "spins the wheel", "draws a mystery card"):
        assert told in texts
    record = await driver.play_until(lambda state: False)
    assert record.status == "finished"


async def fight(env: Env, hand: list[str]) -> tuple[Any, Any, Driver, Any]:
    """Ann's boat next to Ben's boat, Ann to attack, Ben holding ``hand``."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben])
    state = env.bot.service.state(record)
    a, b = (0, 1) if record.seats[0].user_id == ann.id else (1, 0)
    pieces = [
        Piece(id=90, owner=a, kind="boat", cell=(7, 8)),
        Piece(id=91, owner=b, kind="boat", cell=(8, 8)),
        Piece(id=92, owner=a, kind="plane", cell=(0, 0)),
        Piece(id=93, owner=b, kind="plane", cell=(18, 18)),
    ]
    hands = [[], []]
    hands[b] = hand
    await put_state(env, record.id, with_pieces(state, pieces, phase="act", current=a, hands=hands))
    return ann, ben, Driver(env, thread, [ann, ben], record.id), thread


def controls(shown: Any) -> list[tuple[str, str, bool]]:
    """What a message's controls show: kind, label or placeholder, disabled; not their ids."""
    return [
        (type(i).__name__, getattr(i, "label", None) or getattr(i, "placeholder", ""), bool(i.disabled))
        for row in shown.components
        for i in row.children
    ]


async def test_non_answers_an_attack_in_secret(env: Env) -> None:
    """« Non : annule n’importe quelle action une fois »: Ben, attacked, is asked by DM; nothing
    public says so: the board stays as it was before the attack (no name, no card, no custom
    id, not even the attack), and Ann's clicks on it meanwhile are told to wait; his Non
    cancels the attack, and then the attack and the Non are told."""
    ann, ben, driver, thread = await fight(env, ["non"])
    record = await driver.record()
    before = board(env, thread, record)
    embed, shown_before = before.embeds[0].to_dict(), controls(before)
    await driver.play(driver_seat(record, ann), Attack(leader="90", target="91"))
    record = await driver.record()
    assert env.bot.service.state(record).phase == "react"
    shown = board(env, thread, record)
    assert shown.embeds[0].to_dict() == embed and controls(shown) == shown_before
    assert all(":cnon" not in c and ":ok" not in c for c in custom_ids(shown))
    texts = thread_text(env, thread)
    assert "🚫 No" not in texts and "ben must play" not in texts and "attacks" not in texts
    end_turn = next(c for c in custom_ids(shown) if c.endswith(":x"))
    waited = await ann.click(shown, custom_id=end_turn)
    assert (
        waited.ephemeral
        and waited.response.content == "⛔ One moment: the last move is still being played. Try again in a few seconds."
    )
    assert (await driver.record()).version == record.version
    assert ann.user.dm_channel is None or not list(ann.user.dm_channel.history())
    dm = await driver.last_dm(record, driver_seat(record, ben))
    assert "an action hits you" in dm.content
    assert [getattr(i, "label", "") for r in dm.components for i in r.children] == ["🚫 No", "Let it pass"]
    private = message(env, thread, (await driver.open_private(record, driver_seat(record, ann))).id)
    assert "🚫 No" not in public_text(private) and "An action hits you" not in public_text(private)
    await driver.play(driver_seat(record, ben), Play(card="non"))
    assert "dm" in driver.controls
    record = await driver.record()
    state = env.bot.service.state(record)
    assert state.phase == "act" and state.hands[driver_seat(record, ben)] == []
    told = board(env, thread, record).embeds[0].fields[-1].value
    assert "attacks" in told and "🚫 No! The attack is cancelled." in told
    assert any(p.id == 91 for p in state.pieces)


def driver_seat(record: Any, member: Any) -> int:
    seat = record.seat_of(member.id)
    assert seat is not None
    return seat


async def test_an_unanswered_window_closes_by_itself_without_a_word(env: Env) -> None:
    """The window lasts 45 seconds: then Ben lets it pass, the attack is rolled, and nobody is
    told that he was asked (no timeout message, no missed turn)."""
    ann, ben, driver, thread = await fight(env, ["plus_one"])
    await driver.play(driver_seat(await driver.record(), ann), Attack(leader="90", target="91"))
    record = await driver.record()
    assert env.bot.service.state(record).phase == "react"
    await env.advance_time(46)
    record = await driver.record()
    state = env.bot.service.state(record)
    assert state.phase == "act" and state.pending is None
    texts = thread_text(env, thread)
    assert "plain die (3 in 6): " in texts and "ran out of time" not in texts and "+1" not in texts
    assert record.seats[driver_seat(record, ben)].missed == 0
    assert all(seat.window is None for seat in record.seats)


async def test_moves_end_and_the_turn_passes(env: Env) -> None:
    """Rolling, one move, "End moves" then "End turn": the other player's turn begins."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben])
    driver = Driver(env, thread, [ann, ben], record.id)
    first = env.bot.service.state(record).current
    await driver.step()  # the roll
    state = env.bot.service.state(await driver.record())
    assert (
        state.phase == "move"
        and f"**{state.points} points**" in board(env, thread, await driver.record()).embeds[0].description
    )
    await driver.play(first, EndMoves())
    await driver.step()
    state = env.bot.service.state(await driver.record())
    assert state.phase in ("act", "roll")


async def test_out_of_turn_and_an_old_button_after_a_restart(env: Env, db_path: Any) -> None:
    """Ben's click on Ann's roll is refused in his language and changes nothing; after a
    restart, the board posted before it still plays Ann's roll."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben])
    current = env.bot.service.state(record).current
    mover, other = (ann, ben) if record.seats[current].user_id == ann.id else (ben, ann)
    old = board(env, thread, record)
    roll = f"g:fireship:{record.id}:{record.version}:r"
    refused = await other.click(old, custom_id=roll)
    assert refused.ephemeral and (await session(env, record.id)).version == record.version
    word = "Ce n'est pas votre tour." if other is ben else "It is not your turn."
    assert refused.response.content.startswith("⛔") and word in refused.response.content
    await env.restart_bot(make_bot(db_path))
    assert not (await mover.click(old, custom_id=roll)).ephemeral
    state = env.bot.service.state(await session(env, record.id))
    assert state.phase in ("move", "act") and state.dice is not None
