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


# ------------------------------------------------------------ 1. printer.json, hostile


MEMORY = 600_000_000  # bytes of address space for a child that must not read a file whole


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def settings(config: Path) -> Path:
    """Where printer.json lives under the config folder ``config`` ($XDG_CONFIG_HOME)."""
    folder = config / "companion"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "printer.json"


def in_child(config: Path, *args: object, seconds: float = 20.0
             ) -> subprocess.CompletedProcess[str]:
    """The command line in a child whose printer settings are under ``config``, with
    at most MEMORY bytes and ``seconds``; no traceback."""
    argv = [sys.executable, "-m", "companion", *map(str, args)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(config)}
    r = subprocess.run(argv, capture_output=True, timeout=seconds, cwd=config, env=env,
                       check=False, preexec_fn=_limit_memory, stdin=subprocess.DEVNULL)
    out = subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(errors="replace"),
                                      r.stderr.decode(errors="replace"))
    assert "Traceback" not in out.stderr and "Error" not in out.stderr, out.stderr[-2000:]
    return out


TILES = ("sheets", "dungeon-solitaire", "--seed", SEED, "--kind", "tiles", "--out", "t.pdf")


def _cleared(config: Path, path: Path) -> None:
    r = in_child(config, "calibrate", "--clear")
    assert r.returncode == 0, r.stderr
    assert "forgot the back offset for a4" in r.stdout
    assert not os.path.lexists(path)
    assert in_child(config, "calibrate").stdout.startswith("a4: none saved\n")


def test_deeply_nested_settings_are_refused_and_clear_works(tmp_path):
    path = settings(tmp_path)
    path.write_text("[" * 50_000)
    for args in (TILES, ("calibrate",), ("calibrate", "--save", "1,1")):
        r = in_child(tmp_path, *args)
        assert r.returncode == 2
        assert "nested too deeply" in r.stderr and "calibrate --clear" in r.stderr
    _cleared(tmp_path, path)
    assert in_child(tmp_path, *TILES).returncode == 0


def test_settings_linked_to_dev_zero_are_not_read_and_clear_removes_the_link(tmp_path):
    path = settings(tmp_path)
    path.symlink_to("/dev/zero")
    r = in_child(tmp_path, *TILES)
    assert r.returncode == 2 and "not a regular file" in r.stderr
    _cleared(tmp_path, path)
    assert Path("/dev/zero").exists()


def test_clear_removes_a_link_to_bad_settings_not_its_target(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text("{not json")
    path = settings(tmp_path)
    path.symlink_to(target)
    assert in_child(tmp_path, "calibrate").returncode == 2
    _cleared(tmp_path, path)
    assert target.read_text() == "{not json"  # the user's other file is left alone


def test_a_link_to_good_settings_is_written_through(tmp_path):
    target = tmp_path / "dotfiles.json"
    target.write_text('{"back_offset": {"a4": [1, 2], "letter": [3, 4]}}')
    path = settings(tmp_path)
    path.symlink_to(target)
    r = in_child(tmp_path, "calibrate", "--clear")
    assert r.returncode == 0 and path.is_symlink()
    assert '"letter"' in target.read_text() and '"a4"' not in target.read_text()


@pytest.mark.parametrize("command", [TILES, ("pack", "dungeon-solitaire", "--seed", SEED,
                                             "--out", "p.pdf"),
                                     ("daily", "dungeon-solitaire", "--date", "2026-11-21",
                                      "--print", "--out", "d.pdf")])
def test_settings_that_are_a_fifo_do_not_hang_any_duplex_sheet(tmp_path, command):
    path = settings(tmp_path)
    os.mkfifo(path)
    r = in_child(tmp_path, *command)
    assert r.returncode == 2 and "not a regular file" in r.stderr
    assert not list(tmp_path.glob("*.pdf"))


def test_clear_removes_settings_that_are_a_fifo(tmp_path):
    path = settings(tmp_path)
    os.mkfifo(path)
    _cleared(tmp_path, path)


def test_huge_settings_are_refused_unread(tmp_path):
    path = settings(tmp_path)
    with path.open("wb") as fh:  # 300 MB, sparse: nothing to write
        fh.truncate(300_000_000)
    r = in_child(tmp_path, "calibrate")
    assert r.returncode == 2 and "over 64,000 bytes" in r.stderr
    _cleared(tmp_path, path)


def test_settings_that_are_a_folder_and_clear(tmp_path):
    path = settings(tmp_path)
    path.mkdir()
    r = in_child(tmp_path, *TILES)
    assert r.returncode == 2 and "are a folder" in r.stderr
    (path / "mine.txt").write_text("keep me")
    r = in_child(tmp_path, "calibrate", "--clear")  # a folder with files: never removed
    assert r.returncode == 2 and "folder with files in it" in r.stderr
    assert (path / "mine.txt").read_text() == "keep me"
    (path / "mine.txt").unlink()
    _cleared(tmp_path, path)  # an empty one is removed


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_settings_and_clear(tmp_path):
    path = settings(tmp_path)
    path.write_text('{"back_offset": {}}')
    path.chmod(0)
    r = in_child(tmp_path, "calibrate")
    assert r.returncode == 2 and "calibrate --clear" in r.stderr
    _cleared(tmp_path, path)


# ------------------------------------------- 4. bytes that are not UTF-8, broken streams

BAD = b"A\xff\xfeB"  # a name that is not UTF-8: Python gives it as surrogate escapes
LOG = ROOT / "tests" / "data" / "sd-room-order.log"


def full_stdout(*args: object) -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "wb") as full:
        return child(*args, stdout=full.fileno())


@pytest.mark.parametrize("args", [("games",), ("validate", LOG), ("--help",),
                                  ("validate", "--json", LOG)])
def test_a_full_standard_output_is_one_message(args):
    r = full_stdout(*args)
    assert r.returncode == 2
    assert r.stderr == "companion: cannot write to standard output: No space left on device\n"


def test_a_full_standard_output_for_a_pdf_is_one_message():
    r = full_stdout("sheets", "dungeon-solitaire", "--seed", SEED, "--kind", "log",
                    "--out", "-")
    assert r.returncode == 2 and "No space left on device" in r.stderr


def test_a_closed_standard_output_is_one_message():
    r = subprocess.run(["bash", "-c", f'exec "{sys.executable}" -m companion games >&-'],
                       capture_output=True, text=True, timeout=30, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert r.returncode == 2
    assert r.stderr == "companion: cannot write to standard output: it is closed\n"


def test_a_closed_standard_input_is_one_message():
    r = subprocess.run(["bash", "-c",
                        f'exec "{sys.executable}" -m companion validate - <&-'],
                       capture_output=True, text=True, timeout=30, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert r.returncode == 2
    assert r.stderr == "-: cannot read: standard input is closed\n"


def test_record_with_standard_input_closed_is_one_message(tmp_path):
    r = subprocess.run(["bash", "-c", f'exec "{sys.executable}" -m companion record '
                        f'shuffle-and-doom --seed {SEED} --out x.log <&-'],
                       capture_output=True, text=True, timeout=30, cwd=tmp_path,
                       env={**os.environ, "PYTHONPATH": str(ROOT),
                            "XDG_CONFIG_HOME": str(tmp_path)}, check=False)
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    # nothing to read the lines from: a usage error, said before anything is written
    assert r.returncode == 2 and "standard input is closed" in r.stderr, r.stderr


def test_record_refuses_a_typed_line_that_is_not_utf8(tmp_path):
    r = subprocess.run([sys.executable, "-m", "companion", "record", "shuffle-and-doom",
                        "--seed", SEED, "--out", "x.log"], input=b"enter a1\xff\nquit\n",
                       capture_output=True, timeout=30, cwd=tmp_path, check=False,
                       env={**os.environ, "PYTHONPATH": str(ROOT),
                            "PYTHONIOENCODING": "utf-8:strict"})
    err = r.stderr.decode()
    assert "Traceback" not in err, err[-2000:]
    assert r.returncode == 1 and "not UTF-8" in err  # a refused line: exit 1
    assert "enter" not in (tmp_path / "x.log").read_text(encoding="utf-8")


STRICT = [{"PYTHONIOENCODING": "utf-8:strict"},
          {"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}]


@pytest.mark.parametrize("env", STRICT)
def test_a_file_name_that_is_not_utf8_is_echoed_safely(env, tmp_path):
    import json

    r = child("validate", "--json", BAD + b".log", env=env, cwd=tmp_path)
    assert r.returncode == 2
    assert json.loads(r.stdout)[0]["file"] == os.fsdecode(BAD + b".log")
    r = child("sheets", "dungeon-solitaire", "--seed", SEED, "--kind", "log", "--out",
              BAD + b".pdf", env=env, cwd=tmp_path)
    # as every name on the terminal (companion.text.shown_text): undecodable bytes show
    # as U+FFFD, never raw and never a traceback
    assert r.returncode == 0 and r.stdout == "A\ufffd\ufffdB.pdf\n"
    assert (tmp_path / os.fsdecode(BAD + b".pdf")).is_file()  # the name as given


@pytest.mark.parametrize("env", STRICT)
def test_option_values_that_are_not_utf8_are_refused_where_a_file_holds_them(env,
                                                                             tmp_path):
    r = child("standings", "--title", BAD, "--out", "s.html", LOG, env=env, cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == ("companion: --title must be UTF-8 text: 'A\\udcff\\udcfeB' holds "
                        "bytes that are not\n")
    assert not (tmp_path / "s.html").exists()
    r = child("record", "shuffle-and-doom", "--seed", SEED, "--player", BAD, "--out",
              "x.log", env=env, cwd=tmp_path, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "--player must be UTF-8 text" in r.stderr
    assert not (tmp_path / "x.log").exists()


# ------------------------------------------------ 2. --out naming one of the inputs

PLAYTHROUGH = ROOT / "tests" / "examples" / "shuffle-and-doom" / "playthrough-1-4x4.log"


def _refused(r, victim: Path, before: bytes, what: str) -> None:
    assert r.exit_code == 2, r.output
    assert f"it is {what}" in r.stderr and "would be replaced" in r.stderr
    assert "Traceback" not in r.output
    assert victim.read_bytes() == before


@pytest.mark.parametrize("alias", ["same", "hard", "symlink", "dotted"])
def test_sheets_from_a_log_never_writes_over_it(tmp_path, alias):
    log = tmp_path / "a.log"
    before = PLAYTHROUGH.read_bytes()
    log.write_bytes(before)
    out = {"same": log, "hard": tmp_path / "hard.pdf", "symlink": tmp_path / "link.pdf",
           "dotted": tmp_path / "sub" / ".." / "a.log"}[alias]
    if alias == "hard":
        os.link(log, out)
    elif alias == "symlink":
        out.symlink_to(log)
    elif alias == "dotted":
        (tmp_path / "sub").mkdir()
    r = runner.invoke(app, ["sheets", "shuffle-and-doom", "--seed", SEED, "--kind",
                            "record", "--from", str(log), "--out", str(out)])
    _refused(r, log, before, "one of the logs")


def test_a_layout_is_never_replaced_by_the_sheet_it_lays_out(tmp_path):
    layout = tmp_path / "my.toml"
    before = (ROOT / "layouts" / "map.toml").read_bytes()
    layout.write_bytes(before)
    r = runner.invoke(app, ["map", "shuffle-and-doom", "--seed", SEED, "--layout",
                            str(layout), "--out", str(layout)])
    _refused(r, layout, before, "the layout")
    booklet = tmp_path / "b.toml"
    booklet.write_bytes((ROOT / "layouts" / "booklet-a5.toml").read_bytes())
    r = runner.invoke(app, ["booklet", "scoundrel", "--layout", str(booklet), "--out",
                            str(booklet)])
    _refused(r, booklet, (ROOT / "layouts" / "booklet-a5.toml").read_bytes(), "the layout")


def _photo(tmp_path: Path) -> Path:
    import pypdfium2

    pdf = tmp_path / "sheet.pdf"
    r = runner.invoke(app, ["sheets", "shuffle-and-doom", "--seed", SEED, "--kind",
                            "stack", "--size", "5", "--out", str(pdf)])
    assert r.exit_code == 0, r.output
    png = tmp_path / "photo.png"
    pypdfium2.PdfDocument(pdf)[0].render(scale=150 / 72).to_pil().save(png)
    return png


def test_scan_regenerate_refuses_an_out_that_is_the_photo(tmp_path):
    png = _photo(tmp_path)
    before = png.read_bytes()
    r = runner.invoke(app, ["scan", str(png), "--regenerate", "--out", str(png)])
    _refused(r, png, before, "one of the files scanned")


def test_scan_regenerate_of_a_file_with_its_default_name_writes_beside_it(tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["sheets", "shuffle-and-doom", "--seed", SEED, "--kind",
                            "stack", "--size", "5"])
    assert r.exit_code == 0, r.output
    scanned = Path(r.stdout.strip())
    assert scanned.parent == Path("output")
    before = os.stat(scanned)
    r = runner.invoke(app, ["scan", str(scanned), "--regenerate"])
    assert r.exit_code == 0, r.output
    rebuilt = scanned.with_name(scanned.stem + "-rebuilt.pdf")
    assert f"  rebuilt: {rebuilt}\n" in r.stdout
    after = os.stat(scanned)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert rebuilt.read_bytes() == scanned.read_bytes()  # the same sheet, rebuilt


# ------------------------------------- 5. --ink light wherever a sheet prints large fills


def _darkness(data: bytes, page: int = 0) -> float:
    """Mean darkness of one page at 36 dpi: 0 white, 1 black (the share of toner)."""
    import pypdfium2

    image = pypdfium2.PdfDocument(data)[page].render(scale=0.5, grayscale=True).to_pil()
    histogram = image.convert("L").histogram()
    return 1 - sum(v * n for v, n in enumerate(histogram)) / (255 * sum(histogram))


# measured (a4 / letter): Dungeon Solitaire page 1: tiles 13.6 % -> 6.8 % / 14.1 -> 7.0;
# cards 24.4 -> 9.6 / 21.4 -> 8.6; answer key 15.4 -> 9.2 / 14.0 -> 8.8. Clear the
# Dungeon deck, page 4 (card backs): 18.8 -> 6.6 / 19.4 -> 6.8
LIGHT = [("dungeon-solitaire", "tiles", 0, 0.6), ("dungeon-solitaire", "cards", 0, 0.5),
         ("dungeon-solitaire", "map", 0, 0.7), ("clear-the-dungeon", "deck", 3, 0.5)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "kind", "page", "share"), LIGHT)
def test_light_ink_wherever_a_sheet_prints_large_fills(game, kind, page, share, paper,
                                                       tmp_path):
    from companion.sheet_request import SheetRequest

    out = tmp_path / "light.pdf"
    seed = ["--seed", SEED] if get_game(game).sheet_kind(kind).seeded else []
    r = runner.invoke(app, ["sheets", game, *seed, "--kind", kind, "--paper", paper,
                            "--ink", "light", "--out", str(out)])
    assert r.exit_code == 0, r.output
    default = SheetRequest.build(game, kind, SEED, paper).render()
    dark = SheetRequest.build(game, kind, SEED, paper, ink="dark").render()
    assert dark == default  # the default sheets are the solid ones, byte for byte
    light, solid = _darkness(out.read_bytes(), page), _darkness(default, page)
    assert light < share * solid, (light, solid)


def test_light_ink_names_the_file_and_goes_with_fold_backs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["sheets", "dungeon-solitaire", "--seed", SEED, "--kind",
                            "cards", "--ink", "light", "--backs", "fold"])
    assert r.exit_code == 0, r.output
    assert r.stdout == f"output/dungeon-solitaire-{SEED}-size5-fold-lightink-cards-a4.pdf\n"
    r = runner.invoke(app, ["sheets", "dungeon-solitaire", "--seed", SEED, "--kind",
                            "mat", "--ink", "light"])
    assert r.exit_code == 2 and "no large dark areas" in r.stderr
