"""The Shuffle and Doom map sheet: the title with a 50 mm scale bar, the grid with both
stacks (:mod:`.drawing`), the stats tracker (:mod:`.tracker`), the identity block and
the credits, composed to the page by :func:`plan_map_page` (issue 25, docs/printing.md,
Design).

Two arrangements: a small map has the tracker across the page between the grid and the
identity block (``stacked``); a large map takes the page's width and most of its
height, the tracker's text across the page under it and its boxes beside the identity
block (``side``). The credits are a print note in the bottom margin when it is deep
enough, else on a strip of their own at the foot of the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.shuffle_and_doom.drawing import (
    COMPACT,
    FILLED,
    FULL_PAGE,
    IDENTITY_SHARE,
    THICK,
    THIN,
    Geometry,
    _params_text,
    draw_grid,
    smallest_cell,
)
from companion.games.shuffle_and_doom.dungeon import DungeonMap
from companion.games.shuffle_and_doom.generation import Deal
from companion.games.shuffle_and_doom.stacking import reachable_passes
from companion.games.shuffle_and_doom.tracker import TRACKER_MIN_W, Tracker
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    SCALE_BAR_FONT,
    SCALE_BAR_HEIGHT,
    SCALE_BAR_MM,
    TITLE_FONT,
    draw_scale_bar,
    draw_title,
    identity_lines,
    title_size,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.identity import draw_identity, identity_size
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.shuffle_and_doom import ShuffleAndDoom

GAP = mm(2)
"""Between the grid's frame and what lies under it."""
MAP_MAX_CELL = mm(36)
"""The largest cell of the map sheet: a small map takes the page."""
LEGEND = (("filled", "filled room (X)"), ("empty", "empty (0)"), ("wall", "wall"),
          ("size", "room size: draw S cards on entering"), ("player", "P start"),
          ("exit", "F exit"))
"""The map's key under the title: a drawn sample, then its words."""
LEGEND_FONT = design.style("label").pair
SAMPLE = mm(3.2)
"""A legend sample's size (a square of grey or white, a wall, a room size)."""


def _legend_rows(width: float) -> list[list[tuple[str, str, float]]]:
    """The legend's items (kind, words, width with the sample) in rows of ``width``."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for kind, words in LEGEND:
        w = SAMPLE + mm(1.2) + design.string_width(words, *LEGEND_FONT)
        if rows[-1] and used + mm(5) + w > width:
            rows.append([])
            used = 0.0
        used += (mm(5) if rows[-1] else 0.0) + w
        rows[-1].append((kind, words, w))
    return rows


def legend_height(width: float) -> float:
    """The height of the legend at ``width``, with its gap under it."""
    return len(_legend_rows(width)) * (SAMPLE + mm(1.2)) + mm(1)


def draw_legend(c: Any, area: Rect) -> Rect:
    """The map's key at the top of ``area``: grey and white samples, a wall, a room's
    size, each with its words. Returns the rest of ``area`` under it."""
    c.saveState()
    y = area.y1
    for row in _legend_rows(area.w):
        x = area.x
        y -= SAMPLE
        for kind, words, w in row:
            if kind in ("filled", "empty"):
                c.setLineWidth(THIN)
                c.setStrokeColorRGB(0.45, 0.45, 0.45)
                c.setFillColorRGB(*(FILLED if kind == "filled" else (1.0, 1.0, 1.0)))
                c.rect(x, y, SAMPLE, SAMPLE, stroke=1, fill=1)
            elif kind == "wall":
                c.setLineWidth(THICK)
                c.setStrokeColorRGB(*INK)
                c.line(x + SAMPLE / 2, y, x + SAMPLE / 2, y + SAMPLE)
            elif kind in ("player", "exit"):
                draw_icon(c, kind, x + SAMPLE / 2, y + SAMPLE / 2, SAMPLE)
            else:
                c.setFillColorRGB(*INK)
                c.setFont(design.BOLD, LEGEND_FONT[1])
                c.drawCentredString(x + SAMPLE / 2, y + SAMPLE / 2 - LEGEND_FONT[1] * 0.36, "S")
            c.setFillColorRGB(*INK)
            c.setFont(*LEGEND_FONT)
            c.drawString(x + SAMPLE + mm(1.2), y + SAMPLE / 2 - LEGEND_FONT[1] * 0.36, words)
            x += w + mm(5)
        y -= mm(1.2)
    c.restoreState()
    return Rect(area.x, area.y, area.w, area.h - legend_height(area.w))


CREDIT_FONT = design.style("print-note").pair
"""The credits are a print note."""
PRINTED_BY = "Printed by companion: companion validate checks your logged game."
NOTE_EDGE = mm(5.5)
"""The least distance from a print note to the paper's edge."""


def credit_lines(credits: str, width: float) -> list[str]:
    """The game's credits and the printer's line on one line when ``width`` holds it,
    wrapped as print notes."""
    stop = "" if credits.endswith(".") else "."
    text = f"{credits}{stop} {PRINTED_BY}" if credits else PRINTED_BY
    return wrap_text(text, CREDIT_FONT[0], CREDIT_FONT[1], width)


def credits_height(lines: list[str]) -> float:
    """The height of the credit ``lines``."""
    return len(lines) * CREDIT_FONT[1] * 1.3


@dataclass(frozen=True)
class MapPlan:
    """Where everything on the map page lies (points), for drawing and for tests.

    ``arrangement``: ``"stacked"`` (the stats tracker, text and boxes, across the page
    between the map and the identity block: small maps) or ``"side"`` (the tracker's
    text across the page under the map, its boxes beside the identity block: large
    maps). ``tracker``: the tracker (stacked) or its boxes (side); ``tracker_text``: the
    text's rectangle (side) or None. ``credits``: the bottom-right of the credit lines,
    and the lines. ``scale_bar``: the bottom-left of the 50 mm bar.
    """

    arrangement: str
    geometry: Geometry
    tracker: Rect
    footer: Rect
    identity: Rect
    credits: tuple[float, float, tuple[str, ...]]
    scale_bar: tuple[float, float]
    tracker_text: Rect | None = None
    qr_w: float = 0.0
    """The QR code's width (points): the layout's, or larger where the tracker's boxes
    beside the identity block leave the room (side)."""


def _scale_bar_width() -> float:
    return mm(SCALE_BAR_MM) + mm(2) + design.string_width(
        f"this bar is {SCALE_BAR_MM:g} mm: print at 100 %", *SCALE_BAR_FONT)


def _best_geometry(area: Rect, size: int, top: bool, max_cell: float = MAP_MAX_CELL
                   ) -> Geometry:
    """The grid in ``area``: the full frame while its cells are as large as the compact
    frame's (within 1 %); else the compact one."""
    full = Geometry(area, size, FULL_PAGE, top=top, max_cell=max_cell)
    compact = Geometry(area, size, COMPACT, top=top, max_cell=max_cell)
    return full if compact.cell <= full.cell * 1.01 else compact


def plan_map_page(area: Rect, title_w: float, title_baseline: float, size: int,
                  payload: str, lines: list[str], qr_w: float, tracker: Tracker,
                  credits: str = "", max_cell: float = MAP_MAX_CELL,
                  margin: float = mm(10)) -> MapPlan:
    """Lay out the map page in ``area`` (the content under the title, whose first line,
    ``title_w`` wide on ``title_baseline``, may have room at its right; ``margin``: the
    distance from ``area``'s foot to the paper's edge): the grid as large as the paper
    allows, with the tracker, the identity block, the credits and the scale bar kept
    clear of one another.

    Two arrangements are tried: the tracker across the page over the identity block,
    or its text across the page and its boxes beside the identity block; the one with
    the larger cells is kept (the first when they tie).

    Raises LayoutError if neither arrangement leaves room for a grid of cells of
    :func:`.drawing.smallest_cell` or more, ValueError if the identity block cannot be drawn (as
    draw_identity).
    """
    from companion.errors import LayoutError

    bar_w = _scale_bar_width()
    # the credits in the bottom margin when it holds them, else on a strip at the foot
    notes = credit_lines(credits, area.w)
    notes_h = credits_height(notes)
    if margin - notes_h >= NOTE_EDGE:
        credits_at = (area.x1, area.y - notes_h + CREDIT_FONT[1] * 0.3, tuple(notes))
    else:
        credits_at = (area.x1, area.y + CREDIT_FONT[1] * 0.3, tuple(notes))
        area = Rect(area.x, area.y + notes_h + mm(1), area.w, area.h - notes_h - mm(1))
    # the scale bar on the title's line, at the right, when it fits there; else on a
    # strip of its own under the title
    on_title_line = title_w + mm(4) + bar_w <= area.w
    head = area if on_title_line else Rect(area.x, area.y, area.w,
                                           area.h - SCALE_BAR_HEIGHT - mm(2))
    id_w, id_h = identity_size(payload, lines, qr_w, max_width=head.w * IDENTITY_SHARE)
    identity = Rect(head.x, head.y, id_w, id_h)
    footer = Rect(head.x, head.y, head.w, id_h + mm(3))

    # stacked: grid, tracker across the page, identity block
    t_h = tracker.height(head.w)
    grid_area = Rect(head.x, footer.y1 + t_h + GAP, head.w, head.h - footer.h - t_h - GAP)
    stacked = _best_geometry(grid_area, size, True, max_cell) if grid_area.h > 0 else None
    # side: grid, the tracker's text across the page, its boxes beside the identity
    col_x = head.x + id_w + mm(5)
    col_w = head.x1 - col_x
    side = None
    text_h = tracker.text_height(head.w)
    band = max(id_h, tracker.boxes_height(col_w)) if col_w >= TRACKER_MIN_W else 0.0
    if band:
        side_area = Rect(head.x, head.y + band + text_h + GAP, head.w,
                         head.h - band - text_h - GAP)
        if side_area.h > 0:
            side = _best_geometry(side_area, size, True, max_cell)
    # a grid whose cells cannot hold its 8 pt text is refused, not squeezed
    least = smallest_cell()
    stacked = stacked if stacked is not None and stacked.cell >= least else None
    side = side if side is not None and side.cell >= least else None
    if stacked is None and side is None:
        raise LayoutError(f"the {size} x {size} map does not fit this layout's page with "
                          f"cells of {least / mm(1):.1f} mm at least (for its 8 pt text): "
                          "try --layout map")
    use_stacked = side is None or (stacked is not None and stacked.cell >= side.cell)
    text_rect = None
    if use_stacked:
        assert stacked is not None
        geo = stacked
        tracker_rect = Rect(head.x, footer.y1, head.w, geo.block.y - GAP - footer.y1)
        arrangement = "stacked"
    else:
        assert side is not None
        geo = side
        tracker_rect = Rect(col_x, head.y, col_w, band)
        text_rect = Rect(head.x, head.y + band, head.w, geo.block.y - GAP - head.y - band)
        arrangement = "side"
        qr_w, identity = _grown_qr(payload, lines, qr_w, head, band, tracker, identity)
        tracker_rect = Rect(identity.x1 + mm(5), head.y, head.x1 - identity.x1 - mm(5), band)
    bar = (area.x1 - bar_w, title_baseline) if on_title_line else (area.x, head.y1 + mm(1))
    return MapPlan(arrangement, geo, tracker_rect, footer, identity, credits_at, bar,
                   text_rect, qr_w)


def _grown_qr(payload: str, lines: list[str], qr_w: float, head: Rect, band: float,
              tracker: Tracker, identity: Rect) -> tuple[float, Rect]:
    """The QR code's width and the identity block's rectangle when the block grows into
    the ``band`` the tracker's boxes beside it make taller than the block: the QR as
    tall as the band, or as large as leaves the boxes their height (a larger code
    scans more easily, and the page is not left blank over a small one)."""
    best = (qr_w, identity)
    lo, hi = qr_w, qr_w + max(0.0, band - identity.h)
    for _ in range(20):
        if hi - lo < 0.5:
            break
        mid = (lo + hi) / 2
        w, h = identity_size(payload, lines, mid, max_width=head.w * IDENTITY_SHARE)
        col_w = head.x1 - head.x - w - mm(5)
        if (h <= band and col_w >= TRACKER_MIN_W
                and tracker.boxes_height(col_w) <= band + 0.01):
            best = (mid, Rect(head.x, head.y, w, h))
            lo = mid
        else:
            hi = mid
    return best


def draw_map_page(doc: SheetDocument, layout: Layout, game: ShuffleAndDoom, d: Deal,
                  payload: str, variants: tuple[str, ...] = ()) -> MapPlan:
    """The map sheet: title, the grid with both stacks, the stats tracker, the identity
    block (QR and seed), the credits and a 50 mm scale bar, laid out by
    :func:`plan_map_page`. Returns the plan. Raises LayoutError if the map does not fit
    the layout's page."""
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    size = d.size
    dmap = DungeonMap(d.row_stack, d.column_stack)
    title = f"{game.title}  {size} x {size} map"
    # the title leaves room for the scale bar on its line (set smaller if it must)
    room = area.w - mm(4) - _scale_bar_width()
    rest = draw_legend(c, draw_title(c, area, title, room=room))
    qr_w = mm(layout.qr_size)
    params_text = _params_text(size) + (f", {', '.join(variants)}" if variants else "")
    lines = identity_lines(game.title, d.seed, params_text, "map")
    tracker = Tracker(dmap, variants, reachable_passes(dmap))
    plan = plan_map_page(rest, design.string_width(title, TITLE_FONT[0],
                                                   title_size(title, room)),
                         area.y1 - TITLE_FONT[1], size, payload, lines, qr_w, tracker,
                         game.credits, margin=area.y - doc.page_rect.y)
    draw_identity(c, plan.identity.x, plan.identity.y, payload, lines, plan.qr_w,
                  max_width=plan.footer.w * IDENTITY_SHARE)
    x, y, notes = plan.credits
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(*CREDIT_FONT)
    for i, line in enumerate(reversed(notes)):
        c.drawRightString(x, y + i * CREDIT_FONT[1] * 1.3, line)
    c.restoreState()
    if plan.tracker_text is None:
        tracker.draw(c, plan.tracker)
    else:
        text = plan.tracker_text
        tracker.draw_text(c, text.x, text.y1, text.w)
        tracker.draw_boxes(c, plan.tracker)
    draw_grid(c, plan.geometry, dmap, cell_names=True)
    draw_scale_bar(c, *plan.scale_bar)
    return plan
