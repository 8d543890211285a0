"""The project's own vector icons, drawn with reportlab paths.

Every icon is drawn in a unit square (-0.5..0.5 on both axes, y up) that is scaled to
``size`` points around the centre ``(cx, cy)``. Shapes are simple, mostly solid
silhouettes with holes cut by the even-odd rule (the holes stay transparent, so an
icon reads on any background), legible from about 2.5 mm to 20 mm and in black and
white: the red suits differ from the black ones by shape, the armed trap from the
disarmed one by symbol (solid spikes against hollow, struck-out spikes).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from companion.cards import Suit

__all__ = ["ICON_NAMES", "RED", "ColorLike", "draw_icon", "draw_suit", "draw_star", "suit_icon"]

ColorLike = Any
"""A reportlab Color, an ``(r, g, b)`` tuple of 0..1 floats, or a ``#rrggbb`` string."""

RED = (0.78, 0.08, 0.1)
BLACK = (0.0, 0.0, 0.0)


def _set_colour(c: Any, color: ColorLike) -> None:
    """Set fill and stroke colour. Raises ValueError for an unusable colour."""
    if isinstance(color, str):
        from reportlab.lib.colors import toColor

        try:
            col = toColor(color)
        except ValueError:
            raise ValueError(f"unknown colour {color!r}") from None
        c.setFillColor(col)
        c.setStrokeColor(col)
    elif isinstance(color, tuple | list):
        if len(color) != 3 or not all(isinstance(v, int | float) for v in color):
            raise ValueError(f"a colour tuple needs three numbers 0..1, not {color!r}")
        c.setFillColorRGB(*color)
        c.setStrokeColorRGB(*color)
    else:
        c.setFillColor(color)
        c.setStrokeColor(color)


def _fill(c: Any, p: Any, even_odd: bool = True) -> None:
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def _stroke(c: Any, p: Any, width: float) -> None:
    c.setLineWidth(width)
    c.drawPath(p, stroke=1, fill=0)


def _poly(p: Any, pts: list[tuple[float, float]]) -> None:
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()


# --- suits ---------------------------------------------------------------------------


def _heart(c: Any) -> None:
    p = c.beginPath()
    p.moveTo(0, -0.43)
    p.curveTo(-0.13, -0.3, -0.47, -0.08, -0.47, 0.15)
    p.curveTo(-0.47, 0.34, -0.33, 0.44, -0.21, 0.44)
    p.curveTo(-0.09, 0.44, -0.01, 0.37, 0, 0.26)
    p.curveTo(0.01, 0.37, 0.09, 0.44, 0.21, 0.44)
    p.curveTo(0.33, 0.44, 0.47, 0.34, 0.47, 0.15)
    p.curveTo(0.47, -0.08, 0.13, -0.3, 0, -0.43)
    p.close()
    _fill(c, p)


def _stem(c: Any, top: float = -0.18) -> None:
    p = c.beginPath()
    p.moveTo(-0.04, top)
    p.curveTo(-0.05, -0.32, -0.11, -0.42, -0.2, -0.46)
    p.lineTo(0.2, -0.46)
    p.curveTo(0.11, -0.42, 0.05, -0.32, 0.04, top)
    p.close()
    _fill(c, p)


def _spade(c: Any) -> None:
    p = c.beginPath()
    p.moveTo(0, 0.46)
    p.curveTo(-0.13, 0.31, -0.46, 0.12, -0.46, -0.08)
    p.curveTo(-0.46, -0.25, -0.34, -0.33, -0.22, -0.33)
    p.curveTo(-0.11, -0.33, -0.03, -0.27, 0, -0.19)
    p.curveTo(0.03, -0.27, 0.11, -0.33, 0.22, -0.33)
    p.curveTo(0.34, -0.33, 0.46, -0.25, 0.46, -0.08)
    p.curveTo(0.46, 0.12, 0.13, 0.31, 0, 0.46)
    p.close()
    _fill(c, p)
    _stem(c, -0.2)


def _diamond(c: Any) -> None:
    p = c.beginPath()
    p.moveTo(0, 0.48)
    p.curveTo(0.09, 0.32, 0.2, 0.15, 0.36, 0)
    p.curveTo(0.2, -0.15, 0.09, -0.32, 0, -0.48)
    p.curveTo(-0.09, -0.32, -0.2, -0.15, -0.36, 0)
    p.curveTo(-0.2, 0.15, -0.09, 0.32, 0, 0.48)
    p.close()
    _fill(c, p)


def _club(c: Any) -> None:
    for x, y in ((0.0, 0.24), (-0.235, -0.1), (0.235, -0.1)):
        p = c.beginPath()
        p.circle(x, y, 0.205)
        _fill(c, p)
    p = c.beginPath()
    _poly(p, [(-0.12, 0.06), (0.12, 0.06), (0.06, -0.16), (-0.06, -0.16)])
    _fill(c, p)
    _stem(c, -0.1)


# --- game icons ----------------------------------------------------------------------


def _monster(c: Any) -> None:
    p = c.beginPath()
    # head and horns, one outline
    p.moveTo(0, -0.44)
    p.curveTo(-0.23, -0.44, -0.39, -0.29, -0.39, -0.03)
    p.curveTo(-0.39, 0.09, -0.35, 0.19, -0.28, 0.26)
    p.curveTo(-0.38, 0.32, -0.44, 0.4, -0.45, 0.49)
    p.curveTo(-0.34, 0.43, -0.23, 0.38, -0.14, 0.33)
    p.curveTo(-0.05, 0.36, 0.05, 0.36, 0.14, 0.33)
    p.curveTo(0.23, 0.38, 0.34, 0.43, 0.45, 0.49)
    p.curveTo(0.44, 0.4, 0.38, 0.32, 0.28, 0.26)
    p.curveTo(0.35, 0.19, 0.39, 0.09, 0.39, -0.03)
    p.curveTo(0.39, -0.29, 0.23, -0.44, 0, -0.44)
    p.close()
    # angry eyes (holes)
    _poly(p, [(-0.28, 0.12), (-0.05, 0.02), (-0.09, -0.09), (-0.24, -0.06)])
    _poly(p, [(0.28, 0.12), (0.05, 0.02), (0.09, -0.09), (0.24, -0.06)])
    # mouth (hole) with two fangs (filled again by the even-odd rule)
    _poly(p, [(-0.22, -0.18), (0.22, -0.18), (0.15, -0.32), (-0.15, -0.32)])
    _poly(p, [(-0.13, -0.18), (-0.05, -0.18), (-0.09, -0.28)])
    _poly(p, [(0.05, -0.18), (0.13, -0.18), (0.09, -0.28)])
    _fill(c, p)


def _chest(c: Any) -> None:
    p = c.beginPath()
    p.moveTo(-0.45, -0.4)
    p.lineTo(0.45, -0.4)
    p.lineTo(0.45, 0.14)
    p.curveTo(0.45, 0.34, 0.3, 0.41, 0, 0.41)
    p.curveTo(-0.3, 0.41, -0.45, 0.34, -0.45, 0.14)
    p.close()
    # the seam between lid and box, left and right of the lock (holes)
    p.rect(-0.37, 0.06, 0.25, 0.06)
    p.rect(0.12, 0.06, 0.25, 0.06)
    # lock plate (hole) with its keyhole (filled again)
    p.rect(-0.1, -0.15, 0.2, 0.3)
    p.circle(0, 0.03, 0.045)
    _poly(p, [(-0.03, 0.02), (0.03, 0.02), (0.045, -0.1), (-0.045, -0.1)])
    _fill(c, p)


def _potion(c: Any) -> None:
    cy, r = -0.15, 0.3
    neck = 0.09
    a = math.degrees(math.atan2(math.sqrt(r * r - neck * neck), -neck))
    p = c.beginPath()
    p.moveTo(-neck, 0.31)
    p.arcTo(-r, cy - r, r, cy + r, a, 360 - 2 * (a - 90))
    p.lineTo(neck, 0.31)
    p.close()
    _stroke(c, p, 0.075)
    # liquid: the lower part of the bulb
    c.saveState()
    clip = c.beginPath()
    clip.circle(0, cy, r - 0.02)
    c.clipPath(clip, stroke=0, fill=0)
    liquid = c.beginPath()
    liquid.moveTo(-0.5, -0.5)
    liquid.lineTo(0.5, -0.5)
    liquid.lineTo(0.5, -0.08)
    liquid.curveTo(0.2, -0.02, 0.1, -0.14, -0.1, -0.1)
    liquid.curveTo(-0.25, -0.07, -0.35, -0.1, -0.5, -0.08)
    liquid.close()
    # a bubble (hole)
    liquid.circle(0.1, -0.26, 0.05)
    _fill(c, liquid)
    c.restoreState()
    # rim and cork
    p = c.beginPath()
    p.roundRect(-0.15, 0.3, 0.3, 0.07, 0.02)
    p.rect(-0.075, 0.37, 0.15, 0.1)
    _fill(c, p, even_odd=False)


_SPIKES = [
    (-0.39, -0.14, -0.265, 0.2),
    (-0.125, 0.125, 0.0, 0.44),
    (0.14, 0.39, 0.265, 0.2),
]


def _spike_pit(c: Any) -> None:
    p = c.beginPath()
    p.rect(-0.46, -0.44, 0.92, 0.15)
    for x0, x1, tip, top in _SPIKES:
        _poly(p, [(x0, -0.3), (x1, -0.3), (tip, top)])
    _fill(c, p, even_odd=False)


def _trap_armed(c: Any) -> None:
    _spike_pit(c)


def _trap(c: Any) -> None:
    # disarmed / sprung: the same spike pit struck out by a bar, the usual "off" sign;
    # a transparent gap (a clip, not white paint) parts the bar from the spikes
    (ax, ay), (bx, by) = (-0.42, 0.42), (0.34, -0.34)
    length = math.hypot(bx - ax, by - ay)
    dx, dy = (bx - ax) / length, (by - ay) / length
    nx, ny = -dy, dx
    hw, ext = 0.14, 0.2
    gap = [
        (ax - dx * ext + nx * hw, ay - dy * ext + ny * hw),
        (bx + dx * ext + nx * hw, by + dy * ext + ny * hw),
        (bx + dx * ext - nx * hw, by + dy * ext - ny * hw),
        (ax - dx * ext - nx * hw, ay - dy * ext - ny * hw),
    ]
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD

    c.saveState()
    clip = c.beginPath()
    clip.rect(-1, -1, 2, 2)
    _poly(clip, gap)
    c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    _spike_pit(c)
    c.restoreState()
    bar = c.beginPath()
    bar.moveTo(ax, ay)
    bar.lineTo(bx, by)
    c.setLineCap(1)
    _stroke(c, bar, 0.12)


def _stairs(c: Any) -> None:
    p = c.beginPath()
    _poly(
        p,
        [
            (-0.45, -0.44), (0.45, -0.44), (0.45, 0.44), (0.22, 0.44), (0.22, 0.22),
            (0.0, 0.22), (0.0, 0.0), (-0.22, 0.0), (-0.22, -0.22), (-0.45, -0.22),
        ],
    )
    _fill(c, p)


def _crown(c: Any) -> None:
    p = c.beginPath()
    p.rect(-0.4, -0.4, 0.8, 0.15)
    _poly(
        p,
        [(-0.4, -0.2), (-0.45, 0.3), (-0.2, 0.05), (0.0, 0.38), (0.2, 0.05), (0.45, 0.3),
         (0.4, -0.2)],
    )
    p.circle(-0.45, 0.34, 0.065)
    p.circle(0.0, 0.42, 0.065)
    p.circle(0.45, 0.34, 0.065)
    _fill(c, p, even_odd=False)


def _player(c: Any) -> None:
    p = c.beginPath()
    p.circle(0, 0.28, 0.17)
    p.moveTo(-0.38, -0.45)
    p.lineTo(0.38, -0.45)
    p.lineTo(0.38, -0.19)
    p.curveTo(0.38, -0.0, 0.25, 0.07, 0.1, 0.07)
    p.lineTo(-0.1, 0.07)
    p.curveTo(-0.25, 0.07, -0.38, -0.0, -0.38, -0.19)
    p.close()
    _fill(c, p)


def _exit(c: Any) -> None:
    p = c.beginPath()
    p.moveTo(0.08, 0.24)
    p.lineTo(0.08, 0.42)
    p.lineTo(-0.42, 0.42)
    p.lineTo(-0.42, -0.42)
    p.lineTo(0.08, -0.42)
    p.lineTo(0.08, -0.24)
    c.setLineJoin(0)
    c.setLineCap(0)
    _stroke(c, p, 0.1)
    p = c.beginPath()
    _poly(
        p,
        [(-0.2, -0.07), (0.16, -0.07), (0.16, -0.21), (0.47, 0.0), (0.16, 0.21),
         (0.16, 0.07), (-0.2, 0.07)],
    )
    _fill(c, p)


def _book(c: Any) -> None:
    p = c.beginPath()
    for s in (-1, 1):
        p.moveTo(s * 0.035, -0.36)
        p.curveTo(s * 0.15, -0.29, s * 0.3, -0.28, s * 0.47, -0.31)
        p.lineTo(s * 0.47, 0.33)
        p.curveTo(s * 0.3, 0.36, s * 0.15, 0.35, s * 0.035, 0.28)
        p.close()
        # lines of text (holes)
        for y in (0.14, 0.0, -0.14):
            p.rect(min(s * 0.11, s * 0.39), y, 0.28, 0.055)
    _fill(c, p)


def _gold(c: Any) -> None:
    p = c.beginPath()
    # three coins seen edge-on, a little out of line, under a coin seen from above
    for dx, y in ((0.0, -0.46), (0.05, -0.29), (-0.04, -0.12)):
        p.roundRect(-0.36 + dx, y, 0.72, 0.14, 0.06)
    p.ellipse(-0.38, 0.05, 0.76, 0.4)
    p.ellipse(-0.27, 0.11, 0.54, 0.28)  # rim (hole ring) ...
    p.ellipse(-0.2, 0.15, 0.4, 0.2)  # ... around the filled centre
    _fill(c, p)


def draw_star(c: Any, cx: float, cy: float, size: float, color: ColorLike = None) -> None:
    """A solid five-pointed star of ``size`` points, centred on ``(cx, cy)``."""
    c.saveState()
    _set_colour(c, BLACK if color is None else color)
    c.translate(cx, cy)
    c.scale(size, size)
    p = c.beginPath()
    pts = []
    for i in range(10):
        r = 0.5 if i % 2 == 0 else 0.2
        ang = math.pi / 2 + i * math.pi / 5
        pts.append((r * math.cos(ang), r * math.sin(ang) - 0.04))
    _poly(p, pts)
    _fill(c, p, even_odd=False)
    c.restoreState()


_ICONS: dict[str, tuple[Callable[[Any], None], tuple[float, float, float]]] = {
    "spade": (_spade, BLACK),
    "heart": (_heart, RED),
    "diamond": (_diamond, RED),
    "club": (_club, BLACK),
    "monster": (_monster, BLACK),
    "chest": (_chest, BLACK),
    "potion": (_potion, BLACK),
    "trap": (_trap, BLACK),
    "trap-armed": (_trap_armed, BLACK),
    "stairs": (_stairs, BLACK),
    "crown": (_crown, BLACK),
    "player": (_player, BLACK),
    "exit": (_exit, BLACK),
    "book": (_book, BLACK),
    "gold": (_gold, BLACK),
}

ICON_NAMES: tuple[str, ...] = tuple(_ICONS)


def draw_icon(
    c: Any, name: str, cx: float, cy: float, size: float, color: ColorLike = None
) -> None:
    """Draw icon ``name`` centred on ``(cx, cy)`` in a ``size`` x ``size`` point box.

    ``color`` defaults to black, red for hearts and diamonds. The canvas state
    (colours, line width, transform) is restored afterwards.

    Raises ValueError for an unknown name (listing the known ones), a size that is not
    positive, or an unusable colour.
    """
    entry = _ICONS.get(name)
    if entry is None:
        raise ValueError(f"no icon {name!r}; known icons: {', '.join(ICON_NAMES)}")
    if not size > 0:
        raise ValueError(f"icon size must be positive, not {size}")
    func, default = entry
    c.saveState()
    _set_colour(c, default if color is None else color)
    c.translate(cx, cy)
    c.scale(size, size)
    func(c)
    c.restoreState()


def suit_icon(suit: Suit) -> str:
    """The icon name of ``suit`` (``Suit.SPADES`` -> ``"spade"``)."""
    return {
        Suit.SPADES: "spade",
        Suit.HEARTS: "heart",
        Suit.DIAMONDS: "diamond",
        Suit.CLUBS: "club",
    }[suit]


def draw_suit(
    c: Any, suit: Suit, cx: float, cy: float, size: float, color: ColorLike = None
) -> None:
    """Draw the suit symbol of ``suit``, as :func:`draw_icon` does.

    Raises ValueError for a size that is not positive or an unusable colour.
    """
    draw_icon(c, suit_icon(suit), cx, cy, size, color)
