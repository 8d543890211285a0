"""How well pencilled mark sheets read back from phone photos (issue 27).

    python benchmarks/marks.py [--sheets N] [--dpi 100,150,300] [--paper a4,letter]
                               [--games clear-the-dungeon,scoundrel] [--jobs 2]

For each game, paper and resolution, N seeded games are played (the solver's best line,
the expert, greedy and random players; every variant combination in turn; some cut
short: won, lost and unfinished games), their bubbles found (the codec's ``row_marks``)
and pencilled on the blank sheet with marks of many kinds (``tests/marks_photos.py``:
solid most often, then partial, light, ticks and crosses; and on each sheet up to two
taken-back marks on wrong bubbles of the rows played, up to three strays beside bubbles
and up to two smudged erasures), every page photographed in simulation (perspective up
to 20 degrees, any rotation, page curl, blur, uneven light and a shadow band, JPEG
50-90, noise) and read by ``companion.marks.read.read_sheet`` with nobody to ask. A
sheet is *exact* when the reading is certain and its log is the game's (the log the
marks of the game make, read without a photo); *doubtful* when rows are left open (exit
3); *wrong* when certain and not the game's (must never happen). Seconds a page are the
reading's wall clock (finding, measuring, decoding; photos are made beforehand).
All randomness comes from the project's generator: a run is repeatable.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from companion.games import get_game  # noqa: E402
from companion.rng import Stream, stream  # noqa: E402

PLAYERS = ("solver", "expert", "greedy", "random")
MARK_WEIGHTS = (("solid", 60), ("partial", 18), ("light", 10), ("tick", 6), ("cross", 6))
"""How a filled bubble is marked, by weight out of 100."""


def _uniform(rng: Stream, low: float, high: float) -> float:
    return low + (high - low) * (rng.next64() >> 11) / (1 << 53)


def _pick(rng: Stream, weighted: tuple[tuple[str, int], ...]) -> str:
    total = sum(w for _, w in weighted)
    x = rng.next64() % total
    for name, w in weighted:
        if x < w:
            return name
        x -= w
    return weighted[-1][0]


def _combos(game: Any) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for v in game.variants:
        out += [c + (v,) for c in out]
    return out


@dataclass
class Case:
    game: str
    paper: str
    dpi: int
    index: int


def _played(game: Any, seed: str, variants: tuple[str, ...], player: str, rng: Stream
            ) -> tuple[list[Any], list[Any]]:
    """A game's states and actions, sometimes cut short (unfinished)."""
    from companion.simulate import play

    if player == "solver":
        from companion.log import parse_log
        from companion.marks.sheet import replayed

        report = game.solve(seed, {}, variants)
        states, actions = replayed(game, parse_log(report.log or ""))
    else:
        g = play(game, seed, {}, player, player_seed=str(rng.next64() % 1000),
                 variants=variants)
        states, actions = list(g.states), list(g.actions)
    if rng.next64() % 5 == 0 and len(actions) > 4:  # one game in five stops early
        cut = 1 + int(rng.next64() % (len(actions) - 1))
        states, actions = states[:cut + 1], actions[:cut]
    return states, actions


def one_sheet(case: Case) -> dict[str, Any]:
    """Play, mark, photograph and read one sheet; the figures of it."""
    import marks_photos

    from companion.marks.decode import decode
    from companion.marks.read import log_text, read_sheet, start_of
    from companion.marks.sheet import codec_of, fill_rows, sheet_template

    game = get_game(case.game)
    rng = stream("marks-benchmark", case.game, case.paper, str(case.dpi), str(case.index))
    seed = f"B{case.index}"
    combos = _combos(game)
    variants = combos[case.index % len(combos)]
    player = PLAYERS[case.index % len(PLAYERS)]
    try:
        states, actions = _played(game, seed, variants, player, rng)
    except Exception:  # noqa: BLE001 - a solver that gives up: another player
        states, actions = _played(game, seed, variants, "greedy", rng)
    options = {"variants": variants}
    # every parameter at its default, as the sheet's QR code gives them to the reader
    template = sheet_template(game, seed, game.check_params({}), case.paper, options)
    filled = fill_rows(game, template, states, actions)
    codec = codec_of(game)
    start = start_of(game, template)

    class _M:
        def __init__(self, state: str) -> None:
            self.state, self.value = state, 1.0 if state == "filled" else 0.0

    exact = decode(game, codec, template, start,
                   {b.id: _M("filled" if b.id in filled else "empty")
                    for b in template.bubbles})
    assert exact.certain and exact.best is not None
    want = log_text(game, template, exact.best.rows, exact.best.states, ["x"])
    # the marks: each filled bubble pencilled one way; wrong marks taken back; strays
    marks: dict[str, str] = {b: _pick(rng, MARK_WEIGHTS) for b in sorted(filled)}
    empty = sorted(b.id for b in template.bubbles if b.id not in filled)
    used_rows = {template.bubble(b).row for b in filled}
    near = [b for b in empty if template.bubble(b).row in used_rows]
    for kind, most in (("taken-back", 2), ("stray", 3), ("erased", 2)):
        for _ in range(int(rng.next64() % (most + 1))):  # 0 to `most` a sheet
            if near:
                b = near[int(rng.next64() % len(near))]
                marks.setdefault(b, kind)
    pdf = game.render("marks", seed, {}, case.paper, options)
    photos = []
    with tempfile.TemporaryDirectory() as tmp:
        order = list(range(len(template.pages)))
        for i in order:
            page_img = marks_photos.page_image(pdf, case.dpi, i)
            on_page = {b: k for b, k in marks.items() if template.bubble(b).page == i + 1}
            page_img = marks_photos.pencil(page_img, template.pages[i], on_page,
                                           template.bubbles, case.dpi, rng)
            path = Path(tmp) / f"page{i + 1}.jpg"
            path.write_bytes(marks_photos.photograph(page_img, case.dpi, rng))
            photos.append(str(path))
        photos.reverse()  # pages in any order
        t0 = time.perf_counter()
        try:
            sheet = read_sheet(photos)
            error = ""
        except Exception as exc:  # noqa: BLE001 - a page not found counts, and says why
            sheet, error = None, f"{type(exc).__name__}: {exc}"
        seconds = (time.perf_counter() - t0) / len(photos)
    kinds: dict[str, int] = {}
    for k in marks.values():
        kinds[k] = kinds.get(k, 0) + 1
    if sheet is None:
        verdict = "unread"
    elif not sheet.decoding.certain or sheet.log_text is None:
        verdict = "doubtful"
    else:
        got = sheet.log_text.split("\n", 1)[1]
        verdict = "exact" if got == want.split("\n", 1)[1] else "wrong"
    open_kinds: list[str] = []
    if sheet is not None:
        read = {k: m for p in sheet.pages for k, m in p.marks.items()}
        for q in sheet.decoding.questions:  # what the doubtful bubbles really were
            open_kinds += [f"{marks.get(b, 'nothing')}->{read[b].state}"
                           for b in q.row.bubbles
                           if b in read and read[b].state in ("doubtful", "cancelled")
                           or (b in read and (read[b].state == "filled") != (b in filled)
                               and marks.get(b) not in ("taken-back",))]
    return {"open_kinds": open_kinds, "game": case.game, "paper": case.paper,
            "dpi": case.dpi, "index": case.index,
            "pages": len(photos), "verdict": verdict, "seconds": seconds, "error": error,
            "player": player, "variants": list(variants), "kinds": kinds,
            "settled": len(sheet.decoding.settled) if sheet is not None else 0,
            "asked": len(sheet.decoding.questions) if sheet is not None else 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", type=int, default=50)
    parser.add_argument("--dpi", default="100,150,300")
    parser.add_argument("--paper", default="a4,letter")
    parser.add_argument("--games", default="clear-the-dungeon,scoundrel")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    cases = [Case(g, p, int(d), i) for g in args.games.split(",") for d in args.dpi.split(",")
             for p in args.paper.split(",") for i in range(args.sheets)]
    os.environ.setdefault("COMPANION_SCAN_IN_PROCESS", "1")
    started = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one_sheet, cases, chunksize=4))
    print(f"{len(results)} sheets in {time.time() - started:.0f} s "
          f"(load {os.getloadavg()[0]:.1f})\n")
    print("| game | dpi | sheets | exact and certain | doubtful (asked) | wrong while certain "
          "| not read | rows settled by the rules | s a page (median, worst) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for g in args.games.split(","):
        for d in args.dpi.split(","):
            rs = [r for r in results if r["game"] == g and r["dpi"] == int(d)]
            n = len(rs)
            count = {v: sum(r["verdict"] == v for r in rs)
                     for v in ("exact", "doubtful", "wrong", "unread")}
            secs = [r["seconds"] for r in rs]
            print(f"| {g} | {d} | {n} | {100 * count['exact'] / n:.1f} % | "
                  f"{100 * count['doubtful'] / n:.1f} % | {count['wrong']} | "
                  f"{count['unread']} | {sum(r['settled'] for r in rs)} | "
                  f"{statistics.median(secs):.2f}, {max(secs):.2f} |")
    asked: dict[str, int] = {}
    for r in results:
        for k in r["open_kinds"]:
            asked[k] = asked.get(k, 0) + 1
    print("\nmarks in the rows left open, by kind: "
          + (", ".join(f"{k} {n}" for k, n in sorted(asked.items())) or "none"))
    for r in results:
        if r["verdict"] == "doubtful":
            print(f"doubtful: {r['game']} {r['paper']} {r['dpi']} dpi sheet {r['index']}: "
                  f"{', '.join(r['open_kinds'][:6])}")
        if r["verdict"] in ("wrong", "unread"):
            print(f"{r['verdict']}: {r['game']} {r['paper']} {r['dpi']} dpi sheet "
                  f"{r['index']} {r['error']}")


if __name__ == "__main__":
    main()
