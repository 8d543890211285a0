"""The add-a-game checklist of ``docs/architecture.md``, for every built-in game of the
registry: the parts no other test asks for by itself (the rest, golden vectors,
refusal cases, booklets, sheets, fail in their own tests when a game lacks them).
A game added to ``REGISTRY`` without its docs, balance data or booklet fails here,
naming what is missing."""

from __future__ import annotations

import re
from importlib import import_module, resources
from pathlib import Path

import pytest

from companion.games import REGISTRY, get_game

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _title(name: str) -> str:
    """The game's title as the docs' headings write it (``Shuffle and Doom``)."""
    return get_game(name).title.rstrip("!")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_package_has_its_faces(name):
    package = REGISTRY[name]
    for face in ("rules", "notation", "booklet"):
        import_module(f"{package}.{face}")  # raises naming the missing module
    assert hasattr(import_module(package), "GAME")
    balance = resources.files(package).joinpath("balance.json")
    assert balance.is_file(), f"{name} has no balance.json (benchmarks/balance_results.py)"
    sheets = resources.files(package).joinpath("sheets")
    assert (sheets.is_dir() or resources.files(package).joinpath("sheets.py").is_file()), \
        f"{name} has no sheets module"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_rules_page_is_written_and_listed(name):
    page = DOCS / "rules" / f"{name}.md"
    assert page.is_file(), f"no docs/rules/{name}.md"
    assert f"({name}.md)" in (DOCS / "rules" / "README.md").read_text(encoding="utf-8"), \
        f"docs/rules/README.md does not link {name}.md"
    from test_rules_docs import PACKAGES

    assert name in PACKAGES, f"tests/test_rules_docs.py's PACKAGES lacks {name}"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_notation_has_a_section(name):
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(_title(name))}\b", text, re.M), \
        f"docs/notation.md has no '## {_title(name)}' section"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_readme_and_the_balance_tables_name_it(name):
    for doc in (ROOT / "README.md", DOCS / "balance.md"):
        assert _title(name) in doc.read_text(encoding="utf-8"), \
            f"{doc.relative_to(ROOT)} does not name {_title(name)}"
