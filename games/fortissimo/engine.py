"""Fortissimo! rules (shared/seeds/003_ed59d4e42ba0786e.txt).

A turn: flip a face-down card of the grid for all to see, then take it (it
must be higher than the top of your rampart) or put it back face down. The
game ends at once when a rampart holds 10 cards, or when nobody can take
any card (then the longest rampart wins, ties broken by the highest card).
A player who cannot take passes; the last one able to take plays with the
cards face up. Advanced variant: points, cannons, towers and the Magicien.
House rules: ``HOUSE_RULES`` below; ``/fortissimo rules`` states each.
"""

from pydantic import BaseModel

from games.core import LEVELS, Analysis, Budget, Engine, Event, IllegalAction, Outcome, Rng
from games.core.search import analyse
from games.fortissimo import bots, strong
from games.fortissimo.cards import CANNONS, CARDS, MAGICIEN, START, TARGET_LENGTH, TOWERS
from games.fortissimo.models import (
    CannonFired,
    CannonLost,
    CardFlipped,
    CardInserted,
    CardReturned,
    CardTaken,
    EndReason,
    Fire,
    Flip,
    FortissimoAction,
    FortissimoOptions,
    FortissimoState,
    FortissimoView,
    GameEnded,
    GridOpened,
    Insert,
    MagicienLost,
    PlayerResigned,
    PutBack,
    Take,
    TurnPassed,
    parse_action,
)
from games.fortissimo.scoring import score

# What the book leaves open, decided (shared/HOUSE_RULES.md); the rules text says each one.
HOUSE_RULES = (
    "grid",  # slots A1 to E9; a card put back stays in its slot
    "first_player",  # a random draw, or the lobby order (option): the bot cannot know the youngest
    "start_point",  # the start card 1 scores its base point
    "start_tower",  # the start card 1 counts as a Tower
    "protection",  # safe from cannons: Towers and every card left of the rightmost Tower
    "cannon_first",  # the shot comes before the 10-card check; the destroyed card leaves the game
    "crows",  # 3, 9, 19 show one crow; 39, 43 two
    "crow_cap",  # no cap by default; 5 points at most as an option
    "pairs",  # Prince-Princess pairs: the smaller of the two counts
    "magicien_lower",  # the Magicien inserts a lower card only, where it fits; that is the turn's card
    "magicien_cannon",  # a Cannon inserted by the Magicien fires too
    "magicien_destroyed",  # the Magicien's power is lost if it is destroyed before use
    "stuck",  # who can take no card left passes without flipping, told once; a Cannon can bring them back
    "blocked_check",  # every card left counts, face down or not, for "nobody can take"
    "open_grid",  # the last one able to take picks among the face-up cards and must take
    "open_grid_stays",  # once face up, the grid stays so to the end
    "ties",  # the other places follow the same order; no two ramparts can tie completely
    "leaver",  # a player who leaves: flipped card back, out of the cannons' reach, ranked last
)


class FortissimoEngine(Engine[FortissimoState, FortissimoAction]):
    name = "fortissimo"
    min_players = 2
    max_players = 4
    options_model = FortissimoOptions
    state_model = FortissimoState
    house_rules = HOUSE_RULES
    levels = LEVELS

    # -- setup ----------------------------------------------------------------
    def new_game(self, players: int, options: BaseModel, seed: int) -> FortissimoState:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("error.player_count", low=self.min_players, high=self.max_players)
        assert isinstance(options, FortissimoOptions)
        rng = Rng.from_seed(seed)
        grid = list(CARDS)
        rng.shuffle(grid)
        first = rng.below(players) if options.first_player == "random" else 0
        return FortissimoState(
            seats=players,
            rng=rng,
            options=options,
            grid=grid,
            ramparts=[[START] for _ in range(players)],
            resigned=[False] * players,
            current=first,
            magicien_turn=[None] * players,
            magicien_used=[False] * players,
            passing=[False] * players,
        )

    def copy_state(self, state: FortissimoState) -> FortissimoState:
        """Copies only what moves mutate (options never change)."""
        return state.model_copy(
            update={
                "rng": state.rng.model_copy(),
                "grid": list(state.grid),
                "ramparts": [list(r) for r in state.ramparts],
                "resigned": list(state.resigned),
                "magicien_turn": list(state.magicien_turn),
                "magicien_used": list(state.magicien_used),
                "seen": dict(state.seen),
                "discard": list(state.discard),
                "passing": list(state.passing),
            }
        )

    # -- queries --------------------------------------------------------------
    def to_act(self, state: FortissimoState) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset({state.current})

    def turn_number(self, state: FortissimoState) -> int:
        return state.turn

    def legal_actions(self, state: FortissimoState, seat: int) -> list[FortissimoAction]:
        if seat not in self.to_act(state):
            return []
        top = state.ramparts[seat][-1]
        magic = self.magicien_ready(state, seat)
        if state.phase == "cannon":
            return [Fire(target=t, card=c) for t, c in self.cannon_targets(state, seat)]
        if state.phase == "decide":
            assert state.flipped is not None  # a card is flipped while deciding
            card = state.grid[state.flipped]
            actions: list[FortissimoAction] = [PutBack()]
            if card > top:
                actions.insert(0, Take())
            elif magic:
                actions.insert(0, Insert())
            return actions
        cards = [(slot, card) for slot, card in enumerate(state.grid) if card]
        if not state.open_grid:
            return [Flip(slot=slot) for slot, _ in cards]
        moves: list[FortissimoAction] = [Take(slot=s) for s, c in cards if c > top]
        return moves + [Insert(slot=s) for s, c in cards if c < top] if magic else moves

    def parse_action(self, token: str) -> FortissimoAction:
        return parse_action(token)

    def magicien_ready(self, state: FortissimoState, seat: int) -> bool:
        """The Magicien may insert once, on a turn after the one it was placed."""
        placed = state.magicien_turn[seat]
        return (
            state.options.variant == "advanced"
            and MAGICIEN in state.ramparts[seat]
            and not state.magicien_used[seat]
            and placed is not None
            and placed < state.turn
        )

    def cannon_targets(self, state: FortissimoState, seat: int) -> list[tuple[int, int]]:
        """Opponents' cards a cannon may destroy: right of their rightmost Tower."""
        targets = []
        for other, rampart in enumerate(state.ramparts):
            if other == seat or state.resigned[other]:
                continue
            last_tower = max(i for i, card in enumerate(rampart) if card in TOWERS)
            targets += [(other, card) for card in rampart[last_tower + 1 :]]
        return targets

    def can_take(self, state: FortissimoState, seat: int) -> bool:
        high = max(state.grid)  # 0 once the grid is empty
        return high > state.ramparts[seat][-1] or (high > 0 and self.magicien_ready(state, seat))

    def view(self, state: FortissimoState, seat: int | None) -> FortissimoView:
        open_slots = state.open_grid or state.phase == "over"
        slots = [
            card if not card or open_slots or slot == state.flipped else None for slot, card in enumerate(state.grid)
        ]
        advanced = state.options.variant == "advanced"
        return FortissimoView(
            seat=seat,
            seats=state.seats,
            options=state.options,
            slots=slots,
            flipped=state.flipped,
            open_grid=state.open_grid,
            ramparts=[list(r) for r in state.ramparts],
            resigned=list(state.resigned),
            current=state.current,
            phase=state.phase,
            remaining=sorted(card for card in state.grid if card),
            magicien_ready=[self.magicien_ready(state, s) for s in range(state.seats)],
            cannon_targets=self.cannon_targets(state, state.current) if state.phase == "cannon" else [],
            seen=dict(state.seen) if seat is not None else {},  # a seat's memory, not the table's
            scores=[score(r, state.options.crow_cap) for r in state.ramparts] if advanced else None,
            outcome=self.outcome(state),
        )

    def outcome(self, state: FortissimoState) -> Outcome | None:
        if state.phase != "over":
            return None
        active = [s for s in range(state.seats) if not state.resigned[s]]
        advanced = state.options.variant == "advanced"
        points = {s: score(state.ramparts[s], state.options.crow_cap).total for s in range(state.seats)}

        def rank_key(seat: int) -> tuple[int, ...]:
            rampart = state.ramparts[seat]
            if advanced:
                return (points[seat], rampart[-1])
            # Basic: whoever completed ten cards wins; else the longest, then the highest card.
            return (int(seat == state.finisher), len(rampart), rampart[-1])

        ranking: list[list[int]] = []
        for seat in sorted(active, key=rank_key, reverse=True):
            if ranking and rank_key(ranking[-1][0]) == rank_key(seat):
                ranking[-1].append(seat)
            else:
                ranking.append([seat])
        quitters = [s for s in range(state.seats) if state.resigned[s]]
        if quitters:
            ranking.append(quitters)
        return Outcome(
            reason=state.end_reason or "blocked",
            winners=ranking[0],
            ranking=ranking,
            scores=points if advanced else None,
        )

    def tie_break(self, state: FortissimoState) -> int | None:
        """The highest card that decided first place, when the main count tied."""
        outcome = self.outcome(state)
        if outcome is None or len(outcome.ranking) < 2 or state.end_reason == "forfeit":
            return None
        first, second = outcome.ranking[0][0], outcome.ranking[1][0]
        if state.resigned[second]:
            return None
        if state.options.variant == "advanced":
            assert outcome.scores is not None
            tied = outcome.scores[first] == outcome.scores[second]
        else:
            tied = state.end_reason == "blocked" and len(state.ramparts[first]) == len(state.ramparts[second])
        return state.ramparts[first][-1] if tied else None

    def choose_normal(self, view: BaseModel, legal: list[FortissimoAction], rng: Rng) -> FortissimoAction:
        assert isinstance(view, FortissimoView)
        return bots.choose(view, legal, rng)

    def choose_easy(self, view: BaseModel, legal: list[FortissimoAction], rng: Rng) -> FortissimoAction:
        assert isinstance(view, FortissimoView)
        return bots.choose_easy(view, legal, rng)

    # -- the strong level's search (games/fortissimo/strong.py) ------------------
    def strong_analysis(self, view: BaseModel, legal: list[FortissimoAction], rng: Rng, budget: Budget) -> Analysis:
        """The search over this turn's moves, each line played out to the end; a move with no
        alternative worth weighing is played at once, and the search stops once the rest of
        the budget could not change its choice."""
        assert isinstance(view, FortissimoView)
        if view.seat is None or len(legal) == 1:
            return Analysis(legal[0], "only")
        turn = strong.TurnSearch(self, view, budget.iterations)
        moves = self.search_actions(turn.sampler.draw_for_turn(Rng.from_seed(0)), view.seat)
        if len(moves) == 1 and moves[0] in legal:
            blind = isinstance(moves[0], Flip) and sum(isinstance(move, Flip) for move in legal) > 1
            return Analysis(moves[0], "alike" if blind else "forced")  # alike: face-down cards nobody has seen
        caller = budget.stop

        def stop() -> bool:
            return turn.settled() or (caller is not None and caller())

        return analyse(turn, view, legal, rng, budget.iterations, stop)

    def determinize(self, view: BaseModel, rng: Rng) -> FortissimoState | None:
        assert isinstance(view, FortissimoView)
        return None if view.seat is None else strong.Sampler(view).draw(rng)

    def evaluate(self, state: FortissimoState) -> list[float]:
        return strong.playout(state)

    def search_actions(self, state: FortissimoState, seat: int) -> list[FortissimoAction]:
        return strong.options(self, state, seat)

    # -- moves ----------------------------------------------------------------
    def _play(self, state: FortissimoState, seat: int, action: FortissimoAction) -> list[Event]:
        if not self._allowed(state, seat, action):
            raise IllegalAction(self._refusal(state, seat, action))
        events: list[Event] = []
        match action:
            case Flip(slot=slot):
                again = slot in state.seen
                state.flipped = slot
                state.seen[slot] = state.grid[slot]
                state.phase = "decide"
                events.append(CardFlipped(seat=seat, slot=slot, card=state.grid[slot], again=again))
            case PutBack():
                slot = state.flipped
                assert slot is not None
                events.append(CardReturned(seat=seat, slot=slot))
                state.flipped = None
                self._end_turn(state, events)
            case Take(slot=slot) | Insert(slot=slot):
                slot = state.flipped if slot is None else slot
                assert slot is not None
                card = state.grid[slot]
                state.grid[slot] = 0
                state.seen.pop(slot, None)
                state.flipped = None
                rampart = state.ramparts[seat]
                if isinstance(action, Insert):
                    state.magicien_used[seat] = True
                    rampart.append(card)
                    rampart.sort()
                    events.append(CardInserted(seat=seat, slot=slot, card=card))
                else:
                    rampart.append(card)
                    events.append(CardTaken(seat=seat, slot=slot, card=card))
                self._after_placing(state, seat, card, events)
            case Fire(target=target, card=card):
                state.ramparts[target].remove(card)
                state.discard.append(card)
                events.append(CannonFired(seat=seat, target=target, card=card))
                if card == MAGICIEN and not state.magicien_used[target]:
                    events.append(MagicienLost(seat=target))
                self._finish_turn(state, seat, events)
        return events

    def _allowed(self, state: FortissimoState, seat: int, action: FortissimoAction) -> bool:
        """Whether ``action`` is in ``legal_actions``, without listing them (the search plays many moves)."""
        if state.phase == "cannon":
            return isinstance(action, Fire) and (action.target, action.card) in self.cannon_targets(state, seat)
        if isinstance(action, (PutBack, Fire)):
            return isinstance(action, PutBack) and state.phase == "decide"
        grid, top, slot = state.grid, state.ramparts[seat][-1], action.slot
        if state.phase == "decide":
            if slot is not None or isinstance(action, Flip):
                return False
            assert state.flipped is not None  # a card is flipped while deciding
            card = grid[state.flipped]
            return card > top if isinstance(action, Take) else card < top and self.magicien_ready(state, seat)
        if state.phase != "flip" or slot is None or not 0 <= slot < len(grid) or not grid[slot]:
            return False
        if isinstance(action, Flip) or not state.open_grid:
            return isinstance(action, Flip) and not state.open_grid
        if isinstance(action, Take):
            return grid[slot] > top
        return grid[slot] < top and self.magicien_ready(state, seat)

    def _refusal(self, state: FortissimoState, seat: int, action: FortissimoAction) -> str:
        """The most helpful message key for an action that is not legal now."""
        if isinstance(action, Take) and state.phase == "decide":
            return "fortissimo.error.not_higher"
        if isinstance(action, Insert):
            return "fortissimo.error.no_magicien"
        if isinstance(action, Flip) and state.phase != "flip":
            return "fortissimo.error.already_flipped"
        if isinstance(action, Fire) and state.phase == "cannon":
            return "fortissimo.error.protected"
        return "error.illegal_action"

    def _after_placing(self, state: FortissimoState, seat: int, card: int, events: list[Event]) -> None:
        if state.options.variant == "advanced":
            if card == MAGICIEN:
                state.magicien_turn[seat] = state.turn
            if card in CANNONS:
                # Mandatory and immediate; lost when no card can be destroyed.
                if self.cannon_targets(state, seat):
                    state.phase = "cannon"
                    return
                events.append(CannonLost(seat=seat))
        self._finish_turn(state, seat, events)

    def _finish_turn(self, state: FortissimoState, seat: int, events: list[Event]) -> None:
        if len(state.ramparts[seat]) >= TARGET_LENGTH:
            state.finisher = seat
            self._end_game(state, "ten_cards", events)
        else:
            self._end_turn(state, events)

    def _end_turn(self, state: FortissimoState, events: list[Event]) -> None:
        state.turn += 1
        state.phase = "flip"
        state.current = self._next_seat(state, state.current)
        self._begin_turn(state, events)

    def _next_seat(self, state: FortissimoState, seat: int) -> int:
        for step in range(1, state.seats + 1):
            other = (seat + step) % state.seats
            if not state.resigned[other]:
                return other
        return seat

    def _takers(self, state: FortissimoState, events: list[Event]) -> list[int]:
        """Players still able to take; the grid opens for the last one (and stays open)."""
        active = [s for s in range(state.seats) if not state.resigned[s]]
        takers = [s for s in active if self.can_take(state, s)]
        if len(takers) == 1 and len(active) > 1 and not state.open_grid:
            state.open_grid = True
            events.append(GridOpened(seat=takers[0]))
        return takers

    def _begin_turn(self, state: FortissimoState, events: list[Event]) -> None:
        """Skip players who cannot take (said once, not every round); end when none can."""
        takers = self._takers(state, events)
        if not takers:
            self._end_game(state, "blocked", events)
            return
        for seat in takers:
            state.passing[seat] = False  # a cannon can bring a passing player back
        while state.current not in takers:
            if not state.passing[state.current]:
                state.passing[state.current] = True
                events.append(TurnPassed(seat=state.current))
            state.current = self._next_seat(state, state.current)

    def _end_game(self, state: FortissimoState, reason: EndReason, events: list[Event]) -> None:
        state.phase = "over"
        state.flipped = None
        state.end_reason = reason
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(GameEnded(reason=reason, winners=outcome.winners))

    def _resign(self, state: FortissimoState, seat: int) -> list[Event]:
        if not 0 <= seat < state.seats or state.resigned[seat]:
            raise IllegalAction("error.not_in_game")
        state.resigned[seat] = True
        events: list[Event] = [PlayerResigned(seat=seat)]
        if sum(not r for r in state.resigned) == 1:
            self._end_game(state, "forfeit", events)
        elif state.current == seat:
            state.flipped = None  # a flipped card goes back face down
            self._end_turn(state, events)
        elif state.phase == "cannon" and not self.cannon_targets(state, state.current):
            events.append(CannonLost(seat=state.current))  # its only target left
            self._finish_turn(state, state.current, events)
        else:
            self._takers(state, events)  # the one left able to take may now play face up
        return events


ENGINE = FortissimoEngine()
