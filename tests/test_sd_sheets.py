"""Shuffle and Doom sheets: QR decodes to the payload, bytes reproducible, the drawn map
is the engine's map, pages are exact paper sizes."""

import pypdfium2
import pytest
import zxingcpp
from pdfcheck import DPI, canonical

from companion.games import get_game
from companion.games.shuffle_and_doom import GAME, seeded_map
from companion.games.shuffle_and_doom.generation import deal
from companion.games.shuffle_and_doom.sheets import draw_map_page, later_passes
from companion.paper.document import SheetDocument
from companion.paper.layout import load_layout
from companion.paper.units import mm

SD = get_game("shuffle-and-doom")


def pages(data: bytes, dpi: int = DPI):
    pdf = pypdfium2.PdfDocument(data)
    return [pdf[i].render(scale=dpi / 72, grayscale=True).to_pil() for i in range(len(pdf))], pdf


@pytest.mark.parametrize("kind", ["map", "stack", "log"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_qr_decodes_to_its_payload(kind, paper):
    data = SD.render(kind, "K7Q2-9XMA", {"size": 7}, paper)
    images, pdf = pages(data)
    expected = SD.payload("K7Q2-9XMA", {"size": 7}, **({} if kind == "map" else {"kind": kind}))
    w, h = pdf[0].get_size()
    want = (mm(210), mm(297)) if paper == "a4" else (mm(215.9), mm(279.4))
    assert (w, h) == pytest.approx(want, abs=0.01)
    for img in images:
        found = [canonical(r.text)
                 for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]
        assert found == [expected]
    assert expected.encode() in data or b"companion:1/sd" in data  # metadata (may be encoded)
    meta = pdf.get_metadata_dict()
    assert expected in meta.get("Subject", "") + meta.get("Keywords", "")
    assert b"/Subtype /Image" not in data


def test_same_seed_same_bytes_and_different_seed_differs():
    a = SD.render("map", "REPRO", {"size": 9}, "a4")
    b = SD.render("map", "REPRO", {"size": 9}, "a4")
    c = SD.render("map", "REPRO2", {"size": 9}, "a4")
    assert a == b and a != c
    assert SD.render("stack", "REPRO", {"size": 9}, "letter") == SD.render("stack", "REPRO", {"size": 9}, "letter")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("seed,size", [("K7Q2-9XMA", 7), ("GRID", 4), ("BIGONE", 26), ("MID", 13)])
def test_drawn_map_matches_the_engine(seed, size, paper):
    d = deal(seed, size)
    dmap = seeded_map(seed, size)
    layout = load_layout("map")
    doc = SheetDocument("t", paper, payloads=[SD.payload(seed, {"size": size})])
    geo = draw_map_page(doc, layout, SD, d, SD.payload(seed, {"size": size})).geometry
    images, pdf = pages(doc.finish())
    img = images[0]
    page_h = pdf[0].get_size()[1]
    scale = DPI / 72
    for r in range(size):
        for col in range(size):
            rect = geo.cell_rect(col, r)
            # sample the cell's centre, below any room-size number in its corner
            px = (rect.x + rect.w * 0.6) * scale
            py = (page_h - (rect.y + rect.h * 0.4)) * scale
            value = img.getpixel((int(px), int(py)))
            assert (value < 240) == dmap.filled((col, r)), (col, r, value)
    # legible on a page: 26x26 cells are at least 6.4 mm on A4 and Letter (every text
    # on them 8 pt and more)
    assert geo.cell >= mm(6.4)


def test_stacking_list_covers_the_deal():
    data = SD.describe("stack", "K7Q2-9XMA", {"size": 7})
    d = deal("K7Q2-9XMA", 7)
    assert data["pass1"][:14] == [str(c) for c in d.row_stack + d.column_stack]
    assert len(set(data["pass1"])) == 52
    assert later_passes(seeded_map("K7Q2-9XMA", 7)) == 0


def test_variants_print_their_starting_stats_and_travel_in_the_qr(tmp_path):
    """easy-stats starts at 7/7/7 and flat-consumables makes potions and books worth 3:
    the map says so, its payload names the variants, and a scan rebuilds it."""
    from typer.testing import CliRunner

    from companion.cli import app

    runner = CliRunner()
    out = tmp_path / "easy.pdf"
    r = runner.invoke(app, ["map", "shuffle-and-doom", "--seed", "EASY", "--variant",
                            "easy-stats", "--variant", "flat-consumables", "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = pypdfium2.PdfDocument(out.read_bytes())[0].get_textpage().get_text_range()
    text = " ".join(text.split())  # lines wrap where the face's widths put them
    assert "Start 7 health, 7 intelligence, 7 attack" in text
    assert "Potions and books add 3" in text
    r = runner.invoke(app, ["scan", str(out), "--json", "--regenerate", "--out",
                            str(tmp_path / "again.pdf")])
    assert r.exit_code == 0, r.output
    assert "variant=easy-stats+flat-consumables" in r.stdout
    assert (tmp_path / "again.pdf").read_bytes() == out.read_bytes()
    # what each stack gives starts from the variant's stats too
    d = deal("EASY", 7)
    hearts, spades, clubs = (sum(1 for c in d.row_stack if c.suit.name == suit)
                             for suit in ("HEARTS", "SPADES", "CLUBS"))
    b = 5  # the bonus modifier of a 7x7 map
    assert (f"Row stack gives health {7 + hearts * b}, attack {7 + spades * b}, "
            f"intelligence {7 + clubs * b}") in " ".join(text.split())
    plain = GAME.render("map", "EASY", {"size": 7}, "a4", {})
    text = pypdfium2.PdfDocument(plain)[0].get_textpage().get_text_range()
    assert "Start 7 health, 3 intelligence, 3 attack" in text
    assert (f"Row stack gives health {7 + hearts * b}, attack {3 + spades * b}, "
            f"intelligence {3 + clubs * b}") in " ".join(text.split())
