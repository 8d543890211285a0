"""Millimetres, points and paper sizes.

PDF coordinates are in points (1/72 inch) with the origin at the bottom-left corner of
the page; every physical size in the project is given in millimetres and converted here,
exactly: ``points = mm * 72 / 25.4``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from companion.errors import LayoutError

MM: float = 72 / 25.4
"""Points per millimetre."""

PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
"""Portrait paper sizes (width, height) in millimetres."""

HOME_PAPERS: tuple[str, ...] = ("a4", "letter")
"""The papers every sheet prints on."""
BIG_PAPERS: tuple[str, ...] = ("a3", "tabloid")
"""The big papers only the play mats take (one sheet holding the real-size card spots
that need two sheets of A4 or Letter): docs/printing.md, "Play mats"."""
HOME_PAPER_OF: dict[str, str] = {"a4": "a4", "letter": "letter", "a3": "a4",
                                  "tabloid": "letter"}
"""The home paper of the same family: the cards and tiles that go on a mat printed on
A3 are printed on A4, those of a Tabloid mat on Letter."""

PAPER_ENV = "COMPANION_PAPER"
UNPRINTABLE_MM = 5.0
"""Home printers do not print the outer ~5 mm of the sheet."""
SAFE_MM = 8.0
"""Everything that matters stays at least this far inside the paper edge."""


def mm(x: float) -> float:
    """``x`` millimetres in points."""
    return x * MM


def to_mm(points: float) -> float:
    """``points`` in millimetres."""
    return points / MM


def check_paper(paper: str) -> str:
    """The canonical (lower-case) paper name.

    Raises LayoutError if ``paper`` is not one of ``a4``, ``letter``, ``a3``,
    ``tabloid``.
    """
    key = paper.strip().lower() if isinstance(paper, str) else paper
    if key not in PAPER_MM:
        raise LayoutError(
            f"unknown paper {paper!r}: choose one of {', '.join(PAPER_MM)}"
        )
    return key


def paper_size_mm(paper: str, landscape: bool = False) -> tuple[float, float]:
    """(width, height) of ``paper`` in millimetres, turned when ``landscape``.

    Raises LayoutError for an unknown paper.
    """
    w, h = PAPER_MM[check_paper(paper)]
    return (h, w) if landscape else (w, h)


def paper_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """(width, height) of ``paper`` in points, turned when ``landscape``.

    Raises LayoutError for an unknown paper.
    """
    w, h = paper_size_mm(paper, landscape)
    return (mm(w), mm(h))


def default_paper() -> str:
    """The paper named by the ``COMPANION_PAPER`` environment variable, else ``a4``.

    Raises LayoutError if the variable holds anything but ``a4``, ``letter``, ``a3``
    or ``tabloid``.
    """
    value = os.environ.get(PAPER_ENV, "").strip()
    if not value:
        return "a4"
    if value.lower() not in PAPER_MM:
        raise LayoutError(
            f"the environment variable {PAPER_ENV}={value!r} names no paper: "
            f"set it to {', '.join(PAPER_MM)}, or unset it"
        )
    return value.lower()


@dataclass(frozen=True)
class Rect:
    """A rectangle in points: ``x``, ``y`` the bottom-left corner (PDF coordinates,
    y grows upwards), ``w``, ``h`` its size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        """The right edge."""
        return self.x + self.w

    @property
    def y1(self) -> float:
        """The top edge."""
        return self.y + self.h

    @property
    def cx(self) -> float:
        """The horizontal centre."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """The vertical centre."""
        return self.y + self.h / 2

    def inset(self, d: float) -> Rect:
        """This rectangle shrunk by ``d`` points on every side (grown if negative)."""
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``, the form of a PDF box (TrimBox, BleedBox)."""
        return (self.x, self.y, self.x1, self.y1)


def bounding_rect(rects: list[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects``.

    Raises ValueError if ``rects`` is empty.
    """
    if not rects:
        raise ValueError("bounding_rect needs at least one rectangle")
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.x1 for r in rects)
    y1 = max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
