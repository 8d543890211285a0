"""Dungeon Solitaire sheets: every kind renders on both papers and its QR code decodes to
its payload; bytes are reproducible; level tiles and reward cards are exact squares of
one size, every level's tiles on as few pages as they fill; backs land behind their
fronts after a long-edge flip (within 0.1 mm) and follow --back-offset; crop marks on
fronts only; the map is labelled as a spoiler; the calibration marks mirror."""

import math
import re

import pypdfium2
import pytest
from pdfcheck import check_crop_marks_on_fronts_only, page_text, qr_texts, render_page

from companion.errors import LayoutError, ParameterError
from companion.games import get_game
from companion.games.dungeon_solitaire.generation import cell_name, generate_level, reward_deck
from companion.games.dungeon_solitaire.sheets import (
    MARGIN_QR_MM,
    calibration_marks,
    card_pages,
    sheet_payload,
    tile_pages,
    tile_side_mm,
)
from companion.paper.fold import offset_note
from companion.paper.layout import load_layout
from companion.paper.units import mm

DS = get_game("dungeon-solitaire")
SEED = "K7Q2-9XMA"
P5 = {"size": 5}
PAPERS = {"a4": (mm(210), mm(297)), "letter": (mm(215.9), mm(279.4))}
KINDS = ("tiles", "cards", "mat", "log", "calibrate", "map")
TOL = mm(0.1)






# ------------------------------------------------------------------ every kind, QR
def _qr_page(kind: str, paper: str) -> int:
    return 0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kind_renders_and_its_qr_decodes(kind, paper):
    options = {"level": 2} if kind in ("tiles", "map") else {}
    data = DS.render(kind, SEED, P5, paper, options)
    pdf = pypdfium2.PdfDocument(data)
    level = 2 if kind in ("tiles", "map") else None
    # the calibration sheet is the same for every seed: its payload names none
    seed = "" if kind == "calibrate" else SEED
    payload = sheet_payload(DS, seed, P5, kind, level)
    assert len(payload) <= 43
    meta = pdf.get_metadata_dict()
    assert meta["Subject"] == payload and meta["Keywords"].split() == [payload]
    assert b"/Subtype /Image" not in data  # vector only
    pw, ph = PAPERS[paper]
    for i in range(len(pdf)):
        w, h = pdf[i].get_size()
        want = (pw, ph)  # the mat: two portrait sheets on a4 and letter
        assert (w, h) == pytest.approx(want, abs=0.01), (kind, i)
    assert qr_texts(render_page(pdf, _qr_page(kind, paper))) == [payload]


def test_payloads_name_kind_and_level_and_leave_the_default_size_out():
    assert sheet_payload(DS, SEED, P5, "tiles", 3) == f"companion:{DS.edition}/ds/{SEED}/kind=tiles/level=3"
    assert sheet_payload(DS, SEED, P5, "map", 3) == f"companion:{DS.edition}/ds/{SEED}/level=3"
    assert sheet_payload(DS, SEED, {"size": 6}, "cards") == (
        f"companion:{DS.edition}/ds/{SEED}/size=6/kind=cards")
    info = DS.describe("tiles", SEED, P5, {})
    assert info["payloads"] == [sheet_payload(DS, SEED, P5, "tiles", n) for n in range(1, 10)]
    assert info["tile_mm"] == {"a4": 38.0, "letter": 38.0}
    info = DS.describe("map", SEED, P5, {})
    assert [lv["level"] for lv in info["levels"]] == [1]
    assert info["payloads"] == [f"companion:{DS.edition}/ds/{SEED}/level=1"]


def test_all_levels_tiles_carry_every_level_payload():
    data = DS.render("tiles", SEED, P5, "a4")
    pdf = pypdfium2.PdfDocument(data)
    plan = tile_pages(SEED, 5, "a4")
    # the tiles of all nine levels on three sheets, not a sheet per level
    assert len(pdf) == len(plan) == 6
    payloads = [sheet_payload(DS, SEED, P5, "tiles", n) for n in range(1, 10)]
    whole = sheet_payload(DS, SEED, P5, "tiles")
    # the first page holds two levels: its code (all the tiles) is the Subject, so a
    # scan of the file and of the printed page agree; every level's payload follows
    meta = pdf.get_metadata_dict()
    assert meta["Subject"] == whole and meta["Keywords"].split() == [whole, *payloads]
    assert qr_texts(render_page(pdf, 0, 300)) == [whole]
    # a page holding tiles of several levels scans as all the tiles
    assert len(plan[4].levels) > 1
    assert qr_texts(render_page(pdf, 4, 300)) == [whole]
    text = " ".join(page_text(pdf, 4).split())
    assert "L9" in text and f"levels {plan[4].levels[0]}-9" in text


def test_same_inputs_same_bytes_other_seed_differs():
    for kind in KINDS:
        options = {"level": 4, "back_offset": (1.0, -0.5)}
        a = DS.render(kind, SEED, P5, "letter", options)
        assert a == DS.render(kind, SEED, P5, "letter", options), kind
    assert DS.render("map", SEED, P5, "a4") != DS.render("map", "OTHER", P5, "a4")
    assert (DS.render("cards", SEED, P5, "a4")
            != DS.render("cards", "OTHER", P5, "a4"))


def test_level_option():
    one = pypdfium2.PdfDocument(DS.render("tiles", SEED, P5, "a4", {"level": "3"}))
    assert len(one) == 2
    assert one.get_metadata_dict()["Subject"] == sheet_payload(DS, SEED, P5, "tiles", 3)
    # the map defaults to level 1
    assert DS.render("map", SEED, P5, "a4") == DS.render("map", SEED, P5, "a4", {"level": 1})
    for bad in (0, 10, "x"):
        with pytest.raises(ParameterError):
            DS.render("tiles", SEED, P5, "a4", {"level": bad})
    with pytest.raises(LayoutError):
        DS.render("tiles", SEED, P5, "a4", {"layout": "list"})


# ---------------------------------------------------------------- tiles geometry
def test_tile_side_is_the_same_on_both_papers():
    tile = load_layout("tile")
    for size, side in ((4, 47.5), (5, 38.0), (6, 31.5), (7, 27.0)):
        assert tile_side_mm(tile, "a4", size) == side
        assert tile_side_mm(tile, "letter", size) == side


@pytest.mark.parametrize("seed,size,paper", [(SEED, 5, "a4"), ("B-2", 4, "letter"),
                                             ("ZZ9", 7, "a4"), ("Q", 6, "letter")])
def test_tiles_are_every_levels_tiles_on_as_few_pages_as_they_fill(seed, size, paper):
    layout = load_layout("tile")
    side = mm(tile_side_mm(layout, paper, size))
    pw, ph = PAPERS[paper]
    plan = tile_pages(seed, size, paper)
    fronts = plan[0::2]
    assert [p.side for p in plan] == ["front", "back"] * len(fronts)
    # every tile of every level once, level after level in reading order; no
    # placeholder for an empty square
    want = [(n, cell) for n in range(1, 10)
            for cell in sorted(generate_level(seed, n, size).board, key=lambda c: (c[1], c[0]))]
    assert [item for p in fronts for item in p.items] == want
    # shared evenly: as few pages as the grid holds, no front but the last short
    cols = round((fronts[0].trim.w + 0.01) / side)
    per = len(fronts[0].items)
    assert len(fronts) == math.ceil(len(want) / per)
    assert all(len(p.items) == per for p in fronts[:-1])
    assert per - len(fronts[-1].items) < max(cols, per / len(fronts))
    for page in fronts:
        for slot in page.slots:
            # an exact square of the tile size, 10 mm inside the paper
            assert slot.w == pytest.approx(side, abs=0.01)
            assert slot.h == pytest.approx(side, abs=0.01)
            assert min(slot.x, slot.y, pw - slot.x1, ph - slot.y1) >= mm(10) - 0.01
        # the band naming the page lies under the tiles' crop marks
        assert page.band is not None and page.band.y >= mm(8) - 0.01
        assert page.band.y1 + mm(2 + 8) <= page.trim.y + 0.01


def test_the_drawn_front_shows_each_card_at_its_square():
    pdf = pypdfium2.PdfDocument(DS.render("tiles", SEED, P5, "a4", {"level": 1}))
    text = page_text(pdf, 0)
    board = generate_level(SEED, 1, 5).board
    for row in range(5):
        for col in range(5):
            name = cell_name((col, row))
            assert (f"{name} L1" in text) == ((col, row) in board), name
    back = page_text(pdf, 1)
    assert back.count("LEVEL 1") == len(board)


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.0, -0.5), (-2.5, 3.0)])
def test_tile_backs_mirror_their_fronts_and_follow_the_offset(offset):
    plan = tile_pages(SEED, 5, "a4", back_offset=offset, levels=[1, 2])
    page_w = PAPERS["a4"][0]
    dx, dy = mm(offset[0]), mm(offset[1])
    for front, back in zip(plan[0::2], plan[1::2], strict=True):
        assert back.items == front.items
        for f, b in zip(front.slots, back.slots, strict=True):
            assert b.cx == pytest.approx(page_w - f.cx + dx, abs=TOL)
            assert b.cy == pytest.approx(f.cy + dy, abs=TOL)
            assert (b.w, b.h) == pytest.approx((f.w, f.h), abs=0.01)
    base = pypdfium2.PdfDocument(DS.render("tiles", SEED, P5, "a4", {"level": 1}))
    moved = pypdfium2.PdfDocument(DS.render("tiles", SEED, P5, "a4",
                                            {"level": 1, "back_offset": offset}))
    one = tile_pages(SEED, 5, "a4", back_offset=offset, levels=[1])
    assert base[0].get_trimbox() == pytest.approx(one[0].trim.box(), abs=0.01)
    assert moved[1].get_trimbox() == pytest.approx(one[1].trim.box(), abs=0.01)
    b0, b1 = base[1].get_trimbox(), moved[1].get_trimbox()
    assert (b1[0] - b0[0], b1[1] - b0[1]) == pytest.approx((dx, dy), abs=0.01)
    assert moved[0].get_trimbox() == pytest.approx(base[0].get_trimbox(), abs=0.001)


# -------------------------------------------------------------------------- cards
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_are_the_deck_on_tile_sized_squares(paper):
    side = mm(tile_side_mm(load_layout("tile"), paper, 5))
    plan = card_pages(SEED, 5, paper)
    fronts = [p for p in plan if p.side == "front"]
    assert [c for p in fronts for c in p.cards] == list(reward_deck(SEED))
    assert [c.id for p in fronts for c in p.cards] == [f"R{i}" for i in range(1, 61)]
    for page in plan:
        for slot in page.slots:
            assert slot.w == pytest.approx(side, abs=0.01)
            assert slot.h == pytest.approx(side, abs=0.01)
    # no page but fronts and backs, a QR code on every front; A4 and Letter hold 30 a
    # page (a row fewer than A4 could, for the margin band): the deck on two sheets
    per, sheets = 30, 2
    assert [p.side for p in plan] == ["front", "back"] * sheets
    assert [len(p.cards) for p in plan] == [n for n in ([per] * (sheets - 1)
                                                         + [60 - per * (sheets - 1)])
                                            for _ in range(2)]
    assert [p.qr for p in plan] == [True, False] * sheets
    pdf = pypdfium2.PdfDocument(DS.render("cards", SEED, P5, paper))
    assert len(pdf) == len(plan)
    for i, page in enumerate(plan):
        if page.trim is not None:
            assert pdf[i].get_trimbox() == pytest.approx(page.trim.box(), abs=0.01)


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, 0.5)])
def test_card_backs_mirror_their_fronts(offset):
    plan = card_pages(SEED, 5, "letter", back_offset=offset)
    page_w = PAPERS["letter"][0]
    dx, dy = mm(offset[0]), mm(offset[1])
    pairs = [(plan[i], plan[i + 1]) for i in range(0, len(plan) - 1, 2)
             if plan[i].side == "front"]
    assert len(pairs) == 2  # 30 cards a page on Letter
    for front, back in pairs:
        assert back.side == "back" and back.cards == front.cards
        for f, b in zip(front.slots, back.slots, strict=True):
            assert b.cx == pytest.approx(page_w - f.cx + dx, abs=TOL)
            assert b.cy == pytest.approx(f.cy + dy, abs=TOL)
    text = page_text(pypdfium2.PdfDocument(DS.render("cards", SEED, P5, "letter")), 1)
    assert "REWARD" in text and not re.search(r"R\d", text)


# ------------------------------------------------------------------- crop marks
def _without_text(pdf, i):
    """Page ``i`` rendered with its text left out: what is drawn, not written."""
    page = pdf[i]
    for obj in list(page.get_objects()):
        if obj.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT:
            page.remove_obj(obj)
    page.gen_content()
    return pdf


@pytest.mark.parametrize("kind", ["tiles", "cards"])
def test_crop_marks_on_fronts_only(kind):
    pdf = pypdfium2.PdfDocument(DS.render(kind, SEED, P5, "a4",
                                          {"level": 1, "back_offset": (1, -0.5)}))
    pages = range(4 if kind == "cards" else 2)
    # the back pages print nothing outside their cards but the offset note (text)
    for i in pages:
        if i % 2:
            _without_text(pdf, i)
    check_crop_marks_on_fronts_only(pdf, pages, mm(1))


# --------------------------------------------------------------------------- map
def test_map_is_an_answer_key_labelled_as_a_spoiler():
    pdf = pypdfium2.PdfDocument(DS.render("map", SEED, P5, "a4", {"level": 9}))
    text = page_text(pdf, 0)
    assert "ANSWER KEY / SPOILER" in text and "Level 9 of 9" in text
    lvl = generate_level(SEED, 9, 5)
    assert "CROWN" in text and f"crown {cell_name(lvl.stairs)}" in text
    for row in range(5):
        for col in range(5):
            assert cell_name((col, row)) in text
    assert qr_texts(render_page(pdf, 0)) == [f"companion:{DS.edition}/ds/{SEED}/level=9"]


# ------------------------------------------------------------------ mat, log, cal
def test_mat_log_and_calibration_text():
    pdf = pypdfium2.PdfDocument(DS.render("mat", SEED, {"size": 6}, "a4"))
    mat = page_text(pdf, 0) + page_text(pdf, 1)
    for needle in ("Health", "start", "max", "DECK", "DISCARD", "Level", "a1", "f6", SEED):
        assert needle in mat, needle
    log = pypdfium2.PdfDocument(DS.render("log", SEED, P5, "letter"))
    assert len(log) >= 2
    text = page_text(log, 0)
    for needle in ("dungeon-solitaire", "Player", "Date", "Claim", "draft", "play R3 at c3",
                   "chest R29", "kept of R19-R21", "kept of R25-R27"):
        assert needle in text, needle
    assert "choice" not in text and "(s)" not in text
    cal = pypdfium2.PdfDocument(DS.render("calibrate", SEED, P5, "a4"))
    assert len(cal) == 2
    assert "--back-offset" in page_text(cal, 0) and "X" in page_text(cal, 1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.5)])
def test_calibration_scales_sit_behind_their_crosshairs(paper, offset):
    page_w, page_h = PAPERS[paper]
    dx, dy = mm(offset[0]), mm(offset[1])
    marks = calibration_marks(paper, offset)
    assert [m.name for m in marks] == ["A", "B", "C", "D", "E"]
    for m in marks:
        fx, fy = m.front
        bx, by = m.back
        assert bx == pytest.approx(page_w - fx + dx, abs=TOL)
        assert by == pytest.approx(fy + dy, abs=TOL)
        assert mm(20) < fx < page_w - mm(20) and mm(60) < fy < page_h - mm(30)


# ------------------------------------------------- backs alike, pages named (docs/printing.md)
def _slot_contents(page, slots, outside=None):
    """What is drawn in each of ``slots`` on ``page``: every page object (type, bounds
    relative to its slot, text), given to the slot holding its centre; the text of
    objects in no slot goes to the list ``outside`` (an AssertionError if it is None,
    or for a drawing outside every slot)."""
    text = page.get_textpage()
    per: dict[int, list] = {k: [] for k in range(len(slots))}
    for obj in page.get_objects(max_depth=5):
        left, bottom, right, top = obj.get_bounds()
        cx, cy = (left + right) / 2, (bottom + top) / 2
        words = (text.get_text_bounded(left - 1, bottom - 1, right + 1, top + 1)
                 if obj.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT else "")
        k = next((k for k, s in enumerate(slots) if s.x <= cx <= s.x1 and s.y <= cy <= s.y1),
                 None)
        if k is None:
            assert outside is not None and words, (obj.type, left, bottom, right, top)
            outside.append(words)
            continue
        s = slots[k]
        per[k].append((obj.type, round(left - s.x, 2), round(bottom - s.y, 2),
                       round(right - s.x, 2), round(top - s.y, 2), words))
    return per


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.5)])
def test_reward_backs_are_all_alike_and_each_front_shows_its_id(paper, offset):
    plan = card_pages(SEED, 5, paper, back_offset=offset)
    pdf = pypdfium2.PdfDocument(DS.render("cards", SEED, P5, paper,
                                          {"back_offset": offset}))
    backs = []
    for i, page in enumerate(plan):
        text = page_text(pdf, i)
        if page.side == "front":
            ids = set(re.findall(r"\bR\d+\b", text))
            assert {c.id for c in page.cards} <= ids, i
            continue
        assert not re.search(r"\bR\d+\b", text), f"page {i + 1}: a back names a card"
        outside: list[str] = []
        contents = _slot_contents(pdf[i], page.slots, outside)
        assert all(contents.values())
        # outside the cards only the offset note, the same on every back page
        assert " ".join(outside).split() == offset_note(offset).split()
        backs += [tuple(v) for v in contents.values()]
    assert len(backs) == 60
    assert len(set(backs)) == 1  # every back drawn alike, text and all
    assert any(words for *_, words in backs[0])  # REWARD, the game's name


def _front_pages(kind, paper):
    options = {} if kind == "cards" else {"level": None}
    pdf = pypdfium2.PdfDocument(DS.render(kind, SEED, P5, paper, options))
    if kind == "cards":
        sides = [p.side for p in card_pages(SEED, 5, paper)]
        payloads = [sheet_payload(DS, SEED, P5, "cards")] * len(sides)
    else:
        plan = tile_pages(SEED, 5, paper)
        sides = [p.side for p in plan]
        payloads = [sheet_payload(DS, SEED, P5, "tiles",
                                  p.levels[0] if len(p.levels) == 1 else None) for p in plan]
    assert len(sides) == len(pdf)
    return pdf, [(i, payloads[i]) for i, s in enumerate(sides) if s == "front"]


@pytest.mark.parametrize("kind,name", [("cards", "reward cards"), ("tiles", "tiles")])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_front_page_names_itself_and_its_qr_decodes(kind, name, paper):
    pdf, fronts = _front_pages(kind, paper)
    assert fronts and fronts[0][0] == 0  # no instruction page before the cards
    for i, payload in fronts:
        text = " ".join(page_text(pdf, i).split())
        for needle in ("Dungeon Solitaire", SEED, name, f"page {i + 1} of {len(pdf)}"):
            assert needle in text, (i, needle)
        assert qr_texts(render_page(pdf, i, 300)) == [payload], i


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_page_names_itself_in_a_band_with_a_code_where_it_fits(paper, size):
    """docs/printing.md: a card page names itself in its margin, with a small QR code
    (at least 12 mm) wherever the margin holds one; a page is not given up for a bigger
    code. At the default 5x5 every front carries one."""
    pw, ph = PAPERS[paper]
    for page in card_pages(SEED, size, paper):
        if page.side == "front":
            band = page.band
            assert band is not None
            assert page.qr == (page.qr_mm is not None)
            if page.qr:
                assert band.h >= mm(MARGIN_QR_MM) - 0.01
            assert page.qr or size != 5
            assert band.y >= mm(8) - 0.01
            assert band.y1 + mm(2 + 8) <= page.trim.y + 0.01  # under the crop marks
            assert page.trim.y1 + mm(8) <= ph - mm(5) + 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_drawn_card_page_code_is_at_least_12_mm(paper):
    """Measured on the rendered page: the QR symbol of every front (quiet zone not
    included) is at least 12 mm wide and reads from a flat scan."""
    import zxingcpp

    pdf = pypdfium2.PdfDocument(DS.render("cards", SEED, P5, paper))
    dpi = 300
    for i in range(0, len(pdf), 2):
        found = zxingcpp.read_barcodes(render_page(pdf, i, dpi))
        assert len(found) == 1, i
        pos = found[0].position
        width_px = abs(pos.top_right.x - pos.top_left.x)
        assert width_px * 25.4 / dpi >= 12 - 0.5, (i, width_px)


# ------------------------------------------------------------------- calibration
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ruler_is_clear_of_every_crosshair(paper):
    from companion.games.dungeon_solitaire.sheets import calibration_ruler, crosshair_rect

    ruler = calibration_ruler(paper)
    assert ruler.w >= mm(100)
    for m in calibration_marks(paper):
        r = crosshair_rect(m)
        clear = (r.x1 <= ruler.x or ruler.x1 <= r.x or r.y1 <= ruler.y or ruler.y1 <= r.y)
        assert clear, m.name
    # and the page still prints the 100 mm ruler with its numbers
    text = page_text(pypdfium2.PdfDocument(DS.render("calibrate", SEED, P5, paper)), 0)
    assert "100 mm at actual size" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_calibration_sheet_names_no_seed(paper):
    pdf = pypdfium2.PdfDocument(DS.render("calibrate", SEED, P5, paper))
    for i in range(len(pdf)):
        assert SEED not in page_text(pdf, i)
    assert "calibration" in pdf.get_metadata_dict()["Title"]
    assert SEED not in pdf.get_metadata_dict()["Title"]


# ---------------------------------------------------------------------------- log
@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("seed", [SEED, "A", "GOLDEN-1", "B-2", "ZZ9"])
def test_log_examples_are_true_of_the_seeds_own_deck(seed, edition):
    from companion.games.dungeon_solitaire.cards import Special
    from companion.games.dungeon_solitaire.sheets import draft_example, verb_help

    rules = DS.rules_table(edition)
    deck = reward_deck(seed, rules)
    card = {c.id: c.card for c in deck}
    kind = {i: c.kind if isinstance(c, Special) else "room" for i, c in card.items()}
    kept = draft_example(rules, deck)
    for k, c in enumerate(kept):  # one card of each set
        assert (int(c.id[1:]) - 1) // rules.set_size == k
    lines = dict(verb_help(rules, deck))
    for verb in lines:
        words = verb.split()
        if words[0] == "draft":
            assert words[1:4] == [c.id for c in kept[:3]]
        elif words[0] == "draw":
            assert set(words[1:]) <= {c.id for c in kept[:3]}
        elif words[0] == "play":
            want = {"at": {"room"}, "on": {"slay", "turn"}, "E": {"leap"}, "": {"heal"}}
            assert kind[words[1]] in want[(words[2:3] or [""])[0]], verb
        elif words[0] == "chest":
            first = rules.draft_sets * rules.set_size
            assert first < int(words[1][1:]) <= first + rules.chest_offer
    # every kind of card this deck holds has its example, and no other
    shown = {kind[v.split()[1]] for v in lines if v.startswith("play")}
    assert {"leap", "heal"} & set(kind.values()) <= shown
    assert ("room" in shown) and (bool(shown & {"slay", "turn"})
                                  == bool(set(kind.values()) & {"slay", "turn"}))
    text = page_text(pypdfium2.PdfDocument(
        DS.render("log", seed, P5, "a4", {"edition": edition})), 0)
    for verb in lines:
        assert verb in text, verb
