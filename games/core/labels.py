"""Cell labels such as "C7": a letter, then a number from 1 with no leading zero."""


def split_label(text: str, letters: str) -> tuple[int, int] | None:
    """ "C7" with letters "ABC..." -> (2, 7): the letter's index and the number; None if
    the text is not shaped so. Whether the cell exists is the game's business."""
    digits = text[1:]
    if not text or text[0] not in letters or not digits.isascii() or not digits.isdigit() or digits[0] == "0":
        return None
    return letters.index(text[0]), int(digits)
