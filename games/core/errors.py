"""Rule errors carry a catalog key and parameters; the UI turns them into text.

The parameters must never hold hidden information: error texts reach logs.
"""


class Refusal(Exception):
    """A refusal shown to a user: a catalog key and its parameters."""

    key = "error.generic"

    def __init__(self, key: str | None = None, **params: object) -> None:
        self.key = key or type(self).key
        self.params = params
        super().__init__(self.key)


class RuleError(Refusal):
    """An action the rules refuse. The state it was tried on is unchanged."""

    key = "error.rule"


class NotYourTurn(RuleError):
    key = "error.not_your_turn"


class AlreadyChosen(NotYourTurn):
    """A seat that already made its secret choice and waits for the others'."""

    key = "error.already_chosen"


class IllegalAction(RuleError):
    key = "error.illegal_action"


class MalformedAction(RuleError):
    key = "error.malformed_action"


class GameOver(RuleError):
    key = "error.game_over"
