"""Scoundrel solver, part two: the search over rooms and boundaries
(:class:`_Search`), on :class:`.solver_rooms._RoomSearch`."""

from __future__ import annotations

from companion.games.scoundrel.solver_rooms import (
    LOOK,
    MAX_HEALTH,
    Boundary,
    Child,
    Kept,
    Move,
    _cost,
    _Dungeon,
    _OutOfBudget,
    _Reached,
    _RoomSearch,
    _score_bound,
    _two_best,
)


class _Search(_RoomSearch):
    """The abstract search from one seeded boundary (see :mod:`.solver`)."""

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


