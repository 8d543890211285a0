"""Dungeon Solitaire sheets: the duplex calibration pair (``calibrate``), the same for
every seed: five crosshairs and a ruler on the front, reading scales on the back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.sheets.common import (
    Offset,
    Sheet,
    draw_identity_footer,
)
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.fold import draw_offset_note
from companion.paper.frame import INK, draw_text, draw_title, wrap_text
from companion.paper.identity import identity_size
from companion.paper.layout import Layout, Rect, content_rect
from companion.paper.units import mm, paper_size_mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


@dataclass(frozen=True)
class CalibrationMark:
    """A crosshair of the calibration sheet: ``name``, its centre on the front and the
    centre of its scale on the back (points, page coordinates of each side)."""

    name: str
    front: tuple[float, float]
    back: tuple[float, float]


CAL_INSET_MM = (38.0, 78.0, 48.0)
"""Crosshairs: this far from the left/right edges, from the bottom, from the top."""
SCALE_MM = 6
"""The back scales run from -6 to +6 mm, a tick every 0.5 mm."""
SCALE_AT_MM = 9.0
"""How far the back scales sit from their crosshair's centre (the arms reach 18 mm)."""
CROSS_ARM_MM = 18.0
"""A crosshair's arms reach this far from its centre."""
RULER_MM = 100
"""The length of the calibration sheet's ruler."""


def calibration_marks(paper: str, back_offset: Offset = (0.0, 0.0)) -> list[CalibrationMark]:
    """The five crosshairs of the calibration sheet (four near the corners and the
    centre E) on a portrait ``paper``; each back scale sits behind its crosshair after a
    long-edge flip (x mirrored), shifted by ``back_offset`` mm.

    Raises LayoutError for an unknown paper.
    """
    w, h = paper_size_mm(paper)
    side, bottom, top = CAL_INSET_MM
    points = {"A": (side, h - top), "B": (w - side, h - top), "C": (side, bottom),
              "D": (w - side, bottom), "E": (w / 2, h / 2 - 6)}
    dx, dy = back_offset
    out = []
    for name, (x, y) in points.items():
        out.append(CalibrationMark(name, (mm(x), mm(y)), (mm(w - x + dx), mm(y + dy))))
    return out


def crosshair_rect(mark: CalibrationMark) -> Rect:
    """What a front crosshair covers (its arms, circle and letter), in points."""
    x, y = mark.front
    arm = mm(CROSS_ARM_MM)
    return Rect(x - arm, y - arm, 2 * arm, 2 * arm)


def calibration_ruler(paper: str) -> Rect:
    """What the front's 100 mm ruler covers (ticks, numbers and its caption), in points:
    centred left-right, and up-down in the gap between the lower crosshairs (C, D) and
    the centre one (E), clear of both.

    Raises LayoutError for an unknown paper.
    """
    w = paper_size_mm(paper)[0]
    marks = {m.name: m for m in calibration_marks(paper)}
    low = max(crosshair_rect(marks[k]).y1 for k in ("C", "D"))
    high = crosshair_rect(marks["E"]).y
    height = mm(RULER_CAPTION_MM + RULER_TOP_MM)
    y = (low + high - height) / 2
    return Rect(mm(w / 2 - RULER_MM / 2 - 2), y, mm(RULER_MM + 4), height)


RULER_CAPTION_MM = 4.5
"""Under a ruler's line: its caption."""
RULER_TOP_MM = 8.5
"""Over a ruler's line: its ticks and numbers."""


def _crosshair(c: Any, x: float, y: float, name: str) -> None:
    arm = mm(CROSS_ARM_MM)
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.35)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, mm(3), stroke=1, fill=0)
    c.setLineWidth(0.25)
    c.circle(x, y, mm(12), stroke=1, fill=0)
    c.setFillColorRGB(*INK)
    c.setFont(*design.style("heading").at(12))
    c.drawString(x + mm(4), y + mm(4), name)
    c.restoreState()


def _scales(c: Any, x: float, y: float, name: str) -> None:
    """The back's reading scales for the crosshair behind ``(x, y)``: the X scale runs
    left-right above it, across the crosshair's upright arm; the Y scale runs up-down to
    its right, across its level arm. The tick a front line falls on is the reading."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(0.3)
    base_y = y + mm(SCALE_AT_MM)
    base_x = x + mm(SCALE_AT_MM)
    c.line(x - mm(SCALE_MM), base_y, x + mm(SCALE_MM), base_y)
    c.line(base_x, y - mm(SCALE_MM), base_x, y + mm(SCALE_MM))
    font, label = design.style("label").pair
    c.setFont(font, label)
    for k in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        v = k / 2
        long = mm(3.2) if k == 0 else mm(2) if k % 2 == 0 else mm(1.1)
        c.line(x + mm(v), base_y, x + mm(v), base_y + long)
        c.line(base_x, y + mm(v), base_x + long, y + mm(v))
        if k % 4 == 0:
            # every 2 mm, on two staggered rows (columns): 8 pt numbers 4 mm apart
            far = (k // 4) % 2
            text = f"{v:g}"
            c.drawCentredString(x + mm(v), base_y + mm(3.6 + 3.4 * far), text)
            c.drawString(base_x + mm(3.6 + 5.2 * far), y + mm(v) - label * 0.35, text)
    c.setFont(design.BOLD, 9)
    c.drawRightString(x - mm(SCALE_MM) - mm(1.2), base_y + mm(0.5), "X")
    c.drawCentredString(base_x, y - mm(SCALE_MM) - mm(3.4), "Y")
    c.setFont(design.BOLD, 12)
    c.drawRightString(x - mm(4), y - mm(7), name)
    # the matching back crosshair, light: the front one falls on it when no offset
    # is needed
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setDash([1.5, 1.5], 0)
    c.line(x - mm(10), y, x + mm(5), y)
    c.line(x, y - mm(10), x, y + mm(5))
    c.restoreState()


def _ruler(c: Any, x: float, y: float, length_mm: int, vertical: bool = False) -> None:
    """A millimetre ruler from ``(x, y)``: to check the sheet printed at 100 %."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(0.3)
    c.setFont(*design.style("label").pair)
    for k in range(length_mm + 1):
        t = mm(4) if k % 10 == 0 else mm(2.5) if k % 5 == 0 else mm(1.5)
        if vertical:
            c.line(x, y + mm(k), x + t, y + mm(k))
            if k % 10 == 0:
                c.drawString(x + mm(4.6), y + mm(k) - 2, str(k))
        else:
            c.line(x + mm(k), y, x + mm(k), y + t)
            if k % 10 == 0:
                c.drawCentredString(x + mm(k), y + mm(4.8), str(k))
    if vertical:
        c.line(x, y, x, y + mm(length_mm))
    else:
        c.line(x, y, x + mm(length_mm), y)
    c.restoreState()


def draw_calibration(doc: SheetDocument, layout: Layout, game: DungeonSolitaire,
                     payload: str, back_offset: Offset) -> list[CalibrationMark]:
    """The calibration pair: a front with five crosshairs, the 100 mm ruler and the
    instructions, then its back (mirrored) with a reading scale behind each crosshair
    and the offset it was printed with. No seed anywhere: the sheet is the same for
    every seed (``payload`` has none).

    Raises LayoutError if the back page has no margin for its offset note.
    """
    marks = calibration_marks(doc.paper, back_offset)
    c = doc.canvas
    area = content_rect(layout, doc.paper)
    top = draw_title(c, area, "Duplex calibration: front",
                     "Measures how far your printer shifts the back of a sheet, for "
                     "--back-offset X,Y (mm).")
    for m in marks:
        _crosshair(c, *m.front, m.name)
    dx, dy = back_offset
    added = f" added to {dx:g},{dy:g}" if (dx, dy) != (0.0, 0.0) else ""
    steps = [
        "1. Print this page and the next on one sheet: two-sided, flip on the long edge, "
        "at actual size (100 %, no 'fit to page'). Check with a ruler that the scale "
        "under E measures 100 mm.",
        "2. Turn the sheet over and hold it against a window or a lamp, the back (with "
        "the scales) facing you. The five crosshairs of this side show through.",
        "3. At each mark, read the X scale where the crosshair's upright line crosses it, "
        "and the Y scale where its level line crosses it. Use E, or the average of all "
        "five if they differ.",
        f"4. Your offset is the reading{added}. Save it once for this paper with "
        "companion calibrate --save X,Y (e.g. --save 1.5,-0.5): every two-sided sheet "
        "then uses it. --back-offset X,Y overrides it for one sheet. Readings within "
        "0.5 mm need no offset.",
    ]
    rects = {m.name: crosshair_rect(m) for m in marks}
    # the steps in a panel from under the top crosshairs to over E, the page's width
    panel = Rect(area.x, rects["E"].y1 + mm(4), area.w,
                 min(rects["A"].y, top.y1) - mm(4) - rects["E"].y1 - mm(4))
    _draw_steps(c, panel, steps)
    # beside E: a table to write the five readings in, and the offset they give
    left = Rect(area.x, rects["E"].y, rects["E"].x - area.x - mm(4), rects["E"].h)
    right = Rect(rects["E"].x1 + mm(4), rects["E"].y, area.x1 - rects["E"].x1 - mm(4),
                 rects["E"].h)
    _draw_readings(c, left, [m.name for m in marks])
    _draw_result(c, right)
    qr_w = mm(layout.qr_size)
    # the sheet is the same for every seed: neither its text nor its QR code names one
    lines = [game.title, "Duplex calibration",
             "the same sheet for every seed: it measures your printer",
             f"Print it: companion sheets {game.name} --kind calibrate"]
    foot = draw_identity_footer(c, area, payload, lines, qr_w)
    ruler = calibration_ruler(doc.paper)
    # under the ruler, between C and D: which printer and paper the offset is for
    low = Rect(rects["C"].x1 + mm(4), rects["C"].y, rects["D"].x - rects["C"].x1 - mm(8),
               max(rects["C"].h, ruler.y - mm(3) - rects["C"].y))
    _draw_panel_text(c, low, "Printer and paper",
                     "The offset is saved per paper size; note what it was measured on.",
                     ["Printer", "Paper", "Date"])
    # beside the identity block: how to check the saved offset
    id_w = identity_size(payload, lines, qr_w, max_width=area.w)[0]
    check = Rect(area.x + id_w + mm(6), area.y, area.w - id_w - mm(6),
                 max(foot - mm(3), rects["C"].y - area.y - mm(4)))
    _draw_panel_text(c, check, "Check",
                     "Print this sheet again once the offset is saved: each crosshair "
                     "now falls on its light dashed cross on the back. Readings within "
                     "0.5 mm need no offset.")
    base = ruler.y + mm(RULER_CAPTION_MM)
    _ruler(c, ruler.cx - mm(RULER_MM / 2), base, RULER_MM)
    c.setFont(*design.style("print-note").pair)
    c.setFillColorRGB(*INK)
    c.drawCentredString(ruler.cx, ruler.y + mm(0.8),
                        f"{RULER_MM} mm at actual size (print at 100 %)")

    c = doc.new_page(False)
    w = doc.page_size[0]
    back_area = content_rect(layout, doc.paper)
    draw_title(c, back_area, "Duplex calibration: back",
               "Hold to the light, this side facing you; read X and Y where the front's "
               "crosshairs cross the scales."
               + (f" Printed with --back-offset {dx:g},{dy:g}: add your reading to it."
                  if (dx, dy) != (0, 0) else ""))
    for m in marks:
        _scales(c, *m.back, m.name)
    c.setFont(*design.style("label").pair)
    c.setFillColorRGB(*INK)
    c.drawCentredString(w / 2, back_area.y + mm(4),
                        "X: right is +. Y: up is +. The light dashed cross is where the "
                        "front mark should fall.")
    draw_offset_note(c, doc.page_size, [_scales_rect(m) for m in marks], back_offset)
    return marks


PANEL = (0.95, 0.95, 0.94)
"""The pale ground of the front's panels (the steps, the readings), kept clear of the
crosshairs: on the back, held to the light, the scales stay on clear paper."""


def _draw_steps(c: Any, panel: Rect, steps: Sequence[str]) -> None:
    """The numbered steps in two columns on a pale panel, in the largest body size
    (8.5 to 11 pt) that fits it."""
    c.saveState()
    c.setFillColorRGB(*PANEL)
    c.roundRect(panel.x, panel.y, panel.w, panel.h, mm(2), stroke=0, fill=1)
    c.restoreState()
    pad = mm(4)
    col_w = (panel.w - 3 * pad) / 2
    half = (len(steps) + 1) // 2
    columns = [steps[:half], steps[half:]]
    font = design.style("body").font
    size = 11.0
    while size > design.style("body").size:
        need = max(sum(len(wrap_text(t, font, size, col_w)) * size * 1.3 + mm(2) for t in col)
                   for col in columns)
        if need <= panel.h - 2 * pad:
            break
        size -= 0.5
    for k, col in enumerate(columns):
        y = panel.y1 - pad
        for text in col:
            y = draw_text(c, panel.x + pad + k * (col_w + pad), y, col_w, text, size=size,
                          leading=1.3) - mm(2)


def _draw_readings(c: Any, r: Rect, names: Sequence[str]) -> None:
    """A small table to write each crosshair's X and Y reading in, on a pale panel."""
    c.saveState()
    c.setFillColorRGB(*PANEL)
    c.roundRect(r.x, r.y, r.w, r.h, mm(2), stroke=0, fill=1)
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4)
    head = design.style("heading").pair
    label = design.style("label").pair
    c.setFont(*head)
    c.drawString(r.x + mm(3), r.y1 - mm(3) - head[1] * 0.75, "Your readings (mm)")
    rows = len(names) + 1
    row_h = (r.h - mm(9)) / rows
    col = (r.w - mm(6)) / 3
    for i, name in enumerate(["", *names]):
        y = r.y1 - mm(8) - (i + 1) * row_h
        c.setFont(*(design.BOLD, 9.0) if i else label)
        cells = [name, "X", "Y"] if i == 0 else [name, "", ""]
        for j, text in enumerate(cells):
            if text:
                c.drawCentredString(r.x + mm(3) + (j + 0.5) * col, y + row_h * 0.3, text)
        if i:
            for j in (1, 2):
                x0 = r.x + mm(3) + j * col + mm(1.5)
                c.line(x0, y + mm(1), x0 + col - mm(3), y + mm(1))
    c.restoreState()


def _panel(c: Any, r: Rect, title: str) -> tuple[str, float]:
    """A pale rounded panel over ``r`` with ``title`` as its heading; returns the
    heading's (font, size), the fill left at ink."""
    c.setFillColorRGB(*PANEL)
    c.roundRect(r.x, r.y, r.w, r.h, mm(2), stroke=0, fill=1)
    c.setFillColorRGB(*INK)
    head: tuple[str, float] = design.style("heading").pair
    c.setFont(*head)
    c.drawString(r.x + mm(3), r.y1 - mm(3) - head[1] * 0.75, title)
    return head


def _draw_result(c: Any, r: Rect) -> None:
    """Where the offset comes out: write-in boxes for X and Y, and what to type."""
    c.saveState()
    _panel(c, r, "Your offset")
    box_w = (r.w - mm(9)) / 2
    box_h = mm(11)
    y = r.y1 - mm(10) - box_h
    for k, name in enumerate(("X", "Y")):
        _box(c, Rect(r.x + mm(3) + k * (box_w + mm(3)), y, box_w, box_h), name)
    draw_text(c, r.x + mm(3), y - mm(3), r.w - mm(6),
              "Save it: companion calibrate --save X,Y", size=design.style("label").size,
              leading=1.3)
    c.restoreState()


def _box(c: Any, r: Rect, label: str) -> None:
    """A white write-in box with ``label`` at its top-left (label size)."""
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
    c.setFillColorRGB(*INK)
    font, size = design.style("label").pair
    c.setFont(font, size)
    c.drawString(r.x + mm(1), r.y1 - size - mm(0.6), label)
    c.restoreState()


def _draw_panel_text(c: Any, r: Rect, title: str, text: str,
                     fields: Sequence[str] = ()) -> None:
    """A pale panel: a heading, ``text`` at body size and write-in ``fields`` (a label
    and a line each) under it."""
    c.saveState()
    head = _panel(c, r, title)
    y = r.y1 - mm(5) - head[1]
    if text:
        y = draw_text(c, r.x + mm(3), y, r.w - mm(6), text,
                      size=design.style("body").size, leading=1.3) - mm(1)
    font, size = design.style("label").pair
    if fields:
        step = (y - r.y - mm(2)) / len(fields)
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.4)
        for name in fields:
            y -= step
            c.setFont(font, size)
            c.drawString(r.x + mm(3), y + mm(1.5), name)
            start = r.x + mm(5) + design.string_width(name, font, size)
            c.line(start, y + mm(1), r.x1 - mm(3), y + mm(1))
    c.restoreState()


def _scales_rect(mark: CalibrationMark) -> Rect:
    """What a back's reading scales cover (points): the scales, their numbers and
    letters, the light cross."""
    x, y = mark.back
    reach = mm(SCALE_AT_MM + 13)
    return Rect(x - mm(12), y - mm(SCALE_MM + 5), mm(12) + reach, mm(SCALE_MM + 5) + reach)


def calibration_payloads(game: DungeonSolitaire, kind: str, seed: str,
                         params: Mapping[str, int], options: Mapping[str, Any],
                         edition: int) -> list[str]:
    """The calibration sheet's one payload: the same for every seed, size and edition,
    so it names none of them (``companion:E/ds/kind=calibrate``)."""
    return [game.payload("", {}, kind=kind)]


def draw_calibration_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``calibrate`` sheet: the front and back of :func:`draw_calibration`.

    Raises LayoutError if the back page has no margin for its offset note.
    """
    draw_calibration(doc, sheet.layout, sheet.game, sheet.payloads[0], sheet.back_offset)
