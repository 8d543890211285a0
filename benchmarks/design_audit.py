"""The design audit of issue 25: every printed PDF read back as a reviewer measures it.

    python benchmarks/design_audit.py [--json] [--paper a4|letter] [--game NAME] [--quick]

For every game x sheet kind (the registry's tables) x paper (A4, Letter) x parameter
case (defaults; each game parameter at its smallest and largest; a 32-character seed),
plus each game's booklet, a pack cover, the standings PDF and the stats report, the PDF
is rendered in memory and read back (``companion.paper.audit``): every text run with its
font and size. Reported per kind x paper (worst case over the parameter cases): the type
families, the smallest text (and what it says), the runs under 8 / 7 / 6 pt, overlapping
text boxes (with an example), the empty share of each page's printable area (inside
10 mm margins; defaults), pages per sheet (smallest-largest over the cases), text within
5 mm of the paper's edge ("edge") and text whose glyphs the font lacks ("tofu").

``--quick`` measures defaults only. The figures of a run go into docs/benchmarks.md
("Design audit (issue 25)").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.paper.audit import PdfAudit, audit_pdf  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from design_cases import BIG_PAPERS, PAPERS, Render, all_sheet_cases, other_cases  # noqa: E402


def all_cases(quick: bool, games: set[str] | None = None
              ) -> Iterator[tuple[str, str, str, Render]]:
    """(target, kind, case, render) for everything audited."""
    for case in all_sheet_cases(quick=quick):
        if not games or case.game in games:
            yield case.game, case.kind, f"{case.paper}|{case.case}", case.render
    for target, kind, case, render in other_cases(quick):
        if not games or target in games:
            yield target, kind, case, render


def measure(audit: PdfAudit) -> dict[str, Any]:
    """The figures of one PDF."""
    small = audit.smallest()
    pairs = audit.overlaps()
    return {
        "pages": len(audit.pages),
        "families": sorted(audit.families()),
        "fonts": sorted({r.font for r in audit.runs}),
        "smallest": None if small is None else {"size": small.size, "text": small.text[:60],
                                                "font": small.font},
        "under8": len(audit.under(8)),
        "under7": len(audit.under(7)),
        "under6": len(audit.under(6)),
        "runs": len(audit.runs),
        "overlaps": len(pairs),
        "overlap_example": (None if not pairs else
                            f"p{pairs[0][0].page + 1}: {pairs[0][0].text[:30]!r} x "
                            f"{pairs[0][1].text[:30]!r}"),
        "empty": [round(e, 2) for e in audit.empty()],
        "edge": len(audit.outside(audit.sizes)),
        "missing": len(audit.missing()),
    }


def summarise(cases: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The worst figures over one kind's parameter cases on one paper."""
    default = cases["default"]
    smallest = min(((c["smallest"]["size"], name, c["smallest"]["text"])
                    for name, c in cases.items() if c["smallest"]),
                   default=None)
    worst = max(cases.items(), key=lambda kv: kv[1]["overlaps"])
    pages = [c["pages"] for c in cases.values()]
    return {
        "families": sorted({f for c in cases.values() for f in c["families"]}),
        "smallest": None if smallest is None else {"size": smallest[0], "case": smallest[1],
                                                   "text": smallest[2]},
        "under8": max(c["under8"] for c in cases.values()),
        "under7": max(c["under7"] for c in cases.values()),
        "under6": max(c["under6"] for c in cases.values()),
        "overlaps": worst[1]["overlaps"],
        "overlap_example": (None if not worst[1]["overlaps"] else
                            f"{worst[0]}: {worst[1]['overlap_example']}"),
        "empty": default["empty"],
        "pages": [min(pages), max(pages)],
        "edge": max(c["edge"] for c in cases.values()),
        "missing": max(c["missing"] for c in cases.values()),
    }


def run(quick: bool, papers: set[str], games: set[str] | None) -> dict[str, Any]:
    """Every case measured, and each kind x paper summed up."""
    detail: dict[str, dict[str, dict[str, Any]]] = {}
    for target, kind, case, render in all_cases(quick, games):
        paper, name = case.split("|")
        if paper not in papers:
            continue
        started = time.perf_counter()
        data = render()
        figures = measure(audit_pdf(data, empty=(name == "default")))
        figures["seconds"] = round(time.perf_counter() - started, 2)
        detail.setdefault(f"{target}/{kind}/{paper}", {})[name] = figures
    return {"summary": {key: summarise(cases) for key, cases in detail.items()},
            "detail": detail}


def _empty_text(shares: list[float]) -> str:
    if not shares:
        return "-"
    body = shares[:-1] or shares
    worst = max(body)
    return f"{round(100 * worst)} %" + (f" ({len(shares)} p)" if len(shares) > 1 else "")


def table(summary: dict[str, Any]) -> str:
    """The summary as a Markdown table."""
    head = ("| sheet | paper | families | smallest pt (text) | <8 | <7 | <6 | overlaps "
            "(example) | most empty page | pages | edge | tofu |")
    lines = [head, "|" + "---|" * 12]
    for key, s in summary.items():
        target, kind, paper = key.split("/")
        small = s["smallest"]
        small_text = "-" if small is None else (
            f"{small['size']:g} ({small['text'][:24]!r}"
            + ("" if small["case"] == "default" else f", {small['case']}") + ")")
        over = str(s["overlaps"]) + (f" ({s['overlap_example'][:70]})"
                                     if s["overlap_example"] else "")
        pages = (str(s["pages"][0]) if s["pages"][0] == s["pages"][1]
                 else f"{s['pages'][0]}-{s['pages'][1]}")
        lines.append(f"| {target} {kind} | {paper} | {', '.join(s['families'])} | "
                     f"{small_text} | {s['under8']} | {s['under7']} | {s['under6']} | "
                     f"{over} | {_empty_text(s['empty'])} | {pages} | "
                     f"{s.get('edge', '-')} | {s.get('missing', '-')} |")
    return "\n".join(lines).replace("\\", "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="every figure as JSON")
    parser.add_argument("--quick", action="store_true", help="default parameters only")
    parser.add_argument("--paper", choices=PAPERS + BIG_PAPERS, action="append",
                        help="one paper (repeatable; default both)")
    parser.add_argument("--game", action="append", help="one game (repeatable)")
    args = parser.parse_args(argv)
    import os

    os.environ.pop("SOURCE_DATE_EPOCH", None)
    papers = set(args.paper or PAPERS + BIG_PAPERS)
    result = run(args.quick, papers, set(args.game) if args.game else None)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(table(result["summary"]))


if __name__ == "__main__":
    main()
