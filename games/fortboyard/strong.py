"""What the strong computer player's search (games/core/search.py) needs from Fort Boyard.

- ``determinize``: a whole state from a seat's view. Hidden are the others' code words (dealt
  from the cards the seat does not hold) and their levels, its own card until a clue names it
  (the box's card whose clues begin with its own), a diver's stake in round 2, the decks' order
  (each deck from a random card on: only the next cards matter to a search this short), and
  the future dice (a fresh generator). No sample in a running trial or a finished game.
- ``search_actions``: the real choices only. A passe-partout goes to the trial of each
  category whose cell starts the next roll best; in a trial, one move: the attempt at the
  seat's level (the clock's move where winning would shut the treasure room), the signs, the
  boat and the shots drawn evenly, nim played as the seat's level plays it.
- ``Search``: the engine as one decision's search sees it: the searching seat at its level,
  the others as normal players. A play-out stops where the turn's outcome is known: the next
  turn, a trial begun (counted at its odds), its own code word's level chosen, round 3; there
  ``forecast.Forecaster`` scores it. Many samples end alike: each forecast is made once.
- ``unsearched``: the grounds of a move the strong level makes without a search, for a hint.
"""

from functools import cache, lru_cache
from typing import Any

from games.core import Analysis, Rng
from games.core import Level as Skill
from games.fortboyard import bots
from games.fortboyard.deck import CATEGORIES, Language, deck
from games.fortboyard.forecast import Forecaster
from games.fortboyard.models import (
    Answer,
    Attempt,
    Fire,
    FortBoyardOptions,
    FortBoyardState,
    FortBoyardView,
    Goto,
    Hide,
    Player,
    Show,
    Take,
    clone,
)
from games.fortboyard.track import TRACK, advance, passe_targets

SEARCHED = frozenset({"passe", "stake", "opponent", "dive", "level"})  # the phases with a real choice
# where a play-out stops: the next turn, a trial (counted at its odds), or round 3
HORIZON = frozenset({"roll", "trial", "guess", "retry", "draw", "over"})


# -- determinize -------------------------------------------------------------------------
@cache
def _card_ids(language: Language) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    box = deck(language)
    return {c: tuple(card.id for card in box.trials[c]) for c in CATEGORIES}, tuple(card.id for card in box.words)


def own_card(view: FortBoyardView) -> str | None:
    """The id of the box's card whose clues begin with the viewer's own (None without a clue)."""
    if not view.clues or view.level is None:
        return None
    for card in deck(view.language).words:
        if card.level(view.level).clues[: len(view.clues)] == view.clues:
            return card.id
    return None


class Sampler:
    """Samples whole states from one view: what the view shows is built once (``base``), what
    it hides is drawn anew for each sample. With ``deal_once`` the others' code words and their
    levels are dealt for the first sample only: a search that stops before round 3 never reads
    the words, and its forecast weighs a hidden level as either, evenly."""

    def __init__(self, view: FortBoyardView, deal_once: bool = False) -> None:
        assert view.seat is not None
        self.me, self.deal_once, self.dealt = view.seat, deal_once, False
        self.decks, words = _card_ids(view.language)
        self.mine = own_card(view)
        self.free = [w for w in words if w != self.mine]
        players = [
            Player.model_construct(
                cell=shown.cell,
                sea=shown.sea,
                dive_for="key" if shown.sea is not None else None,
                skip=shown.skip,
                keys=shown.keys,
                word=None,
                level=view.level if seat == self.me else None,
                clues=shown.clues,
                found=shown.found,
                handfuls=[list(h) for h in shown.handfuls],
                resigned=shown.resigned,
            )
            for seat, shown in enumerate(view.players)
        ]
        self.chosen = [seat for seat, shown in enumerate(view.players) if shown.level_chosen and seat != self.me]
        self.divers = (
            [seat for seat, shown in enumerate(view.players) if shown.sea is not None] if view.round == 2 else []
        )
        self.varying = set(self.divers) | (set() if deal_once else set(self.chosen))
        third = max(range(len(players)), key=lambda s: (players[s].keys, s == view.current)) if view.round > 1 else None
        options = FortBoyardOptions.model_construct(
            language=view.language, side=view.side, clock=view.clock, computer=view.rates
        )
        self.base = FortBoyardState.model_construct(
            schema_version=1,
            seats=len(players),
            rng=Rng.from_seed(0),
            options=options,
            side=view.side,
            round=view.round,
            phase=view.phase,
            current=view.current,
            players=players,
            stock=view.stock,
            decks={},
            opening=[list(throws) for throws in view.opening],
            third_key=third,
            fourth_clue=view.order[0] if view.round == 3 and view.order else None,
            order=list(view.order),
            stake=view.stake,
            opponent=view.opponent,
            trial=None,
            last_die=view.last_die,
            turn=0,
            end_reason=view.outcome_reason,
        )

    def sample(self, rng: Rng) -> FortBoyardState:
        state = clone(self.base)
        fields = state.__dict__
        fields["rng"] = Rng.from_seed(rng.next_u64())  # the future dice
        dealing = not (self.deal_once and self.dealt)
        players = fields["players"] = [  # a move never changes a state: unchanged players are shared
            clone(player) if dealing or seat in self.varying else player
            for seat, player in enumerate(self.base.players)
        ]
        bits = rng.next_u64()  # the small choices below, from one draw
        if dealing:
            self._deal(players, rng)
            for seat in self.chosen:
                players[seat].__dict__["level"] = ("easy", "hard")[bits & 1]
                bits >>= 1
            if self.deal_once:
                for player, dealt in zip(self.base.players, players):
                    player.__dict__.update(word=dealt.word, level=dealt.level)
                self.dealt = True
        for seat in self.divers:
            players[seat].__dict__["dive_for"] = ("key", "clue")[bits & 1]
            bits >>= 1
        piles = fields["decks"] = {}
        for category, ids in self.decks.items():  # each deck from a random card on
            cut = (bits & 0xFF) % len(ids)
            bits >>= 8
            piles[category] = list(ids[cut:] + ids[:cut])
        return state

    def _deal(self, players: list[Player], rng: Rng) -> None:
        """The code words, dealt from the cards the seat does not hold."""
        free = list(self.free)
        for seat, player in enumerate(players):
            if seat == self.me and self.mine is not None:
                player.__dict__["word"] = self.mine
            else:
                pick = rng.below(len(free))
                free[pick], free[-1] = free[-1], free[pick]
                player.__dict__["word"] = free.pop()


def determinize(view: FortBoyardView, rng: Rng) -> FortBoyardState | None:
    """A state the view allows, its hidden parts drawn from ``rng``; reads the view only."""
    if view.seat is None or view.phase in ("trial", "over"):
        return None
    return Sampler(view).sample(rng)


# -- search_actions ----------------------------------------------------------------------
def _even(state: FortBoyardState, seat: int, count: int) -> int:
    """A choice among ``count`` drawn evenly from the sample's own chance, without using it up."""
    return hash((state.rng.state, seat, state.turn)) % count


def search_actions(engine: Any, state: FortBoyardState, seat: int, odds: Forecaster | None = None) -> list:
    """The moves weighed for ``seat``, playing at its level in ``odds`` (all normal without)."""
    legal = engine.legal_actions(state, seat)
    if len(legal) <= 1:
        return legal
    odds = odds or Forecaster(state.options.computer, ["normal"] * state.seats)
    if state.phase == "trial":
        return [_trial_move(state, seat, legal, odds.skills[seat])]
    if state.phase == "passe":
        cells = passe_cells(odds, seat, state.round, state.players[seat].keys)
        return [a for a in legal if isinstance(a, Goto) and a.cell in cells]
    return legal


def _trial_move(state: FortBoyardState, seat: int, legal: list, skill: Skill) -> Any:
    attempt = next((a for a in legal if isinstance(a, Attempt) and a.skill == skill), None)
    if attempt is not None:
        me, progress = state.players[seat], state.trial
        shut = progress is not None and skill != "easy" and bots.barred_by_winning(progress.stake, me.keys, me.clues)
        return legal[0] if shut else attempt
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        assert state.trial is not None and state.trial.trial.kind == "nim"
        best = bots.best_take(state.trial.sticks, state.trial.trial.most)
        sure = skill == "strong" or (skill == "normal" and _even(state, seat, 100) < 50)
        return Take(count=best) if best and sure else takes[_even(state, seat, len(takes))]
    signs: list[Show | Hide | Fire] = [
        a for a in legal if isinstance(a, Show) and (skill == "easy" or a.sign in bots.SIGNS_SHOWN)
    ]
    blind = signs or [a for a in legal if isinstance(a, Hide | Fire)] or legal
    return blind[_even(state, seat, len(blind))]


@lru_cache(maxsize=256)
def passe_cells(odds: Forecaster, seat: int, round_: int, keys: int) -> frozenset[int]:
    """Per trial category, the cell whose next roll lands best."""
    goal = "keys" if round_ == 1 else "clues"
    best = set()
    for category in CATEGORIES:
        cells = [cell for cell in passe_targets() if TRACK[cell] == category]
        best.add(max(cells, key=lambda cell: _next_roll(odds, seat, cell, goal, keys)))
    return frozenset(best)


def _next_roll(odds: Forecaster, seat: int, cell: int, goal: str, keys: int) -> float:
    return sum(odds.landing(seat, TRACK[advance(cell, face)], goal, keys) for face in range(1, 7))


class Search:
    """The engine as one decision's search sees it (see the module's docstring)."""

    def __init__(self, engine: Any, view: FortBoyardView, level: Skill) -> None:
        assert view.seat is not None
        self.engine, self.seat, self.sampler = engine, view.seat, Sampler(view, deal_once=True)
        self.skills: list[Skill] = [level if seat == view.seat else "normal" for seat in range(len(view.players))]
        self.forecaster = Forecaster(view.rates, self.skills, frozenset(self.sampler.chosen))
        self.forecasts: dict[tuple, list[float]] = {}

    def __getattr__(self, name: str) -> Any:  # the engine's own methods
        return getattr(self.engine, name)

    def determinize(self, view: FortBoyardView, rng: Rng) -> FortBoyardState:
        return self.sampler.sample(rng)

    def search_actions(self, state: FortBoyardState, seat: int) -> list:
        if state.phase in HORIZON:
            return []
        if state.phase == "level" and seat != self.seat:  # its own level chosen; the others' stay secret
            return []
        return search_actions(self.engine, state, seat, self.forecaster)

    def evaluate(self, state: FortBoyardState) -> list[float]:
        key = _outlook(state)
        if key not in self.forecasts:
            self.forecasts[key] = self.forecaster(state)
        return self.forecasts[key]


def _outlook(state: FortBoyardState) -> tuple:
    """All a forecast reads of a state."""
    progress = state.trial
    trial = (progress.category, progress.trial.kind, progress.stake, tuple(progress.players)) if progress else None
    players = tuple(
        (
            p.keys,
            p.clues,
            p.cell,
            p.sea,
            p.skip,
            p.level,
            p.dive_for,
            p.found,
            p.resigned,
            len(p.handfuls),
            sum(map(sum, p.handfuls)),
        )
        for p in state.players
    )
    return state.round, state.phase, state.current, trial, players


# -- the grounds of a move made without a search (a hint) -------------------------------------
def unsearched(view: FortBoyardView, legal: list, move: Any) -> Analysis:
    """Why the strong level plays ``move`` (``bots.choose``'s) without a search: the only move; a
    trial's attempt (a computer wins it at a rate; a person plays the trial itself); a code word,
    which the computer reads from the whole box of cards (never told: the player has their clues);
    a sign, a boat or a shot drawn at random (nothing to read from the other side); else a rule."""
    if len(legal) == 1:
        return Analysis(move, "only")
    if isinstance(move, Attempt):
        return Analysis(move, "trial")
    if isinstance(move, Answer):
        return Analysis(move, "secret")
    if isinstance(move, Show | Hide | Fire):
        return Analysis(move, "random")
    return Analysis(move, "rule")
