"""Le labyrinthe secret rules (shared/seeds/004_f6b6c5bf25dbd1e0.txt).

A turn: two path changes (``change``), never the centre twice; then an
optional move along an unbroken path (``move``). A pawn already on the sought
treasure's cell may take it instead of moving. Ending a move on an occupied
cell allows a duel: the mover picks the opponent (``challenge``) and the stake
(``stake``), both duellists choose stone, scissors or paper at the same time
(``choose``: both seats act, each choice hidden until both are in), and the
winner puts the loser's pawn on a free cell (``place``). House rules: see
``HOUSE_RULES`` below; the ``rules`` text of the cog states them.
"""

from typing import TypeVar

from pydantic import BaseModel

from games.core import Analysis, Budget, Engine, Event, IllegalAction, MalformedAction, Outcome, Rng
from games.core.search import analyse
from games.labyrinthe import bots, strong
from games.labyrinthe.maze import (
    CENTRE,
    CHAMBERS,
    START,
    TREASURE_CELLS,
    Cell,
    all_positions,
    piece,
    position,
    turn,
)
from games.labyrinthe.models import (
    ALL_TURNS,
    BEATS,
    SIGNS,
    BagEmpty,
    Bet,
    Challenge,
    Challenged,
    Choose,
    Chose,
    Declined,
    Duel,
    DuelView,
    EndReason,
    GameEnded,
    Handed,
    HandedTreasures,
    LabyrintheAction,
    LabyrintheOptions,
    LabyrintheState,
    LabyrintheView,
    Move,
    Moved,
    NoDuel,
    Place,
    Placed,
    Resigned,
    Revealed,
    Sign,
    StakeSet,
    Stay,
    Stayed,
    Take,
    TargetDrawn,
    TargetReturned,
    Took,
    Turn,
    Turned,
    parse_action,
)
from games.labyrinthe.reach import areas

TREASURES_TO_WIN = 7  # « Dès qu'un joueur possède sept trésors ... Il est le vainqueur »
CHANGES_PER_TURN = 2  # « il faut impérativement changer de parcours deux fois »
DIE_FACES = (2, 2, 3, 3, 4, 4)
CROWDED = 4  # « plus de trois joueurs sur la même case »: the treasure goes back into the bag

# What the book leaves open, decided (shared/HOUSE_RULES.md); the rules text says each one.
HOUSE_RULES = (
    "both_ways",  # a ring turns either way; the centre by one, two or three quarters
    "no_undo",  # the second change may not simply turn back the first
    "draw_at_once",  # the next treasure is drawn as soon as one is taken
    "end_on_target",  # passing over the sought treasure does not take it: the move must end there
    "pass_through",  # pawns pass through occupied cells
    "target_duel",  # a pawn on the sought treasure's cell: a duel, the treasure is the prize
    "random_handover",  # the loser's treasures are taken at random from their box
    "free_cell",  # the loser's pawn goes on any cell without a pawn
    "crowded_empty_bag",  # more than three pawns on the last treasure's cell: it stays, nothing else to draw
    "leaver",  # a player who leaves puts their treasures back into the bag
    "first_player",  # a random draw, or the lobby order (option)
)

MOVES = {pos: Move(to=pos) for pos in all_positions()}
PLACINGS = {pos: Place(to=pos) for pos in all_positions()}
STRONG_BUDGET = Budget(iterations=250)  # p99 under 250 ms of CPU time on the 2-core machine (bench/strength.py)
HORIZON = 3  # stages (turns, duel steps) a play-out looks ahead before ``evaluate`` scores it
M = TypeVar("M", bound=BaseModel)
UNDO = {turn.token(): Turn(ring=turn.ring, by=-turn.by).token() for turn in ALL_TURNS}
TURNS = frozenset(ALL_TURNS)  # the only path changes there are (a fixed ring, two notches: none)


def _clone(model: M) -> M:
    """A shallow copy of a validated model (what ``model_copy`` does, without its overhead)."""
    twin = model.__class__.__new__(model.__class__)
    object.__setattr__(twin, "__dict__", dict(model.__dict__))
    object.__setattr__(twin, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(twin, "__pydantic_extra__", None)
    object.__setattr__(twin, "__pydantic_private__", None)
    return twin


def _winner_of(signs: dict[int, Sign]) -> int | None:
    (a, sign_a), (b, sign_b) = signs.items()
    if sign_a == sign_b:
        return None
    return a if BEATS[sign_a] == sign_b else b


class LabyrintheEngine(Engine[LabyrintheState, LabyrintheAction]):
    name = "labyrinthe"
    min_players = 2
    max_players = 4
    options_model = LabyrintheOptions
    state_model = LabyrintheState
    strong_budget = STRONG_BUDGET
    house_rules = HOUSE_RULES
    levels = ("easy", "normal", "strong")

    # -- setup ------------------------------------------------------------------
    def new_game(self, players: int, options: BaseModel, seed: int) -> LabyrintheState:
        """« Chaque joueur ... place [son pion] sur la case de couleur correspondante »; then
        « on tire un trésor »."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("error.player_count", low=self.min_players, high=self.max_players)
        assert isinstance(options, LabyrintheOptions)
        rng = Rng.from_seed(seed)
        bag = list(range(len(TREASURE_CELLS)))
        rng.shuffle(bag)
        first = 0 if options.first_player == "lobby" else rng.below(players)
        state = LabyrintheState(
            seats=players,
            rng=rng,
            options=options,
            rotation=START,
            pawns=[CHAMBERS[seat] for seat in range(players)],  # F is fixed: piece = position
            boxes=[[] for _ in range(players)],
            bag=bag,
            target=None,
            current=first,
            resigned=[False] * players,
        )
        self._draw(state, [])
        return state

    def copy_state(self, state: LabyrintheState) -> LabyrintheState:
        """Copies only what moves mutate (options and tuples never change in place), without
        pydantic's generic copy: the search copies a state at every step."""
        work = _clone(state)
        fields = work.__dict__
        fields["rng"] = _clone(state.rng)
        fields["pawns"] = list(state.pawns)
        fields["boxes"] = [list(box) for box in state.boxes]
        fields["bag"] = list(state.bag)
        fields["changes"] = list(state.changes)
        fields["resigned"] = list(state.resigned)
        if state.duel is not None:
            duel = fields["duel"] = _clone(state.duel)
            duel.__dict__["choices"] = dict(state.duel.choices)
        return work

    # -- who acts ---------------------------------------------------------------
    def to_act(self, state: LabyrintheState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        duel = state.duel
        if state.phase == "choose" and duel:
            return frozenset(s for s in (duel.challenger, duel.defender) if s not in duel.choices)
        if state.phase == "place" and duel and duel.winner is not None:
            return frozenset({duel.winner})
        return frozenset({state.current})

    def turn_number(self, state: LabyrintheState) -> int:
        return state.turn

    def has_chosen(self, state: LabyrintheState, seat: int) -> bool:
        return state.phase == "choose" and state.duel is not None and seat in state.duel.choices

    def legal_actions(self, state: LabyrintheState, seat: int) -> list[LabyrintheAction]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        actions: list[LabyrintheAction] = []
        if phase in ("change", "move") and self.can_take(state, seat):
            actions.append(Take())
        if phase == "change":
            actions += [turn for turn in ALL_TURNS if self._turn_refusal(state, turn) is None]
        elif phase == "move":
            here = self.where(state, seat)
            actions.append(Stay())
            actions += [MOVES[pos] for pos in sorted(self.reachable_from(state, seat)) if pos != here]
        elif phase == "challenge":
            if not self._target_duel(state):
                actions.append(NoDuel())
            actions += [Challenge(opponent=s) for s in self.others_here(state, seat)]
        elif phase == "stake":
            actions += [Bet(die=False), Bet(die=True)]
        elif phase == "choose":
            assert state.duel is not None
            actions += [Choose(sign=sign, round=state.duel.round) for sign in SIGNS]
        elif phase == "place":
            actions += [PLACINGS[pos] for pos in self.free_cells(state)]
        return actions

    def parse_action(self, token: str) -> LabyrintheAction:
        return parse_action(token)

    # -- questions about a state ------------------------------------------------
    def where(self, state: LabyrintheState, seat: int) -> Cell | None:
        """The position of ``seat``'s pawn (None once it has left)."""
        cell = state.pawns[seat]
        return None if cell is None else position(cell, state.rotation)

    def target_cell(self, state: LabyrintheState) -> Cell | None:
        if state.target is None:
            return None
        return position(TREASURE_CELLS[state.target], state.rotation)

    def reachable_from(self, state: LabyrintheState, seat: int) -> frozenset[Cell]:
        cell = state.pawns[seat]
        return frozenset() if cell is None else areas(state.rotation)[cell]

    def others_here(self, state: LabyrintheState, seat: int) -> list[int]:
        here = state.pawns[seat]
        return [s for s, cell in enumerate(state.pawns) if s != seat and cell is not None and cell == here]

    def free_cells(self, state: LabyrintheState) -> list[Cell]:
        taken = {self.where(state, s) for s in range(state.seats)}
        return [pos for pos in all_positions() if pos not in taken]

    def can_take(self, state: LabyrintheState, seat: int) -> bool:
        """« Le joueur dont le pion se trouve déjà sur la case représentant le trésor cherché
        peut prendre l'objet, sans avancer » (once a turn, before moving)."""
        return (
            state.phase in ("change", "move")
            and not state.took
            and state.target is not None
            and state.pawns[seat] == TREASURE_CELLS[state.target]
        )

    def _target_duel(self, state: LabyrintheState) -> bool:
        """The mover ended on the sought treasure's cell, where another pawn stands."""
        return state.target is not None and state.pawns[state.current] == TREASURE_CELLS[state.target]

    def _turn_refusal(self, state: LabyrintheState, turn: Turn) -> str | None:
        """Why one of ``TURNS`` may not be played now (None: it may)."""
        if turn.ring == CENTRE and any(token.startswith("c") for token in state.changes):
            return "labyrinthe.error.centre_twice"
        if state.changes and state.changes[-1] == UNDO[turn.token()]:
            return "labyrinthe.error.undo"
        return None

    # -- views ------------------------------------------------------------------
    def view(self, state: LabyrintheState, seat: int | None) -> LabyrintheView:
        over = state.phase == "over"
        collected = sorted(t for box in state.boxes for t in box)
        duel = state.duel
        return LabyrintheView(
            seat=seat,
            seats=state.seats,
            options=state.options,
            rotation=state.rotation,
            pawns=[self.where(state, s) for s in range(state.seats)],
            treasures=[position(cell, state.rotation) for cell in TREASURE_CELLS],
            collected=collected,
            target=state.target,
            bag=len(state.bag),
            box=sorted(state.boxes[seat]) if seat is not None else None,
            boxes=[sorted(box) for box in state.boxes] if state.options.open_boxes or over else None,
            current=state.current,
            phase=state.phase,
            changes=list(state.changes),
            took=state.took,
            reachable=sorted(self.reachable_from(state, state.current)) if not over else [],
            duel=None
            if duel is None
            else DuelView(
                challenger=duel.challenger,
                defender=duel.defender,
                for_target=duel.for_target,
                stake=duel.stake,
                die=duel.die,
                round=duel.round,
                chosen=sorted(duel.choices),
                my_choice=duel.choices.get(seat) if seat is not None else None,
                winner=duel.winner,
            ),
            resigned=list(state.resigned),
            outcome=self.outcome(state),
        )

    def outcome(self, state: LabyrintheState) -> Outcome | None:
        """The winner first; then the others by treasures held; those who left last."""
        if state.phase != "over" or state.winner is None:
            return None
        counts = {s: len(box) for s, box in enumerate(state.boxes)}
        others = [s for s in range(state.seats) if s != state.winner]
        groups: list[list[int]] = [[state.winner]]
        for left in (False, True):
            seats = [s for s in others if state.resigned[s] == left]
            for count in sorted({counts[s] for s in seats}, reverse=True):
                groups.append([s for s in seats if counts[s] == count])
        return Outcome(reason=state.end_reason or "seven", winners=[state.winner], ranking=groups, scores=counts)

    def choose_normal(self, view: BaseModel, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
        assert isinstance(view, LabyrintheView)
        return bots.choose(view, legal, rng)

    def choose_easy(self, view: BaseModel, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
        assert isinstance(view, LabyrintheView)
        return bots.choose_easy(view, legal, rng)

    # -- the strong level's search (games/labyrinthe/strong.py) ----------------
    def strong_analysis(self, view: BaseModel, legal: list[LabyrintheAction], rng: Rng, budget: Budget) -> Analysis:
        """The search's pick; a duel sign is drawn evenly (anything else can be read and beaten),
        and a move with no alternative worth weighing is played at once."""
        assert isinstance(view, LabyrintheView)
        if len(legal) == 1:
            return Analysis(legal[0], "only")
        if any(isinstance(action, Choose) for action in legal):
            return Analysis(rng.choice(legal), "random")
        sample = self.determinize(view, Rng.from_seed(0))
        if sample is None or view.seat is None:
            return Analysis(bots.choose(view, legal, rng), "rule")
        kept = self.search_actions(sample, view.seat)
        if len(kept) == 1 and kept[0] in legal:
            return Analysis(kept[0], "forced")
        return analyse(_Horizon(self, HORIZON), view, legal, rng, budget.iterations, budget.stop)

    def determinize(self, view: BaseModel, rng: Rng) -> LabyrintheState | None:
        assert isinstance(view, LabyrintheView)
        return strong.determinize(view, rng)

    def evaluate(self, state: LabyrintheState) -> list[float]:
        return strong.evaluate(state)

    def search_actions(self, state: LabyrintheState, seat: int) -> list[LabyrintheAction]:
        return strong.search_actions(self, state, seat)

    # -- playing ----------------------------------------------------------------
    def _play(self, state: LabyrintheState, seat: int, action: LabyrintheAction) -> list[Event]:
        if not self._allowed(state, seat, action):
            if isinstance(action, Turn) and action not in TURNS:
                raise MalformedAction(token=action.token())
            raise IllegalAction(self._refusal(state, action))
        events: list[Event] = []
        if isinstance(action, Turn):
            self._change(state, seat, action, events)
        elif isinstance(action, Take):
            self._take(state, seat, "still", events)
            if state.phase != "over" and len(state.changes) >= CHANGES_PER_TURN:
                self._end_turn(state, events)
        elif isinstance(action, Stay):
            events.append(Stayed(seat=seat))
            self._end_turn(state, events)
        elif isinstance(action, Move):
            self._move(state, seat, action.to, events)
        elif isinstance(action, Challenge):
            self._challenge(state, seat, action.opponent, events)
        elif isinstance(action, NoDuel):
            events.append(Declined(seat=seat))
            self._end_turn(state, events)
        elif isinstance(action, Bet):
            self._bet(state, seat, action.die, events)
        elif isinstance(action, Choose):
            self._choose(state, seat, action, events)
        elif isinstance(action, Place):
            self._place(state, seat, action.to, events)
        return events

    def _allowed(self, state: LabyrintheState, seat: int, action: LabyrintheAction) -> bool:
        """``action in legal_actions``, without listing the many moves and placements."""
        if isinstance(action, Move):
            return (
                state.phase == "move"
                and action.to != self.where(state, seat)
                and (action.to in self.reachable_from(state, seat))
            )
        if isinstance(action, Place):
            return state.phase == "place" and action.to in self.free_cells(state)
        if isinstance(action, Turn):
            return action in TURNS and state.phase == "change" and self._turn_refusal(state, action) is None
        if isinstance(action, Take):
            return self.can_take(state, seat)
        return action.token() in {legal.token() for legal in self.legal_actions(state, seat)}

    def _refusal(self, state: LabyrintheState, action: LabyrintheAction) -> str:
        """The catalog key that says why ``action`` is refused now."""
        phase = state.phase
        if isinstance(action, Turn) and phase == "change":
            return self._turn_refusal(state, action) or "error.illegal_action"
        if isinstance(action, Turn):
            return "labyrinthe.error.changes_done"
        if isinstance(action, Take):
            return "labyrinthe.error.not_on_target"
        if isinstance(action, (Move, Stay)) and phase == "change":
            return "labyrinthe.error.change_first"
        if isinstance(action, Move) and phase == "move":
            return "labyrinthe.error.unreachable"
        if isinstance(action, Place) and phase == "place":
            return "labyrinthe.error.cell_taken"
        if isinstance(action, Choose) and phase == "choose":
            return "labyrinthe.error.old_round"
        return "error.illegal_action"

    def _change(self, state: LabyrintheState, seat: int, action: Turn, events: list[Event]) -> None:
        """« Avant de jouer, on modifie deux fois le parcours »: each change is final."""
        state.rotation = turn(state.rotation, action.ring, action.by)
        state.changes.append(action.token())
        events.append(Turned(seat=seat, ring=action.ring, by=action.by))
        if len(state.changes) >= CHANGES_PER_TURN:
            if state.took:
                self._end_turn(state, events)
            else:
                state.phase = "move"

    def _move(self, state: LabyrintheState, seat: int, to: Cell, events: list[Event]) -> None:
        start = self.where(state, seat)
        assert start is not None
        state.pawns[seat] = piece(to, state.rotation)
        events.append(Moved(seat=seat, start=start, end=to))
        self._crowded_target(state, events)
        self._arrive(state, events)

    def _arrive(self, state: LabyrintheState, events: list[Event]) -> None:
        """The mover has ended a move: a duel to call, a treasure to take, or the turn ends."""
        others = self.others_here(state, state.current)
        if others and self._target_duel(state) and len(others) == 1:
            self._challenge(state, state.current, others[0], events)  # « on opte pour un duel »
        elif others:
            state.phase = "challenge"
        else:
            self._arrived_alone(state, events)

    def _arrived_alone(self, state: LabyrintheState, events: list[Event]) -> None:
        """« S'il atteint la case avec le trésor convoité, il prend l'objet »; the turn ends."""
        if self._target_duel(state):
            self._take(state, state.current, "moved", events)
        if state.phase != "over":
            self._end_turn(state, events)

    def _challenge(self, state: LabyrintheState, seat: int, opponent: int, events: list[Event]) -> None:
        for_target = self._target_duel(state)
        state.duel = Duel(challenger=seat, defender=opponent, for_target=for_target)
        events.append(Challenged(seat=seat, opponent=opponent, for_target=for_target))
        if for_target:
            self._start_round(state)
        else:
            state.phase = "stake"

    def _bet(self, state: LabyrintheState, seat: int, die: bool, events: list[Event]) -> None:
        """« Il décide si l'on se bat pour une seule carte-secret (sans le dé), ou s'il augmente
        la mise à l'aide du dé. »"""
        assert state.duel is not None
        face = state.rng.choice(DIE_FACES) if die else None
        state.duel.die = face
        state.duel.stake = face or 1
        events.append(StakeSet(seat=seat, die=face, stake=state.duel.stake))
        self._start_round(state)

    def _start_round(self, state: LabyrintheState) -> None:
        assert state.duel is not None
        state.duel.choices = {}
        state.phase = "choose"
        state.turn += 1  # both duellists now act: a new stage for the clock

    def _choose(self, state: LabyrintheState, seat: int, action: Choose, events: list[Event]) -> None:
        duel = state.duel
        assert duel is not None
        duel.choices[seat] = action.sign
        events.append(Chose(seat=seat))
        if len(duel.choices) < 2:
            return
        signs = {s: duel.choices[s] for s in (duel.challenger, duel.defender)}
        winner = _winner_of(signs)
        events.append(Revealed(signs=signs, winner=winner))
        if winner is None:  # « si les deux joueurs ont choisi le même objet, on refait un nouveau duel »
            duel.round += 1
            self._start_round(state)
            return
        loser = duel.defender if winner == duel.challenger else duel.challenger
        duel.winner = winner
        if duel.for_target:
            self._take(state, winner, "duel", events)
        else:
            self._hand_over(state, loser, winner, duel.stake or 1, events)
        if state.phase == "over":
            return
        state.phase = "place"
        state.turn += 1

    def _hand_over(self, state: LabyrintheState, loser: int, winner: int, stake: int, events: list[Event]) -> None:
        """« Si le perdant détient moins d'objet trésor convoité que le nombre obtenu au dé, il lui en
        remettra autant qu'il le peut. S'il n'a pas d'objet trésor, il ne donne rien. »"""
        box = state.boxes[loser]
        given = []
        for _ in range(min(stake, len(box))):
            given.append(box.pop(state.rng.below(len(box))))
        state.boxes[winner] += given
        events.append(Handed(loser=loser, winner=winner, count=len(given), stake=stake))
        if given:
            events.append(
                HandedTreasures(
                    loser=loser, winner=winner, treasures=sorted(given), audience=frozenset({loser, winner})
                )
            )
        self._check_win(state, winner, events)

    def _place(self, state: LabyrintheState, seat: int, to: Cell, events: list[Event]) -> None:
        """« Le gagnant déplace le pion du perdant, sur une case libre de son choix. »"""
        duel = state.duel
        assert duel is not None
        loser = duel.defender if seat == duel.challenger else duel.challenger
        state.pawns[loser] = piece(to, state.rotation)
        events.append(Placed(seat=seat, pawn=loser, end=to))
        self._end_turn(state, events)

    def _take(self, state: LabyrintheState, seat: int, how: str, events: list[Event]) -> None:
        assert state.target is not None
        treasure = state.target
        state.boxes[seat].append(treasure)
        state.target = None
        state.took = state.took or seat == state.current
        events.append(Took(seat=seat, treasure=treasure, how=how))
        if not self._check_win(state, seat, events):
            self._draw(state, events)

    def _draw(self, state: LabyrintheState, events: list[Event]) -> None:
        """The next sought treasure, drawn from the bag at once (house rule ``draw_at_once``)."""
        if state.bag:
            state.target = state.bag.pop()
            events.append(TargetDrawn(treasure=state.target))
            self._crowded_target(state, events)
        else:
            state.target = None
            events.append(BagEmpty())

    def _crowded_target(self, state: LabyrintheState, events: list[Event]) -> None:
        """« Si jamais il y avait plus de trois joueurs sur la même case, on remet l'objet trésor
        dans le sac »: a new one is drawn (another, when the bag holds another)."""
        if state.target is None or not state.bag:
            return
        cell = TREASURE_CELLS[state.target]
        if sum(pawn == cell for pawn in state.pawns) < CROWDED:
            return
        returned = state.target
        events.append(TargetReturned(treasure=returned))
        state.target = state.bag.pop()  # another cell: no crowd there
        events.append(TargetDrawn(treasure=state.target))
        state.bag.insert(state.rng.below(len(state.bag) + 1), returned)

    def _check_win(self, state: LabyrintheState, seat: int, events: list[Event]) -> bool:
        if len(state.boxes[seat]) < TREASURES_TO_WIN:
            return False
        self._finish(state, seat, "seven", events)
        return True

    def _finish(self, state: LabyrintheState, winner: int, reason: EndReason, events: list[Event]) -> None:
        state.phase = "over"
        state.winner = winner
        state.end_reason = reason
        state.duel = None
        events.append(GameEnded(reason=reason, winners=[winner]))

    def _end_turn(self, state: LabyrintheState, events: list[Event]) -> None:
        state.duel = None
        state.changes = []
        state.took = False
        state.turn += 1
        state.current = self._next_seat(state, state.current)
        state.phase = "change"

    def _next_seat(self, state: LabyrintheState, seat: int) -> int:
        for step in range(1, state.seats + 1):
            nxt = (seat + step) % state.seats
            if not state.resigned[nxt]:
                return nxt
        return seat

    def _resign(self, state: LabyrintheState, seat: int) -> list[Event]:
        """The seat leaves: its pawn leaves the castle and its treasures go back into the bag."""
        if state.resigned[seat]:
            raise IllegalAction("error.left_game")
        events: list[Event] = []
        state.resigned[seat] = True
        state.pawns[seat] = None
        returned = state.boxes[seat]
        state.boxes[seat] = []
        for treasure in returned:
            state.bag.insert(state.rng.below(len(state.bag) + 1), treasure)
        events.append(Resigned(seat=seat, returned=len(returned)))
        present = [s for s in range(state.seats) if not state.resigned[s]]
        if len(present) == 1:
            self._finish(state, present[0], "forfeit", events)
            return events
        if state.target is None and state.bag:
            self._draw(state, events)
        duel = state.duel
        if seat == state.current or (duel is not None and duel.winner is not None and seat == duel.defender):
            self._end_turn(state, events)  # the leaver's turn, or the placing of a beaten pawn, ends
        elif state.phase in ("challenge", "stake", "choose") and seat in self._duellists_or_all(state):
            state.duel = None
            self._arrive(state, events)  # the mover's arrival, without the one who left
        return events

    def _duellists_or_all(self, state: LabyrintheState) -> list[int]:
        """Whom a leaver affects before a duel is settled: the defender, or (no duel yet) anyone."""
        return [state.duel.defender] if state.duel is not None else list(range(state.seats))


class _Horizon:
    """The engine as the search sees it: a play-out stops ``stages`` stages after the position
    searched (a sampled state counts from 0) and ``evaluate`` scores it."""

    def __init__(self, engine: LabyrintheEngine, stages: int) -> None:
        self.engine, self.stages = engine, stages

    def __getattr__(self, name: str):
        return getattr(self.engine, name)

    def search_actions(self, state: LabyrintheState, seat: int) -> list[LabyrintheAction]:
        return [] if state.turn >= self.stages else self.engine.search_actions(state, seat)


ENGINE = LabyrintheEngine()
