"""Fireship: fleets of boats, planes and battleships conquer nine islands."""

from games.fireship.engine import ENGINE

__all__ = ["ENGINE"]
