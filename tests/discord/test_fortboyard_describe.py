"""Fort Boyard's board in words, in a simulated Discord: the track's picture carries its text
alternative (the description of what it shows), and the board's Describe button answers anyone
privately with the whole board in words; a sequence to memorise is in neither."""

from bot.ui.game_ui import ALT_SIZE, alt_text
from tests.discord.driver import custom_ids, public_text
from tests.discord.fortboyard_driver import board
from tests.discord.test_fortboyard_mechanics import stage
from tests.discord.test_fortboyard_trials import two_players


async def test_describe_answers_privately_and_the_picture_says_what_it_shows(env) -> None:
    driver, ann, _, thread = await two_players(env)
    record = await driver.record()
    ui = env.bot.tables.uis["fortboyard"]
    shown = board(env, thread, record)
    assert f"d:fortboyard:{record.id}" in custom_ids(shown)
    (picture,) = shown.attachments
    alt = alt_text(ui.picture_words(record, env.bot.service.state(record), "en"))
    assert picture.description == alt and len(alt) <= ALT_SIZE
    assert "roll the die" not in alt  # what to do now is the board's text, not the picture's
    assert alt.startswith(
        "Round 1: the keys\n🔴 ann: at the start · 0 keys\n🔵 ben: at the start · 0 keys\n🔑 Keys in stock: 20"
    )

    record = await driver.play_until(lambda state: state.round == 1 and any(p.cell is not None for p in state.players))
    state = env.bot.service.state(record)
    seat = next(s for s, p in enumerate(state.players) if p.cell is not None)
    answer = await ann.click(board(env, thread, record), custom_id=f"d:fortboyard:{record.id}")
    assert answer.ephemeral
    embeds = answer.response.embeds
    assert embeds[0].title == f"🔎 Fort Boyard #{record.id}, in words"
    told = "\n".join(embed.description for embed in embeds)
    name = ("ann", "ben")[seat]
    assert f"{name}: cell {state.players[seat].cell} (" in told and "The track: 24 cells clockwise" in told
    (picture,) = board(env, thread, record).attachments
    assert f"{name}: cell {state.players[seat].cell} (" in picture.description  # the new picture, its new text


async def test_a_sequence_to_memorise_is_in_no_description(env) -> None:
    driver, _, ben, thread = await two_players(env)
    sample = {"kind": "sequence", "items": ["bougie", "dragon", "ancre", "igloo", "lune"], "show_seconds": 8}
    record = await stage(env, driver, thread, "concentration", sample)
    shown = board(env, thread, record)
    assert "bougie · dragon · ancre" in public_text(shown)  # on the board for a few seconds
    assert "bougie" not in shown.attachments[0].description  # but the picture's text would stay after it
    answer = await ben.click(shown, custom_id=f"d:fortboyard:{record.id}")
    told = "\n".join(embed.description for embed in answer.response.embeds)
    assert answer.ephemeral and "A sequence to memorise shows on the board" in told and "bougie" not in told
