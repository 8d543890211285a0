"""``validate --jobs N`` (issue 18): many logs over worker processes, the same verdicts
and the same output in the same order as one process, standard input read in its
place; the batch yields verdicts one at a time."""

import json
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import GAME_NAMES, get_game
from companion.replay import BATCH_CHUNK, validate_many, validate_path
from companion.simulate import play

runner = CliRunner()


def _logs(folder, count=3 * BATCH_CHUNK + 5):
    """Valid, invalid (a line changed), unreadable and missing logs of every game."""
    rng = random.Random(18)
    paths = []
    for i in range(count):
        name = GAME_NAMES[i % len(GAME_NAMES)]
        game = get_game(name)
        text = play(game, f"JOBS{i}", {}, "random", max_actions=40).log_text()
        lines = text.splitlines()
        kind = i % 6
        if kind == 1:
            k = rng.randrange(len(lines))
            lines[k] = "loot 7♠ x"
        elif kind == 2:
            lines.insert(len(lines) // 2, "[Late \"tag\"]")
        path = folder / f"g{i:03d}.log"
        if kind == 3:
            path.write_bytes(b"\x00binary")
        elif kind != 4:  # kind 4: no such file
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return _logs(tmp_path_factory.mktemp("logs"))


@pytest.mark.parametrize("options", [[], ["--json"], ["--explain"]])
def test_two_processes_print_what_one_prints(logs, options):
    one = runner.invoke(app, ["validate", *options, *map(str, logs)])
    two = runner.invoke(app, ["validate", *options, "--jobs", "2", *map(str, logs)])
    assert one.exit_code == two.exit_code == 2  # a missing file among them
    assert one.stdout == two.stdout and one.stderr == two.stderr
    if options == ["--json"]:
        data = json.loads(two.stdout)
        assert [d["file"] for d in data] == [str(p) for p in logs]
        assert {d["valid"] for d in data} == {True, False}


def test_the_batch_gives_each_verdict_in_order(logs):
    expected = [validate_path(p).to_json() for p in logs]
    for jobs in (1, 3):
        got = validate_many(logs, jobs=jobs)
        assert not isinstance(got, list)  # one at a time
        assert [r.json for r in got] == expected


def test_standard_input_is_read_here_in_its_place(logs, tmp_path):
    text = logs[0].read_text(encoding="utf-8")
    args = ["validate", "--jobs", "2", str(logs[0]), "-", str(logs[5])]
    out = subprocess.run([sys.executable, "-m", "companion", *args], input=text,
                         capture_output=True, text=True, check=False)
    lines = out.stdout.splitlines()
    assert lines[0].startswith(str(logs[0]) + ": valid") and lines[1].startswith("-: valid")
    assert lines[1].split(": ", 1)[1] == lines[0].split(": ", 1)[1]
    assert out.returncode == 0, out.stderr


def test_jobs_out_of_range_is_refused(logs):
    r = runner.invoke(app, ["validate", "--jobs", "0", str(logs[0])])
    assert r.exit_code == 2 and "--jobs must be from 1 to 256, not 0" in r.stderr
