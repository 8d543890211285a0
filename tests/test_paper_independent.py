"""The paper toolkit knows no game (issue 15): nothing under companion/paper/ imports a
game, the replay or the log reader, directly or through another companion module; the
booklet block model is plain data (no reportlab).

Imports are read with ``ast`` (every import statement, also those inside functions), so
a lazy import counts as much as one at the top of a file."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_import_cycles import type_checking

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"
FORBIDDEN = ("companion.games", "companion.replay", "companion.log")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:`` (never run: what
    type checkers see, such as the package's public names)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and type_checking(child.test):
            for other in child.orelse:
                yield other
                yield from _run_time_nodes(other)
            continue
        yield child
        yield from _run_time_nodes(child)


def _imports(name: str) -> set[str]:
    """The modules (of any package) that module ``name`` imports, anywhere in it."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            # "from companion.paper import fonts" imports the module companion.paper.fonts
            out.update(f"{base}.{alias.name}" for alias in node.names
                       if f"{base}.{alias.name}" in MODULES)
    return out


def _reach(start: str) -> dict[str, str]:
    """Every companion module ``start`` imports directly or through other companion
    modules (a package's ``__init__`` included), with the module that imports it."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        for name in _imports(here):
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # importing a.b.c runs a and a.b first
                prefix = ".".join(parts[:i])
                if prefix in MODULES and prefix not in seen and prefix != start:
                    seen[prefix] = here
                    todo.append(prefix)
    return seen


PAPER = sorted(name for name in MODULES if name.split(".")[:2] == ["companion", "paper"])


def test_the_paper_modules_are_found():
    assert "companion.paper.booklet" in PAPER
    assert "companion.paper.booklet.blocks" in PAPER
    assert "companion.paper.units" in PAPER


@pytest.mark.parametrize("name", PAPER)
def test_the_paper_toolkit_imports_no_game(name):
    bad = {m: via for m, via in _reach(name).items()
           if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)}
    assert not bad, f"{name} reaches {sorted(bad)} (imported by {sorted(set(bad.values()))})"


def test_the_check_sees_a_game_import():
    """The check can fail: the booklet examples replay a log, so they reach the games."""
    reached = _reach("companion.booklet_examples")
    assert "companion.log" in reached and "companion.replay" in reached
    assert "companion.games" in reached


def test_the_booklet_block_model_imports_no_reportlab():
    direct = _imports("companion.paper.booklet.blocks")
    assert not {m for m in direct if m.startswith(("reportlab", "companion"))}, direct
    code = ("import sys, companion.paper.booklet.blocks\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'reportlab'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout


def test_importing_the_booklet_package_imports_no_reportlab():
    """reportlab is imported when a booklet is laid out, not when the games' booklet
    data (which imports the block model through the package) is read."""
    code = ("import sys, companion.paper.booklet\n"
            "print('reportlab' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    assert out.stdout.strip() == "False", out.stdout
