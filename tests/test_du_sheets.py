"""Dungeon Upkeeper sheets: every page's QR decodes to its own floor's payload, bytes
reproducible, the drawn squares are the engine's floor, squares of at least 8 mm on
both papers, par in small print unless --no-par, scan --regenerate rebuilds a floor."""

import json
import re

import pypdfium2
import pytest
from pdfcheck import DPI, page_text, qr_texts
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import ParameterError
from companion.games import get_game
from companion.games.dungeon_upkeeper.drawing import MIN_SQUARE
from companion.games.dungeon_upkeeper.floor import cell_name, solve
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.sheets import (
    COORD_BAND,
    MAP_MAX_SQUARE,
    draw_map_page,
    plan_map_page,
)
from companion.paper.document import SheetDocument
from companion.paper.layout import content_rect, load_layout
from companion.paper.units import mm

DU = get_game("dungeon-upkeeper")
SEED = "K7Q2-9XMA"
runner = CliRunner()



def images(data: bytes, dpi: int = DPI):
    pdf = pypdfium2.PdfDocument(data)
    return [pdf[i].render(scale=dpi / 72, grayscale=True).to_pil() for i in range(len(pdf))], pdf



def payload(k: int) -> str:
    return f"companion:{DU.edition}/du/{SEED}/floor={k}"


@pytest.mark.parametrize("paper,floors", [("a4", 10), ("letter", 3)])
def test_every_map_page_carries_its_floor(paper, floors):
    data = DU.render("map", SEED, {"floors": floors}, paper)
    imgs, pdf = images(data)
    assert len(pdf) == floors
    want = (mm(210), mm(297)) if paper == "a4" else (mm(215.9), mm(279.4))
    for i, img in enumerate(imgs):
        assert pdf[i].get_size() == pytest.approx(want, abs=0.01)
        assert qr_texts(img) == [payload(i + 1)]
        text = page_text(pdf, i)
        assert f"B{i + 1}" in text and SEED in text  # floor name big, seed in plain text
        assert DU.credits in text
    meta = pdf.get_metadata_dict()
    assert meta["Subject"] == payload(1)
    assert meta["Keywords"].split() == [payload(k) for k in range(1, floors + 1)]
    assert b"/Subtype /Image" not in data
    assert payload(1) == DU.payload(SEED, {}, floor=1)
    described = DU.describe("map", SEED, {"floors": floors})["floors"]
    assert [f["payload"] for f in described] == meta["Keywords"].split()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_log_sheet(paper):
    data = DU.render("log", SEED, {"floors": 10}, paper)
    imgs, pdf = images(data)
    assert len(imgs) == 2  # every floor has room for the longest path measured
    want = DU.payload(SEED, {}, kind="log")
    assert qr_texts(imgs[0]) == [want] == [DU.describe("log", SEED, {"floors": 10})["payload"]]
    assert qr_texts(imgs[1]) == [want]
    assert pdf.get_metadata_dict()["Subject"] == want
    text = page_text(pdf, 0) + page_text(pdf, 1)
    for needle in ("Game", "Seed", "Floors", "Player", "Date", "Claim", "B1", "B10",
                   "path NNEESW", "floor 3", "moves left", "score", "health"):
        assert needle in text, needle
    short = DU.render("log", SEED, {"floors": 4}, paper)
    imgs, pdf = images(short)
    assert qr_texts(imgs[0]) == [DU.payload(SEED, {"floors": 4}, kind="log")]
    assert "B4" in page_text(pdf, 0) and "B5" not in page_text(pdf, 0)


def test_same_seed_same_bytes():
    a = DU.render("map", "REPRO", {"floors": 10}, "a4")
    assert a == DU.render("map", "REPRO", {"floors": 10}, "a4")
    assert a != DU.render("map", "REPRO2", {"floors": 10}, "a4")
    assert DU.render("log", "REPRO", {"floors": 10}, "letter") == DU.render(
        "log", "REPRO", {"floors": 10}, "letter")
    one = DU.render("map", "REPRO", {"floors": 10}, "a4", {"floor": 4})
    assert one == DU.render("map", "REPRO", {"floors": 10}, "a4", {"floor": "4"})


@pytest.mark.parametrize("ink", ["light", "dark"])
@pytest.mark.parametrize("seed,k,paper", [(SEED, 1, "a4"), (SEED, 10, "letter"),
                                          ("DRAWN", 5, "letter"), ("DRAWN", 10, "a4"),
                                          ("OTHER-1", 7, "a4")])
def test_drawn_map_is_the_engine_floor(seed, k, paper, ink):
    floor = generate_floor(seed, k)
    layout = load_layout("map")
    doc = SheetDocument("t", paper)
    geo = draw_map_page(doc, layout, DU, seed, floor, 10, ink=ink)
    imgs, pdf = images(doc.finish())
    img = imgs[0]
    page_h = pdf[0].get_size()[1]
    scale = DPI / 72
    assert (geo.cols, geo.rows) == (floor.width, floor.height)
    # walls: solid dark grey, or a pale tint under hatch lines (mean about 210 of 255)
    wall_max = 110 if ink == "dark" else 225

    def pixel(x: float, y: float) -> int:
        return img.getpixel((int(x * scale), int((page_h - y) * scale)))

    def patch(rect, fx: float, fy: float, size: float = 0.12) -> float:
        """Mean grey of the part of ``rect`` from (fx, fy) to (fx, fy) + size."""
        x0, x1 = (int((rect.x + rect.w * f) * scale) for f in (fx, fx + size))
        y0, y1 = (int((page_h - rect.y - rect.h * f) * scale) for f in (fy + size, fy))
        vals = [img.getpixel((x, y)) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
        return sum(vals) / len(vals)

    for r, row in enumerate(floor.rows):
        for col, tile in enumerate(row):
            rect = geo.cell_rect(col, r)
            # near the corners (clear of any icon) every square shows its kind ...
            corners = [patch(rect, fx, fy) for fx in (0.06, 0.82) for fy in (0.06, 0.82)]
            for corner in corners:
                assert (corner < wall_max) == (tile == "#"), (cell_name((col, r)), tile,
                                                             corner)
                assert corner < wall_max or corner > 245
            # ... and at the centre: walls inked, plain floor white, features inked
            centre = patch(rect, 0.44, 0.44)
            if tile == "#":
                assert centre < wall_max
            elif tile == ".":
                assert centre > 245, (cell_name((col, r)), centre)
    # the features are drawn: something dark inside each icon square
    for cell in floor.traps + floor.chests + (floor.start, floor.exit):
        rect = geo.cell_rect(*cell)
        xs = [rect.x + rect.w * f for f in (0.3, 0.4, 0.5, 0.6, 0.7)]
        ys = [rect.y + rect.h * f for f in (0.3, 0.4, 0.5, 0.6, 0.7)]
        assert min(pixel(x, y) for x in xs for y in ys) < 80, cell_name(cell)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("seed", [SEED, "BIG-B10", "Z"])
def test_squares_at_least_8mm_and_everything_inside_the_margins(paper, seed):
    layout = load_layout("map")
    area = content_rect(layout, paper)
    for k in (1, 10):
        floor = generate_floor(seed, k)
        plan = plan_map_page(layout, paper, DU, seed, floor, 10)
        geo = plan.geometry
        assert geo.square >= MIN_SQUARE - 1e-9
        assert geo.square <= MAP_MAX_SQUARE + 1e-9
        if k == 10:
            assert floor.width == floor.height == 21
        # inside the margins (which keep 8 mm or more off the paper edge)
        assert geo.grid_x - COORD_BAND >= area.x - 1e-6
        assert geo.grid_x + geo.cols * geo.square + COORD_BAND <= area.x1 + 1e-6
        assert geo.grid_top + COORD_BAND <= plan.header.y + 1e-6
        # tracker right under the map, above the footer with its QR code
        assert plan.tracker.y1 <= geo.grid_y - COORD_BAND
        assert plan.tracker.y >= plan.footer.y1 - 1e-6
        assert plan.footer.y >= area.y - 1e-6
        assert plan.legend.x >= plan.footer.x and plan.legend.x1 <= area.x1 + 1e-6


def test_par_in_small_print_unless_no_par(tmp_path):
    par = solve(generate_floor(SEED, 1)).par
    on = tmp_path / "on.pdf"
    off = tmp_path / "off.pdf"
    r = runner.invoke(app, ["map", "dungeon-upkeeper", "--seed", SEED, "--floors", "2",
                            "--out", str(on)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["map", "dungeon-upkeeper", "--seed", SEED, "--floors", "2",
                            "--no-par", "--out", str(off)])
    assert r.exit_code == 0, r.output
    pdf_on, pdf_off = pypdfium2.PdfDocument(on), pypdfium2.PdfDocument(off)
    assert len(pdf_on) == len(pdf_off) == 2
    assert f"par {par} moves" in page_text(pdf_on, 0)
    for i in range(2):
        assert re.search(r"\bpar \d+ moves", page_text(pdf_on, i))
        assert not re.search(r"\bpar\b", page_text(pdf_off, i))
    r = runner.invoke(app, ["sheets", "dungeon-upkeeper", "--seed", SEED, "--kind", "map",
                            "--floors", "2", "--no-par", "--out", str(tmp_path / "s.pdf")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "s.pdf").read_bytes() == off.read_bytes()


def test_scan_a_page_and_regenerate_that_floor(tmp_path):
    original = tmp_path / "run.pdf"
    r = runner.invoke(app, ["map", "dungeon-upkeeper", "--seed", SEED, "--out",
                            str(original)])
    assert r.exit_code == 0, r.output
    imgs, pdf = images(original.read_bytes())
    png = tmp_path / "page3.png"
    imgs[2].save(png)
    rebuilt = tmp_path / "rebuilt.pdf"
    r = runner.invoke(app, ["scan", str(png), "--regenerate", "--out", str(rebuilt),
                            "--json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)[0]
    assert (row["game"], row["seed"], row["params"]) == ("dungeon-upkeeper", SEED,
                                                         {"floor": "3"})
    new_imgs, new_pdf = images(rebuilt.read_bytes())
    assert len(new_pdf) == 1
    assert new_pdf.get_metadata_dict()["Subject"] == payload(3)
    assert new_imgs[0].tobytes() == imgs[2].tobytes()
    assert rebuilt.read_bytes() == DU.render("map", SEED, {"floors": 10}, "a4", {"floor": 3})


def test_scanning_the_whole_pdf_regenerates_each_floor_apart(tmp_path):
    original = tmp_path / "run.pdf"
    original.write_bytes(DU.render("map", SEED, {"floors": 3}, "a4"))
    out = tmp_path / "again"
    out.mkdir()
    r = runner.invoke(app, ["scan", str(original), "--regenerate", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert len(list(out.iterdir())) == 3


def test_floor_option_out_of_range_is_a_clear_error():
    with pytest.raises(ParameterError, match="floor"):
        DU.render("map", SEED, {"floors": 10}, "a4", {"floor": 11})
