"""Every public name says what it is (issue 26): each module of the package, each
module-level class and function whose name does not start with ``_``, and each method
or property of such a class, has a docstring. A method that overrides a documented one
may leave it to the base class (``help()`` shows the inherited one); a dataclass's
generated signature is no docstring."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import companion

SKIPPED = {"companion.__main__"}  # running it starts the command line


def public_modules() -> Iterator[str]:
    """``companion`` and every module under it with no ``_`` part (``__init__`` aside)."""
    yield "companion"
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        if info.name not in SKIPPED and not any(
                part.startswith("_") for part in info.name.split(".")):
            yield info.name


def _own_doc(cls: type) -> str | None:
    """The class's own docstring, None for none or a dataclass's generated one."""
    doc = cls.__dict__.get("__doc__")
    if not doc or (dataclasses.is_dataclass(cls) and doc.startswith(cls.__name__ + "(")):
        return None
    return doc


def _function(member: object) -> object:
    """The function behind a method, static or class method, or property."""
    if isinstance(member, staticmethod | classmethod):
        return member.__func__
    if isinstance(member, property):
        return member.fget
    return member


def _method_doc(cls: type, name: str) -> str | None:
    """The docstring of method ``name`` of ``cls``, or of the one it overrides."""
    for klass in cls.__mro__:
        member = klass.__dict__.get(name)
        doc = getattr(_function(member), "__doc__", None) if member is not None else None
        if doc:
            return str(doc)
    return None


def undocumented() -> tuple[int, list[str]]:
    """How many public names there are, and those without a docstring."""
    count, missing = 0, []
    for name in public_modules():
        module = importlib.import_module(name)
        count += 1
        if not module.__doc__:
            missing.append(name)
        for attr, obj in vars(module).items():
            if attr.startswith("_") or getattr(obj, "__module__", None) != name:
                continue
            if inspect.isfunction(obj):
                count += 1
                if not obj.__doc__:
                    missing.append(f"{name}.{attr}")
            elif inspect.isclass(obj):
                count += 1
                if _own_doc(obj) is None:
                    missing.append(f"{name}.{attr}")
                for method, member in vars(obj).items():
                    if method.startswith("_") or not inspect.isfunction(_function(member)):
                        continue
                    count += 1
                    if not _method_doc(obj, method):
                        missing.append(f"{name}.{attr}.{method}")
    return count, missing


def test_every_public_name_has_a_docstring():
    count, missing = undocumented()
    assert count > 1000  # the walk found the package
    assert not missing, f"{len(missing)} of {count} public names have no docstring:\n" + \
        "\n".join(missing)


def test_a_dataclass_signature_is_not_taken_for_a_docstring():
    @dataclasses.dataclass
    class Plain:
        x: int

    @dataclasses.dataclass
    class Told:
        """Says what it is."""

        x: int

    assert _own_doc(Plain) is None and _own_doc(Told) == "Says what it is."
