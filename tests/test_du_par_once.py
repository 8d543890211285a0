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


def _solve_by_cells(floor):
    """The solver as it was written over cells (before issue 18): the reference."""
    import heapq

    from companion.games.dungeon_upkeeper.floor import Solution, _bfs, _letters

    objectives = floor.objectives
    n_traps = len(floor.traps)
    full = (1 << len(objectives)) - 1
    plain = frozenset(c for c in floor.find(".") + floor.find("S"))
    cache = {}

    def table(pos, mask):
        chest_mask = mask >> n_traps
        key = (pos, chest_mask)
        if key not in cache:
            done = frozenset(floor.chests[i] for i in range(len(floor.chests))
                             if chest_mask >> i & 1)
            cache[key] = _bfs(floor, pos, plain | done, frozenset(objectives) | {floor.exit})
        return cache[key]

    start = floor.start
    best = {(start, 0): 0}
    parent = {}
    heap = [(0, 0, start, 0)]
    goal = None
    counter = 0
    while heap:
        cost, _, pos, mask = heapq.heappop(heap)
        if best.get((pos, mask), -1) != cost:
            continue
        if pos == floor.exit:
            goal = (pos, mask)
            break
        dist = table(pos, mask)
        moves = []
        if mask == full:
            if floor.exit in dist:
                moves.append((floor.exit, mask))
        else:
            for i, o in enumerate(objectives):
                if not mask >> i & 1 and o in dist:
                    moves.append((o, mask | 1 << i))
        for nxt, nmask in moves:
            ncost = cost + dist[nxt][0]
            key = (nxt, nmask)
            if ncost < best.get(key, 1 << 60):
                best[key] = ncost
                parent[key] = (pos, mask)
                counter += 1
                heapq.heappush(heap, (ncost, counter, nxt, nmask))
    if goal is None:
        return Solution(None, "", len(best))
    legs = [goal]
    while legs[-1] in parent:
        legs.append(parent[legs[-1]])
    legs.reverse()
    cells = [start]
    for (pos, mask), (nxt, _) in zip(legs, legs[1:], strict=False):
        dist = table(pos, mask)
        leg = [nxt]
        while leg[-1] != pos:
            leg.append(dist[leg[-1]][1])
        cells.extend(reversed(leg[:-1]))
    return Solution(best[goal], _letters(cells), len(best))


def test_the_solver_over_cell_numbers_is_the_solver_over_cells():
    from companion.games.dungeon_upkeeper.table import RULES
    from companion.rng import stream

    checked = unsolvable = 0
    for k in range(60):  # generator attempts, kept or not (unsolvable ones too)
        n = 1 + k % 10
        rng = stream(f"SOLVE{k}", "test", "floor")
        f = generation._attempt(rng, n, RULES.lattice(n), RULES.objectives(n) + k % 3, RULES)
        if f is None:
            continue
        mine, theirs = solve(f), _solve_by_cells(f)
        assert mine == theirs, (f.rows, mine, theirs)
        checked += 1
        unsolvable += mine.par is None
    assert checked > 30 and unsolvable > 0
