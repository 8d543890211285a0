"""companion scan on crafted files: bounded work (pages, pixels, images, payloads, time,
memory), a PDF whose metadata and printed QR code disagree (exit 1), a pack's QR code.

The crafted PDFs are written as raw bytes here: a content stream or an image of a
gigabyte of zeros is a megabyte on disk (deflate). The blow-ups run the command line in
a subprocess with a memory limit (RLIMIT_AS) and a time limit, so a regression fails the
test instead of the machine.
"""

from __future__ import annotations

import json
import os
import resource
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

import companion.scan as scan
from companion.errors import PayloadError, ScanError
from companion.paper.document import SheetDocument
from companion.paper.identity import draw_identity
from companion.paper.units import mm
from companion.scan import (
    MAX_PAGE_PIXELS,
    MAX_PAYLOADS,
    MAX_PIXELS,
    MAX_SCAN_MB,
    MAX_SCAN_PAGES,
    InconsistentScanError,
    scan_file,
    scan_payloads,
    scan_report,
)

ROOT = Path(__file__).resolve().parent.parent
PAYLOAD = "companion:1/sd/K7Q2-9XMA/size=7"
OTHER = "companion:1/sd/ZZZZ-9XMA/size=7"
GIB = 1 << 30

posix_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="limits a forked child")


# --- crafted PDFs ----------------------------------------------------------------------


def deflated_run(n: int, unit: bytes = b"\0", block: int = 1 << 20) -> bytes:
    """zlib data that inflates to ``n`` bytes of ``unit`` repeated (``n`` a multiple of
    ``block``, ``block`` of ``len(unit)``), made in a fraction of a second: after a
    sync flush, each further block of the same bytes compresses to the same bytes."""
    assert n % block == 0 and block % len(unit) == 0
    data = unit * (block // len(unit))
    c = zlib.compressobj(9)
    first = c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)
    again = c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)
    assert again == c.compress(data) + c.flush(zlib.Z_SYNC_FLUSH)
    adler = 1
    for _ in range(n // block):
        adler = zlib.adler32(data, adler)
    # b"\x03\x00": an empty final block
    return first + again * (n // block - 1) + b"\x03\x00" + struct.pack(">I", adler)


def stream(extra: bytes, data: bytes) -> bytes:
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def raw_pdf(n_pages: int, width: float, height: float, content: bytes = b"",
            filtered: bool = False, resources: bytes = b"<< >>",
            extra: tuple[bytes, ...] = (), info: bytes | None = None) -> bytes:
    """A PDF of ``n_pages`` pages of ``width`` x ``height`` points sharing one content
    stream (object 3); ``extra`` objects are numbered from 4; ``info`` is the Info
    dictionary."""
    pages = 4 + len(extra)
    kids = b" ".join(b"%d 0 R" % (pages + i) for i in range(n_pages))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % n_pages,
               stream(b"/Filter /FlateDecode" if filtered else b"", content), *extra]
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s] /Contents 3 0 R "
            b"/Resources %s >>" % (str(width).encode(), str(height).encode(), resources))
    objects += [page] * n_pages
    if info is not None:
        objects.append(info)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    trailer = b"<< /Size %d /Root 1 0 R" % (len(objects) + 1)
    if info is not None:
        trailer += b" /Info %d 0 R" % len(objects)
    out += b"trailer\n" + trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def image_page(side: int) -> bytes:
    """One A4 page drawing a ``side`` x ``side`` grey image of white pixels."""
    image = stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace "
                   b"/DeviceGray /BitsPerComponent 8 /Filter /FlateDecode" % (side, side),
                   deflated_run(side * side, b"\xff", block=side * 25))
    return raw_pdf(1, 595, 842, b"q 595 0 0 842 0 0 cm /Im0 Do Q",
                   resources=b"<< /XObject << /Im0 4 0 R >> >>", extra=(image,))


def sheet(printed: list[str], meta: list[str]) -> bytes:
    """A companion-like PDF: one page per printed payload (QR code and identity),
    ``meta`` in its metadata."""
    doc = SheetDocument("scan limits", "a4", payloads=meta)
    for i, p in enumerate(printed):
        if i:
            doc.new_page()
        draw_identity(doc.canvas, mm(15), mm(15), p, ["Test", "K7Q2-9XMA", "a test sheet"])
    return doc.finish()


def pages(sizes: list[tuple[float, float]], qr: dict[int, tuple[float, float, float]]
          ) -> bytes:
    """A PDF without metadata, drawn with reportlab: one page per (width, height) in
    points; ``qr`` maps a page index to (x, y, width) of a QR code of PAYLOAD."""
    import io

    from reportlab.pdfgen import canvas

    from companion.paper.qr import draw_qr

    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, invariant=1)
    for i, size in enumerate(sizes):
        c.setPageSize(size)
        c.drawString(50, 50, f"page {i + 1}")
        if i in qr:
            x, y, width = qr[i]
            draw_qr(c, x, y, PAYLOAD, width=width)
        c.showPage()
    c.save()
    return buffer.getvalue()


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


# --- the command line in a box ---------------------------------------------------------


_RUN_CLI = ("import sys; from companion.cli import main; "
            "sys.argv = ['companion', 'scan', *sys.argv[1:]]; main()")


def scan_cli(*args: object, memory_mb: int = 1400, seconds: float = 40.0
             ) -> tuple[subprocess.CompletedProcess[str], float]:
    """``companion scan ARGS`` in a subprocess limited to ``memory_mb`` of address space
    and ``seconds``: a blow-up fails the test (TimeoutExpired, or no clear message)."""
    def limit() -> None:
        size = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", _RUN_CLI, *map(str, args)], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=seconds,
                       preexec_fn=limit)
    elapsed = time.perf_counter() - start
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    return r, elapsed


# --- blow-ups: bounded --------------------------------------------------------------------


@posix_only
def test_a_thousand_huge_blank_pages_are_bounded(tmp_path):
    """Was 243 s: 1,000 blank pages of 200 x 200 inches (the PDF maximum)."""
    p = write(tmp_path, "huge.pdf", raw_pdf(1000, 14400, 14400))
    r, elapsed = scan_cli(p)
    assert r.returncode == 2
    assert f"no companion QR code found in {p}" in r.stderr
    assert f"only the first {MAX_SCAN_PAGES} are looked at" in r.stderr
    assert "megapixels in all" in r.stderr  # the file's pixel budget stopped it
    assert elapsed < 15, f"took {elapsed:.1f} s"


@posix_only
@pytest.mark.parametrize("unit", [b"0 ", b"\0"])
def test_a_content_stream_inflating_to_a_gigabyte_is_stopped(tmp_path, unit):
    """Was 31-52 s and 2-3 GB: one page whose content stream inflates to 1 GiB (numbers,
    or NUL bytes), 2 MB on disk."""
    p = write(tmp_path, "bomb.pdf", raw_pdf(1, 595, 842, deflated_run(GIB, unit),
                                            filtered=True))
    assert p.stat().st_size < 3_000_000
    r, elapsed = scan_cli(p)
    assert r.returncode == 2
    assert f"page 1 of the file was not read: it needs more than {MAX_SCAN_MB} MB" in r.stderr
    assert elapsed < 15, f"took {elapsed:.1f} s"


@posix_only
def test_a_forty_thousand_pixel_square_image_is_not_rendered(tmp_path):
    """Was 14 s and 1.7 GB: a 40000 x 40000 image on an A4 page. Its size is read from
    the image's dictionary; the image is never decoded."""
    p = write(tmp_path, "image.pdf", image_page(40_000))
    r, elapsed = scan_cli(p, memory_mb=700)
    assert r.returncode == 2
    assert "holds a 40000 x 40000 pixel image" in r.stderr
    assert f"over the {MAX_PIXELS // 1_000_000} megapixels" in r.stderr
    assert elapsed < 10, f"took {elapsed:.1f} s"


@posix_only
def test_a_png_bomb_is_refused_before_it_is_decoded(tmp_path):
    """A real PNG of 20000 x 20000 grey pixels (400 MB decoded, 400 KB on disk)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    side = 20_000
    rows = deflated_run(side * (side + 1), b"\0" * (side + 1), block=(side + 1) * 50)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0,
                                                            0, 0, 0))
           + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    p = write(tmp_path, "bomb.png", png)
    r, elapsed = scan_cli(p, memory_mb=500)
    assert r.returncode == 2 and "20000 x 20000 pixels (400 megapixels)" in r.stderr
    assert elapsed < 10


def test_five_thousand_payloads_in_the_keywords_give_the_first_64(tmp_path):
    """Was 4,663 files written by --regenerate."""
    many = " ".join(f"companion:1/sd/S{i:05d}/size=7" for i in range(5000))
    info = b"<< /Keywords (" + many.encode() + b") >>"
    p = write(tmp_path, "many.pdf", raw_pdf(1, 595, 842, info=info))
    warnings: list[str] = []
    found = scan_file(p, warnings)
    assert len(found) == MAX_PAYLOADS == 64
    assert found[:2] == ["companion:1/sd/S00000/size=7", "companion:1/sd/S00001/size=7"]
    assert f"{p} holds 5000 payloads: only the first 64 are read" in warnings
    r = scan_report(p)
    assert len(r.results) == 64 and any("5000 payloads" in w for w in r.warnings)


def test_metadata_over_a_megabyte_is_not_read(tmp_path):
    huge = b"<< /Keywords (" + b"companion:1/sd/AAAA/size=7 " * 50_000 + b") >>"
    p = write(tmp_path, "meta.pdf", raw_pdf(1, 595, 842, info=huge))
    with pytest.raises(ScanError, match="no companion QR code found") as info:
        scan_file(p)
    assert "the Keywords entry of" in str(info.value) and "not read" in str(info.value)


def test_only_the_first_pages_are_looked_at(tmp_path):
    """A PDF without metadata, its only QR code on page 60: not looked for there."""
    p = write(tmp_path, "late.pdf", pages([(595, 842)] * 60, {59: (100, 100, 120)}))
    with pytest.raises(ScanError) as info:
        scan_file(p)
    assert f"has 60 pages: only the first {MAX_SCAN_PAGES} are looked at" in str(info.value)


def test_a_huge_page_is_rendered_within_the_pixel_budget(tmp_path, monkeypatch):
    """A page of 60 x 60 inches whose QR code is printed 40 inches wide: read at a
    lower resolution (16 megapixels, 67 dpi), and said so."""
    p = write(tmp_path, "poster.pdf", pages([(4320, 4320)], {0: (720, 720, 2880)}))
    sizes: list[tuple[int, int]] = []
    real = scan._decode_plain

    def seen(image: object) -> list[str]:
        sizes.append(image.size)  # type: ignore[attr-defined]
        return real(image)

    monkeypatch.setattr(scan, "_decode_plain", seen)
    monkeypatch.setenv("COMPANION_SCAN_IN_PROCESS", "1")  # to see the sizes
    warnings: list[str] = []
    assert scan_file(p, warnings) == [PAYLOAD]
    assert sizes and all(w * h <= MAX_PAGE_PIXELS for w, h in sizes)
    assert any("rendered at 67 dpi only" in w and "1524 x 1524 mm" in w for w in warnings)


def test_the_deadline_keeps_what_was_found(tmp_path, monkeypatch):
    """Pages that take long: scanning stops at the deadline and keeps page 1's code."""
    # 49 pages of 16 megapixels at 150 dpi after the first
    p = write(tmp_path, "slow.pdf", pages([(595, 842)] + [(1900, 1900)] * 49,
                                          {0: (100, 100, 120)}))
    monkeypatch.setattr(scan, "MAX_SCAN_SECONDS", 0.8)
    monkeypatch.setattr(scan, "MAX_RENDER_PIXELS", 10**12)
    for mode in ("0", "1"):  # a forked child, then in this process (no fork)
        monkeypatch.setenv("COMPANION_SCAN_IN_PROCESS", mode)
        warnings: list[str] = []
        start = time.perf_counter()
        assert scan_file(p, warnings) == [PAYLOAD]
        assert time.perf_counter() - start < 5
        assert any("scanning a file stops after 0.8 s" in w and "of 50" not in w
                   for w in warnings), warnings


@posix_only
def test_a_page_that_renders_for_long_is_stopped_in_the_middle(tmp_path, monkeypatch):
    """One page drawing two million rectangles: the child is stopped mid-page."""
    content = deflated_run(13 * 8 * 4096 * 80, b"1 1 1 1 re f\n" * 8,
                           block=13 * 8 * 4096)
    p = write(tmp_path, "slow.pdf", raw_pdf(1, 595, 842, content, filtered=True))
    monkeypatch.setattr(scan, "MAX_SCAN_SECONDS", 0.5)
    start = time.perf_counter()
    with pytest.raises(ScanError, match="scanning a file stops after 0.5 s"):
        scan_file(p)
    assert time.perf_counter() - start < 3


# --- metadata and printed QR code ---------------------------------------------------------


def test_metadata_that_disagrees_with_the_printed_code_is_inconsistent(tmp_path):
    p = write(tmp_path, "altered.pdf", sheet([PAYLOAD], [OTHER]))
    with pytest.raises(InconsistentScanError) as info:
        scan_file(p)
    assert info.value.exit_code == 1
    message = str(info.value)
    assert f"{p} is inconsistent" in message and PAYLOAD in message and OTHER in message
    r, _ = scan_cli(p)
    assert r.returncode == 1 and "inconsistent" in r.stderr and not r.stdout


def test_metadata_naming_the_printed_code_among_others_is_read(tmp_path):
    p = write(tmp_path, "two.pdf", sheet([PAYLOAD, OTHER], [PAYLOAD, OTHER]))
    warnings: list[str] = []
    assert scan_file(p, warnings) == [PAYLOAD, OTHER] and warnings == []
    lower = write(tmp_path, "lower.pdf", sheet([PAYLOAD], [PAYLOAD.replace("K7Q2", "k7q2")]))
    assert scan_file(lower) == [PAYLOAD.replace("K7Q2", "k7q2")]  # the same seed


def test_metadata_without_a_printed_code_is_said(tmp_path):
    p = write(tmp_path, "bare.pdf", raw_pdf(1, 595, 842, info=b"<< /Subject (" +
                                            PAYLOAD.encode() + b") >>"))
    warnings: list[str] = []
    assert scan_file(p, warnings) == [PAYLOAD]
    assert warnings == [f"page 1 of {p} shows no companion QR code: its payloads are "
                        "read from the PDF's metadata only"]


def test_a_first_page_that_cannot_be_rendered_is_said(tmp_path):
    info = b"<< /Subject (" + PAYLOAD.encode() + b") >>"
    data = raw_pdf(1, 595, 842, b"q 595 0 0 842 0 0 cm /Im0 Do Q",
                   resources=b"<< /XObject << /Im0 4 0 R >> >>",
                   extra=(stream(b"/Type /XObject /Subtype /Image /Width 40000 /Height "
                                 b"40000 /ColorSpace /DeviceGray /BitsPerComponent 8 "
                                 b"/Filter /FlateDecode",
                                 deflated_run(40_000 ** 2, b"\xff", block=1_000_000)),),
                   info=info)
    p = write(tmp_path, "guarded.pdf", data)
    warnings: list[str] = []
    start = time.perf_counter()
    assert scan_file(p, warnings) == [PAYLOAD]
    assert time.perf_counter() - start < 5
    assert any("40000 x 40000 pixel image" in w for w in warnings)
    assert any("were not checked against the QR code its first page prints" in w
               for w in warnings)


# --- a pack's QR code ---------------------------------------------------------------------


def test_a_pack_is_not_rebuilt_and_the_user_is_told_how_at_once(tmp_path):
    pack = "companion:2/du/K7Q2-9XMA/floors=3/kind=pack"
    p = write(tmp_path, "pack.pdf", sheet([pack], [pack]))
    with pytest.raises(PayloadError) as info:
        scan_payloads(p, regenerate=True)
    message = str(info.value)
    assert info.value.exit_code == 2
    assert "a pack is not rebuilt from a scan" in message
    assert "'companion pack dungeon-upkeeper --seed K7Q2-9XMA --floors 3'" in message
    assert ("'companion sheets dungeon-upkeeper --seed K7Q2-9XMA --floors 3 --kind KIND' "
            "(kinds: map, log)") in message
    report = scan_report(p)  # only reading it: the game, seed and a note
    assert [r.payload for r in report.results] == [pack]
    assert any("companion pack dungeon-upkeeper" in w for w in report.warnings)


def test_pack_advice_names_variants_and_an_older_edition():
    from companion.scan import ScanResult, pack_advice

    r = ScanResult("f.pdf", "x", "ctd", "AB", {"variant": "reserve+no-jokers",
                                                "kind": "pack"}, edition=1)
    text = pack_advice(r)
    assert text is not None
    assert "'companion pack clear-the-dungeon --seed AB --variant reserve --variant " \
           "no-jokers'" in text
    assert pack_advice(ScanResult("f.pdf", "x", "sd", "AB", {"size": "7"})) is None


def test_json_output_is_bounded_too(tmp_path):
    many = " ".join(f"companion:1/sd/S{i:05d}/size=7" for i in range(500))
    p = write(tmp_path, "many.pdf", raw_pdf(1, 595, 842,
                                            info=b"<< /Keywords (" + many.encode() + b") >>"))
    r, _ = scan_cli(p, "--json")
    assert r.returncode == 0 and len(json.loads(r.stdout)) == MAX_PAYLOADS
