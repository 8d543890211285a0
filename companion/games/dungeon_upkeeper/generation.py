"""Seeded floors for Dungeon Upkeeper: the source's generation steps, made to terminate.

1. One stream per floor and try: ``(seed, "dungeon-upkeeper", "floor", k, "objectives",
   n, "try", t)``, so floor k is the same whatever happened before it.
2. Features: a start, an exit and n objectives, ``n // 2`` traps (one more with chance
   1/2 when n is odd), the rest chests.
3. Placed on distinct points of a W×W lattice (spacing 3); start and exit at least 3
   lattice steps apart (Manhattan).
4. Lattice neighbours that both hold features are connected. While a feature is not
   reachable from the start without passing through the exit, or has fewer than two
   connections, an empty floor feature is added at a random free point (a full lattice
   always satisfies both, so this ends). Then empty floor features whose removal keeps
   both properties are pruned, in the order they were added, until none can go.
5. Corridors of two squares join connected features; all else is wall, with a border.
6. The floor is kept only if it is perfectly solvable (exact solver, ``floor.solve``);
   else the next try. After ``tries_per_count`` tries the objective count drops by one.
   With no objectives every floor is solvable (the exit is reachable), so generation
   always ends.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from companion.games.dungeon_upkeeper.floor import Floor, remember, solve
from companion.games.dungeon_upkeeper.table import RULES, RulesTable
from companion.rng import Stream, stream

GAME = "dungeon-upkeeper"
Point = tuple[int, int]


def _links(features: dict[Point, str]) -> dict[Point, list[Point]]:
    out: dict[Point, list[Point]] = {}
    for (i, j) in features:
        out[(i, j)] = [p for p in ((i, j - 1), (i + 1, j), (i, j + 1), (i - 1, j))
                       if p in features]
    return out


def _sound(features: dict[Point, str], start: Point) -> bool:
    """Every feature reachable from the start (not through the exit) and with at least
    two connections."""
    for (i, j) in features:  # the links of :func:`_links`, counted without a list
        if (((i, j - 1) in features) + ((i + 1, j) in features) + ((i, j + 1) in features)
                + ((i - 1, j) in features)) < 2:
            return False
    seen = {start}
    todo = [start]
    while todo:
        i, j = todo.pop()
        for nb in ((i, j - 1), (i + 1, j), (i, j + 1), (i - 1, j)):
            if nb in features and nb not in seen:
                seen.add(nb)
                if features[nb] != "X":
                    todo.append(nb)
    return len(seen) == len(features)


def _attempt(rng: Stream, number: int, width: int, count: int, rules: RulesTable,
             ) -> Floor | None:
    points = [(i, j) for j in range(width) for i in range(width)]
    start = rng.choice(points)
    far = [p for p in points
           if abs(p[0] - start[0]) + abs(p[1] - start[1]) >= rules.min_start_exit]
    if not far:
        return None
    exit_ = rng.choice(far)
    free = [p for p in points if p not in (start, exit_)]
    if count > len(free):
        return None
    traps = count // 2 + (count % 2) * rng.below(2)
    spots = rng.shuffled(free)[:count]
    features: dict[Point, str] = {start: "S", exit_: "X"}
    for k, p in enumerate(spots):
        features[p] = "T" if k < traps else "G"
    added: list[Point] = []
    while not _sound(features, start):
        open_points = [p for p in points if p not in features]
        if not open_points:
            return None
        p = rng.choice(open_points)
        features[p] = "."
        added.append(p)
    changed = True
    while changed:
        changed = False
        for p in list(added):
            trial = {q: t for q, t in features.items() if q != p}
            if _sound(trial, start):
                features = trial
                added.remove(p)
                changed = True
    return draw(number, width, features, rules)


def draw(number: int, width: int, features: dict[Point, str], rules: RulesTable) -> Floor:
    """Step 5: corridors between connected features, walls elsewhere, a wall border."""
    gap = rules.lattice_spacing
    side = (width - 1) * gap + 1 + 2
    grid = [["#"] * side for _ in range(side)]
    links = _links(features)
    for (i, j), tile in features.items():
        x, y = 1 + gap * i, 1 + gap * j
        grid[y][x] = tile
        for (ni, nj) in links[(i, j)]:
            dx, dy = ni - i, nj - j
            for step in range(1, gap):
                grid[y + dy * step][x + dx * step] = "."
    return Floor(number, tuple("".join(row) for row in grid))


@lru_cache(maxsize=256)
def generate_floor(seed: str, number: int, rules: RulesTable = RULES) -> Floor:
    """Floor B``number`` of ``seed``: always ends, always perfectly solvable."""
    width = rules.lattice(number)
    asked = rules.objectives(number)
    count = asked
    tries = 0
    while True:
        for t in range(rules.tries_per_count):
            rng = stream(seed, GAME, "floor", number, "objectives", count, "try", t)
            floor = _attempt(rng, number, width, count, rules)
            tries += 1
            if floor is None:
                continue
            solution = solve(floor)
            if solution.par is not None:
                remember(floor, solution)  # the par a map sheet and a replay ask for
                return replace(floor, tries=tries, objectives_asked=asked)
        if count == 0:  # pragma: no cover - a floor with no objective is always solvable
            raise RuntimeError(f"floor B{number} of {seed} could not be generated")
        count -= 1
