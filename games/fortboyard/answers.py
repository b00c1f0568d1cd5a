"""Matching a typed answer against the accepted ones: case, accents, punctuation,
leading articles and small typos do not matter."""

import re
import unicodedata

ARTICLES = ("de la ", "de l ", "l ", "le ", "la ", "les ", "un ", "une ", "des ", "du ", "the ", "a ", "an ")
WORD = re.compile(r"[a-z0-9]+")
TYPO_LENGTHS = (5, 10)  # an answer this long forgives one slip, then two


def words(text: str) -> list[str]:
    """The lowercase ASCII words of ``text``."""
    folded = text.casefold().replace("œ", "oe").replace("æ", "ae")  # ligatures have no NFKD split
    bare = "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))
    plain = bare.encode("ascii", "replace").decode()  # another sign (’, «) parts words, like ' does
    return WORD.findall(plain)


def normalize(text: str) -> str:
    """Lowercase ASCII words separated by single spaces, without a leading article."""
    joined = " ".join(words(text))
    for article in ARTICLES:
        if joined.startswith(article) and len(joined) > len(article):
            return joined[len(article) :]
    return joined


def typos_allowed(answer: str) -> int:
    """One slip in a word of five letters or more, two from ten (``TYPO_LENGTHS``)."""
    return sum(len(answer) >= length for length in TYPO_LENGTHS)


def distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap of neighbours) from ``a`` to ``b``."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            cost = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, previous2[j - 2] + 1)
            row.append(cost)
        previous2, previous = previous, row
    return previous[-1]


def close_enough(typed: str, expected: str) -> bool:
    """Both already normalized: equal, or within the typos the expected word allows."""
    return typed == expected or distance(typed, expected) <= typos_allowed(expected)


def matches(typed: str, accepted: list[str]) -> bool:
    """Does ``typed`` say one of the ``accepted`` answers?"""
    said = normalize(typed)
    return bool(said) and any(close_enough(said, normalize(answer)) for answer in accepted)


def same_words(typed: str, expected: list[str]) -> bool:
    """Every expected word, in order, none missing or extra, each within its typos."""
    said, wanted = words(typed), [word for item in expected for word in words(item)]
    return len(said) == len(wanted) and all(close_enough(s, w) for s, w in zip(said, wanted))
