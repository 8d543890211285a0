"""Benchmarks: one script, one table. Never run as tests.

    python benchmarks/run.py            # full run
    python benchmarks/run.py --quick    # fewer repetitions

Figures: validation throughput (actions per second on long simulated logs), map PDF
time per size, stacking list and log sheet time, scan time (metadata and render +
decode), start-up of `companion --help` next to `python -c "import typer"`, and the
Clear the Dungeon and Scoundrel solvers (deals per second, median solve, unknown answers),
validation and printing beside their references (``compare.py``), batch validation on one
and two processes (``batch_speed.py``), and simulated games per second per game and player
and each game's whole study on one and two processes (``stats_speed.py``). Last, issue
18's goals, met or not, and the machine's load average at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compare import timed  # benchmarks/compare.py: median of repeated calls after a warm-up

from companion.games import get_game
from companion.replay import validate_text
from companion.simulate import play


def bench_validation(quick: bool) -> list[tuple[str, str, str]]:
    sd = get_game("shuffle-and-doom")
    rows = []
    logs = []
    for i in range(40 if quick else 120):
        played = play(sd, f"BENCH{i}", {"size": 26}, "greedy")
        logs.append((played.log_text(), len(played.actions)))
    logs.sort(key=lambda x: -x[1])
    longest = logs[: 10 if quick else 30]
    actions = sum(n for _, n in longest)
    seconds = timed(lambda: [validate_text(t) for t, _ in longest], 3)
    rows.append(("validate shuffle-and-doom (26x26 logs)",
                 f"{actions} actions in {len(longest)} logs",
                 f"{actions / seconds:,.0f} actions/s"))
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < (1.0 if quick else 3.0):
        play(sd, f"SIM{count}", {"size": 7}, "random")
        count += 1
    rate = count / (time.perf_counter() - start)
    rows.append(("simulate random games (7x7)", f"{count} games", f"{rate:,.0f} games/s"))
    return rows


def bench_sheets(quick: bool) -> list[tuple[str, str, str]]:
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    sd = get_game("shuffle-and-doom")
    rows = []
    rep = 3 if quick else 7
    for size in (7, 13, 26):
        sd.render("map", "WARM", {"size": size}, "a4")
        s = timed(lambda size=size: sd.render("map", "BENCH", {"size": size}, "a4"), rep)
        data = sd.render("map", "BENCH", {"size": size}, "a4")
        rows.append((f"map PDF {size}x{size}", f"{len(data) / 1024:.0f} kB",
                     f"{s * 1000:.0f} ms"))
    for kind in ("stack", "log"):
        s = timed(lambda kind=kind: sd.render(kind, "BENCH", {"size": 13}, "a4"), rep)
        rows.append((f"{kind} sheet PDF (13x13)", "", f"{s * 1000:.0f} ms"))
    from companion.scan import scan_file

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "map.pdf"
        pdf.write_bytes(sd.render("map", "BENCH", {"size": 13}, "a4"))
        s = timed(lambda: scan_file(pdf), rep)
        rows.append(("scan PDF (metadata)", "", f"{s * 1000:.1f} ms"))
        import pypdfium2

        png = Path(tmp) / "map.png"
        pypdfium2.PdfDocument(pdf)[0].render(scale=150 / 72).to_pil().save(png)
        s = timed(lambda: scan_file(png), rep)
        rows.append(("scan PNG 150 dpi (decode)", "", f"{s * 1000:.1f} ms"))
    return rows


def bench_startup(quick: bool) -> list[tuple[str, str, str]]:
    rep = 3 if quick else 7
    exe = [sys.executable, "-m", "companion"]
    rows = []
    for label, cmd in (("python -c 'import typer'", [sys.executable, "-c", "import typer"]),
                       ("companion --help", [*exe, "--help"])):
        s = timed(lambda cmd=cmd: subprocess.run(cmd, capture_output=True, check=True), rep)
        rows.append((label, "", f"{s * 1000:.0f} ms"))
    log = (Path(__file__).resolve().parent.parent
           / "tests/examples/shuffle-and-doom/playthrough-1-4x4.log")
    s = timed(lambda: subprocess.run([*exe, "validate", str(log)], capture_output=True), rep)
    rows.append(("companion validate (short log)", "", f"{s * 1000:.0f} ms"))
    return rows


SOLVED = (("clear-the-dungeon", ((), ("reserve",), ("no-jokers",), ("reserve", "no-jokers"))),
          ("scoundrel", ((), ("equal-kills",))))


def bench_solver(quick: bool) -> list[tuple[str, str, str]]:
    """The Clear the Dungeon and Scoundrel solvers at their default budget on seeds
    BENCH0, BENCH1, … for every variant set: deals per second, the median solve and the
    answers (an "unknown" is a deal the budget did not settle)."""
    rows = []
    count = 20 if quick else 100
    for name, variant_sets in SOLVED:
        game = get_game(name)
        for variants in variant_sets:
            times = []
            status: dict[str, int] = {}
            for i in range(count):
                t = time.perf_counter()
                report = game.solve(f"BENCH{i}", {}, variants)
                times.append(time.perf_counter() - t)
                status[report.status] = status.get(report.status, 0) + 1
            label = ", ".join(variants) or "base"
            verdicts = " ".join(f"{n} {k}" for k, n in sorted(status.items()))
            rows.append((f"solve {name} ({label})", f"{count} deals: {verdicts}",
                         f"{count / sum(times):.1f} deals/s, median "
                         f"{statistics.median(times) * 1000:.0f} ms, "
                         f"{status.get('unknown', 0)} unknown"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()
    began = time.perf_counter()
    rows = [*bench_validation(args.quick), *bench_sheets(args.quick),
            *bench_startup(args.quick), *bench_solver(args.quick)]
    from du_solver import bench_rows as du_solver_rows  # benchmarks/du_solver.py

    rows += du_solver_rows(quick=True)  # Dungeon Upkeeper par, checks, generation
    from batch_speed import rows as batch_rows  # benchmarks/batch_speed.py
    from compare import compare_rows  # benchmarks/compare.py: python-chess, bare reportlab
    from simulate_all import rows as simulate_rows  # benchmarks/simulate_all.py
    from stats_speed import rows as stats_rows  # benchmarks/stats_speed.py
    from stats_speed import study_rows  # benchmarks/stats_speed.py

    rows += compare_rows(args.quick)
    rows += batch_rows(args.quick)
    rows += simulate_rows(args.quick)
    rows += stats_rows(args.quick)
    rows += study_rows(args.quick)
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(r[1]) for r in rows)
    print(f"| {'what':<{w1}} | {'size':<{w2}} | result |")
    print(f"|{'-' * (w1 + 2)}|{'-' * (w2 + 2)}|--------|")
    for a, b, c in rows:
        print(f"| {a:<{w1}} | {b:<{w2}} | {c} |")
    print()
    for line in goal_lines(rows):
        print(line)
    end = os.getloadavg()
    print(f"\nload average at the start {load[0]:.2f}, at the end {end[0]:.2f} "
          f"(1 minute; {os.cpu_count()} processors); {time.perf_counter() - began:.0f} s")


GOALS = (
    # (rows whose name starts so, what the result must say, the goal in words)
    ("validate ", r"x([0-9.]+)$", lambda x: x >= 3.0, "at least 3x python-chess"),
    ("print ", r"x([0-9.]+)$", lambda x: x <= 1.5, "within 1.5x of bare reportlab"),
    ("stats ", r"([0-9,]+) s on two idle processors$", lambda x: x <= 600,
     "a 10,000-seed study within 10 minutes on two processes"),
    ("solve ", r"median ([0-9,]+) ms", lambda x: x <= 50, "median at most 50 ms a deal"),
    ("solve ", r"([0-9,]+) unknown$", lambda x: x == 0,
     "no unknown answer at the default budget (S0-S999: docs/benchmarks.md)"),
)


def goal_lines(rows: list[tuple[str, str, str]]) -> list[str]:
    """Issue 18's goals, row by row: each measured figure and whether it meets its goal."""
    import re

    out = []
    for prefix, pattern, ok, words in GOALS:
        for name, _, result in rows:
            m = re.search(pattern, result)
            if name.startswith(prefix) and m:
                value = float(m.group(1).replace(",", ""))
                out.append(f"{'met    ' if ok(value) else 'NOT MET'}  {name}: {m.group(0)} "
                           f"({words})")
    return out


if __name__ == "__main__":
    main()
