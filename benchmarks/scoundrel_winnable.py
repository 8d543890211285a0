"""How many Scoundrel deals can be won with perfect information, and how well.

    python benchmarks/scoundrel_winnable.py                      # S0..S999, both rule sets
    python benchmarks/scoundrel_winnable.py --seeds 50 --jobs 2  # a quick look

Runs the exact solver (``companion/games/scoundrel/solver.py``) on the seeded deals
``S0`` … ``S{N-1}`` for the base game and the ``equal-kills`` variant, and prints a
markdown table: deals winnable (a winning line found), lost (proved: no line wins),
undecided (the node budget ran out before any win), the share winnable with its 95 %
Wilson interval, how many best scores were proven and their spread, and the solve
times (median, mean, slowest, and the CPU time of the whole run). Every answer is
appended to a JSON-lines file (``--results``), so an interrupted run resumes where it
stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS: dict[str, tuple[str, ...]] = {
    "base": (),
    "equal-kills": ("equal-kills",),
}


def solve_one(task: tuple[str, str, int | None]) -> dict[str, Any]:
    """Solve one seed under one rule set; the answer as a JSON-ready dict."""
    from companion.games.scoundrel import rules
    from companion.games.scoundrel.solver import solve_state

    name, seed, budget = task
    started = time.perf_counter()
    solution = solve_state(rules.new_state(seed, frozenset(VARIANTS[name])), budget)
    return {"variant": name, "seed": seed, "status": solution.status,
            "score": solution.score, "proven": solution.stats["proven"],
            "won": solution.final.result_outcome() == "won",
            "seconds": round(time.perf_counter() - started, 4),
            "nodes": solution.stats["nodes"]}


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


def table(rows: list[dict[str, Any]], names: list[str], seeds: list[str]) -> Iterator[str]:
    """The markdown table of the answers for ``names`` over ``seeds``.

    A deal is winnable when the solver found a winning line (proven best or not); lost
    when it proved that no line wins; undecided when the budget ran out before any
    win."""
    yield ("| rules | deals | winnable | lost | undecided | share winnable (95 %) | best "
           "score proven | best scores (proven) | mean best score | solve time median / "
           "mean / slowest | CPU time |")
    yield "|---|---:|---:|---:|---:|---|---:|---|---:|---|---:|"
    by_key = {(r["variant"], r["seed"]): r for r in rows}
    for name in names:
        got = [by_key[(name, s)] for s in seeds if (name, s) in by_key]
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
        yield (f"| {name} | {len(got)} | {len(winnable)} | {lost} | {undecided} | {share} | "
               f"{len(proven)} | {spread or '-'} | {mean} | "
               f"{statistics.median(times):.2f} / {statistics.mean(times):.2f} / "
               f"{max(times):.1f} s | {sum(times) / 60:.1f} min |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=1000, help="solve S0 … S{N-1}")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS),
                        help="a rule set (repeat; default: both)")
    parser.add_argument("--budget", type=int, default=5_000_000,
                        help="search nodes per deal (default: 5,000,000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--results", type=Path,
                        default=Path("output/scoundrel-winnable.jsonl"),
                        help="JSON-lines file of answers (read to resume, appended to)")
    args = parser.parse_args()
    names = args.variant or list(VARIANTS)
    seeds = [f"S{i}" for i in range(args.seeds)]
    done = load(args.results)
    todo = [(n, s, args.budget) for n in names for s in seeds if (n, s) not in done]
    args.results.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with args.results.open("a", encoding="utf-8") as out, \
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
    for line in table(list(done.values()), names, seeds):
        print(line)


if __name__ == "__main__":
    main()
