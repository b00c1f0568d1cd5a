"""Le labyrinthe secret: a turning castle maze, a treasure race and stone-scissors-paper duels."""

from games.labyrinthe.engine import ENGINE

__all__ = ["ENGINE"]
