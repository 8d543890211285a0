"""Play mats with real-size card spots: one big sheet, or two home sheets.

A mat is composed as two parts side by side, each a rectangle the game's drawing fills
(its spots, tracks and rules), with a strip ``OVERLAP_MM`` wide between them. In *mat
coordinates* (points, origin at the bottom-left corner of the left part) the left part
is ``[0, L] x [0, H]``, the strip ``[L, L + overlap]`` and the right part starts at
``L + overlap``.

* On A3 or Tabloid (:data:`~companion.paper.units.BIG_PAPERS`) the mat is one landscape
  page: both parts, the strip a plain gap, one identity strip under the left part (the
  right part runs down to the bottom margin).
* On A4 or Letter it is two portrait pages, each with its own identity strip ("sheet n
  of 2"). Glued (the default): page 1 holds the left part and the strip, shaded and
  marked "glue", page 2 the strip again (cut along its dashed left edge) and the right
  part; alignment crosses centred on the strip's left edge are printed on both pages at
  the same mat coordinates, so that half a cross on page 2's cut edge meets the other
  half on page 1. Not glued (``glued=False``): two boards laid side by side, each its
  own page, nothing to cut.

Each part draws only inside its own rectangle and on its own page: no text crosses the
join, and no page carries text that lies outside it (docs/printing.md, "Play mats").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_MM,
    SLOT_GREY,
    identity_lines,
    wrap_text,
)
from companion.paper.identity import draw_identity, identity_size
from companion.paper.units import BIG_PAPERS, Rect, check_paper, mm, paper_size

__all__ = ["MARK_MM", "OVERLAP_MM", "PANEL_PAD", "PANEL_TINT", "POKER_MM", "SPOT_MM",
           "SPOT_TINT", "MatPage", "MatPlan", "band_width", "draw_mark", "draw_mat_title",
           "draw_panel", "draw_scale_check", "draw_spot", "mat_footer", "plan_mat",
           "plan_mat_page", "print_mat", "sheet_note"]

POKER_MM = (63.0, 88.0)
"""A poker card, the cards every mat here holds."""
SPOT_MM = (65.0, 90.0)
"""A poker card's spot on a mat: the card and 1 mm all round."""
SCALE_CHECK_H = mm(6.0)
"""The height of :func:`draw_scale_check`: the bar and its ticks over its caption."""

OVERLAP_MM = 12.0
"""The width of the glue strip where sheet 2 lies over sheet 1."""
MARK_MM = 7.0
"""The size of an alignment cross."""
MARK_FRACTIONS = (0.12, 0.5, 0.88)
"""Where the alignment crosses sit up the join (fractions of the part height)."""
GLUE_GREY = (0.9, 0.9, 0.9)
SPOT_TINT = (0.94, 0.94, 0.94)
"""The light grey of a card spot: the mat's places read at a glance."""

T = TypeVar("T")


@dataclass(frozen=True)
class MatPage:
    """One printed page of a mat (page coordinates, points)."""

    landscape: bool
    parts: tuple[int, ...]
    """The parts it draws: 0 the left, 1 the right."""
    part_rects: tuple[Rect, ...]
    """Where they lie on the page, in the order of ``parts``."""
    origin: tuple[float, float]
    """The page point of mat point (0, 0): page = mat + origin."""
    footer: Rect
    """The band of the identity strip, at the bottom of the printable area."""
    strip: Rect | None
    """The overlap (glue) strip on this page, if any."""
    marks: tuple[tuple[float, float], ...]
    """The centres of the alignment crosses on this page."""
    cut_x: float | None
    """The x of the dashed cut line (page 2 of a glued mat)."""


@dataclass(frozen=True)
class MatPlan:
    """How a mat prints on one paper: the part sizes and the pages."""

    paper: str
    part_w: float
    part_h: float
    overlap: float
    """The strip between the parts (the glue strip on two glued sheets)."""
    glued: bool
    pages: tuple[MatPage, ...]

    @property
    def sheets(self) -> int:
        """How many sheets the mat prints on (1 or 2)."""
        return len(self.pages)

    def to_mat(self, page: int, x: float, y: float) -> tuple[float, float]:
        """Page ``page``'s point ``(x, y)`` in mat coordinates."""
        ox, oy = self.pages[page].origin
        return (x - ox, y - oy)


def plan_mat(paper: str, margin: float, footer_h: float, glued: bool = True) -> MatPlan:
    """The plan of a mat on ``paper``: ``margin`` (points) inside the paper edge,
    ``footer_h`` (points, :func:`companion.paper.frame.footer_height`) kept at the
    bottom of every page for its identity strip. ``glued``: two home sheets joined by a
    glue strip and alignment crosses; else two boards side by side.

    Raises LayoutError for an unknown paper."""
    paper = check_paper(paper)
    overlap = mm(OVERLAP_MM) if glued else mm(10)
    if paper in BIG_PAPERS:
        # the identity strip under the left part only: the right part runs down to
        # the bottom margin
        w, h = paper_size(paper, landscape=True)
        area = Rect(0, 0, w, h).inset(margin)
        part_w = (area.w - overlap) / 2
        part_h = area.h - footer_h
        y0 = area.y + footer_h
        left = Rect(area.x, y0, part_w, part_h)
        right = Rect(area.x + part_w + overlap, area.y, part_w, area.h)
        page = MatPage(True, (0, 1), (left, right), (area.x, y0),
                       Rect(area.x, area.y, part_w, footer_h), None, (), None)
        return MatPlan(paper, part_w, part_h, overlap, glued, (page,))
    w, h = paper_size(paper, landscape=False)
    area = Rect(0, 0, w, h).inset(margin)
    part_h = area.h - footer_h
    y0 = area.y + footer_h
    footer = Rect(area.x, area.y, area.w, footer_h)
    if not glued:
        part_w = area.w
        first = MatPage(False, (0,), (Rect(area.x, y0, part_w, part_h),), (area.x, y0),
                        footer, None, (), None)
        ox = area.x - (part_w + overlap)
        second = MatPage(False, (1,), (Rect(area.x, y0, part_w, part_h),), (ox, y0),
                         footer, None, (), None)
        return MatPlan(paper, part_w, part_h, overlap, glued, (first, second))
    part_w = area.w - overlap - mm(MARK_MM / 2 + 1)  # clear of the crosses
    marks_y = tuple(y0 + f * part_h for f in MARK_FRACTIONS)
    join = area.x1 - overlap  # page 1: the strip's left edge
    first = MatPage(False, (0,), (Rect(area.x, y0, part_w, part_h),), (area.x, y0),
                    footer, Rect(join, y0, overlap, part_h),
                    tuple((join, y) for y in marks_y), None)
    # page 2: the strip at the left of the printable area, then the right part
    ox = area.x - (join - area.x)
    second = MatPage(False, (1,), (Rect(area.x1 - part_w, y0, part_w, part_h),), (ox, y0),
                     footer, Rect(area.x, y0, overlap, part_h),
                     tuple((area.x, y) for y in marks_y), area.x)
    return MatPlan(paper, part_w, part_h, overlap, glued, (first, second))


def draw_mark(c: Any, x: float, y: float, size: float = mm(MARK_MM)) -> None:
    """An alignment cross centred on ``(x, y)``: two thin lines and a circle."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    c.line(x - size / 2, y, x + size / 2, y)
    c.line(x, y - size / 2, x, y + size / 2)
    c.circle(x, y, size * 0.3, stroke=1, fill=0)
    c.restoreState()


def _draw_strip(c: Any, page: MatPage, first: bool) -> None:
    """The glue strip: shaded with "glue" on page 1 (under sheet 2), a dashed cut line
    on page 2; the alignment crosses on both."""
    if page.strip is None:
        return
    s = page.strip
    c.saveState()
    if first:
        c.setFillColorRGB(*GLUE_GREY)
        c.rect(s.x, s.y, s.w, s.h, stroke=0, fill=1)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        size = design.style("label").size
        font = design.BOLD
        for a, b in zip(MARK_FRACTIONS, MARK_FRACTIONS[1:], strict=False):
            cy = s.y + (a + b) / 2 * s.h
            for k, word in enumerate(("glue", "sheet", "2 here")):
                fs = size
                c.setFont(font, fs)
                c.drawCentredString(s.cx, cy + (1 - k) * size * 1.3 - size * 0.35, word)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.setLineWidth(0.5)
    if page.cut_x is not None:
        c.setDash([mm(1.5), mm(1)], 0)
        c.line(page.cut_x, s.y, page.cut_x, s.y1)
    else:
        c.line(s.x, s.y, s.x, s.y1)
    c.restoreState()
    for x, y in page.marks:
        draw_mark(c, x, y)


def print_mat(doc: SheetDocument, plan: MatPlan,
              parts: Sequence[Callable[[Any, Rect], T]],
              footer: Callable[[Any, Rect, int, int], None]) -> list[T]:
    """Print the mat of ``plan`` into ``doc``: each page opened in its orientation, its
    glue strip and crosses, its parts (``parts[0]`` the left, ``parts[1]`` the right,
    each called with the canvas and its rectangle) and its identity strip
    (``footer(c, band, n, pages)``, n from 1). Returns what the parts returned, left
    first."""
    results: dict[int, T] = {}
    for n, page in enumerate(plan.pages):
        c = doc.new_page(landscape=page.landscape)
        _draw_strip(c, page, first=n == 0)
        for index, rect in zip(page.parts, page.part_rects, strict=True):
            results[index] = parts[index](c, rect)
        footer(c, page.footer, n + 1, len(plan.pages))
    return [results[k] for k in sorted(results)]


def sheet_note(n: int, pages: int, glued: bool = True) -> str:
    """The identity line saying which sheet of the mat a page is."""
    if pages == 1:
        return "play mat, one sheet"
    if not glued:
        return f"mat sheet {n} of {pages}, side by side"
    return ("mat sheet 1 of 2: the left half" if n == 1 else
            "mat sheet 2 of 2: cut the dashes, glue")


def band_width(paper: str, margin: float) -> float:
    """The width (points) of a mat page's identity strip on ``paper``: under the left
    part of a big sheet, or the printable width of a portrait home sheet."""
    paper = check_paper(paper)
    if paper in BIG_PAPERS:
        return (paper_size(paper, landscape=True)[0] - 2 * margin - mm(OVERLAP_MM)) / 2
    return paper_size(paper)[0] - 2 * margin


def mat_footer(payload: str, lines: Sequence[str], qr_w: float, credits: str,
               band_w: float, glued: bool = True
               ) -> tuple[float, Callable[[Any, Rect, int, int], None]]:
    """(height, draw) of a mat's identity strip ``band_w`` wide: the QR code and
    ``lines`` with the sheet note (:func:`sheet_note`), as wide as the band allows
    beside the 50 mm scale check (a long seed stays large); at the right the credits
    and the scale check over them (every sheet: each is a print) (the credits and the check's
    caption are print notes). The height holds the longest sheet note."""
    notes = [sheet_note(1, 1), sheet_note(1, 2, glued), sheet_note(2, 2, glued)]
    id_room = band_w - mm(SCALE_BAR_MM + 4)
    id_h = max(identity_size(payload, [*lines, note], qr_w, max_width=id_room)[1]
               for note in notes)
    height = max(id_h, SCALE_CHECK_H + mm(8)) + mm(3)
    note = design.style("print-note")

    def draw(c: Any, band: Rect, n: int, pages: int) -> None:
        draw_identity(c, band.x, band.y, payload, [*lines, sheet_note(n, pages, glued)],
                      qr_w, max_width=band.w - mm(SCALE_BAR_MM + 4))
        c.saveState()
        c.setFont(note.font, note.size)
        c.setFillColorRGB(*INK)
        c.drawRightString(band.x1, band.y + mm(1), credits)
        c.restoreState()
        draw_scale_check(c, band.x1 - mm(SCALE_BAR_MM), band.y + mm(5))

    return height, draw


def draw_scale_check(c: Any, x: float, y: float) -> Rect:
    """The 50 mm print-size check with its caption under the bar (a print note),
    bottom-left at ``(x, y)``; returns the box it covers."""
    label = f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %"
    bar_y = y + mm(3.6)
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)
    c.rect(x, bar_y, mm(SCALE_BAR_MM), mm(0.8), stroke=0, fill=1)
    c.setLineWidth(0.4)
    for k in range(int(SCALE_BAR_MM // 10) + 1):
        c.line(x + mm(10 * k), bar_y, x + mm(10 * k), bar_y + mm(1.8))
    c.setFont(*SCALE_BAR_FONT)
    c.drawString(x, y + mm(0.6), label)
    c.restoreState()
    width = max(mm(SCALE_BAR_MM), design.string_width(label, *SCALE_BAR_FONT))
    return Rect(x, y, width, SCALE_CHECK_H)


def draw_spot(c: Any, r: Rect, label: str, note: str = "", top: bool = False) -> None:
    """A card spot: a dashed rounded outline, a bold label (heading role) and a note
    (label role, 8 pt) wrapped under it; centred, or near the top when ``top`` (a
    pile whose cards overlap downwards)."""
    head = design.style("heading")
    body = design.style("label")
    c.saveState()
    c.setStrokeColorRGB(*SLOT_GREY)
    c.setFillColorRGB(*SPOT_TINT)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, mm(3), stroke=1, fill=1)
    c.setDash()
    lines = wrap_text(note, body.font, body.size, r.w - mm(8)) if note else []
    block = head.size + len(lines) * body.size * 1.25 + (mm(1) if lines else 0)
    y = r.y1 - mm(5) - head.size * 0.8 if top else r.cy + block / 2 - head.size * 0.8
    c.setFillColorRGB(*INK)
    c.setFont(head.font, head.size)
    c.drawCentredString(r.cx, y, label)
    y -= head.size * 0.3 + mm(1) + body.size
    c.setFillColorRGB(0.25, 0.25, 0.25)
    c.setFont(body.font, body.size)
    for line in lines:
        c.drawCentredString(r.cx, y, line)
        y -= body.size * 1.25
    c.restoreState()


PANEL_TINT = (0.95, 0.95, 0.95)
"""The light grey of a mat's rules panel."""
PANEL_PAD = mm(3)
"""The padding inside a rules panel."""


def draw_panel(c: Any, r: Rect) -> Rect:
    """A rules panel: a light grey rounded box over ``r``; returns the inside (less
    :data:`PANEL_PAD` all round) where its text goes."""
    c.saveState()
    c.setFillColorRGB(*PANEL_TINT)
    c.roundRect(r.x, r.y, r.w, r.h, mm(2), stroke=0, fill=1)
    c.restoreState()
    return r.inset(PANEL_PAD)


def plan_mat_page(paper: str, margin: float, qr_size_mm: float, title: str, seed: str,
                  detail: str, credits: str, payload: str) -> tuple[MatPlan, Any]:
    """(plan, footer drawing) of a glued mat on ``paper``: the identity strip of
    ``payload`` (game ``title``, ``seed``, ``detail``: the variants) with ``credits``
    beside it, and the mat planned above it (:func:`plan_mat`)."""
    lines = identity_lines(title, seed, "", detail)
    footer_h, footer = mat_footer(payload, lines, mm(qr_size_mm), credits,
                                  band_width(paper, margin))
    return plan_mat(paper, margin, footer_h), footer


def draw_mat_title(c: Any, x: float, top: float, title: str, subtitle: str) -> float:
    """A mat's title (the type scale's title) at ``x`` under ``top`` and its one-line
    ``subtitle`` (label size) under it. Returns the height they take down to the
    subtitle's baseline's depth (the caller leaves its own gap below)."""
    big, small = design.style("title"), design.style("label")
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(big.font, big.size)
    c.drawString(x, top - big.size * 0.8, title)
    c.setFont(small.font, small.size)
    c.drawString(x, top - big.size * 1.25 - small.size * 0.8, subtitle)
    c.restoreState()
    return big.size * 1.25 + small.size * 1.4
