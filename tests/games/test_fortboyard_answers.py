"""Fort Boyard: matching typed answers (games/fortboyard/answers.py) and the card files.

The matching rules come from the house rules (shared/HOUSE_RULES.md, Fort Boyard): an
answer is « matched ignoring case, accents, articles and small typos ». The card files
are games/fortboyard/decks/<language>/*.toml; every check below runs on both languages.
"""

import re
from collections import Counter

import pytest

from games.fortboyard.answers import distance, matches, normalize, same_words, typos_allowed, words
from games.fortboyard.deck import CATEGORIES, KINDS, LANGUAGES, Count, Deck, deck

# =============================================================================
# normalize
# =============================================================================


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Le Miroir", "miroir"),
        ("  LA   glace ! ", "glace"),
        ("l'Écho", "echo"),
        ("L’ombre", "ombre"),  # a typographic apostrophe
        ("de la mousse", "mousse"),
        ("de l'eau", "eau"),
        ("les Cafards", "cafards"),
        ("une pièce", "piece"),
        ("des boutons", "boutons"),
        ("du sucre", "sucre"),
        ("un canard", "canard"),
        ("The Seal", "seal"),
        ("a key", "key"),
        ("an envelope", "envelope"),
        ("arc-en-ciel", "arc en ciel"),
        ("Œuf", "oeuf"),  # ligatures are spelt out
        ("le cœur", "coeur"),
        ("Ægir", "aegir"),
        ("cinquante-six", "cinquante six"),
        ("56", "56"),
        ("", ""),
        ("!!!", ""),
    ],
)
def test_normalize(typed: str, expected: str) -> None:
    """Lowercase ASCII words, single spaces, punctuation and one leading article gone."""
    assert normalize(typed) == expected


def test_normalize_keeps_a_lone_article_and_inner_articles() -> None:
    """An answer that is only an article stays; articles inside the answer stay."""
    assert normalize("la") == "la"
    assert normalize("Le") == "le"
    assert normalize("Le Comte de la Fère") == "comte de la fere"
    assert normalize("lesson") == "lesson"  # "les" + "son" is not an article
    assert normalize("anchor") == "anchor"
    assert normalize("Lune") == "lune"


def test_words_drop_accents_and_punctuation() -> None:
    """Accents go, and any other sign parts words: a phone's typographic apostrophe as well."""
    assert words("Ça, c'est l'Été !") == ["ca", "c", "est", "l", "ete"]
    assert words("l’écho « vrai »") == ["l", "echo", "vrai"]
    assert words("naïve façade") == ["naive", "facade"]
    assert words("") == []


def test_a_typographic_apostrophe_is_an_apostrophe() -> None:
    """« l’écho » typed on a phone is « l'écho »: the article goes, the four letters match exactly."""
    assert normalize("l’écho") == "echo"
    assert matches("L’écho", ["l'écho"])


# =============================================================================
# typos, distance, matches
# =============================================================================


def test_typos_allowed_grow_with_the_length() -> None:
    assert [typos_allowed("x" * n) for n in (1, 4, 5, 9, 10, 20)] == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("", "", 0),
        ("abc", "abc", 0),
        ("abc", "", 3),
        ("", "ab", 2),
        ("miroir", "mirroir", 1),
        ("miroir", "miroi", 1),
        ("miroir", "mirior", 1),
        ("miroir", "imroir", 1),
        ("miroir", "miroar", 1),
        ("canard", "cafard", 1),
        ("kitten", "sitting", 3),
    ],
)
def test_distance(a: str, b: str, edits: int) -> None:
    """Insert, delete, replace, and a swap of neighbours each count one edit."""
    assert distance(a, b) == edits
    assert distance(b, a) == edits


def test_matches_ignores_case_accents_articles() -> None:
    accepted = ["l'écho", "échos"]
    for typed in ("echo", "ECHO", "l'écho", "L'ECHO", "  l echo  ", "Échos", "les échos", "un écho"):
        assert matches(typed, accepted), typed


def test_matches_forgives_small_typos_only() -> None:
    """No slip below five letters, one from five, two from ten."""
    assert matches("mirroir", ["le miroir"])  # one insertion in six letters
    assert matches("mirior", ["le miroir"])  # one swap
    assert not matches("mirrior", ["le miroir"])  # two slips in six letters
    assert matches("parapluit", ["le parapluie"])  # one slip in nine letters
    assert matches("parapuit", ["le parapluie"]) is False  # two slips in nine letters
    assert matches("arc en cile", ["l'arc-en-ciel"])  # one swap in eleven characters
    assert matches("ark en cile", ["l'arc-en-ciel"])  # two slips in eleven characters
    assert not matches("ark an cile", ["l'arc-en-ciel"])  # three
    assert not matches("Rame", ["Rome"])  # four letters: exact only
    assert not matches("sept", ["six"])
    assert not matches("54", ["56"])


def test_matches_spells_ligatures_out() -> None:
    """A phone keyboard often types « œ »: « sœur » is « soeur », not « sur »."""
    assert matches("sœur", ["la soeur"]) and matches("soeur", ["la sœur"])
    assert not matches("sur", ["la sœur"])


def test_matches_refuses_empty_and_blank_answers() -> None:
    for typed in ("", " ", "!?", "le"):
        assert not matches(typed, ["l'ombre", "ombres"]), typed
    assert not matches("ombre", [])


def test_same_words_in_order_with_typos_per_word() -> None:
    expected = ["bougie", "dragon", "ancre", "igloo"]
    assert same_words("bougie dragon ancre igloo", expected)
    assert same_words("Bougie, DRAGON; ancre - iglou", expected)  # one slip in a five-letter word
    assert same_words("bougei dargon ancre igloo", expected)  # a swap in two words
    assert not same_words("dragon bougie ancre igloo", expected)  # order
    assert not same_words("bougie dragon ancre", expected)  # one missing
    assert not same_words("bougie dragon ancre igloo lune", expected)  # one extra
    assert not same_words("bougie dragon ancer igloo", ["bougie", "dragon", "ancre", "iglo"])  # "iglo": four letters
    assert not same_words("", expected)
    assert same_words("4 9 2", ["4", "9", "2"])
    assert not same_words("4 9 3", ["4", "9", "2"])
    assert same_words("new york", ["New York"])  # an item of two words is two words


# =============================================================================
# The card files
# =============================================================================


@pytest.fixture(params=LANGUAGES)
def box(request: pytest.FixtureRequest) -> Deck:
    return deck(request.param)


def test_every_card_loads_in_both_languages() -> None:
    """Both boxes load and validate (each side's kind fits its category)."""
    for language in LANGUAGES:
        loaded = deck(language)
        assert set(loaded.trials) == set(CATEGORIES)
        for category, cards in loaded.trials.items():
            for card in cards:
                assert card.red.kind in KINDS[category] and card.blue.kind in KINDS[category]
                assert loaded.trial(category, card.id) == card
        for card in loaded.words:
            assert loaded.word_card(card.id) == card


def test_the_box_is_full(box: Deck) -> None:
    """« 20 cartes CONCENTRATION », « 20 cartes FORCE », « 20 cartes DUEL », « 20 cartes ÉNIGME »
    and « 20 cartes MOT-CODE », each trial card with a red and a blue side; ids unique."""
    for category in CATEGORIES:
        cards = box.trials[category]
        assert len(cards) == 20, category
        assert len({card.id for card in cards}) == len(cards)
        assert all(card.red and card.blue for card in cards)
    assert len(box.words) == 20
    assert len({card.id for card in box.words}) == len(box.words)


def test_four_mechanics_per_category(box: Deck) -> None:
    """Every mechanic of a category is used, at least four times, so a game does not repeat itself."""
    for category in ("concentration", "force", "duel"):
        used = Counter(side.kind for side in _sides(box, category))
        assert set(used) == set(KINDS[category]) and min(used.values()) >= 4, (category, used)


def test_intruders_and_arithmetic_hold_together(box: Deck) -> None:
    """An intruder is one of its items, named once; a chain's answer is a whole number."""
    for side in _sides(box, "concentration"):
        if side.kind == "intruder":
            assert side.items.count(side.intruder) == 1 and len(set(side.items)) == len(side.items)
        if side.kind == "arithmetic":
            assert all(0 <= value <= 200 and value == int(value) for value in side.results)


def _sides(box: Deck, category: str) -> list:
    return [side for card in box.trials[category] for side in (card.red, card.blue)]


def test_riddle_and_quickfire_answers_match_themselves(box: Deck) -> None:
    """Each answer and each variant, typed as written, is accepted."""
    for side in _sides(box, "enigme") + [s for s in _sides(box, "duel") if s.kind == "quickfire"]:
        assert side.accepted
        for answer in side.accepted:
            assert normalize(answer), answer
            assert matches(answer, side.accepted), answer
            assert matches(answer.upper(), side.accepted), answer


def test_no_duplicate_riddle_within_a_language(box: Deck) -> None:
    """No riddle text twice, no riddle answer twice (accents, case, articles aside)."""
    riddles = _sides(box, "enigme")
    texts = [" ".join(words(r.text)) for r in riddles]
    answers = [normalize(r.answer) for r in riddles]
    assert len(set(texts)) == len(texts)
    assert len(set(answers)) == len(answers)


def test_no_duplicate_quickfire_question_within_a_language(box: Deck) -> None:
    questions = [" ".join(words(s.question)) for s in _sides(box, "duel") if s.kind == "quickfire"]
    assert len(set(questions)) == len(questions)


def test_count_answers_between_3_and_12(box: Deck) -> None:
    counts = [s for s in _sides(box, "concentration") if s.kind == "count"]
    assert counts
    for side in counts:
        assert 3 <= side.answer <= 12, side.text
        assert side.accepted == [str(side.answer)]


def test_count_includes_a_leading_article() -> None:
    """A count is of the sentence as written: a leading « Le » is counted like any word."""
    card = Count(kind="count", text="Le lievre et le lapin se levent tot le matin.", letter="l")
    assert card.answer == 6
    assert Count(kind="count", text="Élan, été, épée : les accents comptent-ils ?", letter="e").answer == 9


def test_sequences_and_typing_lists_are_typable(box: Deck) -> None:
    """A sequence's items and a typing list's words are matched word by word against themselves."""
    for side in _sides(box, "concentration") + _sides(box, "force"):
        if side.kind == "sequence":
            assert same_words(" ".join(side.items), side.items)
            assert all(words(item) for item in side.items)
        elif side.kind == "typing":
            assert same_words(" ".join(side.words), side.words)
            assert len(set(side.words)) == len(side.words)


def test_dice_targets_are_reachable(box: Deck) -> None:
    """A dice card's target can be banked within its throws (six a throw at best)."""
    for side in _sides(box, "force"):
        if side.kind == "dice":
            assert side.target <= 6 * side.throws


def test_code_words_match_themselves(box: Deck) -> None:
    for card in box.words:
        for level in ("easy", "hard"):
            word = card.level(level)
            for accepted in word.accepted:
                assert matches(accepted, word.accepted), accepted
                assert matches(accepted.upper(), word.accepted), accepted


def test_four_clues_per_word(box: Deck) -> None:
    for card in box.words:
        for level in ("easy", "hard"):
            word = card.level(level)
            assert len(word.clues) == 4, word.word
            assert len({normalize(c) for c in word.clues}) == 4, word.word
            assert all(normalize(c) for c in word.clues)


def test_no_clue_gives_its_word_away(box: Deck) -> None:
    """No clue holds its own word, nor the word's first five letters (accents and case aside)."""
    for card in box.words:
        for level in ("easy", "hard"):
            word = card.level(level)
            plain = normalize(word.word)
            for clue in word.clues:
                said = " ".join(words(clue))
                assert plain not in said, (word.word, clue)
                assert plain[:5] not in said, (word.word, clue)
                assert not re.search(rf"\b{re.escape(plain[:5])}", said), (word.word, clue)


def test_code_words_are_distinct(box: Deck) -> None:
    """No code word twice in a box, at either level."""
    every = [normalize(card.level(level).word) for card in box.words for level in ("easy", "hard")]
    assert len(set(every)) == len(every)
