"""Hostile files and special paths (issue 14): each finding reproduced, in a
subprocess with a memory and a time limit where the failure was a blow-up."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import companion.log as logmod
from companion.errors import UnreadableLogError
from companion.log import MAX_LOG_BYTES, parse_log
from companion.paper.layout import load_layout

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 1_500_000_000  # bytes of address space for the child
CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({mem}, {mem}))
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli import main
try:
    main()
finally:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print("PEAK_KB", peak, file=sys.stderr)
"""


def run(*args: object, stdin: bytes | None = None, seconds: float = 60.0,
        shell_stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command line in a child with at most MEMORY bytes, killed after ``seconds``."""
    argv = [sys.executable, "-c", CHILD.format(mem=MEMORY), *map(str, args)]
    if shell_stdin is not None:  # e.g. `yes |`
        cmd = shell_stdin + " | " + " ".join(f"'{a}'" for a in argv)
        r = subprocess.run(["bash", "-c", cmd], capture_output=True, timeout=seconds,
                           cwd=ROOT, check=False)
    else:
        r = subprocess.run(argv, input=stdin, capture_output=True, timeout=seconds, cwd=ROOT,
                           check=False)
    out = subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(errors="replace"),
                                      r.stderr.decode(errors="replace"))
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    return out


def peak_kb(r: subprocess.CompletedProcess[str]) -> int:
    return int(re.search(r"PEAK_KB (\d+)", r.stderr).group(1))


# --------------------------------------------------------------- special files


@pytest.mark.parametrize("command", ["validate", "score"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_that_never_ends_is_read_only_up_to_the_limit(command, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    r = run(command, device, seconds=30)
    assert r.returncode == 2 and r.stdout == ""
    assert f"logs over {MAX_LOG_BYTES:,} bytes are refused" in r.stderr


def test_an_endless_pipe_on_stdin_is_bounded():
    r = run("validate", "/dev/stdin", shell_stdin="yes", seconds=30)
    assert r.returncode == 2 and "bytes are refused" in r.stderr
    r = run("validate", "-", shell_stdin="yes", seconds=30)
    assert r.returncode == 2 and "bytes are refused" in r.stderr


def test_a_layout_that_never_ends_is_refused():
    r = run("map", "shuffle-and-doom", "--seed", "A", "--layout", "/dev/zero", seconds=30)
    assert r.returncode == 2 and "too large for a layout" in r.stderr


def test_a_fifo_without_a_writer_does_not_block(tmp_path):
    fifo = tmp_path / "game.log"
    os.mkfifo(fifo)
    r = run("validate", fifo, seconds=30)
    assert r.returncode == 2 and "empty log" in r.stderr


def test_a_dash_reads_the_log_from_standard_input():
    game = (ROOT / "README.md").read_text(encoding="utf-8").split("```\n[Game")[1]
    text = "[Game" + game.split("```")[0]
    r = run("validate", "-", stdin=text.encode())
    assert r.returncode == 0 and r.stdout.startswith("-: valid, cleared"), r.stdout


# --------------------------------------------------------------- batches


def _big_log(path: Path) -> None:
    lines = ['[Game "shuffle-and-doom"]', '[Seed "BIG"]', "choose row"]
    lines += ["hit 5♠   # an illegal hit, and the log goes on"] * 31_000
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert 1_300_000 < path.stat().st_size < MAX_LOG_BYTES


def test_memory_of_a_batch_does_not_grow_with_its_rejected_logs(tmp_path):
    log = tmp_path / "big.log"
    _big_log(log)
    one = run("validate", log, seconds=120)
    twelve = run("validate", *[log] * 12, seconds=600)
    assert one.returncode == twelve.returncode == 1
    assert twelve.stdout.count("invalid") == 12
    assert peak_kb(twelve) < peak_kb(one) * 1.5 + 20_000, (peak_kb(one), peak_kb(twelve))


def lines_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the log lines parsed from now on (``log._read_line`` watched)."""
    read: list[int] = []
    real = logmod._read_line

    def counting(raw: str, lineno: int, *args: object) -> object:
        read.append(lineno)
        return real(raw, lineno, *args)

    monkeypatch.setattr(logmod, "_read_line", counting)
    return read


def test_a_file_of_no_known_game_is_refused_at_its_first_action(monkeypatch):
    read = lines_read(monkeypatch)
    text = '[Player "x"]\n' + "choose row\n" * 50_000
    from companion.replay import validate_text

    v = validate_text(text)
    assert not v.valid and isinstance(v.error, UnreadableLogError)
    assert 'no [Game "..."] tag' in v.error.message and v.error.line == 2
    assert max(read) == 2  # the rest of the file was never parsed
    read.clear()
    parse_log(text)  # without the check: every line
    assert max(read) == 50_002  # (the empty line after the last newline too)


# --------------------------------------------------------------- layouts


POKER = (ROOT / "layouts" / "poker.toml").read_text(encoding="utf-8")
NUMERIC = ["margin", "item_w", "item_h", "cols", "rows", "gap", "bleed", "safe", "qr_size"]


def _layout(tmp_path: Path, key: str, value: str, base: str = POKER) -> Path:
    text = re.sub(rf"^{key} = .*$", f"{key} = {value}", base, flags=re.M)
    if not re.search(rf"^{key} = ", text, flags=re.M):
        text += f"\n{key} = {value}\n"
    path = tmp_path / f"{key}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("key", NUMERIC)
@pytest.mark.parametrize("value", ["1" + "0" * 309, "-" + "9" * 400, "1e308", "inf"])
def test_an_absurd_number_in_a_layout_is_refused_with_its_key(tmp_path, key, value):
    from companion.errors import LayoutError

    path = _layout(tmp_path, key, value)
    with pytest.raises(LayoutError, match=rf"key '{key}'"):
        load_layout(path)


def test_a_layout_whose_parts_overlap_is_refused(tmp_path):
    from companion.errors import LayoutError

    page = (ROOT / "layouts" / "map.toml").read_text(encoding="utf-8")
    with pytest.raises(LayoutError, match="qr_size"):
        load_layout(_layout(tmp_path, "qr_size", "100", page))
    with pytest.raises(LayoutError, match="margin"):
        load_layout(_layout(tmp_path, "margin", "80", page))
    with pytest.raises(LayoutError, match="margin"):
        load_layout(_layout(tmp_path, "margin", "60", page))
    with pytest.raises(LayoutError, match="qr_size"):
        load_layout(_layout(tmp_path, "qr_size", "100"))


def test_a_layout_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (ROOT / "layouts" / "map.toml").read_bytes())
    assert load_layout(path).name == "map"


# --------------------------------------------------------------- --out


def cli(*args: object) -> subprocess.CompletedProcess[str]:
    from typer.testing import CliRunner

    from companion.cli import app

    r = CliRunner().invoke(app, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return subprocess.CompletedProcess(args, r.exit_code, r.stdout, r.stderr)


MAP = ("map", "shuffle-and-doom", "--seed", "OUT")


def test_out_never_replaces_what_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    r = cli(*MAP, "--out", fifo)
    assert r.returncode == 2 and "not a regular file" in r.stderr
    assert fifo.is_fifo()
    if os.path.exists("/dev/null"):
        before = os.stat("/dev/null")
        r = cli(*MAP, "--out", "/dev/null")
        assert r.returncode == 2 and "not a regular file" in r.stderr
        assert os.stat("/dev/null").st_rdev == before.st_rdev


def test_out_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    r = cli(*MAP, "--out", link)
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


def test_out_refuses_a_read_only_file_and_keeps_a_files_mode(tmp_path):
    ro = tmp_path / "ro.pdf"
    ro.write_bytes(b"keep me")
    ro.chmod(0o444)
    r = cli(*MAP, "--out", ro)
    assert r.returncode == 2 and "read-only" in r.stderr
    assert ro.read_bytes() == b"keep me"
    private = tmp_path / "private.pdf"
    private.write_bytes(b"old")
    private.chmod(0o600)
    assert cli(*MAP, "--out", private).returncode == 0
    assert private.stat().st_mode & 0o777 == 0o600


def test_out_into_a_folder_gets_the_default_name(tmp_path):
    folder = tmp_path / "sheets"
    folder.mkdir()
    r = cli(*MAP, "--out", folder)
    assert r.returncode == 0 and (folder / "shuffle-and-doom-OUT-size7-map-a4.pdf").exists()
    r = cli(*MAP, "--out", f"{tmp_path}/new/")
    assert r.returncode == 0
    assert (tmp_path / "new" / "shuffle-and-doom-OUT-size7-map-a4.pdf").exists()


def test_out_dash_writes_the_pdf_to_standard_output(tmp_path):
    r = run(*MAP, "--out", "-")
    assert r.returncode == 0 and r.stdout.startswith("%PDF") and "PEAK_KB" in r.stderr


@pytest.mark.parametrize("args,words", [
    (("--out", ""), "--out needs a file name"),
    (("--out", "a\nb.pdf"), "--out needs a file name"),
    (("--paper", ""), "--paper needs a value"),
    (("--paper", " "), "--paper needs a value"),
])
def test_empty_or_odd_values_are_refused(args, words):
    r = cli(*MAP, *args)
    assert r.returncode == 2 and words in r.stderr


@pytest.mark.parametrize("offset", ["1_5,0", "١,0", "1,2,3", "1e1,0", "0x1,0", ""])
def test_a_back_offset_takes_plain_decimal_numbers_only(offset):
    r = cli("sheets", "dungeon-solitaire", "--seed", "A", "--kind", "cards",
            "--back-offset", offset)
    assert r.returncode == 2 and "--back-offset takes X,Y" in r.stderr


def test_whatever_the_user_typed_is_quoted_short():
    r = cli(*MAP, "--" + "x" * 2000, "1")
    assert r.returncode == 2 and len(r.stderr) < 300
    r = cli(*MAP, "y" * 2000)
    assert r.returncode == 2 and len(r.stderr) < 300


# --------------------------------------------------------------- payloads


def test_a_payload_edition_with_a_leading_zero_is_not_edition_1():
    from companion.errors import PayloadError
    from companion.seeds import parse_payload

    with pytest.raises(PayloadError, match="no leading zero"):
        parse_payload("companion:01/sd/A/size=7")
    assert parse_payload("companion:1/sd/A/size=7").edition == 1


def test_a_payload_floor_beyond_its_floors_is_refused():
    from companion.errors import PayloadError
    from companion.games import get_game

    game = get_game("dungeon-upkeeper")
    assert game.check_payload({"floors": "3", "floor": "3"})[0] == {"floors": 3}
    with pytest.raises(PayloadError, match="floor='7' of floors=3"):
        game.check_payload({"floors": "3", "floor": "7"})


def test_the_validator_reads_no_further_than_the_first_error(monkeypatch):
    from companion.replay import validate_text

    read = lines_read(monkeypatch)
    text = '[Game "shuffle-and-doom"]\n[Seed "A"]\nchoose row\n' + "hit 5♠\n" * 40_000
    v = validate_text(text)
    assert not v.valid and v.error.line == 4
    assert max(read) < 100  # (the hint search replays the first lines only)


def test_scanning_a_pack_to_rebuild_it_says_how_to_print_it_again(tmp_path):
    data = __import__("companion.pack", fromlist=["render_pack"]).render_pack(
        "dungeon-upkeeper", "K7Q2-9XMA", {"floors": 3}, "a4", ())
    pdf = tmp_path / "pack.pdf"
    pdf.write_bytes(data)
    out = tmp_path / "rebuilt"
    out.mkdir()
    r = cli("scan", pdf, "--regenerate", "--out", out)
    assert r.returncode == 2
    assert "companion pack dungeon-upkeeper --seed K7Q2-9XMA --floors 3" in r.stderr
    assert list(out.iterdir()) == []
    r = cli("scan", pdf, "--json")
    assert r.returncode == 0 and "warnings" in r.stdout
