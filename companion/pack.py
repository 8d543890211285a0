"""Session packs (``companion pack GAME``): everything one evening at the table needs,
in one PDF that prints in as few passes as possible.

A pack is a cover page (the game's name, the seed and its QR code, the contents with
their page ranges and how to print each range, what to do first, credits), then every
sheet the game needs (its ``pack_parts``: map or mat, tiles or cards, stacking list, log
sheet...) and the rule booklet, imposed 2-up for saddle stitching (A5 pages on A4
sheets, half-letter on Letter). Parts a player already has are left out on request
(``without``: ``deck``, ``booklet``...).

The parts are grouped into print jobs (:class:`PrintJob`), one per printer setting: the
cover and every one-sided part first (portrait and landscape pages mixed: the PDF viewer
turns each page to the paper, docs/printing.md), then the two-sided parts flipped on the
long edge, then those flipped on the short edge (the booklet); a two-sided job has one
orientation. Inside a two-sided job every part starts on the front of a sheet (a blank
page follows a part with an odd page count). The PDF's print-dialog presets (viewer
preferences ``Duplex`` and ``PrintPageRange``) select the first job.

Each part is rendered by the game's own ``render`` and the parts are joined page by page
with :mod:`companion.paper.pdfjoin` (vector, reproducible). Nothing here knows a part's
page count: it is read from the rendered part.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.errors import ParameterError
from companion.games import get_game
from companion.games.base import Game, PayloadExtra

__all__ = ["PackEntry", "PackPiece", "PackPlan", "PrintJob", "check_without",
           "pack_part_names", "pack_payload", "plan_pack", "render_pack"]

Progress = Callable[[str], None]
"""Called with a short label as each part of a pack is done."""

BOOKLET = "booklet"
BOOKLET_DUPLEX = "short edge"
FLIPS = {"": "Simplex", "long edge": "DuplexFlipLongEdge",
         "short edge": "DuplexFlipShortEdge"}
"""A print job's setting as the PDF ``Duplex`` viewer preference names it."""


@dataclass(frozen=True)
class PackPiece:
    """A rendered part as the planner sees it: its title, kind, flip (``""``: one-sided)
    and page count, and whether its pages are landscape."""

    title: str
    kind: str
    duplex: str
    pages: int
    landscape: bool = False


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

    def note(self) -> str:
        """What to do with this part once printed, in a few words ("" for nothing)."""
        if self.kind == BOOKLET:
            return "fold the stack in half, staple along the fold"
        if self.kind == "calibrate":
            return ""
        if self.duplex:
            return "cut along the dashed lines"
        return ""


@dataclass(frozen=True)
class PrintJob:
    """Pages ``first``..``last`` printed in one pass with one setting: one-sided
    (``duplex`` ``""``) or two-sided flipped on the ``"long edge"`` or ``"short edge"``."""

    first: int
    last: int
    duplex: str
    entries: tuple[PackEntry, ...]
    blanks: tuple[int, ...] = ()
    landscape: bool | None = None
    """Every page landscape (True), portrait (False) or both (None)."""

    @property
    def pages(self) -> str:
        """The job's pages: ``3`` or ``3-5``."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def how(self) -> str:
        """The printer setting, in a few words."""
        return f"two-sided, flip on the {self.duplex}" if self.duplex else "one-sided"


@dataclass(frozen=True)
class PackPlan:
    """The pages of a pack: its print jobs in order (the first holds the cover)."""

    jobs: tuple[PrintJob, ...]
    entries: tuple[PackEntry, ...] = field(default=())
    cover: PackEntry = PackEntry("This cover", "cover", 1, 1)
    """The cover's own line on the cover (page 1, in the first job)."""

    @property
    def total(self) -> int:
        """Pages in the whole file."""
        return self.jobs[-1].last if self.jobs else 1

    @property
    def blanks(self) -> tuple[int, ...]:
        """The blank filler pages, in order."""
        return tuple(b for job in self.jobs for b in job.blanks)


def pack_part_names(game: Game) -> tuple[str, ...]:
    """The parts of ``game``'s pack that ``without`` may name: its pack kinds and
    ``booklet``."""
    return (*(p.kind for p in game.pack_parts), BOOKLET)


def check_without(game: Game, without: Iterable[str]) -> frozenset[str]:
    """The part names of ``without`` (any case, spaces around), checked.

    Raises ParameterError for a part the pack does not have, or when nothing but the
    cover would be left.
    """
    names = pack_part_names(game)
    out: set[str] = set()
    for raw in without:
        name = raw.strip().lower()
        if name not in names:
            raise ParameterError(f"--without {raw.strip()!r}: a {game.name} pack has the "
                                 f"parts {', '.join(names)}")
        out.add(name)
    if set(names) <= out:
        raise ParameterError(f"--without leaves nothing to print but the cover "
                             f"(the parts are {', '.join(names)})")
    return frozenset(out)


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


def _job_key(piece: PackPiece) -> tuple[int, str, bool]:
    """Jobs in print order: one-sided, long-edge flip, short-edge flip; a two-sided
    job has one orientation (portrait first)."""
    if not piece.duplex:
        return (0, "", False)
    return (1 if piece.duplex == "long edge" else 2, piece.duplex, piece.landscape)


def plan_pack(pieces: Sequence[PackPiece], cover_pages: int = 1) -> PackPlan:
    """The print jobs of a pack whose cover has ``cover_pages`` pages (one-sided) and
    whose parts are ``pieces`` (in the game's order, kept inside each job). Two-sided
    parts are grouped by flip and orientation; inside a two-sided job a part with an odd
    page count is followed by a blank page, so the next part starts on a front."""
    groups: dict[tuple[int, str, bool], list[PackPiece]] = {}
    groups[(0, "", False)] = []
    for piece in pieces:
        groups.setdefault(_job_key(piece), []).append(piece)
    jobs: list[PrintJob] = []
    entries: list[PackEntry] = []
    page = 1 + cover_pages
    for key in sorted(groups):
        members = groups[key]
        if not members and key[0] != 0:
            continue
        start = 1 if key[0] == 0 else page
        blanks: list[int] = []
        job_entries: list[PackEntry] = []
        for i, piece in enumerate(members):
            job_entries.append(PackEntry(piece.title, piece.kind, page,
                                         page + piece.pages - 1, piece.duplex))
            page += piece.pages
            if piece.duplex and piece.pages % 2 and i + 1 < len(members):
                blanks.append(page)
                page += 1
        orientation = {p.landscape for p in members}
        if key[0] == 0 and cover_pages:
            orientation.add(False)
        jobs.append(PrintJob(start, page - 1, key[1], tuple(job_entries), tuple(blanks),
                             orientation.pop() if len(orientation) == 1 else None))
        entries.extend(job_entries)
    return PackPlan(tuple(jobs), tuple(entries))


def render_pack(game_name: str, seed: str, params: Mapping[str, int], paper: str,
                variants: Sequence[str] = (), progress: Progress | None = None,
                back_offset: tuple[float, float] | None = None,
                without: Iterable[str] = ()) -> bytes:
    """The PDF bytes of the session pack of ``game_name`` for ``seed``.

    ``progress`` is called once per part rendered (for a progress bar); ``back_offset``
    (mm) shifts the backs of its two-sided parts; ``without`` names parts left out
    (:func:`pack_part_names`). Raises ParameterError for a bad parameter, variant or
    part, LayoutError for an unknown paper.
    """
    from companion.booklets import render_booklet
    from companion.pack_cover import render_cover
    from companion.paper.pdfjoin import PdfAssembler, page_count, page_sizes
    from companion.paper.units import check_paper
    from companion.sheet_request import SheetRequest

    game = get_game(game_name)
    paper = check_paper(paper)
    params = game.check_params(dict(params))
    variants = game.check_variants(list(variants))
    left_out = check_without(game, without)

    def tick(label: str) -> None:
        if progress is not None:
            progress(label)

    rendered: dict[str, bytes] = {}
    pieces: list[PackPiece] = []

    def add(title: str, kind: str, duplex: str, data: bytes) -> None:
        rendered[kind] = data
        sizes = page_sizes(data)
        landscape = bool(sizes) and sizes[0][0] > sizes[0][1]
        pieces.append(PackPiece(title, kind, duplex, page_count(data), landscape))

    for part in game.pack_parts:
        if part.kind not in left_out:
            request = SheetRequest.build(game.name, part.kind, seed, paper, params,
                                         variants=variants,
                                         back_offset=back_offset if part.duplex else None)
            add(part.title, part.kind, part.duplex, request.render())
        tick(part.kind)
    if BOOKLET not in left_out:
        add("Rule booklet (A5 pages, two per sheet)" if paper == "a4" else
            "Rule booklet (half-letter pages, two per sheet)", BOOKLET, BOOKLET_DUPLEX,
            render_booklet(game.name, paper, imposition="saddle"))
    tick(BOOKLET)

    plan = plan_pack(pieces)
    payload = pack_payload(game, seed, params, variants)
    cover = render_cover(game, seed, params, variants, paper, payload, plan,
                         sorted(left_out))
    tick("cover")

    out = PdfAssembler()
    out.append(cover)
    for job in plan.jobs:
        for entry in job.entries:
            data = rendered[entry.kind]
            out.append(data)
            if out.page_count in {b - 1 for b in job.blanks}:
                out.blank(*page_sizes(data)[-1])
    first = plan.jobs[0]
    several = len(plan.jobs) > 1
    return out.finish(f"{game.title} session pack {seed}", payloads=[payload],
                      duplex=FLIPS[first.duplex],
                      print_range=(first.first, first.last) if several else None)
