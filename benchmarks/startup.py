"""Start-up of the command players run most, ``companion validate one.log``, measured
beside ``python -c "import typer"`` in the same run (issue 13: at most 1.5 times).

    python benchmarks/startup.py [--runs N]

Each measurement is a fresh interpreter (as a shell starts it), the two commands
interleaved so that the machine's state weighs on both alike; medians are reported.
The log is a short valid Shuffle and Doom game (the README's example).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = """[Game "shuffle-and-doom"]
[Seed "6Y1M-YBS5"]
[Size "5"]
[Claim "34"]
choose column
bonus health
enter a1
room 6♥ J♣ 10♥ A♦ 8♥ K♦ J♦ 3♣ 5♦
disarm 3♣
take A♦
enter d4
room 7♥ A♥ 4♠ 3♦
hit 4♠
loot
"""


def _time(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "one.log"
        log.write_text(LOG, encoding="utf-8")
        validate = [sys.executable, "-c", "from companion.cli import main; main()",
                    "validate", str(log)]
        typer_only = [sys.executable, "-c", "import typer"]
        help_cmd = [sys.executable, "-c", "from companion.cli import main; main()",
                    "--help"]
        for argv in (validate, typer_only, help_cmd):  # warm the file cache
            _time(argv)
        a, b, h = [], [], []
        for _ in range(args.runs):
            a.append(_time(validate))
            b.append(_time(typer_only))
            h.append(_time(help_cmd))
    va, ty, he = (statistics.median(x) for x in (a, b, h))
    print(f"companion validate one.log: {va * 1000:.0f} ms (median of {args.runs})")
    print(f"companion --help:           {he * 1000:.0f} ms")
    print(f"python -c 'import typer':   {ty * 1000:.0f} ms")
    print(f"ratio validate / import typer: {va / ty:.2f} (goal: at most 1.5)")


if __name__ == "__main__":
    main()
