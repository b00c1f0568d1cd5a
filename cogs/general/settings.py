"""``/settings``: anyone sees the values; changing them needs Manage Server,
checked here by the bot itself and not only by Discord's command permissions.
``/notifications``: each player's own choice of reminders by direct message."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.errors import UserError
from bot.i18n import Language, clock_text, duration, t
from bot.i18n import command_text as text
from bot.storage import MAX_TURN_MINUTES, GuildSettings
from bot.ui.bot_cog import BotCog, guild_of
from bot.ui.table_core import is_admin

OPTIONS = (
    "language", "threads", "dms", "turn_clock", "missed_turns", "abandon_days", "archive_hours", "allow_channel",
    "forbid_channel", "all_channels",
)  # fmt: skip
MAX_ARCHIVE_HOURS = 168  # a week


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
        turn_clock: app_commands.Range[int, 0, MAX_TURN_MINUTES] | None = None,
        missed_turns: app_commands.Range[int, 1, 20] | None = None,
        abandon_days: app_commands.Range[int, 1, 365] | None = None,
        archive_hours: app_commands.Range[int, 0, MAX_ARCHIVE_HOURS] | None = None,
        allow_channel: discord.TextChannel | None = None,
        forbid_channel: discord.TextChannel | None = None,
        all_channels: bool | None = None,
    ) -> None:
        tables = self.tables
        storage = tables.service.storage
        lang = tables.user_language(interaction)
        guild_id = guild_of(interaction)
        current = await storage.guild_settings(guild_id)
        changes: dict[str, object] = {
            "language": None if language == "auto" else language,
            "use_threads": threads,
            "dm_notifications": dms,
            "turn_clock_minutes": turn_clock,
            "missed_turns": missed_turns,
            "abandon_days": abandon_days,
            "archive_hours": archive_hours,
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
        asked = any(
            value is not None
            for value in (
                language,
                threads,
                dms,
                turn_clock,
                missed_turns,
                abandon_days,
                archive_hours,
                allow_channel,
                forbid_channel,
                all_channels,
            )
        )
        if asked and not is_admin(interaction):
            return await tables.reply_to(interaction).refuse(UserError("error.admin_only"))
        if changes:
            current = current.model_copy(update=changes)
            await storage.save_guild_settings(guild_id, current)
        embed = self.describe(current, await tables.public_language(guild_id), lang)
        note = t(lang, "settings.updated") if asked else None
        await tables.reply_to(interaction).send(note, embed=embed)

    @staticmethod
    def describe(settings: GuildSettings, public: Language, lang: Language) -> discord.Embed:
        yes_no = {True: t(lang, "common.yes"), False: t(lang, "common.no")}
        language = t(lang, f"settings.language.{public}")
        if settings.language is None:
            language = t(lang, "settings.language.auto", language=language)
        channels = ", ".join(f"<#{c}>" for c in settings.game_channels) or t(lang, "settings.channels.all")
        never = t(lang, "settings.archive.never")
        embed = discord.Embed(title=t(lang, "settings.title"), colour=0x4A5568)
        for key, value in (
            ("language", language),
            ("threads", yes_no[settings.use_threads]),
            ("dms", yes_no[settings.dm_notifications]),
            ("turn_clock", clock_text(settings.turn_clock_minutes, lang)),
            ("missed_turns", str(settings.missed_turns)),
            ("abandon_days", duration(lang, days=settings.abandon_days)),
            ("archive_hours", duration(lang, hours=settings.archive_hours) if settings.archive_hours else never),
            ("channels", channels),
        ):
            embed.add_field(name=t(lang, f"settings.field.{key}"), value=value, inline=False)
        return embed

    @app_commands.command(name=text("cmd.notifications.name"), description=text("cmd.notifications.desc"))
    @app_commands.rename(pings=text("cmd.notifications.pings.name"), dm=text("cmd.notifications.dm.name"))
    @app_commands.describe(pings=text("cmd.notifications.pings.desc"), dm=text("cmd.notifications.dm.desc"))
    async def notifications(
        self, interaction: discord.Interaction, pings: bool | None = None, dm: bool | None = None
    ) -> None:
        """See or change your own notifications: a mention when your turn comes, reminders by DM."""
        storage = self.tables.service.storage
        reply = self.tables.reply_to(interaction)
        mine = await storage.user_settings(interaction.user.id)
        changes = {name: value for name, value in (("turn_pings", pings), ("dm_reminders", dm)) if value is not None}
        if changes:
            mine = mine.model_copy(update=changes)
            await storage.save_user_settings(interaction.user.id, mine)
        lines = [
            t(reply.lang, "notifications.pings_on" if mine.turn_pings else "notifications.pings_off"),
            t(reply.lang, "notifications.dm_on" if mine.dm_reminders else "notifications.dm_off"),
        ]
        if interaction.guild_id and not (await storage.guild_settings(interaction.guild_id)).dm_notifications:
            lines.append(t(reply.lang, "notifications.server_off"))
        if not changes:  # only asked what is set: say how to change it
            lines.append(self.how_to_change(mine.turn_pings, mine.dm_reminders, reply.lang))
        await reply.send("\n".join(lines))

    @staticmethod
    def how_to_change(pings: bool, dm: bool, lang: Language) -> str:
        """The commands that turn each choice the other way, as the user types them."""
        command = t(lang, "cmd.notifications.name")
        toggles = []
        for option, now, off, on in (("pings", pings, "pings_off", "pings_on"), ("dm", dm, "dm_off", "dm_on")):
            typed = f"/{command} {t(lang, f'cmd.notifications.{option}.name')}:{not now}"
            toggles.append(t(lang, f"notifications.toggle.{off if now else on}", command=typed))
        return t(lang, "notifications.change", pings=toggles[0], dm=toggles[1])
