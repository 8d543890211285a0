"""One typed sheet request (issue 15): built and checked once, the same for the command
line, ``scan --regenerate`` (from a payload) and ``pack``."""

from __future__ import annotations

import pytest

from companion.errors import ParameterError, PayloadError
from companion.games import GAME_NAMES, get_game
from companion.seeds import parse_payload
from companion.sheet_request import SheetRequest

SEED = "REQ-1"


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_every_kind_is_rebuilt_from_its_payloads(game_name, tmp_path):
    """What ``scan --regenerate`` does: each payload a sheet's PDF carries names a
    request whose sheet carries it too; a sheet of one payload comes back to the very
    same bytes."""
    from companion.scan import scan_report

    game = get_game(game_name)
    for sheet in game.sheet_kinds:
        request = SheetRequest.build(game.name, sheet.name, SEED, "a4")
        path = tmp_path / f"{sheet.name}.pdf"
        path.write_bytes(request.render())
        found = [r.payload for r in scan_report(path).results]
        assert found, sheet.name
        for text in found[:3]:
            payload = parse_payload(text)
            again = SheetRequest.from_payload(game.name, payload.seed, payload.params,
                                              "a4", payload.edition)
            assert again.kind == sheet.name and again.seed == request.seed
            path2 = tmp_path / "again.pdf"
            data = again.render()
            path2.write_bytes(data)
            assert text in [r.payload for r in scan_report(path2).results]
            if len(found) == 1:
                assert data == request.render(), sheet.name


def test_the_request_renders_what_the_game_renders_with_the_same_options():
    ds = get_game("dungeon-solitaire")
    request = SheetRequest.build(ds.name, "tiles", SEED, "letter", {"size": 4},
                                 sheet_options={"level": 2}, backs="fold")
    assert request.options() == {"backs": "fold", "level": 2}
    assert request.render() == ds.render("tiles", SEED, {"size": 4}, "letter",
                                         {"backs": "fold", "level": 2})
    assert str(request.default_path()) == (
        f"output/dungeon-solitaire-{SEED}-size4-fold-level2-tiles-letter.pdf")


def test_a_seedless_kind_drops_the_seed():
    request = SheetRequest.build("clear-the-dungeon", "deck", SEED, "a4")
    assert request.seed == "" and SEED not in str(request.default_path())


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"kind": "stack", "par": True}, "--par means nothing"),
    ({"kind": "mat", "no_par": True}, "--no-par means nothing"),
    ({"kind": "mat", "backs": "fold"}, "has no backs"),
    ({"kind": "mat", "ink": "dark"}, "no large dark areas"),
    ({"kind": "mat", "variants": ("nope",)}, "no variant"),
    ({"kind": "mat", "sheet_options": {"floor": 1}}, "takes no option"),
])
def test_options_that_mean_nothing_are_refused(kwargs, message):
    kind = kwargs.pop("kind")
    with pytest.raises(ParameterError, match=message):
        SheetRequest.build("clear-the-dungeon", kind, SEED, "a4", **kwargs)


def test_a_sheet_option_beyond_the_run_and_a_bad_ink_are_refused():
    with pytest.raises(ParameterError, match="floor 5 of 3"):
        SheetRequest.build("dungeon-upkeeper", "map", SEED, "a4", {"floors": 3},
                           sheet_options={"floor": 5})
    with pytest.raises(ParameterError, match="light or dark"):
        SheetRequest.build("dungeon-upkeeper", "map", SEED, "a4", ink="grey")
    with pytest.raises(PayloadError):
        SheetRequest.build("dungeon-upkeeper", "map", SEED, "a4", edition=99)


def test_an_older_edition_is_kept_the_newest_left_implicit():
    du = get_game("dungeon-upkeeper")
    old = SheetRequest.from_payload(du.name, SEED, {}, "a4", 1)
    new = SheetRequest.from_payload(du.name, SEED, {}, "a4", du.edition)
    assert old.edition == 1 and new.edition is None
    assert old.render() != new.render()
