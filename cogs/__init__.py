"""One package per game (plus shared commands): its commands, board and controls."""
