"""Every sheet kind of every game on both papers, rendered to small PNG pages, and one
contact sheet per game (thumbnails in a labelled grid), so a reviewer sees everything at
once (issue 25).

    python benchmarks/contact_sheet.py [--out DIR] [--dpi N] [--game NAME] [--booklets]

Writes ``DIR/pages/GAME-KIND-PAPER-pN.png`` (default ``output/contact``, 50 dpi) and
``DIR/GAME.png``. Defaults: seed K7Q2-9XMA, default parameters.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEED = "K7Q2-9XMA"
PAPERS = ("a4", "letter")
THUMB = 260
"""The height of a thumbnail in the contact sheet, pixels."""


def pages(data: bytes, dpi: int) -> list[Any]:
    """Every page of ``data`` as an RGB PIL image at ``dpi``."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    return [pdf[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(pdf))]


def contact(items: list[tuple[str, Any]], title: str, columns: int = 8) -> Any:
    """A grid of labelled thumbnails (label, image) under a title."""
    from PIL import Image, ImageDraw

    label_h, pad = 14, 8
    thumbs = []
    for label, img in items:
        scale = THUMB / img.height
        thumbs.append((label, img.resize((max(1, int(img.width * scale)), THUMB))))
    cell_w = max((t.width for _, t in thumbs), default=THUMB) + pad
    cell_h = THUMB + label_h + pad
    rows = (len(thumbs) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * cell_w + pad, rows * cell_h + 30 + pad), "#d8d8d8")
    draw = ImageDraw.Draw(sheet)
    draw.text((pad, 8), title, fill="black")
    for n, (label, thumb) in enumerate(thumbs):
        x = pad + (n % columns) * cell_w
        y = 30 + (n // columns) * cell_h
        sheet.paste(thumb, (x, y + label_h))
        draw.rectangle((x - 1, y + label_h - 1, x + thumb.width, y + label_h + thumb.height),
                       outline="#888888")
        draw.text((x, y), label, fill="black")
    return sheet


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "output" / "contact")
    parser.add_argument("--dpi", type=int, default=50)
    parser.add_argument("--game", action="append", help="one game (repeatable)")
    parser.add_argument("--booklets", action="store_true", help="add each game's booklet")
    args = parser.parse_args(argv)
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    from companion.booklets import render_booklet
    from companion.games import all_games

    folder = args.out / "pages"
    folder.mkdir(parents=True, exist_ok=True)
    for game in all_games():
        if args.game and game.name not in args.game:
            continue
        params = {p.name: p.default for p in game.params}
        items: list[tuple[str, Any]] = []
        jobs: list[tuple[str, bytes]] = []
        for kind in game.sheet_kinds:
            for paper in PAPERS:
                jobs.append((f"{kind.name}-{paper}",
                             game.render(kind.name, SEED, params, paper, {})))
        if args.booklets:
            for paper in PAPERS:
                jobs.append((f"booklet-{paper}", render_booklet(game.name, paper)))
        for name, data in jobs:
            for i, img in enumerate(pages(data, args.dpi)):
                img.save(folder / f"{game.name}-{name}-p{i + 1}.png")
                items.append((f"{name} p{i + 1}", img))
        contact(items, f"{game.name} (seed {SEED}, defaults)").save(
            args.out / f"{game.name}.png")
        print(args.out / f"{game.name}.png", len(items), "pages")


if __name__ == "__main__":
    main()
