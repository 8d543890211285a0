"""Third-party games (issue 15): a package registers a game through the ``companion.games``
entry-point group, and the companion finds it, lists it and validates its logs; a
built-in game wins a clash of names; nothing is scanned at start-up unless some
installed package declares the group.

The package is ``tests/data/one_pile`` (a one-pile counting game, seeded and free). It
is installed the way pip lays out an installed package (the package folder beside its
``.dist-info`` with ``METADATA`` and ``entry_points.txt``, the entry points read from
its ``pyproject.toml``) into a temporary folder put on ``sys.path`` or ``PYTHONPATH``:
building a wheel needs the ``wheel`` package, which an offline test cannot count on."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import companion.games as games
from companion.errors import ParameterError
from companion.games import GAME_NAMES, REGISTRY, all_games, game_by_code, get_game
from companion.games.base import read_header
from companion.log import parse_log

# the game API (base.py and the two modules it re-exports): imported at start-up, no game
GAME_API_MODULES = ("companion.games.base", "companion.games.model", "companion.games.header")


PACKAGE = Path(__file__).resolve().parent / "data" / "one_pile"
ROOT = Path(__file__).resolve().parent.parent


def install(target: Path, package: Path = PACKAGE,
            entry_points: dict[str, str] | None = None, dist: str = "") -> Path:
    """Lay ``package`` out in ``target`` as an installed distribution; ``entry_points``
    (name -> value) stand in for the ones its pyproject.toml declares."""
    project = tomllib.loads((package / "pyproject.toml").read_text("utf-8"))["project"]
    name = dist or project["name"]
    declared = entry_points if entry_points is not None else project["entry-points"][
        games.ENTRY_POINT_GROUP]
    for folder in package.iterdir():
        if folder.is_dir() and (folder / "__init__.py").exists():
            shutil.copytree(folder, target / folder.name,
                            ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)
    info = target / f"{name.replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\n"
                                   f"Version: {project['version']}\n", "utf-8")
    (info / "entry_points.txt").write_text(
        f"[{games.ENTRY_POINT_GROUP}]\n"
        + "".join(f"{k} = {v}\n" for k, v in declared.items()), "utf-8")
    return target


@pytest.fixture
def site(tmp_path, monkeypatch):
    """The game installed into a folder on ``sys.path`` for one test."""
    target = install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(target))
    yield target
    for module in [m for m in sys.modules if m.split(".")[0] == "companion_one_pile"]:
        del sys.modules[module]


def companion(*args: str, pythonpath: Path | None = None,
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=cwd or ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def seeded_log(seed: str = "K7Q2-9XMA") -> tuple[str, int]:
    """A won log of the seeded deal of ``seed`` (three stones at a time) and its turns."""
    from companion_one_pile import rules

    pile = rules.dealt(seed)
    takes = [3] * (pile // 3) + ([pile % 3] if pile % 3 else [])
    body = f"pile {pile}\n" + "".join(f"take {k}\n" for k in takes)
    return (f'[Game "one-pile"]\n[Seed "{seed}"]\n[Claim "{len(takes)}"]\n' + body,
            len(takes))


# ------------------------------------------------------------------ in the process
def test_an_installed_game_is_found_and_listed(site):
    game = get_game("one-pile")
    assert type(game).__module__ == "companion_one_pile"
    assert get_game(" One-Pile ") is game
    assert "one-pile" in GAME_NAMES
    assert list(GAME_NAMES) == [*REGISTRY, "one-pile"]
    assert len(GAME_NAMES) == len(REGISTRY) + 1 and GAME_NAMES[-1] == "one-pile"
    assert game in all_games()
    assert game_by_code("op") is game
    # the built-in games are still first and the same objects
    assert [g.name for g in all_games()][: len(REGISTRY)] == list(REGISTRY)


def test_an_installed_game_leaves_with_its_folder(site, monkeypatch):
    assert "one-pile" in GAME_NAMES
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(site)])
    assert "one-pile" not in GAME_NAMES
    assert list(GAME_NAMES) == list(REGISTRY)
    with pytest.raises(ParameterError, match="unknown game 'one-pile'"):
        get_game("one-pile")


def test_an_installed_game_validates_in_process(site):
    from companion.replay import validate_text

    text, turns = seeded_log()
    v = validate_text(text, "pile.log")
    assert v.valid, v.error
    assert (v.outcome, v.score, v.claim_matches) == ("won", turns, True)
    free = text.replace('[Seed "K7Q2-9XMA"]\n', "")
    assert validate_text(free, "free.log").valid
    bad = text.replace("take 3\n", "take 4\n", 1)
    v = validate_text(bad, "bad.log")
    assert not v.valid and v.error.rule == "take-count" and v.error.line == 5


def test_the_game_agnostic_harness_plays_an_installed_game(site):
    """The simulation harness and the API tests know no game: they take this one too."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "simulate_all_ep", ROOT / "benchmarks" / "simulate_all.py")
    assert spec is not None and spec.loader is not None
    harness = importlib.util.module_from_spec(spec)
    sys.modules["simulate_all_ep"] = harness
    try:
        spec.loader.exec_module(harness)
        outcomes = [harness.round_trip(c) for c in harness.cases("one-pile", 12)]
    finally:
        del sys.modules["simulate_all_ep"]
    assert all(o.ok for o in outcomes), [o.problems for o in outcomes if not o.ok]
    assert {o.outcome for o in outcomes} == {"won"}
    game = get_game("one-pile")
    header = read_header(parse_log('[Game "one-pile"]\n[Seed "S1"]\n', "x"), game)
    assert game.initial_state("S1") == game.new_state(header)
    free = game.initial_state(None)
    assert [p for _, p in game.chance_outcomes(free)] == [1 / 11] * 11
    assert game.chance_outcomes(game.initial_state("S1")) == []
    assert json.loads(game.golden_text("S1", {}, 1))["pile"] == game.initial_state("S1").pile


def test_a_built_in_game_wins_a_clash_and_a_warning_says_so(tmp_path, monkeypatch, capsys):
    target = install(tmp_path / "clash", entry_points={
        "shuffle-and-doom": "companion_one_pile", "one-pile": "companion_one_pile"},
        dist="clashing-games")
    monkeypatch.syspath_prepend(str(target))
    monkeypatch.setattr(games, "_warned", set())
    assert list(GAME_NAMES) == [*REGISTRY, "one-pile"]
    assert type(get_game("shuffle-and-doom")).__module__ == "companion.games.shuffle_and_doom"
    err = capsys.readouterr().err
    assert err.count("'shuffle-and-doom' that clashing-games installs is ignored") == 1
    list(GAME_NAMES)
    games._scanned = None  # read the entry points again: the warning is not repeated
    list(GAME_NAMES)
    assert "ignored" not in capsys.readouterr().err


def test_a_broken_installed_game_is_named_and_left_out(tmp_path, monkeypatch, capsys):
    target = install(tmp_path / "broken", entry_points={
        "no-module": "companion_no_such_module", "not-a-game": "companion_one_pile:rules",
        "misnamed": "companion_one_pile"}, dist="broken-games")
    monkeypatch.syspath_prepend(str(target))
    monkeypatch.setattr(games, "_warned", set())
    with pytest.raises(ParameterError, match="cannot be loaded: ModuleNotFoundError"):
        get_game("no-module")
    with pytest.raises(ParameterError, match="not a companion Game"):
        get_game("not-a-game")
    with pytest.raises(ParameterError, match="calls itself 'one-pile'"):
        get_game("misnamed")
    names = [g.name for g in all_games()]
    assert names == list(REGISTRY)
    err = capsys.readouterr().err
    assert "'no-module'" in err and "'not-a-game'" in err and "'misnamed'" in err
    for module in [m for m in sys.modules if m.split(".")[0] == "companion_one_pile"]:
        del sys.modules[module]


# -------------------------------------------------------------- the command line
def test_companion_validate_reads_a_log_of_an_installed_game(tmp_path, site):
    text, turns = seeded_log()
    log = tmp_path / "pile.log"
    log.write_text(text, "utf-8")
    r = companion("validate", str(log), "--json", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (verdict,) = json.loads(r.stdout)
    assert verdict["game"] == "one-pile" and verdict["valid"] and verdict["outcome"] == "won" and verdict["score"] == turns
    log.write_text(text.replace("take 3\n", "take 5\n", 1), "utf-8")
    r = companion("validate", str(log), pythonpath=site, cwd=tmp_path)
    assert r.returncode == 1 and f"{log}:5:" in r.stdout + r.stderr
    r = companion("--help", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0 and "one-pile" in r.stdout
    r = companion("--version", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0 and "one-pile: rules edition 1" in r.stdout
    # without the package the log names an unknown game
    log.write_text(text, "utf-8")
    r = companion("validate", str(log), cwd=tmp_path)
    assert r.returncode == 2 and "unknown game" in r.stdout + r.stderr


def test_start_up_reads_no_entry_points_and_imports_no_game(tmp_path):
    """``companion --help`` imports no game module, and importlib.metadata (about 20 ms)
    only when some installed package declares the group."""
    code = ("import sys; from companion.cli import app; "
            "print(sorted(m for m in sys.modules if m.startswith('companion.games.')"
            f" and m not in {GAME_API_MODULES!r})); "
            "print('importlib.metadata' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "False"], out.stdout
    site = install(tmp_path / "site")
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True"], out.stdout
