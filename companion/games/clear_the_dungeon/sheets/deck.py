"""Clear the Dungeon sheets: the printable deck (``deck``): its page plan, the
instruction page, card pages with duplex backs, fold-over pages or fronts only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

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
    _bottommost,
    _mark_boxes,
    _name_card_page,
    _page_name,
    _place_name,
    scale_check_box,
)
from companion.paper import design
from companion.paper.cards import draw_card_glyph
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
    draw_heading,
    draw_scale_bar,
    draw_text,
    draw_title,
    footer_height,
    wrap_text,
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


def about_fold_cards(fold: FoldPlan) -> int:
    """How many of the deck's last cards (with their backs) the instruction page of a
    fold-over deck carries: what is left over from full pages, when it fits in the
    top row of a fold down the middle, the text below it (0: none)."""
    spare = len(DECK_CARDS) % fold.per_page
    cols = len(fold_row(fold, fold.per_page).fronts)
    return spare if fold.vertical and 0 < spare <= cols < fold.per_page else 0


def fold_row(fold: FoldPlan, most: int) -> FoldPlan:
    """``fold`` with only its top row of fronts (at most ``most``, from the fold
    outwards) and their backs."""
    top = max(f.y for f in fold.fronts)
    row = sorted((i for i, f in enumerate(fold.fronts) if abs(f.y - top) < 1e-6),
                 key=lambda i: -fold.fronts[i].x)[:most]
    row.sort(key=lambda i: fold.fronts[i].x)
    return replace(fold, fronts=tuple(fold.fronts[i] for i in row),
                   backs=tuple(fold.backs[i] for i in row))


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
        spare = about_fold_cards(fold)
        if spare:  # the last cards ride on the instruction page: one page less
            about = fold_row(fold, spare)
            plan[0] = DeckPage("about", DECK_CARDS[-spare:], about.fronts, None,
                               fold.landscape, about.backs, about)
        for start in range(0, len(DECK_CARDS) - spare, per):
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
    samples: tuple[Rect, ...] = ()
    for i, page in enumerate(plan):
        # (a fresh document opens its first page turned as the plan says)
        turn = i > 0 or page.landscape != doc.landscape
        c = doc.new_page(page.landscape) if turn else doc.canvas
        n = i + 1
        if page.side == "about" and page.fold is not None:
            _draw_fold_about(doc, game, variants, payload, layout, plan, page, bleed, ink)
            continue
        if page.side == "about":
            samples = _draw_deck_about(doc, game, variants, payload, layout, plan, mode,
                                      back_offset, ink)
            continue
        if page.side == "about-back":
            _draw_about_back(doc, game, samples, back_offset, n, total, ink)
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


FOLD_HOW = "Fold on the dashed line, printed sides out; cut both layers at the marks."
"""What every fold-over page says how to do, at label size."""


def _draw_fold_page(doc: SheetDocument, game: ClearTheDungeon, page: DeckPage, payload: str,
                    bleed: float, n: int, total: int, ink: str = DEFAULT_INK) -> None:
    """A fold-over page: fronts, their backs mirrored about the fold, the fold line, the
    fronts' crop marks and the page's name, QR code and scale bar below the cards."""
    c = doc.canvas
    fold = page.fold
    assert fold is not None
    _draw_fold_cards(c, game, page, ink)
    line = _fold_line_box(fold)
    blocked = [s.inset(-bleed) for s in (*page.slots, *page.backs)]
    blocked += _mark_boxes(crop_mark_segments(list(fold.fronts), page_size=fold.page_size,
                                              clear=MARK_CLEAR, min_length=MIN_MARK))
    blocked.append(line)
    free = _name_card_page(doc, blocked, payload, _page_name(game, n, total), bottom=True)
    _place_name(c, free, [FOLD_HOW], _bottommost, size=design.style("label").size)


def _draw_fold_cards(c: Any, game: ClearTheDungeon, page: DeckPage,
                     ink: str = DEFAULT_INK) -> None:
    """A fold-over page's cards: the fronts with their cut lines, the backs mirrored
    about the fold, the fold line and the fronts' crop marks."""
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


ABOUT_SUBTITLE = ("How to print, cut and use this deck. It is the same for every seed, so "
                  "it carries none.")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _about_paras(game: ClearTheDungeon, variants: tuple[str, ...], layout: Layout,
                 plan: list[DeckPage], mode: str, back_offset: tuple[float, float]
                 ) -> list[str]:
    """The instruction page's paragraphs: what the deck is, how to print, check, cut
    and use it."""
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
            "card back behind each sample card on this page. Hold the sheet against the "
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
    return paras


def _draw_fold_about(doc: SheetDocument, game: ClearTheDungeon, variants: tuple[str, ...],
                     payload: str, layout: Layout, plan: list[DeckPage], page: DeckPage,
                     bleed: float, ink: str = DEFAULT_INK) -> None:
    """The instruction page of a fold-over deck: the deck's last cards with their
    backs across the fold in the top row, like any fold-over page, and under them the
    instructions in two columns, one each side of the fold; the page's name, small QR
    code and scale bar in the strip below.

    Raises LayoutError if the text does not fit.
    """
    c = doc.canvas
    fold = page.fold
    assert fold is not None
    _draw_fold_cards(c, game, page, ink)
    paras = [ABOUT_SUBTITLE,
             *_about_paras(game, variants, layout, plan, "fold", (0.0, 0.0))]
    heading = f"{game.title}: printable deck"
    fold_x = fold.fold[0]
    edge = mm(10)
    marks = _mark_boxes(crop_mark_segments(list(page.slots), page_size=fold.page_size,
                                           clear=MARK_CLEAR, min_length=MIN_MARK))
    top = min([r.y for r in page.slots] + [b.y for b in marks]) - bleed - mm(2)
    low = fold.area.y1 + mm(4)
    cols = [Rect(edge, low, fold_x - mm(6) - edge, top - low),
            Rect(fold_x + mm(6), low, doc.page_size[0] - edge - fold_x - mm(6), top - low)]
    body_font = design.style("body").font
    head_pt = design.style("heading").size
    found = _fit_flow(paras, body_font, cols, head_pt * 1.4)
    if found is None:
        raise LayoutError(f"the deck's instruction page has no room for its text on "
                          f"{doc.paper} with layout {layout.name!r}")
    size, flow = found
    c.saveState()
    draw_heading(c, cols[0].x, cols[0].y1, heading, head_pt)
    c.setFont(body_font, size)
    c.setFillColorRGB(*INK)
    for _k, x, y, line in flow:
        c.drawString(x, y - size * 0.8, line)
    c.restoreState()
    blocked = [s.inset(-bleed) for s in (*page.slots, *page.backs)]
    blocked += marks
    blocked += [Rect(r.x, r.y, r.w, r.h + mm(1)) for r in cols]
    blocked.append(_fold_line_box(fold))
    _name_card_page(doc, blocked, payload, _page_name(game, 1, len(plan)), bottom=True)


def _flow(paras: Sequence[str], font: str, size: float, cols: Sequence[Rect],
          first_drop: float) -> list[tuple[int, float, float, str]] | None:
    """``paras`` set at ``size`` down the columns ``cols`` in turn (the first starting
    ``first_drop`` points lower, under its heading): (column, x, top, line) of every
    line, or None if they do not fit."""
    out: list[tuple[int, float, float, str]] = []
    k, y = 0, cols[0].y1 - first_drop
    for p in paras:
        for line in wrap_text(p, font, size, cols[k].w):
            if y - size * 1.3 < cols[k].y:
                k += 1
                if k == len(cols):
                    return None
                y = cols[k].y1
            out.append((k, cols[k].x, y, line))
            y -= size * 1.3
        y -= mm(2.5)
    return out


def _fold_line_box(fold: FoldPlan) -> Rect:
    """The box the fold line, its ticks and its word take (points)."""
    x0, y0, x1, y1 = fold.fold
    return (Rect(x0 - mm(4.5), y0, mm(6), y1 - y0) if fold.vertical
            else Rect(x0, y0 - mm(1.5), x1 - x0, mm(6)))


def _draw_deck_about(doc: SheetDocument, game: ClearTheDungeon, variants: tuple[str, ...],
                     payload: str, layout: Layout, plan: list[DeckPage], mode: str,
                     back_offset: tuple[float, float], ink: str = DEFAULT_INK
                     ) -> tuple[Rect, ...]:
    """The instruction page (the deck's first page): full-size sample cards, what the
    deck is, how to print, check, cut and use it, and its QR code. Returns the sample
    fronts' rectangles (their backs are on the next page, duplex).

    Raises LayoutError if the text does not fit the page.
    """
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      ABOUT_SUBTITLE)
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
    paras = _about_paras(game, variants, layout, plan, mode, back_offset)
    # samples at full size: three fronts whose backs lie behind them on the other side
    # (duplex), else two fronts and the back; in a row under the title with the text
    # below (one column or two), or else in a row beside the text (a landscape page)
    sample_w, sample_h = mm(w), mm(h)
    pair = mode != "duplex"
    body_font = design.style("body").font
    # the row may use the page to 8 mm from its edges: a card keeps its own text
    # `safe` mm inside its cut edge
    row_room = doc.page_size[0] - 2 * mm(8)
    most = max(1, min(3, int((row_room + mm(2)) // (sample_w + mm(2)))))
    found = None
    for count, beside in ((most, False), (min(most, 2), True), (1, True)):
        gap = min(mm(14), (row_room - most * sample_w) / (most - 1)) if most > 1 else 0.0
        row_w = count * sample_w + (count - 1) * gap
        if beside:
            x0 = area.x1 - row_w
            text = Rect(area.x, bottom, x0 - mm(8) - area.x, area.y1 - bottom)
            y0 = area.y1 - sample_h
            if text.w < mm(60) or y0 - mm(6) < bottom:
                continue
            columns = [[text]]
        else:
            x0 = (doc.page_size[0] - row_w) / 2
            y0 = area.y1 - sample_h
            text = Rect(area.x, bottom, area.w, y0 - mm(9) - bottom)
            half = (text.w - mm(8)) / 2
            columns = [[text], [Rect(text.x, text.y, half, text.h),
                                Rect(text.x1 - half, text.y, half, text.h)]]
        for cols in columns:
            found = _fit_flow(paras, body_font, cols)
            if found is not None:
                break
        if found is not None:
            break
    if found is None:
        raise LayoutError(f"the deck's instruction page has no room for its text on "
                          f"{doc.paper} with layout {layout.name!r}")
    # one-sided: no back page holds the deck's checklist; this page does, under the
    # text, if the text still reads at ABOUT_TEXT_PT above it
    checklist = None
    if pair and not beside:
        list_h = mm(CHECKLIST_MIN_MM)
        short = Rect(text.x, text.y + list_h + mm(4), text.w, text.h - list_h - mm(4))
        fits = _fit_flow(paras, body_font, [short]) if short.h > 0 else None
        if fits is not None and fits[0] >= ABOUT_TEXT_PT:
            found, checklist = fits, Rect(text.x, text.y, text.w, list_h)
    shown: list[tuple[Rect, str]] = []
    samples: list[Rect] = []
    fronts = SAMPLE_CARDS[:count - 1] if pair and count > 1 else SAMPLE_CARDS[:count]
    for k in range(count):
        r = Rect(x0 + k * (sample_w + gap), y0, sample_w, sample_h)
        if k < len(fronts):
            draw_card_front(c, fronts[k], r)
            samples.append(r)
            shown.append((r, "a front, full size"))
        else:
            draw_card_back(c, r, game.title, ink)
            shown.append((r, "the back of every card"))
    label_font, label_size = design.style("label").pair
    c.saveState()
    c.setStrokeColorRGB(*GUIDE)
    c.setLineWidth(0.4)
    c.setFont(label_font, label_size)
    c.setFillColorRGB(*INK)
    for r, caption in shown:
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
        c.drawCentredString(r.cx, r.y - mm(4.5), caption)
    c.restoreState()
    text_pt, flow = found
    c.setFont(body_font, text_pt)
    c.setFillColorRGB(*INK)
    for _k, x, y, line in flow:
        c.drawString(x, y - text_pt * 0.8, line)
    if checklist is not None:
        _draw_checklist(c, checklist)
    return tuple(samples)


CHECKLIST_MIN_MM = 62.0
"""The least height (mm) the deck's checklist of 54 cards is printed in."""


def _fit_flow(paras: Sequence[str], font: str, cols: Sequence[Rect], first_drop: float = 0.0
              ) -> tuple[float, list[tuple[int, float, float, str]]] | None:
    """The largest size (half points, 12 down to body size) at which ``paras`` flow
    down ``cols`` (:func:`_flow`), with the flow; None if not even body size fits."""
    size = 12.0
    while size >= design.style("body").size - 1e-6:
        flow = _flow(paras, font, size, cols, first_drop)
        if flow is not None:
            return size, flow
        size -= 0.5
    return None


SAMPLE_CARDS: tuple[Card, ...] = (DECK_CARDS[12], DECK_CARDS[13], DECK_CARDS[52])
"""The samples on the instruction page: a King (a monster), an ace, a joker."""
ABOUT_TEXT_PT = 9.5
"""The text size on the back of the instruction page (the front sets its text as large
as its room allows, up to 12 pt: :func:`_fit_flow`)."""


def _draw_about_back(doc: SheetDocument, game: ClearTheDungeon, samples: Sequence[Rect],
                     back_offset: tuple[float, float], n: int, total: int,
                     ink: str = DEFAULT_INK) -> None:
    """The back of the instruction page (duplex): a card back where each sample front's
    back lands, outlined, so the first sheet shows how the printer lines up its two
    sides; how to check that; the deck's 54 cards to tick off once cut; the offset used
    and the page's name.

    Raises LayoutError if no margin holds the back-offset note.
    """
    c = doc.canvas
    list_layout = load_layout("list")
    area = doc.page_rect.inset(mm(list_layout.margin))
    area = draw_title(c, area, f"{game.title}: printable deck",
                      "The back of the instruction page.")
    backs = [mirror_slot(s, doc.page_size[0], back_offset) for s in samples]
    label_font, label_size = design.style("label").pair
    blocked: list[Rect] = []
    for back in backs:
        draw_card_back(c, back, game.title, ink)
        c.saveState()
        c.setStrokeColorRGB(*GUIDE)
        c.setLineWidth(0.4)
        c.rect(back.x, back.y, back.w, back.h, stroke=1, fill=0)
        c.setFont(label_font, label_size)
        c.setFillColorRGB(*INK)
        c.drawCentredString(back.cx, back.y - mm(4.5), "a sample's back")
        c.restoreState()
        blocked.append(Rect(back.x, back.y - mm(6), back.w, back.h + mm(6)))
    text = ("Printed two-sided, each card back on this page lies behind a sample card on "
            "the other side of this sheet. Hold the sheet against the light: if the "
            "outlines part by more than a millimetre or so, measure your printer with "
            "companion calibrate and print the deck with --back-offset X,Y (mm).")
    top = min((b.y for b in blocked), default=area.y1 + mm(3)) - mm(3)
    y = draw_text(c, area.x, top, area.w, text, design.style("body").font, ABOUT_TEXT_PT,
                  leading=1.3)
    blocked.append(Rect(area.x, y, area.w, top - y))
    names = _page_name(game, n, total)
    bottom = area.y + mm(12)
    y = _draw_checklist(c, Rect(area.x, bottom, area.w, y - mm(5) - bottom))
    blocked.append(Rect(area.x, y, area.w, area.y1 - y))
    note = draw_offset_note(c, doc.page_size, backs, back_offset)
    _name_card_page(doc, [*blocked, note], None, names, bottom=True, scale=False)


CHECK_GLYPH_MM = (5.0, 6.6)
"""The smallest checklist glyph (mm, width x height): its rank still 8 pt."""


def _checklist_grid(w: float, h: float, rows: int) -> tuple[float, float, float, float]:
    """(glyph width, glyph height, row height, step) of the checklist in ``rows`` rows
    (4: a suit a row; 2: two suits a row) in ``w`` x ``h`` points."""
    per_row = 14 if rows == 4 else 27
    gap, box = mm(1.5), mm(3.2)
    gw = (w - (per_row - 1) * gap) / per_row
    row_h = min(gw * 1.6 + box + mm(3), h / rows)
    gh = min(gw * 1.6, row_h - box - mm(3))
    gw = min(gw, gh / 1.2)
    step = min((w - gw) / (per_row - 1), gw + mm(4))
    return gw, gh, row_h, step


def _draw_checklist(c: Any, r: Rect) -> float:
    """The 54 cards at the top of ``r``, a suit a row (two on a wide, low page), jokers
    last, each over a box to tick once it is cut, under a heading; returns the y under
    them (``r.y1``: nothing drawn, if the glyphs would be under :data:`CHECK_GLYPH_MM`)."""
    heading = design.style("heading").size
    room = r.h - heading * 1.3
    rows, (gw, gh, row_h, step) = max(
        ((n, _checklist_grid(r.w, room, n)) for n in (4, 2)), key=lambda t: t[1][1])
    if gw < mm(CHECK_GLYPH_MM[0]) - 1e-6 or gh < mm(CHECK_GLYPH_MM[1]) - 1e-6:
        return r.y1
    y = draw_heading(c, r.x, r.y1, "The 54 cards: tick each one off as you cut it",
                     heading)
    per_row = 14 if rows == 4 else 27
    box = mm(3.2)
    x0 = r.x + (r.w - gw - (per_row - 1) * step) / 2
    c.saveState()
    for i, card in enumerate(DECK_CARDS):
        suit, rank = divmod(i, 13)
        if rows == 4:
            row, col = (suit, rank) if i < 52 else (i - 52, 13)
        else:
            row, col = (suit // 2, (suit % 2) * 13 + rank) if i < 52 else (i - 52, 26)
        x = x0 + col * step
        top = y - mm(1) - row * row_h
        draw_card_glyph(c, card, x, top - gh, gw, gh)
        c.setStrokeColorRGB(0.35, 0.35, 0.35)
        c.setLineWidth(0.6)
        c.rect(x + (gw - box) / 2, top - gh - mm(1) - box, box, box, stroke=1, fill=0)
    c.restoreState()
    return y - mm(1) - rows * row_h


def draw_deck_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``deck`` sheet: the printable deck, its backs as ``sheet.backs`` says.

    Raises LayoutError for a layout the cards do not fit or a back page with no margin
    for its offset note.
    """
    draw_deck(doc, sheet.layout, sheet.game, sheet.variants, sheet.payload,
              sheet.back_offset, sheet.backs, sheet.ink)
