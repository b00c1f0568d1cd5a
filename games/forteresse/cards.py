"""The two 52-card decks of Forteresse Solo, card codes, and the house rules.

A card is a three-letter code: its deck (``p`` the player's deck, ``f`` the
Fortress), its rank (``A23456789TJQK``, ``T`` for the Ten) and its suit
(``H`` Cœur, ``D`` Carreau, ``C`` Trèfle, ``S`` Pique). The two decks are
distinct objects on the table (the player's King of Hearts is ``pKH``, the
Fortress's is ``fKH``), so a code names exactly one card of the game.

What a rank is for (the rule book's "types de cartes"):

- Personnage (J, Q, K): a Hero on the player's side, an Enemy on the Fortress's;
- Stat (2 to 5): Life (how many) and Power (their total) of a character;
- Lieu (6 to 9): a Path of the Fortress, or exploration points from the hand;
- As: a Door (Fortress) or a Key (player);
- Dix: a Treasure (Fortress) or a bribe (player).

House rules
===========
The rule book leaves these open; each is a named constant below (or an option
of ``ForteresseOptions``) and ``HOUSE_RULES`` lists them for the bot's
``/forteresse rules`` text. 1 to 12 are shared/HOUSE_RULES.md ("Forteresse
Solo"); 13 onwards are this engine's own decisions.

1. A character dies when its last Stat is removed. Removed Stats go to their
   owner's discard; a dead Hero to the player's discard, a dead Enemy and its
   Stats to the Fortress discard.
2. The same-suit condition is checked when a Stat is attached, not after damage
   (a Stat may be attached when the character is of its suit or already holds
   a Stat of its suit).
3. A Boss is an Enemy while one of its Stats is a Lieu; it sits in the Combat
   zone, so it is never an "Ennemi en Réserve" and step 4.3 does not fire while
   it lives. Once it loses its Lieu it is a normal Enemy that can be bribed.
4. Step 1.5: the Enemies are sorted by Power once, at the start of the step;
   each is filled up to two Stats before the next; highest legal same-suit Stat
   first; a Stat of another suit only once the Enemy holds a same-suit one.
   Ties: the player chooses (the engine asks). Step 1.6 ties likewise.
5. 4.2 "d'un type différent" means another category (Personnage, Stat, Lieu,
   As, Dix), not another suit.
6. A failed bribe's Enemy Boost stays for that Enemy's combat: no second boost.
7. An undefended attack discards as many cards as the attacker's highest
   attached Stat (a Boss's Lieu counts; a boost does not).
8. Defending does not tap a Hero; one Hero Boost per combat; several attackers
   on one Enemy add their Power.
9. A Door's suit is whatever Ace comes off the Doors pile; the Key must match it.
10. Exploring an open Path needs a Lieu of the Path's suit in hand: without
    one, that Path is not offered.
11. A Lieu that cannot be placed stays in the Reserve (it can feed a Boss test)
    until 4.4 clears it.
12. The player loses only when the deck is empty at the start of a turn; wins
    at once on the third pillaged Treasure.
13. ``VISIT_LIEU_TO_ITS_PATH``: a Lieu flipped while visiting an incomplete
    Path goes to the Path of its own suit (the only Path it may legally join)
    when that Path has a free place, whichever Path was visited; else the card
    goes face down under the Fortress.
14. ``BRIBE_ONCE_PER_ENEMY``: any number of Enemies may be bribed in a turn,
    each at most once; the Tens are interchangeable, so a bribe names how many
    Tens, not which.
15. ``ONE_ATTACKER_PER_DEFENDER``: one defender per attacker (the book) and one
    attacker per defending Hero.
16. ``EMPTY_FORTRESS_REVEALS_NOTHING``: when both the Fortress and its discard
    are empty, the Reserve stays short, a Boost adds 0 and a visit reveals nothing.
17. ``PILLAGED_PATHS_CLOSED``: a Path whose Treasure is pillaged is not offered
    for exploration (there is nothing left to reach).
18. ``ATTACK_DOES_NOT_TAP``: attacking does not tap a Hero (the book only taps
    the Explorer; a Hero may defend and then attack in the same turn).
19. ``SHUFFLE_AFTER_BOSS_SEARCH``: after a Boss dies the deck is shuffled,
    whether or not a Key was taken (the deck was searched).
20. ``DECLARE_ATTACK_WITH_TARGET``: steps 3.5 and 3.6 are one choice: each
    attacking Hero is declared together with the Enemy it targets.
21. ``SKIP_EQUIVALENT_CHOICES``: a choice is asked only when its options lead to
    different tables, and a decision with a single legal action is taken at
    once. At 1.5, Enemies of one suit are interchangeable (figures have no
    value): which of them is filled first is not asked when only that differs.
    3.4's order is asked only when two tied attackers both still need an Enemy
    Boost (otherwise no order can change the result). The 1.6 tie is never
    asked: two Lieux of one value have different suits, so they go to
    different Paths whatever the order. The Boss test's tie is always asked,
    even between two Enemies of one suit: the book has the player name the
    card that becomes the Boss.
22. ``UNDEFENDED_PICKS_FROM_HAND``: when the hand holds more cards than an
    undefended attack makes you discard, you choose which.
23. ``RECRUIT_WITH_STAT``: a Hero comes into play at 1.2 together with a Stat
    of its suit (one action). A Hero put down alone would go back to the hand
    at the end of the step anyway, and its first Stat must be of its suit.
24. ``auto_ties`` option (off by default): every tie the book leaves to the
    player is settled by a fixed rule instead: the first Enemy in Combat-zone
    order (1.5 and 3.4), the first Stat in Reserve order, the first Boss pair
    (the first tied Lieu in Reserve order, onto the first fitting Enemy in
    Reserve order); a Hero loses its Stat of another suit first, an Enemy its
    Stat of its own suit first.

The constants below name decisions 13 to 23 so that code, tests and the rules
text can point at them; they are markers, not switches (the engine implements
one reading of each).
"""

RANKS = "A23456789TJQK"
SUITS = "HDCS"  # Cœur, Carreau, Trèfle, Pique
PLAYER = "p"
FORTRESS = "f"

HAND_SIZE = 6  # 1.1: draw up to six cards
RESERVE_SIZE = 6  # 1.3 and 4.4
PATH_LENGTH = 2  # two Lieux make a Path
MAX_STATS = 2  # two Stats at most per character
TREASURES_TO_WIN = 3

# Categories (house rule 5 uses them for "type").
FIGURE = "figure"  # Personnage: Hero or Enemy
STAT = "stat"
LIEU = "lieu"
ACE = "ace"  # Door or Key
TEN = "ten"  # Treasure or bribe
CATEGORIES = (FIGURE, STAT, LIEU, ACE, TEN)

# -- house rules beyond shared/HOUSE_RULES.md (see the module docstring) -----
VISIT_LIEU_TO_ITS_PATH = True  # 13
BRIBE_ONCE_PER_ENEMY = True  # 14
ONE_ATTACKER_PER_DEFENDER = True  # 15
EMPTY_FORTRESS_REVEALS_NOTHING = True  # 16
PILLAGED_PATHS_CLOSED = True  # 17
ATTACK_DOES_NOT_TAP = True  # 18
SHUFFLE_AFTER_BOSS_SEARCH = True  # 19
DECLARE_ATTACK_WITH_TARGET = True  # 20
SKIP_EQUIVALENT_CHOICES = True  # 21
UNDEFENDED_PICKS_FROM_HAND = True  # 22
RECRUIT_WITH_STAT = True  # 23

# Catalog-friendly keys and an English summary of every house rule, in order.
HOUSE_RULES: tuple[tuple[str, str], ...] = (
    ("death", "A character dies when its last Stat is removed; removed cards go to their owner's discard."),
    ("suit_on_attach", "The same-suit condition is checked when a Stat is attached, not after damage."),
    ("boss", "A Boss is an Enemy holding a Lieu, in the Combat zone: no 4.3 test while it lives."),
    ("enemy_stats", "1.5: Enemies by Power once; each filled to two Stats, same suit first; ties asked."),
    ("type", "4.2: a different type means another category (figure, Stat, Lieu, Ace, Ten)."),
    ("bribe_boost", "A failed bribe's Enemy Boost stays for that combat."),
    ("undefended", "An undefended attack discards as many cards as the attacker's highest Stat."),
    ("defending", "Defending does not tap; one Hero Boost per combat; attackers on one Enemy add up."),
    ("doors", "A Door's suit is the Ace drawn from the Doors pile; the Key must match it."),
    ("explore_needs_lieu", "Exploring an open Path needs a Lieu of its suit in hand."),
    ("stranded_lieu", "A Lieu that cannot be placed stays in the Reserve until 4.4."),
    ("end", "You lose when your deck is empty at the start of a turn; you win on the third Treasure."),
    ("visit_lieu", "A Lieu flipped by a visit goes to the Path of its own suit, if it has room."),
    ("bribes_per_turn", "Any number of Enemies may be bribed in a turn, each once."),
    ("one_on_one", "One defender per attacker, one attacker per defender."),
    ("empty_fortress", "With the Fortress and its discard both empty, draws stop and boosts add 0."),
    ("pillaged_paths", "A Path whose Treasure is pillaged cannot be explored again."),
    ("attack_no_tap", "Attacking does not tap a Hero."),
    ("boss_search", "After a Boss dies the deck is shuffled, Key taken or not."),
    ("attack_target", "Each attacking Hero is declared with its target (3.5 and 3.6 together)."),
    ("equivalent_choices", "Choices that cannot change the table are not asked (the Boss test's always is)."),
    ("undefended_choice", "You choose which hand cards an undefended attack discards."),
    ("recruit_with_stat", "A Hero comes into play together with a Stat of its suit."),
    ("auto_ties", "Option: ties are settled by a fixed rule instead of asking."),
)


def code(deck: str, rank: str, suit: str) -> str:
    return deck + rank + suit


def deck_of(card: str) -> str:
    return card[0]


def rank_of(card: str) -> str:
    return card[1]


def suit_of(card: str) -> str:
    return card[2]


def value(card: str) -> int:
    """Face value: Ace 1, 2 to 9, Ten 10; figures have none (0)."""
    rank = card[1]
    if rank == "A":
        return 1
    if rank == "T":
        return 10
    if rank in "JQK":
        return 0
    return int(rank)


_CATEGORY = {"A": ACE, "T": TEN, "J": FIGURE, "Q": FIGURE, "K": FIGURE}
_CATEGORY.update(dict.fromkeys("2345", STAT))
_CATEGORY.update(dict.fromkeys("6789", LIEU))


def category(card: str) -> str:
    return _CATEGORY[card[1]]


def is_figure(card: str) -> bool:
    return card[1] in "JQK"


def is_stat(card: str) -> bool:
    return card[1] in "2345"


def is_lieu(card: str) -> bool:
    return card[1] in "6789"


def full_deck(deck: str) -> list[str]:
    """The 52 cards of one deck, in a fixed order (suits, then ranks)."""
    return [code(deck, rank, suit) for suit in SUITS for rank in RANKS]


_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def label(card: str) -> str:
    """A short display form: 10♥, K♠, 7♦ (which deck it is from is left to the context)."""
    rank = "10" if card[1] == "T" else card[1]
    return rank + _SYMBOLS[card[2]]


def is_card(text: str) -> bool:
    return len(text) == 3 and text[0] in "pf" and text[1] in RANKS and text[2] in SUITS
