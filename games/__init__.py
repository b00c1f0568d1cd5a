"""Pure game rules: no Discord, no I/O, no clock, no module-level randomness.

Each sub-package (other than ``core``) is one game and exposes ``ENGINE``.
"""
