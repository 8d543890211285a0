"""Clear the Dungeon sheets: the printable deck (``deck``): its page plan, the
instruction page, card pages with duplex backs, fold-over pages or fronts only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.cards import Card
from companion.errors import LayoutError
from companion.games.clear_the_dungeon.sheets.common import (
    CARD_MM,
    DECK_CARDS,
    DEFAULT_INK,
    Sheet,
)
from companion.games.clear_the_dungeon.sheets.faces import draw_card_back, draw_card_front
from companion.games.clear_the_dungeon.sheets.margins import (
    _mark_boxes,
    _name_card_page,
    _page_name,
    scale_check_box,
)
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.fold import (
    FoldPlan,
    back_turned,
    check_backs,
    draw_fold_crop_marks,
    draw_fold_line,
    draw_offset_note,
    fold_plan,
)
from companion.paper.frame import (
    GUIDE,
    INK,
    draw_footer,
    draw_scale_bar,
    draw_text,
    draw_title,
    footer_height,
)
from companion.paper.layout import (
    Layout,
    Rect,
    bleed_rect,
    bounding_rect,
    grid_slots,
    load_layout,
    mirror_slot,
)
from companion.paper.marks import (
    MARK_CLEAR,
    MIN_MARK,
    crop_mark_segments,
    draw_crop_marks,
    draw_cut_lines,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon


QR_BAND_MM = 21.0
"""The margin (mm) above the card grid that holds the small QR code: 5 mm the printer
may not print (the quiet zone may lie there), the symbol, its quiet zone below and
1 mm to the cards."""
FOLD_RESERVE_MM = 18.0
"""The strip kept free under the cards of a fold-over page for the page's name, QR
code and scale bar (the most that still keeps 4 poker cards to an A4 page)."""


@dataclass(frozen=True)
class DeckPage:
    """One page of the printable deck.

    ``side`` is ``about`` (the instruction page), ``about-back`` (its back: duplex only),
    ``front``, ``back`` or ``fold``. ``slots[i]`` (points) holds ``cards[i]``: its face
    on a front or fold page, its back on a back page; on a fold page ``backs[i]`` holds
    its back, ``slots[i]`` mirrored about ``fold.fold``. ``trim`` is the page's TrimBox
    (the card block; None: the whole page).
    """

    side: str
    cards: tuple[Card, ...]
    slots: tuple[Rect, ...]
    trim: Rect | None
    landscape: bool
    backs: tuple[Rect, ...] = ()
    fold: FoldPlan | None = None


def backs_mode(layout: Layout, backs: object) -> str:
    """How the deck's backs print: ``duplex``, ``fold`` or ``none`` (``options["backs"]``,
    default duplex; a layout that prints one-sided, ``duplex = "none"``, makes the default
    none).

    Raises ParameterError for any other value.
    """
    mode = check_backs(backs)
    if mode == "duplex" and layout.duplex == "none":
        return "none"
    return mode


def _flip(layout: Layout) -> str:
    """The edge a two-sided sheet of ``layout`` flips on (backs mirror left-right)."""
    return "short" if layout.landscape else "long"


def _grid_shift(layout: Layout, paper: str, slots: Sequence[Rect]) -> float:
    """How far (points; negative: down) the card grid moves within the layout's margin:
    down so that the margin above it holds the small QR code (:data:`QR_BAND_MM`) if the
    margin below keeps the layout's own; else up to the layout's margin, to give the
    margin below (the scale bar's on US Letter) what there is."""
    _, page_h = layout.page_size(paper)
    block = bounding_rect([bleed_rect(layout, s) for s in slots])
    top, bottom = page_h - block.y1, block.y
    margin = mm(layout.margin)
    need = mm(QR_BAND_MM) - top
    if need <= 0:
        return 0.0
    if bottom - need >= margin - 1e-6:
        return -need
    return max(0.0, top - margin)


def _grid_slots(layout: Layout, paper: str) -> list[Rect]:
    """The card slots of a front page: the layout's grid, moved down on a page whose
    top margin can be made to hold the small QR code (:func:`_grid_shift`)."""
    item = None if layout.item_given else CARD_MM
    slots = grid_slots(layout, paper, item=item)
    dy = _grid_shift(layout, paper, slots)
    return [Rect(s.x, s.y + dy, s.w, s.h) for s in slots]


def deck_fold_plan(layout: Layout, paper: str) -> FoldPlan:
    """The fold-over page of the deck's cards for ``layout`` (its gap kept, bleed round
    each card) with :data:`FOLD_RESERVE_MM` free at the bottom.

    Raises LayoutError if not even one card and its back fit.
    """
    w, h = layout.item_w or CARD_MM[0], layout.item_h or CARD_MM[1]
    return fold_plan(paper, (w, h), gap_mm=layout.gap + 2 * layout.bleed,
                     margin_mm=8.0 + layout.bleed, reserve_mm=FOLD_RESERVE_MM)


def deck_pages(paper: str, layout: Layout | None = None,
               back_offset: tuple[float, float] = (0.0, 0.0),
               backs: str = "duplex") -> list[DeckPage]:
    """The page plan of the printable deck: the instruction page first (followed by its
    back when printed duplex), then the cards. ``backs`` (see :func:`backs_mode`):
    ``duplex``, each front page followed by its backs (mirrored left-right, shifted by
    ``back_offset`` mm); ``fold``, fronts and backs on one page about a fold; ``none``,
    fronts only.

    Raises LayoutError if the layout is not a grid layout or does not fit ``paper``,
    ParameterError for an unknown ``backs``.
    """
    layout = layout or load_layout("poker")
    if layout.kind != "grid":
        raise LayoutError(f"the deck needs a grid layout (cards), not the {layout.kind} "
                          f"layout {layout.name!r}: try --layout poker")
    mode = backs_mode(layout, backs)
    plan = [DeckPage("about", (), (), None, layout.landscape)]
    if mode == "duplex":
        plan.append(DeckPage("about-back", (), (), None, layout.landscape))
    if mode == "fold":
        fold = deck_fold_plan(layout, paper)
        per = fold.per_page
        for start in range(0, len(DECK_CARDS), per):
            cards = DECK_CARDS[start:start + per]
            n = len(cards)
            plan.append(DeckPage("fold", cards, fold.fronts[:n], None, fold.landscape,
                                 fold.backs[:n], fold))
        return plan
    slots = _grid_slots(layout, paper)
    page_w = layout.page_size(paper)[0]
    mirrored = [mirror_slot(s, page_w, back_offset) for s in slots]
    per = len(slots)
    for start in range(0, len(DECK_CARDS), per):
        cards = DECK_CARDS[start:start + per]
        n = len(cards)
        plan.append(DeckPage("front", cards, tuple(slots[:n]),
                             bounding_rect(list(slots[:n])), layout.landscape))
        if mode == "duplex":
            plan.append(DeckPage("back", cards, tuple(mirrored[:n]),
                                 bounding_rect(list(mirrored[:n])), layout.landscape))
    return plan


def draw_deck(doc: SheetDocument, layout: Layout, game: ClearTheDungeon,
              variants: tuple[str, ...], payload: str, back_offset: tuple[float, float],
              backs: str = "duplex", ink: str = DEFAULT_INK) -> list[DeckPage]:
    """Every page of the printable deck (see :func:`deck_pages`), the backs in ``ink``
    (:func:`~.faces.draw_card_back`); returns the plan.

    Raises LayoutError as :func:`deck_pages` does, or if a back page has no margin for
    the back-offset note.
    """
    plan = deck_pages(doc.paper, layout, back_offset, backs)
    mode = backs_mode(layout, backs)
    bleed = mm(layout.bleed)
    total = len(plan)
    sample: Rect | None = None
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(page.landscape)
        n = i + 1
        if page.side == "about":
            sample = _draw_deck_about(doc, game, variants, payload, layout, plan, mode,
                                      back_offset, ink)
            continue
        if page.side == "about-back":
            _draw_about_back(doc, game, sample, back_offset, n, total, ink)
            continue
        if page.side == "fold":
            _draw_fold_page(doc, game, page, payload, bleed, n, total, ink)
            continue
        assert page.trim is not None
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        blocked = [s.inset(-bleed) for s in page.slots]
        if page.side == "front":
            for card, slot in zip(page.cards, page.slots, strict=True):
                draw_card_front(c, card, slot)
            draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
            offset = max(mm(3), bleed)
            if layout.crop_marks:
                draw_crop_marks(c, list(page.slots), offset=offset, page_size=doc.page_size)
                blocked += _mark_boxes(crop_mark_segments(
                    list(page.slots), offset, page_size=doc.page_size, clear=MARK_CLEAR,
                    min_length=MIN_MARK))
            _name_card_page(doc, blocked, payload, _page_name(game, n, total), bottom=False)
        else:
            for slot in page.slots:
                draw_card_back(c, slot, game.title, ink)
            note = draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            _name_card_page(doc, [*blocked, note], None,
                            _page_name(game, n, total, f"the backs of page {n - 1}"),
                            bottom=False, scale=False)
    return plan


def _draw_fold_page(doc: SheetDocument, game: ClearTheDungeon, page: DeckPage, payload: str,
                    bleed: float, n: int, total: int, ink: str = DEFAULT_INK) -> None:
    """A fold-over page: fronts, their backs mirrored about the fold, the fold line, the
    fronts' crop marks and the page's name, QR code and scale bar below the cards."""
    c = doc.canvas
    fold = page.fold
    assert fold is not None
    for card, slot in zip(page.cards, page.slots, strict=True):
        draw_card_front(c, card, slot)
    draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
    for back in page.backs:
        with back_turned(c, back, fold.turn):
            draw_card_back(c, back, game.title, ink)
    draw_fold_line(c, fold)
    draw_fold_crop_marks(c, fold)
    x0, y0, x1, y1 = fold.fold
    line = (Rect(x0 - mm(4), y0, mm(5.5), y1 - y0) if fold.vertical
            else Rect(x0, y0 - mm(1.5), x1 - x0, mm(5.5)))
    blocked = [s.inset(-bleed) for s in (*page.slots, *page.backs)]
    blocked += _mark_boxes(crop_mark_segments(list(fold.fronts), page_size=fold.page_size,
                                              clear=MARK_CLEAR, min_length=MIN_MARK))
    blocked.append(line)
    lines = [*_page_name(game, n, total),
             "Fold on the dashed line, printed sides out; cut both layers at the marks."]
    _name_card_page(doc, blocked, payload, lines, bottom=True)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _draw_deck_about(doc: SheetDocument, game: ClearTheDungeon, variants: tuple[str, ...],
                     payload: str, layout: Layout, plan: list[DeckPage], mode: str,
                     back_offset: tuple[float, float], ink: str = DEFAULT_INK) -> Rect | None:
    """The instruction page (the deck's first page): what the deck is, how to print,
    check, cut and use it, its QR code and a full-size sample card. Returns the sample
    front's rectangle (None if the page had no room for it)."""
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "How to print, cut and use this deck. It is the same for every "
                      "seed, so it carries none.")
    qr_w = mm(max(layout.qr_size, list_layout.qr_size))
    total = len(plan)
    lines = [game.title, "Printable deck", f"54 cards; deck, page 1 of {total}",
             "Rebuild or check: companion scan"]
    foot = footer_height(payload, lines, qr_w)
    draw_footer(c, Rect(area.x, area.y, area.w, foot), payload, lines, qr_w,
                right_text=[game.credits])
    bar = scale_check_box(c, 0, 0)
    bar_y = area.y + foot + mm(0.6)
    draw_scale_bar(c, area.x1 - bar.w, bar_y + mm(0.6))
    bottom = bar_y + bar.h + mm(3)
    w, h = layout.item_w or CARD_MM[0], layout.item_h or CARD_MM[1]
    card_pages = [p for p in plan if p.side in ("front", "fold")]
    per = max(len(p.cards) for p in card_pages)
    size = f"{w:g} x {h:g} mm"
    cards = (f"54 cards of {size}: A to K in spades, hearts, diamonds and clubs, and two "
             f"jokers, {per} to a page")
    dx, dy = back_offset
    if mode == "duplex":
        paras = [
            cards + ", each page of fronts followed by its page of backs.",
            f"Print two-sided, flipping on the {_flip(layout)} edge, so that every back "
            "lands behind its own front. Start with this sheet: its other side carries a "
            "card back behind the sample card on this page. Hold the sheet against the "
            "light: "
            "printers drift a little between the two sides, and the white border round "
            "each back hides a millimetre or two. If the back lands further off, measure "
            "your printer with companion calibrate (or --back-offset X,Y in mm) and print "
            "the deck again" + (f"; this copy uses {dx:g},{dy:g}." if (dx, dy) != (0, 0)
                                else "."),
        ]
    elif mode == "fold":
        paras = [
            cards + ": the fronts on one half of each page, their backs on the other.",
            "No duplex printer needed: fold each page on the dashed line, printed sides "
            "out, so that every back lies behind its own front; a glue stick between the "
            "halves keeps them together. Then cut through both layers along the crop "
            "marks.",
        ]
    else:
        paras = [cards + ", fronts only (--backs none): use sleeves with opaque backs, "
                 "or print the deck again with its backs (two-sided, or --backs fold)."]
    paras += [
        "Print at actual size (100 %, no 'fit to page'): the bar on every card page "
        f"measures 50 mm, and a card {size}.",
        "Cut along the crop marks outside the grid; neighbouring cards share their cut "
        "lines, so one cut parts two cards. Card sleeves make thin paper cards much "
        "easier to shuffle.",
        "For Clear the Dungeon, the 12 J, Q and K are the monsters and A to 10 with the "
        "jokers are the power deck"
        + (" (set both jokers aside: variant no-jokers)." if "no-jokers" in variants
           else "."),
        "To play a seeded deal, stack the deck in the order of the stacking list printed "
        "for your seed: companion sheets clear-the-dungeon --kind stack --seed YOUR-SEED.",
    ]
    # a sample at full size: the front (its back behind it on the other side, duplex),
    # under the text on a portrait page, beside it on a landscape one
    sample_w, sample_h = mm(w), mm(h)
    pair = mode != "duplex"
    samples_w = 2 * sample_w + mm(12) if pair else sample_w
    beside = doc.page_size[0] > doc.page_size[1]
    text_w = area.w - samples_w - mm(10) if beside else area.w
    y = area.y1
    for p in paras:
        y = draw_text(c, area.x, y, text_w, p, size=9.5, leading=1.3) - mm(3)
    if beside:
        x0, y = area.x1 - samples_w, area.y1 - mm(2)
    else:
        x0, y = area.x + (area.w - samples_w) / 2, y - mm(3)
    if y - sample_h - mm(6) < bottom:
        return None
    front = Rect(x0, y - sample_h, sample_w, sample_h)
    draw_card_front(c, DECK_CARDS[12], front)
    shown = [(front, "a front (full size)" if pair else
              "a front (full size): its back is on the other side")]
    if pair:
        back = Rect(x0 + sample_w + mm(12), y - sample_h, sample_w, sample_h)
        draw_card_back(c, back, game.title, ink)
        shown.append((back, "the back, the same on every card"))
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.4)
    c.setFont(design.REGULAR, 7)
    c.setFillColorRGB(*INK)
    for r, caption in shown:
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
        c.drawCentredString(r.cx, r.y - mm(4), caption)
    c.restoreState()
    return front


def _draw_about_back(doc: SheetDocument, game: ClearTheDungeon, sample: Rect | None,
                     back_offset: tuple[float, float], n: int, total: int,
                     ink: str = DEFAULT_INK) -> None:
    """The back of the instruction page (duplex): a card back where the sample front's
    back lands, outlined, so the first sheet shows how the printer lines up its two
    sides; the offset used and the page's name.

    Raises LayoutError if no margin holds the back-offset note.
    """
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "The back of the instruction page.")
    text = ("Printed two-sided, the card back on this page lies behind the sample card "
            "on the other side of this sheet. Hold the sheet against the light: if the "
            "two outlines part by more than a millimetre or so, measure your printer with "
            "companion calibrate and print the deck with --back-offset X,Y (mm).")
    back = None if sample is None else mirror_slot(sample, doc.page_size[0], back_offset)
    x, width = area.x, area.w
    if back is not None and doc.page_size[0] > doc.page_size[1]:
        x = back.x1 + mm(10)  # landscape: the text beside the back
        width = area.x1 - x
    y = draw_text(c, x, area.y1, width, text, size=9.5, leading=1.3)
    blocked = [Rect(x, y, width, area.y1 - y)]
    backs: list[Rect] = []
    if back is not None:
        draw_card_back(c, back, game.title, ink)
        c.saveState()
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.4)
        c.rect(back.x, back.y, back.w, back.h, stroke=1, fill=0)
        c.setFont(design.REGULAR, 7)
        c.setFillColorRGB(*INK)
        c.drawCentredString(back.cx, back.y - mm(4), "the back of the sample card")
        c.restoreState()
        backs.append(back)
        blocked.append(Rect(back.x, back.y - mm(5), back.w, back.h + mm(5)))
    note = draw_offset_note(c, doc.page_size, backs, back_offset)
    _name_card_page(doc, [*blocked, note], None, _page_name(game, n, total), bottom=True,
                    scale=False)


def draw_deck_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``deck`` sheet: the printable deck, its backs as ``sheet.backs`` says.

    Raises LayoutError for a layout the cards do not fit or a back page with no margin
    for its offset note.
    """
    draw_deck(doc, sheet.layout, sheet.game, sheet.variants, sheet.payload,
              sheet.back_offset, sheet.backs, sheet.ink)
