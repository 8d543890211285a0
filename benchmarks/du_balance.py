"""Dungeon Upkeeper balance: how the simulated players fare under an edition's numbers
(``docs/rules/dungeon-upkeeper.md``, balance targets; results in
``docs/balance-dungeon-upkeeper.md``).

    python benchmarks/du_balance.py --games 10000 --jobs 1 --edition 2
    python benchmarks/du_balance.py --games 1000 --jobs 1 --edition 1
    python benchmarks/du_balance.py --games 200 --order player      # per-player speed

Plays seeds ``S0`` … ``S{N-1}``, 10 floors, with each player of
``companion/games/dungeon_upkeeper/players.py`` through the pure rules
(``rules.new_state`` with the edition's table, ``legal_actions``, ``apply``), the
player's stream being ``(seed, "dungeon-upkeeper", "simulation", player)``. Prints per
player: wins with the 95 % Wilson interval, the mean score, where and why lost runs
ended (floor histogram, out of moves / out of health), the fewest moves left at the
start of a floor B2…B10 and the fewest spare moves (moves at a floor's start minus its
par) over all floors, and the speed. ``--order seed`` (the default) plays every player
on a seed before the next seed, so the floors are generated once per seed (their cost
is then shown on its own line); ``--order player`` plays each player over all seeds
for a fair per-player speed. ``--check-solver K`` replays the exact solver's par paths
(``GAME.solve``) of seeds S0…S{K-1} under the edition's table and counts wins.
``--set name=value`` overrides a number of the table while searching.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dungeon_upkeeper import GAME, rules  # noqa: E402
from companion.games.dungeon_upkeeper.floor import solve  # noqa: E402
from companion.games.dungeon_upkeeper.generation import generate_floor  # noqa: E402
from companion.games.dungeon_upkeeper.players import PLAYERS  # noqa: E402
from companion.games.dungeon_upkeeper.table import EDITIONS, RulesTable  # noqa: E402
from companion.rng import stream  # noqa: E402
from companion.stats import wilson  # noqa: E402

FLOORS = 10
CAP = 20_000  # steps per run at most (a run of 10 floors takes a few hundred)


@dataclass(frozen=True)
class Row:
    player: str
    seed: str
    outcome: str  # won, lost, capped
    floor: int  # the floor the run ended on
    why: str  # "", "moves", "health", "capped"
    score: int
    steps: int
    min_start: int | None  # fewest moves at the start of B2..B10 (None: never got there)
    min_spare: int | None  # fewest (moves at a floor's start − its par), floors begun
    seconds: float


def par(seed: str, k: int, table: RulesTable) -> int:
    p = rules.solved(generate_floor(seed, k, table)).par
    assert p is not None
    return p


def play_one(player_name: str, seed: str, table: RulesTable) -> Row:
    started = time.perf_counter()
    player = PLAYERS[player_name]
    state = rules.new_state(seed, FLOORS, table)
    rng = stream(seed, "dungeon-upkeeper", "simulation", player_name)
    starts = {1: state.moves}
    steps = 0
    while state.outcome is None and steps < CAP:
        legal = rules.legal_actions(state)
        action = player(GAME, state, legal, rng)
        floor = state.floor
        state = rules.apply(state, action)
        steps += 1
        if state.floor != floor and state.outcome is None:  # a floor begun
            starts[state.floor] = state.moves
    seconds = time.perf_counter() - started
    outcome = state.outcome or "capped"
    why = ("capped" if outcome == "capped" else
           "moves" if "out of moves" in state.lost_because else
           "health" if "out of health" in state.lost_because else "")
    later = [m for k, m in starts.items() if k >= 2]
    spare = [m - par(seed, k, table) for k, m in starts.items()]
    return Row(player_name, seed, outcome, state.floor, why, state.run_score, steps,
               min(later) if later else None, min(spare), seconds)


def play_seed(task: tuple[str, tuple[str, ...], RulesTable]) -> tuple[float, list[Row]]:
    """Every player on one seed; the floors are generated first (timed apart)."""
    seed, players, table = task
    started = time.perf_counter()
    for k in range(1, FLOORS + 1):
        par(seed, k, table)
    generation = time.perf_counter() - started
    return generation, [play_one(name, seed, table) for name in players]


def play_task(task: tuple[str, str, RulesTable]) -> Row:
    return play_one(*task)


def summary(name: str, rows: list[Row]) -> tuple[str, str]:
    n = len(rows)
    wins = sum(1 for r in rows if r.outcome == "won")
    low, high = wilson(wins, n)
    score = sum(r.score for r in rows) / n
    seconds = sum(r.seconds for r in rows)
    starts = [r.min_start for r in rows if r.min_start is not None]
    spares = [r.min_spare for r in rows if r.min_spare is not None]
    why = Counter(r.why for r in rows if r.outcome != "won")
    line = (f"| {name} | {wins}/{n} | {100 * wins / n:.2f} % "
            f"({100 * low:.2f}–{100 * high:.2f}) | {score:.1f} "
            f"| {why['moves']} | {why['health']} | {why['capped']} "
            f"| {min(starts) if starts else '–'} | {min(spares) if spares else '–'} "
            f"| {n / seconds if seconds else float('inf'):.1f} |")
    ends: dict[str, Counter[int]] = {}
    for r in rows:
        if r.outcome != "won":
            ends.setdefault(r.why, Counter())[r.floor] += 1
    hist = "; ".join(
        f"out of {why}: " + " ".join(f"B{k}:{c[k]}" for k in sorted(c))
        for why, c in sorted(ends.items()))
    lost = [r.seed for r in rows if r.outcome != "won"]
    few = f" (seeds {', '.join(lost)})" if 0 < len(lost) <= 10 else ""
    return line, f"- {name}: lost runs ended on " + (hist or "(none)") + few


def check_solver(count: int, table: RulesTable) -> str:
    """Replay ``GAME.solve``'s par paths (every floor's, not only those its edition-1
    run reached) under ``table``: how many runs win, and whether every floor took
    exactly its par."""
    won = exact = 0
    for i in range(count):
        seed = f"S{i}"
        report = GAME.solve(seed, {"floors": FLOORS}, ())
        state = rules.new_state(seed, FLOORS, table)
        for k in range(1, FLOORS + 1):
            for letter in solve(generate_floor(seed, k, table)).path:
                if state.outcome is not None:
                    break
                state = rules.apply(state, rules.Path((rules.Step(letter),)))
        won += state.outcome == "won"
        exact += all(r.moves_used == report.stats["par"][f"B{r.floor}"] and r.perfect
                     for r in state.records) and len(state.records) == FLOORS
    return (f"solver replay: {won}/{count} runs won, {exact}/{count} with every floor "
            f"perfect at exactly GAME.solve's par")


def parse_overrides(pairs: list[str]) -> dict[str, int]:
    names = {f.name for f in fields(RulesTable)}
    out: dict[str, int] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in names:
            raise SystemExit(f"no rules-table number called {name!r}")
        out[name] = int(text)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="seeds S0..S{N-1}")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--edition", type=int, default=max(EDITIONS), choices=sorted(EDITIONS))
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    parser.add_argument("--order", choices=("seed", "player"), default="seed")
    parser.add_argument("--check-solver", type=int, default=0, metavar="K",
                        help="also replay the solver's par paths of K seeds")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override one rules-table number (repeatable)")
    args = parser.parse_args(argv)
    table = replace(EDITIONS[args.edition], **parse_overrides(args.set))
    seeds = [f"S{i}" for i in range(args.games)]
    print(f"edition {args.edition}: {table.moves} moves, perfect floor Bk +"
          f"({table.moves_perfect_base} + {table.moves_perfect_per_floor} × k); "
          f"seeds S0..S{args.games - 1}, {FLOORS} floors, jobs {args.jobs}, "
          f"order {args.order}" + (f", overrides {args.set}" if args.set else ""))
    started = time.perf_counter()
    by_player: dict[str, list[Row]] = {name: [] for name in args.players}
    generation = 0.0
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        mapper = pool.map if pool else map
        if args.order == "seed":
            kw = {"chunksize": 20} if pool else {}
            tasks = [(seed, tuple(args.players), table) for seed in seeds]
            for gen, rows in mapper(play_seed, tasks, **kw):
                generation += gen
                for row in rows:
                    by_player[row.player].append(row)
        else:
            kw = {"chunksize": 20} if pool else {}
            for name in args.players:
                tasks = [(name, seed, table) for seed in seeds]
                by_player[name] = list(mapper(play_task, tasks, **kw))
    finally:
        if pool:
            pool.shutdown()
    print("| player | wins | win rate (95 % CI) | mean score | lost: out of moves "
          "| lost: out of health | capped | fewest moves at a floor start (B2–B10) "
          "| fewest spare moves (start − par) | games/s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    notes = []
    for name in args.players:
        line, note = summary(name, by_player[name])
        print(line)
        notes.append(note)
    print("\n".join(notes))
    if args.order == "seed":
        print(f"floor generation and par: {args.games / generation if generation else 0:.1f} "
              "seeds/s (10 floors each; not counted in the players' speed)")
    print(f"wall time {time.perf_counter() - started:.0f} s")
    if args.check_solver:
        print(check_solver(args.check_solver, table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
