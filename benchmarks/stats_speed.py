"""Simulated games per second, per game and player class, on one process and on two
(``companion stats --jobs 1`` and ``--jobs 2``), with the speed-up of two processes; and
each game's whole study (every player, the same seeds) with the time 10,000 seeds take.

    python benchmarks/stats_speed.py [--quick]

The figures are whole ``companion.stats.run`` calls (seeds S0, S1, ...: the same games
for both), so they include starting the worker processes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import all_games  # noqa: E402
from companion.stats import run  # noqa: E402

TARGET_SECONDS = 10.0
"""About how long each game-and-player measurement should take on one process."""


def _games_for(game: str, player: str, quick: bool) -> int:
    """Enough seeds for about TARGET_SECONDS on one process (from a short probe)."""
    start = time.perf_counter()
    probe = 4
    run(game, [player], probe)
    per_game = (time.perf_counter() - start) / probe
    budget = TARGET_SECONDS / (4 if quick else 1)
    return max(8, min(5000, int(budget / max(per_game, 1e-5))))


def rows(quick: bool = False) -> list[tuple[str, str, str]]:
    out = []
    for game in all_games():
        for player in game.players():
            n = _games_for(game.name, player, quick)
            rates = []
            for jobs in (1, 2):
                start = time.perf_counter()
                run(game.name, [player], n, jobs=jobs)
                rates.append(n / (time.perf_counter() - start))
            out.append((f"stats {game.name} {player}", f"{n} games",
                        f"{rates[0]:,.1f} games/s (--jobs 1), {rates[1]:,.1f} (--jobs 2): "
                        f"x{rates[1] / rates[0]:.2f}"))
    return out


STUDY_SEEDS = 10_000
"""The size of a study: ``companion stats GAME --games 10000`` (every player of the game,
10,000 seeds each)."""


def study_rows(quick: bool = False) -> list[tuple[str, str, str]]:
    """Each game's whole study (every player on the same seeds, as ``companion stats``
    plays them: a seed's maps are made once for all its players) on one and on two
    processes, and the time 10,000 seeds would take at that pace. On a machine shared
    with other work the wall clock says little, so the processor time of the run on
    one process is given too, and half of it: the time on two idle processors (the
    study's goal is judged on it)."""
    out = []
    for game in all_games():
        players = list(game.players())
        start = time.perf_counter()
        run(game.name, players, 2)
        per_seed = (time.perf_counter() - start) / 2
        budget = TARGET_SECONDS / (4 if quick else 1)
        n = max(8, min(2000, int(budget / max(per_seed, 1e-4))))
        walls = []
        cpu = 0.0
        for jobs in (1, 2):
            start, start_cpu = time.perf_counter(), time.process_time()
            run(game.name, players, n, jobs=jobs, first_seed=1000)
            walls.append(time.perf_counter() - start)
            if jobs == 1:
                cpu = time.process_time() - start_cpu
        scale = STUDY_SEEDS / n
        out.append((f"stats {game.name} study ({len(players)} players)", f"{n} seeds",
                    f"10,000 seeds: {cpu * scale:,.0f} s of processor time, wall "
                    f"{walls[0] * scale:,.0f} s (--jobs 1), {walls[1] * scale:,.0f} s "
                    f"(--jobs 2); {cpu * scale / 2:,.0f} s on two idle processors"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    for a, b, c in [*rows(args.quick), *study_rows(args.quick)]:
        print(f"| {a} | {b} | {c} |")


if __name__ == "__main__":
    main()
