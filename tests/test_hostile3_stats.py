"""Round three of hostile input (issue 24), the balance lab on a cluster.

Every cluster fault ends within ``--cluster-timeout`` with one message and exit 2:
servers on 127.0.0.1 that are no Dask scheduler (silent, garbage, closing at once, a
web server), a real local cluster whose scheduler or workers are killed mid-run, one
with no worker or only a paused one. And games are streamed: jobs are made as they are
sent, a bounded number of batches is out at a time, records are summed up as they
come, and the figures are the same as before streaming (``tests/data/stats-figures.json``,
written by the code before it: ``python tests/test_hostile3_stats.py --write`` rewrites
it from the code of the moment).

Only 127.0.0.1 is ever connected to. Waits that would hang on a fault are bounded
(a child killed after its time, an alarm) so that such a fault fails a test instead.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import tracemalloc
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import companion.stats as stats
from companion.cli import app
from companion.errors import CompanionError
from companion.stats import GameRecord, Job, run, summarize

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path(__file__).parent / "data" / "stats-figures.json"
MEMORY = 1_500_000_000  # bytes of address space for a child
runner = CliRunner()

CASES = [
    # game, players, games, params, variants, first seed, jobs
    ("scoundrel", ["random", "greedy", "expert"], 41, {}, ["equal-kills"], 100, 1),
    ("scoundrel", ["random", "greedy", "expert"], 41, {}, ["equal-kills"], 100, 2),
    ("shuffle-and-doom", ["random", "greedy"], 30, {}, [], 3, 2),
    ("dungeon-upkeeper", ["expert", "padded"], 7, {"floors": 3}, [], 0, 1),
    ("clear-the-dungeon", ["random", "greedy"], 26, {}, [], 0, 1),
]
TABLES = [
    ["stats", "scoundrel", "--games", "41", "--first-seed", "100", "--variant", "equal-kills"],
    ["stats", "shuffle-and-doom", "--games", "30", "--players", "random,greedy",
     "--first-seed", "3", "--jobs", "2"],
]


# ------------------------------------------------------------------------ helpers
def child(*args: object, seconds: float = 60.0) -> subprocess.CompletedProcess[str]:
    """The command line in a child with at most MEMORY bytes, killed after ``seconds``
    (a hang fails the test with TimeoutExpired)."""
    code = ("import resource, sys\n"
            f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY}, {MEMORY}))\n"
            "sys.argv = ['companion', *sys.argv[1:]]\n"
            "from companion.cli import main\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True,
                       text=True, timeout=seconds, cwd=ROOT, check=False)
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    return r


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (instead of hanging) if the block takes more than ``seconds``."""
    def ring(*_: object) -> None:
        raise AssertionError(f"still waiting after {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class FakeServer:
    """A TCP server on 127.0.0.1 that is no Dask scheduler: ``silent`` accepts and
    never says a word; ``huge`` announces a 1 GiB message and sends nothing more;
    ``random`` sends random bytes; ``close`` closes each connection at once; ``http``
    answers what it is sent as a web server does."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            threading.Thread(target=self._talk, args=(conn,), daemon=True).start()

    def _talk(self, conn: socket.socket) -> None:
        with contextlib.suppress(OSError):
            if self.kind == "close":
                conn.close()
            elif self.kind == "huge":
                conn.sendall(struct.pack("<Q", 1 << 30))
            elif self.kind == "random":
                conn.sendall(random.Random(24).randbytes(4096))
            elif self.kind == "http":
                while conn.recv(4096):
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")

    def close(self) -> None:
        self.sock.close()
        for conn in self.conns:
            conn.close()


@pytest.fixture
def fake_server() -> Iterator[Callable[[str], FakeServer]]:
    servers: list[FakeServer] = []

    def make(kind: str) -> FakeServer:
        servers.append(FakeServer(kind))
        return servers[-1]

    yield make
    for server in servers:
        server.close()


class Cluster:
    """A real Dask cluster on 127.0.0.1 in processes of its own (a scheduler and
    ``workers`` single-threaded workers, no nannies), so that any of them can be
    killed."""

    def __init__(self, folder: Path, workers: int) -> None:
        pytest.importorskip("distributed")
        file = folder / "scheduler.json"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
        self.scheduler = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
             "--port", "0", "--no-dashboard", "--scheduler-file", str(file)], **quiet)
        self.workers: list[subprocess.Popen[bytes]] = []
        try:
            until = time.monotonic() + 60
            while not file.exists() or not file.read_text().strip().endswith("}"):
                assert time.monotonic() < until, "the scheduler did not start"
                time.sleep(0.05)
            self.address = json.loads(file.read_text())["address"]
            assert self.address.startswith("tcp://127.0.0.1:")
            self.workers = [subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", "--no-nanny",
                 "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1",
                 "--scheduler-file", str(file)], **quiet) for _ in range(workers)]
            from distributed import Client

            with Client(self.address, timeout=60, set_as_default=False) as client:
                client.wait_for_workers(workers, timeout=60)
        except BaseException:
            self.close()
            raise

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        process.kill()
        process.wait()

    def close(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                self.kill(process)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Callable[[int], Cluster]]:
    made: list[Cluster] = []

    def make(workers: int) -> Cluster:
        made.append(Cluster(tmp_path, workers))
        return made[-1]

    yield make
    for c in made:
        c.close()


def once(action: Callable[[], None]) -> Callable[[int], None]:
    """A progress callback that does ``action`` as the first batch comes back: mid-run
    for sure, whatever the speed of the machine."""
    done: list[bool] = []

    def progress(_: int) -> None:
        if not done:
            done.append(True)
            action()

    return progress


def local_json(game: str, players: list[str], games: int) -> dict[str, Any]:
    return run(game, players, games).to_json()


# ----------------------------------------------- 1. cluster faults: one message, exit 2
@pytest.mark.parametrize("kind,words", [
    ("silent", "no Dask scheduler answered at"),
    ("http", "no Dask scheduler answered at"),
    ("huge", "is not a Dask scheduler"),
    ("random", "is not a Dask scheduler"),
    ("close", "closed the connection without a word"),
])
def test_a_server_that_is_no_dask_scheduler_is_one_message(fake_server, kind, words):
    """Today: a silent server or a web server hangs the command for ever, garbage
    makes Dask allocate what it announces (MemoryError, or 1 GiB and a hang)."""
    pytest.importorskip("distributed")
    server = fake_server(kind)
    r = child("stats", "scoundrel", "--games", "2", "--scheduler", server.address,
              "--cluster-timeout", "1", seconds=60)
    assert r.returncode == 2, r.stderr
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: ") and words in lines[0], \
        r.stderr
    if kind in ("silent", "http"):
        assert "within 1 s (--cluster-timeout)" in lines[0]


def test_a_scheduler_killed_mid_run_is_one_message(cluster):
    c = cluster(1)
    with deadline(60), pytest.raises(CompanionError) as caught:
        run("scoundrel", ["random"], 2000, scheduler=c.address, timeout=5,
            progress=once(lambda: c.kill(c.scheduler)))
    assert "lost the Dask scheduler" in str(caught.value) or \
        "scheduler does not answer" in str(caught.value)


def test_killed_workers_one_recovers_the_same_figures_all_is_one_message(cluster):
    """One of two workers killed mid-run: Dask plays its batches again elsewhere, the
    figures are byte for byte those of one process. Then the last one killed: no
    worker left, the run ends after --cluster-timeout."""
    c = cluster(2)
    players = ["random", "greedy"]
    with deadline(120):
        report = run("scoundrel", players, 400, scheduler=c.address, timeout=30,
                     progress=once(lambda: c.kill(c.workers[0])))
    assert report.to_json() == local_json("scoundrel", players, 400)
    with deadline(60), pytest.raises(CompanionError, match="the cluster has no workers"):
        run("scoundrel", players, 400, scheduler=c.address, timeout=2,
            progress=once(lambda: c.kill(c.workers[1])))


@pytest.fixture
def in_process_cluster() -> Iterator[Callable[..., Any]]:
    """A Dask cluster in this process, listening on 127.0.0.1 (the command line of a
    test reaches it by its tcp:// address)."""
    distributed = pytest.importorskip("distributed")
    made: list[Any] = []

    def make(workers: int, **kwargs: Any) -> Any:
        made.append(distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=False, protocol="tcp://",
            host="127.0.0.1", dashboard_address=None, **kwargs))
        return made[-1]

    yield make
    for c in made:
        c.close()


def test_a_cluster_without_workers_is_one_message_and_exit_2(in_process_cluster):
    """Today: a silent endless wait."""
    c = in_process_cluster(0)
    with deadline(60):
        r = runner.invoke(app, ["stats", "scoundrel", "--games", "2", "--scheduler",
                                c.scheduler_address, "--cluster-timeout", "1"])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.stdout == ""
    assert r.stderr.strip() == (f"companion: no batch of games finished on the Dask "
                                f"cluster '{c.scheduler_address}' in 1 s: the cluster "
                                f"has no workers")


def test_a_cluster_whose_only_worker_is_paused_is_one_message(in_process_cluster):
    from distributed.core import Status

    c = in_process_cluster(1, memory_limit=0)  # no memory monitor to resume it
    worker = next(iter(c.workers.values()))
    c.loop.add_callback(setattr, worker, "status", Status.paused)
    with deadline(60):
        until = time.monotonic() + 30
        while any(w.status != Status.paused for w in c.scheduler.workers.values()):
            assert time.monotonic() < until
            time.sleep(0.05)
        with pytest.raises(CompanionError, match="its only worker is not running"):
            run("scoundrel", ["random"], 10, scheduler=c.scheduler_address, timeout=1)


def test_a_process_of_jobs_killed_mid_run_is_one_message():
    """Today: a traceback (BrokenProcessPool)."""
    import multiprocessing

    def kill() -> None:
        victim = multiprocessing.active_children()[0]
        victim.kill()
        victim.join()

    with deadline(60), pytest.raises(CompanionError,
                                     match="a process of --jobs ended abruptly"):
        run("scoundrel", ["random"], 2000, jobs=2, progress=once(kill))


def test_a_workers_address_for_the_schedulers_is_one_message(in_process_cluster):
    """Today: Dask's TypeError as the reason, then its half-made client blocks 6 s
    and prints "Exception ignored ... Traceback" as it is collected."""
    c = in_process_cluster(1)
    with deadline(60):
        r = runner.invoke(app, ["stats", "scoundrel", "--games", "2", "--scheduler",
                                c.workers[0].address, "--cluster-timeout", "3"])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and "Exception ignored" not in r.output
    assert r.stderr.strip() == (f"companion: '{c.workers[0].address}' is a Dask worker, "
                                f"not a scheduler: give the scheduler's address")


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "100000"])
def test_the_cluster_timeout_is_checked(value):
    r = runner.invoke(app, ["stats", "scoundrel", "--games", "2",
                            f"--cluster-timeout={value}"])
    assert r.exit_code == 2, r.output
    assert "--cluster-timeout must be more than 0 and at most 86,400 seconds" in r.stderr


def test_help_and_docs_state_the_time_bound():
    r = runner.invoke(app, ["stats", "--help"], terminal_width=200)
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    assert "--cluster-timeout" in text and "within --cluster-timeout (60 s by default)" in text
    assert stats.CLUSTER_TIMEOUT == 60.0
    assert "--cluster-timeout" in (ROOT / "README.md").read_text(encoding="utf-8")


# -------------------------------------------------------- 2. games are streamed
def test_the_figures_are_those_from_before_streaming():
    """Byte for byte: the JSON of a few runs on one and two processes, and the table."""
    figures = json.loads(FIGURES.read_text(encoding="utf-8"))
    for case in figures["runs"]:
        game, players, games, params, variants, first, jobs = case["args"]
        report = run(game, players, games, params, variants, None, jobs, None, first)
        assert json.dumps(report.to_json()) == json.dumps(case["json"]), case["args"]
    for table in figures["tables"]:
        r = runner.invoke(app, table["args"])
        assert r.exit_code == 0, r.output
        assert r.stdout == table["stdout"], table["args"]


def _count_batches(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[int]]:
    """Wrap stats.iter_batches: ``out`` holds, as each batch is made, how many batches
    are out and not yet summed up (``done`` counts those, through progress)."""
    made_before = stats.iter_batches
    out: list[int] = []
    done = [0]

    def counted(jobs: Any, *args: Any) -> Iterator[list[Job]]:
        assert isinstance(jobs, types.GeneratorType)  # the jobs are made lazily too
        for made, batch in enumerate(made_before(jobs, *args), start=1):
            out.append(made - done[0])
            yield batch

    monkeypatch.setattr(stats, "iter_batches", counted)
    return out, done


def test_jobs_are_made_as_they_are_sent_and_few_are_out_at_a_time(monkeypatch):
    out, done = _count_batches(monkeypatch)

    def progress(_: int) -> None:
        done[0] += 1

    report = run("scoundrel", ["random"], 25 * 40, jobs=2, progress=progress)
    assert report.players[0].games == 1000 and done[0] == 40 and len(out) == 40
    assert max(out) <= stats.IN_FLIGHT * 2, out
    out.clear()
    done[0] = 0
    run("scoundrel", ["random"], 25 * 40, progress=progress)  # one process: one by one
    assert max(out) == 1


def test_few_batches_are_out_at_a_time_on_a_cluster(monkeypatch, in_process_cluster):
    c = in_process_cluster(1)
    out, done = _count_batches(monkeypatch)

    def progress(_: int) -> None:
        done[0] += 1

    with deadline(60):
        run("scoundrel", ["random"], 25 * 40, scheduler=c.scheduler_address,
            progress=progress)
    assert done[0] == 40 and max(out) <= stats.MIN_IN_FLIGHT, out


def test_memory_does_not_grow_with_the_number_of_games(monkeypatch):
    """A quick stand-in for a game: what is left is the machinery around the games.
    Before streaming, every job and every record stayed in memory to the end."""
    def quick(job: Job) -> GameRecord:
        n = int(job.seed[1:])
        return GameRecord(job.player, job.seed, "won" if n % 3 else "lost", n % 3 > 0,
                          n % 50, n % 7, "x", n % 40)

    monkeypatch.setattr(stats, "play_seed", quick)
    run("scoundrel", ["random", "greedy"], 10)  # whatever is imported once
    peaks = []
    for games in (1_000, 20_000):
        tracemalloc.start()
        try:
            report = run("scoundrel", ["random", "greedy"], games)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert report.players[1].games == games
    # about 32 kB both (40,000 jobs and records kept would be megabytes)
    assert peaks[1] < 256_000 and peaks[1] < peaks[0] + 64_000, peaks


def test_summing_up_as_games_come_gives_the_figures_of_the_statistics_module():
    import statistics

    rng = random.Random(24)
    for n in [1, 2, 3, 4, 5, 8, 13, 100, 1001]:
        scores = [rng.randint(-300, 300) for _ in range(n)]
        lengths = [rng.randint(1, 90) for _ in range(n)]
        records = [GameRecord("p", f"S{i}", "won", rng.random() < 0.3, s, 1, "x", le)
                   for i, (s, le) in enumerate(zip(scores, lengths, strict=True))]
        s = summarize("p", records)
        assert s.score_mean == statistics.fmean(scores)
        assert s.length_mean == statistics.fmean(lengths)
        assert s.length_median == float(statistics.median(lengths))
        want = ((float(scores[0]),) * 3 if n == 1 else
                tuple(statistics.quantiles(scores, n=4, method="inclusive")))
        assert s.score_quartiles == want


def _write_figures() -> None:
    """Rewrite FIGURES from the code of the moment."""
    out: dict[str, list[dict[str, Any]]] = {"runs": [], "tables": []}
    for game, players, games, params, variants, first, jobs in CASES:
        report = run(game, players, games, params, variants, None, jobs, None, first)
        out["runs"].append({"args": [game, players, games, params, variants, first, jobs],
                            "json": report.to_json()})
    for args in TABLES:
        r = runner.invoke(app, args)
        assert r.exit_code == 0, r.output
        out["tables"].append({"args": args, "stdout": r.stdout})
    FIGURES.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n",
                       encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    _write_figures()
