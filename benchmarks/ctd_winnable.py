"""How many Clear the Dungeon deals can be won with perfect information.

    python benchmarks/ctd_winnable.py                      # seeds S0..S999, all variants
    python benchmarks/ctd_winnable.py --seeds 50 --jobs 2  # a quick look

Runs the exact solver (``companion/games/clear_the_dungeon/solver.py``) on seeds
``S0`` … ``S{N-1}`` for the base game, ``reserve``, ``no-jokers`` and both, and prints a
markdown table: deals winnable (a win found), lost (proved), undecided (the node budget
ran out before any win), the share winnable, how many best scores were proven (the
budget can run out while looking for a better win) and their spread, and the median
solve time. Every answer is appended
to a JSON-lines file (``--results``), so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

VARIANTS: dict[str, tuple[str, ...]] = {
    "base": (),
    "reserve": ("reserve",),
    "no-jokers": ("no-jokers",),
    "reserve, no-jokers": ("reserve", "no-jokers"),
}


def solve_one(task: tuple[str, str, int | None]) -> dict[str, Any]:
    """Solve one seed with one variant set; the answer as a JSON-ready dict."""
    from companion.games.clear_the_dungeon import rules
    from companion.games.clear_the_dungeon.solver import solve_state

    name, seed, budget = task
    started = time.perf_counter()
    solution = solve_state(rules.new_state(seed, frozenset(VARIANTS[name])), budget)
    return {"variant": name, "seed": seed, "status": solution.status,
            "score": solution.score, "seconds": round(time.perf_counter() - started, 4),
            "nodes": solution.stats["nodes"], "defeated": solution.stats["defeated"]}


def load(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """The answers already in the results file (later lines win)."""
    done: dict[tuple[str, str], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["variant"], row["seed"])] = row
    return done


def table(rows: list[dict[str, Any]], names: list[str], seeds: list[str]) -> Iterator[str]:
    """The markdown table of the answers for ``names`` over ``seeds``.

    A deal is winnable when the solver found a win (``won``, or ``unknown`` with a
    score: the budget ran out while it looked for a better one); lost when it proved
    that no line wins; undecided when the budget ran out before any win."""
    yield ("| variant | deals | winnable | lost | undecided | share winnable | best score "
           "proven | best scores (proven) | mean best score (proven) | median solve time "
           "| slowest |")
    yield "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"
    by_key = {(r["variant"], r["seed"]): r for r in rows}
    for name in names:
        got = [by_key[(name, s)] for s in seeds if (name, s) in by_key]
        if not got:
            continue
        proven = [r for r in got if r["status"] == "won"]
        winnable = [r for r in got if r["score"] is not None]
        lost = sum(1 for r in got if r["status"] == "lost")
        undecided = len(got) - len(winnable) - lost
        scores: dict[int, int] = {}
        for r in proven:
            scores[r["score"]] = scores.get(r["score"], 0) + 1
        spread = ", ".join(f"{k}: {v}" for k, v in sorted(scores.items(), reverse=True))
        share = f"{100 * len(winnable) / len(got):.1f} %"
        if undecided:
            share = f"{share} to {100 * (len(winnable) + undecided) / len(got):.1f} %"
        mean = f"{statistics.mean(r['score'] for r in proven):.2f}" if proven else "-"
        times = [r["seconds"] for r in got]
        yield (f"| {name} | {len(got)} | {len(winnable)} | {lost} | {undecided} | {share} | "
               f"{len(proven)} | {spread or '-'} | {mean} | {statistics.median(times):.2f} s "
               f"| {max(times):.1f} s |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=1000, help="solve S0 … S{N-1}")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS),
                        help="a variant set (repeat; default: all four)")
    parser.add_argument("--budget", type=int, default=None,
                        help="search nodes per deal (default: the solver's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--results", type=Path, default=Path("output/ctd-winnable.jsonl"),
                        help="JSON-lines file of answers (read to resume, appended to)")
    parser.add_argument("--undecided-in", type=Path, default=None,
                        help="solve only the deals undecided (no win, not lost) in this "
                        "results file, e.g. again with a bigger --budget")
    args = parser.parse_args()
    names = args.variant or list(VARIANTS)
    seeds = [f"S{i}" for i in range(args.seeds)]
    done = load(args.results)
    todo = [(n, s, args.budget) for n in names for s in seeds if (n, s) not in done]
    if args.undecided_in is not None:
        earlier = load(args.undecided_in)
        todo = [t for t in todo if (t[0], t[1]) in earlier
                and earlier[(t[0], t[1])]["status"] == "unknown"
                and earlier[(t[0], t[1])]["score"] is None]
        seeds = [s for s in seeds if any(t[1] == s for t in todo)
                 or any((n, s) in done for n in names)]
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
    for line in table(list(done.values()), names, seeds):
        print(line)


if __name__ == "__main__":
    main()
