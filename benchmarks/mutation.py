"""Mutation testing of the games' rules modules (issue 26). Slow: never run in CI.

    python benchmarks/mutation.py                      # every game, 60 mutants each
    python benchmarks/mutation.py --game scoundrel --sample 30
    python benchmarks/mutation.py --all --jobs 2       # every mutant of every game
    python benchmarks/mutation.py --list --game scoundrel   # the mutants, not run
    python benchmarks/mutation.py --game scoundrel --mutant 12 --mutant 40   # just those

A small mutator of its own (``ast``, no dependency): for each rules module of one game
(``companion/games/<package>/rules.py``, and for Shuffle and Doom also the ``mechanics.py``
and ``state.py`` split out of it; see :data:`MODULES`) it lists every place a mutation
applies —

* a comparison swapped (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``in`` and
  ``not in``, ``is`` and ``is not``);
* ``and`` and ``or`` swapped, a ``not`` removed;
* ``+`` and ``-`` swapped (in expressions and in ``+=``/``-=``);
* an integer constant moved by one, up and down;
* ``return True`` and ``return False`` flipped;
* a ``raise`` statement removed (replaced by ``pass``);
* an ``if`` or ``while`` condition forced ``True`` or ``False``;

— numbered across the game's modules in the order of :data:`MODULES` — then draws
``--sample`` of them with a fixed seed (``--all`` keeps them all). Each
mutant is written, as ``ast.unparse`` gives it back, into a copy of ``companion/`` and
``tests/`` in a temporary folder (the worktree's files are never touched), and the game's
fast tests run there in one process with ``-x``: the refusal tables and playthroughs of
that game, the fast-path tests and the game's own rules test file (see :data:`TESTS`). A
failing test or a timeout kills the mutant; all tests passing means it survived.

The survivors are written to ``benchmarks/mutation_survivors.json`` (file, line, the
mutation, the source line) for review. Survivors judged equivalent (no program could tell
them from the original) are listed with why in ``benchmarks/mutation_equivalent.json``,
keyed by game, file, mutation, column and source line (not by line number, which moves when the
module is edited); the table reports the share killed of all mutants and of the
non-equivalent ones.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
EQUIVALENT_FILE = HERE / "mutation_equivalent.json"
SURVIVORS_FILE = HERE / "mutation_survivors.json"

GAMES: dict[str, str] = {
    "shuffle-and-doom": "shuffle_and_doom",
    "clear-the-dungeon": "clear_the_dungeon",
    "dungeon-upkeeper": "dungeon_upkeeper",
    "dungeon-solitaire": "dungeon_solitaire",
    "scoundrel": "scoundrel",
}
"""The games whose rules are mutated: registry name -> package."""

MODULES: dict[str, tuple[str, ...]] = {
    "shuffle-and-doom": ("rules.py", "mechanics.py", "state.py"),
    "clear-the-dungeon": ("rules.py",),
    "dungeon-upkeeper": ("rules.py",),
    "dungeon-solitaire": ("rules.py",),
    "scoundrel": ("rules.py",),
}
"""Per game, its rules modules (in ``companion/games/<package>/``). Shuffle and Doom's
rules were split into three; the other games' further modules (floors, cards, rules
tables, generation, solvers) were never part of ``rules.py``."""

COMMON_FILES = (
    "tests/test_rules_mutants.py",
    "tests/test_refusals.py",
    "tests/test_playthroughs.py",
    "tests/test_fast_paths.py",
    "tests/test_fast_paths_exhaustive.py",
)

TESTS: dict[str, tuple[str, str]] = {
    "shuffle-and-doom": ("tests/test_sd_rules.py", "shuffle or test_sd_rules"),
    "clear-the-dungeon": ("tests/test_ctd_rules.py", "clear or test_ctd_rules"),
    "dungeon-upkeeper": ("tests/test_du.py", "upkeeper or test_du"),
    "dungeon-solitaire": ("tests/test_ds.py", "solitaire or test_ds"),
    "scoundrel": ("tests/test_scoundrel.py", "(scoundrel or test_scoundrel) and not solver"),
}
"""Per game: its own rules test file and the ``-k`` selection over it and
:data:`COMMON_FILES` (Scoundrel's solver cross-checks are left out: they take most of
a minute and the refusal tables already cover its rules)."""


@dataclass(frozen=True)
class Mutant:
    """One mutation of a rules module: where, what, and the line it changes."""

    game: str
    index: int
    file: str
    line: int
    column: int
    mutation: str
    source: str

    def key(self) -> tuple[str, str, str, int, str]:
        """What identifies the mutant across edits elsewhere in the module."""
        return (self.game, self.file, self.mutation, self.column, self.source)


@dataclass
class Result:
    """A mutant's fate: ``killed`` (a test failed), ``timeout`` (killed too) or
    ``survived``, and how long its tests took."""

    mutant: Mutant
    outcome: str
    seconds: float


Apply = Callable[[ast.AST, ast.AST, str, int | None], None]

COMPARE_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], str]] = {
    ast.Lt: (ast.LtE, "< -> <="),
    ast.LtE: (ast.Lt, "<= -> <"),
    ast.Gt: (ast.GtE, "> -> >="),
    ast.GtE: (ast.Gt, ">= -> >"),
    ast.Eq: (ast.NotEq, "== -> !="),
    ast.NotEq: (ast.Eq, "!= -> =="),
    ast.In: (ast.NotIn, "in -> not in"),
    ast.NotIn: (ast.In, "not in -> in"),
    ast.Is: (ast.IsNot, "is -> is not"),
    ast.IsNot: (ast.Is, "is not -> is"),
}


def _replace(parent: ast.AST, field: str, index: int | None, new: ast.AST) -> None:
    if index is None:
        setattr(parent, field, new)
    else:
        getattr(parent, field)[index] = new


def _sites(node: ast.AST) -> Iterator[tuple[str, Apply]]:
    """The mutations that apply to ``node``: (description, how to apply it in place)."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            swap = COMPARE_SWAPS.get(type(op))
            if swap is not None:
                new_op, text = swap

                def cmp(n: ast.AST, _p: ast.AST, _f: str, _i: int | None,
                        i: int = i, new_op: type[ast.cmpop] = new_op) -> None:
                    assert isinstance(n, ast.Compare)
                    n.ops[i] = new_op()
                yield text, cmp
    elif isinstance(node, ast.BoolOp):
        other: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
        text = "and -> or" if isinstance(node.op, ast.And) else "or -> and"

        def boolop(n: ast.AST, _p: ast.AST, _f: str, _i: int | None,
                   other: type[ast.boolop] = other) -> None:
            assert isinstance(n, ast.BoolOp)
            n.op = other()
        yield text, boolop
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        def unnot(n: ast.AST, p: ast.AST, f: str, i: int | None) -> None:
            assert isinstance(n, ast.UnaryOp)
            _replace(p, f, i, n.operand)
        yield "not removed", unnot
    elif isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, (ast.Add, ast.Sub)):
        plus = isinstance(node.op, ast.Add)
        aug = "=" if isinstance(node, ast.AugAssign) else ""
        text = f"+{aug} -> -{aug}" if plus else f"-{aug} -> +{aug}"

        def arith(n: ast.AST, _p: ast.AST, _f: str, _i: int | None, plus: bool = plus) -> None:
            assert isinstance(n, (ast.BinOp, ast.AugAssign))
            n.op = ast.Sub() if plus else ast.Add()
        yield text, arith
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        for step in (1, -1):
            def const(n: ast.AST, _p: ast.AST, _f: str, _i: int | None, step: int = step) -> None:
                assert isinstance(n, ast.Constant) and isinstance(n.value, int)
                n.value = n.value + step
            yield f"{node.value} -> {node.value + step}", const
    elif (isinstance(node, ast.Return) and isinstance(node.value, ast.Constant)
          and type(node.value.value) is bool):
        flipped = not node.value.value

        def ret(n: ast.AST, _p: ast.AST, _f: str, _i: int | None, flipped: bool = flipped) -> None:
            assert isinstance(n, ast.Return)
            n.value = ast.Constant(flipped)
        yield f"return {not flipped} -> return {flipped}", ret
    elif isinstance(node, ast.Raise):
        def unraise(n: ast.AST, p: ast.AST, f: str, i: int | None) -> None:
            _replace(p, f, i, ast.copy_location(ast.Pass(), n))
        yield "raise removed", unraise
    if isinstance(node, (ast.If, ast.While)):
        kind = "if" if isinstance(node, ast.If) else "while"
        for forced in ((True, False) if kind == "if" else (False,)):
            def force(n: ast.AST, _p: ast.AST, _f: str, _i: int | None,
                      forced: bool = forced) -> None:
                assert isinstance(n, (ast.If, ast.While))
                n.test = ast.copy_location(ast.Constant(forced), n.test)
            yield f"{kind} condition -> {forced}", force


def _skipped(node: ast.AST) -> bool:
    """Code no mutation is worth: ``if TYPE_CHECKING:`` blocks and ``__all__``."""
    if isinstance(node, ast.If) and isinstance(node.test, ast.Name):
        return node.test.id == "TYPE_CHECKING"
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
    return False


def _walk(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST, str, int | None]]:
    """Every node with its parent, field and index, depth first in source order;
    annotations, docstrings and skipped code left out."""
    stack: list[tuple[ast.AST, ast.AST, str, int | None]] = []

    def children(node: ast.AST) -> list[tuple[ast.AST, ast.AST, str, int | None]]:
        out: list[tuple[ast.AST, ast.AST, str, int | None]] = []
        for field, value in ast.iter_fields(node):
            if field in ("annotation", "returns", "type_comment"):
                continue
            if isinstance(value, list):
                out.extend((v, node, field, i) for i, v in enumerate(value)
                           if isinstance(v, ast.AST))
            elif isinstance(value, ast.AST):
                out.append((value, node, field, None))
        return out

    stack.extend(reversed(children(tree)))
    while stack:
        node, parent, field, index = stack.pop()
        if _skipped(node):
            continue
        yield node, parent, field, index
        stack.extend(reversed(children(node)))


Point = tuple[ast.AST, ast.AST, str, int | None, str, Apply]


def _mutation_points(tree: ast.AST) -> Iterator[Point]:
    for node, parent, field, index in _walk(tree):
        for text, apply in _sites(node):
            yield node, parent, field, index, text, apply


def mutants_of(game: str) -> list[Mutant]:
    """Every mutant of ``game``'s rules modules, in source order, module by module."""
    out: list[Mutant] = []
    for path in rules_paths(game):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        name = str(path.relative_to(ROOT))
        for node, _p, _f, _i, text, _a in _mutation_points(ast.parse(source)):
            line = getattr(node, "lineno", 0)
            column = getattr(node, "col_offset", 0)
            out.append(Mutant(game, len(out), name, line, column, text,
                              lines[line - 1].strip() if line else ""))
    return out


def mutated_source(game: str, index: int) -> tuple[str, str]:
    """The module (its path from the repository's root) of ``game`` that mutant ``index``
    changes, and its source with the mutant applied."""
    first = 0
    for path in rules_paths(game):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for i, (node, parent, field, idx, _text, apply) in enumerate(_mutation_points(tree)):
            if first + i == index:
                apply(node, parent, field, idx)
                text = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
                return str(path.relative_to(ROOT)), text
        first += sum(1 for _ in _mutation_points(tree))
    raise IndexError(f"{game} has no mutant {index}")


def rules_paths(game: str, root: Path = ROOT) -> list[Path]:
    """Where ``game``'s rules modules are under ``root``."""
    return [root / "companion" / "games" / GAMES[game] / name for name in MODULES[game]]


def test_command(game: str) -> list[str]:
    """The pytest command line that judges a mutant of ``game``."""
    own, select = TESTS[game]
    return [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:xdist",
            "-p", "no:cacheprovider", "-x", "-q", *COMMON_FILES, own, "-k", select]


class Sandbox:
    """A copy of ``companion/`` and ``tests/`` (and ``pyproject.toml``) in a temporary
    folder, where one mutant at a time is written and judged."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="companion-mutation-"))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
        shutil.copytree(ROOT / "companion", self.dir / "companion", ignore=ignore)
        shutil.copytree(ROOT / "tests", self.dir / "tests", ignore=ignore)
        shutil.copy2(ROOT / "pyproject.toml", self.dir / "pyproject.toml")

    def run(self, game: str, file: str | None, source: str | None,
            timeout: float) -> tuple[str, float]:
        """Write ``source`` as the module ``file`` (a path from the repository's root;
        nothing is written if None), run ``game``'s tests and put the original module
        back: ``passed``, ``failed`` or ``timeout``, and the seconds taken."""
        target = self.dir / file if file is not None and source is not None else None
        original = (ROOT / file).read_text(encoding="utf-8") if target and file else ""
        if target is not None and source is not None:
            self._write(target, source)
        env = dict(os.environ, PYTHONPATH=str(self.dir), PYTHONHASHSEED="0")
        start = time.monotonic()
        try:
            done = subprocess.run(test_command(game), cwd=self.dir, env=env, timeout=timeout,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return "timeout", time.monotonic() - start
        finally:
            if target is not None:
                self._write(target, original)
        return ("passed" if done.returncode == 0 else "failed"), time.monotonic() - start

    @staticmethod
    def _write(target: Path, text: str) -> None:
        target.write_text(text, encoding="utf-8")
        for cached in (target.parent / "__pycache__").glob(f"{target.stem}.*.pyc"):
            cached.unlink()

    def close(self) -> None:
        """Remove the temporary folder."""
        shutil.rmtree(self.dir, ignore_errors=True)


def load_equivalent() -> dict[tuple[str, str, str, int, str], str]:
    """The survivors judged equivalent: key (see :meth:`Mutant.key`) -> why."""
    if not EQUIVALENT_FILE.exists():
        return {}
    rows = json.loads(EQUIVALENT_FILE.read_text(encoding="utf-8"))
    return {(r["game"], r["file"], r["mutation"], r["column"], r["source"]): r["why"]
            for r in rows}


def choose(game: str, sample: int | None, seed: int) -> list[Mutant]:
    """``sample`` mutants of ``game`` drawn with ``seed`` (all of them if None)."""
    every = mutants_of(game)
    if sample is None or sample >= len(every):
        return every
    rng = random.Random(f"{seed}:{game}")
    return sorted(rng.sample(every, sample), key=lambda m: m.index)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game to mutate (repeatable; default: every game)")
    parser.add_argument("--sample", type=int, default=60, help="mutants per game (default 60)")
    parser.add_argument("--all", action="store_true", help="every mutant, no sample")
    parser.add_argument("--seed", type=int, default=26, help="the sample's seed (default 26)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants judged at once")
    parser.add_argument("--timeout", type=float, default=0.0,
                        help="seconds per mutant (default: 3 x the unmutated run, at least 60)")
    parser.add_argument("--mutant", type=int, action="append",
                        help="judge only this mutant (its number in --list; repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--out", type=Path, default=SURVIVORS_FILE,
                        help="where the survivors go (JSON)")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    sample = None if args.all else args.sample
    chosen = {g: choose(g, sample, args.seed) for g in games}
    if args.mutant:
        chosen = {g: [m for m in mutants_of(g) if m.index in args.mutant] for g in games}
    if args.list:
        for g in games:
            for m in chosen[g]:
                print(f"{g} #{m.index} {m.file}:{m.line}:{m.column}  {m.mutation:24}  "
                      f"{m.source}")
        return 0

    equivalent = load_equivalent()
    sandboxes = [Sandbox() for _ in range(max(1, args.jobs))]
    free = list(sandboxes)
    lock = threading.Lock()
    results: dict[str, list[Result]] = {}
    try:
        for g in games:
            base, seconds = sandboxes[0].run(g, None, None, 600)
            if base != "passed":
                print(f"{g}: the unmutated tests do not pass ({base}); skipped", file=sys.stderr)
                continue
            canary = str(rules_paths(g)[0].relative_to(ROOT))
            broken, _ = sandboxes[0].run(g, canary, "raise RuntimeError('mutation canary')\n",
                                         600)
            if broken != "failed":
                print(f"{g}: the sandbox does not run its own copy; stopping", file=sys.stderr)
                return 2
            timeout = args.timeout or max(60.0, 3 * seconds)
            print(f"{g}: {len(chosen[g])} mutants, unmutated run {seconds:.1f} s, "
                  f"timeout {timeout:.0f} s", file=sys.stderr, flush=True)

            def judge(m: Mutant, g: str = g, timeout: float = timeout) -> Result:
                with lock:
                    box = free.pop()
                try:
                    outcome, took = box.run(g, *mutated_source(g, m.index), timeout)
                finally:
                    with lock:
                        free.append(box)
                fate = {"passed": "survived", "failed": "killed"}.get(outcome, outcome)
                mark = "  (equivalent)" if fate == "survived" and m.key() in equivalent else ""
                print(f"  #{m.index} {m.file}:{m.line} {m.mutation}: {fate} {took:.1f} s{mark}",
                      file=sys.stderr, flush=True)
                return Result(m, fate, took)

            with ThreadPoolExecutor(max_workers=len(sandboxes)) as pool:
                results[g] = list(pool.map(judge, chosen[g]))
    finally:
        for box in sandboxes:
            box.close()

    survivors = []
    print(f"{'game':20} {'mutants':>7} {'killed':>6} {'survived':>8} {'equiv.':>6} "
          f"{'killed %':>8} {'non-eq. killed %':>16}")
    for g, rs in results.items():
        killed = sum(r.outcome in ("killed", "timeout") for r in rs)
        alive = [r for r in rs if r.outcome == "survived"]
        equiv = sum(r.mutant.key() in equivalent for r in alive)
        share = 100 * killed / len(rs) if rs else 100.0
        non_eq = len(rs) - equiv
        share_ne = 100 * killed / non_eq if non_eq else 100.0
        print(f"{g:20} {len(rs):7} {killed:6} {len(alive):8} {equiv:6} {share:7.1f}% "
              f"{share_ne:15.1f}%")
        for r in alive:
            row = asdict(r.mutant)
            row["equivalent"] = equivalent.get(r.mutant.key())
            survivors.append(row)
    args.out.write_text(json.dumps(survivors, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
    print(f"survivors: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
