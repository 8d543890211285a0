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
      may still be avoided (the order it goes under the dungeon), else sorted;
    * health; the weapon as its value (0: none) and the value its next kill must stay
      below (15 for a fresh weapon, 0 with none), both reduced to what matters against
      the monsters left (a weapon stronger than every monster it may still slay saves
      no more; one that may slay none is no weapon);
    * whether the room may be avoided (not dealt by an avoid, dungeon not empty).

Rooms
    A room is expanded into the distinct boundaries its facings reach: every order of
    facing all its cards but one, each monster bare-handed or (where allowed) with the
    weapon, the potion rule (only the first potion of a room heals) tracked inside
    the room. A death ends its line with health minus the monsters not yet faced. The
    last room (the dungeon empty) ends every line: once one card is left the game is
    won, and the best of stopping and facing that last card is taken. Expansions are
    cached by (room, health, weapon).

Dominance (sound: every line open to the weaker position is open to the stronger,
ending no worse)
    * more health, a stronger weapon or a higher kill limit never hurts;
    * among outcomes of one room, a larger potion or a stronger weapon kept for the
      next room is better than a smaller one, all else no worse.
    Outcomes of a room that another dominates are dropped, and a boundary dominated by
    one already searched (same dungeon, room and avoid right) is skipped.

Search
    Depth-first branch and bound over boundaries, the most health first. Every
    boundary searched to the end is remembered with an upper bound of its best score
    (its "fail-soft" value: the best of its lines found and of the bounds of the
    branches it dropped); a boundary that one remembered dominates (same dungeon, room
    and avoid right, no more health, weapon or kill limit) is skipped when that bound
    cannot beat the score sought. The bounds stay true whatever the score sought, so
    they are kept from one search to the next. A boundary is dropped when even its
    best conceivable ending cannot beat the score sought:

    * a win ends with at most the health plus every potion left, less the least damage
      the monsters left must do, and at most 20; only at 20 does the largest potion
      left add its bonus. The least damage: each monster's value above the weapon that
      slays it, where one weapon slays at most one monster of each value (its kills go
      strictly down; with ``equal-kills`` two), the weapon in hand only below its kill
      limit, the others fresh, and one monster (the costliest) may stay unfaced;
    * when that cannot keep the health above 0, no line wins, and a loss scores at most
      the health minus the monsters left plus every potion and what those weapons
      could save on each monster (and at most 0).

    The search aims at a score and stops at the first line that reaches it (MTD, as
    in game-tree search): first the best conceivable score of the deal (20 plus its
    largest potion, usually); when the search proves no line reaches it, the root's
    upper bound is the next aim. A line that reaches its aim is therefore the best.
    When the aim falls to 0, no line wins, and a branch and bound looks for the least
    bad loss.

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
"""A budget that runs out while aiming leaves 1/RESERVE of it to find any win."""

# ("avoid",) ("equip", code) ("drink", code) ("fight", code) ("slay", code)
Move = tuple[Any, ...]
Outcome = tuple[int, int, int, tuple[Move, ...]]  # health, weapon, kill limit, moves
End = tuple[int, tuple[Move, ...]]  # score (a death's less the dungeon's monsters), moves


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
        return self.states[-1]


Boundary = tuple[tuple[int, ...], tuple[int, ...], int, int, int, bool]


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
        self.rooms: dict[tuple[Any, ...], tuple[dict[int, list[Outcome]], list[End]]] = {}
        self.room_expansions = 0
        self.bounds: dict[tuple[Any, ...], tuple[int, int, int]] = {}

    # -- one room -------------------------------------------------------------------
    def expand(self, room: tuple[int, ...], h: int, w: int, last: int, final: bool
               ) -> tuple[dict[int, list[Outcome]], list[End]]:
        """The outcomes of facing the room down to one card: ``(kept, ends)``.

        ``kept``: per card that stays, the undominated (health, weapon, kill limit,
        moves); ``ends``: lines that end in the room (deaths, whose score still lacks
        the dungeon's monsters, and every ending of the last room) as (score, moves).
        """
        key = (room, h, w, last, final)
        cached = self.rooms.get(key)
        if cached is not None:
            return cached
        self.room_expansions += 1
        kept: dict[int, list[Outcome]] = {}
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
                    kept.setdefault(room[0], []).append((h, w, last, moves))
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
        if len(self.rooms) >= 300_000:
            self.rooms.clear()
        self.rooms[key] = result
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
    def bound(self, dungeon: tuple[int, ...], room: tuple[int, ...], h: int, w: int,
              last: int) -> int:
        """The best score any line from this boundary could conceivably reach."""
        return self._bound(dungeon, room, 0, h, w, last)

    def _bound(self, dungeon: tuple[int, ...], room: tuple[int, ...], kept: int, h: int,
               w: int, last: int) -> int:
        """:meth:`bound` of the cards of ``dungeon`` and ``room``, or (``room`` empty) of
        ``dungeon`` and the card ``kept``: the boundary a room of it leads to."""
        key = (dungeon, room, kept, w, last)
        parts = self.bounds.get(key)
        if parts is None:
            if len(self.bounds) >= 500_000:
                self.bounds.clear()
            cards = dungeon + room if room else dungeon + (kept,)
            parts = self.bounds[key] = self._bound_parts(cards, w, last)
        gain, top, loss = parts
        final = h + gain
        if final > 0:
            return final if final < MAX_HEALTH else MAX_HEALTH + top
        return loss + h if loss + h < 0 else 0

    def _bound_parts(self, cards: tuple[int, ...], w: int, last: int
                     ) -> tuple[int, int, int]:
        """What :meth:`bound` adds to the health: (every potion less the least damage
        the monsters must do, the largest potion, the best conceivable loss less the
        health)."""
        potions = top = monsters = 0
        fresh1 = fresh2 = 0  # the two strongest weapons left in the dungeon and room
        counts = [0] * 15
        for c in cards:
            if c >= 32:
                potions += c - 32
                if c - 32 > top:
                    top = c - 32
            elif c >= 16:
                v = c - 16
                if v > fresh1:
                    fresh1, fresh2 = v, fresh1
                elif v > fresh2:
                    fresh2 = v
            else:
                monsters += c
                counts[c] += 1
        # the least damage of each monster: its value above the weapon that slays it;
        # one weapon slays at most one monster of each value (its kills go strictly
        # down; with equal-kills both), and one monster may stay unfaced at the end
        equal = self.equal
        damage = worst = saved = 0
        for m in range(2, 15):
            k = counts[m]
            if not k:
                continue
            held = w if w and (m < last or (equal and m == last)) else 0
            if held >= fresh1:
                a, b = held, fresh1
            else:
                a, b = fresh1, held if held > fresh2 else fresh2
            if equal:
                b = a
            d1 = m - a if m > a else 0
            d2 = m - b if m > b else 0
            if k == 2:
                damage += d1 + d2
                saved += 2 * m - d1 - d2
                if d2 > worst:
                    worst = d2
            else:
                damage += d1
                saved += m - d1
                if d1 > worst:
                    worst = d1
        # a line that survives ends with at most the health plus every potion less that
        # damage (and 20 at most: the bonus needs 20); one that dies scores the health
        # minus the monsters left, plus each potion and what a weapon saves on each
        return potions - damage + worst, top, potions - monsters + saved

    def weapon(self, dungeon: tuple[int, ...], room: tuple[int, ...], w: int,
               last: int) -> tuple[int, int]:
        """The weapon reduced to what matters against the monsters left: the kill limit
        just above the strongest monster it may still slay (0 and no weapon when none),
        the value at most that monster's."""
        if not w:
            return 0, 0
        top = 0
        equal = self.equal
        for cards in (dungeon, room):
            for c in cards:
                if c < 16 and top < c and (c < last or (equal and c == last)):
                    top = c
        if not top:
            return 0, 0
        return min(w, top), top if equal else top + 1

    def search(self, dungeon: tuple[int, ...], room: tuple[int, ...], h: int, w: int,
               last: int, may_avoid: bool) -> int:
        """Search every line from this boundary that could beat ``self.best``; return an
        upper bound of the best score from it (its value when a line beats
        ``self.best``).

        Raises _OutOfBudget when the node budget runs out and _Reached when a line
        reaches ``self.target``."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        w, last = self.weapon(dungeon, room, w, last)
        key = (dungeon, room if may_avoid else tuple(sorted(room)), may_avoid)
        best = self.best
        marks = self.memo.get(key)
        if marks is not None:
            for mh, mw, ml, mu in marks:
                if mu <= best and mh >= h and mw >= w and ml >= last:
                    return mu
        final = not dungeon
        kept, ends = self.expand(tuple(sorted(room)), h, w, last, final)
        value = -(10**9)
        if ends:
            # a death scores 0 or less: it only counts while no line scores more
            dungeon_monsters = _monsters(dungeon) if best < 0 else 0
            for score, moves in ends:
                if score <= 0:
                    if best >= 0:
                        if value < 0:
                            value = 0
                        continue
                    score -= dungeon_monsters
                if score > value:
                    value = score
                if score > self.best:
                    self.best = self.found = score
                    self.best_line = self.path + list(moves)
                    if self.target is not None and score >= self.target:
                        raise _Reached
        children = [(o[0], o[1], o[2], c, o[3]) for c, outs in kept.items() for o in outs]
        children.sort(key=lambda o: (-o[0], -o[1], -o[2], o[3]))
        next_dungeon, dealt = dungeon[3:], dungeon[:3]
        for h2, w2, last2, c, moves in children:
            # the next boundary holds the dungeon's cards and the one kept
            b = self._bound(dungeon, (), c, h2, w2, last2)
            if b <= self.best:
                if b > value:
                    value = b
                continue
            mark = len(self.path)
            self.path.extend(moves)
            u = self.search(next_dungeon, (c,) + dealt, h2, w2, last2, True)
            del self.path[mark:]
            if u > value:
                value = u
        if may_avoid and dungeon:
            b = self.bound(dungeon, room, h, w, last)
            if b <= self.best:
                if b > value:
                    value = b
            else:
                under = dungeon + room
                self.path.append(("avoid",))
                u = self.search(under[4:], under[:4], h, w, last, False)
                self.path.pop()
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

    def run(self, root: Boundary, best: int, target: int | None) -> tuple[str, int]:
        """Search from ``root`` for lines above ``best`` (stopping at one that reaches
        ``target``): ``done`` (searched to the end) with an upper bound of the root's
        best score, ``reached`` or ``budget``."""
        self.best, self.target = max(best, self.found), target
        self.path = []
        try:
            b = self.bound(*root[:5])
            if b <= self.best:
                return "done", b
            return "done", self.search(*root)
        except _OutOfBudget:
            return "budget", 0
        except _Reached:
            return "reached", self.found


def _monsters(cards: tuple[int, ...]) -> int:
    return sum(c for c in cards if c < 16)


def _better_kept(a: int, b: int) -> bool:
    """Whether keeping card ``a`` for the next room is never worse than keeping ``b``
    (both potions or both weapons, ``a`` at least as large)."""
    return a == b or (a >= 16 and b >= 16 and a >> 4 == b >> 4 and a > b)


def _undominated(kept: dict[int, list[Outcome]]) -> dict[int, list[Outcome]]:
    """The room's outcomes that no other beats on the card kept, health, weapon and kill
    limit at once (the first of equal ones)."""
    flat = sorted(((o, c) for c, outs in kept.items() for o in outs),
                  key=lambda oc: (-oc[0][0], -oc[0][1], -oc[0][2], -oc[1]))
    keep: list[tuple[Outcome, int]] = []
    for o, c in flat:
        if not any(k[0] >= o[0] and k[1] >= o[1] and k[2] >= o[2] and _better_kept(kc, c)
                   for k, kc in keep):
            keep.append((o, c))
    out: dict[int, list[Outcome]] = {}
    for o, c in keep:
        out.setdefault(c, []).append(o)
    return out


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
    ceiling = search.bound(*root[:5])
    search.budget = limit - limit // RESERVE
    iterations = 0
    while ceiling > 0:
        iterations += 1
        status, upper = search.run(root, ceiling - 1, ceiling)
        if status == "reached":
            break
        if status == "budget":
            break
        ceiling = upper  # no line reaches it
    log["aim_nodes"] = search.nodes
    log["ceiling"] = ceiling
    log["iterations"] = iterations
    search.budget = limit
    if search.found >= ceiling > 0:
        return True, log
    if ceiling > 0:  # out of budget: any win
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
