"""Round three of hostile input (issue 24): files, streams and printing options.
Each finding reproduced; a hang or a blow-up runs in a child process with a time limit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import GAME_NAMES, get_game

ROOT = Path(__file__).resolve().parent.parent
SEED = "K7Q2-9XMA"
runner = CliRunner()


def child(*args: object, env: dict[str, str] | None = None, seconds: float = 30.0,
          cwd: Path | None = None, stdin: int | None = None,
          stdout: int | None = None, python: tuple[str, ...] = ()
          ) -> subprocess.CompletedProcess[str]:
    """``python -m companion ARGS`` in a child killed after ``seconds``; arguments may
    be bytes (a file name that is not UTF-8). No traceback, ever."""
    argv: list[str | bytes] = [sys.executable, *python, "-m", "companion"]
    argv += [a if isinstance(a, bytes) else str(a) for a in args]
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    r = subprocess.run(argv, capture_output=stdout is None, stdout=stdout,
                       stderr=subprocess.PIPE if stdout is not None else None,
                       stdin=stdin, timeout=seconds, cwd=cwd or ROOT, env=full, check=False)
    out = subprocess.CompletedProcess(
        r.args, r.returncode, (r.stdout or b"").decode(errors="replace"),
        (r.stderr or b"").decode(errors="replace"))
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    assert "Exception ignored" not in out.stderr, out.stderr[-2000:]
    return out


# ------------------------------------------------------- 3. pack's name and its output


@pytest.mark.parametrize("game", GAME_NAMES)
def test_pack_default_name_has_no_empty_part_and_stdout_is_one_line(game, tmp_path,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["pack", game, "--seed", SEED])
    assert r.exit_code == 0, r.output
    g = get_game(game)
    params = "".join(f"-{p.name}{p.default}" for p in g.params)
    name = f"output/{game}-{SEED}{params}-pack-a4.pdf"
    assert r.stdout == name + "\n"  # the one line map and sheets print too
    assert r.stderr == ""  # no progress bar's label when stderr is not a terminal
    assert "--" not in name and (tmp_path / name).is_file()


def test_pack_with_variants_names_them_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["pack", "clear-the-dungeon", "--seed", SEED, "--variant",
                            "reserve"])
    assert r.exit_code == 0, r.output
    assert r.stdout == f"output/clear-the-dungeon-{SEED}-reserve-pack-a4.pdf\n"
