"""Refusals shown to a user: a catalog key and its parameters, never a secret."""


class UserError(Exception):
    key = "error.generic"

    def __init__(self, key: str | None = None, **params: object) -> None:
        self.key = key or type(self).key
        self.params = params
        super().__init__(self.key)


class StaleBoard(UserError):
    """The button belongs to an older state of the game."""

    key = "error.stale"
