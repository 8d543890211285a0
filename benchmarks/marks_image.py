"""How well the mark sheet reader's image side reads simulated phone photos (issue 27).

    python benchmarks/marks_image.py [--photos N] [--dpi 100,150,300] [--paper a4,letter]
                                     [--per-kind K] [--kinds solid,partial,...] [--harsh]

For each resolution and paper, N photos are made of the synthetic test page of
``tests/marks_photos.py`` (24 rows of 18 bubbles), each with K bubbles of every pencil
mark kind (solid, partial, light, tick, cross, stray, erased, taken-back) at random
places, the rest empty, photographed in simulation (perspective up to 20 degrees, any
rotation, curl up to 3 mm, blur, uneven light and a shadow band, noise, JPEG 50-90).
Every photo goes through ``find_page`` and ``measure`` (``companion/marks/image.py``).

``--kinds`` draws only those kinds (a careful player: ``solid,partial,taken-back``).

Counted: pages found (and their QR payload read), and per mark kind the bubbles read
right (the state the mark means: filled for solid, partial, light, tick and cross;
cancelled for taken-back; empty for stray, erased and untouched bubbles), doubtful, and
wrong while certain (any other state than doubtful); pages read with every bubble
right, with some doubtful (none wrong), with some wrong; the spread of the fill and
stroke share of each kind (what the thresholds are chosen from); the curl: how far the bare
homography puts the bubbles from where they are, and how far the corrected places are
(mm, mean / 99th percentile / largest); and the seconds a page (finding the page,
reading its QR code and measuring every bubble; the simulation is not timed). All
randomness comes from ``companion.rng``, so a run is repeatable. The table goes into
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from marks_photos import (  # noqa: E402
    EXPECTED,
    KINDS,
    page_image,
    pencil,
    photograph,
    render_pdf,
    synthetic_template,
    true_place,
)

from companion.marks import image  # noqa: E402
from companion.rng import stream  # noqa: E402
from companion.seeds import parse_payload  # noqa: E402

__all__ = ["main", "run"]



def run(photos: int, dpi: int, paper: str, per_kind: int, harsh: bool = False,
        kinds: tuple[str, ...] = KINDS) -> dict[str, object]:
    """The counts of one resolution and paper (see the module docstring)."""
    template = synthetic_template(paper)
    page = template.pages[0]
    pdf = render_pdf(template)
    base = page_image(pdf, dpi)
    want = parse_payload(page.payload)
    ids = [b.id for b in template.bubbles]
    counts: dict[str, list[int]] = {k: [0, 0, 0] for k in ("empty", *KINDS)}
    values: dict[str, list[tuple[float, float]]] = {k: [] for k in ("empty", *KINDS)}
    found_n = payload_n = 0
    pages = [0, 0, 0]  # every bubble right; some doubtful, none wrong; some wrong
    seconds: list[float] = []
    bare: list[float] = []
    fixed: list[float] = []
    flat = image.find_page(np.asarray(base))  # warm up: the first call loads zxing
    if flat is not None:
        image.measure(flat, page, template.bubbles)
    for n in range(photos):
        rng = stream("marks-image-benchmark", paper, dpi, n)
        order = rng.shuffled(ids)
        marks = {order[k * per_kind + j]: kind for k, kind in enumerate(kinds)
                 for j in range(per_kind)}
        geometry: dict[str, object] = {}
        photo = photograph(pencil(base, page, marks, template.bubbles, dpi, rng), dpi,
                           rng, geometry=geometry, harsh=harsh)
        gray = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_GRAYSCALE)
        start = time.perf_counter()
        found = image.find_page(gray)
        fills = image.measure(found, page, template.bubbles) if found is not None else {}
        seconds.append(time.perf_counter() - start)
        if found is None:
            print(f"{paper} {dpi} dpi photo {n}: page not found", file=sys.stderr)
            continue
        found_n += 1
        payload_n += found.payload is not None and parse_payload(found.payload) == want
        worst = 0
        for b in template.bubbles:
            kind = marks.get(b.id, "empty")
            state = fills[b.id].state
            slot = 0 if state == EXPECTED[kind] else 1 if state == "doubtful" else 2
            counts[kind][slot] += 1
            worst = max(worst, slot)
            if slot == 2:
                print(f"{paper} {dpi} dpi photo {n}: {b.id} ({kind}) read {state} "
                      f"({fills[b.id].value:.2f})", file=sys.stderr)
        pages[worst] += 1
        features, _ = image.bubble_features(found, page, template.bubbles)
        for b, f in zip(template.bubbles, features, strict=True):
            values[marks.get(b.id, "empty")].append((f.value, f.cover))
        offsets = image.bubble_offsets(found, page, template.bubbles)
        inverse = np.linalg.inv(found.homography)
        for b, (dx, dy) in zip(template.bubbles, offsets, strict=True):
            q = inverse @ np.array([*true_place(geometry, b.x_mm, b.y_mm), 1.0])
            x, y = q[0] / q[2], q[1] / q[2]
            bare.append(math.hypot(x - b.x_mm, y - b.y_mm))
            fixed.append(math.hypot(x - b.x_mm - dx, y - b.y_mm - dy))
    print(f"{paper} {dpi} dpi: {found_n}/{photos} found, "
          f"{sum(seconds) / len(seconds):.2f} s a page", file=sys.stderr)
    return {"photos": photos, "found": found_n, "payload": payload_n, "counts": counts,
            "pages": pages,
            "values": values,
            "seconds": seconds, "bare": bare, "fixed": fixed}


def _spread(values: list[float]) -> str:
    if not values:
        return "-"
    return (f"{np.mean(values):.2f} / {np.percentile(values, 99):.2f} / "
            f"{max(values):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=20)
    parser.add_argument("--dpi", default="100,150,300")
    parser.add_argument("--paper", default="a4,letter")
    parser.add_argument("--per-kind", type=int, default=6)
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="the pencil mark kinds drawn on each photo")
    parser.add_argument("--harsh", action="store_true",
                        help="twice the blur and noise, curl to 5 mm, JPEG 35-60")
    args = parser.parse_args()
    kinds = tuple(k for k in args.kinds.split(",") if k)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown mark kinds {unknown}; known: {', '.join(KINDS)}")
    results = {}
    started = time.perf_counter()
    for dpi in (int(d) for d in args.dpi.split(",")):
        for paper in args.paper.split(","):
            results[(dpi, paper)] = run(args.photos, dpi, paper, args.per_kind, args.harsh,
                                        kinds)
    print(f"\n{args.photos} photos per resolution and paper, {args.per_kind} bubbles of "
          f"each mark kind a photo ({', '.join(kinds)}){', harsh' if args.harsh else ''}, "
          f"{time.perf_counter() - started:.0f} s in all\n")
    print("| dpi | paper | pages found | QR read | pages all right / doubtful / wrong | "
          "s a page (mean / max) | curl: bare homography (mm) | corrected (mm) |")
    print("|---|---|---|---|---|---|---|---|")
    for (dpi, paper), r in results.items():
        secs = r["seconds"]
        assert isinstance(secs, list)
        print(f"| {dpi} | {paper} | {r['found']}/{r['photos']} | {r['payload']}/{r['photos']}"
              f" | {' / '.join(str(v) for v in r['pages'])}"  # type: ignore[attr-defined]
              f" | {np.mean(secs):.2f} / {max(secs):.2f} | {_spread(r['bare'])} "  # type: ignore[arg-type]
              f"| {_spread(r['fixed'])} |")  # type: ignore[arg-type]
    print("\nBubbles read right / doubtful / wrong while certain, per mark kind:\n")
    kinds = ("empty", *kinds)
    print("| dpi | paper | " + " | ".join(kinds) + " |")
    print("|---|---|" + "---|" * len(kinds))
    for (dpi, paper), r in results.items():
        counts = r["counts"]
        assert isinstance(counts, dict)
        cells = [" / ".join(str(v) for v in counts[k]) for k in kinds]
        print(f"| {dpi} | {paper} | " + " | ".join(cells) + " |")
    print("\nFill (min / 1st percentile / 99th percentile / max) and stroke share (min / "
          "max) per mark kind, all papers:\n")
    print("| dpi | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for dpi in sorted({d for d, _ in results}):
        cells = []
        for k in kinds:
            pairs = [v for (d, _), r in results.items() if d == dpi
                     for v in r["values"][k]]  # type: ignore[index]
            fill = [f for f, _ in pairs]
            cover = [c for _, c in pairs]
            cells.append(f"{min(fill):.2f} / {np.percentile(fill, 1):.2f} / "
                         f"{np.percentile(fill, 99):.2f} / {max(fill):.2f}; "
                         f"{min(cover):.2f} / {max(cover):.2f}" if pairs else "-")
        print(f"| {dpi} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
