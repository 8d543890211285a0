"""Every refusal the engines can give, each shown by an illegal log (issue 26).

Each game of the registry has a data module ``tests/refusal_cases/<package>.py`` whose
``CASES`` list ``(rule id, log text, line, column)``: the log's first illegal action
and where ``companion validate`` must place it. The errors every game shares (tags,
seeds, parameters, malformed lines, an action after the end) have theirs in
``tests/refusal_cases/_shared.py``.

The meta-tests read the rule ids out of the code (an ``ast`` walk, see
:class:`RuleIds`) and fail when a rule id the code can report has no case, or when a
case names a rule id the code does not have. A game added to the registry without a
data module fails here too.

Round-trip simulation cannot find a refusal that is missing or wrong: the log writer
and the validator share the rules. These logs are written by hand from the rules.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pytest

from companion.games import REGISTRY
from companion.replay import validate_text

Case = tuple[str, str, int, int]

HERE = Path(__file__).parent
CASES_DIR = HERE / "refusal_cases"
ROOT = HERE.parent / "companion"

SHARED_MODULES = ("log.py", "games/base.py", "games/model.py", "games/header.py",
                  "replay.py")
"""The modules outside the games' packages that a replay runs and that give rule ids:
the log's reading, the header's tags, the replay loop."""

SHARED_EXEMPT = {
    "internal": "replay._judged's guard for an engine raising a plain CompanionError "
                "(no built-in engine does: pragma no cover)",
    "plugin": "the fault of an installed game's code: tests/test_hostile3_plugins.py "
              "installs failing games to show it",
}
"""Shared rule ids no log of a built-in game can produce, and why."""


# --------------------------------------------------------------------- the cases
def package_of(name: str) -> str:
    """The package name of a registered game (``clear_the_dungeon``)."""
    return REGISTRY[name].rsplit(".", 1)[1]


@functools.cache
def load_cases(package: str) -> ModuleType | None:
    """The data module ``refusal_cases/<package>.py`` (None when there is none), read
    once."""
    path = CASES_DIR / f"{package}.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"refusal_cases.{package}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases_of(package: str) -> list[Case]:
    module = load_cases(package)
    assert module is not None, f"no refusal cases: add tests/refusal_cases/{package}.py"
    cases: list[Case] = module.CASES
    return cases


def unreachable_of(package: str) -> dict[str, str]:
    """The data module's ``UNREACHABLE``: rule ids of the code that no log can produce
    (a guard the rules before it make redundant), each with the reason."""
    module = load_cases(package)
    return dict(getattr(module, "UNREACHABLE", {})) if module is not None else {}


def _params() -> list[object]:
    out: list[object] = []
    for package in [package_of(n) for n in REGISTRY] + ["_shared"]:
        module = load_cases(package)
        if module is None:  # a game without a data module fails, by name
            out.append(pytest.param(package, None, id=f"{package}-no-cases"))
            continue
        counts: dict[str, int] = {}
        for case in module.CASES:
            n = counts[case[0]] = counts.get(case[0], 0) + 1
            out.append(pytest.param(package, case, id=f"{package}-{case[0]}-{n}"))
    return out


@pytest.mark.parametrize(("package", "case"), _params())
def test_refusal(package: str, case: Case | None) -> None:
    """The log is refused at its first illegal action, with that rule id and place."""
    assert case is not None, f"no refusal cases: add tests/refusal_cases/{package}.py"
    rule, text, line, column = case
    verdict = validate_text(text, "case.log")
    assert not verdict.valid, f"{rule}: the log was accepted"
    error = verdict.error
    assert error is not None and not verdict.unreadable, (
        f"{rule}: not a log: {error}")
    got = (getattr(error, "rule", None), error.line, error.column)
    assert got == (rule, line, column), f"{error} [{got[0]}]"
    if package != "_shared":  # a game's table holds logs of that game
        assert verdict.game is not None and package_of(verdict.game) == package


# ----------------------------------------------------------- rule ids in the code
RAISERS = {"IllegalAction": 1, "NotationError": 1, "LogError": 4, "fail": 1}
"""The error classes that carry a rule id, and the index of their ``rule`` argument
(their subclasses found in the code are added), and ``companion.rules_kit.fail``, which
makes the engines' refusals."""
FIXED = {"game_over": "game-over"}
"""The makers of an error whose rule id is their own (``companion.rules_kit``)."""


@dataclass
class RuleIds:
    """The rule ids a body of code can report, read from its syntax trees.

    Every call of a class in :data:`RAISERS` (or a subclass, or a local name bound to
    one) is read for its ``rule`` argument, positional or keyword. The argument is
    followed back to the string literals it can be: a literal, either branch of a
    conditional expression, an f-string (each combination of its parts), a local name
    (every value assigned to it), a parameter of the enclosing function (the values
    its callers pass, or its default: ``_fail(message, rule)`` and any helper that
    forwards a rule id), an item of a tuple a function returns (``slay_refusal``).
    ``exc.rule`` (another error's rule, passed on) adds nothing. Whatever cannot be
    followed is listed in ``unread``, so that a new way of raising is noticed.

    ``found``: each rule id and where its literal is written (module, line): a rule id
    belongs to the module that spells it.
    """

    trees: dict[str, ast.Module]
    parents: dict[ast.AST, ast.AST] = field(default_factory=dict)
    module_of: dict[ast.AST, str] = field(default_factory=dict)
    functions: dict[str, list[ast.FunctionDef]] = field(default_factory=dict)
    raisers: dict[str, int] = field(default_factory=lambda: dict(RAISERS))
    unread: list[str] = field(default_factory=list)
    found: dict[str, set[tuple[str, int]]] = field(default_factory=dict)
    _quiet: int = 0

    @classmethod
    def of(cls, files: list[Path]) -> RuleIds:
        ids = cls({str(p.relative_to(ROOT.parent)): ast.parse(p.read_text("utf-8"))
                   for p in files})
        ids.read()
        return ids

    def read(self) -> None:
        for name, tree in self.trees.items():
            for node in ast.walk(tree):
                self.module_of[node] = name
                for child in ast.iter_child_nodes(node):
                    self.parents[child] = node
                if isinstance(node, ast.FunctionDef):
                    self.functions.setdefault(node.name, []).append(node)
                if isinstance(node, ast.ClassDef):
                    for base in node.bases:
                        b = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
                        if b in self.raisers:
                            self.raisers.setdefault(node.name, self.raisers[b])
        for tree in self.trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    self.raising_call(node)

    def in_modules(self, modules: set[str]) -> set[str]:
        """The rule ids spelt in ``modules``."""
        return {rule for rule, where in self.found.items()
                if any(m in modules for m, _ in where)}

    # -- helpers
    def where(self, node: ast.AST) -> str:
        return f"{self.module_of.get(node, '?')}:{getattr(node, 'lineno', '?')}"

    def enclosing(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return None

    def is_method(self, func: ast.FunctionDef) -> bool:
        return isinstance(self.parents.get(func), ast.ClassDef)

    def params(self, func: ast.FunctionDef) -> list[str]:
        names = [a.arg for a in func.args.posonlyargs + func.args.args]
        return names[1:] if self.is_method(func) else names

    def assigned(self, name: str, func: ast.FunctionDef) -> list[ast.expr]:
        return [n.value for n in ast.walk(func) if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)]

    @staticmethod
    def argument(call: ast.Call, index: int | None, name: str) -> ast.expr | None:
        for k in call.keywords:
            if k.arg == name:
                return k.value
        if index is not None and index < len(call.args):
            return call.args[index]
        return None

    def note(self, node: ast.AST, value: str) -> None:
        if not self._quiet:
            self.found.setdefault(value, set()).add(
                (self.module_of[node], getattr(node, "lineno", 0)))

    # -- reading
    def raising_call(self, call: ast.Call) -> None:
        fn = call.func
        name = fn.id if isinstance(fn, ast.Name) else (
            fn.attr if isinstance(fn, ast.Attribute) else None)
        if name in FIXED:
            self.note(call, FIXED[name])
            return
        if name not in self.raisers and isinstance(fn, ast.Name):
            func = self.enclosing(call)  # cls = (LogError if ... else ...); cls(...)
            bound = {x.id for v in (self.assigned(fn.id, func) if func else [])
                     for x in ast.walk(v) if isinstance(x, ast.Name)} & set(self.raisers)
            name = min(bound) if bound else None
        if name not in self.raisers:
            return
        index = self.raisers[name]
        arg = self.argument(call, index, "rule")
        if arg is None and name != "IllegalAction" and index == RAISERS["LogError"]:
            self.note(call, "notation")  # LogError's default rule
            return
        self.values(arg, call)

    def values(self, expr: ast.expr | None, at: ast.AST, depth: int = 0) -> set[str]:
        """Every string ``expr`` (written at ``at``) can be."""
        if expr is None or depth > 12:
            self.unread.append(self.where(at))
            return set()
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            self.note(expr, expr.value)
            return {expr.value}
        if isinstance(expr, ast.Attribute) and expr.attr == "rule":
            return set()  # another error's rule id, passed on
        if isinstance(expr, ast.IfExp):
            return (self.values(expr.body, expr, depth + 1)
                    | self.values(expr.orelse, expr, depth + 1))
        if isinstance(expr, ast.JoinedStr):
            parts: list[set[str]] = []
            self._quiet += 1  # the parts are not rule ids of their own
            for v in expr.values:
                if isinstance(v, ast.Constant):
                    parts.append({str(v.value)})
                elif isinstance(v, ast.FormattedValue):
                    parts.append(self.values(v.value, expr, depth + 1))
            self._quiet -= 1
            made = {"".join(p) for p in itertools.product(*parts)}
            for m in made:
                self.note(expr, m)
            return made
        if isinstance(expr, ast.Name):
            return self.name_values(expr, depth)
        if (isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant)
                and isinstance(expr.slice.value, int)):
            return self.item_values(expr.value, expr.slice.value, depth)
        self.unread.append(f"{self.where(expr)}: {ast.unparse(expr)}")
        return set()

    def name_values(self, expr: ast.Name, depth: int) -> set[str]:
        func = self.enclosing(expr)
        if func is None:
            self.unread.append(f"{self.where(expr)}: {expr.id}")
            return set()
        assigned = self.assigned(expr.id, func)
        if assigned:
            return set().union(*(self.values(v, expr, depth + 1) for v in assigned))
        params = self.params(func)
        if expr.id not in params:
            self.unread.append(f"{self.where(expr)}: {expr.id}")
            return set()
        return self.passed(func, expr.id, depth)

    def passed(self, func: ast.FunctionDef, param: str, depth: int) -> set[str]:
        """The values callers of ``func`` pass as ``param`` (its default if left out)."""
        index = self.params(func).index(param)
        positional = func.args.posonlyargs + func.args.args
        names = [p.arg for p in positional]
        defaults = dict(zip(names[len(names) - len(func.args.defaults):],
                            func.args.defaults, strict=True))
        method = self.is_method(func)
        out: set[str] = set()
        for tree in self.trees.values():
            for call in ast.walk(tree):
                if not isinstance(call, ast.Call):
                    continue
                fn = call.func
                if (isinstance(fn, ast.Attribute) if method else isinstance(fn, ast.Name)) \
                        and (fn.attr if isinstance(fn, ast.Attribute) else
                             fn.id if isinstance(fn, ast.Name) else None) == func.name:
                    arg = self.argument(call, index, param)
                    out |= self.values(arg if arg is not None else defaults.get(param),
                                       call, depth + 1)
        return out

    def item_values(self, expr: ast.expr, item: int, depth: int) -> set[str]:
        """Item ``item`` of the tuples ``expr`` can be (a name bound to a call, a call
        of a function of this code)."""
        if isinstance(expr, ast.Name):
            func = self.enclosing(expr)
            assigned = self.assigned(expr.id, func) if func is not None else []
            if assigned:
                return set().union(*(self.item_values(v, item, depth + 1)
                                     for v in assigned))
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) \
                and expr.func.id in self.functions:
            out: set[str] = set()
            for f in self.functions[expr.func.id]:
                for r in ast.walk(f):
                    if isinstance(r, ast.Return) and isinstance(r.value, ast.Tuple):
                        out |= self.values(r.value.elts[item], r, depth + 1)
            return out
        self.unread.append(f"{self.where(expr)}: {ast.unparse(expr)}[{item}]")
        return set()


def game_files(package: str) -> list[Path]:
    return sorted((ROOT / "games" / package).rglob("*.py"))


def shared_files() -> list[Path]:
    return [ROOT / m for m in SHARED_MODULES]


def relative(files: list[Path]) -> set[str]:
    return {str(p.relative_to(ROOT.parent)) for p in files}


def rule_ids(package: str) -> tuple[set[str], list[str]]:
    """The rule ids spelt in a game's package (``_shared``: in the shared modules,
    less :data:`SHARED_EXEMPT`), and what could not be read."""
    files = shared_files() if package == "_shared" else game_files(package)
    ids = RuleIds.of(sorted(set(files) | set(shared_files())))
    found = ids.in_modules(relative(files))
    if package == "_shared":
        found -= set(SHARED_EXEMPT)
    return found, [u for u in ids.unread if u.split(":")[0] in relative(files)]


def coverage_gaps(code: set[str], cases: list[Case],
                  unreachable: dict[str, str] | None = None) -> tuple[set[str], set[str]]:
    """(rule ids of the code without a case, rule ids of cases the code lacks); a rule
    id declared unreachable needs no case, and must be in the code and have none."""
    named = {c[0] for c in cases}
    spared = set(unreachable or ())
    return code - named - spared, (named - code) | (spared - code) | (spared & named)


PACKAGES = [package_of(n) for n in REGISTRY] + ["_shared"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_rule_id_has_a_refusal_case(package: str) -> None:
    code, unread = rule_ids(package)
    assert not unread, f"rule ids this test cannot follow: {unread}"
    assert code, f"no rule ids found in {package}: the reading of the code broke"
    missing, unknown = coverage_gaps(code, cases_of(package), unreachable_of(package))
    assert not missing, f"rule ids without a refusal case: {sorted(missing)}"
    assert not unknown, f"cases name rule ids the code does not have: {sorted(unknown)}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_removed_case_is_noticed(package: str) -> None:
    """The meta-test has teeth: without the cases of any one rule id, it fails; a case
    of a made-up rule id fails it too."""
    code, _ = rule_ids(package)
    cases = cases_of(package)
    spared = unreachable_of(package)
    for rule in sorted(code - set(spared)):
        missing, _ = coverage_gaps(code, [c for c in cases if c[0] != rule], spared)
        assert missing == {rule}
    _, unknown = coverage_gaps(code, [*cases, ("no-such-rule", "", 1, 1)], spared)
    assert unknown == {"no-such-rule"}


def test_the_reader_follows_helpers_and_forwarded_rule_ids() -> None:
    """The ways of raising the reader must follow, each in a made-up module."""
    source = '''
from companion.errors import IllegalAction, NotationError, LogError
from companion.rules_kit import fail, game_over

class Custom(IllegalAction):
    pass

def _fail(message, rule, arg=None):
    return IllegalAction(message, rule, arg)

def _kind(card, rule):
    return _fail("kind", rule, 0)

def _why(card):
    if card:
        return ("message", "why-tuple")
    return None

def _use(verb):
    raise _fail("no", f"{verb}-target")

def rules(s, card):
    _use("drink")
    _use("read")
    raise Custom("x", rule="custom-kw")
    raise NotationError("x", "notation-x")
    raise _kind(card, "kind-forwarded")
    rule = "first" if card else "second"
    raise _fail("x", rule)
    refusal = _why(card)
    raise _fail(refusal[0], refusal[1])
    raise fail("x", "kit-fail", 0)
    raise game_over(s.outcome)

def header(tag, message, rule):
    cls = LogError if tag else LogError
    return cls(message, "f", 1, 1, rule)

def read(tag):
    raise header(tag, "bad", "tag-rule")
    raise LogError("no rule: the default", "f", 1, 1)
'''
    ids = RuleIds({"probe.py": ast.parse(source)})
    ids.read()
    assert set(ids.found) == {
        "drink-target", "read-target", "custom-kw", "notation-x", "kind-forwarded",
        "first", "second", "why-tuple", "tag-rule", "notation", "kit-fail", "game-over"
    }, sorted(ids.found)
    assert not ids.unread


# ------------------------------------------------------------- what the refusals say
SAID: list[tuple[str, str, str]] = [
    # (data module, "rule line:column" of one of its cases, words its message holds)
    ("clear_the_dungeon", "deal-seed 3:1", "the seed's draw is 9♦ 2♠ 8♦"),
    ("clear_the_dungeon", "deal-seed 7:8", "turns up K♦ in column 3, not Q♠"),
    ("clear_the_dungeon", "draw-empty 66:1", "the power deck is empty"),
    ("clear_the_dungeon", "play-target 66:12", "column 1: it is empty"),
    ("scoundrel", "room-card 6:15", "5♠ is one card too many"),
    ("scoundrel", "room-count 6:1", "the card that stayed, Q♣"),
    ("shuffle_and_doom", "room-cards 7:12", "8♠ is written twice"),
]
"""Refusals whose words matter as much as their place: the first case of that rule id
and place in the data module, and what its message must say."""


@pytest.mark.parametrize(("package", "which", "words"), SAID)
def test_refusal_message(package: str, which: str, words: str) -> None:
    rule, place = which.split(" ")
    line, column = map(int, place.split(":"))
    case = next((c for c in cases_of(package) if c[0] == rule and c[2:] == (line, column)),
                None)
    assert case is not None, f"no case {which} in {package}"
    verdict = validate_text(case[1], "case.log")
    assert verdict.error is not None and words in verdict.error.message, (
        verdict.error and verdict.error.message)
