"""Fort Boyard rules (shared/seeds/000_87ffa476ebfbb1f2.txt): three rounds.

Round 1, the keys: roll, move round the Fort and play the cell (a trial, a riddle, a
duel, prison, the passe-partout); a won trial earns a key; it ends at once when
someone holds three. Round 2, the clues: each player secretly picks the level of
their code word and gets its first clue; won trials now earn clues (riddles and
duels are played for an announced key or clue); it ends at once at four clues.
Round 3, the treasure: with at least one key, propose your code word (a wrong one
may be retried for a key); whoever found it draws a handful from the bag per key
held. Most Boyards wins. House rules: ``HOUSE_RULES`` below; ``/fortboyard rules``
states each.
"""

from collections import Counter
from functools import cache

from pydantic import BaseModel

from games.core import (
    LEVELS,
    Analysis,
    Budget,
    Engine,
    Event,
    IllegalAction,
    Outcome,
    ReactionWindow,
    Rng,
)
from games.core.search import analyse
from games.fortboyard import bots, strong, trials
from games.fortboyard.answers import matches, normalize
from games.fortboyard.deck import CATEGORIES, Category, Language, deck
from games.fortboyard.deck import Level as WordLevel
from games.fortboyard.forecast import forecast
from games.fortboyard.material import BAG, HANDFUL, KEY_STOCK
from games.fortboyard.models import (
    Abandon,
    Abandoned,
    Announce,
    Announced,
    Answer,
    Attempt,
    Barred,
    Challenge,
    Challenged,
    ChooseLevel,
    Clue,
    ClueWon,
    Dive,
    Dove,
    Eliminated,
    EndReason,
    FortBoyardAction,
    FortBoyardOptions,
    FortBoyardState,
    FortBoyardView,
    GameEnded,
    GiveUp,
    Goto,
    Grab,
    Grabbed,
    Green,
    Jailed,
    KeyWon,
    Landed,
    LevelChosen,
    LevelsChosen,
    NoKeyLeft,
    Player,
    Progress,
    Proposed,
    Resigned,
    Retried,
    Retry,
    Roll,
    Rolled,
    RoundEnded,
    SeatView,
    Skipped,
    Stake,
    Stay,
    Sunk,
    Surfaced,
    TrialBegan,
    TrialEnded,
    WordsRevealed,
    clone,
    parse_action,
)
from games.fortboyard.track import FOURAS, SEA_CELLS, TRACK, advance, passe_targets

BUDGET = Budget()  # the strong level's search by default: about 150 ms at most for two players
KEYS_FOR_ROUND_2 = 3  # « jusqu'à ce que l'un d'entre vous ait 3 Clés devant lui »
CLUES_FOR_ROUND_3 = 4  # « jusqu'à ce que l'un d'entre vous ait ses 4 Indices »
DUEL_REPLAYS = 2  # a duel nobody won is replayed this often, then the die decides

# What the book leaves open, decided (shared/HOUSE_RULES.md); the rules text says each one.
HOUSE_RULES = (
    "track",  # 24 cells clockwise (the mix in track.TRACK), PORTE at 0, the Père Fouras opposite; DÉPART next to PORTE
    "cards",  # the PERSONNAGE, CACHE and FORT BOYARD cards have no use in the book: no effect, no cell draws them
    "trials",  # the physical trials become chat trials (deck.KINDS); one side, red or blue, per game
    "sea",  # a 10-cell sea loop: reaching or passing the key wins it; a dive under way at a round's end is lost
    "passe",  # the passe-partout move is optional and goes to any cell but a passe-partout
    "stock",  # 20 keys; once the stock is empty, a trial earns no key from it
    "duels",  # any other player may be challenged; a duel nobody wins is replayed twice, then a die decides
    "stake",  # round 2: the announced stake goes to the duel's winner, challenger or challenged
    "level",  # the code word's level is chosen by each player, in secret, as round 2 begins
    "clues",  # a code word's four clues evoke it in four different senses (the cards are written so)
    "answers",  # typed answers: case, accents, articles and small typos aside; never another card's word
    "round_reset",  # a round's end sends every pawn to DÉPART and clears prison
    "reshuffle",  # a trial deck that runs out is shuffled anew
    "round_3_order",  # proposals then draws go round the table from the four-clue player
    "bag",  # a handful is 4 to 8 tokens; each player's tokens go back into the bag after their draws
    "ties",  # the first-player roll is thrown again among the tied; equal treasures share the win
    "clock",  # 30 seconds per timed trial (an option); a trial whose clock runs out is judged as it stands
    "leaving",  # who leaves loses their duel under way and ranks last; the last one left wins
    "computers",  # a computer wins a trial at a set rate per category (its level shifts it: models.SKILL_SHIFT)
    # and reads its code word from its own clues
)


# The listed actions that never change, built once.
LEVEL_CHOICES = (ChooseLevel(level="easy"), ChooseLevel(level="hard"))
PASSE_MOVES: tuple[Stay | Goto, ...] = (Stay(), *(Goto(cell=cell) for cell in passe_targets()))
STAKES = (Announce(stake="key"), Announce(stake="clue"))
CHALLENGES = tuple(Challenge(opponent=seat) for seat in range(6))


@cache
def _proposals(language: Language, level: WordLevel) -> tuple[FortBoyardAction, ...]:
    """Round 3: giving up, or any code word of the box at that level."""
    return (GiveUp(), *(Answer(text=card.level(level).word) for card in deck(language).words))


def _copy_progress(progress: Progress) -> Progress:
    work = clone(progress)
    fields = work.__dict__
    for name in ("out", "right"):
        fields[name] = list(fields[name])
    for name in ("choices", "score", "boats", "aims"):
        fields[name] = dict(fields[name])
    fields["misses"] = {seat: list(cells) for seat, cells in progress.misses.items()}
    return work


def _roll_off(rng: Rng, seats: list[int]) -> tuple[int, list[list[int]]]:
    """Everyone throws the die; the highest wins, the tied throw again (0: not throwing)."""
    throws: list[list[int]] = []
    contenders = list(seats)
    while True:
        faces = {seat: rng.between(1, 6) for seat in contenders}
        throws.append([faces.get(seat, 0) for seat in range(max(seats) + 1)])
        best = max(faces.values())
        contenders = [seat for seat, face in faces.items() if face == best]
        if len(contenders) == 1:
            return contenders[0], throws


class FortBoyardEngine(Engine[FortBoyardState, FortBoyardAction]):
    name = "fortboyard"
    min_players = 2
    max_players = 6
    options_model = FortBoyardOptions
    state_model = FortBoyardState
    strong_budget = BUDGET
    house_rules = HOUSE_RULES
    levels = LEVELS
    no_winner_reasons = frozenset({"no_treasure"})  # the treasure stays in the Fort

    # -- setup ------------------------------------------------------------------
    def new_game(self, players: int, options: BaseModel, seed: int) -> FortBoyardState:
        """« Piochez chacun une carte INDICES/MOT-CODE »; « Celui qui fait le plus grand chiffre
        au dé commence la partie. »"""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("error.player_count", low=self.min_players, high=self.max_players)
        assert isinstance(options, FortBoyardOptions)
        rng = Rng.from_seed(seed)
        box = deck(options.language)
        side = options.side if options.side != "random" else rng.choice(("red", "blue"))
        decks = {}
        for category in CATEGORIES:
            decks[category] = [card.id for card in box.trials[category]]
            rng.shuffle(decks[category])
        words = [card.id for card in box.words]
        rng.shuffle(words)
        first, opening = _roll_off(rng, list(range(players)))
        return FortBoyardState(
            seats=players,
            rng=rng,
            options=options,
            side=side,
            current=first,
            players=[Player(word=words[seat]) for seat in range(players)],
            stock=KEY_STOCK,
            decks=decks,
            opening=opening,
        )

    # -- queries ----------------------------------------------------------------
    def to_act(self, state: FortBoyardState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        if state.phase == "level":
            return frozenset(i for i, p in enumerate(state.players) if not p.resigned and p.level is None)
        if state.phase == "trial":
            assert state.trial is not None
            return trials.waiting(state.trial)
        return frozenset({state.current})

    def turn_number(self, state: FortBoyardState) -> int:
        return state.turn

    def has_chosen(self, state: FortBoyardState, seat: int) -> bool:
        """Waiting on the others after a secret choice: a code word's level, or a duellist's
        sign, boat, shot or answer."""
        if state.phase == "level":
            return state.players[seat].level is not None and not state.players[seat].resigned
        return state.phase == "trial" and state.trial is not None and trials.has_chosen(state.trial, seat)

    def reaction_window(self, state: FortBoyardState) -> ReactionWindow | None:
        """A trial's hourglass: seen by the whole table, unlike a secret window."""
        if state.phase != "trial" or state.trial is None:
            return None
        seconds = trials.seconds(state.trial, state.options.clock)
        return ReactionWindow(seconds=seconds, seen_as=frozenset(state.trial.players), shown=True)

    def legal_actions(self, state: FortBoyardState, seat: int) -> list[FortBoyardAction]:
        if seat not in self.to_act(state):
            return []
        match state.phase:
            case "level":
                return list(LEVEL_CHOICES)
            case "roll":
                return [Roll()]
            case "passe":
                return list(PASSE_MOVES)
            case "stake":
                return list(STAKES)
            case "opponent":
                return [CHALLENGES[o] for o in self._others(state, seat)]
            case "trial":
                assert state.trial is not None
                return trials.legal(state.trial, seat)
            case "dive":
                return [Dive(), Abandon()]
            case "guess":
                return list(_proposals(state.options.language, state.players[seat].level or "easy"))
            case "retry":
                return [Retry(), GiveUp()]
            case "draw":
                return [Grab()]
        return []

    def copy_state(self, state: FortBoyardState) -> FortBoyardState:
        """A private copy to play on, fast enough for the strong player's search: every part a
        move may change is copied; the options, the opening throws and the trial's card, never
        changed, are shared."""
        work = clone(state)
        fields = work.__dict__
        fields["rng"] = clone(state.rng)
        fields["players"] = players = [clone(player) for player in state.players]
        for player in players:
            player.__dict__["handfuls"] = list(player.handfuls)
        fields["decks"] = {category: list(cards) for category, cards in state.decks.items()}
        fields["order"] = list(state.order)
        fields["trial"] = _copy_progress(state.trial) if state.trial is not None else None
        return work

    def parse_action(self, token: str) -> FortBoyardAction:
        return parse_action(token)

    def human_may_play(self, action: FortBoyardAction) -> bool:
        """A computer's attempt is won at a rate (a person plays the trial itself); the
        reaction light turns green by the clock only."""
        return not isinstance(action, Attempt | Green)

    def view(self, state: FortBoyardState, seat: int | None) -> FortBoyardView:
        over = state.phase == "over"
        seats = [
            SeatView(
                cell=p.cell,
                sea=p.sea,
                skip=p.skip,
                keys=p.keys,
                clues=p.clues,
                level_chosen=p.level is not None,
                found=p.found,
                handfuls=p.handfuls,
                boyards=sum(map(sum, p.handfuls)),
                resigned=p.resigned,
                word=self._word(state, i).word if over and p.level else None,
            )
            for i, p in enumerate(state.players)
        ]
        mine = state.players[seat] if seat is not None else None
        return FortBoyardView(
            seat=seat,
            language=state.options.language,
            side=state.side,
            clock=state.options.clock,
            rates=state.options.computer,
            round=state.round,
            phase=state.phase,
            current=state.current,
            to_act=sorted(self.to_act(state)),
            players=seats,
            stock=state.stock,
            opening=state.opening,
            order=state.order,
            stake=state.stake,
            opponent=state.opponent,
            trial=trials.view(state.trial, seat) if state.trial else None,
            last_die=state.last_die,
            level=mine.level if mine else None,
            clues=self._word(state, seat).clues[: mine.clues] if seat is not None and mine and mine.level else [],
            outcome_reason=state.end_reason,
        )

    def outcome(self, state: FortBoyardState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {i: sum(map(sum, p.handfuls)) for i, p in enumerate(state.players)}
        if state.end_reason == "forfeit":
            winners = [i for i, p in enumerate(state.players) if not p.resigned]
            rest = [i for i in range(state.seats) if i not in winners]
            return Outcome(
                reason="forfeit", winners=winners, ranking=[winners] + ([rest] if rest else []), scores=scores
            )
        # nobody reached the treasure: all still playing share the place, and nobody wins (the
        # treasure stays in the Fort); a player who left ranks last, even after finding their word
        drawers = [i for i, p in enumerate(state.players) if p.found and not p.resigned] or self._active(state)
        ranking = [
            [i for i in drawers if scores[i] == score] for score in sorted({scores[i] for i in drawers}, reverse=True)
        ]
        rest = [i for i in range(state.seats) if i not in drawers]
        winners = ranking[0] if ranking and state.end_reason != "no_treasure" else []
        return Outcome(
            reason=state.end_reason or "treasure",
            winners=winners,
            ranking=ranking + ([rest] if rest else []),
            scores=scores,
        )

    def choose_normal(self, view: BaseModel, legal: list[FortBoyardAction], rng: Rng) -> FortBoyardAction:
        assert isinstance(view, FortBoyardView)
        return bots.choose(view, legal, rng, "normal")

    def choose_easy(self, view: BaseModel, legal: list[FortBoyardAction], rng: Rng) -> FortBoyardAction:
        assert isinstance(view, FortBoyardView)
        return bots.choose(view, legal, rng, "easy")

    # -- the strong level's search (games/fortboyard/strong.py) ------------------
    def strong_analysis(self, view: BaseModel, legal: list[FortBoyardAction], rng: Rng, budget: Budget) -> Analysis:
        """A real choice (a stake, a rival, a dive, a passe-partout's cell, a word's level) is
        searched; a trial is attempted, its word proposed, as the strong level plays them."""
        assert isinstance(view, FortBoyardView)
        if view.phase not in strong.SEARCHED or view.seat is None or len(legal) < 2:
            return strong.unsearched(view, legal, bots.choose(view, legal, rng, "strong"))
        return analyse(strong.Search(self, view, "strong"), view, legal, rng, budget.iterations, budget.stop)

    def determinize(self, view: BaseModel, rng: Rng) -> FortBoyardState | None:
        assert isinstance(view, FortBoyardView)
        return strong.determinize(view, rng)

    def evaluate(self, state: FortBoyardState) -> list[float]:
        return forecast(state, ["normal"] * state.seats)

    def search_actions(self, state: FortBoyardState, seat: int) -> list[FortBoyardAction]:
        return strong.search_actions(self, state, seat)

    # -- helpers ------------------------------------------------------------------
    @staticmethod
    def _deck(state: FortBoyardState):
        return deck(state.options.language)

    def _word(self, state: FortBoyardState, seat: int):
        player = state.players[seat]
        return self._deck(state).word_card(player.word or "").level(player.level or "easy")

    @staticmethod
    def _active(state: FortBoyardState) -> list[int]:
        return [i for i, p in enumerate(state.players) if not p.resigned]

    def _others(self, state: FortBoyardState, seat: int) -> list[int]:
        return [i for i in self._active(state) if i != seat]

    def _after(self, state: FortBoyardState, seat: int) -> list[int]:
        """The active seats round the table clockwise from ``seat`` (``seat`` first)."""
        return [
            (seat + k) % state.seats for k in range(state.seats) if not state.players[(seat + k) % state.seats].resigned
        ]

    def _next_seat(self, state: FortBoyardState, seat: int) -> int:
        """The first active seat clockwise after ``seat``: its « voisin de gauche »."""
        return next(
            (seat + k) % state.seats
            for k in range(1, state.seats + 1)
            if not state.players[(seat + k) % state.seats].resigned
        )

    # -- play -------------------------------------------------------------------
    def _play(self, state: FortBoyardState, seat: int, action: FortBoyardAction) -> list[Event]:
        events: list[Event] = []
        if state.phase == "trial":
            self._trial(state, seat, action, events)
            return events
        typed = isinstance(action, Answer) and state.phase == "guess"
        if not typed and not trials.listed(action, self.legal_actions(state, seat)):
            raise IllegalAction()
        match action:
            case ChooseLevel():
                state.players[seat].level = action.level
                events.append(LevelChosen(seat=seat))
                self._maybe_start_round_2(state, events)
            case Roll():
                self._roll(state, seat, events)
            case Goto():
                state.players[seat].cell = action.cell
                self._arrive(state, seat, events, via_passe=True)
            case Stay():
                self._end_turn(state, events)
            case Announce():
                state.stake = action.stake
                events.append(Announced(seat=seat, stake=action.stake))
                if TRACK[state.players[seat].cell or 0] == "enigme":
                    self._start_trial(state, "enigme", [seat], events)
                else:
                    state.phase = "opponent"
            case Challenge():
                state.opponent = action.opponent
                events.append(Challenged(seat=seat, opponent=action.opponent, stake=state.stake))
                self._start_trial(state, "duel", [seat, action.opponent], events)
            case Dive():
                player = state.players[seat]
                player.cell, player.sea, player.dive_for = None, 0, state.stake
                events.append(Dove(seat=seat))
                self._end_turn(state, events)
            case Abandon():
                events.append(Abandoned(seat=seat))
                self._end_turn(state, events)
            case Answer():
                self._propose(state, seat, action.text, events)
            case Retry():
                player = state.players[seat]
                player.keys -= 1
                state.stock += 1
                events.append(Retried(seat=seat, keys=player.keys))
                state.phase = "guess"
                state.turn += 1
            case GiveUp():
                self._eliminate(state, seat, events)
                self._next_guess(state, events)
            case Grab():
                self._grab(state, seat, events)
        return events

    def _roll(self, state: FortBoyardState, seat: int, events: list[Event]) -> None:
        """« lance le dé, avance son pion du nombre de cases indiqué ... et suit les instructions
        de sa case d'arrivée »; a diver rolls round the sea instead."""
        die = state.rng.between(1, 6)
        state.last_die = die
        player = state.players[seat]
        if player.sea is not None:
            player.sea += die
            events.append(Rolled(seat=seat, die=die, sea=min(player.sea, SEA_CELLS)))
            if player.sea < SEA_CELLS:
                return self._end_turn(state, events)
            # « vous n'avez pas besoin de faire le nombre exact avec le dé »
            stake = player.dive_for or "key"
            player.sea, player.dive_for, player.cell = None, None, FOURAS
            events.append(Surfaced(seat=seat))
            self._award(state, seat, stake, events)
            return self._carry_on(state, events)
        player.cell = advance(player.cell, die)
        events.append(Rolled(seat=seat, die=die, cell=player.cell))
        self._arrive(state, seat, events)

    def _arrive(self, state: FortBoyardState, seat: int, events: list[Event], via_passe: bool = False) -> None:
        cell = state.players[seat].cell
        assert cell is not None
        events.append(Landed(seat=seat, cell=cell, via_passe=via_passe))
        kind = TRACK[cell]
        state.stake = "key" if state.round == 1 else "clue"
        if kind == "porte":  # « il ne se passe rien »
            self._end_turn(state, events)
        elif kind == "prison":  # « votre tour actuel est terminé, mais vous devrez également passer le prochain »
            state.players[seat].skip = True
            events.append(Jailed(seat=seat))
            self._end_turn(state, events)
        elif kind == "passe":
            state.phase = "passe"
        elif kind in ("enigme", "duel") and state.round == 2:
            state.phase = "stake"  # « vous devez dire à voix haute votre choix »
        elif kind == "duel":
            state.phase = "opponent"
        else:
            self._start_trial(state, kind, [seat], events)

    # -- trials -------------------------------------------------------------------
    def _start_trial(
        self, state: FortBoyardState, category: Category, players: list[int], events: list[Event], replays: int = 0
    ) -> None:
        if not state.decks[category]:  # house rule: the deck is shuffled anew
            state.decks[category] = [card.id for card in self._deck(state).trials[category]]
            state.rng.shuffle(state.decks[category])
        card = state.decks[category].pop()
        trial = self._deck(state).trial(category, card).side(state.side)
        state.trial = trials.begin(category, card, trial, players, state.stake, replays, state.rng)
        state.phase = "trial"
        state.turn += 1
        events.append(TrialBegan(category=category, trial_kind=trial.kind, players=players, replay=replays > 0))

    def _trial(self, state: FortBoyardState, seat: int, action: FortBoyardAction, events: list[Event]) -> None:
        progress = state.trial
        assert progress is not None
        rate = state.options.computer.at(progress.category, action.skill) if isinstance(action, Attempt) else 0
        result = trials.play(progress, seat, action, state.rng, rate)
        events.extend(result.events)
        if result.new_stage:
            state.turn += 1
        if result.verdict is not None:
            self._judged(state, result.verdict.winner, events)

    def _judged(self, state: FortBoyardState, winner: int | None, events: list[Event]) -> None:
        """« Si vous réussissez, bravo, vous gagnez une Clé ! »; a failed riddle sinks the key;
        a duel's winner takes the loser's key (or one from the stock)."""
        progress = state.trial
        assert progress is not None
        duel = len(progress.players) > 1
        by_die = False
        if duel and winner is None:
            if progress.replays < DUEL_REPLAYS:
                events.append(
                    TrialEnded(
                        category=progress.category,
                        players=progress.players,
                        success=False,
                        answer=trials.expected(progress),
                    )
                )
                return self._start_trial(state, "duel", progress.players, events, progress.replays + 1)
            winner, _ = _roll_off(state.rng, progress.players)
            by_die = True
        state.trial = None
        events.append(
            TrialEnded(
                category=progress.category,
                players=progress.players,
                success=winner is not None,
                winner=winner,
                answer=trials.expected(progress),
                by_die=by_die,
            )
        )
        if winner is not None:
            loser = next((s for s in progress.players if s != winner), None)
            self._award(state, winner, progress.stake, events, source=loser)
        elif progress.category == "enigme":
            # « le Père Fouras jette la Clé à la mer » (round 2: « l'Indice à la mer »)
            events.append(Sunk(seat=progress.players[0], stake=progress.stake))
            state.phase = "dive"
            return
        self._carry_on(state, events)

    def _award(
        self, state: FortBoyardState, seat: int, stake: Stake, events: list[Event], source: int | None = None
    ) -> None:
        player = state.players[seat]
        if stake == "clue":
            return self._give_clue(state, seat, events)
        if source is not None and state.players[source].keys > 0:  # « l'une des Clés de votre adversaire »
            state.players[source].keys -= 1
        elif state.stock > 0:  # « Prenez une Clé du stock »
            state.stock -= 1
            source = None
        else:
            events.append(NoKeyLeft(seat=seat))
            return
        player.keys += 1
        events.append(KeyWon(seat=seat, source=source))
        if state.round == 1 and player.keys >= KEYS_FOR_ROUND_2 and state.third_key is None:
            state.third_key = seat

    def _give_clue(self, state: FortBoyardState, seat: int, events: list[Event]) -> None:
        player = state.players[seat]
        if player.clues >= CLUES_FOR_ROUND_3:
            return
        player.clues += 1
        text = self._word(state, seat).clues[player.clues - 1]
        events.append(ClueWon(seat=seat, number=player.clues))
        events.append(Clue(seat=seat, number=player.clues, text=text, audience=frozenset({seat})))
        if player.clues >= CLUES_FOR_ROUND_3 and state.fourth_clue is None:
            state.fourth_clue = seat

    def _carry_on(self, state: FortBoyardState, events: list[Event]) -> None:
        """After a prize: the round ends at once if it is won, else the next player plays."""
        if state.round == 1 and state.third_key is not None:
            self._end_round_1(state, events)
        elif state.round == 2 and state.fourth_clue is not None:
            self._end_round_2(state, events)
        else:
            self._end_turn(state, events)

    def _end_turn(self, state: FortBoyardState, events: list[Event]) -> None:
        """The next player clockwise; a prisoner loses this turn."""
        state.phase, state.trial, state.opponent, state.turn = "roll", None, None, state.turn + 1
        seat = state.current
        for _ in range(2 * state.seats):
            seat = (seat + 1) % state.seats
            player = state.players[seat]
            if player.resigned:
                continue
            if player.skip:
                player.skip = False
                events.append(Skipped(seat=seat))
                continue
            break
        state.current = seat

    # -- rounds -------------------------------------------------------------------
    def _reset_pawns(self, state: FortBoyardState) -> list[int]:
        """Every pawn back to DÉPART; the dives under way are lost."""
        divers = [i for i, p in enumerate(state.players) if p.sea is not None]
        for player in state.players:
            player.cell, player.sea, player.dive_for, player.skip = None, None, None, False
        state.phase, state.trial, state.opponent, state.turn = "level", None, None, state.turn + 1
        return divers

    def _end_round_1(self, state: FortBoyardState, events: list[Event]) -> None:
        """« La 1ère Manche s'arrête aussitôt ! Placez ensuite de nouveau chacun de vos pions
        sur la case DÉPART »; each player then picks a level in secret."""
        assert state.third_key is not None
        events.append(RoundEnded(round=1, seat=state.third_key, lost_dives=self._reset_pawns(state)))
        state.round = 2

    def _maybe_start_round_2(self, state: FortBoyardState, events: list[Event]) -> None:
        """Once every level is chosen: each gets clue 1; « le voisin de gauche de celui qui vient
        d'obtenir sa 3ème Clé » plays first."""
        if self.to_act(state):
            return
        for seat in self._active(state):
            self._give_clue(state, seat, events)
        assert state.third_key is not None
        state.current = self._next_seat(state, state.third_key)
        state.phase, state.turn = "roll", state.turn + 1
        events.append(LevelsChosen(first=state.current))

    def _end_round_2(self, state: FortBoyardState, events: list[Event]) -> None:
        """« jusqu'à ce que l'un d'entre vous ait ses 4 Indices »; then, in turn from that player,
        those with a key propose their code word; « Si vous n'avez aucune Clé ... la partie
        s'arrête ici pour vous »."""
        assert state.fourth_clue is not None
        events.append(RoundEnded(round=2, seat=state.fourth_clue, lost_dives=self._reset_pawns(state)))
        state.round = 3
        state.order = self._after(state, state.fourth_clue)
        for seat in state.order:
            if state.players[seat].keys == 0:
                state.players[seat].found = False
                events.append(Barred(seat=seat))
        state.phase, state.current = "guess", state.fourth_clue
        self._next_guess(state, events)

    def _propose(self, state: FortBoyardState, seat: int, text: str, events: list[Event]) -> None:
        """« Si votre réponse est fautive et que vous avez au moins 2 Clés ..., vous avez le droit
        de faire une nouvelle proposition ... en échange de l'une de vos Clés. »"""
        player = state.players[seat]
        word = self._word(state, seat)
        # a typo is forgiven, another card's word is not: « canard » is one slip from « cafard »
        said, own = normalize(text), {normalize(a) for a in word.accepted}
        others = {normalize(a) for card in self._deck(state).words for w in (card.easy, card.hard) for a in w.accepted}
        right = matches(text, word.accepted) and (said in own or said not in others)
        events.append(Proposed(seat=seat, right=right))
        if right:
            player.found = True
        elif player.keys >= 2:
            state.phase = "retry"
            state.turn += 1
            return
        else:
            self._eliminate(state, seat, events)
        self._next_guess(state, events)

    def _eliminate(self, state: FortBoyardState, seat: int, events: list[Event]) -> None:
        state.players[seat].found = False
        events.append(Eliminated(seat=seat))

    def _next_guess(self, state: FortBoyardState, events: list[Event]) -> None:
        """The next player in the round's order who still has to propose; then the draws."""
        state.turn += 1
        waiting = [s for s in state.order if state.players[s].found is None and not state.players[s].resigned]
        if waiting:
            state.phase, state.current = "guess", waiting[0]
            return
        self._next_draw(state, events)

    def _next_draw(self, state: FortBoyardState, events: list[Event]) -> None:
        """« chaque joueur ayant trouvé son Mot-Code pioche les Boyards », one after the other."""
        state.turn += 1
        for seat in state.order:
            player = state.players[seat]
            if player.found and not player.resigned and len(player.handfuls) < player.keys:
                state.phase, state.current = "draw", seat
                return
        self._finish(state, "treasure" if any(p.found for p in state.players) else "no_treasure", events)

    def _grab(self, state: FortBoyardState, seat: int, events: list[Event]) -> None:
        """« Vous avez droit à autant de pioches de Boyards que de Clés devant vous »; the tokens
        go back into the bag before the next player draws."""
        player = state.players[seat]
        bag = list((Counter(BAG) - Counter(t for hand in player.handfuls for t in hand)).elements())
        state.rng.shuffle(bag)
        size = min(len(bag), state.rng.between(*HANDFUL))
        hand = sorted(bag[:size], reverse=True)
        player.handfuls.append(hand)
        events.append(Grabbed(seat=seat, tokens=hand, handful=len(player.handfuls), of=player.keys))
        if len(player.handfuls) >= player.keys:
            self._next_draw(state, events)

    def _finish(self, state: FortBoyardState, reason: EndReason, events: list[Event]) -> None:
        state.phase, state.trial, state.end_reason = "over", None, reason
        state.turn += 1
        words = {i: self._word(state, i).word for i, p in enumerate(state.players) if p.level}
        events.append(WordsRevealed(words=words))
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(GameEnded(reason=reason, winners=outcome.winners))

    # -- leaving ------------------------------------------------------------------
    def _resign(self, state: FortBoyardState, seat: int) -> list[Event]:
        if state.players[seat].resigned:
            raise IllegalAction("error.left_game")
        events: list[Event] = [Resigned(seat=seat)]
        state.players[seat].resigned = True
        if len(self._active(state)) <= 1:
            self._finish(state, "forfeit", events)
            return events
        if state.phase == "level":
            self._maybe_start_round_2(state, events)
        elif state.phase == "trial" and state.trial is not None and seat in state.trial.players:
            others = [s for s in state.trial.players if s != seat]
            state.trial.replays = DUEL_REPLAYS  # no replay for a duel whose player left
            self._judged(state, others[0] if others else None, events)
            if state.phase == "dive":  # a riddle failed by leaving: no dive
                self._end_turn(state, events)
        elif state.phase in ("guess", "retry", "draw"):
            if seat == state.current:
                if state.phase == "draw":
                    self._next_draw(state, events)
                else:
                    self._next_guess(state, events)
        elif seat == state.current:
            self._end_turn(state, events)
        return events


ENGINE = FortBoyardEngine()
