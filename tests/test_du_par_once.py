"""Dungeon Upkeeper's par is solved once per floor (issue 18): the generator's check
is the solution every later reader gets (the map sheet's pages, a replay's finished
floors); printing the map again solves nothing."""

from collections import Counter

from companion.games.dungeon_upkeeper import GAME, generation
from companion.games.dungeon_upkeeper import floor as floor_module
from companion.games.dungeon_upkeeper.floor import Floor, solve, solved
from companion.games.dungeon_upkeeper.rules import solved as rules_solved


def test_the_map_sheet_solves_each_floor_once(monkeypatch):
    calls: Counter = Counter()

    def counting(floor):
        calls[floor.rows] += 1
        return solve(floor)

    monkeypatch.setattr(floor_module, "solve", counting)
    monkeypatch.setattr(generation, "solve", counting)
    generation.generate_floor.cache_clear()
    params = {p.name: p.default for p in GAME.params}
    first = GAME.render("map", "PARONCE1", params, "a4", {})
    floors = [generation.generate_floor("PARONCE1", n) for n in range(1, params["floors"] + 1)]
    assert all(calls[f.rows] == 1 for f in floors), calls  # the generator's check only
    calls.clear()
    assert GAME.render("map", "PARONCE1", params, "a4", {}) == first
    assert not calls


def test_the_remembered_solution_is_the_solution():
    for n in (1, 4, 9):
        f = generation.generate_floor("PARONCE2", n)
        assert solved(f) == solve(Floor(0, f.rows)) == rules_solved(f)
