"""Public messages speak the server's language, private views the player's own."""

import re

from bot.i18n import catalog
from tests.conftest import add_admin, set_locale
from tests.discord.driver import bot_messages, public_text
from tests.discord.forteresse_driver import Driver, board, start
from tests.discord.test_forteresse_play import LOST_SEED, use_seed


def fragments(lang: str, other: str) -> set[str]:
    """Pieces of Forteresse texts in ``lang`` that no ``other`` text contains."""
    texts = catalog().texts
    everything_else = "\n".join(texts[other].values())
    found = set()
    for key, text in texts[lang].items():
        if not key.startswith("forteresse.") or text == texts[other].get(key):
            continue
        for piece in re.split(r"\{[^}]*\}|[\n•·:;,.!?()«»“”\"*—–/+=…#°]", text):
            piece = piece.strip()
            if len(piece) >= 5 and piece not in everything_else:
                found.add(piece)
    return found


async def test_a_french_board_for_an_english_player(env, monkeypatch) -> None:
    use_seed(monkeypatch, LOST_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    boss = add_admin(guild, env, "boss")
    ann = guild.add_member(env.create_user("ann"))  # reads English
    assert (await boss.slash(channel, "settings", language="fr")).ephemeral

    record, thread, _ = await start(env, channel, ann)
    public, private = [], []

    async def collect(driver: Driver) -> None:
        public.extend(public_text(m) for place in (channel, thread) for m in bot_messages(place, env))
        if (await driver.record()).status == "active":
            private.append(public_text(driver.private()))

    driver = Driver(env, thread, ann, record.id, after_click=collect)
    labels = [c.label for row in board(env, thread, record).components for c in row.children]
    assert labels == ["Ma main", "Défausses", "Conseil", "Règles", "Historique", "Décrire"]
    await driver.open_hand()
    await collect(driver)
    await driver.play_to_end()
    shown_public, shown_private = "\n".join(public), "\n".join(private)

    assert sorted(f for f in fragments("en", "fr") if f in shown_public) == []
    assert len([f for f in fragments("fr", "en") if f in shown_public]) >= 60
    assert sorted(f for f in fragments("fr", "en") if f in shown_private) == []
    assert len([f for f in fragments("en", "fr") if f in shown_private]) >= 40
    assert "Vous seul voyez ce message" not in shown_private and "Only you see this message" in shown_private


async def test_a_french_player_on_an_english_server(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr")
    record, thread, _ = await start(env, channel, ann)
    embed = board(env, thread, record).embeds[0]
    assert embed.title == f"🏰 Forteresse Solo — table #{record.id}"
    driver = Driver(env, thread, ann, record.id)
    shown = await driver.open_hand()
    assert shown.embeds[0].title == f"🂠 Votre main — Forteresse Solo n°\xa0{record.id}"
    assert shown.embeds[0].description.startswith("**Tour 1 · Phase I : Organisation**\nÉtape 1.1, Pioche Joueur : ")
    assert shown.embeds[0].footer.text.startswith("Vous seul voyez ce message.")
    await driver.play_one()
    shown = driver.private()
    assert shown.embeds[0].title.startswith("🂠 Votre main")
    # Card names follow the reader: "Roi ♥" for them, "King ♥" on the board.
    names = re.findall(r"\b(Valet|Dame|Roi|As|Jack|Queen|King|Ace) [♥♦♣♠]", public_text(shown))
    assert not {"Jack", "Queen", "King", "Ace"} & set(names)
    shown_board = public_text(board(env, thread, await driver.record()))
    board_names = re.findall(r"\b(Valet|Dame|Roi|Jack|Queen|King) [♥♦♣♠]", shown_board)
    assert not {"Valet", "Dame", "Roi"} & set(board_names)
