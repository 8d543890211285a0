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
from typing import Any, Literal, NamedTuple

import cv2
import numpy as np

from companion.errors import ScanError
from companion.marks.paper import PAPER_MARKERS, fiducials
from companion.marks.template import Bubble, PageTemplate

__all__ = ["ARM_INK", "CANCEL_ARMS", "EMPTY_BELOW", "FILLED_ABOVE", "PAPER_MM", "RENDER_DPI",
           "RING_SHARE", "SPILL_DOUBT", "STROKE_FILLED", "STROKE_INK", "STROKE_SHARE",
           "Features", "Fill", "FoundPage", "bubble_features", "bubble_offsets", "find_page",
           "load_images", "measure", "rectify"]

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
RING_SHARE = 0.4
"""A bubble read empty must show its ring, at the place the reader puts it, at least
this share as clearly as the page's empty bubbles do (their median); else it is
doubtful: the reader may be looking beside it."""
SPILL_DOUBT = 0.3
"""A bubble read filled with this share of ink just past its ring, facing up, down,
left or right, is doubtful: its fill may be beside the place the reader looks at."""
ARM_INK = 0.4
"""Ink past the ring at least this share of the page's pencil counts for an X's arm
(a blurred ring's halo does not)."""
CANCEL_ARMS = 3
"""A bubble with ink beyond its ring in at least this many of the four diagonal
directions (the arms of an X) is cancelled."""
_STEP_MM = 1.6  # how far from its neighbours' word a bubble's ring is sought
_ROUNDS = 8  # rounds of following the rings outwards
_ODD_MM = 1.0  # a ring this far from what its neighbours say is not trusted
_RING_SEEN = 0.08  # the ring kernel's least answer for a ring seen
_NEIGHBOURS = 5  # bare bubbles looked at around a bubble to trust its place
_BARE_SHARE = 0.25  # a page with fewer bubbles looking bare is read all doubtful
_MARKER_FIT_MM = 2.0  # the markers' corners must fit one homography within this
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
    kind = scan.sniff_file(p, name, "read", "a photo (PNG or JPEG) or a PDF")
    if kind == "pdf":
        return _load_pdf(p, name)
    return [(p.name, _load_photo(p, name, kind))]


def _load_photo(path: Path, name: str, kind: str) -> Any:
    """A PNG/JPEG file as a grayscale array, its size checked before it is decoded.
    Raises ScanError as :func:`load_images` says."""
    from companion import scan

    gray = scan.open_gray(path, name, kind, "read")
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
    three corner markers of one paper are found, or if they do not fit one page (within
    2 mm: corners of two sheets in one photo).

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
    if H is None or not np.all(np.isfinite(H)) or abs(np.linalg.det(H)) < 1e-12:
        return None
    # the markers must agree on one page: corners of two sheets in one photo do not
    back = cv2.perspectiveTransform(np.array(dst, np.float64).reshape(-1, 1, 2),
                                    np.linalg.inv(H)).reshape(-1, 2)
    if float(np.max(np.hypot(*(back - np.array(src)).T))) > _MARKER_FIT_MM:
        return None
    seen = tuple(sorted(m for m in PAPER_MARKERS[paper] if m in found))
    page = FoundPage(paper, None, H, gray, seen, label)
    page.payload = _payload(page)
    return page


def _payload(page: FoundPage) -> str | None:
    """The companion payload the page's QR code holds, read from the straightened page
    at three scales; None if none reads. Only the page is looked at: a code elsewhere
    in the photo (another sheet beside it) is never taken for this page's."""
    from PIL import Image

    from companion.scan import decode_image
    from companion.seeds import is_payload

    for scale in (5.0, 8.0, 3.5):
        texts = [t for t in decode_image(Image.fromarray(rectify(page, None, scale)),
                                         retry=True) if is_payload(t)]
        if len(set(texts)) == 1:
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
    # warp does not alias; one shrunk copy serves every scale up to 6.6 px a mm
    here = math.sqrt(abs(np.linalg.det(H[:2, :2] / H[2, 2])))
    if here > 1.6 * px_per_mm:
        target = 8.0 if px_per_mm <= 6.6 else 1.2 * px_per_mm
        f = target / here
        small = found._rectified.get(-target)
        if small is None:
            small = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            found._rectified[-target] = small
        image = small
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
    of offsets in mm, the page's curl undone.

    The printed rings are followed outwards from where the paper lies flat: each round
    seeks the rings not found yet within :data:`_STEP_MM` of where the rings found so
    far put them (their offsets, weighted by the inverse square of the distance, from
    the :data:`_NEIGHBOURS` nearest), the first round at the homography's places. A
    ring is never sought further than a step from what its neighbours say, so the
    reader does not slip onto a neighbour's ring (a whole pitch away) however far the
    paper curls, as long as it curls smoothly. A bubble whose ring shows keeps its own
    place; a filled one (its ring hidden) moves with its neighbours. Zero offsets where
    fewer than three rings are found. Raises nothing."""
    ppm = WORK_PX_PER_MM
    if ink is None:
        ink = _ink(rectify(found, page, ppm), ppm)
    n = len(bubbles)
    offsets = np.zeros((n, 2))
    if n == 0:
        return offsets
    r_px = float(np.median([b.r_mm for b in bubbles])) * ppm
    kernel = _ring_kernel(r_px, ppm)
    places = np.array([(b.x_mm, b.y_mm) for b in bubbles])
    known: dict[int, Any] = {}
    for _ in range(_ROUNDS):
        todo = [k for k in range(n) if k not in known]
        if not todo:
            break
        guess = _spread_offsets(places, known, todo)
        rings = _rings(ink, kernel, places[todo] + guess, _STEP_MM, r_px)
        if not rings:
            break
        for k, off, _ in rings:
            known[todo[k]] = guess[k] + np.array(off)
    if len(known) < 3:
        return offsets
    # a ring that disagrees with its neighbours' was something else (a fill's edge, an
    # X's arms): left out, its bubble moves with them
    for k in _disagreeing(places, known):
        del known[k]
    rest = [k for k in range(n) if k not in known]
    for k, off in known.items():
        offsets[k] = off
    if rest:
        offsets[rest] = _spread_offsets(places, known, rest)
    return offsets


def _disagreeing(places: Any, known: dict[int, Any]) -> list[int]:
    """The bubbles whose found offset is more than :data:`_ODD_MM` from what the other
    rings found around them say (:func:`_spread_offsets` without their own)."""
    ks = list(known)
    if len(ks) < 4:
        return []
    at = places[ks]
    offs = np.array([known[k] for k in ks])
    d = np.hypot(*(at[:, None, :] - at[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    m = min(_NEIGHBOURS, len(ks) - 1)
    nearest = np.argpartition(d, m - 1, axis=1)[:, :m]
    w = 1.0 / np.maximum(np.take_along_axis(d, nearest, axis=1), 1.0) ** 2
    guess = (offs[nearest] * w[:, :, None]).sum(axis=1) / w.sum(axis=1)[:, None]
    far = np.hypot(*(offs - guess).T) > _ODD_MM
    return [k for k, bad in zip(ks, far, strict=True) if bad]


def _spread_offsets(places: Any, known: dict[int, Any], todo: Sequence[int]) -> Any:
    """The offsets at ``places[todo]`` from the ``known`` ones: each the mean of the
    :data:`_NEIGHBOURS` nearest known offsets weighted by the inverse square of their
    distance (zero where none is known)."""
    if not known:
        return np.zeros((len(todo), 2))
    ks = list(known)
    at = places[ks]
    offs = np.array([known[k] for k in ks])
    d = np.hypot(*(places[list(todo)][:, None, :] - at[None, :, :]).transpose(2, 0, 1))
    m = min(_NEIGHBOURS, len(ks))
    nearest = np.argpartition(d, m - 1, axis=1)[:, :m]
    dn = np.take_along_axis(d, nearest, axis=1)
    w = 1.0 / np.maximum(dn, 1.0) ** 2
    return (offs[nearest] * w[:, :, None]).sum(axis=1) / w.sum(axis=1)[:, None]


def _rings(ink: Any, kernel: Any, centres_mm: Any, reach_mm: float, r_px: float
           ) -> list[tuple[int, tuple[float, float], float]]:
    """The printed rings found clearly (an answer of the ring kernel of at least
    :data:`_RING_SEEN`, no ink inside) within ``reach_mm`` of each centre: (index,
    offset in mm from the centre, answer)."""
    ppm = WORK_PX_PER_MM
    kh = kernel.shape[0] // 2
    reach = int(math.ceil(reach_mm * ppm))
    H, W = ink.shape
    inner = max(1, int(0.6 * r_px))
    found: list[tuple[int, tuple[float, float], float]] = []
    for index, (x_mm, y_mm) in enumerate(centres_mm):
        cx, cy = x_mm * ppm, y_mm * ppm
        x0, y0 = int(round(cx)) - reach - kh, int(round(cy)) - reach - kh
        x1, y1 = int(round(cx)) + reach + kh + 1, int(round(cy)) + reach + kh + 1
        if x0 < 0 or y0 < 0 or x1 > W or y1 > H:
            continue
        win = ink[y0:y1, x0:x1]
        resp = cv2.matchTemplate(win, kernel, cv2.TM_CCORR)
        _, peak, _, at = cv2.minMaxLoc(resp)
        if peak < _RING_SEEN:
            continue
        ax, ay = int(at[0]) + kh, int(at[1]) + kh  # the ring's centre in the window
        if float(win[ay - inner:ay + inner + 1, ax - inner:ax + inner + 1].mean()) > 0.12:
            continue  # ink inside: a marked bubble, its ring not to be trusted
        sx, sy = _subpixel(resp, (int(at[0]), int(at[1])))
        found.append((index, ((sx - reach + (round(cx) - cx)) / ppm,
                              (sy - reach + (round(cy) - cy)) / ppm), float(peak)))
    return found


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


class _Masks(NamedTuple):
    """What a bubble of one radius is measured with, on a square patch around it."""

    inner: Any  # the inside, its ring left out
    diag: list[Any]  # the four diagonal sectors of the band just outside the ring
    axis: list[Any]  # the four sectors of that band facing right, down, left, up
    kernel: Any  # the ring kernel (:func:`_ring_kernel`)
    half: int  # the patch's half side


def _masks(r_px: float, ppm: float) -> _Masks:
    half = int(math.ceil(r_px * 1.8 + 2))
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float32)
    d = np.hypot(xx, yy)
    inner = (d <= r_px - max(1.2, 0.45 * ppm)).astype(np.float32)
    band = (d >= r_px + max(2.0, 0.7 * ppm)) & (d <= r_px * 1.7)
    ang = np.degrees(np.arctan2(yy, xx)) % 360.0
    diag = [band & (np.abs((ang - c + 180) % 360 - 180) <= 20) for c in (45, 135, 225, 315)]
    axis = [band & (np.abs((ang - c + 180) % 360 - 180) <= 15) for c in (0, 90, 180, 270)]
    return _Masks(inner, diag, axis, _ring_kernel(r_px, ppm), half)


class Features(NamedTuple):
    """What is measured of one bubble (:func:`bubble_features`)."""

    value: float
    """Mean ink inside the ring relative to the page's pencil (0 .. 1)."""
    cover: float
    """The share of the inside in strokes: inked at least :data:`STROKE_INK` of the
    pencil and twice the inside's median."""
    inked: float
    """The share of the inside inked at least :data:`STROKE_INK` of the pencil (a
    faint mark's strokes too)."""
    arms: int
    """Diagonals (0-4) with ink past the ring (more than the line's bare bubbles show
    there: a printed rule is no arm): an X's arms."""
    ring: float
    """The ring kernel's answer within 0.5 mm of the bubble's place: its printed ring
    is where the reader puts it (0 where ink hides it)."""
    spill: float
    """The largest share of ink in the four sectors just past the ring facing up,
    down, left and right, over what the line's bare bubbles show there (a fill whose
    disc is not where the reader puts it)."""


def measure(found: FoundPage, page: PageTemplate, bubbles: Sequence[Bubble]
            ) -> dict[str, Fill]:
    """Every bubble's :class:`Fill`, by id.

    The page is straightened (:func:`rectify`), its ink measured against the local
    paper (light varies across a photo), each bubble moved by the curl correction
    (:func:`bubble_offsets`), and the ink inside its ring taken relative to the page's
    pencil (the darkest marks on it). ``value`` (the mean ink inside) over
    :data:`FILLED_ABOVE` is filled, and so is an inside at least :data:`STROKE_FILLED`
    in strokes (a firm tick), unless ink spills past its ring (:data:`SPILL_DOUBT`).
    Under :data:`EMPTY_BELOW`, with less than :data:`STROKE_SHARE` of the inside inked
    at all, it is empty if its ring shows where it should (:data:`RING_SHARE`).
    Anything else is doubtful (a faint tick, a faint mark), and so is every bubble
    whose bare neighbours do not show their rings where the reader puts them (the curl
    not undone there). Ink past the ring in at
    least :data:`CANCEL_ARMS` of the four diagonals (an X's arms) makes a marked bubble
    cancelled (doubtful if only two
    show). Raises nothing."""
    features, _ = bubble_features(found, page, bubbles)
    usual, placed = _placed(bubbles, features)
    return {b.id: _classify(f, usual) if ok else Fill(f.value, "doubtful", 0.1)
            for b, f, ok in zip(bubbles, features, placed, strict=True)}


def _placed(bubbles: Sequence[Bubble], features: Sequence[Features]
            ) -> tuple[float, list[bool]]:
    """How clearly the page's bare bubbles show their rings (the 75th percentile of
    their answers, at least :data:`_RING_SEEN`), and for each bubble whether
    the reader looks at the right place there: the bare bubbles nearest it (up to
    :data:`_NEIGHBOURS`) show their rings, in the median, at least :data:`RING_SHARE`
    as clearly. Where the curl was not undone they do not, and every reading there is
    doubtful. On a page of 8 bubbles or more of which under a quarter (or under three)
    look bare, no bubble is placed: every reading is doubtful."""
    bare = [k for k, f in enumerate(features)
            if f.value < EMPTY_BELOW and f.inked < STROKE_SHARE]
    if len(bare) < max(3, _BARE_SHARE * len(bubbles)):
        # a page on which hardly a bubble looks bare is not a pencilled sheet read
        # right (too blurred, too dark, not where the reader looks): nothing is placed;
        # too few bubbles to tell: all are
        return 0.0, [len(bubbles) < 8] * len(bubbles)
    rings = np.array([features[k].ring for k in bare])
    # never less than a ring seen clearly: on a page where no ring shows (too blurred,
    # or not where the reader looks), nothing is placed
    usual = max(float(np.percentile(rings, 75)), _RING_SEEN)
    at = np.array([(b.x_mm, b.y_mm) for b in bubbles])
    near = np.hypot(*(at[:, None, :] - at[bare][None, :, :]).transpose(2, 0, 1))
    k = min(_NEIGHBOURS, len(bare))
    nearest = np.argpartition(near, k - 1, axis=1)[:, :k]
    local = np.median(rings[nearest], axis=1)
    return usual, [bool(v >= RING_SHARE * usual) for v in local]


def bubble_features(found: FoundPage, page: PageTemplate, bubbles: Sequence[Bubble]
                    ) -> tuple[list[Features], float]:
    """Each bubble's :class:`Features`, measured at its place corrected for curl
    (:func:`bubble_offsets`) on the straightened page's ink (relative to the local
    paper), and the page's pencil darkness (:func:`_pencil_level`). What
    :func:`measure` classifies. Raises nothing."""
    ppm = WORK_PX_PER_MM
    rect = rectify(found, page, ppm)
    ink = _ink(rect, ppm)
    offs = bubble_offsets(found, page, bubbles, ink)
    patches: list[tuple[Any, _Masks] | None] = []
    cache: dict[float, _Masks] = {}
    H, W = ink.shape
    for b, (dx, dy) in zip(bubbles, offs, strict=True):
        r_px = b.r_mm * ppm
        key = round(r_px, 2)
        if key not in cache:
            cache[key] = _masks(r_px, ppm)
        masks = cache[key]
        cx, cy = (b.x_mm + dx) * ppm, (b.y_mm + dy) * ppm
        if not (0 <= cx < W and 0 <= cy < H):
            patches.append(None)
            continue
        half = masks.half
        M: Any = np.array([[1, 0, half - cx], [0, 1, half - cy]], np.float32)
        size = 2 * half + 1
        patch = cv2.warpAffine(ink, M, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        patches.append((patch, masks))
    insides = [float((p[0] * p[1].inner).sum() / p[1].inner.sum()) if p is not None
               else 0.0 for p in patches]
    pencil = _pencil_level(insides)
    near = max(1, round(0.5 * ppm))
    parts: list[tuple[float, float, float, Any, Any]] = []
    for inside, item in zip(insides, patches, strict=True):
        if item is None:
            parts.append((0.0, 0.0, 0.0, np.zeros(4), np.ones(4)))
            continue
        patch, masks = item
        rel = patch / pencil
        # a stroke stands out from the rest of the inside: a uniform grey (an erasure,
        # noise on it) is not strokes however dark its grain
        inside_rel = rel[masks.inner > 0]
        bar = max(STROKE_INK, 2.0 * float(np.median(inside_rel)))
        cover = float((inside_rel > bar).mean())
        inked = float((inside_rel > STROKE_INK).mean())
        resp = cv2.matchTemplate(patch, masks.kernel, cv2.TM_CCORR)
        mid = resp.shape[0] // 2
        ring = float(resp[mid - near:mid + near + 1, mid - near:mid + near + 1].max())
        diag = np.array([float((rel[q] > ARM_INK).mean()) for q in masks.diag])
        axis = np.array([float((rel[q] > STROKE_INK).mean()) for q in masks.axis])
        parts.append((inside / pencil, cover, inked, ring, (diag, axis)))
    # what is printed past the rings (a row's rules, a label) is past the bare bubbles'
    # rings too: each line of bubbles' bare ones give the level to look above
    lines: dict[tuple[int, int], list[int]] = {}
    for k, b in enumerate(bubbles):
        lines.setdefault((b.page, round(b.y_mm)), []).append(k)
    out: list[Features] = [Features(0.0, 0.0, 0.0, 0, 0.0, 1.0)] * len(bubbles)
    for members in lines.values():
        bare = [parts[k][4] for k in members if patches[k] is not None
                and parts[k][0] < EMPTY_BELOW and parts[k][2] < STROKE_SHARE]
        base_d = np.median([d for d, _ in bare], axis=0) if bare else np.zeros(4)
        base_a = np.median([a for _, a in bare], axis=0) if bare else np.zeros(4)
        for k in members:
            if patches[k] is None:
                continue
            value, cover, inked, ring, (diag, axis) = parts[k]
            arms = int(((diag - base_d) >= 0.08).sum())
            spill = float(max(0.0, float((axis - base_a).max())))
            out[k] = Features(min(1.0, value), cover, inked, arms, ring, spill)
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


def _classify(f: Features, usual_ring: float = 0.0) -> Fill:
    """The state of a bubble measured so, on a page whose empty bubbles' rings answer
    ``usual_ring`` (their median; 0: unknown)."""
    value, cover, arms = f.value, f.cover, f.arms
    marked = value >= EMPTY_BELOW or f.inked >= STROKE_SHARE
    if value > FILLED_ABOVE and f.spill >= SPILL_DOUBT and arms < CANCEL_ARMS:
        return Fill(value, "doubtful", 0.2)  # ink past the ring: the fill is elsewhere
    if arms >= CANCEL_ARMS and marked:
        return Fill(value, "cancelled", 0.5 + 0.5 * min(1.0, (arms - 2) / 2))
    if arms >= 2 and marked:
        return Fill(value, "doubtful", 0.25)
    if value <= FILLED_ABOVE and cover >= STROKE_FILLED:
        return Fill(value, "filled", 0.5 + 0.5 * min(1.0, (cover - STROKE_FILLED) / 0.3))
    if value < EMPTY_BELOW and f.inked >= STROKE_SHARE:
        return Fill(value, "doubtful", 0.1)
    if value < EMPTY_BELOW and f.ring < RING_SHARE * usual_ring:
        return Fill(value, "doubtful", 0.2)  # its ring is not where it should be
    if value < EMPTY_BELOW:
        return Fill(value, "empty", 0.5 + 0.5 * min(1.0, (EMPTY_BELOW - value) / EMPTY_BELOW))
    if value > FILLED_ABOVE:
        return Fill(value, "filled",
                    0.5 + 0.5 * min(1.0, (value - FILLED_ABOVE) / (1 - FILLED_ABOVE)))
    mid = (EMPTY_BELOW + FILLED_ABOVE) / 2
    return Fill(value, "doubtful", 0.5 * abs(value - mid) / (mid - EMPTY_BELOW))
