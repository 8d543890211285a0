"""What every sheet kind of every game promises (docs/printing.md), walked over the registry so
a new game is checked by itself: card, tile and map sheets carry a 50 mm scale bar;
sheets with backs print duplex (naming the flip), fold-over or fronts only; sheets that
do not depend on a seed print none."""

from __future__ import annotations

import pypdfium2
import pytest
from test_print_prefs import prefs
from test_scale_bar import bars_mm

from companion.games import all_games
from companion.seeds import parse_payload

SEED = "K7Q2-9XMA"


def _kinds(flag: str) -> list[tuple[str, str]]:
    return [(g.name, k.name) for g in all_games() for k in g.sheet_kinds if getattr(k, flag)]


def _render(game_name: str, kind: str, paper: str, **options: object) -> bytes:
    from companion.games import get_game

    game = get_game(game_name)
    params = {p.name: p.default for p in game.params}
    return game.render(kind, SEED, params, paper, dict(options))


def test_the_registry_flags_the_kinds_that_promise_something():
    assert len(_kinds("scale_check")) >= 6
    assert len(_kinds("backs")) >= 3
    assert len([k for g in all_games() for k in g.sheet_kinds if not k.seeded]) >= 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_name,kind", _kinds("scale_check"))
def test_card_tile_and_map_pages_carry_a_50_mm_scale_bar(game_name, kind, paper):
    from companion.games import get_game

    backs = {"backs": "none"} if get_game(game_name).sheet_kind(kind).backs else {}
    data = _render(game_name, kind, paper, **backs)
    missing = []
    for i in range(len(pypdfium2.PdfDocument(data))):
        found = bars_mm(data, i)
        assert len(found) <= 1, (i, found)
        if found:
            assert found[0] == pytest.approx(50.0, abs=0.01)
        else:
            missing.append(i)
    # every page (an instruction page before the cards of a longer document may go
    # without; a one-page sheet never)
    pages = len(pypdfium2.PdfDocument(data))
    assert missing in ([], [0]) and (pages > 1 or not missing), missing


@pytest.mark.parametrize("game_name,kind", _kinds("backs"))
def test_backs_print_duplex_fold_over_or_not_at_all(game_name, kind):
    duplex = _render(game_name, kind, "a4", backs="duplex")
    fold = _render(game_name, kind, "a4", backs="fold")
    none = _render(game_name, kind, "a4", backs="none")
    assert _render(game_name, kind, "a4") == duplex  # duplex is the default
    assert prefs(duplex).get("Duplex") == "DuplexFlipLongEdge"
    assert "Duplex" not in prefs(fold) and "Duplex" not in prefs(none)
    n_duplex, n_none = (len(pypdfium2.PdfDocument(d)) for d in (duplex, none))
    assert n_none < n_duplex
    text = "".join(pypdfium2.PdfDocument(fold)[i].get_textpage().get_text_range()
                   for i in range(len(pypdfium2.PdfDocument(fold))))
    assert "fold" in text
    # the offset used is printed small on the duplex back pages
    shifted = _render(game_name, kind, "a4", backs="duplex", back_offset=(1.5, -0.5))
    doc = pypdfium2.PdfDocument(shifted)
    notes = [i for i in range(len(doc))
             if "x +1.5 mm, y -0.5 mm" in doc[i].get_textpage().get_text_range()]
    assert notes and len(notes) == n_duplex - n_none


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_name,kind", [(g.name, k.name) for g in all_games()
                                            for k in g.sheet_kinds if not k.seeded])
def test_a_sheet_that_does_not_depend_on_a_seed_prints_none(game_name, kind, paper):
    data = _render(game_name, kind, paper)
    assert SEED.encode() not in data
    pdf = pypdfium2.PdfDocument(data)
    for i in range(len(pdf)):
        assert SEED not in pdf[i].get_textpage().get_text_range()
    meta = pdf.get_metadata_dict()
    payload = parse_payload(meta["Subject"])
    assert payload.seed == "" and payload.params["kind"] == kind
    assert data == _render(game_name, kind, paper)  # and it is the same for every seed
