"""Shuffle and Doom's walking without searching the cells (issue 18): the map's rooms
come from its runs of colours and the reachable part of the map from region labels
kept with the state. Both are checked here against the plain cell-by-cell searches
they replace, on random maps and along simulated games."""

import random

import pytest

from companion.cards import standard_deck
from companion.games.shuffle_and_doom import GAME
from companion.games.shuffle_and_doom import rules as R
from companion.games.shuffle_and_doom.dungeon import DungeonMap, adjacency, reachable
from companion.simulate import play


def rooms_by_search(dmap: DungeonMap):
    """The filled rooms found by walking the X cells (reading order, as the rules
    number them)."""
    n = dmap.size
    adj = adjacency(n)
    seen = set()
    rooms = []
    for r in range(n):
        for c in range(n):
            if (c, r) in seen or not dmap.filled((c, r)):
                continue
            seen.add((c, r))
            todo, cells = [(c, r)], []
            while todo:
                cur = todo.pop()
                cells.append(cur)
                for nb in adj[cur]:
                    if nb not in seen and dmap.filled(nb):
                        seen.add(nb)
                        todo.append(nb)
            rooms.append(tuple(sorted(cells, key=lambda x: (x[1], x[0]))))
    return tuple(rooms)


def random_map(rng: random.Random, size: int) -> DungeonMap:
    deck = standard_deck()
    rng.shuffle(deck)
    return DungeonMap(tuple(deck[:size]), tuple(deck[size : 2 * size]))


@pytest.mark.parametrize("size", [4, 5, 7, 10, 13, 20, 26])
def test_rooms_are_the_rectangles_of_the_colour_runs(size):
    rng = random.Random(size)
    for _ in range(40):
        dmap = random_map(rng, size)
        assert dmap.rooms == rooms_by_search(dmap)
        regions = dmap.regions
        assert dmap.room_count == len(dmap.rooms)
        zero_cells = {}
        for c in range(size):
            for r in range(size):
                k = regions.node_of((c, r))
                assert (k >= regions.zeros) == dmap.filled((c, r)) == ((c, r) in
                                                                       dmap.filled_cells)
                if k >= regions.zeros:
                    assert dmap.room_index[(c, r)] == k - regions.zeros
                else:
                    zero_cells.setdefault(k, []).append((c, r))
        for k, cells in zero_cells.items():  # a 0 region: 4-connected, its own box
            c0, c1, r0, r1 = regions.box(k)
            assert sorted(cells) == [(c, r) for c in range(c0, c1) for r in range(r0, r1)]
        for i, room in enumerate(dmap.rooms):
            assert regions.cells(regions.zeros + i) == len(room)
        assert not dmap.filled((-1, 0)) and not dmap.filled((0, size))


def _legal_by_search(s: R.State):
    """``legal_actions`` as the rules listed them by walking cells (before issue 18)."""
    out = []
    for h in s.inventory:
        if h.kind == "potion":
            out.append(R.Drink(h.card))
        elif h.kind == "book":
            out.append(R.Read(h.card))
    room = s.room
    if room is not None and room.enemies:
        out.extend(R.Hit(e.card) for e in room.enemies)
        if room.fresh and room.traps:
            out.extend(R.Take(e.card) for e in room.items)
        return out
    if room is not None and room.traps:
        out.extend(R.Disarm(t.card) for t in room.traps if s.intelligence >= t.value)
        out.extend(R.Take(e.card) for e in room.items)
        cells = s.dmap.rooms[room.index]
        spots = sorted({nb for cell in cells for nb in adjacency(s.size)[cell]
                        if not s.dmap.filled(nb)}, key=lambda c: (c[1], c[0]))
        out.extend(R.Retreat(c) for c in spots)
        return out
    if room is not None and room.items:
        out.append(R.Loot())
    return out + _enters_by_search(s)


def _enters_by_search(s: R.State):
    """The ``enter`` and ``exit`` actions as the rules listed them by walking cells."""
    opened = [st == "emptied" for st in s.status]
    if s.room is not None:
        opened[s.room.index] = True
    area = reachable(s.dmap, s.position, opened)
    targets = set()
    for cell in area:
        for nb in adjacency(s.size)[cell]:
            idx = s.dmap.room_index.get(nb)
            if idx is not None and not opened[idx] and s.status[idx] == "unexplored":
                targets.add(nb)
    a1 = s.dmap.room_index.get((0, 0))
    if s.position is None and a1 is not None and s.status[a1] == "unexplored":
        targets.add((0, 0))
    out = [R.Enter(c) for c in sorted(targets, key=lambda c: (c[1], c[0]))]
    corner = (s.size - 1, s.size - 1)
    if s.position == corner or corner in area:
        out.append(R.Exit())
    return out


def _reach_by_search(s: R.State, target):
    """Whether ``enter target`` passes the reach check, by walking cells."""
    opened = [st == "emptied" for st in s.status]
    area = reachable(s.dmap, s.position, opened)
    near = adjacency(s.size)[target]
    if s.position is None:
        return target == (0, 0) or any(nb in area for nb in near)
    return any(nb in area for nb in near)


@pytest.mark.parametrize("size", [4, 7, 13, 26])
@pytest.mark.parametrize("player", ["random", "greedy"])
def test_walking_matches_the_cell_search_along_games(size, player):
    rng = random.Random(size * 7 + len(player))
    for k in range(6 if size < 26 else 2):
        game = play(GAME, f"REG{size}{player}{k}", {"size": size}, player)
        for s in game.states:
            if s.outcome is not None or s.in_setup or s.awaiting_room is not None:
                continue
            legal = R.legal_actions(s)
            assert legal == _legal_by_search(s)
            if s.room is None:  # a fresh state (no areas kept) agrees too
                fresh = R.State(**{f: getattr(s, f) for f in R.State.__dataclass_fields__})
                assert R.legal_actions(fresh) == legal
                for _ in range(5):
                    target = (rng.randrange(s.size), rng.randrange(s.size))
                    idx = s.dmap.room_index.get(target)
                    if idx is None or s.status[idx] != "unexplored":
                        continue
                    try:
                        R.apply(s, R.Enter(target))
                        ok = True
                    except Exception as exc:  # noqa: BLE001 - the rule is checked below
                        assert exc.rule == "enter-reach", exc
                        ok = False
                    assert ok == _reach_by_search(s, target)
