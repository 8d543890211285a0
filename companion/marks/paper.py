"""Drawing a mark sheet's fixed parts with reportlab: the corner fiducials, the
bubbles and the how-to-mark note (``docs/marks.md``, The sheet).

Geometry comes in millimetres from the page's top-left corner, y down (the template's
frame, :mod:`companion.marks.template`); :func:`to_pt` turns it into reportlab's points
from the bottom-left corner.

* **Fiducials**: ArUco 4x4 markers (OpenCV's ``DICT_4X4_50``) :data:`FIDUCIAL_MM` wide,
  their outer corner :data:`FIDUCIAL_INSET_MM` inside each paper corner. Which markers a
  page carries tells its paper: ids 0-3 (top-left, top-right, bottom-right, bottom-left)
  on A4, 4-7 on US Letter, so the reader knows the paper without a longer QR payload.
  The bit patterns are written here (no OpenCV when printing); a test checks them
  against OpenCV's dictionary. Nothing else comes within :data:`QUIET_MM` of a marker.
* **Bubbles**: circles :data:`BUBBLE_R_MM` in radius (4.5 mm across: the spec asks for 4 mm
  at least), ruled in grey so that pencil stands out, at least :data:`MIN_PITCH_MM`
  apart centre to centre (room for a take-back cross past the ring). Labels stand
  above bubble columns (8 pt), never inside: an empty bubble is plain paper inside.
* **Taking a mark back**: cross the bubble out with an X whose arms reach past its ring
  (:data:`TAKE_BACK`); the reader finds the arms outside the circle.
"""

from __future__ import annotations

from typing import Any

from companion.marks.template import Bubble, Fiducial, PageTemplate
from companion.paper import design
from companion.paper.units import mm

__all__ = ["BUBBLE_R_MM", "FIDUCIAL_INSET_MM", "FIDUCIAL_MM", "HOW_TO_MARK", "MARKERS",
           "MIN_PITCH_MM", "PAPER_MARKERS", "QUIET_MM", "RING_GREY", "TAKE_BACK",
           "draw_bubble", "draw_fiducials", "draw_how_to", "fiducials", "how_to_height",
           "to_pt"]

FIDUCIAL_MM = 12.0
"""A corner marker's side (6 cells of 2 mm: 1 border cell each side, 4x4 data)."""
FIDUCIAL_INSET_MM = 8.0
"""How far inside the paper's edges a marker's outer corner stands."""
QUIET_MM = 3.0
"""White kept around every marker (more than one cell)."""
BUBBLE_R_MM = 2.25
"""A bubble's radius: 4.5 mm across."""
MIN_PITCH_MM = 6.5
"""The least distance between two bubbles' centres."""
RING_GREY = (0.45, 0.45, 0.45)
"""A bubble's ring: mid grey, so that graphite inside stands out from it."""

HOW_TO_MARK = "Fill the bubble with pencil."
TAKE_BACK = ("To take a mark back, cross it out with an X that reaches past the circle, "
             "then fill the right bubble.")

# OpenCV DICT_4X4_50 markers 0-7: the 4x4 data cells, top row first, "1" black.
MARKERS: dict[int, tuple[str, str, str, str]] = {
    0: ("0100", "1010", "1100", "1101"),
    1: ("1111", "0000", "0110", "0101"),
    2: ("1100", "1100", "1101", "0010"),
    3: ("0110", "0110", "1011", "1001"),
    4: ("1010", "1011", "0110", "0001"),
    5: ("1000", "0110", "0011", "0010"),
    6: ("0110", "0001", "1101", "0001"),
    7: ("0011", "1011", "0000", "1101"),
}
"""Black (``"1"``) data cells of each marker; the border ring is black too."""

PAPER_MARKERS: dict[str, tuple[int, int, int, int]] = {"a4": (0, 1, 2, 3),
                                                        "letter": (4, 5, 6, 7)}
"""The markers of each paper: top-left, top-right, bottom-right, bottom-left."""


def fiducials(width_mm: float, height_mm: float, paper: str) -> tuple[Fiducial, ...]:
    """The four corner fiducials of a page of that size and paper (top-left, top-right,
    bottom-right, bottom-left). Raises KeyError for a paper other than a4/letter."""
    ids = PAPER_MARKERS[paper]
    lo, s = FIDUCIAL_INSET_MM, FIDUCIAL_MM
    xr, yb = width_mm - lo - s, height_mm - lo - s
    return (Fiducial(ids[0], lo, lo, s), Fiducial(ids[1], xr, lo, s),
            Fiducial(ids[2], xr, yb, s), Fiducial(ids[3], lo, yb, s))


def to_pt(page: PageTemplate, x_mm: float, y_mm: float) -> tuple[float, float]:
    """A point of the template's frame (mm from the top-left, y down) in reportlab's
    (points from the bottom-left, y up)."""
    return mm(x_mm), mm(page.height_mm - y_mm)


def draw_fiducials(c: Any, page: PageTemplate) -> None:
    """Draw the page's four corner markers: black border ring, 4x4 data cells."""
    c.saveState()
    c.setFillColorRGB(*design.INK)
    for f in page.fiducials:
        cell = f.size_mm / 6
        rows = MARKERS[f.marker]
        for j in range(6):
            for i in range(6):
                border = i in (0, 5) or j in (0, 5)
                if border or rows[j - 1][i - 1] == "1":
                    x, y = to_pt(page, f.x_mm + i * cell, f.y_mm + (j + 1) * cell)
                    # a hair of overlap so that a viewer draws no seam between cells
                    c.rect(x, y, mm(cell) + 0.05, mm(cell) + 0.05, stroke=0, fill=1)
    c.restoreState()


def draw_bubble(c: Any, page: PageTemplate, bubble: Bubble, filled: bool = False) -> None:
    """Draw one bubble: a grey ring; solid black when ``filled`` (an answer key)."""
    x, y = to_pt(page, bubble.x_mm, bubble.y_mm)
    c.saveState()
    c.setLineWidth(design.RULE)
    c.setStrokeColorRGB(*(design.INK if filled else RING_GREY))
    c.setFillColorRGB(*design.INK)
    c.circle(x, y, mm(bubble.r_mm), stroke=1, fill=1 if filled else 0)
    c.restoreState()


def how_to_height() -> float:
    """The height (points) :func:`draw_how_to` takes."""
    return mm(9.0)


def draw_how_to(c: Any, x: float, top: float, width: float) -> float:
    """The how-to-mark note at (``x``, ``top``) in points (``top`` its upper edge), at
    most ``width`` wide: a filled example bubble with :data:`HOW_TO_MARK`, a crossed-out
    one with :data:`TAKE_BACK`. Returns the height used (:func:`how_to_height`)."""
    r = mm(BUBBLE_R_MM)
    body = design.style("body")
    c.saveState()
    cy = top - mm(3.0)
    # a filled bubble
    c.setLineWidth(design.RULE)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setStrokeColorRGB(*RING_GREY)
    c.circle(x + r, cy, r, stroke=1, fill=1)
    c.setFillColorRGB(*design.INK)
    c.setFont(body.font, body.size)
    c.drawString(x + 2 * r + mm(2), cy - body.size * 0.35, HOW_TO_MARK)
    # a crossed-out bubble
    cx = x + 2 * r + mm(4) + design.string_width(HOW_TO_MARK, body.font, body.size) + mm(4)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.circle(cx + r * 1.6, cy, r, stroke=1, fill=1)
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    c.setLineWidth(1.2)
    arm = r * 1.6
    c.line(cx + r * 1.6 - arm, cy - arm, cx + r * 1.6 + arm, cy + arm)
    c.line(cx + r * 1.6 - arm, cy + arm, cx + r * 1.6 + arm, cy - arm)
    c.setFillColorRGB(*design.INK)
    tx = cx + r * 3.2 + mm(2)
    words = TAKE_BACK.split()
    line, lines = "", []
    for w in words:
        trial = f"{line} {w}".strip()
        if design.string_width(trial, body.font, body.size) > x + width - tx and line:
            lines.append(line)
            line = w
        else:
            line = trial
    lines.append(line)
    for k, text in enumerate(lines[:2]):
        c.drawString(tx, cy + body.size * 0.55 - k * body.size * 1.2, text)
    c.restoreState()
    return how_to_height()
