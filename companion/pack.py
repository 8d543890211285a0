"""Session packs (``companion pack GAME``): everything one evening at the table needs,
in one PDF.

A pack is a cover page (game, seed, QR code, a checklist of what is inside with its
pages and how to print each part), then every sheet the game needs (its
``pack_parts``: map or mat, tiles or cards, stacking list, log sheet...) and the rule
booklet, imposed 2-up for saddle stitching (A5 pages on A4 sheets, half-letter on
Letter). Each part is rendered by the game's own ``render`` and the parts are joined
page by page with :mod:`companion.paper.pdfjoin` (vector, reproducible). A part that
prints two-sided starts on an odd page, so the whole file can also go through a duplex
printer in one run with every back behind its front; a blank page is added where needed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from companion.games import get_game
from companion.games.base import Game, PayloadExtra
from companion.paper import design

__all__ = ["PackEntry", "pack_payload", "plan_pack", "render_pack"]

Progress = Callable[[str], None]
"""Called with a short label as each part of a pack is done."""

BOOKLET_DUPLEX = "short edge"


@dataclass(frozen=True)
class PackEntry:
    """One part of a pack as the cover lists it: pages ``first``..``last`` (1-based)."""

    title: str
    kind: str
    first: int
    last: int
    duplex: str = ""

    @property
    def pages(self) -> str:
        """The entry's pages: ``3`` or ``3-5``."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def how(self) -> str:
        """How to print this part, in a few words."""
        if self.kind == "booklet":
            return ("two-sided, flip on the short edge; fold the stack in half and "
                    "staple along the fold")
        if self.duplex:
            cut = "" if self.kind == "calibrate" else "; cut along the dashed lines"
            return f"two-sided, flip on the {self.duplex}{cut}"
        return "one-sided"


def pack_payload(game: Game, seed: str, params: Mapping[str, int],
                 variants: Sequence[str] = ()) -> str:
    """The QR payload of a pack's cover: the game's parameters that are not their
    defaults (a reader fills those in; it keeps the code at QR version 3), variants (as
    the sheets write them) and ``kind=pack``."""
    extra: PayloadExtra = {"kind": "pack"}
    if variants:
        extra["variant"] = "+".join(variants)
    given = {p.name: params[p.name] for p in game.params
             if p.name in params and params[p.name] != p.default}
    return game.payload(seed, given, **extra)


def plan_pack(parts: Sequence[tuple[str, str, str, int]]) -> tuple[list[PackEntry],
                                                                    list[int]]:
    """Page ranges of the parts after the one-page cover: ``parts`` are (title, kind,
    duplex, page count). A two-sided part starts on an odd page. Returns the entries
    and the page numbers that are blank fillers."""
    entries: list[PackEntry] = []
    blanks: list[int] = []
    page = 2
    for title, kind, duplex, count in parts:
        if duplex and page % 2 == 0:
            blanks.append(page)
            page += 1
        entries.append(PackEntry(title, kind, page, page + count - 1, duplex))
        page += count
    return entries, blanks


def render_pack(game_name: str, seed: str, params: Mapping[str, int], paper: str,
                variants: Sequence[str] = (), progress: Progress | None = None,
                back_offset: tuple[float, float] | None = None) -> bytes:
    """The PDF bytes of the session pack of ``game_name`` for ``seed``.

    ``progress`` is called once per part rendered (for a progress bar); ``back_offset``
    (mm) shifts the backs of its two-sided parts. Raises ParameterError for a bad
    parameter or variant, LayoutError for an unknown paper.
    """
    from companion.booklets import render_booklet
    from companion.paper.pdfjoin import PdfAssembler, page_count, page_sizes
    from companion.paper.units import check_paper, paper_size
    from companion.sheet_request import SheetRequest

    game = get_game(game_name)
    paper = check_paper(paper)
    params = game.check_params(dict(params))
    variants = game.check_variants(list(variants))

    def tick(label: str) -> None:
        if progress is not None:
            progress(label)

    rendered: list[tuple[str, str, str, bytes]] = []
    for part in game.pack_parts:
        request = SheetRequest.build(game.name, part.kind, seed, paper, params,
                                     variants=variants,
                                     back_offset=back_offset if part.duplex else None)
        data = request.render()
        rendered.append((part.title, part.kind, part.duplex, data))
        tick(part.kind)
    booklet = render_booklet(game.name, paper, imposition="saddle")
    rendered.append(("Rule booklet (A5 pages, two per sheet)" if paper == "a4" else
                     "Rule booklet (half-letter pages, two per sheet)", "booklet",
                     BOOKLET_DUPLEX, booklet))
    tick("booklet")

    entries, blanks = plan_pack([(t, k, d, page_count(b)) for t, k, d, b in rendered])
    payload = pack_payload(game, seed, params, variants)
    cover = _render_cover(game, seed, params, variants, paper, payload, entries, blanks)
    tick("cover")

    out = PdfAssembler()
    out.append(cover)
    portrait = paper_size(paper)
    for (_, _, _, data), entry in zip(rendered, entries, strict=True):
        while out.page_count + 1 < entry.first:
            out.blank(*(page_sizes(data) or [portrait])[0])
        out.append(data)
    return out.finish(f"{game.title} session pack {seed}", payloads=[payload])


def _params_text(game: Game, params: Mapping[str, int], variants: Sequence[str]) -> str:
    parts = [f"{p.name} {params[p.name]}" for p in game.params]
    if variants:
        parts.append(("variant: " if len(variants) == 1 else "variants: ")
                     + ", ".join(variants))
    return ", ".join(parts)


def _render_cover(game: Game, seed: str, params: Mapping[str, int],
                  variants: Sequence[str], paper: str, payload: str,
                  entries: list[PackEntry], blanks: list[int]) -> bytes:
    """The one-page cover: title, seed and QR, the checklist, printing notes."""
    from reportlab.lib.utils import simpleSplit

    from companion.paper.document import SheetDocument
    from companion.paper.frame import INK, draw_footer, draw_title
    from companion.paper.layout import content_rect, load_layout
    from companion.paper.units import Rect, mm

    layout = load_layout("list")
    doc = SheetDocument(f"{game.title} session pack {seed}", paper, False, [payload])
    c = doc.canvas
    area = content_rect(layout, paper)
    total = entries[-1].last if entries else 1
    area = draw_title(c, area, f"{game.title}: session pack",
                      f"Everything for one game at the table, seed {seed}: {total} pages. "
                      "Print at 100 % (actual size, no fit to page).")
    qr_w = mm(layout.qr_size)
    params_text = _params_text(game, params, variants)
    lines = [game.title, seed, f"{params_text}, session pack" if params_text else
             "session pack", "Lost the seed? companion scan this page"]
    rest = draw_footer(c, Rect(area.x, area.y, area.w, area.h), payload, lines, qr_w,
                       right_text=[game.credits, "companion validate checks a logged game."])

    top = rest.y + rest.h
    c.saveState()
    c.setFillColorRGB(*INK)
    c.setFont(design.BOLD, 11)
    c.drawString(rest.x, top - 11, "What is inside")
    y = top - 11 - mm(5)
    col_pages = rest.x + mm(9)
    col_title = rest.x + mm(28)
    how_w = rest.w - (col_title - rest.x)
    c.setFont(design.BOLD, 7.5)
    c.drawString(col_pages, y, "Pages")
    c.drawString(col_title, y, "Part, and how to print it")
    y -= mm(2)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.6)
    c.line(rest.x, y, rest.x + rest.w, y)
    y -= mm(5)
    for entry in entries:
        box = mm(3.6)
        c.setLineWidth(0.7)
        c.rect(rest.x + mm(1), y - mm(0.6), box, box, stroke=1, fill=0)
        c.setFont(design.BOLD, 10)
        c.drawString(col_pages, y, entry.pages)
        c.setFont(design.BOLD, 9)
        c.drawString(col_title, y, entry.title)
        c.setFont(design.REGULAR, 8)
        how = "Print " + entry.how() + "."
        for line in simpleSplit(how, design.REGULAR, 8, how_w):
            y -= 10
            c.drawString(col_title, y, line)
        y -= mm(6)
    notes = _notes(game, seed, entries, blanks)
    c.setFont(design.BOLD, 11)
    y -= mm(2)
    c.drawString(rest.x, y, "Before you play")
    y -= mm(5.5)
    c.setFont(design.REGULAR, 8.5)
    for note in notes:
        wrapped = simpleSplit(note, design.REGULAR, 8.5, rest.w - mm(5))
        c.drawString(rest.x + mm(1), y, "-")
        for line in wrapped:
            c.drawString(rest.x + mm(5), y, line)
            y -= 11
        y -= mm(1.2)
    summary = game.booklet().summary
    if summary:
        y -= mm(4)
        c.setFont(design.BOLD, 11)
        c.drawString(rest.x, y, "The game in brief")
        y -= mm(5.5)
        c.setFont(design.REGULAR, 8.5)
        for line in simpleSplit(summary, design.REGULAR, 8.5, rest.w):
            c.drawString(rest.x, y, line)
            y -= 11
    c.restoreState()
    return doc.finish()


def _notes(game: Game, seed: str, entries: list[PackEntry], blanks: list[int]) -> list[str]:
    """The cover's short list of what to do first."""
    by_kind = {e.kind: e for e in entries}

    def pages(kind: str) -> str:
        e = by_kind[kind]
        return f"page {e.pages}" if e.first == e.last else f"pages {e.pages}"

    notes = []
    if "booklet" in by_kind:
        notes.append(f"New to {game.title}? The rule booklet ({pages('booklet')}) "
                     "explains it from scratch, with a game played step by step.")
    if "calibrate" in by_kind:
        notes.append(f"Print the calibration sheet ({pages('calibrate')}) first. If its "
                     "backs land off their fronts, measure the shift and reprint the "
                     f"two-sided parts with it: companion sheets {game.name} --seed "
                     f"{seed} --kind tiles --back-offset X,Y (and --kind cards).")
    if "stack" in by_kind:
        notes.append(f"Put your deck in the order of the stacking list ({pages('stack')}): "
                     "your game then follows this seed, and its log can be checked.")
    if "log" in by_kind:
        notes.append(f"Write each action on the log sheet ({pages('log')}) as you play; "
                     "type it up and run companion validate to check the game and its "
                     "score.")
    if blanks:
        listed = ", ".join(str(b) for b in blanks)
        notes.append(f"Page{'s' if len(blanks) > 1 else ''} {listed} "
                     f"{'are' if len(blanks) > 1 else 'is'} blank on purpose: every "
                     "two-sided part starts on the front of a sheet.")
    return notes
