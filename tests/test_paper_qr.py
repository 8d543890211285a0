"""Vector QR codes: decodable, merged runs, at least the measured minimum wide (issue
25: MIN_QR_MM), never a bitmap."""

from __future__ import annotations

import re
import zlib

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pdfcheck import canonical
from reportlab.pdfgen import canvas as rl_canvas

from companion.paper.document import SheetDocument
from companion.paper.qr import (
    MIN_QR_MM,
    QUIET_MODULES,
    draw_qr,
    qr_footprint,
    qr_matrix,
    qr_runs,
)
from companion.paper.units import mm

PAYLOAD = "companion:1/sd/K7Q2-9XMA/size=7"



def qr_pdf(payload: str, width: float = mm(30)) -> tuple[bytes, float]:
    doc = SheetDocument("qr", "a4")
    side = draw_qr(doc.canvas, mm(40), mm(150), payload, width)
    return doc.finish(), side


def decode(data: bytes, dpi: int = 150) -> list[str]:
    page = pdfium.PdfDocument(data)[0]
    img = page.render(scale=dpi / 72, grayscale=True).to_pil()
    return [canonical(b.text)
            for b in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def content_streams(data: bytes) -> list[bytes]:
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            out.append(m.group(1))
    return out


@pytest.mark.parametrize(
    "payload",
    [PAYLOAD, "companion:1/du/K7Q2-9XMA/floor=3", "companion:1/ctd/" + "A" * 32],
)
def test_a_drawn_qr_decodes_to_the_exact_payload(payload):
    data, _ = qr_pdf(payload)
    assert decode(data) == [payload]


def test_matrix_is_level_m_and_small():
    m = qr_matrix(PAYLOAD)
    assert len(m) == 25  # version 2: 31 alphanumeric characters at level M (bytes: version 3)
    assert all(len(row) == len(m) for row in m)
    data, _ = qr_pdf(PAYLOAD)
    page = pdfium.PdfDocument(data)[0]
    img = page.render(scale=150 / 72, grayscale=True).to_pil()
    (code,) = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
    assert code.ec_level == "M"


def test_runs_are_merged_into_far_fewer_rectangles_than_modules():
    matrix = qr_matrix(PAYLOAD)
    dark = sum(v for row in matrix for v in row)
    c = rl_canvas.Canvas(None, pageCompression=0, invariant=1)
    draw_qr(c, 100, 100, PAYLOAD)
    c.showPage()
    streams = b"".join(content_streams(c.getpdfdata()))
    rects = len(re.findall(rb" re\b", streams))
    runs = qr_runs(matrix)
    assert rects == len(runs) + 1  # the runs plus the white quiet-zone square
    assert rects < 0.6 * dark  # about one rectangle per two dark modules
    # one path, filled once: a single fill operator for all the runs
    assert len(re.findall(rb"\bf\*?\s", streams)) == 2  # white square, dark runs


def test_runs_cover_exactly_the_dark_modules():
    matrix = qr_matrix(PAYLOAD)
    painted = {(r, c) for r, start, n in qr_runs(matrix) for c in range(start, start + n)}
    dark = {(r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}
    assert painted == dark


def test_footprint_is_the_symbol_plus_a_four_module_quiet_zone():
    n = len(qr_matrix(PAYLOAD))
    _, side = qr_pdf(PAYLOAD, mm(32))
    assert side == pytest.approx(mm(32) * (n + 2 * QUIET_MODULES) / n)
    assert qr_footprint(PAYLOAD, mm(32)) == pytest.approx(side)


def test_under_the_measured_minimum_is_refused():
    doc = SheetDocument("qr", "a4")
    with pytest.raises(ValueError, match=f"at least {MIN_QR_MM:g} mm"):
        draw_qr(doc.canvas, 0, 0, PAYLOAD, mm(MIN_QR_MM - 0.1))
    with pytest.raises(ValueError):
        qr_footprint(PAYLOAD, mm(MIN_QR_MM - 5))
    draw_qr(doc.canvas, 0, 0, PAYLOAD, mm(MIN_QR_MM))  # exactly the minimum is fine


def test_empty_or_huge_payloads_are_refused():
    with pytest.raises(ValueError):
        qr_matrix("")
    with pytest.raises(ValueError, match="too long"):
        qr_matrix("x" * 5000)


def test_no_bitmap_in_the_pdf():
    data, _ = qr_pdf(PAYLOAD)
    assert b"/Subtype /Image" not in data
    assert b"/XObject" not in data
