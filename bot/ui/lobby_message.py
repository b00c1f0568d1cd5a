"""The lobby message: who sits at the table, the options, and its buttons; the host's private
panel to change the options before the start."""

from typing import Any

import discord

from bot import tutorials
from bot.i18n import Language, catalog, clock_text, counted, t
from bot.ratings import PROVISIONAL_GAMES
from bot.storage import SessionRecord
from bot.ui import rating_text
from bot.ui.components import LobbyButton, LobbyMenu, OptionButton, OptionMenu, RulesButton
from bot.ui.game_options import (
    TABLE_OPTIONS,
    TURN_CLOCK_OPTION,
    OptionSpec,
    choice_token,
    option_key,
    option_name,
    option_specs,
    table_value,
    value_text,
)
from bot.ui.game_ui import BoardMessage, GameUI, seat_name
from bot.ui.guide import learn_button
from bot.ui.lobby_ratings import Seated
from games.core import registry


def lobby_message(record: SessionRecord, ui: GameUI, lang: Language, ratings: Seated | None = None) -> BoardMessage:
    """The lobby: players (with ``ratings``, each person's beside their name), options, and its
    buttons while it waits; what became of it after."""
    engine = registry.get(record.game)
    title = (
        t(lang, "lobby.title", game=ui.title(lang))
        if record.status == "lobby"
        else t(lang, "lobby.title_table", game=ui.title(lang), number=record.id)
    )
    if lesson := tutorials.lesson_of(record):
        title = t(lang, "tutorial.lobby_title", game=ui.title(lang), lesson=t(lang, lesson.title))
    embed = discord.Embed(title=title, colour=0x2B6CB0)
    # a solitaire, or a tutorial, starts at once: no seats to fill, no buttons
    solitaire = engine.max_players == 1 or record.tutorial is not None
    players = "\n".join(f"{i + 1}. {_seat(record, i, ratings, lang)}" for i in range(len(record.seats)))
    seats = t(lang, "lobby.players", count=len(record.seats), low=engine.min_players, high=engine.max_players)
    embed.add_field(name=t(lang, "lobby.player") if solitaire else seats, value=players or "—", inline=False)
    clock = t(lang, "lobby.clock", time=clock_text(record.clock.turn_minutes, lang))
    hints = t(lang, f"lobby.hints.{choice_token(record.hints)}")
    shown = "\n".join([ui.describe_options(record.options, lang), clock, hints, *ui.seat_notes(record, lang)])
    embed.add_field(name=t(lang, "lobby.options"), value=shown[:1024], inline=False)
    if ratings is not None:
        embed.set_footer(text=t(lang, "rating.lobby_note", games=counted(lang, "rating.games", PROVISIONAL_GAMES)))
    if record.status != "lobby":
        key = {"active": "lobby.started", "cancelled": "lobby.cancelled", "abandoned": "lobby.abandoned"}.get(
            record.status, "lobby.finished"
        )
        embed.description = t(lang, key, channel=f"<#{record.channel_id}>")
        return BoardMessage(embed=embed, view=None)
    key = "tutorial.lobby" if record.tutorial else "lobby.solitaire" if solitaire else "lobby.waiting"
    embed.description = t(lang, key, host=f"<@{record.host_id}>")
    if solitaire:
        return BoardMessage(embed=embed, view=None)
    view = discord.ui.View(timeout=None)
    full = len(record.seats) >= engine.max_players
    computers = any(seat.computer for seat in record.seats)
    buttons = [
        ("join", discord.ButtonStyle.primary, 0, not full),
        ("leave", discord.ButtonStyle.secondary, 0, True),
        ("remove_bot", discord.ButtonStyle.secondary, 0, computers),
        ("start", discord.ButtonStyle.success, 1, True),
        ("cancel", discord.ButtonStyle.danger, 1, True),
        ("options", discord.ButtonStyle.secondary, 1, True),
    ]
    for op, style, row, enabled in buttons:
        label = t(lang, f"lobby.button.{op}")
        view.add_item(
            LobbyButton(record.id, record.version, op, label=label, style=style, row=row, disabled=not enabled)
        )
    view.add_item(rules_button(record.game, lang, row=1))
    view.add_item(learn_button(record.game, lang, row=1))
    if not full:  # the host adds a computer player at the level they pick
        levels = [
            discord.SelectOption(
                label=t(lang, f"level.{level}"), description=t(lang, f"level.{level}.about"), value=level
            )
            for level in engine.levels
        ]
        view.add_item(
            LobbyMenu(record.id, record.version, "add_bot", placeholder=t(lang, "lobby.add_bot"), options=levels, row=2)
        )
    guests = [(i, seat) for i, seat in enumerate(record.seats) if seat.user_id not in (None, record.host_id)]
    if guests:  # the host may remove a player
        options = [
            discord.SelectOption(label=seat_name(record, i, lang)[:100], value=str(seat.user_id)) for i, seat in guests
        ]
        view.add_item(
            LobbyMenu(record.id, record.version, "kick", placeholder=t(lang, "lobby.kick"), options=options, row=3)
        )
    return BoardMessage(embed=embed, view=view)


def _seat(record: SessionRecord, seat: int, ratings: Seated | None, lang: Language) -> str:
    name, user = seat_name(record, seat, lang), record.seats[seat].user_id
    return name if ratings is None or user is None else rating_text.seated(name, ratings.get(user), lang)


def lobby_edit(record: SessionRecord, ui: GameUI, lang: Language, ratings: Seated | None = None) -> dict[str, Any]:
    """The lobby's embed and buttons, to edit its message with: the text above them (a rematch's
    call to its players) stays while the table waits, and goes once it started or was cancelled (a
    solitaire's, which calls nobody, stays)."""
    fields = lobby_message(record, ui, lang, ratings).fields()
    if record.status == "lobby" or registry.get(record.game).max_players == 1:
        del fields["content"]
    else:
        fields["content"] = None
    return fields


def rules_button(game: str, lang: Language, row: int | None = None) -> RulesButton:
    return RulesButton(game, label=t(lang, "common.rules"), emoji="📖", style=discord.ButtonStyle.secondary, row=row)


# -- the host's options panel --------------------------------------------------------
def _about(game: str, name: str, lang: Language) -> str | None:
    """What the start command says of an option, if it has it under the option's own name."""
    key = f"cmd.start.{name}.desc" if name in TABLE_OPTIONS else f"cmd.{game}.{name}.desc"
    return t(lang, key) if catalog().has(lang, key) else None


def _labelled(game: str, spec: OptionSpec, value: Any, lang: Language) -> str:
    """ "name: value", or as the option words it (``<key>.pair``: Fort Boyard's "French cards" says it all)."""
    key = option_key(game, spec.name)
    pair = f"{key}.pair" if catalog().has(lang, f"{key}.pair") else "lobby.options.pair"
    return t(lang, pair, option=option_name(game, spec.name, lang), value=value_text(game, spec, value, lang))


def _clip(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def number_prompt(game: str, spec: OptionSpec, lang: Language) -> tuple[str, str, str]:
    """The text box of a number option: its title, label (with its unit and bounds) and placeholder."""
    unit = ".minutes" if spec.name == TURN_CLOCK_OPTION else ".seconds" if spec.seconds else ""
    label = t(
        lang, f"lobby.options.number{unit}", option=option_name(game, spec.name, lang), low=spec.low, high=spec.high
    )
    return t(lang, "lobby.options.title"), _clip(label, 45), _clip(_about(game, spec.name, lang) or "", 100)


def current_values(record: SessionRecord) -> dict[str, Any]:
    options = registry.get(record.game).make_options(record.options)
    return {
        spec.name: table_value(record, spec.name) if spec.name in TABLE_OPTIONS else getattr(options, spec.name)
        for spec in option_specs(record.game)
    }


MENU_ROWS = 4  # the panel's last row holds the number buttons


def options_panel(record: SessionRecord, lang: Language) -> BoardMessage:
    """The host's private panel: one menu per choice (the current one shown), one button per
    number, and what each option means, in the start command's own words."""
    game, now = record.game, current_values(record)
    view = discord.ui.View(timeout=None)
    lines = [t(lang, "lobby.options.panel", number=record.id)]
    menus = 0
    for spec in option_specs(game):
        name, about = option_name(game, spec.name, lang), _about(game, spec.name, lang)
        if about:
            lines.append(t(lang, "lobby.options.pair", option=f"**{name}**", value=about))
        if spec.choices and menus < MENU_ROWS:
            choices = [
                discord.SelectOption(
                    label=_clip(_labelled(game, spec, v, lang), 100), value=choice_token(v), default=v == now[spec.name]
                )
                for v in spec.choices[:25]
            ]
            placeholder = _clip(option_name(game, spec.name, lang), 150)
            view.add_item(
                OptionMenu(record.id, record.version, spec.name, options=choices, placeholder=placeholder, row=menus)
            )
            menus += 1
        elif not spec.choices:
            label = _clip(_labelled(game, spec, now[spec.name], lang), 80)
            view.add_item(
                OptionButton(
                    record.id,
                    record.version,
                    spec.name,
                    label=label,
                    emoji="✏️",
                    style=discord.ButtonStyle.secondary,
                    row=MENU_ROWS,
                )
            )
    return BoardMessage(content=_clip("\n".join(lines), 2000), view=view)
