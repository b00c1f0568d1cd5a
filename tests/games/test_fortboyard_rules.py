"""Fort Boyard rule scenarios, each quoting the rule-book sentence it checks.

The rule book is shared/seeds/000_87ffa476ebfbb1f2.txt; the house rules are in
shared/HOUSE_RULES.md (Fort Boyard) and ``HOUSE_RULES`` in games/fortboyard/engine.py.
Every quotation between « and » in a docstring below is copied verbatim from the rule
book; ``test_quotes_are_verbatim`` checks it when the book is at hand.

Scenarios are built on a new game by setting fields of its state: the pawns' cells,
keys and clues, the round, and a trial begun with ``trials.begin`` on a card written
here (so the expected answer is known). The die is steered by ``dice``: it puts in the
state a generator whose next throws are the faces asked for. Landmarks on the track
(``track.TRACK``): 0 PORTE, 1 CONCENTRATION, 2 FORCE, 3 DUEL, 4 ÉNIGME, 6 PRISON,
8 PASSE-PARTOUT, 12 the Père Fouras (ÉNIGME), 19 PASSE-PARTOUT.
"""

import base64
import itertools
from collections import Counter
from functools import cache
from typing import Any

import pytest

from games.core import AlreadyChosen, Event, IllegalAction, MalformedAction, NotYourTurn, Rng
from games.fortboyard import ENGINE, trials
from games.fortboyard.deck import Battleship, Count, Dice, Nim, Quickfire, Riddle, Sequence, Spsw, Typing, deck
from games.fortboyard.engine import DUEL_REPLAYS
from games.fortboyard.material import BAG, HANDFUL, KEY_STOCK
from games.fortboyard.models import (
    ANSWER_LENGTH,
    ATTEMPTS,
    BEATS,
    Abandon,
    Abandoned,
    Announce,
    Announced,
    Answer,
    Answered,
    Attempt,
    Bank,
    Banked,
    Barred,
    Challenge,
    Challenged,
    ChooseLevel,
    Clue,
    ClueWon,
    Dive,
    Dove,
    Eliminated,
    Fire,
    FortBoyardState,
    GameEnded,
    GiveUp,
    Goto,
    Grab,
    Grabbed,
    Hide,
    Jailed,
    KeyWon,
    Landed,
    LevelChosen,
    LevelsChosen,
    NoKeyLeft,
    Proposed,
    Ready,
    Resigned,
    Retried,
    Retry,
    Roll,
    Rolled,
    RoundEnded,
    Show,
    SignsShown,
    Skipped,
    Stay,
    Sunk,
    Surfaced,
    Take,
    Throw,
    Thrown,
    TimeUp,
    TrialBegan,
    TrialEnded,
    WordsRevealed,
)
from games.fortboyard.track import FOURAS, PORTE, TRACK, passe_targets
from tests.games.rule_book import check_quotes

CONCENTRATION, FORCE, DUEL, ENIGME, PRISON, PASSE, OTHER_PASSE = 1, 2, 3, 4, 6, 8, 19

RIDDLE = Riddle(
    kind="riddle",
    text="Je te rends ton sourire sans jamais rire. Qui suis-je ?",
    answer="le miroir",
    variants=["la glace"],
)
QUESTION = Quickfire(kind="quickfire", question="Combien font 7 fois 8 ?", answer="56", variants=["cinquante-six"])
SEQUENCE = Sequence(kind="sequence", items=["bougie", "dragon", "ancre", "igloo"], show_seconds=6)
COUNT = Count(kind="count", text="Le petit renard traverse la rivière en sautant de pierre en pierre.", letter="r")
TYPING = Typing(kind="typing", words=["maison", "jardin", "soleil"])
DICE = Dice(kind="dice", target=10, throws=4)
SPSW = Spsw(kind="spsw", wins=1)


# =============================================================================
# Helpers
# =============================================================================


def game(players: int = 3, seed: int = 1, current: int = 0, **options: Any) -> FortBoyardState:
    """A new game with the red texts, ``current`` to roll, every pawn at DÉPART."""
    state = ENGINE.new_game(players, ENGINE.make_options({"side": "red", **options}), seed)
    state.current = current
    return state


@cache
def _seed_for(faces: tuple[int, ...]) -> int:
    for seed in range(2_000_000):
        rng = Rng.from_seed(seed)
        if all(rng.between(1, 6) == face for face in faces):
            return seed
    raise AssertionError(f"no seed throws {faces}")


def dice(state: FortBoyardState, *faces: int) -> FortBoyardState:
    """The next throws of the die will be ``faces``."""
    state.rng = Rng.from_seed(_seed_for(faces))
    return state


def act(state: FortBoyardState, seat: int, action: Any) -> tuple[FortBoyardState, list[Event]]:
    """``seat`` plays ``action``; the input state is untouched."""
    before = ENGINE.dump(state)
    step = ENGINE.apply(state, seat, action)
    assert ENGINE.dump(state) == before
    return step.state, step.events


def refused(state: FortBoyardState, seat: int, action: Any) -> None:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, seat, action)
    assert ENGINE.dump(state) == before


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def start(state: FortBoyardState, category: str, trial: Any, players: list[int], stake: str = "key") -> FortBoyardState:
    """``players[0]`` plays ``trial`` (with ``players[1]`` in a duel) for ``stake``, standing on a
    cell of the category."""
    cell = {"concentration": CONCENTRATION, "force": FORCE, "duel": DUEL, "enigme": ENIGME}[category]
    state.players[players[0]].cell = cell
    state.current, state.stake, state.phase = players[0], stake, "trial"
    state.opponent = players[1] if len(players) > 1 else None
    state.trial = trials.begin(category, "test", trial, players, stake)
    return state


def round_2(players: int = 3, seed: int = 1, current: int = 0, clues: int = 1) -> FortBoyardState:
    """Round 2 under way: every level easy, ``clues`` clues each, ``current`` to roll."""
    state = game(players, seed, current)
    state.round, state.third_key = 2, 0
    for player in state.players:
        player.level, player.clues = "easy", clues
    return state


def word(state: FortBoyardState, seat: int) -> Any:
    """The seat's code word (its level, easy if none chosen yet)."""
    player = state.players[seat]
    return deck(state.options.language).word_card(player.word or "").level(player.level or "easy")


def round_3(keys: list[int], fourth: int = 0, seed: int = 1) -> tuple[FortBoyardState, list[Event]]:
    """Round 2 ends as ``fourth`` wins a fourth clue; the keys held are ``keys``."""
    state = round_2(len(keys), seed, current=fourth, clues=3)
    for player, held in zip(state.players, keys):
        player.keys = held
    state.stock = KEY_STOCK - sum(keys)
    state = start(state, "concentration", COUNT, [fourth], "clue")
    return act(state, fourth, Answer(text=str(COUNT.answer)))


# =============================================================================
# The quotations themselves
# =============================================================================


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "000_87ffa476ebfbb1f2.txt", minimum=70)


# =============================================================================
# Setting up, the first player, the turn order
# =============================================================================


def test_setup_stock_pawns_and_code_words() -> None:
    """« 20 clés » « Piochez chacun une carte INDICES/MOT-CODE »
    « Tous les joueurs placent leur pion sur la case DÉPART du plateau de jeu, au pied du Fort. »
    Checks: 20 keys in the stock, nobody holds one; every pawn at DÉPART (cell None); each player
    has a code-word card of their own, no level chosen; round 1 begins with a roll."""
    for players in range(2, 7):
        state = ENGINE.new_game(players, ENGINE.make_options({}), players)
        assert state.stock == KEY_STOCK == 20
        assert all(p.keys == 0 and p.cell is None and p.sea is None and p.level is None for p in state.players)
        cards = [p.word for p in state.players]
        assert None not in cards and len(set(cards)) == players
        assert state.round == 1 and state.phase == "roll"
        assert ENGINE.to_act(state) == frozenset({state.current})


def test_first_player_is_the_highest_roll_and_ties_throw_again() -> None:
    """« Chaque joueur lance ensuite le dé. Celui qui fait le plus grand chiffre au dé commence la partie. »
    Checks ``state.opening``, throw by throw: everyone throws first; a throw with a tie at the
    top is thrown again by the tied seats only (0: not throwing); the last throw has a single
    highest face, whose seat starts. Some seed needs a second throw."""
    rethrown = 0
    for seed in range(60):
        state = ENGINE.new_game(4, ENGINE.make_options({}), seed)
        throws = state.opening
        assert all(1 <= face <= 6 for face in throws[0])
        for before, after in itertools.pairwise(throws):
            top = max(before)
            assert before.count(top) >= 2
            assert [i for i, f in enumerate(after) if f] == [i for i, f in enumerate(before) if f == top]
            assert all(0 <= face <= 6 for face in after)
        last = throws[-1]
        assert last.count(max(last)) == 1 and last.index(max(last)) == state.current
        rethrown += len(throws) > 1
    assert rethrown


def test_play_goes_clockwise() -> None:
    """« Puis, le jeu se déroule dans le sens des aiguilles d'une montre. »
    Checks: with every pawn on the cell before PORTE and the die showing 1 each time, the
    turns go 1, 2, 0, 1 round a table of three."""
    state = game(3, current=1)
    for player in state.players:
        player.cell = 23
    dice(state, 1, 1, 1)
    order = []
    for _ in range(4):
        order.append(state.current)
        state, _ = act(state, state.current, Roll())
    assert order == [1, 2, 0, 1]


# =============================================================================
# The track: moving, PORTE, PRISON, PASSE-PARTOUT
# =============================================================================


def test_a_roll_moves_the_pawn_and_plays_the_cell() -> None:
    """« Le joueur qui a la main lance le dé, avance son pion du nombre de cases indiqué par celui-ci,
    et suit les instructions de sa case d'arrivée »
    Checks: a 4 from DÉPART lands on cell 3 (a roll of 1 lands on PORTE), a DUEL: the player is
    asked for an opponent; a 5 from cell 22 goes round the loop to cell 3 as well."""
    state = dice(game(3), 4)
    state, events = act(state, 0, Roll())
    assert of(events, Rolled) == [Rolled(seat=0, die=4, cell=DUEL)]
    assert of(events, Landed) == [Landed(seat=0, cell=DUEL)]
    assert TRACK[DUEL] == "duel" and state.phase == "opponent"
    assert ENGINE.legal_actions(state, 0) == [Challenge(opponent=1), Challenge(opponent=2)]
    state = dice(game(3), 5)
    state.players[0].cell = 22
    state, _ = act(state, 0, Roll())
    assert state.players[0].cell == DUEL and state.phase == "opponent"


def test_porte_nothing_happens() -> None:
    """« lorsque vous arrivez sur cette case, il ne se passe rien. Votre tour est terminé et c'est au
    joueur suivant de jouer. »
    Checks: a 1 from DÉPART lands on PORTE (cell 0): no trial, no key, the next player rolls."""
    state = dice(game(3), 1)
    state, events = act(state, 0, Roll())
    assert state.players[0].cell == PORTE and TRACK[PORTE] == "porte"
    assert [e.kind for e in events] == ["rolled", "landed"]
    assert state.phase == "roll" and state.current == 1 and state.trial is None
    assert state.players[0].keys == 0 and state.stock == KEY_STOCK


def test_prison_ends_the_turn_and_skips_the_next() -> None:
    """« PRISON : votre tour actuel est terminé, mais vous devrez également passer le prochain ! »
    Checks (two players): seat 0 lands on PRISON: Jailed, seat 1 plays; when seat 1's turn
    ends, seat 0's turn is skipped (a Skipped event) and seat 1 plays again; the turn after
    that is seat 0's."""
    state = game(2)
    state.players[0].cell, state.players[1].cell = 2, 23
    dice(state, 4, 1, 1)
    state, events = act(state, 0, Roll())
    assert state.players[0].cell == PRISON and of(events, Jailed) == [Jailed(seat=0)]
    assert state.current == 1 and state.players[0].skip
    state, events = act(state, 1, Roll())  # PORTE
    assert of(events, Skipped) == [Skipped(seat=0)]
    assert state.current == 1 and not state.players[0].skip
    state, events = act(state, 1, Roll())  # cell 1, a trial: seat 1 is still playing
    assert state.phase == "trial" and not of(events, Skipped)
    while state.phase == "trial":  # the clock runs out (a sequence is first shown)
        state, events = act(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert state.current == 0 and not of(events, Skipped)


def test_passe_partout_moves_anywhere_but_a_passe_partout_then_plays_that_cell() -> None:
    """« PASSE PARTOUT : vous pouvez immédiatement déplacer votre pion où bon vous semble sur le parcours
    du Fort ! Suivez ensuite les instructions de sa nouvelle case »
    Checks: on cell 8 the player may stay or go to any cell but the two PASSE-PARTOUT; going
    to an ÉNIGME starts the riddle there (Landed via the passe-partout); going to a PRISON
    jails; going to the other PASSE-PARTOUT is refused."""
    state = game(3)
    state.players[0].cell = 5
    dice(state, 3)
    state, events = act(state, 0, Roll())
    assert state.players[0].cell == PASSE and state.phase == "passe"
    assert ENGINE.legal_actions(state, 0) == [Stay(), *(Goto(cell=c) for c in passe_targets())]
    assert PASSE not in passe_targets() and OTHER_PASSE not in passe_targets()
    assert len(passe_targets()) == 22
    refused(state, 0, Goto(cell=OTHER_PASSE))
    refused(state, 0, Goto(cell=PASSE))
    moved, events = act(state, 0, Goto(cell=FOURAS))
    assert moved.players[0].cell == FOURAS
    assert of(events, Landed) == [Landed(seat=0, cell=FOURAS, via_passe=True)]
    assert of(events, TrialBegan)[0].category == "enigme" and moved.phase == "trial"
    jailed, events = act(state, 0, Goto(cell=PRISON))
    assert of(events, Jailed) == [Jailed(seat=0)] and jailed.current == 1


def test_passe_partout_staying_is_allowed() -> None:
    """« vous pouvez immédiatement déplacer votre pion où bon vous semble »
    House rule "passe": the move is optional. Checks: Stay ends the turn, the pawn stays on the
    PASSE-PARTOUT, nothing else happens."""
    state = game(3)
    state.players[0].cell, state.phase = PASSE, "passe"
    state, events = act(state, 0, Stay())
    assert state.players[0].cell == PASSE and state.current == 1 and state.phase == "roll"
    assert not of(events, TrialBegan)


def test_personnage_cache_and_fort_boyard_cards_have_no_effect() -> None:
    """« 5 cartes PERSONNAGE » « 2 cartes CACHE » « 3 cartes FORT BOYARD »
    « Placez les 10 cartes restantes (PERSONNAGE, CACHE et FORT BOYARD), le crayon, les 20 clés et le
    dé à proximité du plateau de jeu. »
    House rules "cards" and "track": the book never uses these cards again, so they have no
    effect and no cell draws one. Checks: the track holds only the seven kinds of cell the book
    describes, in the house mix; the box holds the four trial piles and the code words, nothing
    else; landing on each of the 24 cells does what its kind says and draws no card but its own
    pile's: PORTE and PRISON end the turn, PASSE-PARTOUT asks where to go, DUEL asks for an
    opponent (drawing nothing yet), the others start a trial from their own pile."""
    assert Counter(TRACK) == {
        "porte": 1,
        "concentration": 5,
        "force": 5,
        "enigme": 5,
        "duel": 4,
        "prison": 2,
        "passe": 2,
    }
    for language in ("fr", "en"):
        assert set(deck(language).trials) == {"concentration", "force", "duel", "enigme"}
    phases = {"porte": "roll", "prison": "roll", "passe": "passe", "duel": "opponent"}
    for cell, kind in enumerate(TRACK):
        state = game(3)
        state.players[0].cell = (cell - 3) % len(TRACK)
        piles = {category: len(cards) for category, cards in state.decks.items()}
        state, events = act(dice(state, 3), 0, Roll())
        assert state.players[0].cell == cell
        assert state.phase == phases.get(kind, "trial"), (cell, kind)
        trial = [kind] if state.phase == "trial" else []  # a duel draws once its opponent is named
        drawn = {category: piles[category] - len(cards) for category, cards in state.decks.items()}
        assert drawn == {category: trial.count(category) for category in piles}, (cell, kind)
        assert [e.category for e in of(events, TrialBegan)] == trial
        assert (state.current == 1) == (kind in ("porte", "prison"))


# =============================================================================
# Round 1: trials win keys
# =============================================================================


def test_a_won_trial_earns_a_key_from_the_stock() -> None:
    """« Si vous réussissez, bravo, vous gagnez une Clé ! Prenez une Clé du stock et posez-la devant vous. »
    « Votre tour est alors terminé et c'est au joueur suivant de jouer. »
    Checks: landing on CONCENTRATION starts a trial of that deck; a right answer: KeyWon from
    the stock (source None), 19 keys left, the next player rolls."""
    state = dice(game(3), 2)
    state, events = act(state, 0, Roll())
    assert of(events, TrialBegan)[0].category == "concentration" and state.phase == "trial"
    assert state.trial is not None and state.trial.players == [0] and state.trial.stake == "key"
    state.trial = trials.begin("concentration", "test", COUNT, [0], "key")
    state, events = act(state, 0, Answer(text=str(COUNT.answer)))
    assert of(events, KeyWon) == [KeyWon(seat=0, source=None)]
    assert state.players[0].keys == 1 and state.stock == KEY_STOCK - 1
    assert state.phase == "roll" and state.current == 1 and state.trial is None


def test_a_failed_trial_earns_nothing() -> None:
    """« Si vous échouez, vous ne gagnez rien. Votre tour est terminé et c'est au joueur suivant de jouer. »
    Checks: a wrong FORCE answer: TrialEnded without success, no key, nothing sunk, next player."""
    state = start(game(3), "force", TYPING, [0])
    state, events = act(state, 0, Answer(text="maison jardin"))
    assert of(events, TrialEnded)[0].success is False
    assert not of(events, KeyWon) and not of(events, Sunk)
    assert state.players[0].keys == 0 and state.stock == KEY_STOCK and state.current == 1


def test_key_stock_runs_out() -> None:
    """« Prenez une Clé du stock et posez-la devant vous. »
    House rule "stock": once the 20 keys are out, a won trial earns nothing (NoKeyLeft); a duel
    won against a player without a key earns nothing either."""
    state = start(game(3), "enigme", RIDDLE, [0])
    state.stock = 0
    state, events = act(state, 0, Answer(text="miroir"))
    assert of(events, NoKeyLeft) == [NoKeyLeft(seat=0)] and not of(events, KeyWon)
    assert state.players[0].keys == 0 and state.stock == 0 and state.current == 1
    state = start(game(3), "duel", QUESTION, [0, 1])
    state.stock = 0
    state, events = act(state, 0, Answer(text="56"))
    assert of(events, NoKeyLeft) == [NoKeyLeft(seat=0)] and state.players[0].keys == 0


# =============================================================================
# Round 1: duels
# =============================================================================


def test_duel_challenger_wins_a_key_of_the_opponent() -> None:
    """« DUEL : lorsque vous arrivez sur cette case, désignez l'adversaire que vous souhaitez affronter. »
    « Si c'est vous qui réussissez, bravo, vous gagnez l'une des Clés de votre adversaire – à condition
    qu'il en possède au moins une ! »
    Checks: seat 0 challenges seat 2 (Challenged); both are in the trial; seat 0 answers right
    first: seat 2's key goes to seat 0 (KeyWon source 2), the stock is untouched."""
    state = game(3)
    state.players[0].cell, state.phase = DUEL, "opponent"
    state.players[2].keys, state.stock = 1, KEY_STOCK - 1
    refused(state, 0, Challenge(opponent=0))
    state, events = act(state, 0, Challenge(opponent=2))
    assert of(events, Challenged) == [Challenged(seat=0, opponent=2, stake="key")]
    assert state.trial is not None and state.trial.players == [0, 2]
    assert ENGINE.to_act(state) == frozenset({0, 2})
    state.trial = trials.begin("duel", "test", QUESTION, [0, 2], "key")
    state, events = act(state, 0, Answer(text="cinquante six"))
    assert of(events, KeyWon) == [KeyWon(seat=0, source=2)]
    assert [p.keys for p in state.players] == [1, 0, 0] and state.stock == KEY_STOCK - 1
    assert state.current == 1 and state.phase == "roll"


def test_duel_challenger_wins_from_the_stock_when_the_opponent_has_no_key() -> None:
    """« Dans le cas où le joueur que vous avez défié n'avait pas de Clé, prenez l'une des Clés du stock. »
    Checks: the opponent holds nothing: the winner's key comes from the stock (source None)."""
    state = start(game(3), "duel", QUESTION, [0, 1])
    state, events = act(state, 0, Answer(text="56"))
    assert of(events, KeyWon) == [KeyWon(seat=0, source=None)]
    assert [p.keys for p in state.players] == [1, 0, 0] and state.stock == KEY_STOCK - 1


def test_duel_opponent_wins_a_key_of_the_challenger() -> None:
    """« Si c'est votre adversaire qui réussit, c'est lui qui gagne l'une de vos Clés – à condition que
    vous en possédiez au moins une ! »
    Checks: the challenger answers wrong, the opponent right: the challenger's key goes to the
    opponent (KeyWon source 0); the turn passes to the challenger's left neighbour."""
    state = start(game(3), "duel", QUESTION, [0, 2])
    state.players[0].keys, state.stock = 2, KEY_STOCK - 2
    state, events = act(state, 0, Answer(text="54"))
    assert of(events, Answered) == [Answered(seat=0, right=False)] and state.phase == "trial"
    state, events = act(state, 2, Answer(text="56"))
    assert of(events, KeyWon) == [KeyWon(seat=2, source=0)]
    assert [p.keys for p in state.players] == [1, 0, 1] and state.stock == KEY_STOCK - 2
    assert state.current == 1


def test_duel_opponent_wins_from_the_stock_when_the_challenger_has_no_key() -> None:
    """« Dans le cas où vous n'aviez pas de Clé, il prend l'une des Clés du stock. »
    Checks: the challenger holds nothing: the opponent's key comes from the stock."""
    state = start(game(3), "duel", QUESTION, [0, 1])
    state, events = act(state, 1, Answer(text="56"))
    assert of(events, KeyWon) == [KeyWon(seat=1, source=None)]
    assert [p.keys for p in state.players] == [0, 1, 0] and state.stock == KEY_STOCK - 1


# =============================================================================
# Round 1: riddles and the dive
# =============================================================================


def test_a_solved_riddle_earns_a_key() -> None:
    """« ÉNIGME : lorsque vous arrivez sur cette case, piochez une carte ÉNIGME »
    « Si vous réussissez, bravo, vous gagnez une Clé ! »
    Checks: landing on ÉNIGME in round 1 starts the riddle at once (no stake to announce); a
    right answer (article, case and accent aside) earns a key."""
    state = dice(game(3), 5)
    state, events = act(state, 0, Roll())
    assert state.players[0].cell == ENIGME and of(events, TrialBegan)[0].category == "enigme"
    state.trial = trials.begin("enigme", "test", RIDDLE, [0], "key")
    state, events = act(state, 0, Answer(text="Le MIROIR"))
    assert of(events, KeyWon) == [KeyWon(seat=0, source=None)] and state.players[0].keys == 1


def test_a_failed_riddle_sinks_the_key_then_dive_or_abandon() -> None:
    """« Si vous échouez, le Père Fouras jette la Clé à la mer. Vous avez alors le choix entre : »
    Checks: a wrong answer: Sunk (a key), no key won; the same player must choose between Dive
    and Abandon; nobody else may act."""
    state = start(game(3), "enigme", RIDDLE, [0])
    state, events = act(state, 0, Answer(text="la fenêtre"))
    assert of(events, Sunk) == [Sunk(seat=0, stake="key")] and not of(events, KeyWon)
    assert of(events, TrialEnded)[0].answer == "le miroir"
    assert state.phase == "dive" and ENGINE.to_act(state) == frozenset({0})
    assert ENGINE.legal_actions(state, 0) == [Dive(), Abandon()]


def test_diving_puts_the_pawn_in_the_sea_and_ends_the_turn() -> None:
    """« PLONGER DU FORT ET ALLER CHERCHER LA CLÉ. Pour cela, placez votre pion sur la case du plateau
    de jeu qui se situe juste en-dessous de la case Père Fouras. Votre tour est alors terminé »
    Checks: Dove; the pawn leaves the Fort (cell None) for the sea's first cell (0), diving for
    a key; the next player rolls."""
    state = start(game(3), "enigme", RIDDLE, [0])
    state, _ = act(state, 0, Answer(text="la porte"))
    state, events = act(state, 0, Dive())
    assert of(events, Dove) == [Dove(seat=0)]
    diver = state.players[0]
    assert (diver.cell, diver.sea, diver.dive_for) == (None, 0, "key")
    assert state.current == 1 and state.phase == "roll"


def test_the_diver_goes_round_the_sea_and_wins_the_key_without_an_exact_count() -> None:
    """« lors de votre prochain tour, lancez le dé et avancez votre pion sur le plateau immergé »
    « vous n'avez pas besoin de faire le nombre exact avec le dé »
    « faites remonter votre pion sur le Fort, sur la case Père Fouras (sans y lire une nouvelle énigme) »
    Checks: a 6 takes the diver to sea cell 6 and ends the turn; a later 5 passes the sunken
    key (cell 10): Surfaced, a key from the stock, the pawn on the Père Fouras cell, no
    riddle, the next player rolls. An exact 4 from cell 6 wins it too."""
    state = game(2)
    state.players[0].sea, state.players[0].dive_for = 0, "key"
    state.players[1].cell = 23
    dice(state, 6, 1, 5)
    state, events = act(state, 0, Roll())
    assert of(events, Rolled) == [Rolled(seat=0, die=6, sea=6)]
    assert state.players[0].sea == 6 and state.players[0].cell is None and state.current == 1
    state, _ = act(state, 1, Roll())  # PORTE
    state, events = act(state, 0, Roll())
    assert of(events, Rolled) == [Rolled(seat=0, die=5, sea=10)]
    assert of(events, Surfaced) == [Surfaced(seat=0)] and of(events, KeyWon) == [KeyWon(seat=0, source=None)]
    assert not of(events, TrialBegan) and state.trial is None
    diver = state.players[0]
    assert (diver.cell, diver.sea, diver.dive_for, diver.keys) == (FOURAS, None, None, 1)
    assert TRACK[FOURAS] == "enigme" and state.phase == "roll" and state.current == 1
    exact = dice(game(2), 4)
    exact.players[0].sea, exact.players[0].dive_for = 6, "key"
    exact, events = act(exact, 0, Roll())
    assert of(events, Surfaced) and exact.players[0].cell == FOURAS and exact.players[0].keys == 1


def test_abandoning_the_key_ends_the_turn() -> None:
    """« ABANDONNER CETTE CLÉ. Votre tour est alors terminé et c'est au joueur suivant de jouer. »
    Checks: Abandoned; the pawn stays on its ÉNIGME cell, no key, the next player rolls."""
    state = start(game(3), "enigme", RIDDLE, [0])
    state, _ = act(state, 0, TimeUp())
    state, events = act(state, 0, Abandon())
    assert of(events, Abandoned) == [Abandoned(seat=0)]
    assert state.players[0].cell == ENIGME and state.players[0].sea is None and state.players[0].keys == 0
    assert state.current == 1 and state.phase == "roll"


# =============================================================================
# The end of round 1 and the start of round 2
# =============================================================================


def test_round_1_ends_at_once_at_three_keys() -> None:
    """« jusqu'à ce que l'un d'entre vous ait 3 Clés devant lui. »
    « Placez ensuite de nouveau chacun de vos pions sur la case »
    « Gardez bien chacun devant vous les Clés que vous avez gagnées »
    Checks: seat 1 solves a riddle for its third key: RoundEnded (round 1, seat 1); every pawn is
    back at DÉPART; seat 2's dive under way is lost (house rule "sea"), seat 0's prison skip is
    cleared (house rule "round_reset"); the keys stay; round 2 begins with the level choice,
    every player to choose at once."""
    state = start(game(3), "enigme", RIDDLE, [1])
    state.players[0].cell, state.players[0].skip, state.players[0].keys = PRISON, True, 1
    state.players[1].keys = 2
    state.players[2].sea, state.players[2].dive_for = 7, "key"
    state.stock = KEY_STOCK - 3
    state, events = act(state, 1, Answer(text="miroir"))
    assert of(events, KeyWon) == [KeyWon(seat=1, source=None)]
    assert of(events, RoundEnded) == [RoundEnded(round=1, seat=1, lost_dives=[2])]
    assert all(p.cell is None and p.sea is None and p.dive_for is None and not p.skip for p in state.players)
    assert [p.keys for p in state.players] == [1, 3, 0] and state.stock == KEY_STOCK - 4
    assert state.round == 2 and state.phase == "level" and state.third_key == 1
    assert ENGINE.to_act(state) == frozenset({0, 1, 2})
    assert ENGINE.legal_actions(state, 0) == [ChooseLevel(level="easy"), ChooseLevel(level="hard")]


def test_round_2_starts_with_secret_levels_clue_one_and_the_left_neighbour() -> None:
    """« Déterminez donc entre vous le niveau de difficulté du Mot-Code pour chacun des joueurs »
    « Avant de commencer cette manche révélez chacun à votre voisin de gauche le »
    « c'est-à-dire le voisin de gauche de celui qui vient d'obtenir sa »
    House rule "level": each player picks a level in secret. Checks: LevelChosen says who chose,
    never the level; once all have chosen, each gets clue 1 of the word at their level: a public
    ClueWon and a Clue addressed to that seat only; then the left neighbour of the player who
    took the third key (seat 1) rolls: seat 2."""
    state = start(game(3), "enigme", RIDDLE, [1])
    state.players[1].keys = 2
    state, _ = act(state, 1, Answer(text="miroir"))
    state, events = act(state, 0, ChooseLevel(level="hard"))
    assert events == [LevelChosen(seat=0)] and "hard" not in events[0].model_dump_json()
    assert ENGINE.to_act(state) == frozenset({1, 2})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 0, ChooseLevel(level="easy"))
    state, _ = act(state, 2, ChooseLevel(level="easy"))
    state, events = act(state, 1, ChooseLevel(level="easy"))
    assert [p.level for p in state.players] == ["hard", "easy", "easy"]
    for seat in range(3):
        assert ClueWon(seat=seat, number=1) in events
        clues = [e for e in of(events, Clue) if e.seat == seat]
        assert clues == [Clue(seat=seat, number=1, text=word(state, seat).clues[0], audience=frozenset({seat}))]
        assert state.players[seat].clues == 1
    assert of(events, LevelsChosen) == [LevelsChosen(first=2)]
    assert state.current == 2 and state.phase == "roll" and state.round == 2


def test_round_1_ends_mid_duel_and_the_winners_left_neighbour_starts_round_2() -> None:
    """« La manche se déroule ainsi, jusqu'à ce que l'un d'entre vous ait 3 Clés devant lui. »
    Checks: seat 0 challenges seat 2, who holds two keys and wins the duel: seat 2 takes the
    third key (from seat 0), round 1 ends at once, and once the levels are chosen seat 0, the
    left neighbour of seat 2, starts round 2 (wrapping round the table)."""
    state = start(game(3), "duel", QUESTION, [0, 2])
    state.players[0].keys, state.players[2].keys, state.stock = 1, 2, KEY_STOCK - 3
    state, events = act(state, 2, Answer(text="56"))
    assert of(events, KeyWon) == [KeyWon(seat=2, source=0)]
    assert of(events, RoundEnded)[0].seat == 2 and state.phase == "level"
    for seat in range(3):
        state, events = act(state, seat, ChooseLevel(level="easy"))
    assert state.current == 0 and of(events, LevelsChosen) == [LevelsChosen(first=0)]


# =============================================================================
# Round 2: clues, announced stakes
# =============================================================================


def test_round_2_a_won_trial_earns_a_clue_not_a_key() -> None:
    """« Au lieu d'obtenir une Clé lorsque vous réussissez une Épreuve, vous obtenez un Indice ! »
    « Cet Indice vous est révélé par votre voisin de droite, qui possède votre carte avec votre liste
    d'Indices et votre Mot-Code. »
    Checks: a CONCENTRATION trial won in round 2 (played for a clue, announced by nobody): the
    player's second clue arrives privately (Clue to that seat) and publicly as a number
    (ClueWon); no key moves."""
    state = dice(round_2(3), 2)
    state, events = act(state, 0, Roll())
    assert state.phase == "trial" and state.trial is not None and state.trial.stake == "clue"
    state.trial = trials.begin("concentration", "test", COUNT, [0], "clue")
    state, events = act(state, 0, Answer(text=str(COUNT.answer)))
    assert of(events, ClueWon) == [ClueWon(seat=0, number=2)]
    assert of(events, Clue) == [Clue(seat=0, number=2, text=word(state, 0).clues[1], audience=frozenset({0}))]
    assert not of(events, KeyWon) and state.players[0].keys == 0 and state.stock == KEY_STOCK
    assert state.players[0].clues == 2 and state.current == 1


def test_round_2_riddle_stake_is_announced_before_the_riddle() -> None:
    """« Lors des ÉNIGMES, vous avez désormais le choix entre tenter de remporter une Clé ou bien
    obtenir un nouvel Indice à votre Mot-Code. »
    « vous devez dire à voix haute votre choix (Clé ou Indice), avant de vous faire lire l'ÉNIGME par
    votre voisin de gauche. »
    Checks: landing on ÉNIGME in round 2 asks for the stake first (no trial, no card drawn yet);
    Announce(clue) is public (Announced), then the riddle begins for a clue and a right answer
    earns a clue; announcing a key instead earns a key."""
    state = dice(round_2(3), 5)
    state, events = act(state, 0, Roll())
    assert state.phase == "stake" and state.trial is None and not of(events, TrialBegan)
    assert ENGINE.legal_actions(state, 0) == [Announce(stake="key"), Announce(stake="clue")]
    for stake, prize in (("clue", ClueWon), ("key", KeyWon)):
        played, events = act(state, 0, Announce(stake=stake))
        assert of(events, Announced) == [Announced(seat=0, stake=stake)]
        assert of(events, TrialBegan) and played.trial is not None and played.trial.stake == stake
        played.trial = trials.begin("enigme", "test", RIDDLE, [0], stake)
        played, events = act(played, 0, Answer(text="miroir"))
        assert len(of(events, prize)) == 1
        assert played.players[0].keys == (stake == "key") and played.players[0].clues == 1 + (stake == "clue")


def test_round_2_a_sunk_clue_is_won_back_by_diving() -> None:
    """« Le principe de la Clé à la mer devient l'Indice à la mer, le cas échéant. »
    Checks: a riddle played for a clue and failed sinks the clue (Sunk stake clue); the diver
    who gets round the sea surfaces with a clue, not a key."""
    state = start(round_2(2), "enigme", RIDDLE, [0], "clue")
    state, events = act(state, 0, Answer(text="un tableau"))
    assert of(events, Sunk) == [Sunk(seat=0, stake="clue")]
    state, _ = act(state, 0, Dive())
    assert state.players[0].dive_for == "clue"
    state.current, state.players[0].sea = 0, 8
    dice(state, 2)
    state, events = act(state, 0, Roll())
    assert of(events, Surfaced) and of(events, ClueWon) == [ClueWon(seat=0, number=2)]
    assert of(events, Clue)[0].audience == frozenset({0}) and not of(events, KeyWon)
    assert state.players[0].cell == FOURAS and state.players[0].keys == 0


def test_round_2_duel_stake_is_announced_before_the_opponent_is_picked() -> None:
    """« vous avez désormais le choix entre remporter l'une des Clés de votre adversaire (ou du stock)
    ou bien obtenir un nouvel Indice à votre Mot-Code. »
    « vous devez dire à voix haute votre choix (Clé ou indice), avant de désigner le joueur que vous
    allez défier. »
    Checks: on a DUEL in round 2 the stake comes first, then the opponent (Challenged carries the
    stake); the challenger who wins a key-stake duel takes the opponent's key."""
    state = dice(round_2(3), 4)
    state.players[2].keys, state.stock = 1, KEY_STOCK - 1
    state, _ = act(state, 0, Roll())
    assert state.phase == "stake" and ENGINE.legal_actions(state, 0) == [Announce(stake="key"), Announce(stake="clue")]
    state, _ = act(state, 0, Announce(stake="key"))
    assert state.phase == "opponent" and state.trial is None
    state, events = act(state, 0, Challenge(opponent=2))
    assert of(events, Challenged) == [Challenged(seat=0, opponent=2, stake="key")]
    state.trial = trials.begin("duel", "test", QUESTION, [0, 2], "key")
    state, events = act(state, 0, Answer(text="56"))
    assert of(events, KeyWon) == [KeyWon(seat=0, source=2)] and not of(events, ClueWon)


def test_round_2_the_duel_stake_goes_to_whoever_wins() -> None:
    """« Lors des épreuves de DUEL, vous avez désormais le choix entre remporter l'une des Clés de votre
    adversaire (ou du stock) ou bien obtenir un nouvel Indice à votre Mot-Code. »
    « Si c'est votre adversaire qui réussit, c'est lui qui gagne l'une de vos Clés »
    House rule "stake": the stake announced goes to whoever wins the duel. Checks, through the
    whole turn (roll onto DUEL, announce, challenge, play): a clue-stake duel won by the
    challenged player gives them their own next clue (told to them alone), the challenger
    nothing; won by the challenger, the challenger's clue; a key-stake duel won by the challenged
    player takes one of the challenger's keys."""
    for stake, winner in (("clue", 2), ("clue", 0), ("key", 2)):
        state = dice(round_2(3), 4)
        state.players[0].keys, state.stock = 1, KEY_STOCK - 1
        state, _ = act(state, 0, Roll())
        state, _ = act(state, 0, Announce(stake=stake))
        state, events = act(state, 0, Challenge(opponent=2))
        assert of(events, Challenged) == [Challenged(seat=0, opponent=2, stake=stake)]
        assert state.trial is not None and state.trial.stake == stake
        state.trial = trials.begin("duel", "test", QUESTION, [0, 2], stake)
        state, events = act(state, winner, Answer(text="56"))
        assert of(events, TrialEnded)[0].winner == winner
        loser = 2 - winner
        if stake == "clue":
            assert of(events, ClueWon) == [ClueWon(seat=winner, number=2)]
            assert of(events, Clue) == [
                Clue(seat=winner, number=2, text=word(state, winner).clues[1], audience=frozenset({winner}))
            ]
            assert state.players[winner].clues == 2 and state.players[loser].clues == 1
            assert not of(events, KeyWon) and state.players[0].keys == 1
        else:
            assert of(events, KeyWon) == [KeyWon(seat=2, source=0)] and not of(events, ClueWon)
            assert [p.keys for p in state.players] == [0, 0, 1] and state.stock == KEY_STOCK - 1


def test_round_2_ends_at_once_at_four_clues() -> None:
    """« La manche se déroule ainsi, jusqu'à ce que l'un d'entre vous ait ses 4 Indices. »
    « Placez vos pions à l'intérieur du Fort. »
    Checks: seat 1 wins its fourth clue: RoundEnded (round 2, seat 1), round 3, every pawn off
    the track; the keys stay."""
    state, events = round_3([1, 2, 1], fourth=1)
    assert of(events, ClueWon) == [ClueWon(seat=1, number=4)]
    assert of(events, RoundEnded) == [RoundEnded(round=2, seat=1)]
    assert state.round == 3 and state.fourth_clue == 1
    assert all(p.cell is None and p.sea is None for p in state.players)
    assert [p.keys for p in state.players] == [1, 2, 1]


# =============================================================================
# Round 3: the code word
# =============================================================================


def test_round_3_proposals_start_with_the_four_clue_player_and_go_clockwise() -> None:
    """« à tour de rôle, en commençant par le joueur qui a 4 indices, vous pouvez proposer ce que vous
    pensez être votre Mot-Code. »
    Checks: with seat 1 holding the four clues, the proposals go 1, 2, 0; each proposes only on
    their turn."""
    state, _ = round_3([1, 1, 1], fourth=1)
    assert state.order == [1, 2, 0] and state.phase == "guess"
    order = []
    while state.phase == "guess":
        seat = state.current
        assert ENGINE.to_act(state) == frozenset({seat})
        order.append(seat)
        state, events = act(state, seat, Answer(text=word(state, seat).word))
        assert of(events, Proposed) == [Proposed(seat=seat, right=True)]
    assert order == [1, 2, 0]


def test_round_3_no_key_no_treasure_room() -> None:
    """« Si vous n'avez aucune Clé devant vous, vous ne pouvez pas accéder au Trésor du Fort ; la partie
    s'arrête ici pour vous... »
    Checks: seats without a key are Barred as round 3 begins and never propose; the four-clue
    player (seat 0) has none, so the proposals start with the next seat holding a key."""
    state, events = round_3([0, 0, 2], fourth=0)
    assert of(events, Barred) == [Barred(seat=0), Barred(seat=1)]
    assert [p.found for p in state.players] == [False, False, None]
    assert state.phase == "guess" and state.current == 2


def test_round_3_a_right_proposal_ignores_case_accents_articles_and_small_typos() -> None:
    """« Si votre réponse est correcte et que vous avez au moins une Clé devant vous, vous accédez à la
    Salle du Trésor ! »
    Checks: seat 0's word is "timbre" at the easy level: "Le TIMBRE", "timbres" and "timbe" are all
    right; another card's word one slip away is not ("canard" is no "cafard")."""
    state, _ = round_3([1, 1], fourth=0)
    state.players[0].word = "mot-04"
    for text in ("Le TIMBRE", "timbres", " timbe ", "un timbré"):
        found, events = act(state, 0, Answer(text=text))
        assert of(events, Proposed) == [Proposed(seat=0, right=True)] and found.players[0].found is True
    state.players[0].level = "hard"  # "cafard"; "canard" is the hard word of card mot-01
    for text, right in (("cafard", True), ("cafart", True), ("canard", False)):
        _, events = act(state, 0, Answer(text=text))
        assert of(events, Proposed) == [Proposed(seat=0, right=right)], text


def test_round_3_one_key_and_a_wrong_proposal_eliminates() -> None:
    """« Si votre réponse est fautive et que vous avez une seule Clé devant vous, vous ne pouvez pas
    accéder à la salle du Trésor ; la partie s'arrête ici pour vous. »
    « Les joueurs qui ne l'ont pas trouvé sont éliminés. »
    Checks: a wrong proposal with one key: Proposed wrong, Eliminated, the next player proposes."""
    state, _ = round_3([1, 1, 1], fourth=0)
    state, events = act(state, 0, Answer(text="parapluie"))
    assert of(events, Proposed) == [Proposed(seat=0, right=False)] and of(events, Eliminated) == [Eliminated(seat=0)]
    assert state.players[0].found is False and state.current == 1 and state.phase == "guess"


def test_round_3_several_keys_a_wrong_proposal_may_be_retried_for_a_key() -> None:
    """« Si votre réponse est fautive et que vous avez au moins 2 Clés devant vous, vous avez le droit de
    faire une nouvelle proposition de réponse en échange de l'une de vos Clés. »
    Checks: with 3 keys a wrong proposal offers Retry or GiveUp; Retry pays a key (back to the
    stock) and the same player proposes again; a second wrong one with 2 keys offers it again;
    paid down to one key, a wrong proposal eliminates; GiveUp eliminates at once."""
    state, _ = round_3([3, 1], fourth=0)
    stock = state.stock
    state, events = act(state, 0, Answer(text="parapluie"))
    assert of(events, Proposed) == [Proposed(seat=0, right=False)] and not of(events, Eliminated)
    assert state.phase == "retry" and ENGINE.legal_actions(state, 0) == [Retry(), GiveUp()]
    given_up, events = act(state, 0, GiveUp())
    assert of(events, Eliminated) == [Eliminated(seat=0)] and given_up.players[0].keys == 3
    state, events = act(state, 0, Retry())
    assert of(events, Retried) == [Retried(seat=0, keys=2)]
    assert state.players[0].keys == 2 and state.stock == stock + 1
    assert state.phase == "guess" and state.current == 0
    state, _ = act(state, 0, Answer(text="marteau"))
    assert state.phase == "retry"
    state, _ = act(state, 0, Retry())
    assert state.players[0].keys == 1
    right, events = act(state, 0, Answer(text=word(state, 0).word))
    assert right.players[0].found is True
    state, events = act(state, 0, Answer(text="tabouret"))
    assert of(events, Eliminated) == [Eliminated(seat=0)] and state.current == 1


# =============================================================================
# Round 3: the treasure
# =============================================================================


def test_the_treasure_one_handful_per_key_from_the_whole_bag() -> None:
    """« Vous avez droit à autant de pioches de Boyards que de Clés devant vous. »
    « Puis, remettez tous les jetons piochés dans le Sac, secouez-le pour bien les mélanger, et passez
    le sac au joueur suivant. »
    House rule "bag": 100 tokens (10 stones, 60 x 10, 20 x 20, 10 x 50), a handful of 4 to 8.
    Checks: once both found their word, seat 1 (four clues) draws its 2 handfuls, then seat 0
    its 1 (draws follow the proposals' order); every handful holds 4 to 8 tokens from the bag;
    a player never draws more of a value than the bag holds; seat 0, who drew last, could
    draw from the whole bag again; the game ends with the Boyards counted."""
    assert Counter(BAG) == {0: 10, 10: 60, 20: 20, 50: 10} and HANDFUL == (4, 8)
    state, _ = round_3([1, 2], fourth=1)
    state, _ = act(state, 1, Answer(text=word(state, 1).word))
    state, _ = act(state, 0, Answer(text=word(state, 0).word))
    draws = []
    while state.phase == "draw":
        assert ENGINE.legal_actions(state, state.current) == [Grab()]
        seat = state.current
        state, events = act(state, seat, Grab())
        draws += [(e.seat, e.handful, e.of) for e in of(events, Grabbed)]
    assert draws == [(1, 1, 2), (1, 2, 2), (0, 1, 1)]
    for player in state.players:
        assert all(HANDFUL[0] <= len(hand) <= HANDFUL[1] for hand in player.handfuls)
        assert not Counter(t for hand in player.handfuls for t in hand) - Counter(BAG)
    assert state.phase == "over" and state.end_reason == "treasure"
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == {i: sum(map(sum, p.handfuls)) for i, p in enumerate(state.players)}


def test_the_bag_is_whole_again_for_the_next_player() -> None:
    """« remettez tous les jetons piochés dans le Sac »
    Checks: the first drawer took all ten 50-Boyard tokens; the next one, with 20 keys, still
    finds 50-Boyard tokens in the bag; within one player's draws no token comes out twice."""
    state, _ = round_3([1, 20], fourth=0)
    state.stock = 0
    state, _ = act(state, 0, Answer(text=word(state, 0).word))
    state, _ = act(state, 1, Answer(text=word(state, 1).word))
    assert state.phase == "draw" and state.current == 0
    state.players[0].handfuls = [[50] * 10]  # seat 0 has drawn its one handful
    state.phase, state.current = "draw", 1
    while state.phase == "draw":
        state, _ = act(state, 1, Grab())
    drawn = Counter(t for hand in state.players[1].handfuls for t in hand)
    assert len(state.players[1].handfuls) == 20 and drawn[50] > 0
    assert not drawn - Counter(BAG)


def test_most_boyards_wins_and_equal_treasures_share_the_win() -> None:
    """« Le joueur qui a le plus de Boyards remporte la partie ! »
    House rule "ties": equal treasures share the win. Checks: seat 0's handful is set to what
    seat 1 is about to draw: both win; one token more for seat 0 and seat 0 alone wins; an
    eliminated player ranks last."""

    def final(extra: list[int]) -> Any:
        state, _ = round_3([1, 1, 1], fourth=0)
        state.players[2].found = False
        state.players[0].found, state.players[1].found = True, True
        state.players[0].handfuls = [list(hand) + extra for hand in drawn]
        state.phase, state.current, state.turn = "draw", 1, state.turn + 1
        state.rng = Rng.from_seed(7)
        state, events = act(state, 1, Grab())
        assert of(events, GameEnded)
        return ENGINE.outcome(state)

    probe, _ = round_3([1, 1, 1], fourth=0)
    probe.players[1].found, probe.phase, probe.current = True, "draw", 1
    probe.rng = Rng.from_seed(7)
    probe, _ = act(probe, 1, Grab())
    drawn = probe.players[1].handfuls
    tied = final([])
    assert tied.winners == [0, 1] and tied.ranking == [[0, 1], [2]]
    ahead = final([10])
    assert ahead.winners == [0] and ahead.ranking == [[0], [1], [2]]


def test_nobody_finds_the_treasure() -> None:
    """« Important : pour pouvoir accéder à la Salle du Trésor, il faut impérativement avoir trouvé son
    Mot-Code. »
    House rule "ties": when nobody reaches the treasure, nobody wins; everyone still playing
    shares the place at 0 Boyards. Checks: all propose wrongly with one key: the game ends
    ("no_treasure"), the code words are revealed, no winner, one shared place."""
    state, _ = round_3([1, 1], fourth=0)
    state, _ = act(state, 0, Answer(text="parapluie"))
    state, events = act(state, 1, Answer(text="parapluie"))
    assert state.phase == "over" and state.end_reason == "no_treasure"
    assert of(events, WordsRevealed) == [WordsRevealed(words={0: word(state, 0).word, 1: word(state, 1).word})]
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [] and outcome.ranking == [[0, 1]]


# =============================================================================
# The trials, kind by kind
# =============================================================================


def test_riddle_judged() -> None:
    """« résolvez l'énigme que le Père Fouras vous pose »
    Checks: right answers (variant, article, case, accents, one typo) win; a wrong one or an
    empty one fails; a number is refused nowhere but judged wrong."""
    for text, won in (
        ("la glace", True),
        ("MIROIR", True),
        ("le mirroir", True),
        ("miroirs", True),
        ("fenêtre", False),
        ("", False),
        ("42", False),
    ):
        state = start(game(3), "enigme", RIDDLE, [0])
        _, events = act(state, 0, Answer(text=text))
        assert of(events, TrialEnded)[0].success is won, text


def test_sequence_is_shown_then_hidden_and_retyped_in_order() -> None:
    """« faites l'épreuve demandée »
    Checks: a sequence starts in its look stage: the items are in the view, Ready (the first
    legal action, which the clock plays) hides them; in the play stage TimeUp comes first and
    the items are gone from every view; the items in order win, in another order or with one
    missing fail."""
    state = start(game(3), "concentration", SEQUENCE, [0])
    assert state.trial is not None and state.trial.stage == "look"
    assert ENGINE.legal_actions(state, 0) == [Ready(), *ATTEMPTS]
    assert ENGINE.view(state, 1).trial.items == SEQUENCE.items
    refused(state, 0, Answer(text="bougie dragon ancre igloo"))
    state, _ = act(state, 0, Ready())
    assert state.trial is not None and state.trial.stage == "play"
    assert ENGINE.legal_actions(state, 0)[0] == TimeUp()
    for seat in (None, 0, 1):
        text = ENGINE.view(state, seat).model_dump_json()
        assert not any(item in text for item in SEQUENCE.items)
    for text, won in (
        ("Bougie, dragon, ancre, iglou", True),
        ("dragon bougie ancre igloo", False),
        ("bougie dragon ancre", False),
    ):
        _, events = act(state, 0, Answer(text=text))
        assert of(events, TrialEnded)[0].success is won, text


def test_count_judged() -> None:
    """« Certaines épreuves se font en 30 secondes. Dans ce cas prenez le sablier. »
    Checks: counting a letter (accents and case aside): the exact number wins, another fails;
    the view shows the sentence and the letter, never the number."""
    assert COUNT.answer == 10
    state = start(game(3), "concentration", COUNT, [0])
    view = ENGINE.view(state, 0).trial
    assert view.text == COUNT.text and view.letter == "r" and view.target is None
    for text, won in (("10", True), (" 10 ", True), ("9", False), ("dix", False)):
        _, events = act(state, 0, Answer(text=text))
        assert of(events, TrialEnded)[0].success is won, text


def test_typing_judged() -> None:
    """« FORCE : lorsque vous arrivez sur cette case, piochez une carte FORCE, lisez-la à voix haute et
    faites l'épreuve demandée. »
    Checks: every word in order, small typos aside, wins; a missing or an extra word fails."""
    state = start(game(3), "force", TYPING, [0])
    for text, won in (
        ("maison jardin soleil", True),
        ("MAISON, jardim soleil", True),
        ("maison soleil", False),
        ("maison jardin soleil lune", False),
    ):
        _, events = act(state, 0, Answer(text=text))
        assert of(events, TrialEnded)[0].success is won, text


def test_dice_throw_and_bank() -> None:
    """« Si besoin, utilisez le sablier. »
    House rule: push-your-luck dice. Checks: Bank is offered only with points at risk and costs a
    throw; a 1 wipes the pile, not the bank; reaching the target in the bank wins; the last
    throw banks its pile and, short of the target, fails."""
    state = dice(start(game(3), "force", DICE, [0]), 5, 1, 6, 4)
    assert ENGINE.legal_actions(state, 0) == [TimeUp(), Throw(), *ATTEMPTS]
    state, events = act(state, 0, Throw())
    assert of(events, Thrown) == [Thrown(seat=0, die=5, pile=5, banked=0)]
    assert ENGINE.legal_actions(state, 0) == [TimeUp(), Throw(), Bank(), *ATTEMPTS]
    banked, events = act(state, 0, Bank())
    assert of(events, Banked) == [Banked(seat=0, banked=5)]
    assert banked.trial is not None and (banked.trial.thrown, banked.trial.pile) == (2, 0)
    state, events = act(state, 0, Throw())  # a 1: the pile is wiped
    assert of(events, Thrown) == [Thrown(seat=0, die=1, pile=0, banked=0)]
    state, _ = act(state, 0, Throw())  # 6
    state, events = act(state, 0, Throw())  # 4, the last throw: 10 banked, the target
    assert of(events, Thrown) == [Thrown(seat=0, die=4, pile=0, banked=10)]
    assert of(events, TrialEnded)[0].success and of(events, KeyWon)
    # banking early: 5 banked (a second throw spent), a 1 loses nothing banked, the last throw banks 2: 7
    state = dice(start(game(3), "force", DICE, [0]), 5, 1, 2)
    state, _ = act(state, 0, Throw())
    state, _ = act(state, 0, Bank())
    state, _ = act(state, 0, Throw())  # 1: nothing lost, 5 banked
    state, events = act(state, 0, Throw())  # 2: the last throw, 7 banked, short of 10
    assert of(events, Thrown)[0].banked == 7 and of(events, TrialEnded)[0].success is False


def test_quickfire_first_right_answer_wins() -> None:
    """« Piochez une carte DUEL, lisez-la à voix haute et faites tous les deux l'épreuve demandée. »
    Checks: both duellists act at once; the first right answer wins at once even before the
    other answers; a wrong answer leaves the other free to win; a duellist out may not answer
    again."""
    state = start(game(3), "duel", QUESTION, [0, 1])
    assert ENGINE.to_act(state) == frozenset({0, 1})
    _won, events = act(state, 1, Answer(text="cinquante-six"))
    assert of(events, TrialEnded)[0].winner == 1
    state, _ = act(state, 0, Answer(text="57"))
    assert ENGINE.to_act(state) == frozenset({1})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 0, Answer(text="56"))
    state, events = act(state, 1, Answer(text="56"))
    assert of(events, TrialEnded)[0].winner == 1


def test_quickfire_nobody_right_is_replayed_then_the_die_decides() -> None:
    """« faites tous les deux l'épreuve demandée »
    House rule "duels": a duel always has a winner; both wrong (or out of time) means a replay
    with a new card, twice at most, then a die. Checks: two replays (TrialBegan replay, a new
    card each time), then the third failure is settled by the die (TrialEnded by_die)."""
    state = start(game(3), "duel", QUESTION, [0, 1])
    cards = []
    for replay in range(1, DUEL_REPLAYS + 1):
        state, _ = act(state, 0, Answer(text="12"))
        state, events = act(state, 1, TimeUp())
        assert of(events, TrialEnded)[0].success is False
        assert of(events, TrialBegan) == [
            TrialBegan(category="duel", trial_kind=of(events, TrialBegan)[0].trial_kind, players=[0, 1], replay=True)
        ]
        assert state.trial is not None and state.trial.replays == replay and state.phase == "trial"
        cards.append(state.trial.card)
        state.trial = trials.begin("duel", state.trial.card, QUESTION, [0, 1], "key", replays=replay)
    assert "test" not in cards and len(set(cards)) == len(cards)
    state, _ = act(state, 1, TimeUp())
    state, events = act(state, 0, TimeUp())
    ended = of(events, TrialEnded)
    assert len(ended) == 1 and ended[0].by_die and ended[0].winner in (0, 1)
    assert of(events, KeyWon)[0].seat == ended[0].winner and state.trial is None


def test_spsw_the_well_beats_stone_and_scissors_and_loses_to_paper() -> None:
    """« faites tous les deux l'épreuve demandée »
    House rule (the TV duel): stone-paper-scissors-well. Checks the table and a round played:
    the well swallows stone and scissors, paper covers the well; equal signs are a draw (the
    round is played again); the signs are shown together only once both have chosen, and a
    duellist's pending sign is not in the other's view."""
    assert BEATS["well"] == {"stone", "scissors"} and "well" in BEATS["paper"]
    assert BEATS["stone"] == {"scissors"} and BEATS["scissors"] == {"paper"}
    for a, b, winner in (
        ("well", "stone", 0),
        ("scissors", "well", 1),
        ("paper", "well", 0),
        ("stone", "scissors", 0),
        ("paper", "scissors", 1),
    ):
        state = start(game(3), "duel", SPSW, [0, 1])
        state, events = act(state, 0, Show(sign=a))
        assert not events and ENGINE.view(state, 1).trial.sign is None and ENGINE.view(state, 0).trial.sign == a
        assert a not in ENGINE.view(state, 1).model_dump_json() and a not in ENGINE.view(state, None).model_dump_json()
        state, events = act(state, 1, Show(sign=b))
        assert of(events, SignsShown)[0].winner == winner
        assert of(events, TrialEnded)[0].winner == winner
    state = start(game(3), "duel", SPSW, [0, 1])
    state, _ = act(state, 0, Show(sign="well"))
    state, events = act(state, 1, Show(sign="well"))
    assert of(events, SignsShown)[0].winner is None and state.phase == "trial"
    assert ENGINE.to_act(state) == frozenset({0, 1})


def test_spsw_time_up_gives_the_round_to_the_other() -> None:
    """« Certaines épreuves se font en 30 secondes. »
    Checks: a duellist whose clock runs out loses the round to the one who showed a sign."""
    for first in (0, 1):
        state = start(game(3), "duel", SPSW, [0, 1])
        other = 1 - first
        state, _ = act(state, first, TimeUp())
        state, events = act(state, other, Show(sign="stone"))
        assert of(events, TrialEnded)[0].winner == other


def test_time_up_is_the_first_legal_action_of_every_play_stage() -> None:
    """« Certaines épreuves se font en 30 secondes. Dans ce cas prenez le sablier. »
    House rule "clock": when the hourglass runs out the bot plays the first legal action. Checks:
    for every kind of trial, in its play stage, TimeUp comes first for every player still to act;
    a solo trial whose clock runs out fails; the whole table is shown the hourglass."""
    solo = [
        ("enigme", RIDDLE),
        ("concentration", SEQUENCE),
        ("concentration", COUNT),
        ("force", TYPING),
        ("force", DICE),
    ]
    for category, trial in solo:
        state = start(game(3), category, trial, [0])
        if state.trial is not None and state.trial.stage == "look":
            state, _ = act(state, 0, Ready())
        assert ENGINE.legal_actions(state, 0)[0] == TimeUp()
        window = ENGINE.reaction_window(state)
        assert window is not None and window.shown and window.seconds == state.options.clock
        _, events = act(state, 0, TimeUp())
        assert of(events, TrialEnded)[0].success is False
    for trial in (QUESTION, SPSW):
        state = start(game(3), "duel", trial, [0, 1])
        for seat in (0, 1):
            assert ENGINE.legal_actions(state, seat)[0] == TimeUp()


def test_attempt_is_for_computer_players_only() -> None:
    """« faites l'épreuve demandée »
    Checks: ``human_may_play`` refuses Attempt (a computer's trial won at a rate) and allows
    every other kind of move."""
    assert ENGINE.human_may_play(Attempt()) is False
    for action in (TimeUp(), Answer(text="x"), Ready(), Throw(), Bank(), Show(sign="well"), Roll(), Dive(), Grab()):
        assert ENGINE.human_may_play(action) is True


# =============================================================================
# Secrecy
# =============================================================================


def test_views_show_only_the_viewers_own_clues() -> None:
    """« Cet Indice vous est révélé par votre voisin de droite »
    Checks: in round 2 each seat's view lists its own clues (as many as it holds) and its level;
    the public view and the other seats' views list none and show no clue text; no view shows
    a code word before the end of the game."""
    state = round_2(3)
    state.players[1].clues, state.players[2].level = 3, "hard"
    for seat in range(3):
        view = ENGINE.view(state, seat)
        mine = word(state, seat).clues[: state.players[seat].clues]
        assert view.clues == mine and view.level == state.players[seat].level
        text = ENGINE.view(state, (seat + 1) % 3).model_dump_json() + ENGINE.view(state, None).model_dump_json()
        assert not any(clue in text for clue in mine)
    assert ENGINE.view(state, None).clues == [] and ENGINE.view(state, None).level is None
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(state, seat)
        assert all(p.word is None for p in view.players)
        assert [p.level_chosen for p in view.players] == [True, True, True]


def test_code_words_are_revealed_only_once_the_game_is_over() -> None:
    """« pour trouver votre Mot-Code, utilisez les Indices qui vous ont été donnés pendant la 2 »
    Checks: during round 3 no view names a code word, not even the viewer's own; at the end every
    view (the public one too) shows each word (WordsRevealed)."""
    state, _ = round_3([1, 1], fourth=0)
    words = [word(state, s).word for s in range(2)]
    for seat in (None, 0, 1):
        text = ENGINE.view(state, seat).model_dump_json()
        assert not any(f'"{w}"' in text for w in words)
    state, _ = act(state, 0, Answer(text="parapluie"))
    state, events = act(state, 1, Answer(text="parapluie"))
    assert state.phase == "over" and of(events, WordsRevealed)
    for seat in (None, 0, 1):
        assert [p.word for p in ENGINE.view(state, seat).players] == words


def test_the_trial_answer_is_in_no_view_while_the_trial_runs() -> None:
    """« faites-la lire à voix haute par votre voisin de gauche et résolvez l'énigme »
    Checks: riddle, quickfire and count: the expected answer (and its variants) is in no view,
    public or seated, while the trial runs; the riddle's text is shown."""
    for category, trial, players in (
        ("enigme", RIDDLE, [0]),
        ("duel", QUESTION, [0, 1]),
        ("concentration", COUNT, [0]),
    ):
        state = start(game(3), category, trial, players)
        assert state.trial is not None
        answer = trials.expected(state.trial)
        assert answer is not None
        for seat in (None, 0, 1, 2):
            view = ENGINE.view(state, seat)
            assert view.trial is not None and view.trial.text == getattr(trial, "text", QUESTION.question)
            text = view.model_dump_json()
            for accepted in [answer, *getattr(trial, "variants", [])]:
                assert f'"{accepted}"' not in text and (len(accepted) < 4 or accepted not in text)
            assert answer not in [str(v) for v in view.trial.model_dump().values()]
            assert "miroir" not in text


# =============================================================================
# Leaving
# =============================================================================


def test_resigning_in_a_duel_gives_the_duel_to_the_other() -> None:
    """« Si c'est votre adversaire qui réussit, c'est lui qui gagne l'une de vos Clés »
    Checks: the opponent leaves mid-duel: the challenger wins it (a key from the leaver); the
    challenger leaves mid-duel: the opponent wins it; the game goes on with the others."""
    state = start(game(3), "duel", QUESTION, [0, 2])
    state.players[2].keys, state.stock = 1, KEY_STOCK - 1
    step = ENGINE.resign(state, 2)
    assert of(step.events, Resigned) == [Resigned(seat=2)]
    assert of(step.events, TrialEnded)[0].winner == 0 and of(step.events, KeyWon) == [KeyWon(seat=0, source=2)]
    assert step.state.current == 1 and step.state.phase == "roll"
    state = start(game(3), "duel", QUESTION, [0, 2])
    step = ENGINE.resign(state, 0)
    assert of(step.events, TrialEnded)[0].winner == 2 and of(step.events, KeyWon) == [KeyWon(seat=2, source=None)]
    assert step.state.current == 1 and not ENGINE.is_over(step.state)


def test_the_last_player_left_wins_by_forfeit() -> None:
    """« Le joueur qui a le plus de Boyards remporte la partie ! »
    Checks: of three, two leave: the game ends at once, the one left wins by forfeit; a seat
    that left cannot leave again."""
    state = game(3)
    state = ENGINE.resign(state, 0).state
    assert not ENGINE.is_over(state) and state.current == 1
    with pytest.raises(IllegalAction):
        ENGINE.resign(state, 0)
    step = ENGINE.resign(state, 2)
    assert ENGINE.is_over(step.state) and of(step.events, GameEnded)[0].winners == [1]
    outcome = ENGINE.outcome(step.state)
    assert outcome is not None and outcome.reason == "forfeit" and outcome.winners == [1]
    assert outcome.ranking == [[1], [0, 2]]


def test_a_trial_deck_that_runs_out_is_shuffled_anew() -> None:
    """« Mélangez chaque catégorie individuellement et disposez les tas sur les emplacements
    correspondants sur le plateau. »
    House rule "reshuffle". Checks: with the CONCENTRATION deck empty, landing on it still draws
    a card: the deck is the whole category again, less the card drawn."""
    state = dice(game(3), 2)
    state.decks["concentration"] = []
    state, events = act(state, 0, Roll())
    assert of(events, TrialBegan) and state.trial is not None
    every = {card.id for card in deck("fr").trials["concentration"]}
    assert set(state.decks["concentration"]) | {state.trial.card} == every
    assert len(state.decks["concentration"]) == len(every) - 1


def test_typing_is_refused_where_no_answer_is_asked() -> None:
    """A typed answer is open only in a typed trial's play stage and in round 3's proposal:
    « faites l'épreuve demandée »; elsewhere any text
    is refused and changes nothing."""
    answer = Answer(text="le miroir")
    refused(game(), 0, answer)  # time to roll
    refused(start(game(), "concentration", SEQUENCE, [0]), 0, answer)  # the sequence is still shown
    refused(start(game(), "force", DICE, [0]), 0, answer)
    refused(start(game(), "duel", SPSW, [0, 1]), 0, answer)
    state, _ = act(start(game(), "enigme", RIDDLE, [0]), 0, answer)
    assert state.players[0].keys == 1


# =============================================================================
# Secret choices already made
# =============================================================================


def chosen(state: FortBoyardState, seat: int, action: Any) -> None:
    """``seat`` is told its choice is already made; nothing changes."""
    before = ENGINE.dump(state)
    with pytest.raises(AlreadyChosen) as refusal:
        ENGINE.apply(state, seat, action)
    assert refusal.value.key == "error.already_chosen" and ENGINE.dump(state) == before


def not_your_turn(state: FortBoyardState, seat: int, action: Any) -> None:
    with pytest.raises(NotYourTurn) as refusal:
        ENGINE.apply(state, seat, action)
    assert type(refusal.value) is NotYourTurn


def test_a_second_sign_is_told_the_choice_is_made() -> None:
    """« faites tous les deux l'épreuve demandée »
    Engine contract ``has_chosen``: a duellist who has shown a sign waits for the other's. Checks:
    a second sign (another or the same) is refused as already chosen and changes nothing; the
    other duellist still chooses; a player outside the duel is told it is not their turn; after
    a drawn round both choose again, and nobody has chosen."""
    state = start(game(3), "duel", SPSW, [0, 1])
    assert not any(ENGINE.has_chosen(state, seat) for seat in range(3))
    state, _ = act(state, 0, Show(sign="well"))
    assert [ENGINE.has_chosen(state, seat) for seat in range(3)] == [True, False, False]
    chosen(state, 0, Show(sign="stone"))
    chosen(state, 0, Show(sign="well"))
    not_your_turn(state, 2, Show(sign="stone"))
    state, events = act(state, 1, Show(sign="well"))
    assert of(events, SignsShown)[0].winner is None and ENGINE.to_act(state) == frozenset({0, 1})
    assert not any(ENGINE.has_chosen(state, seat) for seat in range(3))


def test_a_second_level_choice_is_told_the_choice_is_made() -> None:
    """« Déterminez donc entre vous le niveau de difficulté du Mot-Code pour chacun des joueurs »
    House rule "level": every player chooses in secret, at once. Checks: who has chosen waits for
    the others, and a second choice is refused as already chosen; who has not chosen yet still
    may; once everyone has, round 2 plays on and a click out of turn is just not one's turn."""
    state = game(3)
    state.round, state.phase, state.third_key = 2, "level", 0
    state, _ = act(state, 0, ChooseLevel(level="hard"))
    assert [ENGINE.has_chosen(state, seat) for seat in range(3)] == [True, False, False]
    chosen(state, 0, ChooseLevel(level="easy"))
    state, _ = act(state, 1, ChooseLevel(level="easy"))
    state, _ = act(state, 2, ChooseLevel(level="easy"))
    assert state.phase == "roll" and state.current == 1 and state.players[0].level == "hard"
    assert not any(ENGINE.has_chosen(state, seat) for seat in range(3))
    not_your_turn(state, 0, Roll())


def test_a_boat_a_shot_or_a_wrong_answer_is_a_choice_made_but_nim_is_played_in_turn() -> None:
    """« faites tous les deux l'épreuve demandée »
    Checks: in the sea battle, a duellist who has hidden their boat, then one who has fired,
    waits for the other (a second click: already chosen); in a quickfire duel, a duellist who
    answered wrong waits for the other's answer (already chosen); nim is played in turn, so a
    move out of turn is just not one's turn."""
    state = start(game(3), "duel", Battleship(kind="battleship", size=3), [0, 1])
    state, _ = act(state, 0, Hide(cell=4))
    chosen(state, 0, Hide(cell=5))
    state, _ = act(state, 1, Hide(cell=0))
    assert state.trial is not None and state.trial.stage == "play" and not ENGINE.has_chosen(state, 0)
    state, _ = act(state, 1, Fire(cell=8))
    chosen(state, 1, Fire(cell=7))
    assert [ENGINE.has_chosen(state, seat) for seat in range(3)] == [False, True, False]
    state = start(game(3), "duel", QUESTION, [0, 1])
    state, _ = act(state, 0, Answer(text="54"))
    chosen(state, 0, Answer(text="56"))
    state = start(game(3), "duel", Nim(kind="nim", sticks=10, most=3), [0, 1])
    state, _ = act(state, 0, Take(count=1))
    assert not ENGINE.has_chosen(state, 0)
    not_your_turn(state, 0, Take(count=1))


# =============================================================================
# Typed answers as long as the text box allows
# =============================================================================

LONG_ANSWERS = {
    "accents": "é" * ANSWER_LENGTH,  # two UTF-8 bytes each
    "emoji": "🏰" * ANSWER_LENGTH,  # four bytes each
    "mixed": ("Ça 👨‍👩‍👧 l’été ! 中 " * 20)[:ANSWER_LENGTH],  # one to four bytes, a joined emoji
}


@pytest.mark.parametrize("text", list(LONG_ANSWERS.values()), ids=list(LONG_ANSWERS))
def test_a_typed_answer_as_long_as_the_box_allows_is_played(text: str) -> None:
    """« faites-la lire à voix haute par votre voisin de gauche et résolvez l'énigme que le Père Fouras
    vous pose. »
    The text box takes 100 characters, each up to four UTF-8 bytes. Checks: the answer's token
    reads back as the same answer, and played on a riddle it is judged (wrong), not refused as
    malformed; one character more, or a longer token, is malformed."""
    assert len(text) == ANSWER_LENGTH
    action = ENGINE.parse_action(Answer(text=text).token())
    assert action == Answer(text=text)
    _state, events = act(start(game(3), "enigme", RIDDLE, [0]), 0, action)
    assert of(events, TrialEnded)[0].success is False and of(events, Sunk) == [Sunk(seat=0, stake="key")]
    longer = base64.urlsafe_b64encode((text + text[-1]).encode()).decode().rstrip("=")
    for token in (f"a.{longer}", "a." + "A" * (len(longer) + 4)):
        with pytest.raises(MalformedAction):
            ENGINE.parse_action(token)


def test_a_right_answer_padded_with_emoji_is_right() -> None:
    """« Si vous réussissez, bravo, vous gagnez une Clé ! »
    Checks: "le miroir" followed by emoji up to the box's 100 characters still says the
    answer: the signs are not words."""
    text = ("le miroir " + "🏰" * ANSWER_LENGTH)[:ANSWER_LENGTH]
    state, events = act(start(game(3), "enigme", RIDDLE, [0]), 0, ENGINE.parse_action(Answer(text=text).token()))
    assert of(events, TrialEnded)[0].success and state.players[0].keys == 1
