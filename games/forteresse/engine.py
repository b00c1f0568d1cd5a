"""Forteresse Solo rules (shared/seeds/001_cf94b1fa1b9067fc.txt).

One player (seat 0) against a Fortress played by the rules themselves. A turn
runs the book's steps 1.1 to 4.4 in order. Steps without a decision run by
themselves inside ``apply``; where the book lets the player choose, the
engine stops with a ``Prompt`` and ``legal_actions`` lists the choices (a
decision with a single legal action is taken at once). ``state.step`` always
names the step being played, so the UI can show "phase 2.3".

House rules: see ``games/forteresse/cards.py`` (``HOUSE_RULES``).
"""

from pydantic import BaseModel

from games.core import LEVELS, Analysis, Budget, Engine, Event, IllegalAction, Outcome, Rng
from games.forteresse import bots, strong
from games.forteresse.cards import (
    FORTRESS,
    HAND_SIZE,
    HOUSE_RULES,
    PATH_LENGTH,
    PLAYER,
    RESERVE_SIZE,
    TREASURES_TO_WIN,
    category,
    full_deck,
    is_figure,
    is_lieu,
    is_stat,
    rank_of,
    suit_of,
    value,
)
from games.forteresse.models import (
    PRIVATE,
    Attach,
    Attack,
    AttackerAssigned,
    Block,
    Boosted,
    BossTested,
    Bribe,
    BribeTried,
    CardsDiscarded,
    Character,
    CharacterDied,
    DefenderAssigned,
    Discard,
    DoorRevealed,
    DoorTested,
    Drew,
    DrewCards,
    EnemyActivated,
    EnemyReturned,
    EnemyView,
    ExplorationView,
    Explore,
    Explored,
    ExplorerChosen,
    Fight,
    ForteresseAction,
    ForteresseEvent,
    ForteresseOptions,
    ForteresseState,
    ForteresseView,
    FortressCombat,
    FortressReshuffled,
    GameEnded,
    HeroesUntapped,
    HeroRecruited,
    HeroView,
    KeySearched,
    KeyTaken,
    LieuPlaced,
    LieuPlayed,
    Mulligan,
    MulliganTaken,
    Pair,
    Pass,
    Pick,
    PlayerCombat,
    PlayLieu,
    Prompt,
    Recruit,
    ReserveFilled,
    ReserveFlushed,
    Resigned,
    Retrieved,
    RetrievedCard,
    Site,
    SiteView,
    StatAttached,
    StatLost,
    TreasurePillaged,
    TurnEnded,
    TurnStarted,
    UndefendedAttack,
    Visited,
    parse_action,
)
from games.forteresse.rules import can_attach, fill_options, fill_outcomes, highest, is_boss, power
from games.forteresse.view_fields import site_status, view_fields


def _in(hand: list[str], index: int) -> bool:
    """``index`` names a card of ``hand`` (a negative one names none)."""
    return 0 <= index < len(hand)


def _find(characters: list[Character], card: str) -> Character | None:
    for character in characters:
        if character.card == card:
            return character
    return None


BUDGET = Budget(iterations=strong.ITERATIONS)  # the strong level's play-outs per decision


class ForteresseEngine(Engine[ForteresseState, ForteresseAction]):
    name = "forteresse"
    min_players = 1
    max_players = 1
    options_model = ForteresseOptions
    state_model = ForteresseState
    strong_budget = BUDGET
    house_rules = tuple(key for key, _ in HOUSE_RULES)
    levels = LEVELS

    # =========================================================================
    # Setup
    # =========================================================================
    def new_game(self, players: int, options: BaseModel, seed: int) -> ForteresseState:
        """« Préparation d'une partie »: Treasures face up, Doors face down, both decks shuffled (or
        laid out as the options' prepared deal says)."""
        if players != 1:
            raise IllegalAction("error.player_count", low=1, high=1)
        assert isinstance(options, ForteresseOptions)
        rng = Rng.from_seed(seed)
        if options.deal is not None:  # a prepared deal: the piles in its order (later shuffles use the seed)
            deal = options.deal
            treasures, doors, rest, deck = list(deal.treasures), list(deal.doors), list(deal.fortress), list(deal.deck)
        else:
            fortress = full_deck(FORTRESS)
            treasures = [c for c in fortress if rank_of(c) == "T"]
            doors = [c for c in fortress if rank_of(c) == "A"]
            rest = [c for c in fortress if rank_of(c) not in "AT"]
            rng.shuffle(treasures)
            rng.shuffle(doors)
            rng.shuffle(rest)
            deck = full_deck(PLAYER)
            rng.shuffle(deck)
        state = ForteresseState(
            seats=1,
            rng=rng,
            options=options,
            sites=[Site(treasure=t) for t in treasures],
            doors=doors,
            fortress=rest,
            deck=deck,
        )
        self._advance(state, [])
        return state

    def copy_state(self, state: ForteresseState) -> ForteresseState:
        """Copies what moves mutate; options and prompts are never mutated."""
        return state.model_copy(
            update={
                "rng": state.rng.model_copy(),
                "hand": list(state.hand),
                "deck": list(state.deck),
                "discard": list(state.discard),
                "out": list(state.out),
                "heroes": [h.model_copy(update={"stats": list(h.stats)}) for h in state.heroes],
                "fortress": list(state.fortress),
                "fortress_discard": list(state.fortress_discard),
                "reserve": list(state.reserve),
                "enemies": [e.model_copy(update={"stats": list(e.stats)}) for e in state.enemies],
                "doors": list(state.doors),
                "sites": [s.model_copy(update={"lieux": list(s.lieux)}) for s in state.sites],
                "played": list(state.played),
                "fill_queue": list(state.fill_queue),
                "bribed": list(state.bribed),
                "boosts": dict(state.boosts),
                "blocks": dict(state.blocks),
                "attacks": dict(state.attacks),
                "combat_queue": list(state.combat_queue),
            }
        )

    # =========================================================================
    # Queries
    # =========================================================================
    def to_act(self, state: ForteresseState) -> frozenset[int]:
        return frozenset() if state.result is not None else frozenset({0})

    def turn_number(self, state: ForteresseState) -> int:
        return state.turn

    def legal_actions(self, state: ForteresseState, seat: int) -> list[ForteresseAction]:
        if seat != 0 or state.result is not None or state.prompt is None:
            return []
        return self._legal(state)

    def parse_action(self, token: str) -> ForteresseAction:
        return parse_action(token)

    def outcome(self, state: ForteresseState) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(reason=state.result, winners=[0] if state.result == "won" else [], ranking=[[0]])

    def choose_normal(self, view: BaseModel, legal: list[ForteresseAction], rng: Rng) -> ForteresseAction:
        assert isinstance(view, ForteresseView)
        return bots.choose(view, legal, rng, "normal")

    def choose_easy(self, view: BaseModel, legal: list[ForteresseAction], rng: Rng) -> ForteresseAction:
        assert isinstance(view, ForteresseView)
        return bots.choose(view, legal, rng, "easy")

    # -- the strong level's search (games/forteresse/strong.py) ------------------
    def strong_analysis(self, view: BaseModel, legal: list[ForteresseAction], rng: Rng, budget: Budget) -> Analysis:
        """A rollout search: each sensible move played on the same samples of the hidden cards,
        the game finished by the normal player (not games/core's tree search, see strong.py)."""
        assert isinstance(view, ForteresseView)
        return strong.analyse(self, view, legal, rng, budget.iterations, budget.stop)

    def determinize(self, view: BaseModel, rng: Rng) -> ForteresseState | None:
        assert isinstance(view, ForteresseView)
        return strong.determinize(view, rng)

    def evaluate(self, state: ForteresseState) -> list[float]:
        return [strong.evaluate(state)]

    def search_actions(self, state: ForteresseState, seat: int) -> list[ForteresseAction]:
        legal = self.legal_actions(state, seat)
        if len(legal) < 2 or state.prompt is None or state.prompt.kind not in strong.SEARCHED:
            return legal
        return strong.candidates(strong.fast_view(state), legal)

    def play_in_place(self, state: ForteresseState, action: ForteresseAction) -> None:
        """Plays a legal ``action`` on ``state`` itself (the search's private copies): ``apply``
        without the copy and the legality check."""
        events: list[Event] = []
        self._answer(state, action, events)
        self._advance(state, events)

    def pillaged(self, state: ForteresseState) -> int:
        return sum(site.pillaged for site in state.sites)

    def view(self, state: ForteresseState, seat: int | None) -> ForteresseView:
        mine = seat == 0
        return ForteresseView(
            seat=seat,
            **view_fields(state, SiteView, EnemyView, HeroView, ExplorationView),
            hand=list(state.hand) if mine else None,
            outcome=self.outcome(state),
        )

    # =========================================================================
    # Legal actions per prompt
    # =========================================================================
    def _legal(self, state: ForteresseState) -> list[ForteresseAction]:
        prompt = state.prompt
        assert prompt is not None
        kind = prompt.kind
        hand = state.hand
        actions: list[ForteresseAction]
        if kind == "mulligan":
            return [Mulligan(take=True), Mulligan(take=False)]
        if kind == "heroes":
            actions = []
            for h, hero in enumerate(hand):
                if is_figure(hero):
                    actions += [
                        Recruit(hero=h, stat=s)
                        for s, stat in enumerate(hand)
                        if is_stat(stat) and suit_of(stat) == suit_of(hero)
                    ]
            for s, stat in enumerate(hand):
                if is_stat(stat):
                    actions += [Attach(stat=s, hero=h.card) for h in state.heroes if can_attach(stat, h.card, h.stats)]
            return actions + [Pass()]
        if kind in ("enemy_order", "enemy_stat", "fortress_order", "lose_stat"):
            return [Pick(card=c) for c in prompt.options]
        if kind == "explore":
            actions = []
            for site in state.sites:
                if not self._explorable(state, site):
                    continue
                path = suit_of(site.treasure)
                actions += [Explore(hero=h.card, path=path) for h in state.heroes if not h.tapped]
            return actions + [Pass()]
        if kind == "lieux":
            actions = [PlayLieu(card=i) for i, c in enumerate(hand) if is_lieu(c)]
            if self._lieu_requirement_met(state):
                actions.append(Pass())
            return actions
        if kind == "boss":
            return [Pair(lieu=lieu, enemy=enemy) for lieu, enemy in prompt.pairs]
        if kind == "bribe":
            tens = sum(rank_of(c) == "T" for c in hand)
            actions = [
                Bribe(enemy=e.card, tens=n)
                for e in state.enemies
                if self._bribable(state, e)
                for n in range(1, tens + 1)
            ]
            return actions + [Pass()]
        if kind == "defenders":
            busy = set(state.blocks.values())
            actions = [
                Block(hero=h.card, enemy=e.card)
                for h in state.heroes
                if not h.tapped and h.card not in busy
                for e in state.enemies
                if e.card not in state.blocks
            ]
            return actions + [Pass()]
        if kind == "discard" or kind == "restore":
            actions = [Discard(card=i) for i in range(len(hand))]
            return actions + ([Pass()] if kind == "restore" else [])
        if kind == "attackers":
            actions = [
                Attack(hero=h.card, enemy=e.card)
                for h in state.heroes
                if not h.tapped and h.card not in state.attacks
                for e in state.enemies
            ]
            return actions + [Pass()]
        if kind == "fights":
            boosts = [None] + [i for i, c in enumerate(hand) if is_stat(c)]
            return [Fight(enemy=e, boost=b) for e in self._targets(state) for b in boosts]
        if kind == "key":
            keys = sorted(c for c in state.deck if rank_of(c) == "A")
            actions = [Pick(card=c) for c in keys]
            return actions + [Pass()]
        if kind == "retrieve":
            assert prompt.focus is not None
            other = category(prompt.focus)
            actions = [Pick(card=c) for c in state.discard if category(c) != other]
            return actions + [Pass()]
        raise AssertionError(kind)  # pragma: no cover

    def _explorable(self, state: ForteresseState, site: Site) -> bool:
        if site.pillaged:  # house rule 17
            return False
        if site_status(site) == "open":  # house rule 10
            suit = suit_of(site.treasure)
            return any(is_lieu(c) and suit_of(c) == suit for c in state.hand)
        return True

    def _lieu_requirement_met(self, state: ForteresseState) -> bool:
        assert state.site is not None
        suit = suit_of(state.sites[state.site].treasure)
        return any(suit_of(c) == suit for c in state.played)

    def _bribable(self, state: ForteresseState, enemy: Character) -> bool:
        return not is_boss(enemy.stats) and enemy.card not in state.bribed

    def _targets(self, state: ForteresseState) -> list[str]:
        """3.7: Enemies targeted by at least one attacking Hero, in Combat-zone order."""
        targeted = set(state.attacks.values())
        return [e.card for e in state.enemies if e.card in targeted]

    # =========================================================================
    # Moves
    # =========================================================================
    def _play(self, state: ForteresseState, seat: int, action: ForteresseAction) -> list[Event]:
        if state.prompt is None or action not in self._legal(state):
            raise IllegalAction(self._refusal(state, action))
        events: list[Event] = []
        self._answer(state, action, events)
        self._advance(state, events)
        return events

    def _resign(self, state: ForteresseState, seat: int) -> list[Event]:
        if seat != 0:
            raise IllegalAction("error.not_in_game")
        events: list[Event] = [Resigned(step=state.step)]
        self._end(state, "lost", "resigned", events)
        return events

    def _refusal(self, state: ForteresseState, action: ForteresseAction) -> str:
        """The most helpful catalog key for an action that is not legal now (no hidden detail)."""
        prompt = state.prompt
        kind = prompt.kind if prompt else None
        expected = {
            Mulligan: ("mulligan",),
            Recruit: ("heroes",),
            Attach: ("heroes",),
            Explore: ("explore",),
            PlayLieu: ("lieux",),
            Bribe: ("bribe",),
            Block: ("defenders",),
            Attack: ("attackers",),
            Fight: ("fights",),
            Discard: ("discard", "restore"),
            Pick: ("enemy_order", "enemy_stat", "fortress_order", "lose_stat", "key", "retrieve"),
            Pair: ("boss",),
            Pass: ("heroes", "explore", "lieux", "bribe", "defenders", "attackers", "key", "restore", "retrieve"),
        }
        if kind not in expected.get(type(action), ()):
            return "forteresse.error.not_now"
        hand = state.hand
        match action:
            case Recruit(hero=h, stat=s):
                if not (_in(hand, h) and _in(hand, s)):
                    return "forteresse.error.no_such_card"
                if not is_figure(hand[h]) or not is_stat(hand[s]):
                    return "forteresse.error.wrong_card"
                return "forteresse.error.suit"
            case Attach(stat=s, hero=card):
                hero = _find(state.heroes, card)
                if not _in(hand, s) or hero is None:
                    return "forteresse.error.no_such_card"
                if not is_stat(hand[s]):
                    return "forteresse.error.wrong_card"
                return "forteresse.error.two_stats" if len(hero.stats) >= 2 else "forteresse.error.suit"
            case Explore(hero=card, path=path):
                hero = _find(state.heroes, card)
                site = next((s for s in state.sites if suit_of(s.treasure) == path), None)
                if hero is None or site is None:
                    return "forteresse.error.no_such_card"
                if hero.tapped:
                    return "forteresse.error.tapped"
                if site.pillaged:
                    return "forteresse.error.pillaged"
                return "forteresse.error.need_lieu"
            case PlayLieu(card=i):
                return "forteresse.error.wrong_card" if _in(hand, i) else "forteresse.error.no_such_card"
            case Pass() if kind == "lieux":
                return "forteresse.error.need_lieu"
            case Bribe(enemy=card):
                enemy = _find(state.enemies, card)
                if enemy is None:
                    return "forteresse.error.no_such_card"
                if is_boss(enemy.stats):
                    return "forteresse.error.boss_bribe"
                if card in state.bribed:
                    return "forteresse.error.bribed"
                return "forteresse.error.no_tens"
            case Block(hero=h, enemy=e) | Attack(hero=h, enemy=e):
                hero = _find(state.heroes, h)
                if hero is None or _find(state.enemies, e) is None:
                    return "forteresse.error.no_such_card"
                if hero.tapped:
                    return "forteresse.error.tapped"
                return "forteresse.error.assigned"
            case Fight(enemy=e, boost=b):
                if e not in self._targets(state):
                    return "forteresse.error.no_such_card"
                if b is not None and _in(hand, b):
                    return "forteresse.error.wrong_card"
                return "forteresse.error.no_such_card"
            case Discard():
                return "forteresse.error.no_such_card"
            case Pick(card=card) if kind == "retrieve":
                if card in state.discard:
                    return "forteresse.error.same_type"
                return "forteresse.error.no_such_card"
        return "forteresse.error.not_an_option"

    def _answer(self, state: ForteresseState, action: ForteresseAction, events: list[Event]) -> None:
        """Carries out a legal ``action`` on the open prompt (which it closes)."""
        prompt = state.prompt
        assert prompt is not None
        state.prompt = None
        kind = prompt.kind
        match action:
            case Mulligan(take=take):
                state.mulligan_used = True
                if take:
                    self._mulligan(state, events)
                state.step = "1.2"
            case Recruit(hero=h, stat=s):
                hero, stat = state.hand[h], state.hand[s]
                self._take_from_hand(state, [h, s])
                state.heroes.append(Character(card=hero, stats=[stat]))
                self._emit(state, events, HeroRecruited, hero=hero, stat=stat)
            case Attach(stat=s, hero=card):
                stat = state.hand[s]
                self._take_from_hand(state, [s])
                holder = _find(state.heroes, card)
                assert holder is not None
                holder.stats.append(stat)
                self._emit(state, events, StatAttached, side="hero", character=card, stat=stat)
            case Pick(card=card) if kind in ("enemy_order", "enemy_stat"):
                self._fill_choose(state, card, events)
            case Explore(hero=card, path=path):
                explorer = _find(state.heroes, card)
                assert explorer is not None
                explorer.tapped = True
                state.explorer = card
                state.site = next(i for i, s in enumerate(state.sites) if suit_of(s.treasure) == path)
                self._emit(state, events, ExplorerChosen, hero=card, path=path)
                state.step = "2.2"
            case PlayLieu(card=i):
                card = state.hand[i]
                self._take_from_hand(state, [i])
                state.played.append(card)
                self._emit(state, events, LieuPlayed, card=card)
            case Pair(lieu=lieu, enemy=enemy):
                self._make_boss(state, lieu, enemy, events)
                assert state.resume is not None
                state.step, state.resume = state.resume, None
            case Bribe(enemy=card, tens=n):
                self._bribe(state, card, n, events)
            case Block(hero=hero, enemy=enemy):
                state.blocks[enemy] = hero
                self._emit(state, events, DefenderAssigned, hero=hero, enemy=enemy)
            case Pick(card=card) if kind == "fortress_order":
                self._fortress_combat(state, card, events)
            case Discard(card=i) if kind == "discard":
                card = state.hand[i]
                self._take_from_hand(state, [i])
                state.discard.append(card)
                self._emit(state, events, CardsDiscarded, source="hand", cards=[card])
                if prompt.owed > 1:
                    state.prompt = prompt.model_copy(update={"owed": prompt.owed - 1})
                else:
                    self._combat_done(state)
            case Pick(card=card) if kind == "lose_stat":
                assert prompt.focus is not None
                self._lose_stat(state, prompt.focus, card, events)
                if state.step == "3.4":
                    self._combat_done(state)
            case Attack(hero=hero, enemy=enemy):
                state.attacks[hero] = enemy
                self._emit(state, events, AttackerAssigned, hero=hero, enemy=enemy)
            case Fight(enemy=enemy, boost=boost):
                self._player_combat(state, enemy, boost, events)
            case Pick(card=card) if kind == "key":
                state.deck.remove(card)
                state.hand.append(card)
                self._emit(state, events, KeySearched, taken=True)
                self._emit(state, events, KeyTaken, card=card, audience=PRIVATE)
                state.rng.shuffle(state.deck)
            case Discard(card=i) if kind == "restore":
                card = state.hand[i]
                self._take_from_hand(state, [i])
                state.discard.append(card)
                self._emit(state, events, CardsDiscarded, source="hand", cards=[card])
                state.prompt = Prompt(kind="retrieve", focus=card)
            case Pick(card=card) if kind == "retrieve":
                state.discard.remove(card)
                state.hand.append(card)
                self._emit(state, events, Retrieved)
                self._emit(state, events, RetrievedCard, card=card, audience=PRIVATE)
                state.step = "4.3"
            case Pass():
                self._pass(state, kind, events)
            case _:  # pragma: no cover - _legal lists nothing else
                raise AssertionError(action)

    def _pass(self, state: ForteresseState, kind: str, events: list[Event]) -> None:
        if kind == "heroes":
            state.step = "1.3"
        elif kind == "explore":
            state.step = "3.1"
        elif kind == "lieux":
            state.step = "2.4"
        elif kind == "bribe":
            state.step = "3.3"
        elif kind == "defenders":
            order = sorted(state.enemies, key=lambda e: -power(e.stats))  # stable: Combat-zone order
            state.combat_queue = [e.card for e in order]
            state.step = "3.4"
        elif kind == "attackers":
            state.step = "3.7"
        elif kind == "key":
            self._emit(state, events, KeySearched, taken=False)
            state.rng.shuffle(state.deck)  # house rule 19
        elif kind in ("restore", "retrieve"):
            state.step = "4.3"

    # =========================================================================
    # The step machine
    # =========================================================================
    def _advance(self, state: ForteresseState, events: list[Event]) -> None:
        """Plays on until a decision with several options, or the end of the game."""
        while state.result is None:
            if state.prompt is not None:
                legal = self._legal(state)
                if len(legal) > 1:
                    return
                self._answer(state, legal[0], events)  # house rule 21: a forced move
                continue
            self._run_step(state, events)

    def _run_step(self, state: ForteresseState, events: list[Event]) -> None:
        """Runs ``state.step``: it either opens a prompt, moves on to another step, or ends the game."""
        step = state.step
        if step == "1.1":
            self._step_draw(state, events)
        elif step == "1.2":
            state.prompt = Prompt(kind="heroes")
        elif step == "1.3":
            self._step_fortress_draw(state, events)
        elif step == "1.4":
            self._step_activate(state, events)
        elif step == "1.5":
            self._step_enemy_stats(state, events)
        elif step == "1.6":
            self._step_place_lieux(state, events)
        elif step == "1.7":
            self._step_reserve(state, events)
        elif step == "2.1":
            state.prompt = Prompt(kind="explore") if state.heroes else None
            if state.prompt is None:
                state.step = "3.1"
        elif step == "2.2":
            self._step_visit(state, events)
        elif step == "2.3":
            state.prompt = Prompt(kind="lieux")
        elif step == "2.4":
            self._step_resolve_exploration(state, events)
        elif step == "2.6":
            self._step_treasure(state, events)
        elif step == "3.1":
            state.step = "3.2" if state.enemies else "4.1"
        elif step == "3.2":
            self._step_bribe(state)
        elif step == "3.3":
            state.prompt = Prompt(kind="defenders")
        elif step == "3.4":
            self._step_fortress_combats(state, events)
        elif step == "3.5":
            if state.enemies and any(not h.tapped for h in state.heroes):
                state.prompt = Prompt(kind="attackers")
            else:
                state.step = "4.1"
        elif step == "3.7":
            if self._targets(state):
                state.prompt = Prompt(kind="fights")
            else:
                state.step = "4.1"
        elif step == "4.1":
            self._step_untap(state, events)
        elif step == "4.2":
            if state.hand:
                state.prompt = Prompt(kind="restore")
            else:
                state.step = "4.3"
        elif step == "4.3":
            if state.enemies:
                state.step = "4.4"
            else:
                self._boss_test(state, events, resume="4.4")
        elif step == "4.4":
            self._step_end_turn(state, events)
        else:  # pragma: no cover
            raise AssertionError(step)

    # -- phase I: Organisation --------------------------------------------------
    def _step_draw(self, state: ForteresseState, events: list[Event]) -> None:
        """1.1; the game is lost if the deck is empty at the start of a turn."""
        if not state.deck:
            self._end(state, "lost", "deck_empty", events)
            return
        self._emit(state, events, TurnStarted, turn=state.turn + 1)
        self._draw(state, events)
        if state.turn == 0 and not state.mulligan_used:
            state.prompt = Prompt(kind="mulligan")
        else:
            state.step = "1.2"

    def _draw(self, state: ForteresseState, events: list[Event]) -> None:
        count = min(max(0, HAND_SIZE - len(state.hand)), len(state.deck))
        if not count:
            return
        cards = state.deck[:count]
        del state.deck[:count]
        state.hand += cards
        self._emit(state, events, Drew, count=count, deck_left=len(state.deck))
        self._emit(state, events, DrewCards, cards=cards, audience=PRIVATE)

    def _mulligan(self, state: ForteresseState, events: list[Event]) -> None:
        state.deck += state.hand
        state.hand = []
        state.rng.shuffle(state.deck)
        self._emit(state, events, MulliganTaken)
        self._draw(state, events)

    def _step_fortress_draw(self, state: ForteresseState, events: list[Event]) -> None:
        """1.3: the Reserve up to six cards; « Dès que la Forteresse est vide, mélangez la
        défausse pour reconstituer la Forteresse »."""
        batch: list[str] = []

        def flush() -> None:
            if batch:
                self._emit(state, events, ReserveFilled, cards=list(batch))
                batch.clear()

        while len(state.reserve) < RESERVE_SIZE:
            if not state.fortress:
                flush()
                self._reshuffle(state, events)
            if not state.fortress:  # house rule 16
                break
            card = state.fortress.pop(0)
            state.reserve.append(card)
            batch.append(card)
            if not state.fortress:
                flush()
                self._reshuffle(state, events)
        flush()
        state.step = "1.4"

    def _fortress_take(self, state: ForteresseState, events: list[Event]) -> str | None:
        """The Fortress's top card (None when it and its discard are empty: house rule 16)."""
        if not state.fortress:
            self._reshuffle(state, events)
        if not state.fortress:
            return None
        card = state.fortress.pop(0)
        if not state.fortress:
            self._reshuffle(state, events)
        return card

    def _reshuffle(self, state: ForteresseState, events: list[Event]) -> None:
        if not state.fortress_discard:
            return
        state.fortress, state.fortress_discard = state.fortress_discard, []
        state.rng.shuffle(state.fortress)
        self._emit(state, events, FortressReshuffled, count=len(state.fortress))

    def _step_activate(self, state: ForteresseState, events: list[Event]) -> None:
        """1.4, then the Power order of 1.5, taken once (house rule 4)."""
        for card in [c for c in state.reserve if is_figure(c)]:
            state.reserve.remove(card)
            state.enemies.append(Character(card=card))
            self._emit(state, events, EnemyActivated, enemy=card)
        order = sorted(state.enemies, key=lambda e: -power(e.stats))
        state.fill_queue = [e.card for e in order]
        state.fill_current = None
        state.step = "1.5"

    def _fill_point(self, state: ForteresseState):
        cards = ([state.fill_current] if state.fill_current else []) + state.fill_queue
        stats = tuple((e.card, tuple(e.stats)) for e in state.enemies if e.card in cards)
        reserve = tuple(c for c in state.reserve if is_stat(c))
        return (state.fill_current, tuple(state.fill_queue), stats, reserve)

    def _step_enemy_stats(self, state: ForteresseState, events: list[Event]) -> None:
        """1.5: the Reserve's Stats onto the Enemies, asking only ties that matter."""
        while True:
            point = self._fill_point(state)
            options = fill_options(point)
            if options is None:
                state.fill_queue = []
                state.fill_current = None
                state.step = "1.6"
                return
            choice = options[0][0]
            if len(options) > 1 and not state.options.auto_ties:
                distinct: dict[frozenset, str | None] = {}
                for option, nxt in options:
                    distinct.setdefault(fill_outcomes(nxt), option)
                if len(distinct) > 1:
                    kind = "enemy_order" if point[0] is None else "enemy_stat"
                    picks = [c for c in distinct.values() if c is not None]
                    state.prompt = Prompt(kind=kind, focus=point[0], options=picks)
                    return
            self._fill_choose(state, choice, events)

    def _fill_choose(self, state: ForteresseState, choice: str | None, events: list[Event]) -> None:
        """One move of 1.5: start filling an Enemy, attach a Stat, or close the current Enemy."""
        point = self._fill_point(state)
        options = fill_options(point)
        assert options is not None
        nxt = next(p for c, p in options if c == choice)
        if state.fill_current is not None and choice is not None:
            enemy = _find(state.enemies, state.fill_current)
            assert enemy is not None
            state.reserve.remove(choice)
            enemy.stats.append(choice)
            self._emit(state, events, StatAttached, side="enemy", character=enemy.card, stat=choice)
        state.fill_current = nxt[0]
        state.fill_queue = list(nxt[1])

    def _step_place_lieux(self, state: ForteresseState, events: list[Event]) -> None:
        """1.6: highest Lieu first, each on the Path of its suit if it has room.

        The book's tie ("le joueur choisit") cannot change anything: two Lieux of
        one value have different suits, so they go to different Paths.
        """
        lieux = sorted((c for c in state.reserve if is_lieu(c)), key=lambda c: -value(c))
        for lieu in lieux:
            site = self._free_site(state, suit_of(lieu))
            if site is None:
                continue  # house rule 11: it stays in the Reserve
            state.reserve.remove(lieu)
            site.lieux.append(lieu)
            self._emit(state, events, LieuPlaced, lieu=lieu, path=suit_of(lieu))
        state.step = "1.7"

    def _free_site(self, state: ForteresseState, suit: str) -> Site | None:
        for site in state.sites:
            if suit_of(site.treasure) == suit and len(site.lieux) < PATH_LENGTH and not site.explored:
                return site
        return None

    def _step_reserve(self, state: ForteresseState, events: list[Event]) -> None:
        """1.7: Enemies without Stat go back to the Reserve."""
        for enemy in [e for e in state.enemies if not e.stats]:
            state.enemies.remove(enemy)
            state.reserve.append(enemy.card)
            self._emit(state, events, EnemyReturned, enemy=enemy.card)
        state.step = "2.1"

    # -- phase II: Exploration --------------------------------------------------
    def _step_visit(self, state: ForteresseState, events: list[Event]) -> None:
        """2.2: an open Path goes on to 2.3, an explored one to 2.6; an incomplete one is visited."""
        assert state.site is not None
        site = state.sites[state.site]
        status = site_status(site)
        if status == "open":
            state.step = "2.3"
            return
        if status == "explored":
            state.step = "2.6"
            return
        path = suit_of(site.treasure)
        card = self._fortress_take(state, events)
        placed_on = None
        if card is not None:
            target = self._free_site(state, suit_of(card)) if is_lieu(card) else None  # house rule 13
            if target is not None:
                target.lieux.append(card)
                placed_on = suit_of(card)
            else:
                state.fortress.append(card)  # face down under the Fortress
        self._emit(state, events, Visited, path=path, card=card, placed_on=placed_on)
        state.site = None
        state.step = "3.1"

    def _boost(self, state: ForteresseState, kind: str, target: str, events: list[Event]) -> int:
        """Boost Chemin / Boost Ennemi: a Stat adds its value and goes to the discard;
        another card goes face down under the Fortress."""
        card = self._fortress_take(state, events)
        bonus = 0
        if card is not None:
            if is_stat(card):
                bonus = value(card)
                state.fortress_discard.append(card)
            else:
                state.fortress.append(card)
        self._emit(state, events, Boosted, boost=kind, target=target, card=card, value=bonus)
        return bonus

    def _step_resolve_exploration(self, state: ForteresseState, events: list[Event]) -> None:
        """2.4 (difficulty and Path Boost) and 2.5 (the comparison)."""
        assert state.site is not None and state.explorer is not None
        site = state.sites[state.site]
        path = suit_of(site.treasure)
        hero = _find(state.heroes, state.explorer)
        assert hero is not None
        points = power(hero.stats) + sum(value(c) for c in state.played)
        level = sum(value(c) for c in site.lieux) + self._boost(state, "path", path, events)
        state.step = "2.5"
        success = points >= level
        self._emit(state, events, Explored, path=path, points=points, level=level, success=success)
        state.discard += state.played
        state.played = []
        if success:
            site.explored = True
            state.step = "2.6"
        else:
            state.site = None
            state.step = "3.1"

    def _step_treasure(self, state: ForteresseState, events: list[Event]) -> None:
        """2.6: reveal the Door if needed, then the Door test (a Boss test on failure)."""
        assert state.site is not None
        site = state.sites[state.site]
        path = suit_of(site.treasure)
        state.site = None
        if site.door is None and state.doors:
            site.door = state.doors.pop(0)
            self._emit(state, events, DoorRevealed, path=path, door=site.door)
        door = site.door
        assert door is not None  # four Doors for four Treasures
        key = PLAYER + "A" + suit_of(door)
        if key in state.hand:
            state.hand.remove(key)
            state.out += [key, door]
            site.door = None
            site.pillaged = True
            self._emit(state, events, DoorTested, path=path, door=door, key=key, success=True)
            count = self.pillaged(state)
            self._emit(state, events, TreasurePillaged, path=path, treasure=site.treasure, count=count)
            if count >= TREASURES_TO_WIN:
                self._end(state, "won", "treasures", events)
                return
            state.step = "3.1"
            return
        self._emit(state, events, DoorTested, path=path, door=door, key=None, success=False)
        self._boss_test(state, events, resume="3.1")

    def _boss_test(self, state: ForteresseState, events: list[Event], resume: str) -> None:
        """Test d'Apparition: the highest Lieu of the Reserve onto an Enemy of the Reserve
        (of its suit if possible); the player chooses on a tie, even between two Enemies of
        one suit: the book lets the player name the Boss (house rule 21)."""
        lieux = [c for c in state.reserve if is_lieu(c)]
        figures = [c for c in state.reserve if is_figure(c)]
        if not lieux or not figures:
            self._emit(state, events, BossTested, success=False)
            state.step = resume
            return
        top = max(value(c) for c in lieux)
        pairs = [(lieu, enemy) for lieu in lieux if value(lieu) == top for enemy in figures]
        pairs = [(lieu, enemy) for lieu, enemy in pairs if suit_of(lieu) == suit_of(enemy)] or pairs
        if len(pairs) > 1 and not state.options.auto_ties:
            state.prompt = Prompt(kind="boss", pairs=pairs)
            state.resume = resume
            return
        self._make_boss(state, *pairs[0], events)
        state.step = resume

    def _make_boss(self, state: ForteresseState, lieu: str, enemy: str, events: list[Event]) -> None:
        state.reserve.remove(lieu)
        state.reserve.remove(enemy)
        state.enemies.append(Character(card=enemy, stats=[lieu]))
        self._emit(state, events, BossTested, success=True, enemy=enemy, lieu=lieu)

    # -- phase III: Combat ------------------------------------------------------
    def _step_bribe(self, state: ForteresseState) -> None:
        tens = any(rank_of(c) == "T" for c in state.hand)
        if tens and any(self._bribable(state, e) for e in state.enemies):
            state.prompt = Prompt(kind="bribe")
        else:
            state.step = "3.3"

    def _bribe(self, state: ForteresseState, card: str, count: int, events: list[Event]) -> None:
        """Corrompre: Tens out of the game, an Enemy Boost, and Treasure >= Power wins."""
        indexes = [i for i, c in enumerate(state.hand) if rank_of(c) == "T"][:count]
        tens = [state.hand[i] for i in indexes]
        self._take_from_hand(state, indexes)
        state.out += tens
        enemy = _find(state.enemies, card)
        assert enemy is not None
        state.bribed.append(card)
        total = power(enemy.stats) + self._boost(state, "enemy", card, events)
        success = 10 * len(tens) >= total
        self._emit(state, events, BribeTried, enemy=card, tens=tens, power=total, success=success)
        if success:
            state.enemies.remove(enemy)
            state.fortress_discard += [card, *enemy.stats]
        else:
            state.boosts[card] = total - power(enemy.stats)  # house rule 6

    def _step_fortress_combats(self, state: ForteresseState, events: list[Event]) -> None:
        """3.4: from the highest Power down; a tie is asked only when the order can matter."""
        while state.combat_queue:
            if state.prompt is not None:
                return
            first = _find(state.enemies, state.combat_queue[0])
            assert first is not None
            top = power(first.stats)
            group = []
            for card in state.combat_queue:
                enemy = _find(state.enemies, card)
                assert enemy is not None
                if power(enemy.stats) != top:
                    break
                group.append(card)
            drawing = [c for c in group if c in state.blocks and c not in state.boosts]
            if len(drawing) >= 2 and not state.options.auto_ties:
                state.prompt = Prompt(kind="fortress_order", options=group)
                return
            self._fortress_combat(state, group[0], events)
        if state.prompt is None:
            state.step = "3.5"

    def _fortress_combat(self, state: ForteresseState, card: str, events: list[Event]) -> None:
        enemy = _find(state.enemies, card)
        assert enemy is not None
        state.fighting = card
        defender = state.blocks.get(card)
        if defender is None:
            owed = max(value(s) for s in enemy.stats)  # house rule 7
            self._emit(state, events, UndefendedAttack, enemy=card, owed=owed)
            if len(state.hand) > owed:
                state.prompt = Prompt(kind="discard", focus=card, owed=owed)
                return
            from_deck = owed - len(state.hand)
            if state.hand:
                cards, state.hand = state.hand, []
                state.discard += cards
                self._emit(state, events, CardsDiscarded, source="hand", cards=cards)
            cards = state.deck[:from_deck]
            if cards:
                del state.deck[:from_deck]
                state.discard += cards
                self._emit(state, events, CardsDiscarded, source="deck", cards=cards)
            self._combat_done(state)
            return
        hero = _find(state.heroes, defender)
        assert hero is not None
        if card in state.boosts:
            bonus = state.boosts[card]
        else:
            bonus = self._boost(state, "enemy", card, events)
        attack = power(enemy.stats) + bonus
        defense = power(hero.stats)
        success = attack >= defense
        self._emit(
            state, events, FortressCombat, enemy=card, hero=defender, attack=attack, defense=defense, success=success
        )
        if success:
            self._hit(state, defender, events)
        if state.prompt is None:
            self._combat_done(state)

    def _combat_done(self, state: ForteresseState) -> None:
        """The 3.4 combat of ``state.fighting`` is over."""
        if state.fighting in state.combat_queue:
            state.combat_queue.remove(state.fighting)
        state.fighting = None

    def _hit(self, state: ForteresseState, card: str, events: list[Event]) -> None:
        """A successful attack: the character loses its highest Stat (the player picks on a tie)."""
        character = _find(state.heroes, card) or _find(state.enemies, card)
        assert character is not None
        tied = highest(character.stats)
        if len(tied) > 1:
            if not state.options.auto_ties:
                state.prompt = Prompt(kind="lose_stat", focus=card, options=tied)
                return
            hero = _find(state.heroes, card) is not None
            own = [s for s in tied if suit_of(s) == suit_of(card)]
            other = [s for s in tied if suit_of(s) != suit_of(card)]
            # house rule 24: a Hero keeps its own suit; an Enemy keeps the other one.
            tied = (other or own) if hero else (own or other)
        self._lose_stat(state, card, tied[0], events)

    def _lose_stat(self, state: ForteresseState, card: str, stat: str, events: list[Event]) -> None:
        """House rule 1: the Stat to its owner's discard; no Stat left, the character dies."""
        hero = _find(state.heroes, card)
        if hero is not None:
            hero.stats.remove(stat)
            state.discard.append(stat)
            self._emit(state, events, StatLost, side="hero", character=card, stat=stat)
            if not hero.stats:
                state.heroes.remove(hero)
                state.discard.append(card)
                self._emit(state, events, CharacterDied, side="hero", character=card, boss=False)
            return
        enemy = _find(state.enemies, card)
        assert enemy is not None
        was_boss = is_boss(enemy.stats)
        enemy.stats.remove(stat)
        state.fortress_discard.append(stat)
        self._emit(state, events, StatLost, side="enemy", character=card, stat=stat)
        if enemy.stats:
            return
        state.enemies.remove(enemy)
        state.fortress_discard.append(card)
        self._emit(state, events, CharacterDied, side="enemy", character=card, boss=was_boss)
        if was_boss:
            # « le joueur peut immédiatement chercher dans son paquet une Clé de son choix »
            if any(rank_of(c) == "A" for c in state.deck):
                state.prompt = Prompt(kind="key", focus=card)
            else:
                self._emit(state, events, KeySearched, taken=False)
                state.rng.shuffle(state.deck)

    def _player_combat(self, state: ForteresseState, card: str, boost: int | None, events: list[Event]) -> None:
        """3.7: the Heroes on ``card`` add their Power, plus an optional Hero Boost."""
        enemy = _find(state.enemies, card)
        assert enemy is not None
        heroes = [h for h, target in state.attacks.items() if target == card]
        attack = sum(power(h.stats) for h in state.heroes if h.card in heroes)
        if boost is not None:
            stat = state.hand[boost]
            self._take_from_hand(state, [boost])
            state.discard.append(stat)
            attack += value(stat)
            self._emit(state, events, Boosted, boost="hero", target=card, card=stat, value=value(stat))
        for hero in heroes:
            del state.attacks[hero]
        defense = power(enemy.stats)
        success = attack >= defense
        self._emit(
            state, events, PlayerCombat, enemy=card, heroes=heroes, attack=attack, defense=defense, success=success
        )
        if success:
            self._hit(state, card, events)

    # -- phase IV: Restauration --------------------------------------------------
    def _step_untap(self, state: ForteresseState, events: list[Event]) -> None:
        tapped = [h.card for h in state.heroes if h.tapped]
        for hero in state.heroes:
            hero.tapped = False
        if tapped:
            self._emit(state, events, HeroesUntapped, heroes=tapped)
        state.step = "4.2"

    def _step_end_turn(self, state: ForteresseState, events: list[Event]) -> None:
        """4.4, then the end of the turn."""
        if len(state.reserve) >= RESERVE_SIZE:
            cards, state.reserve = state.reserve, []
            state.fortress_discard += cards
            self._emit(state, events, ReserveFlushed, cards=cards)
        state.turn += 1
        self._emit(state, events, TurnEnded, turn=state.turn)
        state.explorer = None
        state.site = None
        state.played = []
        state.bribed = []
        state.boosts = {}
        state.blocks = {}
        state.attacks = {}
        state.combat_queue = []
        state.fighting = None
        state.step = "1.1"

    # =========================================================================
    # Helpers
    # =========================================================================
    def _take_from_hand(self, state: ForteresseState, indexes: list[int]) -> None:
        for i in sorted(indexes, reverse=True):
            del state.hand[i]

    def _emit(self, state: ForteresseState, events: list[Event], kind: type[ForteresseEvent], **fields) -> None:
        events.append(kind(step=state.step, **fields))

    def _end(self, state: ForteresseState, result: str, reason: str, events: list[Event]) -> None:
        state.result = result  # type: ignore[assignment]
        state.end_reason = reason  # type: ignore[assignment]
        state.prompt = None
        self._emit(state, events, GameEnded, result=result, reason=reason)


ENGINE = ForteresseEngine()
