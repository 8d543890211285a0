"""The rules engines' shared mechanism (``companion/rules_kit.py``, ``frozen.made``):
every game's dispatch table handles each of its action classes, a class is never
handled twice, the refusals keep their wording, and ``made`` gives what ``evolve``
gives."""

from __future__ import annotations

import dataclasses
import importlib
import typing

import pytest

from companion.errors import IllegalAction
from companion.frozen import evolve, made
from companion.games import GAME_NAMES, get_game
from companion.rules_kit import Handlers, fail, game_over, handles

TABLED = ["shuffle_and_doom", "clear_the_dungeon", "dungeon_solitaire", "scoundrel"]
"""The games whose ``apply`` dispatches through ``_HANDLERS`` (Dungeon Upkeeper has two
actions, a path and a floor checkpoint, and no table)."""


@pytest.mark.parametrize("package", TABLED)
def test_every_action_class_has_one_handler(package: str) -> None:
    rules = importlib.import_module(f"companion.games.{package}.rules")
    kinds = set(typing.get_args(rules.Action))
    assert kinds and set(rules._HANDLERS) == kinds
    assert type(rules._HANDLERS) is dict  # a plain dict: the replay's fast lookup


def test_a_class_handled_twice_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Knock:
        times: int

    table: Handlers[int, int] = {}

    @handles(table, Knock)
    def knock(s: int, a: Knock) -> int:
        return s + a.times

    assert table == {Knock: knock} and knock(1, Knock(2)) == 3
    with pytest.raises(ValueError, match="Knock already has a handler: knock"):
        handles(table, Knock)(knock)


def test_the_refusals() -> None:
    e = fail("no such card", "card-kind", 1, step=2)
    assert isinstance(e, IllegalAction)
    assert (e.message, e.rule, e.arg, e.step) == ("no such card", "card-kind", 1, 2)
    said = [(game_over("won").message, None),
            (game_over("lost", follows=None, step=3).message, 3),
            (game_over("lost", "run", "step", step=0).message, 0),
            (game_over("won", "run", None).message, None)]
    assert said == [("the game is over (won): no action may follow", None),
                    ("the game is over (lost)", 3),
                    ("the run is over (lost): no step may follow", 0),
                    ("the run is over (won)", None)]
    assert {game_over("won").rule, game_over("won", step=1).rule} == {"game-over"}
    assert game_over("won", step=1).step == 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_action_after_the_end_is_refused_as_game_over(name: str) -> None:
    from companion.simulate import play

    g = get_game(name)
    played = play(g, "KIT1", {p.name: p.default for p in g.params}, "random")
    end = played.states[-1]
    assert g.is_over(end)
    with pytest.raises(IllegalAction) as refused:
        g.apply(end, played.actions[-1])
    assert refused.value.rule == "game-over"
    assert f"({end.outcome})" in refused.value.message


def test_made_is_evolve_from_fields() -> None:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int

    p = Point(1, 2)
    fields = p.__dict__.copy()
    fields["y"] = 5
    q = made(Point, fields)
    assert q == evolve(p, y=5) == dataclasses.replace(p, y=5) == Point(1, 5)
    assert hash(q) == hash(Point(1, 5)) and p == Point(1, 2)
    assert q.__dict__ is fields  # taken as given: the caller copied them
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.x = 3  # type: ignore[misc]
