"""Fort Boyard: keys, trials and riddles round the Fort, a secret code word, the treasure room."""

from games.fortboyard.engine import ENGINE

__all__ = ["ENGINE"]
