"""``/help`` (every command of the bot, per game, then the shared ones) and ``/games``
(the tables open or running on this server). Both list whatever is loaded."""

import discord
from discord import app_commands

from bot.i18n import Language, t
from bot.i18n import command_text as text
from bot.ui.bot_cog import BotCog
from bot.ui.components import TutorialButton
from bot.ui.game_ui import add_list, seat_name
from bot.ui.table_core import jump_url
from games.core import Engine, registry


def players_text(engine: Engine, lang: Language) -> str:
    if engine.max_players == 1:
        return t(lang, "help.solo")
    return t(lang, "help.players", low=engine.min_players, high=engine.max_players)


def said(lang: Language, text: app_commands.locale_str | None, fallback: str) -> str:
    """A command's name or description in ``lang`` (its catalog key is in the locale string)."""
    key = text.extras.get("key") if text is not None else None
    return t(lang, key) if key else fallback


def listing(command: app_commands.Command | app_commands.Group, lang: Language, prefix: str = "") -> list[str]:
    """ "`/name` — description" for a command, or for each command of a group."""
    name = f"{prefix}{said(lang, command._locale_name, command.name)}"
    if isinstance(command, app_commands.Group):  # ``start`` first: where every game begins
        subs = sorted(command.commands, key=lambda sub: said("en", sub._locale_name, "") != t("en", "cmd.start.name"))
        return [line for sub in subs for line in listing(sub, lang, f"{name} ")]
    return [f"`/{name}` — {said(lang, command._locale_description, command.description)}"]


class HelpCog(BotCog):
    def help_embed(self, lang: Language) -> discord.Embed:
        """Every command of the bot: each game's under its name, then the shared ones."""
        embed = discord.Embed(title=t(lang, "help.title"), description=t(lang, "help.intro"), colour=0x2B6CB0)
        engines = registry.engines()
        shared = []
        for command in self.bot.tree.get_commands(type=discord.AppCommandType.chat_input):  # the bot has no menus
            key = said("en", command._locale_name, "")
            game = next((name for name in engines if key == t("en", f"cmd.{name}.name")), None)
            if game is None or not isinstance(command, app_commands.Group):
                shared += listing(command, lang)
                continue
            title = f"{t(lang, f'{game}.title')} ({players_text(engines[game], lang)})"
            add_list(embed, title, [t(lang, f"{game}.pitch").capitalize(), *listing(command, lang)])
        add_list(embed, t(lang, "help.shared"), shared)
        embed.add_field(name=t(lang, "help.flow_title"), value=t(lang, "help.flow"), inline=False)
        return embed

    @app_commands.command(name=text("cmd.help.name"), description=text("cmd.help.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        reply = self.tables.reply_to(interaction)
        await reply.send(embed=self.help_embed(reply.lang), view=self.learn_buttons(reply.lang))

    def learn_buttons(self, lang: Language) -> discord.ui.View:
        """🎓 one button per game loaded: its tutorial."""
        view = discord.ui.View(timeout=None)
        for game in sorted(self.tables.uis):
            label = t(lang, "tutorial.button.learn_game", game=self.tables.uis[game].title(lang))
            view.add_item(
                TutorialButton("learn", game, label=label[:80], emoji="🎓", style=discord.ButtonStyle.secondary)
            )
        return view

    @app_commands.command(name=text("cmd.games.name"), description=text("cmd.games.desc"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        lang = self.tables.user_language(interaction)
        service = self.tables.service
        found = await service.storage.find_sessions(guild_id=interaction.guild_id, statuses=("lobby", "active"))
        lines = []
        for record in reversed(found):
            if record.tutorial is not None:  # a tutorial is no table to join or watch
                continue
            players = ", ".join(seat_name(record, i, lang) for i in range(len(record.seats)))
            title = t(lang, f"{record.game}.title")
            if record.status == "lobby":
                lines.append(
                    t(lang, "games.lobby", number=record.id, game=title, players=players, link=jump_url(record))
                )
                continue
            state = service.state(record)
            engine = service.engine(record)
            window = engine.reaction_window(state)  # secret: the paused turn's player is shown
            acting = window.seen_as if window else engine.to_act(state)
            turn = ", ".join(seat_name(record, s, lang) for s in sorted(acting))
            lines.append(
                t(
                    lang,
                    "games.running",
                    number=record.id,
                    game=title,
                    players=players,
                    turn=turn,
                    link=jump_url(record),
                )
            )
        embed = discord.Embed(
            title=t(lang, "games.title"), description="\n".join(lines)[:4000] or t(lang, "games.none")
        )
        await self.tables.reply_to(interaction).send(embed=embed)
