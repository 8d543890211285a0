"""The "drawing" design check (issue 25, docs/printing.md: no text runs into a drawing):
:func:`companion.paper.audit.drawing_hits` on small hand-made PDFs."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from companion.paper import design
from companion.paper.audit import audit_pdf


def _pdf(draw: Callable[[Any], None]) -> bytes:
    from reportlab.pdfgen import canvas

    design.register()
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(300, 200))
    c.setFont(design.REGULAR, 10)
    draw(c)
    c.showPage()
    c.save()
    return buffer.getvalue()


def _hits(data: bytes) -> list[str]:
    return [r.text for r in audit_pdf(data, empty=False, drawing=True).drawn()]


def test_a_line_through_a_word_is_found() -> None:
    def draw(c: Any) -> None:
        c.drawString(20, 150, "crossed")
        c.setLineWidth(0.5)
        c.line(10, 153, 100, 153)

    assert _hits(_pdf(draw)) == ["crossed"]


def test_a_faint_guide_through_a_word_is_found() -> None:
    def draw(c: Any) -> None:
        c.setStrokeColorRGB(*design.GUIDE)
        c.setLineWidth(design.HAIRLINE)
        c.line(140, 50, 250, 50)
        c.drawString(150, 47, "guide")

    assert _hits(_pdf(draw)) == ["guide"]


def test_a_word_in_a_tinted_box_or_inside_a_frame_is_not() -> None:
    def draw(c: Any) -> None:
        c.setFillColorRGB(*design.TINT)
        c.rect(15, 90, 80, 20, stroke=0, fill=1)
        c.setFillColorRGB(*design.INK)
        c.drawString(20, 96, "tinted")
        c.rect(148, 20, 40, 14)
        c.drawString(150, 24, "boxed")
        c.drawString(150, 96, "plain")

    assert _hits(_pdf(draw)) == []


def test_not_measured_unless_asked() -> None:
    audit = audit_pdf(_pdf(lambda c: c.drawString(20, 150, "x")), empty=False)
    assert audit.pages[0].drawn is None and audit.drawn() == []


def test_text_running_off_the_paper_is_not_a_drawing() -> None:
    def draw(c: Any) -> None:
        c.drawString(250, 150, "off the paper's edge")

    assert _hits(_pdf(draw)) == []
