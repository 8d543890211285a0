"""Booklet covers and the design pass's booklet machinery (issue 25): every booklet
opens on a cover (title, a drawn emblem, credits, the rules edition, what is inside,
the printing note); miniatures draw no text (``Textless``); a figure can carry its
caption beside it; the Dungeon Upkeeper map uses its page and reads at 8 pt."""

from functools import cache

import pypdfium2
import pytest

from companion.booklets import render_booklet
from companion.games import GAME_NAMES, get_game
from companion.paper.booklet import Textless
from companion.paper.booklet.cover import PANEL
from companion.paper.units import mm


@cache
def booklet(game: str, paper: str = "a4") -> bytes:
    return render_booklet(game, paper)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_booklet_opens_on_a_cover(game):
    g = get_game(game)
    doc = pypdfium2.PdfDocument(booklet(game))
    cover = doc[0]
    text = cover.get_textpage().get_text_range()
    assert g.booklet().title in text
    assert "Inside this booklet" in text and f"Rules edition {g.edition}" in text
    assert "Printing this booklet" in text
    # the emblem: a tinted panel taking a good part of the page's height
    img = cover.render(scale=72 / 72).to_pil().convert("RGB")
    tint = tuple(round(v * 255) for v in PANEL)
    rows = {y for y in range(img.height) for x in range(0, img.width, 7)
            if all(abs(a - b) <= 2 for a, b in zip(img.getpixel((x, y)), tint, strict=True))}
    assert len(rows) > mm(36), len(rows)
    # the game's picture opens page 2
    assert len(doc) >= 2


def test_textless_draws_everything_but_text():
    import io

    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf)
    quiet = Textless(c)
    quiet.setFont("Courier", 4)  # any font: nothing is drawn with it
    quiet.drawString(10, 10, "turn over sideways")
    quiet.drawCentredString(10, 20, "LEVEL 1")
    quiet.drawRightString(10, 30, "R17")
    quiet.rect(0, 0, 20, 20)
    c.showPage()
    c.save()
    page = pypdfium2.PdfDocument(buf.getvalue())[0]
    assert page.get_textpage().get_text_range().strip() == ""


def test_a_side_caption_sits_beside_its_figure():
    from companion.paper.booklet import Booklet, Fig, P
    from companion.paper.booklet.render import render_booklets

    def draw(c, w, h):
        c.rect(0, 0, w, h)

    book = Booklet("demo", "Demo", "a tagline", "credits", (
        P("Before the figure."),
        Fig(draw, 40, "A caption beside the figure.", width_mm=50, side=True),
    ))
    doc = pypdfium2.PdfDocument(render_booklets([book], "a4"))
    page = doc[1]
    tp = page.get_textpage()
    text = tp.get_text_range()
    i = text.index("A caption")
    left = tp.get_charbox(i)[0]
    assert left > mm(10) + mm(50)  # right of the 50 mm figure, inside the margin


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_du_small_floors_use_the_page(paper):
    from companion.games.dungeon_upkeeper.generation import generate_floor
    from companion.games.dungeon_upkeeper.sheets import (
        MAP_MAX_SQUARE,
        legend_height,
        plan_map_page,
    )
    from companion.paper.layout import content_rect, load_layout

    du = get_game("dungeon-upkeeper")
    layout = load_layout("map")
    area = content_rect(layout, paper)
    plan = plan_map_page(layout, paper, du, "K7Q2-9XMA", generate_floor("K7Q2-9XMA", 1), 10)
    geo = plan.geometry
    assert mm(18) <= geo.square <= MAP_MAX_SQUARE + 1e-9
    # the block is centred between header and footer: equal room above and below
    above = plan.header.y - (geo.grid_top + mm(4.5))
    below = plan.scale_bar[1] - plan.footer.y1
    assert abs(above - below) < mm(2.5)
    assert plan.legend.h >= legend_height(plan.legend.w) - 1e-6
    assert plan.footer.y >= area.y - 1e-6
