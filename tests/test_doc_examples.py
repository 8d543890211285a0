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


COMMAND = re.compile(r"^companion (\S+) ([a-z-]+)\b(.*?)(?:\s+#.*)?$", re.M)


def readme_commands() -> list[tuple[int, str, str, str]]:
    """(line, command, game, the rest of the line) for every ``companion`` command of a
    game shown in the README's fenced blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        for m in COMMAND.finditer(block.group(1)):
            line = first + block.group(1).count("\n", 0, m.start())
            out.append((line, m.group(1), m.group(2), m.group(3)))
    return out


def deal_options(game_name: str, rest: str) -> tuple[str | None, dict[str, str]]:
    """The seed and what else makes the deal (game parameters, variants) a command line
    names; defaults where it names nothing."""
    from companion.games import get_game

    game = get_game(game_name)
    words = rest.split()
    named = {w[2:]: v for w, v in zip(words, [*words[1:], ""], strict=False) if w.startswith("--")}
    options = {p.name: named.get(p.name, str(p.default)) for p in game.params}
    options["variant"] = named.get("variant", "")
    return named.get("seed"), options


def test_the_readme_shows_one_deal_per_game_and_seed():
    """A newcomer runs the README's lines one after the other: the map of a seed and the
    sheets, solver and logs of that seed must be of the same deal (the same size, floors,
    variants), or the sheets silently disagree with the map (issue 24)."""
    from companion.games import REGISTRY

    seen: dict[tuple[str, str], tuple[int, dict[str, str]]] = {}
    checked = 0
    for line, _command, game, rest in readme_commands():
        if game not in REGISTRY:
            continue
        seed, options = deal_options(game, rest)
        if seed is None:
            continue
        checked += 1
        first = seen.setdefault((game, seed), (line, options))
        assert options == first[1], (
            f"README.md:{line}: {game} {seed} with {options}, but README.md:{first[0]} "
            f"printed it with {first[1]}")
    assert checked >= 10


def test_the_readme_shows_no_made_up_printer_offset():
    """``calibrate --save`` stores what the calibration sheet measured: a plain example
    with numbers would shift every later duplex sheet by a made-up offset (issue 24)."""
    saves = [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
             if "calibrate --save" in line]
    assert saves, "the README no longer shows how to save a measured offset"
    for line in saves:
        assert not re.search(r"--save\s+[-+0-9.]+,", line), line
