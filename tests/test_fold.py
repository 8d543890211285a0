"""Fold-over backs (docs/printing.md, Backs): each back is its front mirrored about the fold,
to 0.1 mm; everything stays 5 mm inside the paper; the back-offset note is printed."""

from __future__ import annotations

import pypdfium2
import pytest

from companion.errors import LayoutError, ParameterError
from companion.paper.document import SheetDocument
from companion.paper.fold import (
    back_turned,
    check_backs,
    draw_fold_crop_marks,
    draw_fold_line,
    draw_offset_note,
    fold_plan,
    offset_note,
)
from companion.paper.units import bounding_rect, mm

TOL = mm(0.1)
SIZES = [(63.0, 88.0), (40.0, 40.0), (25.0, 25.0), (30.0, 60.0)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("item", SIZES)
@pytest.mark.parametrize("reserve", [0.0, 16.0])
def test_each_back_lies_behind_its_front_about_the_fold(paper, item, reserve):
    plan = fold_plan(paper, item, reserve_mm=reserve)
    pw, ph = plan.page_size
    x0, y0, x1, y1 = plan.fold
    assert plan.per_page >= 1 and len(plan.backs) == plan.per_page
    for f, b in zip(plan.fronts, plan.backs, strict=True):
        assert (b.w, b.h) == pytest.approx((mm(item[0]), mm(item[1])), abs=1e-6)
        if plan.vertical:
            assert x0 == x1 == pytest.approx(pw / 2)
            assert f.x1 < x0 < b.x  # fronts on one side, backs on the other
            assert (x0 - f.x1) == pytest.approx(b.x - x0, abs=TOL)
            assert (x0 - f.x) == pytest.approx(b.x1 - x0, abs=TOL)
            assert b.y == pytest.approx(f.y, abs=TOL)
        else:
            assert y0 == y1
            assert f.y > y0 > b.y1
            assert (f.y - y0) == pytest.approx(y0 - b.y1, abs=TOL)
            assert b.x == pytest.approx(f.x, abs=TOL)
    every = bounding_rect(list(plan.fronts) + list(plan.backs))
    assert every.x >= mm(5) and every.y >= mm(5)
    assert every.x1 <= pw - mm(5) and every.y1 <= ph - mm(5)
    # the reserved strip at the bottom stays free
    assert every.y >= mm(reserve) - 1e-6
    # a fold down the middle keeps backs upright; across, they are turned
    assert plan.turn == (0 if plan.vertical else 180)


def test_the_plan_holds_the_most_cards():
    assert fold_plan("a4", (63, 88)).per_page == 4  # 2 x 2 fronts, landscape, fold down the middle
    assert fold_plan("letter", (63, 88)).per_page == 4
    assert fold_plan("a4", (63, 88)).vertical


def test_a_card_too_big_to_fold_is_refused_clearly():
    with pytest.raises(LayoutError, match="do not fit side by side"):
        fold_plan("a4", (150, 200))


@pytest.mark.parametrize("text,want", [(None, "duplex"), ("FOLD", "fold"), (" none", "none")])
def test_backs_values(text, want):
    assert check_backs(text) == want


def test_a_wrong_backs_value_is_refused():
    with pytest.raises(ParameterError, match="duplex, fold or none"):
        check_backs("folded")


def _ink_boxes(data: bytes) -> list[tuple[float, float, float, float]]:
    pdf = pypdfium2.PdfDocument(data)
    boxes = []
    for obj in pdf[0].get_objects():
        bounds = getattr(obj, "get_bounds", None) or obj.get_pos
        boxes.append(bounds())
    return boxes


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("item", SIZES)
def test_fold_page_marks_stay_inside_the_printable_area(paper, item):
    plan = fold_plan(paper, item)
    doc = SheetDocument("fold", paper, plan.landscape)
    c = doc.canvas
    draw_fold_line(c, plan)
    draw_fold_crop_marks(c, plan)
    for b in plan.backs:
        with back_turned(c, b, plan.turn):
            c.rect(b.x + mm(2), b.y + mm(2), b.w - mm(4), b.h - mm(4))
    pw, ph = plan.page_size
    boxes = _ink_boxes(doc.finish())
    assert boxes
    for left, bottom, right, top in boxes:
        assert left >= mm(5) - 0.5 and bottom >= mm(5) - 0.5
        assert right <= pw - mm(5) + 0.5 and top <= ph - mm(5) + 0.5


def test_no_crop_mark_crosses_the_fold():
    plan = fold_plan("a4", (63, 88))
    doc = SheetDocument("fold", "a4", plan.landscape)
    draw_fold_crop_marks(doc.canvas, plan)
    at = plan.fold[0]
    edge = bounding_rect(list(plan.fronts)).x1
    boxes = _ink_boxes(doc.finish())
    assert any(abs((left + right) / 2 - edge) < 0.5 for left, _b, right, _t in boxes)
    for left, _b, right, _t in boxes:
        assert not (left < at < right)
        assert right <= edge + 0.5  # nothing in the gutter


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_offset_note_is_printed_inside_the_paper(paper):
    from companion.paper.layout import grid_slots, load_layout

    layout = load_layout("poker")
    slots = grid_slots(layout, paper)
    doc = SheetDocument("backs", paper)
    box = draw_offset_note(doc.canvas, doc.page_size, slots, (1.5, -0.5))
    pw, ph = doc.page_size
    assert box.x >= mm(5) and box.y >= mm(5) - 0.5
    assert box.x1 <= pw - mm(5) and box.y1 <= ph - mm(5)
    block = bounding_rect(slots)
    assert box.y1 <= block.y or box.x1 <= block.x  # beside the cards, never on them
    text = pypdfium2.PdfDocument(doc.finish())[0].get_textpage().get_text_range()
    assert offset_note((1.5, -0.5)) in text
    assert "x +1.5 mm, y -0.5 mm" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_poker_cards_a_page_is_the_most_a_fold_can_hold(paper):
    # a fifth card and its back would need more paper than the page has inside the
    # 8 mm margin: fold-over decks gain pages elsewhere (the instruction page)
    from companion.paper.units import paper_size

    plan = fold_plan(paper, (63.0, 88.0), margin_mm=8.0, reserve_mm=18.0)
    assert plan.per_page == 4
    pw, ph = paper_size(paper, False)
    inside = (pw - 2 * mm(8)) * (ph - 2 * mm(8))
    assert 2 * 5 * mm(63) * mm(88) > inside
