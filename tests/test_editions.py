"""Editions (docs/command-line.md): every edition ever printed stays readable. A sheet of edition 1
rebuilds with edition 1's data and payload; a log naming edition 1 (``[Edition "1"]``
or a ``companion:1/...`` payload in ``[Seed]``) validates under edition 1's numbers,
while a log of the same seed under edition 2 validates under edition 2's."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
import pytest
from pdfcheck import qr_texts, render_page
from typer.testing import CliRunner

from companion.cli import app
from companion.games import all_games, get_game
from companion.replay import validate_text

DATA = Path(__file__).resolve().parent / "data" / "edition1"
runner = CliRunner()

# the verdicts of the edition-1 logs when they were written, before edition 2 existed
EDITION1_LOGS = {
    "du-solver-K7Q2-9XMA.log": ("lost", 115, "out of moves on B3"),
    "ds-random-K7Q2-9XMA.log": ("lost", 10, None),
}


def _with_edition(text: str, edition: int) -> str:
    head, _, rest = text.partition("\n")
    return f'{head}\n[Edition "{edition}"]\n{rest}'


def _with_payload(text: str, code: str) -> str:
    return text.replace('[Seed "K7Q2-9XMA"]', f'[Seed "companion:1/{code}/K7Q2-9XMA"]')


@pytest.mark.parametrize("name", sorted(EDITION1_LOGS))
def test_an_edition_1_log_validates_under_edition_1(name):
    text = (DATA / name).read_text("utf-8")
    outcome, score, why = EDITION1_LOGS[name]
    game = get_game(text.split('"')[1])
    for marked in (_with_edition(text, 1), _with_payload(text, game.code)):
        v = validate_text(marked, name)
        assert v.valid, v.error
        assert (v.outcome, v.score, v.claim_matches) == (outcome, score, True)
        if why:
            assert v.summary["lost_because"] == why


def test_the_same_seed_validates_under_each_edition_s_own_rules():
    """Dungeon Upkeeper, seed K7Q2-9XMA, the par path on every floor: edition 1 runs
    out of moves on B3 (as printed), edition 2 wins; each log validates under its own
    edition and not under the other's numbers."""
    du = get_game("dungeon-upkeeper")
    old = (DATA / "du-solver-K7Q2-9XMA.log").read_text("utf-8")
    new = du.solve("K7Q2-9XMA", {"floors": 10}, ()).log
    assert new is not None and f'[Edition "{du.edition}"]' in new
    v_new = validate_text(new, "new.log")
    assert v_new.valid and v_new.outcome == "won" and v_new.claim_matches
    v_old = validate_text(_with_edition(old, 1), "old.log")
    assert v_old.valid and v_old.outcome == "lost"
    # the edition-1 run read under edition 2: more moves, the run goes on past B3
    v_cross = validate_text(_with_edition(old, 2), "cross.log")
    assert v_cross.valid and v_cross.outcome == "unfinished"
    assert v_cross.summary["moves"] > 0 and "lost_because" not in v_cross.summary
    # the edition-2 win read under edition 1 breaks where edition 1 runs dry
    v_back = validate_text(new.replace(f'[Edition "{du.edition}"]', '[Edition "1"]'))
    assert not v_back.valid and v_back.error.rule == "game-over"


def test_a_log_without_an_edition_is_read_under_the_newest():
    for game in all_games():
        text = f'[Game "{game.name}"]\n[Seed "K7Q2-9XMA"]\n'
        assert validate_text(text).valid
        from companion.games.base import read_header
        from companion.log import parse_log

        assert read_header(parse_log(text, "x"), game).edition == game.edition


@pytest.mark.parametrize("game_name,kind,options", [
    ("dungeon-upkeeper", "map", ["--floor", "3"]),
    ("dungeon-solitaire", "map", ["--level", "2"]),
    ("dungeon-solitaire", "log", []),
])
def test_scan_regenerates_an_edition_1_sheet_as_edition_1(tmp_path, game_name, kind,
                                                           options):
    """An edition-1 sheet (drawn here as edition 1 printed it) is scanned from a photo
    and rebuilt: the rebuilt sheet carries edition 1's payload and data."""
    game = get_game(game_name)
    opts: dict[str, object] = {"edition": 1}
    for key, value in zip(options[::2], options[1::2], strict=True):
        opts[key.lstrip("-")] = int(value)
    params = {p.name: p.default for p in game.params}
    pdf = game.render(kind, "K7Q2-9XMA", params, "a4", opts)
    page = render_page(pypdfium2.PdfDocument(pdf), 0)
    texts = qr_texts(page)
    assert texts and texts[0].startswith(f"companion:1/{game.code}/K7Q2-9XMA")
    png = tmp_path / "old.png"
    page.save(png)
    rebuilt = tmp_path / "rebuilt.pdf"
    r = runner.invoke(app, ["scan", str(png), "--regenerate", "--out", str(rebuilt),
                            "--json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.stdout)[0]
    assert row["edition"] == 1 and row["payload"] == texts[0]
    assert rebuilt.read_bytes() == pdf  # the same sheet, edition 1's
    plain = runner.invoke(app, ["scan", str(png)])
    assert "(edition 1; new sheets print edition 2)" in plain.stdout
    old_data = game.describe(kind, "K7Q2-9XMA", params, opts)
    new_data = game.describe(kind, "K7Q2-9XMA", params, {k: v for k, v in opts.items()
                                                         if k != "edition"})
    assert json.dumps(old_data) != json.dumps(new_data)  # editions really differ here


def test_new_sheets_print_the_newest_edition():
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        pdf = pypdfium2.PdfDocument(game.render(game.map_kind, "K7Q2-9XMA", params, "a4", {}))
        texts = qr_texts(render_page(pdf, 0))
        assert texts and all(t.startswith(f"companion:{game.edition}/") for t in texts)


def test_an_unknown_edition_on_the_command_line_is_refused_with_exit_2(tmp_path):
    log = tmp_path / "future.log"
    log.write_text('[Game "dungeon-upkeeper"]\n[Seed "K7Q2-9XMA"]\n[Edition "9"]\n'
                   "path N\n", "utf-8")
    r = runner.invoke(app, ["validate", str(log)])
    assert r.exit_code == 2
    assert "no edition 9" in r.stderr and "Traceback" not in r.output


def test_dungeon_solitaire_logs_of_one_seed_validate_under_their_own_edition():
    """The same seed, K7Q2-9XMA: the edition-1 log drafts 7 cards (R1-R21), an edition-2
    game drafts 9 (R1-R27) on other boards; each validates under its own edition and
    the edition-1 log is refused under edition 2 at its draft."""
    from companion.simulate import play

    ds = get_game("dungeon-solitaire")
    old = (DATA / "ds-random-K7Q2-9XMA.log").read_text("utf-8")
    new = play(ds, "K7Q2-9XMA", {"size": 5}, "expert", "test").log_text()
    assert "[Edition" not in new  # written for the newest edition
    v_new = validate_text(new, "new.log")
    assert v_new.valid and v_new.claim_matches
    assert len(new.split("draft ", 1)[1].split("\n", 1)[0].split()) == 9
    v_old = validate_text(_with_edition(old, 1), "old.log")
    assert v_old.valid and v_old.claim_matches
    v_cross = validate_text(old, "cross.log")  # no tag: read under edition 2
    assert not v_cross.valid and v_cross.error.rule == "draft-count"
