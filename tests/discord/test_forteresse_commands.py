"""``/forteresse rules`` and ``hand``, "My hand" for others, stale views, a restart, and "are you sure?"."""

import discord

from bot.storage import Seat, SessionRecord
from bot.ui.lobby_message import lobby_message
from cogs.forteresse.board import ForteresseUI
from games.forteresse import ENGINE
from games.forteresse.cards import HOUSE_RULES
from tests.conftest import make_bot, set_locale
from tests.discord.driver import custom_ids, items
from tests.discord.forteresse_driver import (
    Driver,
    board,
    computer_choice,
    controls,
    game_state,
    message,
    private_reply,
    start,
    version_of,
)
from tests.discord.test_forteresse_play import LOST_SEED, use_seed


def embed_size(embed: discord.Embed) -> int:
    return (
        len(embed.title or "")
        + len(embed.description or "")
        + len(embed.footer.text or "")
        + sum(len(f.name) + len(f.value) for f in embed.fields)
    )


async def table(env, locale: str = "en-US"):
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    record, thread, _ = await start(env, channel, ann)
    return guild, channel, ann, bob, record, thread


async def test_rules_in_both_languages_within_embed_limits(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    set_locale(ann, "fr")
    french = await ann.slash(channel, "forteresse rules")
    english = await bob.slash(channel, "forteresse rules")
    assert french.ephemeral and english.ephemeral
    for result, title, house in (
        (french, "Forteresse Solo — les règles", "Règles maison"),
        (english, "Forteresse Solo — the rules", "House rules"),
    ):
        (embed,) = result.response.embeds
        assert embed.title == title
        assert len(embed.fields) <= 25 and embed_size(embed) <= 6000 and len(embed.description) <= 4096
        assert all(len(f.name) <= 256 and 0 < len(f.value) <= 1024 for f in embed.fields)
        names = [f.name for f in embed.fields]
        first = names.index(house)  # the house rules, then as many "…" fields as they need
        assert set(names[first + 1 :]) == {"…"}
        lines = "\n".join(f.value for f in embed.fields[first:]).splitlines()
        assert [line.split(". ", 1)[0] for line in lines] == [str(n) for n in range(1, len(HOUSE_RULES) + 1)]
    fr, en = french.response.embeds[0], english.response.embeds[0]
    assert "egalites_auto" in fr.fields[-1].value and "auto_ties" in en.fields[-1].value
    assert "Phase III : Combat" in [f.name for f in fr.fields]
    assert "Phase IV: Restoration" in [f.name for f in en.fields]
    assert "`/forteresse main`" in fr.fields[4].value and "`/forteresse hand`" in en.fields[4].value


async def test_the_hand_command_shows_the_private_view(env) -> None:
    _, channel, ann, _, record, thread = await table(env, locale="fr")
    set_locale(ann, "fr")
    result = await ann.slash(thread, "forteresse hand")
    assert result.ephemeral
    shown = result.response.message
    assert shown.embeds[0].title == f"🂠 Votre main — Forteresse Solo n°\xa0{record.id}"
    assert shown.embeds[0].fields[0].name == "Main (6)"
    assert version_of(shown) == record.version
    assert set(controls(shown)) == {"mull", "keep"}
    # From the channel the table was opened in, too.
    assert (await ann.slash(channel, "forteresse hand")).ephemeral
    # Its controls play: keep the hand.
    driver = Driver(env, thread, ann, record.id, private_id=shown.id)
    await driver.click("keep")
    assert game_state(env, await driver.record()).step != "1.1"


async def test_someone_else_cannot_open_the_hand(env) -> None:
    _, _, ann, bob, record, thread = await table(env)
    set_locale(bob, "fr")
    clicked = await bob.click(board(env, thread, record), label="My hand")
    assert clicked.ephemeral and private_reply(clicked).content == "⛔ Vous ne jouez pas dans cette partie."
    assert private_reply(clicked).embeds == []
    typed = await bob.slash(thread, "forteresse hand")
    assert typed.ephemeral and typed.response.content == "⛔ Vous ne jouez pas dans cette partie."
    after = await env.bot.storage.get_session(record.id)
    assert (after.version, after.state) == (record.version, record.state)
    # Nobody else sees the refusal.
    assert clicked.response.id not in [m.id for m in thread.history(viewer=ann)]


async def test_a_stale_private_view_is_refused_and_refreshed(env) -> None:
    _, _, ann, _, record, thread = await table(env)
    driver = Driver(env, thread, ann, record.id)
    old = await driver.open_hand()
    await driver.open_hand()  # a second private view; the driver plays in this one
    await driver.play_one()
    now = await driver.record()
    assert version_of(driver.private()) == now.version

    stale = next(c for c in controls(old).values())
    if stale.menu:
        result = await ann.select(old, [stale.token], custom_id=stale.custom_id)
    else:
        result = await ann.click(old, custom_id=stale.custom_id)
    (note,) = [f for f in result.followups if f.ephemeral]
    assert note.content == "⛔ This view was out of date: nothing was played. It now shows the current step."
    after = await driver.record()
    assert (after.version, after.state) == (now.version, now.state)
    # The old private view now shows the current step, with its controls.
    refreshed = message(env, thread, old.id)
    assert version_of(refreshed) == now.version
    assert set(controls(refreshed)) == {a.token() for a in ENGINE.legal_actions(game_state(env, now), 0)}


async def test_a_restart_in_the_middle_of_a_turn(env, db_path, monkeypatch) -> None:
    use_seed(monkeypatch, LOST_SEED)
    _, _, ann, _, record, thread = await table(env)
    driver = Driver(env, thread, ann, record.id)
    record = await driver.play_until(lambda state: state.turn == 1 and state.step[0] in "23")
    state = game_state(env, record)
    old_private = driver.private()
    offered = set(controls(old_private))
    assert offered == {a.token() for a in ENGINE.legal_actions(state, 0)}
    old_bot = env.bot

    await env.restart_bot(make_bot(db_path))

    assert env.bot is not old_bot
    after = await driver.record()
    assert (after.version, after.state) == (record.version, record.state)
    assert after.board_message_ids == record.board_message_ids
    # The private view opened before the restart still plays, from the same step.
    await driver.play_one()
    moved = await driver.record()
    assert moved.version > record.version
    # "My hand" on the board posted before the restart opens a fresh view.
    again = await driver.open_hand()
    assert version_of(again) == moved.version and again.id != old_private.id
    record = await driver.play_to_end()
    assert record.board_message_ids == after.board_message_ids  # edited in place all along


def refuse_attacks(state, legal):
    """The computer player's choices, except that no Hero ever attacks."""
    if state.prompt.kind == "attackers":
        return "pass"
    return computer_choice(state, legal)


async def test_ending_the_attacks_with_idle_heroes_asks_first(env) -> None:
    _, _, ann, _, record, thread = await table(env)
    set_locale(ann, "fr")
    driver = Driver(env, thread, ann, record.id, choose=refuse_attacks)
    record = await driver.play_until(lambda state: state.prompt is not None and state.prompt.kind == "attackers")
    state = game_state(env, record)
    view = ENGINE.view(state, 0)
    idle = [h.card for h in view.heroes if not h.tapped]
    shown = driver.private()
    button = next(i for i in items(shown) if isinstance(i, discord.Button) and i.custom_id.endswith(":ask-pass"))
    assert button.label == "Ne pas attaquer (fin du Combat)" and button.style == discord.ButtonStyle.danger
    # Other choices of the step are plain menu options: asking is for this one only.
    assert [cid for cid in custom_ids(shown) if ":ask-" in cid] == [button.custom_id]

    asked = await ann.click(shown, custom_id=button.custom_id)
    question = private_reply(asked)
    assert question.flags.ephemeral
    names = ", ".join(n for n in (name_fr(card) for card in idle))
    assert question.content == (
        f"❓ Héros qui n'attaqueront pas ce tour-ci : {names}. "
        "La phase de Combat s'achève et le tour passe à la Restauration."
    )
    confirm = question.message.components[0].children[0]
    assert confirm.label == "Oui, valider" and confirm.custom_id == f"g:forteresse:{record.id}:{record.version}:pass"
    unchanged = await driver.record()
    assert (unchanged.version, unchanged.state) == (record.version, record.state)  # asking played nothing

    done = await ann.click(question, custom_id=confirm.custom_id)
    assert not [f for f in done.followups if (f.content or "").startswith("⛔")]
    after = await driver.record()
    assert after.version > record.version
    assert await env.bot.storage.actions(record.id) and (await env.bot.storage.actions(record.id))[-1].token == "pass"
    moved = game_state(env, after)
    assert (moved.turn, moved.step) != (state.turn, "3.5")
    # The question became the private view of the next step.
    shown = message(env, thread, question.id)
    assert shown.embeds[0].title.startswith("🂠 Votre main")
    assert version_of(shown) in (after.version, None)
    # The board speaks the server's language (English), the private replies the player's (French).
    assert board(env, thread, after).embeds[0].description.startswith(f"**Turn {moved.turn + 1} · Phase")


def name_fr(card: str) -> str:
    words = {"J": "Valet", "Q": "Dame", "K": "Roi"}
    return f"{words[card[1]]} { {'H': '♥', 'D': '♦', 'C': '♣', 'S': '♠'}[card[2]] }"


def test_the_table_message_of_a_solitaire_offers_no_seats_to_fill() -> None:
    """The solitaire starts at once: the table message it opens with never shows Join, Start or
    a player count out of one, in either language."""
    record = SessionRecord(
        id=1,
        game="forteresse",
        guild_id=1,
        lobby_channel_id=1,
        channel_id=1,
        host_id=7,
        status="lobby",
        seats=[Seat(user_id=7, name="ann")],
        seed=1,
        created_at=0,
        updated_at=0,
    )
    ui = ForteresseUI()
    for lang, opening, player in (
        ("fr", "<@7> commence une partie en solitaire.", "Joueur"),
        ("en", "<@7> starts a solitaire game.", "Player"),
    ):
        shown = lobby_message(record, ui, lang)
        assert shown.view is None and shown.embed is not None
        assert shown.embed.description == opening
        assert shown.embed.fields[0].name == player and shown.embed.fields[0].value == "1. ann"
