"""Shared Discord UI: persistent buttons, the lobby, boards and replies."""
