"""Forteresse Solo rule scenarios, each quoting the rule-book sentence it checks.

The rule book is shared/seeds/001_cf94b1fa1b9067fc.txt; the house rules are in
shared/HOUSE_RULES.md (Forteresse Solo) and games/forteresse/cards.py.
Every quotation between « and » in a docstring below is copied verbatim from
the rule book; ``test_quotes_are_verbatim`` checks it when the book is at hand.

Scenarios are built exactly: ``build`` makes a table (hand, deck, Heroes,
Enemies, Reserve, Paths...) and ``run`` plays it from a given step until the
engine waits for a decision, as ``apply`` does after every action.
"""

from typing import Any

import pytest

from games.core import Event, GameOver, IllegalAction, MalformedAction, NotYourTurn, Rng, RuleError
from games.forteresse import ENGINE
from games.forteresse.cards import HOUSE_RULES, full_deck, label
from games.forteresse.models import (
    Attach,
    Attack,
    Block,
    Boosted,
    BossTested,
    Bribe,
    BribeTried,
    CardsDiscarded,
    Character,
    CharacterDied,
    Discard,
    DoorRevealed,
    DoorTested,
    Drew,
    DrewCards,
    EnemyActivated,
    EnemyReturned,
    Explore,
    Explored,
    Fight,
    ForteresseState,
    FortressCombat,
    FortressReshuffled,
    GameEnded,
    KeySearched,
    KeyTaken,
    LieuPlaced,
    LieuPlayed,
    Mulligan,
    Pair,
    Pass,
    Pick,
    PlayerCombat,
    PlayLieu,
    Prompt,
    Recruit,
    ReserveFilled,
    ReserveFlushed,
    Retrieved,
    RetrievedCard,
    Site,
    StatAttached,
    StatLost,
    TreasurePillaged,
    TurnEnded,
    UndefendedAttack,
    Visited,
    parse_action,
)
from tests.games.rule_book import check_quotes
from tests.games.test_contract import _forteresse_probe

# =============================================================================
# Helpers
# =============================================================================


def C(card: str, *stats: str, tapped: bool = False) -> Character:
    """A character (Hero or Enemy) with its Stats."""
    return Character(card=card, stats=list(stats), tapped=tapped)


def build(
    *,
    hand: list[str] = (),  # type: ignore[assignment]
    deck: list[str] | None = None,
    heroes: list[Character] = (),  # type: ignore[assignment]
    enemies: list[Character] = (),  # type: ignore[assignment]
    reserve: list[str] = (),  # type: ignore[assignment]
    fortress: list[str] | None = None,
    fortress_discard: list[str] = (),  # type: ignore[assignment]
    discard: list[str] = (),  # type: ignore[assignment]
    out: list[str] = (),  # type: ignore[assignment]
    sites: list[Site] | None = None,
    doors: list[str] | None = None,
    auto_ties: bool = False,
    turn: int = 1,
    **fields: Any,
) -> ForteresseState:
    """An exact table. Paths default to Hearts, Diamonds, Clubs, Spades (empty);
    the deck, the Fortress and the Doors default to every card not used elsewhere,
    in a fixed order (suits H D C S, ranks A to K)."""
    options = ENGINE.make_options({"auto_ties": auto_ties})
    base = ENGINE.new_game(1, options, seed=7)
    sites = [Site(treasure=f"fT{s}") for s in "HDCS"] if sites is None else sites
    mine = set(hand) | set(discard) | {c for c in out if c[0] == "p"}
    for hero in heroes:
        mine |= {hero.card, *hero.stats}
    theirs = set(reserve) | set(fortress_discard) | {c for c in out if c[0] == "f"}
    for enemy in enemies:
        theirs |= {enemy.card, *enemy.stats}
    for site in sites:
        theirs |= {site.treasure, *site.lieux} | ({site.door} if site.door else set())
    if deck is None:
        deck = [c for c in full_deck("p") if c not in mine]
    if doors is None:
        doors = [c for c in ("fAH", "fAD", "fAC", "fAS") if c not in theirs]
    if fortress is None:
        fortress = [c for c in full_deck("f") if c not in theirs and c[1] not in "AT"]
    update = {
        "hand": list(hand),
        "deck": list(deck),
        "heroes": list(heroes),
        "enemies": list(enemies),
        "reserve": list(reserve),
        "fortress": list(fortress),
        "fortress_discard": list(fortress_discard),
        "discard": list(discard),
        "out": list(out),
        "sites": sites,
        "doors": list(doors),
        "turn": turn,
        "mulligan_used": True,
        "prompt": None,
        "step": "1.1",
        **fields,
    }
    state = base.model_copy(update=update)
    return ENGINE.load(ENGINE.dump(state))  # validated, and no shared lists


def run(state: ForteresseState, step: str) -> tuple[ForteresseState, list[Event]]:
    """Plays ``state`` from ``step`` until a decision is needed (what ``apply`` does)."""
    work = ENGINE.copy_state(state)
    work.step = step
    work.prompt = None
    events: list[Event] = []
    ENGINE._advance(work, events)
    return ENGINE.load(ENGINE.dump(work)), events


def act(state: ForteresseState, action: Any) -> tuple[ForteresseState, list[Event]]:
    """The player plays ``action``; the input state must be left untouched."""
    before = ENGINE.dump(state)
    step = ENGINE.apply(state, 0, action)
    assert ENGINE.dump(state) == before
    return step.state, step.events


def refused(state: ForteresseState, action: Any, error: type[RuleError] = IllegalAction) -> RuleError:
    before = ENGINE.dump(state)
    with pytest.raises(error) as info:
        ENGINE.apply(state, 0, action)
    assert ENGINE.dump(state) == before
    return info.value


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def legal(state: ForteresseState) -> list[Any]:
    return ENGINE.legal_actions(state, 0)


def tokens(state: ForteresseState) -> list[str]:
    return [a.token() for a in legal(state)]


def site(state: ForteresseState, suit: str) -> Site:
    return next(s for s in state.sites if s.treasure[2] == suit)


def hero(state: ForteresseState, card: str) -> Character:
    return next(h for h in state.heroes if h.card == card)


def enemy(state: ForteresseState, card: str) -> Character:
    return next(e for e in state.enemies if e.card == card)


def until_turn_end(events: list[Event]) -> list[Event]:
    out = []
    for event in events:
        out.append(event)
        if isinstance(event, TurnEnded):
            break
    return out


# =============================================================================
# The quotations themselves
# =============================================================================


HAND = ["p2C", "p3C", "p4C", "p5C", "p6C", "p7C", "p8C", "p9C", "pJC"]  # enough to stop on a discard choice


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "001_cf94b1fa1b9067fc.txt", minimum=82)


# =============================================================================
# Setting up
# =============================================================================


def test_setup() -> None:
    """« Dans le paquet Forteresse retirez les cartes Trésors (10) et Portes (As). Mélangez les Trésors puis
    placez-les côte à côte et faces visibles dans la zone Trésors. Mélangez les Portes puis placez-les faces
    cachées à droite des Trésors. »
    « La Forteresse contient 44 cartes en début de partie (4 Trésors et 4 Portes retirés de cette pioche et mis
    en zone Trésors / Portes). »
    « Mélangez votre paquet de 52 cartes et posez-le face cachée devant vous. »
    Checks: four Tens face up as Treasures (empty Paths), four Aces face down, a Fortress of 44
    shuffled cards, 52 player cards (six already drawn, turn 1 waits on the mulligan)."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=3)
    assert sorted(s.treasure for s in state.sites) == ["fTC", "fTD", "fTH", "fTS"]
    assert all(s.lieux == [] and s.door is None and not s.pillaged for s in state.sites)
    assert sorted(state.doors) == ["fAC", "fAD", "fAH", "fAS"]
    assert len(state.fortress) == 44 and not any(c[1] in "AT" for c in state.fortress)
    assert sorted(state.fortress + state.doors + [s.treasure for s in state.sites]) == sorted(full_deck("f"))
    assert len(state.hand) == 6 and len(state.deck) == 46
    assert sorted(state.hand + state.deck) == sorted(full_deck("p"))
    assert state.step == "1.1" and state.prompt == Prompt(kind="mulligan")
    public = ENGINE.view(state, None)
    assert public.doors_left == 4 and public.fortress_size == 44 and public.deck_size == 46
    assert all(s.status == "incomplete" for s in public.sites)
    others = [ENGINE.new_game(1, ENGINE.make_options({}), seed) for seed in range(4, 8)]
    assert len({tuple(s.fortress) for s in others}) == 4
    assert len({tuple(s.doors) for s in others}) > 1


def test_draw_up_to_six() -> None:
    """« 1.1 Pioche Joueur : Piochez les cartes sur votre paquet pour en avoir 6 en Main. »
    Checks: a hand of four draws the deck's top two; a public count and a private list of cards."""
    state = build(hand=["p2H", "p3H", "p4H", "p5H"], deck=["pKS", "p9C", "p7D", "p2S"])
    state, events = run(state, "1.1")
    assert state.hand == ["p2H", "p3H", "p4H", "p5H", "pKS", "p9C"]
    assert state.deck == ["p7D", "p2S"]
    assert of(events, Drew)[0].count == 2 and of(events, Drew)[0].audience is None
    assert of(events, DrewCards)[0].cards == ["pKS", "p9C"]
    assert of(events, DrewCards)[0].audience == frozenset({0})


def test_mulligan_on_the_first_turn_only() -> None:
    """« Note : Lors du premier Tour le joueur a droit à un Mulligan (mélanger sa Main et son paquet puis
    piocher à nouveau). »
    Checks: a new game asks mulligan or keep; taking it gives six cards from the shuffled 52;
    it is not offered again on a later turn."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=11)
    assert tokens(state) == ["mull", "keep"]
    first = list(state.hand)
    after, events = act(state, Mulligan(take=True))
    assert after.mulligan_used and len(after.hand) == 6 and after.hand != first
    assert sorted(after.hand + after.deck) == sorted(full_deck("p"))
    assert "mulligan" in [e.kind for e in events]
    later = build(hand=[], turn=1)
    later, _ = run(later, "1.1")
    assert later.prompt is None or later.prompt.kind != "mulligan"
    kept, _ = act(state, Mulligan(take=False))
    assert kept.hand == first


# =============================================================================
# Characters and Stats
# =============================================================================


def test_king_of_hearts_example() -> None:
    """« Exemple : Le Héros Roi de Cœur dans l'aire de jeu a une Vie de 2 et une Puissance de 6. Notez qu’une
    de ses Stats liées est obligatoirement un Cœur. »
    « - Vie : Nombre de cartes Stats liées à un personnage, Héros ou Ennemi. »
    « - Puissance : Total des valeurs des Stats liées à un personnage, Héros ou Ennemi. »
    Checks: the King of Hearts recruited with a 2 of Hearts, then given a 4 of Spades: Life 2, Power 6."""
    state = build(hand=["pKH", "p2H", "p4S", "p9C"])
    state, _ = run(state, "1.2")
    assert state.prompt.kind == "heroes"
    state, events = act(state, Recruit(hero=0, stat=1))
    assert state.heroes == [C("pKH", "p2H")] and state.hand == ["p4S", "p9C"]
    state, events = act(state, Attach(stat=0, hero="pKH"))
    assert of(events, StatAttached)[0] == StatAttached(step="1.2", side="hero", character="pKH", stat="p4S")
    king = ENGINE.view(state, None).heroes[0]
    assert (king.life, king.power) == (2, 6)


def test_same_suit_condition() -> None:
    """« Une des Stats liées doit obligatoirement être de la même Enseigne que celle du personnage. »
    Checks: a King of Hearts cannot come into play with only a Spade; the refusal is "forteresse.error.suit"."""
    state = build(hand=["pKH", "p4S", "p2H", "pQC"])
    state, _ = run(state, "1.2")
    assert Recruit(hero=0, stat=1) not in legal(state)
    assert refused(state, Recruit(hero=0, stat=1)).key == "forteresse.error.suit"
    assert Recruit(hero=0, stat=2) in legal(state)
    assert not any(isinstance(a, Recruit) and a.hero == 3 for a in legal(state))  # no Club Stat


def test_two_stats_at_most() -> None:
    """« Deux Stats maximum par personnage. »
    Checks: a Hero with two Stats is offered no third; forcing it is refused ("forteresse.error.two_stats")."""
    state = build(hand=["p5H", "p3D", "pJD"], heroes=[C("pKH", "p2H", "p4S")])
    state, _ = run(state, "1.2")
    assert tokens(state) == ["rc2.1", "pass"]
    assert not any(isinstance(a, Attach) for a in legal(state))
    assert refused(state, Attach(stat=0, hero="pKH")).key == "forteresse.error.two_stats"


def test_hero_never_stays_without_stat() -> None:
    """« Un Héros sans Stat en jeu à la fin de cette étape retourne dans votre Main. »
    Checks: a Hero comes into play only together with a Stat of its suit, so after 1.2 a Hero
    with no Stat is still in the hand (never on the table)."""
    state = build(hand=["pKH", "pQS", "p2S"])
    state, _ = run(state, "1.2")
    assert [a.token() for a in legal(state)] == ["rc1.2", "pass"]
    state, _ = act(state, Pass())
    assert state.heroes == [] and "pKH" in state.hand and "pQS" in state.hand


# =============================================================================
# Phase I: the Fortress
# =============================================================================


def test_fortress_fills_reserve_to_six() -> None:
    """« 1.3 Pioche Forteresse : Piochez des cartes sur la Forteresse et placez-les faces visibles dans la zone
    Réserve jusqu’à obtenir 6 cartes dans cette zone. »
    Checks: a Reserve of two Lieux (for a full Path) gets four cards from the Fortress top."""
    sites = [Site(treasure="fTH", lieux=["f6H", "f7H"]), *[Site(treasure=f"fT{s}") for s in "DCS"]]
    state = build(hand=["p2C"], reserve=["f8H", "f9H"], fortress=["f2C", "f3C", "f4C", "f5C", "f2S"], sites=sites)
    state, events = run(state, "1.3")
    assert of(events, ReserveFilled) == [ReserveFilled(step="1.3", cards=["f2C", "f3C", "f4C", "f5C"])]
    assert state.fortress == ["f2S"]
    assert state.reserve[:2] == ["f8H", "f9H"]


def test_fortress_reshuffles_as_soon_as_empty() -> None:
    """« Note : Dès que la Forteresse est vide, mélangez la défausse pour reconstituer la Forteresse. »
    Checks: two cards left and five in the discard: the discard becomes the Fortress (shuffled)
    the moment the second card is drawn, and the Reserve still reaches six."""
    sites = [Site(treasure=f"fT{s}", lieux=[f"f6{s}", f"f7{s}"]) for s in "HDCS"]
    state = build(
        hand=["p2C"], fortress=["f2C", "f3C"], fortress_discard=["f8H", "f8D", "f8C", "f8S", "f9H"], sites=sites
    )
    state, events = run(state, "1.3")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["reserve_filled", "fortress_reshuffled", "reserve_filled"]
    assert of(events, FortressReshuffled)[0].count == 5
    assert of(events, ReserveFilled)[0].cards == ["f2C", "f3C"]
    assert len(state.reserve) == 6 and state.reserve[:2] == ["f2C", "f3C"]
    assert sorted(state.reserve[2:] + state.fortress) == sorted(["f8H", "f8D", "f8C", "f8S", "f9H"])


def test_enemies_activated() -> None:
    """« 1.4 Activation Ennemis : Déplacez les Ennemis de la zone Réserve vers la zone Combat de la Forteresse. »
    Checks: both figures of the Reserve move to the Combat zone (an Enemy of Hearts takes the
    Heart Stat; the Club one, with no Stat, goes back at 1.7)."""
    state = build(hand=["p2C"], reserve=["fKH", "f3H", "fJC"], fortress=[])
    state, events = run(state, "1.4")
    events = until_turn_end(events)
    assert [e.enemy for e in of(events, EnemyActivated)] == ["fKH", "fJC"]
    assert state.enemies == [C("fKH", "f3H")]
    assert of(events, EnemyReturned)[0].enemy == "fJC"


def test_enemy_stats_order() -> None:
    """« 1.5 Stats Ennemis : Déplacez les Stats de la zone Réserve vers les Ennemis en zone Combat, en commençant
    par l’Ennemi ayant le plus de Puissance, dans l’ordre de la plus forte valeur de Stat de même Enseigne
    jusqu’à la plus petite, puis d’Enseigne différente »
    « Continuez jusqu’à ce que toutes les Stats en Réserve pouvant être liées soient attribuées aux Ennemis. »
    Checks: the Queen of Hearts (Power 3) is served first and takes the 4 of Hearts; the new King of
    Spades then takes its 5 of Spades, then the highest other suit (5 of Clubs); the 2 of Hearts is left."""
    state = build(hand=["p2C"], enemies=[C("fQH", "f3H")], reserve=["fKS", "f2H", "f5C", "f4H", "f5S"], fortress=[])
    state, events = run(state, "1.4")
    attached = [(e.character, e.stat) for e in of(events, StatAttached)]
    assert attached == [("fQH", "f4H"), ("fKS", "f5S"), ("fKS", "f5C")]
    assert enemy(state, "fQH").stats == ["f3H", "f4H"]
    assert enemy(state, "fKS").stats == ["f5S", "f5C"]
    assert state.reserve == ["f2H"]


def test_enemy_stat_tie_is_asked() -> None:
    """« (en cas d’égalité le joueur choisit) »
    Checks: the King of Hearts (Power 3) may take the 5 of Clubs or the 5 of Spades; the Queen of
    Spades waits for a Spade, so the choice matters: the engine asks, and the answer is applied."""
    state = build(enemies=[C("fKH", "f3H")], reserve=["fQS", "f5C", "f5S"], fortress=[])
    state, _ = run(state, "1.4")
    assert state.step == "1.5" and state.prompt == Prompt(kind="enemy_stat", focus="fKH", options=["f5C", "f5S"])
    assert tokens(state) == ["pk.f5C", "pk.f5S"]
    state, _events = act(state, Pick(card="f5C"))
    assert enemy(state, "fKH").stats == ["f3H", "f5C"]
    assert enemy(state, "fQS").stats == ["f5S"]


def test_enemy_order_tie_is_asked() -> None:
    """« en commençant par l’Ennemi ayant le plus de Puissance »
    « (en cas d’égalité le joueur choisit) »
    Checks: two new Enemies (Power 0) of different suits: whichever goes first takes the other's
    off-suit Stat, so the engine asks which Enemy is served first."""
    state = build(hand=HAND, reserve=["fKH", "fQS", "f5H", "f3S", "f4C"], fortress=[])
    state, _ = run(state, "1.4")
    assert state.prompt == Prompt(kind="enemy_order", options=["fKH", "fQS"])
    state, _ = act(state, Pick(card="fQS"))
    assert enemy(state, "fQS").stats == ["f3S", "f5H"]
    assert [e.card for e in state.enemies] == ["fQS"] and "fKH" in state.reserve


def test_lieux_placed_highest_first() -> None:
    """« 1.6 Lieux Ennemis : Déplacez les Lieux de la zone Réserve vers un emplacement libre de la zone
    Exploration, dans l’ordre de la plus forte valeur de Lieu jusqu’à la plus petite (en cas d’égalité le
    joueur choisit). Respectez les conditions de placement des Lieux. »
    « Les Lieux placés dans un Chemin doivent toujours être de la même ENSEIGNE que le Trésor correspondant. Le
    maximum de Lieux composant un Chemin est de deux. »
    Checks: three Lieux of Hearts for the empty Hearts Path: the 9 and the 7 are placed, the 6 stays
    in the Reserve; the Lieu of Clubs goes to the Clubs Path only."""
    state = build(hand=["p2C"], reserve=["f6H", "f9H", "f7C", "f7H"], fortress=[])
    state, events = run(state, "1.3")
    assert [(e.lieu, e.path) for e in of(events, LieuPlaced)] == [("f9H", "H"), ("f7C", "C"), ("f7H", "H")]
    assert site(state, "H").lieux == ["f9H", "f7H"] and site(state, "C").lieux == ["f7C"]
    assert state.reserve == ["f6H"]


def test_enemies_without_stat_back_to_reserve() -> None:
    """« 1.7 Réserve : Déplacez les Ennemis sans Stat liée de la zone Combat vers la zone Réserve. »
    Checks: a Jack of Diamonds with no Diamond Stat available returns to the Reserve."""
    state = build(hand=["p2C"], reserve=["fJD", "f4S"], fortress=[])
    state, events = run(state, "1.4")
    assert state.enemies == [] and set(state.reserve) == {"fJD", "f4S"}
    assert of(events, EnemyReturned) == [EnemyReturned(step="1.7", enemy="fJD")]


# =============================================================================
# Phase II: Exploration
# =============================================================================


def open_diamonds(**fields: Any) -> ForteresseState:
    sites = [
        Site(treasure="fTH"),
        Site(treasure="fTD", lieux=["f6D", "f7D"]),
        Site(treasure="fTC"),
        Site(treasure="fTS"),
    ]
    return build(sites=sites, **fields)


def test_explorer_is_tapped_one_per_turn() -> None:
    """« 2.1 Explorateur : Vous pouvez explorer si au moins un Héros est en zone Combat. Engagez le Héros choisi
    (un seul par Tour) pour indiquer qu’il est l’Explorateur et choisissez un Chemin, sinon passez à la Phase
    III (Combat). »
    Checks: with no Hero the step is skipped; with two Heroes, one explores (tapped) and no second
    exploration is offered that turn."""
    nobody, _ = run(build(hand=["p2C"]), "2.1")
    assert nobody.step == "4.2"
    state = open_diamonds(hand=["p8D", "p6D", "p2C"], heroes=[C("pKH", "p2H"), C("pQS", "p3S")], fortress=["fJC"])
    state, _ = run(state, "2.1")
    assert state.prompt.kind == "explore"
    assert "ex.pKH.D" in tokens(state) and "ex.pQS.C" in tokens(state) and "pass" in tokens(state)
    skipped, _ = act(state, Pass())
    assert skipped.step == "4.2" and not any(h.tapped for h in skipped.heroes)
    state, _ = act(state, Explore(hero="pKH", path="D"))
    assert state.step == "2.3" and state.prompt.kind == "lieux"
    assert hero(state, "pKH").tapped and not hero(state, "pQS").tapped
    assert ENGINE.view(state, None).heroes[0].explorer


def test_visit_incomplete_path() -> None:
    """« Si le Chemin est incomplet, retournez la carte sur la Forteresse. S’il s’agit d’un Lieu pouvant être
    placé en zone Exploration, placez-le dans le Chemin correspondant. Sinon placez la carte face cachée sous
    la Forteresse. »
    « Passez ensuite à la Phase III (Combat). »
    Checks: a Lieu of Hearts flipped joins the Hearts Path; a figure goes under the Fortress."""
    state = build(hand=["p2C"], heroes=[C("pKH", "p2H")], fortress=["f8H", "fJC", "f2S"])
    state, _ = run(state, "2.1")
    placed, events = act(state, Explore(hero="pKH", path="H"))
    assert of(events, Visited) == [Visited(step="2.2", path="H", card="f8H", placed_on="H")]
    assert site(placed, "H").lieux == ["f8H"] and placed.fortress == ["fJC", "f2S"]
    state = state.model_copy(update={"fortress": ["fJC", "f2S"]})
    under, events = act(state, Explore(hero="pKH", path="H"))
    assert of(events, Visited)[0].placed_on is None
    assert under.fortress == ["f2S", "fJC"] and site(under, "H").lieux == []


def test_house_rule_13_visit_lieu_goes_to_its_own_path() -> None:
    """House rule 13: visiting the incomplete Hearts Path flips a 7 of Diamonds: it goes to the
    Diamonds Path (the only one it may join); a Lieu whose Path is full goes under the Fortress."""
    state = build(hand=["p2C"], heroes=[C("pKH", "p2H")], fortress=["f7D", "f2S"])
    state, _ = run(state, "2.1")
    after, events = act(state, Explore(hero="pKH", path="H"))
    assert of(events, Visited)[0].placed_on == "D"
    assert site(after, "D").lieux == ["f7D"] and site(after, "H").lieux == []
    full = [
        Site(treasure="fTH"),
        Site(treasure="fTD", lieux=["f6D", "f8D"]),
        Site(treasure="fTC"),
        Site(treasure="fTS"),
    ]
    state = build(hand=["p2C"], heroes=[C("pKH", "p2H")], fortress=["f7D", "f2S"], sites=full)
    state, _ = run(state, "2.1")
    after, events = act(state, Explore(hero="pKH", path="H"))
    assert of(events, Visited)[0].placed_on is None and after.fortress == ["f2S", "f7D"]


def test_difficulty_example_six_plus_seven() -> None:
    """« Ce niveau est égal au total des valeurs des deux Lieux composant un Chemin (Ex: 6 + 7 de Carreau =
    Niveau 13) auquel on ajoute le Boost Chemin. »
    « 2.5 Résoudre l’Exploration : Comparez vos Points d’Exploration au Niveau de Difficulté. Si vos Points
    sont supérieurs ou égaux au Niveau, l’exploration est un succès. »
    Checks: the 6 and 7 of Diamonds show difficulty 13; the boost card is a figure (adds 0): a Hero
    of Power 5 with an 8 of Diamonds makes 13, which is enough."""
    state = open_diamonds(hand=["p8D", "p2C"], heroes=[C("pQD", "p5D")], fortress=["fJC", "f2S"])
    assert ENGINE.view(state, None).sites[1].difficulty == 13
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))  # the only Lieu is played at once
    assert of(events, LieuPlayed) == [LieuPlayed(step="2.3", card="p8D")]
    assert of(events, Boosted) == [Boosted(step="2.4", boost="path", target="D", card="fJC", value=0)]
    assert of(events, Explored) == [Explored(step="2.5", path="D", points=13, level=13, success=True)]
    assert site(state, "D").explored


def test_path_boost() -> None:
    """« Boost Chemin : Retournez la carte sur la Forteresse face visible. S’il s’agit d’une Stat, ajoutez sa
    valeur au Niveau de Difficulté Exploration puis placez le Boost dans la défausse. Sinon placez la carte
    sous la Forteresse, face cachée. »
    Checks: a 2 of Clubs raises the level from 13 to 15 (13 points fail) and goes to the Fortress
    discard; a figure adds nothing and goes under the Fortress."""
    state = open_diamonds(hand=["p8D", "p2C"], heroes=[C("pQD", "p5D")], fortress=["f2C", "fJS"])
    state, _ = run(state, "2.1")
    failed, events = act(state, Explore(hero="pQD", path="D"))
    assert of(events, Explored)[0].level == 15 and not of(events, Explored)[0].success
    assert failed.fortress_discard == ["f2C"] and failed.fortress == ["fJS"]
    state = state.model_copy(update={"fortress": ["fJS", "f2C"]})
    passed, events = act(state, Explore(hero="pQD", path="D"))
    assert of(events, Explored)[0].level == 13 and passed.fortress == ["f2C", "fJS"]


def test_exploration_points_need_a_lieu_of_the_path() -> None:
    """« 2.3 Calcul des Points d’Exploration : Posez en jeu les Lieux de votre choix depuis votre Main puis
    additionnez les valeurs des Stats du Héros Explorateur et des Lieux joués. Au moins un des Lieux joués doit
    avoir la même Enseigne que celle du Chemin visité. Le total constitue vos Points d’Exploration. »
    Checks: after a 9 of Spades only, "pass" (stop playing Lieux) is refused; after the 6 of
    Diamonds it is allowed and the points are Power 4 + 9 + 6 = 19."""
    state = open_diamonds(hand=["p9S", "p6D", "p7H", "p2C"], heroes=[C("pQD", "p4D")], fortress=["f5C"])
    state, _ = run(state, "2.1")
    state, _ = act(state, Explore(hero="pQD", path="D"))
    state, _ = act(state, PlayLieu(card=0))
    assert Pass() not in legal(state)
    assert refused(state, Pass()).key == "forteresse.error.need_lieu"
    state, _ = act(state, PlayLieu(card=0))
    assert ENGINE.view(state, 0).exploration.points == 19
    state, events = act(state, Pass())
    assert of(events, Explored)[0] == Explored(step="2.5", path="D", points=19, level=18, success=True)


def test_failed_exploration() -> None:
    """« Si l’exploration est un échec, le Héros explorateur reste en jeu, engagé, sans accéder au Trésor et le
    Chemin reste ouvert. Passez à la Phase III (Combat). »
    « Mettez vos Lieux joués à la défausse. »
    Checks: points 11 against 13: the Hero stays tapped, the Path open, no Door revealed, the Lieu
    played is in the discard."""
    state = open_diamonds(hand=["p6D", "p2C"], heroes=[C("pQD", "p5D")], fortress=["fJC"])
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))
    assert not of(events, Explored)[0].success
    assert site(state, "D").lieux == ["f6D", "f7D"] and not site(state, "D").explored
    assert site(state, "D").door is None and len(state.doors) == 4
    assert state.step == "4.2" and state.discard == ["p6D"]
    assert "untapped" in [e.kind for e in events]  # tapped until 4.1
    assert ENGINE.view(state, None).sites[1].status == "open"


def test_successful_exploration_reaches_the_treasure() -> None:
    """« Si l’exploration est un succès, retournez face cachée les deux Lieux du Chemin pour indiquer qu'il est
    exploré puis accédez au Trésor correspondant au Chemin en allant à l'étape 2.6. »
    « 2.6 Accès au Trésor : Si aucune Porte n’est associée au Trésor, placez la première carte des Portes face
    visible sur le Trésor. »
    « Faites un Test Porte. En cas de succès, retournez face cachée le Trésor accédé pour indiquer qu’il est
    pillé. »
    Checks: the Path becomes explored, the top Door (Ace of Spades) goes onto the Diamonds Treasure,
    the Ace of Spades in hand opens it: Key and Door out of the game, the Treasure pillaged."""
    state = open_diamonds(
        hand=["p8D", "pAS", "p2C"], heroes=[C("pQD", "p5D")], fortress=["fJC"], doors=["fAS", "fAH", "fAD", "fAC"]
    )
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))
    assert of(events, DoorRevealed) == [DoorRevealed(step="2.6", path="D", door="fAS")]
    assert of(events, DoorTested) == [DoorTested(step="2.6", path="D", door="fAS", key="pAS", success=True)]
    assert of(events, TreasurePillaged) == [TreasurePillaged(step="2.6", path="D", treasure="fTD", count=1)]
    diamonds = site(state, "D")
    assert diamonds.explored and diamonds.pillaged and diamonds.door is None
    assert set(state.out) == {"pAS", "fAS"} and "pAS" not in state.hand and "pAS" not in state.discard
    assert state.doors == ["fAH", "fAD", "fAC"]
    assert ENGINE.view(state, None).sites[1].status == "explored"


def test_door_test_needs_the_key() -> None:
    """« Test : Pour réussir le test le joueur doit mettre en jeu depuis sa Main la Clé de même Enseigne que la
    Porte associée au Trésor auquel il accède. Si le test est un succès, la Clé et la Porte sont mis hors-jeu
    pour le reste de la partie. »
    « Si le joueur n’a pas la Clé de même Enseigne en Main, le test est un échec. »
    « Si le test échoue, le Trésor et la Porte restent en jeu faces visibles et vous devez faire un Test
    d’Apparition. »
    Checks: holding the Ace of Hearts against a Door of Spades fails; the Door stays on the Treasure,
    face up, and a Boss test follows (failing here: nothing in the Reserve)."""
    state = open_diamonds(
        hand=["p8D", "pAH", "p2C"], heroes=[C("pQD", "p5D")], fortress=["fJC"], doors=["fAS", "fAH", "fAD", "fAC"]
    )
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))
    assert of(events, DoorTested)[0].success is False
    assert site(state, "D").door == "fAS" and not site(state, "D").pillaged
    assert of(events, BossTested) == [BossTested(step="2.6", success=False)]
    assert "pAH" in state.hand


def test_house_rule_9_door_suit_not_treasure_suit() -> None:
    """House rule 9: the Door on the Treasure of Diamonds is the Ace of Spades that came off the pile;
    the Ace of Diamonds (the Treasure's suit) does not open it."""
    sites = [
        Site(treasure="fTH"),
        Site(treasure="fTD", lieux=["f6D", "f7D"], explored=True, door="fAS"),
        Site(treasure="fTC"),
        Site(treasure="fTS"),
    ]
    state = build(hand=["pAD", "p2C"], heroes=[C("pQD", "p5D")], sites=sites)
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))
    assert of(events, DoorTested)[0].success is False and "pAD" in state.hand


def test_explored_path_goes_straight_to_the_treasure() -> None:
    """« 2.2 Visite : Si le Chemin est ouvert, passez à l’étape 2.3. Si le Chemin est exploré, passez à l’étape
    2.6. »
    Checks: back on an explored Path with the right Key, no Lieu is needed and no boost is drawn:
    the Door test succeeds at once."""
    sites = [
        Site(treasure="fTH"),
        Site(treasure="fTD", lieux=["f6D", "f7D"], explored=True, door="fAS"),
        Site(treasure="fTC"),
        Site(treasure="fTS"),
    ]
    state = build(hand=["pAS", "p2C"], heroes=[C("pJH", "p2H")], sites=sites, fortress=["f5C"])
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pJH", path="D"))
    assert not of(events, Boosted) and of(events, DoorTested)[0].success
    assert site(state, "D").pillaged and state.fortress == ["f5C"]


def test_boss_appears_after_a_failed_door() -> None:
    """« Test : Si au moins un Ennemi et un Lieu sont présents en zone Réserve, le Lieu en Réserve ayant la
    valeur la plus élevée est immédiatement lié à un Ennemi en Réserve (de même Enseigne si possible, au choix
    du joueur en cas d'égalité). La carte Lieu est désormais considérée comme une Stat et l’Ennemi comme un
    Boss. Placez l’Ennemi Boss en zone de combat de la Forteresse. »
    Checks: Reserve King of Clubs, Jack of Spades, 9 of Spades, 6 of Hearts: the 9 goes to the Jack
    of Spades (same suit), a Boss of Power 9 that attacks in the same turn."""
    sites = [
        Site(treasure="fTH"),
        Site(treasure="fTD", lieux=["f6D", "f7D"], explored=True, door="fAS"),
        Site(treasure="fTC"),
        Site(treasure="fTS", lieux=["f7S", "f8S"]),
    ]
    state = build(hand=["p2C", "p3C"], heroes=[C("pJH", "p2H")], sites=sites, reserve=["fKC", "fJS", "f9S", "f6H"])
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pJH", path="D"))
    assert of(events, BossTested) == [BossTested(step="2.6", success=True, enemy="fJS", lieu="f9S")]
    assert enemy(state, "fJS").stats == ["f9S"] and state.reserve == ["fKC", "f6H"]
    view = ENGINE.view(state, None)
    assert view.enemies[0].boss and view.enemies[0].power == 9
    assert of(events, UndefendedAttack)[0] == UndefendedAttack(step="3.4", enemy="fJS", owed=9)


def test_boss_test_tie_is_asked() -> None:
    """« (de même Enseigne si possible, au choix du joueur en cas d'égalité) »
    Checks: two 8s (Hearts, Clubs) and Enemies of Diamonds and Clubs: the 8 of Clubs goes to the
    Club (same suit) without a question; with a Diamond and a Spade Enemy instead, the engine asks
    among the four pairs."""
    state = build(hand=["p2C"], reserve=["fQD", "fJC", "f8H", "f8C"], turn=1)
    state, events = run(state, "4.3")
    assert of(events, BossTested)[0].enemy == "fJC" and of(events, BossTested)[0].lieu == "f8C"
    state = build(hand=["p2C"], reserve=["fQD", "fJS", "f8H", "f8C"], turn=1)
    state, _ = run(state, "4.3")
    assert state.prompt.kind == "boss"
    assert tokens(state) == ["bs.f8H.fQD", "bs.f8H.fJS", "bs.f8C.fQD", "bs.f8C.fJS"]
    state, events = act(state, Pair(lieu="f8C", enemy="fJS"))
    assert of(events, BossTested)[0] == BossTested(step="4.3", success=True, enemy="fJS", lieu="f8C")
    assert enemy(state, "fJS").stats == ["f8C"]


def test_boss_tie_between_two_enemies_of_one_suit_is_asked() -> None:
    """« le Lieu en Réserve ayant la valeur la plus élevée est immédiatement lié à un Ennemi en Réserve (de même
    Enseigne si possible, au choix du joueur en cas d'égalité) »
    Checks: Reserve Jack of Hearts, King of Hearts, 9 of Hearts at 4.3: two Enemies of the Lieu's suit
    tie, and they are two cards, so the player is asked which one becomes the Boss (the engine picks
    none). The King is chosen: it enters the Combat zone with the 9, the Jack stays in the Reserve.
    The computer player answers the same question with one of the two pairs; under ``auto_ties`` the
    first Enemy in Reserve order (the Jack) becomes the Boss without a question."""
    table = build(hand=["p2C"], reserve=["fJH", "fKH", "f9H"], deck=[])  # the game stops at the next turn
    state, events = run(table, "4.3")
    assert not of(events, BossTested)
    assert state.prompt == Prompt(kind="boss", pairs=[("f9H", "fJH"), ("f9H", "fKH")])
    assert tokens(state) == ["bs.f9H.fJH", "bs.f9H.fKH"] and state.step == "4.3"
    bot = ENGINE.choose(ENGINE.view(state, 0), legal(state), Rng.from_seed(1))
    assert bot in legal(state)
    state, events = act(state, Pair(lieu="f9H", enemy="fKH"))
    assert of(events, BossTested) == [BossTested(step="4.3", success=True, enemy="fKH", lieu="f9H")]
    assert state.enemies == [C("fKH", "f9H")] and state.reserve == ["fJH"]
    assert refused(run(table, "4.3")[0], Pair(lieu="f9H", enemy="fQH")).key == "forteresse.error.not_an_option"
    auto = build(hand=["p2C"], reserve=["fJH", "fKH", "f9H"], auto_ties=True)
    auto, events = run(auto, "4.3")
    assert of(events, BossTested) == [BossTested(step="4.3", success=True, enemy="fJH", lieu="f9H")]


def test_computer_player_boss_tie_keeps_the_lieu_that_can_complete_a_path() -> None:
    """The computer player on a Boss test tie between two 8s: the Hearts Path is full, the Clubs one
    has room, so the Boss takes the 8 of Hearts and the 8 of Clubs may still join its Path."""
    sites = [
        Site(treasure="fTH", lieux=["f6H", "f7H"]),
        Site(treasure="fTD"),
        Site(treasure="fTC"),
        Site(treasure="fTS"),
    ]
    state, _ = run(build(hand=["p2C"], reserve=["fQD", "fJS", "f8C", "f8H"], sites=sites), "4.3")
    assert state.prompt.kind == "boss" and len(legal(state)) == 4
    assert ENGINE.choose(ENGINE.view(state, 0), legal(state), Rng.from_seed(3)) == Pair(lieu="f8H", enemy="fQD")


def test_boss_takes_one_more_stat() -> None:
    """« Dans les mécaniques de jeu, un Boss est également considéré comme un Personnage Ennemi, il peut recevoir
    une Stat supplémentaire et doit respecter les conditions appliquées aux cartes Personnage. »
    Checks: a Boss of Spades holding a 9 of Spades is served first at 1.5 (Power 9) and takes the
    5 of Hearts (it holds a Spade): Power 14, the most a Boss can reach. A Boss whose Lieu is of
    another suit takes only a Stat of its own suit."""
    state = build(hand=["p2C"], enemies=[C("fJS", "f9S")], reserve=["fQH", "f5H"], fortress=[])
    state, _ = run(state, "1.4")
    assert enemy(state, "fJS").stats == ["f9S", "f5H"] and ENGINE.view(state, None).enemies[0].power == 14
    other = build(hand=["p2C"], enemies=[C("fJS", "f9H")], reserve=["f5H", "f2S"], fortress=[])
    other, _ = run(other, "1.4")
    assert enemy(other, "fJS").stats == ["f9H", "f2S"] and other.reserve == ["f5H"]


def test_boss_test_fails_without_a_pair() -> None:
    """« Si aucune association ne peut être réalisée, le test est un échec. Aucune action n’est effectuée. »
    Checks: a Lieu but no Enemy in the Reserve: nothing moves."""
    state = build(hand=["p2C"], reserve=["f8H", "f3C"])
    state, events = run(state, "4.3")
    assert of(events, BossTested)[0].success is False
    assert state.enemies == []


# =============================================================================
# Phase III: Combat
# =============================================================================


def test_no_enemy_no_combat() -> None:
    """« 3.1 Attaques Forteresse : Les Ennemis en zone de Combat attaquent le joueur. »
    « Si aucun Ennemi n’est présent dans la zone Combat, passez à la Phase IV (Restauration). »
    Checks: with Heroes and Tens in hand but no Enemy, no bribe, defender or attack is offered."""
    state = build(hand=["pTH", "p2C"], heroes=[C("pKH", "p2H")])
    state, _ = run(state, "3.1")
    assert state.step == "4.2" and state.prompt.kind == "restore"


def test_undefended_attack_example() -> None:
    """« L’ennemi attaquant a deux Stats liées de valeurs 4 et 5. Le joueur sans Défense doit donc se défausser
    de 5 cartes (Stat de plus forte valeur). Il défausse les deux cartes qu’il a en Main puis trois sur son
    paquet. »
    « • Attaque Sans Défense : le joueur défausse autant de cartes de sa Main que la valeur de Stat la plus
    élevée liée à l'attaquant. Si le joueur n'a plus de cartes en Main pour atteindre ce total il défausse
    ensuite les cartes sur son paquet. »
    Checks: Stats 4 and 5, a hand of two: the two hand cards, then the deck's top three, go to the
    discard (all public: the discard is face up)."""
    state = build(
        hand=["p9C", "pKD"], enemies=[C("fQS", "f4S", "f5H")], deck=["p2H", "p3H", "p4H", "p5H", "p6H", "p7H"]
    )
    state, events = run(state, "3.1")
    turn = until_turn_end(events)
    assert of(turn, UndefendedAttack) == [UndefendedAttack(step="3.4", enemy="fQS", owed=5)]
    assert of(turn, CardsDiscarded) == [
        CardsDiscarded(step="3.4", source="hand", cards=["p9C", "pKD"]),
        CardsDiscarded(step="3.4", source="deck", cards=["p2H", "p3H", "p4H"]),
    ]
    assert all(e.audience is None for e in turn)
    assert state.discard[:5] == ["p9C", "pKD", "p2H", "p3H", "p4H"]


def test_house_rule_22_undefended_picks_from_a_bigger_hand() -> None:
    """House rule 22: an attack of 4 against a hand of six: the player picks the four cards, one at
    a time; the deck is untouched."""
    state = build(hand=["p9C", "pKD", "p2S", "p3S", "pAH", "p7H"], enemies=[C("fQS", "f4S")], deck=["p2H", "p3H"])
    state, _ = run(state, "3.1")
    assert state.prompt == Prompt(kind="discard", focus="fQS", owed=4)
    for _ in range(4):
        state, _events = act(state, Discard(card=0))
    assert state.hand == ["pAH", "p7H"] and state.deck == ["p2H", "p3H"]
    assert state.discard == ["p9C", "pKD", "p2S", "p3S"]


def test_combat_example_hero_loses_the_four() -> None:
    """« Un Ennemi (Stat liée 5) attaque un Héros (Stats 2 et 4). Le Boost Ennemi révèle une Stat de valeur 2. »
    « Ennemi : Vie = 1 (une carte Stat), Puissance = 5 (valeur 5). Carte Boost Stat = 2. Total Puissance = 7
    (5+2). »
    « Héros : Vie = 2 (deux cartes Stat), Puissance = 6 (valeurs 2 et 4). »
    « L’attaque est un succès : le Héros perd sa Stat la plus forte (4) mais reste en jeu car il lui reste 1 Vie
    (une Stat liée). »
    Checks: Enemy 5 + boost 2 = 7 against 2 + 4 = 6: the Hero loses the 4 (to the discard) and
    stays with Life 1; the boost 2 goes to the Fortress discard."""
    state = build(
        hand=["p9C", "p8C"], heroes=[C("pKD", "p2D", "p4S")], enemies=[C("fJH", "f5H")], fortress=["f2C", "fKS"]
    )
    state, _ = run(state, "3.1")
    assert state.prompt.kind == "defenders" and tokens(state) == ["bl.pKD.fJH", "pass"]
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, Boosted) == [Boosted(step="3.4", boost="enemy", target="fJH", card="f2C", value=2)]
    assert of(events, FortressCombat) == [
        FortressCombat(step="3.4", enemy="fJH", hero="pKD", attack=7, defense=6, success=True)
    ]
    assert of(events, StatLost) == [StatLost(step="3.4", side="hero", character="pKD", stat="p4S")]
    assert hero(state, "pKD").stats == ["p2D"] and "p4S" in state.discard
    assert "f2C" in state.fortress_discard
    assert ENGINE.view(state, None).heroes[0].life == 1


def test_blocked_attack_can_fail() -> None:
    """« • Attaque bloquée par un Défenseur : Effectuez un Boost Ennemi. Comparez ensuite le total Puissance de
    l'Attaquant à celui du Défenseur. »
    « S’il est supérieur ou égal, l’Attaque est réussie et le Défenseur perd immédiatement sa Stat ayant la valeur
    la plus élevée (au choix du joueur en cas d’égalité). Sinon l’attaque est un échec. »
    Checks: 5 + 0 (a figure revealed, put under the Fortress) against 6: nothing happens to the Hero;
    5 + 1... a 2 against a Hero of 7: fails too; 5 + 2 against 7 succeeds (equal is enough)."""
    base = {"hand": ["p9C", "p8C"], "enemies": [C("fJH", "f5H")]}
    state = build(heroes=[C("pKD", "p2D", "p4S")], fortress=["fKS", "f2C"], **base)
    state, _ = run(state, "3.1")
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, FortressCombat)[0].success is False and hero(state, "pKD").stats == ["p2D", "p4S"]
    assert state.fortress == ["f2C", "fKS"]
    state = build(heroes=[C("pKD", "p3D", "p4S")], fortress=["f2C"], **base)
    state, _ = run(state, "3.1")
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, FortressCombat)[0] == FortressCombat(
        step="3.4", enemy="fJH", hero="pKD", attack=7, defense=7, success=True
    )


def test_defender_stat_tie_is_asked() -> None:
    """« le Défenseur perd immédiatement sa Stat ayant la valeur la plus élevée (au choix du joueur en cas
    d’égalité) »
    Checks: a Hero with two 3s loses one of the player's choice."""
    state = build(hand=["p9C", "p8C"], heroes=[C("pKD", "p3D", "p3S")], enemies=[C("fJH", "f5H")], fortress=["f2C"])
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pKD", enemy="fJH"))
    assert state.prompt == Prompt(kind="lose_stat", focus="pKD", options=["p3D", "p3S"])
    state, _events = act(state, Pick(card="p3S"))
    assert hero(state, "pKD").stats == ["p3D"] and state.step == "3.5"


def test_one_defender_per_attacker() -> None:
    """« 3.3 Défenseurs Joueur : vous pouvez désigner un Héros non-engagé en zone de Combat comme Défenseur pour
    chaque Attaquant (un seul défenseur par attaquant). »
    « Si vous ne pouvez ou ne voulez pas en désigner un, l’attaque est considérée comme Sans Défense. »
    Checks (and house rule 15): once the Jack of Hearts is blocked, no other Hero may block it, and the
    Hero that blocks is not offered for the other attacker; a tapped Hero is never offered."""
    state = build(
        hand=["p9C", "p8C"],
        heroes=[C("pKD", "p5D"), C("pQS", "p4S"), C("pJC", "p5C", tapped=True)],
        enemies=[C("fJH", "f2H"), C("fKS", "f2S")],
    )
    state, _ = run(state, "3.1")
    assert not any("pJC" in t for t in tokens(state))
    state, _ = act(state, Block(hero="pKD", enemy="fJH"))
    assert tokens(state) == ["bl.pQS.fKS", "pass"]
    assert refused(state, Block(hero="pQS", enemy="fJH")).key == "forteresse.error.assigned"


def test_fortress_combats_by_decreasing_power() -> None:
    """« 3.4 Combats Forteresse : Résoudre chaque combat comme suit, en commençant par l'Attaquant ayant la
    Puissance la plus élevée (au choix du joueur en cas d’égalité), puis par ordre décroissant de Puissance. »
    Checks: attackers of Power 3, 7 and 5 (listed in that order) fight 7, 5, 3; a tie between two
    defended attackers (both need a boost) is asked."""
    state = build(
        hand=[], enemies=[C("fJH", "f3H"), C("fKS", "f5S", "f2S"), C("fQC", "f5C")], deck=["p2H"] * 0 + full_deck("p")
    )
    state, events = run(state, "3.1")
    assert [e.enemy for e in of(until_turn_end(events), UndefendedAttack)] == ["fKS", "fQC", "fJH"]
    tied = build(
        hand=["p9C"],
        heroes=[C("pKD", "p5D"), C("pQS", "p4S")],
        enemies=[C("fJH", "f4H"), C("fKS", "f4S")],
        fortress=["fJD", "fQD"],
    )
    tied, _ = run(tied, "3.1")
    tied, _ = act(tied, Block(hero="pKD", enemy="fJH"))
    tied, _ = act(tied, Block(hero="pQS", enemy="fKS"))
    assert tied.prompt == Prompt(kind="fortress_order", options=["fJH", "fKS"])
    tied, events = act(tied, Pick(card="fKS"))
    assert [e.enemy for e in of(events, FortressCombat)] == ["fKS", "fJH"]
    assert [e.card for e in of(events, Boosted)] == ["fJD", "fQD"]


def test_enemy_boost() -> None:
    """« Boost Ennemi : Retournez la carte sur la Forteresse face visible. S’il s’agit d’une Stat, ajoutez sa valeur
    à la Puissance de l’Ennemi attaquant puis placez le Boost dans la défausse. Sinon placez la carte sous la
    Forteresse, face cachée. »
    Checks: a 4 flipped adds 4 and goes to the Fortress discard; a Lieu adds nothing and goes under."""
    for top, bonus, where in (("f4C", 4, "discard"), ("f9C", 0, "under")):
        state = build(hand=["p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJH", "f5H")], fortress=[top, "fQD"])
        state, _ = run(state, "3.1")
        state, events = act(state, Block(hero="pKD", enemy="fJH"))
        assert of(events, FortressCombat)[0].attack == 5 + bonus
        if where == "discard":
            assert top in state.fortress_discard and state.fortress == ["fQD"]
        else:
            assert state.fortress == ["fQD", top]


def test_bribe_success() -> None:
    """« Lorsqu’un Ennemi attaque le joueur lors de la Phase Combat, ce dernier peut tenter de le corrompre pour
    annuler le combat (hors Boss). Pour cela il joue un ou plusieurs Trésors depuis sa Main. Il effectue ensuite
    un Boost Ennemi puis compare le total Puissance de l’Ennemi à la valeur totale du ou des Trésors joués. »
    « Si le total Trésor est égal ou supérieur au total Puissance, l’ennemi est corrompu et son attaque annulée,
    il est placé dans la défausse avec ses cartes liées. »
    « Les Trésors joués pour corrompre sont mis hors-jeu pour le reste de la partie. »
    Checks: Power 5 + 5 (boost) = 10 against one Ten: bribed; the Enemy and its Stat to the Fortress
    discard, the Ten out of the game, no attack."""
    state = build(hand=["pTH", "pTS", "p9C"], enemies=[C("fJH", "f5H")], fortress=["f5C", "fQD"])
    state, _ = run(state, "3.1")
    assert state.prompt.kind == "bribe" and tokens(state) == ["br.fJH.1", "br.fJH.2", "pass"]
    state, events = act(state, Bribe(enemy="fJH", tens=1))
    assert of(events, BribeTried) == [BribeTried(step="3.2", enemy="fJH", tens=["pTH"], power=10, success=True)]
    assert state.enemies == [] and {"fJH", "f5H", "f5C"} <= set(state.fortress_discard)
    assert state.out == ["pTH"] and "pTS" in state.hand
    assert not of(events, UndefendedAttack)


def test_bribe_failure_then_combat() -> None:
    """« Sinon la corruption est un échec, le combat se déroule normalement. »
    Checks (and house rule 6): Power 5 + 5 = 10 beats... a bribe of one Ten only when 10 >= total:
    Power 6 + 5 = 11 > 10 fails; the Ten is still out of the game; then the attack goes on and, if
    defended, uses the boost already revealed (the Fortress is not drawn again)."""
    state = build(
        hand=["pTH", "p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJH", "f4H", "f2S")], fortress=["f5C", "f2D"]
    )
    state, _ = run(state, "3.1")
    state, events = act(state, Bribe(enemy="fJH", tens=1))
    assert of(events, BribeTried)[0].success is False and of(events, BribeTried)[0].power == 11
    assert state.out == ["pTH"] and state.boosts == {"fJH": 5}
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert not of(events, Boosted)
    assert of(events, FortressCombat)[0].attack == 11 and state.fortress == ["f2D"]


def test_boss_cannot_be_bribed() -> None:
    """« Cependant un Boss ne peut pas être corrompu. »
    « 3.2 Corruption : vous pouvez essayer de corrompre un Ennemi (voir Corrompre) sauf s’il s’agit d’un Boss. »
    Checks: with a Ten in hand, only the normal Enemy is offered; bribing the Boss is refused."""
    state = build(hand=["pTH", "p9C"], enemies=[C("fJS", "f9S"), C("fQH", "f2H")])
    state, _ = run(state, "3.1")
    assert tokens(state) == ["br.fQH.1", "pass"]
    assert refused(state, Bribe(enemy="fJS", tens=1)).key == "forteresse.error.boss_bribe"


def test_player_attacks_several_on_one() -> None:
    """« 3.5 Attaques Joueur : vous pouvez attaquer des Ennemis présents en zone de Combat avec vos Héros
    non-engagés. »
    « 3.6 Défenseurs Forteresse : Le joueur cible un Ennemi en Combat de son choix pour chaque Héros attaquant.
    Plusieurs attaquants peuvent cibler le même Défenseur. »
    « Comparez le total Puissance du ou des Attaquants à celui de l'ennemi Défenseur. »
    Checks: two Heroes of 3 and 4 on an Enemy of 7 (4 and 3): 7 >= 7, it loses its 4."""
    state = build(
        hand=["p9C"],
        heroes=[C("pKD", "p3D"), C("pQS", "p4S"), C("pJC", "p5C", tapped=True)],
        enemies=[C("fJH", "f4H", "f3C")],
    )
    state, _ = run(state, "3.5")
    assert state.prompt.kind == "attackers"
    assert tokens(state) == ["ak.pKD.fJH", "ak.pQS.fJH", "pass"]
    state, _ = act(state, Attack(hero="pKD", enemy="fJH"))
    state, events = act(state, Attack(hero="pQS", enemy="fJH"))
    assert of(events, PlayerCombat) == [
        PlayerCombat(step="3.7", enemy="fJH", heroes=["pKD", "pQS"], attack=7, defense=7, success=True)
    ]
    assert enemy(state, "fJH").stats == ["f3C"] and "f4H" in state.fortress_discard


def test_hero_boost() -> None:
    """« Boost Héros : Jouez une Stat de votre Main sur un Héros attaquant. La valeur de cette Stat s’ajoute à la
    Puissance du Héros. Placez ensuite le Boost dans votre défausse. »
    « • Vous pouvez effectuer un Boost Héros. »
    Checks: a Hero of 3 against an Enemy of 5 wins with a 2 from the hand as boost; the 2 goes to the
    player's discard; without it the attack fails."""
    state = build(hand=["p2S", "p9C"], heroes=[C("pKD", "p3D")], enemies=[C("fJH", "f5H")])
    state, _ = run(state, "3.5")
    state, _ = act(state, Attack(hero="pKD", enemy="fJH"))
    assert tokens(state) == ["fi.fJH", "fi.fJH.0"]
    boosted, events = act(state, Fight(enemy="fJH", boost=0))
    assert of(events, Boosted)[0] == Boosted(step="3.7", boost="hero", target="fJH", card="p2S", value=2)
    assert of(events, PlayerCombat)[0].attack == 5 and of(events, PlayerCombat)[0].success
    assert "p2S" in boosted.discard and all(e.card != "fJH" for e in boosted.enemies)
    plain, events = act(state, Fight(enemy="fJH"))
    assert not of(events, PlayerCombat)[0].success and enemy(plain, "fJH").stats == ["f5H"]


def test_enemy_stat_tie_in_player_combat() -> None:
    """« S’il est supérieur ou égal, l’Attaque est réussie et le Défenseur perd immédiatement sa Stat ayant la valeur
    la plus élevée (au choix du joueur en cas d’égalité). »
    Checks: an Enemy with 4 of Hearts and 4 of Clubs: the player picks which one it loses."""
    state = build(hand=["p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJH", "f4H", "f4C")])
    state, _ = run(state, "3.5")
    state, _ = act(state, Attack(hero="pKD", enemy="fJH"))
    assert state.prompt == Prompt(kind="lose_stat", focus="fJH", options=["f4H", "f4C"])
    state, _ = act(state, Pick(card="f4H"))
    assert enemy(state, "fJH").stats == ["f4C"]


def test_killing_a_boss_fetches_a_key() -> None:
    """« Mort du Boss : Lorsqu’il tue un Boss, le joueur peut immédiatement chercher dans son paquet une Clé de
    son choix et la mettre en Main. Il mélange ensuite son paquet. »
    « Rappel : Tuer un Boss permet d'aller chercher une Clé de son choix dans son paquet (voir Boss). »
    Checks: the Boss (9 of Spades) dies; the two Aces of the deck are offered; the Ace of Clubs goes
    to the hand (named only to the player), the deck is shuffled."""
    deck = ["p2H", "pAC", "p3H", "p4H", "pAD", "p5H", "p6H", "p7H"]
    state = build(hand=["p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJS", "f9S")], deck=deck)
    state, _ = run(state, "3.5")
    state, events = act(state, Attack(hero="pKD", enemy="fJS"))
    assert of(events, CharacterDied) == [CharacterDied(step="3.7", side="enemy", character="fJS", boss=True)]
    assert state.prompt == Prompt(kind="key", focus="fJS")
    assert tokens(state) == ["pk.pAC", "pk.pAD", "pass"]
    state, events = act(state, Pick(card="pAC"))
    assert "pAC" in state.hand and "pAC" not in state.deck
    assert of(events, KeySearched)[0].taken and of(events, KeySearched)[0].audience is None
    assert of(events, KeyTaken) == [KeyTaken(step="3.7", card="pAC", audience=frozenset({0}))]
    assert sorted(state.deck) == sorted(c for c in deck if c != "pAC") and state.deck != [c for c in deck if c != "pAC"]


def test_character_without_life_is_discarded() -> None:
    """« Si un personnage n’a plus de Vie après un combat il est mis à la défausse. »
    « La défausse Forteresse est l’endroit où sont placés, faces visibles, les Ennemis mort au Combat et leurs
    Stats Liées. »
    Checks (and house rule 1): a Hero with one Stat loses it: the Stat then the Hero go to the player's
    discard; an Enemy killed goes with its Stat to the Fortress discard."""
    state = build(hand=["p9C"], heroes=[C("pKD", "p2D"), C("pQS", "p5S")], enemies=[C("fJH", "f5H")], fortress=["fQD"])
    state, _ = run(state, "3.1")
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, CharacterDied)[0] == CharacterDied(step="3.4", side="hero", character="pKD", boss=False)
    assert state.discard[-2:] == ["p2D", "pKD"] and [h.card for h in state.heroes] == ["pQS"]
    state, events = act(state, Attack(hero="pQS", enemy="fJH"))
    assert of(events, CharacterDied)[0].side == "enemy"
    assert state.fortress_discard[-2:] == ["f5H", "fJH"] and state.enemies == []


# =============================================================================
# Phase IV: Restauration
# =============================================================================


def test_heroes_untapped() -> None:
    """« 4.1 Héros : Redressez les Héros engagés en jeu. »
    Checks: the Explorer tapped at 2.1 is untapped in phase IV."""
    state = build(hand=["p2C"], heroes=[C("pKH", "p2H")], fortress=["fJC"])
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pKH", path="H"))
    assert not hero(state, "pKH").tapped and "untapped" in [e.kind for e in events]


def test_discard_and_retrieve_a_different_type() -> None:
    """« 4.2 Défausse Joueur : vous pouvez défausser 1 carte en Main de votre choix. Si vous le faites, vous pouvez
    ensuite prendre dans votre défausse 1 carte d’un type différent de celle défaussée et la mettre dans votre
    Main. »
    Checks (and house rule 5): discarding a Lieu (9 of Clubs) allows taking back the Queen or the 3,
    not the other Lieu (6 of Hearts, another suit but the same type); the card taken is named to
    the player only."""
    state = build(hand=["p9C", "pAS"], discard=["p6H", "pQD", "p3S"])
    state, _ = run(state, "4.2")
    assert tokens(state) == ["ds0", "ds1", "pass"]
    state, _ = act(state, Discard(card=0))
    assert state.prompt == Prompt(kind="retrieve", focus="p9C")
    assert tokens(state) == ["pk.pQD", "pk.p3S", "pass"]
    assert refused(state, Pick(card="p6H")).key == "forteresse.error.same_type"
    state, events = act(state, Pick(card="pQD"))
    assert "pQD" in state.hand and "pQD" not in state.discard and "p9C" in state.discard
    assert of(events, Retrieved)[0].audience is None and "pQD" not in of(events, Retrieved)[0].model_dump_json()
    assert of(events, RetrievedCard)[0].card == "pQD" and of(events, RetrievedCard)[0].audience == frozenset({0})


def test_boss_test_when_combat_zone_empty() -> None:
    """« 4.3 Boss : Si aucun Ennemi n’est présent en zone Combat, faites un Test d’Apparition. »
    Checks: an empty Combat zone and a Reserve holding an Enemy and a Lieu: a Boss appears; with an
    Enemy in the Combat zone, no test."""
    state = build(hand=["p2C"], reserve=["fQD", "f7D"])
    state, events = run(state, "4.3")
    assert of(events, BossTested)[0] == BossTested(step="4.3", success=True, enemy="fQD", lieu="f7D")
    busy = build(hand=["p2C"], reserve=["fQD", "f7D"], enemies=[C("fJH", "f2H")])
    busy, events = run(busy, "4.3")
    assert not of(until_turn_end(events), BossTested)


def test_reserve_flushed_at_six() -> None:
    """« 4.4 Défausse Forteresse : Si la Réserve contient 6 cartes ou plus, placez-les toutes dans la défausse. »
    Checks: six cards go to the Fortress discard; five stay."""
    six = ["f6H", "f7H", "f8H", "f9H", "f2S", "f3S"]
    state = build(hand=["p2C"], reserve=six, enemies=[C("fJH", "f2H")])
    state, events = run(state, "4.4")
    assert of(events, ReserveFlushed)[0].cards == six and set(six) <= set(state.fortress_discard)
    five = build(hand=["p2C"], reserve=six[:5], enemies=[C("fJH", "f2H")])
    five, events = run(five, "4.4")
    assert not of(until_turn_end(events), ReserveFlushed)


def test_out_of_game_is_not_the_discard() -> None:
    """« Les Clés utilisées, les Portes franchies et les Trésors de corruption d'ennemi sont considérés hors du jeu
    pour le reste de la partie en cours. Ces cartes ne vont pas en défausse, elles ne peuvent plus être
    utilisées. »
    Checks: a used Key and a bribe Ten are never offered back at 4.2 (they are not in the discard)."""
    state = build(hand=["p9C", "p2C"], discard=["p6H", "pQD"], out=["pAS", "pTH", "fAS"])
    state, _ = run(state, "4.2")
    state, _ = act(state, Discard(card=0))
    assert tokens(state) == ["pk.pQD", "pass"]
    assert refused(state, Pick(card="pAS")).key == "forteresse.error.no_such_card"
    assert ENGINE.view(state, None).out_of_game == ["pAS", "pTH", "fAS"]


# =============================================================================
# Winning and losing
# =============================================================================


def test_third_treasure_wins_at_once() -> None:
    """« Si le joueur pille trois Trésors de la Forteresse, il gagne la partie. »
    « le Joueur gagne la partie dès qu’il a pillé trois Trésors. »
    Checks (and house rule 12): the third pillage ends the game in step 2.6, before the Enemies attack."""
    sites = [
        Site(treasure="fTH", lieux=["f6H", "f7H"], explored=True, pillaged=True),
        Site(treasure="fTD", lieux=["f6D", "f7D"], explored=True, door="fAD"),
        Site(treasure="fTC", lieux=["f6C", "f7C"], explored=True, pillaged=True),
        Site(treasure="fTS"),
    ]
    state = build(
        hand=["pAD", "p2C"],
        heroes=[C("pJH", "p2H")],
        sites=sites,
        enemies=[C("fKS", "f5S")],
        out=["pAH", "fAH", "pAC", "fAC"],
    )
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pJH", path="D"))
    assert ENGINE.is_over(state) and state.result == "won"
    assert events[-1] == GameEnded(step="2.6", result="won", reason="treasures")
    assert not of(events, UndefendedAttack)
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "won" and outcome.winners == [0] and outcome.ranking == [[0]]
    assert legal(state) == [] and ENGINE.to_act(state) == frozenset()
    refused(state, Pass(), GameOver)


def test_empty_deck_at_the_start_of_a_turn_loses() -> None:
    """« Si le joueur n’a aucune carte dans son paquet au début d’un Tour, il perd la partie. »
    « Cependant tant que vous pouvez piocher au moins 1 carte lors de la Phase Organisation, le tour en cours est
    mené jusqu’à son terme. »
    Checks (and house rule 12): with one card left the turn is played to its end even after the deck
    is emptied by an attack; the game is lost only when the next turn starts."""
    state = build(hand=["p2C", "p3C", "p4C", "p5C", "p6C"], deck=["p7C", "p8C", "p9C"], enemies=[C("fJS", "f9S")])
    state, events = run(state, "1.1")
    assert state.deck == [] and state.result == "lost" and state.end_reason == "deck_empty"
    turn = until_turn_end(events)
    assert of(turn, CardsDiscarded)[-1].source == "deck"
    assert events[-1] == GameEnded(step="1.1", result="lost", reason="deck_empty")
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "lost" and outcome.winners == [] and outcome.ranking == [[0]]


def test_resigning_loses() -> None:
    """The player quits: the game is over and lost; a second resignation is refused."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=5)
    step = ENGINE.resign(state, 0)
    assert step.state.result == "lost" and step.state.end_reason == "resigned"
    assert [e.kind for e in step.events] == ["resigned", "ended"]
    with pytest.raises(GameOver):
        ENGINE.resign(step.state, 0)


# =============================================================================
# House rules (shared/HOUSE_RULES.md 1 to 12, then this engine's 13 to 23)
# =============================================================================


def test_house_rule_1_removed_cards_go_to_their_owners_discard() -> None:
    """House rule 1: an Enemy's lost Stat goes to the Fortress discard, a Hero's to the player's."""
    state = build(
        hand=["p9C"],
        heroes=[C("pKD", "p5D", "p4D"), C("pQS", "p5S", "p4S")],
        enemies=[C("fJH", "f4H", "f2C")],
        fortress=["f5S"],
    )
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pKD", enemy="fJH"))
    assert "p5D" in state.discard and "p5D" not in state.fortress_discard
    state, _ = act(state, Attack(hero="pQS", enemy="fJH"))
    state, _ = act(state, Pass())
    assert "f4H" in state.fortress_discard and "f4H" not in state.discard


def test_house_rule_2_suit_checked_on_attach_only() -> None:
    """House rule 2: a King of Hearts that lost its 4 of Hearts keeps its 2 of Spades and stays in play;
    its next Stat must then be a Heart."""
    state = build(hand=["p9C"], heroes=[C("pKH", "p4H", "p2S")], enemies=[C("fJD", "f5D")], fortress=["f2C"])
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pKH", enemy="fJD"))
    assert hero(state, "pKH").stats == ["p2S"]
    state = state.model_copy(update={"hand": ["p3S", "p3H"]})
    state, _ = run(state, "1.2")
    assert tokens(state) == ["at1.pKH", "pass"]


def test_house_rule_3_boss_without_its_lieu_is_a_normal_enemy() -> None:
    """House rule 3: a Boss (Lieu 8 and a 3) loses its Lieu and can then be bribed; while a Boss lives
    in the Combat zone, step 4.3 makes no new Boss."""
    state = build(
        hand=["p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJS", "f6S", "f3S")], reserve=["fQH", "f9H"]
    )
    state, _ = run(state, "3.5")
    state, events = act(state, Attack(hero="pKD", enemy="fJS"))
    assert enemy(state, "fJS").stats == ["f3S"] and not of(events, KeySearched)
    assert not ENGINE.view(state, None).enemies[0].boss
    assert not of(until_turn_end(events), BossTested)
    bribe = build(hand=["pTH", "p9C"], enemies=[C("fJS", "f3S")])
    bribe, _ = run(bribe, "3.1")
    assert "br.fJS.1" in tokens(bribe)


def test_house_rule_4_each_enemy_filled_before_the_next() -> None:
    """House rule 4: sorted once by Power; the strongest takes two Stats before the next takes any;
    a new Enemy takes another suit only after one of its own."""
    state = build(enemies=[C("fKC", "f2C")], reserve=["fQH", "f5S", "f4S", "f3H"], fortress=[])
    state, events = run(state, "1.4")
    attached = [(e.character, e.stat) for e in of(events, StatAttached)]
    assert attached == [("fKC", "f5S"), ("fQH", "f3H"), ("fQH", "f4S")]
    alone = build(reserve=["fQH", "f5S"], fortress=[])
    alone, _ = run(alone, "1.4")
    assert alone.enemies == [] and set(alone.reserve) == {"fQH", "f5S"}


def test_house_rule_5_type_means_category() -> None:
    """House rule 5: after discarding a 3 of Hearts (a Stat), no Stat may be taken back, even of
    another suit; a figure, a Lieu, an Ace or a Ten may."""
    state = build(hand=["p3H", "p2C"], discard=["p5S", "pKD", "p7C", "pAH", "pTD"])
    state, _ = run(state, "4.2")
    state, _ = act(state, Discard(card=0))
    assert tokens(state) == ["pk.pKD", "pk.p7C", "pk.pAH", "pk.pTD", "pass"]


def test_house_rule_6_failed_bribe_boost_kept() -> None:
    """House rule 6: the boost revealed by a failed bribe (a 2) counts in the combat; no second boost."""
    state = build(
        hand=["pTH", "p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJH", "f5H", "f4C")], fortress=["f2S", "f5C"]
    )
    state, _ = run(state, "3.1")
    state, events = act(state, Bribe(enemy="fJH", tens=1))
    assert of(events, BribeTried)[0].power == 11 and not of(events, BribeTried)[0].success
    assert ENGINE.view(state, None).enemies[0].boost == 2
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, FortressCombat)[0].attack == 11 and not of(events, Boosted)
    assert state.fortress == ["f5C"]


def test_house_rule_7_undefended_counts_the_boss_lieu_not_the_boost() -> None:
    """House rule 7: a Boss with a Lieu 8 makes you discard 8; a failed bribe's boost adds nothing."""
    boss = build(hand=[], enemies=[C("fJS", "f8S")], deck=full_deck("p"))
    boss, events = run(boss, "3.1")
    assert of(events, UndefendedAttack)[0].owed == 8
    state = build(hand=["pTH"], enemies=[C("fJH", "f5H", "f4C")], fortress=["f5S"], deck=full_deck("p")[1:])
    state, _ = run(state, "3.1")
    state, events = act(state, Bribe(enemy="fJH", tens=1))
    assert of(events, UndefendedAttack)[0].owed == 5


def test_house_rule_8_defending_does_not_tap() -> None:
    """House rule 8: a Hero that defended can still attack the same turn; one Hero Boost per combat."""
    state = build(
        hand=["p2S", "p3S", "p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJH", "f2H")], fortress=["fQD"]
    )
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pKD", enemy="fJH"))
    assert not hero(state, "pKD").tapped and "ak.pKD.fJH" in tokens(state)
    state, _ = act(state, Attack(hero="pKD", enemy="fJH"))
    state, _ = act(state, Fight(enemy="fJH"))
    assert state.enemies == []
    fight = build(hand=["p2S", "p3S"], heroes=[C("pKD", "p2D")], enemies=[C("fJH", "f5H", "f4C")])
    fight, _ = run(fight, "3.5")
    fight, _ = act(fight, Attack(hero="pKD", enemy="fJH"))
    assert tokens(fight) == ["fi.fJH", "fi.fJH.0", "fi.fJH.1"]  # one boost at most


def test_house_rule_10_open_path_needs_a_lieu_of_its_suit() -> None:
    """House rule 10: without a Lieu of Diamonds in hand, the open Diamonds Path is not offered
    (the incomplete ones are); the refusal says "forteresse.error.need_lieu"."""
    state = open_diamonds(hand=["p9S", "p2C"], heroes=[C("pQD", "p5D")])
    state, _ = run(state, "2.1")
    assert "ex.pQD.D" not in tokens(state) and "ex.pQD.H" in tokens(state)
    assert refused(state, Explore(hero="pQD", path="D")).key == "forteresse.error.need_lieu"


def test_house_rule_11_stranded_lieu_feeds_the_boss_test() -> None:
    """House rule 11: a Lieu whose Path is full stays in the Reserve, and a Boss test can use it."""
    full = [Site(treasure="fTH", lieux=["f6H", "f7H"]), *[Site(treasure=f"fT{s}") for s in "DCS"]]
    state = build(hand=["p2C"], reserve=["f9H", "fQH"], fortress=[], sites=full)
    state, events = run(state, "1.3")
    assert not of(events, LieuPlaced) and state.reserve == ["f9H", "fQH"]
    state, events = act(state, Pass())
    assert of(events, BossTested)[0].lieu == "f9H"


def test_house_rule_14_bribes_per_turn() -> None:
    """House rule 14: two Enemies can each be bribed once in the same turn; an Enemy whose bribe failed
    is not offered again."""
    state = build(
        hand=["pTH", "pTD", "pTC", *HAND],
        enemies=[C("fJH", "f5H", "f4C"), C("fQS", "f2S")],
        fortress=["f5S", "fKD", "f9D"],
    )
    state, _ = run(state, "3.1")
    state, _ = act(state, Bribe(enemy="fJH", tens=1))
    assert "fJH" in state.bribed and not any(t.startswith("br.fJH") for t in tokens(state))
    state, events = act(state, Bribe(enemy="fQS", tens=1))
    assert of(events, BribeTried)[0].success and [e.card for e in state.enemies] == ["fJH"]


def test_house_rule_16_empty_fortress() -> None:
    """House rule 16: the Fortress and its discard both empty: the Reserve stays short and a Boost adds 0."""
    state = build(hand=["p9C"], reserve=["f6H"], fortress=[], heroes=[C("pKD", "p5D")], enemies=[C("fJH", "f5H")])
    state, events = run(state, "1.3")
    assert not of(events, ReserveFilled) and state.reserve == [] and site(state, "H").lieux == ["f6H"]
    state, events = run(state, "3.1")
    state, events = act(state, Block(hero="pKD", enemy="fJH"))
    assert of(events, Boosted)[0].card is None and of(events, Boosted)[0].value == 0


def test_house_rule_17_pillaged_path_not_offered() -> None:
    """House rule 17: a Path whose Treasure is pillaged is not offered for exploration."""
    sites = [
        Site(treasure="fTH", lieux=["f6H", "f7H"], explored=True, pillaged=True),
        *[Site(treasure=f"fT{s}") for s in "DCS"],
    ]
    state = build(hand=["p2C"], heroes=[C("pKD", "p5D")], sites=sites)
    state, _ = run(state, "2.1")
    assert "ex.pKD.H" not in tokens(state)
    assert refused(state, Explore(hero="pKD", path="H")).key == "forteresse.error.pillaged"


def test_house_rule_18_attack_does_not_tap() -> None:
    """House rule 18: after attacking, the Hero is not tapped."""
    state = build(hand=["p9C"], heroes=[C("pKD", "p5D")], enemies=[C("fJH", "f5H", "f4C")])
    state, _ = run(state, "3.5")
    state, events = act(state, Attack(hero="pKD", enemy="fJH"))
    assert of(events, PlayerCombat) and not hero(state, "pKD").tapped


def test_house_rule_19_deck_shuffled_even_without_a_key() -> None:
    """House rule 19: the player kills a Boss and takes no Key: the deck is shuffled all the same."""
    deck = full_deck("p")[4:30]
    state = build(hand=["p9C"], heroes=[C("pKD", "p5D", "p4D")], enemies=[C("fJS", "f9S")], deck=deck)
    state, _ = run(state, "3.5")
    state, _ = act(state, Attack(hero="pKD", enemy="fJS"))
    assert "pk.pAC" in tokens(state)
    state, events = act(state, Pass())
    assert of(events, KeySearched)[0].taken is False
    assert sorted(state.deck) == sorted(deck) and state.deck != deck


def test_house_rule_20_attacker_declared_with_its_target() -> None:
    """House rule 20: each attack names its Hero and its target; the token says both."""
    assert Attack(hero="pKD", enemy="fJS").token() == "ak.pKD.fJS"
    assert parse_action("ak.pKD.fJS") == Attack(hero="pKD", enemy="fJS")


def test_house_rule_21_equivalent_choices_not_asked() -> None:
    """House rule 21: two Enemies of Spades tie for one 5 of Spades: either result is the same table,
    so nothing is asked; a single legal action is played at once (the only fight, no Stat to boost)."""
    state = build(reserve=["fKS", "fQS", "f5S"], fortress=[])
    state, _ = run(state, "1.4")
    assert state.prompt is None or state.prompt.kind != "enemy_order"
    assert [e.stats for e in state.enemies] == [["f5S"]]
    fight = build(hand=["p9C"], heroes=[C("pKD", "p5D")], enemies=[C("fJH", "f2H")])
    fight, events = run(fight, "3.5")
    fight, events = act(fight, Attack(hero="pKD", enemy="fJH"))
    assert of(events, PlayerCombat)  # no "fights" question: one fight, no boost possible


def test_house_rule_24_auto_ties() -> None:
    """House rule 24 (option ``auto_ties``): no tie is asked. 1.5: the first Stat in Reserve order;
    a Hero loses its Stat of another suit; a Boss pair: the first."""
    state = build(enemies=[C("fKH", "f3H")], reserve=["fQS", "f5C", "f5S"], fortress=[], auto_ties=True)
    state, _ = run(state, "1.4")
    assert enemy(state, "fKH").stats == ["f3H", "f5C"] and enemy(state, "fQS").stats == ["f5S"]
    state = build(
        hand=["p9C"], heroes=[C("pKD", "p3S", "p3D")], enemies=[C("fJH", "f5H")], fortress=["f2C"], auto_ties=True
    )
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pKD", enemy="fJH"))
    assert hero(state, "pKD").stats == ["p3D"]
    boss = build(hand=["p2C"], reserve=["fQD", "fJS", "f8H", "f8C"], auto_ties=True)
    boss, events = run(boss, "4.3")
    assert of(events, BossTested)[0].lieu == "f8H" and of(events, BossTested)[0].enemy == "fQD"


def test_house_rule_23_hero_comes_with_a_stat() -> None:
    """House rule 23: a Hero enters play only with a Stat of its suit; Stats of other suits can
    only join a Hero already in play that holds one of its own suit."""
    state = build(hand=["pKH", "p2H", "p3S", "pQD"])
    state, _ = run(state, "1.2")
    assert tokens(state) == ["rc0.1", "pass"]
    state, _ = act(state, Recruit(hero=0, stat=1))
    assert state.heroes == [C("pKH", "p2H")] and tokens(state) == ["at0.pKH", "pass"]


def test_house_rule_12_lose_only_at_the_start_of_a_turn() -> None:
    """House rule 12: an attack empties the deck in 3.4; the turn goes on (the Hero still attacks in
    3.7, the player still chooses at 4.2), and the game is lost when the next turn starts."""
    state = build(
        hand=["p2C", "p3C", "p4C", "p5C", "p6C", "p7C"],
        deck=["p8C"],
        heroes=[C("pKD", "p5D", "p4D"), C("pQH", "p2H")],
        enemies=[C("fJS", "f9S"), C("fQC", "f2C")],
        fortress=["fKD"],
    )
    state, _ = run(state, "3.1")
    state, _ = act(state, Block(hero="pQH", enemy="fQC"))
    state, events = act(state, Pass())
    assert state.deck == [] and state.result is None and state.step == "3.5"
    state, events = act(state, Attack(hero="pKD", enemy="fJS"))
    assert of(events, PlayerCombat)[0].success and state.result == "lost"
    assert [e.kind for e in events][-2:] == ["turn_ended", "ended"] and events[-1].reason == "deck_empty"


def test_house_rule_15_one_attacker_per_defender() -> None:
    """House rule 15: a Hero that blocks one attacker is not offered for a second one."""
    state = build(hand=HAND, heroes=[C("pKD", "p5D")], enemies=[C("fJH", "f2H"), C("fKS", "f2S")])
    state, _ = run(state, "3.1")
    assert tokens(state) == ["bl.pKD.fJH", "bl.pKD.fKS", "pass"]
    state, events = act(state, Block(hero="pKD", enemy="fJH"))  # nothing left to choose: combats run
    assert state.blocks == {"fJH": "pKD"} and of(events, FortressCombat)[0].hero == "pKD"
    assert state.prompt == Prompt(kind="discard", focus="fKS", owed=2)


def test_house_rules_are_listed() -> None:
    """Every house rule has a catalog-friendly key and a summary, in order (12 shared, 12 of this engine)."""
    assert len(HOUSE_RULES) == 24
    assert len({key for key, _ in HOUSE_RULES}) == 24


# =============================================================================
# Tokens, errors, views and secrecy
# =============================================================================


def test_tokens_round_trip_and_garbage() -> None:
    """Hand cards are named by index, public cards by code; garbage raises MalformedAction."""
    actions = [
        Mulligan(take=True),
        Mulligan(take=False),
        Recruit(hero=0, stat=12),
        Attach(stat=3, hero="pKH"),
        Explore(hero="pKH", path="D"),
        PlayLieu(card=4),
        Bribe(enemy="fQS", tens=2),
        Block(hero="pJC", enemy="fQS"),
        Attack(hero="pJC", enemy="fKS"),
        Fight(enemy="fKS"),
        Fight(enemy="fKS", boost=3),
        Discard(card=0),
        Pick(card="pAH"),
        Pair(lieu="f9S", enemy="fJS"),
        Pass(),
    ]
    for action in actions:
        token = action.token()
        assert token.isascii() and len(token) < 60
        assert parse_action(token) == action
    for junk in ("rc01.2", "pk.pXH", "fi.fKS.", "br.fQS.5", "ds1 ", "pass "):
        with pytest.raises(MalformedAction):
            parse_action(junk)


def test_wrong_step_is_refused() -> None:
    """An action for another step is refused with "forteresse.error.not_now"; nothing changes."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=2)
    assert refused(state, Pass()).key == "forteresse.error.not_now"
    assert refused(state, Attack(hero="pKD", enemy="fJS")).key == "forteresse.error.not_now"
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, Pass())


def test_refusal_keys() -> None:
    """Each refusal names what is wrong (catalog keys of the UI); the state never changes."""
    state = build(hand=["p2H", "pKH", "p3S"], heroes=[C("pQS", "p4S")])
    state, _ = run(state, "1.2")
    assert refused(state, Recruit(hero=0, stat=1)).key == "forteresse.error.wrong_card"
    assert refused(state, Recruit(hero=7, stat=0)).key == "forteresse.error.no_such_card"
    for position in (-1, -99):  # no button names a card by a negative position: malformed, not an IndexError
        refused(state, Recruit(hero=position, stat=2), MalformedAction)
        refused(state, Attach(stat=position, hero="pQS"), MalformedAction)
    state = build(hand=HAND, heroes=[C("pKD", "p5D", tapped=True), C("pQS", "p4S")], enemies=[C("fJH", "f2H")])
    state, _ = run(state, "3.1")
    assert refused(state, Block(hero="pKD", enemy="fJH")).key == "forteresse.error.tapped"
    state = build(hand=["pTH", *HAND], enemies=[C("fJH", "f5H", "f4C"), C("fQS", "f2S")], fortress=["f5S", "fKD"])
    state, _ = run(state, "3.1")
    assert refused(state, Bribe(enemy="fQS", tens=2)).key == "forteresse.error.no_tens"
    state, _ = act(state, Bribe(enemy="fJH", tens=1))
    assert refused(state, Bribe(enemy="fJH", tens=1)).key == "forteresse.error.not_now"  # no Ten left: 3.2 is over
    state = build(hand=["pTH", "pTD", *HAND], enemies=[C("fJH", "f5H", "f4C"), C("fQS", "f2S")], fortress=["f5S"])
    state, _ = run(state, "3.1")
    state, _ = act(state, Bribe(enemy="fJH", tens=1))
    assert refused(state, Bribe(enemy="fJH", tens=1)).key == "forteresse.error.bribed"
    state = build(enemies=[C("fKH", "f3H")], reserve=["fQS", "f5C", "f5S"], fortress=[], hand=["p2C"])
    state, _ = run(state, "1.4")
    assert refused(state, Pick(card="fQS")).key == "forteresse.error.not_an_option"


def test_public_view_hides_the_hand_and_the_piles() -> None:
    """« Les cartes en Main ne sont pas considérées comme étant dans une zone. »
    Checks: the public view has the hand's size only, the player's view the cards; neither shows the
    deck, the Fortress or the Doors pile beyond their sizes; the step is shown."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=9)
    public, mine = ENGINE.view(state, None), ENGINE.view(state, 0)
    assert public.hand is None and public.hand_size == 6
    assert mine.hand == state.hand
    text = public.model_dump_json()
    for card in state.hand + state.deck + state.fortress + state.doors:
        assert f'"{card}"' not in text
    for card in state.deck + state.fortress + state.doors:
        assert f'"{card}"' not in mine.model_dump_json()
    assert (public.phase, public.step) == (1, "1.1")


def test_probe_catches_leaks() -> None:
    """The contract's secrecy probe for this game reports a hand card in the public view or in a
    public event, and a view that reveals the deck order."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed=9)
    view = ENGINE.view(state, None)
    assert _forteresse_probe(ENGINE, state, None, view, []) == []
    leaky = view.model_copy(update={"hand": list(state.hand)})
    assert _forteresse_probe(ENGINE, state, None, leaky, [])
    assert _forteresse_probe(ENGINE, state, None, view, [DrewCards(cards=state.hand[:1])])
    assert _forteresse_probe(ENGINE, state, 0, ENGINE.view(state, 0), [DrewCards(cards=state.hand[:1])]) == []
    top = view.model_copy(update={"discard": state.deck[:1]})
    assert _forteresse_probe(ENGINE, state, 0, top, [])


def test_events_naming_hand_cards_are_private() -> None:
    """Over computer-played games: every public event names no card that is then in the hand or
    the deck; a card named by a private event is one the player holds or saw."""
    for seed in range(6):
        state = ENGINE.new_game(1, ENGINE.make_options({}), seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            actions = legal(state)
            step = ENGINE.apply(state, 0, ENGINE.choose(ENGINE.view(state, 0), actions, rng))
            state = step.state
            hidden = set(state.hand) | set(state.deck)
            for event in step.events:
                if event.audience is None:
                    dumped = event.model_dump_json()
                    assert not [c for c in hidden if f'"{c}"' in dumped], event


def test_turn_number_counts_ended_turns() -> None:
    """turn_number is the number of turns ended; it rises by one at each 4.4."""
    state = build(hand=["p2C"], turn=4)
    assert ENGINE.turn_number(state) == 4
    state, events = run(state, "4.4")
    assert ENGINE.turn_number(state) == 5 and of(events, TurnEnded)[0].turn == 5


def test_labels() -> None:
    """Display labels of cards, for the UI."""
    assert label("pTH") == "10♥" and label("fKS") == "K♠" and label("p7D") == "7♦"
