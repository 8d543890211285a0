"""Round three of hostile input (issue 24), the balance lab on a cluster.

Games are streamed: jobs are made as they are sent, a bounded number of batches is
out at a time, records are summed up as they come, and the figures are the same as
before streaming (``tests/data/stats-figures.json``, written by the code before it:
``python tests/test_hostile3_stats.py --write`` rewrites it from the code of the
moment).

Only 127.0.0.1 is ever connected to. Waits that would hang on a fault are bounded (an
alarm) so that such a fault fails a test instead.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sys
import tracemalloc
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import companion.stats as stats
from companion.cli import app
from companion.stats import GameRecord, Job, run, summarize

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path(__file__).parent / "data" / "stats-figures.json"
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
