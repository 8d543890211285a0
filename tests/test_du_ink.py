"""Dungeon Upkeeper map ink and scale check: light walls (hatched, outlined) use a
fraction of the toner of dark ones and still show exactly the engine's walls; every map
page carries one 50 mm scale bar in free space; the map's text names its features in
words."""

from __future__ import annotations

import pypdfium2
import pytest
from pdfcheck import DPI, page_text, qr_texts, render_page
from test_scale_bar import bars_mm

from companion.errors import ParameterError
from companion.games import get_game
from companion.games.dungeon_upkeeper.drawing import _wall_edges
from companion.games.dungeon_upkeeper.generation import generate_floor
from companion.games.dungeon_upkeeper.sheets import (
    COORD_BAND,
    DEFAULT_INK,
    check_ink,
    draw_map_page,
    plan_map_page,
)
from companion.paper.document import SheetDocument
from companion.paper.frame import LABEL_FONT, SCALE_BAR_HEIGHT
from companion.paper.layout import content_rect, load_layout
from companion.paper.units import mm

DU = get_game("dungeon-upkeeper")
SEED = "K7Q2-9XMA"


def _map(paper: str, ink: str | None, floor: int | None = None) -> bytes:
    options: dict[str, object] = {} if ink is None else {"ink": ink}
    if floor is not None:
        options["floor"] = floor
    return DU.render("map", SEED, {"floors": 10}, paper, options)


def _coverage(data: bytes, page: int = 0, dpi: int = 100) -> tuple[float, float]:
    """(share of pixels darker than 128, mean darkness 0..1) of one rendered page."""
    img = render_page(pypdfium2.PdfDocument(data), page, dpi)
    hist = img.histogram()
    n = sum(hist)
    return (sum(hist[:128]) / n,
            sum((255 - v) * count for v, count in enumerate(hist)) / 255 / n)


def test_light_is_the_default_and_inks_are_checked():
    assert DEFAULT_INK == "light"
    assert check_ink(None) == check_ink("") == "light"
    assert check_ink(" Dark ") == "dark"
    light = _map("a4", "light", 3)
    assert _map("a4", None, 3) == light == _map("a4", "LIGHT", 3)
    assert _map("a4", "dark", 3) != light


@pytest.mark.parametrize("bad", ["grey", "medium", 1, "lite"])
def test_an_unknown_ink_is_a_clear_error(bad):
    with pytest.raises(ParameterError, match=r"ink: .*light .*dark.*not"):
        _map("a4", bad, 1)
    with pytest.raises(ParameterError, match="light"):
        draw_map_page(SheetDocument("t", "a4"), load_layout("map"), DU, SEED,
                      generate_floor(SEED, 1), 10, ink=bad)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_light_walls_use_a_fraction_of_the_ink(paper):
    # B10, the biggest floor: walls cover about a third of the page
    dark_px, dark_mean = _coverage(_map(paper, "dark", 10))
    light_px, light_mean = _coverage(_map(paper, "light", 10))
    # measured: a4 dark 0.43 / 0.33, light 0.09 / 0.13 (letter 0.40 / 0.31, 0.09 / 0.12)
    assert dark_px > 0.3 and dark_mean > 0.25
    assert light_px < 0.15 and light_mean < 0.18
    assert light_px < dark_px / 3
    assert light_mean < dark_mean / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["light", "dark"])
def test_both_inks_decode_their_qr(paper, ink):
    for k in (1, 5, 10):
        pdf = pypdfium2.PdfDocument(_map(paper, ink, k))
        assert qr_texts(render_page(pdf, 0)) == [DU.payload(SEED, {}, floor=k)]


@pytest.mark.parametrize("seed,k,paper", [(SEED, 10, "a4"), ("DRAWN", 5, "letter"),
                                          ("OTHER-1", 1, "letter")])
def test_light_walls_are_outlined_where_they_meet_the_floor(seed, k, paper):
    """Every side a wall shares with a floor square is a black line, nothing else in
    the map is: the corridor reads by its outline even if the hatching fades."""
    floor = generate_floor(seed, k)
    doc = SheetDocument("t", paper)
    geo = draw_map_page(doc, load_layout("map"), DU, seed, floor, 10, ink="light")
    pdf = pypdfium2.PdfDocument(doc.finish())
    img = render_page(pdf, 0)
    page_h = pdf[0].get_size()[1]
    scale = DPI / 72
    s = geo.square

    def pixel(x: float, y: float) -> int:
        return img.getpixel((int(round(x * scale)), int(round((page_h - y) * scale))))

    edges = _wall_edges(floor.rows)
    assert edges
    outlined = set()
    for ax, ay, bx, by in edges:
        # each unit side of the segment, at its middle
        for t in range(max(bx - ax, by - ay)):
            ux, uy = (ax + t + 0.5, ay) if ay == by else (ax, ay + t + 0.5)
            outlined.add((ux, uy))
            assert pixel(geo.grid_x + ux * s, geo.grid_top - uy * s) < 100, (ux, uy)
    # the sides between two floor squares stay thin grey grid lines
    open_sides = 0
    for r, row in enumerate(floor.rows):
        for col, tile in enumerate(row[:-1]):
            if tile != "#" and row[col + 1] != "#":
                assert (col + 1, r + 0.5) not in outlined
                assert pixel(geo.grid_x + (col + 1) * s, geo.grid_top - (r + 0.5) * s) > 120
                open_sides += 1
    assert open_sides


def _bar_bounds(data: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of the filled path objects 0.8 mm high: scale bars."""
    out = []
    for obj in pypdfium2.PdfDocument(data)[page].get_objects():
        if obj.type != pypdfium2.raw.FPDF_PAGEOBJ_PATH:
            continue
        bounds = getattr(obj, "get_bounds", None) or obj.get_pos
        left, bottom, right, top = bounds()
        if abs((top - bottom) - mm(0.8)) < 0.05:
            out.append((left, bottom, right, top))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["light", "dark"])
def test_every_map_page_has_one_50_mm_scale_bar_in_free_space(paper, ink):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    data = _map(paper, ink)
    pdf = pypdfium2.PdfDocument(data)
    assert len(pdf) == 10
    layout = load_layout("map")
    area = content_rect(layout, paper)
    label_w = stringWidth("this bar is 50 mm: print at 100 %", *LABEL_FONT)
    for i in range(10):
        widths = bars_mm(data, i)
        assert len(widths) == 1 and widths[0] == pytest.approx(50.0, abs=0.01), (i, widths)
        assert "this bar is 50 mm: print at 100 %" in page_text(pdf, i)
        plan = plan_map_page(layout, paper, DU, SEED, generate_floor(SEED, i + 1), 10)
        ((left, bottom, _, _),) = _bar_bounds(data, i)
        assert (left, bottom) == pytest.approx(plan.scale_bar, abs=0.01)
        # bar, ticks and label: under the tracker (so under the map), above the footer
        # with its QR code, inside the margins
        x, y = plan.scale_bar
        assert y + SCALE_BAR_HEIGHT <= plan.tracker.y - mm(0.5)
        assert plan.tracker.y1 <= plan.geometry.grid_y - COORD_BAND
        assert y >= plan.footer.y1 - 1e-6
        assert x >= area.x - 1e-6
        assert x + mm(52) + label_w <= area.x1


@pytest.mark.parametrize("ink", ["light", "dark"])
def test_the_map_names_its_features_in_words(ink):
    text = page_text(pypdfium2.PdfDocument(_map("letter", ink, 4)), 0)
    for word in ("start here", "exit", "trap", "chest", "wall: never step here"):
        assert word in text, word
