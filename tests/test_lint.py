"""Lint as part of the test suite: ``ruff check .`` and ``mypy`` (configured in
pyproject.toml) must be clean, so CI (which runs only ``pytest``) enforces them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(tool: str, *args: str) -> None:
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[test]')")
    proc = subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, (
        f"{tool} {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}{proc.stderr}"
    )


def test_ruff_clean() -> None:
    _run("ruff", "check", ".")


def test_mypy_clean() -> None:
    _run("mypy")
