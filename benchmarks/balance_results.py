"""Measure every game with ``companion stats`` and write the results the booklets' "How
hard is it?" boxes read (``companion/games/<game>/balance.json``), and the tables of
``docs/balance.md`` (printed as Markdown).

    python benchmarks/balance_results.py --jobs 2            # every game (about 30 min)
    python benchmarks/balance_results.py --only dungeon-solitaire --games-scale 0.01
    python benchmarks/balance_results.py --tables           # the committed results only

Each run is exactly what ``companion stats GAME --players ... --games N [--variant V]
[--edition E] --json`` prints; the file keeps the command beside it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import get_game  # noqa: E402
from companion.stats import pct, run  # noqa: E402

RUNS: dict[str, list[dict[str, Any]]] = {
    "dungeon-upkeeper": [
        {"players": ["expert", "padded", "greedy", "straight", "random"], "games": 10_000},
        {"players": ["expert", "padded", "greedy", "straight"], "games": 800, "edition": 1},
    ],
    "dungeon-solitaire": [
        {"players": ["random", "greedy", "expert"], "games": 10_000},
        {"players": ["random", "greedy", "expert"], "games": 1000, "edition": 1},
    ],
    "clear-the-dungeon": [
        {"players": ["random", "greedy", "expert"], "games": 1000, "variants": v}
        for v in ([], ["reserve"], ["no-jokers"], ["reserve", "no-jokers"])
    ],
    "shuffle-and-doom": [
        {"players": ["random", "greedy", "expert"], "games": 1000, "variants": v}
        for v in ([], ["easy-stats"], ["flat-consumables"], ["easy-stats", "flat-consumables"])
    ],
}
"""What is measured: the newest edition of every game on its default parameters (with
each set of variants), and the editions retired by a retuning, for comparison."""

EXTRA: dict[str, dict[str, Any]] = {
    "clear-the-dungeon": {
        "perfect_information": {
            "what": "share of deals S0-S999 winnable with every card known (exact solver)",
            "source": "docs/clear-the-dungeon.md: python benchmarks/ctd_winnable.py --jobs 2, "
                      "its undecided deals solved again with --budget 1000000000",
            "deals": 1000,
            "winnable": {"": 0.999, "reserve": 1.0, "no-jokers": 0.978,
                         "reserve+no-jokers": 1.0},
        },
    },
}
"""Figures measured elsewhere that the booklets quote beside the simulated players'."""


def command(game: str, spec: dict[str, Any], games: int) -> str:
    parts = ["companion stats", game, "--players", ",".join(spec["players"]),
             "--games", str(games)]
    for v in spec.get("variants", []):
        parts += ["--variant", v]
    if "edition" in spec:
        parts += ["--edition", str(spec["edition"])]
    return " ".join(parts) + " --json"


def runs_of(game: str) -> list[dict[str, Any]]:
    """What is measured for ``game``: its entry in :data:`RUNS`, else (a game added
    since) every player of the game on 1,000 games, without variants and with each
    variant alone."""
    if game in RUNS:
        return RUNS[game]
    g = get_game(game)
    players = sorted({"random", "greedy", *g.players()})
    return [{"players": players, "games": 1000, "variants": v}
            for v in ([], *([name] for name in g.variants))]


def extra_of(game: str, path: Path) -> dict[str, Any]:
    """Figures measured elsewhere for ``game``: its :data:`EXTRA` entry, else the
    ``perfect_information`` its committed results already hold (written by the game's
    own solver benchmark), so that measuring again keeps them."""
    if game in EXTRA:
        return EXTRA[game]
    if path.exists():
        old = json.loads(path.read_text("utf-8"))
        return {k: old[k] for k in ("perfect_information",) if k in old}
    return {}


def measure(game: str, scale: float, jobs: int, path: Path) -> dict[str, Any]:
    runs = []
    for spec in runs_of(game):
        games = max(1, round(spec["games"] * scale))
        start = time.perf_counter()
        report = run(game, spec["players"], games, {}, spec.get("variants", []),
                     spec.get("edition"), jobs)
        data = report.to_json()
        data["command"] = command(game, spec, games)
        runs.append(data)
        print(f"{data['command']}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return {"game": game, "runs": runs, **extra_of(game, path)}


def markdown(results: dict[str, Any]) -> str:
    """The tables of docs/balance.md for one game's results."""
    lines = []
    for r in results["runs"]:
        variants = ", ".join(r["variants"]) or "no variant"
        lines += ["", f"`{r['command']}` (edition {r['edition']}, {variants}, seeds "
                  f"{r['seeds']}):", "",
                  f"| player | wins (95 % interval) | score mean | score quartiles | "
                  f"not won: ended at {r['stage']} (median) | why games end |",
                  "|---|---|---|---|---|---|"]
        for p in r["players"]:
            stages = [int(s) for s, n in p["stages"].items() for _ in range(n)]
            median = sorted(stages)[len(stages) // 2] if stages else "-"
            q = p["score_quartiles"] or []
            reasons = ", ".join(f"{k} {v}" for k, v in sorted(
                p["reasons"].items(), key=lambda kv: (-kv[1], kv[0])))
            mean = "-" if p["score_mean"] is None else f"{p['score_mean']:.1f}"
            lines.append(f"| {p['player']} | {pct(p['win_rate'])} ({pct(p['win_low'])}"
                         f" to {pct(p['win_high'])}) | {mean} | "
                         f"{' / '.join(f'{v:.4g}' for v in q) or '-'} | {median} | "
                         f"{reasons} |")
        for t in r["targets"]:
            lines.append(f"- {'met' if t['ok'] else '**NOT MET**'}: {t['text']} "
                         f"(measured {pct(t['value'])})")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="a game (repeat for more)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--games-scale", type=float, default=1.0,
                        help="scale every run's number of games (for a quick look)")
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    parser.add_argument("--tables", action="store_true", help="measure nothing: print "
                        "the tables of the committed results")
    args = parser.parse_args(argv)
    from companion.games import GAME_NAMES

    for game in args.only or list(GAME_NAMES):
        path = ROOT / Path(*type(get_game(game)).__module__.split(".")) / "balance.json"
        if args.tables:
            results = json.loads(path.read_text("utf-8"))
            print(f"## {get_game(game).title}\n{markdown(results)}")
            continue
        results = measure(game, args.games_scale, args.jobs, path)
        if not args.dry_run:
            path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n",
                            "utf-8")
            print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
        print(f"## {get_game(game).title}\n{markdown(results)}")


if __name__ == "__main__":
    main()
