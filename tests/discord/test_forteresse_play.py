"""Whole Forteresse Solo games in a simulated Discord, by clicks and selects only."""

import re
from types import SimpleNamespace

import discord
import pytest

import bot.ui.lobby
from games.forteresse import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import check_log_and_replay, controls_left, items
from tests.discord.forteresse_driver import Driver, board, controls, game_state, message, start

WON_SEED = 122  # the computer player's choices win this one in 48 moves, a Boss killed and a Key taken
LOST_SEED = 123  # and lose this one in 18: the deck runs out


def use_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr(bot.ui.lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed))


async def test_a_whole_game_won_in_english(env, monkeypatch) -> None:
    use_seed(monkeypatch, WON_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))

    record, thread, started = await start(env, channel, ann)
    # A solitaire starts at once, in a thread on the table's message.
    assert record.status == "active" and thread.id != channel.id
    assert thread.name == f"Forteresse Solo #{record.id}"
    lobby = message(env, channel, started.response.id)
    assert lobby.embeds[0].description == f"The game has started: <#{thread.id}>"
    assert lobby.components == []
    assert thread.history()[0].content == f"🎲 The game of Forteresse Solo begins! Player: {ann.mention}"

    shown = board(env, thread, record)
    embed = shown.embeds[0]
    assert embed.title == f"🏰 Forteresse Solo — table #{record.id}"
    assert embed.description.startswith("**Turn 1 · Phase I: Organisation**\nStep 1.1, Player draw: ")
    assert f"⏳ {ann.mention}: On the first turn, keep this hand or take a mulligan" in embed.description
    names = [f.name for f in embed.fields]
    assert names[:4] == ["🗺️ Paths", "👹 Enemies (0)", "📦 Reserve (0)", "🛡️ Heroes (0)"]
    assert "🎴 Player" in names and "🏰 Fortress" in names
    player = next(f.value for f in embed.fields if f.name == "🎴 Player")
    assert player.startswith("Hand: 6\nDeck: 46\n")
    assert embed.image.url == "attachment://board.png"  # the table drawn from the public view
    assert [a.filename for a in shown.attachments] == ["board.png"]
    # The only controls on the public board: "My hand", both discards, a hint, the rules, the latest moves,
    # the board in words.
    assert [(i.label, i.custom_id) for i in items(shown)] == [
        ("My hand", f"p:forteresse:{record.id}"),
        ("Discards", f"g:forteresse:{record.id}:{record.version}:more-discards"),
        ("Hint", f"hint:forteresse:{record.id}"),
        ("Rules", "r:forteresse"),
        ("History", f"h:forteresse:{record.id}"),
        ("Describe", f"d:forteresse:{record.id}"),
    ]

    driver = Driver(env, thread, ann, record.id)
    hand = await driver.open_hand()
    assert hand.flags.ephemeral
    assert hand.embeds[0].title == f"🂠 Your hand — Forteresse Solo #{record.id}"
    hand_field = hand.embeds[0].fields[0]
    assert hand_field.name == "Hand (6)"
    shown_hand = [re.sub(r"^\d\. ", "", line) for line in hand_field.value.splitlines()]
    assert shown_hand == hand_lines(game_state(env, record).hand)
    assert [i.label for i in items(hand)] == ["Mulligan: a new hand", "Keep this hand"]

    record = await driver.play_to_end()
    state = game_state(env, record)
    assert state.result == "won" and state.end_reason == "treasures"
    assert any(t.startswith("pk.pA") for t in driver.tokens)  # a Boss died: a Key was taken
    assert any(t.startswith("bs.") for t in driver.tokens)  # a Boss test tie, answered in its menu
    assert any(t.startswith("ak.") for t in driver.tokens) and any(t.startswith("pl") for t in driver.tokens)

    result = thread.history()[-1].embeds[0]
    assert result.title == f"🏆 Forteresse Solo #{record.id} — game won"
    assert result.description == (
        f"ann pillaged three Treasures of the Fortress.\nTurns played: {state.turn + 1}\nTreasures pillaged: 3/3"
    )
    final = board(env, thread, record)
    assert final.embeds[0].description == "🏆 Game over: won. Treasures pillaged: 3/3."
    assert all(controls_left(m) == [] for m in thread.history())  # nothing left to click
    assert [i.label for i in items(final)] == ["Rematch", "Rules", "History", "Describe", "Replay"]
    # How the game was won stays readable on the finished board, privately, for anyone.
    described = await ann.click(final, custom_id=f"d:forteresse:{record.id}")
    assert described.ephemeral and described.response.embeds[0].title == f"🔎 Forteresse Solo #{record.id}, in words"
    moves = await ann.click(final, custom_id=f"h:forteresse:{record.id}")
    assert moves.ephemeral and moves.response.embeds[0].title == f"📜 Forteresse Solo #{record.id}: the whole game"
    assert "ann pillages" in moves.response.embeds[0].description or moves.response.embeds[0].description
    # The last private view shows the final hand, without controls.
    last = driver.private()
    assert last.components == [] and last.embeds[0].fields[0].name.startswith("Hand (")
    await check_log_and_replay(env, record, driver.tokens)


def hand_lines(hand: list[str]) -> list[str]:
    words = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
    symbols = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
    return [f"{words.get(card[1], card[1])} {symbols[card[2]]}" for card in hand]


async def test_a_whole_game_lost_in_french(env, monkeypatch) -> None:
    use_seed(monkeypatch, LOST_SEED)
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr")

    record, thread, _ = await start(env, channel, ann)
    assert thread.name == f"Forteresse Solo n°\xa0{record.id}"
    embed = board(env, thread, record).embeds[0]
    assert embed.title == f"🏰 Forteresse Solo — table n°\xa0{record.id}"
    assert embed.description.startswith("**Tour 1 · Phase I : Organisation**\nÉtape 1.1, Pioche Joueur : ")
    assert embed.footer.text == "Joueur : ann · Égalités : à votre choix"
    assert [i.label for i in items(board(env, thread, record))] == [
        "Ma main",
        "Défausses",
        "Conseil",
        "Règles",
        "Historique",
        "Décrire",
    ]

    driver = Driver(env, thread, ann, record.id)
    hand = await driver.open_hand()
    assert hand.embeds[0].title == f"🂠 Votre main — Forteresse Solo n°\xa0{record.id}"
    assert [i.label for i in items(hand)] == ["Mulligan : nouvelle main", "Garder cette main"]
    record = await driver.play_to_end()
    state = game_state(env, record)
    assert state.result == "lost" and state.end_reason == "deck_empty"

    result = thread.history()[-1].embeds[0]
    assert result.title == f"🏁 Forteresse Solo n°\xa0{record.id} — partie perdue"
    assert result.description == (
        f"Le paquet d'ann était vide au début d'un tour.\nTours joués : {state.turn}\nTrésors pillés : 0/3"
    )
    final = board(env, thread, record).embeds[0]
    assert final.description == "🏁 Partie terminée : perdue. Trésors pillés : 0/3."
    log = next(f.value for f in final.fields if f.name == "📜 Derniers coups")
    assert log.splitlines()[-1] == "🏁 Le paquet est vide : la Forteresse tient bon."
    await check_log_and_replay(env, record, driver.tokens)


async def test_every_menu_holds_only_legal_moves_and_fits_discord(env, monkeypatch) -> None:
    """Along a whole game: at most 5 rows, 25 options per menu, 5 buttons per row, 100-character ids."""
    use_seed(monkeypatch, 124)  # 26 moves to a loss, with auto_ties
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, channel, ann, auto_ties=True)
    assert record.options == {"auto_ties": True}
    seen_kinds = set()

    async def check(driver: Driver) -> None:
        record = await driver.record()
        if record.status != "active":
            return
        shown = driver.private()
        state = game_state(env, record)
        seen_kinds.add(state.prompt.kind)
        assert set(controls(shown)) == {a.token() for a in ENGINE.legal_actions(state, 0)}
        assert len(shown.components) <= 5
        for row in shown.components:
            assert len(row.children) <= 5
            for item in row.children:
                assert len(item.custom_id) <= 100
                if isinstance(item, discord.SelectMenu):
                    assert len(row.children) == 1 and 1 <= len(item.options) <= 25
                    assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in item.options)
                else:
                    assert len(item.label) <= 80

    driver = Driver(env, thread, ann, record.id, after_click=check)
    embed = board(env, thread, record).embeds[0]
    assert embed.footer.text == "Player: ann · Ties: settled by a fixed rule"
    await driver.play_to_end()
    # With auto_ties, the engine never asks a tie.
    assert seen_kinds and not seen_kinds & {"enemy_order", "enemy_stat", "fortress_order", "lose_stat", "boss"}
