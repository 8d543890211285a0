"""Clear the Dungeon sheets: every kind on both papers, QR codes decode to the payload,
bytes are reproducible, the deck's cards are exactly 63 x 88 mm with mirrored backs,
crop marks on fronts only, the stacking list follows the engine's deal, par is printed
from the solver, and the command line writes the files."""

import json
import math

import pypdfium2
import pypdfium2.raw
import pytest
from pdfcheck import ink_outside, qr_texts, render_page
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import LayoutError, ParameterError
from companion.games import get_game
from companion.games.base import SolveReport
from companion.games.clear_the_dungeon import generation
from companion.games.clear_the_dungeon.sheets import (
    DECK_CARDS,
    deck_pages,
    draw_mat_page,
    sheet_payload,
    stack_order,
)
from companion.paper.document import SheetDocument
from companion.paper.layout import load_layout
from companion.paper.units import mm

CTD = get_game("clear-the-dungeon")
SEED = "K7Q2-9XMA"
KINDS = ("mat", "stack", "log", "deck")
PAPERS = {"a4": (mm(210), mm(297)), "letter": (mm(215.9), mm(279.4))}
CARD_W, CARD_H = mm(63), mm(88)





def expected_payload(kind: str, variants: tuple[str, ...] = ()) -> str:
    """The sheet's payload: the deck is the same for every seed and carries none."""
    extra = {} if kind == "mat" else {"kind": kind}
    if variants:
        extra["variant"] = "+".join(variants)
    return CTD.payload("" if kind == "deck" else SEED, {}, **extra)


def test_the_deck_payload_has_no_seed():
    assert expected_payload("deck") == "companion:1/ctd/kind=deck"


# ---------------------------------------------------------------- every kind renders
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kind_renders_and_its_qr_decodes(kind, paper):
    data = CTD.render(kind, SEED, {}, paper)
    pdf = pypdfium2.PdfDocument(data)
    payload = expected_payload(kind)
    meta = pdf.get_metadata_dict()
    assert meta["Subject"] == payload and payload in meta["Keywords"].split()
    assert b"/Subtype /Image" not in data  # vector only
    w, h = pdf[0].get_size()
    pw, ph = PAPERS[paper]
    assert (w, h) == pytest.approx((pw, ph), abs=0.01)  # the mat: two portrait sheets
    if kind == "mat":
        assert len(pdf) == 2
    # every sheet carries its QR code on its first page (the deck's instruction page)
    assert qr_texts(render_page(pdf, 0)) == [payload]


def test_variants_go_into_the_payload_and_the_deal():
    variants = ("reserve", "no-jokers")
    data = CTD.render("mat", SEED, {}, "a4", {"variants": variants})
    payload = expected_payload("mat", variants)
    assert payload == f"companion:1/ctd/{SEED}/variant=reserve+no-jokers"
    pdf = pypdfium2.PdfDocument(data)
    assert qr_texts(render_page(pdf, 0)) == [payload]
    # the form a scanned payload hands back (variant=a+b) prints the same sheet
    assert CTD.render("mat", SEED, {}, "a4", {"variant": "reserve+no-jokers"}) == data
    # order and case of the names do not matter
    assert CTD.render("mat", SEED, {}, "a4", {"variants": ("NO-JOKERS", "reserve")}) == data
    info = CTD.describe("stack", SEED, {}, {"variants": ("no-jokers",)})
    assert info["payload"] == f"companion:1/ctd/{SEED}/kind=stack/variant=no-jokers"
    assert len(info["power_deck"]) == 40 and "JK" not in info["power_deck"]
    with pytest.raises(ParameterError):
        CTD.render("log", SEED, {}, "a4", {"variants": ("easy",)})


def test_same_inputs_same_bytes_other_seed_differs():
    for kind in KINDS:
        a = CTD.render(kind, SEED, {}, "letter", {"variants": ("reserve",)})
        b = CTD.render(kind, SEED, {}, "letter", {"variants": ("reserve",)})
        assert a == b, kind
    assert CTD.render("mat", SEED, {}, "a4") != CTD.render("mat", "OTHER", {}, "a4")
    assert CTD.render("stack", SEED, {}, "a4") != CTD.render("stack", "OTHER", {}, "a4")


# ------------------------------------------------------------------ stacking list
@pytest.mark.parametrize("seed", [SEED, "STACK-2", "A"])
def test_stacking_list_follows_the_engine_deal(seed):
    d = generation.deal(seed)
    columns, power = stack_order(seed)
    assert columns == d.columns and power == d.power and len(power) == 42
    info = CTD.describe("stack", seed, {})
    assert info["power_deck"] == [str(c) for c in d.power]
    assert info["columns"] == [[str(c) for c in col] for col in d.columns]
    assert info["payload"] == CTD.payload(seed, {}, kind="stack")
    no_jk = generation.deal(seed, jokers=False).power
    assert stack_order(seed, ("no-jokers",))[1] == no_jk
    assert no_jk == tuple(c for c in d.power if not c.is_joker)


# -------------------------------------------------------------------------- deck
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_deck_cards_are_exactly_poker_size_and_the_pdf_agrees(paper):
    plan = deck_pages(paper)
    assert [p.side for p in plan] == ["about", "about-back"] + ["front", "back"] * 6
    fronts = [p for p in plan if p.side == "front"]
    assert [c for p in fronts for c in p.cards] == list(DECK_CARDS)
    assert len(DECK_CARDS) == 54 and sum(c.is_joker for c in DECK_CARDS) == 2
    for page in plan[2:]:
        assert len(page.slots) == 9
        for slot in page.slots:
            assert slot.w == pytest.approx(CARD_W, abs=0.01)
            assert slot.h == pytest.approx(CARD_H, abs=0.01)
        assert page.trim.w == pytest.approx(3 * CARD_W, abs=0.01)
        assert page.trim.h == pytest.approx(3 * CARD_H, abs=0.01)
    pdf = pypdfium2.PdfDocument(CTD.render("deck", SEED, {}, paper))
    assert len(pdf) == 14
    for i, page in enumerate(plan[2:], start=2):
        assert pdf[i].get_trimbox() == pytest.approx(page.trim.box(), abs=0.01)
    pw, ph = PAPERS[paper]
    for i in (0, 1):  # the instruction page and its back
        assert pdf[i].get_trimbox() == pytest.approx((0, 0, pw, ph), abs=0.01)


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.0, -0.5), (-2.5, 3.0)])
def test_backs_mirror_their_fronts_and_follow_the_offset(offset):
    plan = deck_pages("a4", back_offset=offset)
    page_w = PAPERS["a4"][0]
    dx, dy = mm(offset[0]), mm(offset[1])
    for front, back in zip(plan[2::2], plan[3::2], strict=True):
        assert (front.side, back.side) == ("front", "back")
        assert back.cards == front.cards
        for f, b in zip(front.slots, back.slots, strict=True):
            assert b.cx == pytest.approx(page_w - f.cx + dx, abs=mm(0.1))
            assert b.cy == pytest.approx(f.cy + dy, abs=mm(0.1))
            assert (b.w, b.h) == pytest.approx((f.w, f.h), abs=0.01)
    # and the PDF: a back page's TrimBox moves by the offset
    base = pypdfium2.PdfDocument(CTD.render("deck", SEED, {}, "a4"))
    moved = pypdfium2.PdfDocument(CTD.render("deck", SEED, {}, "a4", {"back_offset": offset}))
    b0, b1 = base[3].get_trimbox(), moved[3].get_trimbox()
    assert (b1[0] - b0[0], b1[1] - b0[1]) == pytest.approx((dx, dy), abs=0.01)
    assert moved[2].get_trimbox() == pytest.approx(base[2].get_trimbox(), abs=0.001)


def _drawing_outside(pdf, i, margin):
    """Dark pixels of page ``i`` outside its TrimBox grown by ``margin`` once its text
    (page name, offset note) is taken off: the crop marks, QR code and scale bar."""
    page = pdf[i]
    for obj in list(page.get_objects()):
        if obj.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT:
            page.remove_obj(obj)
    page.gen_content()
    return ink_outside(render_page(pdf, i), page.get_trimbox(), page.get_size()[1], margin)


def test_crop_marks_on_fronts_only():
    """Fronts have crop marks (and their QR code and scale bar) outside their cards;
    back pages draw nothing there (their page name and the offset note are text)."""
    data = CTD.render("deck", SEED, {}, "a4", {"back_offset": (1, -0.5)})
    pdf = pypdfium2.PdfDocument(data)
    for i in (2, 3, 4, 5, 12, 13):
        ink = _drawing_outside(pdf, i, mm(1))
        if i % 2 == 0:
            assert ink > 50, f"front page {i + 1} has no crop marks"
        else:
            assert ink == 0, f"back page {i + 1} has marks outside its cards"
    # the crop marks themselves: beside the grid on a front page (A4), none on a back page
    for i, want in ((2, True), (3, False)):
        page = pdf[i]
        x0, y0, x1, y1 = page.get_trimbox()
        img = render_page(pdf, i)
        s = 150 / 72
        h = page.get_size()[1]
        strip = img.crop((round(mm(5) * s), round((h - y1) * s), round((x0 - mm(1)) * s),
                          round((h - y0) * s)))
        assert (sum(strip.histogram()[:128]) > 0) == want, i


def test_deck_on_other_layouts():
    bleed = load_layout("poker-bleed")
    plan = deck_pages("letter", bleed)
    assert [p.side for p in plan].count("front") == 9 and len(plan) == 20
    pdf = pypdfium2.PdfDocument(CTD.render("deck", SEED, {}, "letter",
                                           {"layout": "poker-bleed"}))
    assert len(pdf) == 20
    trim, bbox = pdf[2].get_trimbox(), pdf[2].get_bleedbox()
    assert bbox[0] == pytest.approx(trim[0] - mm(3), abs=0.01)
    with pytest.raises(LayoutError):
        CTD.render("deck", SEED, {}, "a4", {"layout": "list"})


# --------------------------------------------------------------------------- mat
def _page_text(data: bytes, page: int = 0) -> str:
    pdf = pypdfium2.PdfDocument(data)
    return pdf[page].get_textpage().get_text_range()


@pytest.mark.parametrize("status,score,text", [
    ("won", 17, "par 17"), ("lost", None, "par: not winnable"), ("unknown", None, "par unknown"),
    ("unknown", 3, "par 3 or more"),
])
def test_par_is_printed_upside_down(monkeypatch, status, score, text):
    calls = []

    def fake_solve(self, seed, params, variants, budget=None):
        calls.append((seed, dict(params), variants, budget))
        return SolveReport(self.name, seed, variants, status, score, None)

    monkeypatch.setattr(type(CTD), "solve", fake_solve)
    data = CTD.render("mat", SEED, {}, "a4", {"par": True, "variants": ("reserve",)})
    assert calls == [(SEED, {}, ("reserve",), 200000)]
    pdf = pypdfium2.PdfDocument(data)
    textpage = pdf[len(pdf) - 1].get_textpage()
    at = textpage.get_text_range().index(text)
    angle = pypdfium2.raw.FPDFText_GetCharAngle(textpage.raw, at)
    assert angle == pytest.approx(math.pi, abs=1e-3)  # upside down
    assert text not in _page_text(CTD.render("mat", SEED, {}, "a4"))
    # the geometry: drawn turned, in a corner of the page
    layout = load_layout("mat")
    doc = SheetDocument("t", "a4", landscape=True)
    geo = draw_mat_page(doc, layout, CTD, SEED, ("reserve",), expected_payload("mat"), text)
    w, h = doc.page_size
    assert geo.par_at is not None and geo.par_at[0] > w * 0.9 and geo.par_at[1] > h * 0.9
    assert geo.pages["par"] == doc.page_count - 1 == 1  # on the second sheet


def test_par_without_a_solver_is_an_error(monkeypatch):
    def no_solver(self, seed, params, variants, budget=None):
        raise ParameterError(f"{self.name} has no solver")

    monkeypatch.setattr(type(CTD), "solve", no_solver)
    with pytest.raises(ParameterError, match="has no solver"):
        CTD.render("mat", SEED, {}, "a4", {"par": True})


def test_mat_shows_the_dealt_monsters_and_the_rules():
    data = CTD.render("mat", SEED, {}, "letter", {"variants": ("reserve",)})
    text = _page_text(data) + _page_text(data, 1)
    for needle in ("LOST AT 7", "1st", "2nd", "Trigger", "Power deck", "Hand", "Rule on",
                   CTD.credits, SEED):
        assert needle in text, needle
    plain = CTD.render("mat", SEED, {}, "letter")
    assert "Rule off" in _page_text(plain, 1)
    layout = load_layout("mat")
    doc = SheetDocument("t", "a4", landscape=True)
    geo = draw_mat_page(doc, layout, CTD, SEED, (), expected_payload("mat"), None)
    assert len(geo.columns) == 4 and len(geo.damage_boxes) == 7
    assert all(len(t) == 3 for t in geo.attack_slots)
    page = doc.page_rect.inset(mm(8))
    for r in (*geo.columns, *geo.damage_boxes, *geo.monsters):
        assert page.x <= r.x and r.x1 <= page.x1 and page.y <= r.y and r.y1 <= page.y1
    # the four columns hold the deal's face-up monsters, in order
    ranks = " ".join(text.split())
    for col in generation.deal(SEED).columns:
        assert f"power {col[0].rank}" in ranks


def test_sheet_payload_keys():
    assert sheet_payload(CTD, SEED, {}, "mat", ()) == f"companion:1/ctd/{SEED}"
    assert sheet_payload(CTD, SEED, {}, "deck", ("reserve",)) == (
        f"companion:1/ctd/{SEED}/kind=deck/variant=reserve")


# --------------------------------------------------------------------------- CLI
runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_cli_map_and_deck_with_back_offset(tmp_path):
    f = tmp_path / "f.pdf"
    r = invoke("map", "clear-the-dungeon", "--seed", "X", "--out", f)
    assert r.exit_code == 0, r.output
    pdf = pypdfium2.PdfDocument(f)
    w, h = pdf[0].get_size()
    assert len(pdf) == 2 and w < h  # the mat: two portrait A4 sheets
    d = tmp_path / "d.pdf"
    r = invoke("sheets", "clear-the-dungeon", "--seed", "X", "--kind", "deck",
               "--back-offset", "1,-0.5", "--out", d)
    assert r.exit_code == 0, r.output
    pdf = pypdfium2.PdfDocument(d)
    assert len(pdf) == 14
    plan = deck_pages("a4", back_offset=(1.0, -0.5))
    assert pdf[3].get_trimbox() == pytest.approx(plan[3].trim.box(), abs=0.01)
    r = invoke("sheets", "clear-the-dungeon", "--seed", "X", "--kind", "stack", "--json",
               "--variant", "no-jokers")
    assert r.exit_code == 0, r.output
    info = json.loads(r.stdout)
    assert info["power_deck"] == [str(c) for c in generation.deal("X", jokers=False).power]


def test_cli_scan_regenerates_a_variant_sheet(tmp_path):
    original = tmp_path / "log.pdf"
    r = invoke("sheets", "clear-the-dungeon", "--seed", "REGEN", "--kind", "log",
               "--variant", "reserve", "--variant", "no-jokers", "--out", original)
    assert r.exit_code == 0, r.output
    rebuilt = tmp_path / "rebuilt.pdf"
    r = invoke("scan", original, "--regenerate", "--out", rebuilt)
    assert r.exit_code == 0, r.output
    assert rebuilt.read_bytes() == original.read_bytes()


@pytest.mark.parametrize("layout", ["poker", "poker-bleed"])
def test_crop_marks_start_3mm_off_the_trim(layout):
    """docs/printing.md: crop marks 3 mm off the trim, with or without bleed (with 3 mm of
    bleed they start at the bleed edge). Measured on the rendered first front page: the
    darkest ink left of the grid along its top cut, and above the grid along its left
    cut, is the marks' (the page's name, QR code and scale bar keep off those lines)."""
    data = CTD.render("deck", SEED, {}, "a4", {"layout": layout})
    page = pypdfium2.PdfDocument(data)[2]
    left, bottom, right, top = page.get_trimbox()
    scale = 600 / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    width, height = image.size
    px = image.load()
    edge = 4  # pixels: the cards' own anti-aliased edges touch the trim
    row = round(height - top * scale)  # the top cut
    col = round(left * scale)  # the left cut
    band = range(-3, 4)
    dark_x = [x for x in range(int(left * scale) - edge) if any(
        px[x, row + d] < 96 for d in band)]
    dark_y = [y for y in range(int(height - top * scale) - edge) if any(
        px[col + d, y] < 96 for d in band)]
    assert dark_x and dark_y
    gap_x = (left * scale - max(dark_x)) / scale
    gap_y = ((height - top * scale) - max(dark_y)) / scale
    assert gap_x == pytest.approx(mm(3), abs=0.6)
    assert gap_y == pytest.approx(mm(3), abs=0.6)
