"""The design rules of docs/printing.md ("Design"), checked by numbers on every game x
sheet kind x paper x parameter extreme (tests/design_cases.py), read back from the PDF
(companion.paper.audit):

* ``family``: one type family (Bitstream Vera Sans; suits and icons are drawings);
* ``size``: nothing under 8 pt, except card faces (kinds with backs: cards and tiles) at
  7 pt and print notes at exactly the print-note size (6 pt);
* ``overlap``: no text box runs into another;
* ``drawing``: no drawing (a line, a box edge, an icon) runs into a text box: under each
  run's glyph box the page without its text is one colour (``audit.drawing_hits``);
* ``edge``: text keeps 8 mm inside the paper's edge (print notes 5 mm);
* ``empty``: no page leaves more than about a third of its printable area empty
  (defaults; the last page of a run of several may);
* ``tofu``: no character the font has no glyph for.

Every case must keep every rule: there is no list of allowed failures.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from design_cases import SheetCase, all_sheet_cases, other_cases

from companion.games import get_game
from companion.paper import design
from companion.paper.audit import PdfAudit, TextRun, audit_pdf
from companion.paper.units import mm

FAMILY = "BitstreamVeraSans"
READ = design.style("label").minimum
CARD_FACE = design.style("card-face").minimum
PRINT_NOTE = design.style("print-note").size
MOST_EMPTY = 0.34
CASES = list(all_sheet_cases())
OTHERS = list(other_cases(quick=True))
"""(target, kind, case, render): booklets, a pack cover, standings, a stats report."""
REPORTS = {"standings", "stats-report"}
"""Reports are as long as their data: the empty-page rule is for sheets and booklets."""


@functools.lru_cache(maxsize=8)
def _audit(case: SheetCase) -> PdfAudit:
    return audit_pdf(case.render(), empty=case.case == "default", drawing=True)


def _print_note(run: TextRun) -> bool:
    return abs(run.size - PRINT_NOTE) < 0.05


def failures(case: SheetCase, audit: PdfAudit) -> dict[str, str]:
    """Each broken rule of the sheet ``case`` with an example."""
    kind = next(k for k in get_game(case.game).sheet_kinds if k.name == case.kind)
    return broken_rules(audit, CARD_FACE if kind.backs else READ)


def broken_rules(audit: PdfAudit, least: float = READ) -> dict[str, str]:
    """Each design rule ``audit`` breaks, with an example (``least``: the smallest size
    allowed but for print notes)."""
    out: dict[str, str] = {}
    families = audit.families()
    if families - {FAMILY}:
        out["family"] = f"families {sorted(families)}"
    small = [r for r in audit.runs if r.size < least - 0.01 and not _print_note(r)]
    if small:
        r = min(small, key=lambda r: r.size)
        out["size"] = f"{len(small)} runs under {least} pt, e.g. {r.text[:40]!r} at {r.size:.2f}"
    pairs = audit.overlaps()
    if pairs:
        a, b = pairs[0]
        out["overlap"] = f"{len(pairs)} overlaps, e.g. p{a.page + 1} {a.text[:30]!r} x {b.text[:30]!r}"
    drawn = audit.drawn()
    if drawn:
        r = drawn[0]
        out["drawing"] = f"{len(drawn)} runs a drawing runs into, e.g. p{r.page + 1} {r.text[:40]!r}"
    near = [r for r in audit.outside(audit.sizes, margin=mm(8)) if not _print_note(r)]
    near += [r for r in audit.outside(audit.sizes, margin=mm(5)) if _print_note(r)]
    if near:
        out["edge"] = f"{len(near)} runs near the edge, e.g. p{near[0].page + 1} {near[0].text[:40]!r}"
    shares = audit.empty()
    shares = shares[:-1] if len(shares) > 1 else shares
    if shares and max(shares) > MOST_EMPTY:
        page = shares.index(max(shares)) + 1
        out["empty"] = f"page {page} of {len(audit.pages)} is {max(shares):.0%} empty"
    missing = audit.missing()
    if missing:
        out["tofu"] = f"{len(missing)} runs with missing glyphs, e.g. {missing[0][0].text[:30]!r}"
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.label for c in CASES])
def test_design_rules(case: SheetCase) -> None:
    broken = failures(case, _audit(case))
    assert not broken, "; ".join(f"{k}: {v}" for k, v in broken.items())


@pytest.mark.parametrize("target,kind,case,render", OTHERS,
                         ids=[f"{t}-{k}-{c.replace('|', '-')}" for t, k, c, _ in OTHERS])
def test_design_rules_other(target: str, kind: str, case: str, render: Any) -> None:
    broken = broken_rules(audit_pdf(render(), drawing=True))
    if kind in REPORTS:
        broken.pop("empty", None)
    assert not broken, "; ".join(f"{k}: {v}" for k, v in broken.items())

