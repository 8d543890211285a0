"""A command line that explains itself (issue 13): per-game help, options in any order,
--version, shell completion, refusals that say why, missing files."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import all_games, get_game

runner = CliRunner()
COMMANDS = ["games", "map", "sheets", "solve", "stats", "calibrate", "booklet", "pack",
            "validate", "score", "scan", "daily", "standings", "read", "record", "play"]


def invoke(*args: object, **env: str):
    return runner.invoke(app, [str(a) for a in args], env=env or None)


@pytest.mark.parametrize("command", COMMANDS)
def test_placeholders_read_as_words(command):
    r = invoke(command, "--help")
    assert r.exit_code == 0, r.output
    assert not re.search(r"\{\w+\}|<[a-z\[\] ]+>", r.output), r.output


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_map_and_sheets_help_after_a_game_show_its_options_variants_and_kinds(game):
    g = get_game(game)
    r = invoke("sheets", game, "--help")
    assert r.exit_code == 0, r.output
    for p in g.params:
        assert f"--{p.name} N" in r.output
    flat = " ".join(r.output.split())
    for k in g.sheet_kinds:
        assert k.name in r.output and " ".join(k.help.split())[:25] in flat
        for p in k.params:
            assert f"--{p.name} N" in r.output
    for v in g.variants:
        assert v in r.output
    assert "(default)" in r.output and f"Example: companion sheets {game}" in r.output
    r = invoke("map", game, "--help")
    assert r.exit_code == 0 and f"{g.title} options" in r.output
    # before the game too: help is there either way
    assert invoke("map", "--help", game).output == r.output


def test_help_without_a_game_says_where_the_game_options_are():
    r = invoke("map", "--help")
    assert "companion map GAME --help" in r.output


def test_options_may_come_before_the_game_name():
    a = invoke("map", "--size", "9", "shuffle-and-doom", "--seed", "ORDER", "--json")
    b = invoke("map", "shuffle-and-doom", "--seed", "ORDER", "--size", "9", "--json")
    c = invoke("map", "--seed", "ORDER", "--size=9", "shuffle-and-doom", "--json")
    assert a.exit_code == b.exit_code == c.exit_code == 0, a.output
    assert a.stdout == b.stdout == c.stdout
    assert json.loads(a.stdout)["size"] == 9


def test_version_names_each_game_and_its_rules_edition():
    r = invoke("--version")
    assert r.exit_code == 0
    assert re.match(r"companion \d+\.\d+\.\d+", r.stdout)
    for g in all_games():
        assert f"{g.name}: rules edition {g.edition}" in r.stdout


def test_games_says_which_have_a_solver():
    rows = json.loads(invoke("games", "--json").stdout)
    assert {r["name"]: r["solver"] for r in rows} == {g.name: g.has_solver for g in all_games()}
    text = invoke("games").stdout
    assert "solver:   yes" in text and "solver:   none" in text


def complete(words: str) -> list[str]:
    cword = len(words.split(" ")) - 1
    r = invoke(_COMPANION_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword))
    return r.stdout.split()


def test_completion_of_games_kinds_variants_and_papers():
    assert complete("companion map sh") == ["shuffle-and-doom"]
    assert complete("companion sheets dungeon-solitaire --kind ") == [
        k.name for k in get_game("dungeon-solitaire").sheet_kinds]
    assert complete("companion sheets clear-the-dungeon --kind d") == ["deck"]
    assert complete("companion pack clear-the-dungeon --variant ") == list(
        get_game("clear-the-dungeon").variants)
    assert complete("companion map shuffle-and-doom --paper l") == ["letter"]
    assert complete("companion solve ") == [g.name for g in all_games() if g.has_solver]


def test_the_completion_script_is_generated():
    r = invoke("--show-completion", "bash")
    assert r.exit_code == 0 and "_COMPANION_COMPLETE" in r.stdout


def test_solve_names_the_games_that_have_a_solver():
    plain = next(g for g in all_games() if not g.has_solver)
    r = invoke("solve", plain.name, "--seed", "A")
    assert r.exit_code == 2 and r.stdout == ""
    assert "has no solver; solve works for" in r.stderr
    solvers = ", ".join(g.name for g in all_games() if g.has_solver)
    assert f"Games with a solver: {solvers}." in invoke("solve", "--help").stdout


def test_options_that_mean_nothing_are_refused_with_a_sentence():
    r = invoke("map", "shuffle-and-doom", "--seed", "A", "--par")
    assert r.exit_code == 2 and "--par means nothing for the shuffle-and-doom map" in r.stderr
    r = invoke("sheets", "clear-the-dungeon", "--kind", "log", "--seed", "A", "--no-par")
    assert r.exit_code == 2 and "--no-par means nothing" in r.stderr
    r = invoke("map", "dungeon-upkeeper", "--seed", "A", "--floors", "3", "--floor", "5")
    assert r.exit_code == 2 and "floor 5 of 3" in r.stderr
    r = invoke("sheets", "shuffle-and-doom", "--kind", "stack", "--seed", "A", "--floor", "1")
    assert r.exit_code == 2 and "has no option --floor" in r.stderr
    r = invoke("map", "shufle-and-doom", "--seed", "A")
    assert r.exit_code == 2 and "did you mean 'shuffle-and-doom'?" in r.stderr


@pytest.mark.parametrize("command", ["validate", "score"])
def test_a_missing_file_is_one_message_on_stderr(command, tmp_path):
    r = invoke(command, tmp_path / "nope.log")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "nope.log" in r.stderr


def test_json_shows_the_claim_of_an_invalid_log(tmp_path):
    log = tmp_path / "bad.log"
    log.write_text('[Game "shuffle-and-doom"]\n[Seed "A"]\n[Claim "40"]\nenter a9\n')
    r = invoke("validate", log, "--json")
    row = json.loads(r.stdout)[0]
    assert r.exit_code == 1 and row["valid"] is False and row["claim"] == 40
    assert row["claim_matches"] is None


@pytest.mark.parametrize("command", COMMANDS)
def test_running_one_command_builds_only_that_command_with_the_same_help(command):
    from companion.cli import only_the_command

    lean = only_the_command([command, "--help"])
    assert [c.name for c in lean.registered_commands] == [command]
    assert len(app.registered_commands) == len(COMMANDS)  # the app itself is untouched
    assert runner.invoke(lean, [command, "--help"]).output == invoke(command, "--help").output


def test_anything_else_runs_the_whole_app():
    from companion.cli import only_the_command

    for argv in ([], ["--help"], ["--version"], ["valdate", "x.log"]):
        assert only_the_command(argv) is app


def test_the_console_script_validates_and_starts_without_pydantic(tmp_path):
    import subprocess
    import sys

    from test_doc_examples import EXAMPLES

    log = tmp_path / "game.log"
    log.write_text(EXAMPLES[0][1], encoding="utf-8")
    code = ("import sys; from companion.cli import main; sys.argv = ['companion', "
            f"'validate', {str(log)!r}]\ntry:\n    main()\nexcept SystemExit as e:\n"
            "    print('exit', e.code, 'pydantic' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=False)
    assert "valid, cleared" in r.stdout and r.stdout.strip().endswith("exit 0 False"), r
