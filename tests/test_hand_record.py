"""The hand record (issue 16): ``companion sheets GAME --seed S --kind record``, the
after-game sheet of a deal: the deal, par and the solver's best line (or, for a game
without a solver, the best valid log of the table's, ``--from LOGS``).

Game-agnostic: every registered game prints one, on both papers, and the checks walk
the registry (a game with a solver is checked against its solver, one without against
the logs given)."""

from __future__ import annotations

import re

import pypdfium2
import pytest
from pdfcheck import page_text, qr_texts, render_page
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import ParameterError, UnreadableLogError
from companion.games import GAME_NAMES, get_game
from companion.games.base import SolveReport
from companion.hand_record import log_paths, par_of, solve_deal
from companion.paper.record import printable
from companion.replay import validate_text
from companion.seeds import parse_payload
from companion.sheet_request import SheetRequest
from companion.simulate import play

SEED = "K7Q2-9XMA"
PAPERS = ("a4", "letter")
SOLVER_GAMES = [n for n in GAME_NAMES if get_game(n).has_solver]
runner = CliRunner()


def _params(name: str) -> dict[str, int]:
    game = get_game(name)
    return {p.name: p.default for p in game.params}


def _render(name: str, paper: str = "a4", **options: object) -> bytes:
    return get_game(name).render("record", SEED, _params(name), paper, dict(options))


def _text(data: bytes) -> str:
    pdf = pypdfium2.PdfDocument(data)
    return "\n".join(page_text(pdf, i) for i in range(len(pdf)))


def _squeezed(text: str) -> str:
    """``text`` as a line check compares it: no white space, no suits (the sheet draws
    suits as icons, not as text)."""
    return re.sub(r"\s+", "", re.sub("[♠♥♦♣]", "", text))


def _in_order(lines: list[str], text: str) -> list[str]:
    """The lines of ``lines`` not found in ``text`` one after another, in order."""
    haystack = _squeezed(text)
    at = 0
    missing = []
    for line in lines:
        needle = _squeezed(line)
        found = haystack.find(needle, at)
        if found < 0:
            missing.append(line)
        else:
            at = found + len(needle)
    return missing


def _actions(log: str) -> list[str]:
    return [ln.strip() for ln in log.splitlines()
            if ln.strip() and not ln.lstrip().startswith(("[", "#"))]


# -- every game, both papers -----------------------------------------------------------

def test_every_game_prints_a_record():
    for name in GAME_NAMES:
        kind = get_game(name).sheet_kind("record")
        assert kind.from_logs and kind.seeded and not kind.par


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_record_fits_two_pages_and_its_qr_rebuilds_it(name, paper, tmp_path):
    request = SheetRequest.build(name, "record", SEED, paper)
    data = request.render()
    assert data == _render(name, paper)  # what the game renders, byte for byte
    pdf = pypdfium2.PdfDocument(data)
    assert 1 <= len(pdf) <= 2
    for i in range(len(pdf)):  # every page carries the identity block
        img = render_page(pdf, i)
        texts = qr_texts(img)
        assert len(texts) == 1, (i, texts)
        payload = parse_payload(texts[0])
        assert payload.seed == SEED and payload.params["kind"] == "record"
        assert payload.game == get_game(name).code
        assert SEED in page_text(pdf, i)
    png = tmp_path / "record.png"
    render_page(pdf, 0).save(png)
    rebuilt = tmp_path / "rebuilt.pdf"
    r = runner.invoke(app, ["scan", str(png), "--regenerate", "--paper", paper,
                            "--out", str(rebuilt)])
    assert r.exit_code == 0, r.output
    assert rebuilt.read_bytes() == data


# -- par and the line: the solver's ------------------------------------------------------

@pytest.mark.parametrize("name", SOLVER_GAMES)
def test_par_is_the_solvers_and_the_line_is_its_log(name):
    game = get_game(name)
    report = game.solve(SEED, _params(name), ())
    text = _text(_render(name))
    flat = " ".join(text.split())
    if report.score is not None:
        assert f"Par {report.score}" in flat
    else:
        assert "Not winnable" in flat or "Par unknown" in flat
    assert report.log
    verdict = validate_text(report.log)
    assert verdict.valid and verdict.score == report.score
    missing = _in_order(_actions(report.log), text)
    assert not missing, missing[:3]


@pytest.mark.parametrize("name", SOLVER_GAMES)
def test_the_line_check_can_fail(name):
    report = solve_deal(get_game(name), SEED, _params(name), ())
    assert report.log
    lines = _actions(report.log)
    text = _text(_render(name))
    assert _in_order(lines[::-1], text)  # backwards they are out of order
    assert _in_order([*lines, "fight 99 bogus"], text) == ["fight 99 bogus"]


def test_a_budget_that_ran_out_says_par_or_more():
    game = get_game(SOLVER_GAMES[0])
    unknown = SolveReport(game.name, SEED, (), "unknown", 7, None, {"budget": 200_000})
    par = par_of(game, unknown)
    assert par.headline == "Par 7 or more" and "budget of 200,000" in par.note
    nothing = SolveReport(game.name, SEED, (), "unknown", None, None, {"budget": 5})
    assert par_of(game, nothing).headline == "Par unknown"
    lost = SolveReport(game.name, SEED, (), "lost", None, None, {})
    assert par_of(game, lost).headline == "Not winnable"
    assert par_of(game, None).headline == "No par"


@pytest.mark.parametrize("name", [n for n in GAME_NAMES if not get_game(n).has_solver])
def test_a_game_without_a_solver_says_so(name):
    flat = " ".join(_text(_render(name)).split())
    assert "No par" in flat and "has no solver" in flat


# -- --from: the table's logs --------------------------------------------------------------

def _table(name: str, folder) -> tuple[str, list[str]]:
    """Logs of the deal in ``folder``: one per simulated player class (named after it,
    with a Player tag), and an invalid one of player Zed (an expert's game with a line
    no game reads). Returns the player the standings rank first, and every valid one."""
    game = get_game(name)
    scores: dict[str, int] = {}
    texts = {}
    for n, player in enumerate(["expert", "greedy", "random"]):
        who = f"{'ABC'[n]}-{player}"
        lines = play(game, SEED, _params(name), player, player_seed=str(n)).log_text()
        text = lines.replace("\n", f'\n[Player "{who}"]\n', 1)
        verdict = validate_text(text)
        assert verdict.valid, verdict.error
        scores[who] = verdict.score if verdict.score is not None else -10**9
        texts[who] = text
        (folder / f"{player}.log").write_text(text, "utf-8")
    bad = texts["A-expert"].replace('[Player "A-expert"]', '[Player "Zed"]') + "bogus 12\n"
    assert not validate_text(bad).valid
    (folder / "zed.log").write_text(bad, "utf-8")
    top = max(scores.values())
    best = min((p for p, s in scores.items() if s == top), key=str.casefold)
    return best, list(scores)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_from_a_folder_names_the_best_valid_player(name, tmp_path):
    best, players = _table(name, tmp_path)
    request = SheetRequest.build(name, "record", SEED, "a4", from_logs=[str(tmp_path)])
    assert len(request.from_logs) == 4
    data = request.render()
    assert len(pypdfium2.PdfDocument(data)) <= 2
    flat = " ".join(_text(data).split())
    assert f"Best at the table: {best}," in flat
    for p in players:
        assert p in flat
    assert "Zed" not in flat  # an invalid log is counted, never ranked
    assert "1 invalid" in flat
    # the QR code names the deal only: the logs are not in it
    payload = parse_payload(pypdfium2.PdfDocument(data).get_metadata_dict()["Subject"])
    assert payload.params["kind"] == "record" and payload.seed == SEED
    described = get_game(name).describe("record", SEED, _params(name), request.options())
    table = described["record"]["table"]
    assert table["players"][0]["player"] == best and table["invalid_of_this_deal"] == 1


def test_from_on_the_command_line_takes_several_files_or_a_folder(tmp_path):
    name = GAME_NAMES[0]
    best, _ = _table(name, tmp_path)
    logs = sorted(str(p) for p in tmp_path.glob("*.log"))
    out = tmp_path / "record.pdf"
    r = runner.invoke(app, ["sheets", name, "--seed", SEED, "--kind", "record",
                            "--from", *logs, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"Best at the table: {best}," in " ".join(_text(out.read_bytes()).split())
    again = tmp_path / "again.pdf"
    r = runner.invoke(app, ["sheets", name, "--seed", SEED, "--kind", "record",
                            "--from", str(tmp_path), "--out", str(again)])
    assert r.exit_code == 0, r.output
    assert again.read_bytes() == out.read_bytes()  # the folder is its logs


@pytest.mark.parametrize("name", GAME_NAMES)
def test_from_is_refused_for_every_other_kind(name, tmp_path):
    (tmp_path / "a.log").write_text("[Game \"x\"]\n", "utf-8")
    game = get_game(name)
    for kind in game.sheet_kinds:
        if kind.from_logs:
            continue
        with pytest.raises(ParameterError, match="--from means nothing"):
            SheetRequest.build(name, kind.name, SEED, "a4", from_logs=[str(tmp_path)])
    r = runner.invoke(app, ["sheets", name, "--seed", SEED, "--kind",
                            game.sheet_kinds[0].name, "--from", str(tmp_path)])
    assert r.exit_code == 2 and "--from means nothing" in r.stderr


def test_log_paths_expand_a_folder_and_refuse_what_holds_no_logs(tmp_path):
    for n in ("b.log", "a.txt", "c.pgn", "notes.md"):
        (tmp_path / n).write_text("x", "utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "d.log").write_text("x", "utf-8")
    got = log_paths([str(tmp_path)])
    assert [p.rsplit("/", 1)[-1] for p in got] == ["a.txt", "b.log", "c.pgn"]
    assert log_paths([str(tmp_path / "b.log"), str(tmp_path)])[0].endswith("b.log")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ParameterError, match="holds no log files"):
        log_paths([str(tmp_path / "empty")])
    with pytest.raises(UnreadableLogError):
        log_paths([str(tmp_path / "missing.log")])
    with pytest.raises(ParameterError):
        log_paths([])


def test_names_in_other_scripts_print_as_question_marks():
    assert printable("Zoë ♠ Ли 🂡") == "Zoë ♠ ?? ?"
