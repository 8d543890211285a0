"""The image side of the mark sheet reader (issue 27): from a photo or a PDF to every
bubble's fill.

* :func:`load_images`: a photo (PNG/JPEG) or a PDF (each page rendered at
  :data:`RENDER_DPI`) as grayscale arrays, within the limits of ``companion scan``
  (:mod:`companion.scan`: file bytes, pixels, PDF pages, decompression bombs).
* :func:`find_page`: the page in a photo, from its ArUco corner markers (their ids tell
  the paper and which corner is which, so any rotation reads), the homography from the
  page's millimetre frame to the photo (3 markers are enough), and the QR payload read
  from the straightened page.
* :func:`measure`: every bubble's fill, relative to that photo's paper and pencil:
  empty, filled, doubtful, or cancelled (crossed out with an X past the ring). A curled
  page is corrected locally: each empty bubble's printed ring is found near where the
  homography puts it and a smooth field of offsets is fitted to them
  (:func:`bubble_offsets`).
* :func:`rectify`: the page straightened in its millimetre frame (the ``--proof`` image,
  the crops shown when the reader asks).

The thresholds (:data:`EMPTY_BELOW`, :data:`FILLED_ABOVE`, ...) were chosen by
measurement on simulated photos (``benchmarks/marks_image.py``; docs/benchmarks.md,
"Mark sheets: the image reader (issue 27)"). OpenCV and numpy are imported at the top:
only ``companion read`` and the tests import this module.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import cv2
import numpy as np

from companion.errors import ScanError
from companion.marks.paper import PAPER_MARKERS, fiducials
from companion.marks.template import Bubble, PageTemplate

__all__ = ["CANCEL_ARMS", "EMPTY_BELOW", "FILLED_ABOVE", "PAPER_MM", "RENDER_DPI", "Fill",
           "FoundPage", "STROKE_FILLED", "STROKE_INK", "STROKE_SHARE", "bubble_features",
           "bubble_offsets", "find_page", "load_images", "measure", "rectify"]

PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Each paper's width and height in mm (portrait)."""
RENDER_DPI = 200
"""A PDF's pages are rendered at this resolution (less if a page is very large)."""
WORK_PX_PER_MM = 6.0
"""The straightened page the bubbles are measured on: 6 pixels a mm (152 dpi)."""
EMPTY_BELOW = 0.22
"""A fill under this is empty."""
FILLED_ABOVE = 0.30
"""A fill over this is filled; between the two it is doubtful."""
STROKE_INK = 0.25
"""Ink at least this share of the page's pencil counts as a stroke."""
STROKE_SHARE = 0.06
"""An inside with less fill than :data:`EMPTY_BELOW` but at least this share of it in
strokes (a tick) is doubtful, not empty."""
STROKE_FILLED = 0.3
"""An inside at least this share in strokes (a firm tick or cross) is filled, whatever
its mean fill."""
CANCEL_ARMS = 3
"""A bubble with ink beyond its ring in at least this many of the four diagonal
directions (the arms of an X) is cancelled."""
_SEARCH_MM = 2.6  # how far from the homography's place a bubble's ring is looked for
_OWN_RING_MM = 0.9  # a ring found this near the smooth field's place is trusted
_MAX_WORK_SIDE = 2600  # a photo is shrunk to this (longest side) before markers are sought

State = Literal["empty", "filled", "doubtful", "cancelled"]


@dataclass(frozen=True)
class Fill:
    """One bubble's reading: ``value`` the share of it inked (0 empty .. 1 solid, as
    dark as the page's darkest pencil), ``state``, and ``confidence`` (0.5 .. 1 for a
    sure state, more the further from the thresholds; under 0.5 for a doubtful one)."""

    value: float
    state: State
    confidence: float


@dataclass
class FoundPage:
    """A page found in a photo: its ``paper`` (``"a4"``/``"letter"``), the QR
    ``payload`` (None if none was read), ``homography`` (3x3, from the page's mm frame,
    y down, to the photo's pixels), the grayscale ``image``, the ``markers`` found
    (ids) and the photo's ``label``."""

    paper: str
    payload: str | None
    homography: Any
    image: Any
    markers: tuple[int, ...] = ()
    label: str = ""
    _rectified: dict[float, Any] = field(default_factory=dict, repr=False)

    @property
    def size_mm(self) -> tuple[float, float]:
        """The paper's width and height in mm."""
        return PAPER_MM[self.paper]


# --- loading --------------------------------------------------------------------------


def load_images(path: Path) -> list[tuple[str, Any]]:
    """The pages of a photo (PNG/JPEG: one) or a PDF (each page rendered at about
    :data:`RENDER_DPI`, at most :data:`companion.scan.MAX_SCAN_PAGES` pages) as
    grayscale uint8 arrays, each with a label for messages (``"photo.jpg"``,
    ``"scan.pdf page 2"``).

    Raises ScanError (exit 2), one sentence naming the file, if it does not exist, is
    empty, is over :data:`companion.scan.MAX_FILE_BYTES`, is neither a PDF nor a
    PNG/JPEG (told by its first bytes), is truncated or corrupt, is an image over
    :data:`companion.scan.MAX_PIXELS` (a decompression bomb is refused from its header,
    before decoding), or is a PDF with no pages, over
    :data:`companion.scan.MAX_PDF_PAGES` pages, or a page that cannot be rendered.
    """
    from companion import scan

    name = str(path)
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise ScanError(f"{name}: no such file") from None
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not p.is_file():
        raise ScanError(f"{name} is not a file")
    if st.st_size > scan.MAX_FILE_BYTES:
        raise ScanError(f"{name} is {st.st_size / 1e6:.0f} MB: files over "
                        f"{scan.MAX_FILE_BYTES // (1024 * 1024)} MB are not read")
    try:
        with p.open("rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not head:
        raise ScanError(f"{name} is empty: expected a photo (PNG or JPEG) or a PDF")
    kind = scan._sniff(head)
    if kind is None:
        raise ScanError(f"{name} is not a PDF, PNG or JPEG file")
    if kind == "pdf":
        return _load_pdf(p, name)
    return [(p.name, _load_photo(p, name, kind))]


def _load_photo(path: Path, name: str, kind: str) -> Any:
    """A PNG/JPEG file as a grayscale array, its size checked before it is decoded.
    Raises ScanError as :func:`load_images` says."""
    from PIL import Image, UnidentifiedImageError

    from companion import scan

    guard = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = None  # the check below reads the header, with a clearer message
        try:
            img = Image.open(path)
        finally:
            Image.MAX_IMAGE_PIXELS = guard
        with img:
            w, h = img.size
            if w * h > scan.MAX_PIXELS:
                raise ScanError(f"{name} is {w} x {h} pixels ({w * h / 1e6:.0f} megapixels): "
                                f"photos over {scan.MAX_PIXELS // 1_000_000} megapixels "
                                f"are not read")
            img.load()
            gray = scan._to_gray(img)
    except ScanError:
        raise
    except Image.DecompressionBombError:
        raise ScanError(f"{name} is too large an image: photos over "
                        f"{scan.MAX_PIXELS // 1_000_000} megapixels are not read") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ScanError(f"{name} is not a readable {kind.upper()} image "
                        f"({scan._shorten(str(exc), 60)})") from None
    return np.asarray(gray, dtype=np.uint8).copy()


def _load_pdf(path: Path, name: str) -> list[tuple[str, Any]]:
    """A PDF's pages rendered (see :func:`load_images`). Raises ScanError."""
    import pypdfium2 as pdfium

    from companion import scan

    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{name} is not a readable PDF ({scan._shorten(str(exc), 60)})"
                        ) from None
    pages: list[tuple[str, Any]] = []
    try:
        n = len(doc)
        if n == 0:
            raise ScanError(f"{name} has no pages")
        if n > scan.MAX_PDF_PAGES:
            raise ScanError(f"{name} has {n} pages: at most {scan.MAX_PDF_PAGES} are read")
        if n > scan.MAX_SCAN_PAGES:
            raise ScanError(f"{name} has {n} pages: a mark sheet read from one PDF may have "
                            f"at most {scan.MAX_SCAN_PAGES}")
        total = 0.0
        for i in range(n):
            w, h = doc.get_page_size(i)
            if not (math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0):
                raise ScanError(f"page {i + 1} of {name} has no size")
            scale = RENDER_DPI / 72
            pixels = w * h * scale * scale
            if pixels > scan.MAX_PAGE_PIXELS:
                scale *= math.sqrt(scan.MAX_PAGE_PIXELS / pixels)
                pixels = w * h * scale * scale
            total += pixels
            if total > scan.MAX_RENDER_PIXELS:
                raise ScanError(f"{name} is too large: its pages are rendered up to "
                                f"{scan.MAX_RENDER_PIXELS // 1_000_000} megapixels in all")
            page = doc[i]
            try:
                big = scan._largest_image(page)
                if big is not None and big[0] * big[1] > scan.MAX_PIXELS:
                    raise ScanError(f"page {i + 1} of {name} holds a {big[0]} x {big[1]} "
                                    f"pixel image, over the "
                                    f"{scan.MAX_PIXELS // 1_000_000} megapixels read")
                image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
            except pdfium.PdfiumError as exc:
                raise ScanError(f"page {i + 1} of {name} cannot be rendered "
                                f"({scan._shorten(str(exc), 60)})") from None
            finally:
                page.close()
            pages.append((f"{path.name} page {i + 1}", np.asarray(image, np.uint8).copy()))
    finally:
        doc.close()
    return pages


# --- finding the page -----------------------------------------------------------------


def _detector() -> Any:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = 0.02
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.ArucoDetector(dictionary, params)


def _markers(gray: Any) -> dict[int, Any]:
    """The companion corner markers (ids 0-7) in ``gray``: id to its 4 corners (pixels,
    the marker's top-left, top-right, bottom-right, bottom-left). An id seen twice is
    left out (two sheets in one photo)."""
    scale = 1.0
    work = gray
    side = max(gray.shape)
    if side > _MAX_WORK_SIDE:
        scale = _MAX_WORK_SIDE / side
        work = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners, ids, _ = _detector().detectMarkers(work)
    found: dict[int, Any] = {}
    seen: set[int] = set()
    if ids is None:
        return found
    for quad, mid in zip(corners, ids.ravel(), strict=True):
        m = int(mid)
        if m > 7:
            continue
        if m in seen:
            found.pop(m, None)
            continue
        seen.add(m)
        found[m] = quad.reshape(4, 2).astype(np.float64) / scale
    if scale != 1.0 and found:
        pts: Any = np.concatenate(list(found.values())).astype(np.float32).reshape(-1, 1, 2)
        win = max(2, round(2 / scale))
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
        fine: Any = cv2.cornerSubPix(gray, pts, (win, win), (-1, -1), crit)
        fine = fine.reshape(-1, 4, 2)
        found = {m: fine[k].astype(np.float64) for k, m in enumerate(found)}
    return found


def find_page(gray: Any, label: str = "") -> FoundPage | None:
    """The mark sheet page in ``gray`` (a uint8 grayscale photo), or None if fewer than
    three corner markers of one paper are found.

    The markers' ids tell the paper (0-3 A4, 4-7 Letter) and which corner each is, so
    the page reads at any rotation, upside down too; the homography from the page's mm
    frame to the photo is fitted to all the corners of the markers found. The QR code is
    then read from the straightened page (``payload``, None if it does not read).
    Raises nothing for any image.
    """
    if gray is None or getattr(gray, "ndim", 0) != 2 or min(gray.shape) < 32:
        return None
    gray = np.ascontiguousarray(gray, dtype=np.uint8)
    found = _markers(gray)
    best: tuple[int, str] | None = None
    for paper, ids in PAPER_MARKERS.items():
        n = sum(1 for m in ids if m in found)
        if n >= 3 and (best is None or n > best[0]):
            best = (n, paper)
    if best is None:
        return None
    paper = best[1]
    w, h = PAPER_MM[paper]
    src: list[tuple[float, float]] = []
    dst: list[list[float]] = []
    for fid in fiducials(w, h, paper):
        if fid.marker in found:
            src.extend(fid.corners())
            dst.extend(found[fid.marker].tolist())
    H, _ = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), 0)
    if H is None or not np.all(np.isfinite(H)):
        return None
    seen = tuple(sorted(m for m in PAPER_MARKERS[paper] if m in found))
    page = FoundPage(paper, None, H, gray, seen, label)
    page.payload = _payload(page)
    return page


def _payload(page: FoundPage) -> str | None:
    """The companion payload the page's QR code holds, read from the straightened page
    (then from the photo as it is); None if none reads."""
    from PIL import Image

    from companion.scan import decode_image
    from companion.seeds import is_payload

    for attempt in (lambda: Image.fromarray(rectify(page, None, 5.0)),
                    lambda: Image.fromarray(page.image)):
        texts = [t for t in decode_image(attempt(), retry=True) if is_payload(t)]
        if texts:
            return texts[0]
    return None


def rectify(found: FoundPage, page: PageTemplate | None = None,
            px_per_mm: float = 6.0) -> Any:
    """The page straightened in its mm frame, ``px_per_mm`` pixels a millimetre (a
    grayscale uint8 array; pixel (x, y) is the point (x / px_per_mm, y / px_per_mm) mm
    from the top-left corner). ``page`` gives the size (else the paper's). Raises
    ValueError if ``px_per_mm`` is not in (0, 40]."""
    if not 0 < px_per_mm <= 40:
        raise ValueError(f"px_per_mm must be in (0, 40], not {px_per_mm}")
    w, h = (page.width_mm, page.height_mm) if page is not None else found.size_mm
    key = round(px_per_mm, 4)
    cached = found._rectified.get(key)
    if cached is not None and cached.shape == (round(h * px_per_mm), round(w * px_per_mm)):
        return cached
    image, H = found.image, found.homography
    # photo pixels per page mm: shrink a sharp photo first (area averaging) so the
    # warp does not alias
    here = math.sqrt(abs(np.linalg.det(H[:2, :2] / H[2, 2])))
    if here > 1.6 * px_per_mm:
        f = 1.2 * px_per_mm / here
        image = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        H = np.diag([f, f, 1.0]) @ H
    S = np.diag([px_per_mm, px_per_mm, 1.0])
    M = H @ np.linalg.inv(S)  # rectified pixels -> photo pixels
    out = cv2.warpPerspective(image, M, (round(w * px_per_mm), round(h * px_per_mm)),
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    found._rectified[key] = out
    return out


# --- measuring ------------------------------------------------------------------------


def _ring_kernel(r_px: float, ppm: float) -> Any:
    """A zero-mean kernel that answers most at the centre of a printed ring of radius
    ``r_px`` (ink up: dark is positive)."""
    half = int(math.ceil(r_px + 0.9 * ppm))
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float32)
    d = np.hypot(xx, yy)
    width = max(1.0, 0.35 * ppm)
    ring = (np.abs(d - r_px) <= width / 2 + 0.5).astype(np.float32)
    near = ((np.abs(d - r_px) > width / 2 + 0.5) & (np.abs(d - r_px) <= width / 2 + 0.6 * ppm)
            ).astype(np.float32)
    k = ring / ring.sum() - near / near.sum()
    return k


def _ink(rect: Any, ppm: float) -> Any:
    """Darkness (0 paper .. 1 black) relative to the local paper: the page's brightness
    estimated by a grey-level closing wide enough to remove any bubble's ink."""
    small = cv2.resize(rect, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = max(3, int(2.2 * ppm) | 1)  # 8.8 mm at full scale
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.blur(paper, (k, k))
    paper = cv2.resize(paper, (rect.shape[1], rect.shape[0]), interpolation=cv2.INTER_LINEAR)
    paper = np.maximum(paper.astype(np.float32), 8.0)
    return np.clip(1.0 - rect.astype(np.float32) / paper, 0.0, 1.0)


def bubble_offsets(found: FoundPage, page: PageTemplate, bubbles: Sequence[Bubble],
                   ink: Any | None = None) -> Any:
    """Where each bubble is on the straightened page (:func:`rectify` at
    :data:`WORK_PX_PER_MM`) relative to where the homography puts it: an (n, 2) array
    of offsets in mm. Each bubble's printed ring is sought within :data:`_SEARCH_MM` of
    its place; a smooth field (a cubic in x and y, fitted with outliers dropped) through
    the rings found clearly gives every bubble's offset, so that a filled bubble (whose
    ring is hidden) moves with its neighbours; a bubble whose own ring was found within
    0.9 mm of the field's place keeps its own. Zero offsets where too few rings are
    found. Raises nothing."""
    ppm = WORK_PX_PER_MM
    if ink is None:
        ink = _ink(rectify(found, page, ppm), ppm)
    n = len(bubbles)
    if n == 0:
        return np.zeros((0, 2))
    r_px = float(np.median([b.r_mm for b in bubbles])) * ppm
    kernel = _ring_kernel(r_px, ppm)
    kh = kernel.shape[0] // 2
    reach = int(math.ceil(_SEARCH_MM * ppm))
    pts, offs, which = [], [], []
    H, W = ink.shape
    for index, b in enumerate(bubbles):
        cx, cy = b.x_mm * ppm, b.y_mm * ppm
        x0, y0 = int(round(cx)) - reach - kh, int(round(cy)) - reach - kh
        x1, y1 = int(round(cx)) + reach + kh + 1, int(round(cy)) + reach + kh + 1
        if x0 < 0 or y0 < 0 or x1 > W or y1 > H:
            continue
        win = ink[y0:y1, x0:x1]
        resp = cv2.matchTemplate(win, kernel, cv2.TM_CCORR)
        _, peak, _, at = cv2.minMaxLoc(resp)
        inside = float(win[kh + reach - int(0.6 * r_px):kh + reach + int(0.6 * r_px) + 1,
                           kh + reach - int(0.6 * r_px):kh + reach + int(0.6 * r_px) + 1
                           ].mean())
        if peak < 0.08 or inside > 0.12:  # no clear ring, or ink inside: do not trust it
            continue
        sx, sy = _subpixel(resp, (int(at[0]), int(at[1])))
        dx = (sx - reach + (round(cx) - cx)) / ppm
        dy = (sy - reach + (round(cy) - cy)) / ppm
        pts.append((b.x_mm, b.y_mm))
        offs.append((dx, dy))
        which.append(index)
    if len(pts) < 6:
        return np.zeros((n, 2))
    P = np.array(pts)
    off = np.array(offs)
    w_mm, h_mm = page.width_mm, page.height_mm
    degree = 3 if len(pts) >= 30 else 1

    def basis(xy: Any) -> Any:
        u = xy[:, 0] / w_mm * 2 - 1
        v = xy[:, 1] / h_mm * 2 - 1
        cols = [u ** i * v ** j for i in range(degree + 1) for j in range(degree + 1 - i)]
        return np.stack(cols, axis=1)

    A = basis(P)
    keep = np.ones(len(P), bool)
    coef = np.zeros((A.shape[1], 2))
    for _ in range(4):
        coef, *_ = np.linalg.lstsq(A[keep], off[keep], rcond=None)
        resid = np.hypot(*(A @ coef - off).T)
        limit = max(0.35, 3 * float(np.median(resid[keep])))
        new = resid <= limit
        if new.sum() < max(6, A.shape[1] + 2) or np.array_equal(new, keep):
            break
        keep = new
    Q = np.array([(b.x_mm, b.y_mm) for b in bubbles])
    field = basis(Q) @ coef
    # a bubble whose own ring was found near the field's place keeps its own (the
    # field is smooth; the paper may not be, and a corner of the grid extrapolates)
    for k, index in enumerate(which):
        if np.hypot(*(off[k] - field[index])) <= _OWN_RING_MM:
            field[index] = off[k]
    return np.clip(field, -_SEARCH_MM, _SEARCH_MM)


def _subpixel(resp: Any, at: tuple[int, int]) -> tuple[float, float]:
    """The peak of ``resp`` at ``at`` refined by a parabola through its neighbours."""
    x, y = at
    fx, fy = float(x), float(y)
    if 0 < x < resp.shape[1] - 1:
        a, b, c = resp[y, x - 1], resp[y, x], resp[y, x + 1]
        den = a - 2 * b + c
        if den < 0:
            fx += float(np.clip(0.5 * (a - c) / den, -0.5, 0.5))
    if 0 < y < resp.shape[0] - 1:
        a, b, c = resp[y - 1, x], resp[y, x], resp[y + 1, x]
        den = a - 2 * b + c
        if den < 0:
            fy += float(np.clip(0.5 * (a - c) / den, -0.5, 0.5))
    return fx, fy


def _disc_masks(r_px: float, ppm: float) -> tuple[Any, Any, int]:
    """The inside of a bubble (its ring left out) and the four diagonal sectors of the
    band just outside its ring, as masks on a square patch; and the patch's half side."""
    half = int(math.ceil(r_px * 1.8 + 2))
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float32)
    d = np.hypot(xx, yy)
    inner = (d <= r_px - max(1.2, 0.45 * ppm)).astype(np.float32)
    band = (d >= r_px + max(1.5, 0.45 * ppm)) & (d <= r_px * 1.7)
    ang = np.degrees(np.arctan2(yy, xx)) % 90.0  # 45 is a diagonal
    diag = band & (np.abs(ang - 45) <= 20)
    return inner, diag.astype(np.float32), half


def measure(found: FoundPage, page: PageTemplate, bubbles: Sequence[Bubble]
            ) -> dict[str, Fill]:
    """Every bubble's :class:`Fill`, by id.

    The page is straightened (:func:`rectify`), its ink measured against the local
    paper (light varies across a photo), each bubble moved by the curl correction
    (:func:`bubble_offsets`), and the ink inside its ring taken relative to the page's
    pencil (the darkest marks on it). ``value`` (the mean ink inside) over
    :data:`FILLED_ABOVE` is filled, and so is an inside at least :data:`STROKE_FILLED`
    in strokes (a firm tick); under :data:`EMPTY_BELOW`, with less than
    :data:`STROKE_SHARE` of the inside inked at all, empty; anything else doubtful (a
    tick, a faint mark). Ink past the ring in at least :data:`CANCEL_ARMS` of the four
    diagonals (an X's arms) makes a marked bubble cancelled (doubtful if only two
    show). Raises nothing."""
    features, _ = bubble_features(found, page, bubbles)
    return {b.id: _classify(*f) for b, f in zip(bubbles, features, strict=True)}


def bubble_features(found: FoundPage, page: PageTemplate, bubbles: Sequence[Bubble]
                    ) -> tuple[list[tuple[float, float, int]], float]:
    """For each bubble: its fill (mean ink inside the ring relative to the page's
    pencil, 0..1), the share of its inside inked at least :data:`STROKE_INK` of the
    pencil, and the number of diagonals (0-4) with ink past the ring; and the page's
    pencil darkness (:func:`_pencil_level`). What :func:`measure` classifies. Raises
    nothing."""
    ppm = WORK_PX_PER_MM
    rect = rectify(found, page, ppm)
    ink = _ink(rect, ppm)
    offs = bubble_offsets(found, page, bubbles, ink)
    patches: list[tuple[Any, Any, Any, int] | None] = []
    cache: dict[float, tuple[Any, Any, int]] = {}
    H, W = ink.shape
    for b, (dx, dy) in zip(bubbles, offs, strict=True):
        r_px = b.r_mm * ppm
        key = round(r_px, 2)
        if key not in cache:
            cache[key] = _disc_masks(r_px, ppm)
        inner, diag, half = cache[key]
        cx, cy = (b.x_mm + dx) * ppm, (b.y_mm + dy) * ppm
        if not (0 <= cx < W and 0 <= cy < H):
            patches.append(None)
            continue
        M: Any = np.array([[1, 0, half - cx], [0, 1, half - cy]], np.float32)
        size = 2 * half + 1
        patch = cv2.warpAffine(ink, M, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        patches.append((patch, inner, diag, half))
    insides = [float((p[0] * p[1]).sum() / p[1].sum()) if p is not None else 0.0
               for p in patches]
    pencil = _pencil_level(insides)
    out: list[tuple[float, float, int]] = []
    for inside, item in zip(insides, patches, strict=True):
        if item is None:
            out.append((0.0, 0.0, 0))
            continue
        patch, inner, diag, half = item
        rel = patch / pencil
        cover = float(((rel > STROKE_INK) * inner).sum() / inner.sum())
        arms = 0
        yy, xx = np.nonzero(diag)
        for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
            sel = ((xx - half) * sx > 0) & ((yy - half) * sy > 0)
            vals = rel[yy[sel], xx[sel]]
            if vals.size and float((vals > STROKE_INK).mean()) >= 0.08:
                arms += 1
        out.append((min(1.0, inside / pencil), cover, arms))
    return out, pencil


def _pencil_level(insides: Sequence[float]) -> float:
    """The darkness of the page's solid pencil: the 90th percentile of the bubbles that
    are clearly marked, kept within [0.3, 0.9]; 0.55 (a usual HB pencil in these
    photos) when fewer than three bubbles are marked."""
    marked = sorted(v for v in insides if v > 0.2)
    if len(marked) < 3:
        return 0.55
    level = marked[min(len(marked) - 1, int(0.9 * len(marked)))]
    return float(min(0.9, max(0.3, level)))


def _classify(value: float, cover: float, arms: int) -> Fill:
    """The state of a bubble of that fill, inked share and X arms beyond its ring."""
    marked = value >= EMPTY_BELOW or cover >= STROKE_SHARE
    if arms >= CANCEL_ARMS and marked:
        return Fill(value, "cancelled", 0.5 + 0.5 * min(1.0, (arms - 2) / 2))
    if arms >= 2 and marked:
        return Fill(value, "doubtful", 0.25)
    if value <= FILLED_ABOVE and cover >= STROKE_FILLED:
        return Fill(value, "filled", 0.5 + 0.5 * min(1.0, (cover - STROKE_FILLED) / 0.3))
    if value < EMPTY_BELOW and cover >= STROKE_SHARE:
        return Fill(value, "doubtful", 0.1)
    if value < EMPTY_BELOW:
        return Fill(value, "empty", 0.5 + 0.5 * min(1.0, (EMPTY_BELOW - value) / EMPTY_BELOW))
    if value > FILLED_ABOVE:
        return Fill(value, "filled",
                    0.5 + 0.5 * min(1.0, (value - FILLED_ABOVE) / (1 - FILLED_ABOVE)))
    mid = (EMPTY_BELOW + FILLED_ABOVE) / 2
    return Fill(value, "doubtful", 0.5 * abs(value - mid) / (mid - EMPTY_BELOW))
