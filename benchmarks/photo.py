"""How well phone photos of every sheet kind scan: a photo simulator.

    python benchmarks/photo.py [--trials N] [--dpi 72,100,150] [--paper a4] [--only TEXT]
    python benchmarks/photo.py --qr-widths 12,14,16,18,20,22,25,30 [--dpi 100,150] ...

Each sheet kind of every game is rendered (its first page with a QR code), then N
simulated phone photos of it are made at each resolution: the page turned up to 15
degrees either way, a slight blur, uneven light (a brightness gradient across the
page), sensor noise and JPEG compression at quality 30 to 60. Every photo goes through
``companion.scan.decode_image`` (as ``companion scan`` reads a photo) and counts as
read when it gives the sheet's payload (compared as parsed, so case and separators do
not matter). All randomness comes from the project's generator (``companion.rng``), so
a run is repeatable. The table goes into docs/benchmarks.md.

With ``--qr-widths`` (millimetres) the same photos are taken of each page sheet kind
printed with its identity QR code at each of those widths (the built-in layouts' and
the QR module's lower limits lifted for the run only), which is how the QR size was
chosen (docs/printing.md, QR codes: the smallest code that reads in at least 95 % of
the photos at 100 dpi and in all of them at 150 dpi). The table gives, per width and
resolution, the share read over all the kinds, then each kind's.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pypdfium2  # noqa: E402
from PIL import Image, ImageChops, ImageFilter  # noqa: E402

from companion.games import all_games  # noqa: E402
from companion.rng import Stream, stream  # noqa: E402
from companion.scan import decode_image  # noqa: E402
from companion.seeds import parse_payload  # noqa: E402

SEED = "K7Q2-9XMA"


def _uniform(rng: Stream, low: float, high: float) -> float:
    return low + (high - low) * (rng.next64() >> 11) / (1 << 53)


def phone_photo(page: Image.Image, rng: Stream) -> Image.Image:
    """One simulated phone photo of a rendered page (grayscale)."""
    img = page.convert("L")
    img = img.rotate(_uniform(rng, -15, 15), resample=Image.Resampling.BICUBIC, expand=True,
                     fillcolor=200)
    img = img.filter(ImageFilter.GaussianBlur(_uniform(rng, 0.3, 1.0)))
    # uneven light: a gradient from dark to bright across the page, at a random angle
    gradient = Image.linear_gradient("L").rotate(_uniform(rng, 0, 360)).resize(img.size)
    low = int(_uniform(rng, 120, 190))
    light = gradient.point(lambda v, lo=low: lo + (255 - lo) * v // 255)
    img = ImageChops.multiply(img, light)
    noise = Image.effect_noise(img.size, _uniform(rng, 4, 12))
    img = Image.blend(img, ImageChops.multiply(img, noise.point(lambda v: 128 + v // 2)), 0.25)
    buffer = io.BytesIO()
    img.save(buffer, "JPEG", quality=int(_uniform(rng, 30, 60)))
    return Image.open(io.BytesIO(buffer.getvalue()))


def _first_qr_page(data: bytes) -> int:
    pdf = pypdfium2.PdfDocument(data)
    for i in range(len(pdf)):
        img = pdf[i].render(scale=150 / 72, grayscale=True).to_pil()
        if decode_image(img):
            return i
    return 0


def _same(a: str, b: str) -> bool:
    try:
        pa, pb = parse_payload(a), parse_payload(b)
    except ValueError:
        return False
    return (pa.game, pa.seed, pa.params, pa.edition) == (pb.game, pb.seed, pb.params,
                                                          pb.edition)


def measure(trials: int, dpis: list[int], paper: str, only: str = "", seed: str = SEED,
            pages_only: bool = False, label: str = "") -> list[tuple[str, dict[int, float]]]:
    """Per sheet kind ("game kind"), the share of ``trials`` photos of its first page
    with a QR code that read, per resolution. ``only`` keeps the kinds whose "game
    kind" holds it, each kind of which is listed in it when it names several (split
    at commas); ``pages_only`` keeps the page sheet kinds."""
    rows = []
    wanted = [w.strip() for w in only.split(",")] if only else [""]
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        for kind in game.sheet_kinds:
            if not any(w in f"{game.name} {kind.name}" for w in wanted):
                continue
            if pages_only and not _page_kind(kind):
                continue
            try:
                data = game.render(kind.name, seed, params, paper, {})
            except ValueError as exc:  # LayoutError: no room at this QR width
                print(f"{game.name} {kind.name}: not printed ({exc})", file=sys.stderr)
                continue
            payload = str(pypdfium2.PdfDocument(data).get_metadata_dict()["Subject"])
            index = _first_qr_page(data)
            rates: dict[int, float] = {}
            for dpi in dpis:
                page = pypdfium2.PdfDocument(data)[index].render(scale=dpi / 72).to_pil()
                rng = stream("photo-benchmark", game.name, kind.name, str(dpi), label)
                good = sum(any(_same(t, payload) for t in
                               decode_image(phone_photo(page, rng), retry=True))
                           for _ in range(trials))
                rates[dpi] = good / trials
            rows.append((f"{game.name} {kind.name}", rates))
            print(f"{game.name} {kind.name}: " + ", ".join(
                f"{d} dpi {r:.0%}" for d, r in rates.items()), file=sys.stderr)
    return rows


@contextmanager
def qr_width(width_mm: float) -> Iterator[None]:
    """Within the block, every built-in layout prints its identity QR code ``width_mm``
    wide, whatever the lower limits of :mod:`companion.paper.layout` and
    :mod:`companion.paper.qr` (a measurement below them, never a sheet to keep)."""
    from companion.paper import layout, qr

    saved: dict[str, Any] = {"text": layout._builtin_text, "check": qr._check_width,
                             "range": layout._RANGES["qr_size"]}

    def text(name: str) -> tuple[str, str] | None:
        found = saved["text"](name)
        if found is None:
            return None
        return (found[0], re.sub(r"(?m)^qr_size = .*$", f"qr_size = {width_mm:g}", found[1]))

    layout._builtin_text = text  # type: ignore[assignment]
    layout._RANGES["qr_size"] = (1.0, saved["range"][1])
    qr._check_width = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        yield
    finally:
        layout._builtin_text = saved["text"]  # type: ignore[assignment]
        layout._RANGES["qr_size"] = saved["range"]
        qr._check_width = saved["check"]  # type: ignore[assignment]


def measure_widths(widths: list[float], trials: int, dpis: list[int], paper: str,
                   only: str = "", seed: str = SEED
                   ) -> dict[float, list[tuple[str, dict[int, float]]]]:
    """Per QR width (mm): the rows of :func:`measure` for the page sheet kinds (those
    whose QR code is the identity strip's, not a card page's margin code)."""
    table: dict[float, list[tuple[str, dict[int, float]]]] = {}
    for width in widths:
        with qr_width(width):
            print(f"-- QR {width:g} mm", file=sys.stderr)
            table[width] = measure(trials, dpis, paper, only, seed=seed, pages_only=True,
                                   label=f"{width:g}")
    return table


def _page_kind(kind: Any) -> bool:
    """Whether ``kind`` prints the identity strip, not card or tile pages with margin
    codes (the kinds with backs)."""
    return not kind.backs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--dpi", default="72,100,150")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--only", default="",
                        help="sheets whose 'game kind' holds this (several: split at commas)")
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--qr-widths", default="",
                        help="measure the identity QR code at these widths (mm), e.g. 12,16,20")
    args = parser.parse_args()
    dpis = [int(d) for d in args.dpi.split(",")]
    start = time.perf_counter()
    if args.qr_widths:
        widths = [float(w) for w in args.qr_widths.split(",")]
        table = measure_widths(widths, args.trials, dpis, args.paper, args.only, args.seed)
        print(f"\n{args.trials} photos per sheet, width and resolution, {args.paper}, "
              f"{time.perf_counter() - start:.0f} s\n")
        kinds = [name for name, _ in next(iter(table.values()))]
        if not kinds:
            sys.exit(f"no page sheet kind matches {args.only!r}")
        print("| QR width | " + " | ".join(f"{d} dpi (all)" for d in dpis) + " | "
              + " | ".join(f"{k} {d}" for k in kinds for d in dpis) + " |")
        print("|---|" + "---|" * (len(dpis) * (1 + len(kinds))))
        for width, rows in table.items():
            overall = [sum(r[d] for _, r in rows) / len(rows) for d in dpis]
            print(f"| {width:g} mm | " + " | ".join(f"{v:.0%}" for v in overall) + " | "
                  + " | ".join(f"{r[d]:.0%}" for _, r in rows for d in dpis) + " |")
        return
    rows = measure(args.trials, dpis, args.paper, args.only)
    print(f"\n{args.trials} photos per sheet and resolution, {args.paper}, "
          f"{time.perf_counter() - start:.0f} s\n")
    print("| sheet | " + " | ".join(f"{d} dpi" for d in dpis) + " |")
    print("|---|" + "---|" * len(dpis))
    for name, rates in rows:
        print(f"| {name} | " + " | ".join(f"{rates[d]:.0%}" for d in dpis) + " |")


if __name__ == "__main__":
    main()
