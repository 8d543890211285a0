"""How many Scoundrel deals can be won with perfect information, how well, and how fast
the solver tells.

    python benchmarks/scoundrel_winnable.py                      # S0..S999, both rule sets
    python benchmarks/scoundrel_winnable.py --seeds 50 --jobs 2  # a quick look
    python benchmarks/scoundrel_winnable.py --compare 4cf3658    # beside an older solver

Runs the exact solver (``companion/games/scoundrel/solver.py``) on the seeded deals
``S0`` … ``S{N-1}`` for the base game and the ``equal-kills`` variant at its default
budget (``--budget`` to change it), and prints a markdown table: deals winnable (a
winning line found), lost (proved: no line wins), undecided (the node budget ran out
before any win), the share winnable with its 95 % Wilson interval, how many best scores
were proven and their spread, and the solve times (median, mean, slowest, and the CPU
time of the whole run), then a table of speed: deals per second, boundaries searched
(median and most), and the same figures on the CPU clock of the process (a busy machine
slows the wall clock, much less the CPU's). Every answer is appended to a JSON-lines
file (``--results``), so an interrupted run resumes where it stopped.

``--compare REV`` also loads the solver as it was at git revision ``REV`` (from ``git
show``; the rules engine is today's) and solves every deal with both in turn, in the
same process: it checks that they agree on every status and score and prints both
speeds and their ratios. That run always starts afresh (its file is written, not
resumed). The machine's load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VARIANTS: dict[str, tuple[str, ...]] = {
    "base": (),
    "equal-kills": ("equal-kills",),
}
_OLD: dict[str, ModuleType] = {}


def old_solver(rev: str) -> ModuleType:
    """The solver module as it was at git revision ``rev`` (loaded once per process).

    Raises subprocess.CalledProcessError when git does not know the revision."""
    if rev not in _OLD:
        text = subprocess.run(["git", "show", f"{rev}:companion/games/scoundrel/solver.py"],
                              cwd=ROOT, check=True, capture_output=True, text=True).stdout
        path = Path(tempfile.mkdtemp()) / "scoundrel_solver_old.py"
        path.write_text(text, encoding="utf-8")
        spec = importlib.util.spec_from_file_location("scoundrel_solver_old", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        _OLD[rev] = module
    return _OLD[rev]


def _timed(solve_state: Any, name: str, seed: str, budget: int | None
           ) -> tuple[Any, float, float]:
    """One solve: the solution, its wall and CPU seconds."""
    from companion.games.scoundrel import rules

    wall, cpu = time.perf_counter(), time.process_time()
    solution = solve_state(rules.new_state(seed, frozenset(VARIANTS[name])), budget)
    return solution, time.perf_counter() - wall, time.process_time() - cpu


def solve_one(task: tuple[str, str, int | None, str | None]) -> dict[str, Any]:
    """Solve one seed under one rule set (and with the old solver of revision ``rev``
    too, when given); the answer as a JSON-ready dict."""
    from companion.games.scoundrel.solver import solve_state

    name, seed, budget, rev = task
    solution, wall, cpu = _timed(solve_state, name, seed, budget)
    row = {"variant": name, "seed": seed, "status": solution.status,
           "score": solution.score, "proven": solution.stats["proven"],
           "won": solution.final.result_outcome() == "won",
           "seconds": round(wall, 4), "cpu": round(cpu, 4),
           "nodes": solution.stats["nodes"]}
    if rev is not None:
        old, wall, cpu = _timed(old_solver(rev).solve_state, name, seed, budget)
        row.update(old_status=old.status, old_score=old.score, old_seconds=round(wall, 4),
                   old_cpu=round(cpu, 4), old_nodes=old.stats["nodes"])
    return row


def load(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """The answers already in the results file (later lines win)."""
    done: dict[tuple[str, str], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["variant"], row["seed"])] = row
    return done


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of the share ``k / n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def _rows(rows: list[dict[str, Any]], name: str, seeds: list[str]) -> list[dict[str, Any]]:
    by_key = {(r["variant"], r["seed"]): r for r in rows}
    return [by_key[(name, s)] for s in seeds if (name, s) in by_key]


def table(rows: list[dict[str, Any]], names: list[str], seeds: list[str]) -> Iterator[str]:
    """The markdown table of the answers for ``names`` over ``seeds``.

    A deal is winnable when the solver found a winning line (proven best or not); lost
    when it proved that no line wins; undecided when the budget ran out before any
    win."""
    yield ("| rules | deals | winnable | lost | undecided | share winnable (95 %) | best "
           "score proven | best scores (proven) | mean best score | solve time median / "
           "mean / slowest | CPU time |")
    yield "|---|---:|---:|---:|---:|---|---:|---|---:|---|---:|"
    for name in names:
        got = _rows(rows, name, seeds)
        if not got:
            continue
        winnable = [r for r in got if r["won"]]
        lost = sum(1 for r in got if r["status"] == "lost")
        undecided = len(got) - len(winnable) - lost
        proven = [r for r in winnable if r["proven"]]
        scores: dict[int, int] = {}
        for r in proven:
            scores[r["score"]] = scores.get(r["score"], 0) + 1
        top = sorted(scores.items(), reverse=True)
        spread = ", ".join(f"{k}: {v}" for k, v in top[:4])
        if len(top) > 4:
            spread += f", {top[-1][0]}–{top[4][0]}: {sum(v for _, v in top[4:])}"
        low, high = wilson(len(winnable), len(got))
        share = f"{100 * len(winnable) / len(got):.1f} % ({100 * low:.1f}–{100 * high:.1f})"
        if undecided:
            share += f", up to {100 * (len(winnable) + undecided) / len(got):.1f} %"
        mean = f"{statistics.mean(r['score'] for r in proven):.2f}" if proven else "-"
        times = [r["seconds"] for r in got]
        cpu = sum(r.get("cpu", r["seconds"]) for r in got)
        yield (f"| {name} | {len(got)} | {len(winnable)} | {lost} | {undecided} | {share} | "
               f"{len(proven)} | {spread or '-'} | {mean} | {_spread(times)} | "
               f"{cpu / 60:.1f} min |")


def _spread(times: list[float]) -> str:
    """Median / mean / slowest, in ms below a second."""
    def fmt(t: float) -> str:
        return f"{1000 * t:.0f} ms" if t < 1 else f"{t:.1f} s"
    return (f"{fmt(statistics.median(times))} / {fmt(statistics.mean(times))} / "
            f"{fmt(max(times))}")


def speed(rows: list[dict[str, Any]], names: list[str], seeds: list[str]) -> Iterator[str]:
    """Deals per second and solve times on the wall and CPU clocks (rows without a CPU
    time, from an older results file, are left out of the CPU column)."""
    yield ("| rules | deals | deals per second | wall: median / mean / slowest | CPU: "
           "median / mean / slowest | boundaries: median / most | unknown |")
    yield "|---|---:|---:|---|---|---:|---:|"
    for name in names:
        got = _rows(rows, name, seeds)
        if not got:
            continue
        wall = [r["seconds"] for r in got]
        cpu = [r["cpu"] for r in got if "cpu" in r]
        nodes = [r["nodes"] for r in got]
        unknown = sum(r["status"] == "unknown" for r in got)
        yield (f"| {name} | {len(got)} | {len(got) / sum(wall):.1f} | {_spread(wall)} | "
               f"{_spread(cpu) if cpu else '-'} | {statistics.median(nodes):,.0f} / "
               f"{max(nodes):,} | {unknown} |")


def comparison(rows: list[dict[str, Any]], names: list[str], seeds: list[str], rev: str
               ) -> Iterator[str]:
    """Both solvers side by side: same answers, times and the speed-up ratios."""
    yield ("| rules | deals | same status and score | solver | median | mean | slowest "
           "| unknown | CPU median | CPU total |")
    yield "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|"
    for name in names:
        got = [r for r in _rows(rows, name, seeds) if "old_seconds" in r]
        if not got:
            continue
        same = sum((r["status"], r["score"]) == (r["old_status"], r["old_score"])
                   for r in got)
        figures = {}
        for who, prefix in ((rev, "old_"), ("today", "")):
            wall = [r[prefix + "seconds"] for r in got]
            cpu = [r[prefix + "cpu"] for r in got]
            unknown = sum(r[prefix + "status"] == "unknown" for r in got)
            figures[who] = (statistics.median(wall), statistics.mean(wall), max(wall),
                            statistics.median(cpu), sum(cpu))
            yield (f"| {name} | {len(got)} | {same} | {who} | "
                   f"{1000 * figures[who][0]:.0f} ms | {1000 * figures[who][1]:.0f} ms | "
                   f"{figures[who][2]:.2f} s | {unknown} | {1000 * figures[who][3]:.0f} ms | "
                   f"{figures[who][4]:.1f} s |")
        ratio = [o / n if n else math.inf for o, n in zip(figures[rev], figures["today"],
                                                               strict=True)]
        yield (f"| {name} | | | speed-up | {ratio[0]:.1f}× | {ratio[1]:.1f}× | "
               f"{ratio[2]:.1f}× | | {ratio[3]:.1f}× | {ratio[4]:.1f}× |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=1000, help="solve S0 … S{N-1}")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS),
                        help="a rule set (repeat; default: both)")
    parser.add_argument("--budget", type=int, default=None,
                        help="search nodes per deal (default: the solver's, 3,000,000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--compare", metavar="REV",
                        help="also solve with the solver of git revision REV")
    parser.add_argument("--results", type=Path,
                        default=Path("output/scoundrel-winnable.jsonl"),
                        help="JSON-lines file of answers (read to resume, appended to)")
    args = parser.parse_args()
    names = args.variant or list(VARIANTS)
    seeds = [f"S{i}" for i in range(args.seeds)]
    if args.compare:
        old_solver(args.compare)  # fail early on an unknown revision
    done = {} if args.compare else load(args.results)
    todo = [(n, s, args.budget, args.compare) for n in names for s in seeds
            if (n, s) not in done]
    args.results.parent.mkdir(parents=True, exist_ok=True)
    print(f"load average at the start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}",
          file=sys.stderr)
    started = time.perf_counter()
    with args.results.open("w" if args.compare else "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, row in enumerate(pool.map(solve_one, todo, chunksize=1)):
            done[(row["variant"], row["seed"])] = row
            out.write(json.dumps(row) + "\n")
            out.flush()
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(todo)} solved, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    if todo:
        print(f"wall time {time.perf_counter() - started:.0f} s for {len(todo)} deals "
              f"on {args.jobs} process(es)", file=sys.stderr)
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}",
          file=sys.stderr)
    rows = list(done.values())
    for line in table(rows, names, seeds):
        print(line)
    print()
    for line in speed(rows, names, seeds):
        print(line)
    if args.compare:
        print()
        for line in comparison(rows, names, seeds, args.compare):
            print(line)


if __name__ == "__main__":
    main()
