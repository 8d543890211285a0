"""Rule booklets: the block model (``docs/printing.md``, Booklets).

A game's booklet is data: a :class:`Booklet` of blocks (headings, paragraphs, lists,
tables, logs, engine-drawn figures, example steps) written in the game's package
(``companion/games/<game>/booklet.py``). Plain data: this module imports no reportlab
and nothing of the rest of the companion; :mod:`companion.paper.booklet.render` lays
the blocks out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Block", "Booklet", "Break", "Bullets", "Code", "Draw", "Fig", "H1", "H2",
           "Keep", "Note", "P", "Rows", "Step"]

Draw = Callable[[Any, float, float], None]
"""A figure's drawing function: ``draw(canvas, width, height)`` with the origin at the
figure's bottom-left corner (points)."""


@dataclass(frozen=True)
class H1:
    """A section heading (listed in the table of contents)."""

    text: str


@dataclass(frozen=True)
class H2:
    """A subsection heading."""

    text: str


@dataclass(frozen=True)
class P:
    """A paragraph. Markup: ``<b>``, ``<i>``, ``<font>`` (reportlab's), suit
    characters and ``[icon:NAME]``; write ``&amp;`` ``&lt;`` for ``&`` ``<``."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A bulleted (or numbered) list; each item is paragraph markup."""

    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Rows:
    """A table of rows of paragraph markup, with an optional bold header row.

    Two columns by default (term, explanation), ``split`` being the first column's
    share of the width; ``widths`` (shares summing to 1) for any number of columns.
    """

    rows: tuple[tuple[str, ...], ...]
    header: tuple[str, ...] | None = None
    split: float = 0.3
    widths: tuple[float, ...] = ()


@dataclass(frozen=True)
class Code:
    """A log or command, set verbatim (no markup): ``#`` comments in grey, suits drawn
    as icons."""

    text: str


@dataclass(frozen=True)
class Fig:
    """A figure drawn by ``draw`` in a ``width_mm`` x ``height_mm`` box (``width_mm``
    0: the full text width), with a caption (markup) under it."""

    draw: Draw
    height_mm: float
    caption: str = ""
    width_mm: float = 0.0
    side: bool = False
    """The caption beside the figure (left-aligned, in the room its ``width_mm`` leaves)
    instead of under it: a narrow figure (a floor, a map) does not leave two blank
    strips either side of it."""


@dataclass(frozen=True)
class Note:
    """A shaded box with a bold title and paragraph markup."""

    title: str
    text: str


@dataclass(frozen=True)
class Step:
    """One step of an example of play: the log line(s) written, what they did (markup),
    the state after them (markup, printed small) and an optional figure; kept on one
    page."""

    line: str
    text: str
    state: str = ""
    fig: Fig | None = None


@dataclass(frozen=True)
class Break:
    """Start a new page."""


@dataclass(frozen=True)
class Keep:
    """Blocks kept on one page (a heading, its introduction and its figure)."""

    blocks: tuple[Any, ...]


Block = H1 | H2 | P | Bullets | Rows | Code | Fig | Note | Step | Break | Keep


@dataclass(frozen=True)
class Booklet:
    """One game's booklet: its title page and its body."""

    game: str
    title: str
    tagline: str
    credits: str
    blocks: tuple[Block, ...]
    hero: Fig | None = None
    example_log: str = ""
    summary: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    emblem: tuple[str, ...] = ()
    """The cover's emblem: icon names (:mod:`companion.paper.icons`), the first drawn big
    in the middle, the others round it (empty: a chest among a monster and stairs)."""
    edition: int | None = None
    """The rules edition the booklet retells (the cover names it)."""

    def text_blocks(self) -> list[str]:
        """Every text of the booklet (for checks: glyph coverage, no copied sentence)."""
        out = [self.title, self.tagline, self.credits]
        if self.hero is not None:
            out.append(self.hero.caption)
        blocks = list(self.blocks)
        while any(isinstance(b, Keep) for b in blocks):
            blocks = [x for b in blocks for x in (b.blocks if isinstance(b, Keep) else (b,))]
        for b in blocks:
            if isinstance(b, (H1, H2, P, Code)):
                out.append(b.text)
            elif isinstance(b, Bullets):
                out.extend(b.items)
            elif isinstance(b, Rows):
                out.extend(t for row in b.rows for t in row)
                if b.header:
                    out.extend(b.header)
            elif isinstance(b, Fig):
                out.append(b.caption)
            elif isinstance(b, Note):
                out.extend((b.title, b.text))
            elif isinstance(b, Step):
                out.extend((b.line, b.text, b.state))
                if b.fig is not None:
                    out.append(b.fig.caption)
        return out

