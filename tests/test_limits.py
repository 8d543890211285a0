"""Limits and atomic output, through the command line: over-sized logs, over-long lines,
too many actions, absurd parameters, deep or huge inputs (logs, layout TOML, images,
PDFs) each get a clear refusal with the documented exit code (2: unreadable input or
a usage error; 1: an invalid log line) in well under a second or two, never a traceback.
Output files are written atomically, and inputs are never modified.
"""

from __future__ import annotations

import os
import struct
import time
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import companion.fsutil as fsutil
from companion.cli import app
from companion.errors import LogError
from companion.log import MAX_ACTIONS, MAX_LINE_CHARS, MAX_LOG_BYTES, parse_log
from companion.paper.layout import MAX_FILE_BYTES as MAX_LAYOUT_BYTES
from companion.scan import MAX_PDF_PAGES, MAX_PIXELS

EXAMPLE = Path(__file__).parent / "examples" / "shuffle-and-doom" / "playthrough-1-4x4.log"
runner = CliRunner()
HEAD = '[Game "shuffle-and-doom"]\n[Seed "LIMITS"]\n'


def invoke(*args: object, seconds: float = 10.0):
    """Run the CLI; check there is no traceback, that it is quick and not verbose."""
    start = time.perf_counter()
    r = runner.invoke(app, [str(a) for a in args])
    elapsed = time.perf_counter() - start
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    assert elapsed < seconds, f"took {elapsed:.1f} s"
    assert len(r.output) < 5_000, "an absurd input is echoed back whole"
    return r



# --- logs ----------------------------------------------------------------------------------


def test_a_log_over_the_size_limit_is_refused(tmp_path):
    p = tmp_path / "big.log"
    p.write_bytes(HEAD.encode() + b"#" * MAX_LOG_BYTES)
    r = invoke("validate", p)
    assert r.exit_code == 2
    assert f"logs over {MAX_LOG_BYTES:,} bytes are refused" in r.stderr


@pytest.mark.parametrize("body", ["x" * 1_000_000, "," * 1_000_000,
                                  "hit " + "K♠ " * 300_000])
def test_a_megabyte_line_is_refused_at_its_line(tmp_path, body):
    p = tmp_path / "line.log"
    p.write_text(HEAD + "choose row\n" + body + "\n", "utf-8")
    r = invoke("validate", p)
    assert r.exit_code == 1
    assert f"{p}:4:1: line is" in r.stderr and f"at most {MAX_LINE_CHARS:,}" in r.stderr


def test_a_line_just_over_the_limit_is_refused_and_one_at_it_is_read(tmp_path):
    p = tmp_path / "edge.log"
    p.write_text(HEAD + "choose row  " + "#" * (MAX_LINE_CHARS - 12) + "\n", "utf-8")
    assert invoke("validate", p).exit_code == 0
    p.write_text(HEAD + "choose row  " + "#" * (MAX_LINE_CHARS - 11) + "\n", "utf-8")
    assert invoke("validate", p).exit_code == 1


def test_too_many_actions_are_refused(tmp_path):
    p = tmp_path / "many.log"
    p.write_text(HEAD + "loot\n" * (MAX_ACTIONS + 1), "utf-8")
    with pytest.raises(LogError, match=f"more than {MAX_ACTIONS:,} actions") as caught:
        parse_log(p.read_text("utf-8"))
    assert caught.value.line == MAX_ACTIONS + 3
    # the validator reads no further than the first offending line (here the first)
    r = invoke("validate", p)
    assert r.exit_code == 1
    assert f"{p}:3:1: choose the row or column stack first" in r.stderr


def test_a_million_commas_over_many_lines_is_read_quickly(tmp_path):
    p = tmp_path / "commas.log"
    p.write_text(HEAD + ("," * 999 + "\n") * 1000, "utf-8")  # a million commas
    r = invoke("validate", "--json", p, seconds=5)
    assert r.exit_code == 0 and '"outcome": "unfinished"' in r.stdout


@pytest.mark.parametrize("tag,needle", [
    ('[Size "1000000000"]', "out of range: 4 to 26"),
    ('[Size "-1"]', "out of range"),
    ('[Size "' + "9" * 1900 + '"]', "out of range"),
    ('[Seed "' + "A" * 1900 + '"]', "at most 32"),
    ('[Claim "' + "9" * 1900 + '"]', "whole number"),
    ('[Variant "' + "x," * 900 + '"]', "unknown variant"),
])
def test_absurd_tags_are_refused_at_the_tag(tmp_path, tag, needle):
    p = tmp_path / "tag.log"
    p.write_text('[Game "shuffle-and-doom"]\n' + tag + '\n[Row "Q♦ A♥ K♥ 10♥"]\n'
                 '[Column "2♥ Q♠ K♦ 7♠"]\nchoose row\n', "utf-8")
    r = invoke("validate", p)
    code = 2 if tag.startswith("[Seed") else 1  # a bad seed is exit 2 (docs/command-line.md)
    assert r.exit_code == code and f"{p}:2:" in r.stderr and needle in r.stderr
    assert len(r.stderr) < 400


# --- parameters ----------------------------------------------------------------------------


@pytest.mark.parametrize("args,needle", [
    (["map", "shuffle-and-doom", "--size", str(10**9)], "out of range: 4 to 26"),
    (["map", "shuffle-and-doom", "--size", "9" * 1_000_000], "out of range"),
    (["map", "shuffle-and-doom", "--size", "x" * 1_000_000], "whole number"),
    (["map", "dungeon-upkeeper", "--floors", "-1"], "floors -1 is out of range: 1 to 10"),
    (["map", "dungeon-upkeeper", "--floor", "0"], "out of range"),
    (["sheets", "dungeon-solitaire", "--kind", "tiles", "--level", str(10**9)], "out of range"),
    (["map", "shuffle-and-doom", "--seed", "A" * 10**6], "at most 32"),
    (["map", "shuffle-and-doom", "--seed", "," * 10**6], "at most 32"),
    (["map", "x" * 10**6], "unknown game"),
    (["sheets", "shuffle-and-doom", "--kind", "k" * 10**6], "no sheet kind"),
    (["map", "clear-the-dungeon", "--variant", "v" * 10**6], "no variant"),
    (["solve", "clear-the-dungeon", "--seed", "A", "--budget", "0"], "--budget"),
    (["solve", "dungeon-upkeeper", "--seed", "A", "--floors", str(10**9)], "out of range"),
    (["map", "shuffle-and-doom", "--paper", "p" * 10**6], "a4 or letter"),
    (["sheets", "clear-the-dungeon", "--kind", "deck", "--back-offset", "1," * 10**5],
     "millimetres"),
])
def test_absurd_parameters_are_refused_with_exit_2(args, needle):
    r = invoke(*args, "--json") if args[0] != "solve" else invoke(*args)
    assert r.exit_code == 2, r.output
    assert needle in r.output
    assert len(r.output) < 400


# --- layouts -------------------------------------------------------------------------------


@pytest.mark.parametrize("text,needle", [
    ('kind = "page"\n' + "# padding\n" * (MAX_LAYOUT_BYTES // 10), "too large"),
    ("kind = " + "[" * 30_000 + "]" * 30_000, "line 1 is"),
    ("kind = " + "[" * 900 + "]" * 900, "line 1 is"),
    ("kind = [\n" + "[\n" * 5000 + "]\n" * 5001, "nested too deeply"),
    ("a" + ".a" * 400 + " = 1\n", "unknown key"),
    ('kind = "page"\n' + "".join(f"k{i} = {i}\n" for i in range(9000)), "too large"),
])
def test_huge_or_deep_layout_files_are_refused(tmp_path, text, needle):
    layout = tmp_path / "evil.toml"
    layout.write_text(text, "utf-8")
    r = invoke("map", "shuffle-and-doom", "--seed", "L", "--layout", layout,
               "--out", tmp_path / "m.pdf", seconds=5)
    assert r.exit_code == 2 and needle in r.stderr and "evil.toml" in r.stderr
    assert not (tmp_path / "m.pdf").exists()


def test_a_layout_name_too_long_for_the_file_system(tmp_path):
    r = invoke("map", "shuffle-and-doom", "--seed", "L", "--layout", "x" * 100_000,
               "--out", tmp_path / "m.pdf")
    assert r.exit_code == 2 and "layout" in r.stderr


# --- scan ----------------------------------------------------------------------------------


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels (its data is a stub)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def test_an_image_over_the_pixel_limit_is_refused(tmp_path):
    p = tmp_path / "huge.png"
    p.write_bytes(_png_header_only(100_000, 100_000))
    r = invoke("scan", p)
    assert r.exit_code == 2 and "megapixels" in r.stderr
    assert f"{MAX_PIXELS // 1_000_000} megapixels" in r.stderr


def test_a_pdf_with_an_absurd_page_count_is_refused(tmp_path):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument.new()
    for _ in range(MAX_PDF_PAGES + 1):
        doc.new_page(100, 100)
    p = tmp_path / "pages.pdf"
    doc.save(str(p))
    r = invoke("scan", p)
    assert r.exit_code == 2 and f"has {MAX_PDF_PAGES + 1} pages" in r.stderr


# --- atomic output -------------------------------------------------------------------------


def _entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("failure", ["replace", "fsync", "write"])
def test_an_interrupted_write_leaves_no_partial_file_and_the_old_one_intact(
        tmp_path, monkeypatch, failure):
    out = tmp_path / "map.pdf"
    out.write_bytes(b"%PDF-1.4 the previous sheet\n")

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # Ctrl-C at the worst moment

    if failure == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, fh: object) -> None:
                self.fh = fh

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                self.fh.close()  # type: ignore[attr-defined]

            def write(self, data: bytes) -> None:
                self.fh.write(data[: len(data) // 2])  # type: ignore[attr-defined]
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(fsutil.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    else:
        monkeypatch.setattr(fsutil.os, failure, interrupt)
    r = runner.invoke(app, ["map", "shuffle-and-doom", "--seed", "ATOMIC", "--out", str(out)])
    assert r.exit_code != 0
    assert "Traceback" not in r.output
    if failure == "write":
        assert r.exit_code == 2 and "no space left" in r.stderr
    assert out.read_bytes() == b"%PDF-1.4 the previous sheet\n"
    assert _entries(tmp_path) == ["map.pdf"]  # no temporary file left behind


@pytest.mark.parametrize("target", ["missing-parent-is-file", "read-only"])
def test_unwritable_outputs_are_usage_errors(tmp_path, target):
    # (an existing folder gets the default file name inside it: tests/test_hostile.py)
    if target == "missing-parent-is-file":
        (tmp_path / "file").write_text("x")
        out = tmp_path / "file" / "m.pdf"
    else:
        if os.name != "posix" or os.geteuid() == 0:
            pytest.skip("permissions are not enforced for root")
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        out = ro / "m.pdf"
    before = _entries(tmp_path)
    r = invoke("map", "shuffle-and-doom", "--seed", "OUT", "--out", out)
    assert r.exit_code == 2 and "cannot" in r.stderr and str(out)[:40] in r.stderr
    assert _entries(tmp_path) == before


def test_solve_and_regenerate_write_atomically(tmp_path):
    log = tmp_path / "best.log"
    r = invoke("solve", "dungeon-upkeeper", "--seed", "ATOM", "--floors", "2", "--out", log)
    assert r.exit_code == 0 and log.read_text("utf-8").startswith('[Game "dungeon-upkeeper"]')
    pdf = tmp_path / "m.pdf"
    assert invoke("map", "shuffle-and-doom", "--seed", "ATOM", "--size", "4", "--out",
                  pdf).exit_code == 0
    folder = tmp_path / "rebuilt"
    folder.mkdir()
    r = invoke("scan", pdf, "--regenerate", "--out", folder)
    assert r.exit_code == 0 and len(_entries(folder)) == 1
    assert _entries(folder)[0].endswith(".pdf")
    assert _entries(tmp_path) == ["best.log", "m.pdf", "rebuilt"]


# --- inputs are never modified -------------------------------------------------------------


def _fingerprint(path: Path) -> tuple[bytes, int, int]:
    st = path.stat()
    return (path.read_bytes(), st.st_mtime_ns, st.st_size)


def test_validate_score_and_scan_never_modify_their_input(tmp_path):
    log = tmp_path / "game.log"
    log.write_bytes(EXAMPLE.read_bytes())
    bad = tmp_path / "bad.log"
    bad.write_bytes(EXAMPLE.read_bytes().replace("hit K♠".encode(), "hit Q♠".encode(), 1))
    pdf = tmp_path / "sheet.pdf"
    assert invoke("map", "shuffle-and-doom", "--seed", "INPUT", "--size", "4",
                  "--out", pdf).exit_code == 0
    import pypdfium2 as pdfium

    png = tmp_path / "photo.png"
    pdfium.PdfDocument(str(pdf))[0].render(scale=150 / 72).to_pil().save(png)
    layout = tmp_path / "layout.toml"
    layout.write_text('kind = "page"\nmargin = 12\n', "utf-8")
    inputs = [log, bad, pdf, png, layout]
    past = time.time() - 3600
    for p in inputs:
        os.utime(p, (past, past))
    before = {p: _fingerprint(p) for p in inputs}
    assert invoke("validate", log, bad).exit_code == 1
    assert invoke("score", "--json", log).exit_code == 0
    assert invoke("scan", pdf, png).exit_code == 0
    assert invoke("map", "shuffle-and-doom", "--seed", "INPUT", "--size", "4", "--layout",
                  layout, "--out", tmp_path / "other.pdf").exit_code == 0
    assert {p: _fingerprint(p) for p in inputs} == before


def test_full_width_and_superscript_digits_are_not_numbers():
    r = invoke("map", "shuffle-and-doom", "--size", "７", "--json")
    assert r.exit_code == 2 and "whole number" in r.output
    r = invoke("map", "shuffle-and-doom", "--size", "²", "--json")
    assert r.exit_code == 2 and "whole number" in r.output
    r = invoke("map", "shuffle-and-doom", "--size", "+9", "--json")
    assert r.exit_code == 0, r.output


# --- scan: bounded work on crafted files (issue 14; the crafted files are in ------------
# --- tests/test_scan_limits.py) -----------------------------------------------------------


def test_the_scan_limits():
    """A PDF over 1,000 pages is refused; of the others the first 50 pages are looked at,
    each rendered at 150 dpi or less so as to stay within 16 megapixels, and 150
    megapixels a file in all, sizes read before rendering; a page drawing an image over
    60 megapixels is not rendered, nor a photo over 60 megapixels decoded; 64 payloads
    a file are read, from metadata entries of at most 1 MB; one file is given 20 s and
    (on POSIX, in a child process) 768 MB of memory. What is skipped is said."""
    from companion import scan

    assert (scan.MAX_PDF_PAGES, scan.MAX_SCAN_PAGES, scan.MAX_PAGE_PIXELS,
            scan.MAX_RENDER_PIXELS, scan.MAX_PIXELS, scan.MAX_PAYLOADS,
            scan.MAX_META_BYTES, scan.MAX_SCAN_SECONDS, scan.MAX_SCAN_MB) == (
        1000, 50, 16_000_000, 150_000_000, 60_000_000, 64, 1 << 20, 20.0, 768)
