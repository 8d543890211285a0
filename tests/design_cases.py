"""The cases the design rules are checked on (issue 25), shared by
``tests/test_design_rules.py`` and ``benchmarks/design_audit.py``: every game x sheet
kind (the registry's tables) x paper (A4, Letter; A3 and Tabloid for the play mats),
at the defaults, each game parameter at its
smallest and largest, and the longest seed of the widest letters."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = "K7Q2-9XMA"
LONG_SEED = "W" * 8 + "-" + "M" * 7 + "-" + "W" * 7 + "-" + "M" * 7
"""32 characters, the longest a seed may be, of the widest letters."""
PAPERS = ("a4", "letter")
BIG_PAPERS = ("a3", "tabloid")
"""The big papers, for the kinds that take them (the play mats)."""

Render = Callable[[], bytes]


@dataclass(frozen=True)
class SheetCase:
    """One sheet to render: game, kind, paper and the case's name (``default``,
    ``size=26``, ``seed32``)."""

    game: str
    kind: str
    paper: str
    case: str
    seed: str
    params: tuple[tuple[str, int], ...]

    @property
    def label(self) -> str:
        """``game kind paper case``, as a test id."""
        return f"{self.game}-{self.kind}-{self.paper}-{self.case}"

    def render(self) -> bytes:
        """The PDF bytes of this case."""
        from companion.games import get_game

        return get_game(self.game).render(self.kind, self.seed, dict(self.params),
                                          self.paper, {})


def sheet_cases(game: Any, kind: Any, papers: tuple[str, ...] = PAPERS,
                quick: bool = False) -> Iterator[SheetCase]:
    """The cases of one sheet kind: defaults, each parameter at its bounds, the longest
    seed (``quick``: the defaults only)."""
    defaults = {p.name: p.default for p in game.params}

    def case(paper: str, name: str, seed: str, params: dict[str, int]) -> SheetCase:
        return SheetCase(game.name, kind.name, paper, name, seed, tuple(sorted(params.items())))

    for paper in papers:
        yield case(paper, "default", SEED, defaults)
        if quick:
            continue
        for p in game.params:
            for value in (p.low, p.high):
                if value != p.default:
                    yield case(paper, f"{p.name}={value}", SEED, {**defaults, p.name: value})
        if kind.seeded:
            yield case(paper, "seed32", LONG_SEED, defaults)


def all_sheet_cases(papers: tuple[str, ...] = PAPERS, quick: bool = False
                    ) -> Iterator[SheetCase]:
    """Every game's every sheet kind's cases; the kinds that take big papers (the play
    mats) on A3 and Tabloid too."""
    from companion.games import all_games

    for game in all_games():
        for kind in game.sheet_kinds:
            big = BIG_PAPERS if kind.big_paper and papers == PAPERS else ()
            yield from sheet_cases(game, kind, papers + big, quick)


def _standings(paper: str) -> bytes:
    from companion.club import build_standings
    from companion.games import get_game
    from companion.simulate import play
    from companion.standings_report import render_pdf

    game = get_game("scoundrel")
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, player in enumerate(("random", "greedy", "random")):
            played = play(game, "CLUB-1", {}, player, player_seed=str(i), max_actions=400)
            text = played.log_text()
            name = ("Ada Lovelace", "Bartholomew Fitzgerald-Smythe", "Cy")[i]
            text = f'[Player "{name}"]\n' + text
            path = Path(tmp) / f"p{i}.log"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        standings = build_standings(paths, par=False, season=True)
        return render_pdf(standings, "Standings", paper)


def _stats(paper: str) -> bytes:
    from companion.stats import run
    from companion.stats_report import render_report

    report = run("scoundrel", games=6)
    return render_report(report, paper)


def _pack_cover(paper: str) -> bytes:
    import io

    import pypdfium2

    from companion.games import get_game
    from companion.pack import render_pack

    game = get_game("scoundrel")
    data = render_pack(game.name, SEED, game.check_params({}), paper)
    out = pypdfium2.PdfDocument.new()
    out.import_pages(pypdfium2.PdfDocument(data), [0])
    buf = io.BytesIO()
    out.save(buf)
    return buf.getvalue()


def other_cases(quick: bool) -> Iterator[tuple[str, str, str, Render]]:
    """(target, kind, case, render) for the booklets, a pack cover, standings, stats."""
    from companion.booklets import render_booklet
    from companion.games import all_games

    for game in all_games():
        for paper in PAPERS:
            yield game.name, "booklet", f"{paper}|default", (
                lambda g=game.name, p=paper: render_booklet(g, p))
    for paper in PAPERS:
        yield "scoundrel", "pack-cover", f"{paper}|default", lambda p=paper: _pack_cover(p)
        yield "club", "standings", f"{paper}|default", lambda p=paper: _standings(p)
        yield "scoundrel", "stats-report", f"{paper}|default", lambda p=paper: _stats(p)
