"""Face-down cards stay secret: not in custom ids, not in any public text.

A card flipped is shown to everyone at that moment; once it is face down again the
table no longer shows it (remembering positions is the game). Only the change just
made may still name it: a computer player's flip, that nobody saw on the board.
"""

import re

import discord
import pytest

from games.fortissimo.cards import label, parse_label
from tests.discord.driver import (
    ID_PATTERN,
    Driver,
    board_messages,
    bot_messages,
    cannon_first,
    climb,
    climb_with_put_backs,
    custom_ids,
    game_state,
    items,
    open_table,
    play_channel,
    public_text,
)

# the lobby's, the rules', the history's, the replay's and the Hint's (``hint:<game>:<session>``) carry no card
READ_BUTTONS = ("l:", "k:", "r:", "h:", "f:", "hint:")


async def just_flipped(env, record) -> set[int]:
    """The slots flipped in the change just made: the last click of a person and the
    computer moves after it (all of them before anyone clicked)."""
    actions = await env.bot.storage.actions(record.id)
    people = [i for i, a in enumerate(actions) if a.user_id is not None]
    latest = actions[people[-1] :] if people else actions
    return {parse_label(a.token[1:]) for a in latest if a.token.startswith("f")}


def pairs_in(text: str, hidden: dict[int, int]) -> list[str]:
    """The lines of ``text`` that tie a hidden slot to the card lying there."""
    found = []
    for line in text.splitlines():
        line = re.sub(r"🤖 \w+ \d", "🤖", line)  # computer players' numbers are no cards
        for slot, card in hidden.items():
            if re.search(rf"\b{label(slot)}\b", line) and re.search(rf"\b{card}\b", line):
                found.append(f"{label(slot)} holds {card}, shown in: {line}")
    return found


async def check_secrets(env, channel, thread, record) -> None:
    state = game_state(env, record)
    face_down = {
        slot: card
        for slot, card in enumerate(state.grid)
        if card and slot != state.flipped and not state.open_grid and state.phase != "over"
    }
    # A card once flipped was shown to the whole table at that moment (« Tous les joueurs
    # ont donc la possibilité de voir cette carte. »); back face down, it is named no more,
    # but in the change just made.
    fresh = await just_flipped(env, record)
    hidden = {slot: card for slot, card in face_down.items() if slot not in fresh}
    shown = [m for place in (channel, thread) for m in bot_messages(place, env) if not m.flags.ephemeral]
    for message in shown:
        # Custom ids carry the session, the version and a slot or a token: never a card.
        for custom_id in custom_ids(message):
            if not custom_id.startswith(READ_BUTTONS):
                assert ID_PATTERN.fullmatch(custom_id), custom_id
        for item in items(message):
            if isinstance(item, discord.SelectMenu):
                for option in item.options:  # c<seat>-<card>: a face-up rampart card
                    seat, card = map(int, option.value[1:].split("-"))
                    assert card in state.ramparts[seat]
        # No line pairs a face-down slot with the card lying there.
        assert pairs_in(public_text(message), hidden) == []
    if record.id and record.status == "active":
        board = [m for m in shown if m.id in record.board_message_ids]
        values = []
        for message in board:
            for item in items(message):
                slot_label = item.custom_id.rsplit(":", 1)[1][1:]
                if isinstance(item, discord.Button) and re.fullmatch(r"[A-E][1-9]", slot_label):
                    slot = "ABCDE".index(slot_label[0]) * 9 + int(slot_label[1]) - 1
                    if slot in face_down:
                        assert item.label == slot_label and item.custom_id.endswith(f":f{slot_label}")
                    elif state.grid[slot]:
                        values.append(int(item.label.lstrip("🪄")))
        expected = [c for s, c in enumerate(state.grid) if c and (s == state.flipped or state.open_grid)]
        assert sorted(values) == sorted(expected)  # only the flipped card, or the open grid, shows


@pytest.mark.parametrize(
    ("variant", "choose"), [("basic", climb_with_put_backs(2)), ("advanced", cannon_first)], ids=["basic", "advanced"]
)
async def test_face_down_cards_never_show(env, variant, choose) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    record, _ = await open_table(env, channel, players[0], players[1:], variant=variant)
    thread = play_channel(env, channel, record)

    async def check(driver: Driver) -> None:
        await check_secrets(env, channel, thread, await driver.record())

    driver = Driver(env, thread, players, record.id, choose=choose, after_click=check)
    await check(driver)
    record = await driver.play_to_end()
    assert "r" in driver.tokens or variant == "advanced"
    assert len(game_state(env, record).seen) > 0 or variant == "advanced"  # cards were seen and put back


def recent_field(message: discord.Message) -> str:
    (found,) = [f.value for f in message.embeds[0].fields if f.name == "📜 Latest moves"]
    return found


async def test_a_card_put_back_leaves_the_latest_moves(env) -> None:
    """The case of issue 19: bob's 42 put back at E3 stayed readable for several turns."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    record, _ = await open_table(env, channel, ann, [bob], first_player="lobby")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, bob], record.id)
    await driver.play_turn()  # ann climbs
    state = game_state(env, await driver.record())
    slot = state.grid.index(46)
    await driver.click("f" + label(slot))  # bob shows the 46 to the whole table...
    first, _ = board_messages(thread, env)
    assert f"bob flips {label(slot)}: **46**" in recent_field(first)
    assert "**46**" in first.embeds[0].description  # the question: take it or put it back?
    await driver.click("r")  # ...and puts it back face down
    for _ in range(3):
        first, second = board_messages(thread, env)
        shown = "\n".join(public_text(m) for m in bot_messages(thread, env))
        assert f"bob flips {label(slot)} and puts the card back face down" in recent_field(first)
        assert pairs_in(shown, {slot: 46}) == [] and "46" not in recent_field(first)
        # The History button answers privately with every latest move: not the 46 either.
        history = await ann.click(second, custom_id=f"h:fortissimo:{record.id}")
        assert history.ephemeral
        told = "\n".join(e.description for e in history.response.embeds)
        assert f"bob flips {label(slot)} and puts the card back face down" in told and "46" not in told
        await driver.play_turn()
    assert game_state(env, await driver.record()).grid[slot] == 46  # still face down in its slot


async def test_a_computer_flip_shows_until_the_next_move(env) -> None:
    """A computer player's turn is shown move by move, as a person's is: its flip shows the card on
    the board until the card goes back face down, and from then on the card is named no more."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, _ = await open_table(env, channel, ann, computers=1, first_player="lobby")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann], record.id, choose=climb)
    newest: list[str] = []  # the board's last latest-move line after each publication
    publish = env.bot.tables.publish

    async def publish_and_note(shown, *args, **kwargs) -> None:
        await publish(shown, *args, **kwargs)
        if shown.status == "active":
            first, _ = board_messages(thread, env)
            newest.append(recent_field(first).splitlines()[-1])

    env.bot.tables.publish = publish_and_note
    for _ in range(40):
        before = len(await env.bot.storage.actions(record.id))
        newest.clear()
        await driver.play_turn()
        record = await driver.record()
        state = game_state(env, record)
        computer = [a for a in (await env.bot.storage.actions(record.id))[before:] if a.user_id is None]
        if record.status != "active" or not computer or computer[-1].token != "r":
            continue
        slot = parse_label(computer[-2].token[1:])
        card = state.grid[slot]
        flipped = f"🤖 Computer 1 (normal) flips {label(slot)}: **{card}**"
        put_back = f"🤖 Computer 1 (normal) flips {label(slot)} and puts the card back face down"
        assert flipped in newest  # shown face up, as the computer's own step
        assert newest[-1] == put_back  # then back face down: not named
        first, _ = board_messages(thread, env)
        assert pairs_in(recent_field(first), {slot: card}) == []
        break
    else:
        pytest.fail("the computer player never put a card back")
