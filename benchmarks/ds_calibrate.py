"""Dungeon Solitaire balance: how the simulated players fare under an edition's numbers.

    python benchmarks/ds_calibrate.py --games 10000 --jobs 1 --edition 2
    python benchmarks/ds_calibrate.py --games 300 --players expert greedy   # a quick look

Plays seeds ``S0`` … ``S{N-1}`` on a 5×5 board with each player of
``companion/games/dungeon_solitaire/players.py`` and prints, per player: the win rate
with its 95 % Wilson interval, the share of runs reaching level 5 or later, the share
ending on levels 1–2, the mean score, the mean game length (actions) and the speed.
Games that reach ``--cap`` actions are stopped and counted. ``--set name=value``
overrides one number of the edition's rules table while searching (tuples as
``removal=0.2,0.4``).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dungeon_solitaire import GAME, rules  # noqa: E402
from companion.games.dungeon_solitaire.players import PLAYERS  # noqa: E402
from companion.games.dungeon_solitaire.table import EDITIONS, RulesTable  # noqa: E402
from companion.rng import stream  # noqa: E402
from companion.stats import wilson  # noqa: E402


def parse_overrides(pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs as RulesTable keyword arguments."""
    kinds = {f.name: f.type for f in fields(RulesTable)}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in kinds:
            raise SystemExit(f"no rules-table number called {name!r}")
        kind = str(kinds[name])
        if "tuple" in kind:
            out[name] = tuple(float(x) for x in text.split(","))
        elif "float" in kind:
            out[name] = float(text)
        elif "bool" in kind:
            out[name] = text.lower() in ("1", "true", "yes")
        else:
            out[name] = int(text)
    return out


def play_one(task: tuple[str, str, RulesTable, int, int]) -> tuple[str, str, str, int, int,
                                                                     int, int]:
    """One game: (player, seed, outcome, level reached, score, actions, draws)."""
    player_name, seed, table, size, cap = task
    player = PLAYERS[player_name]
    state = rules.new_state(seed, size, table)
    rng = stream(seed, "dungeon-solitaire", "simulation", player_name)
    actions = 0
    while state.outcome is None and actions < cap:
        legal = rules.legal_actions(state)
        action = player(GAME, state, legal, rng)
        state = rules.apply(state, action)
        actions += 1
    outcome = state.outcome or "capped"
    return (player_name, seed, outcome, state.level, state.score(), actions, state.draws)


def summary(name: str, rows: list[tuple[str, str, str, int, int, int, int]],
            seconds: float) -> str:
    n = len(rows)
    wins = sum(1 for r in rows if r[2] == "won")
    low, high = wilson(wins, n)
    deep = sum(1 for r in rows if r[3] >= 5) / n
    early = sum(1 for r in rows if r[2] != "won" and r[3] <= 2) / n
    capped = sum(1 for r in rows if r[2] == "capped")
    score = sum(r[4] for r in rows) / n
    length = sum(r[5] for r in rows) / n
    levels = [0] * 10
    for r in rows:
        levels[r[3] if r[2] != "won" else 0] += 1
    ends = " ".join(f"{i}:{levels[i]}" for i in range(1, 10))
    return (f"| {name} | {n} | {100 * wins / n:.1f} % ({100 * low:.1f}–{100 * high:.1f}) "
            f"| {100 * deep:.1f} % | {100 * early:.1f} % | {score:.1f} | {length:.0f} "
            f"| {capped} | {n / seconds:.0f} |\n  losses by level: {ends}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="seeds S0..S{N-1}")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--edition", type=int, default=max(EDITIONS), help="rules edition")
    parser.add_argument("--size", type=int, default=5, help="board size")
    parser.add_argument("--players", nargs="+", default=["expert", "greedy", "random"])
    parser.add_argument("--cap", type=int, default=2000, help="actions per game at most")
    parser.add_argument("--start", type=int, default=0, help="first seed number")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override one rules-table number (repeatable)")
    args = parser.parse_args(argv)
    table = replace(EDITIONS[args.edition], **parse_overrides(args.set))
    print(f"edition {args.edition}, size {args.size}, seeds S{args.start}.."
          f"S{args.start + args.games - 1}" + (f", overrides {args.set}" if args.set else ""))
    print("| player | games | wins (95 % CI) | level ≥ 5 | ended on 1–2 | mean score "
          "| mean actions | capped | games/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.players:
        tasks = [(name, f"S{i}", table, args.size, args.cap)
                 for i in range(args.start, args.start + args.games)]
        started = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                rows = list(pool.map(play_one, tasks, chunksize=50))
        else:
            rows = [play_one(t) for t in tasks]
        print(summary(name, rows, time.perf_counter() - started), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
