"""Round three of hostile input (issue 24): game plugins. A package that declares its
``companion.games`` entry points badly, or whose game raises (SystemExit too) or hangs
on import, or whose rules raise at replay, takes down neither the built-in games nor
the commands that do not need it: a plugin is imported only when its game is asked
for, and its failure is one message naming the package and the entry point (exit 2).

The packages are laid out as installed distributions by ``test_entry_points.install``
(the tiny game of ``tests/data/one_pile`` and a few hostile modules written beside it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_entry_points import PACKAGE, ROOT, companion, install, seeded_log

import companion.games as games
from companion.errors import ParameterError
from companion.games import GAME_NAMES, REGISTRY, all_games, get_game
from companion.replay import validate_many, validate_text

BUILT_IN_LOG = ROOT / "tests" / "examples" / "clear-the-dungeon" / "short-game.log"

HOSTILE = {
    "hostile_exit": "raise SystemExit(3)\n",
    "hostile_raise": "raise RuntimeError('no luck at import')\n",
    "hostile_interrupt": "raise KeyboardInterrupt\n",
    "hostile_base": "class Odd(BaseException):\n    pass\n\n\nraise Odd('very odd')\n",
    "hostile_hang": ("import os\nimport time\n\n"
                     "open(os.environ['HANG_MARKER'], 'w').close()\n"
                     "while True:\n    time.sleep(0.05)\n"),
    "hostile_rules": (
        "from companion_one_pile import OnePile\n\n\n"
        "class Faulty(OnePile):\n"
        "    name = 'faulty-pile'\n"
        "    code = 'fp'\n\n"
        "    def apply(self, state, action):\n"
        "        if state.turns >= 2:\n"
        "            raise ZeroDivisionError('the rules divided by zero')\n"
        "        return super().apply(state, action)\n\n\n"
        "class Quitter(OnePile):\n"
        "    name = 'quitter-pile'\n"
        "    code = 'qp'\n\n"
        "    def apply(self, state, action):\n"
        "        raise SystemExit('the rules quit')\n\n\n"
        "class Brittle(OnePile):\n"
        "    name = 'brittle-pile'\n"
        "    code = 'bp'\n\n"
        "    @property\n"
        "    def sheet_kinds(self):\n"
        "        raise RuntimeError('the sheet kinds broke')\n\n\n"
        "FAULTY = Faulty()\n"
        "QUITTER = Quitter()\n"
        "BRITTLE = Brittle()\n"),
}
ENTRY_POINTS = {
    "exit-game": "hostile_exit",
    "raise-game": "hostile_raise",
    "interrupt-game": "hostile_interrupt",
    "odd-game": "hostile_base",
    "missing-game": "companion_no_such_module_at_all",
    "faulty-pile": "hostile_rules:FAULTY",
    "quitter-pile": "hostile_rules:QUITTER",
    "one-pile": "companion_one_pile",
}


def hostile_site(target: Path, entry_points: dict[str, str] | None = None) -> Path:
    """One-pile and the hostile modules installed in ``target`` as the distribution
    ``hostile-games``, declaring ``entry_points``."""
    install(target, entry_points=ENTRY_POINTS if entry_points is None else entry_points,
            dist="hostile-games")
    for module, code in HOSTILE.items():
        (target / f"{module}.py").write_text(code, "utf-8")
    return target


def bad_metadata(target: Path) -> Path:
    """A second distribution, ``bad-metadata``, whose entry_points.txt has a
    ``[companion.games]`` line with no ``=`` (and one in another group), a name no log
    could name and a value that names no module."""
    info = target / "bad_metadata-2.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-metadata\n"
                                   "Version: 2.0\n", "utf-8")
    (info / "entry_points.txt").write_text(
        "[console_scripts]\nbroken-script\n\n[companion.games]\nnoequals\n"
        "Bad Name! = companion_one_pile\nodd-value = not a module!\n", "utf-8")
    return target


def _forget_modules() -> None:
    for module in [m for m in sys.modules
                   if m.split(".")[0] in {"companion_one_pile", *HOSTILE}]:
        del sys.modules[module]


def pile_log() -> tuple[str, int]:
    """``seeded_log()``: a won One Pile log and its turns, the package found where it
    is kept (not installed)."""
    sys.path.insert(0, str(PACKAGE))
    try:
        return seeded_log()
    finally:
        sys.path.remove(str(PACKAGE))
        _forget_modules()


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The hostile packages on ``sys.path`` for one test, with fresh warnings."""
    target = bad_metadata(hostile_site(tmp_path / "site"))
    monkeypatch.syspath_prepend(str(target))
    monkeypatch.setattr(games, "_warned", set())
    monkeypatch.setattr(games, "_failed", {}, raising=False)
    monkeypatch.setattr(games, "_scanned", None)
    yield target
    _forget_modules()


# ------------------------------------------------------------- 1. malformed metadata
def test_a_line_with_no_equals_sign_is_left_out_with_a_warning(site, capsys):
    """Today importlib.metadata gives up on the whole scan (ValueError) at such a line,
    and every command, --help included, ends in a traceback."""
    assert list(GAME_NAMES) == [*REGISTRY, *sorted(ENTRY_POINTS)]
    err = capsys.readouterr().err
    assert "the package bad-metadata declares a game that is ignored: line 5" in err
    assert "'noequals') is not 'name = module'" in err
    assert "'Bad Name! = companion_one_pile') has no game name" in err
    assert "'odd-value = not a module!') has no module" in err
    assert "broken-script" not in err  # another group's lines are not ours to judge
    assert type(get_game("one-pile")).__name__ == "OnePile"
    list(GAME_NAMES)
    games._scanned = None
    list(GAME_NAMES)
    assert capsys.readouterr().err == ""  # said once


def test_help_and_validate_run_beside_a_malformed_entry_point(tmp_path):
    site = bad_metadata(install(tmp_path / "site"))
    r = companion("--help", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "one-pile" in r.stdout and "Traceback" not in r.stderr
    assert r.stderr.count("bad-metadata declares a game that is ignored") == 3
    r = companion("validate", str(BUILT_IN_LOG), pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    text, _ = pile_log()
    (tmp_path / "pile.log").write_text(text, "utf-8")
    r = companion("validate", "pile.log", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_an_entry_points_file_that_is_a_fifo_or_huge_is_not_waited_for(tmp_path):
    """A FIFO is read without waiting for a writer (today ``--help`` waits forever: the
    subprocess timeout is only a guard), and a file over 1 MB is not read."""
    site = install(tmp_path / "site")
    fifo = site / "fifo_games-1.0.dist-info"
    fifo.mkdir()
    (fifo / "METADATA").write_text("Metadata-Version: 2.1\nName: fifo-games\n"
                                   "Version: 1.0\n", "utf-8")
    os.mkfifo(fifo / "entry_points.txt")
    meta = site / "fifo_meta-1.0.dist-info"
    meta.mkdir()
    os.mkfifo(meta / "METADATA")
    (meta / "entry_points.txt").write_text("[companion.games]\nBad Name = x\n", "utf-8")
    huge = site / "huge_games-1.0.dist-info"
    huge.mkdir()
    (huge / "METADATA").write_text("Metadata-Version: 2.1\nName: huge-games\n"
                                   "Version: 1.0\n", "utf-8")
    (huge / "entry_points.txt").write_text(
        "[companion.games]\nhuge-pile = companion_one_pile\n" + "#" * (1 << 21), "utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    r = subprocess.run([sys.executable, "-m", "companion", "--help"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and "one-pile" in r.stdout and "huge-pile" not in r.stdout
    assert sorted(r.stderr.splitlines()) == [
        "companion: the package fifo_meta-1.0.dist-info declares a game that is ignored: "
        "line 2 of its entry_points.txt ('Bad Name = x') has no game name (letters, "
        "digits, '-', '.', '_'; at most 40)",
        "companion: the package huge-games declares no game: its entry_points.txt is over "
        "1,048,576 bytes and is not read"]


# ---------------------------------------------------------------- 2. hostile imports
@pytest.mark.parametrize(("name", "words"), [
    ("exit-game", "cannot be loaded: SystemExit: 3"),
    ("raise-game", "cannot be loaded: RuntimeError: no luck at import"),
    ("interrupt-game", "cannot be loaded: KeyboardInterrupt"),
    ("odd-game", "cannot be loaded: Odd: very odd"),
    ("missing-game", "cannot be loaded: ModuleNotFoundError: No module named "
                     "'companion_no_such_module_at_all'"),
])
def test_a_plugin_that_fails_on_import_is_named(site, name, words):
    """SystemExit, a KeyboardInterrupt it raises itself, or any BaseException of a
    plugin is one ParameterError naming the package and the entry point; the built-in
    games are untouched, and the plugin is not imported a second time."""
    with pytest.raises(ParameterError) as caught:
        get_game(name)
    message = str(caught.value)
    assert message.startswith(f"the game '{name}' that hostile-games installs "
                              f"({name} = {ENTRY_POINTS[name]}) ")
    assert words in message
    module = ENTRY_POINTS[name]
    assert module not in sys.modules
    (site / f"{module}.py").write_text("raise AssertionError('imported twice')\n", "utf-8")
    with pytest.raises(ParameterError, match="^" + message.replace("(", r"\(")
                       .replace(")", r"\)") + "$"):
        get_game(name)
    assert get_game("scoundrel").name == "scoundrel"


def test_every_game_is_listed_but_the_broken_ones(site, capsys):
    names = [g.name for g in all_games()]
    assert names == [*REGISTRY, "faulty-pile", "one-pile", "quitter-pile"]
    err = capsys.readouterr().err
    for broken in ("exit-game", "raise-game", "interrupt-game", "odd-game", "missing-game"):
        assert f"companion: the game '{broken}' that hostile-games installs" in err


def test_companion_games_lists_the_others_and_names_the_broken(tmp_path):
    site = hostile_site(tmp_path / "site", {k: v for k, v in ENTRY_POINTS.items()
                                            if k != "missing-game"})
    r = companion("games", "--json", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    rows = {row["name"]: row for row in json.loads(r.stdout)}
    assert list(rows) == [*REGISTRY, *sorted(set(ENTRY_POINTS) - {"missing-game"})]
    assert rows["one-pile"]["title"] == "One Pile"
    assert rows["one-pile"]["package"] == "hostile-games"
    assert "package" not in rows["scoundrel"]
    assert "SystemExit: 3" in rows["exit-game"]["error"]
    lines = r.stderr.splitlines()
    assert [line.split("'")[1] for line in lines] == [
        "exit-game", "interrupt-game", "odd-game", "raise-game"]
    r = companion("games", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 2 and "one-pile  (One Pile; payload code op; installed by " \
        "hostile-games)" in r.stdout


def test_version_lists_the_games_that_load_and_names_the_others(tmp_path):
    site = hostile_site(tmp_path / "site")
    r = companion("--version", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "one-pile: rules edition 1" in r.stdout and "scoundrel: rules" in r.stdout
    assert "exit-game" not in r.stdout
    assert "(exit-game = hostile_exit) cannot be loaded: SystemExit: 3" in r.stderr


def test_a_plugin_that_raises_in_another_command_is_named(tmp_path):
    """Whatever command runs the code of an installed game, what it raises (here a
    property of its game object) is one message naming it, not a traceback; so does a
    command's help that shows the game's options."""
    site = hostile_site(tmp_path / "site", {"brittle-pile": "hostile_rules:BRITTLE"})
    r = companion("map", "brittle-pile", "--seed", "S1", "--json", pythonpath=site,
                  cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    said = ("companion: the game 'brittle-pile' that hostile-games installs (brittle-pile = "
            "hostile_rules:BRITTLE) failed: RuntimeError: the sheet kinds broke\n")
    assert r.stderr == said
    r = companion("map", "brittle-pile", "--help", pythonpath=site, cwd=tmp_path)
    assert (r.returncode, r.stderr) == (2, said)  # its help, outside the command


def test_validate_names_a_plugin_that_cannot_load_and_goes_on(site, tmp_path):
    text, turns = pile_log()
    logs = []
    for name in ("exit-game", "odd-game", "one-pile"):
        log = tmp_path / f"{name}.log"
        log.write_text(text.replace("one-pile", name), "utf-8")
        logs.append(str(log))
    reported = list(validate_many([logs[0], str(BUILT_IN_LOG), logs[1], logs[2]]))
    assert [r.exit_code for r in reported] == [2, 0, 2, 0]
    assert reported[0].error_text == (
        f"{logs[0]}:1:8: the game 'exit-game' that hostile-games installs "
        "(exit-game = hostile_exit) cannot be loaded: SystemExit: 3")
    assert reported[0].rule == "plugin" and reported[0].json["game"] == "exit-game"
    assert "Odd: very odd" in (reported[2].error_text or "")
    assert reported[3].json["score"] == turns


# ------------------------------------------------------------ 2. rules raise at replay
def test_rules_that_raise_at_replay_give_the_line_and_the_plugin(site):
    text, _ = pile_log()
    v = validate_text(text.replace("one-pile", "faulty-pile"), "f.log")
    assert not v.valid and v.exit_code == 2 and v.error is not None
    assert str(v.error) == (
        "f.log:7:1: the game 'faulty-pile' that hostile-games installs (faulty-pile = "
        "hostile_rules:FAULTY) failed on this line (a fault of that package, not of the "
        "log): ZeroDivisionError: the rules divided by zero")
    assert v.error.__traceback__ is None and v.error.__context__ is None
    v = validate_text(text.replace("one-pile", "quitter-pile"), "q.log")
    assert v.exit_code == 2 and str(v.error).startswith("q.log:4:1: the game "
                                                        "'quitter-pile' that hostile-games")
    assert str(v.error).endswith("SystemExit: the rules quit")


def test_validate_goes_on_after_a_plugin_that_raises_at_replay(tmp_path):
    site = hostile_site(tmp_path / "site")
    text, turns = pile_log()
    (tmp_path / "f.log").write_text(text.replace("one-pile", "faulty-pile"), "utf-8")
    (tmp_path / "q.log").write_text(text.replace("one-pile", "quitter-pile"), "utf-8")
    (tmp_path / "p.log").write_text(text, "utf-8")
    r = companion("validate", "f.log", "q.log", str(BUILT_IN_LOG), "p.log", "--json",
                  pythonpath=site, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    verdicts = json.loads(r.stdout)
    assert [v["valid"] for v in verdicts] == [False, False, True, True]
    assert [v["error"]["rule"] for v in verdicts[:2]] == ["plugin", "plugin"]
    assert verdicts[3]["score"] == turns
    r = companion("validate", "f.log", pythonpath=site, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "f.log:7:1: the game 'faulty-pile' that hostile-games installs" in r.stdout + r.stderr


# ----------------------------------------------------------------- 2. a hanging import
def _hanging(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    site = hostile_site(tmp_path / "site", {"hang-game": "hostile_hang",
                                            "one-pile": "companion_one_pile"})
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(site), HANG_MARKER=str(tmp_path / "importing"))
    return site, env


def test_a_hanging_plugin_hangs_only_the_commands_that_load_it(tmp_path):
    """``--help``, ``map --help``, a built-in game's log and the scan of a built-in
    game's sheet never import it (today the scan imports every installed game; the
    subprocess timeout is only a guard: each run takes about a second)."""
    _, env = _hanging(tmp_path)
    run = [sys.executable, "-m", "companion"]
    for args in (["--help"], ["validate", str(BUILT_IN_LOG)], ["map", "--help"],
                 ["map", "scoundrel", "--seed", "S1", "--out", "s.pdf"], ["scan", "s.pdf"]):
        r = subprocess.run([*run, *args], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=30)
        assert r.returncode == 0, (args, r.stderr)
        assert not (tmp_path / "importing").exists(), args
    assert "hang-game" in subprocess.run([*run, "--help"], cwd=tmp_path, env=env,
                                         capture_output=True, text=True,
                                         timeout=60).stdout


def test_ctrl_c_in_a_hanging_plugin_names_it(tmp_path):
    """``companion games`` loads every plugin, so it waits for a hanging one; Ctrl-C
    stops it and says which package was loading."""
    _, env = _hanging(tmp_path)
    marker = tmp_path / "importing"
    child = subprocess.Popen([sys.executable, "-m", "companion", "games"], cwd=tmp_path,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert marker.exists(), child.communicate(timeout=5)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode != 0
    assert ("companion: interrupted in the game 'hang-game' that hostile-games installs "
            "(hang-game = hostile_hang)") in err
    assert "Traceback" not in err


# ---------------------------------------------------------------------- 3. start-up
def test_help_imports_no_plugin(tmp_path):
    """``companion --help`` lists an installed game's name from its metadata alone."""
    site = hostile_site(tmp_path / "site")
    code = ("import sys; from companion.cli import app; "
            "print(sorted(m for m in sys.modules if m.startswith(('hostile', "
            "'companion_one_pile'))))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("handler", ["host", "ignored", "system"])
def test_a_plugins_own_keyboard_interrupt_is_its_fault_whoever_handles_ctrl_c(handler):
    """A test runner's worker (pytest-xdist) or a host program may handle SIGINT itself,
    or ignore it: a KeyboardInterrupt the plugin raises is still the plugin's fault, not
    a Ctrl-C that stops the whole process (it took down an xdist worker)."""
    import signal

    from companion.games import Plugin, PluginFault, run_plugin

    def raises() -> None:
        raise KeyboardInterrupt

    chosen = {"host": lambda signum, frame: None, "ignored": signal.SIG_IGN,
              "system": signal.SIG_DFL}[handler]
    before = signal.signal(signal.SIGINT, chosen)
    try:
        with pytest.raises(PluginFault):
            run_plugin(Plugin("x-game", "x_module", "x-dist"), raises)
        assert signal.getsignal(signal.SIGINT) is chosen  # given back as it was
    finally:
        signal.signal(signal.SIGINT, before)
