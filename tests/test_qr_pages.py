"""Every sheet kind's identity QR code reads back (issue 25, docs/printing.md, QR codes):
at the defaults, on both papers, the first page rendered at 150 dpi decodes, through
``companion.scan``'s decoder, to the sheet's payload (its PDF metadata); and a few
simulated phone photos of it at 150 dpi (``benchmarks/photo.py``) read too."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from design_cases import PAPERS, SEED

from companion.games import all_games, get_game
from companion.seeds import parse_payload

KINDS = [(g.name, k.name) for g in all_games() for k in g.sheet_kinds]
PHOTOS = 3


@functools.lru_cache(maxsize=4)
def _page(game: str, kind: str, paper: str) -> tuple[str, object]:
    """(payload, the first page rendered at 150 dpi)."""
    import pypdfium2

    g = get_game(game)
    data = g.render(kind, SEED, {p.name: p.default for p in g.params}, paper, {})
    pdf = pypdfium2.PdfDocument(data)
    payload = str(pdf.get_metadata_dict()["Subject"])
    return payload, pdf[0].render(scale=150 / 72, grayscale=True).to_pil()


def _same(a: str, b: str) -> bool:
    pa, pb = parse_payload(a), parse_payload(b)
    return (pa.game, pa.seed, pa.params, pa.edition) == (pb.game, pb.seed, pb.params,
                                                          pb.edition)


def _reads(texts: list[str], payload: str) -> bool:
    return any(_same(t, payload) for t in texts if t.lower().startswith("companion:"))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game,kind", KINDS, ids=[f"{g}-{k}" for g, k in KINDS])
def test_first_page_decodes_at_150_dpi(game: str, kind: str, paper: str) -> None:
    from companion.scan import decode_image

    payload, image = _page(game, kind, paper)
    found = decode_image(image)
    assert _reads(found, payload), (payload, found)


@pytest.mark.parametrize("game,kind", KINDS, ids=[f"{g}-{k}" for g, k in KINDS])
def test_phone_photos_read_at_150_dpi(game: str, kind: str) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from photo import phone_photo

    from companion.rng import stream
    from companion.scan import decode_image

    payload, image = _page(game, kind, "a4")
    rng = stream("qr-pages-test", game, kind)
    read = sum(_reads(decode_image(phone_photo(image, rng), retry=True), payload)
               for _ in range(PHOTOS))
    assert read == PHOTOS, f"{read} of {PHOTOS} photos read"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_tile_margin_codes_read_from_a_flat_300_dpi_scan(size: int, paper: str) -> None:
    """A tiles page's margin code (18 to 36 mm, the largest its band holds without a
    row of tiles lost, or none; docs/decisions.md, "Design pass (issue 25): tiles QR")
    is held to the flat-scan rule: every front with one decodes at 300 dpi to a
    payload of the file's metadata, and the first front to the Subject."""
    import pypdfium2

    from companion.games.dungeon_solitaire.sheets.tiles import tile_pages
    from companion.scan import decode_image

    g = get_game("dungeon-solitaire")
    pdf = pypdfium2.PdfDocument(g.render("tiles", SEED, {"size": size}, paper, {}))
    meta = pdf.get_metadata_dict()
    keywords = str(meta["Keywords"]).split()
    plan = tile_pages(SEED, size, paper)
    for i, page in enumerate(plan):
        if page.side != "front":
            continue
        found = [t for t in decode_image(pdf[i].render(scale=300 / 72,
                                                       grayscale=True).to_pil())
                 if t.startswith("companion:")]
        if page.qr_mm is None:  # the band holds no code: it names the page in text
            assert found == [], (i, found)
            continue
        assert page.qr_mm >= 12, (i, page.qr_mm)
        assert found and all(t in keywords for t in found), (i, found)
        if i == 0:
            assert found == [meta["Subject"]]
