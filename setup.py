"""The package list, found rather than written down: every package under companion/
(so a new game's folder ships by itself), and the top-level layouts/ folder installed
as companion.layouts (see [tool.setuptools.package-dir] in pyproject.toml). Everything
else about the project is in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["companion", "companion.*"]), "companion.layouts"])
