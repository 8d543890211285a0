"""Paper sizes and layouts (docs/printing.md): geometry checked by numbers."""

from __future__ import annotations

import contextlib
import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import LayoutError
from companion.paper.layout import (
    MIN_QR_MM,
    Layout,
    Rect,
    builtin_layouts,
    content_rect,
    fit_square,
    grid_shape,
    grid_slots,
    load_layout,
    mirror_slot,
    parse_layout,
)
from companion.paper.units import MM, PAPER_MM, default_paper, mm, paper_size

PAPERS = ("a4", "letter")
EXPECTED_BUILTINS = {"map", "list", "poker", "poker-bleed", "tile", "booklet-a5"}
TOL = 1e-6


# --- units ----------------------------------------------------------------------------


def test_mm_is_exact():
    assert MM == 72 / 25.4
    assert mm(25.4) == pytest.approx(72.0, abs=1e-12)
    assert paper_size("a4") == pytest.approx((210 * 72 / 25.4, 297 * 72 / 25.4), abs=TOL)
    assert paper_size("letter") == pytest.approx((612.0, 792.0), abs=TOL)
    assert paper_size("letter", landscape=True) == pytest.approx((792.0, 612.0), abs=TOL)
    assert paper_size("A4") == paper_size("a4")


def test_unknown_paper_is_a_layout_error():
    with pytest.raises(LayoutError, match="unknown paper 'a5'"):
        paper_size("a5")
    # the big papers of the play mats (docs/printing.md, "Play mats")
    assert paper_size("a3") == pytest.approx((mm(297), mm(420)))
    assert paper_size("tabloid", landscape=True) == pytest.approx((17 * 72, 11 * 72))


def test_default_paper_reads_the_environment(monkeypatch):
    monkeypatch.delenv("COMPANION_PAPER", raising=False)
    assert default_paper() == "a4"
    monkeypatch.setenv("COMPANION_PAPER", "Letter")
    assert default_paper() == "letter"
    monkeypatch.setenv("COMPANION_PAPER", "tabloid")
    assert default_paper() == "tabloid"
    monkeypatch.setenv("COMPANION_PAPER", "a5")
    with pytest.raises(LayoutError, match="COMPANION_PAPER='a5'"):
        default_paper()


# --- built-in layouts -----------------------------------------------------------------


def test_builtin_layouts_are_listed():
    assert set(builtin_layouts()) >= EXPECTED_BUILTINS


@pytest.mark.parametrize("name", sorted(EXPECTED_BUILTINS))
@pytest.mark.parametrize("paper", PAPERS)
def test_every_builtin_loads_and_lays_out(name, paper):
    layout = load_layout(name, paper=paper)
    assert layout.name == name
    assert layout.qr_size >= MIN_QR_MM
    item = None if layout.item_given or layout.kind != "grid" else (30.0, 30.0)
    slots = grid_slots(layout, paper, item=item)
    assert slots
    pw, ph = layout.page_size(paper)
    for r in slots:
        assert r.x >= -TOL and r.y >= -TOL and r.x1 <= pw + TOL and r.y1 <= ph + TOL
    if layout.kind != "booklet":
        # everything that matters stays 8 mm inside the paper edge
        inner = [r.inset(mm(layout.safe)) if layout.kind == "grid" else r for r in slots]
        for r in inner:
            assert min(r.x, r.y, pw - r.x1, ph - r.y1) >= mm(8) - TOL


@pytest.mark.parametrize("paper", PAPERS)
def test_poker_cards_are_exactly_63_by_88_mm_3_by_3(paper):
    layout = load_layout("poker")
    slots = grid_slots(layout, paper)
    assert len(slots) == 9
    pw, ph = paper_size(paper)
    for r in slots:
        assert abs(r.w - 63 * 72 / 25.4) < TOL
        assert abs(r.h - 88 * 72 / 25.4) < TOL
        # the cut edge clears the unprintable rim, with the layout's margin ...
        assert min(r.x, r.y, pw - r.x1, ph - r.y1) >= mm(layout.margin) - TOL
        # ... and the card content (inside the 3 mm safe zone) is >= 8 mm inside
        s = r.inset(mm(layout.safe))
        assert min(s.x, s.y, pw - s.x1, ph - s.y1) >= mm(8) - TOL
    # shared cut lines: neighbours touch exactly, the block is centred
    xs = sorted({round(r.x, 6) for r in slots})
    ys = sorted({round(r.y, 6) for r in slots})
    assert len(xs) == 3 and len(ys) == 3
    assert xs[1] - xs[0] == pytest.approx(mm(63), abs=TOL)
    assert ys[1] - ys[0] == pytest.approx(mm(88), abs=TOL)
    left, right = min(r.x for r in slots), pw - max(r.x1 for r in slots)
    bottom, top = min(r.y for r in slots), ph - max(r.y1 for r in slots)
    assert left == pytest.approx(right, abs=TOL)
    assert bottom == pytest.approx(top, abs=TOL)


def test_poker_on_a4_keeps_the_cut_8mm_inside():
    slots = grid_slots(load_layout("poker"), "a4")
    pw, ph = paper_size("a4")
    assert min(min(r.x, r.y, pw - r.x1, ph - r.y1) for r in slots) >= mm(8)


def test_slots_are_row_major_from_top_left():
    slots = grid_slots(load_layout("poker"), "a4")
    assert slots[0].x < slots[1].x < slots[2].x
    assert slots[0].y == slots[1].y == slots[2].y
    assert slots[3].y < slots[0].y
    assert slots[3].x == slots[0].x


@pytest.mark.parametrize("paper", PAPERS)
def test_poker_bleed_leaves_room_for_bleed_between_cards(paper):
    layout = load_layout("poker-bleed")
    assert layout.bleed == 3 and layout.gap >= 2 * layout.bleed
    slots = grid_slots(layout, paper)
    assert len(slots) >= 6
    grown = [r.inset(-mm(layout.bleed)) for r in slots]
    for i, a in enumerate(grown):
        for b in grown[i + 1:]:
            overlap_w = min(a.x1, b.x1) - max(a.x, b.x)
            overlap_h = min(a.y1, b.y1) - max(a.y, b.y)
            assert overlap_w <= TOL or overlap_h <= TOL
    pw, ph = layout.page_size(paper)
    for r in grown:
        assert min(r.x, r.y, pw - r.x1, ph - r.y1) >= mm(5)
    for r in slots:
        assert abs(r.w - mm(63)) < TOL and abs(r.h - mm(88)) < TOL


def test_tile_layout_leaves_the_size_to_the_caller():
    layout = load_layout("tile")
    assert not layout.item_given
    with pytest.raises(LayoutError, match="leaves the item size to the caller"):
        grid_slots(layout, "a4")
    side = fit_square(layout, "a4", 7, 7)
    slots = grid_slots(layout, "a4", item=(side, side), cols=7, rows=7)
    assert len(slots) == 49
    pw, ph = paper_size("a4")
    assert min(min(r.x, r.y, pw - r.x1, ph - r.y1) for r in slots) >= mm(10) - TOL
    assert fit_square(layout, "letter", 7, 7) <= (215.9 - 20) / 7
    with pytest.raises(LayoutError):
        fit_square(layout, "a4", 100, 100)
    with pytest.raises(LayoutError):
        fit_square(layout, "a4", 0, 3)


@pytest.mark.parametrize("paper", PAPERS)
def test_booklet_pages_are_the_halves_of_a_landscape_sheet(paper):
    layout = load_layout("booklet-a5")
    left, right = grid_slots(layout, paper)
    w, h = PAPER_MM[paper]
    assert left.w == pytest.approx(mm(h / 2), abs=TOL)
    assert left.h == pytest.approx(mm(w), abs=TOL)
    assert right.x == pytest.approx(left.x1, abs=TOL)


def test_page_layouts_give_the_content_area():
    layout = load_layout("map")
    (area,) = grid_slots(layout, "letter")
    assert area == content_rect(layout, "letter")
    assert area.x == pytest.approx(mm(10))


# --- mirroring --------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_mirror_slot_puts_each_back_behind_its_front(paper):
    layout = load_layout("poker")
    pw, _ = paper_size(paper)
    for r in grid_slots(layout, paper):
        back = mirror_slot(r, pw)
        assert back.cx == pytest.approx(pw - r.cx, abs=TOL)
        assert back.y == r.y and back.w == r.w and back.h == r.h
        assert abs(mirror_slot(back, pw).x - r.x) < TOL  # mirroring twice: identity


def test_mirror_slot_offsets_shift_right_and_up():
    r = Rect(mm(20), mm(30), mm(63), mm(88))
    pw = mm(210)
    base = mirror_slot(r, pw)
    moved = mirror_slot(r, pw, (2.0, -1.5))
    assert moved.x - base.x == pytest.approx(mm(2.0), abs=TOL)
    assert moved.y - base.y == pytest.approx(mm(-1.5), abs=TOL)
    assert (moved.w, moved.h) == (r.w, r.h)


# --- errors ------------------------------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "custom.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


GOOD = 'kind = "grid"\nitem_w = 63\nitem_h = 88\ncols = 3\nrows = 3\nmargin = 7.5\n'


def test_a_user_layout_loads(tmp_path):
    p = write(tmp_path, GOOD)
    layout = load_layout(str(p))
    assert layout.name == "custom" and layout.cols == 3
    assert load_layout(p) == layout


def test_copying_a_builtin_gives_the_same_layout(tmp_path):
    from importlib.resources import files

    text = (files("companion.layouts") / "poker.toml").read_text(encoding="utf-8")
    p = write(tmp_path, text, "mine.toml")
    assert load_layout(p) == load_layout("poker")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('kind = "grid"\nitem_w = [', "not valid TOML"),
        ('kind = "grid"\nmargn = 10\n', "unknown key 'margn'.*did you mean 'margin'"),
        ('kind = "grid"\nitem_w = -63\nitem_h = 88\n', "'item_w' must not be negative"),
        ('kind = "grid"\nitem_w = 300\nitem_h = 88\n', "item_w"),
        ('kind = "grid"\nitem_w = 63\nitem_h = 88\ncols = 4\n', "'cols'"),
        ('kind = "grid"\nitem_w = 63\nitem_h = 88\nrows = 4\n', "'rows'"),
        ('kind = "grid"\nitem_w = "63"\nitem_h = 88\n', "'item_w' must be a number"),
        ('kind = "grid"\ncols = 2.5\n', "'cols' must be a whole number"),
        ('kind = "grid"\ncrop_marks = 1\n', "'crop_marks' must be true or false"),
        ('kind = "grid"\nqr_size = 12\n', f"'qr_size' is 12 but must be at least {MIN_QR_MM:g} "
         r"\(a smaller QR code does not read reliably from a phone photo"),
        ('kind = "grid"\nmargin = 2\n', "'margin' is 2 but must be at least 5"),
        ('kind = "page"\nmargin = 6\n', "at least 8"),
        ('kind = "grid"\nmargin = nan\n', "finite"),
        ('kind = "grid"\nitem_w = inf\nitem_h = 88\n', "finite"),
        ('kind = "sheet"\n', "'kind' must be one of"),
        ("margin = 10\n", "missing key 'kind'"),
        ('kind = "grid"\nduplex = "both"\n', "'duplex' must be one of"),
        ('kind = "grid"\nduplex = "short-edge"\n', "'duplex' must be 'long-edge'"),
        ('kind = "grid"\nitem_w = 63\nitem_h = 0\n', "'item_h' is 0"),
        ('kind = "grid"\nbleed = 3\nitem_w = 63\nitem_h = 88\n', "'gap'"),
        ('kind = "grid"\npapers = ["a5"]\n', "unknown paper 'a5'"),
        ('kind = "grid"\npapers = []\n', "'papers' must be"),
        ('kind = "page"\nitem_w = 20\nitem_h = 20\n', "only applies to grid"),
        ('kind = "booklet"\n', "'landscape' must be true"),
        ('kind = "grid"\n[options]\nx = 1\n', "unknown key 'options'"),
        ('kind = "grid"\nitem_w = 63\nitem_h = 88\nsafe = 40\n', "'safe'"),
    ],
)
def test_bad_layouts_are_refused_with_file_and_key(tmp_path, text, match):
    p = write(tmp_path, text)
    with pytest.raises(LayoutError, match=match) as info:
        load_layout(str(p))
    assert str(p) in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_layout_file_and_unknown_name(tmp_path):
    with pytest.raises(LayoutError, match="does not exist"):
        load_layout(str(tmp_path / "nope.toml"))
    with pytest.raises(LayoutError, match="neither a built-in layout"):
        load_layout("pokr")
    with pytest.raises(LayoutError, match="is a directory"):
        load_layout(tmp_path)
    p = tmp_path / "binary.toml"
    p.write_bytes(b"\xff\xfe\x00kind")
    with pytest.raises(LayoutError, match="not UTF-8"):
        load_layout(p)


def test_a_layout_for_one_paper_is_refused_on_the_other(tmp_path):
    p = write(tmp_path, GOOD.replace("margin = 7.5", "margin = 10") + 'papers = ["a4"]\n')
    layout = load_layout(p)
    assert grid_slots(layout, "a4")
    with pytest.raises(LayoutError, match="made for a4, not letter"):
        load_layout(p, paper="letter")
    with pytest.raises(LayoutError, match="made for a4"):
        grid_slots(layout, "letter")
    # the same layout declared for both papers does not fit Letter (264 mm > 259.4 mm)
    with pytest.raises(LayoutError, match="letter"):
        parse_layout(GOOD.replace("margin = 7.5", "margin = 10"), source="x")


def test_grid_shape_counts_what_fits():
    layout = parse_layout('kind = "grid"\nitem_w = 30\nitem_h = 30\n', source="x")
    assert grid_shape(layout, "a4") == (6, 9)
    assert len(grid_slots(layout, "a4")) == 54


# --- property: anything a user writes gives a Layout or a LayoutError --------------------

_KEYS = [
    "name", "description", "kind", "landscape", "margin", "item_w", "item_h", "cols",
    "rows", "gap", "bleed", "safe", "crop_marks", "duplex", "qr_size", "papers", "bogus",
]
_scalars = st.one_of(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=0, max_value=400),
    st.integers(min_value=0, max_value=60),
    st.booleans(),
    st.sampled_from(["grid", "page", "booklet", "a4", "letter", "none", "long-edge",
                     "short-edge", ""]),
    st.text(max_size=12),
)
_values = st.one_of(_scalars, st.lists(_scalars, max_size=3))


def _toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    assert isinstance(v, list)
    return "[" + ", ".join(_toml_value(x) for x in v) + "]"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(_KEYS), _values, max_size=8))
def test_random_layouts_raise_only_layout_errors(data):
    text = "".join(f"{k} = {_toml_value(v)}\n" for k, v in data.items())
    try:
        layout = parse_layout(text, source="random.toml")
    except LayoutError as exc:
        assert "random.toml" in str(exc)
        return
    assert isinstance(layout, Layout)
    for paper in layout.papers:
        try:
            slots = grid_slots(layout, paper)
        except LayoutError:
            continue
        pw, ph = layout.page_size(paper)
        for r in slots:
            assert r.x >= -TOL and r.y >= -TOL and r.x1 <= pw + TOL and r.y1 <= ph + TOL


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80))
def test_random_text_is_a_layout_or_a_layout_error(text):
    with contextlib.suppress(LayoutError):
        parse_layout(text, source="junk.toml")


@pytest.mark.parametrize("args,needle", [
    (["map", "shuffle-and-doom", "--layout", "poker"], "needs a page layout"),
    (["sheets", "clear-the-dungeon", "--kind", "mat", "--layout", "poker"], "page layout"),
    (["sheets", "dungeon-solitaire", "--kind", "cards", "--layout", "poker"], "square"),
    (["sheets", "dungeon-solitaire", "--kind", "tiles", "--layout", "poker-bleed"],
     "square"),
    (["sheets", "clear-the-dungeon", "--kind", "deck", "--layout", "map"], "grid layout"),
])
def test_a_layout_of_the_wrong_kind_is_refused(tmp_path, args, needle):
    """docs/printing.md: layouts are data; a card grid's margin (7.5 mm, with a safe strip in
    each card) is not a page's 8 mm, and tiles are square: such a layout is refused,
    not reinterpreted."""
    from typer.testing import CliRunner

    from companion.cli import app

    r = CliRunner().invoke(app, [*args, "--seed", "LAYOUT", "--out",
                                 str(tmp_path / "x.pdf")])
    assert r.exit_code == 2, r.output
    assert needle in r.output and "try --layout" in r.output
    assert not (tmp_path / "x.pdf").exists()
