"""Clear the Dungeon sheets: the play mat (``mat``): the four monster columns laid out
as tableaux at real card size (poker, 63 x 88 mm: the monster, then its attack pile
overlapping downwards, 1st, 2nd, trigger), the damage track, the power deck and the
attack rules. One A3/Tabloid sheet or two A4/Letter sheets glued
(:mod:`companion.paper.tiled`): columns 1-2 and the damage track on the left part,
columns 3-4 and the rules on the right."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards import Card
from companion.errors import LayoutError
from companion.games.clear_the_dungeon.sheets.common import (
    LOST_FILL,
    Sheet,
    _power_count,
    _variant_words,
    par_text,
    stack_order,
)
from companion.paper import design
from companion.paper.cards import draw_card_glyph
from companion.paper.document import SheetDocument
from companion.paper.frame import (
    INK,
    draw_corner_note,
    draw_heading,
    draw_text,
    wrap_text,
)
from companion.paper.icons import draw_icon
from companion.paper.layout import Layout, Rect
from companion.paper.tiled import (
    SPOT_MM,
    SPOT_TINT,
    MatPlan,
    draw_mat_title,
    draw_panel,
    plan_mat_page,
    print_mat,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.clear_the_dungeon import ClearTheDungeon

__all__ = ["ATTACK_RULES", "MatGeometry", "draw_mat_page", "draw_mat_sheet", "mat_plan",
           "mat_spots"]


@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points, on their page; ``pages`` names the page of
    each part, 0 the first): for tests and for anyone overlaying it. ``columns`` are
    the four tableaux (monster and attack pile), ``monsters`` the monsters' card
    spots, ``attack_slots`` the 1st, 2nd and trigger cards' spots (each overlapping
    the one above but for its top strip)."""

    columns: tuple[Rect, ...]
    monsters: tuple[Rect, ...]
    attack_slots: tuple[tuple[Rect, Rect, Rect], ...]
    damage_boxes: tuple[Rect, ...]
    rules: tuple[Rect, ...]
    par_at: tuple[float, float] | None
    pages: Mapping[str, int]


ATTACK_RULES: tuple[tuple[str, str], ...] = (
    ("Power", "J 11, Q 12, K 13. Number cards count their face value (A = 1); a joker "
              "counts 10 and stands for any suit."),
    ("1st card", "Needs value + 10 to reach the monster's power: any card on a J, "
                 "2 or more on a Q, 3 or more on a K."),
    ("2nd card", "Added to the 1st, the total must reach the power (11, 12 or 13)."),
    ("Trigger", "Any card of the monster's suit, whatever its value (or a joker). The "
                "monster falls: set it aside with its three cards and turn up the next "
                "card of that column."),
    ("Your turn", "Draw 3 (fewer at the end of the deck). Every card in hand goes either "
                  "onto an attack pile or onto the damage pile before you draw again."),
    ("Goal", "Defeat all 12 monsters. Score: the cards still in the power deck (the "
             "hand does not count)."),
)

_HEAD = design.style("heading")
_LABEL = design.style("label")
_TOP = mm(22)
"""The monster's strip left in sight above its attack pile."""
_STRIP = mm(18)
"""The strip of the 1st and 2nd attack cards left in sight."""
_GAP = mm(5)
_TRACK_H = mm(42)


def _column_h() -> float:
    return _HEAD.size * 1.3 + mm(1) + _TOP + 2 * _STRIP + mm(SPOT_MM[1])


def _title_h() -> float:
    return design.style("title").size * 1.25 + _LABEL.size * 1.4 + mm(2)


def mat_spots(left: Rect, right: Rect) -> dict[str, Rect]:
    """The card spots of the mat for parts ``left`` and ``right``: ``column1`` ..
    ``column4`` (each tableau: the monster and its attack pile, overlapping), and in
    each ``monster{k}``, ``first{k}``, ``second{k}``, ``trigger{k}``.

    Raises LayoutError if a part cannot hold them at real size."""
    w, h = mm(SPOT_MM[0]), mm(SPOT_MM[1])
    col_h = _column_h()
    need_w = 2 * w + _GAP + mm(30)
    if (min(left.w, right.w) < need_w or left.h < _title_h() + col_h + _TRACK_H + mm(4)
            or right.h < col_h + mm(40)):
        raise LayoutError("the Clear the Dungeon mat needs two parts of at least "
                          f"{need_w / mm(1):.0f} x "
                          f"{(_title_h() + col_h + _TRACK_H + mm(4)) / mm(1):.0f} mm: use "
                          "a4, letter, a3 or tabloid with a margin of at most 10 mm")
    spots: dict[str, Rect] = {}
    for k in range(4):
        part = left if k < 2 else right
        top = part.y1 - (_title_h() if k < 2 else 0) - _HEAD.size * 1.3 - mm(1)
        x = part.x + (k % 2) * (w + _GAP)
        n = k + 1
        spots[f"column{n}"] = Rect(x, top - (_TOP + 2 * _STRIP + h), w,
                                   _TOP + 2 * _STRIP + h)
        spots[f"monster{n}"] = Rect(x, top - h, w, h)
        spots[f"first{n}"] = Rect(x, top - _TOP - h, w, h)
        spots[f"second{n}"] = Rect(x, top - _TOP - _STRIP - h, w, h)
        spots[f"trigger{n}"] = Rect(x, top - _TOP - 2 * _STRIP - h, w, h)
    return spots


def mat_plan(paper: str, layout: Layout, game: ClearTheDungeon, seed: str,
             variants: Sequence[str], payload: str) -> tuple[MatPlan, Any]:
    """(plan, footer drawing) of the mat on ``paper``."""
    return plan_mat_page(paper, mm(layout.margin), layout.qr_size, game.title, seed,
                         _variant_words(variants), game.credits, payload)


def draw_mat_page(doc: SheetDocument, layout: Layout, game: ClearTheDungeon, seed: str,
                  variants: tuple[str, ...], payload: str, par: str | None) -> MatGeometry:
    """The play mat on ``doc``'s paper (one big sheet or two home sheets). Returns
    where its parts were drawn.

    Raises LayoutError if ``layout`` leaves no room for the real-size spots."""
    columns, _ = stack_order(seed, variants)
    plan, footer = mat_plan(doc.paper, layout, game, seed, variants, payload)
    left, right = print_mat(doc, plan, (
        lambda c, r: _draw_left(c, r, game, seed, variants, columns),
        lambda c, r: _draw_right(c, r, variants, columns)), footer)
    par_at = None
    if par:
        # upside down in the top-right corner of the last sheet, small and grey
        corner = doc.page_rect.inset(mm(layout.margin))
        par_at = draw_corner_note(doc.canvas, corner.x1, corner.y1, par)
    spots = {**left["spots"], **right["spots"]}
    last = plan.sheets - 1
    return MatGeometry(
        tuple(spots[f"column{k}"] for k in range(1, 5)),
        tuple(spots[f"monster{k}"] for k in range(1, 5)),
        tuple((spots[f"first{k}"], spots[f"second{k}"], spots[f"trigger{k}"])
              for k in range(1, 5)),
        tuple(left["boxes"]), tuple(left["rules"] + right["rules"]), par_at,
        {"column1": 0, "column2": 0, "damage": 0, "column3": last, "column4": last,
         "rules": last, "par": last})


def _draw_left(c: Any, r: Rect, game: ClearTheDungeon, seed: str,
               variants: Sequence[str], columns: Sequence[Sequence[Card]]
               ) -> dict[str, Any]:
    spots = {k: v for k, v in mat_spots(r, r).items() if k[-1] in "12"}
    draw_mat_title(c, r.x, r.y1, f"{game.title}: play mat",
                   f"Seed {seed}, {_variant_words(variants)}. Deal with the stacking list.")
    for k in (1, 2):
        _draw_column(c, spots, k, columns[k - 1])
    side = Rect(spots["column2"].x1 + _GAP, spots["column2"].y,
                r.x1 - spots["column2"].x1 - _GAP, spots["column2"].h)
    _draw_deck_notes(c, draw_panel(c, side), _power_count(variants))
    track = Rect(r.x, r.y, r.w, min(_TRACK_H + mm(8), spots["column1"].y - mm(4) - r.y))
    boxes = _draw_damage_track(c, track, "reserve" in variants)
    return {"spots": spots, "boxes": boxes, "rules": [side]}


def _draw_right(c: Any, r: Rect, variants: Sequence[str],
                columns: Sequence[Sequence[Card]]) -> dict[str, Any]:
    spots = {k: v for k, v in mat_spots(r, r).items() if k[-1] in "34"}
    for k in (3, 4):
        _draw_column(c, spots, k, columns[k - 1])
    side = Rect(spots["column4"].x1 + _GAP, spots["column4"].y,
                r.x1 - spots["column4"].x1 - _GAP, spots["column4"].h - mm(12))
    _draw_reserve_note(c, draw_panel(c, side), "reserve" in variants)
    below = Rect(r.x, r.y, r.w, spots["column3"].y - _GAP - r.y)
    if _attack_rules_height(below.w) > below.h:
        raise LayoutError("no room for the attack rules on the Clear the Dungeon mat")
    _draw_attack_rules(c, below)
    return {"spots": spots, "rules": [side, below]}


def _card_outline(c: Any, r: Rect, fill: tuple[float, float, float]) -> None:
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setFillColorRGB(*fill)
    c.setLineWidth(0.7)
    c.setDash([mm(1.2), mm(0.9)], 0)
    c.roundRect(r.x, r.y, r.w, r.h, mm(3), stroke=1, fill=1)
    c.restoreState()


def _draw_column(c: Any, spots: Mapping[str, Rect], k: int, col: Sequence[Card]) -> None:
    """Column ``k``: its heading, the monster's card (its top strip in sight: the
    dealt card, small, and its power) and the attack pile overlapping it, 1st and 2nd
    showing their top strips, the trigger whole."""
    monster = spots[f"monster{k}"]
    draw_heading(c, monster.x, monster.y1 + _HEAD.size * 1.3 + mm(1), f"Column {k}",
                 _HEAD.size)
    _card_outline(c, monster, SPOT_TINT)
    gh = _TOP - mm(4)
    gw = gh / 1.4
    draw_card_glyph(c, col[0], monster.x + mm(2), monster.y1 - mm(2) - gh, gw, gh)
    tx = monster.x + mm(4) + gw
    tw = monster.x1 - mm(2) - tx
    c.saveState()
    c.setFillColorRGB(*INK)
    y = draw_text(c, tx, monster.y1 - mm(2), tw, f"Monster, power {col[0].rank}",
                  font=design.BOLD, size=_LABEL.size)
    draw_text(c, tx, y - mm(0.5), tw, "2 more face down under it: the next monsters",
              size=_LABEL.size)
    c.restoreState()
    subs = ("+10 reaches the power", "the total reaches it", "of the monster's suit")
    for name, label, sub in zip(("first", "second", "trigger"), ("1st", "2nd", "Trigger"),
                                subs, strict=True):
        r = spots[f"{name}{k}"]
        _card_outline(c, r, (0.9, 0.9, 0.9) if name == "trigger" else SPOT_TINT)
        c.saveState()
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, _HEAD.size)
        c.drawString(r.x + mm(3), r.y1 - mm(3) - _HEAD.size * 0.8, label)
        c.setFont(_LABEL.font, _LABEL.size)
        c.drawString(r.x + mm(3), r.y1 - mm(4) - _HEAD.size - _LABEL.size, sub)
        c.restoreState()
    trigger = spots[f"trigger{k}"]
    c.saveState()
    c.setFillColorRGB(0.3, 0.3, 0.3)
    for i, line in enumerate(wrap_text("attack pile: each card on the one before, its "
                                       "top in sight", _LABEL.font, _LABEL.size,
                                       trigger.w - mm(8))):
        c.setFont(_LABEL.font, _LABEL.size)
        c.drawCentredString(trigger.cx, trigger.cy - i * _LABEL.size * 1.25, line)
    c.restoreState()


def _draw_deck_notes(c: Any, r: Rect, count: int) -> None:
    """The power deck and the hand, in words beside columns 1 and 2 (their cards lie
    beside the mat and in the hand)."""
    jokers = "A to 10 of every suit" + ("" if count == 40 else " and the 2 jokers")
    y = draw_heading(c, r.x, r.y1, "Power deck", _HEAD.size)
    y = draw_text(c, r.x, y - mm(0.5), r.w, f"{count} cards face down beside the mat: "
                  f"{jokers}. Your score: the cards left in it at the win.",
                  size=_LABEL.size)
    y = draw_heading(c, r.x, y - mm(4), "Hand", _HEAD.size)
    draw_text(c, r.x, y - mm(0.5), r.w, "Draw 3 when your hand is empty. Each card goes "
              "onto an attack pile or the damage pile.", size=_LABEL.size)


def _draw_reserve_note(c: Any, r: Rect, reserve: bool) -> None:
    y = draw_heading(c, r.x, r.y1, "Reserve", _HEAD.size)
    text = ("Rule on: the top card of the damage pile may be played onto a monster "
            "like a hand card; it then leaves the pile. Mind the order of your discards."
            if reserve else
            "Rule off: cards on the damage pile stay there. To play with it, print the "
            "mat with --variant reserve.")
    draw_text(c, r.x, y - mm(0.5), r.w, text, size=_LABEL.size)


def _rules_label_width() -> float:
    """The column of the rules' labels: 2.5 mm after the widest."""
    return max(design.string_width(label, design.BOLD, _LABEL.size)
               for label, _ in ATTACK_RULES) + mm(2.5)


def _attack_rules_height(width: float) -> float:
    """The height :func:`_draw_attack_rules` needs in a box ``width`` wide."""
    text_w = width - mm(4) - _rules_label_width()
    lines = sum(len(wrap_text(text, design.REGULAR, _LABEL.size, text_w))
                for _, text in ATTACK_RULES)
    return (mm(4) + _HEAD.size * 1.3 + len(ATTACK_RULES) * mm(0.6)
            + lines * _LABEL.size * 1.2 + mm(0.5))


def _draw_attack_rules(c: Any, r: Rect) -> None:
    """The attack rule in short, as a two-column table (label, text), on a rules
    panel filling ``r``."""
    draw_panel(c, r)
    c.saveState()
    inner = r.inset(mm(2))
    y = draw_heading(c, inner.x, inner.y1,
                     "Attacking a monster: three cards on its attack pile", _HEAD.size)
    size = _LABEL.size
    label_w = _rules_label_width()
    for label, text in ATTACK_RULES:
        c.setFont(design.BOLD, size)
        c.setFillColorRGB(*INK)
        c.drawString(inner.x, y - size * 0.8 - mm(0.6), label)
        y = draw_text(c, inner.x + label_w, y - mm(0.6), inner.w - label_w, text,
                      size=size, leading=1.2)
    c.restoreState()


def _draw_damage_track(c: Any, r: Rect, reserve: bool) -> list[Rect]:
    """The damage pile's track: seven boxes to tick, the seventh lost."""
    c.saveState()
    top = draw_heading(c, r.x, r.y1, "Damage pile", _HEAD.size)
    top = draw_text(c, r.x, top, r.w,
                    "Every discard lands face up on the damage pile beside the mat: tick "
                    "one box per card" + (" (erase one when a card leaves)." if reserve
                                          else "."), size=_LABEL.size)
    gap = mm(2)
    bw = (r.w - 6 * gap) / 7
    bh = top - mm(1.5) - r.y
    boxes: list[Rect] = []
    for i in range(7):
        b = Rect(r.x + i * (bw + gap), r.y, bw, bh)
        boxes.append(b)
        last = i == 6
        c.setFillColorRGB(*(LOST_FILL if last else (1, 1, 1)))
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(2.2 if last else 0.8)
        c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=1)
        c.setFillColorRGB(*INK)
        c.setFont(design.BOLD, 13)
        c.drawString(b.x + mm(1.5), b.y1 - 13 * 0.78 - mm(1.5), str(i + 1))
        if last:
            draw_icon(c, "monster", b.x1 - mm(5), b.y1 - mm(5), mm(6))
            c.setFont(design.BOLD, 10)
            c.drawCentredString(b.cx, b.y + mm(5.5), "LOST AT 7")
            c.setFont(_LABEL.font, _LABEL.size)
            c.drawCentredString(b.cx, b.y + mm(2), "game over")
    c.restoreState()
    return boxes


def draw_mat_sheet(doc: SheetDocument, sheet: Sheet) -> None:
    """The ``mat`` sheet: the play mat, with par when ``options["par"]`` asks.

    Raises ParameterError with ``options["par"]`` for a game without a solver.
    """
    par = par_text(sheet.game, sheet.seed, sheet.variants) if sheet.options.get("par") else None
    draw_mat_page(doc, sheet.layout, sheet.game, sheet.seed, sheet.variants, sheet.payload, par)
