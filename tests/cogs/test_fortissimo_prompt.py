"""Fortissimo!'s instruction above Take / Put back says what the player may do with the card
just flipped: a card that cannot extend the rampart is not offered to be taken."""

from bot.storage import Seat, SessionRecord
from cogs.fortissimo.board import FortissimoUI
from tests.games.test_fortissimo_rules import build, flip

UI = FortissimoUI()
RECORD = SessionRecord(
    id=3,
    game="fortissimo",
    guild_id=1,
    lobby_channel_id=1,
    channel_id=1,
    host_id=1,
    status="active",
    seats=[Seat(user_id=1, name="ann"), Seat(user_id=2, name="bob")],
    seed=1,
    created_at=0,
    updated_at=0,
)


def instruction(state, lang: str) -> str:
    second = UI.board(RECORD, state, lang)[1]
    assert second.content is not None
    return second.content


def test_a_lower_card_is_only_offered_to_be_put_back() -> None:
    """« Cette carte ne peut pas être prise, car 13 est inférieur à 17. »
    Checks: with 17 on top, a flipped 13 is told as one to put back, in both languages; a
    flipped 20 is offered to be taken."""
    low, _ = flip(build([[1, 17], [1, 5]]), 13)
    french = instruction(low, "fr")
    assert french.startswith("ann a retourné le **13** en ")
    assert french.endswith(" : plus faible que la dernière carte du rempart, il ne peut qu'être reposé face cachée.")
    assert instruction(low, "en").endswith(": lower than the rampart's last card, it can only be put back face down.")
    high, _ = flip(build([[1, 17], [1, 5]]), 20)
    assert instruction(high, "en").endswith(": take it or put it back face down?")
    assert instruction(high, "fr").endswith(
        " : le prendre ou le reposer face cachée ?"
    )  # « le 20 », as on the button « Prendre le 20 »
