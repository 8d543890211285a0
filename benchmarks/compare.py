"""Benchmarks side by side with a reference, so that each figure is a ratio.

    python benchmarks/compare.py            # about a minute
    python benchmarks/compare.py --quick    # about 20 s

* Validation: actions per second replaying long simulated logs of each game, next to
  python-chess (``pip install 'companion[bench]'``) reading PGN games of the same
  lengths with ``chess.pgn.read_game`` and pushing every move. Ratio > 1: the companion
  replays actions faster than python-chess replays chess moves.
* Printing: milliseconds per page of each sheet kind, next to bare reportlab drawing
  exactly the same primitives: every canvas and path call of the render is recorded and
  replayed on a fresh canvas (same page size, invariant mode, compression). Ratio: the
  toolkit's whole cost (deal, layout, QR matrix, drawing code) over reportlab's own.
* Start-up: ``companion --help`` and ``companion validate`` on a short log next to
  ``python -c "import typer"``.

``compare_rows(quick)`` gives the rows (what, size, result) in ``benchmarks/run.py``'s
format; run as a script it prints them as one table.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import GAME_NAMES, all_games, get_game  # noqa: E402
from companion.replay import validate_text  # noqa: E402
from companion.simulate import play  # noqa: E402

Row = tuple[str, str, str]


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``repeat`` calls (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def best(fn: Callable[[], object], repeat: int) -> float:
    """The least seconds of ``repeat`` calls (after one warm-up call): on a shared
    machine the other processes only ever add time, so the least is the truest."""
    return side_by_side([fn], repeat)[0]


def side_by_side(fns: list[Callable[[], object]], repeat: int) -> list[float]:
    """:func:`best` of each of ``fns``, their calls taken in turn (one of each, then
    again), so that a change of the machine's load falls on all of them alike."""
    for fn in fns:
        fn()
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, kept in zip(fns, times, strict=True):
            start = time.perf_counter()
            fn()
            kept.append(time.perf_counter() - start)
    return [min(kept) for kept in times]


# --- validation vs python-chess ----------------------------------------------------------

LONG_PARAMS: dict[str, dict[str, int]] = {"shuffle-and-doom": {"size": 26},
                                          "dungeon-upkeeper": {"floors": 10},
                                          "dungeon-solitaire": {"size": 7}}


def long_logs(game_name: str, actions: int) -> list[tuple[str, int]]:
    """Simulated logs of ``game_name`` (the longer of random and greedy play of each
    seed), about ``actions`` actions in all: (log text, action count)."""
    game = get_game(game_name)
    params = LONG_PARAMS.get(game_name, {})
    variants = ("reserve",) if game_name == "clear-the-dungeon" else ()
    out: list[tuple[str, int]] = []
    total, i = 0, 0
    while total < actions:
        games = [play(game, f"CMP{i}", params, player, variants=variants, max_actions=400)
                 for player in ("random", "greedy")]
        best = max(games, key=lambda g: len(g.actions))
        out.append((best.log_text(), len(best.actions)))
        total += len(best.actions)
        i += 1
    return out


def chess_pgns(lengths: list[int], seed: int = 1) -> list[str]:
    """PGN games of random legal moves, one of each length in plies (a game that ends
    sooner is followed by another until the length is reached)."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    pgns = []
    for n in lengths:
        left = n
        while left > 0:
            board = chess.Board()
            while left > 0 and not board.is_game_over():
                board.push(rng.choice(list(board.legal_moves)))
                left -= 1
            pgns.append(str(chess.pgn.Game.from_board(board)))
    return pgns


def replay_pgns(pgns: list[str]) -> int:
    """Read every PGN (``chess.pgn.read_game``) and push its moves; the plies pushed."""
    import chess.pgn

    plies = 0
    for text in pgns:
        game = chess.pgn.read_game(io.StringIO(text))
        assert game is not None
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
    return plies


def validation_rows(quick: bool) -> list[Row]:
    target = 1500 if quick else 5000
    repeat = 3 if quick else 9
    try:
        import chess  # noqa: F401
    except ImportError:
        chess = None
    rows = []
    for name in GAME_NAMES:
        logs = long_logs(name, target)
        actions = sum(n for _, n in logs)
        verdicts = [validate_text(t) for t, _ in logs]
        assert all(v.valid for v in verdicts), [v.error for v in verdicts if not v.valid][:1]
        size = f"{actions} actions in {len(logs)} logs"
        if chess is None:
            s = best(lambda logs=logs: [validate_text(t) for t, _ in logs], repeat)
            ours = actions / s
            rows.append((f"validate {name}", size, f"{ours:,.0f} actions/s (python-chess "
                         "not installed: pip install 'companion[bench]')"))
            continue
        pgns = chess_pgns([n for _, n in logs])
        plies = replay_pgns(pgns)
        s, c = side_by_side([lambda logs=logs: [validate_text(t) for t, _ in logs],
                             lambda pgns=pgns: replay_pgns(pgns)], repeat)
        ours = actions / s
        theirs = plies / c
        rows.append((f"validate {name} vs python-chess PGN", size,
                     f"{ours:,.0f} actions/s vs {theirs:,.0f} moves/s: x{ours / theirs:.2f}"))
    return rows


# --- printing vs bare reportlab ----------------------------------------------------------


_INHERITED = object()


class _Token:
    """Stands for a path object in a recording."""

    def __init__(self, n: int) -> None:
        self.n = n


class Recording:
    """Every top-level call on reportlab canvases and path objects during a render, to
    be replayed on bare reportlab."""

    def __init__(self) -> None:
        self.canvases: list[tuple[dict[str, Any], list[tuple[Any, ...]]]] = []
        self._depth = 0
        self._paths: dict[int, _Token] = {}
        self._alive: list[Any] = []
        self._owners: dict[int, list[tuple[Any, ...]]] = {}
        self._calls_of: dict[int, list[tuple[Any, ...]]] = {}
        self.counts: dict[str, int] = {}

    def _arg(self, value: Any) -> Any:
        from reportlab.pdfgen.pathobject import PDFPathObject

        if isinstance(value, PDFPathObject):
            token = self._paths.get(id(value))
            if token is None:
                # kept alive, so that no later path object gets its id
                self._alive.append(value)
                token = self._paths[id(value)] = _Token(len(self._paths))
            return token
        return value

    @contextmanager
    def active(self) -> Iterator[Recording]:
        """Record while inside the ``with`` block."""
        from reportlab.pdfgen import canvas as canvas_module
        from reportlab.pdfgen.pathobject import PDFPathObject

        rec = self
        saved: list[tuple[type, str, Any]] = []

        def wrap(cls: type, name: str, fn: Any) -> Any:
            def wrapper(obj: Any, *args: Any, **kwargs: Any) -> Any:
                top = rec._depth == 0
                rec._depth += 1
                try:
                    result = fn(obj, *args, **kwargs)
                finally:
                    rec._depth -= 1
                if top:
                    if cls is PDFPathObject:
                        owner = rec._arg(obj)
                        calls = rec._path_owner_calls(owner)
                        calls.append(("path", owner, name, args, kwargs))
                    else:
                        calls = rec._calls_of.setdefault(id(obj), [])
                        out = rec._arg(result) if isinstance(result, PDFPathObject) else None
                        if out is not None:
                            rec._owners.setdefault(out.n, calls)
                        calls.append(("canvas", name, tuple(rec._arg(a) for a in args),
                                      {k: rec._arg(v) for k, v in kwargs.items()}, out))
                    rec.counts[name] = rec.counts.get(name, 0) + 1
                return result
            return wrapper

        def init(obj: Any, filename: Any, *args: Any, **kwargs: Any) -> None:
            calls: list[tuple[Any, ...]] = []
            rec._calls_of[id(obj)] = calls
            rec.canvases.append(({"args": args, "kwargs": kwargs}, calls))
            rec._depth += 1
            try:
                original_init(obj, filename, *args, **kwargs)
            finally:
                rec._depth -= 1

        original_init = canvas_module.Canvas.__init__
        for cls in (canvas_module.Canvas, PDFPathObject):
            for name in dir(cls):  # inherited methods too (the colour setters)
                fn = getattr(cls, name)
                if name.startswith("_") or not callable(fn) or isinstance(fn, type):
                    continue
                saved.append((cls, name, vars(cls).get(name, _INHERITED)))
                setattr(cls, name, wrap(cls, name, fn))
        saved.append((canvas_module.Canvas, "__init__", original_init))
        canvas_module.Canvas.__init__ = init  # type: ignore[method-assign]
        try:
            yield self
        finally:
            for cls, name, fn in saved:
                if fn is _INHERITED:
                    delattr(cls, name)
                else:
                    setattr(cls, name, fn)

    def _path_owner_calls(self, owner: _Token) -> list[tuple[Any, ...]]:
        # a path's calls go into the list of the canvas that made it (a sheet may open
        # a trial canvas while drawing on its own), else of the latest canvas
        calls = self._owners.get(owner.n)
        if calls is not None:
            return calls
        return self.canvases[-1][1] if self.canvases else []

    def replay(self) -> list[bytes]:
        """Draw the recording on fresh canvases; the PDF bytes of each."""
        from reportlab.pdfgen.canvas import Canvas

        written: list[bytes] = []
        paths: dict[int, Any] = {}  # a path object may be drawn on another canvas too
        for setup, calls in self.canvases:
            buffer = io.BytesIO()
            canvas = Canvas(buffer, *setup["args"], **setup["kwargs"])

            def real(value: Any, paths: dict[int, Any] = paths) -> Any:
                return paths[value.n] if isinstance(value, _Token) else value

            for call in calls:
                if call[0] == "canvas":
                    _, name, args, kwargs, out = call
                    result = getattr(canvas, name)(*(real(a) for a in args),
                                                   **{k: real(v) for k, v in kwargs.items()})
                    if out is not None:
                        paths[out.n] = result
                else:
                    _, owner, name, args, kwargs = call
                    getattr(paths[owner.n], name)(*args, **kwargs)
            written.append(buffer.getvalue())
        return written

    def pages(self) -> int:
        return sum(1 for _, calls in self.canvases for c in calls
                   if c[0] == "canvas" and c[1] == "showPage") or 1

    def primitives(self) -> int:
        """Drawing calls (shapes, lines, path segments, strings), not state changes."""
        drawing = ("rect", "roundRect", "circle", "ellipse", "line", "lines", "drawString",
                   "drawCentredString", "drawRightString", "drawPath", "moveTo", "lineTo",
                   "curveTo", "arc", "arcTo", "drawImage", "drawInlineImage", "wedge", "grid")
        return sum(n for name, n in self.counts.items() if name in drawing)


def printing_rows(quick: bool) -> list[Row]:
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    repeat = 2 if quick else 5
    rows = []
    for game in all_games():
        params = {p.name: p.default for p in game.params}
        for kind in game.sheet_kinds:
            def render(game: Any = game, kind: str = kind.name,
                       params: dict[str, int] = params) -> bytes:
                return game.render(kind, "K7Q2-9XMA", params, "a4", {})

            recording = Recording()
            with recording.active():
                data = render()
            # the replay draws exactly what the toolkit drew: the same bytes
            assert data in recording.replay(), f"{game.name} {kind.name}: replay differs"
            pages = recording.pages()
            # a short sheet gets more turns (best of at least ~0.3 s a side): a sheet of
            # a few milliseconds measured five times moved between x1.1 and x1.7
            start = time.perf_counter()
            render()
            once = time.perf_counter() - start
            turns = max(repeat, min(60, int(0.3 / max(once, 1e-4)) + 1))
            ours, bare = (t / pages for t in side_by_side([render, recording.replay], turns))
            rows.append((f"print {game.name} {kind.name} vs bare reportlab",
                         f"{pages} pages, {recording.primitives()} primitives",
                         f"{ours * 1000:.1f} vs {bare * 1000:.1f} ms/page: "
                         f"x{ours / bare:.2f}"))
    return rows


# --- start-up ------------------------------------------------------------------------------


def startup_rows(quick: bool) -> list[Row]:
    repeat = 3 if quick else 7
    exe = shutil.which("companion", path=str(Path(sys.executable).parent))
    cmd = [exe] if exe else [sys.executable, "-m", "companion"]
    log = ROOT / "tests/examples/shuffle-and-doom/playthrough-1-4x4.log"

    def run(args: list[str]) -> Callable[[], object]:
        return lambda: subprocess.run(args, capture_output=True, check=False)

    base = timed(run([sys.executable, "-c", "import typer"]), repeat)
    rows = [("python -c 'import typer'", "", f"{base * 1000:.0f} ms")]
    for label, args in (("companion --help", [*cmd, "--help"]),
                        ("companion validate (short log)", [*cmd, "validate", str(log)])):
        s = timed(run(args), repeat)
        rows.append((f"{label} vs import typer", "",
                     f"{s * 1000:.0f} vs {base * 1000:.0f} ms: x{s / base:.2f}"))
    return rows


def compare_rows(quick: bool) -> list[Row]:
    """Every comparison row: validation vs python-chess, printing vs bare reportlab,
    start-up vs ``import typer``."""
    return [*validation_rows(quick), *printing_rows(quick), *startup_rows(quick)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    rows = compare_rows(args.quick)
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(r[1]) for r in rows)
    print(f"| {'what':<{w1}} | {'size':<{w2}} | result |")
    print(f"|{'-' * (w1 + 2)}|{'-' * (w2 + 2)}|--------|")
    for a, b, c in rows:
        print(f"| {a:<{w1}} | {b:<{w2}} | {c} |")
    print(f"\n({time.perf_counter() - start:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
