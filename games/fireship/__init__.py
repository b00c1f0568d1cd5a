"""Fireship: fleets of boats, planes and battleships conquer nine islands.

Work in progress (issue 6): only the board geometry exists so far. There is
no ``ENGINE`` yet, so the registry, the bot and the contract suite skip it.
"""
