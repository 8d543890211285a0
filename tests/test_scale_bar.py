"""The print-size check (docs/printing.md): a bar of stated length a player can measure. The
bar is measured in the PDF itself, as a ruler would measure it on paper."""

from __future__ import annotations

import pypdfium2
import pytest

from companion.paper.document import SheetDocument
from companion.paper.frame import draw_scale_bar
from companion.paper.units import mm


def bars_mm(data: bytes, page: int = 0) -> list[float]:
    """The widths (mm) of the filled path objects about 0.8 mm high and at least 5 mm
    wide on ``page``: the scale bars (a small icon can be 0.8 mm high too)."""
    pdf = pypdfium2.PdfDocument(data)
    out = []
    for obj in pdf[page].get_objects():
        if obj.type != pypdfium2.raw.FPDF_PAGEOBJ_PATH:
            continue
        bounds = getattr(obj, "get_bounds", None) or obj.get_pos  # pypdfium2 5 or 4
        left, bottom, right, top = bounds()
        if abs((top - bottom) - mm(0.8)) < 0.05 and right - left >= mm(5):
            out.append((right - left) * 25.4 / 72)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("length", [50.0, 100.0])
def test_the_scale_bar_measures_its_stated_length(paper, length):
    doc = SheetDocument("scale", paper)
    draw_scale_bar(doc.canvas, mm(20), mm(20), length)
    widths = bars_mm(doc.finish())
    assert len(widths) == 1 and widths[0] == pytest.approx(length, abs=0.01)
