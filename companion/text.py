"""Small wording helpers shared by messages and sheets."""

from __future__ import annotations

import unicodedata

__all__ = ["BIDI_CONTROLS", "MAX_SHOWN", "counted", "shown", "shown_lines", "shown_text"]

MAX_SHOWN = 40
"""A message quotes at most about this many characters of a value the user gave."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
"""The characters that reorder text around them (embeddings, overrides, isolates,
marks): in a name or a file name they could make one line read as another."""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``, ``"0 cards"``: a count and its noun, in the right
    number (``plural`` when it is not the noun plus ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages that quote what the
    user typed (an absurd value of a million characters is not echoed back)."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "..."
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "..."


def shown_text(text: str) -> str:
    """``text`` (a file name, a player's name) as the terminal and the standings show
    it: control characters (a terminal's escape sequences), bidi controls and
    undecodable bytes of a file name (surrogates) become U+FFFD, so no output can be
    steered, reordered or broken by a name."""
    return "".join("\ufffd" if unicodedata.category(ch) in ("Cc", "Cs")
                   or ch in "\ufffe\uffff" or ch in BIDI_CONTROLS else ch for ch in text)


def shown_lines(text: str) -> str:
    """A message of one or more lines for the terminal: each line as
    :func:`shown_text` shows it (a file name in it cannot steer the terminal)."""
    return "\n".join(shown_text(line) for line in text.split("\n"))
