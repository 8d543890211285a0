"""Dungeon Solitaire sheets: fold-over pages (``--backs fold``) of tiles and reward
cards: fronts and backs on one page about a fold line, named in a strip under them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.games.dungeon_solitaire.sheets.common import (
    BAND_GAP_MM,
    EDGE_MM,
    FOLD_QR_MM,
    draw_page_name,
)
from companion.paper.document import SheetDocument
from companion.paper.fold import (
    FoldPlan,
    back_turned,
    draw_fold_crop_marks,
    draw_fold_line,
    fold_plan,
)
from companion.paper.layout import Layout, Rect, bounding_rect
from companion.paper.marks import draw_cut_lines
from companion.paper.units import mm

T = TypeVar("T")


@dataclass(frozen=True)
class FoldPage(Generic[T]):
    """One fold-over page (``--backs fold``): ``items[i]`` (a level tile as ``(level,
    cell)``, or a reward card) has its face at ``fronts[i]`` and its back at
    ``backs[i]``, the mirror image of ``fronts[i]`` about the fold of ``plan``."""

    plan: FoldPlan
    items: tuple[T, ...]
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]

    @property
    def trim(self) -> Rect:
        """The TrimBox: the fronts, which are cut through both layers."""
        return bounding_rect(list(self.fronts))

    @property
    def band(self) -> Rect:
        """The strip under the cards where the page names itself (QR code, game,
        seed, kind, page n of m), with the scale check and the printing notes."""
        area = self.plan.area
        return Rect(area.x, area.y, area.w, mm(FOLD_QR_MM))


def fold_sheet_plan(layout: Layout, paper: str, side_mm: float) -> FoldPlan:
    """The fold-over page of ``side_mm`` squares (tiles or reward cards) of ``layout``
    (its gap kept, bleed on each side) on ``paper``: :func:`fold_plan` with a strip
    at the bottom for the page's name (:data:`FOLD_QR_MM` high, 2 mm more when the
    fold runs down the page, for the fronts' crop marks above it).

    Raises LayoutError if not even one square and its back fit.
    """
    gap = layout.gap + 2 * layout.bleed
    margin = EDGE_MM + layout.bleed
    strip = EDGE_MM + FOLD_QR_MM
    plan = fold_plan(paper, (side_mm, side_mm), gap_mm=gap, margin_mm=margin,
                     reserve_mm=strip)
    if plan.vertical:
        plan = fold_plan(paper, (side_mm, side_mm), gap_mm=gap, margin_mm=margin,
                         reserve_mm=strip + BAND_GAP_MM)
    return plan


def _fold_pages(plan: FoldPlan, items: Sequence[T]) -> list[FoldPage[T]]:
    per = plan.per_page
    out: list[FoldPage[T]] = []
    for i in range(0, len(items), per):
        chunk = tuple(items[i:i + per])
        out.append(FoldPage(plan, chunk, plan.fronts[:len(chunk)], plan.backs[:len(chunk)]))
    return out


def _fold_notes() -> list[str]:
    """How to make a fold-over sheet into cards, in two short lines."""
    return ["Fold on the dashed line, printed side out, and glue flat;",
            "then cut both layers along the fronts' dashed lines."]


def _draw_fold_page(doc: SheetDocument, layout: Layout, page: FoldPage[T],
                    front: Callable[[Any, T, Rect], None],
                    back: Callable[[Any, T, Rect], None], payload: str,
                    lines: Sequence[str], notes: Sequence[str]) -> Rect | None:
    """One fold-over page: the fronts (``front`` draws one) with cut lines and crop
    marks, the backs (``back`` draws one, upright after the fold), the fold line, and
    the strip under them naming the page; returns the scale check's box."""
    plan = page.plan
    c = doc.new_page(plan.landscape)
    doc.set_trim(page.trim)
    bleed = mm(layout.bleed)
    if bleed:
        doc.set_bleed(page.trim.inset(-bleed))
    for item, r in zip(page.items, page.fronts, strict=True):
        front(c, item, r)
    draw_cut_lines(c, list(page.fronts), width=0.3, gray=0.72)
    if layout.crop_marks:
        draw_fold_crop_marks(c, dataclasses.replace(plan, fronts=page.fronts,
                                                    backs=page.backs))
    for item, r in zip(page.items, page.backs, strict=True):
        with back_turned(c, r, plan.turn):
            back(c, item, r)
    draw_fold_line(c, plan)
    return draw_page_name(c, page.band, payload, lines, notes, qr_mm=FOLD_QR_MM)
