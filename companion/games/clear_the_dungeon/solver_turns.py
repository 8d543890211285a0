"""Clear the Dungeon solver, part two: the depth-first search over turns
(:class:`_Search`), on the tables and pruning of :class:`.solver_core._SearchCore`."""

from __future__ import annotations

from typing import Any

from companion.games.clear_the_dungeon import rules
from companion.games.clear_the_dungeon.solver_core import (
    _JOKER,
    _POPCOUNT,
    Move,
    _orders,
    _OutOfBudget,
    _Recipe,
    _recipe_moves,
    _SearchCore,
    card_code,
)


class _Search(_SearchCore):
    """The abstract search from one seeded state (see :mod:`.solver`)."""

    # -- the search ---------------------------------------------------------------------
    def start(self, state: rules.State) -> tuple[tuple[int, ...], tuple[int, ...], Any]:
        """The abstract hand, columns and damage pile of ``state``."""
        cols = []
        for k in range(4):
            pile = state.piles[k]
            c = 0
            if pile:
                c = len(pile) << 4
                if len(pile) == 1:
                    power = self.mons[k][0][0]
                    c |= min(rules.value_of(pile[0]), power - 1)
            cols.append(c)
        start = tuple(cols)
        hand = tuple(sorted(card_code(c) for c in state.hand))
        dmg: Any = (tuple(card_code(c) for c in state.damage) if self.reserve
                    else len(state.damage))
        return hand, start, dmg

    def run(self, state: rules.State) -> None:
        """Search from ``state`` (hand possibly not empty). Raises _OutOfBudget."""
        hand, start, dmg = self.start(state)
        self._progress(start, ())
        if not hand:
            self._descend(0, {(start, dmg): ()})
            return
        succ: dict[Any, Any] = {}
        self.keep = len(hand)
        win = self._turn(0, hand, start, dmg, (), succ)
        if win is not None:
            self._won(0, win)
            return
        self._descend(0, succ)

    def _descend(self, pos: int, succ: dict[Any, Any]) -> None:
        """Search the boundary states a turn reached, most promising first."""
        items = []
        done = set()
        need_of = self.need
        for (cols, dmg), recipe in succ.items():
            canon = self._canon(pos, cols, dmg) if self.reserve else cols
            if canon is None:
                continue
            skeleton = (pos, tuple(c & ~15 for c in canon), dmg)
            values = 0
            need = 0
            for k, c in enumerate(canon):
                values |= (c & 15) << (5 * k)
                need += need_of[k][c]
            if (skeleton, values) in done or self._known_failed(skeleton, values):
                continue
            done.add((skeleton, values))
            items.append(((need, len(dmg) if self.reserve else dmg,
                           -sum(c & 15 for c in canon), canon, dmg),
                          cols, recipe, skeleton, values))
        items.sort()
        for order, cols, recipe, skeleton, values in items:
            if pos > self.maxpos:
                break
            if self._known_failed(skeleton, values):
                continue
            if self.defeated(cols) > self.best_defeated:
                self.path.append(recipe)
                self._progress(cols, ())
                self.path.pop()
            self.path.append(recipe)
            self._boundary(pos, cols, order[3], order[4], skeleton, values)
            self.path.pop()

    def _boundary(self, pos: int, cols: tuple[int, ...], canon: tuple[int, ...],
                  dmg: Any, skeleton: Any, values: int) -> None:
        """Search from a turn boundary (hand empty, before a draw): ``cols`` the real
        columns, ``canon`` their canonical form, not known to fail."""
        self.boundaries += 1
        if self._hopeless(pos, canon, dmg):
            self._fail(skeleton, values)
            return
        need = 0
        for k, c in enumerate(cols):
            need += self.need[k][c]
        if self.reserve and dmg and need <= len(dmg):
            win = self._turn_moves((), cols, dmg, (), None, set())
            if win is not None:
                self._won(pos, win)
                self._fail(skeleton, values)
                return
        npos = min(pos + rules.HAND_SIZE, self.n)
        if npos == pos or npos > self.maxpos:
            self._fail(skeleton, values)
            return
        hand = tuple(sorted(self.deck[pos:npos]))
        if npos == self.n or min(npos + rules.HAND_SIZE, self.n) > self.maxpos:
            # the last turn allowed: only a win in it counts
            if need <= len(hand) + (len(dmg) if self.reserve else 0):
                win = self._turn_moves(hand, cols, dmg if self.reserve else (),
                                       (("draw",),), None, set())
                if win is not None:
                    self._won(npos, win)
            self._fail(skeleton, values)
            return
        succ: dict[Any, Any] = {}
        self.keep = len(hand) + self.maxpos - npos - need
        win = self._turn(npos, hand, cols, dmg, (("draw",),), succ)
        if win is not None:
            self._won(npos, win)
        else:
            self._descend(npos, succ)
        self._fail(skeleton, values)

    def _turn(self, npos: int, hand: tuple[int, ...], cols: tuple[int, ...], dmg: Any,
              moves: tuple[Move, ...], succ: dict[Any, Any]) -> tuple[Move, ...] | None:
        """The turn that draws ``hand`` (ending at draw position ``npos``): the moves of
        a win, or None after adding the reachable boundary states to ``succ``."""
        if self.reserve and _JOKER in hand and _JOKER in dmg:
            # "play JK" names the hand's joker: search move by move, as the notation can say
            return self._turn_moves(hand, cols, dmg, moves, succ, set())
        return self._turn_columns(npos, hand, cols, dmg, moves, succ)

    def _column_ways(self, ext: tuple[int, ...], h: int, k: int, c: int,
                     npos: int | None) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every way column ``k`` (state ``c``) can take some of ``ext`` (the hand, then
        with reserve the damage cards popped, top first, from index ``h``; popped cards
        in pop order): (mask of ``ext`` used, new column state, indices in play order).
        With ``npos`` (a turn without reserve, ending at draw position ``npos``: ``ext``
        is its hand) the new states are in canonical form (:meth:`_canon_column`) and
        those that can never be completed are left out; without it they are raw.
        Memoised per turn (its hand, or its position), column and state."""
        key = (ext, h, k, c) if npos is None else (npos, k, c)
        known = self.column_memo.get(key)
        if known is not None:
            return known
        play = self.play[k]
        ways: list[tuple[int, int, tuple[int, ...]]] = [(0, c, ())]
        reached = {(0, c)}

        def extend(mask: int, cc: int, seq: tuple[int, ...], last: int) -> None:
            for i, x in enumerate(ext):
                if mask >> i & 1 or (i >= h and i < last):
                    continue
                nc = play.get(cc << 7 | x)
                if nc is None:
                    continue
                m2 = mask | 1 << i
                if (m2, nc) in reached:
                    continue  # every way on from there is listed already
                reached.add((m2, nc))
                s2 = seq + (i,)
                ways.append((m2, nc, s2))
                extend(m2, nc, s2, i if i >= h else last)

        extend(0, c, (), h)
        if npos is not None:
            future = self.vmask[npos]
            raw = ways
            ways = []
            seen = set()
            for mask, cc, seq in raw:
                cc = self._canon_column(future, k, cc)
                if cc >= 0 and (mask, cc) not in seen:
                    seen.add((mask, cc))
                    ways.append((mask, cc, seq))
        self.column_memo[key] = ways
        return ways

    def _turn_columns(self, npos: int, hand: tuple[int, ...], cols: tuple[int, ...],
                      dmg: Any, prefix: tuple[Move, ...],
                      succ: dict[Any, Any]) -> tuple[Move, ...] | None:
        """A turn searched column by column. Plays on different columns commute, so a
        turn is one way per column of taking cards (disjoint sets), the rest of the hand
        discarded last. Without reserve the cards are the hand's, the column states are
        canonical (the turn ends at draw position ``npos``) and only the damage count
        (``dmg``) matters. With reserve, discarding a card and playing it back is
        playing it from the hand, so the cards are the hand's and the top ``j`` damage
        cards (top first, all ``j`` used), and the rest of the hand is discarded in
        every order. Returns the moves of a win, or None after adding the reachable
        boundary states to succ (as recipes for :meth:`_moves`)."""
        self._tick()
        h = len(hand)
        stack = self.reserve
        full = (1 << h) - 1
        if stack:
            ext = hand + tuple(reversed(dmg))
            o0, o1, o2, o3 = (self._column_ways(ext, h, k, cols[k], None) for k in range(4))
            size = len(dmg)
            left: dict[int, tuple[tuple[int, ...], list[tuple[int, ...]]]] = {}
        else:
            ext = hand
            o0, o1, o2, o3 = (self._column_ways(ext, h, k, cols[k], npos) for k in range(4))
            # hand cards a turn may leave to discard: the search's limit, and the damage
            # pile's room before the loss
            most = min(self.keep, rules.LOSS_DAMAGE - 1 - dmg)
        won = self.won_cols
        # combinations looked at (search nodes; a win returns without them): with
        # reserve the last column's ways that fit the cards the first three take,
        # listed once per set of cards taken (each listing counts the ways it looks
        # at); without, every way of the last column
        count = 0
        n3 = len(o3)
        fits3: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for m0, c0, s0 in o0:
            for m1, c1, s1 in o1:
                if m0 & m1:
                    continue
                m01 = m0 | m1
                for m2, c2, s2 in o2:
                    if m01 & m2:
                        continue
                    m012 = m01 | m2
                    if stack:
                        ways3 = fits3.get(m012)
                        if ways3 is None:
                            ways3 = fits3[m012] = [w for w in o3 if not w[0] & m012]
                            count += n3
                        count += len(ways3)
                    else:  # few ways: looked at one by one
                        ways3 = o3
                        count += n3
                    for m3, c3, s3 in ways3:
                        if m012 & m3:
                            continue
                        mask = m012 | m3
                        ncols = (c0, c1, c2, c3)
                        if stack:
                            pops = mask >> h
                            if pops & (pops + 1):
                                continue  # the damage cards played must be the top ones
                            if ncols == won:
                                return _recipe_moves(_Recipe(prefix, ext, h,
                                                             (s0, s1, s2, s3), mask, ()))
                            under = dmg[: size - _POPCOUNT[pops]]
                            kept = left.get(mask & full)
                            if kept is None:  # the hand cards left, and their orders
                                rest = tuple(x for i, x in enumerate(hand)
                                             if not mask >> i & 1)
                                kept = left[mask & full] = (rest, _orders(rest))
                            if len(under) + len(kept[0]) > self.cap:
                                continue
                            for order in kept[1]:
                                skey = (ncols, under + order)
                                if skey not in succ:
                                    succ[skey] = _Recipe(prefix, ext, h, (s0, s1, s2, s3),
                                                         mask, order)
                        else:
                            if ncols == won:
                                return _recipe_moves(_Recipe(prefix, ext, h,
                                                             (s0, s1, s2, s3), mask, ()))
                            unused = _POPCOUNT[full ^ mask]
                            if unused > most:
                                continue
                            skey = (ncols, dmg + unused)
                            if skey not in succ:
                                succ[skey] = _Recipe(prefix, ext, h, (s0, s1, s2, s3),
                                                     mask, None)
        self.nodes += count
        return None

    def _turn_moves(self, hand: tuple[int, ...], cols: tuple[int, ...],
                    dmg: tuple[int, ...], moves: tuple[Move, ...],
                    succ: dict[Any, Any] | None,
                    seen: set[Any]) -> tuple[Move, ...] | None:
        """A turn searched move by move: hand plays, reserve plays (the damage pile's
        top; not a joker while the hand holds one: the notation would name the hand's)
        and discards in every order until the hand is empty; the states reached then
        go into ``succ`` (reserve plays after that are the next turn's, before or just
        after its draw). Without ``succ``: the last turn allowed, searched for a win
        only and without discards (a card discarded now is either played back, as well
        played from the hand, or covers the damage pile for good, as well kept in the
        hand: the win ends the game). Returns the moves of a win, or None."""
        self.nodes += 1  # self._tick(), inlined: this is the search's busiest node
        if self.nodes > self.budget:
            raise _OutOfBudget
        if succ is not None and not hand:
            key = (cols, dmg)
            if key not in succ:
                succ[key] = moves
            return None
        won = self.won_cols
        # the cards that can be played: each distinct hand card, then the reserve card
        # (the damage pile's top; not a joker while the hand holds one: the notation
        # would name the hand's), with the hand and pile each play leaves
        plays = [("play", x, hand[:i] + hand[i + 1 :], dmg)
                 for i, x in enumerate(hand) if i == 0 or x != hand[i - 1]]
        if self.reserve and dmg and dmg[-1] not in hand:
            plays.append(("reserve", dmg[-1], hand, dmg[:-1]))
        for verb, x, rest, pile in plays:
            for k in range(4):
                nc = self.play[k].get(cols[k] << 7 | x)
                if nc is None:
                    continue
                ncols = cols[:k] + (nc,) + cols[k + 1 :]
                m2 = moves + ((verb, x, k),)
                if ncols == won:
                    return m2
                if succ is not None and nc >> 6 != cols[k] >> 6:
                    self._progress(ncols, m2)
                if (rest, ncols, pile) in seen:
                    continue
                seen.add((rest, ncols, pile))
                win = self._turn_moves(rest, ncols, pile, m2, succ, seen)
                if win is not None:
                    return win
        if succ is not None and len(dmg) < self.cap:
            prev = -1
            for i, x in enumerate(hand):
                if x == prev:
                    continue
                prev = x
                rest = hand[:i] + hand[i + 1 :]
                ndmg = dmg + (x,)
                sk = (rest, cols, ndmg)
                if sk in seen:
                    continue
                seen.add(sk)
                win = self._turn_moves(rest, cols, ndmg, moves + (("discard", x),), succ,
                                       seen)
                if win is not None:
                    return win
        return None

    # the tests' handles on a reserve turn, searched both ways
    def _turn_stack(self, hand: tuple[int, ...], cols: tuple[int, ...],
                    dmg: tuple[int, ...], prefix: tuple[Move, ...],
                    succ: dict[Any, Any]) -> tuple[Move, ...] | None:
        """A turn with reserve searched column by column (:meth:`_turn_columns`)."""
        return self._turn_columns(0, hand, cols, dmg, prefix, succ)

    def _turn_reserve(self, hand: tuple[int, ...], cols: tuple[int, ...],
                      dmg: tuple[int, ...], moves: tuple[Move, ...], succ: dict[Any, Any],
                      seen: set[Any]) -> tuple[Move, ...] | None:
        """A turn with reserve searched move by move (:meth:`_turn_moves`)."""
        return self._turn_moves(hand, cols, dmg, moves, succ, seen)

