"""Clear the Dungeon sheets: a card page's name, small QR code and scale bar, in
whatever margin holds them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, SCALE_BAR_FONT, SCALE_BAR_MM, draw_scale_bar
from companion.paper.layout import Rect
from companion.paper.qr import draw_margin_qr, margin_qr_side
from companion.paper.units import UNPRINTABLE_MM, mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


SMALL_QR_MM = 12.5
"""The symbol width (mm) of the small QR code on card pages (docs/printing.md: at least 12 mm,
decoding from a flat 300 dpi scan); its white quiet zone of 4 modules comes on top."""


NAME_SIZE = design.style("print-note").size
"""Type size (pt) of the page name in a card page's margin: a print note ("page n of
m", docs/printing.md, Design), so it may sit 5 mm inside the paper where the cards
leave no 8 mm margin (US Letter)."""
_CLEAR = mm(UNPRINTABLE_MM)
_EDGES = (mm(8), _CLEAR)
"""How far inside the paper edge margin notes go: 8 mm where there is room (docs/printing.md),
else 5 mm (what a home printer still prints)."""
_PAD = mm(1)


_SPOTS: dict[Any, list[Rect]] = {}
"""Candidate places of :meth:`_Margins.spots`, sorted, by page geometry and query."""


class _Margins:
    """The free parts of a page: inside the printable area (5 mm in from the paper
    edge), off the cards, crop marks and whatever was placed before."""

    def __init__(self, page_size: tuple[float, float], blocked: Sequence[Rect]) -> None:
        self.page_w, self.page_h = page_size
        # the largest first: most places that do not fit overlap a card
        self.blocked = sorted(blocked, key=lambda b: -b.w * b.h)
        # their edges (x, y, x1, y1), read by fits() without a property call each
        self._edges = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in self.blocked]

    def inside(self, r: Rect, edge: float = _CLEAR) -> bool:
        """Whether ``r`` lies ``edge`` inside the paper."""
        eps = 1e-6
        return (r.x >= edge - eps and r.y >= edge - eps and r.x1 <= self.page_w - edge + eps
                and r.y1 <= self.page_h - edge + eps)

    def fits(self, r: Rect, edge: float = _CLEAR, pad: float = _PAD) -> bool:
        """Whether ``r`` lies ``edge`` inside the paper and ``pad`` off everything."""
        eps = 1e-6
        if not self.inside(r, edge):
            return False
        x0, y0, x1, y1 = r.x - pad + eps, r.y - pad + eps, r.x1 + pad - eps, r.y1 + pad - eps
        for bx, by, bx1, by1 in self._edges:
            if x0 < bx1 and bx < x1 and y0 < by1 and by < y1:
                return False
        return True

    def spots(self, w: float, h: float, key: Any, edge: float = _CLEAR,
              pad: float = _PAD) -> Iterator[Rect]:
        """The free ``w`` x ``h`` rectangles flush with the printable area's edges, its
        middle or something placed, best first as ``key`` ranks them. (The candidates
        of the two usual rankings are remembered per page geometry: every page of a deck
        asks the same.)"""
        memo = None
        if key in _RANKINGS:
            memo = (self.page_w, self.page_h, tuple(self.blocked), w, h, key, edge, pad)
            found = _SPOTS.get(memo)
            if found is not None:
                return (r for r in found if self.fits(r, edge, pad))
        xs = {edge, self.page_w - edge - w, (self.page_w - w) / 2}
        ys = {edge, self.page_h - edge - h, (self.page_h - h) / 2}
        for b in self.blocked:
            xs.update((b.x1 + pad, b.x - pad - w, b.x, b.x1 - w))
            ys.update((b.y1 + pad, b.y - pad - h, b.y, b.y1 - h))
        found = [r for r in (Rect(x, y, w, h) for x in sorted(xs) for y in sorted(ys))
                 if self.inside(r, edge)]
        found.sort(key=key)
        if memo is not None and len(_SPOTS) < 64:
            _SPOTS[memo] = found
        return (r for r in found if self.fits(r, edge, pad))

    def find(self, w: float, h: float, key: Any, edge: float = _CLEAR,
             pad: float = _PAD) -> Rect | None:
        """The best of :meth:`spots` (None: nothing fits)."""
        return next(self.spots(w, h, key, edge, pad), None)

    def take(self, r: Rect) -> Rect:
        """Mark ``r`` as used; returns it."""
        self.blocked.insert(0, r)
        self._edges.insert(0, (r.x, r.y, r.x + r.w, r.y + r.h))
        return r


def _topmost(r: Rect) -> tuple[float, float]:
    return (-round(r.y1, 3), round(r.x, 3))


def _bottommost(r: Rect) -> tuple[float, float]:
    return (round(r.y, 3), round(r.x, 3))


def _top_right(r: Rect) -> tuple[float, float]:
    return (-round(r.y1, 3), -round(r.x1, 3))


def _bottom_right(r: Rect) -> tuple[float, float]:
    return (round(r.y, 3), -round(r.x1, 3))


_RANKINGS = (_topmost, _bottommost, _top_right, _bottom_right)
"""The rankings of places whose candidates :meth:`_Margins.spots` remembers."""


def _qr_side(payload: str, symbol_mm: float = SMALL_QR_MM) -> tuple[float, float]:
    """(side with the quiet zone, quiet zone) in points of :func:`draw_small_qr`."""
    side = margin_qr_side(payload, mm(symbol_mm))
    return side, (side - mm(symbol_mm)) / 2


def draw_small_qr(c: Any, x: float, y: float, payload: str,
                  symbol_mm: float = SMALL_QR_MM) -> float:
    """The margin QR code of ``payload`` (:func:`companion.paper.qr.draw_margin_qr`)
    with a ``symbol_mm`` wide symbol, bottom-left corner at ``(x, y)``. Returns its
    side (points).

    Raises ValueError if ``symbol_mm`` is under 12 or the payload does not fit a QR code.
    """
    return draw_margin_qr(c, x, y, payload, mm(symbol_mm))


_LEAD = 1.25
_ASCENT = 0.76
_DESCENT = 0.24
"""Vera's ascenders and descenders, as a share of the size."""


def _lines_size(c: Any, lines: Sequence[str], size: float) -> tuple[float, float]:
    """(width, height) of ``lines`` (the first bold) at ``size``: from the first line's
    ascenders to the last one's descenders."""
    w = max(c.stringWidth(t, design.BOLD if i == 0 else design.REGULAR, size)
            for i, t in enumerate(lines))
    return w, (len(lines) - 1) * size * _LEAD + size * _ASCENT + size * _DESCENT


def _draw_lines(c: Any, r: Rect, lines: Sequence[str], size: float,
                rotated: bool = False) -> None:
    """``lines`` (the first bold) in the box ``r`` of :func:`_lines_size`; ``rotated``:
    reading upwards, the first line nearest the left edge of ``r``."""
    c.saveState()
    c.setFillColorRGB(*INK)
    if rotated:
        c.translate(r.x, r.y)
        c.rotate(90)
        top = 0.0
    else:
        c.translate(r.x, r.y)
        top = r.h
    y = top - size * _ASCENT
    for i, text in enumerate(lines):
        c.setFont(design.BOLD if i == 0 else design.REGULAR, size)
        c.drawString(0, y, text)
        y -= size * _LEAD
    c.restoreState()


def scale_check_box(c: Any, x: float, y: float) -> Rect:
    """The box (points) the 50 mm scale bar with its label covers when drawn by
    :func:`draw_scale_bar` at ``(x, y)``: from the label's descenders to the ticks."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    width = mm(SCALE_BAR_MM + 2) + c.stringWidth(label, *SCALE_BAR_FONT)
    return Rect(x, y - mm(0.55), width, mm(2.4))


def _place_scale_bar(c: Any, free: _Margins, key: Any) -> Rect | None:
    """The 50 mm scale bar where ``key`` ranks a free place first, 8 mm inside the paper
    if a margin has room, else 5 mm, 0.3 mm off the cards (a US Letter card page has
    under 3 mm above and below its grid). Returns the bar's box, or None if no margin
    holds it."""
    box = scale_check_box(c, 0, 0)
    for edge in _EDGES:
        r = free.find(box.w, box.h, key, edge=edge, pad=mm(0.3))
        if r is not None:
            draw_scale_bar(c, r.x, r.y + mm(0.55))
            return free.take(r)
    return None


def _beside(qr: Rect, w: float, h: float) -> Rect:
    """Where a ``w`` x ``h`` page name goes beside the QR code at ``qr``."""
    return Rect(qr.x1 + mm(1), qr.cy - h / 2, w, h)


def _place_name(c: Any, free: _Margins, lines: Sequence[str], key: Any,
                beside: Rect | None = None, size: float = NAME_SIZE) -> Rect | None:
    """The page's name ``lines`` in a free margin: beside the QR code ``beside`` if
    there is room, else across a free margin (``key`` ranks the places), else up a side
    margin (8 mm inside the paper where there is room, else 5 mm), else one line
    smaller. Returns the box taken (None: nowhere)."""
    w, h = _lines_size(c, lines, size)
    if beside is not None:
        near = _beside(beside, w, h)
        if free.fits(near, pad=mm(0.5)):
            _draw_lines(c, near, lines, size)
            return free.take(near)
    for edge in _EDGES:
        found = free.find(w, h, key, edge=edge)
        if found is not None:
            _draw_lines(c, found, lines, size)
            return free.take(found)
    mid = free.page_h / 2
    for edge in _EDGES:
        up = free.find(h, w, lambda q: (round(q.x, 3), round(abs(q.cy - mid), 3)), edge=edge)
        if up is not None:
            _draw_lines(c, up, lines, size, rotated=True)
            return free.take(up)
    if len(lines) > 1:
        return _place_name(c, free, [", ".join(lines[:2])], key, beside, size)
    return None


def _page_name(game: ClearTheDungeon, n: int, m: int, what: str = "") -> list[str]:
    """What a deck page says of itself: game and kind, page n of m."""
    return [f"{game.title}: printable deck",
            f"deck, page {n} of {m}" + (f": {what}" if what else "")]


def _name_card_page(doc: SheetDocument, blocked: Sequence[Rect], payload: str | None,
                    lines: Sequence[str], bottom: bool, scale: bool = True) -> _Margins:
    """Name a card page in its margins: the small QR code of ``payload`` (None: none)
    where one fits, ``lines`` beside it (or wherever they fit) and, with ``scale``, the
    50 mm scale bar; nearest the top of the page or, with ``bottom``, its bottom."""
    c = doc.canvas
    key = _bottommost if bottom else _topmost
    free = _Margins(doc.page_size, blocked)
    qr: Rect | None = None
    if payload is not None:
        side, quiet = _qr_side(payload)
        text_w, text_h = _lines_size(c, lines, NAME_SIZE)
        spot: Rect | None = None
        for r in free.spots(side, side, key, edge=_CLEAR - quiet):
            if free.fits(_beside(r, text_w, text_h), pad=mm(0.5)):
                spot = r  # the best place with room for the name beside it
                break
            spot = spot or r
        if spot is not None:
            draw_small_qr(c, spot.x, spot.y, payload)
            qr = free.take(spot)
    _place_name(c, free, lines, key, beside=qr)
    if scale:
        _place_scale_bar(c, free, _bottom_right if bottom else _top_right)
    return free


def _mark_boxes(segs: Sequence[tuple[float, float, float, float]]) -> list[Rect]:
    """The crop marks ``segs`` as boxes to keep clear of, 0.7 mm round each."""
    return [Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)).inset(-mm(0.7))
            for x0, y0, x1, y1 in segs]
