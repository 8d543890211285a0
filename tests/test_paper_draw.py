"""Icons, card glyphs, crop marks and the identity block."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pdfcheck import canonical

from companion.cards import JOKER, SUITS, Card, standard_deck
from companion.paper.audit import audit_pdf
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.icons import ICON_NAMES, draw_icon, draw_star, draw_suit, suit_icon
from companion.paper.identity import (
    SEED_STYLE,
    TEXT_GAP,
    TEXT_ROOM,
    check_text,
    draw_identity,
    identity_size,
)
from companion.paper.layout import grid_slots, load_layout
from companion.paper.marks import crop_mark_segments, draw_crop_marks, draw_cut_lines
from companion.paper.qr import MIN_QR_WIDTH, qr_footprint
from companion.paper.units import Rect, bounding_rect, mm, paper_size

REQUIRED_ICONS = {
    "spade", "heart", "diamond", "club", "monster", "chest", "potion", "trap",
    "trap-armed", "stairs", "crown", "player", "exit", "book", "gold",
}
PAYLOAD = "companion:1/sd/K7Q2-9XMA/size=7"
EPS = 1e-6



def render(data: bytes, dpi: int = 150):
    return pdfium.PdfDocument(data)[0].render(scale=dpi / 72, grayscale=True).to_pil()


# --- icons ----------------------------------------------------------------------------


def test_all_required_icons_exist():
    assert set(ICON_NAMES) >= REQUIRED_ICONS


@pytest.mark.parametrize("name", sorted(REQUIRED_ICONS))
def test_every_icon_draws_and_leaves_ink_inside_its_box(name):
    doc = SheetDocument("icon", "a4")
    size = mm(20)
    draw_icon(doc.canvas, name, mm(50), mm(250), size)
    draw_icon(doc.canvas, name, mm(100), mm(250), mm(2.5), color=(0.2, 0.3, 0.8))
    draw_icon(doc.canvas, name, mm(150), mm(250), mm(8), color="#336699")
    img = render(doc.finish(), dpi=72)
    # ink only near the big icon's box (top-left of A4), none elsewhere far away
    px = img.load()
    w, h = img.size
    dark = [(x, y) for y in range(h) for x in range(w) if px[x, y] < 128]
    assert dark, f"icon {name} drew nothing"
    cx, cy = mm(50), paper_size("a4")[1] - mm(250)
    near = [(x, y) for x, y in dark if abs(x - cx) <= size / 2 + 2 and abs(y - cy) <= size / 2 + 2]
    assert len(near) > 20


def test_unknown_icon_and_bad_arguments():
    doc = SheetDocument("icon", "a4")
    with pytest.raises(ValueError, match="no icon 'dragon'"):
        draw_icon(doc.canvas, "dragon", 10, 10, 10)
    with pytest.raises(ValueError):
        draw_icon(doc.canvas, "heart", 10, 10, 0)
    with pytest.raises(ValueError):
        draw_icon(doc.canvas, "heart", 10, 10, 10, color=(1, 2))


def test_suits_draw_with_their_own_icons():
    doc = SheetDocument("suits", "a4")
    for i, suit in enumerate(SUITS):
        draw_suit(doc.canvas, suit, mm(20 + 15 * i), mm(100), mm(10))
    draw_star(doc.canvas, mm(100), mm(100), mm(10))
    assert [suit_icon(s) for s in SUITS] == ["spade", "heart", "diamond", "club"]
    doc.finish()


def test_icons_restore_the_canvas_state():
    doc = SheetDocument("state", "a4")
    c = doc.canvas
    c.setLineWidth(3)
    before = (c._lineWidth, c._fillColorObj, c._strokeColorObj)
    for name in ICON_NAMES:
        draw_icon(c, name, 100, 100, 30)
    assert (c._lineWidth, c._fillColorObj, c._strokeColorObj) == before


# --- card glyphs --------------------------------------------------------------------------


def test_card_glyphs_draw_for_the_whole_deck_and_jokers():
    doc = SheetDocument("glyphs", "a4")
    deck = standard_deck(jokers=2)
    for i, card in enumerate(deck):
        x = mm(10 + 7 * (i % 26))
        y = mm(250 - 12 * (i // 26))
        draw_card_glyph(doc.canvas, card, x, y, mm(6), mm(8.4), highlight=i % 5 == 0)
    draw_card_glyph(doc.canvas, Card(10, SUITS[1]), mm(20), mm(100), mm(14), mm(8))
    draw_card_glyph(doc.canvas, JOKER, mm(40), mm(100), mm(14), mm(8))
    data = doc.finish()
    assert b"/Subtype /Image" not in data
    with pytest.raises(ValueError):
        draw_card_glyph(SheetDocument("x", "a4").canvas, JOKER, 0, 0, 0, 10)


def test_text_never_holds_suit_characters():
    assert check_text("K7Q2-9XMA size=7") == "K7Q2-9XMA size=7"
    with pytest.raises(ValueError, match="icon"):
        check_text("10♠")


# --- crop marks ---------------------------------------------------------------------------


def _hits_interior(seg, r: Rect) -> bool:
    x0, y0, x1, y1 = seg
    if x0 == x1:  # vertical
        return r.x + EPS < x0 < r.x1 - EPS and max(y0, r.y) < min(y1, r.y1) - EPS
    return r.y + EPS < y0 < r.y1 - EPS and max(x0, r.x) < min(x1, r.x1) - EPS


@pytest.mark.parametrize("name", ["poker", "poker-bleed"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_stay_outside_every_card(name, paper):
    layout = load_layout(name)
    slots = grid_slots(layout, paper)
    block = bounding_rect(slots)
    segs = crop_mark_segments(slots)
    xs = {round(v, 4) for r in slots for v in (r.x, r.x1)}
    ys = {round(v, 4) for r in slots for v in (r.y, r.y1)}
    assert len(segs) == 2 * len(xs) + 2 * len(ys)
    for seg in segs:
        x0, y0, x1, y1 = seg
        assert x0 == x1 or y0 == y1
        assert (abs(x1 - x0) + abs(y1 - y0)) == pytest.approx(mm(5))
        for r in slots:
            assert not _hits_interior(seg, r)
            assert not _hits_interior(seg, r.inset(-mm(layout.bleed)))
        if x0 == x1:
            assert round(x0, 4) in xs
            assert y1 <= block.y - mm(3) + EPS or y0 >= block.y1 + mm(3) - EPS
        else:
            assert round(y0, 4) in ys
            assert x1 <= block.x - mm(3) + EPS or x0 >= block.x1 + mm(3) - EPS


def test_crop_marks_are_cut_short_at_the_paper_edge():
    # poker on Letter leaves 7.7 mm above and below the cards: the marks end at the edge
    slots = grid_slots(load_layout("poker"), "letter")
    pw, ph = paper_size("letter")
    segs = crop_mark_segments(slots, page_size=(pw, ph))
    assert len(segs) == len(crop_mark_segments(slots))
    for x0, y0, x1, y1 in segs:
        assert 0 <= x0 <= pw and 0 <= x1 <= pw and 0 <= y0 <= ph and 0 <= y1 <= ph
        assert abs(x1 - x0) + abs(y1 - y0) >= mm(1)


def test_crop_marks_are_hairlines_drawn_once():
    doc = SheetDocument("marks", "a4")
    slots = grid_slots(load_layout("poker"), "a4")
    draw_crop_marks(doc.canvas, slots, page_size=doc.page_size)
    draw_cut_lines(doc.canvas, slots)
    with pytest.raises(ValueError):
        draw_crop_marks(doc.canvas, slots, width=0.5)
    with pytest.raises(ValueError):
        crop_mark_segments([])
    doc.finish()


# --- identity block -----------------------------------------------------------------------


LINES = [
    "Shuffle and Doom",
    "K7Q2-9XMA",
    "size 7, rules version 1",
    "scan or type this seed: companion map shuffle-and-doom --seed K7Q2-9XMA --size 7",
]


def test_identity_block_has_the_qr_and_the_text_beside_it():
    doc = SheetDocument("identity", "a4", payloads=[PAYLOAD])
    w, h = draw_identity(doc.canvas, mm(12), mm(12), PAYLOAD, LINES)
    side = qr_footprint(PAYLOAD)
    assert h == pytest.approx(side)
    assert w > side + mm(40)
    assert (w, h) == pytest.approx(identity_size(PAYLOAD, LINES))
    data = doc.finish()
    img = render(data)
    codes = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [canonical(c.text) for c in codes] == [PAYLOAD]
    text = " ".join(pdfium.PdfDocument(data)[0].get_textpage().get_text_range().split())
    for line in LINES:
        assert line in text  # a long line wraps: its words are all there, in order


def test_identity_block_keeps_long_lines_in_its_room_at_8_pt_or_more():
    full_w, _ = identity_size(PAYLOAD, LINES)
    assert full_w <= qr_footprint(PAYLOAD) + TEXT_GAP + TEXT_ROOM + EPS
    w, _ = identity_size(PAYLOAD, LINES, max_width=mm(70))
    assert w <= mm(70) + EPS < full_w
    long_seed = "W" * 8 + "-" + "M" * 7 + "-" + "W" * 7 + "-" + "M" * 7
    lines = ["Shuffle and Doom", long_seed, "size 7"]
    doc = SheetDocument("identity", "a4", payloads=[PAYLOAD])
    draw_identity(doc.canvas, mm(12), mm(12), PAYLOAD, lines)
    runs = audit_pdf(doc.finish(), empty=False).runs
    assert min(r.size for r in runs) >= 8.0
    seed_runs = [r for r in runs if r.size == SEED_STYLE[1]]
    # pdfium reads a hyphen that ends a line as U+0002
    assert len(seed_runs) == 2
    assert "".join(r.text for r in seed_runs).replace("\x02", "-") == long_seed
    with pytest.raises(ValueError):
        identity_size(PAYLOAD, LINES, qr_width=MIN_QR_WIDTH - mm(1))
    with pytest.raises(ValueError):
        identity_size(PAYLOAD, ["Q♦"])
