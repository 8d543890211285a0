"""Scoundrel's play mat (``mat``): real-size card spots (poker, 63 x 88 mm) for the
dungeon, the discard, the weapon and the monsters it slays (left part), the room's four
cards (right part), a health track 0 to 20 and the rules in short. One A3/Tabloid sheet,
or two A4/Letter sheets glued (:mod:`companion.paper.tiled`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import LayoutError
from companion.games.scoundrel.generation import DECK
from companion.paper import design
from companion.paper.document import SheetDocument
from companion.paper.frame import INK, draw_corner_note, wrap_text
from companion.paper.icons import RED
from companion.paper.layout import Layout, Rect
from companion.paper.tiled import (
    PANEL_PAD,
    SPOT_MM,
    SPOT_TINT,
    MatPlan,
    draw_mat_title,
    draw_panel,
    draw_spot,
    plan_mat_page,
    print_mat,
)
from companion.paper.units import mm

if TYPE_CHECKING:
    from companion.games.scoundrel import Scoundrel

__all__ = ["MAT_RULES", "PAR_BUDGET", "MatGeometry", "draw_mat_page", "draw_rule_entries",
           "mat_plan", "mat_spots", "par_text", "rule_entries_height"]

TRACK_FILL = (0.93, 0.93, 0.93)
START_FILL = (1.0, 0.93, 0.55)
GAP = mm(5)
STEP = mm(11)
"""How far each slain monster lies right of the one under it."""


@dataclass(frozen=True)
class MatGeometry:
    """Where the mat's parts lie (points, each on its page; ``pages`` says which page
    each named spot is on, 0 the first): for tests and for anyone overlaying it.
    ``health`` holds the 21 boxes of the track, 0 to 20 in order."""

    dungeon: Rect
    room: tuple[Rect, ...]
    discard: Rect
    weapon: Rect
    slain: Rect
    health: tuple[Rect, ...]
    rules: tuple[Rect, ...]
    scale_bar: Rect | None
    par_at: tuple[float, float] | None
    pages: Mapping[str, int]


MAT_RULES: tuple[tuple[str, str], ...] = (
    ("Room", "Deal from the dungeon until four cards lie face up."),
    ("Avoid", "Before facing any card of a room, put all four under the dungeon in the "
              "order dealt, and deal a new room. Never two rooms in a row."),
    ("Face", "Face three of the four, one at a time, in any order. The fourth stays for "
             "the next room."),
    ("Weapon", "A diamond, 2 to 10: equip it at once; the old weapon and its monsters "
               "go to the discard."),
    ("Potion", "A heart, 2 to 10: heal its value, up to 20. Only the first potion of a "
               "room heals."),
    ("Monster", "A club or spade (J 11, Q 12, K 13, A 14). Bare-handed: lose its "
                "value. With the weapon: lose what it beats the weapon by; the monster "
                "goes on the weapon."),
    ("Weapon rule", "Once it has slain, a weapon may only be used on a monster weaker "
                    "than the last one on it."),
    ("End", "Health 0 loses. Through the dungeon with one card left: won. Score: your "
            "health (+ the potion faced last at full health); a loss scores health "
            "minus the monsters left."),
)
ROOM_RULES = 3
"""The first three entries sit beside the room, the next three under it, the last two
(the weapon rule, the end) beside the discard."""


def _entries(variants: Sequence[str]) -> tuple[tuple[str, str], ...]:
    if "equal-kills" not in variants:
        return MAT_RULES
    return tuple((k, "Once it has slain, a weapon may only be used on a monster no "
                     "stronger than the last one on it (equal-kills).")
                 if k == "Weapon rule" else (k, v) for k, v in MAT_RULES)


def _entry_lines(label: str, text: str, width: float) -> list[str]:
    """The lines of one entry: the bold label then its text, run on."""
    size = design.style("label").size
    first_w = width - design.string_width(label + " ", design.BOLD, size)
    words = wrap_text(text, design.REGULAR, size, first_w)
    if not words:
        return [""]
    head = words[0]
    rest = " ".join(text.split()[len(head.split()):])
    return [head, *wrap_text(rest, design.REGULAR, size, width)] if rest else [head]


def rule_entries_height(entries: Sequence[tuple[str, str]], width: float) -> float:
    """The height :func:`draw_rule_entries` takes in ``width``."""
    size = design.style("label").size
    lines = sum(len(_entry_lines(k, t, width)) for k, t in entries)
    return lines * size * 1.25 + len(entries) * mm(1)


def draw_rule_entries(c: Any, x: float, top: float, width: float,
                      entries: Sequence[tuple[str, str]]) -> float:
    """Rule entries at 8 pt (label role), each its bold label run on into its text;
    returns the y under the last."""
    size = design.style("label").size
    y = top
    c.saveState()
    c.setFillColorRGB(*INK)
    for label, text in entries:
        lines = _entry_lines(label, text, width)
        c.setFont(design.BOLD, size)
        c.drawString(x, y - size, label)
        lw = design.string_width(label + " ", design.BOLD, size)
        c.setFont(design.REGULAR, size)
        for i, line in enumerate(lines):
            c.drawString(x + (lw if i == 0 else 0), y - size, line)
            y -= size * 1.25
        y -= mm(1)
    c.restoreState()
    return y


def mat_plan(paper: str, layout: Layout, game: Scoundrel, seed: str,
             variants: Sequence[str], payload: str) -> tuple[MatPlan, Any]:
    """(plan, footer drawing) of the mat on ``paper``."""
    return plan_mat_page(paper, mm(layout.margin), layout.qr_size, game.title, seed,
                         _variant_words(variants), game.credits, payload)


def _variant_words(variants: Sequence[str]) -> str:
    return "variant " + ", ".join(variants) if variants else "standard rules"


def _title_h() -> float:
    return design.style("title").size * 1.25 + design.style("label").size * 1.4


def _track_h() -> float:
    return design.style("label").size * 1.4 + mm(10)


def mat_spots(left: Rect, right: Rect) -> dict[str, Rect]:
    """Every card spot of the mat for parts ``left`` and ``right`` (page or mat
    coordinates): ``dungeon``, ``discard``, ``weapon``, ``slain`` (the monsters the
    weapon slays, each :data:`STEP` further right), ``room1`` .. ``room4``.

    Raises LayoutError if a part cannot hold them at real size."""
    w, h = mm(SPOT_MM[0]), mm(SPOT_MM[1])
    need_h = _title_h() + 2 * h + _track_h() + 3 * mm(3)
    need_w = 2 * w + GAP + 3 * STEP
    if left.h < need_h or right.h < 2 * h + mm(14) or min(left.w, right.w) < need_w:
        raise LayoutError("the Scoundrel mat needs two parts of at least "
                          f"{need_w / mm(1):.0f} x {need_h / mm(1):.0f} mm: use a4, "
                          "letter, a3 or tabloid with a margin of at most 10 mm")
    spare = (left.h - need_h) / 3
    top = left.y1 - _title_h() - mm(3) - spare
    dungeon = Rect(left.x, top - h, w, h)
    discard = Rect(left.x + w + GAP, top - h, w, h)
    weapon = Rect(left.x, dungeon.y - mm(3) - spare - h, w, h)
    slain = Rect(weapon.x1 + GAP, weapon.y, w + 3 * STEP, h)
    head = design.style("heading").size * 1.4
    ry = right.y1 - head
    room = [Rect(right.x + (k % 2) * (w + GAP), ry - (k // 2 + 1) * h - (k // 2) * GAP,
                 w, h) for k in range(4)]
    spots = {"dungeon": dungeon, "discard": discard, "weapon": weapon, "slain": slain}
    spots.update({f"room{k + 1}": r for k, r in enumerate(room)})
    return spots


def _rules_box(c: Any, r: Rect, entries: Sequence[tuple[str, str]]) -> Rect:
    """``entries`` on a rules panel filling ``r``."""
    inner = r.inset(PANEL_PAD)
    if rule_entries_height(entries, inner.w) > inner.h:
        raise LayoutError("no room for the rules on the Scoundrel mat")
    draw_panel(c, r)
    draw_rule_entries(c, inner.x, inner.y1, inner.w, entries)
    return r


def _draw_left(c: Any, r: Rect, game: Scoundrel, seed: str,
               variants: Sequence[str]) -> dict[str, Any]:
    spots = mat_spots(r, r)
    draw_mat_title(c, r.x, r.y1, f"{game.title}: play mat",
                   f"Seed {seed}, {_variant_words(variants)}.")
    draw_spot(c, spots["dungeon"], "Dungeon", f"{len(DECK)} cards face down, stacked "
              "with the stacking list; deal each room from here")
    draw_spot(c, spots["discard"], "Discard", "face up")
    draw_spot(c, spots["weapon"], "Weapon", "a diamond, 2 to 10")
    _draw_slain(c, spots["slain"], mm(SPOT_MM[0]), variants)
    entries = _entries(variants)
    end = Rect(spots["discard"].x1 + GAP, spots["discard"].y,
               r.x1 - spots["discard"].x1 - GAP, spots["discard"].h)
    rules = [_rules_box(c, end, entries[-2:])]
    boxes = _health_track(c, Rect(r.x, r.y, r.w, _track_h()))
    return {"spots": spots, "health": boxes, "rules": rules}


def _draw_right(c: Any, r: Rect, variants: Sequence[str]) -> dict[str, Any]:
    spots = mat_spots(r, r)
    head = design.style("heading")
    room = [spots[f"room{k}"] for k in range(1, 5)]
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(head.font, head.size)
    c.drawString(r.x, r.y1 - head.size * 0.8, "The room: four cards face up")
    c.restoreState()
    for k, spot in enumerate(room):
        draw_spot(c, spot, f"Room {k + 1}", "the card left over stays for the next room"
                  if k == 3 else "")
    entries = _entries(variants)
    side = Rect(room[1].x1 + GAP, room[-1].y, r.x1 - room[1].x1 - GAP,
                room[0].y1 - room[-1].y)
    below = Rect(r.x, r.y, r.w, room[-1].y - mm(3) - r.y)
    rules = [_rules_box(c, side, entries[:ROOM_RULES]),
             _rules_box(c, below, entries[ROOM_RULES:-2])]
    return {"room": room, "rules": rules}


def _health_track(c: Any, r: Rect) -> list[Rect]:
    """21 boxes, 0 to 20, left to right; 20 (the start) marked; returns the boxes."""
    gap = mm(0.8)
    w = (r.w - 20 * gap) / 21
    size = design.style("label").size
    h = r.h - size * 1.4
    boxes = []
    c.saveState()
    c.setFont(design.BOLD, size)
    c.setFillColorRGB(*INK)
    c.drawString(r.x, r.y1 - size * 0.8, "Health: a paper clip or a coin on it. Start at "
                 "20, never above 20; at 0 the game is lost.")
    for k in range(21):
        box = Rect(r.x + k * (w + gap), r.y, w, h)
        boxes.append(box)
        c.setLineWidth(1.2 if k == 20 else 0.6)
        c.setStrokeColorRGB(*INK)
        c.setFillColorRGB(*(START_FILL if k == 20 else TRACK_FILL if k % 5 == 0
                            else (1.0, 1.0, 1.0)))
        c.roundRect(box.x, box.y, box.w, box.h, mm(1), stroke=1, fill=1)
        c.setFillColorRGB(*(RED if k == 0 else INK))
        fs = 11.0 if design.string_width(str(k), design.BOLD, 11) < box.w * 0.85 else 8.0
        c.setFont(design.BOLD, fs)
        c.drawCentredString(box.cx, box.cy - fs * 0.35, str(k))
    c.restoreState()
    return boxes


def _draw_slain(c: Any, r: Rect, w: float, variants: Sequence[str]) -> None:
    """Where the slain monsters go: overlapping card outlines, each :data:`STEP`
    further right, the last slain on top, with what the next one may be."""
    count = int(round((r.w - w) / STEP)) + 1
    c.saveState()
    c.setLineWidth(0.6)
    for k in range(count):
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.setFillColorRGB(*SPOT_TINT)
        c.setDash([mm(1.2), mm(0.9)], 0)
        c.roundRect(r.x + k * STEP, r.y, w, r.h, mm(3), stroke=1, fill=1)
    c.setDash()
    head = design.style("heading")
    label = design.style("label")
    right = r.x1 - w / 2
    c.setFillColorRGB(*INK)
    c.setFont(head.font, head.size)
    c.drawCentredString(right, r.cy + mm(4), "Slain monsters")
    c.setFont(label.font, label.size)
    rule = ("next: no stronger than the last" if "equal-kills" in variants
            else "next: weaker than the last")
    y = r.cy
    for line in wrap_text(f"each a step right, the last on top; {rule}", label.font,
                          label.size, w - mm(8)):
        c.drawCentredString(right, y - label.size, line)
        y -= label.size * 1.25
    c.restoreState()


def draw_mat_page(doc: SheetDocument, layout: Layout, game: Scoundrel, seed: str,
                  variants: tuple[str, ...], payload: str,
                  options: Mapping[str, Any]) -> MatGeometry:
    """The play mat on ``doc``'s paper (one big sheet or two home sheets). Returns
    where its parts were drawn.

    Raises LayoutError if ``layout`` leaves no room for the real-size spots."""
    plan, footer = mat_plan(doc.paper, layout, game, seed, variants, payload)
    left, right = print_mat(doc, plan, (
        lambda c, r: _draw_left(c, r, game, seed, variants),
        lambda c, r: _draw_right(c, r, variants)), footer)
    par_at = None
    if options.get("par"):
        # upside down in the top-right corner of the last sheet, small and grey
        corner = doc.page_rect.inset(mm(layout.margin))
        par_at = draw_corner_note(doc.canvas, corner.x1, corner.y1,
                                  par_text(game, seed, variants))
    s = left["spots"]
    last = plan.sheets - 1
    pages = {"dungeon": 0, "discard": 0, "weapon": 0, "slain": 0, "health": 0,
             "room": last, "par": last}
    return MatGeometry(s["dungeon"], tuple(right["room"]), s["discard"], s["weapon"],
                       s["slain"], tuple(left["health"]),
                       (*left["rules"], *right["rules"]), None, par_at, pages)


PAR_BUDGET = 3_000_000
"""The solver's budget for ``--par`` (its default: every measured deal is proven)."""


def par_text(game: Scoundrel, seed: str, variants: tuple[str, ...]) -> str:
    """``par N`` (the best score a perfect player reaches: a win), ``par N: not
    winnable`` (the least bad loss), or ``par N or more`` / ``par unknown`` when the
    budget runs out (it does not on any measured deal)."""
    report = game.solve(seed, {}, variants, budget=PAR_BUDGET)
    if report.status == "won" and report.score is not None:
        return f"par {report.score}"
    if report.status == "lost":
        return f"par {report.score}: not winnable" if report.score is not None \
            else "par: not winnable"
    if report.score is not None:
        return f"par {report.score} or more"
    return "par unknown"
