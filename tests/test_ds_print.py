"""Dungeon Solitaire sheets at a real printer (docs/printing.md, issue 12): level tiles and reward
cards print duplex (backs on the next page, each back page saying the offset used),
fold-over (fronts and backs on one page, mirrored about a fold line) or fronts only;
fold-over backs land behind their fronts within 0.1 mm; every tile and card appears
exactly once in each mode; every front page names itself and its QR code decodes;
every front page, the map and the mat carry a 50 mm scale check over nothing; the
calibration sheet is the same for every seed and names none; no ink within 5 mm of the
paper edge in any mode."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cache

import pypdfium2
import pytest
from pdfcheck import page_text, qr_texts, render_page
from test_print_limits import ink_near_edge
from test_print_prefs import prefs
from test_scale_bar import bars_mm

from companion.games import get_game
from companion.games.dungeon_solitaire.generation import cell_name, generate_level, reward_deck
from companion.games.dungeon_solitaire.sheets import (
    FOLD_QR_MM,
    WHITE_BORDER_MM,
    TilePage,
    card_fold_pages,
    card_pages,
    sheet_payload,
    tile_fold_pages,
    tile_pages,
    tile_side_mm,
)
from companion.paper.fold import offset_note
from companion.paper.layout import load_layout
from companion.paper.qr import QUIET_MODULES, qr_matrix
from companion.paper.units import Rect, mm

DS = get_game("dungeon-solitaire")
SEED = "K7Q2-9XMA"
P5 = {"size": 5}
PAPERS = ("a4", "letter")
MODES = ("duplex", "fold", "none")
TOL = mm(0.1)
EPS = 0.01


@cache
def _data(kind: str, paper: str, backs: str | None = None, size: int = 5,
          offset: tuple[float, float] | None = None, level: int | None = None,
          seed: str = SEED) -> bytes:
    options: dict[str, object] = {}
    if backs is not None:
        options["backs"] = backs
    if offset is not None:
        options["back_offset"] = offset
    if level is not None:
        options["level"] = level
    return DS.render(kind, seed, {"size": size}, paper, options)


def _pdf(*args: object, **kwargs: object) -> pypdfium2.PdfDocument:
    return pypdfium2.PdfDocument(_data(*args, **kwargs))  # type: ignore[arg-type]


def _words(text: str) -> str:
    return " ".join(text.split())


def _in(page, r: Rect) -> str:
    """The text of ``page`` inside the rectangle ``r`` (points)."""
    return page.get_textpage().get_text_bounded(r.x, r.y, r.x1, r.y1)


def _tiles_wanted(size: int = 5, seed: str = SEED) -> Counter:
    return Counter((n, cell) for n in range(1, 10)
                   for cell in generate_level(seed, n, size).board)


# ------------------------------------------------------------- fold-over geometry
def _mirrored(plan, r: Rect) -> tuple[float, float]:
    x0, y0, _, _ = plan.fold
    return (2 * x0 - r.cx, r.cy) if plan.vertical else (r.cx, 2 * y0 - r.cy)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_fold_over_backs_are_planned_behind_their_fronts(paper, size):
    side = mm(tile_side_mm(load_layout("tile"), paper, size))
    for pages in (tile_fold_pages(SEED, size, paper), card_fold_pages(SEED, size, paper)):
        plans = {p.plan for p in pages}
        assert len(plans) == 1  # every page alike
        for page in pages:
            plan = page.plan
            pw, ph = plan.page_size
            assert len(page.items) == len(page.fronts) == len(page.backs) <= plan.per_page
            x0, y0, _, _ = plan.fold
            for f, b in zip(page.fronts, page.backs, strict=True):
                assert (f.w, f.h, b.w, b.h) == pytest.approx((side,) * 4, abs=EPS)
                assert (b.cx, b.cy) == pytest.approx(_mirrored(plan, f), abs=TOL)
                # fronts on one side of the fold, backs on the other, 5 mm off it
                if plan.vertical:
                    assert f.x1 <= x0 - mm(5) + EPS and b.x >= x0 + mm(5) - EPS
                else:
                    assert f.y >= y0 + mm(5) - EPS and b.y1 <= y0 - mm(5) + EPS
                for r in (f, b):
                    assert min(r.x, r.y, pw - r.x1, ph - r.y1) >= mm(8) - EPS
            # the strip for the page's name lies under every card
            band = page.band
            assert band.y >= mm(8) - EPS and band.h == pytest.approx(mm(FOLD_QR_MM))
            low = min(r.y for r in (*page.fronts, *page.backs))
            assert band.y1 + (mm(2) if plan.vertical else 0) <= low - mm(8) + EPS
        # the last page is the only one not full
        assert all(len(p.items) == p.plan.per_page for p in pages[:-1])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind,size", [("tiles", 5), ("cards", 5), ("tiles", 6),
                                       ("cards", 7)])
def test_fold_over_backs_are_drawn_behind_their_fronts(kind, size, paper):
    """Measured in the PDF: each front's cut square (its filled wall or frame) at its
    slot, each back's panel (the cut square less its 2 mm white border) centred on the
    front's mirror image about the drawn fold line, within 0.1 mm."""
    pages = (tile_fold_pages(SEED, size, paper) if kind == "tiles"
             else card_fold_pages(SEED, size, paper))
    pdf = _pdf(kind, paper, "fold", size)
    assert len(pdf) == len(pages)
    for k, page in enumerate(pages):
        plan = page.plan
        assert pdf[k].get_size() == pytest.approx(plan.page_size, abs=EPS)
        boxes = [o.get_bounds() for o in pdf[k].get_objects()
                 if o.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH]
        # the fold line as drawn: a dashed line along plan.fold, most of the sheet long
        x0, y0, _, _ = plan.fold
        pw, ph = plan.page_size
        if plan.vertical:
            assert any(abs((b[0] + b[2]) / 2 - x0) < TOL and b[3] - b[1] > ph * 0.8
                       for b in boxes)
        else:
            assert any(abs((b[1] + b[3]) / 2 - y0) < TOL and b[2] - b[0] > pw * 0.8
                       for b in boxes)
        for f, b in zip(page.fronts, page.backs, strict=True):
            assert any(bx == pytest.approx(f.box(), abs=EPS) for bx in boxes), f
            panel = b.inset(mm(WHITE_BORDER_MM))
            found = [bx for bx in boxes
                     if abs((bx[0] + bx[2]) / 2 - b.cx) < TOL
                     and abs((bx[1] + bx[3]) / 2 - b.cy) < TOL
                     and panel.w - EPS <= bx[2] - bx[0] <= panel.w + 4.0]
            assert found, b
            want = _mirrored(plan, f)
            for bx in found:
                assert ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2) == pytest.approx(
                    want, abs=TOL)


@pytest.mark.parametrize("paper", PAPERS)
def test_fold_over_backs_read_upright_after_the_fold(paper):
    # a fold across the sheet turns the backs 180 degrees, one down the middle does not
    for size in (5, 6):
        for page in tile_fold_pages(SEED, size, paper)[:1]:
            assert page.plan.turn == (0 if page.plan.vertical else 180)
    pdf = _pdf("tiles", paper, "fold")
    page = tile_fold_pages(SEED, 5, paper)[0]
    for (level, cell), b in zip(page.items, page.backs, strict=True):
        text = _words(_in(pdf[0], b))
        assert f"LEVEL {level}" in text and cell_name(cell) in text


# ------------------------------------------------------- every item once, page counts
def _front_labels(pdf, i: int, slots, pattern: str) -> list[str]:
    out = []
    for r in slots:
        found = re.findall(pattern, _words(_in(pdf[i], r.inset(0.5))))
        assert len(found) == 1, (i, r, found)
        out.append(found[0])
    return out


TILE = r"\b([a-g][1-7] L\d)\b"
CARD = r"\b(R\d+)\b"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", MODES)
def test_every_tile_appears_exactly_once(backs, paper):
    want = Counter(f"{cell_name(c)} L{n}" for n, c in _tiles_wanted())
    pdf = _pdf("tiles", paper, backs)
    fronts: list[str] = []
    behind = Counter()
    if backs == "fold":
        pages = tile_fold_pages(SEED, 5, paper)
        assert len(pdf) == len(pages) == math.ceil(sum(want.values()) / pages[0].plan.per_page)
        for i, page in enumerate(pages):
            fronts += _front_labels(pdf, i, page.fronts, TILE)
            for b in page.backs:
                text = _words(_in(pdf[i], b))  # read in any order: it is upside down
                level = re.findall(r"LEVEL (\d)", text)
                cells = re.findall(r"\b([a-g][1-7])\b", text)
                assert len(level) == len(cells) == 1 and "flip sideways" in text, text
                behind[f"{cells[0]} L{level[0]}"] += 1
    else:
        plan = tile_pages(SEED, 5, paper, backs=backs)
        sheets = len([p for p in plan if p.side == "front"])
        assert len(pdf) == len(plan) == (2 * sheets if backs == "duplex" else sheets)
        for i, page in enumerate(plan):
            if page.side == "front":
                fronts += _front_labels(pdf, i, page.slots, TILE)
            else:
                for (n, cell), r in zip(page.items, page.slots, strict=True):
                    text = _words(_in(pdf[i], r))
                    assert f"LEVEL {n}" in text and cell_name(cell) in text
                    behind[f"{cell_name(cell)} L{n}"] += 1
    assert Counter(fronts) == want
    assert behind == (Counter() if backs == "none" else want)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", MODES)
@pytest.mark.parametrize("size", [5, 4])
def test_every_reward_card_appears_exactly_once(backs, paper, size):
    want = Counter(c.id for c in reward_deck(SEED))
    assert len(want) == 60
    pdf = _pdf("cards", paper, backs, size)
    fronts: list[str] = []
    backs_seen = 0
    if backs == "fold":
        pages = card_fold_pages(SEED, size, paper)
        assert len(pdf) == len(pages) == math.ceil(60 / pages[0].plan.per_page)
        for i, page in enumerate(pages):
            fronts += _front_labels(pdf, i, page.fronts, CARD)
            for b in page.backs:
                assert _words(_in(pdf[i], b)) == "REWARD Dungeon Solitaire"
                backs_seen += 1
    else:
        plan = card_pages(SEED, size, paper, backs=backs)
        assert len(pdf) == len(plan)
        assert [p.side for p in plan] == (["front", "back"] if backs == "duplex"
                                          else ["front"]) * (len(plan) // (
                                              2 if backs == "duplex" else 1))
        for i, page in enumerate(plan):
            if page.side == "front":
                fronts += _front_labels(pdf, i, page.slots, CARD)
            else:
                for r in page.slots:
                    assert _words(_in(pdf[i], r)) == "REWARD Dungeon Solitaire"
                    backs_seen += 1
    assert Counter(fronts) == want
    assert backs_seen == (0 if backs == "none" else 60)


@pytest.mark.parametrize("paper", PAPERS)
def test_page_counts_and_page_numbers(paper):
    per = tile_fold_pages(SEED, 5, paper)[0].plan.per_page
    total = sum(_tiles_wanted().values())
    third = len(generate_level(SEED, 3, 5).board)
    # the tiles of every level on as few pages as the grid holds: 30 of 38 mm a page
    sheets = math.ceil(total / 30)
    cases = {
        ("tiles", "duplex", None): 2 * sheets, ("tiles", "none", None): sheets,
        ("tiles", "fold", None): math.ceil(total / per),
        ("tiles", "duplex", 3): 2, ("tiles", "none", 3): 1,
        ("tiles", "fold", 3): math.ceil(third / per),
        # 30 cards a page on A4 and Letter alike: the deck on two sheets
        ("cards", "duplex", None): 4,
        ("cards", "none", None): 2,
        ("cards", "fold", None): math.ceil(60 / per),
    }
    for (kind, backs, level), n in cases.items():
        pdf = _pdf(kind, paper, backs, level=level)
        assert len(pdf) == n, (kind, backs, level)
        step = 2 if backs == "duplex" else 1
        for i in range(0, n, step):
            assert f"page {i + 1} of {n}" in _words(page_text(pdf, i)), (kind, backs, i)
    # A4 and Letter hold 15 tiles of 38 mm a fold-over page: 6 sheets, 4 for the deck;
    # two-sided, 30 a page: 3 sheets for the tiles of all nine levels
    assert per == 15 and math.ceil(total / per) == 6 and sheets == 3


# ----------------------------------------------------------------- viewer, offsets
@pytest.mark.parametrize("kind", ["tiles", "cards"])
def test_only_duplex_documents_ask_for_a_long_edge_flip(kind):
    assert prefs(_data(kind, "a4")) == {"PrintScaling": "None",
                                        "Duplex": "DuplexFlipLongEdge"}
    assert _data(kind, "a4") == _data(kind, "a4", "duplex")
    for backs in ("fold", "none"):
        assert prefs(_data(kind, "a4", backs)) == {"PrintScaling": "None"}
    # the calibration sheet is printed two-sided too
    assert prefs(_data("calibrate", "letter"))["Duplex"] == "DuplexFlipLongEdge"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", ["tiles", "cards"])
@pytest.mark.parametrize("offset", [None, (1.5, -0.5), (-2.0, 3.25)])
def test_duplex_back_pages_print_the_offset_used(kind, paper, offset):
    note = _words(offset_note(offset or (0.0, 0.0)))
    pdf = _pdf(kind, paper, offset=offset)
    sides = ([p.side for p in tile_pages(SEED, 5, paper)] if kind == "tiles"
             else [p.side for p in card_pages(SEED, 5, paper)])
    for i, side in enumerate(sides):
        text = _words(page_text(pdf, i))
        assert (note in text) == (side == "back"), (i, side)
    assert "x +0.0 mm, y +0.0 mm" in note or offset
    # fold-over and one-sided sheets have no back page to shift
    for backs in ("fold", "none"):
        other = _pdf(kind, paper, backs, offset=offset)
        assert all("backs shifted" not in page_text(other, i) for i in range(len(other)))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("offset", [None, (1.0, -0.5)])
def test_the_calibration_back_prints_its_offset(paper, offset):
    pdf = _pdf("calibrate", paper, offset=offset)
    note = _words(offset_note(offset or (0.0, 0.0)))
    assert note not in _words(page_text(pdf, 0))
    assert note in _words(page_text(pdf, 1))


# ------------------------------------------------------------------- naming, QR codes
def _fold_payloads(kind: str, paper: str, level: int | None = None) -> list[str]:
    if kind == "cards":
        return [sheet_payload(DS, SEED, P5, "cards")] * len(card_fold_pages(SEED, 5, paper))
    out = []
    for page in tile_fold_pages(SEED, 5, paper, levels=[level] if level else None):
        levels = {lv for lv, _ in page.items}
        out.append(sheet_payload(DS, SEED, P5, "tiles",
                                 levels.pop() if len(levels) == 1 else None))
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind,name", [("tiles", "tiles"), ("cards", "reward cards")])
def test_every_fold_over_page_names_itself_and_its_qr_decodes(kind, name, paper):
    for level in ((None, 3) if kind == "tiles" else (None,)):
        pdf = _pdf(kind, paper, "fold", level=level)
        want = _fold_payloads(kind, paper, level)
        assert len(pdf) == len(want)
        keywords = pdf.get_metadata_dict()["Keywords"].split()
        for i, payload in enumerate(want):
            text = _words(page_text(pdf, i))
            for needle in ("Dungeon Solitaire", SEED, name, f"page {i + 1} of {len(pdf)}",
                           "fold"):
                assert needle in text, (i, needle)
            assert qr_texts(render_page(pdf, i, 300)) == [payload], i
            assert payload in keywords
        if kind == "tiles" and level is None:
            # pages of two levels scan as all the tiles; the document names every level
            # and then all the tiles, and so does describe
            whole = sheet_payload(DS, SEED, P5, "tiles")
            assert whole in want and "levels 1-2" in _words(page_text(pdf, 0))
            every = [sheet_payload(DS, SEED, P5, "tiles", n) for n in range(1, 10)]
            # the first page's code (all the tiles) leads: the Subject is what it prints
            assert keywords == [whole, *every] and want[0] == whole
            described = DS.describe("tiles", SEED, P5, {"backs": "fold"})["payloads"]
            assert described == [*every, whole]  # the frozen --json data
        if level == 3:
            assert set(want) == {sheet_payload(DS, SEED, P5, "tiles", 3)}
            assert keywords == [sheet_payload(DS, SEED, P5, "tiles", 3)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", ["tiles", "cards"])
def test_every_one_sided_page_names_itself_and_its_qr_decodes(kind, paper):
    pdf = _pdf(kind, paper, "none")
    plan = (tile_pages(SEED, 5, paper, backs="none") if kind == "tiles"
            else card_pages(SEED, 5, paper, backs="none"))
    assert len(plan) == len(pdf)
    for i, page in enumerate(plan):
        levels = page.levels if isinstance(page, TilePage) else []
        payload = (sheet_payload(DS, SEED, P5, "tiles", levels[0] if len(levels) == 1
                                 else None) if kind == "tiles"
                   else sheet_payload(DS, SEED, P5, "cards"))
        text = _words(page_text(pdf, i))
        assert SEED in text and f"page {i + 1} of {len(pdf)}" in text
        assert "one-sided" in text and "two-sided" not in text
        assert qr_texts(render_page(pdf, i, 300)) == [payload], i


@pytest.mark.parametrize("seed", [SEED, "A", "A-VERY-LONG-SEED-42"])
def test_the_fold_over_qr_symbol_is_at_least_12_mm(seed):
    for payload in (sheet_payload(DS, seed, P5, "cards"), sheet_payload(DS, seed, P5, "tiles"),
                    sheet_payload(DS, seed, {"size": 7}, "tiles", 9)):
        n = len(qr_matrix(payload))
        assert FOLD_QR_MM * n / (n + 2 * QUIET_MODULES) >= 12.0, payload


# --------------------------------------------------------------------- scale check
SCALE_LABEL = "this bar is 50 mm: print at 100 %"


def _front_pages(kind: str, paper: str, backs: str | None, size: int = 5) -> list[int]:
    if kind == "tiles" and backs != "fold":
        return [i for i, p in enumerate(tile_pages(SEED, size, paper, backs=backs or "duplex"))
                if p.side == "front"]
    if kind == "cards" and backs != "fold":
        return [i for i, p in enumerate(card_pages(SEED, size, paper, backs=backs or "duplex"))
                if p.side == "front"]
    return list(range(len(_pdf(kind, paper, backs, size))))


SCALED = [("tiles", None, 5), ("tiles", "fold", 5), ("tiles", "none", 5), ("tiles", "fold", 6),
          ("cards", None, 5), ("cards", "fold", 5), ("cards", "none", 5), ("cards", None, 4),
          ("cards", None, 6), ("cards", "fold", 7), ("map", None, 5), ("mat", None, 5),
          ("mat", None, 7)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind,backs,size", SCALED)
def test_every_front_page_carries_one_50_mm_scale_bar(kind, backs, size, paper):
    data = _data(kind, paper, backs, size)
    fronts = _front_pages(kind, paper, backs, size)
    n = len(pypdfium2.PdfDocument(data))
    for i in range(n):
        found = bars_mm(data, i)
        if i in fronts:
            assert len(found) == 1 and found[0] == pytest.approx(50.0, abs=0.01), (i, found)
        else:
            assert found == [], i  # nothing on a back page but the backs and the note


def _scale_check(page) -> tuple[Rect, list]:
    """The scale check of ``page``: the box round its bar, ticks and label, and those
    page objects."""
    objs = list(page.get_objects())
    bar = next(o for o in objs if o.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH
               and abs(o.get_bounds()[3] - o.get_bounds()[1] - mm(0.8)) < 0.05)
    bx0, by0, bx1, by1 = bar.get_bounds()
    own = [bar]
    text = page.get_textpage()
    for o in objs:
        x0, y0, x1, y1 = o.get_bounds()
        tick = (o.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH and o is not bar
                and abs(y0 - by0) < 0.5 and abs(y1 - y0 - mm(1.8)) < 1.0 and x1 - x0 < 1.0
                and bx0 - 1 <= x0 and x1 <= bx1 + 1)
        label = (o.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT and abs(y0 - by0) < mm(5)
                 and SCALE_LABEL in _words(text.get_text_bounded(x0 - 1, y0 - 1, x1 + 1,
                                                                 y1 + 1)))
        if tick or label:
            own.append(o)
    assert len(own) == 1 + 6 + 1, len(own)  # the bar, 6 ticks, the label
    boxes = [o.get_bounds() for o in own]
    box = Rect(min(b[0] for b in boxes), min(b[1] for b in boxes), 0, 0)
    box = Rect(box.x, box.y, max(b[2] for b in boxes) - box.x, max(b[3] for b in boxes) - box.y)
    return box, own


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind,backs,size", SCALED)
def test_the_scale_bar_lies_in_free_space_5_mm_inside_the_paper(kind, backs, size, paper):
    """Nothing else is drawn within 0.5 mm of the scale check: the page rendered
    without it is blank there."""
    for i in _front_pages(kind, paper, backs, size)[:2]:
        pdf = _pdf(kind, paper, backs, size)
        page = pdf[i]
        box, own = _scale_check(page)
        pw, ph = page.get_size()
        assert min(box.x, box.y, pw - box.x1, ph - box.y1) >= mm(5), (i, box)
        for o in own:
            page.remove_obj(o)
        page.gen_content()
        dpi = 150
        img = render_page(pdf, i, dpi)
        s = dpi / 72
        zone = box.inset(-mm(0.5))
        crop = img.crop((int(zone.x * s), int((ph - zone.y1) * s), math.ceil(zone.x1 * s),
                         math.ceil((ph - zone.y) * s)))
        assert sum(crop.histogram()[:235]) == 0, (kind, backs, i, box)


# ------------------------------------------------------------ printable area, wording
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind,backs,size", [("tiles", "fold", 5), ("tiles", "none", 5),
                                             ("cards", "fold", 5), ("cards", "none", 5),
                                             ("tiles", "fold", 6), ("cards", "fold", 7),
                                             ("cards", None, 4), ("tiles", None, 7)])
def test_no_ink_within_5_mm_of_the_edge_in_any_mode(kind, backs, size, paper):
    pdf = _pdf(kind, paper, backs, size, offset=(2.0, -2.0) if backs is None else None)
    bad = {i + 1: near for i in range(len(pdf))
           if (near := ink_near_edge(render_page(pdf, i, 150)))}
    assert not bad


def test_no_plural_placeholders_or_1_sheets():
    texts = []
    for paper in PAPERS:
        for kind in ("tiles", "cards"):
            for backs in MODES:
                pdf = _pdf(kind, paper, backs)
                texts += [page_text(pdf, i) for i in range(len(pdf))]
        for kind in ("mat", "log", "calibrate", "map"):
            pdf = _pdf(kind, paper)
            texts += [page_text(pdf, i) for i in range(len(pdf))]
    text = _words(" ".join(texts))
    assert "(s)" not in text
    assert not re.search(r"(?<!level )\b1 (sheets|pages|tiles|cards|levels)\b", text)
    assert "1 sheet" not in text or "1 sheet." in text


# ------------------------------------------------------------------------ calibration
@pytest.mark.parametrize("paper", PAPERS)
def test_the_calibration_sheet_is_seedless(paper):
    from companion.games.dungeon_solitaire import sheets

    payload = f"companion:{DS.edition}/ds/kind=calibrate"
    data = _data("calibrate", paper)
    for other in (_data("calibrate", paper, seed="OTHER"), _data("calibrate", paper, size=7),
                  sheets.render(DS, "calibrate", SEED, {"size": 6}, paper, {})):
        assert other == data  # whatever seed or size it is asked with
    assert SEED.encode() not in data
    pdf = pypdfium2.PdfDocument(data)
    meta = pdf.get_metadata_dict()
    assert meta["Subject"] == payload and meta["Keywords"] == payload
    assert SEED not in meta["Title"] and "seed" not in meta["Title"].lower()
    assert qr_texts(render_page(pdf, 0)) == [payload]
    for i in range(len(pdf)):
        text = _words(page_text(pdf, i))
        assert SEED not in text and "Seed" not in text and "seed " + SEED not in text
    assert "companion calibrate --save" in _words(page_text(pdf, 0))
