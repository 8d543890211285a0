"""Dungeon Solitaire sheets: the reward deck (``cards``), R1-R60 in tile-sized
squares over a margin band that names the page, with duplex backs, fold-over pages or
fronts only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.dungeon_solitaire.cards import RewardCard
from companion.games.dungeon_solitaire.generation import reward_deck
from companion.games.dungeon_solitaire.sheets.art import (
    DEFAULT_INK,
    draw_reward_back,
    draw_reward_front,
)
from companion.games.dungeon_solitaire.sheets.common import (
    FACE_SIZE,
    MARGIN_QR_MM,
    Offset,
    Sheet,
    _flip,
    _grid,
    _plural,
    _two_sided,
    band_grid,
    draw_page_name,
    page_name_lines,
    tile_side_mm,
)
from companion.games.dungeon_solitaire.sheets.folds import (
    FoldPage,
    _draw_fold_page,
    _fold_notes,
    _fold_pages,
    fold_sheet_plan,
)
from companion.games.dungeon_solitaire.table import RULES, RulesTable
from companion.paper.document import SheetDocument
from companion.paper.fold import draw_offset_note
from companion.paper.layout import Layout, Rect, bounding_rect, mirror_slot
from companion.paper.marks import draw_crop_marks, draw_cut_lines
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.dungeon_solitaire import DungeonSolitaire


@dataclass(frozen=True)
class CardPage:
    """One page of reward cards: ``side`` is ``front`` or ``back``; ``cards[i]`` is at
    ``slots[i]``; ``trim`` is the TrimBox (the cards' block). A front's ``band`` is the
    strip of bottom margin where the page names itself (game, seed, kind, page n of m)
    and the printing notes go; ``qr`` says whether a small QR code fits there too."""

    side: str
    cards: tuple[RewardCard, ...]
    slots: tuple[Rect, ...]
    trim: Rect
    qr: bool
    band: Rect | None = None
    qr_mm: float | None = None
    """The side of the band's QR code, quiet zone included (mm; None: no code)."""


def card_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
               back_offset: Offset = (0.0, 0.0), rules: RulesTable = RULES,
               backs: str = "duplex") -> list[CardPage]:
    """The page plan of the reward deck: cards of the tile size (:func:`tile_side_mm`)
    on as few pages as the grid allows, shared evenly over them, over a band of bottom
    margin (:func:`band_grid`), each front page followed by its backs (mirrored,
    shifted by ``back_offset`` mm) unless ``backs`` is ``none`` or the layout prints
    single-sided. Every front names itself in its band, with the scale check and the
    printing notes, and a small QR code when one fits there. No page but cards: the
    printing notes are in the band of every front, so they come with page 1.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``,
    ValueError for ``backs`` fold (see :func:`card_fold_pages`).
    """
    layout = _grid(layout, "cards")
    two_sided = _two_sided(layout, backs)
    side = tile_side_mm(layout, paper, size)
    deck = reward_deck(seed, rules)
    grid = band_grid(layout, paper, side, len(deck), "cards")
    page_w = layout.page_size(paper)[0]
    plan: list[CardPage] = []
    for chunk in grid.chunks(deck):
        front = list(grid.slots[:len(chunk)])
        plan.append(CardPage("front", chunk, tuple(front), bounding_rect(front),
                             grid.qr_mm is not None, grid.band, grid.qr_mm))
        if two_sided:
            behind = [mirror_slot(r, page_w, back_offset) for r in front]
            plan.append(CardPage("back", chunk, tuple(behind), bounding_rect(behind),
                                 False))
    return plan


def card_fold_pages(seed: str, size: int, paper: str, layout: Layout | None = None,
                    rules: RulesTable = RULES) -> list[FoldPage[RewardCard]]:
    """The fold-over pages of the reward deck (``--backs fold``), in number order, the
    cards of the tile size.

    Raises LayoutError for a layout that is not a grid or does not fit ``paper``.
    """
    layout = _grid(layout, "cards")
    side = tile_side_mm(layout, paper, size)
    return _fold_pages(fold_sheet_plan(layout, paper, side), reward_deck(seed, rules))


def draw_cards(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
               params: Mapping[str, int], payload: str,
               back_offset: Offset, edition: int | None = None,
               backs: str = "duplex", ink: str = DEFAULT_INK) -> list[CardPage]:
    """Every page of the reward deck of rules ``edition`` (default: the newest; see
    :func:`card_pages`), ``backs`` duplex or none; returns the plan. Each front names
    itself in its bottom margin (and carries the deck's QR code and the scale check
    there); the backs are all alike, and each back page says the offset it was
    shifted by. Rooms' stone walls and the backs print in ``ink``.

    Raises LayoutError if a back page has no margin for its offset note.
    """
    size = params["size"]
    rules = game.rules_table(edition)
    plan = card_pages(seed, size, doc.paper, layout, back_offset, rules, backs)
    bleed = mm(layout.bleed)
    side = tile_side_mm(layout, doc.paper, size)
    fronts = sum(1 for p in plan if p.side == "front")
    two_sided = fronts < len(plan)
    count = sum(len(p.cards) for p in plan if p.side == "front")
    notes, short = _cards_notes(layout, side, count, fronts, two_sided)
    for i, page in enumerate(plan):
        c = doc.canvas if i == 0 else doc.new_page(layout.landscape)
        doc.set_trim(page.trim)
        if bleed:
            doc.set_bleed(page.trim.inset(-bleed))
        if page.side == "back":
            for slot in page.slots:
                draw_reward_back(c, slot, ink, FACE_SIZE)
            draw_offset_note(c, doc.page_size, list(page.slots), back_offset)
            continue
        for card, slot in zip(page.cards, page.slots, strict=True):
            draw_reward_front(c, card, slot, bleed, ink, FACE_SIZE)
        draw_cut_lines(c, list(page.slots), width=0.3, gray=0.72)
        if layout.crop_marks:
            draw_crop_marks(c, list(page.slots), offset=max(mm(3), bleed),
                            page_size=doc.page_size)
        assert page.band is not None
        draw_page_name(c, page.band, payload if page.qr else None,
                       page_name_lines(game, seed, size, "reward cards", i + 1, len(plan)),
                       notes, short, qr_mm=page.qr_mm or MARGIN_QR_MM)
    return plan


def draw_card_folds(doc: SheetDocument, layout: Layout, game: DungeonSolitaire, seed: str,
                    params: Mapping[str, int], payload: str,
                    edition: int | None = None,
                    ink: str = DEFAULT_INK) -> list[FoldPage[RewardCard]]:
    """The fold-over pages of the reward deck (:func:`card_fold_pages`); returns them."""
    size = params["size"]
    pages = card_fold_pages(seed, size, doc.paper, layout, game.rules_table(edition))
    bleed = mm(layout.bleed)
    count = sum(len(p.items) for p in pages)
    side = tile_side_mm(layout, doc.paper, size)
    notes = [f"{count} reward cards, {side:g} mm, on {_plural(len(pages), 'sheet')}: "
             "print one-sided.",
             *_fold_notes(), "The backs are all alike; keep the deck in number order."]

    def front(c: Any, card: RewardCard, r: Rect) -> None:
        draw_reward_front(c, card, r, bleed, ink, FACE_SIZE)

    def back(c: Any, card: RewardCard, r: Rect) -> None:
        draw_reward_back(c, r, ink, FACE_SIZE)

    for k, page in enumerate(pages):
        ids = f"reward cards {page.items[0].id}-{page.items[-1].id}"
        lines = page_name_lines(game, seed, size, ids, k + 1, len(pages))
        _draw_fold_page(doc, layout, page, front, back, payload, lines, notes)
    return pages


def _cards_notes(layout: Layout, side: float, count: int, fronts: int,
                 two_sided: bool) -> tuple[list[str], str]:
    """How to print, cut and keep the reward deck: a few short lines, and the same in
    one line for a low margin."""
    how = (f"Print two-sided, flip on the {_flip(layout)} edge."
           if two_sided else "Printed one-sided: no backs.")
    notes = [
        f"{count} reward cards, {side:g} mm square like the tiles, on "
        f"{_plural(fronts, 'sheet')}.",
        how,
        "The backs are all alike; the id is on the front: keep the deck in number order.",
        "Cut along the dashed lines.",
    ]
    short = (f"{how} Cut on the dashed lines; keep the deck in number order.")
    return notes, short


def draw_cards_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``cards`` sheet: the reward deck, fronts and duplex backs, fold-over pages or
    fronts only as ``sheet.backs`` says.

    Raises LayoutError for a layout the cards do not fit or a back page with no margin
    for its offset note.
    """
    if sheet.backs == "fold":
        draw_card_folds(doc, sheet.layout, sheet.game, sheet.seed, sheet.params,
                        sheet.payloads[0], sheet.edition, sheet.ink)
    else:
        draw_cards(doc, sheet.layout, sheet.game, sheet.seed, sheet.params,
                   sheet.payloads[0], sheet.back_offset, sheet.edition, sheet.backs,
                   sheet.ink)
