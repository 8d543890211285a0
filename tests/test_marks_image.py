"""The image side of the mark sheet reader (issue 27): finding the page in a photo,
measuring the bubbles, refusing hostile files. Photos come from the simulator in
``tests/marks_photos.py``."""

from __future__ import annotations

import math
import re
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from marks_photos import (
    EXPECTED,
    KINDS,
    PAYLOAD,
    marked_photo,
    page_image,
    photograph,
    render_pdf,
    synthetic_template,
    true_place,
)

from companion.errors import EXIT_USAGE, ScanError
from companion.marks import image
from companion.marks.paper import MARKERS
from companion.rng import stream
from companion.seeds import parse_payload

DPI = 150


@pytest.fixture(scope="module")
def a4() -> tuple:
    template = synthetic_template("a4", rows=16, cols=14)
    return template, render_pdf(template)


def _gray(data: bytes) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)


def _same_payload(text: str | None) -> bool:
    return text is not None and parse_payload(text) == parse_payload(PAYLOAD)


def test_marker_patterns_are_opencvs():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker, rows in MARKERS.items():
        drawn = cv2.aruco.generateImageMarker(dictionary, marker, 6)  # 1 px a cell
        assert not drawn[0].any() and not drawn[5].any()  # the black border
        cells = tuple("".join("1" if drawn[j, i] == 0 else "0" for i in range(1, 5))
                      for j in range(1, 5))
        assert cells == rows, marker


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_page_found_at_quarter_turns(a4, rotation):
    template, pdf = a4
    geometry: dict = {}
    data = photograph(page_image(pdf, DPI), DPI, stream("t-turn", rotation),
                      rotation=rotation, tilt=0, curl=0, geometry=geometry)
    found = image.find_page(_gray(data))
    assert found is not None
    assert found.paper == "a4" and found.markers == (0, 1, 2, 3)
    assert _same_payload(found.payload)
    # the homography puts the first bubble where it is (orientation understood)
    b = template.bubbles[0]
    x, y = true_place(geometry, b.x_mm, b.y_mm)
    p = found.homography @ np.array([b.x_mm, b.y_mm, 1.0])
    assert math.hypot(p[0] / p[2] - x, p[1] / p[2] - y) < 0.5 * DPI / 25.4


def test_page_found_in_perspective_and_curl_corrected(a4):
    template, pdf = a4
    geometry: dict = {}
    data = photograph(page_image(pdf, DPI), DPI, stream("t-tilt"), tilt=20, curl=3.0,
                      geometry=geometry)
    found = image.find_page(_gray(data))
    assert found is not None and _same_payload(found.payload)
    offsets = image.bubble_offsets(found, template.pages[0], template.bubbles)
    inverse = np.linalg.inv(found.homography)
    bare, corrected = [], []
    for b, (dx, dy) in zip(template.bubbles, offsets, strict=True):
        q = inverse @ np.array([*true_place(geometry, b.x_mm, b.y_mm), 1.0])
        x, y = q[0] / q[2], q[1] / q[2]
        bare.append(math.hypot(x - b.x_mm, y - b.y_mm))
        corrected.append(math.hypot(x - b.x_mm - dx, y - b.y_mm - dy))
    assert max(bare) > 1.5  # the curl moves bubbles by more than the homography knows
    assert max(corrected) < 0.6


def test_letter_is_told_from_its_markers():
    template = synthetic_template("letter", rows=8, cols=10)
    data = photograph(page_image(render_pdf(template), DPI), DPI, stream("t-letter"))
    found = image.find_page(_gray(data))
    assert found is not None
    assert found.paper == "letter" and found.markers == (4, 5, 6, 7)
    assert found.size_mm == (215.9, 279.4)


def test_three_markers_are_enough(a4):
    template, pdf = a4
    page = np.asarray(page_image(pdf, DPI)).copy()
    cut = int(40 * DPI / 25.4)
    page[-cut:, -cut:] = 255  # the bottom-right marker torn off
    from PIL import Image

    data = photograph(Image.fromarray(page), DPI, stream("t-three"), tilt=5)
    found = image.find_page(_gray(data))
    assert found is not None and found.markers == (0, 1, 3)


def test_two_markers_are_not_enough(a4):
    _, pdf = a4
    page = np.asarray(page_image(pdf, DPI)).copy()
    cut = int(40 * DPI / 25.4)
    page[-cut:, :] = 255  # the bottom edge torn off, both its markers with it
    from PIL import Image

    data = photograph(Image.fromarray(page), DPI, stream("t-two"), tilt=0)
    assert image.find_page(_gray(data)) is None


def test_markers_of_two_sheets_are_not_a_page(a4):
    _, pdf = a4
    one = np.asarray(page_image(pdf, 100)).copy()
    h, w = one.shape
    half = w // 2
    left, right = one.copy(), one.copy()
    left[:, half:] = 255  # the left sheet shows its left markers (0, 3) only
    right[:, :half] = 255  # the right one its right markers (1, 2)
    both = np.full((h + 40, 2 * w + 200), 255, np.uint8)
    both[:h, :w] = left
    both[40:, w + 200:] = right  # a little lower: no one page has those corners
    assert image.find_page(both) is None


def test_rectify_refuses_a_silly_scale(a4):
    _, pdf = a4
    found = image.find_page(np.asarray(page_image(pdf, 100)))
    assert found is not None
    with pytest.raises(ValueError, match="px_per_mm"):
        image.rectify(found, None, 0)


def test_each_mark_kind_reads_as_it_should(a4):
    template, pdf = a4
    ids = [b.id for b in template.bubbles]
    states: dict[str, list[str]] = {}
    for n in range(3):
        rng = stream("t-kinds", n)
        order = rng.shuffled(ids)
        marks = {order[k * 4 + j]: kind for k, kind in enumerate(KINDS) for j in range(4)}
        data = marked_photo(template, marks, DPI, rng, pdf=pdf)
        found = image.find_page(_gray(data))
        assert found is not None
        fills = image.measure(found, template.pages[0], template.bubbles)
        for bid, fill in fills.items():
            states.setdefault(marks.get(bid, "empty"), []).append(fill.state)
            assert 0.0 <= fill.value <= 1.0 and 0.0 <= fill.confidence <= 1.0
    assert set(states["solid"]) == {"filled"}
    assert set(states["partial"]) == {"filled"}
    assert set(states["taken-back"]) == {"cancelled"}
    assert set(states["empty"]) == {"empty"}
    for kind in ("stray", "erased"):
        assert "filled" not in states[kind] and "cancelled" not in states[kind], kind
    for kind in ("light", "tick", "cross"):
        assert set(states[kind]) <= {EXPECTED[kind], "doubtful"}, kind


def test_ruled_rows_are_no_arms_nor_spill():
    # a rule 3.5 mm from the bubbles' centres runs through the band past their rings
    template = synthetic_template("a4", rows=8, cols=12, pitch_y=7.0)
    pdf = render_pdf(template, ruled=True)
    ids = [b.id for b in template.bubbles]
    rng = stream("t-ruled")
    order = rng.shuffled(ids)
    marks = {order[k * 4 + j]: kind for k, kind in enumerate(("solid", "partial",
                                                              "taken-back")) for j in range(4)}
    found = image.find_page(_gray(marked_photo(template, marks, DPI, rng, pdf=pdf)))
    assert found is not None
    fills = image.measure(found, template.pages[0], template.bubbles)
    for bid, fill in fills.items():
        assert fill.state == EXPECTED[marks.get(bid, "empty")], (bid, fill)


def test_a_photo_without_a_sheet_is_none():
    rng = np.random.default_rng(stream("t-none").next64())
    table = cv2.GaussianBlur(rng.normal(120, 30, (900, 1200)), (0, 0), 3)
    assert image.find_page(np.clip(table, 0, 255).astype(np.uint8)) is None
    assert image.find_page(np.full((10, 10), 255, np.uint8)) is None


def test_a_flat_pdf_reads_empty(tmp_path, a4):
    template, pdf = a4
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    pages = image.load_images(path)
    assert [label for label, _ in pages] == ["sheet.pdf page 1"]
    found = image.find_page(pages[0][1])
    assert found is not None and _same_payload(found.payload)
    fills = image.measure(found, template.pages[0], template.bubbles)
    assert {f.state for f in fills.values()} == {"empty"}
    straight = image.rectify(found, template.pages[0], 4.0)
    assert straight.shape == (round(297 * 4), round(210 * 4))


def test_each_pdf_page_is_an_image_with_its_label(tmp_path, a4):
    import io

    import pypdfium2

    _, pdf = a4
    both = pypdfium2.PdfDocument.new()
    both.import_pages(pypdfium2.PdfDocument(pdf), [0, 0])
    out = io.BytesIO()
    both.save(out)
    path = tmp_path / "scan.pdf"
    path.write_bytes(out.getvalue())
    pages = image.load_images(path)
    assert [label for label, _ in pages] == ["scan.pdf page 1", "scan.pdf page 2"]
    height, width = pages[1][1].shape
    assert abs(width - 210 / 25.4 * image.RENDER_DPI) < 3  # rendered at 200 dpi


def test_a_photo_loads_as_gray(tmp_path, a4):
    _, pdf = a4
    path = tmp_path / "photo.jpg"
    path.write_bytes(photograph(page_image(pdf, 100), 100, stream("t-load")))
    [(label, gray)] = image.load_images(path)
    assert label == "photo.jpg" and gray.dtype == np.uint8 and gray.ndim == 2


def test_the_simulator_is_repeatable(a4):
    template, pdf = a4
    marks = {"r1c1": "solid", "r2c2": "taken-back"}
    one = marked_photo(template, marks, 100, stream("t-same"), pdf=pdf)
    two = marked_photo(template, marks, 100, stream("t-same"), pdf=pdf)
    assert one == two


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def _bomb_png() -> bytes:
    """A PNG that says it is 40000 x 40000 pixels (1.6 gigapixels), a few bytes long."""
    header = struct.pack(">IIBBBBB", 40000, 40000, 8, 0, 0, 0, 0)
    data = zlib.compress(b"\x00" * 40001 * 4)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", data)
            + _png_chunk(b"IEND", b""))


def _empty_pdf() -> bytes:
    import io

    import pypdfium2

    out = io.BytesIO()
    pypdfium2.PdfDocument.new().save(out)
    return out.getvalue()


@pytest.mark.parametrize("name,content,words", [
    ("notes.txt", b"just some text, not an image\n", "not a PDF, PNG or JPEG"),
    ("half.jpg", None, "not a readable JPEG"),
    ("bomb.png", _bomb_png(), "megapixels"),
    ("empty.jpg", b"", "is empty"),
    ("blank.pdf", _empty_pdf(), "no pages|not a readable PDF"),  # PDFium refuses it
])
def test_hostile_files_are_refused_in_one_sentence(tmp_path, a4, name, content, words):
    if content is None:  # a photo cut in half
        _, pdf = a4
        whole = photograph(page_image(pdf, 100), 100, stream("t-half"))
        content = whole[: len(whole) // 2]
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ScanError) as caught:
        image.load_images(path)
    message = str(caught.value)
    assert caught.value.exit_code == EXIT_USAGE
    assert re.search(words, message) and name in message
    assert "\n" not in message and "Traceback" not in message


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(ScanError, match="no such file"):
        image.load_images(Path(tmp_path / "nothing.jpg"))
