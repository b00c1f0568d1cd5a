"""Fortissimo!: flip cards from a face-down grid to build an ascending rampart."""

from games.fortissimo.engine import ENGINE

__all__ = ["ENGINE"]
