"""Exact solver for seeded Clear the Dungeon deals (perfect information).

With the whole deal known (monster columns and power deck order), the solver finds
whether the deal can be won and the best score (power cards left at the win, so the
fewest cards drawn), or proves that no line wins. The search runs on an abstract state;
the line it finds is replayed through :func:`rules.apply`, the single source of truth
for legality, and must end as the search predicted.

Abstract state (at a turn boundary: hand empty, before a draw)
    * the draw position in the power deck (the hand of the next turn follows from it);
    * per column: how many of its monsters are defeated (the rest are known) and its
      attack pile as (number of cards, value of the first card when it holds exactly
      one): which cards lie on a pile never matters again;
    * the damage pile: its size only (then it follows from the rest), or with
      ``reserve`` its cards bottom to top (the reserve card is the top; after it is
      played the next one becomes reserve).
    Cards are small codes (suit * 16 + value); both jokers share one code, so hands and
    piles that differ only by which joker is where are one state.

Turns
    A turn (draw three, then play or discard every hand card) is expanded into the set
    of distinct boundary states it can reach. Plays on different columns commute, so a
    turn is one way per column of taking hand cards (disjoint sets, each column's cards
    in some order; memoised per turn, column and column state), the rest discarded
    last: without ``reserve`` only the damage count matters and a win ends the game at
    once. With ``reserve``, discarding a card and playing it back is playing it from the
    hand, so a turn is: play hand cards and the top ``j`` damage cards (top first, each
    column keeping that order), then discard the rest of the hand in some order. A win
    inside a turn ends that turn's search (nothing later from there scores more).
    The last turn allowed (no draw after it can still beat the best win) is searched
    move by move for a win only, without discards (a discard either comes back as a
    play or buries the damage pile for good).
    Two routines search every kind of turn: ``_turn_columns`` (column by column, with
    or without ``reserve``) and ``_turn_moves`` (move by move: the last turn, and a
    ``reserve`` turn with a joker in both the hand and the damage pile, see below).

Aims
    The score is the cards left in the deck at the win, so it is set by the draw
    position of the win: 0 (a win with the hand in play), 3, 6 ... So the search
    aims at one position at a time, the best first (the fewest cards that could hold
    every card still needed), and stops at its first win: a win there is the best
    score, proven by the aims before it that found none, and a search that aims high
    prunes far more, since its bounds leave few cards to waste. A deal with no win at
    any aim is lost. (Most deals are won at the first aim or the next.)

Search, memo and pruning
    * Depth-first over boundaries within the aim, most promising first (fewest cards
      still needed, least damage, highest first values).
    * A boundary whose search found no win within the aim is memoised as failed
      (forgotten at the next aim: a win may come later than one aim allows), keyed by
      (position, columns without first values, damage) with an antichain of
      first-value vectors: a higher first value dominates a lower one (every second
      card the lower admits, the higher admits too), so a state dominated by a failed
      one is skipped.
    * A one-card pile keeps only the least first value that admits the same second
      cards among the cards still to come (equivalent states share one memo entry).
    * Bounds that drop a state: the usable cards (deck up to the allowed position,
      plus the damage pile with ``reserve``) must supply every card still needed (three
      per monster less its pile), one trigger per remaining monster of its suit
      (jokers fill in), and enough value for the first two cards of each monster to
      reach its power (the cheapest cards dropped, the cheapest triggers taken), and
      with ``reserve`` then the same cards as a pool, exactly: each monster's first
      two cards must reach its power on their own (the pairing bound, ``_pairs_fit``);
      cards no remaining monster can ever take are unusable, and one in the damage
      pile buries every card under it; without ``reserve`` a win must also come within
      8 - damage cards of the cards still needed (the damage pile loses at 7, and at
      most two hand cards can be left at the win).
    * With ``reserve`` the reserve card may be played before a draw; such plays can
      always wait until just after it, so they are searched before a draw only when
      they could win without drawing.

Small damage piles first with ``reserve``
    The reserve card multiplies the orders a turn can take (every order of the cards
    discarded decides what can be played back). Each aim is first searched among the
    lines whose damage pile holds at most two cards at the end of every turn, a far
    smaller set that holds a best line of most deals, then at most three, four and
    five, each of these searches within a share of the nodes (1/16, 1/16, 1/8, 1/3 of
    the aims'; one that runs out of its share is left for the next), then among all
    lines, the only search that can prove the aim out of reach. A search that finds no
    win proves nothing for a larger pile, so the failures it memoised are forgotten.
    (Some deals have no win with a small pile that a search exhausts quickly, and one
    with a pile of three, four or five that a search finds at once; S245 with both
    ``reserve`` and ``no-jokers`` gets its perfect game with five.)

A budget counts search nodes (turn combinations and move-by-move positions; with
``reserve`` a turn searched column by column counts the combinations of its columns'
ways that take disjoint cards, and the ways of the last column it looks at to list
them). Nine
tenths of it go to the aims; when they run out, the rest goes to a plain branch and
bound for any win (after each win it looks only for strictly better ones), and the
answer is ``unknown`` with the best line found (a win if one was found: the deal is then
winnable, only the best score is unproven).

For a lost deal (and an unknown one with no win found) the line written is the one,
among the positions the search visited, that defeated the most monsters, then played on
to the end (first legal play, else a discard, else a draw) so the log reaches the loss.
The search skips positions that cannot win, so this is a good line, not a proven
maximum.

One restriction follows the notation: a damage-pile joker is not played while a joker
is in the hand, since ``play JK on 2`` names the hand's joker (the rules engine's
``legal_actions`` agree).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any, NamedTuple

from companion.cards import JOKER, SUITS, Card
from companion.games.base import Game, SolveReport
from companion.games.clear_the_dungeon import rules
from companion.simulate import PlayedGame

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


@dataclass
class Solution:
    """The solver's answer from a state: ``status`` won/lost/unknown, ``score`` (the best
    win's power cards left, or None), ``actions`` (the line: rules actions from the
    state), ``final`` (the state after them), and search statistics."""

    status: str
    score: int | None
    actions: list[rules.Action]
    states: list[rules.State]
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def final(self) -> rules.State:
        """The state the line ends in."""
        return self.states[-1]


class _Search:
    """The abstract search from one seeded state (see the module docstring)."""

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

    @staticmethod
    def _moves(recipe: Any) -> tuple[Move, ...]:
        """The moves of a turn: a moves tuple, or a :class:`_Recipe`."""
        if isinstance(recipe, _Recipe):
            return _recipe_moves(recipe)
        return recipe

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


def _action(move: Move) -> rules.Action:
    if move[0] == "draw":
        return rules.Draw(None)
    if move[0] == "discard":
        return rules.Discard(code_card(move[1]))
    return rules.Play(code_card(move[1]), move[2])


def _play_out(state: rules.State, actions: list[rules.Action],
              states: list[rules.State]) -> None:
    """Finish a game deterministically: the first legal play, else the first discard,
    else a draw, until it is over."""
    while state.outcome is None:
        legal = rules.legal_actions(state)
        if not legal:
            break
        plays = [a for a in legal if isinstance(a, rules.Play)]
        discards = [a for a in legal if isinstance(a, rules.Discard)]
        action = (plays or discards or legal)[0]
        state = rules.apply(state, action)
        actions.append(action)
        states.append(state)


def _attempt(state: rules.State, budget: int,
             best: _Search | None = None) -> tuple[_Search, bool]:
    """One search from ``state`` within ``budget`` nodes, looking only for wins better
    than ``best``'s when given; the search and whether it finished."""
    search = _Search(state, budget)
    if best is not None and best.best_line is not None and best.best_pos is not None:
        search.best_pos = best.best_pos
        search.best_line = best.best_line
        search.maxpos = best.best_pos - 1
    try:
        search.run(state)
    except _OutOfBudget:
        return search, False
    return search, True


# with reserve, each aim is first searched with the damage pile kept at most ``cap``
# cards high at the end of every turn, each search within 1/``share`` of the aims'
# nodes, then with no cap but the loss (the search that can prove the aim out of reach)
_SMALL_PILES = ((2, 16), (3, 16), (4, 8), (5, 3))


def _aims(state: rules.State) -> list[int]:
    """The draw positions a win can come at from ``state``, best (fewest cards drawn)
    first: now (the hand in play), then after each draw of three."""
    n = state.deck_left
    return sorted({min(k * rules.HAND_SIZE, n) for k in range(n // rules.HAND_SIZE + 2)})


def _solve_aims(state: rules.State, limit: int) -> tuple[_Search, bool, int]:
    """Search with an aim: a win at draw position ``aim`` or earlier, for each aim in
    turn, best first, stopping at the first win. A search that aims high prunes far
    more (its bounds leave few cards to waste), and the first aim that gets a win is
    the best score, proven by the aims before it that found none.

    With ``reserve`` each aim is first sought among the lines whose damage pile never
    holds more than two cards at the end of a turn (far fewer, and most deals have a
    best line among them), then three, four and five, each within its share of the
    nodes (``_SMALL_PILES``), then among all.

    Nine tenths of the budget go to the aims; if they run out, the rest goes to a plain
    search for any win (with ``reserve``, first among the lines without reserve plays,
    a far smaller search, then for better wins with them); the deal is then known to
    be winnable, its best score unproven unless the win comes at the aim under way.
    Returns the last search, whether it finished, and the nodes spent before it."""
    search = _Search(state, limit * 9 // 10)
    hand, cols, dmg = search.start(state)
    need = sum(search.need[k][c] for k, c in enumerate(cols))
    extra = len(hand) + (len(dmg) if search.reserve else 0)
    total = search.budget
    stages: tuple[tuple[int, int | None], ...] = ((search.cap, None),)
    if search.reserve:
        stages = (*((cap, total // share) for cap, share in _SMALL_PILES),
                  (rules.LOSS_DAMAGE - 1, None))
    for aim in _aims(state):
        if aim + extra < need:
            continue  # too few cards for a win
        try:
            for cap, share in stages:
                search.aim(aim, cap)
                search.budget = total if share is None else min(total, search.nodes + share)
                try:
                    search.run(state)
                except _OutOfBudget:
                    if search.budget == total:
                        raise  # the aims' budget is spent
                finally:
                    search.budget = total
        except _Found:
            return search, True, 0
        except _OutOfBudget:
            rest = max(0, limit - search.nodes)
            plain = None
            if search.reserve:  # a line without reserve plays is one with them
                plain, _ = _attempt(replace(state, variants=state.variants - {"reserve"}),
                                    rest // 2)
                rest -= plain.nodes
                if plain.best_pos is not None and plain.best_pos <= aim:
                    return plain, True, search.nodes  # the best: see below
            last, _ = _attempt(state, max(0, rest), plain)  # better wins than plain's
            if last.best_line is None and search.best_defeated > last.best_defeated:
                last.best_defeated = search.best_defeated
                last.best_partial = search.best_partial
            # the aims before this one have no win: a win found by this aim is the best
            proven = last.best_pos is not None and last.best_pos <= aim
            return last, proven, search.nodes
    return search, True, 0


def solve_state(state: rules.State, budget: int | None = None) -> Solution:
    """Solve a seeded state exactly (the hand may hold cards).

    Returns the verdict, the best score and the best line as rules actions. Raises
    ValueError for a free-deal state (the deal must be known) and RuntimeError if the
    line found does not replay through the rules engine as the search predicted (a bug).
    """
    if state.free or state.stacks is None:
        raise ValueError("the solver needs a seeded deal: the whole deal must be known")
    if state.awaiting is not None:
        raise ValueError("the state waits for a check line")
    started = time.perf_counter()
    limit = DEFAULT_BUDGET if budget is None else budget
    stats: dict[str, Any] = {"budget": limit}
    if state.outcome is not None:
        stats.update(nodes=0, seconds=0.0, defeated=len(state.defeated), memo=0)
        return Solution(state.outcome, state.score(), [], [state], stats)
    spent = 0
    search, exhausted, spent = _solve_aims(state, limit)
    moves = search.best_line if search.best_line is not None else search.best_partial
    actions: list[rules.Action] = []
    states = [state]
    s = state
    for move in moves:
        action = _action(move)
        s = rules.apply(s, action)
        actions.append(action)
        states.append(s)
    if search.best_line is not None:
        expected = state.deck_left - search.best_pos  # type: ignore[operator]
        if s.outcome != WIN or s.score() != expected:
            raise RuntimeError(f"solver line replays as {s.outcome} {s.score()}, "
                               f"expected won {expected}")
        status = WIN if exhausted else "unknown"
        score: int | None = expected
    else:
        _play_out(s, actions, states)
        status = "lost" if exhausted else "unknown"
        score = states[-1].score()
    stats.update(nodes=spent + search.nodes, boundaries=search.boundaries,
                 seconds=round(time.perf_counter() - started, 4),
                 defeated=len(states[-1].defeated), memo=search.memo_size)
    return Solution(status, score, actions, states, stats)


def solve(game: Game, seed: str, variants: tuple[str, ...],
          budget: int | None = None) -> SolveReport:
    """Solve the seeded deal of ``seed`` (normalised) with ``variants`` (checked names)
    and write the best line as a log (tags Game, Seed, Variant, and Claim when won).

    Raises RuntimeError if the line found does not replay as predicted (a bug)."""
    state = rules.new_state(seed, frozenset(variants))
    solution = solve_state(state, budget)
    tags = {"Game": game.name, "Seed": seed}
    if variants:
        tags["Variant"] = ", ".join(variants)
    final = solution.final
    if final.outcome == WIN:
        tags["Claim"] = str(final.score())
    played = PlayedGame(game, tags, solution.actions, solution.states)
    return SolveReport(game=game.name, seed=seed, variants=tuple(variants),
                       status=solution.status, score=solution.score,
                       log=played.log_text(), stats=solution.stats)
