"""How well phone photos of every sheet kind scan: a photo simulator.

    python benchmarks/photo.py [--trials N] [--dpi 72,100,150] [--paper a4] [--markdown]

Each sheet kind of every game is rendered (its first page with a QR code), then N
simulated phone photos of it are made at each resolution: the page turned up to 15
degrees either way, a slight blur, uneven light (a brightness gradient across the
page), sensor noise and JPEG compression at quality 30 to 60. Every photo goes through
``companion.scan.decode_image`` (as ``companion scan`` reads a photo) and counts as
read when it gives the sheet's payload (compared as parsed, so case and separators do
not matter). All randomness comes from the project's generator (``companion.rng``), so
a run is repeatable. The table goes into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

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


def measure(trials: int, dpis: list[int], paper: str,
            only: str = "") -> list[tuple[str, dict[int, float]]]:
    rows = []
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        for kind in game.sheet_kinds:
            if only not in f"{game.name} {kind.name}":
                continue
            data = game.render(kind.name, SEED, params, paper, {})
            payload = str(pypdfium2.PdfDocument(data).get_metadata_dict()["Subject"])
            index = _first_qr_page(data)
            rates: dict[int, float] = {}
            for dpi in dpis:
                page = pypdfium2.PdfDocument(data)[index].render(scale=dpi / 72).to_pil()
                rng = stream("photo-benchmark", game.name, kind.name, str(dpi))
                good = sum(any(_same(t, payload) for t in
                               decode_image(phone_photo(page, rng), retry=True))
                           for _ in range(trials))
                rates[dpi] = good / trials
            rows.append((f"{game.name} {kind.name}", rates))
            print(f"{game.name} {kind.name}: " + ", ".join(
                f"{d} dpi {r:.0%}" for d, r in rates.items()), file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--dpi", default="72,100,150")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--only", default="", help="sheets whose 'game kind' holds this")
    args = parser.parse_args()
    dpis = [int(d) for d in args.dpi.split(",")]
    start = time.perf_counter()
    rows = measure(args.trials, dpis, args.paper, args.only)
    print(f"\n{args.trials} photos per sheet and resolution, {args.paper}, "
          f"{time.perf_counter() - start:.0f} s\n")
    print("| sheet | " + " | ".join(f"{d} dpi" for d in dpis) + " |")
    print("|---|" + "---|" * len(dpis))
    for name, rates in rows:
        print(f"| {name} | " + " | ".join(f"{rates[d]:.0%}" for d in dpis) + " |")


if __name__ == "__main__":
    main()
