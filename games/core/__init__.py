"""The contract every game engine implements (see shared/DESIGN.md section 2)."""

from games.core.engine import LEVELS, Action, Budget, Engine, GameState, Level, ReactionWindow, Step
from games.core.errors import (
    AlreadyChosen,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RuleError,
)
from games.core.events import Event, Outcome
from games.core.rng import Rng
from games.core.search import WITHHELD, Analysis, Grounds

__all__ = [
    "LEVELS",
    "WITHHELD",
    "Action",
    "AlreadyChosen",
    "Analysis",
    "Budget",
    "Engine",
    "Event",
    "GameOver",
    "GameState",
    "Grounds",
    "IllegalAction",
    "Level",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "ReactionWindow",
    "Rng",
    "RuleError",
    "Step",
]
