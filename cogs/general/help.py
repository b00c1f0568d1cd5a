"""``/help`` (the games, the shared commands, how a game unfolds) and ``/games``
(the tables open or running on this server). Both list whatever the registry holds."""

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.i18n import Language, t
from bot.ui.bot_cog import BotCog
from bot.ui.game_ui import seat_name
from bot.ui.table_core import jump_url
from games.core import Engine, registry

SHARED_COMMANDS = ("help", "games", "settings", "stats", "leaderboard", "history", "replay")


def players_text(engine: Engine, lang: Language) -> str:
    if engine.max_players == 1:
        return t(lang, "help.solo")
    return t(lang, "help.players", low=engine.min_players, high=engine.max_players)


class HelpCog(BotCog):
    @app_commands.command(name=text("cmd.help.name"), description=text("cmd.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        lang = self.tables.user_language(interaction)
        embed = discord.Embed(title=t(lang, "help.title"), description=t(lang, "help.intro"), colour=0x2B6CB0)
        games = [
            t(lang, "help.game", game=t(lang, f"{name}.title"), command=t(lang, f"cmd.{name}.name"),
              players=players_text(engine, lang), pitch=t(lang, f"{name}.pitch"))
            for name, engine in sorted(registry.engines().items())
            if name in self.tables.uis  # a game whose cog is loaded
        ]  # fmt: skip
        embed.add_field(name=t(lang, "help.games"), value="\n".join(games)[:1024], inline=False)
        shared = [f"`/{t(lang, f'cmd.{c}.name')}` — {t(lang, f'cmd.{c}.desc')}" for c in SHARED_COMMANDS]
        embed.add_field(name=t(lang, "help.shared"), value="\n".join(shared)[:1024], inline=False)
        embed.add_field(name=t(lang, "help.flow_title"), value=t(lang, "help.flow"), inline=False)
        await self.tables.reply_to(interaction).send(embed=embed)

    @app_commands.command(name=text("cmd.games.name"), description=text("cmd.games.desc"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        lang = self.tables.user_language(interaction)
        service = self.tables.service
        found = await service.storage.find_sessions(guild_id=interaction.guild_id, statuses=("lobby", "active"))
        lines = []
        for record in reversed(found):
            players = ", ".join(seat_name(record, i, lang) for i in range(len(record.seats)))
            title = t(lang, f"{record.game}.title")
            if record.status == "lobby":
                lines.append(t(lang, "games.lobby", number=record.id, game=title, players=players, link=jump_url(record)))
                continue
            state = service.state(record)
            engine = service.engine(record)
            window = engine.reaction_window(state)  # secret: the paused turn's player is shown
            acting = window.seen_as if window else engine.to_act(state)
            turn = ", ".join(seat_name(record, s, lang) for s in sorted(acting))
            lines.append(t(lang, "games.running", number=record.id, game=title, players=players, turn=turn, link=jump_url(record)))
        embed = discord.Embed(title=t(lang, "games.title"), description="\n".join(lines)[:4000] or t(lang, "games.none"))
        await self.tables.reply_to(interaction).send(embed=embed)
