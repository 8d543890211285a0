"""No import cycles between the modules of ``companion/`` (issue 26).

Every ``import`` and ``from ... import`` of every module counts, at module level and
inside functions alike (a function-level import is still a dependency: it only runs
later). Imports under ``if TYPE_CHECKING:`` do not count: they never run. An edge goes
to the module named (``from companion.games import base`` names
``companion.games.base``), not to the packages above it, which Python imports first
anyway. ``docs/architecture.md`` says which way the imports point.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"


def module_files() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: its dotted name to (file, is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


def type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` tests ``TYPE_CHECKING`` (its body never runs)."""
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def imports_of(name: str, path: Path, is_package: bool,
               modules: set[str]) -> dict[str, int]:
    """The modules of ``modules`` that module ``name`` imports, each with the line of
    its first import."""
    out: dict[str, int] = {}

    def target(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and type_checking(child.test):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    out.setdefault(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            source = target(node)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in modules:  # from a package import a module
                    out.setdefault(sub, node.lineno)
                elif source in modules:
                    out.setdefault(source, node.lineno)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    out.pop(name, None)
    return out


def import_graph() -> dict[str, dict[str, int]]:
    """Each module of ``companion`` to the modules of ``companion`` it imports."""
    files = module_files()
    names = set(files)
    return {name: imports_of(name, path, is_package, names)
            for name, (path, is_package) in files.items()}


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[set[str]]:
    """The groups of two or more modules each of which imports every other one of the
    group, directly or through others (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:  # recursive: the graph is a few hundred modules
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: set[str] = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return groups


def shortest_cycle(graph: dict[str, dict[str, int]], group: set[str]) -> list[str]:
    """A shortest cycle through the first module of ``group``, as ``[a, b, ..., a]``."""
    start = min(group)
    paths = {start: [start]}  # breadth first, inside the group, back to start
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                return paths[v] + [start]
            if w in group and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(f"no cycle through {start}")


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One shortest cycle through each strongly connected group of modules."""
    return [shortest_cycle(graph, group) for group in strongly_connected(graph)]


def describe(cycle: list[str], graph: dict[str, dict[str, int]]) -> str:
    return " -> ".join(f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:],
                                                                    strict=False)) \
        + f" -> {cycle[-1]}"


def test_no_module_imports_itself_round_a_cycle():
    graph = import_graph()
    found = []
    for group in strongly_connected(graph):
        text = describe(shortest_cycle(graph, group), graph)
        if len(group) > 2:
            text += f" (the modules caught in it: {', '.join(sorted(group))})"
        found.append(text)
    assert not found, "import cycles:\n" + "\n".join(found)


def test_the_walk_sees_every_module_and_function_level_imports():
    graph = import_graph()
    assert len(graph) > 100
    # a function-level import counts: cli_record imports the screen inside a command
    assert "companion.record_screen" in graph["companion.cli_record"]
    # relative and package-member imports resolve to the module
    assert "companion.games.base" in graph["companion.simulate"]


def test_type_checking_imports_do_not_count(tmp_path: Path):
    source = tmp_path / "mod.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "import companion.b\n"
                      "if TYPE_CHECKING:\n    import companion.c\n"
                      "else:\n    import companion.d\n"
                      "def f():\n    from companion import e\n", encoding="utf-8")
    found = imports_of("companion.a", source, False,
                       {"companion.b", "companion.c", "companion.d", "companion.e"})
    assert found == {"companion.b": 2, "companion.d": 6, "companion.e": 8}


@pytest.mark.parametrize("graph, expected", [
    ({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}}, [["a", "b", "c", "a"]]),
    ({"a": {"b": 1}, "b": {}, "c": {"a": 1}}, []),
    ({"a": {"b": 1, "c": 1}, "b": {"a": 1}, "c": {"a": 1}}, [["a", "b", "a"]]),
])
def test_cycles_are_found_and_named(graph, expected):
    assert cycles(graph) == expected
