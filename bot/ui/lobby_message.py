"""The lobby message: who sits at the table, the options, and its buttons."""

import discord

from bot.i18n import Language, clock_text, t
from bot.storage import SessionRecord
from bot.ui.components import LobbyButton, LobbyMenu, RulesButton
from bot.ui.game_ui import BoardMessage, GameUI, seat_name
from games.core import registry


def lobby_message(record: SessionRecord, ui: GameUI, lang: Language) -> BoardMessage:
    """The lobby: players, options, and its buttons while it waits; what became of it after."""
    engine = registry.get(record.game)
    embed = discord.Embed(title=t(lang, "lobby.title", game=ui.title(lang)), colour=0x2B6CB0)
    players = "\n".join(f"{i + 1}. {seat_name(record, i, lang)}" for i in range(len(record.seats)))
    embed.add_field(
        name=t(lang, "lobby.players", count=len(record.seats), low=engine.min_players, high=engine.max_players),
        value=players or "—",
        inline=False,
    )
    clock = t(lang, "lobby.clock", time=clock_text(record.clock.turn_minutes, lang))
    embed.add_field(
        name=t(lang, "lobby.options"), value=f"{ui.describe_options(record.options, lang)}\n{clock}", inline=False
    )
    if record.status != "lobby":
        key = {"active": "lobby.started", "cancelled": "lobby.cancelled", "abandoned": "lobby.abandoned"}.get(
            record.status, "lobby.finished"
        )
        embed.description = t(lang, key, channel=f"<#{record.channel_id}>")
        return BoardMessage(embed=embed, view=None)
    embed.description = t(lang, "lobby.waiting", host=f"<@{record.host_id}>")
    view = discord.ui.View(timeout=None)
    full = len(record.seats) >= engine.max_players
    computers = any(seat.computer for seat in record.seats)
    buttons = [
        ("join", discord.ButtonStyle.primary, 0, not full),
        ("leave", discord.ButtonStyle.secondary, 0, True),
        ("remove_bot", discord.ButtonStyle.secondary, 0, computers),
        ("start", discord.ButtonStyle.success, 1, True),
        ("cancel", discord.ButtonStyle.danger, 1, True),
    ]
    for op, style, row, enabled in buttons:
        label = t(lang, f"lobby.button.{op}")
        view.add_item(
            LobbyButton(record.id, record.version, op, label=label, style=style, row=row, disabled=not enabled)
        )
    view.add_item(rules_button(record.game, lang, row=1))
    if not full:  # the host adds a computer player at the level they pick
        levels = [discord.SelectOption(label=t(lang, f"level.{level}"), description=t(lang, f"level.{level}.about"),
                                       value=level) for level in engine.levels]  # fmt: skip
        view.add_item(LobbyMenu(record.id, record.version, "add_bot", placeholder=t(lang, "lobby.add_bot"),
                                options=levels, row=2))  # fmt: skip
    guests = [(i, seat) for i, seat in enumerate(record.seats) if seat.user_id not in (None, record.host_id)]
    if guests:  # the host may remove a player
        options = [
            discord.SelectOption(label=seat_name(record, i, lang)[:100], value=str(seat.user_id)) for i, seat in guests
        ]
        view.add_item(
            LobbyMenu(record.id, record.version, "kick", placeholder=t(lang, "lobby.kick"), options=options, row=3)
        )
    return BoardMessage(embed=embed, view=view)


def rules_button(game: str, lang: Language, row: int | None = None) -> RulesButton:
    return RulesButton(game, label=t(lang, "common.rules"), emoji="📜", style=discord.ButtonStyle.secondary, row=row)
