"""Dungeon Upkeeper: companion's exact par solver against the source's brute force.

    python benchmarks/du_solver.py            # full run (about 3-4 minutes)
    python benchmarks/du_solver.py --quick    # fewer seeds, shorter limits

The baseline is the jam game's ``IsSolvable`` (``seeds/dungeon-upkeeper.txt``, section
"6. Check for solvability"), transcribed step by step:

* a recursive depth-first search over single steps, North, South, East, West;
* a wall ``W``, a visited square ``V`` or an armed trap ``A`` stops a step;
* a plain floor square is marked ``V`` *in place* and the search goes on; the mark is
  never taken back when the search backs up, so within one stretch between objectives
  every square is entered at most once (a flood fill, not an enumeration of paths);
* stepping on a sprung trap ``T``: a copy of the grid, every ``V`` cleared, the trap
  becomes ``A`` (armed: never stepped on again); on an empty chest ``G``: a copy, every
  ``V`` cleared, and the chest becomes ``V`` (the source treats a filled chest as
  visited; since the next stretch starts on it and a shortest stretch never returns
  to its own start, this does not change the answer, but the chest only turns back
  into walkable floor at the next objective);
* the exit ``X`` answers true only when no ``T`` and no ``G`` are left, and is never
  walked through.

That is an existence check: it stops at the first perfect path. For par the same
depth-first way must keep searching, and may not keep the in-place marks (they would
hide shorter paths), so :func:`dfs_par` backs up properly (unmarks) and clears the
marks at every objective (restoring them on the way back). It runs twice: walking
every perfect path (what the source's search does if it does not stop at the first)
and with a branch-and-bound cut (a branch stops once it is as long as the best perfect
path so far: our addition, a stronger baseline). Each run has a time limit per floor;
a floor that runs out of time is reported as ``>`` the limit, and a speed-up against
it as ``>`` limit / companion's time.

companion's ``floor.solve`` (Dijkstra over (position, objectives done), breadth-first
legs between objectives) computes par exactly; its answer is checked against the
baseline's on every floor the baseline finishes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from companion.games.dungeon_upkeeper.floor import Floor, solve
from companion.games.dungeon_upkeeper.generation import GAME, _attempt, generate_floor
from companion.games.dungeon_upkeeper.table import RULES
from companion.rng import stream

Grid = list[list[str]]
T_ = TypeVar("T_")
# North, South, East, West: the source's order (row 0 is the top row)
ORDER = ((-1, 0), (1, 0), (0, 1), (0, -1))
SEEDS = ("K7Q2-9XMA", "BENCH-1", "BENCH-2", "BENCH-3", "BENCH-4", "BENCH-5", "BENCH-6")


class OutOfTime(Exception):
    """The baseline ran past its time limit."""


class _Clock:
    """A deadline checked every 4096 calls (cheap enough not to skew the timing)."""

    def __init__(self, limit: float) -> None:
        self.deadline = time.perf_counter() + limit
        self.calls = 0

    def tick(self) -> None:
        self.calls += 1
        if not self.calls & 4095 and time.perf_counter() > self.deadline:
            raise OutOfTime


def to_grid(floor: Floor) -> tuple[Grid, tuple[int, int]]:
    """The source's character grid (``W`` walls, ``.`` floor, ``S``, ``X``, ``T``,
    ``G``) and the player's square (row, column)."""
    grid = [["W" if t == "#" else t for t in row] for row in floor.rows]
    col, row = floor.start
    return grid, (row, col)


def _clear_visited(grid: Grid) -> None:
    for row in grid:
        for i, t in enumerate(row):
            if t == "V":
                row[i] = "."


def _objectives_completed(grid: Grid) -> bool:
    return not any(t in ("T", "G") for row in grid for t in row)


# ----------------------------------------------------------------- the source, as is
def is_solvable(grid: Grid, loc: tuple[int, int], clock: _Clock) -> bool:
    """``IsSolvable``: whether a perfect path leads from ``loc`` to the exit."""
    clock.tick()
    r, c = loc
    if grid[r][c] == "X":
        return True
    return any(_after_moving(grid, (r + dr, c + dc), clock) for dr, dc in ORDER)


def _after_moving(grid: Grid, new: tuple[int, int], clock: _Clock) -> bool:
    """``IsSolvableAfterMoving``."""
    r, c = new
    if not (0 <= r < len(grid) and 0 <= c < len(grid[0])):
        return False
    tile = grid[r][c]
    if tile in ("W", "V", "A"):
        return False
    if tile == "T":  # we just moved onto a trap
        new_grid = [row[:] for row in grid]
        _clear_visited(new_grid)
        new_grid[r][c] = "A"  # this trap is now armed, we don't want to walk on it again
        return is_solvable(new_grid, new, clock)
    if tile == "G":  # we just moved onto gold
        new_grid = [row[:] for row in grid]
        _clear_visited(new_grid)
        new_grid[r][c] = "V"  # this chest is now filled, so treat it as visited
        return is_solvable(new_grid, new, clock)
    if tile == "X":
        return _objectives_completed(grid)  # escaping early is a fail path
    grid[r][c] = "V"  # in place, never undone
    return is_solvable(grid, new, clock)


def baseline_exists(floor: Floor, limit: float) -> bool:
    """The source's answer for ``floor``. Raises OutOfTime past ``limit`` seconds."""
    grid, loc = to_grid(floor)
    return is_solvable(grid, loc, _Clock(limit))


# ------------------------------------------------------- the same way, searching par
def dfs_par(floor: Floor, limit: float, bound: bool = True) -> int | None:
    """Par by exhaustive depth-first search over single steps: visited squares are
    marked and unmarked on the way back, cleared at every objective (and restored when
    the search backs out of it). With ``bound`` a branch stops once it is as long as
    the best perfect path so far (branch and bound, our addition); without it every
    perfect path is walked, as the source's search would if it did not stop at the
    first. None if there is no perfect path. Raises OutOfTime past ``limit``."""
    grid, (r0, c0) = to_grid(floor)
    clock = _Clock(limit)
    left = len(floor.objectives)
    best = [1 << 30]
    grid[r0][c0] = "V"

    def go(r: int, c: int, length: int, left: int) -> None:
        clock.tick()
        if bound and length + 1 >= best[0]:
            return
        for dr, dc in ORDER:
            nr, nc = r + dr, c + dc
            tile = grid[nr][nc]
            if tile in ("W", "V", "A"):
                continue
            if tile == "X":
                if left == 0:
                    best[0] = min(best[0], length + 1)
                continue
            if tile in ("T", "G"):
                marked = [(i, j) for i, row in enumerate(grid) for j, t in enumerate(row)
                          if t == "V"]
                for i, j in marked:
                    grid[i][j] = "."
                grid[nr][nc] = "A" if tile == "T" else "V"
                go(nr, nc, length + 1, left - 1)
                grid[nr][nc] = tile
                for i, j in marked:
                    grid[i][j] = "V"
                continue
            grid[nr][nc] = "V"
            go(nr, nc, length + 1, left)
            grid[nr][nc] = tile

    go(r0, c0, 0, left)
    return None if best[0] == 1 << 30 else best[0]


# ------------------------------------------------------------------------ timing
def _deep(fn: Callable[[], T_]) -> tuple[float, T_]:
    """Run ``fn`` in a thread with a large stack (the recursion goes one frame per
    step, thousands deep on B10); returns (seconds ``fn`` took, its value), timed in
    the thread. Exceptions (OutOfTime) are raised again here."""
    box: dict[str, object] = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1_000_000))

    def run() -> None:
        start = time.perf_counter()
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller
            box["error"] = exc
        box["seconds"] = time.perf_counter() - start

    old = threading.stack_size(512 * 1024 * 1024)
    try:
        t = threading.Thread(target=run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["seconds"], box["value"]  # type: ignore[return-value]


def fresh(floor: Floor) -> Floor:
    """A copy of ``floor`` without its cached properties (adjacency, objectives), so
    that each timed solve pays for everything it computes."""
    return Floor(floor.number, floor.rows)


def _time(fn: Callable[[], T_], repeat: int) -> tuple[float, T_]:
    """(median seconds over ``repeat`` runs, the last result)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def baseline_time(floor: Floor, limit: float) -> tuple[float | None, bool | None]:
    """(seconds, answer) of the source's check; (None, None) when out of time."""
    try:
        return _deep(lambda: baseline_exists(floor, limit))
    except OutOfTime:
        return None, None


def dfs_par_time(floor: Floor, limit: float, bound: bool = True,
                 ) -> tuple[float | None, int | None]:
    """(seconds, par) of the depth-first par search; (None, None) when out of time."""
    try:
        return _deep(lambda: dfs_par(floor, limit, bound))
    except OutOfTime:
        return None, None


def generation_tries(seed: str, k: int) -> list[Floor]:
    """Every floor generation drew for B``k`` of ``seed``, in order: the rejected
    (not perfectly solvable) tries, then the kept floor (as ``generate_floor``)."""
    out = []
    width, count = RULES.lattice(k), RULES.objectives(k)
    while True:
        for t in range(RULES.tries_per_count):
            rng = stream(seed, GAME, "floor", k, "objectives", count, "try", t)
            f = _attempt(rng, k, width, count, RULES)
            if f is None:
                continue
            out.append(f)
            if solve(f).par is not None:
                assert f.rows == generate_floor(seed, k).rows
                return out
        count -= 1


@dataclass
class SeedTiming:
    """One floor of one seed: the kept floor and the tries rejected before it."""

    floor: int
    seed: str
    objectives: int
    par: int | None
    companion: float  # solve on the kept floor
    exists: float | None  # the source's check on the kept floor (None: out of time)
    dfs: float | None  # depth-first par with bound on the kept floor (None: out of time)
    dfs_all: float | None  # depth-first par without bound (None: out of time or not run)
    rejected: int
    companion_rejected: list[float]
    exists_rejected: list[float | None]


def time_seed(seed: str, k: int, limit: float, rejected_limit: float,
              exhaustive: bool = True) -> SeedTiming:
    """Time companion's solve, the source's check and the depth-first par search on
    floor B``k`` of ``seed`` (and both checks on the tries generation rejected).
    Raises AssertionError if a finished baseline disagrees with companion."""
    tries = generation_tries(seed, k)
    floor = tries[-1]
    t_comp, sol = _time(lambda: solve(fresh(floor)), 5)
    t_ex, answer = baseline_time(floor, limit)
    assert answer in (None, sol.par is not None), (seed, k)
    t_par, par = dfs_par_time(floor, limit)
    assert t_par is None or par == sol.par, (seed, k, par, sol.par)
    t_all: float | None = None
    if exhaustive:
        t_all, par_all = dfs_par_time(floor, limit, bound=False)
        assert t_all is None or par_all == sol.par, (seed, k, par_all, sol.par)
    comp_rej, ex_rej = [], []
    for f in tries[:-1]:
        comp_rej.append(_time(lambda f=f: solve(fresh(f)), 3)[0])
        t, ans = baseline_time(f, rejected_limit)
        assert ans in (None, False), (seed, k)
        ex_rej.append(t)
    return SeedTiming(k, seed, len(floor.objectives), sol.par, t_comp, t_ex, t_par, t_all,
                      len(tries) - 1, comp_rej, ex_rej)


def _ms(s: float) -> str:
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:,.1f} s"


def _median(values: list[float | None], limit: float) -> tuple[str, float | None]:
    """The median as text and number; runs out of time count as ``limit`` and make
    the median a lower bound (``>=``), or ``> limit`` when they are half or more."""
    if not values:
        return "-", None
    out = sum(v is None for v in values)
    med = statistics.median([limit if v is None else v for v in values])
    if out * 2 >= len(values):
        return f"> {limit:g} s ({out}/{len(values)} out of time)", None
    note = f" ({out}/{len(values)} out of time)" if out else ""
    return (">= " if out else "") + _ms(med) + note, med


def _speedup(base: float | None, text: str, comp: float, limit: float) -> str:
    if base is None:
        return f"> {limit / comp:,.0f}x"
    return (">= " if text.startswith(">") else "") + f"{base / comp:,.1f}x"


def _ratios(base: list[float | None], comp: list[float], limit: float) -> str:
    """Per-seed speed-ups, lowest to highest (``>`` where the baseline ran out)."""
    out = []
    for b, c in sorted(zip(base, comp, strict=True),
                       key=lambda x: (limit if x[0] is None else x[0]) / x[1]):
        out.append(f">{limit / c:,.0f}" if b is None else f"{b / c:,.1f}")
    return " ".join(out)


def solver_tables(seeds: tuple[str, ...], limit: float, rejected_limit: float,
                  ) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Two tables, rows B1, B5, B10: (1) the kept floors: companion's solve against
    the source's check (existence) and the depth-first par search; (2) the floors
    generation rejected, and the whole solvability checking of a floor's generation."""
    main_rows, gen_rows = [], []
    for k in (1, 5, 10):
        ts = [time_seed(s, k, limit, rejected_limit) for s in seeds]
        comp = statistics.median(t.companion for t in ts)
        ex_text, ex = _median([t.exists for t in ts], limit)
        par_text, par = _median([t.dfs for t in ts], limit)
        all_text, all_ = _median([t.dfs_all for t in ts], limit)
        main_rows.append({
            "floor": f"B{k}", "seeds": str(len(seeds)),
            "objectives": "/".join(str(t.objectives) for t in ts),
            "par": "/".join(str(t.par) for t in ts),
            "companion solve": _ms(comp),
            "source IsSolvable (exists)": ex_text,
            "depth-first par, every path": all_text,
            "depth-first par, bounded": par_text,
            "speed-up vs exists": _speedup(ex, ex_text, comp, limit),
            "speed-up vs every path": _speedup(all_, all_text, comp, limit),
            "speed-up vs bounded": _speedup(par, par_text, comp, limit),
            "per seed vs bounded": _ratios([t.dfs for t in ts],
                                           [t.companion for t in ts], limit),
        })
        rej_comp = [v for t in ts for v in t.companion_rejected]
        rej_ex = [v for t in ts for v in t.exists_rejected]
        rc = statistics.median(rej_comp) if rej_comp else None
        re_text, re_ = _median(rej_ex, rejected_limit)
        # every check of the floor's generation (rejected tries + the kept floor),
        # summed per seed; out of time counts as the limit (a lower bound)
        total_comp = [sum(t.companion_rejected) + t.companion for t in ts]
        total_base = [sum(rejected_limit if v is None else v for v in t.exists_rejected)
                      + (limit if t.exists is None else t.exists) for t in ts]
        bounded = any(v is None for t in ts for v in t.exists_rejected + [t.exists])
        ratios = [b / c for b, c in zip(total_base, total_comp, strict=True)]
        gen_rows.append({
            "floor": f"B{k}", "seeds": str(len(seeds)),
            "rejected tries": "/".join(str(t.rejected) for t in ts),
            "companion (rejected)": "-" if rc is None else _ms(rc),
            "source (rejected)": re_text,
            "all checks, companion": _ms(statistics.median(total_comp)),
            "all checks, source": (">= " if bounded else "")
            + _ms(statistics.median(total_base)),
            "speed-up": (">= " if bounded else "") + f"{statistics.median(ratios):,.1f}x",
        })
    return main_rows, gen_rows


def generation_table(count: int) -> list[dict[str, str]]:
    """Median and worst generation time of B1, B5, B10 over ``count`` seeds (no
    cache)."""
    raw = generate_floor.__wrapped__  # type: ignore[attr-defined]
    rows = []
    for k in (1, 5, 10):
        times = []
        tries = []
        for i in range(count):
            start = time.perf_counter()
            f = raw(f"GEN-{i}", k)
            times.append(time.perf_counter() - start)
            tries.append(f.tries)
        rows.append({"floor": f"B{k}", "seeds": str(count),
                     "median": _ms(statistics.median(times)),
                     "worst": _ms(max(times)),
                     "median tries": f"{statistics.median(tries):g}",
                     "most tries": str(max(tries))})
    return rows


def sweep(count: int, check_count: int, limit: float) -> dict[str, object]:
    """Generate B1…B10 of ``count`` seeds: every floor comes out (termination); count
    tries and lowered objective counts. On the first ``check_count`` seeds also run
    the source's own IsSolvable on each kept floor (an independent check that it is
    perfectly solvable; ``limit`` s each) and companion's solve, and sum both times."""
    raw = generate_floor.__wrapped__  # type: ignore[attr-defined]
    start = time.perf_counter()
    tries = []
    lowered_by: dict[int, int] = {}
    per_floor = dict.fromkeys(range(1, 11), 0)
    source_no = source_out = 0
    comp_total = base_total = 0.0
    base_worst = comp_worst = 0.0
    for i in range(count):
        for k in range(1, 11):
            f = raw(f"SWEEP-{i}", k)
            tries.append(f.tries)
            drop = f.objectives_asked - len(f.objectives)
            if drop:
                lowered_by[drop] = lowered_by.get(drop, 0) + 1
                per_floor[k] += 1
            if i < check_count:
                copy = fresh(f)
                t0 = time.perf_counter()
                solve(copy)
                tc = time.perf_counter() - t0
                comp_total += tc
                comp_worst = max(comp_worst, tc)
                tb, ok = baseline_time(f, limit)
                source_no += ok is False
                source_out += ok is None
                base_total += limit if tb is None else tb
                base_worst = max(base_worst, limit if tb is None else tb)
    checked = 10 * min(count, check_count)
    return {"seeds": count, "floors generated": 10 * count,
            "seconds": round(time.perf_counter() - start, 1),
            "mean tries": round(statistics.mean(tries), 2), "most tries": max(tries),
            "floors with objectives lowered": sum(lowered_by.values()),
            "lowered by (objectives: floors)": dict(sorted(lowered_by.items())),
            "lowered, per floor B1..B10": list(per_floor.values()),
            f"kept floors checked with the source's IsSolvable ({limit:g} s each)": checked,
            "  ... the source calls unsolvable": source_no,
            "  ... the source did not finish": source_out,
            "  ... total time, companion solve": _ms(comp_total),
            "  ... total time, source (unfinished count as the limit)":
                (">= " if source_out else "") + _ms(base_total),
            "  ... worst floor, companion / source":
                f"{_ms(comp_worst)} / {'>= ' if source_out else ''}{_ms(base_worst)}"}


def par_runs(count: int) -> dict[str, object]:
    """Play ``count`` seeds along the par paths with the default rules table (what
    ``companion solve`` does): on which floor the run ends, and, per floor, the median
    par against the moves a perfect floor gives back."""
    from companion.games import get_game

    game = get_game("dungeon-upkeeper")
    ends: dict[str, int] = {}
    pars: dict[int, list[int]] = {k: [] for k in range(1, 11)}
    back: dict[int, list[int]] = {k: [] for k in range(1, 11)}
    for i in range(count):
        seed = f"RUN-{i}"
        report = game.solve(seed, {"floors": 10}, ())
        end = report.stats.get("lost_because") or "won"
        key = end.rsplit(" ", 1)[-1] if end != "won" else "won"
        ends[key] = ends.get(key, 0) + 1
        for k in range(1, 11):
            f = generate_floor(seed, k)
            pars[k].append(int(report.stats["par"][f"B{k}"]))
            back[k].append(RULES.moves_per_trap * len(f.traps)
                           + RULES.moves_per_chest * len(f.chests) + RULES.perfect_moves(k))
    order = sorted(ends, key=lambda e: (e == "won", int(e[1:]) if e != "won" else 0))
    return {
        "seeds": count,
        "run along par paths ends (out of moves on)": {e: ends[e] for e in order},
        "median par B1..B10": [statistics.median(pars[k]) for k in range(1, 11)],
        "moves back for a perfect floor B1..B10 (median)":
            [statistics.median(back[k]) for k in range(1, 11)],
        "start moves": RULES.moves,
    }


def markdown(rows: list[dict[str, str]]) -> str:
    """A Markdown table of ``rows`` (same keys in each)."""
    keys = list(rows[0])
    widths = [max(len(k), *(len(r[k]) for r in rows)) for k in keys]
    out = ["| " + " | ".join(k.ljust(w) for k, w in zip(keys, widths, strict=True)) + " |",
           "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for r in rows:
        out.append("| " + " | ".join(r[k].ljust(w) for k, w in zip(keys, widths, strict=True))
                   + " |")
    return "\n".join(out)


def bench_rows(quick: bool = True) -> list[tuple[str, str, str]]:
    """A few rows for ``benchmarks/run.py``'s table: par on B10 against the
    depth-first search, the whole generation check of B10 against the source's, and
    generation time of B10 (quick: 2 seeds, 2 s limits)."""
    seeds = SEEDS[:2] if quick else SEEDS[:5]
    limit = 2.0 if quick else 10.0
    ts = [time_seed(s, 10, limit, limit, exhaustive=False) for s in seeds]
    comp = statistics.median(t.companion for t in ts)
    par_text, par = _median([t.dfs for t in ts], limit)
    rows = [("dungeon-upkeeper par B10 (companion solve)", f"{len(seeds)} seeds", _ms(comp)),
            ("dungeon-upkeeper par B10 (depth-first, bounded)", f"{len(seeds)} seeds",
             f"{par_text}, companion {_speedup(par, par_text, comp, limit)} faster")]
    total_comp = [sum(t.companion_rejected) + t.companion for t in ts]
    total_base = [sum(limit if v is None else v for v in t.exists_rejected)
                  + (limit if t.exists is None else t.exists) for t in ts]
    rows.append(("dungeon-upkeeper B10 generation checks", f"{len(seeds)} seeds",
                 f"{_ms(statistics.median(total_comp))} vs source "
                 f"{_ms(statistics.median(total_base))}"))
    raw = generate_floor.__wrapped__  # type: ignore[attr-defined]
    times = []
    for i in range(20 if quick else 100):
        start = time.perf_counter()
        raw(f"GEN-{i}", 10)
        times.append(time.perf_counter() - start)
    rows.append(("dungeon-upkeeper generate B10", f"{len(times)} seeds",
                 _ms(statistics.median(times)) + " median"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer seeds, shorter limits")
    args = parser.parse_args()
    seeds = SEEDS[:3] if args.quick else SEEDS[:5]
    limit = 3.0 if args.quick else 10.0
    rejected_limit = 2.0 if args.quick else 5.0
    start = time.perf_counter()
    main_rows, gen_rows = solver_tables(seeds, limit, rejected_limit)
    print(f"## Kept floors: medians over {len(seeds)} seeds; the baselines stop after "
          f"{limit:g} s\n")
    print(markdown(main_rows))
    print(f"\n## Tries generation rejected (not perfectly solvable), and all the checks "
          f"of a floor's generation (source stops after {rejected_limit:g} s per try)\n")
    print(markdown(gen_rows))
    gen_count = 30 if args.quick else 100
    print(f"\n## Generation per floor ({gen_count} seeds, no cache)\n")
    print(markdown(generation_table(gen_count)))
    sweep_count = 100 if args.quick else 1000
    result = sweep(sweep_count, 30 if args.quick else 100, 1.0)
    print(f"\n## Sweep: B1-B10 of {sweep_count} seeds\n")
    for key, value in result.items():
        print(f"- {key}: {value}")
    runs = par_runs(30 if args.quick else 100)
    print("\n## Runs along the par paths (default rules table)\n")
    for key, value in runs.items():
        print(f"- {key}: {value}")
    print(f"\n(total {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
