"""Shuffle and Doom sheets as printed (issue 12): the stacking list prints exactly the
deck passes a game on the map can reach, the map grid takes the page (26x26 cells of
6.4 mm and more on A4 and Letter, every text 8 pt and more) with nothing overlapping and no ink within 5 mm of the
edge, one 50 mm scale bar in free space on the map, and counts that read right."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace

import pypdfium2
import pytest
from pdfcheck import render_page
from test_print_limits import ink_near_edge
from test_scale_bar import bars_mm

from companion.games import get_game
from companion.games.shuffle_and_doom import rules, seeded_map
from companion.games.shuffle_and_doom.generation import deal
from companion.games.shuffle_and_doom.mapsheet import GAP
from companion.games.shuffle_and_doom.sheets import (
    COMPACT,
    DECK,
    FULL_PAGE,
    Geometry,
    Tracker,
    draw_grid,
    draw_map_page,
    later_passes,
    passes_bound,
    plan_map_page,
    reachable_passes,
)
from companion.paper.document import SheetDocument
from companion.paper.frame import SCALE_BAR_HEIGHT
from companion.paper.layout import Rect, content_rect, load_layout
from companion.paper.units import mm
from companion.simulate import play

SD = get_game("shuffle-and-doom")
SEED = "K7Q2-9XMA"
PAPERS = ("a4", "letter")
MM = 72 / 25.4


def text_of(data: bytes) -> str:
    """Every page's text, lines joined by single spaces (wrapped sentences read whole)."""
    pdf = pypdfium2.PdfDocument(data)
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    return re.sub(r"\s+", " ", text)


# ----------------------------------------------------------------- passes reached
def next_fit(sizes: list[int]) -> int:
    """The pass a game ends in when it enters rooms of these sizes in this order (the
    rulings' deck passes, as reachable_passes explains them)."""
    passes, used = 1, 0
    for s in sizes:
        if s > DECK:
            passes += 1 if used == 0 else 2
            used = DECK
        elif used + s > DECK:
            passes, used = passes + 1, s
        else:
            used += s
    return passes


def god_game(seed: str, size: int, rng: random.Random, adversary: bool = False
             ) -> tuple[rules.State, list[int]]:
    """A legal game on the seeded map whose player cannot die (stats raised out of
    reach after the setup: stats only decide whether a game stops early, never which
    cards are drawn). Rooms are entered in a random order, or (``adversary``) in an
    order meant to end as many passes as it can: a room that overflows the pass first,
    the largest such, else the smallest room. Returns the end state and the sizes of
    the rooms in the order entered."""
    dmap = seeded_map(seed, size)
    s = rules.new_state(dmap, seed, frozenset())
    s = rules.apply(s, rules.Choose("row"))
    while s.bonus_owed:
        s = rules.apply(s, rules.Bonus(("health",)))
    s = replace(s, health=10**9, attack=10**9, intelligence=10**9)
    order: list[int] = []

    def room_size(a: rules.Enter) -> int:
        return len(dmap.rooms[dmap.room_index[a.cell]])

    while s.outcome is None:
        legal = rules.legal_actions(s)
        enters = [a for a in legal if isinstance(a, rules.Enter)]
        others = [a for a in legal if not isinstance(a, rules.Exit)] or legal
        if adversary and s.room is not None and s.room.entities:
            a = next((x for x in legal if isinstance(x, (rules.Hit, rules.Disarm,
                                                           rules.Loot))), rng.choice(legal))
        elif adversary and enters:
            left = len(s.deck) - s.deck_pos
            over = [x for x in enters if room_size(x) > left]
            if rng.random() < 0.2:
                a = rng.choice(enters)
            elif over:
                a = max(over, key=room_size)
            else:
                a = min(enters, key=room_size)
        else:
            a = rng.choice(others)
        if isinstance(a, rules.Enter):
            order.append(room_size(a))
        s = rules.apply(s, a)
    return s, order


def test_maps_of_at_most_52_cells_print_pass_one_only():
    for size in range(4, 8):  # 7x7 = 49 cells: pass 1's 52 cards never run out
        for i in range(40):
            assert reachable_passes(seeded_map(f"P{i}", size)) == 1
    assert later_passes(seeded_map(SEED, 7)) == 0
    for paper in PAPERS:
        data = SD.render("stack", SEED, {"size": 7}, paper)
        text = text_of(data)
        assert len(pypdfium2.PdfDocument(data)) == 1
        assert "Pass 1:" in text and "Pass 2" not in text
        assert "never run out and no later pass is needed" in text
        assert "page 1 of" not in text
    # the map's pass tracker says so instead of offering boxes for passes 2 to 6
    text = text_of(SD.render("map", SEED, {"size": 7}, "a4"))
    assert "Pass 1 only" in text and "x2" not in text


def test_a_large_map_prints_every_pass_a_game_can_reach_and_no_more():
    dmap = seeded_map(SEED, 26)
    last = reachable_passes(dmap)
    assert last == 8
    for paper in PAPERS:
        data = SD.render("stack", SEED, {"size": 26}, paper)
        text = text_of(data)
        for k in range(1, last + 1):
            assert f"Pass {k}:" in text
        assert f"Pass {last + 1}" not in text
        assert f"can reach pass {last} at most" in text
        pages = len(pypdfium2.PdfDocument(data))
        assert pages == 3 and f"page {pages} of {pages}" in text
    # no more than needed: a legal order of rooms on this very map reaches the last
    # printed pass in the engine
    best = max(god_game(SEED, 26, random.Random(k), adversary=True)[0].pass_no
               for k in range(6))
    assert best == last
    # and the map's tracker offers one box per pass, up to the last one's value
    text = text_of(SD.render("map", SEED, {"size": 26}, "letter"))
    assert f"x{2 ** (last - 1)}" in text and f"x{2 ** last}" not in text


def test_the_engine_ends_passes_as_next_fit_packs_the_rooms():
    """The model behind reachable_passes, checked against the rules engine itself on
    random legal orders, a map with rooms over 52 cells among them."""
    big = seeded_map("S6", 26)
    assert max(len(r) for r in big.rooms) > DECK
    rng = random.Random(7)
    for seed, size in [("S6", 26), (SEED, 26), ("G0", 19), ("G1", 13), ("G2", 9)]:
        for _ in range(3):
            state, order = god_game(seed, size, rng)
            assert state.pass_no == next_fit(order), (seed, size, order)


def test_the_bound_holds_for_every_order_of_the_rooms():
    rng = random.Random(3)
    for _ in range(400):
        sizes = [rng.choice([rng.randint(1, 12), rng.randint(1, 52), rng.randint(1, 80)])
                 for _ in range(rng.randint(1, 7))]
        best = max(next_fit(list(p)) for p in itertools.permutations(sizes))
        assert best <= passes_bound(sizes), sizes
    assert passes_bound([52]) == 1 and passes_bound([53]) == 2
    assert passes_bound([30, 30]) == 2 and passes_bound([26, 26]) == 1
    assert passes_bound([30, 23, 30]) == 3  # 30 | 23 | 30: 23 + 30 > 52


@pytest.mark.parametrize("size", [8, 10, 13, 19, 26])
def test_no_game_reaches_a_pass_the_stacking_list_does_not_print(size):
    """Seeded games of the simulated players, and legal games that cannot die (random
    and pass-hungry orders): none goes past the last pass the list prints."""
    deepest = 0
    for i in range(8):
        seed = f"R{size}-{i}"
        printed = reachable_passes(seeded_map(seed, size))
        for player in ("random", "greedy"):
            state = play(SD, seed, {"size": size}, player, keep_states=False).final
            assert state.pass_no <= printed, (seed, player, state.pass_no, printed)
        for adversary in (False, True):
            state, _ = god_game(seed, size, random.Random(i), adversary)
            assert state.pass_no <= printed, (seed, adversary, state.pass_no, printed)
            deepest = max(deepest, state.pass_no)
    if size >= 13:
        assert deepest >= 2  # the check reached later passes, not only pass 1


# --------------------------------------------------------------------- map layout
def map_plan(size: int, paper: str, seed: str = SEED, variants: tuple[str, ...] = ()):
    doc = SheetDocument("t", paper)
    payload = SD.payload(seed, {"size": size})
    plan = draw_map_page(doc, load_layout("map"), SD, deal(seed, size), payload, variants)
    return plan, doc.finish()


SMALLEST_CELL_MM = {  # measured, less a little: A4, Letter (issue 25: every text on
    # the map 8 pt and more, the frame measured from its type; a 30 mm QR block)
    5: (28.5, 27.3), 7: (22.0, 21.0), 9: (17.8, 17.0), 13: (12.5, 12.3),
    19: (9.0, 8.8), 26: (6.7, 6.5),
}


@pytest.mark.parametrize("size", sorted(SMALLEST_CELL_MM))
@pytest.mark.parametrize("paper", PAPERS)
def test_the_grid_takes_the_page(size, paper):
    plan, _ = map_plan(size, paper)
    want = SMALLEST_CELL_MM[size][PAPERS.index(paper)]
    assert plan.geometry.cell >= mm(want)
    area = content_rect(load_layout("map"), paper)
    block = plan.geometry.block
    # the grid spans the width of the page, or all the height the tracker leaves
    if plan.arrangement == "side":
        assert plan.tracker_text is not None
        assert block.w >= area.w - mm(1) or block.y - plan.tracker_text.y1 <= GAP + 0.01


def overlaps(a: Rect, b: Rect, slack: float = 0.01) -> bool:
    return (a.x < b.x1 - slack and b.x < a.x1 - slack and a.y < b.y1 - slack
            and b.y < a.y1 - slack)


def inside(a: Rect, b: Rect, slack: float = 0.01) -> bool:
    return (a.x >= b.x - slack and a.y >= b.y - slack and a.x1 <= b.x1 + slack
            and a.y1 <= b.y1 + slack)


@pytest.mark.parametrize("size", [4, 5, 7, 9, 13, 19, 26])
@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_on_the_map_page_overlaps_and_no_ink_near_the_edge(size, paper):
    plan, data = map_plan(size, paper, variants=("easy-stats", "flat-consumables"))
    area = content_rect(load_layout("map"), paper)
    parts = {"grid": plan.geometry.block, "tracker": plan.tracker,
             "identity": plan.identity}
    if plan.tracker_text is not None:
        parts["tracker text"] = plan.tracker_text
    for name, rect in parts.items():
        assert inside(rect, area), name
    for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
        assert not overlaps(a, b), (na, nb)
    dmap = seeded_map(SEED, size)
    tracker = Tracker(dmap, ("easy-stats", "flat-consumables"), reachable_passes(dmap))
    if plan.tracker_text is None:
        assert plan.tracker.h >= tracker.height(plan.tracker.w) - 0.01
    else:
        assert plan.tracker.h >= tracker.boxes_height(plan.tracker.w) - 0.01
        assert plan.tracker_text.h >= tracker.text_height(plan.tracker_text.w) - 0.01
    pdf = pypdfium2.PdfDocument(data)
    assert not ink_near_edge(render_page(pdf, 0, 150))


def ink_box(data: bytes, dpi: int = 200) -> Rect:
    """The rectangle (points) holding every dark pixel of page 1."""
    pdf = pypdfium2.PdfDocument(data)
    img = pdf[0].render(scale=dpi / 72, grayscale=True).to_pil()
    mask = img.point(lambda v: 255 if v < 235 else 0)
    left, top, right, bottom = mask.getbbox()
    h = pdf[0].get_size()[1]
    k = 72 / dpi
    return Rect(left * k, h - bottom * k, (right - left) * k, (bottom - top) * k)


@pytest.mark.parametrize("frame", [FULL_PAGE, COMPACT], ids=["full", "compact"])
@pytest.mark.parametrize("size", [5, 13, 26])
def test_the_grid_and_its_frame_stay_in_their_block(frame, size):
    doc = SheetDocument("t", "a4")
    geo = Geometry(Rect(mm(15), mm(15), mm(180), mm(260)), size, frame)
    draw_grid(doc.canvas, geo, seeded_map(SEED, size))
    ink = ink_box(doc.finish())
    assert inside(ink, geo.block, slack=mm(0.2)), (ink, geo.block)
    # and the frame is not much larger than what it holds (the full frame leaves room
    # for F beside small cells' larger type)
    waste = geo.cell * (0.12 if frame is COMPACT else 0.3) + 2
    assert ink.w >= geo.block.w - waste and ink.h >= geo.block.h - waste


@pytest.mark.parametrize("width_mm", [70, 78, 100, 190])
@pytest.mark.parametrize("size", [7, 26])
def test_the_tracker_stays_in_its_rectangle(width_mm, size):
    dmap = seeded_map("S6", size)
    tracker = Tracker(dmap, ("easy-stats", "flat-consumables"), reachable_passes(dmap))
    for extra in (0.0, mm(30)):
        rect = Rect(mm(10), mm(20), mm(width_mm), tracker.height(mm(width_mm)) + extra)
        doc = SheetDocument("t", "a4")
        tracker.draw(doc.canvas, rect)
        ink = ink_box(doc.finish())
        assert inside(ink, rect, slack=mm(0.3)), (ink, rect)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_map_still_scans_and_names_its_game_seed_and_kind(paper):
    from pdfcheck import qr_texts

    data = SD.render("map", SEED, {"size": 26}, paper)
    pdf = pypdfium2.PdfDocument(data)
    assert qr_texts(render_page(pdf, 0, 200)) == [SD.payload(SEED, {"size": 26})]
    text = text_of(data)
    assert all(s in text for s in ("Shuffle and Doom!", SEED, "size 26x26, map",
                                   "Printed by companion"))


# ------------------------------------------------------------------------ scale bar
def bar_is_clear(data: bytes, page: int = 0) -> None:
    """Page ``page`` has one 50 mm scale bar whose box (bar, ticks and label) holds
    nothing else and is crossed by nothing."""
    assert [round(w, 2) for w in bars_mm(data, page)] == [50.0]
    pdf = pypdfium2.PdfDocument(data)
    objs = [o.get_bounds() for o in pdf[page].get_objects()]
    bar = next(b for b in objs if abs((b[3] - b[1]) - mm(0.8)) < 0.05 and b[2] - b[0] >= mm(5))
    # the label: the text starting 2 mm after the bar, on its line
    label = next(o.get_bounds() for o in pdf[page].get_objects()
                 if o.type == pypdfium2.raw.FPDF_PAGEOBJ_TEXT
                 and abs(o.get_bounds()[0] - bar[2] - mm(2)) < mm(0.5)
                 and abs(o.get_bounds()[1] - bar[1]) < mm(1))
    box = (bar[0] - 0.5, min(bar[1], label[1]) - 0.5, label[2] + 0.5,
           max(bar[1] + SCALE_BAR_HEIGHT, label[3]) + 0.5)
    textpage = pdf[page].get_textpage()
    held = [b for b in objs if b[0] >= box[0] and b[1] >= box[1] and b[2] <= box[2]
            and b[3] <= box[3]]
    assert len(held) == 1 + 6 + 1  # the bar, a tick every 10 mm, the label
    crossing = [b for b in objs if b not in held and b[0] < box[2] and box[0] < b[2]
                and b[1] < box[3] and box[1] < b[3]]
    assert not crossing, crossing
    assert textpage.get_text_bounded(*box).strip() == "this bar is 50 mm: print at 100 %"


@pytest.mark.parametrize("size", [5, 7, 13, 26])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_map_page_has_one_50_mm_scale_bar_in_free_space(size, paper):
    bar_is_clear(SD.render("map", SEED, {"size": size}, paper))


def test_the_scale_bar_finds_room_with_a_wide_margin(tmp_path):
    """A layout whose title line has no room for the bar gets it on a strip of its own
    (a 13x13 map: a 26x26 one would need cells under 5.9 mm on this page)."""
    path = tmp_path / "wide.toml"
    path.write_text('name = "wide"\nkind = "page"\nmargin = 30\n', encoding="utf-8")
    for paper in PAPERS:
        data = SD.render("map", SEED, {"size": 13}, paper, {"layout": str(path)})
        bar_is_clear(data)
        assert not ink_near_edge(render_page(pypdfium2.PdfDocument(data), 0, 150))


# -------------------------------------------------------------------------- wording
PLURAL_AFTER_ONE = re.compile(r"\b1 (cards|cells|pages|passes|rooms|sheets|bonuses)\b")


@pytest.mark.parametrize("kind", ["map", "stack", "log"])
def test_counts_read_right(kind):
    for size, seed in [(4, "ONE"), (7, SEED), (26, SEED)]:
        text = text_of(SD.render(kind, seed, {"size": size}, "a4"))
        assert "(s)" not in text
        assert not PLURAL_AFTER_ONE.search(text), PLURAL_AFTER_ONE.search(text)


def test_credits_are_a_print_note_in_the_margin_or_on_a_strip_of_their_own():
    """The credits go in the bottom margin when it is deep enough for a print note
    (5.5 mm from the edge), else on a strip at the foot of the content, under the
    identity block and the tracker."""
    from companion.games.shuffle_and_doom.mapsheet import CREDIT_FONT, NOTE_EDGE

    payload = SD.payload(SEED, {"size": 26})
    lines = ["Shuffle and Doom!", SEED, "size 26x26, map"]
    area = Rect(mm(10), mm(10), mm(190), mm(262))
    dmap = seeded_map(SEED, 26)
    tracker = Tracker(dmap, (), reachable_passes(dmap))
    for margin in (mm(10), mm(6)):
        plan = plan_map_page(area, mm(98), area.y1 + mm(5), 26, payload, lines, mm(30),
                             tracker, SD.credits, margin=margin)
        x, y, notes = plan.credits
        assert notes and x == area.x1
        lowest = y - CREDIT_FONT[1] * 0.3
        if margin == mm(10):
            assert lowest >= area.y - margin + NOTE_EDGE - 0.01 and y < area.y
        else:
            top = y + (len(notes) - 1) * CREDIT_FONT[1] * 1.3 + CREDIT_FONT[1]
            assert lowest >= area.y and top <= min(plan.identity.y, plan.tracker.y)


def test_a_layout_too_small_for_8_pt_text_is_refused_with_one_clear_message(tmp_path):
    """A user layout whose page leaves a 26x26 grid cells too small for its 8 pt text is
    refused (LayoutError naming the least cell), not printed squeezed; a 7x7 map still
    prints on it."""
    from pathlib import Path

    from companion.errors import LayoutError

    text = (Path(__file__).resolve().parents[1] / "layouts" / "map.toml").read_text(
        encoding="utf-8")
    path = tmp_path / "wide-margin.toml"
    path.write_text(text.replace("margin = 10", "margin = 44").replace(
        'name = "map"', 'name = "wide-margin"'), encoding="utf-8")
    with pytest.raises(LayoutError, match=r"26 x 26 map .* cells of 5\.9 mm at least"):
        SD.render("map", SEED, {"size": 26}, "a4", {"layout": str(path)})
    assert SD.render("map", SEED, {"size": 7}, "a4", {"layout": str(path)})
