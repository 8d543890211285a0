"""Validating a batch of logs: ``companion validate`` on 1,000 log files, whole processes,
with ``--jobs 1`` and ``--jobs 2`` (logs per second and the largest resident memory of
the command and its workers).

    python benchmarks/batch_speed.py [--quick] [--logs N]

The logs are simulated games of every registered game (random and greedy players,
default parameters), the same on every run, written to a temporary folder. ``rows``
gives the rows in ``benchmarks/run.py``'s format.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAME_NAMES, get_game  # noqa: E402
from companion.simulate import play  # noqa: E402


def write_logs(folder: Path, count: int) -> list[Path]:
    """``count`` simulated logs, the games in turn."""
    paths = []
    for i in range(count):
        name = GAME_NAMES[i % len(GAME_NAMES)]
        game = get_game(name)
        player = ("random", "greedy")[(i // len(GAME_NAMES)) % 2]
        text = play(game, f"BATCH{i}", {}, player, max_actions=400).log_text()
        path = folder / f"{i:04d}-{name}.log"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _run(paths: list[Path], jobs: int | None) -> tuple[float, float, int]:
    """Seconds, the largest resident memory in MB, and the exit code of one
    ``companion validate`` over ``paths``."""
    cmd = [sys.executable, "-m", "companion", "validate", *map(str, paths)]
    if jobs is not None and jobs != 1:  # one process: the default (and all there was)
        cmd[4:4] = ["--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024, done.returncode


def rows(quick: bool = False, count: int = 1000) -> list[tuple[str, str, str]]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_logs(Path(tmp), count)
        for jobs in (1, 2):
            times = []
            code = 0
            peak = 0.0
            for _ in range(1 if quick else 3):
                seconds, mb, code = _run(paths, jobs)
                times.append(seconds)
                peak = max(peak, mb)
            if code not in (0, 1):  # 2: --jobs unknown (before issue 18)
                out.append((f"validate --jobs {jobs}", f"{count} logs", "not available"))
                continue
            best = min(times)
            out.append((f"validate --jobs {jobs}", f"{count} logs",
                        f"{count / best:,.0f} logs/s ({best:.1f} s), largest process "
                        f"{peak:.0f} MB"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--logs", type=int, default=1000)
    args = parser.parse_args()
    for a, b, c in rows(args.quick, args.logs):
        print(f"| {a} | {b} | {c} |")


if __name__ == "__main__":
    main()
