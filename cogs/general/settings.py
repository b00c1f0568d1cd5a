"""``/settings``: anyone sees the values; changing them needs Manage Server,
checked here by the bot itself and not only by Discord's command permissions."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.errors import UserError
from bot.i18n import Language, t
from bot.i18n import command_text as text
from bot.storage import GuildSettings
from bot.ui.bot_cog import BotCog
from bot.ui.tables import is_admin

OPTIONS = ("language", "threads", "dms", "turn_clock", "missed_turns", "allow_channel", "forbid_channel", "all_channels")


class SettingsCog(BotCog):
    @app_commands.command(name=text("cmd.settings.name"), description=text("cmd.settings.desc"))
    @app_commands.guild_only()
    @app_commands.rename(**{o: text(f"cmd.settings.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: text(f"cmd.settings.{o}.desc") for o in OPTIONS})
    @app_commands.choices(
        language=[
            Choice(name=text("cmd.settings.language.fr"), value="fr"),
            Choice(name=text("cmd.settings.language.en"), value="en"),
            Choice(name=text("cmd.settings.language.auto"), value="auto"),
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        threads: bool | None = None,
        dms: bool | None = None,
        turn_clock: app_commands.Range[int, 0, 10080] | None = None,
        missed_turns: app_commands.Range[int, 1, 20] | None = None,
        allow_channel: discord.TextChannel | None = None,
        forbid_channel: discord.TextChannel | None = None,
        all_channels: bool | None = None,
    ) -> None:
        tables = self.tables
        storage = tables.service.storage
        lang = tables.user_language(interaction)
        guild_id = interaction.guild_id
        current = await storage.guild_settings(guild_id)
        changes = {
            "language": None if language == "auto" else language,
            "use_threads": threads,
            "dm_notifications": dms,
            "turn_clock_minutes": turn_clock,
            "missed_turns": missed_turns,
        }
        changes = {k: v for k, v in changes.items() if v is not None or (k == "language" and language)}
        channels = list(current.game_channels)
        if all_channels:
            channels = []
        if allow_channel is not None and allow_channel.id not in channels:
            channels.append(allow_channel.id)
        if forbid_channel is not None and forbid_channel.id in channels:
            channels.remove(forbid_channel.id)
        if channels != current.game_channels:
            changes["game_channels"] = channels
        asked = any(value is not None for value in (language, threads, dms, turn_clock, missed_turns,
                                                    allow_channel, forbid_channel, all_channels))  # fmt: skip
        if asked and not is_admin(interaction):
            return await tables.refuse(interaction, UserError("error.admin_only"))
        if changes:
            current = current.model_copy(update=changes)
            await storage.save_guild_settings(guild_id, current)
        embed = self.describe(current, await tables.public_language(guild_id), lang)
        note = t(lang, "settings.updated") if asked else None
        await interaction.response.send_message(note, embed=embed, ephemeral=True)

    @staticmethod
    def describe(settings: GuildSettings, public: Language, lang: Language) -> discord.Embed:
        yes_no = {True: t(lang, "common.yes"), False: t(lang, "common.no")}
        language = t(lang, f"settings.language.{public}")
        if settings.language is None:
            language = t(lang, "settings.language.auto", language=language)
        clock = (
            t(lang, "settings.clock.minutes", minutes=settings.turn_clock_minutes)
            if settings.turn_clock_minutes else t(lang, "settings.clock.none")
        )  # fmt: skip
        channels = ", ".join(f"<#{c}>" for c in settings.game_channels) or t(lang, "settings.channels.all")
        embed = discord.Embed(title=t(lang, "settings.title"), colour=0x4A5568)
        for key, value in (
            ("language", language), ("threads", yes_no[settings.use_threads]),
            ("dms", yes_no[settings.dm_notifications]), ("turn_clock", clock),
            ("missed_turns", str(settings.missed_turns)), ("channels", channels),
        ):  # fmt: skip
            embed.add_field(name=t(lang, f"settings.field.{key}"), value=value, inline=False)
        return embed
