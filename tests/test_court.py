"""Drawn court figures (companion/paper/court.py, docs/printing.md Design): the Jack,
Queen and King of the printed deck are vector figures, not letters, each rank drawn
apart from the others, both halves alike turned 180 degrees."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from companion.cards import Card, Suit
from companion.games.clear_the_dungeon.sheets.common import DECK_CARDS
from companion.games.clear_the_dungeon.sheets.faces import draw_card_front
from companion.paper import design
from companion.paper.audit import audit_pdf
from companion.paper.court import COURT_RANKS, draw_court_figure
from companion.paper.units import Rect, mm

BOX = Rect(0, 0, mm(36), mm(70))


def _figure(rank: int, suit: Suit) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(BOX.w, BOX.h), invariant=1)
    draw_court_figure(c, rank, suit, BOX, (0.0, 0.0, 0.0))
    c.showPage()
    c.save()
    return buf.getvalue()


def _ink(data: bytes) -> list[int]:
    """Dark pixels a row, top to bottom, at 100 dpi."""
    page = pypdfium2.PdfDocument(data)[0]
    img = page.render(scale=100 / 72, grayscale=True).to_pil()
    w, h = img.size
    px = img.load()
    return [sum(1 for x in range(w) if px[x, y] < 128) for y in range(h)]


@pytest.mark.parametrize("suit", list(Suit))
def test_each_court_rank_is_its_own_drawing_without_text(suit):
    drawn = {rank: _figure(rank, suit) for rank in COURT_RANKS}
    assert len(set(drawn.values())) == 3
    for data in drawn.values():
        assert audit_pdf(data, empty=False).runs == []  # a figure, not a letter
        rows = _ink(data)
        assert sum(rows) > 0.2 * len(rows) * len(rows) / 2  # a solid figure
        # double-headed: the lower half is the upper half turned (to a pixel row)
        half = len(rows) // 2
        top, bottom = rows[:half], rows[-half:][::-1]
        assert sum(abs(a - b) for a, b in zip(top, bottom, strict=True)) <= 0.03 * sum(rows)


def test_only_court_ranks_have_a_figure():
    with pytest.raises(ValueError, match="court ranks"):
        _figure(10, Suit.SPADES)


def test_a_court_card_face_has_no_big_letter():
    design.register()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(mm(63), mm(88)), invariant=1)
    king = next(card for card in DECK_CARDS if card.rank == 13)
    assert isinstance(king, Card)
    draw_card_front(c, king, Rect(0, 0, mm(63), mm(88)))
    c.showPage()
    c.save()
    runs = audit_pdf(buf.getvalue(), empty=False).runs
    assert [r.text for r in runs] == ["K", "K"]  # the two corner indices only
    assert max(r.size for r in runs) < 20
