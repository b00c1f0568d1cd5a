"""Forteresse Solo: a solitaire card game, one Hero deck against a Fortress deck."""

from games.forteresse.engine import ENGINE

__all__ = ["ENGINE"]
