"""The cover of a session pack (:mod:`companion.pack`): the game's name, the seed, the
contents as print jobs (page ranges and the printer setting of each), what to do
first, the game in brief, the QR identity strip and the credits.

The cover is composed to its page: the type grows (from the scale's sizes, never below
them) until the content fills the room above the identity strip, and what is left is
shared between the sections. The strip's height is measured
(:func:`companion.paper.frame.footer_height`), never assumed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.games.base import Game
from companion.paper import design

if TYPE_CHECKING:
    from companion.pack import PackEntry, PackPlan

__all__ = ["cover_notes", "render_cover"]

GROW = 1.7
"""The most the cover's type grows over the scale's sizes when the page has room."""
BESIDE = 1.3
"""The game in brief goes beside the identity strip when it is at most this many
times the strip's height there (a taller column would leave room empty above it)."""
MIN_GAP = 3.0
"""The least room (mm) between the cover's sections before its type grows."""
BAND = (0.86, 0.86, 0.86)
"""The grey of a print job's heading band."""


def _params_text(game: Game, params: Mapping[str, int], variants: Sequence[str]) -> str:
    parts = [f"{p.name} {params[p.name]}" for p in game.params]
    if variants:
        parts.append(("variant: " if len(variants) == 1 else "variants: ")
                     + ", ".join(variants))
    return ", ".join(parts)


@functools.lru_cache(maxsize=4096)
def _widths(text: str, font: str) -> tuple[tuple[str, ...], tuple[float, ...], float]:
    """The words of ``text``, their widths at 1 pt in ``font``, and a space's."""
    words = tuple(text.split())
    return (words, tuple(design.string_width(w, font, 1.0) for w in words),
            design.string_width(" ", font, 1.0))


def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken at spaces into lines at most ``width`` points wide in ``font`` at
    ``size`` (a word wider than that alone on its line), from word widths measured once:
    the cover is measured at many sizes before it is drawn."""
    words, widths, space = _widths(text, font)
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word, w in zip(words, widths, strict=True):
        need = w * size if not line else used + (space + w) * size
        if line and need > width:
            lines.append(" ".join(line))
            line, used = [word], w * size
        else:
            line.append(word)
            used = need
    if line:
        lines.append(" ".join(line))
    return tuple(lines)


class _Pen:
    """Draws the cover's flow at type scale ``grow`` from ``top`` down, or (``c`` None)
    only measures it."""

    def __init__(self, c: Any, x: float, top: float, w: float, grow: float,
                 gap: float) -> None:
        self.c, self.x, self.y, self.w, self.grow, self.gap = c, x, top, w, grow, gap

    def size(self, role: str) -> float:
        return design.style(role).size * self.grow

    def heading(self, text: str) -> None:
        size = self.size("heading")
        if self.c is not None:
            self.c.setFont(design.BOLD, size)
            self.c.drawString(self.x, self.y - size, text)
        self.y -= size * 1.45

    def paragraph(self, text: str, indent: float = 0.0, bullet: bool = False,
                  italic: bool = False) -> None:
        size = self.size("body")
        font = design.ITALIC if italic else design.REGULAR
        lines = _wrap(text, font, size, self.w - indent)
        if self.c is not None:
            self.c.setFont(font, size)
            if bullet:
                self.c.drawString(self.x + indent * 0.25, self.y - size, "\u2013")
            for i, line in enumerate(lines):
                self.c.drawString(self.x + indent, self.y - size - i * size * 1.3, line)
        self.y -= len(lines) * size * 1.3 + size * 0.35

    def space(self, share: float = 1.0) -> None:
        self.y -= self.gap * share


def _job_band(pen: _Pen, number: int, pages: str, how: str) -> None:
    from companion.paper.units import mm

    left, right = f"{number}.  Pages {pages}", how
    size = pen.size("heading")
    room = pen.w - mm(5) - mm(6)
    wide = (design.string_width(left, design.BOLD, size)
            + design.string_width(right, design.BOLD, size))
    if wide > room:  # a narrow page or a large scale: the band's type gives way
        size = max(design.style("heading").minimum, size * room / wide)
    h = size * 1.7
    if pen.c is not None:
        c = pen.c
        c.saveState()
        c.setFillColorRGB(*BAND)
        c.roundRect(pen.x, pen.y - h, pen.w, h, mm(1.2), stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(design.BOLD, size)
        base = pen.y - h / 2 - size * 0.35
        c.drawString(pen.x + mm(2.5), base, left)
        c.drawRightString(pen.x + pen.w - mm(2.5), base, right)
        c.restoreState()
    pen.y -= h + size * 0.55


def _entry_row(pen: _Pen, entry: PackEntry) -> None:
    from companion.paper.units import mm

    size = pen.size("body") * 1.1
    note_size = pen.size("label")
    pages = f"page {entry.pages}" if entry.first == entry.last else f"pages {entry.pages}"
    note = entry.note()
    box = size * 0.85
    left = pen.x + mm(2.5)
    text_x = left + box + mm(2.5)
    right = pen.x + pen.w - mm(2.5)
    pages_w = design.string_width(pages, design.BOLD, size)
    lines = _wrap(entry.title, design.BOLD, size, right - pages_w - mm(4) - text_x)
    pitch = size * 1.25
    if pen.c is not None:
        c = pen.c
        c.setLineWidth(0.7)
        c.rect(left, pen.y - size * 0.95, box, box, stroke=1, fill=0)
        c.setFont(design.BOLD, size)
        for i, line in enumerate(lines):
            c.drawString(text_x, pen.y - size * 0.95 - i * pitch, line)
        base = pen.y - size * 0.95 - (len(lines) - 1) * pitch
        c.drawRightString(right, base, pages)
        start = text_x + design.string_width(lines[-1], design.BOLD, size) + mm(2)
        end = right - pages_w - mm(2)
        if end > start:
            c.saveState()
            c.setDash(0.6, 2.4)
            c.setLineWidth(0.8)
            c.setLineCap(1)
            c.line(start, base, end, base)
            c.restoreState()
        if note:
            c.setFont(design.REGULAR, note_size)
            c.drawString(text_x, base - size * 0.3 - note_size, note)
    pen.y -= (len(lines) - 1) * pitch + size * 1.45 + (note_size * 1.3 if note else 0.0)


def _flow(pen: _Pen, plan: PackPlan, left_out: list[str], paper: str) -> None:
    """The print jobs: the top of the cover under its title."""
    jobs = plan.jobs
    pen.heading(f"How to print it: {len(jobs)} print job{'s' if len(jobs) > 1 else ''}")
    orientations = {j.landscape for j in jobs}
    turn = (" Portrait and landscape pages are mixed: leave your PDF viewer's "
            "auto-rotate on (its default), it turns each page to the paper."
            if None in orientations or len(orientations) > 1 else "")
    what = ("Print the whole file as one job" if len(jobs) == 1 else
            "Print each page range below as one job with its setting")
    pen.paragraph(f"{what}, on plain {'A4' if paper == 'a4' else 'Letter'} paper, at "
                  f"actual size (100%, no fit to page).{turn}")
    pen.space(0.5)
    for number, job in enumerate(jobs, 1):
        _job_band(pen, number, job.pages, job.how())
        if number == 1:
            _entry_row(pen, plan.cover)
        for entry in job.entries:
            _entry_row(pen, entry)
        if job.blanks:
            listed = ", ".join(str(b) for b in job.blanks)
            pen.paragraph(f"Page{'s' if len(job.blanks) > 1 else ''} {listed} "
                          f"{'are' if len(job.blanks) > 1 else 'is'} blank on purpose: "
                          "each two-sided part starts on the front of a sheet.")
        pen.space(0.6)
    if left_out:
        pen.paragraph("Left out, as asked: " + ", ".join(left_out) + ".")


def _notes(pen: _Pen, notes: list[str]) -> None:
    """What to do first."""
    if notes:
        pen.heading("Before you play")
        for note in notes:
            pen.paragraph(note, indent=pen.size("body") * 1.2, bullet=True)


def _summary(game: Game) -> str:
    """The game in brief, from its booklet (built once per game)."""
    if game.name not in _SUMMARIES:
        _SUMMARIES[game.name] = game.booklet().summary
    return _SUMMARIES[game.name]


_SUMMARIES: dict[str, str] = {}


def _brief(pen: _Pen, game: Game) -> None:
    """The game in brief."""
    summary = _summary(game)
    if summary:
        pen.heading("The game in brief")
        pen.paragraph(summary)


def render_cover(game: Game, seed: str, params: Mapping[str, int],
                 variants: Sequence[str], paper: str, payload: str, plan: PackPlan,
                 left_out: Sequence[str] = ()) -> bytes:
    """The one-page cover of a pack laid out by ``plan``."""
    from companion.paper.document import SheetDocument
    from companion.paper.frame import INK, draw_identity, footer_height, wrap_text
    from companion.paper.identity import identity_size
    from companion.paper.layout import content_rect, load_layout
    from companion.paper.units import mm

    layout = load_layout("list")
    doc = SheetDocument(f"{game.title} session pack {seed}", paper, False, [payload])
    c = doc.canvas
    area = content_rect(layout, paper)
    c.setFillColorRGB(*INK)
    c.setStrokeColorRGB(*INK)

    # the name, big; the seed and what the file is under it
    top = area.y + area.h
    display = design.style("display")
    name_size = min(display.size * 1.6,
                    display.size * area.w / max(1.0, design.string_width(
                        game.title, display.font, display.size)))
    name_size = max(display.minimum, name_size)
    c.setFont(display.font, name_size)
    base = top - name_size * 0.8
    c.drawString(area.x, base, game.title)
    # the seed at the top right, when it fits beside the name
    seed_size = display.size
    label_font, label_size = design.style("label").pair
    name_w = design.string_width(game.title, display.font, name_size)
    seed_w = design.string_width(seed, display.font, seed_size)
    beside_name = name_w + seed_w + mm(8) <= area.w
    if beside_name:
        c.setFont(display.font, seed_size)
        c.drawRightString(area.x + area.w, base, seed)
        c.setFont(label_font, label_size)
        c.drawString(area.x + area.w - seed_w, base + seed_size * 0.85, "seed")
    y = base - mm(4)
    sub = design.style("heading")
    sub_size = sub.size * 1.3
    c.setFont(sub.font, sub_size)
    jobs = len(plan.jobs)
    subtitle = (f"Session pack: {plan.total} pages in {jobs} print "
                f"job{'s' if jobs > 1 else ''}" if beside_name else
                f"Session pack for seed {seed}: {plan.total} pages")
    for line in wrap_text(subtitle, sub.font, sub_size, area.w):
        c.drawString(area.x, y - sub_size * 0.8, line)
        y -= sub_size * 1.2
    y -= mm(2) - sub_size * 0.4
    y -= mm(2)
    c.setLineWidth(1.2)
    c.line(area.x, y, area.x + area.w, y)
    y -= mm(5)

    # the identity strip at the bottom; beside it a section when one fits, or credits
    qr_w = mm(layout.qr_size)
    params_text = _params_text(game, params, variants)
    lines = [game.title, seed, f"{params_text}, session pack" if params_text else
             "session pack", "Lost the seed? companion scan this page"]
    strip = footer_height(payload, lines, qr_w)
    id_w, _ = identity_size(payload, lines, qr_w, max_width=area.w * 0.62)
    draw_identity(c, area.x, area.y, payload, lines, qr_w, max_width=area.w * 0.62)
    side_x = area.x + id_w + mm(6)
    side_w = area.x + area.w - side_x
    notes = cover_notes(game, seed, plan)

    def section(pen: _Pen, which: str) -> None:
        if which == "notes":
            _notes(pen, notes)
        else:
            _brief(pen, game)

    def side_height(which: str, grow: float) -> float:
        """The height of the section ``which`` and the credits beside the strip."""
        pen = _Pen(None, side_x, 0.0, side_w, grow, 0.0)
        section(pen, which)
        pen.paragraph(game.credits, italic=True)
        return -pen.y

    def compose(pen: _Pen, side: str) -> None:
        """The flow: the print jobs, then the sections not beside the strip."""
        _flow(pen, plan, list(left_out), paper)
        for which in ("notes", "brief"):
            if which != side:
                pen.space()
                section(pen, which)

    # the flow between, its type grown to fill the room
    def used(grow: float, gap: float, side: str) -> float:
        pen = _Pen(None, area.x, y, area.w, grow, gap)
        compose(pen, side)
        beside = side_height(side, 1.0) + mm(3) if side else 0.0
        return y - pen.y + max(strip, beside)

    def fit(side: str) -> float:
        """The most the type grows with ``side`` beside the strip."""
        lo, hi = 1.0, GROW
        if used(hi, least, side) <= room:
            return hi
        for _ in range(10):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if used(mid, least, side) <= room else (lo, mid)
        return lo

    room = y - area.y
    least = mm(MIN_GAP)
    # a section beside the strip fills its side, in the scale's own sizes (it is
    # secondary: the print jobs lead); only while the flow still fills the page
    options = [(which, fit(which)) for which in ("brief", "notes", "")
               if not which or side_height(which, 1.0) + mm(3) <= strip * BESIDE]
    filling = [(w, g) for w, g in options if g < GROW - 1e-3]
    side, grow = (filling[0] if filling else
                  min(options, key=lambda o: room - used(o[1], least, o[0])))
    spare = room - used(grow, 0.0, side)
    per_gap = spare / max(1e-6, (used(grow, 1.0, side) - used(grow, 0.0, side)))
    gap = min(max(0.0, per_gap), mm(12))
    compose(_Pen(c, area.x, y, area.w, grow, gap), side)
    if side:
        pen = _Pen(c, side_x, area.y + side_height(side, 1.0), side_w, 1.0, 0.0)
        section(pen, side)
        pen.paragraph(game.credits, italic=True)
    else:
        _credits(c, game, side_x, area.y, side_w, area.x + area.w)
    return doc.finish()


def _balanced(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``text`` wrapped to at most ``width`` in as many lines as that takes, each line
    as near the same length as can be (no short last line)."""
    lines = _wrap(text, font, size, width)
    lo, hi = width / (len(lines) + 1), width
    for _ in range(12):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if len(_wrap(text, font, size, mid)) == len(lines) else (mid, hi)
    return _wrap(text, font, size, hi)


def _credits(c: Any, game: Game, x: float, bottom: float, width: float,
             right: float) -> None:
    """The game's credits, right-aligned, their last line's baseline ``bottom``."""
    from companion.paper.frame import wrap_text

    font, size = design.ITALIC, design.style("body").size
    lines = [*_balanced(game.credits, font, size, width),
             *wrap_text("Sheets made with companion", font, size, width)]
    c.setFont(font, size)
    y = bottom + size * 1.35 * (len(lines) - 1)
    for line in lines:
        c.drawRightString(right, y, line)
        y -= size * 1.35


def cover_notes(game: Game, seed: str, plan: PackPlan) -> list[str]:
    """The cover's short list of what to do first."""
    by_kind = {e.kind: e for e in plan.entries}

    def pages(kind: str) -> str:
        e = by_kind[kind]
        return f"page {e.pages}" if e.first == e.last else f"pages {e.pages}"

    notes = []
    if "booklet" in by_kind:
        notes.append(f"New to {game.title}? The rule booklet ({pages('booklet')}) "
                     "explains it from scratch, with a game played step by step.")
    if "calibrate" in by_kind:
        notes.append(f"Print the calibration sheet ({pages('calibrate')}) alone first. If "
                     "its backs land off their fronts, run companion calibrate with the "
                     "shift you measure, then make the pack again: its two-sided parts "
                     f"use it. Calibrated already? companion pack {game.name} --without "
                     "calibrate.")
    if "stack" in by_kind:
        notes.append(f"Put your deck in the order of the stacking list ({pages('stack')}): "
                     "your game then follows this seed, and its log can be checked.")
    if "log" in by_kind:
        notes.append(f"Write each action on the log sheet ({pages('log')}) as you play; "
                     "type it up and run companion validate to check the game and its "
                     "score.")
    return notes
