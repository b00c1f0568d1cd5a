"""``/settings``: anyone sees the values; changing them needs Manage Server,
checked here by the bot itself and not only by Discord's command permissions."""

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import command_text as text
from bot.i18n import language_of, t
from bot.ui.tables import is_admin


class SettingsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=text("cmd.settings.name"), description=text("cmd.settings.desc"))
    @app_commands.guild_only()
    @app_commands.rename(language=text("cmd.settings.language.name"))
    @app_commands.describe(language=text("cmd.settings.language.desc"))
    @app_commands.choices(
        language=[
            Choice(name=text("cmd.settings.language.fr"), value="fr"),
            Choice(name=text("cmd.settings.language.en"), value="en"),
            Choice(name=text("cmd.settings.language.auto"), value="auto"),
        ]
    )
    async def settings(self, interaction: discord.Interaction, language: str | None = None) -> None:
        tables = self.bot.tables  # type: ignore[attr-defined]
        storage = tables.service.storage
        user_lang = tables.user_language(interaction)
        guild = interaction.guild
        assert guild is not None
        if language is not None:
            if not is_admin(interaction):
                return await tables.refuse(interaction, UserError("error.admin_only"))
            await storage.set_guild_language(guild.id, None if language == "auto" else language)
        stored = await storage.get_guild_language(guild.id)
        current = await tables.public_language(guild.id)
        name = t(user_lang, f"settings.language.{current}")
        if stored is None:
            name = t(user_lang, "settings.language.auto", language=name)
        key = "settings.updated" if language is not None else "settings.current"
        await interaction.response.send_message(t(user_lang, key, language=name), ephemeral=True)
