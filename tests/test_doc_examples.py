"""Every log shown in the README and in docs/ is a test: it is validated and must get
the verdict written under it ("Verdict: valid, cleared, score 34, claim 34 matches" or
"Verdict: invalid, line 9: <message>"). The booklets' example logs are checked in
tests/test_booklets.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.replay import validate_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```\n", re.S | re.M)


def examples() -> list[tuple[str, str, str | None]]:
    """(where, log text, the verdict line after it) for every fenced block that is a
    log (its first line is a [Game] tag)."""
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            body = m.group(1)
            if not body.lstrip().startswith('[Game "'):
                continue
            after = text[m.end():].lstrip("\n").split("\n", 1)[0]
            line = text.count("\n", 0, m.start()) + 1
            verdict = after[len("Verdict: "):] if after.startswith("Verdict: ") else None
            out.append((f"{path.name}:{line}", body, verdict))
    return out


EXAMPLES = examples()


def test_the_readme_and_the_notation_show_logs():
    where = {w.split(":")[0] for w, _b, _v in EXAMPLES}
    assert {"README.md", "notation.md"} <= where


@pytest.mark.parametrize("where,body,verdict", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_every_documented_log_gets_the_verdict_written_under_it(where, body, verdict):
    assert verdict is not None, f"{where}: a log with no 'Verdict: ...' line under it"
    v = validate_text(body, where)
    if v.valid:
        claim = "no claim" if v.claim is None else (
            f"claim {v.claim} " + ("matches" if v.claim_matches else "does NOT match"))
        score = "no score" if v.score is None else f"score {v.score}"
        got = f"valid, {v.outcome}, {score}, {claim}"
    else:
        got = f"invalid, line {v.error.line}: {v.error.message}"
    assert got == verdict, where
