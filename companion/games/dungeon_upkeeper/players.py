"""Simulated players for Dungeon Upkeeper (``docs/rules/dungeon-upkeeper.md``, balance
targets): ``random``, ``greedy``, ``expert``, ``padded`` and ``straight``.

Every player is a :data:`companion.simulate.Player`: ``(game, state, legal, rng) ->
action``, called once per step; the legal actions are one-step paths. The floors are
printed and known from the start, so every player but ``random`` plans its walk of a
floor once (cached per floor) and then follows it one step at a time. If the state is
not where the plan says (a run begun elsewhere, a state edited by hand), the player
walks on by the greedy rule from where it stands.

``random``
  Any legal step, uniformly (``companion.simulate.random_player``).
``greedy``
  The rulings' simple greedy rule: walk to the nearest objective not yet done (trap to
  reset or chest to refill; breadth-first distance avoiding armed traps and the exit),
  then the next nearest, and so on; then to the exit. It steps onto an armed trap only
  when no other way exists (then over as few as it can). Ties go to the objective first
  in the floor's order (traps, then chests, reading order each); equal walks are told
  apart by a fixed search order (N, E, S, W). It always clears the
  floor perfectly, not always within par, and may take damage.
``expert``
  A par path on every floor: the exact solver's perfect path (``floor.solve``).
``padded``
  A perfect walk without damage 20 % longer than par, rounded up: the par path with
  detours (a step off onto a safe square and back, 2 moves each) adding
  ``ceil(par / 5)`` moves, spread evenly along the path. A walk from S to X on the grid
  always has the parity of par (the squares are coloured like a chessboard), so when
  ``ceil(par / 5)`` is odd the padded walk is one move longer still: par + 2 ×
  ceil(ceil(par / 5) / 2) moves (:func:`padded_extra`).
``straight``
  A shortest path from S straight to the exit on every floor, never onto an armed
  trap when avoidable (a shortest path never crosses a square twice, so it never
  springs a trap it reset). Objectives on the way are done, others left.

All but ``random`` are deterministic: they do not read ``rng``.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.dungeon_upkeeper.floor import STEPS, Cell, Floor
from companion.games.dungeon_upkeeper.rules import Path, State, Step, solved
from companion.rng import Stream
from companion.simulate import Player, random_player

_DIRECTION = {v: k for k, v in STEPS.items()}


@dataclass(frozen=True)
class Plan:
    """A walk of one floor: ``cells[0]`` is the start, ``cells[-1]`` the exit."""

    cells: tuple[Cell, ...]

    @property
    def letters(self) -> str:
        """The walk as a path's letters (N E S W), one per step."""
        return "".join(_DIRECTION[(c2[0] - c1[0], c2[1] - c1[1])]
                       for c1, c2 in zip(self.cells, self.cells[1:], strict=False))

    def __len__(self) -> int:
        return len(self.cells) - 1


# --------------------------------------------------------------------------- walks
def _walk_to(floor: Floor, start: Cell, goals: Sequence[Cell], armed: frozenset[Cell],
             ) -> list[Cell] | None:
    """The cells (``start`` excluded) of the best walk from ``start`` to the first of
    ``goals`` it can reach: fewest armed traps crossed, then fewest steps, then the goal
    first in ``goals``; the exit is never walked through (it may be a goal); no goal is
    walked through either (a nearer goal would have been chosen). Equal walks are told
    apart by a fixed search order (neighbours N, E, S, W). None: no goal reachable."""
    exit_ = floor.exit
    adjacency = floor.adjacency
    goal_rank = {g: i for i, g in enumerate(goals)}
    # Dijkstra on (armed crossed, steps); parents kept from the first settling
    best: dict[Cell, tuple[int, int]] = {start: (0, 0)}
    parent: dict[Cell, Cell] = {}
    heap: list[tuple[int, int, int, Cell]] = [(0, 0, 0, start)]
    order = 0
    found: tuple[int, int, int, Cell] | None = None
    done: set[Cell] = set()
    while heap:
        hurt, dist, _, cur = heapq.heappop(heap)
        if cur in done:
            continue
        done.add(cur)
        if cur in goal_rank and cur != start:
            key = (hurt, dist, goal_rank[cur], cur)
            if found is None or key < found:
                found = key
            continue
        if found is not None and (hurt, dist) > found[:2]:
            break
        if cur == exit_ and cur != start:
            continue
        for nb in adjacency[cur]:
            cost = (hurt + (nb in armed), dist + 1)
            if nb not in best or cost < best[nb]:
                best[nb] = cost
                parent[nb] = cur
                order += 1
                heapq.heappush(heap, (cost[0], cost[1], order, nb))
    if found is None:
        return None
    cells = [found[3]]
    while cells[-1] != start:
        cells.append(parent[cells[-1]])
    cells.pop()
    cells.reverse()
    return cells


def greedy_walk(floor: Floor, position: Cell | None = None,
                reset: frozenset[Cell] = frozenset(),
                refilled: frozenset[Cell] = frozenset()) -> Plan:
    """The greedy rule's walk of ``floor`` from ``position`` (default the start) with
    ``reset`` traps and ``refilled`` chests already done."""
    pos = floor.start if position is None else position
    reset_now, refilled_now = set(reset), set(refilled)
    cells = [pos]
    while True:
        undone = [o for o in floor.objectives
                  if o not in reset_now and o not in refilled_now]
        goals = undone or [floor.exit]
        leg = _walk_to(floor, pos, goals, frozenset(reset_now))
        if leg is None:  # pragma: no cover - generation makes every feature reachable
            raise RuntimeError(f"{floor.name}: nothing reachable from {pos}")
        for cell in leg:
            tile = floor.tile(cell)
            if tile == "T":
                reset_now.add(cell)
            elif tile == "G":
                refilled_now.add(cell)
        cells += leg
        pos = cells[-1]
        if pos == floor.exit:
            return Plan(tuple(cells))


def par_walk(floor: Floor) -> Plan:
    """The exact solver's perfect path of ``floor`` (par moves; ``rules.solved``, the
    cached ``floor.solve``)."""
    cells = [floor.start]
    for letter in solved(floor).path:
        dc, dr = STEPS[letter]
        cells.append((cells[-1][0] + dc, cells[-1][1] + dr))
    return Plan(tuple(cells))


def padded_extra(par: int) -> int:
    """Moves the ``padded`` player adds to a floor of ``par``: ceil(par / 5), plus one
    when that is odd (a walk from S to X keeps the parity of par)."""
    extra = -(-par // 5)
    return extra + extra % 2


def padded_walk(floor: Floor) -> Plan:
    """The par path with ``padded_extra(par) / 2`` detours, each a step onto a safe
    neighbour (floor, start or a chest already refilled) and back, from a square that is
    not a trap, spread evenly over the squares where one is possible."""
    par = _plan("expert", floor).cells  # the expert's par path, solved once per floor
    refilled: set[Cell] = set()
    spots: list[tuple[int, Cell]] = []  # (index in the par path, the square to step to)
    for i, cell in enumerate(par[:-1]):
        tile = floor.tile(cell)
        if tile == "G":
            refilled.add(cell)
        if tile == "T":
            continue
        for nb in floor.adjacency[cell]:
            if floor.tile(nb) in ".S" or nb in refilled:
                spots.append((i, nb))
                break
    detours = padded_extra(len(par) - 1) // 2
    if detours and not spots:  # pragma: no cover - the start always has a corridor
        raise RuntimeError(f"{floor.name}: no square to make a detour from")
    chosen: dict[int, list[Cell]] = {}
    for j in range(detours):
        i, nb = spots[j * len(spots) // detours]
        chosen.setdefault(i, []).append(nb)
    cells: list[Cell] = []
    for i, cell in enumerate(par):
        cells.append(cell)
        for nb in chosen.get(i, ()):
            cells += [nb, cell]
    return Plan(tuple(cells))


def straight_walk(floor: Floor) -> Plan:
    """A shortest walk from S to X (never over an armed trap when avoidable)."""
    leg = _walk_to(floor, floor.start, [floor.exit], frozenset())
    assert leg is not None
    return Plan((floor.start, *leg))


# -------------------------------------------------------------------------- players
_PLANS: dict[tuple[str, Floor], Plan] = {}
_PLAN_CACHE_SIZE = 4096


def _plan(name: str, floor: Floor) -> Plan:
    key = (name, floor)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _PLAN_CACHE_SIZE:
            _PLANS.clear()
        plan = _WALKS[name](floor)
        _PLANS[key] = plan
    return plan


def _step_toward(state: State, cell: Cell, legal: Sequence[Any]) -> Any:
    d = _DIRECTION[(cell[0] - state.position[0], cell[1] - state.position[1])]
    for action in legal:
        if isinstance(action, Path) and action.steps[0].direction == d:
            return action
    return Path((Step(d),))


def _follower(name: str) -> Player:
    def player(game: Any, state: State, legal: Sequence[Any], rng: Stream) -> Any:
        floor = state.map
        cells = _plan(name, floor).cells
        i = state.steps_here
        if i + 1 < len(cells) and cells[i] == state.position:
            return _step_toward(state, cells[i + 1], legal)
        # off the plan: the greedy rule from here
        walk = greedy_walk(floor, state.position, state.reset, state.refilled)
        return _step_toward(state, walk.cells[1], legal)

    player.__name__ = f"{name}_player"
    player.__doc__ = f"The ``{name}`` player (see the module docstring)."
    return player


_WALKS = {"greedy": greedy_walk, "expert": par_walk, "padded": padded_walk,
          "straight": straight_walk}

PLAYERS: dict[str, Player] = {
    "random": random_player,
    **{name: _follower(name) for name in _WALKS},
}
