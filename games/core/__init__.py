"""The contract every game engine implements (see shared/DESIGN.md section 2)."""

from games.core.engine import Action, Engine, GameState, ReactionWindow, Step
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

__all__ = [
    "AlreadyChosen",
    "Action",
    "Engine",
    "Event",
    "GameOver",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "ReactionWindow",
    "Rng",
    "RuleError",
    "Step",
]
