"""Shuffle and Doom! rules engine, part two: the steps the actions share (drawing a
room, the entity tables, settling a state, areas, leaving a room, the checks that
name a broken rule). The actions themselves are in :mod:`.rules`."""

from __future__ import annotations

from companion.cards import Card, Suit
from companion.errors import IllegalAction
from companion.frozen import derived, evolve, keep, made
from companion.games.shuffle_and_doom.dungeon import Areas, Cell, adjacency
from companion.games.shuffle_and_doom.generation import pass_order
from companion.games.shuffle_and_doom.state import (
    FLAT_VALUE,
    FULL_DECK,
    Entity,
    Held,
    Kind,
    Room,
    RoomStatus,
    State,
    face_value,
)
from companion.rules_kit import fail

# ------------------------------------------------------------------------- helpers

def _value(s: State, card: Card) -> int:
    return face_value(card) * (1 << (s.pass_no - 1))


def _consumable(s: State, held: Held) -> int:
    return FLAT_VALUE if s.flat else held.value


def _end_pass(s: State, table: tuple[Card, ...]) -> State:
    """The pass has no card left: drink, read, bank, reshuffle all but ``table``."""
    health, intel, banked = s.health, s.intelligence, s.banked
    for h in s.inventory:
        if h.kind == "potion":
            health += _consumable(s, h)
        elif h.kind == "book":
            intel += _consumable(s, h)
        elif h.kind == "gold":
            banked += h.value
    new_pass = s.pass_no + 1
    on_table = set(table)
    if s.free:
        deck = tuple(sorted(FULL_DECK - on_table, key=Card.sort_key))
    else:
        assert s.seed is not None
        deck = tuple(c for c in pass_order(s.seed, new_pass) if c not in on_table)
    return evolve(s, health=health, intelligence=intel, banked=banked, inventory=(),
                   pass_no=new_pass, deck=deck, deck_pos=0, passes_ended=s.passes_ended + 1)


def _draw_seeded(s: State, count: int) -> tuple[State, list[tuple[Card, int]], int]:
    """Draw ``count`` cards from the seeded deck, ending passes as needed: the state
    (another one where a pass ended), the cards with their values, and the new
    ``deck_pos`` (for the caller to set)."""
    drawn: list[tuple[Card, int]] = []
    deck, pos = s.deck, s.deck_pos
    worth = 1 << (s.pass_no - 1)
    while len(drawn) < count:
        if pos >= len(deck):
            s = _end_pass(evolve(s, deck_pos=pos), tuple(c for c, _ in drawn))
            deck, pos = s.deck, 0
            worth = 1 << (s.pass_no - 1)
            if not deck:
                break  # all 52 cards lie in this room: it holds no more
        c = deck[pos]
        drawn.append((c, face_value(c) * worth))
        pos += 1
    return s, drawn, pos


def _draw_free(s: State, cards: tuple[Card, ...]) -> tuple[State, list[tuple[Card, int]]]:
    """Draw the cards a free-deal ``room`` line names, checking each against the pass.

    The line may list the room's cards in any order: where the draw crosses the end of
    pass 1's other cards (map cards lie under them) or the end of a pass, the cards
    still in the pass are drawn first, then pass 1's map cards, then the new pass's
    cards (the error reported is the first card as listed that cannot be drawn)."""
    def stage(c: Card) -> int:
        if c not in s.deck:
            return 2
        return 1 if s.pass_no == 1 and c in s.map_cards else 0

    errors: list[IllegalAction] = []
    first_seen: set[Card] = set()
    twice: set[int] = set()
    for i, c in enumerate(cards):
        if c in first_seen:
            errors.append(fail(f"{c} appears twice in this room", "deal-duplicate", i))
            twice.add(i)
        first_seen.add(c)
    drawn: list[tuple[Card, int]] = []
    for i in sorted(range(len(cards)), key=lambda k: stage(cards[k])):
        c = cards[i]
        if i in twice:
            continue
        if not s.deck:
            s = _end_pass(s, tuple(d for d, _ in drawn))
            assert s.deck, "a room holds at most 52 cards"
        if c not in s.deck:
            errors.append(fail(f"{c} was already drawn in pass {s.pass_no}: no card comes "
                               "twice in a pass", "deal-duplicate", i))
            continue
        if s.pass_no == 1 and c in s.map_cards:
            others = len([d for d in s.deck if d not in s.map_cards])
            if others:
                errors.append(fail(f"{c} is a map card: in pass 1 the map cards lie at the "
                                   f"bottom of the deck, under the {others} other cards "
                                   "not yet drawn", "deal-map-cards-last", i))
                continue
        drawn.append((c, _value(s, c)))
        s = evolve(s, deck=tuple(d for d in s.deck if d != c))
    if errors:
        raise min(errors, key=lambda e: e.arg if e.arg is not None else 0)
    return s, drawn


def _make_room(index: int, drawn: list[tuple[Card, int]]) -> Room:
    has_items = any(c.suit in (Suit.HEARTS, Suit.DIAMONDS) for c, _ in drawn)
    entities = []
    for c, v in drawn:
        kind: Kind
        if c.suit is Suit.SPADES:
            kind = "enemy"
        elif c.suit is Suit.CLUBS:
            kind = "trap" if has_items else "book"
        elif c.suit is Suit.HEARTS:
            kind = "potion"
        else:
            kind = "gold"
        entities.append(made(Entity, {"card": c, "kind": kind, "value": v}))
    return Room(index, tuple(entities))


_TABLES: dict[int, dict[Card, tuple[Entity, Entity]]] = {}
"""Pass number to each card's entity as drawn in that pass: (in a room with items, in
a room without). An entity is an immutable value, so one object serves every room."""


def _entity_table(pass_no: int) -> dict[Card, tuple[Entity, Entity]]:
    """Each card as an entity drawn in pass ``pass_no`` (see :data:`_TABLES`), made once
    per pass number (up to pass 64)."""
    table = _TABLES.get(pass_no)
    if table is None:
        worth = 1 << (pass_no - 1)
        table = {}
        for c in FULL_DECK:
            value = face_value(c) * worth
            kinds: tuple[Kind, Kind]
            if c.suit is Suit.SPADES:
                kinds = ("enemy", "enemy")
            elif c.suit is Suit.CLUBS:
                kinds = ("trap", "book")
            elif c.suit is Suit.HEARTS:
                kinds = ("potion", "potion")
            else:
                kinds = ("gold", "gold")
            table[c] = (made(Entity, {"card": c, "kind": kinds[0], "value": value}),
                        made(Entity, {"card": c, "kind": kinds[1], "value": value}))
        if pass_no <= 64:
            _TABLES[pass_no] = table
    return table


def _all_emptied(s: State) -> bool:
    """Whether every room of ``s`` is emptied (from the areas kept with it, if any)."""
    kept = s.__dict__.get("_areas")
    if kept is not None and kept[0] is s.status:
        return bool(kept[1].opened == len(kept[0]))
    return s.status.count("emptied") == len(s.status)


def _settled(s: State, d: dict[str, object]) -> State:
    """:func:`_settle` of the state whose attribute dictionary is ``d`` (a copy of
    ``s``'s with the action's changes): death, the room emptied, the dungeon cleared,
    made in ``d`` (one new state)."""
    if d["health"] < 0:  # type: ignore[operator]
        d["outcome"] = "died"
        return made(State, d)
    room: Room | None = d["room"]  # type: ignore[assignment]
    status: tuple[RoomStatus, ...] = d["status"]  # type: ignore[assignment]
    kept = d.get("_areas")
    if kept is None or kept[0] is not status:  # type: ignore[index]
        return _settle(made(State, d))
    areas: Areas = kept[1]  # type: ignore[index]
    if room is not None and not room.entities:
        index = room.index
        changed = list(status)
        changed[index] = "emptied"
        status = tuple(changed)
        areas = s.dmap.regions.open_room(areas, index)
        d["status"] = status
        d["room"] = None
        d["_areas"] = (status, areas)
    if areas.opened == len(status):
        d["outcome"] = "cleared"
    return made(State, d)


def _set_status(s: State, index: int, status: RoomStatus) -> tuple[RoomStatus, ...]:
    return s.status[:index] + (status,) + s.status[index + 1 :]


def _areas(s: State) -> Areas:
    """Which open parts of the map join which (``DungeonMap.regions``), for the rooms
    ``s.status`` says are emptied: kept with the state (``companion.frozen.derived``)
    and brought up to date as rooms are emptied, so walking needs no search of the
    map's cells."""
    kept = s.__dict__.get("_areas")
    if kept is not None and kept[0] is s.status:  # derived(), inline: asked for most
        areas: Areas = kept[1]
        return areas
    return derived(s, "_areas", s.status, lambda: s.dmap.regions.areas_for(
        i for i, st in enumerate(s.status) if st == "emptied"))


def _emptied(s: State, index: int, **changes: object) -> State:
    """Room ``index`` emptied: open floor from now on; the player is in no room (and
    the other ``changes`` made)."""
    status = _set_status(s, index, "emptied")
    return evolve(s, status=status, room=None, **changes,
                  **keep("_areas", status, s.dmap.regions.open_room(_areas(s), index)))


def _area(s: State, areas: Areas) -> tuple[set[int], Cell | None]:
    """Where the player can walk (``areas`` saying which rooms are open): the labels
    of the open regions reached, and the player's own cell when it is not open (the
    player stands in it all the same). Outside, the walk starts at a1 if it is open."""
    node = s.dmap.regions.node_of
    of = areas.label
    if s.position is None:
        label = of(node((0, 0)))
        return ({label} if label >= 0 else set()), None
    label = of(node(s.position))
    if label >= 0:
        return {label}, None
    near = {of(node(nb)) for nb in adjacency(s.size)[s.position]}
    near.discard(-1)
    return near, s.position


def _in_area(s: State, areas: Areas, area: tuple[set[int], Cell | None],
             cell: Cell) -> bool:
    """Whether the player can walk to ``cell`` (``area``: :func:`_area`)."""
    return cell == area[1] or areas.label(s.dmap.regions.node_of(cell)) in area[0]


def _settle(s: State) -> State:
    """After an action: death, an emptied room, a cleared dungeon."""
    if s.health < 0:
        return evolve(s, outcome="died")
    if s.room is not None and not s.room.entities:
        s = _emptied(s, s.room.index)
    if _all_emptied(s):
        return evolve(s, outcome="cleared")
    return s


def _collect(s: State, entities: list[Entity]) -> tuple[Held, ...]:
    return s.inventory + tuple(made(Held, {"card": e.card, "kind": e.kind, "value": e.value})
                               for e in entities)


def _leave_room(s: State, verb: str) -> State:
    """Leaving the current room: refused while enemies or armed traps remain; a resolved
    room is looted first."""
    room = s.room
    if room is None:
        return s
    if room.enemies:
        names = " ".join(str(e.card) for e in room.enemies)
        raise fail(f"cannot {verb}: enemies remain in the room ({names}); there is no "
                   "retreat while enemies remain", "no-retreat")
    if room.traps:
        names = " ".join(str(e.card) for e in room.traps)
        raise fail(f"cannot {verb}: armed traps remain ({names}); disarm them, take an "
                   "item, or retreat to a 0 cell", "armed-traps")
    return evolve(_emptied(s, room.index), inventory=_collect(s, room.items))


def _require_play(s: State) -> None:
    if s.choice is None:
        raise fail("choose the row or column stack first ('choose row' or "
                   "'choose column')", "setup-order")
    if s.bonus_owed:
        owed = "1 ♦ bonus is" if s.bonus_owed == 1 else f"{s.bonus_owed} ♦ bonuses are"
        raise fail(f"{owed} still owed: 'bonus health', "
                   "'bonus attack' or 'bonus intelligence'", "setup-order")


def _room_in_play(s: State, verb: str) -> Room:
    """The room the player is in, for ``verb``. Raises IllegalAction before the stack
    is chosen and the bonuses assigned, or outside a room."""
    if s.choice is None or s.bonus_owed:
        _require_play(s)
    room = s.room
    if room is None:
        room = _require_room(s, verb)  # raises
    return room


def _require_room(s: State, verb: str) -> Room:
    if s.room is None:
        raise fail(f"cannot {verb}: the player is not in a room", "no-room")
    return s.room


def _around(s: State, index: int) -> list[Cell]:
    """The 0 cells next to room ``index``, in reading order: those just outside its
    rectangle (every cell beside a room is a 0 cell)."""
    c0, c1, r0, r1 = s.dmap.regions.box(s.dmap.regions.zeros + index)
    n = s.size
    spots: set[Cell] = set()
    if r0 > 0:
        spots.update((c, r0 - 1) for c in range(c0, c1))
    if r1 < n:
        spots.update((c, r1) for c in range(c0, c1))
    if c0 > 0:
        spots.update((c0 - 1, r) for r in range(r0, r1))
    if c1 < n:
        spots.update((c1, r) for r in range(r0, r1))
    return sorted(spots, key=lambda c: (c[1], c[0]))


