"""Per-game knowledge of the engine contract suite (``test_contract.py``), and nowhere else:

- ``EXTRA_OPTIONS``: option dicts worth covering besides the defaults;
- ``EXTRA_GARBAGE``: tokens that look like the game's own but are malformed;
- ``STEP_LIMITS``: the most actions a play-out may take before it counts as
  not terminating;
- ``SECRET_PROBES``: how to find the hidden information of a state and check
  that a view (and the events it sees) does not contain it;
- ``PERTURBATIONS``: how to change what a seat cannot see into another state the
  game could reach, for the view-invariance checks, and ``PERTURBED_PARTS``, what
  each must have changed at least once;
- ``KNOWN_BUGS``: (test, engine) pairs marked ``xfail(strict=True)`` until the
  engine is fixed;
- ``FREE_TEXT``: actions that carry free text (typed answers), left out of the
  "legal elsewhere" pool.

A game without a probe or a perturbation fails the tests that need one, with a
message saying what to add here.
"""

import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from games.core import Action, Engine, Event, GameState, Rng

# =============================================================================
# Per-engine hooks
# =============================================================================

EXTRA_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "fortissimo": [{"variant": "advanced"}, {"variant": "advanced", "crow_cap": True}],
    "forteresse": [{"auto_ties": True}],
    "labyrinthe": [{"open_boxes": True, "first_player": "lobby"}],
    "fireship": [{"rounds": 6}],
    "fortboyard": [{"language": "en", "side": "blue", "clock": 20}],
}

GENERIC_GARBAGE = ["", " ", "\n", "\x00", "?", "~~", "🙂", "é", "null", "{}", "[]", "-1", "x" * 300]

EXTRA_GARBAGE: dict[str, list[str]] = {
    "fortissimo": [
        "f",
        "fA0",
        "fA10",
        "fF1",
        "fa1",
        "fAA",
        "f11",
        "fA1 ",
        " fA1",
        "FA1",
        "tA0",
        "tZ9",
        "tA",
        "t1",
        "mA0",
        "mE0",
        "m9",
        "r1",
        "rr",
        "R",
        "rA1",
        "c",
        "c1",
        "c1-",
        "c-1",
        "c-1-5",
        "cx-1",
        "c1-x",
        "c 1-2",
        "c1 -2",
        "c1-2-3",
    ],
    "forteresse": [
        "mul",
        "mulll",
        "KEEP",
        "pas",
        "passs",
        "rc",
        "rc1",
        "rc1.",
        "rc.1",
        "rc01.2",
        "rc1.02",
        "rc100.1",
        "at1",
        "at1.",
        "at1.KH",
        "at1.pKX",
        "at1.p1H",
        "at1.xKH",
        "ex.pKH",
        "ex.pKH.",
        "ex.pKH.X",
        "ex.pKH.h",
        "expKH.H",
        "pl",
        "pl-1",
        "pl1.5",
        "br.fQS",
        "br.fQS.0",
        "br.fQS.5",
        "br.fQS.",
        "bl.pKH",
        "bl.pKH.",
        "bl.pKH.fQ",
        "ak.pKH",
        "ak..fQS",
        "fi",
        "fi.",
        "fi.fQS.",
        "fi.fQS.x",
        "fi.fQS.1.2",
        "ds",
        "ds-1",
        "dsx",
        "pk",
        "pk.",
        "pk.AH",
        "pk.pAH.",
        "pk.p10H",
        "bs.f9H",
        "bs.f9H.",
        "bs..fKH",
        "pk.pah",
        "pk.PAH",
        "ds1 ",
        " ds1",
        "ds٣",
    ],
    "fireship": [
        "R",
        "rr",
        "p",
        "p-1",
        "p01",
        "pA1",
        "t",
        "tA0",
        "tT1",
        "tA20",
        "ta1",
        "u1",
        "e1",
        "a",
        "a1",
        "a1-",
        "a-1",
        "ai0-1",
        "a1-i10",
        "a1-2-q",
        "a1-2p",
        "s",
        "sx",
        "l",
        "k",
        "kA0",
        "cnon-",
        "cboum-A0",
        "c",
        "cfoo",
        "bnon2",
        "ok1",
        "OK",
        "x1",
        "cnon ",
        "a١-2",
    ],
    "labyrinthe": [
        "c",
        "c0",
        "c4",
        "c-1",
        "i",
        "i+",
        "icc",
        "iccww",
        "o",
        "o-",
        "ICW",
        "ocw ",
        "t1",
        "ss",
        "n1",
        "d",
        "d4",
        "d-1",
        "d01",
        "b",
        "b2",
        "bD",
        "Rock",
        "rock ",
        "pierre",
        "m",
        "mA0",
        "mA5",
        "mB13",
        "mG1",
        "mc7",
        "mC07",
        "m C7",
        "p",
        "pA0",
        "pF13",
        "pC٣",
        "mB1.",
    ],
    "fortboyard": [
        "g",
        "g24",
        "g99",
        "g-1",
        "g01",
        "g 1",
        "G1",
        "g1 ",
        "g٣",
        "vs",
        "vs6",
        "vs9",
        "vs-1",
        "vs01",
        "VS1",
        "a",
        "a.%%",
        "a.YQ=",
        "a.Y",
        "a. ",
        "A.YQ",
        "stake-x",
        "stake-",
        "stake-Key",
        "level-x",
        "level-",
        "level-medium",
        "Roll",
        "R",
        "rr",
        "rock",
        "Stone",
        "pierre",
        "puits",
        "STAY",
        "Ready",
        "late ",
        "try1",
        "dive!",
        "drop ",
        "retry1",
        "stop.",
        "grab2",
    ],
}

STEP_LIMITS: dict[str, int] = {
    "fortissimo": 3000,
    "forteresse": 3000,
    "labyrinthe": 30_000,
    "fireship": 20_000,
    "fortboyard": 10_000,
}
DEFAULT_STEP_LIMIT = 10_000

Probe = Callable[[Engine, GameState, "int | None", BaseModel, list[Event]], list[str]]


def _fortissimo_hidden(state: Any) -> dict[int, int]:
    """Slot -> value of each face-down card nobody has seen (none once the grid is open)."""
    if state.open_grid or state.phase == "over":
        return {}
    return {
        slot: card for slot, card in enumerate(state.grid) if card and slot != state.flipped and slot not in state.seen
    }


def _fortissimo_probe(engine: Engine, state: Any, seat: int | None, view: Any, events: list[Event]) -> list[str]:
    """Face-down, never-shown card values must not reach ``slots``, ``seen`` or an event."""
    hidden = _fortissimo_hidden(state)
    values = set(hidden.values())
    problems = []
    for slot, shown in enumerate(view.slots):
        if slot in hidden and shown is not None:
            problems.append(f"slot {slot} is face down and unseen but shows {shown}")
        elif shown in values:
            problems.append(f"slot {slot} shows hidden value {shown}")
    for slot, card in view.seen.items():
        if slot in hidden or card in values:
            problems.append(f"seen[{slot}]={card} is a face-down card nobody saw")
    for event in events:
        card = getattr(event, "card", None)
        if card in values:
            problems.append(f"event {event!r} carries hidden value {card}")
    return problems


def _forteresse_probe(engine: Engine, state: Any, seat: int | None, view: Any, events: list[Event]) -> list[str]:
    """The hand is the player's alone; nobody sees the order (or the public the content)
    of the deck, nor the Fortress's order, nor the face-down Doors.

    Card codes are unique in the game (``pKH`` is the player's King of Hearts,
    ``fKH`` the Fortress's), so a hidden card is looked for by its quoted code
    in the view and in the events the seat sees (cards put back under the
    Fortress were shown to all, so events may name Fortress cards).
    """
    problems = []
    text = view.model_dump_json()
    hidden_in_view = set(state.deck) | set(state.doors) | set(state.fortress)
    hidden_in_events = set(state.deck) | set(state.doors)
    if seat is None:
        hidden_in_view |= set(state.hand)
        hidden_in_events |= set(state.hand)
    for card in sorted(hidden_in_view):
        if f'"{card}"' in text:
            problems.append(f"the view shows hidden card {card}")
    for event in events:
        dumped = event.model_dump_json()
        for card in sorted(hidden_in_events):
            if f'"{card}"' in dumped:
                problems.append(f"event {event.kind} names hidden card {card}")
    return problems


def _labyrinthe_probe(engine: Engine, state: Any, seat: int | None, view: Any, events: list[Event]) -> list[str]:
    """Hidden: the bag's order; the other seats' boxes while boxes are closed and the
    game runs; the other duellist's choice until both have chosen.

    The view must not name a treasure held in another seat's closed box beyond the
    public ``collected`` list, nor a choice but the viewer's own; the events a seat
    sees must not name another seat's choice before the reveal.
    """
    problems = []
    closed = not state.options.open_boxes and state.phase != "over"
    if closed and view.boxes is not None:
        problems.append("closed boxes are shown")
    if view.box is not None and seat is not None and sorted(view.box) != sorted(state.boxes[seat]):
        problems.append("the seat's own box is wrong")
    if seat is None and view.box is not None:
        problems.append("the public view shows a box")
    duel = state.duel
    mine = view.duel.my_choice if view.duel is not None else None
    if mine is not None and (seat is None or duel is None or duel.choices.get(seat) != mine):
        problems.append("the view shows a choice that is not the viewer's own")
    for event in events:
        if event.kind == "chose" and "sign" in event.model_dump():
            problems.append("a 'chose' event names the choice")
        if event.kind == "handed_treasures" and closed and seat not in (event.loser, event.winner):
            problems.append("a bystander sees which treasures changed hands")
    return problems


def _fireship_probe(engine: Engine, state: Any, seat: int | None, view: Any, events: list[Event]) -> list[str]:
    """Hidden: the other seats' kept cards, the deck's order, and a reaction window from
    everyone but the seat it asks (who is asked, who is still to be asked).

    The view shows the viewer's own hand and nobody else's, "react" and ``asked`` only
    to the seat asked; events name a kept card to its holder only.
    """
    problems = []
    pending = state.pending
    asked = pending is not None and state.phase == "react" and pending.asking == seat and seat is not None
    if seat is None and view.hand is not None:
        problems.append("the public view shows a hand")
    if seat is not None and view.hand != sorted(state.hands[seat]):
        problems.append("the seat's own hand is wrong")
    if (view.phase == "react" or view.asked) and not asked:
        problems.append("a reaction window shows to a seat it does not ask")
    for event in events:
        if event.kind == "drew" and event.card in ("non", "boum", "plus_one", "updraft", "fog", "whirlpool"):
            problems.append(f"a kept card ({event.card}) is named in public")
        if event.kind == "kept_card" and event.audience != frozenset({event.seat}):
            problems.append("a kept card is told to others")
    return problems


def _whole_word(secret: str, folded: str) -> bool:
    """``secret`` (4 characters or more) stands as a whole word in ``folded`` (a casefolded text)."""
    secret = secret.casefold()
    if len(secret) < 4 or secret not in folded:  # the quick test first
        return False
    return re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", folded) is not None


def _strings(data: Any) -> str:
    """Every string value of dumped data, keys left out (a field named "lights" is no leak)."""
    if isinstance(data, dict):
        return " ".join(_strings(value) for value in data.values())
    if isinstance(data, list):
        return " ".join(_strings(value) for value in data)
    return data if isinstance(data, str) else ""


def _fortboyard_probe(engine: Engine, state: Any, seat: int | None, view: Any, events: list[Event]) -> list[str]:
    """Hidden: the other seats' code words (at their level, or both levels before it is
    chosen) until the game is over, their clues always, their levels, the decks' order;
    while a trial runs, its answer (and a sequence's items once it is hidden), and the
    other duellist's sign.

    The code words and clues are searched as whole words (4 characters or more,
    whatever the case) in the view and in the events the seat sees, once the card
    texts shown on purpose (the trial's text and items, the viewer's own clues, a
    finished trial's answer) are left out: a riddle may well say "miroir".
    """
    from games.fortboyard import trials as fb_trials
    from games.fortboyard.deck import deck as fb_deck

    problems = []
    over = state.phase == "over"
    box = fb_deck(state.options.language)
    mine = state.players[seat] if seat is not None else None
    own = box.word_card(mine.word).level(mine.level).clues[: mine.clues] if mine and mine.word and mine.level else []
    if view.clues != own or (mine is None and view.level is not None):
        problems.append(f"the view lists clues {view.clues}, not the viewer's own {own}")
    shown_view = view.model_copy(update={"clues": [], "trial": None})
    texts = [("the view", _strings(shown_view.model_dump(mode="json")).casefold())]
    if view.trial is not None:
        trial_view = view.trial.model_copy(update={"text": None, "items": None})
        texts.append(("the trial view", _strings(trial_view.model_dump(mode="json")).casefold()))
    for event in events:
        if event.kind == "clue" and event.seat != seat:
            problems.append(f"seat {seat} sees seat {event.seat}'s clue event")
        if event.kind == "clue" and event.seat == seat:
            continue
        if event.kind == "words_revealed" and over:
            continue
        texts.append((f"event {event.kind}", _strings(event.model_dump(mode="json", exclude={"answer"})).casefold()))
    for other, player in enumerate(state.players):
        if other == seat or player.word is None:
            continue
        card = box.word_card(player.word)
        for level in [player.level] if player.level else ["easy", "hard"]:
            word = card.level(level)
            secrets = list(word.clues) + ([] if over else [word.word, *word.variants])
            for secret in secrets:
                for where, text in texts:
                    if _whole_word(secret, text):
                        problems.append(f"{where} holds seat {other}'s secret {secret!r}")
    progress = state.trial
    if progress is not None and state.phase == "trial":
        answer = fb_trials.expected(progress)
        whole = _strings(view.model_dump(mode="json")).casefold()
        hidden = list(progress.trial.items) if progress.trial.kind == "sequence" and progress.stage == "play" else []
        if progress.trial.kind != "sequence" or progress.stage == "play":
            hidden.append(answer or "")
        for secret in hidden:
            if _whole_word(secret, whole):
                problems.append(f"the view holds the running trial's answer {secret!r}")
    return problems


SECRET_PROBES: dict[str, Probe] = {
    "fireship": _fireship_probe,
    "fortboyard": _fortboyard_probe,
    "fortissimo": _fortissimo_probe,
    "forteresse": _forteresse_probe,
    "labyrinthe": _labyrinthe_probe,
}


# =============================================================================
# View invariance: what a seat cannot see, changed into another consistent state
# =============================================================================
# A perturbation ``(state, seat, rng) -> (twin, parts)`` changes only what ``seat``
# (None: the public) cannot see, keeping the state one the game could reach (same
# cards, same counts), and names the ``parts`` it changed. The generic test then asks
# for ``view(twin, seat) == view(state, seat)``, and for the same legal actions when the
# seat is to act: the buttons a seat gets must not tell it more than its view. The
# generator (future dice and shuffles) is changed for every game by the test itself.

Perturbation = Callable[[GameState, "int | None", Rng], tuple[GameState, list[str]]]
T = TypeVar("T")


def reordered(rng: Rng, items: list[T]) -> list[T]:
    """``items`` in another order, unless they are all alike."""
    out = list(items)
    rng.shuffle(out)
    if out == items and len(items) > 1:
        out = out[1:] + out[:1]  # differs from ``items`` unless every item is the same
    return out


def redealt(rng: Rng, hands: list[list[T]], extra: list[T] = ()) -> tuple[list[list[T]], list[T]]:  # type: ignore[assignment]
    """The cards of ``hands`` and ``extra`` dealt anew: same hand sizes, the rest as the new extra."""
    pool = reordered(rng, [card for hand in hands for card in hand] + list(extra))
    dealt, start = [], 0
    for hand in hands:
        dealt.append(pool[start : start + len(hand)])
        start += len(hand)
    return dealt, pool[start:]


class Twin:
    """A state's perturbed copy, built field by field; ``parts`` names what really changed."""

    def __init__(self, state: Any) -> None:
        self.state, self.update, self.parts = state, {}, []

    def get(self, field: str) -> Any:
        return self.update.get(field, getattr(self.state, field))

    def set(self, part: str, field: str, value: Any) -> None:
        if value != self.get(field):
            self.update[field] = value
            if part not in self.parts:
                self.parts.append(part)

    def build(self) -> tuple[Any, list[str]]:
        return self.state.model_copy(update=self.update), self.parts


def _fortissimo_perturb(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """The face-down cards change places. A seat saw every card flipped so far and may
    remember where it went back (``seen``); the public view keeps no such memory, so for
    the public the cards once shown move too."""
    twin = Twin(state)
    if state.open_grid or state.phase == "over":
        return twin.build()
    slots = [
        slot
        for slot, card in enumerate(state.grid)
        if card and slot != state.flipped and (seat is None or slot not in state.seen)
    ]
    grid = list(state.grid)
    for slot, card in zip(slots, reordered(rng, [grid[slot] for slot in slots])):
        grid[slot] = card
    twin.set("grid", "grid", grid)
    twin.set("grid", "seen", {slot: grid[slot] for slot in state.seen})
    return twin.build()


def _forteresse_perturb(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """The deck, the Fortress and the Doors pile in another order; for the public, the
    hand dealt anew from the hand and the deck."""
    twin = Twin(state)
    if seat is None:
        (hand,), deck = redealt(rng, [state.hand], state.deck)
        twin.set("hand", "hand", hand)
        twin.set("hand", "deck", deck)
    for pile in ("deck", "fortress", "doors"):
        twin.set(pile, pile, reordered(rng, twin.get(pile)))
    return twin.build()


def _labyrinthe_perturb(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """The bag in another order; while boxes are closed, the other seats' treasures dealt
    anew between them (counts kept); the other duellist's sign, while only it is in."""
    from games.labyrinthe.models import SIGNS

    twin = Twin(state)
    twin.set("bag", "bag", reordered(rng, state.bag))
    if not state.options.open_boxes and state.phase != "over":
        others = [s for s in range(state.seats) if s != seat]
        boxes = [list(box) for box in state.boxes]
        dealt, _ = redealt(rng, [boxes[s] for s in others])
        for other, box in zip(others, dealt):
            boxes[other] = box
        twin.set("boxes", "boxes", boxes)
    duel = state.duel
    if duel is not None and len(duel.choices) == 1:
        ((chooser, sign),) = duel.choices.items()
        if chooser != seat:
            other = rng.choice([s for s in SIGNS if s != sign])
            twin.set("sign", "duel", duel.model_copy(update={"choices": {chooser: other}}))
    return twin.build()


def _fireship_perturb(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """The other seats' kept cards dealt anew with the deck's keepable cards (hand sizes
    kept, a card that acts at once never lands in a hand), the deck in another order.

    A secret reaction window, for a seat it does not ask: where the engine keeps the
    table as it was before the action that opened it (``shown``), that table perturbed
    in turn and no window at all, if the seat's own hand is the same there; else the
    window moved as below, its ``shown`` table perturbed too."""
    pending = state.pending
    asked = pending.asking if pending is not None and state.phase == "react" else None
    shown = getattr(state, "shown", None)
    if shown is None or asked == seat:
        return _fireship_table(state, seat, rng)
    before, parts = _fireship_table(shown, seat, rng)
    if seat is None or before.hands[seat] == state.hands[seat]:
        return before, ["window", *parts]
    twin, more = _fireship_table(state, seat, rng)
    return twin.model_copy(update={"shown": before}), list(dict.fromkeys(more + parts))


def _fireship_table(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """Kept cards and deck as above; in a reaction window that does not ask ``seat``,
    another seat of the action asked instead (with the hand that allows it). Seats an
    action in settlement involves keep their hands: who holds an answer decides who is
    asked."""
    from games.fireship.cards import KEEPABLE

    pending = state.pending
    asked = pending.asking if pending is not None and state.phase == "react" else None
    twin = Twin(state)
    involved = set() if pending is None else {pending.actor, *pending.victims}
    others = [s for s in range(state.seats) if s != seat and s not in involved]
    hands = [list(hand) for hand in state.hands]
    deck = reordered(rng, state.deck)
    keepable = [i for i, card in enumerate(deck) if card in KEEPABLE]
    dealt, rest = redealt(rng, [hands[s] for s in others], [deck[i] for i in keepable])
    for other, hand in zip(others, dealt):
        hands[other] = hand
    for i, card in zip(keepable, rest):
        deck[i] = card
    twin.set("hands", "hands", hands)
    twin.set("deck", "deck", deck)
    if asked is not None and asked != seat:
        instead = [s for s in sorted(involved) if s not in (seat, asked) and not state.out[s]]
        if instead:
            other = rng.choice(instead)
            hands = [list(hand) for hand in twin.get("hands")]
            hands[asked], hands[other] = hands[other], hands[asked]
            twin.set("window", "hands", hands)
            queue = [s for s in pending.queue if s != other]
            twin.set("window", "pending", pending.model_copy(update={"asking": other, "queue": queue}))
    return twin.build()


def _fortboyard_perturb(state: Any, seat: int | None, rng: Rng) -> tuple[Any, list[str]]:
    """Until the end, the other seats' code-word cards dealt anew from the cards the viewer
    does not hold, and their chosen levels swapped; the trial decks in another order; in a
    running trial, its hidden answer (a riddle's or a question's answer, a sequence being
    retyped, the intruder), the red light's wait, and the other duellists' signs, boats
    and shots."""
    from games.fortboyard.deck import deck as fb_deck
    from games.fortboyard.models import SIGNS
    from games.fortboyard.trials import RED_LIGHT

    twin = Twin(state)
    players = [player.model_copy() for player in state.players]
    if state.phase != "over":
        others = [i for i, player in enumerate(players) if i != seat and player.word is not None]
        mine = players[seat].word if seat is not None else None
        free = reordered(rng, [card.id for card in fb_deck(state.options.language).words if card.id != mine])
        for other, word in zip(others, free):
            players[other] = players[other].model_copy(update={"word": word})
        twin.set("words", "players", list(players))
        for other in others:
            if players[other].level is not None:
                flipped = "hard" if players[other].level == "easy" else "easy"
                players[other] = players[other].model_copy(update={"level": flipped})
        twin.set("levels", "players", players)
    twin.set("decks", "decks", {category: reordered(rng, cards) for category, cards in state.decks.items()})
    progress = state.trial
    if progress is None or state.phase != "trial":
        return twin.build()
    trial, update = progress.trial, {}
    if trial.kind in ("riddle", "quickfire"):
        update["trial"] = trial.model_copy(update={"answer": "zzzz " + trial.answer, "variants": []})
    elif trial.kind == "sequence" and progress.stage == "play":
        items = reordered(rng, list(trial.items))
        update["trial"] = trial.model_copy(update={"items": items if items != trial.items else ["zzzz", *items[1:]]})
    elif trial.kind == "intruder":
        update["trial"] = trial.model_copy(
            update={"intruder": rng.choice([i for i in trial.items if i != trial.intruder])}
        )
    if progress.stage == "wait":
        update["wait"] = rng.choice([w for w in range(RED_LIGHT[0], RED_LIGHT[1] + 1) if w != progress.wait])
    hidden = [s for s in progress.players if s != seat]
    update["choices"] = {
        s: rng.choice([x for x in SIGNS if x != sign]) if s in hidden else sign for s, sign in progress.choices.items()
    }
    cells = range(trial.size**2) if trial.kind == "battleship" else range(0)

    def moved(shots: dict[int, int], missed_by: Callable[[int], list[int]]) -> dict[int, int]:
        """Each hidden seat's cell moved to another it may hold: ``missed_by(s)`` are the cells it may not."""
        out = dict(shots)
        for s, cell in shots.items():
            free = [c for c in cells if c != cell and c not in missed_by(s)]
            if s in hidden and free:
                out[s] = rng.choice(free)
        return out

    other = dict(zip(progress.players, reversed(progress.players)))
    update["boats"] = moved(progress.boats, lambda s: progress.misses.get(other[s], []))  # never on a cell shot in vain
    update["aims"] = moved(progress.aims, lambda s: progress.misses.get(s, []))  # never a cell already missed
    parts = {"trial": "answer", "wait": "wait", "choices": "sign", "boats": "boat", "aims": "aim"}
    for field, value in update.items():
        current = twin.get("trial")
        if value != getattr(current, field):
            twin.set(parts[field], "trial", current.model_copy(update={field: value}))
    return twin.build()


PERTURBATIONS: dict[str, Perturbation] = {
    "fireship": _fireship_perturb,
    "fortboyard": _fortboyard_perturb,
    "fortissimo": _fortissimo_perturb,
    "forteresse": _forteresse_perturb,
    "labyrinthe": _labyrinthe_perturb,
}

# What each game's perturbation must have changed at least once over the play-outs the
# contract suite checks, so that none of its parts goes untested by accident.
PERTURBED_PARTS: dict[str, set[str]] = {
    "fireship": {"hands", "deck", "window"},
    "fortboyard": {"words", "levels", "decks", "answer", "wait", "sign", "boat", "aim"},
    "fortissimo": {"grid"},
    "forteresse": {"hand", "deck", "fortress", "doors"},
    "labyrinthe": {"bag", "boxes", "sign"},
}


KNOWN_BUGS: dict[tuple[str, str], str] = {}

# Actions carrying free text (a typed answer): where typing is open, any text is a legal
# answer, so such an action is never "legal elsewhere but not here"; each game's own
# tests check that typing is refused where it is not open.
FREE_TEXT: dict[str, Callable[[Action], bool]] = {
    "fortboyard": lambda action: action.token().startswith("a."),
}
