"""Each seat's chances in an unfinished game of Fort Boyard, for the strong player's search.

A fluid forecast, not a play-out. A trial under way is counted at its odds (a key or a clue
won at the player's rate; a duel's stake moving at the duellists' odds for its kind). Then
every seat gains keys (round 1), then clues (round 2), at its expected rate per turn: the
track's mix of cells, its rates (its level's; the others are taken for normal computers),
duels moving keys between seats, a prison costing a turn. A diver first sits out the turns
the sea takes, then gets its prize. A round ends when the first seat would reach three keys,
then four clues. The keys to come are spread as a normal law, its variance growing with the
keys won and lost per turn. In the treasure room each seat proposes its word as often as it
has keys, right at its level's reading rate for the clues it holds (``bots.READING``), then
draws a handful per key left; the Boyards are compared as normal laws.

It is no exact value: the search only compares the states its moves lead to.
"""

import math
from functools import cache, lru_cache

from games.core import Level as Skill
from games.fortboyard import bots
from games.fortboyard.deck import CATEGORIES
from games.fortboyard.material import BAG, HANDFUL
from games.fortboyard.models import FortBoyardState, Rates, Stake
from games.fortboyard.track import CELLS, SEA_CELLS, TRACK, Kind, advance

KEYS_GOAL, CLUES_GOAL = 3, 4  # the engine's KEYS_FOR_ROUND_2 and CLUES_FOR_ROUND_3
SHARE = {kind: TRACK.count(kind) / CELLS for kind in set(TRACK)}  # a landing's kind, on average
PLAYED = 1 / (1 + SHARE["prison"])  # the turns a pawn plays: each prison costs the next one
# The duel deck's kinds: quick questions (attempted at the duel rate), nim (won by whoever
# plays it well), the sea battle and the signs (luck, at even play).
DUEL_KINDS = {"quickfire": 6 / 20, "nim": 5 / 20, "battleship": 5 / 20, "spsw": 4 / 20}
NIM_PLAY: dict[Skill, float] = {"easy": 0.0, "normal": 0.5, "strong": 1.0}  # how often it plays nim well
NIM_EDGE = 0.4  # how much playing nim well rather than at random is worth
LONGEST = 40.0  # turns: a round this slow is as good as endless


@cache
def sea_turns(distance: int) -> float:
    """How many rolls a diver needs, on average, to cover ``distance`` sea cells."""
    if distance <= 0:
        return 0.0
    return 1 + sum(sea_turns(distance - face) for face in range(1, 7)) / 6


@cache
def treasure() -> tuple[float, float]:
    """One handful's Boyards: mean and variance (the bag's tokens, a uniform handful size)."""
    mean = sum(BAG) / len(BAG)
    spread = sum((token - mean) ** 2 for token in BAG) / len(BAG)
    sizes = range(HANDFUL[0], HANDFUL[1] + 1)
    size = sum(sizes) / len(sizes)
    size_spread = sum((n - size) ** 2 for n in sizes) / len(sizes)
    return size * mean, size * spread + size_spread * mean * mean


def duel_odds(kind: str, a: tuple[float, float], b: tuple[float, float]) -> float:
    """How likely a duellist of (duel rate, nim play) ``a`` beats one of ``b`` in a duel of ``kind``."""
    if kind == "quickfire":  # both attempt; both right: either first; both wrong: played again
        either = a[0] + b[0] - a[0] * b[0]
        return (a[0] * (1 - b[0]) + a[0] * b[0] / 2) / either if either else 0.5
    if kind == "nim":
        return 0.5 + NIM_EDGE * (a[1] - b[1])
    return 0.5


class Forecaster:
    """The forecast for one table's rates and the seats' levels, its odds worked out once."""

    def __init__(self, rates: Rates, skills: list[Skill], unknown: frozenset[int] = frozenset()) -> None:
        """``unknown``: the seats whose code word's level is not known (either, as likely)."""
        self.skills, self.unknown = skills, unknown
        self.rates = [{c: rates.at(c, skill) / 100 for c in CATEGORIES} for skill in skills]
        duellists = [(r["duel"], NIM_PLAY[skill]) for r, skill in zip(self.rates, skills)]
        self.odds = {kind: [[duel_odds(kind, a, b) for b in duellists] for a in duellists] for kind in DUEL_KINDS}
        self.duel = [
            [sum(share * self.odds[kind][i][j] for kind, share in DUEL_KINDS.items()) for j in range(len(skills))]
            for i in range(len(skills))
        ]
        count = len(skills)
        self.duel_mean = [
            sum(row[j] for j in range(count) if j != i) / (count - 1) if count > 1 else 0.5
            for i, row in enumerate(self.duel)
        ]
        self.best = [max(r["concentration"], r["force"], r["enigme"]) for r in self.rates]
        self.firsts: dict[tuple[int, int, str, bool], float] = {}
        self.singles = [
            SHARE["concentration"] * r["concentration"] + SHARE["force"] * r["force"] + SHARE["passe"] * best
            for r, best in zip(self.rates, self.best)
        ]

    def __call__(self, state: FortBoyardState) -> list[float]:
        active = [i for i, p in enumerate(state.players) if not p.resigned]
        keys = {i: float(state.players[i].keys) for i in active}
        clues = {i: float(state.players[i].clues) for i in active}
        spread = dict.fromkeys(active, 0.0)  # the variance of each seat's keys to come
        if state.phase == "trial" and state.trial is not None:
            self._trial_odds(state, keys, clues, spread)
        if state.round < 3:
            self._project(state, active, keys, clues, spread)
        return self._chances(state, active, keys, clues, spread)

    # -- a trial under way ---------------------------------------------------------------
    def _trial_odds(
        self, state: FortBoyardState, keys: dict[int, float], clues: dict[int, float], spread: dict[int, float]
    ) -> None:
        progress = state.trial
        assert progress is not None
        on_keys = progress.stake == "key"
        prize = keys if on_keys else clues
        if len(progress.players) == 1:
            seat = progress.players[0]
            rate = self.rates[seat][progress.category]
            prize[seat] += rate
            spread[seat] += rate * (1 - rate) if on_keys else 0.0
            return
        a, b = progress.players
        if a not in keys or b not in keys:
            return
        won = self.odds.get(progress.trial.kind, self.odds["battleship"])[a][b]
        if on_keys:  # the winner takes one of the loser's keys, or one from the stock
            keys[a], keys[b] = (
                keys[a] + won - (1 - won) * min(1.0, keys[a]),
                keys[b] + (1 - won) - won * min(1.0, keys[b]),
            )
            spread[a] += won * (1 - won) * 4 if keys[a] >= 1 else won * (1 - won)
            spread[b] += won * (1 - won) * 4 if keys[b] >= 1 else won * (1 - won)
        else:
            clues[a], clues[b] = clues[a] + won, clues[b] + 1 - won

    # -- rounds 1 and 2 ------------------------------------------------------------------
    def _project(
        self,
        state: FortBoyardState,
        active: list[int],
        keys: dict[int, float],
        clues: dict[int, float],
        spread: dict[int, float],
    ) -> None:
        after = 1 if state.phase == "trial" else 0  # the seat whose trial it is has played its turn
        offset = {i: ((i - state.current - after) % state.seats) / state.seats for i in active}
        delay: dict[int, float] = {}
        prize: dict[int, Stake | None] = {}
        first: dict[int, int | None] = {}
        for i in active:
            player = state.players[i]
            delay[i], prize[i], first[i] = float(player.skip), None, player.cell
            if player.sea is not None:
                delay[i], prize[i], first[i] = sea_turns(SEA_CELLS - player.sea), player.dive_for or "key", None
            if after and i == state.current:
                first[i] = None
        if state.round == 1:
            self._race(active, offset, delay, prize, first, keys, clues, spread, "keys")
            delay, prize, first = dict.fromkeys(active, 0.0), dict.fromkeys(active), dict.fromkeys(active)
        for i in active:
            clues[i] = max(clues[i], 1.0)  # everyone's first clue comes as round 2 begins
        self._race(active, offset, delay, prize, first, keys, clues, spread, "clues")

    def _race(
        self,
        active: list[int],
        offset: dict[int, float],
        delay: dict[int, float],
        prize: dict[int, Stake | None],
        first: dict[int, int | None],
        keys: dict[int, float],
        clues: dict[int, float],
        spread: dict[int, float],
        goal: str,
    ) -> None:
        """Moves every seat on to when the first one would reach the round's goal."""
        on_keys = goal == "keys"
        target = KEYS_GOAL if on_keys else CLUES_GOAL
        progress = keys if on_keys else clues
        rivals = len(active) - 1
        for_key = {i: on_keys or keys[i] < bots.KEYS_WANTED for i in active}  # riddles and duels played for keys
        speed, drift, start, finish, churn = {}, {}, {}, {}, {}
        for i in active:
            rates, lose = self.rates[i], min(1.0, keys[i])
            duel = (
                self.duel_mean[i]
                if rivals == len(self.duel) - 1
                else (sum(self.duel[i][j] for j in active if j != i) / rivals if rivals else 0.5)
            )
            staked = SHARE["enigme"] * rates["enigme"] + SHARE["duel"] * duel
            key_duel = staked - SHARE["duel"] * (1 - duel) * lose
            towards, besides = self.singles[i], 0.0
            moves = staked + SHARE["duel"] * (1 - duel) * lose  # keys won or lost per turn: their variance
            if on_keys:
                towards += key_duel
            elif for_key[i]:
                besides += key_duel
            else:
                towards, moves = towards + staked, 0.0
            moves += self.singles[i] if on_keys else 0.0
            for j in active:  # the rivals' challenges: its keys (or a clue) won, or lost
                if j != i:
                    lost, share = self.duel[j][i], SHARE["duel"] / rivals
                    if on_keys or for_key[j]:
                        change = share * ((1 - lost) - lost * lose)
                        moves += share * ((1 - lost) + lost * lose)
                        towards, besides = (towards + change, besides) if on_keys else (towards, besides + change)
                    else:
                        towards += share * (1 - lost)
            speed[i], drift[i], churn[i] = towards * PLAYED, besides * PLAYED, moves * PLAYED
            cell = first[i]
            start[i] = self._first_turn(i, cell, goal, keys[i]) - speed[i] if cell is not None and not delay[i] else 0.0
            sunk = 1.0 if prize[i] == ("key" if on_keys else "clue") else 0.0
            left = target - progress[i] - sunk - start[i]
            turns = 0.0 if left <= 0 else left / speed[i] if speed[i] > 0 else LONGEST
            finish[i] = offset[i] + delay[i] + turns
        end = min(min(finish.values()), LONGEST)
        for i in active:
            turns = max(0.0, end - offset[i])
            played = max(0.0, turns - delay[i])
            surfaced = min(1.0, max(0.0, turns - delay[i] + 1)) if prize[i] else 0.0
            won = speed[i] * played + start[i] * min(1.0, played)
            spread[i] += churn[i] * played
            if on_keys:
                keys[i] = max(0.0, keys[i] + won + surfaced)
            else:
                sunk_clue = prize[i] == "clue"
                clues[i] = min(float(CLUES_GOAL), clues[i] + won + surfaced * sunk_clue)
                keys[i] = max(0.0, keys[i] + drift[i] * played + surfaced * (not sunk_clue))
        if not on_keys and end < LONGEST:
            clues[min(finish, key=finish.__getitem__)] = float(CLUES_GOAL)

    def _first_turn(self, seat: int, cell: int, goal: str, keys: float) -> float:
        """What the next roll from ``cell`` brings towards ``goal``."""
        key = (seat, cell, goal, keys >= bots.KEYS_WANTED)
        if key not in self.firsts:
            self.firsts[key] = sum(self.landing(seat, TRACK[advance(cell, f)], goal, keys) for f in range(1, 7)) / 6
        return self.firsts[key]

    def landing(self, seat: int, kind: Kind, goal: str, keys: float) -> float:
        """What landing on a cell of ``kind`` brings towards ``goal``, on average."""
        rates = self.rates[seat]
        if kind in ("concentration", "force"):
            return rates[kind]
        if kind == "passe":
            return self.best[seat]
        if kind in ("enigme", "duel"):
            staked = goal == "keys" or keys >= bots.KEYS_WANTED
            return (rates["enigme"] if kind == "enigme" else self.duel_mean[seat]) if staked else 0.0
        if kind == "prison":
            return -self.singles[seat]  # about a turn lost
        return 0.0

    # -- round 3 -------------------------------------------------------------------------
    def _reading(self, seat: int, clues: float, level: str | None) -> float:
        """One proposal's chance with ``clues`` clues (between two counts: in between)."""
        if clues < 1:
            return 0.0
        table = bots.READING[self.skills[seat]]
        low = min(4, int(clues))
        high = min(4, low + 1)
        rate = table[low] + (table[high] - table[low]) * (clues - low)
        shift = bots.HARD_WORD / 2 if seat in self.unknown else bots.HARD_WORD if level == "hard" else 0
        return max(0.0, rate - shift) / 100

    def _chances(
        self,
        state: FortBoyardState,
        active: list[int],
        keys: dict[int, float],
        clues: dict[int, float],
        spread: dict[int, float],
    ) -> list[float]:
        mean, var = treasure()
        odds = {}  # each seat: found, Boyards expected if found, their variance
        for i in active:
            player = state.players[i]
            if player.found is False:
                odds[i] = (0.0, 0.0, 0.0)
            elif player.found:
                left = player.keys - len(player.handfuls)
                odds[i] = (1.0, sum(map(sum, player.handfuls)) + left * mean, left * var)
            else:
                chance = self._reading(i, clues[i], player.level)
                found = first = second = 0.0
                for count, weight in _counts(keys[i], spread[i]):
                    f, h = _proposals(chance, count)
                    found += weight * f
                    first += weight * f * h
                    second += weight * f * (h * var + h * h * mean * mean)
                boyards = first * mean / found if found else 0.0
                odds[i] = (found, boyards, second / found - boyards * boyards if found else 0.0)
        nobody = math.prod(1 - found for found, _, _ in odds.values())
        result = [0.0] * state.seats
        for i, (found, boyards, variance) in odds.items():
            chance = found
            for j, (other, theirs, their_variance) in odds.items():
                if j != i and other:
                    chance *= 1 - other + other * _ahead(boyards - theirs, variance + their_variance)
            result[i] = chance + nobody / len(odds)
        total = sum(result)
        return (
            [r / total for r in result] if total else [1 / len(odds) if i in odds else 0.0 for i in range(state.seats)]
        )


def _counts(mean: float, variance: float) -> list[tuple[int, float]]:
    """Whole key counts and their weights, for a count of this mean and variance (a normal
    law cut into unit steps; a fractional count without variance falls between two)."""
    if variance < 0.05:
        low = int(mean)
        return [(low, 1 - (mean - low)), (low + 1, mean - low)]
    sd = math.sqrt(variance)
    top = int(mean + 3 * sd) + 1
    edges = [_ahead(mean - k - 0.5, variance) for k in range(top + 1)]  # P(count > k + 0.5)
    weights = [(0, 1 - edges[0])]
    weights += [(k, edges[k - 1] - edges[k]) for k in range(1, top + 1)]
    weights[-1] = (top, edges[top - 1])
    return weights


@lru_cache(maxsize=4096)
def _proposals(chance: float, keys: int) -> tuple[float, float]:
    """With ``keys`` keys: how likely the word is found, and the handfuls expected if it is."""
    found = handfuls = 0.0
    miss = 1.0
    for tries in range(1, keys + 1):  # a wrong word costs a key
        hit = miss * chance
        found += hit
        handfuls += hit * (keys - tries + 1)
        miss *= 1 - chance
    return found, handfuls / found if found else 0.0


def _ahead(difference: float, variance: float) -> float:
    """The chance a normal law of mean ``difference`` and this variance is above zero."""
    if variance <= 0:
        return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    return 0.5 * (1 + math.erf(difference / math.sqrt(2 * variance)))


def forecast(state: FortBoyardState, skills: list[Skill]) -> list[float]:
    """Each seat's chances of winning, summing to 1 over the seats still playing."""
    return Forecaster(state.options.computer, skills)(state)
