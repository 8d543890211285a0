"""Clear the Dungeon sheets that survive real printers (issue 12): the log sheet holds the
longest game (continuation pages named "page 2 of 2", a QR code on each); the deck is
seedless, starts with its instructions, names every card page in its margin (QR code
where one fits), carries the 50 mm scale bar, and prints its backs duplex, fold-over or
not at all; fold-over backs land behind their fronts; the wording reads as English.
Measured in the PDF: text via pypdfium2, QR codes via zxing-cpp, geometry in points."""

from __future__ import annotations

import math
import re

import pypdfium2
import pypdfium2.raw
import pytest
from pdfcheck import page_text, qr_texts, render_page
from test_design_rules import CARD_FACE, broken_rules
from test_print_limits import ink_near_edge
from test_print_prefs import prefs
from test_scale_bar import bars_mm

from companion.games import get_game
from companion.games.clear_the_dungeon.sheets import (
    DECK_CARDS,
    LOG_LINES,
    LOG_LINES_BOUND,
    LOG_LINES_SEEN,
    SMALL_QR_MM,
    deck_fold_plan,
    deck_pages,
    draw_log_pages,
)
from companion.paper.document import SheetDocument
from companion.paper.layout import load_layout
from companion.paper.units import mm
from companion.simulate import play

CTD = get_game("clear-the-dungeon")
SEED = "K7Q2-9XMA"
PAPERS = ("a4", "letter")
DECK_PAYLOAD = "companion:1/ctd/kind=deck"
MEASURED_MAX_LOG_LINES = 84
"""The longest game the simulations saw (companion/games/clear_the_dungeon/sheets.py,
LOG_LINES_SEEN): 84 written log lines, a random player's game with the reserve rule,
over 60,000 simulated games (seeds S0-S4999, random/greedy/expert, all four variant
sets); the 99.9th percentile is 81. The solver's best lines are shorter."""
PAGES = {"duplex": 14, "fold": 14, "none": 7}
"""Deck pages per --backs, on A4 and Letter alike: the instruction page (and its back,
duplex), then 6 pages of 9 fronts (each with its backs, duplex) or 13 fold-over pages
of 4 cards (the two jokers, with their backs, ride on the instruction page: 4 poker
cards and their backs is the most a fold-over A4 or Letter page holds)."""


def deck(paper: str = "a4", **options: object) -> bytes:
    return CTD.render("deck", SEED, {}, paper, dict(options))


def texts(data: bytes) -> list[str]:
    pdf = pypdfium2.PdfDocument(data)
    return [page_text(pdf, i) for i in range(len(pdf))]


def _bounds(obj):
    return (getattr(obj, "get_bounds", None) or obj.get_pos)()  # pypdfium2 5 or 4


def _paths(data: bytes, page: int) -> list[tuple[float, float, float, float]]:
    pdf = pypdfium2.PdfDocument(data)
    return [_bounds(o) for o in pdf[page].get_objects()
            if o.type == pypdfium2.raw.FPDF_PAGEOBJ_PATH]


# ----------------------------------------------------------------------------- log
def test_the_log_sheet_holds_the_longest_game_seen_and_any_game_the_rules_allow():
    assert LOG_LINES_SEEN == MEASURED_MAX_LOG_LINES
    assert LOG_LINES >= LOG_LINES_BOUND >= MEASURED_MAX_LOG_LINES
    # the bound: 1 monsters + 14 draws + 8 reveals + 42 hand cards + 36 reserve plays
    assert LOG_LINES_BOUND == 1 + 14 + 8 + 42 + 36


def _body_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip() and not line.startswith("["))


@pytest.mark.parametrize("variants", [(), ("reserve",), ("reserve", "no-jokers")])
def test_simulated_games_stay_within_the_bound(variants):
    bound = LOG_LINES_BOUND if "reserve" in variants else 1 + 14 + 8 + 42
    longest = 0
    for i in range(60):
        for player in ("random", "greedy"):
            game = play(CTD, f"S{i}", {}, player, player_seed=player, variants=variants)
            longest = max(longest, _body_lines(game.log_text()))
    assert 40 < longest <= bound


@pytest.mark.parametrize("paper", PAPERS)
def test_log_lines_run_on_over_numbered_pages_each_with_its_qr(paper):
    data = CTD.render("log", SEED, {}, paper, {"variants": ("reserve",)})
    pdf = pypdfium2.PdfDocument(data)
    pages = len(pdf)
    assert pages == 2
    payload = CTD.payload(SEED, {}, kind="log", variant="reserve")
    numbers: list[int] = []
    for i in range(pages):
        text = page_text(pdf, i)
        for needle in ("Clear the Dungeon", SEED, f"log sheet, page {i + 1} of {pages}",
                       "variant: reserve"):
            assert needle in text, (i, needle)
        assert qr_texts(render_page(pdf, i)) == [payload], i
        numbers += [int(t) for t in re.findall(r"^\s*(\d+)\s*$", text, re.M)]
    # the line numbers run on from page to page: 1, 2, ... N without a gap
    ruled = sorted(n for n in numbers if n >= 1)
    assert ruled == list(range(1, len(ruled) + 1))
    assert len(ruled) >= MEASURED_MAX_LOG_LINES and len(ruled) >= LOG_LINES
    doc = SheetDocument("log", paper)
    counts = draw_log_pages(doc, load_layout("list"), CTD, SEED, ("reserve",), payload)
    assert len(counts) == 2 and sum(counts) == len(ruled)
    assert f"go on from line {counts[0] + 1}" in page_text(pdf, 1)
    assert "More lines on page 2 of 2" in page_text(pdf, 0)


# ---------------------------------------------------------------------------- deck
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", ["duplex", "fold", "none"])
def test_deck_page_counts_and_every_card_once(paper, backs):
    plan = deck_pages(paper, backs=backs)
    assert len(plan) == PAGES[backs]
    assert plan[0].side == "about"  # the instructions come first
    faces = [p for p in plan if p.side in ("front", "fold")]
    about = list(plan[0].cards)  # fold-over: the deck's last cards
    assert [c for p in faces for c in p.cards] + about == list(DECK_CARDS)
    assert len(about) == (2 if backs == "fold" else 0)
    if backs == "duplex":
        assert [p.side for p in plan[1:]] == ["about-back"] + ["front", "back"] * 6
    else:
        assert all(p.side != "back" for p in plan)
    assert len(pypdfium2.PdfDocument(deck(paper, backs=backs))) == PAGES[backs]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", ["duplex", "fold", "none"])
def test_deck_pages_name_themselves_without_a_seed(paper, backs):
    data = deck(paper, backs=backs)
    pages = texts(data)
    m = len(pages)
    assert SEED not in "".join(pages)
    assert "seed printed" not in "".join(pages)
    first = pages[0]
    assert "How to print" in first and f"deck, page 1 of {m}" in first
    # no absolute page numbers in the instructions (a pack moves the deck)
    assert not re.search(r"\bpages? \d+\b(?! of)", first), first
    plan = deck_pages(paper, backs=backs)
    for i, page in enumerate(plan):
        if page.side in ("front", "fold", "back", "about-back"):
            assert "Clear the Dungeon" in pages[i], i
            assert f"deck, page {i + 1} of {m}" in pages[i], i


def _qr_box(data: bytes, page: int) -> tuple[float, float, float, float]:
    """The small QR code's black runs (a square path 12 to 16 mm wide)."""
    found = [b for b in _paths(data, page)
             if mm(12) <= b[2] - b[0] <= mm(16) and abs((b[2] - b[0]) - (b[3] - b[1])) < 1]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("backs", ["duplex", "none", "fold"])
@pytest.mark.parametrize("paper", PAPERS)
def test_card_pages_carry_a_small_qr_where_the_margin_holds_one(paper, backs):
    data = deck(paper, backs=backs)
    pdf = pypdfium2.PdfDocument(data)
    plan = deck_pages(paper, backs=backs)
    pw, ph = pdf[0].get_size()
    for i, page in enumerate(plan):
        if page.side not in ("front", "fold"):
            continue
        img = render_page(pdf, i, dpi=300)
        if paper == "letter" and backs != "fold":
            # 3 x 88 mm cards leave 7.7 mm above and below, 13.45 mm beside: no room for
            # a 12 mm symbol 5 mm inside the paper; the page names itself in plain text
            assert qr_texts(img) == [], i
            continue
        assert qr_texts(img) == [DECK_PAYLOAD], i
        x0, y0, x1, y1 = _qr_box(data, i)
        assert x1 - x0 >= mm(SMALL_QR_MM) - 0.01 >= mm(12)
        assert min(x0, y0, pw - x1, ph - y1) >= mm(5) - 0.01
        for card in (*page.slots, *page.backs):  # never over a card
            assert x1 <= card.x or x0 >= card.x1 or y1 <= card.y or y0 >= card.y1


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", ["duplex", "fold", "none"])
def test_every_card_page_has_a_50_mm_scale_bar(paper, backs):
    data = deck(paper, backs=backs)
    for i, page in enumerate(deck_pages(paper, backs=backs)):
        found = bars_mm(data, i)
        if page.side in ("front", "fold", "about"):
            assert found == [pytest.approx(50.0, abs=0.01)], (i, found)
        else:
            assert found == [], i


@pytest.mark.parametrize("paper", PAPERS)
def test_the_mat_has_a_50_mm_scale_bar_on_each_sheet_clear_of_its_spots(paper):
    from companion.games.clear_the_dungeon.sheets import draw_mat_page

    data = CTD.render("mat", SEED, {}, paper, {"variants": ("reserve", "no-jokers")})
    assert bars_mm(data, 0) == bars_mm(data, 1) == [pytest.approx(50.0, abs=0.01)]
    doc = SheetDocument("t", paper, landscape=True)
    geo = draw_mat_page(doc, load_layout("mat"), CTD, SEED, (), CTD.payload(SEED, {}), None)
    # the scale check sits in the identity strip, under every spot and track
    low = min(r.y for r in (*geo.columns, *geo.damage_boxes))
    assert low > mm(10) + mm(20)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", ["fold", "none"])
def test_fold_and_fronts_only_stay_5_mm_inside_the_paper(paper, backs):
    data = deck(paper, backs=backs)
    pdf = pypdfium2.PdfDocument(data)
    bad = {i + 1: near for i in range(len(pdf))
           if (near := ink_near_edge(render_page(pdf, i)))}
    assert not bad


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("backs", ["fold", "none"])
def test_fold_and_fronts_only_decks_keep_the_design_rules(paper, backs):
    # the design cases check the default (duplex) deck; these two are composed apart
    # (the fold-over instruction page carries the jokers, a one-sided one the samples)
    from companion.paper.audit import audit_pdf

    assert broken_rules(audit_pdf(deck(paper, backs=backs)), CARD_FACE) == {}


@pytest.mark.parametrize("paper", PAPERS)
def test_the_deck_in_poker_bleed_stays_5_mm_inside_and_flips_on_the_short_edge(paper):
    data = deck(paper, layout="poker-bleed")
    assert prefs(data).get("Duplex") == "DuplexFlipShortEdge"
    pdf = pypdfium2.PdfDocument(data)
    assert not {i: n for i in range(len(pdf)) if (n := ink_near_edge(render_page(pdf, i)))}


def test_viewer_preferences_follow_the_backs():
    assert prefs(deck())["Duplex"] == "DuplexFlipLongEdge"
    assert "Duplex" not in prefs(deck(backs="fold"))
    assert "Duplex" not in prefs(deck(backs="none"))
    assert deck(backs="fold") == deck(backs="fold")  # reproducible in every mode
    assert deck(backs="none") == deck("a4", backs="none")


# --- fold-over backs land behind their fronts
def _centre(b):
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _mirror(r, plan):
    x0, y0, _, _ = plan.fold
    if plan.vertical:
        return (2 * x0 - r.x1, r.y, 2 * x0 - r.x, r.y1)
    return (r.x, 2 * y0 - r.y1, r.x1, 2 * y0 - r.y)


@pytest.mark.parametrize("paper", PAPERS)
def test_fold_over_backs_land_behind_their_fronts_within_0_1_mm(paper):
    plan = deck_fold_plan(load_layout("poker"), paper)
    pages = deck_pages(paper, backs="fold")
    data = deck(paper, backs="fold")
    tol = mm(0.1)
    for i, page in enumerate(pages):
        if page.fold is None:
            continue
        if page.side == "about":  # the top row of the same plan
            assert set(page.slots) <= set(plan.fronts) and len(page.slots) == 2
            assert page.fold.fold == plan.fold and page.fold.turn == plan.turn
            assert max(r.y for r in plan.fronts) == page.slots[0].y
        else:
            assert page.fold == plan
        for r in (*page.slots, *page.backs):  # cards at their exact size
            assert (r.w, r.h) == pytest.approx((mm(63), mm(88)), abs=1e-6)
        # the fronts in the PDF: the cut lines run round the block of fronts
        fx0 = min(r.x for r in page.slots)
        fy0 = min(r.y for r in page.slots)
        fx1 = max(r.x1 for r in page.slots)
        fy1 = max(r.y1 for r in page.slots)
        paths = _paths(data, i)
        # (bounds include the stroke, the same on every side: centres are compared)
        cut = [b for b in paths if all(abs(a - e) < mm(0.5) for a, e in
                                       zip(b, (fx0, fy0, fx1, fy1), strict=True))]
        assert len(cut) == 1, "no cut lines round the fronts"
        assert _centre(cut[0]) == pytest.approx(_centre((fx0, fy0, fx1, fy1)), abs=tol)
        # the backs in the PDF: each card back's framed panel, 3.5 mm inside its card
        inset = mm(3.5)
        panels = sorted((b for b in paths
                         if abs((b[2] - b[0]) - (mm(63) - 2 * inset)) < mm(1.2)
                         and abs((b[3] - b[1]) - (mm(88) - 2 * inset)) < mm(1.2)),
                        key=lambda b: (round(b[0]), round(b[1])))
        assert len(panels) == len(page.cards)
        want = sorted((_mirror(f, plan) for f in page.slots),
                      key=lambda b: (round(b[0]), round(b[1])))
        for got, exp in zip(panels, want, strict=True):
            (gx, gy), (ex, ey) = _centre(got), _centre(exp)
            assert math.hypot(gx - ex, gy - ey) <= tol, (i, got, exp)
        # and the plan: every back is its front mirrored about the fold
        for front, back in zip(page.slots, page.backs, strict=True):
            assert back.box() == pytest.approx(_mirror(front, plan), abs=tol)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_fold_line_and_its_word_are_drawn(paper):
    pages = texts(deck(paper, backs="fold"))
    assert all("fold" in t for t in pages[1:])
    assert "Fold on the dashed line" in pages[1]


# --- duplex backs: the offset note, and all alike
def test_duplex_back_pages_print_the_offset_they_use():
    for offset, words in (((1.5, -0.5), "x +1.5 mm, y -0.5 mm"), (None, "x +0.0 mm, y +0.0 mm")):
        options = {"back_offset": offset} if offset else {}
        pages = texts(deck(**options))
        plan = deck_pages("a4")
        for i, page in enumerate(plan):
            assert (words in pages[i]) == (page.side in ("back", "about-back")), (i, words)


def test_the_backs_of_the_deck_are_all_alike():
    data = deck("a4", back_offset=(1.0, 0.5))
    pdf = pypdfium2.PdfDocument(data)
    plan = deck_pages("a4", back_offset=(1.0, 0.5))
    h = pdf[0].get_size()[1]
    s = 100 / 72
    seen: dict[int, bytes] = {}
    for i, page in enumerate(plan):
        if page.side != "back":
            continue
        img = render_page(pdf, i, dpi=100)
        for k, r in enumerate(page.slots):
            crop = img.crop((round(r.x * s), round((h - r.y1) * s), round(r.x1 * s),
                             round((h - r.y) * s))).tobytes()
            assert seen.setdefault(k, crop) == crop, (i, k)
    assert len(seen) == 9


# ------------------------------------------------------------------------- wording
def test_the_wording_reads_as_english():
    one = texts(CTD.render("mat", SEED, {}, "a4", {"variants": ("reserve",)}))
    two = texts(CTD.render("stack", SEED, {}, "a4", {"variants": ("reserve", "no-jokers")}))
    assert "variant: reserve" in one[0] and "variants: reserve, no-jokers" in two[0]
    every = one + two
    for kind in ("mat", "stack", "log"):
        every += texts(CTD.render(kind, SEED, {}, "letter", {"variants": ("no-jokers",)}))
    for backs in ("duplex", "fold", "none"):
        every += texts(deck(backs=backs))
    text = "\n".join(every)
    assert "(s)" not in text
    assert not re.search(r"\b1 (pages|cards|sheets|lines)\b", text)
    assert "variants reserve" not in text and "variants no-jokers" not in text
