"""The repository stands alone: no file cites a document that is not in it.

The rules, the command line and the printing conventions are written down in
``docs/`` (``docs/rules/GAME.md``, ``docs/command-line.md``, ``docs/printing.md``,
``docs/notation.md``). A comment, docstring, test or page that cites a document by a
name no file of the repository has (the old ``print.md``, ``cli.md``,
``rules-GAME.md``, ``toolchain-notes.md``, ``marks.md``), or a folder outside the
repository (``../shared``), sends the next maintainer to something they do not have.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHERE = ["companion", "tests", "benchmarks", "docs", "layouts"]
TOP = ["README.md", "pyproject.toml", "setup.py"]
SKIP_DIRS = {"__pycache__", ".venv", "output", ".git", ".pytest_cache", ".mypy_cache",
             ".ruff_cache"}
TEXT = {".py", ".md", ".toml", ".txt", ".json", ".log", ".cfg", ".ini", ".html", ".csv"}

# a document named like one of the specs the code was first written against
_CITED = re.compile(
    r"(?<![\w-])((?:print|cli|marks|toolchain-notes|rules-[a-z*]+(?:-[a-z]+)*)\.md)\b")
_OUTSIDE = re.compile(r"\.\./shared\b|\bspecs/")


def files() -> list[Path]:
    found = [ROOT / name for name in TOP if (ROOT / name).is_file()]
    for top in WHERE:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in TEXT and path != Path(__file__).resolve() \
                    and not SKIP_DIRS & set(path.relative_to(ROOT).parts):
                found.append(path)
    return found


def names_in_repo() -> set[str]:
    """The file names the repository has (a citation of one of them is fine)."""
    return {p.name for p in files()}


def citations(text: str, known: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every citation in ``text`` of a document not in the repository."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        out += [(number, m.group(1)) for m in _CITED.finditer(line)
                if m.group(1) not in known]
        out += [(number, m.group(0)) for m in _OUTSIDE.finditer(line)]
    return out


def test_the_scan_sees_the_code_and_the_docs() -> None:
    seen = {p.relative_to(ROOT).as_posix() for p in files()}
    assert {"companion/cli.py", "docs/decisions.md", "README.md",
            "docs/rules/scoundrel.md", "layouts/poker.toml"} <= seen


def test_the_check_catches_what_it_is_for() -> None:
    known = {"notation.md", "printing.md"}
    bad = ('"""Seeds (``cli.md``)."""\n# see print.md, Duplex\n'
           "rules-scoundrel.md and rules-*.md\n`toolchain-notes.md`, marks.md\n"
           "../shared/specs/notation.md\nspecs/rules-dungeon-solitaire.md\n")
    assert [w for _n, w in citations(bad, known)] == [
        "cli.md", "print.md", "rules-scoundrel.md", "rules-*.md", "toolchain-notes.md",
        "marks.md", "../shared", "specs/", "rules-dungeon-solitaire.md", "specs/"]
    good = ("docs/printing.md, docs/command-line.md, docs/rules/scoundrel.md, "
            "docs/notation.md, benchmarks.md, the blueprint.md of nobody\n")
    assert citations(good, known) == []


def test_no_file_cites_a_document_the_repository_lacks() -> None:
    known = names_in_repo()
    bad = []
    for path in files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        bad += [f"{path.relative_to(ROOT)}:{n}: {what}" for n, what in citations(text, known)]
    assert not bad, "cite docs/ instead:\n" + "\n".join(bad)
