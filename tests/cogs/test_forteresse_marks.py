"""Forteresse Solo in French: the marks after a character agree with a Queen (« Dame ♠ · engagée »),
in English they do not change."""

from cogs.forteresse.board import ForteresseUI
from games.forteresse.models import EnemyView, HeroView

UI = ForteresseUI()


def hero(card: str) -> HeroView:
    return HeroView(
        card=card, stats=["p3S"], life=1, power=3, tapped=True, explorer=True, blocking=None, attacking=None
    )


def enemy(card: str) -> EnemyView:
    return EnemyView(
        card=card,
        stats=["f4H"],
        life=1,
        power=4,
        boss=False,
        boost=None,
        bribed=False,
        blocked_by="pKS",
        attackers=["pJS"],
    )


def test_a_queen_takes_the_feminine() -> None:
    queen = UI._hero_line(hero("pQS"), "fr", blocks=True)
    assert "engagée" in queen and "exploratrice" in queen
    king = UI._hero_line(hero("pKS"), "fr", blocks=True)
    assert "engagé ·" in king and "explorateur" in king and "engagée" not in king
    assert "bloquée par Roi ♠" in UI._enemy_line(enemy("fQH"), "fr", blocks=True)
    assert "attaquée par Valet ♠" in UI._enemy_line(enemy("fQH"), "fr", blocks=True)
    assert "bloqué par Roi ♠" in UI._enemy_line(enemy("fJH"), "fr", blocks=True)
    assert "tapped" in UI._hero_line(hero("pQS"), "en", blocks=True)
    assert "blocked by King ♠" in UI._enemy_line(enemy("fQH"), "en", blocks=True)
