"""Scoundrel solver, part one: card codes, the dungeon's shared counts
(:class:`_Dungeon`), the bounds' helpers and the search inside one room
(:class:`_RoomSearch`). The search over rooms is in :mod:`.solver_search`; the method
is described in :mod:`.solver`."""

from __future__ import annotations

from typing import Any

from companion.games.scoundrel import rules

DEFAULT_BUDGET = 3_000_000
MAX_HEALTH = rules.MAX_HEALTH
FRESH = rules.FRESH
RESERVE = 10
LOOK = 12
"""With at least this many cards in the dungeon, the rooms faced are ranked by a look at the
room each leads to (where a wrong turn costs the most)."""
OLD = -1
"""A room shape's weapon when it is the weapon in hand (whatever its value)."""
UNCHANGED = 99
"""A room shape's kill limit when the weapon in hand slew nothing in the room (at least
any kill of the room: the limit was above them all)."""
"""A budget that runs out while aiming leaves 1/RESERVE of it to find any win."""

# ("avoid",) ("equip", code) ("drink", code) ("fight", code) ("slay", code)
Move = tuple[Any, ...]
End = tuple[int, tuple[Move, ...]]  # score (a death's less the dungeon's monsters), moves


_MOVES: dict[int, tuple[Move, ...]] = {
    **{c: (("fight", c), ("slay", c)) for c in range(2, 15)},
    **{c: (("equip", c),) for c in range(18, 27)},
    **{c: (("drink", c),) for c in range(34, 43)},
}
"""Per card code, the moves that face it (a monster: bare-handed, then with the weapon)."""


def card_code(card: Any) -> int:
    """A monster's value (2-14), 16 + a weapon's value, 32 + a potion's value."""
    v = rules.value(card)
    return v if rules.is_monster(card) else 16 + v if rules.is_weapon(card) else 32 + v


class _OutOfBudget(Exception):
    """The node budget ran out."""


class _Reached(Exception):
    """A line reached the score the search aims at."""



Boundary = tuple[tuple[int, ...], tuple[int, ...], int, int, int, bool]
Shape = tuple[int, int, int, int, int, int, tuple[Move, ...]]
"""One way of facing a room down to the card kept: (card kept, weapon, kill limit, d1,
c1, c2, moves); the health after it is min(c1, h + c2), alive only when h > d1 (the
damage before the potion that heals) and that health is above 0."""
Child = tuple[int, int, int, int, tuple[Move, ...]]  # health, weapon, kill limit, kept, moves
Final = tuple[int, int, int, int, tuple[Move, ...]]  # d1, c1, c2, last potion, moves
Kept = tuple[int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]]

_BIT_SUM: list[int] = []


def _bit_sums() -> list[int]:
    """The sum of the bits' positions of every 15-bit mask (built once)."""
    if not _BIT_SUM:
        table = [0] * (1 << 15)
        for m in range(1, 1 << 15):
            low = m & -m
            table[m] = table[m ^ low] + low.bit_length() - 1
        _BIT_SUM[:] = table
    return _BIT_SUM


class _Dungeon:
    """A dungeon met by the search (top first), numbered, with the cards it holds as
    masks: ``s1`` the monster values present, ``s2`` those present twice, ``weapons`` and
    ``potions`` the values present; ``monsters`` their sum; ``rest`` the dungeon once
    three cards are dealt (made when first asked for)."""

    __slots__ = ("cards", "ident", "s1", "s2", "weapons", "potions", "monsters", "rest",
                 "kept", "after")
    s1: int
    s2: int
    weapons: int
    potions: int
    monsters: int

    def __init__(self, cards: tuple[int, ...], ident: int, base: _Dungeon | None = None,
                 out: tuple[int, ...] = (), into: tuple[int, ...] = ()) -> None:
        """The dungeon of ``cards``; its masks from ``base``'s when given (``cards`` are
        its cards and ``into``, less ``out``)."""
        self.cards = cards
        self.ident = ident
        if base is None:
            s1 = s2 = weapons = potions = monsters = 0
            into = cards
        else:
            s1, s2, weapons, potions = base.s1, base.s2, base.weapons, base.potions
            monsters = base.monsters
        for c in into:
            if c < 16:
                monsters += c
                if s1 >> c & 1:
                    s2 |= 1 << c
                else:
                    s1 |= 1 << c
            elif c < 32:
                weapons |= 1 << (c - 16)
            else:
                potions |= 1 << (c - 32)
        for c in out:
            if c < 16:
                monsters -= c
                if s2 >> c & 1:
                    s2 ^= 1 << c
                else:
                    s1 ^= 1 << c
            elif c < 32:
                weapons ^= 1 << (c - 16)
            else:
                potions ^= 1 << (c - 32)
        self.s1, self.s2, self.weapons, self.potions = s1, s2, weapons, potions
        self.monsters = monsters
        self.rest: _Dungeon | None = None
        self.kept: dict[int, Kept] = {}
        self.after: dict[tuple[int, ...], tuple[_Dungeon, tuple[int, ...], tuple[int, ...]]] = {}


class _RoomSearch:
    """One room's ways of play, shapes and children (see :mod:`.solver`)."""

    def __init__(self, equal_kills: bool, budget: int) -> None:
        self.equal = equal_kills
        self.budget = budget
        self.nodes = 0
        self.best = -(10**9)  # the best score found (or aimed below)
        self.found = -(10**9)  # the best score of a real line found
        self.best_line: list[Move] | None = None
        self.target: int | None = None
        self.memo: dict[tuple[Any, ...], list[tuple[int, int, int, int]]] = {}
        self.path: list[Move] = []
        self.dungeons: dict[tuple[int, ...], _Dungeon] = {}
        self.shapes: dict[tuple[Any, ...], list[Shape]] = {}
        self.finals: dict[tuple[Any, ...], list[Final]] = {}
        self.children: dict[tuple[Any, ...], list[Child]] = {}
        self.exact: dict[tuple[Any, ...], tuple[list[Child], list[End]]] = {}
        self.room_expansions = 0
        self.ranks: dict[tuple[Any, ...], list[tuple[int, int, Kept]]] = {}
        self.bit_sum = _bit_sums()

    def dungeon(self, cards: tuple[int, ...]) -> _Dungeon:
        """The dungeon of ``cards`` (one object per sequence met)."""
        d = self.dungeons.get(cards)
        if d is None:
            d = self.dungeons[cards] = _Dungeon(cards, len(self.dungeons))
        return d

    def rest(self, d: _Dungeon) -> _Dungeon:
        """Dungeon ``d`` once a room is dealt from it (three cards)."""
        rest = d.rest
        if rest is None:
            cards = d.cards[3:]
            rest = self.dungeons.get(cards)
            if rest is None:
                rest = self.dungeons[cards] = _Dungeon(cards, len(self.dungeons), d,
                                                       d.cards[:3])
            d.rest = rest
        return rest

    def avoided(self, d: _Dungeon, room: tuple[int, ...]
                ) -> tuple[_Dungeon, tuple[int, ...], tuple[int, ...]]:
        """The dungeon, the room and the room sorted once ``room`` (as dealt) is avoided
        from dungeon ``d``."""
        after = d.after.get(room)
        if after is None:
            under = d.cards + room
            cards = under[4:]
            new = self.dungeons.get(cards)
            if new is None:
                new = self.dungeons[cards] = _Dungeon(cards, len(self.dungeons), d,
                                                      under[:4], room)
            after = d.after[room] = (new, under[:4], tuple(sorted(under[:4])))
        return after

    # -- one room -------------------------------------------------------------------
    def room_weapon(self, room: tuple[int, ...], w: int, last: int) -> tuple[int, int]:
        """The weapon reduced to what matters in the room: (value, kill limit) just
        enough for the strongest monster of the room it may slay, (0, 0) for none."""
        top = 0
        if w:
            limit = last + 1 if self.equal else last
            for c in room:
                if top < c < limit:
                    top = c
        if not top:
            return 0, 0
        return (w if w < top else top), (top if self.equal else top + 1)

    def room_shapes(self, room: tuple[int, ...], w: int, last: int) -> list[Shape]:
        """Every way of facing the (sorted) room down to one card whatever the health,
        the dominated ones left out (see :data:`Shape`); the weapon as
        :meth:`room_weapon` reduces it. A shape's weapon is ``OLD`` for the weapon in
        hand and its kill limit ``UNCHANGED`` when it slew nothing."""
        key = (room, w, last)
        cached = self.shapes.get(key)
        if cached is not None:
            return cached
        self.room_expansions += 1
        leaves: dict[tuple[int, ...], tuple[Move, ...]] = {}
        seen: set[tuple[Any, ...]] = set()
        equal = self.equal

        def rec(room: tuple[int, ...], wv: int, wm: int, lv: int, lm: int, drunk: bool,
                d1: int, c1: int, c2: int, moves: tuple[Move, ...]) -> None:
            # wv, lv: the weapon and kill limit that act; wm, lm: as the shape says them.
            # Facing a card leads to a leaf (one card left: the shape) or a new step.
            prev = -1
            two = len(room) == 2
            i = -1
            for c in room:  # the room is sorted: equal codes are neighbours
                i += 1
                if c == prev:
                    continue
                prev = c
                rest = room[:i] + room[i + 1:]
                if c >= 32:
                    e2 = c2 if drunk else c2 + c - 32
                    if two:
                        leaf = (rest[0], wm, lm, d1, c1, e2)
                        if leaf not in leaves:
                            leaves[leaf] = moves + _MOVES[c]
                    else:
                        step = (rest, wm, lm, True, d1, c1, e2)
                        if step not in seen:
                            seen.add(step)
                            rec(rest, wv, wm, lv, lm, True, d1, c1, e2, moves + _MOVES[c])
                    continue
                if c >= 16:
                    v = c - 16
                    if two:
                        leaf = (rest[0], v, FRESH, d1, c1, c2)
                        if leaf not in leaves:
                            leaves[leaf] = moves + _MOVES[c]
                    else:
                        step = (rest, v, FRESH, drunk, d1, c1, c2)
                        if step not in seen:
                            seen.add(step)
                            rec(rest, v, v, FRESH, FRESH, drunk, d1, c1, c2, moves + _MOVES[c])
                    continue
                fight, slay = _MOVES[c]
                if wv and (c < lv or (equal and c == lv)):
                    x = c - wv if c > wv else 0
                    if drunk:
                        e1, f1, ok = d1, c1 - x, c1 > x
                    else:
                        e1, f1, ok = d1 + x, c1, d1 + x < MAX_HEALTH
                    if ok:  # else dead whatever the health
                        if two:
                            leaf = (rest[0], wm, c, e1, f1, c2 - x)
                            if leaf not in leaves:
                                leaves[leaf] = moves + (slay,)
                        else:
                            step = (rest, wm, c, drunk, e1, f1, c2 - x)
                            if step not in seen:
                                seen.add(step)
                                rec(rest, wv, wm, c, c, drunk, e1, f1, c2 - x,
                                    moves + (slay,))
                if drunk:
                    e1, f1, ok = d1, c1 - c, c1 > c
                else:
                    e1, f1, ok = d1 + c, c1, d1 + c < MAX_HEALTH
                if ok:
                    if two:
                        leaf = (rest[0], wm, lm, e1, f1, c2 - c)
                        if leaf not in leaves:
                            leaves[leaf] = moves + (fight,)
                    else:
                        step = (rest, wm, lm, drunk, e1, f1, c2 - c)
                        if step not in seen:
                            seen.add(step)
                            rec(rest, wv, wm, lv, lm, drunk, e1, f1, c2 - c, moves + (fight,))

        rec(room, w, OLD, last, UNCHANGED, False, 0, MAX_HEALTH, 0, ())
        # one shape dominates another when it keeps a card no worse, has the same weapon
        # (or a stronger new one) and a kill limit no lower, and min(c1, h + c2) no lower
        # and alive whenever the other is, for every health
        found = sorted(leaves, key=lambda s: (-s[5], s[3], -s[4], -s[1], -s[2], -s[0]))
        keep: list[Shape] = []
        for s in found:
            k, w2, l2, d1, c1, c2 = s
            for o in keep:
                if (o[5] >= c2 and o[3] <= d1 and o[4] >= c1 and o[2] >= l2
                        and (o[1] == w2 or (o[1] > w2 >= 0))
                        and (o[0] == k or (k >= 16 and o[0] > k and o[0] >> 4 == k >> 4))):
                    break
            else:
                keep.append((k, w2, l2, d1, c1, c2, leaves[s]))
        self.shapes[key] = keep
        return keep

    def room_children(self, room: tuple[int, ...], h: int, w: int, last: int
                      ) -> list[Child]:
        """The boundaries the (sorted) room leads to from health ``h``: (health, weapon,
        kill limit, card kept, moves), none dominated by another, the most health
        first."""
        key = (room, h, w, last)
        cached = self.children.get(key)
        if cached is not None:
            return cached
        rw, rl = self.room_weapon(room, w, last)
        outs: list[Child] = []
        for k, w2, l2, d1, c1, c2, moves in self.room_shapes(room, rw, rl):
            if h > d1:
                h2 = h + c2
                if h2 > c1:
                    h2 = c1
                if h2 > 0:
                    outs.append((h2, w if w2 == OLD else w2, last if l2 == UNCHANGED else l2,
                                 k, moves))
        outs.sort(key=lambda o: (-o[0], -o[1], -o[2], -o[3]))
        result: list[Child] = []
        for o in outs:
            h2, w2, l2, k, _ = o
            for p in result:
                if (p[1] >= w2 and p[2] >= l2
                        and (p[3] == k or (k >= 16 and p[3] > k and p[3] >> 4 == k >> 4))):
                    break
            else:
                result.append(o)
        if len(self.children) >= 300_000:
            self.children.clear()
        self.children[key] = result
        return result

    def last_room(self, room: tuple[int, ...], w: int, last: int) -> list[Final]:
        """Every way to end the last room (the dungeon empty): face its cards down to one
        and stop, or face the last one too; as (d1, c1, c2, last potion, moves), the
        dominated ones left out. The score from health h: min(c1, h + c2) if h > d1 and
        that is above 0, plus the last potion at 20."""
        w, last = self.room_weapon(room, w, last)
        key = (room, w, last)
        cached = self.finals.get(key)
        if cached is not None:
            return cached
        self.room_expansions += 1
        found: dict[tuple[int, ...], tuple[Move, ...]] = {}
        seen: set[tuple[Any, ...]] = set()
        equal = self.equal

        def rec(room: tuple[int, ...], w: int, last: int, drunk: bool, d1: int, c1: int,
                c2: int, pot: int, moves: tuple[Move, ...]) -> None:
            if len(room) <= 1:
                end = (d1, c1, c2, pot)
                if end not in found:
                    found[end] = moves
            prev = -1
            for i, c in enumerate(room):
                if c == prev:
                    continue
                prev = c
                rest = room[:i] + room[i + 1:]
                nexts: list[tuple[Any, ...]] = []
                if c >= 32:
                    nexts.append((w, last, True, d1, c1, c2 if drunk else c2 + c - 32,
                                  c - 32, ("drink", c)))
                elif c >= 16:
                    nexts.append((c - 16, FRESH, drunk, d1, c1, c2, 0, ("equip", c)))
                else:
                    damages = [(c, last, "fight")]
                    if w and (c < last or (equal and c == last)):
                        damages.append((c - w if c > w else 0, c, "slay"))
                    for x, l2, verb in damages:
                        if drunk:
                            if c1 - x > 0:
                                nexts.append((w, l2, drunk, d1, c1 - x, c2 - x, 0, (verb, c)))
                        elif d1 + x < MAX_HEALTH:
                            nexts.append((w, l2, drunk, d1 + x, c1, c2 - x, 0, (verb, c)))
                for w2, l2, drunk2, e1, f1, f2, pot2, move in nexts:
                    step = (rest, w2, l2, drunk2, e1, f1, f2, pot2)
                    if step not in seen:
                        seen.add(step)
                        rec(rest, w2, l2, drunk2, e1, f1, f2, pot2, moves + (move,))

        rec(room, w, last, False, 0, MAX_HEALTH, 0, 0, ())
        ends = sorted(found, key=lambda f: (-f[2], f[0], -f[1], -f[3]))
        keep: list[Final] = []
        for f in ends:
            if not any(o[0] <= f[0] and o[1] >= f[1] and o[2] >= f[2] and o[3] >= f[3]
                       for o in keep):
                keep.append((f[0], f[1], f[2], f[3], found[f]))
        self.finals[key] = keep
        return keep

    def expand(self, room: tuple[int, ...], h: int, w: int, last: int, final: bool
               ) -> tuple[list[Child], list[End]]:
        """The outcomes of facing the room down to one card, deaths included (the search
        for the least bad loss): ``(children, ends)``.

        ``children`` as :meth:`room_children`; ``ends``: lines that end in the room
        (deaths, whose score still lacks the dungeon's monsters, and every ending of the
        last room) as (score, moves).
        """
        key = (room, h, w, last, final)
        cached = self.exact.get(key)
        if cached is not None:
            return cached
        self.room_expansions += 1
        kept: list[Child] = []
        ends: list[End] = []
        seen: set[tuple[Any, ...]] = set()
        equal = self.equal

        def rec(room: tuple[int, ...], h: int, w: int, last: int, drunk: bool,
                lastpot: int, moves: tuple[Move, ...]) -> None:
            key = (room, h, w, last, drunk, lastpot if final else 0)
            if key in seen:
                return
            seen.add(key)
            if len(room) <= 1:
                if final:
                    self._last_card(room, h, w, last, drunk, lastpot, moves, ends)
                else:
                    kept.append((h, w, last, room[0], moves))
                return
            prev = -1
            for i, c in enumerate(room):  # the room is sorted: equal codes are neighbours
                if c == prev:
                    continue
                prev = c
                rest = room[:i] + room[i + 1:]
                if c >= 32:
                    v = c - 32
                    h2 = h if drunk else min(MAX_HEALTH, h + v)
                    rec(rest, h2, w, last, True, v, moves + (("drink", c),))
                elif c >= 16:
                    rec(rest, h, c - 16, FRESH, drunk, 0, moves + (("equip", c),))
                else:
                    if w and (c < last or (equal and c == last)):
                        h2 = h - max(0, c - w)
                        if h2 <= 0:
                            ends.append((h2 - _monsters(rest), moves + (("slay", c),)))
                        else:
                            rec(rest, h2, w, c, drunk, 0, moves + (("slay", c),))
                    h2 = h - c
                    if h2 <= 0:
                        ends.append((h2 - _monsters(rest), moves + (("fight", c),)))
                    else:
                        rec(rest, h2, w, last, drunk, 0, moves + (("fight", c),))

        rec(room, h, w, last, False, 0, ())
        result = (_undominated(kept), ends)
        if len(self.exact) >= 300_000:
            self.exact.clear()
        self.exact[key] = result
        return result

    def _last_card(self, room: tuple[int, ...], h: int, w: int, last: int, drunk: bool,
                   lastpot: int, moves: tuple[Move, ...], ends: list[End]) -> None:
        """Through the dungeon: stop, or face the last card (every way)."""
        ends.append((h + (lastpot if h == MAX_HEALTH else 0), moves))
        if not room:
            return
        c = room[0]
        if c >= 32:
            v = c - 32
            h2 = h if drunk else min(MAX_HEALTH, h + v)
            ends.append((h2 + (v if h2 == MAX_HEALTH else 0), moves + (("drink", c),)))
        elif c >= 16:
            ends.append((h, moves + (("equip", c),)))
        else:
            if w and (c < last or (self.equal and c == last)):
                ends.append((h - max(0, c - w), moves + (("slay", c),)))
            ends.append((h - c, moves + (("fight", c),)))



def _two_best(weapons: int) -> tuple[int, int]:
    """The two strongest weapons of a mask of weapon values (0 for none)."""
    f1 = weapons.bit_length() - 1
    if f1 < 0:
        return 0, 0
    f2 = (weapons ^ (1 << f1)).bit_length() - 1
    return f1, (f2 if f2 > 0 else 0)


_ABOVE = [~((1 << (x + 1)) - 1) & 0x7FFF for x in range(16)]
"""The monster values (bits) above each weapon value."""


def _cost(s1: int, s2: int, f1: int, f2: int, w: int, last: int, equal: bool
          ) -> tuple[int, int]:
    """The least damage the monsters of masks ``s1`` (values present) and ``s2`` (present
    twice) must do, and the share of the costliest one (it may stay unfaced), with the
    weapon in hand (``w``, kill limit ``last``) and the two strongest weapons left
    (``f1`` >= ``f2``): each monster's value above the weapon that slays it, one weapon
    slaying at most one monster of each value (two with equal-kills): the first of a
    value the strongest weapon, the second the next; below the kill limit the weapon
    in hand is one of them."""
    bit_sum = _BIT_SUM
    if equal:
        f2 = f1
    damage = worst = 0
    if w > f2 and last:
        low = (1 << (last + 1 if equal else last)) - 1
        if w >= f1:
            a, b = w, f1
        else:
            a, b = f1, w
        if equal:
            b = a
        m1 = s1 & low
        m2 = s2 & low
        o = m1 & _ABOVE[a]
        damage = bit_sum[o] - a * o.bit_count()
        o = m2 & _ABOVE[b]
        damage += bit_sum[o] - b * o.bit_count()
        if m2:
            worst = m2.bit_length() - 1 - b
        o = m1 & ~m2
        if o:
            x = o.bit_length() - 1 - a
            if x > worst:
                worst = x
        s1 &= ~low
        s2 &= ~low
    o = s1 & _ABOVE[f1]
    damage += bit_sum[o] - f1 * o.bit_count()
    o = s2 & _ABOVE[f2]
    damage += bit_sum[o] - f2 * o.bit_count()
    if s2:
        x = s2.bit_length() - 1 - f2
        if x > worst:
            worst = x
    o = s1 & ~s2
    if o:
        x = o.bit_length() - 1 - f1
        if x > worst:
            worst = x
    return damage, (worst if worst > 0 else 0)


def _score_bound(h: int, parts: tuple[int, int, int]) -> int:
    """The best score conceivable from health ``h`` with the :meth:`_Search.parts` of
    the cards left."""
    gain, top, loss = parts
    final = h + gain
    if final > 0:
        return final if final < MAX_HEALTH else MAX_HEALTH + top
    return loss + h if loss + h < 0 else 0


def _monsters(cards: tuple[int, ...]) -> int:
    return sum(c for c in cards if c < 16)


def _better_kept(a: int, b: int) -> bool:
    """Whether keeping card ``a`` for the next room is never worse than keeping ``b``
    (both potions or both weapons, ``a`` at least as large)."""
    return a == b or (a >= 16 and b >= 16 and a >> 4 == b >> 4 and a > b)


def _undominated(outs: list[Child]) -> list[Child]:
    """The room's outcomes that no other beats on the card kept, health, weapon and kill
    limit at once (the first of equal ones), the most health first."""
    outs.sort(key=lambda o: (-o[0], -o[1], -o[2], -o[3]))
    keep: list[Child] = []
    for o in outs:
        if not any(k[0] >= o[0] and k[1] >= o[1] and k[2] >= o[2] and _better_kept(k[3], o[3])
                   for k in keep):
            keep.append(o)
    return keep


