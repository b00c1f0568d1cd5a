"""Fireship rules (shared/seeds/002_0bf5331d1c49f2cc.txt).

A turn: what starts it (a Tourbillon strikes, Deep Hole Bermuda skips it), the
``roll`` (Vent ascendant and Gulf Stream are played before it), the moves
(``move``: choose a piece, then ``steer`` it to a cell it can reach with the
points left), then ``act``: attacks, then special cells, Boum, Brouillard and
Tourbillon, until the player ends the turn. An action that hits other players
waits in ``pending`` while each of them holding "Non" (or "+1", in an attack) is
asked in turn (``react``); a card played passes the question to the other side.
A choice the rules owe the player (which piece to lose, where the Kraken of a
card rises, Deep Hole Bermuda with a "Non" in hand) waits in ``pick``.

A reaction window is secret: whoever is not asked must not learn that the
target holds "Non" or "+1". So while one is open, everyone else sees the table
as it was before the action that opened it (``shown``, ``seen_by``), as if that
action were still being played; its events wait in ``held`` until the window
closes, and a click of the player whose turn it seems to be is told to wait
(``StillPlaying``).

House rules: ``HOUSE_RULES`` below; ``/fireship rules`` states each.
"""

from typing import cast

from pydantic import BaseModel

from games.core import (
    LEVELS,
    Analysis,
    Budget,
    Engine,
    Event,
    IllegalAction,
    NotYourTurn,
    Outcome,
    ReactionWindow,
    Rng,
    Step,
)
from games.fireship import bots, cards, strong
from games.fireship.board import (
    GREEN_DOTS,
    HOMES,
    ISLANDS,
    MYSTERY_CELLS,
    SPECIAL_CELLS,
    WHEEL_CELLS,
    Cell,
    around,
    can_leave,
    label,
    parse_label,
    reachable_from,
)
from games.fireship.cards import AT_START, IN_ACT
from games.fireship.models import (
    FLEET,
    POWER,
    START_FLEET,
    Accept,
    Attack,
    Attacked,
    AttackFailed,
    AttackOption,
    AttackRolled,
    BattleshipRoll,
    Bermuda,
    Cancelled,
    CardPlayed,
    Destroyed,
    Drew,
    Eliminated,
    EndMoves,
    EndTurn,
    FireshipAction,
    FireshipOptions,
    FireshipState,
    FireshipView,
    Gained,
    GameEnded,
    HeldEvent,
    IslandTaken,
    KeptCard,
    KrakenRose,
    Lose,
    Moved,
    Pending,
    PendingView,
    Pick,
    Piece,
    PlaneSpared,
    Play,
    PreparedDeal,
    Ref,
    Reshuffled,
    Resigned,
    Rise,
    Roll,
    Rolled,
    Select,
    Skipped,
    SpecialUsed,
    Spun,
    Steer,
    TurnStarted,
    Unselect,
    Use,
    WhirlpoolPlaced,
    WhirlpoolStruck,
    clone,
    parse_action,
)

STRONG_BUDGET = Budget(iterations=100)  # the strong level's search by default (bench/strength.py: CPU time)
REACTION_SECONDS = 45  # how long a reaction window waits for its player
CORNERS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}  # two players sit in opposite corners
CHANCE_CELLS = WHEEL_CELLS + MYSTERY_CELLS  # « parmi toutes les cases chance »
KRAKEN_REACH = 2  # « un carré de 2 cases autour du pion du joueur (soit un carré de 5 cases sur 5 cases) »

# What the book leaves open, decided (shared/HOUSE_RULES.md); the rules text says each one.
HOUSE_RULES = (
    "map",  # 19 x 19, homes in the corners, islands 3 x 3, 4 cells of each special kind
    "one_cell",  # « à une case »: the 8 cells around, for reach and support
    "no_passing",  # pieces do not pass through others; other homes are closed
    "lead_once",  # each piece or island leads at most one attack a turn
    "white",  # a white island defends with 2 + its white boat's 1; white boats can be attacked
    "green_dot",  # the winner's boat goes on the green dot if it is free
    "supply",  # lost pieces go back to the box and may be won again, up to 15/3/2 on the board
    "special_reuse",  # a piece may not use again the special cell it used last
    "specials_optional",  # using a special cell is a choice
    "reactions",  # "Non" and "+1" answer an action that hits you, even on another's turn
    "non_on_non",  # a "Non" can be cancelled by another "Non"
    "kept_cards",  # which cards are kept: Non, Boum, +1, Vent ascendant, Brouillard, Tourbillon
    "fog_boum",  # Brouillard also protects from Boum
    "kraken",  # the Kraken spares the centre piece and the islands
    "whirlpool",  # the Tourbillon goes on an enemy ship and sinks boats and battleships around it
    "deck",  # played cards are shuffled into a new deck when it runs out
    "rounds",  # a limit of 20 rounds by default; most islands, then most power
    "dice",  # three d10 reading 1-10; the win/lose dice win on 3 (plain) or 4 (blue-edged) faces of 6
    "first_player",  # the highest total of the three dice starts; tied players throw again
    "beaten",  # a piece beaten in an attack is destroyed
    "lose_choice",  # the player chooses which boat or plane to lose, from the wheel as from a card
    "wheel",  # 11 equal segments, one per action the book lists
    "badges",  # 6 of each kind, public; a badge used goes back to the stock
    "deck_mix",  # the 55 mystery cards, by kind (cards.DECK)
    "out",  # a player left with nothing: their cards, badges and Tourbillons leave with them
)


class StillPlaying(NotYourTurn):
    """A click of the player whose turn everyone sees while a secret reaction window is
    open: told to wait, like at any busy moment, never why (it is not their move now)."""

    key = "fireship.error.busy"


class FireshipEngine(Engine[FireshipState, FireshipAction]):
    name = "fireship"
    min_players = 2
    max_players = 4
    options_model = FireshipOptions
    state_model = FireshipState
    strong_budget = STRONG_BUDGET
    house_rules = HOUSE_RULES
    levels = LEVELS

    # -- setup ------------------------------------------------------------------
    def new_game(self, players: int, options: BaseModel, seed: int) -> FireshipState:
        """« positionnez un drapeau blanc ... ainsi qu’un bateau blanc dans la case avec le point
        vert »; each player's 3 boats and 1 plane in their home; the highest roll starts."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("error.player_count", low=self.min_players, high=self.max_players)
        assert isinstance(options, FireshipOptions)
        rng = Rng.from_seed(seed)
        corners = CORNERS[players]
        if options.deal is not None:
            return self._prepared(players, options, options.deal, rng)
        pieces = [Piece(id=n, owner=None, kind="boat", cell=dot) for n, dot in enumerate(GREEN_DOTS)]
        for seat, corner in enumerate(corners):
            for kind, count in START_FLEET.items():
                for _ in range(count):
                    pieces.append(Piece(id=len(pieces), owner=seat, kind=kind, cell=HOMES[corner]))
        rolls, first = self._throw_off(rng, players)
        state = FireshipState(
            seats=players,
            rng=rng,
            options=options,
            corners=corners,
            pieces=pieces,
            next_id=len(pieces),
            islands=[None] * len(ISLANDS),
            supply=[{kind: FLEET[kind] - START_FLEET.get(kind, 0) for kind in FLEET} for _ in range(players)],
            hands=[[] for _ in range(players)],
            badges=[[] for _ in range(players)],
            badge_stock=dict(cards.BADGES),
            deck=cards.new_deck(rng),
            current=first,
            first=first,
            throw_off=rolls,
            fog=[False] * players,
            skip=[False] * players,
            out=[False] * players,
            resigned=[False] * players,
        )
        self._start_turn(state, [])  # a new game has no events: the view tells the throw-off
        return state

    def _prepared(self, players: int, options: FireshipOptions, deal: PreparedDeal, rng: Rng) -> FireshipState:
        """A game already under way (``PreparedDeal``), at the start of ``first``'s turn; what the
        deal's own checks cannot know, the number of players, is checked here."""
        corners = CORNERS[players]
        pieces = []
        for n, placed in enumerate(deal.pieces):
            cell = parse_label(placed.cell)
            assert cell is not None  # the deal checked it
            owner = placed.owner
            stranger = owner is not None and owner >= players
            if stranger or (cell in HOMES and HOMES.index(cell) != corners[owner or 0]):
                raise ValueError("a prepared piece belongs to no seat, or stands in another's home")
            pieces.append(Piece(id=n, owner=owner, kind=placed.kind, cell=cell))
        seats = range(players)
        hands = [list(deal.hands[seat]) if seat < len(deal.hands) else [] for seat in seats]
        on_board = {p.owner for p in pieces} | set(deal.islands)
        if not set(seats) <= on_board or not on_board <= {None, *seats} or len(deal.hands) > players:
            raise ValueError("a prepared game must hold every seat, and only them")
        if deal.first >= players or (options.rounds and deal.round > options.rounds):
            raise ValueError("a prepared game starts with a seat it has, within its rounds")
        rest = [card for card, count in cards.DECK.items() for _ in range(count)]
        for card in [*deal.deck, *(card for hand in hands for card in hand)]:
            rest.remove(card)
        rng.shuffle(rest)
        state = FireshipState(
            seats=players,
            rng=rng,
            options=options,
            corners=corners,
            pieces=pieces,
            next_id=len(pieces),
            islands=list(deal.islands),
            supply=[
                {kind: FLEET[kind] - sum(p.owner == seat and p.kind == kind for p in pieces) for kind in FLEET}
                for seat in seats
            ],
            hands=hands,
            badges=[[] for _ in seats],
            badge_stock=dict(cards.BADGES),
            deck=rest + list(reversed(deal.deck)),  # drawn from the end
            current=deal.first,
            first=deal.first,
            round=deal.round,
            fog=[False] * players,
            skip=[False] * players,
            out=[False] * players,
            resigned=[False] * players,
        )
        self._start_turn(state, [])
        return state

    @staticmethod
    def _throw_off(rng: Rng, players: int) -> tuple[list[dict[int, int]], int]:
        rolls: list[dict[int, int]] = []
        seats = list(range(players))
        while len(seats) > 1:
            totals = {seat: sum(cards.roll_movement(rng)) for seat in seats}
            rolls.append(totals)
            best = max(totals.values())
            seats = [seat for seat in seats if totals[seat] == best]
        return rolls, seats[0]

    def copy_state(self, state: FireshipState) -> FireshipState:
        """Copies only what moves mutate (options, tuples, ``shown`` and ``held`` never change in place)."""
        work = clone(state)
        pending, pick = state.pending, state.pick
        if pending is not None:
            pending = clone(pending)
            pending.__dict__["queue"] = list(pending.queue)
            pending.__dict__["victims"] = list(pending.victims)
        work.__dict__.update(
            rng=clone(state.rng),
            pieces=[clone(p) for p in state.pieces],
            islands=list(state.islands),
            supply=[dict(s) for s in state.supply],
            hands=[list(h) for h in state.hands],
            badges=[list(b) for b in state.badges],
            badge_stock=dict(state.badge_stock),
            deck=list(state.deck),
            discard=list(state.discard),
            led=list(state.led),
            fog=list(state.fog),
            skip=list(state.skip),
            whirlpools=list(state.whirlpools),
            pending=pending,
            pick=None if pick is None else clone(pick),
            out=list(state.out),
            resigned=list(state.resigned),
            out_order=list(state.out_order),
            winners=list(state.winners),
        )
        return work

    # -- who acts ---------------------------------------------------------------
    def to_act(self, state: FireshipState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        if state.phase == "react" and state.pending is not None and state.pending.asking is not None:
            return frozenset({state.pending.asking})
        return frozenset({state.current})

    def turn_number(self, state: FireshipState) -> int:
        return state.turn

    def reaction_window(self, state: FireshipState) -> ReactionWindow | None:
        if state.phase != "react":
            return None
        shown = state.shown or state
        return ReactionWindow(seconds=REACTION_SECONDS, seen_as=frozenset({shown.current}))

    def unseen_steps(self, state: FireshipState) -> int:
        return state.unseen

    def seen_by(self, state: FireshipState, seat: int | None) -> FireshipState:
        """The state ``seat`` (None: the public) is shown: during a secret reaction window,
        the one before the action that opened it, for everyone but the seat asked."""
        if state.phase == "react" and state.shown is not None and not self._asked(state, seat):
            return state.shown
        return state

    @staticmethod
    def _asked(state: FireshipState, seat: int | None) -> bool:
        return (
            state.phase == "react" and state.pending is not None and seat is not None and state.pending.asking == seat
        )

    # -- a secret window hides the action that opened it -------------------------------
    def apply(self, state: FireshipState, seat: int, action: FireshipAction) -> Step:
        window = self.reaction_window(state)
        if window is not None and seat in window.seen_as and seat not in self.to_act(state):
            raise StillPlaying()
        return self._veiled(state, super().apply(state, seat, action))

    def resign(self, state: FireshipState, seat: int) -> Step:
        step = super().resign(state, seat)
        if self.reaction_window(state) is not None and seat == state.current:
            step.state.held = []  # the action being settled leaves with its player: the table never saw it
        return self._veiled(state, step)

    def _veiled(self, before: FireshipState, step: Step) -> Step:
        """A step that leaves a secret window open tells nothing yet: its events are held, and the
        table keeps seeing ``before`` (the last state it saw); once no window is open, everything
        held is told at once, as if no window had been."""
        state: FireshipState = step.state
        if state.phase == "react":
            if state.shown is None:
                state.shown = self.copy_state(before)
            state.held = state.held + cast(list[HeldEvent], step.events)  # the engine's own events
            state.unseen += 1
            return Step(state, [])
        events = state.held + step.events
        state.shown, state.held = None, []
        return Step(state, events)

    def legal_actions(self, state: FireshipState, seat: int) -> list[FireshipAction]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        actions: list[FireshipAction] = []
        if phase == "roll":
            actions.append(Roll())
            actions += self.card_plays(state, seat, AT_START)
        elif phase == "move":
            actions.append(EndMoves())
            actions += [Select(piece=p.id) for p in self.movable(state)]
        elif phase == "steer":
            actions.append(Unselect())
            actions += [Steer(to=cell) for cell in sorted(self.destinations(state))]
        elif phase == "act":
            actions.append(EndTurn())
            actions += [Attack(leader=o.leader, target=o.target, plus=o.plus) for o in self.attack_options(state)]
            actions += [Use(piece=p.id) for p in self.special_users(state)]
            actions += self.card_plays(state, seat, IN_ACT)
        elif phase == "pick":
            actions += self._pick_options(state, seat)
        elif phase == "react":
            actions.append(Accept())
            actions += [Play(card=card) for card in self.reactions(state, seat)]
        return actions

    def parse_action(self, token: str) -> FireshipAction:
        return parse_action(token)

    # -- questions about a state ------------------------------------------------
    def piece(self, state: FireshipState, number: int) -> Piece | None:
        return next((p for p in state.pieces if p.id == number), None)

    def home(self, state: FireshipState, seat: int) -> Cell:
        return HOMES[state.corners[seat]]

    def speed(self, state: FireshipState, kind: str) -> int:
        """Cells a point: Vent ascendant doubles planes, Gulf Stream boats."""
        return 2 if (kind == "plane" and state.updraft) or (kind == "boat" and state.gulf_stream) else 1

    def movable(self, state: FireshipState) -> list[Piece]:
        if state.points <= 0:
            return []
        return [
            p
            for p in state.pieces
            if p.owner == state.current and can_leave(p.cell, state.points, self._blocked(state, p), p.kind == "plane")
        ]

    def destinations(self, state: FireshipState) -> dict[Cell, int]:
        """Cells the piece being steered can reach with the points left, and their cost."""
        piece = self.piece(state, state.moving) if state.moving is not None else None
        return {} if piece is None else self._destinations(state, piece)

    def _blocked(self, state: FireshipState, piece: Piece) -> set[Cell]:
        """One piece per cell, except in its own home; the other homes are closed."""
        own_home = self.home(state, piece.owner or 0)
        blocked = {p.cell for p in state.pieces if p.cell != own_home}
        return blocked | {home for home in HOMES if home != own_home}

    def _destinations(self, state: FireshipState, piece: Piece) -> dict[Cell, int]:
        return reachable_from(
            piece.cell,
            state.points,
            frozenset(self._blocked(state, piece) - {piece.cell}),
            piece.kind == "plane",
            self.speed(state, piece.kind),
        )

    def owner_of(self, state: FireshipState, ref: Ref) -> int | None:
        if ref.startswith("i"):
            return state.islands[int(ref[1:]) - 1]
        piece = self.piece(state, int(ref))
        return None if piece is None else piece.owner

    def cell_of(self, state: FireshipState, ref: Ref) -> Cell | None:
        if ref.startswith("i"):
            return ISLANDS[int(ref[1:]) - 1]
        piece = self.piece(state, int(ref))
        return None if piece is None else piece.cell

    def power(self, state: FireshipState, ref: Ref) -> int:
        """« Seuls les pions qui sont à une case de distance de ce dernier et de sa couleur lui
        confèrent de la puissance »: the piece or island, plus its colour around it."""
        cell = self.cell_of(state, ref)
        assert cell is not None
        return self._power(self._strengths(state), cell, self.owner_of(state, ref))

    @staticmethod
    def _strengths(state: FireshipState) -> dict[Cell, dict[int | None, int]]:
        """Each cell's power, by colour: its pieces' (a home holds several) or its island's."""
        grid: dict[Cell, dict[int | None, int]] = {}
        for p in state.pieces:
            there = grid.setdefault(p.cell, {})
            there[p.owner] = there.get(p.owner, 0) + POWER[p.kind]
        for n, cell in enumerate(ISLANDS):
            grid[cell] = {state.islands[n]: POWER["island"]}
        return grid

    @staticmethod
    def _power(grid: dict[Cell, dict[int | None, int]], cell: Cell, owner: int | None) -> int:
        """The power of ``owner``'s colour on ``cell`` and one cell around it (the leader's own included)."""
        total = grid[cell].get(owner, 0) if cell in grid else 0
        for near in around(cell):
            if near in grid:
                total += grid[near].get(owner, 0)
        return total

    def _protected(self, state: FireshipState, owner: int | None) -> bool:
        """Brouillard: « ne peut être attaqué jusqu’à son prochain tour »."""
        return owner is not None and state.fog[owner]

    def attack_options(self, state: FireshipState) -> list[AttackOption]:
        """Every legal (leader, target) pair: a piece or island of the player's that has not led an
        attack this turn, and an enemy piece or island within one cell, at no less power."""
        if state.phase != "act" or state.specials:
            return []
        seat = state.current
        grid = self._strengths(state)
        cells: dict[Ref, Cell] = {str(p.id): p.cell for p in state.pieces}
        owners: dict[Ref, int | None] = {str(p.id): p.owner for p in state.pieces}
        for n, cell in enumerate(ISLANDS):
            cells[f"i{n + 1}"], owners[f"i{n + 1}"] = cell, state.islands[n]
        leaders = [str(p.id) for p in state.pieces if p.owner == seat]
        leaders += [f"i{n + 1}" for n, owner in enumerate(state.islands) if owner == seat]
        plus = "plus_one" in state.hands[seat]
        options = []
        for leader in leaders:
            if leader in state.led:
                continue
            near = set(around(cells[leader]))
            targets = [str(p.id) for p in state.pieces if p.owner != seat and p.cell in near]
            targets += [f"i{n + 1}" for n, isl in enumerate(ISLANDS) if isl in near and state.islands[n] != seat]
            attack = self._power(grid, cells[leader], seat)
            for target in targets:
                owner = owners[target]
                if self._protected(state, owner):
                    continue
                defence = self._power(grid, cells[target], owner)
                for bonus in (0, 1) if plus else (0,):
                    if attack + bonus >= defence:
                        die = "plain" if attack + bonus == defence else "blue"
                        options.append(
                            AttackOption(
                                leader=leader,
                                target=target,
                                attack=attack + bonus,
                                defence=defence,
                                die=die,
                                plus=bool(bonus),
                            )
                        )
        return options

    def special_users(self, state: FireshipState) -> list[Piece]:
        """« Avant de revenir sur la case spéciale, le pion ayant été dessus doit obligatoirement
        utiliser une autre case spéciale »; the battleship cell wants a plane."""
        if state.phase != "act":
            return []
        found = []
        for p in state.pieces:
            special = SPECIAL_CELLS.get(p.cell)
            mine = p.owner == state.current and special and p.used != p.cell
            if mine and (special != "battleship" or p.kind == "plane"):
                found.append(p)
        return found

    def boum_targets(self, state: FireshipState, seat: int) -> list[Piece]:
        """« détruis un bateau de ton choix »: any boat but one's own, Brouillard protecting."""
        return [p for p in state.pieces if p.kind == "boat" and p.owner != seat and not self._protected(state, p.owner)]

    def whirlpool_cells(self, state: FireshipState, seat: int) -> list[Cell]:
        """The Tourbillon goes on a cell with an enemy ship (house rule)."""
        cells = {p.cell for p in state.pieces if p.owner != seat and p.kind != "plane" and p.cell not in HOMES}
        return sorted(cells)

    def card_plays(self, state: FireshipState, seat: int, names: tuple[str, ...]) -> list[FireshipAction]:
        plays: list[FireshipAction] = []
        for badge, held in ((False, state.hands[seat]), (True, state.badges[seat])):
            for card in sorted(set(held) & set(names)):
                if card in ("updraft", "gulf_stream") and getattr(state, card):
                    continue
                if card == "fog" and state.fog[seat]:
                    continue
                if card == "boum":
                    plays += [Play(card=card, badge=badge, at=str(p.id)) for p in self.boum_targets(state, seat)]
                elif card == "whirlpool":
                    plays += [Play(card=card, badge=badge, at=label(c)) for c in self.whirlpool_cells(state, seat)]
                else:
                    plays.append(Play(card=card, badge=badge))
        return plays

    def reactions(self, state: FireshipState, seat: int) -> list[str]:
        """The cards ``seat`` may answer the pending action with."""
        pending = state.pending
        if pending is None:
            return []
        hand = state.hands[seat]
        found = ["non"] if "non" in hand else []
        if pending.kind == "attack" and "plus_one" in hand and not pending.cancelled:
            found.append("plus_one")
        return found

    def _pick_options(self, state: FireshipState, seat: int) -> list[FireshipAction]:
        pick = state.pick
        assert pick is not None
        options: list[FireshipAction] = []
        if pick.kind in ("lose_boat", "lose_plane"):
            kind = "boat" if pick.kind == "lose_boat" else "plane"
            options += [Lose(piece=p.id) for p in state.pieces if p.owner == seat and p.kind == kind]
        elif pick.kind == "kraken":
            options += [Rise(at=cell) for cell in CHANCE_CELLS]
        else:
            options.append(Accept())
        if "non" in state.hands[seat] and pick.kind != "kraken":
            options.append(Play(card="non"))
        return options

    # -- views ------------------------------------------------------------------
    def view(self, state: FireshipState, seat: int | None) -> FireshipView:
        """The table as ``seat`` is shown it (``seen_by``), with the seat's own hand as it is."""
        hand = sorted(state.hands[seat]) if seat is not None else None
        state = self.seen_by(state, seat)
        over = state.phase == "over"
        asked = self._asked(state, seat)
        pending = state.pending if asked else None
        plus = seat is not None and seat == state.current and not over and "plus_one" in (hand or [])
        return FireshipView(
            seat=seat,
            seats=state.seats,
            options=state.options if state.options.deal is None else state.options.model_copy(update={"deal": None}),
            corners=list(state.corners),
            pieces=[p.model_copy() for p in state.pieces],
            islands=list(state.islands),
            supply=[dict(s) for s in state.supply],
            badges=[sorted(b) for b in state.badges],
            hand=hand,
            deck=len(state.deck),
            current=state.current,
            round=state.round,
            throw_off=state.throw_off,
            phase=state.phase,
            dice=state.dice,
            points=state.points,
            moving=state.moving,
            reachable={label(cell): cost for cell, cost in sorted(self.destinations(state).items())},
            speed={kind: self.speed(state, kind) for kind in FLEET},
            led=list(state.led),
            specials=state.specials,
            attacks=[o for o in self.attack_options(state) if plus or not o.plus],  # a +1 in hand is secret
            fog=list(state.fog),
            skip=list(state.skip),
            whirlpools=list(state.whirlpools),
            pending=None
            if pending is None
            else PendingView(
                kind=pending.kind,
                actor=pending.actor,
                leader=pending.leader,
                target=pending.target,
                cell=pending.cell,
                attack=pending.attack,
                defence=pending.defence,
                cancelled=pending.cancelled,
            ),
            pick=state.pick.kind if state.pick else None,
            asked=asked,
            out=list(state.out),
            resigned=list(state.resigned),
            outcome=self.outcome(state),
        )

    def total_power(self, state: FireshipState, seat: int) -> int:
        pieces = sum(POWER[p.kind] for p in state.pieces if p.owner == seat)
        return pieces + POWER["island"] * state.islands.count(seat)

    def outcome(self, state: FireshipState) -> Outcome | None:
        """The winners first; then the others by islands, then power; those out last, the
        latest out first."""
        if state.phase != "over":
            return None
        islands = {s: state.islands.count(s) for s in range(state.seats)}
        key = {s: (islands[s], self.total_power(state, s)) for s in range(state.seats)}
        groups: list[list[int]] = [sorted(state.winners)]
        rest = [s for s in range(state.seats) if s not in state.winners and not state.out[s]]
        for value in sorted({key[s] for s in rest}, reverse=True):
            groups.append([s for s in rest if key[s] == value])
        groups += [[s] for s in reversed(state.out_order) if s not in state.winners]
        return Outcome(reason=state.end_reason or "last", winners=sorted(state.winners), ranking=groups, scores=islands)

    def choose_normal(self, view: BaseModel, legal: list[FireshipAction], rng: Rng) -> FireshipAction:
        assert isinstance(view, FireshipView)
        return bots.choose(view, legal, rng, "normal")

    def choose_easy(self, view: BaseModel, legal: list[FireshipAction], rng: Rng) -> FireshipAction:
        assert isinstance(view, FireshipView)
        return bots.choose(view, legal, rng, "easy")

    # -- the strong level (games/fireship/strong.py) ------------------------------------------
    def strong_analysis(self, view: BaseModel, legal: list[FireshipAction], rng: Rng, budget: Budget) -> Analysis:
        assert isinstance(view, FireshipView)
        return strong.analyse(self, view, legal, rng, budget)

    def determinize(self, view: BaseModel, rng: Rng) -> FireshipState | None:
        assert isinstance(view, FireshipView)
        return strong.determinize(view, rng)

    def evaluate(self, state: FireshipState) -> list[float]:
        return strong.evaluate(state)

    def search_actions(self, state: FireshipState, seat: int) -> list[FireshipAction]:
        return strong.search_actions(self, state, seat)

    # -- playing ----------------------------------------------------------------
    def _play(self, state: FireshipState, seat: int, action: FireshipAction) -> list[Event]:
        if not self._allowed(state, seat, action):
            raise IllegalAction(self._refusal(state, seat, action))
        events: list[Event] = []
        if isinstance(action, Roll):
            state.dice = cards.roll_movement(state.rng)
            state.points = sum(state.dice)
            state.phase = "move"
            events.append(Rolled(seat=seat, dice=state.dice))
        elif isinstance(action, Select):
            state.moving, state.phase = action.piece, "steer"
        elif isinstance(action, Unselect):
            state.moving, state.phase = None, "move"
        elif isinstance(action, Steer):
            self._steer(state, seat, action.to, events)
        elif isinstance(action, EndMoves):
            state.phase, state.points = "act", 0
        elif isinstance(action, Attack):
            self._attack(state, seat, action, events)
        elif isinstance(action, Use):
            self._use(state, seat, action.piece, events)
        elif isinstance(action, Play) and state.phase == "react":
            self._react(state, seat, action.card, events)
        elif isinstance(action, Play) and state.phase == "pick":
            self._discard(state, seat, "non", False)
            events.append(CardPlayed(seat=seat, card="non", badge=False))
            events.append(Cancelled(action=state.pick.kind if state.pick else "pick"))
            self._after_pick(state, events)
        elif isinstance(action, Play):
            self._play_card(state, seat, action, events)
        elif isinstance(action, Accept) and state.phase == "react":
            self._ask_next(state, events)  # let it pass: the next one is asked, or it is settled
        elif isinstance(action, Accept):
            state.skip[seat] = True
            events.append(Bermuda(seat=seat))
            self._after_pick(state, events)
        elif isinstance(action, Lose):
            self._lose(state, seat, action.piece, events)
        elif isinstance(action, Rise):
            assert state.pick is not None
            state.phase, state.pick = state.pick.resume, None  # type: ignore[assignment]
            self._kraken(state, seat, action.at, None, events)
        elif isinstance(action, EndTurn):
            self._end_turn(state, events)
        return events

    def _allowed(self, state: FireshipState, seat: int, action: FireshipAction) -> bool:
        """``action in legal_actions``, without listing every destination."""
        if isinstance(action, Steer):
            return state.phase == "steer" and action.to in self.destinations(state)
        return action in self.legal_actions(state, seat)

    def _refusal(self, state: FireshipState, seat: int, action: FireshipAction) -> str:
        """The catalog key that says why ``action`` is refused now."""
        phase = state.phase
        if isinstance(action, Steer) and phase == "steer":
            return "fireship.error.unreachable"
        if isinstance(action, (Select, Steer, EndMoves)) and phase == "roll":
            return "fireship.error.roll_first"
        if isinstance(action, Attack) and phase == "act":
            return "fireship.error.specials_done" if state.specials else "fireship.error.no_such_attack"
        if isinstance(action, (Attack, Use, EndTurn)) and phase in ("move", "steer"):
            return "fireship.error.end_moves_first"
        if isinstance(action, Use) and phase == "act":
            return "fireship.error.special_refused"
        if isinstance(action, Play) and phase in ("roll", "act", "react", "pick"):
            return "fireship.error.card_refused"
        return "error.illegal_action"

    def _steer(self, state: FireshipState, seat: int, to: Cell, events: list[Event]) -> None:
        """« Il déplace ses pions en répartissant le nombre obtenu par les dés entre eux »."""
        piece = self.piece(state, state.moving or 0)
        assert piece is not None
        cost = self.destinations(state)[to]
        events.append(Moved(seat=seat, piece=piece.id, piece_kind=piece.kind, start=piece.cell, end=to, cost=cost))
        piece.cell = to
        state.points -= cost
        state.moving = None
        state.phase = "move" if self.movable(state) else "act"

    # -- attacks ------------------------------------------------------------------
    def _attack(self, state: FireshipState, seat: int, action: Attack, events: list[Event]) -> None:
        defender = self.owner_of(state, action.target)
        attack, defence = self.power(state, action.leader), self.power(state, action.target)
        state.led.append(action.leader)
        leader, target = (
            None if ref.startswith("i") else self.piece(state, int(ref)) for ref in (action.leader, action.target)
        )
        events.append(
            Attacked(
                seat=seat,
                leader=action.leader,
                target=action.target,
                defender=defender,
                attack=attack,
                defence=defence,
                leader_kind=leader.kind if leader else None,
                leader_cell=leader.cell if leader else None,
                target_kind=target.kind if target else None,
                target_cell=target.cell if target else None,
            )
        )
        if action.plus:
            self._discard(state, seat, "plus_one", False)
            events.append(CardPlayed(seat=seat, card="plus_one", badge=False))
            attack += 1
        pending = Pending(
            kind="attack",
            actor=seat,
            victims=[] if defender is None else [defender],
            leader=action.leader,
            target=action.target,
            attack=attack,
            defence=defence,
        )
        self._open(state, pending, events)

    def _settle_attack(self, state: FireshipState, pending: Pending, events: list[Event]) -> None:
        """« Si le joueur obtient "gagné", il gagne, sinon rien ne se passe »."""
        seat = pending.actor
        if pending.attack < pending.defence:
            events.append(AttackFailed(seat=seat))
            return
        die = "plain" if pending.attack == pending.defence else "blue"
        won = cards.roll_win(state.rng, die)
        events.append(AttackRolled(seat=seat, die=die, won=won))
        if not won:
            return
        target = pending.target
        assert target is not None
        if target.startswith("i"):
            self._take_island(state, seat, int(target[1:]) - 1, events)
        else:
            self._destroy(state, [p for p in state.pieces if str(p.id) == target], "attack", events)

    def _take_island(self, state: FireshipState, seat: int, island: int, events: list[Event]) -> None:
        """« il remplace le drapeau de l’île avec un drapeau de sa couleur et place un bateau dans
        la case de l’île avec le point vert. Les autres pions adverses sont détruits. »"""
        previous = state.islands[island]
        near = set(around(ISLANDS[island]))
        defenders = [p for p in state.pieces if p.owner == previous and p.cell in near]
        state.islands[island] = seat
        events.append(IslandTaken(seat=seat, island=island, previous=previous))
        self._destroy(state, defenders, "island", events)
        dot = GREEN_DOTS[island]
        if all(p.cell != dot for p in state.pieces) and state.supply[seat]["boat"] > 0:
            self._add(state, seat, "boat", dot)
        self._check_end(state, events)

    # -- reaction windows ---------------------------------------------------------
    def _open(self, state: FireshipState, pending: Pending, events: list[Event]) -> None:
        """Ask the seats the action hits, in turn, if they hold an answer; settle it otherwise."""
        pending.resume = pending.resume or state.phase
        state.pending = pending
        pending.queue = [s for s in pending.victims if s != pending.actor]
        self._ask_next(state, events)

    def _ask_next(self, state: FireshipState, events: list[Event]) -> None:
        pending = state.pending
        assert pending is not None
        while pending.queue:
            seat = pending.queue.pop(0)
            if not state.out[seat] and self.reactions(state, seat):
                pending.asking = seat
                state.phase = "react"
                state.turn += 1
                return
        pending.asking = None
        self._settle(state, events)

    def _react(self, state: FireshipState, seat: int, card: str, events: list[Event]) -> None:
        """A card answers the action; the other side may answer it in turn. « Non : annule
        n’importe quelle action »: the actor asked back while its action stands (only a
        defender's "+1" does that) cancels that "+1", not its own action."""
        pending = state.pending
        assert pending is not None
        self._discard(state, seat, card, False)
        events.append(CardPlayed(seat=seat, card=card, badge=False))
        if card == "non" and seat == pending.actor and not pending.cancelled:
            pending.defence -= 1
        elif card == "non":
            pending.cancelled = not pending.cancelled
        elif seat == pending.actor:
            pending.attack += 1
        else:
            pending.defence += 1
        if seat == pending.actor:
            pending.queue = [s for s in pending.victims if s != pending.actor]
        else:
            pending.queue = [pending.actor]
        self._ask_next(state, events)

    def _settle(self, state: FireshipState, events: list[Event]) -> None:
        pending = state.pending
        assert pending is not None
        state.pending = None
        if state.phase == "react":
            state.turn += 1  # back to the player whose action it was
        state.phase = "roll" if pending.resume == "start" else pending.resume  # type: ignore[assignment]
        if pending.cancelled:
            events.append(Cancelled(action=pending.kind))
        elif pending.kind == "attack":
            self._settle_attack(state, pending, events)
        elif pending.kind == "boum":
            self._destroy(state, [p for p in state.pieces if str(p.id) == pending.target], "boum", events)
        elif pending.kind == "kraken":
            self._strike(state, pending, KRAKEN_REACH, "kraken", events)
        else:
            self._strike(state, pending, 1, "whirlpool", events)
        if state.phase == "over":
            return
        if pending.resume == "start":
            self._next_strike(state, events)
        elif state.out[state.current]:
            self._end_turn(state, events)

    def _strike(self, state: FireshipState, pending: Pending, reach: int, cause: str, events: list[Event]) -> None:
        """Kraken: every piece in the square but the centre one; Tourbillon: ships only."""
        assert pending.cell is not None
        col, row = pending.cell
        hit = [
            p
            for p in state.pieces
            if abs(p.cell[0] - col) <= reach
            and abs(p.cell[1] - row) <= reach
            and p.id != pending.spares
            and (cause == "kraken" or p.kind != "plane")
        ]
        self._destroy(state, hit, cause, events)

    def _victims(self, state: FireshipState, cell: Cell, reach: int, spares: int | None, ships: bool) -> list[int]:
        col, row = cell
        seats = {
            p.owner
            for p in state.pieces
            if p.owner is not None
            and abs(p.cell[0] - col) <= reach
            and abs(p.cell[1] - row) <= reach
            and p.id != spares
            and not (ships and p.kind == "plane")
        }
        return sorted(seats)

    # -- special cells --------------------------------------------------------------
    def _use(self, state: FireshipState, seat: int, number: int, events: list[Event]) -> None:
        """« Il peut ensuite faire l’action indiquée par la case »; no attack after that."""
        piece = self.piece(state, number)
        assert piece is not None
        special = SPECIAL_CELLS[piece.cell]
        piece.used = piece.cell
        state.specials = True
        events.append(SpecialUsed(seat=seat, piece=number, special=special))
        if special == "battleship":
            won = cards.roll_win(state.rng, "plain")
            events.append(BattleshipRoll(seat=seat, won=won))
            if won:
                self._gain(state, seat, "battleship", events)
        elif special == "wheel":
            self._spin(state, seat, piece, events)
        else:
            self._draw(state, seat, events)

    def _spin(self, state: FireshipState, seat: int, piece: Piece | None, events: list[Event]) -> None:
        """« Le joueur tourne la roue. La roue indique l’action à faire. »"""
        while True:
            segment = cards.spin(state.rng)
            events.append(Spun(seat=seat, segment=segment))
            if segment != "spin_again":
                break
        if segment in ("gain_boat", "gain_plane"):
            self._gain(state, seat, segment[5:], events)
        elif segment in ("lose_boat", "lose_plane"):
            self._ask_loss(state, seat, segment, events)
        elif segment == "draw_card":
            self._draw(state, seat, events)
        elif segment == "kraken" and piece is None:
            state.pick = Pick(kind="kraken", resume=state.phase)
            state.phase = "pick"
        elif segment == "kraken":
            assert piece is not None
            self._kraken(state, seat, piece.cell, piece.id, events)
        else:
            self._give_badge(state, seat, segment[6:], events)

    def _kraken(self, state: FireshipState, seat: int, cell: Cell, spares: int | None, events: list[Event]) -> None:
        """« Tous les pions dans un carré de 2 cases autour du pion du joueur ... sont totalement
        détruits »; from a card, « il choisit sur quelle case il apparaîtra parmi toutes les cases
        chance » (the piece standing there is spared too)."""
        if spares is None:
            spares = next((p.id for p in state.pieces if p.cell == cell), None)
        events.append(KrakenRose(seat=seat, cell=cell))
        victims = self._victims(state, cell, KRAKEN_REACH, spares, ships=False)
        self._open(state, Pending(kind="kraken", actor=seat, victims=victims, cell=cell, spares=spares), events)

    def _draw(self, state: FireshipState, seat: int, events: list[Event]) -> None:
        """« Le joueur pioche une carte mystère »: kept face down, or played at once."""
        if not state.deck:
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(Reshuffled())
            if not state.deck:
                return
        card = state.deck.pop()
        if card in cards.KEEPABLE:
            state.hands[seat].append(card)
            events.append(Drew(seat=seat, card=None))
            events.append(KeptCard(seat=seat, card=card, audience=frozenset({seat})))
            return
        state.discard.append(card)
        events.append(Drew(seat=seat, card=card))
        if card == "wheel":
            self._spin(state, seat, None, events)
        elif card in ("gain_boat", "gain_plane"):
            self._gain(state, seat, card[5:], events)
        elif card in ("lose_boat", "lose_plane"):
            self._ask_loss(state, seat, card, events)
        elif card == "bermuda":  # always a step, so that waiting for it shows no "Non" in hand
            state.pick = Pick(kind="bermuda", resume=state.phase)
            state.phase = "pick"

    def _gain(self, state: FireshipState, seat: int, kind: str, events: list[Event]) -> None:
        """« le joueur ajoute 1 bateau dans son carré de couleur », while the box has one."""
        given = state.supply[seat][kind] > 0
        if given:
            self._add(state, seat, kind, self.home(state, seat))
        events.append(Gained(seat=seat, what=kind, given=given))

    def _add(self, state: FireshipState, seat: int, kind: str, cell: Cell) -> None:
        state.supply[seat][kind] -= 1
        state.pieces.append(Piece(id=state.next_id, owner=seat, kind=kind, cell=cell))
        state.next_id += 1

    def _give_badge(self, state: FireshipState, seat: int, badge: str, events: list[Event]) -> None:
        given = state.badge_stock[badge] > 0
        if given:
            state.badge_stock[badge] -= 1
            state.badges[seat].append(badge)
        events.append(Gained(seat=seat, what=f"badge_{badge}", given=given))

    def _ask_loss(self, state: FireshipState, seat: int, what: str, events: list[Event]) -> None:
        """« Perds un avion : ... sauf si le joueur n’a plus qu’un seul avion sur le plateau »;
        the player chooses which piece (or cancels with "Non")."""
        kind = what[5:]
        mine = [p for p in state.pieces if p.owner == seat and p.kind == kind]
        if kind == "plane" and len(mine) <= 1:
            events.append(PlaneSpared(seat=seat))
            return
        if not mine:
            return
        state.pick = Pick(kind=what, resume=state.phase)
        state.phase = "pick"

    def _lose(self, state: FireshipState, seat: int, number: int, events: list[Event]) -> None:
        self._destroy(state, [p for p in state.pieces if p.id == number], "lost", events)
        self._after_pick(state, events)

    def _after_pick(self, state: FireshipState, events: list[Event]) -> None:
        """Back to what the choice interrupted, unless it ended the game (the last piece lost)."""
        if state.phase == "over":
            return
        pick = state.pick
        assert pick is not None
        state.pick = None
        if state.phase == "pick":
            state.phase = pick.resume  # type: ignore[assignment]
        if state.phase != "over" and state.out[state.current]:
            self._end_turn(state, events)

    # -- cards ----------------------------------------------------------------------
    def _discard(self, state: FireshipState, seat: int, card: str, badge: bool) -> None:
        if badge:
            state.badges[seat].remove(card)
            state.badge_stock[card] += 1
        else:
            state.hands[seat].remove(card)
            state.discard.append(card)

    def _play_card(self, state: FireshipState, seat: int, action: Play, events: list[Event]) -> None:
        card = action.card
        self._discard(state, seat, card, action.badge)
        events.append(CardPlayed(seat=seat, card=card, badge=action.badge, at=action.at))
        if card in ("updraft", "gulf_stream"):
            setattr(state, card, True)
        elif card == "fog":
            state.fog[seat] = True
        elif card == "whirlpool":
            cell = parse_label(action.at or "")
            assert cell is not None
            state.whirlpools.append((seat, cell))
            events.append(WhirlpoolPlaced(seat=seat, cell=cell))
        elif card == "boum":
            target = self.piece(state, int(action.at or 0))
            assert target is not None
            victims = [] if target.owner is None else [target.owner]
            self._open(state, Pending(kind="boum", actor=seat, victims=victims, target=action.at), events)

    # -- losses and the end ---------------------------------------------------------
    def _destroy(self, state: FireshipState, pieces: list[Piece], cause: str, events: list[Event]) -> None:
        """Pieces leave the board and go back to their owner's box."""
        if not pieces:
            return
        gone = {p.id for p in pieces}
        state.pieces = [p for p in state.pieces if p.id not in gone]
        for p in pieces:
            if p.owner is not None:
                state.supply[p.owner][p.kind] += 1
        events.append(Destroyed(pieces=[(p.owner, p.kind, p.cell) for p in pieces], cause=cause))
        self._check_end(state, events)

    def _check_end(self, state: FireshipState, events: list[Event]) -> None:
        """« Être le dernier joueur sur le plateau » or « Conquérir toutes les îles »."""
        if state.phase == "over":
            return
        newly = [s for s in range(state.seats) if not state.out[s] and not self._on_board(state, s)]
        for seat in newly:
            self._leave(state, seat)
            events.append(Eliminated(seat=seat))
        present = [s for s in range(state.seats) if not state.out[s]] or newly  # all sunk at once: a shared win
        owners = set(state.islands)
        if len(owners) == 1 and None not in owners:
            self._finish(state, [owners.pop()], "islands", events)  # type: ignore[list-item]
        elif len(present) <= 1:
            self._finish(
                state, present, "forfeit" if any(state.resigned) and not self._lost_any(state) else "last", events
            )

    def _lost_any(self, state: FireshipState) -> bool:
        """Someone left the board by losing it rather than by resigning."""
        return any(out and not left for out, left in zip(state.out, state.resigned))

    def _on_board(self, state: FireshipState, seat: int) -> bool:
        return any(p.owner == seat for p in state.pieces) or seat in state.islands

    def _leave(self, state: FireshipState, seat: int) -> None:
        """Out of the game: its cards back in the discard, its badges back in the stock, its
        Tourbillons gone; its islands (if it resigned) fly the white flag."""
        state.out[seat] = True
        state.out_order.append(seat)
        state.discard += state.hands[seat]
        state.hands[seat] = []
        for badge in state.badges[seat]:
            state.badge_stock[badge] += 1
        state.badges[seat] = []
        state.whirlpools = [w for w in state.whirlpools if w[0] != seat]
        state.fog[seat] = state.skip[seat] = False

    def _finish(self, state: FireshipState, winners: list[int], reason: str, events: list[Event]) -> None:
        state.phase = "over"
        state.winners = winners
        state.end_reason = reason  # type: ignore[assignment]
        state.pending = state.pick = None
        state.moving = None
        events.append(GameEnded(reason=reason, winners=winners))

    # -- turns --------------------------------------------------------------------
    def _end_turn(self, state: FireshipState, events: list[Event]) -> None:
        state.turn += 1
        state.dice, state.points, state.moving = None, 0, None
        state.updraft = state.gulf_stream = state.specials = False
        state.led = []
        state.pending = state.pick = None
        nxt = self._next_seat(state, state.current)
        if nxt is None:
            return
        if 0 < (state.first - state.current) % state.seats <= (nxt - state.current) % state.seats:
            state.round += 1  # play passes the seat that starts each round
            if state.options.rounds and state.round > state.options.rounds:
                self._time_up(state, events)
                return
        state.current = nxt
        self._start_turn(state, events)

    def _next_seat(self, state: FireshipState, seat: int) -> int | None:
        for step in range(1, state.seats + 1):
            nxt = (seat + step) % state.seats
            if not state.out[nxt]:
                return nxt
        return None

    def _time_up(self, state: FireshipState, events: list[Event]) -> None:
        """« le maximum en un temps imparti »: most islands, then most power."""
        present = [s for s in range(state.seats) if not state.out[s]]
        best = max((state.islands.count(s), self.total_power(state, s)) for s in present)
        winners = [s for s in present if (state.islands.count(s), self.total_power(state, s)) == best]
        self._finish(state, winners, "rounds", events)

    def _start_turn(self, state: FireshipState, events: list[Event]) -> None:
        """A Brouillard ends; the Tourbillons laid last turn strike; then Bermuda, or the roll."""
        seat = state.current
        state.phase = "roll"
        events.append(TurnStarted(seat=seat, round=state.round))
        state.fog[seat] = False
        self._next_strike(state, events)

    def _next_strike(self, state: FireshipState, events: list[Event]) -> None:
        """« à son prochain tour, tous les navires dans un rayon d’une case autour du pion sont
        détruits »: one Tourbillon at a time (each may open a reaction window, whose settling
        comes back here); then a player under Deep Hole Bermuda passes, the others roll."""
        seat = state.current
        mine = [w for w in state.whirlpools if w[0] == seat]
        if mine:
            state.whirlpools.remove(mine[0])
            cell = mine[0][1]
            events.append(WhirlpoolStruck(seat=seat, cell=cell))
            victims = self._victims(state, cell, 1, None, ships=True)
            self._open(state, Pending(kind="whirlpool", actor=seat, victims=victims, cell=cell, resume="start"), events)
        elif state.out[seat]:
            self._end_turn(state, events)
        elif state.skip[seat]:
            state.skip[seat] = False
            events.append(Skipped(seat=seat))
            self._end_turn(state, events)

    def _resign(self, state: FireshipState, seat: int) -> list[Event]:
        """The seat leaves: its pieces leave the board and its islands fly the white flag."""
        if state.resigned[seat]:
            raise IllegalAction("error.left_game")
        events: list[Event] = [Resigned(seat=seat)]
        state.resigned[seat] = True
        state.pieces = [p for p in state.pieces if p.owner != seat]
        state.islands = [None if owner == seat else owner for owner in state.islands]
        if not state.out[seat]:
            self._leave(state, seat)
        pending = state.pending
        if pending is not None:
            pending.victims = [s for s in pending.victims if s != seat]
            pending.queue = [s for s in pending.queue if s != seat]
        self._check_end(state, events)
        if state.phase == "over":
            return events
        if seat == state.current:
            self._end_turn(state, events)
        elif pending is not None and pending.asking == seat:
            self._ask_next(state, events)
        elif pending is not None and pending.kind == "boum" and self.piece(state, int(pending.target or 0)) is None:
            state.pending = None
            state.phase = pending.resume  # type: ignore[assignment]
        return events


ENGINE = FireshipEngine()
