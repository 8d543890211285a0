"""Reading the QR codes of printed sheets back: from a PDF or a photo (PNG/JPEG).

A PDF made by the companion carries its payloads in its metadata (Subject, Keywords),
which is read first; its first page is then rendered and the companion QR codes it
prints must be among the metadata's payloads (a file whose printed code and metadata
disagree is refused, exit 1; a first page that prints none, or cannot be rendered
within the limits, leaves the metadata unchecked and says so). Only the first page is
checked: it costs one page whatever the length, and the later pages of a pack print
their parts' codes, which its metadata does not name.
Otherwise the pages are rendered at 150 dpi and decoded. Photos are decoded as they
are, then, if nothing is found, once more downscaled and once more with the contrast
stretched. The type of a file is told by its first bytes, not its name.

The work on one file is bounded, whatever the file holds (a crafted file must not take
minutes or gigabytes): at most :data:`MAX_SCAN_PAGES` pages are looked at; a page is
rendered at 150 dpi, or less so that it stays within :data:`MAX_PAGE_PIXELS`, and the
pages of a file within :data:`MAX_RENDER_PIXELS` in all, sizes read before anything is
rendered; a page holding an image over :data:`MAX_PIXELS` is not rendered, nor is a
photo over it decoded; at most :data:`MAX_PAYLOADS` payloads are read from a file.
On POSIX the rendering and decoding run in a forked child process limited to
:data:`MAX_SCAN_MB` megabytes of memory (over what the process already uses) and
:data:`MAX_SCAN_SECONDS` seconds, which bounds what cannot be checked in advance (a
page whose content inflates to gigabytes, a decoder's own work); elsewhere, or with
``COMPANION_SCAN_IN_PROCESS=1`` in the environment, the work runs in this process and
the deadline is checked between pages. What was skipped is said: :func:`scan_report`
returns it as warnings, and an error for a file in which nothing was found says why.

The bounded run itself is :mod:`companion.bounded`. pypdfium2, zxing-cpp and Pillow
are imported inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.bounded import Emit, Event, run_bounded
from companion.bounded import Run as _Run
from companion.errors import EXIT_INVALID, ParameterError, PayloadError, ScanError
from companion.games import REGISTRY, all_games, get_game
from companion.seeds import canonical_payload, is_payload, parse_payload

__all__ = [
    "GAME_CODES",
    "MAX_FILE_BYTES",
    "MAX_META_BYTES",
    "MAX_PAGE_PIXELS",
    "MAX_PAYLOADS",
    "MAX_PDF_PAGES",
    "MAX_PIXELS",
    "MAX_RENDER_PIXELS",
    "MAX_SCAN_MB",
    "MAX_SCAN_PAGES",
    "MAX_SCAN_SECONDS",
    "InconsistentScanError",
    "ScanReport",
    "ScanResult",
    "decode_image",
    "open_gray",
    "pack_advice",
    "scan_file",
    "scan_payloads",
    "scan_report",
    "sniff_file",
]

GAME_CODES: tuple[str, ...] = tuple(get_game(name).code for name in REGISTRY)
"""The payload codes of the built-in games (the registry is the one list). A payload
may name an installed game's too: it is looked up (and that game loaded) only for a
code none of these is (:func:`_game_of_payload`), so that a broken or hanging
installed game does not stop the scan of a built-in game's sheet."""
MAX_FILE_BYTES = 100 * 1024 * 1024
"""Files larger than this are not scanned."""
MAX_PIXELS = 60_000_000
"""A photo, or an image inside a PDF page, over this many pixels is not decoded."""
RENDER_DPI = 150
MAX_PDF_PAGES = 1000
"""A PDF with more pages than this is refused."""
MAX_SCAN_PAGES = 50
"""At most this many pages of a PDF (the first ones) are rendered and decoded."""
MAX_PAGE_PIXELS = 16_000_000
"""A page is rendered at 150 dpi, or at less so that it is at most this many pixels
(A4 at 150 dpi is 2.2 megapixels); the size is read before rendering."""
MAX_RENDER_PIXELS = 150_000_000
"""The pages of one file are rendered up to this many pixels in all."""
MAX_PAYLOADS = 64
"""At most this many payloads (the first ones) are read from one file."""
MAX_META_BYTES = 1 << 20
"""A metadata entry (Subject, Keywords) longer than this (UTF-16) is not read."""
MAX_SCAN_SECONDS = 20.0
"""Rendering and decoding one file stop after this many seconds."""
MAX_SCAN_MB = 768
"""On POSIX, rendering and decoding one file may use this many megabytes of memory over
what the process used before."""
_DOWNSCALE_SIDE = 1600
_MAX_PAGE_OBJECTS = 20_000  # page objects looked through for images before rendering
_LOW_DPI = 100  # a page rendered below this is said to be (small QR codes may be lost)

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"


class InconsistentScanError(ScanError):
    """A PDF whose metadata names payloads other than the QR code its first page
    prints: the file was altered, and neither is trusted. Exit code 1 (``docs/command-line.md``:
    inconsistent), unlike other scan errors (2)."""

    exit_code = EXIT_INVALID


@dataclass
class ScanResult:
    """One companion payload found in a file, decoded."""

    file: str
    payload: str
    game: str
    seed: str
    params: dict[str, str] = field(default_factory=dict)
    edition: int = 1


@dataclass
class ScanReport:
    """What :func:`scan_report` found in one file: the payloads, decoded, and what was
    skipped or could not be checked (one sentence each, naming the file), for the
    command line to print on standard error."""

    file: str
    results: list[ScanResult]
    warnings: list[str] = field(default_factory=list)


def _sniff(head: bytes) -> str | None:
    """``"pdf"``, ``"png"``, ``"jpeg"`` or None from the first bytes of a file."""
    if head.startswith(_PNG):
        return "png"
    if head.startswith(_JPEG):
        return "jpeg"
    if b"%PDF-" in head[:1024]:
        return "pdf"
    return None


def _shorten(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def _pages_text(pages: list[int]) -> str:
    """``page 3``, ``pages 1 to 9``, ``pages 1, 4 and 7``."""
    if len(pages) == 1:
        return f"page {pages[0]}"
    if pages == list(range(pages[0], pages[-1] + 1)):
        return f"pages {pages[0]} to {pages[-1]}"
    shown = [str(p) for p in pages[:5]] + ([f"{len(pages) - 5} more"] if len(pages) > 5
                                            else [])
    return "pages " + ", ".join(shown[:-1]) + " and " + shown[-1]


def sniff_file(p: Path, name: str, verb: str, expected: str) -> str:
    """``"pdf"``, ``"png"`` or ``"jpeg"``: what the file at ``p`` is, told by its first
    bytes, after the checks every file read for pictures gets. ``verb`` ("scanned",
    "read") and ``expected`` (what an empty file should have been) fill the messages.

    Raises ScanError, one sentence naming the file (``name``), if it does not exist, is
    not a file, is over :data:`MAX_FILE_BYTES`, cannot be read, is empty, or is neither a
    PDF nor a PNG/JPEG image."""
    try:
        st = p.stat()
    except FileNotFoundError:
        raise ScanError(f"{name}: no such file") from None
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not p.is_file():
        raise ScanError(f"{name} is not a file")
    if st.st_size > MAX_FILE_BYTES:
        raise ScanError(
            f"{name} is {st.st_size / 1e6:.0f} MB: files over "
            f"{MAX_FILE_BYTES // (1024 * 1024)} MB are not {verb}"
        )
    try:
        with p.open("rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not head:
        raise ScanError(f"{name} is empty: expected {expected}")
    kind = _sniff(head)
    if kind is None:
        raise ScanError(f"{name} is not a PDF, PNG or JPEG file")
    return kind


def scan_file(path: Path | str, warnings: list[str] | None = None) -> list[str]:
    """The companion QR payloads in a PDF or a PNG/JPEG photo, in order, without
    duplicates, at most :data:`MAX_PAYLOADS`.

    What was skipped (pages not looked at, pages rendered at a low resolution, payloads
    beyond the limit, a first page that could not be checked against the metadata) is
    appended to ``warnings`` when given.

    Raises InconsistentScanError (exit 1) for a PDF whose metadata and printed first
    page name different payloads. Raises ScanError, with one sentence naming the file,
    if it does not exist, is not a file, is over 100 MB, has over
    :data:`MAX_PDF_PAGES` pages, is (for an image) over 60 megapixels, is neither a PDF
    nor a PNG/JPEG image, cannot be read (corrupt), holds no QR code (saying what was
    skipped, if anything), or holds only QR codes that are not companion payloads
    (saying what they held).
    """
    p = Path(path)
    name = str(path)
    notes: list[str] = [] if warnings is None else warnings
    kind = sniff_file(p, name, "scanned", "a PDF, PNG or JPEG file")
    skipped: list[str] = []  # what keeps the file from having been read whole
    start = len(notes)
    if kind == "pdf":
        texts = _scan_pdf(p, name, notes, skipped)
    else:
        texts = _scan_image_file(p, name, kind, skipped)
    told = notes[start:] + skipped  # for an error: why nothing was found
    notes.extend(skipped)
    texts = _unique([t.strip() for t in texts if t.strip()])
    payloads = [t for t in texts if is_payload(t)]
    if len(payloads) > MAX_PAYLOADS:
        notes.append(f"{name} holds {len(payloads)} payloads: only the first "
                     f"{MAX_PAYLOADS} are read")
        payloads = payloads[:MAX_PAYLOADS]
    if payloads:
        return payloads
    why = "; ".join(_shorten(s.replace(name, "the file"), 240) for s in told[:3])
    why = f" ({why})" if why else ""
    if texts:
        shown = ", ".join(repr(_shorten(t)) for t in texts[:3])
        more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
        raise ScanError(
            f"the QR code{'s' if len(texts) > 1 else ''} in {name} "
            f"{'hold' if len(texts) > 1 else 'holds'} {shown}{more}, "
            f"not a companion payload (companion:1/...){why}"
        )
    raise ScanError(f"no companion QR code found in {name}{why}")


def scan_report(path: Path | str, known_games: tuple[str, ...] | None = None,
                regenerate: bool = False) -> ScanReport:
    """The payloads of :func:`scan_file`, decoded, with its warnings.

    With ``regenerate`` (the sheets are to be rebuilt), a pack's payload is refused at
    once with :func:`pack_advice`, before any sheet is rebuilt; without it, that advice
    is a warning.

    Raises ScanError as :func:`scan_file` does (InconsistentScanError, exit 1, for a
    PDF whose metadata and first page disagree), and PayloadError (naming the file)
    for a payload of a rules edition this build does not know, of a game not in
    ``known_games`` (by default: of no game, built in or installed), malformed, or with a
    key or value none of the game's sheets prints, and, with ``regenerate``, for a
    pack's payload.
    """
    name = str(path)
    warnings: list[str] = []
    results: list[ScanResult] = []
    for text in scan_file(path, warnings):
        try:
            payload = parse_payload(text, known_games)
            game = _game_of_payload(text, payload.game, known_games is None)
            if game is not None:  # its keys and values as the game's sheets print
                game.check_edition(payload.edition)
                game.check_payload(payload.params, payload.seed)
        except PayloadError as exc:
            raise PayloadError(f"{name}: {exc}") from None
        result = ScanResult(
            file=name,
            payload=payload.encode(),
            game=payload.game,
            seed=payload.seed,
            params=dict(payload.params),
            edition=payload.edition,
        )
        advice = pack_advice(result)
        if advice is not None:
            if regenerate:
                raise PayloadError(advice)
            warnings.append(advice)
        results.append(result)
    return ScanReport(name, results, warnings)


def _game_of_payload(text: str, code: str, every: bool) -> Any:
    """The game of a payload's ``code``: a built-in game's at once; else, when
    ``every`` game may be named, the installed game of that code (the installed games
    are loaded only now), and PayloadError if there is none. None for a code of no
    game when the caller's ``known_games`` let it through."""
    from companion.games import game_by_code

    if code in GAME_CODES or every:
        try:
            return game_by_code(code)
        except ParameterError:
            known = ", ".join(dict.fromkeys(g.code for g in all_games()))
            raise PayloadError(f"payload {text.strip()[:40]!r} names game {code!r}; "
                               f"known: {known}") from None
    return None


def scan_payloads(path: Path | str, known_games: tuple[str, ...] | None = None,
                  regenerate: bool = False) -> list[ScanResult]:
    """The payloads of :func:`scan_file`, decoded (:func:`scan_report` without its
    warnings).

    Raises ScanError and PayloadError as :func:`scan_report` does.
    """
    return scan_report(path, known_games, regenerate).results


def pack_advice(result: ScanResult) -> str | None:
    """For the payload of a session pack's cover (``kind=pack``), one sentence saying
    that a pack is not rebuilt from its QR code and the commands that print it, or
    one of its parts, again; None for any other payload. Raises nothing."""
    if result.params.get("kind") != "pack":
        return None
    from companion.games import game_by_code

    try:
        game = game_by_code(result.game)
    except ParameterError:
        return None
    names = {p.name for p in game.params}
    options = [f"--{k} {v}" for k, v in result.params.items() if k in names]
    variants = [v for v in result.params.get("variant", "").replace(",", "+").split("+")
                if v]
    options += [f"--variant {v}" for v in variants]
    if result.seed:
        options.insert(0, f"--seed {result.seed}")
    pack = " ".join(["companion pack", game.name, *options])
    part = " ".join(["companion sheets", game.name, *options, "--kind KIND"])
    kinds = _unique(p.kind for p in game.pack_parts)
    seed = f" (seed {result.seed})" if result.seed else ""
    older = (f"; it was printed under rules edition {result.edition}, new packs print "
             f"edition {game.edition}" if result.edition != game.edition else "")
    return (f"{result.file} holds the QR code of a {game.name} session pack{seed}: a "
            f"pack is not rebuilt from a scan; print it again with '{pack}', or one "
            f"part with '{part}' (kinds: {', '.join(kinds)}){older}")


def _same_payload(text: str) -> str:
    """A payload text in a form that compares two printings of the same payload."""
    try:
        return parse_payload(text).encode().casefold()
    except PayloadError:
        return text.strip().casefold()


# --- bounded work ---------------------------------------------------------------------


def _preload() -> None:
    """Import the renderer and decoders before forking, so that every child shares
    them."""
    import pypdfium2  # noqa: F401
    import zxingcpp  # noqa: F401
    from PIL import Image  # noqa: F401


def _run_bounded(work: Callable[[Emit], None]) -> _Run:
    """Run ``work(emit)`` within :data:`MAX_SCAN_SECONDS` seconds and :data:`MAX_SCAN_MB`
    megabytes over the current use (:func:`companion.bounded.run_bounded`), the
    renderer and decoders imported first so that a forked child shares them."""
    _preload()
    return run_bounded(work, MAX_SCAN_SECONDS, MAX_SCAN_MB)



def _raise_child_error(run: _Run) -> None:
    """Raise again the ScanError the work raised, if it did."""
    for event in run.events:
        if event["ev"] == "error":
            cls = InconsistentScanError if event["exit"] == EXIT_INVALID else ScanError
            raise cls(event["message"])


def _stop_text(run: _Run, name: str, where: str) -> str:
    if run.stopped == "time":
        return (f"{where} of {name} was not read: scanning a file stops after "
                f"{MAX_SCAN_SECONDS:g} s")
    return (f"{where} of {name} was not read: it needs more than {MAX_SCAN_MB} MB of "
            f"memory, or the renderer failed")


# --- PDF ------------------------------------------------------------------------------


def _scan_pdf(path: Path, name: str, notes: list[str], skipped: list[str]) -> list[str]:
    """The QR texts of a PDF: its metadata payloads (checked against its first page),
    or those of its first pages rendered. Appends to ``notes`` what the user should
    know, and to ``skipped`` what kept pages from being read."""
    run = _run_bounded(lambda emit: _pdf_work(path, name, emit))
    _raise_child_error(run)
    events = run.events
    info = next((e for e in events if e["ev"] == "info"), None)
    meta = next((e["payloads"] for e in events if e["ev"] == "meta"), None)
    for e in events:
        if e["ev"] == "note":
            notes.append(e["message"])
        elif e["ev"] == "skip":
            skipped.append(e["message"])
    started = [e["page"] for e in events if e["ev"] == "page"]
    read = {e["page"]: e["texts"] for e in events if e["ev"] == "texts"}
    stopped_at = started[-1] if started and started[-1] not in read else None
    if meta is not None:
        if info and info["pages"] == 0:
            notes.append(f"{name} has no pages: its payloads are read from its "
                         "metadata only")
        else:
            _check_first_page(name, meta, read.get(1), run, stopped_at, notes)
        return list(meta)
    if run.stopped is not None:
        last = min(info["pages"], MAX_SCAN_PAGES) if info else 0
        first = stopped_at or (max(read) + 1 if read else 1)
        where = _pages_text(list(range(first, last + 1))) if last >= first else "a page"
        skipped.append(_stop_text(run, name, where))
    texts: list[str] = []
    for page in sorted(read):
        texts.extend(read[page])
    return texts


def _check_first_page(name: str, meta: list[str], printed: list[str] | None, run: _Run,
                      stopped_at: int | None, notes: list[str]) -> None:
    """Compare the payloads of a PDF's metadata with the QR codes its first page
    prints. Raises InconsistentScanError if the page prints a payload the metadata
    does not name; a page that shows none, or that could not be read, is a note."""
    if printed is None:
        why = (f" ({_stop_text(run, name, 'page 1')})" if run.stopped is not None
               and stopped_at == 1 else "")
        notes.append(f"the payloads of {name} come from its metadata and were not "
                     f"checked against the QR code its first page prints{why}")
        return
    shown = [t for t in _unique(t.strip() for t in printed) if is_payload(t)]
    if not shown:
        notes.append(f"page 1 of {name} shows no companion QR code: its payloads are "
                     "read from the PDF's metadata only")
        return
    known = {_same_payload(t) for t in meta}
    strange = [t for t in shown if _same_payload(t) not in known]
    if strange:
        listed = ", ".join(repr(_shorten(t, 60)) for t in meta[:2])
        more = f" and {len(meta) - 2} more" if len(meta) > 2 else ""
        raise InconsistentScanError(
            f"{name} is inconsistent: its first page prints {_shorten(strange[0], 60)!r} "
            f"but its metadata names {listed}{more}; the file was altered: scan a photo "
            f"of the printed page instead"
        )


def _pdf_work(path: Path, name: str, emit: Emit) -> None:
    """Open the PDF, read its metadata and render its pages within the limits,
    emitting events (``info``, ``meta``, ``note``, ``skip``, ``page``, ``texts``).
    Raises ScanError for an unreadable PDF or one over :data:`MAX_PDF_PAGES` pages."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{name} is not a readable PDF ({_shorten(str(exc), 60)})") from None
    try:
        n_pages = len(doc)
        emit({"ev": "info", "pages": n_pages})
        if n_pages > MAX_PDF_PAGES:
            raise ScanError(
                f"{name} has {n_pages} pages: at most {MAX_PDF_PAGES} are scanned"
            )
        found = _pdf_metadata_payloads(doc, name, emit)
        if found:
            emit({"ev": "meta", "payloads": found})
            if n_pages:  # the check: what the first page prints
                _pdf_pages(doc, name, [0], emit, check=True)
            return
        looked = min(n_pages, MAX_SCAN_PAGES)
        if n_pages > looked:
            emit({"ev": "skip", "message": f"{name} has {n_pages} pages: only the first "
                                           f"{MAX_SCAN_PAGES} are looked at"})
        _pdf_pages(doc, name, list(range(looked)), emit, check=False)
    finally:
        doc.close()


def _pdf_pages(doc: Any, name: str, indices: list[int], emit: Emit, check: bool) -> None:
    """Render and decode the pages ``indices`` (0-based), sizes and images checked
    first, within :data:`MAX_PAGE_PIXELS` a page and :data:`MAX_RENDER_PIXELS` in
    all. Raises ScanError for a page the renderer refuses."""
    import pypdfium2 as pdfium

    total = 0.0
    low: list[tuple[int, float, float, float]] = []  # page, width, height (mm), dpi
    try:
        for i in indices:
            try:
                w, h = doc.get_page_size(i)  # from the page's dictionary: nothing parsed
            except pdfium.PdfiumError:
                w = h = float("nan")
            if not (math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0):
                emit({"ev": "skip", "message": f"page {i + 1} of {name} has no size: "
                                               "not rendered"})
                continue
            scale = RENDER_DPI / 72
            pixels = w * scale * h * scale
            if pixels > MAX_PAGE_PIXELS:
                scale *= math.sqrt(MAX_PAGE_PIXELS / pixels)
                pixels = w * scale * h * scale
            if total + pixels > MAX_RENDER_PIXELS:
                rest = _pages_text([j + 1 for j in indices if j >= i])
                emit({"ev": "skip", "message": f"{rest} of {name} were not looked at: the "
                      f"pages of a file are rendered up to "
                      f"{MAX_RENDER_PIXELS // 1_000_000} megapixels in all"})
                return
            total += pixels
            if scale * 72 < _LOW_DPI:
                low.append((i + 1, w * 25.4 / 72, h * 25.4 / 72, scale * 72))
            emit({"ev": "page", "page": i + 1})
            emit(_render_page(doc, i, name, scale, check))
    finally:
        if low:
            sizes = {(round(w), round(h)) for _, w, h, _ in low}
            size = (f", {low[0][1]:.0f} x {low[0][2]:.0f} mm," if len(sizes) == 1
                    else "")
            emit({"ev": "note", "message": f"{_pages_text([p for p, *_ in low])} of "
                  f"{name}{size} rendered at {min(d for *_, d in low):.0f} dpi "
                  f"only, to stay within {MAX_PAGE_PIXELS // 1_000_000} megapixels a "
                  f"page: small QR codes may be missed"})


def _render_page(doc: Any, i: int, name: str, scale: float, check: bool) -> Event:
    """The ``texts`` event of page ``i`` (0-based) rendered at ``scale``, or a ``skip``
    event for a page holding an image over :data:`MAX_PIXELS`. Raises ScanError if the
    renderer refuses the page."""
    import pypdfium2 as pdfium

    try:
        page = doc[i]
    except pdfium.PdfiumError as exc:
        raise ScanError(
            f"page {i + 1} of {name} cannot be read ({_shorten(str(exc), 60)})"
        ) from None
    try:
        big = _largest_image(page)
        if big is not None and big[0] * big[1] > MAX_PIXELS:
            return {"ev": "skip", "message": (
                f"page {i + 1} of {name} holds a {big[0]} x {big[1]} pixel image, over "
                f"the {MAX_PIXELS // 1_000_000} megapixels an image may have: the page "
                f"was not rendered")}
        image = page.render(scale=scale, grayscale=True).to_pil()
    except pdfium.PdfiumError as exc:
        raise ScanError(
            f"page {i + 1} of {name} cannot be rendered ({_shorten(str(exc), 60)})"
        ) from None
    finally:
        page.close()
    texts = _decode_plain(image) if check else decode_image(image)
    return {"ev": "texts", "page": i + 1, "texts": texts}


def _largest_image(page: Any) -> tuple[int, int] | None:
    """The pixel size of the largest image a page draws (in its forms too), read from
    the images' dictionaries without decoding them; None if it draws none or the
    renderer cannot say. Looks through at most ``_MAX_PAGE_OBJECTS`` objects."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    best: tuple[int, int] | None = None
    try:
        for n, obj in enumerate(page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,),
                                                 max_depth=8)):
            if n >= _MAX_PAGE_OBJECTS:
                break
            try:
                w, h = obj.get_px_size()
            except (pdfium.PdfiumError, AttributeError):
                continue
            if best is None or w * h > best[0] * best[1]:
                best = (w, h)
    except pdfium.PdfiumError:
        return best
    return best


def _pdf_metadata_payloads(doc: Any, name: str, emit: Emit) -> list[str]:
    """Payload-looking tokens of the Subject then the Keywords of a PDF, without
    duplicates. An entry over :data:`MAX_META_BYTES` is not read (a note says so)."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    tokens: list[str] = []
    for key in ("Subject", "Keywords"):
        raw_key = (key + "\x00").encode("ascii")
        try:
            size = pdfium_c.FPDF_GetMetaText(doc.raw, raw_key, None, 0)
            if size > MAX_META_BYTES:
                emit({"ev": "note", "message": f"the {key} entry of {name} is "
                      f"{size // 1024:,} KB long: not read (at most "
                      f"{MAX_META_BYTES // 1024:,} KB)"})
                continue
            if size <= 2:
                continue
            buffer = ctypes.create_string_buffer(size)
            pdfium_c.FPDF_GetMetaText(doc.raw, raw_key, buffer, size)
            value = buffer.raw[: size - 2].decode("utf-16-le", errors="replace")
        except Exception:  # noqa: BLE001 - a broken Info dictionary: fall back to rendering
            continue
        tokens.extend(t.strip(",;") for t in value.split())
    return _unique([t for t in tokens if is_payload(t)])


# --- images ---------------------------------------------------------------------------


def _scan_image_file(path: Path, name: str, kind: str, skipped: list[str]) -> list[str]:
    """The QR texts of a PNG/JPEG photo, its size checked before it is decoded.
    Raises ScanError for an image over :data:`MAX_PIXELS` or one that cannot be read;
    appends to ``skipped`` why it was not read whole."""
    run = _run_bounded(lambda emit: _image_work(path, name, kind, emit))
    _raise_child_error(run)
    if run.stopped is not None:
        limit = (f"scanning a file stops after {MAX_SCAN_SECONDS:g} s"
                 if run.stopped == "time" else
                 f"it needs more than {MAX_SCAN_MB} MB of memory, or the decoder failed")
        skipped.append(f"{name} was not read whole: {limit}")
    return [t for e in run.events if e["ev"] == "texts" for t in e["texts"]]


def _image_work(path: Path, name: str, kind: str, emit: Emit) -> None:
    emit({"ev": "texts", "texts": decode_image(open_gray(path, name, kind, "scanned"),
                                               retry=True)})


def open_gray(path: Path, name: str, kind: str, verb: str) -> Any:
    """The PNG/JPEG file at ``path`` as an 8-bit grayscale PIL image, its size checked
    from the header before anything is decoded. ``verb`` ("scanned", "read") fills the
    messages.

    Raises ScanError naming the file (``name``) for an image over :data:`MAX_PIXELS`
    (a decompression bomb included) or one that does not decode."""
    from PIL import Image, UnidentifiedImageError

    guard = Image.MAX_IMAGE_PIXELS
    try:
        # Pillow's guard (89 megapixels by default) reads the size in the header, as
        # the check below does with a clearer message: opening decodes nothing
        Image.MAX_IMAGE_PIXELS = None
        try:
            img = Image.open(path)
        finally:
            Image.MAX_IMAGE_PIXELS = guard
        with img:
            w, h = img.size
            if w * h > MAX_PIXELS:
                raise ScanError(
                    f"{name} is {w} x {h} pixels ({w * h / 1e6:.0f} megapixels): images "
                    f"over {MAX_PIXELS // 1_000_000} megapixels are not {verb}"
                )
            img.load()
            return _to_gray(img)
    except ScanError:
        raise
    except Image.DecompressionBombError:
        raise ScanError(
            f"{name} is too large an image: over {MAX_PIXELS // 1_000_000} megapixels "
            f"are not {verb}"
        ) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ScanError(
            f"{name} is not a readable {kind.upper()} image ({_shorten(str(exc), 60)})"
        ) from None


def _to_gray(img: Any) -> Any:
    """An 8-bit grayscale copy; transparency is laid over white."""
    from PIL import Image

    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        white.alpha_composite(rgba)
        return white.convert("L")
    if img.mode == "L":
        return img.copy()
    return img.convert("L")


def _decode_plain(image: Any) -> list[str]:
    """The texts of the QR codes zxing-cpp finds in a PIL image as it is (a page
    rendered from a PDF needs no retries)."""
    import zxingcpp

    gray = image if image.mode == "L" else image.convert("L")
    qr = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    return [canonical_payload(b.text) for b in zxingcpp.read_barcodes(gray, formats=qr)]


def decode_image(image: Any, retry: bool = False) -> list[str]:
    """The texts of the QR codes zxing-cpp finds in a PIL image, in reading order.

    With ``retry`` and nothing found, tries a downscaled copy (photos from phones are
    large and soft) and a copy with the contrast stretched.
    """
    gray = image if image.mode == "L" else image.convert("L")
    texts = _decode_plain(gray)
    if texts or not retry:
        return texts
    from PIL import ImageOps

    longest = max(gray.size)
    if longest > _DOWNSCALE_SIDE:
        factor = _DOWNSCALE_SIDE / longest
        small = gray.resize(
            (max(1, round(gray.width * factor)), max(1, round(gray.height * factor))),
            resample=3,  # bicubic
        )
        texts = _decode_plain(small)
        if texts:
            return texts
    else:
        half = gray.reduce(2) if min(gray.size) >= 200 else None
        if half is not None:
            texts = _decode_plain(half)
            if texts:
                return texts
    return _decode_plain(ImageOps.autocontrast(gray, cutoff=1))
