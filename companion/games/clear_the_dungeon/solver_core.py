"""Clear the Dungeon solver, part one: card codes, the turn recipes, the pairing bound
and the search's tables and pruning (:class:`_SearchCore`). The search itself is in
:mod:`.solver_turns`; the method is described in :mod:`.solver`."""

from __future__ import annotations

from itertools import permutations
from typing import Any, NamedTuple

from companion.cards import JOKER, SUITS, Card
from companion.games.clear_the_dungeon import rules

DEFAULT_BUDGET = 20_000_000
WIN = "won"

# ("draw",) ("play", code, column) ("reserve", code, column) ("discard", code)
Move = tuple[Any, ...]


def card_code(card: Card) -> int:
    """A small int that identifies a power card up to the jokers' symmetry:
    suit index * 16 + value, and 74 for both jokers (value 10, suit 4)."""
    if card.is_joker:
        return 4 * 16 + 10
    assert card.suit is not None
    return SUITS.index(card.suit) * 16 + card.rank


def code_card(code: int) -> Card:
    """The card of ``code`` (a joker for 74)."""
    suit = code >> 4
    if suit == 4:
        return JOKER
    return Card(code & 15, SUITS[suit])


_POPCOUNT = tuple(bin(i).count("1") for i in range(128))
# first values packed in 5-bit fields, one per column: a >= b field by field exactly
# when ((a | _GUARD) - b) & _GUARD == _GUARD (no field borrows: values are 0..10)
_GUARD = sum(16 << (5 * k) for k in range(4))


class _Recipe(NamedTuple):
    """A turn searched column by column, kept compact until its moves are needed."""

    prefix: tuple[Move, ...]
    ext: tuple[int, ...]  # the hand, then (with reserve) the damage cards popped, top first
    h: int  # hand size: ext[h:] are popped cards
    seqs: tuple[tuple[int, ...], ...]  # indices into ext played on each column, in order
    mask: int  # the cards of ext played (bit i: ext[i])
    # the hand cards discarded, in order; None: the hand cards not played, in hand order
    discards: tuple[int, ...] | None


_JOKER = 74


def _orders(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct orders of a few cards (jokers are one code), sorted."""
    return sorted(set(permutations(cards)))


def _recipe_moves(recipe: _Recipe) -> tuple[Move, ...]:
    """The moves of a turn searched column by column: the columns' plays merged so that
    damage cards are played top first (each column already plays them in that order),
    then the discards."""
    prefix, ext, h, seqs, mask, discards = recipe
    moves = list(prefix)
    at = [0, 0, 0, 0]
    next_pop = h
    left = sum(len(seq) for seq in seqs)
    while left:
        for k, seq in enumerate(seqs):
            while at[k] < len(seq):
                i = seq[at[k]]
                if i >= h and i != next_pop:
                    break
                moves.append(("reserve" if i >= h else "play", ext[i], k))
                if i >= h:
                    next_pop += 1
                at[k] += 1
                left -= 1
    if discards is None:
        discards = tuple(x for i, x in enumerate(ext[:h]) if not mask >> i & 1)
    moves.extend(("discard", x) for x in discards)
    return tuple(moves)


def _pairs_fit(counts: tuple[int, ...], singles: tuple[int, ...], pairs: tuple[int, ...],
               memo: dict[Any, bool]) -> bool:
    """Whether the cards of ``counts`` (how many of each value 0..10), exactly as many
    as the slots, can all be used: one card of at least each of ``singles`` and two
    cards adding up to at least each of ``pairs`` (both sorted). The largest card goes
    to the largest single (a smaller single could take the card that one gets) or to a
    pair of some power with the least partner that reaches it (a larger partner is
    never worth more); both are tried, memoised in ``memo``."""
    if not pairs and not singles:
        return True
    key = (counts, singles, pairs)
    known = memo.get(key)
    if known is not None:
        return known
    x = 10
    while not counts[x]:
        x -= 1
    if singles and singles[-1] > x:
        memo[key] = False
        return False
    ok = False
    if singles:
        c = list(counts)
        c[x] -= 1
        ok = _pairs_fit(tuple(c), singles[:-1], pairs, memo)
    if not ok:
        tried = -1
        for i, p in enumerate(pairs):
            if p == tried:
                continue
            tried = p
            c = list(counts)
            c[x] -= 1
            y = max(1, p - x)
            while y <= 10 and not c[y]:
                y += 1
            if y > 10:
                continue
            c[y] -= 1
            if _pairs_fit(tuple(c), singles, pairs[:i] + pairs[i + 1 :], memo):
                ok = True
                break
    memo[key] = ok
    return ok


class _Found(Exception):
    """Raised at the first win of a search that aims at one draw position."""


class _OutOfBudget(Exception):
    """The node budget ran out."""


class _SearchCore:
    """The search's tables, memos and pruning tests (see :mod:`.solver`)."""

    def __init__(self, state: rules.State, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.reserve = state.reserve
        rest = state.deck[state.deck_pos : state.deck_pos + state.deck_left]
        self.deck = [card_code(c) for c in rest]
        self.n = len(self.deck)
        assert state.stacks is not None
        self.mons: list[list[tuple[int, int]]] = []
        for k in range(4):
            up = state.up[k]
            col = [up, *state.stacks[k]] if up is not None else []
            self.mons.append([(rules.power_of(m), SUITS.index(m.suit))
                              for m in col])
        self.won_cols = tuple(len(m) << 6 for m in self.mons)
        self._tables()
        # suffix masks of the values still in the deck, prefix counts of suits (4: joker)
        self.vmask = [0] * (self.n + 1)
        for i in range(self.n - 1, -1, -1):
            self.vmask[i] = self.vmask[i + 1] | (1 << (self.deck[i] & 15))
        self.suit_pref = [[0] * (self.n + 1) for _ in range(5)]
        for i, x in enumerate(self.deck):
            for s in range(5):
                self.suit_pref[s][i + 1] = self.suit_pref[s][i] + (1 if x >> 4 == s else 0)
        self.maxpos = self.n  # a win must come at a draw position <= maxpos
        self.first_win = False  # stop at the first win (a search with an aim)
        # with reserve: the most cards the damage pile may hold at the end of a turn
        # (below the loss; less in a search for the wins that buffer fewer cards)
        self.cap = rules.LOSS_DAMAGE - 1
        self.best_pos: int | None = None
        self.best_line: list[Move] | None = None
        self.best_defeated = -1
        self.best_partial: list[Move] = []
        # failed boundary states: (pos, columns without first values, damage) -> the
        # first-value vectors that failed, kept as an antichain (a higher first value
        # dominates a lower one: every second card it admits, the higher one admits)
        self.failed: dict[Any, list[int]] = {}
        self.memo_size = 0
        self.path: list[tuple[Move, ...]] = []
        self.boundaries = 0
        self.keep = 0  # without reserve: hand cards a turn may leave to discard
        self.column_memo: dict[Any, list[tuple[int, int, tuple[int, ...]]]] = {}
        self.canon_memo: dict[Any, int] = {}
        self.pair_memo: dict[Any, bool] = {}

    def aim(self, aim: int, cap: int = rules.LOSS_DAMAGE - 1) -> None:
        """Set the search to look for a win at draw position ``aim`` or earlier and to
        stop at the first; what earlier aims learnt of failures is forgotten (a state
        with no win by one position may have one later). Tables, nodes counted and the
        best partial line stay."""
        self.maxpos = aim
        self.cap = cap
        self.first_win = True
        self.failed = {}
        self.memo_size = 0
        self.path = []

    # -- tables ---------------------------------------------------------------------
    def _tables(self) -> None:
        """Play results, cards needed and trigger suits needed per column state.

        A column state is ``defeated << 6 | pile_count << 4 | first_value``."""
        codes = [s * 16 + v for s in range(4) for v in range(1, 11)] + [74]
        self.play: list[dict[int, int]] = []
        self.req: list[dict[int, int]] = []
        self.need: list[dict[int, int]] = []
        self.suits: list[dict[int, int]] = []
        self.usable: list[dict[int, int]] = []

        def fits(x: int, power: int, suit: int, first: int) -> bool:
            return (x & 15) + first >= power or x >> 4 in (4, suit)

        def mask_of(power: int, suit: int, first: int) -> int:
            mask = 0
            for x in codes:
                if fits(x, power, suit, first):
                    mask |= 1 << x
            return mask

        for col in self.mons:
            usable: dict[int, int] = {}
            play: dict[int, int] = {}
            req: dict[int, int] = {}
            need: dict[int, int] = {}
            suits: dict[int, int] = {}
            # the cards a monster from d on can ever take as its first card
            later_masks = [0] * (len(col) + 1)
            for d in range(len(col) - 1, -1, -1):
                later_masks[d] = later_masks[d + 1] | mask_of(*col[d], 10)
            for d in range(len(col) + 1):
                packed = sum(1 << (4 * ms) for _, ms in col[d:])
                later_power = sum(p for p, _ in col[d + 1 :])
                for n in range(3):
                    for v in range(11) if n == 1 else (0,):  # a first value: one card
                        c = d << 6 | n << 4 | v
                        need[c] = 3 * (len(col) - d) - n if d < len(col) else 0
                        suits[c] = packed
                        req[c] = 0
                        if d == len(col):
                            continue
                        power, ms = col[d]
                        req[c] = later_power + (power if n == 0 else power - v if n == 1
                                                else 0)
                        first = 10 if n == 0 else v if n == 1 else -99
                        usable[c] = mask_of(power, ms, first) | later_masks[d + 1]
                        for x in codes:
                            xv, xs = x & 15, x >> 4
                            if n == 0:
                                if xv + 10 >= power:
                                    play[c << 7 | x] = d << 6 | 1 << 4 | min(xv, power - 1)
                            elif n == 1:
                                if v + xv >= power:
                                    play[c << 7 | x] = d << 6 | 2 << 4
                            elif xs == 4 or xs == ms:
                                play[c << 7 | x] = (d + 1) << 6
            self.play.append(play)
            self.req.append(req)
            self.need.append(need)
            self.suits.append(suits)
            self.usable.append(usable)

    def defeated(self, cols: tuple[int, ...]) -> int:
        return sum(c >> 6 for c in cols)

    # -- bookkeeping ------------------------------------------------------------------
    @staticmethod
    def _moves(recipe: Any) -> tuple[Move, ...]:
        """The moves of a turn: a moves tuple, or a :class:`_Recipe`."""
        if isinstance(recipe, _Recipe):
            return _recipe_moves(recipe)
        return recipe

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    def _line(self, moves: tuple[Move, ...]) -> list[Move]:
        return [m for turn in self.path for m in self._moves(turn)] + list(moves)

    def _won(self, pos: int, moves: tuple[Move, ...]) -> None:
        self.best_pos = pos
        self.best_line = self._line(moves)
        self.maxpos = pos - 1
        if self.first_win:
            raise _Found

    def _progress(self, cols: tuple[int, ...], moves: tuple[Move, ...]) -> None:
        d = self.defeated(cols)
        if d > self.best_defeated:
            self.best_defeated = d
            self.best_partial = self._line(moves)

    def _known_failed(self, skeleton: Any, values: int) -> bool:
        """Whether this state, or one that dominates it, failed. ``values``: the first
        values of the columns packed in 5-bit fields (see ``_GUARD``)."""
        for other in self.failed.get(skeleton, ()):
            if ((other | _GUARD) - values) & _GUARD == _GUARD:
                return True
        return False

    def _fail(self, skeleton: Any, values: int) -> None:
        old = self.failed.get(skeleton)
        if old is None:
            self.failed[skeleton] = [values]
            self.memo_size += 1
            return
        kept = [o for o in old if ((values | _GUARD) - o) & _GUARD != _GUARD]
        kept.append(values)
        self.memo_size += len(kept) - len(old)
        self.failed[skeleton] = kept

    # -- pruning ----------------------------------------------------------------------
    def _canon_column(self, future: int, k: int, c: int) -> int:
        """Column state ``c`` with a one-card pile rounded down to the least first value
        that admits the same second cards among the ``future`` values (a bit mask), or
        -1 when no future card can be its second card."""
        if (c >> 4) & 3 != 1:
            return c
        key = (future, k, c)
        out = self.canon_memo.get(key)
        if out is None:
            d, v = c >> 6, c & 15
            power = self.mons[k][d][0]
            w = power - v
            while w <= 10 and not future >> w & 1:
                w += 1
            out = -1 if w > 10 else d << 6 | 1 << 4 | (power - w)
            self.canon_memo[key] = out
        return out

    def _canon(self, pos: int, cols: tuple[int, ...], dmg: Any) -> tuple[int, ...] | None:
        """The columns in canonical form (see :meth:`_canon_column`) at a boundary: the
        future is the deck from ``pos`` and, with reserve, the damage pile. None when a
        pile can never be completed."""
        mask = self.vmask[pos]
        if self.reserve:
            for x in dmg:
                mask |= 1 << (x & 15)
        out = []
        for k, c in enumerate(cols):
            c = self._canon_column(mask, k, c)
            if c < 0:
                return None
            out.append(c)
        return tuple(out)

    def _hopeless(self, pos: int, cols: tuple[int, ...], dmg: Any) -> bool:
        """Whether no win at a draw position <= maxpos can come from this state."""
        need = 0
        packed = 0
        for k, c in enumerate(cols):
            need += self.need[k][c]
            packed += self.suits[k][c]
        end = self.maxpos
        if self.reserve:
            extra = len(dmg)
        else:
            extra = 0
            end = min(end, pos + need + 8 - dmg)
        if need > extra + max(0, end - pos):
            return True
        end = max(pos, min(end, self.n))
        # dead cards: no remaining monster can ever take them; one in the damage pile
        # buries every card under it, one drawn must be discarded
        usable = 0
        for k, c in enumerate(cols):
            usable |= self.usable[k].get(c, 0)
        unused = 0
        for x in self.deck[pos:end]:
            if not usable >> x & 1:
                unused += 1
        if self.reserve:
            depth = 0
            for i, x in enumerate(dmg):
                if not usable >> x & 1:
                    depth = i + 1
            unused += depth
        if need + unused > extra + (end - pos):
            return True
        sp = self.suit_pref
        jokers = sp[4][end] - sp[4][pos]
        have = [sp[s][end] - sp[s][pos] for s in range(4)]
        if self.reserve:
            for x in dmg:
                s = x >> 4
                if s == 4:
                    jokers += 1
                else:
                    have[s] += 1
        short = 0
        for s in range(4):
            m = (packed >> (4 * s)) & 15
            if m > have[s]:
                short += m - have[s]
        if short > jokers:
            return True
        if self._short_of_value(pos, end, cols, dmg, need, packed):
            return True
        if not self.reserve:  # (it prunes too little there to pay for itself)
            return False
        window = [x for x in self.deck[pos:end] if usable >> x & 1]
        window += [x for x in dmg[depth:] if usable >> x & 1]
        return self._short_of_pairs(cols, window, need)

    def _short_of_pairs(self, cols: tuple[int, ...], window: list[int], need: int) -> bool:
        """The pairing bound, exact on the cards as a pool: whether the ``window`` cards
        (those that some remaining monster can take, not buried) cannot fill every slot
        still open, each card in one slot, whatever the order. A monster with no card
        needs two cards that reach its power, one with a first card a second card that
        reaches the rest, and each one a trigger of its suit (a joker: any suit).

        The best case is reached by exchanges: each suit's triggers are its cheapest
        cards (jokers where a suit runs short), the cards left unused are the cheapest,
        and what is left must pair up (see :func:`_pairs_fit`)."""
        pairs: list[int] = []
        singles: list[int] = []
        packed = 0
        for k, c in enumerate(cols):
            d, n = c >> 6, (c >> 4) & 3
            col = self.mons[k]
            if d == len(col):
                continue
            packed += self.suits[k][c]
            power = col[d][0]
            if n == 0:
                pairs.append(power)
            elif n == 1:
                singles.append(power - (c & 15))
            pairs.extend(p for p, _ in col[d + 1 :])
        by_suit: list[list[int]] = [[], [], [], [], []]
        for x in window:
            by_suit[x >> 4].append(x & 15)
        jokers = len(by_suit[4])
        rest: list[int] = []
        for s in range(4):
            m = (packed >> (4 * s)) & 15
            vals = sorted(by_suit[s])
            if m > len(vals):
                jokers -= m - len(vals)
            else:
                rest += vals[m:]
        if jokers < 0:
            return True
        rest += [10] * jokers
        slots = len(singles) + 2 * len(pairs)
        if len(rest) < slots:
            return True
        rest.sort()
        counts = [0] * 11
        for v in rest[len(rest) - slots :]:
            counts[v] += 1
        return not _pairs_fit(tuple(counts), tuple(sorted(singles)), tuple(sorted(pairs)),
                              self.pair_memo)

    def _short_of_value(self, pos: int, end: int, cols: tuple[int, ...], dmg: Any,
                        need: int, packed: int) -> bool:
        """The value bound: the first two cards on each remaining monster must reach its
        power, so the cards used, less the triggers, must add up to the powers still
        missing. The cards used are ``need`` of the window (deck up to ``end``, damage
        with reserve); the best case drops the cheapest cards and takes the cheapest
        trigger of each suit."""
        missing = 0
        for k, c in enumerate(cols):
            missing += self.req[k][c]
        window = self.deck[pos:end]
        if self.reserve:
            window = window + list(dmg)
        total = 0
        by_suit: list[list[int]] = [[], [], [], [], []]
        for x in window:
            total += x & 15
            by_suit[x >> 4].append(x & 15)
        if total < missing:
            return True
        rest = by_suit[4]
        taken = 0
        for s in range(4):
            m = (packed >> (4 * s)) & 15
            vals = sorted(by_suit[s])
            if m >= len(vals):
                taken += sum(vals)
                short = m - len(vals)
                taken += 10 * short
                rest = rest[short:]
            else:
                taken += sum(vals[:m])
                rest = rest + vals[m:]
        drop = len(window) - need
        if drop > 0:
            rest.sort()
            taken += sum(rest[:drop])
        return total - taken < missing

