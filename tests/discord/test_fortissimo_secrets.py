"""Face-down cards stay secret: not in custom ids, not in any public text."""

import re

import discord
import pytest

from games.fortissimo.cards import label
from tests.discord.driver import (
    ID_PATTERN,
    Driver,
    bot_messages,
    cannon_first,
    climb_with_put_backs,
    custom_ids,
    game_state,
    items,
    open_table,
    play_channel,
    public_text,
)


def check_secrets(env, channel, thread, record) -> None:  # noqa: ANN001
    state = game_state(env, record)
    face_down = {
        slot: card
        for slot, card in enumerate(state.grid)
        if card and slot != state.flipped and not state.open_grid and state.phase != "over"
    }
    # A card once flipped was shown to the whole table (the book: « Tous les joueurs ont
    # donc la possibilité de voir cette carte. »); the latest moves may name it. A card
    # nobody turned over is the secret.
    never_shown = {slot: card for slot, card in face_down.items() if slot not in state.seen}
    shown = [m for place in (channel, thread) for m in bot_messages(place, env) if not m.flags.ephemeral]
    for message in shown:
        # Custom ids carry the session, the version and a slot or a token: never a card.
        for custom_id in custom_ids(message):
            if not custom_id.startswith(("l:", "k:", "r:")):  # the lobby's and the rules' carry no card
                assert ID_PATTERN.fullmatch(custom_id), custom_id
        for item in items(message):
            if isinstance(item, discord.SelectMenu):
                for option in item.options:  # c<seat>-<card>: a face-up rampart card
                    seat, card = map(int, option.value[1:].split("-"))
                    assert card in state.ramparts[seat]
        # No line pairs a never-shown face-down slot with the card lying there.
        for line in public_text(message).splitlines():
            line = re.sub(r"🤖 \w+ \d", "🤖", line)  # computer players' numbers are no cards
            for slot, card in never_shown.items():
                assert not (re.search(rf"\b{label(slot)}\b", line) and re.search(rf"\b{card}\b", line)), (
                    f"{label(slot)} holds {card}, shown in: {line}"
                )
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
async def test_face_down_cards_never_show(env, variant, choose) -> None:  # noqa: ANN001
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    record, _ = await open_table(env, channel, players[0], players[1:], variant=variant)
    thread = play_channel(env, channel, record)

    async def check(driver: Driver) -> None:
        check_secrets(env, channel, thread, await driver.record())

    driver = Driver(env, thread, players, record.id, choose=choose, after_click=check)
    await check(driver)
    record = await driver.play_to_end()
    assert "r" in driver.tokens or variant == "advanced"
    assert len(game_state(env, record).seen) > 0 or variant == "advanced"  # cards were seen and put back
