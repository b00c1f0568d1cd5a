"""The board's Hint button: the strong computer player's move, told privately to the player.

The answer is ephemeral, names a legal move in the player's language as the private view's
controls do, changes nothing in the game, and the move it names is accepted when played.
Anyone else who clicks gets the usual refusal.
"""

from cogs.forteresse.board import ForteresseUI
from cogs.forteresse.hint import hint_move
from games.forteresse import ENGINE
from tests.conftest import set_locale
from tests.discord.forteresse_driver import Driver, board, game_state, private_reply, start
from tests.discord.test_forteresse_play import WON_SEED, use_seed

UI = ForteresseUI()


async def test_the_hint_is_private_legal_and_changes_nothing(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    set_locale(ann, "fr")
    record, thread, _ = await start(env, channel, ann)
    driver = Driver(env, thread, ann, record.id)
    record = await driver.play_until(lambda s: s.prompt is not None and s.prompt.kind == "explore")
    state = game_state(env, record)
    button = f"hint:forteresse:{record.id}"

    # The player: a private answer naming the strong level's move, in French.
    answer = private_reply(await ann.click(board(env, thread, record), custom_id=button))
    assert answer.flags.ephemeral
    move = await hint_move(env.bot.search, record, state)
    assert move is not None and move in ENGINE.legal_actions(state, 0)
    words = UI.action_words(ENGINE.view(state, 0), move, "fr")
    assert answer.content == f"💡 À votre place, l'ordinateur (niveau fort) jouerait : **{words}**. " + (
        "Ce conseil ne joue rien : à vous de choisir."
    )

    # Nothing changed; the same position gives the same hint.
    after = await driver.record()
    assert (after.version, after.state) == (record.version, record.state)
    again = private_reply(await ann.click(board(env, thread, record), custom_id=button))
    assert again.content == answer.content

    # A stranger is refused, in English, and learns nothing.
    refused = private_reply(await bob.click(board(env, thread, record), custom_id=button))
    assert refused.flags.ephemeral
    assert refused.content == "⛔ You are not playing in this game."

    # Playing the hinted move is accepted.
    await driver.open_hand()
    await driver.click(move.token())
    assert driver.tokens[-1] == move.token()
    assert (await driver.record()).version > record.version


async def test_the_hint_speaks_english_too(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, channel, ann)
    state = game_state(env, record)
    answer = private_reply(await ann.click(board(env, thread, record), custom_id=f"hint:forteresse:{record.id}"))
    assert answer.flags.ephemeral
    move = await hint_move(env.bot.search, record, state)
    assert move is not None
    words = UI.action_words(ENGINE.view(state, 0), move, "en")
    assert answer.content == f"💡 In your place, the computer (strong level) would play: **{words}**. " + (
        "This hint plays nothing: the choice is yours."
    )
    assert words in ("Keep this hand", "Mulligan: a new hand")
