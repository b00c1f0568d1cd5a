"""The host changes a lobby's options before the start (issue 20): a private panel with a menu per
choice and a text box per number, the public lobby showing each change, the started game using
them, and the rematch keeping them. Anyone else is refused, so is a change once the game started
or an answer out of bounds; the panel keeps working across a restart."""

from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.i18n import LANGUAGES, clock_text
from bot.storage import SessionRecord
from bot.ui.lobby_message import option_name, option_specs
from games.core import registry
from tests.conftest import make_bot, set_locale
from tests.discord.driver import LOBBY_LABELS, Driver, add_computer, items, play_channel, public_text, session
from tests.discord.forteresse_driver import message, private_reply
from tests.discord.test_catalogs import SNAKE_CASE


def lobby_of(env: Env, channel: ChannelHandle, record: SessionRecord) -> discord.Message:
    assert record.lobby_message_id is not None
    return message(env, channel, record.lobby_message_id)


def options_text(lobby: discord.Message) -> str:
    """The lobby's Options field: the game's options, then the turn clock."""
    (shown,) = [f for f in lobby.embeds[0].fields if f.name == "Options"]
    return shown.value or ""


async def open_lobby(env: Env, channel: ChannelHandle, host: MemberActor, game: str) -> SessionRecord:
    result = await host.slash(channel, f"{game} start")
    assert not result.ephemeral
    (record,) = await env.bot.storage.find_sessions(game=game, channel_id=channel.id, statuses=("lobby",))
    return record


async def open_panel(env: Env, channel: ChannelHandle, host: MemberActor, record: SessionRecord) -> discord.Message:
    """The host's Options button: the private panel."""
    record = await session(env, record.id)
    shown = await host.click(lobby_of(env, channel, record), custom_id=f"l:{record.id}:{record.version}:options")
    assert shown.ephemeral, shown
    return message(env, channel, private_reply(shown).id)


def menu(panel: discord.Message, name: str) -> Any:
    (found,) = [i for i in items(panel) if (getattr(i, "custom_id", None) or "").endswith(f":{name}")]
    return found


async def choose(host: MemberActor, panel: discord.Message, name: str, value: str) -> InteractionResult:
    return await host.select(panel, [value], custom_id=menu(panel, name).custom_id)


async def type_number(host: MemberActor, panel: discord.Message, name: str, text: str) -> InteractionResult:
    opened = await host.click(panel, custom_id=menu(panel, name).custom_id)
    assert opened.modal is not None, opened.response and opened.response.content
    return await host.submit_modal(opened, {"text": text})


def refusal(result: InteractionResult) -> str:
    """The private refusal an interaction got, as its reply or as a follow-up."""
    texts = [m.content for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    (found,) = [text for text in texts if text and text.startswith("⛔")]
    return found


async def test_the_host_changes_every_kind_of_option_in_french_and_the_game_and_its_rematch_use_them(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (ann, ben):
        set_locale(member, "fr")
    record = await open_lobby(env, channel, ann, "fortissimo")
    panel = await open_panel(env, channel, ann, record)
    assert panel.content.startswith(f"⚙️ Options de la table n°\xa0{record.id}, pour vous seul")
    assert "**Variante** : Règle de base ou version avancée avec points et pouvoirs" in panel.content
    assert "**Temps par tour** : Minutes par tour pour cette partie" in panel.content
    menus = [i for i in items(panel) if isinstance(i, discord.SelectMenu)]
    assert [m.placeholder for m in menus] == ["Variante", "Plafond des corbeaux", "Premier joueur", "Conseils"]
    assert not SNAKE_CASE.search(public_text(panel)), public_text(panel)  # words, never the code's names
    opened = await ann.click(panel, custom_id=menu(panel, "turn_clock").custom_id)
    assert opened.modal["components"][0]["components"][0]["label"] == "Temps par tour, en minutes (de 0 à 10080)"
    variant = menu(panel, "variant")
    assert [(o.label, o.default) for o in variant.options] == [
        ("Variante : règle de base", True),
        ("Variante : version avancée", False),
    ]
    assert [o.label for o in menu(panel, "crow_cap").options] == [
        "Plafond des corbeaux : oui",
        "Plafond des corbeaux : non",
    ]

    changed = await choose(ann, panel, "variant", "advanced")
    assert changed.response.ephemeral and not changed.followups
    panel = message(env, channel, panel.id)  # the panel, edited in place with the new choice
    assert [o.default for o in menu(panel, "variant").options] == [False, True]
    assert options_text(lobby_of(env, channel, record)).startswith("Variante : version avancée · ")
    await choose(ann, panel, "crow_cap", "true")
    panel = message(env, channel, panel.id)
    await choose(ann, panel, "first_player", "lobby")
    panel = message(env, channel, panel.id)
    assert menu(panel, "turn_clock").label == f"Temps par tour : {clock_text(1440, 'fr')}"  # the server's default clock
    await type_number(ann, panel, "turn_clock", "45")
    panel = message(env, channel, panel.id)
    assert menu(panel, "turn_clock").label == f"Temps par tour : {clock_text(45, 'fr')}"
    assert options_text(lobby_of(env, channel, record)) == (
        "Variante : version avancée · Plafond des corbeaux : oui · Premier joueur : ordre d'arrivée\n"
        f"⏰ Temps par tour : {clock_text(45, 'fr')}\n💡 Conseils : oui"
    )

    too_long = await type_number(ann, panel, "turn_clock", "20000")
    assert refusal(too_long) == "⛔ Temps par tour : entrez un nombre entier de 0 à 10080. Rien n'a changé."
    assert (await session(env, record.id)).clock.turn_minutes == 45

    await ben.click(lobby_of(env, channel, record), label=LOBBY_LABELS["fr"]["join"])
    await ann.click(lobby_of(env, channel, record), label=LOBBY_LABELS["fr"]["start"])
    started = await session(env, record.id)
    assert started.status == "active" and started.clock.turn_minutes == 45
    options = env.bot.service.state(started).options
    assert (options.variant, options.crow_cap, options.first_player) == ("advanced", True, "lobby")
    late = await choose(ann, message(env, channel, panel.id), "variant", "basic")  # the game has started
    assert refusal(late) == "⛔ Cette table n'accepte plus de changements : la partie a commencé ou a été annulée."

    thread = play_channel(env, channel, started)
    finished = await Driver(env, thread, [ann, ben], record.id).play_to_end()
    assert finished.status == "finished"
    final = message(env, thread, finished.board_message_ids[-1])
    await ben.click(final, custom_id=f"l:{finished.id}:{finished.version}:rematch")
    (again,) = await env.bot.storage.find_sessions(game="fortissimo", channel_id=channel.id, statuses=("lobby",))
    assert again.options == started.options and again.clock.turn_minutes == 45
    assert options_text(lobby_of(env, channel, again)).startswith(
        "Variante : version avancée · Plafond des corbeaux : oui"
    )


async def test_a_number_out_of_bounds_is_refused_in_english_and_a_good_one_plays(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record = await open_lobby(env, channel, ann, "fireship")
    panel = await open_panel(env, channel, ann, record)
    assert "**Rounds**: Stop after this many rounds" in panel.content
    rounds = menu(panel, "rounds")
    assert rounds.label == "Rounds: 20"
    opened = await ann.click(panel, custom_id=rounds.custom_id)
    assert opened.modal is not None
    (row,) = opened.modal["components"]
    (box,) = row["components"]
    assert (opened.modal["title"], box["label"], box["value"]) == ("Table options", "Rounds (0 to 99)", "20")

    for wrong in ("150", "-1", "ten", "2.5", "²"):
        refused = await type_number(ann, panel, "rounds", wrong)
        assert refusal(refused) == "⛔ Rounds: enter a whole number from 0 to 99. Nothing was changed.", wrong
    unchanged = await session(env, record.id)
    assert unchanged.options == {"rounds": 20} and unchanged.version == record.version

    await type_number(ann, panel, "rounds", " 7 ")
    assert options_text(lobby_of(env, channel, record)).startswith(
        "7 rounds, then whoever holds the most islands wins\n"
    )
    await add_computer(channel, ann, lobby_of(env, channel, record))
    await ann.click(lobby_of(env, channel, record), label=LOBBY_LABELS["en"]["start"])
    started = await session(env, record.id)
    assert started.status == "active" and env.bot.service.state(started).options.rounds == 7


async def test_only_the_host_changes_options_and_a_stale_panel_shows_the_table_anew(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record = await open_lobby(env, channel, ann, "fortissimo")
    lobby = lobby_of(env, channel, record)
    refused = await ben.click(lobby, custom_id=f"l:{record.id}:{record.version}:options")
    assert refused.ephemeral and refused.response.content == "⛔ Only the table's host can do that."

    panel = await open_panel(env, channel, ann, record)
    await ben.click(lobby, label=LOBBY_LABELS["en"]["join"])  # the table changes meanwhile
    stale = await choose(ann, panel, "variant", "advanced")
    assert refusal(stale).startswith("⛔ The table changed in the meantime: nothing was done.")
    assert (await session(env, record.id)).options["variant"] == "basic"
    panel = message(env, channel, panel.id)  # shown again, at the table's version
    joined = await session(env, record.id)
    assert menu(panel, "variant").custom_id == f"o:{record.id}:{joined.version}:variant"
    assert not (await choose(ann, panel, "variant", "advanced")).followups
    assert (await session(env, record.id)).options["variant"] == "advanced"

    await ann.click(lobby_of(env, channel, record), label=LOBBY_LABELS["en"]["leave"])  # ben hosts now
    host_left = await choose(ann, message(env, channel, panel.id), "first_player", "lobby")
    assert refusal(host_left) == "⛔ Only the table's host can do that."


async def test_the_panel_keeps_working_after_a_restart(env, db_path) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record = await open_lobby(env, channel, ann, "fireship")
    panel = await open_panel(env, channel, ann, record)
    opened = await ann.click(panel, custom_id=menu(panel, "rounds").custom_id)
    await env.restart_bot(make_bot(db_path))
    typed = await ann.submit_modal(opened, {"text": "12"})  # a box opened before the restart
    assert not typed.followups
    await env.restart_bot(make_bot(db_path))
    await type_number(ann, message(env, channel, panel.id), "turn_clock", "0")
    after = await session(env, record.id)
    assert after.options == {"rounds": 12} and after.clock.turn_minutes == 0
    assert (
        options_text(lobby_of(env, channel, record))
        == "12 rounds, then whoever holds the most islands wins\n⏰ Time per turn: no limit\n💡 Hints: on"
    )
    await add_computer(channel, ann, lobby_of(env, channel, record))
    await ann.click(lobby_of(env, channel, record), label=LOBBY_LABELS["en"]["start"])
    assert env.bot.service.state(await session(env, record.id)).options.rounds == 12


async def test_fort_boyard_offers_its_cards_side_and_hourglass_but_not_the_computers_rates(env, db_path) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record = await open_lobby(env, channel, ann, "fortboyard")
    panel = await open_panel(env, channel, ann, record)
    assert [(o.label, o.default) for o in menu(panel, "language").options] == [
        ("French cards", False),
        ("English cards", True),
    ]
    assert [o.label for o in menu(panel, "side").options] == [
        "Trial cards: red texts",
        "Trial cards: blue texts",
        "Trial cards: red or blue sides, drawn at random",
    ]
    assert menu(panel, "clock").label == "Hourglass: 30 seconds"  # the unit written out
    assert [m.placeholder for m in items(panel) if isinstance(m, discord.SelectMenu)] == [
        "Card language",
        "Trial cards",
        "Hints",
    ]
    opened = await ann.click(panel, custom_id=menu(panel, "clock").custom_id)
    assert opened.modal["components"][0]["components"][0]["label"] == "Hourglass, in seconds (10 to 180)"
    assert not SNAKE_CASE.search(public_text(panel)), public_text(panel)
    assert not [i for i in items(panel) if "computer" in (getattr(i, "custom_id", None) or "")]

    await choose(ann, panel, "language", "fr")
    await env.restart_bot(make_bot(db_path))  # the panel's menus still answer
    assert not (await choose(ann, message(env, channel, panel.id), "side", "blue")).followups
    short = await type_number(ann, message(env, channel, panel.id), "clock", "5")
    assert refusal(short) == "⛔ Hourglass: enter a whole number from 10 to 180. Nothing was changed."
    await type_number(ann, message(env, channel, panel.id), "clock", "60")
    changed = await session(env, record.id)
    assert {k: changed.options[k] for k in ("language", "side", "clock")} == {
        "language": "fr",
        "side": "blue",
        "clock": 60,
    }
    assert options_text(lobby_of(env, channel, record)) == (
        "French cards · Trial cards: blue texts · Hourglass: 1 minute\n⏰ Time per turn: 1 day\n💡 Hints: on"
    )  # no computer at the table: nothing of a computer's rates
    assert menu(message(env, channel, panel.id), "clock").label == "Hourglass: 1 minute"


def test_every_option_of_every_game_has_a_name_in_both_languages() -> None:
    """The panel names each option in words (« Plafond des corbeaux »), never by its field."""
    for game in registry.engines():
        for spec in option_specs(game):
            for lang in LANGUAGES:
                name = option_name(game, spec.name, lang)
                assert name and name != f"{game}.option.{spec.name}" and not SNAKE_CASE.search(name), (game, spec)
