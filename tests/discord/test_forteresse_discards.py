"""« Les défausses peuvent être consultées à tout moment pour vérifier leur contenu. »

Both discard piles, whole and in order, from the board: the player's Discards button
answers privately in their language; anyone's Describe button tells them too (the table
in words). Reading changes nothing.
"""

from cogs.forteresse.names import card_name
from tests.conftest import set_locale
from tests.discord.forteresse_driver import (
    Driver,
    board,
    game_state,
    private_reply,
    start,
)
from tests.discord.test_forteresse_play import WON_SEED, use_seed


def listed(cards: list[str], lang: str) -> str:
    return ", ".join(card_name(card, lang) for card in cards)


async def test_both_discards_in_full_and_in_order_in_both_languages(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    set_locale(ann, "fr")  # ann reads French, bob (a spectator) English
    record, thread, _ = await start(env, channel, ann)
    driver = Driver(env, thread, ann, record.id)
    record = await driver.play_until(lambda s: len(s.discard) >= 6 and len(s.fortress_discard) >= 5 and bool(s.out))
    state = game_state(env, record)
    shown = board(env, thread, record)
    button = f"g:forteresse:{record.id}:{record.version}:more-discards"

    # The player: both piles and the cards out of the game, oldest first, in French.
    out = f"{len(state.out)} carte" + ("s" if len(state.out) > 1 else "")
    answer = private_reply(await ann.click(shown, custom_id=button))
    assert answer.flags.ephemeral
    (embed,) = answer.embeds
    assert embed.title == f"🃏 Défausses — Forteresse Solo n°\xa0{record.id}"
    assert "de la plus ancienne carte à la plus récente" in embed.description
    assert [(f.name, f.value) for f in embed.fields] == [
        (f"🎴 Défausse du joueur ({len(state.discard)} cartes)", listed(state.discard, "fr")),
        (f"🏰 Défausse de la Forteresse ({len(state.fortress_discard)} cartes)", listed(state.fortress_discard, "fr")),
        (f"🚫 Hors jeu : Clés utilisées, Portes franchies, Dix de corruption ({out})", listed(state.out, "fr")),
    ]

    # A spectator reads them with Describe, in English; the player's button is not theirs.
    described = private_reply(await bob.click(shown, custom_id=f"d:forteresse:{record.id}"))
    text = "\n".join(e.description for e in described.embeds)
    assert f"🎴 Player's discard ({len(state.discard)} cards): {listed(state.discard, 'en')}" in text.splitlines()
    fortress = f"🏰 Fortress discard ({len(state.fortress_discard)} cards): {listed(state.fortress_discard, 'en')}"
    assert fortress in text.splitlines()
    assert "each is listed oldest first" in text
    refused = private_reply(await bob.click(shown, custom_id=button))
    assert refused.content == "⛔ You are not playing in this game." and refused.embeds == []

    # Reading changed nothing; later, after more discards, the lists follow the piles.
    after = await driver.record()
    assert (after.version, after.state) == (record.version, record.state)
    before = (list(state.discard), list(state.fortress_discard))
    record = await driver.play_until(
        lambda s: len(s.discard) > len(before[0]) and len(s.fortress_discard) > len(before[1])
    )
    later = game_state(env, record)
    answer = private_reply(
        await ann.click(
            board(env, thread, record), custom_id=f"g:forteresse:{record.id}:{record.version}:more-discards"
        )
    )
    values = [f.value for f in answer.embeds[0].fields]
    assert values[:2] == [listed(later.discard, "fr"), listed(later.fortress_discard, "fr")]
