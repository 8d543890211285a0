"""One type family on every printed page (issue 25; docs/printing.md, Design rules): every
sheet kind of every game on both papers, a booklet, a pack cover, the standings PDF and
the stats report, read back with the audit functions (companion.paper.audit)."""

from __future__ import annotations

import os
from functools import cache

import pytest
from pdfcheck import PdfAudit, audit_pdf, family

from companion.games import all_games, get_game
from companion.paper import design

SEED = "K7Q2-9XMA"
PAPERS = ("a4", "letter")
FAMILY = "BitstreamVeraSans"
"""The PDF name of the family of :mod:`companion.paper.design` (its fonts' base names
are ``BitstreamVeraSans-Roman``, ``-Bold``, ``-Oblique``, ``-BoldOblique``)."""

KINDS = [(g.name, k.name) for g in all_games() for k in g.sheet_kinds]


@cache
def sheet(game: str, kind: str, paper: str) -> PdfAudit:
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    g = get_game(game)
    data = g.render(kind, SEED, {p.name: p.default for p in g.params}, paper, {})
    return audit_pdf(data, empty=False)


def one_family(audit: PdfAudit, what: str) -> None:
    assert audit.runs, f"{what}: no text read back"
    assert audit.families() == {FAMILY}, f"{what}: {sorted(audit.families())}"
    bad = audit.missing()
    assert not bad, f"{what}: glyphs missing in {[r.text[:40] for r, _ in bad[:3]]}"


def test_the_design_faces_are_the_family():
    import pypdfium2  # noqa: F401  (the audit's reader)

    design.register()
    from reportlab.pdfbase import pdfmetrics

    for name in (design.REGULAR, design.BOLD, design.ITALIC, design.BOLD_ITALIC):
        face = pdfmetrics.getFont(name).face
        assert family(face.name.decode() if isinstance(face.name, bytes) else face.name) \
            == FAMILY
    assert design.style("title").size >= design.style("title").minimum
    for role in ("title", "heading", "body", "label", "small", "print-note", "card-face"):
        s = design.style(role)
        assert s.font in (design.REGULAR, design.BOLD) and s.size >= s.minimum >= 6


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_every_sheet_uses_the_one_family(game, kind, paper):
    one_family(sheet(game, kind, paper), f"{game} {kind} on {paper}")


def test_a_booklet_uses_the_one_family():
    from companion.booklets import render_booklet

    one_family(audit_pdf(render_booklet("dungeon-solitaire", "letter"), empty=False),
               "the Dungeon Solitaire booklet")


def test_the_pack_cover_standings_and_stats_report_use_the_one_family(tmp_path):
    from companion.club import build_standings
    from companion.pack import render_pack
    from companion.simulate import play
    from companion.standings_report import render_pdf
    from companion.stats import run
    from companion.stats_report import render_report

    game = get_game("scoundrel")
    cover = audit_pdf(render_pack(game.name, SEED, game.check_params({}), "a4"), empty=False)
    first = PdfAudit([cover.pages[0]], cover.sizes[:1])
    one_family(first, "the pack cover")
    paths = []
    for i, name in enumerate(("Ada", "Bo")):
        path = tmp_path / f"{i}.log"
        log = play(game, "CLUB-1", {}, "greedy", player_seed=str(i), max_actions=400)
        path.write_text(f'[Player "{name}"]\n' + log.log_text(), encoding="utf-8")
        paths.append(path)
    one_family(audit_pdf(render_pdf(build_standings(paths, par=False)), empty=False),
               "the standings PDF")
    one_family(audit_pdf(render_report(run("scoundrel", games=3), "letter"), empty=False),
               "the stats report")
