"""The engine contract: one object per game, pure functions over immutable states."""

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar, cast

from pydantic import BaseModel, ConfigDict

from games.core.errors import AlreadyChosen, GameOver, IllegalAction, MalformedAction, NotYourTurn, RuleError
from games.core.events import Event, Outcome
from games.core.rng import Rng
from games.core.search import Analysis, analyse


class GameState(BaseModel):
    """Base of every game state: JSON round-trip exact, schema-versioned, seeded."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    seats: int
    rng: Rng


class Action(BaseModel):
    """A move. ``token()`` is a compact text form small enough for a button id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def token(self) -> str:  # pragma: no cover - every action overrides it
        raise NotImplementedError


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)


class Step(NamedTuple):
    state: Any
    events: list[Event]


class ReactionWindow(NamedTuple):
    """A short clock inside a turn. Secret: a pause in another player's turn where the seats
    to act may answer an action that hits them (a card in hand); nobody else may learn
    that it exists. Shown: a timed trial everyone watches."""

    seconds: int  # how long each asked seat has, whatever the table's clock
    seen_as: frozenset[int]  # whose turn everyone else is shown meanwhile
    shown: bool = False  # a clock the whole table watches (a timed trial), not a secret pause


Level = Literal["easy", "normal", "strong"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "strong")


class Budget(NamedTuple):
    """How much the strong level may search: iterations, and the caller's own clock (``stop``,
    checked now and then; games have no clock). Same seed and iterations: same decision."""

    iterations: int = 2000
    stop: Callable[[], bool] | None = None


class Engine(ABC, Generic[S, A]):
    """What the bot layer knows of a game. Illegal input raises a ``RuleError``."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[GameState]]
    # What the rule book leaves open, decided: one key per decision; the game's ``rules``
    # text states each one under ``<name>.house.<key>`` in every language.
    house_rules: ClassVar[tuple[str, ...]] = ()
    levels: ClassVar[tuple[Level, ...]] = ("normal",)  # the computer player's levels this game has
    # The outcome reasons of a game of several players that the rules let nobody win (the players
    # still in then share the first place); any other end has winners.
    no_winner_reasons: ClassVar[frozenset[str]] = frozenset()

    # -- to implement -------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, options: BaseModel, seed: int) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that may act now; several means simultaneous; empty means over."""

    @abstractmethod
    def turn_number(self, state: S) -> int:
        """How many turns have ended. A turn may take several actions of one seat
        (or a round of simultaneous choices); the bot's turn clock gives one
        deadline per turn, and a timed-out turn is played until this changes."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    @abstractmethod
    def parse_action(self, token: str) -> A:
        """The action a token stands for; raises ``MalformedAction``."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """What ``seat`` may know (``None``: the public, spectators included)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    strong_budget: ClassVar[Budget] = Budget()  # the strong level's search when no budget is given

    def choose(
        self, view: BaseModel, legal: list[A], rng: Rng, level: Level = "normal", budget: Budget | None = None
    ) -> A:
        """The computer player's move at ``level``, from its own view only: ``easy`` plays like a
        beginner (``choose_easy``), ``normal`` sensibly (``choose_normal``), ``strong`` searches
        (``strong_choice``) within ``budget`` (by default the game's ``strong_budget``)."""
        if level == "strong":
            return self.strong_choice(view, legal, rng, self.strong_budget if budget is None else budget)
        if level == "easy":
            return self.choose_easy(view, legal, rng)
        return self.choose_normal(view, legal, rng)

    @abstractmethod
    def choose_normal(self, view: BaseModel, legal: list[A], rng: Rng) -> A:
        """The normal level's move."""

    def choose_easy(self, view: BaseModel, legal: list[A], rng: Rng) -> A:
        """The easy level's move; by default the normal one's."""
        return self.choose_normal(view, legal, rng)

    @abstractmethod
    def _play(self, state: S, seat: int, action: A) -> list[Event]:
        """Mutate ``state`` (a private copy) by a move; raise on an illegal one."""

    @abstractmethod
    def _resign(self, state: S, seat: int) -> list[Event]:
        """Mutate ``state`` (a private copy) as ``seat`` leaves the game."""

    # -- provided -----------------------------------------------------------
    def reaction_window(self, state: S) -> ReactionWindow | None:
        """Set while ``to_act`` answers a secret reaction window. A seat that lets it pass
        plays ``legal_actions(state, seat)[0]`` (the pass), which is no missed turn."""
        return None

    def unseen_steps(self, state: S) -> int:
        """How many of the actions played so far the table saw as none: each one after which a
        secret reaction window was open (once it closes, the window reads as the one action that
        opened it). The bot's public controls count only the actions the table saw."""
        return 0

    def has_chosen(self, state: S, seat: int) -> bool:
        """True while ``seat`` waits on others after making its part of a simultaneous
        choice (a duel's secret sign): a second click is told so, not "not your turn"."""
        return False

    # -- what the strong computer player's search needs (games/core/search.py) --------
    def strong_choice(self, view: BaseModel, legal: list[A], rng: Rng, budget: Budget) -> A:
        """The strong level's move: ``strong_analysis``'s."""
        return cast(A, self.strong_analysis(view, legal, rng, budget).move)

    def strong_analysis(self, view: BaseModel, legal: list[A], rng: Rng, budget: Budget) -> Analysis:
        """The strong level's move and its grounds (a player's hint tells both): the search's pick,
        with how often it won in the samples; a game that cannot sample its hidden parts plays
        ``normal``. A game with a search of its own overrides this, never ``strong_choice``."""
        if len(legal) == 1:
            return Analysis(legal[0], "only")
        if self.determinize(view, Rng.from_seed(0)) is None:
            return Analysis(self.choose(view, legal, rng), "rule")
        return analyse(self, view, legal, rng, budget.iterations, budget.stop)

    def determinize(self, view: BaseModel, rng: Rng) -> S | None:
        """A whole state consistent with ``view``: what it hides (other hands, face-down cards,
        the deck's order, the future dice through a fresh generator) drawn from ``rng``.
        None: the game cannot sample one."""
        return None

    def evaluate(self, state: S) -> list[float]:
        """Each seat's chances, in [0, 1], in an unfinished state (a play-out cut short)."""
        return [1.0 / state.seats] * state.seats

    def search_actions(self, state: S, seat: int) -> list[A]:
        """The moves the search considers: every legal one, or a sensible reduced set."""
        return self.legal_actions(state, seat)

    def human_may_play(self, action: A) -> bool:
        """False for a move only the computer player makes (e.g. a trial won at a set rate)."""
        return True

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def apply(self, state: S, seat: int, action: A) -> Step:
        """Play ``action`` for ``seat``; the input state is never changed."""
        if self.is_over(state):
            raise GameOver()
        if seat not in self.to_act(state):
            raise AlreadyChosen() if self.has_chosen(state, seat) else NotYourTurn()
        work = self.copy_state(state)
        try:
            return Step(work, self._play(work, seat, action))
        except IllegalAction:
            if self.has_token(action):
                raise
            raise MalformedAction() from None

    def has_token(self, action: A) -> bool:
        """A token stands for ``action``: its own parses back to it. An action no token stands
        for (a value outside its kind: a cell off the board, a seat below 0) is malformed."""
        try:
            return self.parse_action(action.token()) == action
        except (RuleError, LookupError, ValueError):
            return False

    def resign(self, state: S, seat: int) -> Step:
        """``seat`` leaves; the others play on, or the game ends."""
        if self.is_over(state):
            raise GameOver()
        work = self.copy_state(state)
        return Step(work, self._resign(work, seat))

    def copy_state(self, state: S) -> S:
        """A private copy to play on; a game may override it with a faster one."""
        return state.model_copy(deep=True)

    def make_options(self, raw: dict[str, Any] | None = None) -> BaseModel:
        return self.options_model.model_validate(raw or {})

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    def load(self, text: str) -> S:
        # state_model is the engine's S, which a class variable cannot name
        return cast(S, self.state_model.model_validate_json(text))
