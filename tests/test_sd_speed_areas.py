"""Shuffle and Doom's open areas as a forest in one tuple (issue 18): whatever the
order rooms are opened in, two nodes share a label exactly when the cell search walks
from one to the other, a closed room has none, and the rooms opened are counted."""

import random

import pytest

from companion.cards import Suit, card, standard_deck
from companion.games.shuffle_and_doom.dungeon import DungeonMap, reachable


def _random_map(rng: random.Random, size: int) -> DungeonMap:
    deck = standard_deck()
    rng.shuffle(deck)
    return DungeonMap(tuple(deck[:size]), tuple(deck[size : 2 * size]))


def _check(dmap: DungeonMap, opened: list[int], areas) -> None:
    regions = dmap.regions
    is_open = [False] * dmap.room_count
    for room in opened:
        is_open[room] = True
    assert areas.opened == len(set(opened))
    for k in range(dmap.room_count):  # a closed room has no label
        assert (areas.label(regions.zeros + k) == -1) == (not is_open[k])
    starts = {}
    for room in dmap.rooms:
        starts.setdefault(regions.node_of(room[0]), room[0])
    for c in range(dmap.size):
        for r in range(dmap.size):
            starts.setdefault(regions.node_of((c, r)), (c, r))
    open_nodes = [n for n in starts if areas.label(n) >= 0]
    for n in open_nodes:
        walked = reachable(dmap, starts[n], is_open)
        joined = {regions.node_of(cell) for cell in walked}
        assert {m for m in open_nodes if areas.label(m) == areas.label(n)} == joined


@pytest.mark.parametrize("size", [4, 7, 13, 26])
def test_labels_are_the_walks_of_the_cells(size):
    rng = random.Random(size)
    for _ in range(6 if size < 26 else 3):
        dmap = _random_map(rng, size)
        order = list(range(dmap.room_count))
        rng.shuffle(order)
        areas = dmap.regions.start
        _check(dmap, [], areas)
        for k, room in enumerate(order):
            areas = dmap.regions.open_room(areas, room)
            again = dmap.regions.open_room(areas, room)
            assert again is areas  # opening an open room changes nothing
            if k % 3 == 0 or k == len(order) - 1:
                _check(dmap, order[: k + 1], areas)
        assert dmap.regions.areas_for(order).up == areas.up


def test_a_map_of_one_room():
    red = card("A", Suit.HEARTS), card("2", Suit.HEARTS), card("3", Suit.DIAMONDS)
    black = card("A", Suit.SPADES), card("2", Suit.CLUBS), card("3", Suit.SPADES)
    dmap = DungeonMap(red, black)  # every column red, every row black: all filled
    assert dmap.room_count == 1 and dmap.regions.zeros == 0
    areas = dmap.regions.open_room(dmap.regions.start, 0)
    assert areas.label(0) == 0 and areas.opened == 1
