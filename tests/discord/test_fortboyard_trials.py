"""Fort Boyard trials in SimCord: the hourglass, restarts, closed DMs, clicks out of turn."""

from games.fortboyard.deck import TYPED
from games.fortboyard.models import FortBoyardState
from tests.conftest import make_bot, set_locale
from tests.discord.driver import bot_messages, public_text
from tests.discord.fortboyard_driver import Driver, board, open_table


async def two_players(env, lang: str = "en"):
    guild = env.create_guild(preferred_locale=lang)
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (ann, ben):
        set_locale(member, lang)
    record, thread, _ = await open_table(env, channel, ann, [ben], lang=lang)
    return Driver(env, thread, [ann, ben], record.id), ann, ben, thread


def typed_trial(state: FortBoyardState) -> bool:
    trial = state.trial
    return state.phase == "trial" and trial is not None and trial.stage == "play" and trial.trial.kind in TYPED


async def test_an_answer_box_opened_before_a_restart_still_answers_after_it(env, db_path) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    record = await driver.play_until(typed_trial)
    state = env.bot.service.state(record)
    seat = state.trial.players[0]
    actor = driver.actor(record, seat)
    opened = await actor.click(
        board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:{record.version}:type-ans{state.turn}"
    )
    assert opened.modal is not None and opened.modal["custom_id"] == f"t:fortboyard:{record.id}:0:ans{state.turn}"
    await env.restart_bot(make_bot(db_path))
    result = await actor.submit_modal(opened, {"text": "certainly not this"})
    assert not result.ephemeral
    after = await driver.record()
    assert after.version > record.version
    assert "trial lost" in public_text(board(env, thread, after))  # a wrong answer, judged at once


async def test_an_answer_after_the_hourglass_is_refused(env) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    record = await driver.play_until(typed_trial)
    state = env.bot.service.state(record)
    actor = driver.actor(record, state.trial.players[0])
    opened = await actor.click(
        board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:{record.version}:type-ans{state.turn}"
    )
    await env.advance_time(31)
    judged = await driver.record()
    assert judged.version > record.version
    late = await actor.submit_modal(opened, {"text": "anything"})
    assert late.ephemeral and "came too late" in late.response.content
    assert (await driver.record()).version == judged.version


async def test_the_hourglass_judges_a_trial_at_its_stored_deadline_even_after_a_restart(env, db_path) -> None:
    driver, _ann, _ben, thread = await two_players(env, "fr")
    record = await driver.play_until(typed_trial)
    state = env.bot.service.state(record)
    seat = state.trial.players[0]
    closes = record.seats[seat].window
    assert closes is not None and closes - env.bot.service.clock() == 30
    assert f"<t:{int(closes)}:R>" in public_text(board(env, thread, record))  # the visible hourglass
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(20)
    assert (await driver.record()).version == record.version  # not yet
    await env.advance_time(11)
    after = await driver.record()
    assert after.version > record.version
    assert "épreuve perdue" in public_text(board(env, thread, after))
    # A late click on the old board changes nothing.
    late = await driver.actor(record, seat).click(board(env, thread, after), label="Mon mot-code")
    assert late.ephemeral


async def test_a_click_out_of_turn_is_refused_in_the_clickers_language(env) -> None:
    driver, ann, ben, thread = await two_players(env)
    set_locale(ben, "fr")
    set_locale(ann, "fr")
    record = await driver.record()
    state = env.bot.service.state(record)
    other = driver.actor(record, 1 - state.current)
    refused = await other.click(board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:{record.version}:r")
    assert refused.ephemeral and refused.response.content.startswith("⛔") and "tour" in refused.response.content
    assert (await driver.record()).version == record.version
    stranger = thread.guild.add_member(env.create_user("dan"))
    refused = await stranger.click(board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:{record.version}:r")
    assert refused.ephemeral and (await driver.record()).version == record.version


async def test_closed_dms_lose_no_clue(env) -> None:
    driver, ann, ben, thread = await two_players(env)
    env.inject_error("POST", f"/channels/{ann.user.dm_channel.id}/messages", status=403, code=50007, times=None)
    record = await driver.play_until(lambda state: state.round == 2 and state.phase != "level")
    state = env.bot.service.state(record)
    ann_seat = record.seat_of(ann.id)
    assert list(ann.user.dm_channel.history()) == []
    assert len(list(ben.user.dm_channel.history())) >= 1
    notes = [
        m.content for m in bot_messages(thread, env) if "could not send you a private message" in (m.content or "")
    ]
    assert notes and ann.mention in notes[0]
    clue = driver.engine._word(state, ann_seat).clues[0]
    assert clue not in notes[0]
    shown = await ann.click(board(env, thread, record), label="My code word")
    assert shown.ephemeral
    assert clue in public_text(shown.response)
