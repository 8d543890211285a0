"""Print at 100 % (docs/printing.md): every sheet and booklet asks viewers not to scale it
(``/PrintScaling /None``), and documents printed two-sided name their flip."""

from __future__ import annotations

import pypdfium2
import pypdfium2.raw as raw
import pytest

from companion.games import all_games
from companion.paper.document import SheetDocument

KINDS = [(g.name, k.name) for g in all_games() for k in g.sheet_kinds]


FLIPS = {0: None, 1: "Simplex", 2: "DuplexFlipShortEdge", 3: "DuplexFlipLongEdge"}


def prefs(data: bytes) -> dict[str, str]:
    """The viewer preferences as PDFium (a real viewer's engine) reads them."""
    pdf = pypdfium2.PdfDocument(data)
    out = {"PrintScaling": "None" if not raw.FPDF_VIEWERREF_GetPrintScaling(pdf.raw)
           else "AppDefault"}
    flip = FLIPS[raw.FPDF_VIEWERREF_GetDuplex(pdf.raw)]
    if flip:
        out["Duplex"] = flip
    return out


@pytest.mark.parametrize("game_name,kind", KINDS)
def test_every_sheet_asks_to_print_at_100_percent(game_name, kind):
    from companion.games import get_game

    game = get_game(game_name)
    params = {p.name: p.default for p in game.params}
    assert prefs(game.render(kind, "K7Q2-9XMA", params, "a4", {}))["PrintScaling"] == "None"


def test_a_two_sided_document_names_its_flip():
    for duplex, flip in ((None, None), ("long", "DuplexFlipLongEdge"),
                         ("short", "DuplexFlipShortEdge")):
        doc = SheetDocument("t", "a4", duplex=duplex)
        doc.canvas.drawString(100, 100, "x")
        assert prefs(doc.finish()).get("Duplex") == flip
    with pytest.raises(ValueError):
        SheetDocument("t", "a4", duplex="sideways")


@pytest.mark.parametrize("imposition,flip", [(None, None), ("saddle", "DuplexFlipShortEdge")])
def test_booklets_print_at_100_percent_and_saddle_ones_flip_on_the_short_edge(imposition,
                                                                             flip):
    from companion.booklets import render_booklet

    p = prefs(render_booklet("dungeon-upkeeper", "a4", imposition, None))
    assert p["PrintScaling"] == "None" and p.get("Duplex") == flip


def test_a_pack_asks_to_print_at_100_percent():
    from companion.pack import render_pack

    # the print dialog is preset for the first print job: one-sided (tests/test_pack.py)
    assert prefs(render_pack("dungeon-upkeeper", "K7Q2-9XMA", {}, "a4")) == {
        "PrintScaling": "None", "Duplex": "Simplex"}
