"""Session packs print in as few passes as possible (docs/printing.md, Design): print
jobs by numbers (one-sided parts, then two-sided ones by flip, one orientation per
two-sided job), the cover's page ranges against the parts' pages, the print-dialog
presets, ``--without`` (exactly that part goes), the cover's type."""

from __future__ import annotations

import re

import pypdfium2
import pypdfium2.raw as raw
import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import ParameterError
from companion.games import get_game
from companion.pack import (
    FLIPS,
    PackPiece,
    check_without,
    pack_part_names,
    plan_pack,
    render_pack,
)
from companion.paper.pdfjoin import page_sizes

SEED = "PACK-1"
DUPLEX = {1: "Simplex", 2: "DuplexFlipShortEdge", 3: "DuplexFlipLongEdge"}


def _piece(kind: str, pages: int, duplex: str = "", landscape: bool = False) -> PackPiece:
    return PackPiece(kind.title(), kind, duplex, pages, landscape)


def test_plan_groups_one_sided_then_long_then_short_edge():
    plan = plan_pack([_piece("calibrate", 2, "long edge"), _piece("tiles", 18, "long edge"),
                      _piece("mat", 1, landscape=True), _piece("log", 2),
                      _piece("booklet", 6, "short edge", True)])
    assert [(j.first, j.last, j.duplex) for j in plan.jobs] == [
        (1, 4, ""), (5, 24, "long edge"), (25, 30, "short edge")]
    assert [e.kind for e in plan.jobs[0].entries] == ["mat", "log"]
    assert [e.kind for e in plan.jobs[1].entries] == ["calibrate", "tiles"]
    assert plan.jobs[0].landscape is None  # mixed: the viewer turns each page
    assert plan.jobs[1].landscape is False and plan.jobs[2].landscape is True
    assert plan.blanks == () and plan.total == 30


def test_plan_starts_each_part_of_a_two_sided_job_on_a_front():
    plan = plan_pack([_piece("deck", 3, "long edge"), _piece("cards", 4, "long edge"),
                      _piece("log", 1)])
    assert [(e.kind, e.first, e.last) for e in plan.entries] == [
        ("log", 2, 2), ("deck", 3, 5), ("cards", 7, 10)]
    assert plan.blanks == (6,)
    # within the job, every part starts on an odd page of the job
    job = plan.jobs[1]
    assert all((e.first - job.first) % 2 == 0 for e in job.entries)


def test_plan_splits_a_two_sided_flip_by_orientation():
    plan = plan_pack([_piece("tiles", 2, "long edge"),
                      _piece("wide", 2, "long edge", landscape=True)])
    assert [(j.duplex, j.landscape) for j in plan.jobs[1:]] == [
        ("long edge", False), ("long edge", True)]


def _cover_ranges(doc: pypdfium2.PdfDocument) -> tuple[list[tuple[int, int, str]],
                                                       list[tuple[int, int]]]:
    """(first, last, setting) of each job and (first, last) of each part, as the cover
    prints them."""
    text = doc[0].get_textpage().get_text_range()
    jobs = [(int(a), int(b or a), how.strip()) for a, b, how in re.findall(
        r"^\d+\.\s+Pages (\d+)(?:-(\d+))?\s+(one-sided|two-sided, flip on the \w+ edge)",
        text, re.M)]
    parts = [(int(a), int(b or a)) for a, b in re.findall(
        r"pages? (\d+)(?:-(\d+))?\s*$", text, re.M)]
    return jobs, parts


@pytest.mark.parametrize("game_name,paper", [("dungeon-solitaire", "a4"),
                                             ("clear-the-dungeon", "letter"),
                                             ("scoundrel", "a4")])
def test_cover_ranges_match_the_parts_and_the_presets_the_first_job(game_name, paper):
    game = get_game(game_name)
    data = render_pack(game_name, SEED, {}, paper)
    doc = pypdfium2.PdfDocument(data)
    jobs, parts = _cover_ranges(doc)
    # the jobs tile the file, each with one setting, one-sided first
    assert jobs[0][0] == 1 and jobs[-1][1] == len(doc)
    assert all(b[0] == a[1] + 1 for a, b in zip(jobs, jobs[1:], strict=False))
    assert jobs[0][2] == "one-sided"
    assert len({j[2] for j in jobs}) == len(jobs)  # one job per setting here
    # each part's range has the part's own page count, read from its own render
    counts = [len(page_sizes(game.render(p.kind, SEED, game.check_params({}), paper, {})))
              for p in game.pack_parts]
    from companion.booklets import render_booklet

    counts.append(len(page_sizes(render_booklet(game_name, paper, imposition="saddle"))))
    assert sorted(b - a + 1 for a, b in parts[1:]) == sorted(counts)
    assert parts[0] == (1, 1)
    # a two-sided job has one orientation; its parts start on a front
    for first, last, how in jobs:
        if how != "one-sided":
            shapes = {doc[i].get_size()[0] > doc[i].get_size()[1]
                      for i in range(first - 1, last)}
            assert len(shapes) == 1, (first, last)
            assert all((a - first) % 2 == 0 for a, b in parts if first <= a <= last)
    # the print dialog is preset for the first job
    duplex = DUPLEX[raw.FPDF_VIEWERREF_GetDuplex(doc.raw)]
    assert duplex == FLIPS[""]
    ranges = raw.FPDF_VIEWERREF_GetPrintPageRange(doc.raw)
    n = raw.FPDF_VIEWERREF_GetPrintPageRangeCount(ranges)
    preset = [raw.FPDF_VIEWERREF_GetPrintPageRangeElement(ranges, i) for i in range(n)]
    assert preset == [jobs[0][0] - 1, jobs[0][1] - 1]


def test_a_one_job_pack_presets_its_flip_and_no_range():
    data = render_pack("clear-the-dungeon", SEED, {}, "a4",
                       without=["mat", "stack", "log", "booklet"])
    doc = pypdfium2.PdfDocument(data)
    jobs, _ = _cover_ranges(doc)
    assert [j[2] for j in jobs] == ["one-sided", "two-sided, flip on the long edge"]
    data = render_pack("scoundrel", SEED, {}, "a4", without=["booklet"])
    doc = pypdfium2.PdfDocument(data)
    assert DUPLEX[raw.FPDF_VIEWERREF_GetDuplex(doc.raw)] == "Simplex"
    ranges = raw.FPDF_VIEWERREF_GetPrintPageRange(doc.raw)
    assert not ranges or raw.FPDF_VIEWERREF_GetPrintPageRangeCount(ranges) == 0


@pytest.mark.parametrize("part", ["deck", "booklet", "stack"])
def test_without_removes_exactly_that_part(part):
    game = get_game("clear-the-dungeon")
    full = pypdfium2.PdfDocument(render_pack(game.name, SEED, {}, "a4"))
    less = pypdfium2.PdfDocument(render_pack(game.name, SEED, {}, "a4", without=[part]))
    if part == "booklet":
        from companion.booklets import render_booklet

        pages = len(page_sizes(render_booklet(game.name, "a4", imposition="saddle")))
    else:
        pages = len(page_sizes(game.render(part, SEED, game.check_params({}), "a4", {})))
    assert len(full) - len(less) == pages
    cover = less[0].get_textpage().get_text_range()
    assert f"Left out, as asked: {part}." in cover
    # every other page is the same page, in the same order (text read back)
    def texts(doc: pypdfium2.PdfDocument) -> list[str]:
        return [doc[i].get_textpage().get_text_range() for i in range(1, len(doc))]
    rest = texts(full)
    for t in texts(less):
        assert t in rest


def test_without_checks_its_parts():
    game = get_game("clear-the-dungeon")
    assert pack_part_names(game) == ("mat", "stack", "log", "deck", "booklet")
    assert check_without(game, [" Deck ", "booklet"]) == {"deck", "booklet"}
    with pytest.raises(ParameterError, match="mat, stack, log, deck, booklet"):
        check_without(game, ["tiles"])
    with pytest.raises(ParameterError, match="nothing to print"):
        check_without(game, pack_part_names(game))


def test_cli_without(tmp_path):
    runner = CliRunner()
    out = tmp_path / "p.pdf"
    r = runner.invoke(app, ["pack", "clear-the-dungeon", "--seed", SEED, "--without", "deck",
                            "--without", "booklet", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == render_pack("clear-the-dungeon", SEED, {}, "a4",
                                           without=["deck", "booklet"])
    r = runner.invoke(app, ["pack", "clear-the-dungeon", "--seed", SEED, "--without",
                            "dice", "--out", str(out)])
    assert r.exit_code == 2
    assert "mat, stack, log, deck, booklet" in r.stderr
    assert "Traceback" not in r.output


def test_cover_type_is_read_at_the_table_size():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_design_rules import broken_rules

    from companion.paper.audit import audit_pdf

    for without in ((), ("booklet",), ("mat", "stack", "log", "booklet")):
        data = render_pack("clear-the-dungeon", "K7Q2-9XMA-LONG-SEED-1234567890AB", {},
                           "letter", without=without)
        cover = pypdfium2.PdfDocument.new()
        cover.import_pages(pypdfium2.PdfDocument(data), [0])
        import io

        buf = io.BytesIO()
        cover.save(buf)
        broken = broken_rules(audit_pdf(buf.getvalue(), empty=False))
        assert not broken, (without, broken)
