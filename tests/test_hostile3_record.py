"""Round three of hostile input (issue 24) for ``companion record`` and ``companion
play``: a resumed log is only ever added to, byte for byte; what is typed or piped at
the prompt (Unicode digits, endless lines, NUL bytes, bytes that are no UTF-8, a
closed standard input) gets a clear message, never a traceback; one session a log;
no temporary file left behind; Dungeon Solitaire's draft one set at a time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import record
from companion.games import get_game
from companion.replay import validate_text
from companion.simulate import play

ROOT = Path(__file__).resolve().parent.parent
SEED = "S1"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="dumb")
    return env


def companion(*args: str, stdin: bytes | None = b"", cwd: Path = ROOT,
              shell_stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command line in a child (``shell_stdin``: a shell redirection such as
    ``< /dev/zero``); never a traceback."""
    argv = [sys.executable, "-m", "companion", *args]
    if shell_stdin is not None:
        cmd = " ".join(f"'{a}'" for a in argv) + " " + shell_stdin
        r = subprocess.run(["bash", "-c", cmd], capture_output=True, cwd=cwd, env=_env(),
                           timeout=60, check=False)
    else:
        r = subprocess.run(argv, input=stdin, capture_output=True, cwd=cwd, env=_env(),
                           timeout=60, check=False)
    out = subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(errors="replace"),
                                      r.stderr.decode(errors="replace"))
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    return out


def ctd_lines() -> list[str]:
    g = get_game("clear-the-dungeon")
    return play(g, SEED, g.check_params({}), "greedy").log_text().splitlines()


# -- 1. resume only appends ----------------------------------------------------------------
def hostile_logs(lines: list[str]) -> dict[str, bytes]:
    """Valid logs of the first seven lines of a game, written as people write them."""
    h, body = lines[:2], lines[2:7]
    texts = {
        "lone CR in a comment": "\n".join([*h, "# a\rb", body[0], body[1] + " # c\rd",
                                           *body[2:]]) + "\n",
        "CRLF": "\r\n".join([*h, *body]) + "\r\n",
        "no final newline": "\n".join([*h, *body]),
        "ends with CR": "\n".join([*h, *body]) + " # x\r",
        "CRLF without final newline": "\r\n".join([*h, *body]),
        "comments everywhere": "\n".join(["# before the header", h[0], "# between tags",
                                          h[1] + "  # after a tag", "", "# before the body",
                                          body[0] + " # after an action", *body[1:3],
                                          "   # indented", *body[3:], "# at the end", ""]) + "\n",
        "BOM": "\ufeff" + "\n".join([*h, *body]) + "\n",
        "tabs": "\n".join([*h, "\t# a tab", "\t" + body[0], body[1].replace(" ", "\t"),
                            *body[2:]]) + "\n",
        "typographic quotes": "\n".join([h[0], '[Player "Ada ’the’ “B”"]',
                                         h[1], "# “a note” ‘here’ …", *body]) + "\n",
        "two tags a line": "\n".join([h[0] + " " + h[1] + " # both", *body]) + "\n",
    }
    return {k: v.encode("utf-8") for k, v in texts.items()}


@pytest.mark.parametrize("kind", list(hostile_logs(["x"] * 7)))
def test_resume_keeps_every_byte_and_only_appends(kind, tmp_path):
    lines = ctd_lines()
    data = hostile_logs(lines)[kind]
    assert validate_text(data).valid, validate_text(data).error
    log = tmp_path / "mine.log"
    log.write_bytes(data)
    s = record.resume(log, None, "record", None)
    assert log.read_bytes() == data  # opening it writes nothing
    s.submit(lines[7])
    out = log.read_bytes()
    crlf = b"\r\n" in data
    kept = data + (b"" if data.endswith(b"\n") else b"\n" if data.endswith(b"\r")
                   else b"\r\n" if crlf else b"\n")
    assert out == kept + lines[7].encode("utf-8") + (b"\r\n" if crlf else b"\n")
    assert validate_text(out).valid
    s.undo()  # what was added goes; what was there stays
    assert log.read_bytes() == data


def test_resume_then_quit_leaves_the_file_as_it_was(tmp_path):
    data = hostile_logs(ctd_lines())["lone CR in a comment"]
    log = tmp_path / "mine.log"
    log.write_bytes(data)
    done = companion("record", "--resume", str(log), stdin=b"quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == data


def test_resume_edits_only_the_tag_lines_it_must(tmp_path):
    lines = ctd_lines()
    data = hostile_logs(lines)["comments everywhere"].replace(b"\n", b"\r\n")
    log = tmp_path / "mine.log"
    log.write_bytes(data)
    s = record.resume(log, None, "record", "Bo")  # --player: a line after the last tag
    out = log.read_bytes()
    assert out.replace(b'[Player "Bo"]\r\n', b"", 1) == data
    assert out.index(b'[Player "Bo"]') > out.index(b"# after a tag")
    s.set_tag("Claim", "7")  # as the end of a game writes it
    s.save()
    claimed = log.read_bytes()
    assert claimed.replace(b'[Claim "7"]\r\n', b"", 1) == out
    s.undo()  # the claim goes again, and only it, with the last action
    assert log.read_bytes() == out[:out.index(b"discard")]


# -- 2. a number picks a listed line: ASCII digits only -------------------------------------
NOT_NUMBERS = ["²", "³", "٣", "١", "5" * 5_000, "-0", "+1", "0", "1½", "４"]


@pytest.mark.parametrize("typed", NOT_NUMBERS, ids=lambda t: f"{t[:4]!r}x{len(t)}")
def test_a_number_that_is_no_listed_line_is_refused(typed, tmp_path):
    from companion.record_screen import _handle

    g = get_game("dungeon-upkeeper")
    s = record.start(g, tmp_path / "x.log", "play", SEED, g.check_params({}), (), None)
    before = (tmp_path / "x.log").read_bytes()
    with pytest.raises(record.Refusal) as refused:
        _handle(s, typed)
    assert len(str(refused.value)) < 200
    assert not s.entries and (tmp_path / "x.log").read_bytes() == before
    assert _handle(s, "1")[0].startswith("written: ")  # ASCII digits still pick


def test_unicode_digits_piped_in_are_refused_not_a_traceback(tmp_path):
    log = tmp_path / "x.log"
    script = "\n".join(["²", "³", "٣", "5" * 1_999, "-0", "+1", "quit"]) + "\n"
    done = companion("play", "dungeon-upkeeper", "--seed", SEED, "--out", str(log),
                     stdin=script.encode("utf-8"), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("companion: refused: ") == 6, done.stderr
    assert "written: " not in done.stdout


# -- 3. piped input: bounded lines, NUL bytes, bytes that are no UTF-8, closed ------------
LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({mem}, {mem}))
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli import main
main()
"""


def test_endless_input_without_a_line_end_stops_with_bounded_memory(tmp_path):
    """``< /dev/zero`` grew one line to a MemoryError; now the NUL bytes stop it at
    once (in a child with 600 MB of address space)."""
    log = tmp_path / "z.log"
    argv = [sys.executable, "-c", LIMITED.format(mem=600_000_000), "play",
            "shuffle-and-doom", "--seed", SEED, "--out", str(log)]
    done = subprocess.run(" ".join(f"'{a}'" for a in argv) + " < /dev/zero", shell=True,
                          capture_output=True, text=True, cwd=tmp_path, env=_env(),
                          timeout=60)
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr
    assert done.returncode == 2
    assert "standard input holds a NUL byte" in done.stderr
    assert validate_text(log.read_bytes()).valid  # the log as it stood


def test_an_over_long_or_non_utf8_line_is_refused_and_skipped(tmp_path):
    log = tmp_path / "x.log"
    script = (b"choose row\n" + b"a" * 100_000 + b"\n" + "é".encode() * 2_001 + b"\n"
              + b"bonus \xff health\n" + b"bonus health\n")
    done = companion("play", "shuffle-and-doom", "--seed", SEED, "--out", str(log),
                     stdin=script, cwd=tmp_path)
    assert done.returncode == 1  # lines were refused
    assert done.stderr.count("longer than 2,000 characters") == 2, done.stderr
    assert "line 2 of standard input" in done.stderr
    assert "line 4 of standard input: not UTF-8 text (byte 0xff); skipped" in done.stderr
    assert done.stdout.count("written: ") == 2, done.stdout  # the lines around them


def test_a_line_that_never_ends_stops_the_session(tmp_path):
    log = tmp_path / "x.log"
    done = companion("play", "shuffle-and-doom", "--seed", SEED, "--out", str(log),
                     stdin=b"choose row\n" + b"a" * 2_500_000, cwd=tmp_path)
    assert done.returncode == 2
    assert "no line end in 2,000,000 bytes" in done.stderr
    assert "written: choose row" in done.stdout


def test_closed_standard_input_is_a_usage_error(tmp_path):
    done = companion("play", "shuffle-and-doom", "--seed", SEED, "--out", "x.log",
                     shell_stdin="<&-", cwd=tmp_path)
    assert done.returncode == 2
    assert "standard input is closed" in done.stderr
    assert not (tmp_path / "x.log").exists()


# -- 4. one session a log --------------------------------------------------------------------
HOLDER = """
import sys
from pathlib import Path
from companion.fsutil import hold_lock
with hold_lock(Path(sys.argv[1]), "companion session"):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_a_second_session_on_one_log_is_refused_and_a_dead_ones_lock_holds_nothing(
        tmp_path):
    import socket

    data = hostile_logs(ctd_lines())["CRLF"]
    log = tmp_path / "mine.log"
    log.write_bytes(data)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(log)], cwd=ROOT,
                              env=_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        done = companion("record", "--resume", str(log), stdin=b"undo\nquit\n", cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert f"process {holder.pid} on {socket.gethostname()}, since " in done.stderr
        assert "mine.log is being written by another companion session" in done.stderr
        assert log.read_bytes() == data
    finally:
        holder.kill()  # SIGKILL: no clean-up ran; the kernel lets the lock go
        holder.wait()
    assert (tmp_path / ".mine.log.lock").exists()
    done = companion("record", "--resume", str(log), stdin=b"quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / ".mine.log.lock").exists()  # removed at the end


# -- 5. temporary files of a killed session ---------------------------------------------------
def test_stale_temporaries_of_this_log_are_removed_at_the_next_start(tmp_path):
    data = hostile_logs(ctd_lines())["BOM"]
    log = tmp_path / "mine.log"
    log.write_bytes(data)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    gone = int(dead.stdout)  # a process that has ended
    stale = [tmp_path / f".mine.log.{gone}.0badf00d.tmp",
             tmp_path / f".mine.log.{4_194_304 + 7}.deadbeef.tmp"]
    kept = [tmp_path / f".mine.log.{os.getpid()}.0badf00d.tmp",  # a live process's
            tmp_path / f".other.log.{gone}.0badf00d.tmp",  # another log's
            tmp_path / f".mine.log.{gone}.0badf00d.tmp.keep",  # not the pattern
            tmp_path / f"mine.log.{gone}.0badf00d.tmp",
            tmp_path / f".mine.log.{gone}.notahex!.tmp"]
    for p in stale + kept:
        p.write_bytes(b"x")
    link = tmp_path / f".mine.log.{gone}.0000000a.tmp"
    link.symlink_to(tmp_path / "mine.log")  # not a regular file: left
    done = companion("record", "--resume", str(log), stdin=b"quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept) and link.is_symlink()
    assert log.read_bytes() == data


def test_term_while_writing_removes_the_temporary_file(tmp_path, monkeypatch):
    import signal

    from companion import fsutil
    from companion.record_screen import Stopped, stop_on_signals

    g = get_game("dungeon-upkeeper")
    s = record.start(g, tmp_path / "x.log", "play", SEED, g.check_params({}), (), None)
    before = (tmp_path / "x.log").read_bytes()
    real_fsync = os.fsync

    def fsync(fd: int) -> None:  # the signal comes while the temporary file is written
        real_fsync(fd)
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(fsutil.os, "fsync", fsync)
    with stop_on_signals(), pytest.raises(Stopped) as stopped:
        s.submit(s.next().line(0))
    assert stopped.value.signum == signal.SIGTERM
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.log"]
    assert (tmp_path / "x.log").read_bytes() == before


# -- 6. Dungeon Solitaire's draft, one set at a time -----------------------------------------
def test_the_draft_is_offered_one_set_at_a_time_and_writes_the_same_line(tmp_path):
    g = get_game("dungeon-solitaire")
    sets = g.check_params({})
    state = record.start(g, tmp_path / "ref.log", "play", SEED, sets, (), None).state
    n, size = state.rules.draft_sets, state.rules.set_size
    picks = [(k % size) + 1 for k in range(n)]
    ids = [f"R{k * size + p}" for k, p in enumerate(picks)]
    typed = [str(picks[0]), "r" + ids[1][1:], "3", "undo", str(picks[2]),
             *map(str, picks[3:])]  # a number, an id in any case; undo goes back one
    log = tmp_path / "ds.log"
    done = companion("play", "dungeon-solitaire", "--seed", SEED, "--out", str(log),
                     stdin=("\n".join([*typed, "quit"]) + "\n").encode(), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "19,683" not in done.stdout
    assert done.stdout.count("keep one card") == n + 2  # a screen a set; undo: two again
    assert f"set 1 of {n}: keep one card" in done.stdout and "draft 1/9> " in done.stdout
    assert "a room card, exits " in done.stdout  # the symbols said in words
    assert "a Heal card" in done.stdout or "a Slay card" in done.stdout
    line = g.format_action(g.parse_action(state, record.action_line("draft " + " ".join(ids))))
    assert f"written: {line}" in done.stdout
    assert line in log.read_text(encoding="utf-8").splitlines()
    assert validate_text(log.read_bytes()).valid


def test_the_draft_screen_in_a_terminal_lists_one_set_in_words(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = {**_env(), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "companion", "play", "dungeon-solitaire",
                                           "--seed", SEED, "--out", "ds.log"],
                          cwd=str(tmp_path), env=env, dimensions=(50, 120),
                          encoding="utf-8", timeout=20)
    child.expect_exact("draft 1/9>")
    first = child.before
    assert "set 1 of 9: keep one card" in first and "legal lines" not in first
    assert "  1 R1 " in first and "  3 R3 " in first and "  1 R4 " not in first
    child.send("2\r")
    child.expect_exact("draft 2/9>")
    assert "so far: draft R2" in child.before and "  1 R4 " in child.before
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_term_or_hup_stops_the_session_cleanly(signame, tmp_path):
    import signal

    number = getattr(signal, signame)
    log = tmp_path / "x.log"
    child = subprocess.Popen([sys.executable, "-m", "companion", "play", "dungeon-upkeeper",
                              "--seed", SEED, "--out", str(log)], cwd=tmp_path, env=_env(),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stderr is not None
    assert ": log " in child.stdout.readline()  # it waits for a line now
    child.send_signal(number)
    err = child.stderr.read()
    assert child.wait(timeout=30) == 128 + number, err
    assert "Traceback" not in err and "stopped: the log" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.log"]  # no lock, no .tmp
    assert validate_text(log.read_bytes()).valid
