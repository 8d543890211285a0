"""SheetDocument (reproducible PDF, boxes, metadata) and write_atomic."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

import companion
from companion.errors import LayoutError
from companion.fsutil import write_atomic
from companion.paper.document import SheetDocument
from companion.paper.units import Rect, mm, paper_size

PAYLOADS = ["companion:1/sd/K7Q2-9XMA/size=7", "companion:1/du/K7Q2-9XMA/floor=3"]
REPO = Path(companion.__file__).resolve().parent.parent

BUILD_SCRIPT = """
from companion.cards import parse_card
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.icons import ICON_NAMES, draw_icon
from companion.paper.identity import draw_identity
from companion.paper.layout import grid_slots, load_layout, mirror_slot
from companion.paper.marks import draw_crop_marks
from companion.paper.units import mm


def build(paper="a4"):
    payloads = ["companion:1/sd/K7Q2-9XMA/size=7", "companion:1/du/K7Q2-9XMA/floor=3"]
    doc = SheetDocument("Test sheet", paper, payloads=payloads[:1])
    c = doc.canvas
    draw_identity(c, mm(12), mm(12), payloads[0],
                  ["Shuffle and Doom", "K7Q2-9XMA", "size 7",
                   "scan or type this seed: companion map shuffle-and-doom --seed K7Q2-9XMA"])
    for i, name in enumerate(ICON_NAMES):
        draw_icon(c, name, mm(20 + 12 * (i % 12)), mm(200 - 14 * (i // 12)), mm(10))
    draw_card_glyph(c, parse_card("10H"), mm(100), mm(100), mm(6), mm(8.4), highlight=True)
    layout = load_layout("poker")
    slots = grid_slots(layout, paper)
    doc.new_page()
    for r in slots:
        doc.canvas.rect(r.x, r.y, r.w, r.h)
    draw_crop_marks(doc.canvas, slots, page_size=doc.page_size)
    doc.new_page()
    for r in slots:
        b = mirror_slot(r, doc.page_size[0], (1.0, -0.5))
        doc.canvas.rect(b.x, b.y, b.w, b.h)
    doc.new_page(landscape=True)
    doc.add_payload(payloads[1])
    doc.canvas.drawString(mm(20), mm(20), "landscape page")
    return doc.finish()
"""


def build_in_process() -> bytes:
    namespace: dict = {}
    exec(BUILD_SCRIPT, namespace)  # the very same code as the subprocess runs
    return namespace["build"]()



def test_same_content_gives_identical_bytes():
    a = build_in_process()
    b = build_in_process()
    assert a == b
    assert a.startswith(b"%PDF-")


def test_a_build_in_another_process_gives_the_same_bytes():
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONHASHSEED"] = "12345"
    script = BUILD_SCRIPT + "\nimport sys\nsys.stdout.buffer.write(build())\n"
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, check=True, timeout=60
    ).stdout
    assert out == build_in_process()


def test_every_page_has_a_trimbox_and_the_sizes_are_right():
    data = build_in_process()
    pdf = pdfium.PdfDocument(data)
    assert len(pdf) == 4
    assert len(re.findall(rb"/TrimBox", data)) == 4
    a4 = paper_size("a4")
    for i in range(3):
        assert pdf[i].get_size() == pytest.approx(a4, abs=0.01)
        assert pdf[i].get_trimbox() == pytest.approx((0, 0, *a4), abs=0.01)
    assert pdf[3].get_size() == pytest.approx(paper_size("a4", True), abs=0.01)


def test_trim_and_bleed_boxes_are_set_per_page():
    doc = SheetDocument("boxes", "letter")
    trim = Rect(mm(20), mm(20), mm(63), mm(88))
    doc.set_trim(trim)
    doc.set_bleed(trim.inset(-mm(3)))
    doc.canvas.rect(trim.x, trim.y, trim.w, trim.h)
    doc.new_page()
    doc.canvas.drawString(100, 100, "second page: whole-page trim, no bleed")
    data = doc.finish()
    assert data.count(b"/TrimBox") == 2
    assert data.count(b"/BleedBox") == 1
    pdf = pdfium.PdfDocument(data)
    assert pdf[0].get_trimbox() == pytest.approx(trim.box(), abs=0.01)
    assert pdf[0].get_bleedbox() == pytest.approx(trim.inset(-mm(3)).box(), abs=0.01)
    assert pdf[1].get_trimbox() == pytest.approx((0, 0, 612, 792), abs=0.01)


def test_metadata_holds_the_payloads():
    data = build_in_process()
    meta = pdfium.PdfDocument(data).get_metadata_dict()
    assert meta["Subject"] == PAYLOADS[0]
    assert meta["Keywords"].split() == PAYLOADS
    assert meta["Title"] == "Test sheet"
    assert meta["Author"] == "companion" and meta["Creator"] == "companion"


def test_no_raster_images_in_sheets():
    assert b"/Subtype /Image" not in build_in_process()


def test_document_rules():
    with pytest.raises(LayoutError):
        SheetDocument("x", "a5")
    doc = SheetDocument("x", "a4", payloads=["companion:1/sd/A"])
    with pytest.raises(ValueError):
        doc.add_payload("two words")
    doc.add_payload("companion:1/sd/A")
    assert doc.payloads == ["companion:1/sd/A"]
    data = doc.finish()  # no page drawn: one blank page
    assert len(pdfium.PdfDocument(data)) == 1
    with pytest.raises(RuntimeError):
        doc.finish()
    with pytest.raises(RuntimeError):
        _ = doc.canvas


def test_page_count_and_sizes():
    doc = SheetDocument("x", "letter", landscape=True)
    assert doc.page_size == pytest.approx((792, 612))
    doc.canvas.drawString(10, 10, "1")
    doc.new_page(landscape=False)
    assert doc.page_size == pytest.approx((612, 792))
    assert doc.page_count == 2
    doc.new_page()
    assert doc.page_size == pytest.approx((792, 612))
    assert len(pdfium.PdfDocument(doc.finish())) == 3


# --- write_atomic -------------------------------------------------------------------------


def test_write_atomic_writes_and_creates_parents(tmp_path):
    target = tmp_path / "a" / "b" / "sheet.pdf"
    write_atomic(target, b"hello")
    assert target.read_bytes() == b"hello"
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert [p.name for p in target.parent.iterdir()] == ["sheet.pdf"]


def test_write_atomic_leaves_the_old_file_on_error(tmp_path, monkeypatch):
    import companion.fsutil as fsutil

    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old content")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fsutil.os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="no space left"):
        write_atomic(target, b"new content that never lands")
    assert target.read_bytes() == b"old content"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_write_atomic_cleans_up_when_the_rename_fails(tmp_path, monkeypatch):
    import companion.fsutil as fsutil

    target = tmp_path / "out.pdf"

    def broken_replace(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(fsutil.os, "replace", broken_replace)
    with pytest.raises(OSError, match="permission denied") as exc:
        write_atomic(target, b"data")
    assert isinstance(exc.value, fsutil.OutputError) and exc.value.exit_code == 2
    assert exc.value.errno == 13
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_refuses_text(tmp_path):
    with pytest.raises(TypeError):
        write_atomic(tmp_path / "x", "text")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
