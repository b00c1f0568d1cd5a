"""Refusals of the bot layer (lobby, seats, stale boards); the rules' own are RuleErrors."""

from games.core.errors import Refusal


class UserError(Refusal):
    """A request the table refuses: not in the game, host only, table full..."""


class StaleBoard(UserError):
    """The button belongs to an older state of the game."""

    key = "error.stale"
