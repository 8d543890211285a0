"""The library's examples are tests (issue 26): the ``python`` blocks of the README's
"Use as a library" section, and the examples in the docstrings of the modules that
have some, run as doctests. (``pytest --doctest-modules`` is not how the suite runs;
this file is.)"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import pytest

import companion

ROOT = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def library_section() -> str:
    """The README's "Use as a library" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Use as a library\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def modules_with_examples() -> list[str]:
    """Every module of the package whose source holds a ``>>>`` example."""
    found = []
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        spec = importlib.util.find_spec(info.name)
        origin = spec.origin if spec is not None else None
        if origin and origin.endswith(".py") and ">>> " in Path(origin).read_text("utf-8"):
            found.append(info.name)
    if ">>> " in Path(companion.__file__).read_text("utf-8"):
        found.append("companion")
    return sorted(found)


def test_the_readme_library_section_runs_as_written():
    section = library_section()
    blocks = re.findall(r"^```python\n(.*?)^```$", section, re.S | re.M)
    assert len(blocks) >= 5, "start, errors, validate, replay, solve"
    body = "\n".join(blocks)
    for needed in ("initial_state", "legal_actions", "parse", "apply", "validate_text",
                   "replay_text", "solve"):
        assert needed in body, needed
    test = doctest.DocTestParser().get_doctest(body, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 20 and result.failed == 0, result


def test_the_public_modules_have_examples():
    assert {"companion", "companion.games", "companion.games.base",
            "companion.replay"} <= set(modules_with_examples())


@pytest.mark.parametrize("name", modules_with_examples())
def test_module_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, report=True)
    assert result.failed == 0 and result.attempted > 0, (name, result)
