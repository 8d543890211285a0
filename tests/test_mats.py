"""The play mats at real card size (issue 25, docs/printing.md "Play mats"): the tiled
plan (one A3/Tabloid sheet or two A4/Letter sheets with a glue strip and alignment
crosses that meet), and every mat's spots by numbers: at least the card or tile they
hold, none overlapping another or a rules panel, all 8 mm inside the paper, each whole
on one sheet; the big papers refused for every other kind."""

from __future__ import annotations

import pypdfium2
import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import LayoutError
from companion.games import get_game
from companion.paper.audit import audit_pdf
from companion.paper.document import SheetDocument
from companion.paper.layout import load_layout
from companion.paper.tiled import MARK_MM, OVERLAP_MM, POKER_MM, plan_mat
from companion.paper.units import BIG_PAPERS, Rect, mm, paper_size

PAPERS = ("a4", "letter", "a3", "tabloid")
SEED = "K7Q2-9XMA"
TOL = 0.01


def _inside(r: Rect, page: Rect) -> bool:
    return (page.x - TOL <= r.x and r.x1 <= page.x1 + TOL and page.y - TOL <= r.y
            and r.y1 <= page.y1 + TOL)


def _apart(a: Rect, b: Rect) -> bool:
    return (a.x1 <= b.x + TOL or b.x1 <= a.x + TOL or a.y1 <= b.y + TOL
            or b.y1 <= a.y + TOL)


def _page(paper: str) -> Rect:
    w, h = paper_size(paper, landscape=paper in BIG_PAPERS)
    return Rect(0, 0, w, h)


# ------------------------------------------------------------------- the tiled plan
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_home_sheets_join_on_a_glue_strip_whose_crosses_meet(paper):
    plan = plan_mat(paper, mm(10), mm(40))
    assert plan.sheets == 2 and plan.glued
    first, second = plan.pages
    assert not first.landscape and not second.landscape
    assert plan.overlap == pytest.approx(mm(OVERLAP_MM))
    assert first.strip is not None and second.strip is not None
    assert first.strip.w == pytest.approx(mm(OVERLAP_MM)) == second.strip.w
    # the strip lies at the same mat coordinates on both sheets
    assert plan.to_mat(0, first.strip.x, first.strip.y) == pytest.approx(
        plan.to_mat(1, second.strip.x, second.strip.y))
    # three crosses on each sheet, at the same mat coordinates, on the strip's edge
    assert len(first.marks) == len(second.marks) == 3
    for a, b in zip(first.marks, second.marks, strict=True):
        assert plan.to_mat(0, *a) == pytest.approx(plan.to_mat(1, *b))
        assert a[0] == pytest.approx(first.strip.x)
    assert second.cut_x == pytest.approx(second.strip.x)
    # each part on its sheet, clear of the strip and of the crosses
    page = Rect(0, 0, *paper_size(paper))
    for sheet in plan.pages:
        (part,) = sheet.part_rects
        assert _inside(part, page.inset(mm(10)))
        assert _apart(part, sheet.strip.inset(-mm(MARK_MM) / 2))
        assert part.y >= sheet.footer.y1 - TOL
    # the mat: left part, the strip, the right part, side by side
    left = plan.to_mat(0, first.part_rects[0].x1, 0)[0]
    right = plan.to_mat(1, second.part_rects[0].x, 0)[0]
    strip = plan.to_mat(0, first.strip.x, 0)[0]
    assert left < strip and strip + mm(OVERLAP_MM) < right


@pytest.mark.parametrize("paper", BIG_PAPERS)
def test_a_big_sheet_holds_both_parts(paper):
    plan = plan_mat(paper, mm(10), mm(40))
    assert plan.sheets == 1
    (sheet,) = plan.pages
    assert sheet.landscape and sheet.parts == (0, 1) and not sheet.marks
    left, right = sheet.part_rects
    assert _apart(left, right) and _apart(left, sheet.footer) and _apart(right, sheet.footer)
    page = _page(paper).inset(mm(10))
    assert all(_inside(r, page) for r in (left, right, sheet.footer))


# ------------------------------------------------------------- the mats' spots
def _ctd(paper: str):
    from companion.games.clear_the_dungeon.sheets import draw_mat_page

    game = get_game("clear-the-dungeon")
    doc = SheetDocument("t", paper, True)
    geo = draw_mat_page(doc, load_layout("mat"), game, SEED, ("reserve",),
                        game.payload(SEED, {}), "par 5")
    last = doc.page_count - 1
    spots = [(0 if k < 2 else last, col) for k, col in enumerate(geo.columns)]
    cards = [*geo.monsters, *(s for trio in geo.attack_slots for s in trio)]
    rules = [(0, geo.rules[0]), *((last, r) for r in geo.rules[1:])]
    track = [(0, b) for b in geo.damage_boxes]
    return doc, spots + track, cards, rules, mm(POKER_MM[0]), mm(POKER_MM[1])


def _scoundrel(paper: str):
    from companion.games.scoundrel.sheets import draw_mat_page, sheet_payload

    game = get_game("scoundrel")
    doc = SheetDocument("t", paper, True)
    geo = draw_mat_page(doc, load_layout("mat"), game, SEED, (),
                        sheet_payload(game, SEED, {}, "mat", ()), {})
    last = doc.page_count - 1
    cards = [geo.dungeon, geo.discard, geo.weapon, geo.slain, *geo.room]
    spots = [(0, geo.dungeon), (0, geo.discard), (0, geo.weapon), (0, geo.slain),
             *((last, r) for r in geo.room), *((0, b) for b in geo.health)]
    rules = [(0, geo.rules[0]), *((last, r) for r in geo.rules[1:])]
    return doc, spots, cards, rules, mm(POKER_MM[0]), mm(POKER_MM[1])


def _ds(paper: str, size: int = 5):
    from companion.games.dungeon_solitaire.sheets import draw_mat_page
    from companion.games.dungeon_solitaire.sheets.mat import mat_tile_mm

    game = get_game("dungeon-solitaire")
    doc = SheetDocument("t", paper, True)
    geo = draw_mat_page(doc, load_layout("mat"), game, SEED, {"size": size},
                        game.payload(SEED, {"size": size}))
    last = doc.page_count - 1
    cells = list(geo.cells.values())
    spots = [*((0, c) for c in cells), (last, geo.deck), (last, geo.discard),
             *((last, b) for b in (*geo.health, *geo.levels))]
    tile = mm(mat_tile_mm(paper, size))
    return doc, spots, [geo.deck, geo.discard, *cells], [(last, geo.rules)], tile, tile


MATS = {"clear-the-dungeon": _ctd, "scoundrel": _scoundrel, "dungeon-solitaire": _ds}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(MATS))
def test_every_spot_holds_its_real_card_apart_from_the_rest_inside_8_mm(game, paper):
    doc, spots, cards, rules, w, h = MATS[game](paper)
    assert doc.page_count == (1 if paper in BIG_PAPERS else 2)
    for r in cards:
        assert r.w >= w - TOL and r.h >= h - TOL, (r.w / mm(1), r.h / mm(1))
    page = _page(paper).inset(mm(8))
    for _, r in spots + rules:
        assert _inside(r, page), r
    for i, (pa, a) in enumerate(spots):
        for pb, b in spots[i + 1:]:
            assert pa != pb or _apart(a, b), (a, b)
        for pr, r in rules:
            assert pa != pr or _apart(a, r), (a, r)


@pytest.mark.parametrize("size", [4, 7])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_dungeon_solitaire_board_is_at_tile_size_at_every_board_size(size, paper):
    doc, spots, cards, rules, w, h = _ds(paper, size)
    assert all(r.w >= w - TOL for r in cards)
    assert len(cards) == 2 + size * size


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(MATS))
def test_no_text_crosses_the_join_or_lies_off_its_page(game, paper):
    params = {"size": 5} if game == "dungeon-solitaire" else {}
    data = get_game(game).render("mat", SEED, params, paper, {})
    audit = audit_pdf(data, empty=False)
    assert not audit.outside(audit.sizes, margin=mm(5))
    pdf = pypdfium2.PdfDocument(data)
    if paper in BIG_PAPERS or game == "dungeon-solitaire":
        return
    plan = plan_mat(paper, mm(10), mm(40))
    for run in audit.runs:  # no text inside the glue strip but its "glue" words
        strip = plan.pages[run.page].strip
        x0, y0, x1, y1 = run.box
        if (x1 > strip.x + TOL and x0 < strip.x1 - TOL and y1 > strip.y + TOL
                and y0 < strip.y1 - TOL):
            assert run.text in ("glue", "sheet", "2 here"), run.text
    assert len(pdf) == 2


def test_a_user_layout_with_too_wide_a_margin_is_refused_in_one_sentence(tmp_path):
    f = tmp_path / "wide.toml"
    f.write_text('kind = "page"\nlandscape = true\nmargin = 40\n', encoding="utf-8")
    with pytest.raises(LayoutError, match="mat needs"):
        get_game("scoundrel").render("mat", SEED, {}, "a4", {"layout": str(f)})


# ------------------------------------------------------------------- the CLI
runner = CliRunner()


def test_only_the_mats_take_a3_and_tabloid(tmp_path):
    out = tmp_path / "m.pdf"
    r = runner.invoke(app, ["sheets", "scoundrel", "--kind", "mat", "--seed", SEED,
                            "--paper", "a3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert len(pypdfium2.PdfDocument(out)) == 1
    r = runner.invoke(app, ["sheets", "scoundrel", "--kind", "stack", "--seed", SEED,
                            "--paper", "tabloid", "--out", str(tmp_path / "s.pdf")])
    assert r.exit_code == 2
    assert "a4 or letter" in r.output and "play mats" in r.output
    r = runner.invoke(app, ["booklet", "scoundrel", "--paper", "a3"])
    assert r.exit_code == 2 and "a4 or letter" in r.output
