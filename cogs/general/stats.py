"""``/stats``, ``/leaderboard``, ``/history`` and ``/replay``: finished games (``/replay``: the
page and record of ``bot.ui.replay_pages``).

Replies are private and in the asking user's language. Computer players never
appear in stats or rankings, but the games they played in count for the humans.
A game of two seats or more ranks by rating (``bot/ratings.py``); a solitaire by wins.
"""

from datetime import UTC, datetime

import discord
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal
from discord import app_commands
from discord.app_commands import Choice

from bot import ratings
from bot.i18n import Language, counted, percent, t
from bot.i18n import command_text as text
from bot.storage import GameResult, PlayerRating, PlayerStats, SeatResult, SessionRecord
from bot.ui import rating_text
from bot.ui.bot_cog import BotCog, guild_of
from bot.ui.game_ui import seat_name
from games.core import registry

REPLAY_CHOICES = 25  # Discord's most choices in an autocomplete
REPLAY_SEARCHED = 100  # the latest results searched for what is typed
GAME_CHOICES = [Choice(name=text(f"{name}.title"), value=name) for name in sorted(registry.engines())]


def rate(stats: PlayerStats, lang: Language) -> str:
    """The win rate, as ``lang`` writes a percentage."""
    return percent(stats.wins / stats.games if stats.games else 0, lang)


def rating(entry: PlayerRating, lang: Language) -> str:
    """The conservative rating as a whole number, marked when it rests on few games."""
    return rating_text.rating(entry.skill, entry.games, lang)


class StatsCog(BotCog):
    def _lang(self, interaction: discord.Interaction) -> Language:
        return self.tables.user_language(interaction)

    async def _send(self, interaction: discord.Interaction, title: str, lines: list[str], note: str = "") -> None:
        embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=0x2F855A)
        if note:
            embed.set_footer(text=note)
        await self.tables.reply_to(interaction).send(embed=embed)

    async def _rating_line(self, guild_id: int, entry: PlayerRating, lang: Language) -> str:
        """A player's rating at a game and its change over their last games."""
        last = await self.tables.service.storage.rating_changes(
            guild_id, entry.user_id, entry.game, ratings.RECENT_GAMES
        )
        change = entry.skill.shown - last[-1].before.shown if last else 0
        return t(
            lang,
            "stats.rating",
            rating=rating(entry, lang),
            change=rating_text.signed(change, lang),
            last=counted(lang, "stats.last", len(last)),
        )

    @app_commands.command(name=text("cmd.stats.name"), description=text("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=text("cmd.stats.user.name"))
    @app_commands.describe(user=text("cmd.stats.user.desc"))
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        lang, who, guild = self._lang(interaction), user or interaction.user, guild_of(interaction)
        storage = self.tables.service.storage
        rated = {r.game: r for r in await storage.ratings(guild, user_id=who.id, limit=len(GAME_CHOICES))}
        lines, note = [], ""
        for s in await storage.player_stats(guild, who.id):
            line = t(
                lang,
                "stats.line",
                game=t(lang, f"{s.game}.title"),
                played=counted(lang, "stats.played", s.games),
                won=counted(lang, "stats.won", s.wins),
                rate=rate(s, lang),
            )
            if s.game in rated:
                line += " · " + await self._rating_line(guild, rated[s.game], lang)
                if ratings.is_provisional(rated[s.game].games):
                    note = rating_text.provisional_note(lang)
            lines.append(line)
        title = t(lang, "stats.title", player=who.display_name)
        await self._send(interaction, title, lines or [t(lang, "stats.none")], note)

    @app_commands.command(name=text("cmd.leaderboard.name"), description=text("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=text("cmd.leaderboard.game.name"))
    @app_commands.describe(game=text("cmd.leaderboard.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        lang = self._lang(interaction)
        title = t(lang, "leaderboard.title", game=t(lang, f"{game}.title"))
        if registry.get(game).max_players > 1:
            return await self._rated_board(interaction, game, title, lang)
        board = await self.tables.service.storage.leaderboard(guild_of(interaction), game)  # a solitaire: by wins
        lines = [
            t(
                lang,
                "leaderboard.line",
                place=i,
                player=f"<@{s.user_id}>",
                wins=counted(lang, "leaderboard.wins", s.wins),
                games=counted(lang, "leaderboard.games", s.games),
                rate=rate(s, lang),
            )
            for i, s in enumerate(board, start=1)
        ] or [t(lang, "leaderboard.none")]
        await self._send(interaction, title, lines)

    async def _rated_board(self, interaction: discord.Interaction, game: str, title: str, lang: Language) -> None:
        """The best conservative ratings, with each player's wins and games; a note on what they mean."""
        board = await self.tables.service.storage.ratings(guild_of(interaction), game=game)
        lines = [
            t(
                lang,
                "leaderboard.rated_line",
                place=i,
                player=f"<@{r.user_id}>",
                rating=rating(r, lang),
                wins=counted(lang, "leaderboard.wins", r.wins),
                games=counted(lang, "leaderboard.games", r.games),
            )
            for i, r in enumerate(board, start=1)
        ] or [t(lang, "leaderboard.none_rated")]
        note = t(
            lang,
            "leaderboard.rated_note",
            start=format_decimal(int(ratings.START), locale=lang),
            games=counted(lang, "leaderboard.games", ratings.PROVISIONAL_GAMES),
        )
        await self._send(interaction, title, lines, note)

    @app_commands.command(name=text("cmd.history.name"), description=text("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        lang = self._lang(interaction)
        storage = self.tables.service.storage
        results = await storage.results(guild_of(interaction))
        lines = [self._history_line(result, await storage.get_session(result.session_id), lang) for result in results]
        await self._send(interaction, t(lang, "history.title"), lines or [t(lang, "history.none")])

    @staticmethod
    def _history_line(result: GameResult, record: SessionRecord | None, lang: Language) -> str:
        """Number, game, who won (a computer by its seat's name; a lost solitaire says who lost),
        how it ended, when."""

        def name(seat: SeatResult) -> str:
            if seat.user_id is None and record is not None and seat.seat < len(record.seats):
                return seat_name(record, seat.seat, lang)
            return seat.name or t(lang, "history.computer")

        winners = [name(seat) for seat in result.seats if seat.won]
        humans = [name(seat) for seat in result.seats if seat.user_id is not None]
        if winners:
            key = "history.shared" if len(winners) > 1 else "history.won"  # tied first: a shared win
            outcome = t(lang, key, winners=format_list(winners, locale=lang))
        elif result.ending == "abandoned":
            outcome = ""  # nobody played it to its end
        elif len(result.seats) == 1 and humans:
            outcome = t(lang, "history.lost", player=humans[0])
        else:
            outcome = t(lang, "history.no_winner")
        parts = [
            t(lang, "history.number", number=result.session_id),
            t(lang, f"{result.game}.title"),
            outcome,
            t(lang, f"history.ending.{result.ending}"),
            f"<t:{int(result.ended_at)}:R>",
        ]
        return " · ".join(part for part in parts if part)

    @app_commands.command(name=text("cmd.replay.name"), description=text("cmd.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(number=text("cmd.replay.number.name"))
    @app_commands.describe(number=text("cmd.replay.number.desc"))
    async def replay(self, interaction: discord.Interaction, number: int) -> None:
        await self.tables.send_replay(interaction, number)

    @replay.autocomplete("number")
    async def _finished_games(self, interaction: discord.Interaction, typed: str) -> list[Choice[int]]:
        """The server's finished games, newest first: « n° 12 · Fortissimo! · ann et 🤖 ordinateur ·
        2 janv. 2026 ». Digits typed are a number's first ones; other words are looked for in the text."""
        if interaction.guild_id is None:
            return []
        lang, wanted = self._lang(interaction), typed.strip().casefold().removeprefix("#")
        results = await self.tables.service.storage.results(interaction.guild_id, limit=REPLAY_SEARCHED)
        choices = []
        for result in results:
            if result.ending == "abandoned":  # never played to an end: no replay
                continue
            players = [seat.name if seat.user_id is not None else t(lang, "history.computer") for seat in result.seats]
            text = t(
                lang,
                "replay.choice",
                number=t(lang, "history.number", number=result.session_id),
                game=t(lang, f"{result.game}.title"),
                players=format_list(players, locale=lang),
                date=format_date(datetime.fromtimestamp(result.ended_at, UTC), format="medium", locale=lang),
            )
            number = wanted.isdigit() and str(result.session_id).startswith(wanted)  # digits: a number's first
            if not wanted or number or (not wanted.isdigit() and wanted in text.casefold()):
                choices.append(Choice(name=text[:100], value=result.session_id))
        return choices[:REPLAY_CHOICES]
