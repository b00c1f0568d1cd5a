"""Rule scenario tests quote the rule book between « and »; this checks the quotes.

The rule books are not in the repository: ``FORTBOT_RULE_BOOKS`` names the folder that holds
them (by default ``shared/seeds`` beside the checkout); without them these checks are skipped."""

import os
import re
import sys
from pathlib import Path

import pytest

SEEDS = Path(os.environ.get("FORTBOT_RULE_BOOKS") or Path(__file__).resolve().parents[3] / "shared" / "seeds")


def _norm(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def check_quotes(module_name: str, book: str, minimum: int) -> None:
    """Every quotation in the module's test docstrings appears word for word in ``book``
    (a file name in that folder); skipped where the books are not at hand."""
    path = SEEDS / book
    if not path.exists():
        pytest.skip(f"rule book not found at {path} (FORTBOT_RULE_BOOKS names their folder)")
    text = _norm(path.read_text(encoding="utf-8"))
    module = sys.modules[module_name]
    quotes = []
    for name in dir(module):
        func = getattr(module, name)
        if name.startswith("test_") and callable(func) and func.__doc__:
            quotes += [(name, q) for q in re.findall(r"«\s*(.+?)\s*»", func.__doc__, re.S)]
    assert len(quotes) >= minimum
    missing = [(name, q) for name, q in quotes if _norm(q) not in text]
    assert not missing, missing
