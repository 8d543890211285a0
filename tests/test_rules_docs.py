"""docs/rules/: every rule id the engines can report is in its game's table, and no
table names a rule id the code does not have.

The rule ids are read from the code, not run: every call that raises or builds an
:class:`~companion.errors.IllegalAction`, a :class:`~companion.errors.NotationError` or a
:class:`~companion.errors.LogError` (or a helper that forwards a ``rule`` argument to
one, such as ``companion.rules_kit.fail`` and the header's ``error``) names its rule as
a string, directly, through a local variable, or as an element of the tuple a helper
returns (Scoundrel's ``slay_refusal``). Each string found so is a rule id.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "companion" / "games"
RULES_DOCS = ROOT / "docs" / "rules"

PACKAGES = {
    "shuffle-and-doom": "shuffle_and_doom",
    "clear-the-dungeon": "clear_the_dungeon",
    "dungeon-upkeeper": "dungeon_upkeeper",
    "dungeon-solitaire": "dungeon_solitaire",
    "scoundrel": "scoundrel",
}
"""Each game's docs/rules page (by its command-line name) and its package."""

COMMON = [ROOT / "companion" / n for n in ("log.py", "replay.py")] + [
    GAMES / n for n in ("base.py", "model.py", "header.py")]
"""The modules that report the rule ids every game shares (docs/rules/README.md)."""

# where the rule stands among the positional arguments of the raisers every module uses
_KNOWN: dict[str, int] = {
    "IllegalAction": 1, "NotationError": 1, "LogError": 4, "BadSeedInLogError": 4,
    "UnknownEditionInLogError": 4, "PluginFaultError": 4, "error": 2, "missing": 1,
    "fail": 1,  # companion.rules_kit.fail, the engines' refusal
    "game_over": 99,  # companion.rules_kit.game_over: no rule argument, see below
}
_DEFAULT_RULE = {"LogError": "notation",  # LogError's default rule
                 "game_over": "game-over"}  # the one rule game_over reports
_RULE_ID = re.compile(r"^[a-z]+(-[a-z]+)*$")


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _strings(node: ast.AST) -> set[str]:
    """The string constants in an expression (an ``x if c else y`` gives both)."""
    return {n.value for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _enclosing(tree: ast.Module) -> dict[ast.AST, ast.FunctionDef]:
    """The innermost function around every node."""
    owner: dict[ast.AST, ast.FunctionDef] = {}

    def visit(node: ast.AST, fn: ast.FunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef) else fn
            if inner is not None:
                owner[child] = inner
            visit(child, inner)

    visit(tree, None)
    return owner


def _assigned(fn: ast.FunctionDef | None, name: str) -> list[ast.expr]:
    if fn is None:
        return []
    return [node.value for node in ast.walk(fn) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]


def _returned(fn: ast.FunctionDef, index: int) -> set[str]:
    """The string constants at ``index`` of the tuples ``fn`` returns."""
    found: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) \
                and len(node.value.elts) > index:
            found |= _strings(node.value.elts[index])
    return found


def _passed(tree: ast.Module, fn: ast.FunctionDef, param: str) -> set[str]:
    """The string constants the calls to ``fn`` in ``tree`` pass as ``param``."""
    index = [a.arg for a in fn.args.args].index(param)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) == fn.name:
            given = [k.value for k in node.keywords if k.arg == param]
            if not given and len(node.args) > index:
                given = [node.args[index]]
            for expr in given:
                found |= _strings(expr)
    return found


def _formatted(tree: ast.Module, fn: ast.FunctionDef | None, expr: ast.JoinedStr) -> set[str]:
    """The rule ids an f-string such as ``f"{verb}-target"`` makes, ``verb`` a parameter
    of ``fn`` whose callers pass it as a string constant."""
    texts = [""]
    for part in expr.values:
        if isinstance(part, ast.Constant):
            texts = [t + str(part.value) for t in texts]
        elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) \
                and fn is not None and part.value.id in [a.arg for a in fn.args.args]:
            texts = [t + v for t in texts for v in _passed(tree, fn, part.value.id)]
        else:
            raise AssertionError(f"a rule id made by {ast.unparse(expr)}: teach the "
                                 "collector to read it")
    return set(texts)


def rule_ids(paths: list[Path]) -> dict[str, str]:
    """Every rule id the modules at ``paths`` can report, each with one place
    (``file:line``) that reports it."""
    found: dict[str, str] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owner = _enclosing(tree)
        functions = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        raisers = dict(_KNOWN)
        for helper, defined in functions.items():  # they forward a ``rule`` argument
            params = [a.arg for a in defined.args.args]
            if "rule" in params and helper not in raisers:
                raisers[helper] = params.index("rule")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = _name(node.func)
            if called is None or called not in raisers:
                continue
            name: str = called
            fn = owner.get(node)
            params = [a.arg for a in fn.args.args] if fn is not None else []
            exprs = [k.value for k in node.keywords if k.arg == "rule"]
            if not exprs and len(node.args) > raisers[name]:
                exprs = [node.args[raisers[name]]]
            ids: set[str] = set()
            if not exprs and name in _DEFAULT_RULE:
                ids.add(_DEFAULT_RULE[name])
            for expr in exprs:
                if isinstance(expr, ast.Name):
                    if expr.id in params:
                        continue  # a forwarder: its callers name the rule
                    for value in _assigned(fn, expr.id):
                        ids |= _strings(value)
                elif isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name) \
                        and isinstance(expr.slice, ast.Constant) \
                        and isinstance(expr.slice.value, int):
                    for value in _assigned(fn, expr.value.id):
                        source = _name(value.func) if isinstance(value, ast.Call) else None
                        if source is not None and source in functions:
                            ids |= _returned(functions[source], expr.slice.value)
                elif isinstance(expr, ast.JoinedStr):
                    ids |= _formatted(tree, fn, expr)
                else:
                    ids |= _strings(expr)
            for rule in ids:
                if _RULE_ID.match(rule):
                    found.setdefault(rule, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def game_rule_ids(game: str) -> dict[str, str]:
    return rule_ids(sorted((GAMES / PACKAGES[game]).rglob("*.py")))


def documented(page: Path) -> set[str]:
    """The rule ids in the first column of the tables of ``page``'s "Rule ids"
    section."""
    text = page.read_text(encoding="utf-8")
    section = re.search(r"^## Rule ids\b.*?(?=^## |\Z)", text, re.M | re.S)
    assert section is not None, f"{page.relative_to(ROOT)} has no '## Rule ids' section"
    return set(re.findall(r"^\|\s*`([a-z-]+)`\s*\|", section.group(0), re.M))


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_rule_id_is_documented(game: str) -> None:
    page = RULES_DOCS / f"{game}.md"
    missing = {r: where for r, where in game_rule_ids(game).items()
               if r not in documented(page)}
    assert not missing, f"{page.name} lacks rule ids reported at {missing}"


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_documented_rule_id_exists(game: str) -> None:
    page = RULES_DOCS / f"{game}.md"
    extra = documented(page) - set(game_rule_ids(game))
    assert not extra, f"{page.name} names rule ids the code never reports: {extra}"


def test_common_rule_ids() -> None:
    page = RULES_DOCS / "README.md"
    code = set(rule_ids(COMMON))
    table = documented(page)
    assert code - table == set(), f"README.md lacks {code - table}"
    assert table - code == set(), f"README.md names unknown rule ids {table - code}"


def test_the_collector_finds_the_indirect_ones() -> None:
    """The ids reached through a variable or a returned tuple are found."""
    assert {"attack-first", "attack-total", "attack-trigger"} <= set(
        game_rule_ids("clear-the-dungeon"))
    assert {"slay-no-weapon", "slay-order", "slay-kind"} <= set(game_rule_ids("scoundrel"))
    assert {"drink-target", "read-target"} <= set(game_rule_ids("shuffle-and-doom"))
    assert "notation" in rule_ids(COMMON)
