"""Game tables in Discord: the lobby, play, private views and the shared commands.

Every request holds the session's lock from loading to the last edit, so the
board on screen always shows the latest committed state, and nothing is
shown as done before it is committed. Each part lives in its own module:

- ``replies``: the one place that answers an interaction (who may see what);
- ``table_core``: languages, the lock, and finding a channel's game;
- ``publishing``: boards, news, secrets by DM, the end of a game;
- ``lobby``, ``learning`` (tutorials), ``play`` and ``table_commands``: what users do;
- ``replay_pages``: a finished game's replay page and record;
- ``hints``: 💡 the strong computer's move, told privately to a player.
"""

from bot.ui.hints import Hints
from bot.ui.learning import Learning
from bot.ui.play import Play
from bot.ui.replay_pages import ReplayPages
from bot.ui.table_commands import TableCommands


class Tables(Learning, Play, TableCommands, ReplayPages, Hints):
    """Everything a cog, a button or the timekeeper asks of the tables."""
