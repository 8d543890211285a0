"""A rule booklet's cover (issue 25, docs/printing.md: Booklets): the title, the
tagline, a drawn emblem made of the project's icons that fills the room the cover's
text leaves, the credits, the rules edition and what is inside (the contents).

The emblem is a flowable that measures the flowables set after it on the cover, so the
page is used from the title to the printing note whatever the contents' length.
reportlab is imported when the flowable class is made, not before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from companion.paper.booklet.markup import INK
from companion.paper.units import mm

__all__ = ["DEFAULT_EMBLEM", "PANEL", "VOLUME_EMBLEM", "draw_emblem", "emblem_class"]

DEFAULT_EMBLEM = ("chest", "monster", "stairs", "player", "trap")
VOLUME_EMBLEM = ("book", "monster", "spade", "chest", "heart", "stairs", "diamond", "trap",
                 "club")
"""The emblem of the volume of every game's booklet."""
PANEL = (0.95, 0.93, 0.87)
"""The emblem panel's tint: a warm parchment that prints light on any printer."""
MIN_HEIGHT = mm(36)
MAX_HEIGHT = mm(95)


def draw_emblem(c: Any, w: float, h: float, icons: Sequence[str]) -> None:
    """The emblem in a ``w`` x ``h`` panel at the origin: a tinted panel with a double
    rule, the first icon big in a white medallion, the others on a ring round it, a
    small diamond in each corner."""
    from companion.paper.icons import draw_icon

    names = list(icons) or list(DEFAULT_EMBLEM)
    c.saveState()
    c.setFillColorRGB(*PANEL)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(1.2)
    c.roundRect(0, 0, w, h, mm(3), stroke=1, fill=1)
    c.setLineWidth(0.4)
    inset = mm(2.2)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, mm(2), stroke=1, fill=0)
    # corner diamonds
    d = mm(1.6)
    c.setFillColorRGB(*INK)
    for x, y in ((inset, inset), (w - inset, inset), (inset, h - inset),
                 (w - inset, h - inset)):
        path = c.beginPath()
        path.moveTo(x, y - d)
        path.lineTo(x + d, y)
        path.lineTo(x, y + d)
        path.lineTo(x - d, y)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    cx, cy = w / 2, h / 2
    inner = min(w, h) - 2 * inset
    ring = names[1:]
    big = inner * (0.30 if ring else 0.5)
    # ring: an ellipse that uses the panel's width
    rx = min(w / 2 - inset - inner * 0.16, inner * 0.34 + (w - h) / 2 * 0.8)
    ry = inner * 0.34
    small = min(inner * 0.17, mm(14))
    for i, name in enumerate(ring):
        a = math.pi / 2 + 2 * math.pi * i / len(ring)
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.8)
        c.circle(x, y, small * 0.66, stroke=1, fill=1)
        draw_icon(c, name, x, y, small * 0.8)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(1.6)
    c.circle(cx, cy, big * 0.72, stroke=1, fill=1)
    c.setLineWidth(0.5)
    c.circle(cx, cy, big * 0.72 - mm(1.2), stroke=1, fill=0)
    draw_icon(c, names[0], cx, cy, big * 0.8)
    c.restoreState()


def emblem_class() -> type:
    """The emblem flowable class (imports reportlab)."""
    from reportlab.platypus import Flowable

    class Emblem(Flowable):  # type: ignore[misc]
        """The cover's emblem, as tall as the room the flowables after it leave
        (between :data:`MIN_HEIGHT` and :data:`MAX_HEIGHT`)."""

        def __init__(self, icons: Sequence[str], after: Sequence[Any],
                     space: float = mm(4)) -> None:
            super().__init__()
            self.icons = tuple(icons)
            self.after = list(after)
            self.space = space
            self.height = MIN_HEIGHT
            self.width = 0.0

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            rest = 0.0
            canv = getattr(self, "canv", None)
            for f in self.after:
                if canv is not None:
                    f.canv = canv  # a contents list measures itself on the canvas
                _, fh = f.wrap(aw, ah)
                rest += fh + f.getSpaceBefore() + f.getSpaceAfter()
            room = ah - rest - 2 * self.space - mm(3)
            self.width = aw
            self.height = max(MIN_HEIGHT, min(MAX_HEIGHT, room))
            return (aw, self.height + 2 * self.space)

        def draw(self) -> None:
            c = self.canv
            c.saveState()
            c.translate(0, self.space)
            draw_emblem(c, self.width, self.height, self.icons)
            c.restoreState()

    return Emblem
