"""Exact solver for seeded Scoundrel deals (perfect information).

With the whole dungeon known, the solver finds the best score over every line of play:
a win with the most health (and the last potion's bonus), or, when no line wins, the
least bad loss. The search runs on an abstract state; the line it finds is replayed
through :func:`rules.apply`, the single source of truth for legality, and must end
with the score the search predicted.

Abstract state (at a room boundary: a room just dealt, none of it faced)
    * the dungeon and the room as sequences of card codes (monster: its value 2-14;
      weapon: 16 + value; potion: 32 + value). The two monsters of one value (♣ and ♠)
      are interchangeable, so they share a code, and positions that differ only by
      which of them lies where are one state. The room is kept in deal order while it
      may still be avoided (the order it goes under the dungeon), else sorted. Each
      dungeon met is numbered once (:class:`_Dungeon`), with the cards it holds as bit
      masks (monster values present, present twice, weapon and potion values) and the
      dungeons a deal or an avoid lead to;
    * health; the weapon as its value (0: none) and the value its next kill must stay
      below (15 for a fresh weapon, 0 with none), both reduced to what matters against
      the monsters left (a weapon stronger than every monster it may still slay saves
      no more; one that may slay none is no weapon);
    * whether the room may be avoided (not dealt by an avoid, dungeon not empty).

Rooms
    A room is expanded once per weapon, whatever the health, into *shapes*: every order
    of facing all its cards but one, each monster bare-handed or (where allowed) with
    the weapon, the potion rule (only the first potion of a room heals) tracked inside
    the room. A shape says how the health ends as a function of the health h before:
    min(c1, h + c2), alive only if h > d1 (the damage before the potion that heals) and
    that is above 0; so it also keeps the card kept, the weapon and its kill limit. The
    weapon is first reduced to what matters in the room, the shape naming the weapon in
    hand and an unchanged kill limit by markers read back later, so rooms share shapes
    across weapons. Read for one health, the shapes give the room's outcomes. The last
    room (the dungeon empty) ends every line: once one card is left the game is won,
    and the best of stopping and facing that last card is taken (its shapes also keep
    the last potion faced). The search for the least bad loss, where deaths count
    (health minus the monsters not yet faced), expands rooms for one health instead.

Dominance (sound: every line open to the weaker position is open to the stronger,
ending no worse)
    * more health, a stronger weapon or a higher kill limit never hurts;
    * among outcomes of one room, a larger potion or a stronger weapon kept for the
      next room is better than a smaller one, all else no worse;
    * a shape whose c1 and c2 are no lower and d1 no higher leaves more health for
      every health, and is alive whenever the other is.
    Shapes and outcomes of a room that another dominates are dropped, and a boundary
    dominated by one already searched (same dungeon, room and avoid right) is skipped
    when the upper bound remembered for it cannot beat the score sought.

Search
    Depth-first branch and bound over boundaries. Every boundary searched to the end
    is remembered with an upper bound of its best score (its "fail-soft" value: the
    best of its lines found and of the bounds of the branches it dropped); a boundary
    that one remembered dominates (same dungeon, room and avoid right, no more health,
    weapon or kill limit) is skipped when that bound cannot beat the score sought. The
    bounds stay true whatever the score sought, so they are kept from one search to the
    next. A boundary is dropped when even its best conceivable ending cannot beat the
    score sought:

    * a win ends with at most the health plus every potion left, less the least damage
      the monsters left must do, and at most 20; only at 20 does the largest potion
      left add its bonus. The least damage: each monster's value above the weapon that
      slays it, where one weapon slays at most one monster of each value (its kills go
      strictly down; with ``equal-kills`` two), the weapon in hand only below its kill
      limit, the others fresh, and one monster (the costliest) may stay unfaced. It is
      counted from the masks with a table of bit sums (:func:`_cost`);
    * when that cannot keep the health above 0, no line wins, and a loss scores at most
      the health minus the monsters left plus every potion and what those weapons
      could save on each monster (and at most 0).

    The most promising branch first: the rooms faced by their bound before the cap at
    20 (with 12 or more cards in the dungeon, by the best such bound of the room each
    leads to), the avoid by the best bound of the room it leads to (which may not be
    avoided): most best lines avoid every other room, so the avoid is no longer tried
    last.

    The search aims at a score and stops at the first line that reaches it (MTD, as
    in game-tree search): first the best conceivable score of the deal (20 plus its
    largest potion, usually); once that is missed, halfway between the best line found
    (every last room reached records one, even below the aim) and the score the search
    proved out of reach (the root's upper bound), until they meet: the best line found
    is then the best. When the upper bound falls to 0, no line wins, and a branch and
    bound looks for the least bad loss.

A budget counts search nodes (boundaries entered); when it runs out the answer is
``unknown``; a tenth of the budget is kept to look for any winning line then (the deal
is then winnable, only the best score is unproven).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Game, SolveReport
from companion.games.scoundrel import rules
from companion.simulate import PlayedGame

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


@dataclass
class Solution:
    """The solver's answer from a state: ``status`` won/lost/unknown, ``score`` (the best
    score found: a win's, or the least bad loss's), ``actions`` (the line: rules
    actions from the state), ``states`` (every state along it) and statistics
    (``proven``: whether the score is proven best)."""

    status: str
    score: int | None
    actions: list[rules.Action]
    states: list[rules.State]
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def final(self) -> rules.State:
        """The state the line ends in."""
        return self.states[-1]


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


class _Search:
    """The abstract search from one seeded boundary (see the module docstring)."""

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

    # -- boundaries ---------------------------------------------------------------
    def parts(self, s1: int, s2: int, weapons: int, potions: int, w: int, last: int
              ) -> tuple[int, int, int]:
        """What the bound of a boundary adds to its health, from the cards left (as the
        masks of :class:`_Dungeon`) and the weapon: (every potion less the least damage
        the monsters must do, the largest potion, the best conceivable loss less the
        health)."""
        f1, f2 = _two_best(weapons)
        damage, worst = _cost(s1, s2, f1, f2, w, last, self.equal)
        potion_sum = self.bit_sum[potions]
        top = potions.bit_length() - 1
        return potion_sum - damage + worst, (top if top > 0 else 0), potion_sum - damage

    def kept(self, d: _Dungeon, c: int) -> Kept:
        """The boundary a room of dungeon ``d`` leads to when it keeps card ``c``: its
        cards (monster values present, present twice, the two strongest weapons, the
        potions' sum, the largest potion) and its room (as dealt, sorted); remembered
        with ``d``."""
        s1, s2, weapons, potions = d.s1, d.s2, d.weapons, d.potions
        if c < 16:
            if s1 >> c & 1:
                s2 |= 1 << c
            else:
                s1 |= 1 << c
        elif c < 32:
            weapons |= 1 << (c - 16)
        else:
            potions |= 1 << (c - 32)
        f1, f2 = _two_best(weapons)
        top = potions.bit_length() - 1
        room = (c,) + d.cards[:3]
        info = d.kept[c] = (s1, s2, f1, f2, self.bit_sum[potions], top if top > 0 else 0,
                            room, tuple(sorted(room)))
        return info

    def bound(self, dungeon: tuple[int, ...], room: tuple[int, ...], h: int, w: int,
              last: int) -> int:
        """The best score any line from this boundary could conceivably reach."""
        d = _Dungeon(dungeon + room, -1)
        return _score_bound(h, self.parts(d.s1, d.s2, d.weapons, d.potions, w, last))

    def search(self, d: _Dungeon, room: tuple[int, ...], sroom: tuple[int, ...], h: int,
               w: int, last: int, may_avoid: bool, s1: int, bound: int, slack: int
               ) -> int:
        """Search every line from this boundary that could beat ``self.best``; return an
        upper bound of the best score from it (its value when a line beats
        ``self.best``). ``sroom``: the room sorted; ``s1``: the monster values left
        (dungeon and room, a mask); ``bound``: the boundary's bound.

        Raises _OutOfBudget when the node budget runs out and _Reached when a line
        reaches ``self.target``."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if w:  # the weapon reduced to what matters against the monsters left
            slayable = s1 & ((1 << (last + 1 if self.equal else last)) - 1)
            if slayable:
                top = slayable.bit_length() - 1
                if w > top:
                    w = top
                last = top if self.equal else top + 1
            else:
                w = last = 0
        key = (d.ident, room) if may_avoid else (d.ident, sroom, False)
        best = self.best
        marks = self.memo.get(key)
        if marks is not None:
            for mh, mw, ml, mu in marks:
                if mu <= best and mh >= h and mw >= w and ml >= last:
                    return mu
        cards = d.cards
        if best < 0:  # the least bad loss: deaths count
            children, ends = self.expand(sroom, h, w, last, not cards)
            value = -(10**9)
            for score, moves in ends:
                if score <= 0:
                    score -= d.monsters
                if score > value:
                    value = score
                if score > self.best:
                    self._line(score, moves)
        elif not cards:  # the last room: its best ending
            value, line = 0, None
            for d1, c1, c2, pot, moves in self.last_room(sroom, w, last):
                if h > d1:
                    score = h + c2
                    if score >= c1:
                        score = c1 + pot if c1 == MAX_HEALTH else c1
                    if score > value:
                        value, line = score, moves
            if line is not None and value > self.found:  # the best line yet, even below
                self._line(value, line)                   # the score aimed at
            children = []
        else:  # a win is sought: a death is worth 0 at most
            value = 0
            children = self.room_children(sroom, h, w, last)
        ranked: list[tuple[int, int, int, int, Kept | None]] = []
        if children:
            scored = (self.scored(d, sroom, h, w, last) if best >= 0
                      else self.score_children(d, children))
            deep = len(cards) >= LOOK
            for i, (final, b, info) in enumerate(scored):
                if b <= self.best:
                    if b > value:
                        value = b
                    continue
                if deep:
                    h2, w2, last2, c, _ = children[i]
                    w2, last2 = self.reduced(info[0], w2, last2)
                    look = self.look(self.rest(d), info[7], h2, w2, last2)
                    ranked.append((-look, i, b, final, info))
                else:
                    ranked.append((-final, i, b, final, info))
        if may_avoid and cards:
            if bound <= self.best:
                if bound > value:
                    value = bound
            elif ranked:
                # the avoid ranks as the best of the rooms it leads to: its own bound is
                # the boundary's, above every room faced
                ranked.append((-self.avoid_slack(d, room, h, w, last), -1, bound, slack, None))
            else:
                ranked.append((0, -1, bound, slack, None))
        # the most promising first: the highest bound before the cap at 20 (the health,
        # then the weapon break ties: the children come in that order)
        ranked.sort()
        path = self.path
        for _, i, b, final, nxt in ranked:
            if b <= self.best:
                if b > value:
                    value = b
                continue
            if i < 0:
                after = self.avoided(d, room)
                path.append(("avoid",))
                u = self.search(after[0], after[1], after[2], h, w, last, False, s1, bound,
                                slack)
                path.pop()
            else:
                rest = self.rest(d)
                assert nxt is not None
                h2, w2, last2, c, moves = children[i]
                mark = len(path)
                path.extend(moves)
                u = self.search(rest, nxt[6], nxt[7], h2, w2, last2, True, nxt[0], b, final)
                del path[mark:]
            if u > value:
                value = u
        # searched to the end: nothing from here beats ``value`` (an upper bound)
        marks = self.memo.get(key)
        if marks is None:
            self.memo[key] = [(h, w, last, value)]
        else:
            marks[:] = [m for m in marks
                        if not (h >= m[0] and w >= m[1] and last >= m[2] and value <= m[3])]
            marks.append((h, w, last, value))
        return value

    def avoid_slack(self, d: _Dungeon, room: tuple[int, ...], h: int, w: int, last: int
                    ) -> int:
        """How promising avoiding ``room`` is: the highest bound before the cap at 20 of
        the boundaries the next room (which may not be avoided) leads to."""
        d2, _, sroom = self.avoided(d, room)
        return self.look(d2, sroom, h, w, last)

    def reduced(self, s1: int, w: int, last: int) -> tuple[int, int]:
        """The weapon reduced to what matters against the monster values ``s1`` left:
        the kill limit just above the strongest monster it may still slay (0 and no
        weapon when none), the value at most that monster's."""
        if w:
            slayable = s1 & ((1 << (last + 1 if self.equal else last)) - 1)
            if slayable:
                top = slayable.bit_length() - 1
                return (w if w < top else top), (top if self.equal else top + 1)
        return 0, 0

    def score_children(self, d: _Dungeon, children: list[Child]
                       ) -> list[tuple[int, int, Kept]]:
        """Each boundary a room of dungeon ``d`` leads to with its bound: (the bound
        before the cap at 20, the bound, the cards of the boundary as :meth:`kept`)."""
        out = []
        known = d.kept
        equal = self.equal
        for h2, w2, last2, c, _ in children:
            # the next boundary holds the dungeon's cards and the one kept
            info = known.get(c)
            if info is None:
                info = self.kept(d, c)
            damage, worst = _cost(info[0], info[1], info[2], info[3], w2, last2, equal)
            final = h2 + info[4] - damage + worst
            if final > 0:
                b = final if final < MAX_HEALTH else MAX_HEALTH + info[5]
            else:
                b = h2 + info[4] - damage
                if b > 0:
                    b = 0
            out.append((final, b, info))
        return out

    def scored(self, d: _Dungeon, sroom: tuple[int, ...], h: int, w: int, last: int
               ) -> list[tuple[int, int, Kept]]:
        """:meth:`score_children` of the room's :meth:`room_children`, remembered."""
        key = (d.ident, sroom, h, w, last)
        got = self.ranks.get(key)
        if got is None:
            got = self.score_children(d, self.room_children(sroom, h, w, last))
            if len(self.ranks) >= 300_000:
                self.ranks.clear()
            self.ranks[key] = got
        return got

    def look(self, d: _Dungeon, sroom: tuple[int, ...], h: int, w: int, last: int) -> int:
        """The highest bound before the cap at 20 of the boundaries the room ``sroom``
        of dungeon ``d`` leads to when faced (its best score when it is the last)."""
        best = -1000
        if not d.cards:  # the last room: its best score
            for d1, c1, c2, pot, _ in self.last_room(sroom, w, last):
                if h > d1:
                    score = min(h + c2, c1)
                    score += pot if score == MAX_HEALTH else 0
                    best = max(best, score)
            return best
        for final, _, _ in self.scored(d, sroom, h, w, last):
            if final > best:
                best = final
        return best

    def _line(self, score: int, moves: tuple[Move, ...]) -> None:
        """A line of ``score`` ends with ``moves`` from the boundary searched: the best so
        far. Raises _Reached when it reaches the target."""
        self.found = score
        if score > self.best:
            self.best = score
        self.best_line = self.path + list(moves)
        if self.target is not None and score >= self.target:
            raise _Reached

    def run(self, root: Boundary, best: int, target: int | None) -> tuple[str, int]:
        """Search from ``root`` for lines above ``best`` (stopping at one that reaches
        ``target``): ``done`` (searched to the end) with an upper bound of the root's
        best score, ``reached`` or ``budget``."""
        self.best, self.target = max(best, self.found), target
        self.path = []
        dungeon, room, h, w, last, may_avoid = root
        try:
            b = self.bound(dungeon, room, h, w, last)
            if b <= self.best:
                return "done", b
            cards = _Dungeon(dungeon + room, -1)
            gain = self.parts(cards.s1, cards.s2, cards.weapons, cards.potions, w, last)[0]
            return "done", self.search(self.dungeon(dungeon), room, tuple(sorted(room)), h,
                                       w, last, may_avoid, cards.s1, b, h + gain)
        except _OutOfBudget:
            return "budget", 0
        except _Reached:
            return "reached", self.found


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


def _action(state: rules.State, move: Move) -> rules.Action:
    """The rules action of ``move`` in ``state`` (the first room card of its code)."""
    if move[0] == "avoid":
        return rules.Avoid()
    card = next(c for c in state.room if card_code(c) == move[1])
    verb = move[0]
    if verb == "equip":
        return rules.Equip(card)
    if verb == "drink":
        return rules.Drink(card)
    return rules.Fight(card) if verb == "fight" else rules.Slay(card)


def boundary(state: rules.State) -> Boundary:
    """The abstract state of a seeded room just dealt."""
    w = rules.value(state.weapon) if state.weapon is not None else 0
    return (tuple(card_code(c) for c in state.dungeon),
            tuple(card_code(c) for c in state.room), state.health, w, state.last_kill,
            rules.can_avoid(state))


def _phases(search: _Search, root: Boundary, limit: int) -> tuple[bool, dict[str, Any]]:
    """Run the phases of the module docstring; whether the best score is proven, and
    what each phase did."""
    log: dict[str, Any] = {}
    ceiling = search.bound(*root[:5])  # no line scores more
    search.budget = limit - limit // RESERVE
    aims: list[int] = []
    status = "done"
    while ceiling > max(search.found, 0):
        # the best conceivable score first; once missed, halfway between the best line
        # found and the score proven out of reach
        target = ceiling if not aims else (max(search.found, 0) + ceiling + 1) // 2
        aims.append(target)
        status, upper = search.run(root, target - 1, target)
        if status == "budget":
            break
        if status == "done":
            ceiling = upper  # no line reaches the target
    log["aim_nodes"] = search.nodes
    log["ceiling"] = ceiling
    log["aims"] = aims
    search.budget = limit
    if status != "budget" and ceiling > 0:
        return True, log
    if status == "budget":  # out of budget: any win
        if search.found <= 0:
            search.run(root, 0, 1)
        return False, log
    log["no_win"] = True
    status, _ = search.run(root, -(10**9), None)
    return status == "done", log


def solve_state(state: rules.State, budget: int | None = None) -> Solution:
    """Solve a seeded state exactly: a room just dealt, none of it faced (the start of
    a seeded game, or any boundary the rules reach).

    Returns the verdict, the best score and the best line as rules actions. Raises
    ValueError for a free-deal state (the dungeon must be known) or one in the middle
    of a room, and RuntimeError if the line found does not replay through the rules
    engine as the search predicted (a bug)."""
    if state.free:
        raise ValueError("the solver needs a seeded deal: the whole dungeon must be known")
    started = time.perf_counter()
    limit = DEFAULT_BUDGET if budget is None else budget
    stats: dict[str, Any] = {"budget": limit}
    if state.outcome is not None or state.through:
        stats.update(nodes=0, seconds=0.0, memo=0, proven=True)
        return Solution(state.result_outcome(), state.score(), [], [state], stats)
    if state.faced:
        raise ValueError("the solver starts at a room just dealt, before facing any of it")
    search = _Search(state.equal_kills, limit)
    proven, phases = _phases(search, boundary(state), limit)
    actions: list[rules.Action] = []
    states = [state]
    s = state
    for move in search.best_line or []:
        action = _action(s, move)
        s = rules.apply(s, action)
        actions.append(action)
        states.append(s)
    score = s.score() if search.best_line is not None else None
    if search.best_line is not None and (score != search.found
                                         or s.result_outcome() == "unfinished"):
        raise RuntimeError(f"solver line replays as {s.result_outcome()} {score}, "
                           f"expected {search.found}")
    if s.result_outcome() == "won":
        status = "won" if proven else "unknown"
    else:
        status = "lost" if phases.get("no_win") else "unknown"
    stats.update(nodes=search.nodes, seconds=round(time.perf_counter() - started, 4),
                 memo=len(search.memo), rooms=search.room_expansions, proven=proven,
                 **phases)
    return Solution(status, score, actions, states, stats)


def solve(game: Game, seed: str, variants: tuple[str, ...],
          budget: int | None = None) -> SolveReport:
    """Solve the seeded deal of ``seed`` (normalised) with ``variants`` (checked names)
    and write the best line as a log (tags Game, Seed, Variant, Claim).

    Raises RuntimeError if the line found does not replay as predicted (a bug)."""
    state = rules.new_state(seed, frozenset(variants))
    solution = solve_state(state, budget)
    tags = {"Game": game.name, "Seed": seed}
    if variants:
        tags["Variant"] = ", ".join(variants)
    if solution.score is not None:
        tags["Claim"] = str(solution.score)
    played = PlayedGame(game, tags, solution.actions, solution.states)
    return SolveReport(game=game.name, seed=seed, variants=tuple(variants),
                       status=solution.status, score=solution.score,
                       log=played.log_text() if solution.actions else None,
                       stats=solution.stats)
