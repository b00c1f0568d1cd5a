"""Public messages speak the server's language; ``/settings language`` changes it."""

import re

import pytest

from bot.i18n import catalog
from tests.conftest import add_admin, set_locale
from tests.discord.driver import Driver, board_messages, cannon_first, open_table, play_channel, public_text


def fragments(lang: str, other: str) -> set[str]:
    """Pieces of ``lang``'s catalog texts that no ``other`` text contains.

    Command names and descriptions are left out: Discord shows them, not messages.
    """
    texts = catalog().texts
    everything_else = "\n".join(texts[other].values())
    found = set()
    for key, text in texts[lang].items():
        if key.startswith("cmd.") or text == texts[other].get(key):
            continue
        for piece in re.split(r"\{[^}]*\}|[\n•·:;,.!?()«»“”\"*—–/+=…#°]", text):
            piece = piece.strip()
            if len(piece) >= 4 and piece not in everything_else:
                found.add(piece)
    return found


def public_messages_text(env, channel) -> str:
    """Every non-ephemeral bot message in the channel and its threads."""
    texts = []
    for place in (channel, *channel.threads):
        for message in place.history():
            if message.author.id == env.bot.user.id and not message.flags.ephemeral:
                texts.append(public_text(message))
    return "\n".join(texts)


async def play_and_collect(env, guild, lang: str) -> str:
    """A whole advanced game for three; every public text shown along the way."""
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    seen = []
    record, _ = await open_table(env, channel, players[0], players[1:], lang=lang, variant="advanced")
    thread = play_channel(env, channel, record)

    async def collect(driver: Driver) -> None:
        seen.append(public_messages_text(env, channel))

    driver = Driver(env, thread, players, record.id, choose=cannon_first, after_click=collect)
    await driver.play_to_end()
    seen.append(public_messages_text(env, channel))
    assert any(t.startswith("c") for t in driver.tokens)  # the cannon menu was shown too
    return "\n".join(seen)


@pytest.mark.parametrize(("locale", "lang", "other"), [("fr", "fr", "en"), ("en-US", "en", "fr")])
async def test_public_messages_use_only_the_servers_language(env, locale, lang, other) -> None:
    guild = env.create_guild(preferred_locale=locale)
    shown = await play_and_collect(env, guild, lang)
    foreign = sorted(f for f in fragments(other, lang) if f in shown)
    assert foreign == []
    own = fragments(lang, other)
    assert len([f for f in own if f in shown]) >= 20  # and they do speak it


async def test_only_admins_change_the_language(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    set_locale(ann, "fr")
    boss = add_admin(guild, env, "boss")

    record, _ = await open_table(env, channel, ann, [ben], lang="fr")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    await driver.play_turn()
    first, _ = board_messages(thread, env)
    assert "Derniers coups" in public_text(first)

    shown = await ann.slash(channel, "settings")
    assert shown.ephemeral and shown.response.embeds[0].title == "Réglages du bot sur ce serveur"
    assert shown.response.embeds[0].fields[0].value == "celle du serveur (français)"
    refused = await ann.slash(channel, "settings", language="en")
    assert refused.ephemeral
    assert refused.response.content == "⛔ Il faut la permission « Gérer le serveur » pour modifier ce réglage."
    assert (await env.bot.storage.guild_settings(guild.id)).language is None

    done = await boss.slash(channel, "settings", language="en")
    assert done.ephemeral and done.response.content == "Settings saved."
    assert done.response.embeds[0].fields[0].value == "English"
    assert (await env.bot.storage.guild_settings(guild.id)).language == "en"

    await driver.play_turn()  # the next board edit speaks English
    first, second = board_messages(thread, env)
    assert "Latest moves" in public_text(first) and "Derniers coups" not in public_text(first)
    assert second.content == "Grid, rows 6 to 9:"
    # Private replies still follow each reader's own language.
    _, _, current = await driver.current()
    waiting = ben if current is ann else ann
    refused = await waiting.click(first, custom_id=_enabled(first)[0])
    assert refused.ephemeral
    assert refused.response.content == ("⛔ Ce n'est pas votre tour." if waiting is ann else "⛔ It is not your turn.")

    record = await driver.play_to_end()
    assert thread.history()[-1].embeds[0].title.startswith("🏁 Fortissimo! — result of table")

    back = await boss.slash(channel, "settings", language="auto")
    assert back.response.embeds[0].fields[0].value == "the server's own (French)"
    assert (await env.bot.storage.guild_settings(guild.id)).language is None


def _enabled(message):
    return [c.custom_id for row in message.components for c in row.children if not c.disabled]
