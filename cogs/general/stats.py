"""``/stats``, ``/leaderboard``, ``/history`` and ``/replay``: finished games (``/replay``: the
page and record of ``bot.ui.replay_pages``).

Replies are private and in the asking user's language. Computer players never
appear in stats or rankings, but the games they played in count for the humans.
"""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.i18n import Language, t
from bot.i18n import command_text as text
from bot.storage import GameResult, PlayerStats
from bot.ui.bot_cog import BotCog, guild_of
from games.core import registry

GAME_CHOICES = [Choice(name=text(f"{name}.title"), value=name) for name in sorted(registry.engines())]


def rate(stats: PlayerStats) -> int:
    return round(100 * stats.wins / stats.games) if stats.games else 0


class StatsCog(BotCog):
    def _lang(self, interaction: discord.Interaction) -> Language:
        return self.tables.user_language(interaction)

    async def _send(self, interaction: discord.Interaction, title: str, lines: list[str]) -> None:
        embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=0x2F855A)
        await self.tables.reply_to(interaction).send(embed=embed)

    @app_commands.command(name=text("cmd.stats.name"), description=text("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=text("cmd.stats.user.name"))
    @app_commands.describe(user=text("cmd.stats.user.desc"))
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        lang, who = self._lang(interaction), user or interaction.user
        found = await self.tables.service.storage.player_stats(guild_of(interaction), who.id)
        lines = [
            t(lang, "stats.line", game=t(lang, f"{s.game}.title"), games=s.games, wins=s.wins, rate=rate(s))
            for s in found
        ] or [t(lang, "stats.none")]
        await self._send(interaction, t(lang, "stats.title", player=who.display_name), lines)

    @app_commands.command(name=text("cmd.leaderboard.name"), description=text("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=text("cmd.leaderboard.game.name"))
    @app_commands.describe(game=text("cmd.leaderboard.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        lang = self._lang(interaction)
        board = await self.tables.service.storage.leaderboard(guild_of(interaction), game)
        lines = [
            t(lang, "leaderboard.line", place=i, player=f"<@{s.user_id}>", wins=s.wins, games=s.games, rate=rate(s))
            for i, s in enumerate(board, start=1)
        ] or [t(lang, "leaderboard.none")]
        await self._send(interaction, t(lang, "leaderboard.title", game=t(lang, f"{game}.title")), lines)

    @app_commands.command(name=text("cmd.history.name"), description=text("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        lang = self._lang(interaction)
        results = await self.tables.service.storage.results(guild_of(interaction))
        lines = [self._history_line(result, lang) for result in results] or [t(lang, "history.none")]
        await self._send(interaction, t(lang, "history.title"), lines)

    @staticmethod
    def _history_line(result: GameResult, lang: Language) -> str:
        winners = ", ".join(s.name or t(lang, "history.computer") for s in result.seats if s.won)
        return t(
            lang, "history.line", number=result.session_id, game=t(lang, f"{result.game}.title"),
            winners=winners, ending=t(lang, f"history.ending.{result.ending}"), ended=int(result.ended_at),
        )  # fmt: skip

    @app_commands.command(name=text("cmd.replay.name"), description=text("cmd.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(number=text("cmd.replay.number.name"))
    @app_commands.describe(number=text("cmd.replay.number.desc"))
    async def replay(self, interaction: discord.Interaction, number: int) -> None:
        await self.tables.send_replay(interaction, number)
