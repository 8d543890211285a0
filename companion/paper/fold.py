"""Fold-over backs, single-sided printing and the back-offset note (docs/printing.md, Backs).

Not every player has a duplex printer. With ``--backs fold`` the fronts of cards or
tiles fill one half of a page and their backs the other half, each back the mirror
image of its front's place about a marked fold line: fold the sheet along the line
(printed sides out), glue or hold it, and cut through both layers; each back then lies
exactly behind its own front. The fold runs down the middle of the sheet (the page
turned as needed) so that a card turned over left-right reads upright; when only a
fold across the sheet holds more cards, the backs are drawn turned 180 degrees so they
still read upright after the card is turned over left-right.

``--backs none`` prints the fronts only; ``--backs duplex`` (the default) puts backs on
the page after their fronts, mirrored for a long-edge flip (:func:`mirror_slot`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from companion.errors import LayoutError, ParameterError
from companion.paper import design
from companion.paper.marks import MARK_CLEAR, MIN_MARK, Segment, crop_mark_segments
from companion.paper.units import UNPRINTABLE_MM, Rect, bounding_rect, mm, paper_size

__all__ = ["BACKS", "FOLD_GUTTER_MM", "FoldPlan", "back_turned", "check_backs",
           "draw_fold_line", "draw_fold_crop_marks", "draw_offset_note", "fold_plan",
           "offset_note"]

BACKS = ("duplex", "fold", "none")
"""How backs print: on the next page for a duplex printer, beside the fronts about a
fold line, or not at all."""

FOLD_GUTTER_MM = 10.0
"""Space between the fronts and the backs across the fold (5 mm each side): room to
fold a little off the line and still cut clean."""

_EPS = 1e-6


def check_backs(value: object) -> str:
    """The canonical ``--backs`` value (default ``duplex``).

    Raises ParameterError for anything but ``duplex``, ``fold``, ``none``.
    """
    if value is None or value == "":
        return "duplex"
    text = str(value).strip().lower()
    if text not in BACKS:
        raise ParameterError(f"--backs takes duplex, fold or none, not {value!r}")
    return text


@dataclass(frozen=True)
class FoldPlan:
    """Where the fronts and backs of one fold-over page go (points).

    ``backs[i]`` is ``fronts[i]`` mirrored about the fold line ``fold`` (x0, y0, x1,
    y1, running the whole sheet); ``vertical`` says the fold runs top to bottom;
    ``turn`` (0 or 180) is how far back drawings are rotated so a card turned over
    left-right reads upright; ``landscape`` is the page orientation; ``area`` the part
    of the page left free below the cards for the page's notes (height 0 if none).
    """

    paper: str
    landscape: bool
    vertical: bool
    fold: Segment
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    turn: int
    area: Rect

    @property
    def per_page(self) -> int:
        """How many cards or tiles one page holds."""
        return len(self.fronts)

    @property
    def page_size(self) -> tuple[float, float]:
        """(width, height) of the page in points."""
        return paper_size(self.paper, self.landscape)


def _mirror(r: Rect, vertical: bool, at: float) -> Rect:
    if vertical:
        return Rect(2 * at - r.x - r.w, r.y, r.w, r.h)
    return Rect(r.x, 2 * at - r.y - r.h, r.w, r.h)


def _candidate(paper: str, landscape: bool, vertical: bool, iw: float, ih: float,
               gap: float, margin: float, gutter: float, reserve: float) -> FoldPlan | None:
    pw, ph = paper_size(paper, landscape)
    # the fronts' half: from the margin to the gutter, leaving ``reserve`` at the bottom
    if vertical:
        half_w = pw / 2 - gutter / 2 - margin
        half_h = ph - 2 * margin - reserve
    else:
        half_w = pw - 2 * margin
        half_h = (ph - reserve) / 2 - gutter / 2 - margin
    cols = math.floor((half_w + gap + _EPS) / (iw + gap))
    rows = math.floor((half_h + gap + _EPS) / (ih + gap))
    if cols < 1 or rows < 1:
        return None
    block_w = cols * iw + (cols - 1) * gap
    block_h = rows * ih + (rows - 1) * gap
    if vertical:
        at = pw / 2
        x0 = at - gutter / 2 - block_w
        y_top = reserve + (ph - reserve + block_h) / 2
        fold: Segment = (at, 0.0, at, ph)
    else:
        at = reserve + (ph - reserve) / 2
        x0 = (pw - block_w) / 2
        y_top = at + gutter / 2 + block_h
        fold = (0.0, at, pw, at)
    fronts = tuple(Rect(x0 + c * (iw + gap), y_top - (r + 1) * ih - r * gap, iw, ih)
                   for r in range(rows) for c in range(cols))
    backs = tuple(_mirror(f, vertical, at) for f in fronts)
    area = Rect(margin, margin, pw - 2 * margin, max(0.0, reserve - margin))
    return FoldPlan(paper, landscape, vertical, fold, fronts, backs, 0 if vertical else 180,
                    area)


def fold_plan(paper: str, item_mm: tuple[float, float], *, gap_mm: float = 0.0,
              margin_mm: float = 8.0, gutter_mm: float = FOLD_GUTTER_MM,
              reserve_mm: float = 0.0) -> FoldPlan:
    """The fold-over page that holds the most ``item_mm`` (width, height) cards on
    ``paper``, each ``gap_mm`` apart, ``margin_mm`` inside the paper, ``gutter_mm``
    across the fold, with ``reserve_mm`` kept free at the bottom of the page for its
    notes. Ties prefer a fold down the middle (backs upright), then portrait.

    Raises LayoutError (with the sizes) when not even one card and its back fit.
    """
    iw, ih = mm(item_mm[0]), mm(item_mm[1])
    best: FoldPlan | None = None
    for vertical in (True, False):
        for landscape in (False, True):
            plan = _candidate(paper, landscape, vertical, iw, ih, mm(gap_mm), mm(margin_mm),
                              mm(gutter_mm), mm(reserve_mm))
            if plan is not None and (best is None or plan.per_page > best.per_page):
                best = plan
    if best is None:
        raise LayoutError(f"a {item_mm[0]:g} x {item_mm[1]:g} mm card and its back do not "
                          f"fit side by side on {paper} (--backs fold); print them duplex")
    return best


@contextmanager
def back_turned(c: Any, rect: Rect, turn: int) -> Iterator[None]:
    """Draw inside the block as if upright: a back in ``rect`` rotated by ``turn``
    degrees (0 or 180) about the rectangle's centre."""
    c.saveState()
    if turn:
        c.translate(rect.cx, rect.cy)
        c.rotate(turn)
        c.translate(-rect.cx, -rect.cy)
    try:
        yield
    finally:
        c.restoreState()


def draw_fold_line(c: Any, plan: FoldPlan) -> None:
    """The fold: a dashed line along it, a short solid tick at each end and the word
    "fold" beside it at label size, all at least 5 mm inside the paper (the word 8 mm)."""
    x0, y0, x1, y1 = plan.fold
    clear = mm(UNPRINTABLE_MM + 0.5)
    pw, ph = plan.page_size
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    if plan.vertical:
        a, b = (x0, clear), (x1, ph - clear)
    else:
        a, b = (clear, y0), (pw - clear, y1)
    c.setLineWidth(0.6)
    tick = mm(4)
    if plan.vertical:
        c.line(a[0], a[1], a[0], a[1] + tick)
        c.line(b[0], b[1] - tick, b[0], b[1])
    else:
        c.line(a[0], a[1], a[0] + tick, a[1])
        c.line(b[0] - tick, b[1], b[0], b[1])
    c.setLineWidth(0.3)
    c.setDash(mm(2), mm(1.5))
    if plan.vertical:
        c.line(a[0], a[1] + tick, b[0], b[1] - tick)
    else:
        c.line(a[0] + tick, a[1], b[0] - tick, b[1])
    c.setDash()
    c.setFont(*design.style("label").pair)
    if plan.vertical:
        c.saveState()
        c.translate(a[0] - mm(1), a[1] + tick + mm(1))
        c.rotate(90)
        c.drawString(0, 0, "fold")
        c.restoreState()
    else:
        c.drawString(a[0] + tick + mm(1), a[1] + mm(1), "fold")
    c.restoreState()


def draw_fold_crop_marks(c: Any, plan: FoldPlan, width: float = 0.25) -> None:
    """Crop marks for the fronts of a fold-over page, except across the gutter (the
    fold is cut through both layers along the fronts' own edges): kept 5 mm inside the
    paper and at least 2 mm long, like :func:`companion.paper.marks.draw_crop_marks`."""
    block = bounding_rect(list(plan.fronts))
    segs = crop_mark_segments(list(plan.fronts), page_size=plan.page_size, clear=MARK_CLEAR,
                              min_length=MIN_MARK)
    keep: list[Segment] = []
    for x0, y0, x1, y1 in segs:
        if plan.vertical and y0 == y1 and min(x0, x1) >= block.x1 - _EPS:
            continue  # in the gutter, towards the fold
        if not plan.vertical and x0 == x1 and max(y0, y1) <= block.y + _EPS:
            continue
        keep.append((x0, y0, x1, y1))
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(width)
    c.setDash()
    for x0, y0, x1, y1 in keep:
        c.line(x0, y0, x1, y1)
    c.restoreState()


def offset_note(offset_mm: tuple[float, float]) -> str:
    """The words printed small on duplex back pages: the shift used."""
    dx, dy = offset_mm
    return (f"backs shifted x {dx:+.1f} mm, y {dy:+.1f} mm (companion calibrate; "
            "--back-offset)")


def draw_offset_note(c: Any, page_size: tuple[float, float], items: list[Rect],
                     offset_mm: tuple[float, float], size: float = 6.0) -> Rect:
    """Print :func:`offset_note` small on a back page: below the backs when there is
    room there, else up the left margin, always 5 mm inside the paper. Returns the
    box it took (points).

    Raises LayoutError if no margin of the page holds it.
    """
    text = offset_note(offset_mm)
    pw, ph = page_size
    clear = mm(UNPRINTABLE_MM)
    block = bounding_rect(items) if items else Rect(pw / 2, ph / 2, 0, 0)
    width = c.stringWidth(text, design.REGULAR, size)
    height = size * 0.95
    c.saveState()
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.setFont(design.REGULAR, size)
    try:
        if block.y - clear >= height + size * 0.3 + mm(0.5) and width <= pw - 2 * clear:
            x = max(clear, min(block.cx - width / 2, pw - clear - width))
            y = clear + size * 0.3  # the descenders stay inside the 5 mm too
            c.drawString(x, y, text)
            return Rect(x, y - size * 0.22, width, height)
        if block.x - clear >= height + mm(0.8) and width <= ph - 2 * clear:
            x = clear + size * 0.8
            y = max(clear, min(block.cy - width / 2, ph - clear - width))
            c.translate(x, y)
            c.rotate(90)
            c.drawString(0, 0, text)
            return Rect(x - size * 0.75, y, height, width)
        raise LayoutError("no margin on the back page holds the back-offset note")
    finally:
        c.restoreState()
