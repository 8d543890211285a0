"""Small wording helpers shared by messages and sheets."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"0 cards"``: a count and its noun, in the right
    number (``plural`` when it is not the noun plus ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
