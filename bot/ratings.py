"""Ratings: a skill per player, per game, per server, from OpenSkill's Plackett-Luce model.

Every finished game with at least two seats and a person at it updates the skill of its
people: a ranking of the seats (tied seats share a place; a seat that resigned comes last,
below everyone who played on) is handed to the library as it is. Abandoned and cancelled
games have no result to rate, and a solitaire has one seat: neither is rated.

Computer players take part with a fixed skill per level, which a game never changes. The
levels' gaps come from ``bench/strength.py`` (README, "How strong"): in two-player round
robins, Strong beat Normal and Normal beat Easy 87% of the time, averaged over the four
multiplayer games (Strong vs Normal 89.5, 90.0, 88.5, 79.8%; Normal vs Easy 84.0, 82.5, 94.5,
86.8%). ``LEVEL_GAP`` is the gap at which the library's own ``predict_win`` says 87% (test:
tests/bot/test_ratings.py). Normal sits at the library's starting skill: a newcomer is taken
to play about as well as a sensible computer. ``COMPUTER_SIGMA``, the computers' uncertainty,
is about the spread of that measured gap across the four games.

Ratings are derived data: the storage updates them as each result is saved, and
``python -m bot.storage.recompute`` (or ``recompute_ratings``) builds them again from the
stored results, in the order the games ended, to the same numbers.

A newcomer starts at Normal's skill with an uncertainty of ``NEWCOMER_SIGMA`` (3), not the
library's 25/3: three times it (the ordinal's ``Z``) spans 9 either side, just past Easy and
Strong (7.5 away), so a newcomer is taken to play somewhere within the computers' range. The
library's wide default says a newcomer may be anywhere from 0 to 50, and a first game then
moves the shown rating by up to 300 points (a first loss to Easy read −152); with 3, a first
game at any table moves it by less than 100 (tests/bot/test_ratings.py tries every table
against computers, up to six seats).

Players see a conservative rating: the library's ``ordinal`` (skill minus three times its
uncertainty), on a scale of ``SCALE`` points per unit, counted from a newcomer's, who shows
``START`` (1000), rounded. It climbs as the games make the bot surer of a player; between settled
players, a gap reads about like a chess Elo gap (about 330 points: the stronger wins 87% of
two-player games). A rating from fewer than ``PROVISIONAL_GAMES`` games is marked provisional.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.core import Level

MODEL = PlackettLuce()  # the library's defaults: skill 25, uncertainty 25/3
LEVEL_GAP = 7.5  # predict_win(strong, normal) = predict_win(normal, easy) = 87%, as measured
COMPUTER_SIGMA = 2.0
COMPUTER_MU: dict[Level, float] = {
    "easy": MODEL.mu - LEVEL_GAP,
    "normal": MODEL.mu,
    "strong": MODEL.mu + LEVEL_GAP,
}
Z = 3.0  # the ordinal's standard deviations: the conservative rating is mu - Z * sigma
NEWCOMER_SIGMA = 3.0  # a newcomer's uncertainty (above): 3 × 3 = 9, just past Easy and Strong
SCALE, START = 50.0, 1000.0  # shown = START + SCALE * (ordinal - a newcomer's ordinal)
PROVISIONAL_GAMES = 5  # a rating from fewer games is marked provisional
RECENT_GAMES = 5  # /stats shows the change over this many last games


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate: skill minus ``Z`` times its uncertainty."""
        return float(MODEL.rating(self.mu, self.sigma).ordinal(z=Z))

    @property
    def shown(self) -> int:
        """The conservative rating as players read it: a whole number, 1000 for a newcomer."""
        return round(START + SCALE * (self.ordinal - NEWCOMER.ordinal))


NEWCOMER = Skill(MODEL.mu, NEWCOMER_SIGMA)


def computer(level: Level) -> Skill:
    return Skill(COMPUTER_MU[level], COMPUTER_SIGMA)


@dataclass(frozen=True)
class Entrant:
    """One seat of a rated game: a person (``user_id``) or a computer at ``level``."""

    seat: int
    user_id: int | None
    level: Level
    rank: int  # 1 for the winners; equal ranks tie
    won: bool


def rate(entrants: Sequence[Entrant], skills: Mapping[int, Skill]) -> dict[int, Skill]:
    """The people's skills after the game (by user id; ``skills`` has those known before,
    a newcomer starts at ``NEWCOMER``). Computers keep their fixed skill."""

    def before(entrant: Entrant) -> Skill:
        if entrant.user_id is None:
            return computer(entrant.level)
        return skills.get(entrant.user_id, NEWCOMER)

    teams = [[MODEL.rating(before(e).mu, before(e).sigma)] for e in entrants]
    after = MODEL.rate(teams, ranks=[float(e.rank) for e in entrants])
    return {e.user_id: Skill(team[0].mu, team[0].sigma) for e, team in zip(entrants, after) if e.user_id is not None}


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES
