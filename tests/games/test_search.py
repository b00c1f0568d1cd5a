"""The strong players' tree search (games/core/search.py), on a tiny game whose best moves are known:
Nim with one heap, take 1 to 3 sticks, whoever takes the last stick wins. Leaving a multiple of 4
wins; from a multiple of 4 every move loses. A coin decides, when asked, who starts a second heap,
so the search also meets chance drawn from the generator it samples."""

from typing import Any, ClassVar

from pydantic import BaseModel

from games.core import Action, Engine, Event, GameState, IllegalAction, MalformedAction, Outcome, Rng
from games.core.search import search


class NimState(GameState):
    sticks: int
    current: int = 0
    winner: int | None = None


class Take(Action):
    count: int

    def token(self) -> str:
        return f"t{self.count}"


class NimView(BaseModel):
    seat: int | None
    sticks: int
    current: int


class Nim(Engine[NimState, Take]):
    name: ClassVar[str] = "nim"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]] = BaseModel
    state_model: ClassVar[type[GameState]] = NimState

    def new_game(self, players: int, options: BaseModel, seed: int) -> NimState:
        return NimState(schema_version=1, seats=players, rng=Rng.from_seed(seed), sticks=10)

    def to_act(self, state: NimState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.current})

    def turn_number(self, state: NimState) -> int:
        return 0

    def legal_actions(self, state: NimState, seat: int) -> list[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(count=n) for n in (1, 2, 3) if n <= state.sticks]

    def parse_action(self, token: str) -> Take:
        if token not in ("t1", "t2", "t3"):
            raise MalformedAction()
        return Take(count=int(token[1]))

    def view(self, state: NimState, seat: int | None) -> NimView:
        return NimView(seat=seat, sticks=state.sticks, current=state.current)

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(reason="last_stick", winners=[state.winner], ranking=[[state.winner], [1 - state.winner]])

    def choose_normal(self, view: BaseModel, legal: list[Take], rng: Rng) -> Take:
        return legal[0]

    def _play(self, state: NimState, seat: int, action: Take) -> list[Event]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction()
        state.sticks -= action.count
        if state.sticks == 0:
            state.winner = seat
        state.current = 1 - seat
        return []

    def _resign(self, state: NimState, seat: int) -> list[Event]:
        state.winner = 1 - seat
        return []

    def determinize(self, view: Any, rng: Rng) -> NimState:
        """Nothing is hidden: the view is the whole state; only the generator is drawn afresh."""
        return NimState(
            schema_version=1, seats=2, rng=Rng.from_seed(rng.next_u64()), sticks=view.sticks, current=view.current
        )


NIM = Nim()


def best(sticks: int, seed: int = 1, iterations: int = 3000) -> int:
    state = NimState(schema_version=1, seats=2, rng=Rng.from_seed(0), sticks=sticks)
    legal = NIM.legal_actions(state, 0)
    return search(NIM, NIM.view(state, 0), legal, Rng.from_seed(seed), iterations).count


def test_the_search_finds_the_winning_move() -> None:
    assert [best(n) for n in (5, 6, 7, 9, 10, 11)] == [1, 2, 3, 1, 2, 3]


def test_same_seed_same_budget_same_decision() -> None:
    assert {best(8, seed=42, iterations=200) for _ in range(3)} == {best(8, seed=42, iterations=200)}


def test_the_budget_may_be_cut_short_by_the_callers_clock() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    state = NimState(schema_version=1, seats=2, rng=Rng.from_seed(0), sticks=9)
    chosen = search(NIM, NIM.view(state, 0), NIM.legal_actions(state, 0), Rng.from_seed(1), 10_000, stop)
    assert chosen in NIM.legal_actions(state, 0) and len(calls) == 1  # stopped at the first look
