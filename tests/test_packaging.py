"""A game's folder ships by itself: the package list is found, not written down, so a
registered game can never be left out of the wheel (issue 15)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def test_every_registered_game_is_a_package_the_wheel_ships():
    find_packages = pytest.importorskip("setuptools").find_packages
    found = set(find_packages(where=str(ROOT), include=["companion", "companion.*"]))
    for module in REGISTRY.values():
        assert module in found, module
    assert (ROOT / "setup.py").read_text(encoding="utf-8").count("find_packages(") == 1


def test_pyproject_names_no_package_list():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "packages" not in data["tool"]["setuptools"]
    assert data["tool"]["setuptools"]["package-dir"] == {"companion.layouts": "layouts"}
