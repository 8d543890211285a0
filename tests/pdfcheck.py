"""Looking at printed sheets as a player's scanner would: pages rendered, QR codes read,
text extracted (pypdfium2 and zxing-cpp); and as a reviewer would: text runs with their
font and size, overlaps, empty pages (``companion.paper.audit``, re-exported here)."""

from typing import Any

import zxingcpp

from companion.paper.audit import (  # noqa: F401  (re-exported for the tests)
    PdfAudit,
    TextRun,
    audit_pdf,
    empty_share,
    family,
    overlaps,
    text_runs,
)
from companion.seeds import canonical_payload

DPI = 150


def render_page(pdf: Any, index: int, dpi: int = DPI) -> Any:
    """Page ``index`` of a pypdfium2 document as a greyscale PIL image."""
    return pdf[index].render(scale=dpi / 72, grayscale=True).to_pil()


canonical = canonical_payload
"""A payload as the program writes it (QR codes hold the upper-case form)."""


def qr_texts(img: Any) -> list[str]:
    """The texts of every QR code zxing-cpp finds in ``img``, payloads canonical."""
    return [canonical(r.text)
            for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def page_text(pdf: Any, index: int) -> str:
    """The text of page ``index``."""
    return pdf[index].get_textpage().get_text_range()


def ink_outside(img: Any, trim: tuple[float, float, float, float], page_h: float,
                margin: float, dpi: int = DPI) -> int:
    """Dark pixels of ``img`` (a page rendered at ``dpi``) outside ``trim`` (PDF points)
    grown by ``margin`` points."""
    from PIL import ImageDraw

    s = dpi / 72
    x0, y0, x1, y1 = trim
    img = img.copy()
    ImageDraw.Draw(img).rectangle(
        ((x0 - margin) * s, (page_h - y1 - margin) * s, (x1 + margin) * s,
         (page_h - y0 + margin) * s), fill=255)
    return sum(img.histogram()[:235])


def check_crop_marks_on_fronts_only(pdf: Any, pages: Any, margin: float) -> None:
    """Fronts (even pages) have crop marks outside their cards, backs have nothing
    there. Raises AssertionError naming the page."""
    page_h = pdf[0].get_size()[1]
    for i in pages:
        ink = ink_outside(render_page(pdf, i), pdf[i].get_trimbox(), page_h, margin)
        if i % 2 == 0:
            assert ink > 50, f"front page {i + 1} has no crop marks"
        else:
            assert ink == 0, f"back page {i + 1} has marks outside its cards"
