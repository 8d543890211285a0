"""companion.scan: QR payloads from PDFs and photos."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageFilter

import companion.scan as scan
from companion.errors import CompanionError, PayloadError, ScanError
from companion.paper.document import SheetDocument
from companion.paper.identity import draw_identity
from companion.paper.qr import draw_qr
from companion.paper.units import mm
from companion.scan import ScanResult, scan_file, scan_payloads

PAYLOAD = "companion:1/sd/K7Q2-9XMA/size=7"
OTHER = "companion:1/du/K7Q2-9XMA/floor=3"



def sheet(qr_payloads: list[str], meta_payloads: list[str]) -> bytes:
    """A PDF with one page per QR payload, and ``meta_payloads`` in its metadata."""
    doc = SheetDocument("scan test", "a4", payloads=meta_payloads)
    for i, p in enumerate(qr_payloads):
        if i:
            doc.new_page()
        draw_identity(doc.canvas, mm(15), mm(15), p, ["Test", "K7Q2-9XMA", "a test sheet"])
        doc.canvas.drawString(mm(20), mm(250), "some other text on the sheet")
    return doc.finish()


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def rendered(data: bytes, dpi: int = 150) -> Image.Image:
    return pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil()


@pytest.fixture
def no_decoding(monkeypatch):
    """Make rendering + decoding fail loudly: proves the metadata path was used."""

    def boom(*args: object, **kwargs: object) -> list[str]:
        raise AssertionError("decoded an image although the metadata held the payload")

    monkeypatch.setattr(scan, "decode_image", boom)


# --- PDF ----------------------------------------------------------------------------------


def test_pdf_via_metadata(tmp_path, no_decoding):
    p = write(tmp_path, "sheet.pdf", sheet([PAYLOAD, OTHER], [PAYLOAD, OTHER]))
    assert scan_file(p) == [PAYLOAD, OTHER]


def test_pdf_without_metadata_is_rendered_and_decoded(tmp_path):
    data = sheet([PAYLOAD, OTHER, PAYLOAD], [])
    meta = pdfium.PdfDocument(data).get_metadata_dict()
    assert not meta.get("Subject") and not meta.get("Keywords")
    p = write(tmp_path, "stripped.pdf", data)
    assert scan_file(p) == [PAYLOAD, OTHER]  # in order, without duplicates


def test_file_type_comes_from_the_content_not_the_name(tmp_path):
    p = write(tmp_path, "photo.jpg", sheet([PAYLOAD], [PAYLOAD]))
    assert scan_file(p) == [PAYLOAD]
    img = rendered(sheet([PAYLOAD], []))
    q = tmp_path / "sheet.pdf"
    img.save(q, format="PNG")
    assert scan_file(q) == [PAYLOAD]


def test_corrupt_pdf(tmp_path):
    p = write(tmp_path, "bad.pdf", b"%PDF-1.4\n garbage garbage garbage\n")
    with pytest.raises(ScanError, match="not a readable PDF"):
        scan_file(p)


# --- images -------------------------------------------------------------------------------


def test_png_made_by_rendering(tmp_path):
    p = tmp_path / "sheet.png"
    rendered(sheet([PAYLOAD], [])).save(p)
    assert scan_file(p) == [PAYLOAD]


def test_blurred_jpeg_at_quality_40(tmp_path):
    img = rendered(sheet([PAYLOAD], []), dpi=100).convert("RGB")
    img = img.filter(ImageFilter.GaussianBlur(1.2)).rotate(4, expand=True, fillcolor="white")
    p = tmp_path / "photo.jpeg"
    img.save(p, format="JPEG", quality=40)
    assert scan_file(p) == [PAYLOAD]


def test_low_contrast_photo_is_retried(tmp_path):
    img = rendered(sheet([PAYLOAD], []), dpi=100).convert("L")
    img = img.point(lambda v: 110 + v * 40 // 255)  # grey on grey
    p = tmp_path / "dim.png"
    img.save(p)
    assert scan_file(p) == [PAYLOAD]


def test_transparent_png(tmp_path):
    img = rendered(sheet([PAYLOAD], [])).convert("L")
    rgba = Image.new("RGBA", img.size, (0, 0, 0, 0))
    rgba.putalpha(img.point(lambda v: 255 - v))  # black modules, transparent paper
    p = tmp_path / "alpha.png"
    rgba.save(p)
    assert scan_file(p) == [PAYLOAD]


def test_png_without_qr(tmp_path):
    p = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(p)
    with pytest.raises(ScanError, match=f"no companion QR code found in {p}"):
        scan_file(p)


def test_qr_of_other_text_says_what_it_held(tmp_path):
    doc = SheetDocument("hello", "a4")
    draw_qr(doc.canvas, mm(30), mm(30), "hello world")
    p = write(tmp_path, "hello.pdf", doc.finish())
    with pytest.raises(ScanError, match="holds 'hello world', not a companion payload"):
        scan_file(p)


def test_long_foreign_qr_text_is_shortened(tmp_path):
    doc = SheetDocument("url", "a4")
    draw_qr(doc.canvas, mm(30), mm(30), "https://example.com/" + "a" * 100)
    p = write(tmp_path, "url.pdf", doc.finish())
    with pytest.raises(ScanError) as info:
        scan_file(p)
    assert "https://example.com/" in str(info.value)
    assert len(str(info.value)) < 200


def test_corrupt_and_truncated_images(tmp_path):
    p = write(tmp_path, "bad.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 50)
    with pytest.raises(ScanError, match="not a readable PNG"):
        scan_file(p)
    good = tmp_path / "good.jpg"
    rendered(sheet([PAYLOAD], [])).convert("RGB").save(good, format="JPEG")
    cut = write(tmp_path, "cut.jpg", good.read_bytes()[:2000])
    with pytest.raises(ScanError, match="cut.jpg"):
        scan_file(cut)


# --- unreadable input ---------------------------------------------------------------------


def test_text_file_is_refused(tmp_path):
    p = write(tmp_path, "notes.png", b"just some notes, not an image\n")
    with pytest.raises(ScanError, match="is not a PDF, PNG or JPEG file"):
        scan_file(p)


def test_missing_empty_and_directory(tmp_path):
    with pytest.raises(ScanError, match="no such file"):
        scan_file(tmp_path / "nope.pdf")
    with pytest.raises(ScanError, match="is empty"):
        scan_file(write(tmp_path, "empty.pdf", b""))
    with pytest.raises(ScanError, match="is not a file"):
        scan_file(tmp_path)


def test_size_guards(tmp_path, monkeypatch):
    p = tmp_path / "big.png"
    Image.new("L", (3000, 2500), 255).save(p)
    monkeypatch.setattr(scan, "MAX_PIXELS", 5_000_000)
    with pytest.raises(ScanError, match="megapixels"):
        scan_file(p)
    monkeypatch.setattr(scan, "MAX_FILE_BYTES", 1000)
    with pytest.raises(ScanError, match="MB"):
        scan_file(p)


# --- payloads -----------------------------------------------------------------------------


def test_scan_payloads_decodes_each(tmp_path):
    p = write(tmp_path, "s.pdf", sheet([PAYLOAD, OTHER], [PAYLOAD, OTHER]))
    results = scan_payloads(p)
    assert results == [
        ScanResult(str(p), PAYLOAD, "sd", "K7Q2-9XMA", {"size": "7"}),
        ScanResult(str(p), OTHER, "du", "K7Q2-9XMA", {"floor": "3"}),
    ]


@pytest.mark.parametrize("meta", [True, False])
def test_a_payload_of_an_edition_this_build_does_not_know_is_refused(tmp_path, meta):
    bad = "companion:2/sd/K7Q2-9XMA"  # Shuffle and Doom has edition 1 only
    p = write(tmp_path, "v2.pdf", sheet([bad], [bad] if meta else []))
    assert scan_file(p) == [bad]
    with pytest.raises(PayloadError, match="shuffle-and-doom has no edition 2") as info:
        scan_payloads(p)
    assert str(p) in str(info.value)
    assert isinstance(info.value, CompanionError) and info.value.exit_code == 2


def test_a_payload_of_an_unknown_game_is_refused(tmp_path):
    bad = "companion:1/zz/K7Q2-9XMA"
    p = write(tmp_path, "zz.pdf", sheet([bad], [bad]))
    with pytest.raises(PayloadError, match="names game 'zz'"):
        scan_payloads(p)


@pytest.mark.parametrize("bad,needle", [
    ("companion:1/sd/K7Q2-9XMA/foo=1", "foo"),              # no sheet prints this key
    ("companion:1/sd/K7Q2-9XMA/size=99", "out of range"),   # a size no sheet has
    ("companion:1/sd/K7Q2-9XMA/kind=tiles", "tiles"),       # not a Shuffle and Doom sheet
    ("companion:1/ctd/K7Q2-9XMA/variant=wild", "wild"),
    ("companion:1/du/K7Q2-9XMA/floor=0", "out of range"),
])
def test_a_payload_no_sheet_prints_is_refused_not_misread(tmp_path, bad, needle):
    p = write(tmp_path, "odd.pdf", sheet([bad], [bad]))
    with pytest.raises(PayloadError, match=needle) as info:
        scan_payloads(p)
    assert info.value.exit_code == 2


def test_every_key_a_sheet_prints_is_read(tmp_path):
    good = ["companion:1/ds/K7Q2-9XMA/kind=tiles/level=1",
            "companion:1/ctd/K7Q2-9XMA/kind=stack/variant=reserve+no-jokers",
            "companion:1/du/K7Q2-9XMA/floors=10/kind=pack"]
    p = write(tmp_path, "ok.pdf", sheet(good, good))
    assert [r.payload for r in scan_payloads(p)] == good


def test_scan_errors_are_usage_errors():
    assert issubclass(ScanError, CompanionError)
    assert ScanError("x").exit_code == 2
