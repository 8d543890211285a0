"""The pencil-and-photo simulator of mark sheets (issue 27), shared by
``tests/test_marks_image.py`` and ``benchmarks/marks_image.py``.

* :func:`synthetic_template` / :func:`render_pdf` / :func:`page_image`: a test page (a
  grid of bubbles on A4 or Letter, the corner fiducials, an identity QR code) drawn with
  :mod:`companion.marks.paper` and rendered with pypdfium2, for measuring the reader
  before the games' own sheets exist.
* :func:`pencil`: pencil marks of a kind (:data:`KINDS`) drawn on bubbles of a rendered
  page: grey, uneven, textured graphite, never pure black.
* :func:`photograph`: a phone photo of a page (JPEG bytes): on a table, not filling the
  frame, in perspective (up to 20 degrees), at any rotation, curled, blurred, lit
  unevenly with a shadow band, with noise, JPEG quality 50-90.

All randomness comes from :mod:`companion.rng` streams (numpy generators are seeded
from them), so the same stream gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np
from PIL import Image

from companion.marks.paper import BUBBLE_R_MM, draw_bubble, draw_fiducials, fiducials, to_pt
from companion.marks.template import Bubble, PageTemplate, Row, Template
from companion.rng import Stream

PAYLOAD = "companion:1/ctd/K7Q2-9XMA/kind=marks"
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
KINDS = ("solid", "partial", "light", "tick", "cross", "stray", "erased", "taken-back")
"""The pencil marks :func:`pencil` draws."""
EXPECTED = {"solid": "filled", "partial": "filled", "light": "filled", "tick": "filled",
            "cross": "filled", "stray": "empty", "erased": "empty",
            "taken-back": "cancelled", "empty": "empty"}
"""What each mark means: the state a reader should give its bubble (``light``,
``tick`` and ``cross`` may also be read doubtful; ``stray`` and ``erased`` must never
be read filled with confidence)."""


def uniform(rng: Stream, low: float, high: float) -> float:
    """A float in [low, high) from the stream."""
    return low + (high - low) * (rng.next64() >> 11) / (1 << 53)


def _np_rng(rng: Stream) -> np.random.Generator:
    return np.random.default_rng(rng.next64())


# --- the synthetic page ---------------------------------------------------------------


def synthetic_template(paper: str = "a4", rows: int = 24, cols: int = 18,
                       payload: str = PAYLOAD, pitch_x: float = 8.0,
                       pitch_y: float = 8.5) -> Template:
    """A one-page template: ``rows`` x ``cols`` bubbles (ids ``r{row}c{col}``, both
    1-based) below a top band holding the QR code, on ``paper`` (``a4``/``letter``)."""
    w, h = PAPER_MM[paper]
    page = PageTemplate(1, 1, w, h, fiducials(w, h, paper), payload)
    x0 = (w - (cols - 1) * pitch_x) / 2 + 6
    y0 = 62.0
    bubbles: list[Bubble] = []
    row_list: list[Row] = []
    for r in range(rows):
        y = y0 + r * pitch_y
        ids = []
        for c in range(cols):
            bid = f"r{r + 1}c{c + 1}"
            ids.append(bid)
            bubbles.append(Bubble(bid, 1, x0 + c * pitch_x, y, BUBBLE_R_MM, r + 1,
                                  f"row{r + 1}", str(c + 1), str(c + 1), f"column {c + 1}"))
        row_list.append(Row(r + 1, 1, f"row {r + 1}", (x0 - 12, y - pitch_y / 2,
                                                       (cols - 1) * pitch_x + 16, pitch_y),
                            tuple(ids)))
    return Template("ctd", "K7Q2-9XMA", (), {}, 1, paper, (page,), tuple(row_list),
                    tuple(bubbles))


def render_pdf(template: Template, ruled: bool = False) -> bytes:
    """The template's pages as a PDF: fiducials, bubbles, column labels, row numbers
    and the page's identity QR code (22 mm, top centre); with ``ruled``, a grey rule
    along the top and bottom of every row's box (as a log sheet rules its rows)."""
    from reportlab.pdfgen import canvas

    from companion.paper import design
    from companion.paper.qr import draw_qr, qr_footprint
    from companion.paper.units import mm

    out = io.BytesIO()
    first = template.pages[0]
    c = canvas.Canvas(out, pagesize=(mm(first.width_mm), mm(first.height_mm)))
    design.register()
    body = design.style("body")
    for page in template.pages:
        c.setPageSize((mm(page.width_mm), mm(page.height_mm)))
        draw_fiducials(c, page)
        side = qr_footprint(page.payload)
        draw_qr(c, mm(page.width_mm / 2) - side / 2, mm(page.height_mm - 10) - side,
                page.payload)
        rows = [r for r in template.rows if r.page == page.number]
        c.setFont(body.font, body.size)
        if rows:
            for b in template.row_bubbles(rows[0]):
                x, y = to_pt(page, b.x_mm, b.y_mm - b.r_mm - 2.2)
                c.drawCentredString(x, y, b.label)
        for row in rows:
            bubbles = list(template.row_bubbles(row))
            x, y = to_pt(page, bubbles[0].x_mm - 9, row.box[1] + row.box[3] / 2 + 1)
            c.drawString(x, y, str(row.number))
            for b in bubbles:
                draw_bubble(c, page, b)
            if ruled:
                x, y, w, h = row.box
                c.setStrokeColorRGB(*design.GREY)
                c.setLineWidth(design.RULE)
                for edge in (y, y + h):
                    c.line(*to_pt(page, x, edge), *to_pt(page, x + w, edge))
        c.showPage()
    c.save()
    return out.getvalue()


def page_image(pdf: bytes, dpi: int, index: int = 0) -> Image.Image:
    """Page ``index`` of ``pdf`` rendered at ``dpi``, grayscale."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        return doc[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()


# --- pencil ---------------------------------------------------------------------------


def _disc(shape: tuple[int, int], cx: float, cy: float, r: float) -> Any:
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    d = np.hypot(xx - cx, yy - cy)
    return np.clip(r - d + 0.5, 0, 1)


def _stroke(mask: Any, pts: Sequence[tuple[float, float]], width: float) -> None:
    """Draw a polyline into the float ``mask`` (anti-aliased, ``width`` px)."""
    shift = 4
    arr = np.array([[round(x * 16), round(y * 16)] for x, y in pts], np.int32)
    layer = np.zeros(mask.shape, np.uint8)
    cv2.polylines(layer, [arr], False, 255, max(1, round(width)), cv2.LINE_AA, shift)
    np.maximum(mask, layer / 255.0, out=mask)


def pencil(page_image: Image.Image, page: PageTemplate, marks: Mapping[str, str],
           bubbles: Sequence[Bubble], dpi: int, rng: Stream) -> Image.Image:
    """``page_image`` (the page rendered at ``dpi``) with a pencil mark on each bubble
    of ``marks`` (bubble id to a kind of :data:`KINDS`; bubbles not named stay as
    printed). Raises KeyError for an id not in ``bubbles`` and ValueError for an
    unknown kind."""
    by_id = {b.id: b for b in bubbles}
    img = np.asarray(page_image.convert("L"), dtype=np.float32)
    ppm = dpi / 25.4
    noise = _np_rng(rng)
    for bid in sorted(marks):
        kind = marks[bid]
        b = by_id[bid]
        r = b.r_mm * ppm
        cx = b.x_mm * ppm + uniform(rng, -0.25, 0.25) * ppm
        cy = b.y_mm * ppm + uniform(rng, -0.25, 0.25) * ppm
        pad = int(r * 3.2) + 4
        x0, y0 = max(0, int(cx) - pad), max(0, int(cy) - pad)
        x1, y1 = min(img.shape[1], int(cx) + pad), min(img.shape[0], int(cy) + pad)
        patch = img[y0:y1, x0:x1]
        lx, ly = cx - x0, cy - y0
        mask = np.zeros(patch.shape, np.float32)
        line = uniform(rng, 0.35, 0.6) * ppm
        dark = uniform(rng, 0.55, 0.78)  # how much light solid graphite takes away
        if kind in ("solid", "light", "erased", "taken-back"):
            mask = _disc(patch.shape, lx, ly, r * uniform(rng, 0.85, 1.05)).astype(np.float32)
            if kind == "light":
                dark = uniform(rng, 0.22, 0.35)
            elif kind == "erased":
                dark = uniform(rng, 0.05, 0.12)
                mask = cv2.GaussianBlur(mask, (0, 0), r * 0.35)
        elif kind == "partial":
            # about 60 % of the disc: the part on one side of a random chord
            a = uniform(rng, 0, 2 * math.pi)
            yy, xx = np.mgrid[0:patch.shape[0], 0:patch.shape[1]]
            side = (xx - lx) * math.cos(a) + (yy - ly) * math.sin(a)
            cut = r * uniform(rng, 0.15, 0.32)
            mask = (_disc(patch.shape, lx, ly, r * 0.98) * np.clip(cut - side + 0.5, 0, 1)
                    ).astype(np.float32)
        elif kind == "tick":
            s = r * uniform(rng, 0.75, 0.95)
            _stroke(mask, [(lx - s * 0.7, ly), (lx - s * 0.2, ly + s * 0.6),
                           (lx + s * 0.75, ly - s * 0.7)], line)
        elif kind == "cross":
            s = r * uniform(rng, 0.55, 0.7)
            _stroke(mask, [(lx - s, ly - s), (lx + s, ly + s)], line)
            _stroke(mask, [(lx - s, ly + s), (lx + s, ly - s)], line)
        elif kind == "stray":
            a = uniform(rng, 0, 2 * math.pi)
            d = r + uniform(rng, 0.7, 1.3) * ppm
            px, py = lx + d * math.cos(a), ly + d * math.sin(a)
            t = a + math.pi / 2 + uniform(rng, -0.5, 0.5)
            s = uniform(rng, 0.8, 1.6) * ppm
            _stroke(mask, [(px - s * math.cos(t), py - s * math.sin(t)),
                           (px + s * math.cos(t), py + s * math.sin(t))], line * 1.3)
        else:
            raise ValueError(f"unknown pencil mark {kind!r}")
        if kind == "taken-back":
            reach = r * uniform(rng, 1.35, 1.8)
            for sign in (1, -1):
                tilt = uniform(rng, -0.2, 0.2)
                dx, dy = reach * math.cos(tilt), sign * reach * math.cos(tilt + sign * 0.1)
                _stroke(mask, [(lx - dx, ly - dy), (lx + dx, ly + dy)], line * 1.2)
        # graphite: uneven, grainy, never pure black
        grain = noise.normal(1.0, 0.18, patch.shape).astype(np.float32)
        grain = cv2.GaussianBlur(grain, (0, 0), 0.6)
        streak = 1 + 0.1 * np.sin(np.arange(patch.shape[1], dtype=np.float32)
                                  * uniform(rng, 0.6, 1.4))[None, :]
        take = np.clip(dark * mask * grain * streak, 0, 0.85)
        img[y0:y1, x0:x1] = patch * (1 - take)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "L")


# --- the photo ------------------------------------------------------------------------


def photograph(image: Image.Image, dpi: int, rng: Stream, *,
               rotation: float | None = None, tilt: float | None = None,
               curl: float | None = None, quality: int | None = None,
               geometry: dict[str, Any] | None = None, harsh: bool = False) -> bytes:
    """A simulated phone photo (JPEG bytes) of ``image``, a page rendered at ``dpi``;
    the paper keeps about ``dpi`` pixels an inch. The page lies on a table and fills
    65-90 % of the frame; ``rotation`` (degrees, any), ``tilt`` (the camera's, degrees,
    up to 20), ``curl`` (the paper's bulge, mm, up to 3) and JPEG ``quality`` (50-90)
    are drawn from ``rng`` unless given; then blur, uneven light, a shadow band and
    sensor noise. ``geometry``, when given, receives what :func:`true_place` needs to
    tell where a point of the page went. ``harsh`` doubles the blur and the noise, curls
    the paper up to 5 mm and compresses at JPEG quality 35-60 (beyond the brief: to see
    where the reader's margins end)."""
    gen = _np_rng(rng)
    page = np.asarray(image.convert("L"), dtype=np.float32)
    h, w = page.shape
    ppm = dpi / 25.4
    # curl: a smooth bulge, nothing at the edges (the corners stay where they are)
    amp = (uniform(rng, 0.5, 5.0 if harsh else 3.0) if curl is None else curl) * ppm
    phase = uniform(rng, 0, 2 * math.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xx / w, yy / h
    bulge = np.sin(np.pi * u) * np.sin(np.pi * v)
    wave = np.sin(2 * np.pi * u) * np.sin(np.pi * v) * 0.4
    map_x = xx + amp * (math.cos(phase) * bulge + math.sin(phase) * wave)
    map_y = yy + amp * (math.sin(phase) * bulge + math.cos(phase) * wave * 0.7)
    page = cv2.remap(page, map_x, map_y, cv2.INTER_LINEAR, borderValue=255)
    # perspective: the page turned in space by ``tilt`` about a random axis, seen
    # from a camera 1.6 page diagonals away, then turned by ``rotation`` in the frame
    t = math.radians(uniform(rng, 0, 20) if tilt is None else tilt)
    axis = uniform(rng, 0, 2 * math.pi)
    rot = math.radians(uniform(rng, 0, 360) if rotation is None else rotation)
    diag = math.hypot(w, h)
    dist = 1.6 * diag
    ax, ay = math.cos(axis), math.sin(axis)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) - [w / 2, h / 2]
    dst = []
    for x, y in corners:
        # rotate (x, y, 0) about the in-plane axis (ax, ay) by t (Rodrigues)
        along = x * ax + y * ay
        px, py = x - along * ax, y - along * ay  # the part across the axis
        z = math.hypot(px, py) * math.sin(t) * (1 if (px * -ay + py * ax) > 0 else -1)
        px, py = px * math.cos(t), py * math.cos(t)
        X, Y = along * ax + px, along * ay + py
        k = dist / (dist - z)
        X, Y = X * k, Y * k
        dst.append((X * math.cos(rot) - Y * math.sin(rot),
                    X * math.sin(rot) + Y * math.cos(rot)))
    d = np.array(dst)
    fill = uniform(rng, 0.65, 0.9)
    span = d.max(axis=0) - d.min(axis=0)
    side = max(span) / fill
    frame_w, frame_h = (int(side), int(side * 0.75)) if span[0] >= span[1] else (
        int(side * 0.75), int(side))
    frame_w, frame_h = max(frame_w, int(span[0]) + 8), max(frame_h, int(span[1]) + 8)
    free = np.array([frame_w, frame_h]) - span
    d = d - d.min(axis=0) + [uniform(rng, 0.2, 0.8) * free[0],
                             uniform(rng, 0.2, 0.8) * free[1]]
    H = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
                                    np.float32(d))
    if geometry is not None:
        geometry.update(H=H, amp=amp, phase=phase, w=w, h=h, ppm=ppm)
    # the table: mid grey wood with grain
    table = uniform(rng, 70, 150)
    grain = gen.normal(0, 1, (frame_h // 8 + 1, frame_w // 2 + 1)).astype(np.float32)
    grain = cv2.resize(cv2.GaussianBlur(grain, (0, 0), 1.5), (frame_w, frame_h))
    photo = table + 12 * grain
    warped = cv2.warpPerspective(page, H, (frame_w, frame_h), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    inside = cv2.warpPerspective(np.ones_like(page), H, (frame_w, frame_h),
                                 flags=cv2.INTER_LINEAR, borderValue=0)
    photo = photo * (1 - inside) + warped * inside
    # light: a gradient across the frame and a soft shadow band (computed coarse:
    # light varies slowly)
    sh, sw = frame_h // 8 + 1, frame_w // 8 + 1
    fy, fx = np.mgrid[0:sh, 0:sw].astype(np.float32) * 8
    la = uniform(rng, 0, 2 * math.pi)
    g = (fx * math.cos(la) + fy * math.sin(la))
    g = (g - g.min()) / max(1.0, float(g.max() - g.min()))
    low = uniform(rng, 0.55, 0.85)
    light = low + (1 - low) * g
    sa = uniform(rng, 0, 2 * math.pi)
    s = fx * math.cos(sa) + fy * math.sin(sa)
    s0 = uniform(rng, float(s.min()), float(s.max()))
    width = uniform(rng, 0.1, 0.3) * max(frame_w, frame_h)
    soft = uniform(rng, 0.02, 0.08) * max(frame_w, frame_h)
    band = 1 / (1 + np.exp(-(s - s0) / soft)) * (1 / (1 + np.exp((s - s0 - width) / soft)))
    light = light * (1 - uniform(rng, 0.2, 0.4) * band)
    light = cv2.resize(light.astype(np.float32), (frame_w, frame_h),
                       interpolation=cv2.INTER_LINEAR)
    photo = photo * light * uniform(rng, 0.9, 1.05)
    worse = 2.0 if harsh else 1.0
    photo = cv2.GaussianBlur(photo, (0, 0),
                             worse * uniform(rng, 0.4, 1.1) * max(1.0, dpi / 150))
    photo = photo + gen.normal(0, worse * uniform(rng, 2, 6), photo.shape).astype(np.float32)
    q = int(uniform(rng, 35, 60) if harsh else uniform(rng, 50, 90)) if quality is None \
        else quality
    ok, data = cv2.imencode(".jpg", np.clip(photo, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    return bytes(data.tobytes())


def marked_photo(template: Template, marks: Mapping[str, str], dpi: int, rng: Stream,
                 pdf: bytes | None = None, **options: Any) -> bytes:
    """A photo (JPEG bytes) of the template's first page with ``marks`` pencilled."""
    page = page_image(pdf if pdf is not None else render_pdf(template), dpi)
    page = pencil(page, template.pages[0], marks, template.bubbles, dpi, rng)
    return photograph(page, dpi, rng, **options)


def true_place(geometry: Mapping[str, Any], x_mm: float, y_mm: float) -> tuple[float, float]:
    """Where the page's point (``x_mm``, ``y_mm``) is in the photo (pixels), from the
    ``geometry`` :func:`photograph` filled in (the curl undone by fixed-point
    iteration, then the perspective)."""
    g = geometry
    w, h, amp, phase = g["w"], g["h"], g["amp"], g["phase"]
    # pixel centres: the pixel that covers [i, i + 1) mm*ppm is at i
    px, py = x_mm * g["ppm"] - 0.5, y_mm * g["ppm"] - 0.5
    qx, qy = px, py
    for _ in range(8):  # the photo's pixel q shows the page at q + d(q)
        u, v = qx / w, qy / h
        bulge = math.sin(math.pi * u) * math.sin(math.pi * v)
        wave = math.sin(2 * math.pi * u) * math.sin(math.pi * v) * 0.4
        dx = amp * (math.cos(phase) * bulge + math.sin(phase) * wave)
        dy = amp * (math.sin(phase) * bulge + math.cos(phase) * wave * 0.7)
        qx, qy = px - dx, py - dy
    H = g["H"]
    p = H @ np.array([qx, qy, 1.0])
    return float(p[0] / p[2]), float(p[1] / p[2])
