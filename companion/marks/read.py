"""``companion read``: photos or PDFs of a mark sheet's pages to a log and its verdict
(``docs/marks.md``).

Each file is looked at within a time and memory bound (:func:`companion.bounded.
run_bounded`, as ``scan`` does): every image in it (a photo, or each page of a PDF) is
searched for a mark sheet page (the corner markers and the QR code), and every bubble of
the page is measured (:mod:`companion.marks.image`). The pages must make one whole sheet
of one deal; the marks are then decoded through the rules (:mod:`companion.marks.decode`)
into the log, which the validator judges.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import MarkSheetError

if TYPE_CHECKING:
    from companion.games.base import Game
    from companion.marks.decode import Decoding, Question
    from companion.marks.template import Template
    from companion.replay import Verdict

__all__ = ["MAX_READ_MB", "MAX_READ_SECONDS", "PROOF_PX_PER_MM", "Mark", "PageRead",
           "SheetRead", "read_files", "read_sheet"]

MAX_READ_SECONDS = 30.0
"""Seconds one file may take to be found and measured (all its pages)."""
MAX_READ_MB = 768
"""Megabytes of memory one file may take over what the process uses."""
PROOF_PX_PER_MM = 5.0
"""Resolution of the straightened pages kept for the proof and the questions' crops."""


@dataclass(frozen=True)
class Mark:
    """A bubble as read: ``empty``, ``filled``, ``doubtful`` or ``cancelled``, its fill
    (0 paper .. 1 pencil) and how sure the reader is (0..1)."""

    state: str
    value: float
    confidence: float


@dataclass
class PageRead:
    """One page found in a file: where (``label``: the file, and the PDF page), what
    its QR code says, its paper, its page number, its marks, and the page straightened
    (grayscale PNG bytes at :data:`PROOF_PX_PER_MM`)."""

    label: str
    payload: str
    paper: str
    page: int
    marks: dict[str, Mark]
    image: bytes = b""
    file: str = ""
    """The file as given on the command line (``FILE`` of ``FILE:page:row``)."""

    def picture(self) -> Any:
        """The straightened page as a PIL image."""
        from PIL import Image

        return Image.open(io.BytesIO(self.image))


@dataclass
class SheetRead:
    """A whole sheet read: its game and template, the pages (in page order), what the
    decoder made of the marks, and the log (None when the marks leave it open)."""

    game: Game
    template: Template
    pages: list[PageRead]
    decoding: Decoding
    log_text: str | None
    verdict: Verdict | None = None
    files: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 read for certain and valid; 1 read for certain, invalid or a claim off; 3
        doubtful marks left open."""
        if not self.decoding.certain or self.log_text is None:
            return 3
        return 0 if self.verdict is None else self.verdict.exit_code

    def page_of_row(self, number: int) -> PageRead:
        """The page read that holds row ``number``."""
        row = self.template.rows[number - 1]
        return self.pages[row.page - 1]

    def where(self, q: Question) -> str:
        """``FILE:page:row`` of a question."""
        page = self.page_of_row(q.row.number)
        return f"{page.file or page.label}:{q.row.page}:{q.row.number}"


def _base_payload(text: str) -> tuple[Any, int]:
    """The payload without its page key, and the page (1 when none)."""
    from companion.errors import PayloadError
    from companion.seeds import parse_payload

    try:
        payload = parse_payload(text)
    except PayloadError as exc:
        raise MarkSheetError(f"its QR code holds no sheet of this program ({exc})") from None
    params = dict(payload.params)
    page_text = params.pop("page", "1")
    page = int(page_text) if page_text.isdigit() else 0
    return type(payload)(payload.game, payload.seed, params, payload.edition), page


def _sheet_of(payload: Any) -> tuple[Game, dict[str, int], tuple[str, ...]]:
    """The game, parameters and variants of a mark sheet's payload. Raises
    MarkSheetError for another kind of sheet or a payload no game here prints."""
    from companion.errors import CompanionError
    from companion.games import game_by_code

    try:
        game = game_by_code(payload.game)
    except CompanionError as exc:
        raise MarkSheetError(str(exc)) from None
    kind = payload.params.get("kind", game.map_kind)
    if kind != "marks":
        raise MarkSheetError(f"it is a {game.title} {kind} sheet, not a mark sheet "
                             f"(companion sheets {game.name} --kind marks prints one)")
    try:
        game.check_edition(payload.edition)
        params, variants = game.check_payload(payload.params, payload.seed)
    except CompanionError as exc:
        raise MarkSheetError(str(exc)) from None
    full = game.check_params(params)
    return game, full, tuple(sorted(variants or ()))


def _work(path: str) -> Callable[[Any], None]:
    """The bounded work for one file: find and measure every page in it."""

    def work(emit: Any) -> None:
        import cv2

        from companion.marks import image
        from companion.marks.sheet import sheet_template

        for label, gray in image.load_images(Path(path)):
            found = image.find_page(gray)
            if found is None:
                emit({"ev": "none", "label": label})
                continue
            if found.payload is None:
                emit({"ev": "noqr", "label": label})
                continue
            try:
                base, page = _base_payload(found.payload)
                game, params, variants = _sheet_of(base)
            except MarkSheetError as exc:
                raise MarkSheetError(f"{label}: {exc}") from None
            options: dict[str, Any] = {"variants": variants, "edition": base.edition}
            template = sheet_template(game, base.seed, params, found.paper, options)
            if not 1 <= page <= len(template.pages):
                raise MarkSheetError(f"{label}: its QR code names page {page}, but the "
                                     f"sheet has {len(template.pages)}")
            pt = template.page(page)
            bubbles = [b for b in template.bubbles if b.page == page]
            fills = image.measure(found, pt, bubbles)
            straight = image.rectify(found, pt, PROOF_PX_PER_MM)
            ok, png = cv2.imencode(".png", straight)
            emit({"ev": "page", "label": label, "payload": found.payload,
                  "paper": found.paper, "page": page,
                  "marks": {k: [f.state, round(float(f.value), 4),
                                round(float(f.confidence), 4)] for k, f in fills.items()},
                  "image": base64.b64encode(png.tobytes()).decode("ascii") if ok else ""})
    return work


def read_files(paths: Sequence[str]) -> list[PageRead]:
    """Every mark sheet page in the files, in the order found. Raises MarkSheetError for
    a file with no sheet, a sheet with an unreadable code, a file over the bounds."""
    from companion.bounded import run_bounded
    from companion.scan import _preload

    _preload()
    pages: list[PageRead] = []
    for path in paths:
        name = str(path)
        run = run_bounded(_work(name), MAX_READ_SECONDS, MAX_READ_MB)
        for ev in run.events:
            if ev.get("ev") == "error":
                raise MarkSheetError(str(ev.get("message") or "cannot be read"))
        if run.stopped == "time":
            raise MarkSheetError(f"{name} was not read: it takes more than "
                                 f"{MAX_READ_SECONDS:g} s")
        if run.stopped == "memory":
            raise MarkSheetError(f"{name} was not read: it needs more than {MAX_READ_MB} "
                                 f"MB of memory")
        found = [ev for ev in run.events if ev.get("ev") == "page"]
        for ev in run.events:  # a sheet whose code does not read: never skipped
            if ev.get("ev") == "noqr":
                raise MarkSheetError(f"{ev.get('label') or name}: a mark sheet is there, "
                                     "but its QR code cannot be read (photograph the "
                                     "whole page, in focus)")
        if not found:
            raise MarkSheetError(f"{name}: no mark sheet found (all four corner markers "
                                 "of the page must be in the photo)")
        for ev in found:
            marks = {k: Mark(v[0], float(v[1]), float(v[2])) for k, v in ev["marks"].items()}
            pages.append(PageRead(ev["label"], ev["payload"], ev["paper"], int(ev["page"]),
                                  marks, base64.b64decode(ev["image"]), name))
    return pages


def assemble(pages: list[PageRead]) -> tuple[Game, Template, list[PageRead]]:
    """The sheet the pages make: one deal, one paper, every page once. Raises
    MarkSheetError otherwise."""
    from companion.marks.sheet import sheet_template

    deals: dict[str, PageRead] = {}
    for p in pages:
        base, _ = _base_payload(p.payload)
        deals.setdefault(base.encode(), p)
    if len(deals) > 1:
        (a, pa), (b, pb) = list(deals.items())[:2]
        raise MarkSheetError(f"the pages are of different sheets: {pa.label} is {a}, "
                             f"{pb.label} is {b}")
    papers = {p.paper for p in pages}
    if len(papers) > 1:
        raise MarkSheetError("the pages are printed on different papers (A4 and Letter): "
                             "they are not one sheet")
    base, _ = _base_payload(pages[0].payload)
    game, params, variants = _sheet_of(base)
    template = sheet_template(game, base.seed, params, pages[0].paper,
                              {"variants": variants, "edition": base.edition})
    by_page: dict[int, PageRead] = {}
    for p in pages:
        if p.page in by_page:
            raise MarkSheetError(f"page {p.page} is there twice ({by_page[p.page].label} "
                                 f"and {p.label}): give each page once")
        by_page[p.page] = p
    missing = [n for n in range(1, len(template.pages) + 1) if n not in by_page]
    if missing:
        count = len(template.pages)
        which = ", ".join(str(n) for n in missing)
        raise MarkSheetError(f"page{'s' if len(missing) > 1 else ''} {which} of {count} "
                             f"{'are' if len(missing) > 1 else 'is'} missing: give every "
                             "page of the sheet, in any order")
    return game, template, [by_page[n] for n in range(1, len(template.pages) + 1)]


def log_text(game: Game, template: Template, rows: Sequence[Sequence[Any]],
             states: Sequence[Any], files: Sequence[str],
             illegal: Any = None, player: str | None = None) -> str:
    """The log of a reading: the sheet's tags, then each row's lines as the game writes
    them (a seeded log), then the refused action when the reading broke a rule."""
    from companion.simulate import PlayedGame

    tags = _tags(game, template)
    if player:
        tags = {"Game": tags.pop("Game"), "Player": player.strip(), **tags}
    actions = [a for row in rows for a in row]
    flat_states = [states[0]]
    state = states[0]
    for a in actions[:len(actions) - (1 if illegal is not None else 0)]:
        state = game.apply(state, a)
        flat_states.append(state)
    done = actions[:len(flat_states) - 1]
    text = PlayedGame(game, tags, done, flat_states).log_text()
    head = "# read by companion read from " + ", ".join(Path(f).name for f in files) + "\n"
    if illegal is not None:
        text += game.format_action(illegal) + "\n"
    return head + text


def _tags(game: Game, template: Template) -> dict[str, str]:
    tags = {"Game": game.name, "Seed": template.seed}
    if template.edition != game.edition:
        tags["Edition"] = str(template.edition)
    for p in game.params:
        if p.name in template.params:
            tags[p.tag] = str(template.params[p.name])
    if template.variants:
        tags["Variant"] = ", ".join(template.variants)
    return tags


def start_of(game: Game, template: Template) -> Any:
    """The deal's first state, as a log with the sheet's tags starts."""
    from companion.simulate import start_state

    return start_state(game, _tags(game, template))[1]


def read_sheet(paths: Sequence[str],
               ask: Callable[[SheetRead, Question], int | None] | None = None,
               out_name: str = "<read>", player: str | None = None) -> SheetRead:
    """Read the files into one sheet, decode it and judge the log.

    ``player``: the log's ``Player`` tag. ``ask``: called for each question (a row the
    marks leave open), returns the index of the chosen answer or None. Raises
    MarkSheetError (exit 2) for files that are no whole mark sheet of one deal.
    """
    from companion.marks.decode import decode
    from companion.marks.sheet import codec_of
    from companion.replay import validate_text

    game, template, pages = assemble(read_files(paths))
    marks = {k: v for p in pages for k, v in p.marks.items()}
    codec = codec_of(game)
    start = start_of(game, template)
    sheet = SheetRead(game, template, pages, None, None, files=[str(p) for p in paths])  # type: ignore[arg-type]
    answer = (lambda q: ask(sheet, q)) if ask is not None else None
    decoding = decode(game, codec, template, start, marks, answer)
    sheet.decoding = decoding
    best = decoding.best
    if decoding.certain and best is not None:
        illegal = best.illegal[0] if best.illegal else None
        states = list(best.states)
        sheet.log_text = log_text(game, template, best.rows, states, sheet.files, illegal,
                                  player)
        sheet.verdict = validate_text(sheet.log_text, out_name)
    return sheet
