"""Shuffle and Doom! rules engine (``docs/rules/shuffle-and-doom.md``): pure state and actions.

``apply(state, action)`` returns a new :class:`State` and never changes the old one;
an action the rulings forbid raises :class:`~companion.errors.IllegalAction` naming
the rule and the state that broke it. No I/O here.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion import chance
from companion.cards import Card, Suit
from companion.frozen import evolve, made
from companion.games.shuffle_and_doom.dungeon import (
    RED,
    Areas,
    Cell,
    bonus_modifier,
    cell_name,
    neighbours,
)
from companion.games.shuffle_and_doom.mechanics import (
    _TABLES,
    _area,
    _areas,
    _around,
    _draw_free,
    _draw_seeded,
    _entity_table,
    _in_area,
    _leave_room,
    _make_room,
    _require_play,
    _require_room,
    _room_in_play,
    _settle,
    _settled,
)
from companion.games.shuffle_and_doom.state import (
    BASE_STATS,
    EASY_STATS,
    FLAT_VALUE,
    FULL_DECK,
    STATS,
    Action,
    Bonus,
    Choose,
    Disarm,
    Drink,
    Enter,
    Entity,
    Exit,
    Held,
    Hit,
    Kind,
    Loot,
    Read,
    Retreat,
    Room,
    RoomCards,
    RoomStatus,
    Stat,
    State,
    Take,
    face_value,
    new_state,
)
from companion.rules_kit import Handlers, fail, game_over, handles
from companion.text import counted

__all__ = [
    "Stat", "STATS", "FULL_DECK", "BASE_STATS", "EASY_STATS", "FLAT_VALUE", "Kind",
    "RoomStatus", "face_value", "Choose", "Bonus", "Enter", "RoomCards", "Hit", "Disarm",
    "Take", "Drink", "Read", "Loot", "Retreat", "Exit", "Action", "Entity", "Held", "Room",
    "State", "new_state", "apply", "chance_outcomes", "legal_actions",
]


# ------------------------------------------------------------------------- actions
_HANDLERS: Handlers[State, State] = {}
"""Each action class's handler (:func:`apply` looks it up)."""


@handles(_HANDLERS, Choose)
def _choose(s: State, a: Choose) -> State:
    if s.choice is not None:
        raise fail(f"the {s.choice} stack is already chosen", "setup-order")
    if s.room is not None or s.position is not None:
        raise fail("the stack is chosen before the first move", "setup-order")
    stack = s.dmap.row_stack if a.stack == "row" else s.dmap.column_stack
    b = bonus_modifier(s.size)
    health, attack, intel, owed = s.health, s.attack, s.intelligence, 0
    for c in stack:
        if c.suit is Suit.HEARTS:
            health += b
        elif c.suit is Suit.SPADES:
            attack += b
        elif c.suit is Suit.CLUBS:
            intel += b
        else:
            owed += 1
    return evolve(s, choice=a.stack, health=health, attack=attack, intelligence=intel,
                   bonus_owed=owed)


@handles(_HANDLERS, Bonus)
def _bonus(s: State, a: Bonus) -> State:
    if s.choice is None:
        raise fail("choose the row or column stack before assigning ♦ bonuses",
                   "setup-order")
    if len(a.stats) > s.bonus_owed:
        owed = s.bonus_owed
        left = "1 ♦ bonus" if owed == 1 else f"{owed} ♦ bonuses"
        raise fail(f"only {left} left to assign, not {len(a.stats)}",
                   "bonus-count", owed)
    changes = {st: getattr(s, st) for st in STATS}
    for st in a.stats:
        changes[st] += 1
    return evolve(s, bonus_owed=s.bonus_owed - len(a.stats), **changes)


@handles(_HANDLERS, Enter)
def _enter(s: State, a: Enter) -> State:
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    target = a.cell
    regions = s.dmap.regions
    rect, col_run, row_run = regions.rect, regions.col_run, regions.row_run
    i, j = col_run[target[0]], row_run[target[1]]  # the target's column and row runs
    column = rect[i]
    node = column[j]
    zeros = regions.zeros
    if node < zeros:
        raise fail(f"{cell_name(target)} is a 0 cell: enter names a cell of an unexplored "
                   "filled room", "enter-target", 0)
    index = node - zeros
    room = s.room
    if room is not None and room.index == index:
        raise fail(f"{cell_name(target)} is in the room the player is already in",
                   "enter-target", 0)
    if s.status[index] == "emptied":
        raise fail(f"{cell_name(target)} belongs to a room already emptied: it is open "
                   "floor", "enter-target", 0)
    if room is not None:
        s = _leave_room(s, f"enter {cell_name(target)}")
    status = s.status
    kept = s.__dict__.get("_areas")
    areas: Areas = (kept[1] if kept is not None and kept[0] is status  # _areas(), inline
                    else _areas(s))
    label = areas.label
    position = s.position
    mine = -1 if position is None else label(rect[col_run[position[0]]][row_run[position[1]]])
    c, r = target
    c0, c1, _ = regions.blocks[0][i]  # the room's rectangle
    r0, r1, _ = regions.blocks[1][j]
    if mine >= 0 and position is not None:
        # on open floor, the player reaches the open part of the map of that cell: is
        # the target next to it? (its neighbours outside the room, N E S W: 0 regions)
        if not ((r == r0 and j > 0 and label(column[j - 1]) == mine)
                or (c == c1 - 1 and i + 1 < len(rect) and label(rect[i + 1][j]) == mine)
                or (r == r1 - 1 and j + 1 < len(column) and label(column[j + 1]) == mine)
                or (c == c0 and i > 0 and label(rect[i - 1][j]) == mine)):
            raise fail(f"{cell_name(target)} cannot be reached from {cell_name(position)} "
                       "through open cells", "enter-reach", 0)
    else:
        reached, here = _area(s, areas)
        node_of = regions.node_of
        near = any(nb == here or label(node_of(nb)) in reached
                   for nb in neighbours(target, s.size))
        if position is None:
            if not (target == (0, 0) or near):
                raise fail(f"{cell_name(target)} cannot be reached: the player starts "
                           "outside next to a1", "enter-reach", 0)
        elif not near:
            raise fail(f"{cell_name(target)} cannot be reached from {cell_name(position)} "
                       "through open cells", "enter-reach", 0)
    changed = list(status)  # (a list copied back is the cheapest copy with one change)
    changed[index] = "active"
    status = tuple(changed)  # not open: the same areas
    if s.seed is None:
        return evolve(s, position=target, status=status, awaiting_room=index,
                      room=Room(index, ()), drawn=None, _areas=(status, areas))
    count = (c1 - c0) * (r1 - r0)  # regions.cells(node)
    deck, pos = s.deck, s.deck_pos
    end = pos + count
    if end <= len(deck):  # within the pass: _make_room, the entities from the table
        cards = deck[pos:end]
        table = _TABLES.get(s.pass_no) or _entity_table(s.pass_no)
        k = 1 if RED.isdisjoint(cards) else 0
        entered = made(Room, {"index": index, "entities": tuple([table[c][k] for c in cards]),
                              "fresh": True, "stunned": False})
    else:
        s, drawn, end = _draw_seeded(s, count)
        cards = tuple(c for c, _ in drawn)
        entered = _make_room(index, drawn)
    d = s.__dict__.copy()
    d["position"] = target
    d["status"] = status
    d["deck_pos"] = end
    d["room"] = entered
    d["drawn"] = cards
    d["_areas"] = (status, areas)
    return made(State, d)


@handles(_HANDLERS, RoomCards)
def _room_cards(s: State, a: RoomCards) -> State:
    if s.awaiting_room is not None:
        index = s.awaiting_room
        size = min(s.dmap.regions.cells(s.dmap.regions.zeros + index), len(FULL_DECK))
        if len(a.cards) != size:
            raise fail(f"this room has {counted(size, 'cell')}, so {counted(size, 'card')} "
                       f"{'is' if size == 1 else 'are'} drawn, "
                       f"not {len(a.cards)}", "room-size",
                       min(len(a.cards), size) if len(a.cards) > size else None)
        s, drawn = _draw_free(s, a.cards)
        return evolve(s, awaiting_room=None, room=_make_room(index, drawn))
    if s.drawn is None:
        raise fail("'room' lists the cards of the room just entered: it must follow "
                   "'enter'", "room-order")
    expected = s.drawn
    if a.cards == expected:  # as dealt (a card is equal to itself only)
        d = s.__dict__.copy()
        d["drawn"] = None
        return made(State, d)
    for i, c in enumerate(a.cards):
        if c not in expected or c in a.cards[:i]:
            why = "is written twice" if c in a.cards[:i] else "is not in this room"
            raise fail(f"{c} {why}: the seed's deal gives "
                       f"{' '.join(str(x) for x in expected)}", "room-cards", i)
    if len(a.cards) != len(expected):
        raise fail(f"the room holds {counted(len(expected), 'card')} "
                   f"({' '.join(str(x) for x in expected)}), not {len(a.cards)}",
                   "room-cards")
    return evolve(s, drawn=None)


def _enemy_attack(s: State, room: Room) -> State:
    if room.stunned:
        return evolve(s, room=evolve(room, stunned=False))
    damage = sum(e.value for e in room.enemies)
    return evolve(s, health=s.health - damage, room=room)


@handles(_HANDLERS, Hit)
def _hit(s: State, a: Hit) -> State:
    room = _room_in_play(s, "hit")
    card = a.card
    entities = room.entities
    target = None
    for e in entities:
        if e.card is card:
            target = e
            break
    if target is None or target.kind != "enemy":
        what = "no enemy" if not room.enemies else "not an enemy in this room"
        raise fail(f"cannot hit {a.card}: {what}"
                   + (f" (enemies: {' '.join(str(e.card) for e in room.enemies)})"
                      if room.enemies else ""), "hit-target", 0)
    attack = s.attack
    if attack >= target.value:
        entities = tuple([e for e in entities if e.card is not card])
    else:
        hurt = made(Entity, {"card": card, "kind": "enemy", "value": target.value - attack})
        entities = tuple([hurt if e.card is card else e for e in entities])
    d = s.__dict__.copy()
    if not room.stunned:  # the enemies left attack
        damage = 0
        for e in entities:
            if e.kind == "enemy":
                damage += e.value
        d["health"] = s.health - damage
    d["room"] = made(Room, {"index": room.index, "entities": entities, "fresh": False,
                             "stunned": False})
    return _settled(s, d)


@handles(_HANDLERS, Disarm)
def _disarm(s: State, a: Disarm) -> State:
    room = _room_in_play(s, "disarm")
    if room.enemies:
        raise fail(f"cannot disarm {a.card}: defeat the enemies first "
                   f"({' '.join(str(e.card) for e in room.enemies)})", "disarm-order", 0)
    trap = room.find(a.card)
    if trap is None or trap.kind != "trap":
        raise fail(f"cannot disarm {a.card}: it is not an armed trap in this room",
                   "disarm-target", 0)
    if s.intelligence < trap.value:
        raise fail(f"cannot disarm {a.card}: intelligence {s.intelligence} < {trap.value}",
                   "disarm-intelligence", 0)
    d = s.__dict__.copy()
    d["room"] = made(Room, {"index": room.index, "entities": room.without(a.card),
                             "fresh": room.fresh, "stunned": room.stunned})
    return _settled(s, d)


@handles(_HANDLERS, Take)
def _take(s: State, a: Take) -> State:
    _require_play(s)
    room = _require_room(s, "take")
    item = room.find(a.card)
    if item is None or item.kind not in ("potion", "gold", "book"):
        raise fail(f"cannot take {a.card}: it is not an item in this room",
                   "take-target", 0)
    traps = room.traps
    enemies = room.enemies
    if not traps:
        if enemies:
            raise fail(f"cannot take {a.card}: enemies remain and no trap is armed",
                       "take-enemies", 0)
        raise fail(f"cannot take {a.card}: no trap is armed; collect the items with "
                   "'loot'", "take-no-trap", 0)
    if enemies and not room.fresh:
        raise fail(f"cannot take {a.card}: enemies remain; the advanced technique is "
                   "allowed only before the first hit", "take-enemies", 0)
    damage = sum(t.value for t in traps)
    survivors = tuple(evolve(e, value=e.value - damage) for e in enemies
                      if e.value - damage > 0)
    inventory = s.inventory + (Held(item.card, item.kind, item.value),)
    room = evolve(room, entities=survivors, stunned=bool(survivors))
    return _settle(evolve(s, health=s.health - damage, inventory=inventory, room=room))


@handles(_HANDLERS, Retreat)
def _retreat(s: State, a: Retreat) -> State:
    _require_play(s)
    room = _require_room(s, "retreat")
    if room.enemies:
        raise fail("cannot retreat: enemies remain; there is no retreat while enemies "
                   "remain", "no-retreat")
    if not room.traps:
        raise fail("cannot retreat: no trap is armed (retreat is for a room with armed "
                   "traps)", "retreat-no-trap")
    name = cell_name(a.cell)
    if s.dmap.filled(a.cell):
        raise fail(f"cannot retreat to {name}: it is not a 0 cell", "retreat-target", 0)
    regions = s.dmap.regions
    mine = regions.zeros + room.index
    if not any(regions.node_of(nb) == mine for nb in neighbours(a.cell, s.size)):
        raise fail(f"cannot retreat to {name}: it is not next to the room",
                   "retreat-target", 0)
    s = evolve(s, room=evolve(room, entities=()), position=a.cell)
    return _settle(s)


@handles(_HANDLERS, Loot)
def _loot(s: State, a: Loot) -> State:
    room = _room_in_play(s, "loot")
    entities = room.entities
    for e in entities:
        if e.kind == "enemy" or e.kind == "trap":
            if room.enemies:
                raise fail("cannot loot: enemies remain", "loot-enemies")
            raise fail("cannot loot: armed traps remain (disarm them, take one item, or "
                       "retreat)", "loot-traps")
    if not entities:  # every entity left is an item
        raise fail("nothing to loot in this room", "loot-empty")
    inventory = s.inventory + tuple([made(Held, {"card": e.card, "kind": e.kind,
                                                  "value": e.value}) for e in entities])
    # _settle of the room looted empty, without the empty room in between
    if s.health < 0:
        return evolve(s, inventory=inventory, room=evolve(room, entities=()),
                      outcome="died")
    d = s.__dict__.copy()
    d["inventory"] = inventory
    status = s.status
    kept = d.get("_areas")
    if kept is None or kept[0] is not status:
        d["room"] = made(Room, {"index": room.index, "entities": (), "fresh": room.fresh,
                                 "stunned": room.stunned})
        return _settle(made(State, d))
    index = room.index
    changed = list(status)
    changed[index] = "emptied"
    status = tuple(changed)
    areas = s.dmap.regions.open_room(kept[1], index)
    d["status"] = status
    d["room"] = None
    d["_areas"] = (status, areas)
    if areas.opened == len(status):
        d["outcome"] = "cleared"
    return made(State, d)


def _use(s: State, card: Card, kind: Kind, verb: str) -> State:
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    held = None
    for h in s.inventory:
        if h.card is card:
            held = h
            break
    if held is None or held.kind != kind:
        have = " ".join(str(h.card) for h in s.inventory if h.kind == kind) or "none"
        in_room = s.room is not None and any(e.card == card for e in s.room.entities)
        slip = (f"; {card} is still in the room: 'take {card}' or 'loot' first"
                if in_room else "")
        raise fail(f"cannot {verb} {card}: no such {kind} in the inventory ({kind}s: "
                   f"{have}){slip}", f"{verb}-target", 0)
    d = s.__dict__.copy()
    d["inventory"] = tuple([h for h in s.inventory if h.card is not card])
    gain = FLAT_VALUE if "flat-consumables" in s.variants else held.value
    if kind == "potion":
        d["health"] = s.health + gain
    else:
        d["intelligence"] = s.intelligence + gain
    return made(State, d)


@handles(_HANDLERS, Drink)
def _drink(s: State, a: Drink) -> State:
    return _use(s, a.card, "potion", "drink")


@handles(_HANDLERS, Read)
def _read(s: State, a: Read) -> State:
    return _use(s, a.card, "book", "read")


@handles(_HANDLERS, Exit)
def _exit(s: State, a: Exit) -> State:
    _require_play(s)
    s = _leave_room(s, "exit")
    s = _settle(s)
    if s.outcome == "cleared":
        return s
    corner = (s.size - 1, s.size - 1)
    if s.position != corner:
        areas = _areas(s)
        if not _in_area(s, areas, _area(s, areas), corner):
            why = ("is part of an unexplored room: enter and clear it first"
                   if s.dmap.filled(corner) and s.status[s.dmap.room_index[corner]] != "emptied"
                   else "cannot be reached through open cells")
            raise fail(f"cannot exit: the bottom-right cell {cell_name(corner)} {why}",
                       "exit-reach")
    return evolve(s, position=corner, outcome="exited")


def apply(s: State, action: Action) -> State:
    """The state after ``action``.

    Raises IllegalAction (with the rule's name) when the rulings forbid it, including any
    action after the game ended.
    """
    if s.outcome is not None:
        raise game_over(s.outcome)
    kind = type(action)
    if s.awaiting_room is not None and not isinstance(action, RoomCards):
        raise fail("a free deal needs the entered room's cards next: 'room CARD...'",
                   "room-order")
    s = _HANDLERS[kind](s, action)
    if s.drawn is not None and kind is not Enter and kind is not RoomCards:
        s = evolve(s, drawn=None)
    return s


# ------------------------------------------------------------------- legal actions
def legal_actions(s: State) -> list[Action]:
    """Every action the rulings allow in ``s`` (a free deal's ``room`` line, whose
    cards only the table knows, is not listed)."""
    if s.outcome is not None or s.awaiting_room is not None:
        return []
    if s.choice is None:
        return [Choose("row"), Choose("column")]
    if s.bonus_owed:
        return [Bonus((st,)) for st in STATS]
    out: list[Action] = []
    for h in s.inventory:
        if h.kind == "potion":
            out.append(Drink(h.card))
        elif h.kind == "book":
            out.append(Read(h.card))
    room = s.room
    if room is not None and room.enemies:
        out.extend(Hit(e.card) for e in room.enemies)
        if room.fresh and room.traps:
            out.extend(Take(e.card) for e in room.items)
        return out
    if room is not None and room.traps:
        out.extend(Disarm(t.card) for t in room.traps if s.intelligence >= t.value)
        out.extend(Take(e.card) for e in room.items)
        out.extend(Retreat(c) for c in _around(s, room.index))
        return out
    if room is not None and room.items:
        out.append(Loot())
    # Leaving: the current room (resolved) counts as open.
    regions = s.dmap.regions
    areas = _areas(s)
    if room is not None:
        areas = regions.open_room(areas, room.index)
    reached, here = area = _area(s, areas)
    status = s.status
    zeros = regions.zeros
    targets: set[Cell] = set()
    label = areas.label
    for n in range(zeros):  # only 0 regions touch rooms
        if label(n) in reached:
            for m in regions.links(n):
                if status[m - zeros] == "unexplored":
                    targets.update(regions.border[(n, m)])
    if here is not None:
        for nb in neighbours(here, s.size):
            m = regions.node_of(nb)
            if m >= zeros and status[m - zeros] == "unexplored":
                targets.add(nb)
    a1 = regions.node_of((0, 0)) - zeros
    if s.position is None and a1 >= 0 and s.status[a1] == "unexplored":
        targets.add((0, 0))
    out.extend(Enter(c) for c in sorted(targets, key=lambda c: (c[1], c[0])))
    corner = (s.size - 1, s.size - 1)
    if s.position == corner or _in_area(s, areas, area, corner):
        out.append(Exit())
    return out


# ---------------------------------------------------------------------------- chance
def chance_outcomes(s: State) -> Sequence[tuple[Action, float]]:
    """At a chance node, every ``room`` line the table can give next with its
    probability; empty where the player decides, in a seeded deal (the seed decides)
    and once the game is over.

    The one chance node is a free deal's room just entered (``awaiting_room``): its
    cards are the next ones of the shuffled deck, so every set of them is equally
    likely. As :func:`_draw_free` reads them: the cards left in the pass come first (in
    pass 1 the others before the map cards, which lie at the bottom), and a room that
    needs more than are left takes all of them and the rest from the reshuffled deck
    of the next pass. Only the last group drawn from is a choice, so there are
    ``comb(cards in that group, cards still needed)`` outcomes, each a ``room`` line
    listing the cards in that order (a line may list them in any order).

    Sizes: the first room of a 7×7 map draws from the 38 cards that are not map
    cards: 38 outcomes for one cell, 8,436 for three, 73,815 for four. Most rooms
    have 1 to 4 cells (about 80 % to 90 % of them, by seeded maps), but a room can
    have dozens (66 cells on one 26×26 map measured; a room draws at most 52 cards),
    so a group of at most 52 cards gives at most comb(52, 26), about 5 × 10^14
    outcomes. They are made one by one when asked for
    (:class:`companion.chance.Outcomes`), never all stored.
    """
    if s.outcome is not None or s.awaiting_room is None:
        return []
    need = min(s.dmap.regions.cells(s.dmap.regions.zeros + s.awaiting_room), len(FULL_DECK))
    if s.pass_no == 1:
        groups = [[c for c in s.deck if c not in s.map_cards],
                  [c for c in s.deck if c in s.map_cards]]
    else:
        groups = [list(s.deck)]
    forced: list[Card] = []
    for group in groups:
        if need < len(group):
            break
        forced += group
        need -= len(group)
    else:  # the pass runs out: the rest comes from the next pass's deck
        gone = set(forced)
        group = sorted((c for c in FULL_DECK if c not in gone), key=Card.sort_key)
    head = tuple(forced)
    return chance.combinations_of(group, need, lambda cards: RoomCards(head + cards))
