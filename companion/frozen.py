"""Cheap copies of immutable values: :func:`evolve` is ``dataclasses.replace`` for the
rules engines' frozen states, made for the replay loop, which derives a new state from
the old one for every action of every log.

``dataclasses.replace`` calls the class's ``__init__`` with every field as a keyword
(for a frozen dataclass, one ``object.__setattr__`` per field) after looking the
fields up; :func:`evolve` copies the instance's attribute dictionary, updates the copy
and gives it to a new instance, which gives the same value for a dataclass whose
``__init__`` only stores its fields.
:func:`derived` keeps a value computed from a field on the instance (a lookup table of
the board, the map's open areas) so that the next state need not compute it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set_attribute = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass instance ``obj`` with ``changes`` (field name to
    new value): what ``dataclasses.replace(obj, **changes)`` returns, for a class
    without ``__post_init__``, ``__slots__``, cached properties or fields outside
    ``__init__`` (every class it is used on is such). Nothing is checked: a misspelt
    name becomes a new attribute, never a TypeError, so callers name fields only."""
    new = _new(type(obj))
    attributes = obj.__dict__.copy()
    attributes.update(changes)
    _set_attribute(new, "__dict__", attributes)  # a frozen class refuses new.__dict__ = ...
    return new


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """The instance of ``cls`` whose attributes are ``fields`` (taken as they are, not
    copied): what :func:`evolve` makes, for a caller that has already copied an
    instance's ``__dict__`` and changed it (the rules engines' handlers build the next
    state's fields that way, and several changes cost one copy)."""
    new = _new(cls)
    _set_attribute(new, "__dict__", fields)
    return new


V = TypeVar("V")


def derived(obj: object, key: str, source: object, make: Callable[[], V]) -> V:
    """A value computed from ``source`` (the value of one of ``obj``'s fields), kept on
    ``obj`` under ``key`` (not a field: equality, hashing and repr ignore it) with
    ``source`` itself. It is made again when ``obj``'s field holds another object than
    the one it was made from: a copy by :func:`evolve` carries it along, and a copy
    whose field changed (by ``evolve`` or ``dataclasses.replace``) never uses a stale
    one. :func:`keep` gives a new copy the value its caller already knows."""
    kept = obj.__dict__.get(key)
    if kept is not None and kept[0] is source:
        value: V = kept[1]
        return value
    value = make()
    obj.__dict__[key] = (source, value)
    return value


def keep(key: str, source: object, value: object) -> dict[str, Any]:
    """``evolve`` keywords that store ``value`` as derived from ``source`` under ``key``
    (see :func:`derived`): ``evolve(s, board=b, **keep("_grid", b, grid))``."""
    return {key: (source, value)}
