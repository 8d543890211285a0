"""Simulated players for Shuffle and Doom! (``companion stats``).

A player is a :data:`companion.simulate.Player`: ``(game, state, legal, rng) -> action``.

* ``random``: any legal action, uniformly.
* ``greedy``: a casual player's rules of thumb (see :func:`greedy_player`).
* ``expert``: fights rooms by exact small searches and chooses rooms, the stack, the
  ♦ bonuses and when to leave by Monte Carlo over the cards it cannot see (see
  :func:`expert_player`).

What the players may look at: the map and both stacks, their stats and inventory, the
cards of the rooms entered so far (every card drawn face up), the room they are in,
the pass number and how many cards are left in the pass. From what was drawn a player
at the table knows which cards are still in the pass (the pass's cards less those
drawn: the *multiset*, never the order), and in pass 1 that the map cards lie at the
bottom in the order row stack then column stack (the player put them there). They never
read the order of the undrawn cards (``deck[deck_pos:]``), the cards of rooms not yet
entered, nor the order of later passes (the seed's ``pass_order``): the expert samples
those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cards import Card, Suit
from companion.games.base import Game
from companion.games.shuffle_and_doom import rules
from companion.games.shuffle_and_doom.dungeon import Cell, bonus_modifier
from companion.rng import Stream
from companion.simulate import Player, random_player

FULL = sorted(rules.FULL_DECK, key=Card.sort_key)


# ============================================================== shared room helpers
def _kind_of(card: Card, has_items: bool) -> str:
    if card.suit is Suit.SPADES:
        return "enemy"
    if card.suit is Suit.CLUBS:
        return "trap" if has_items else "book"
    return "potion" if card.suit is Suit.HEARTS else "gold"


EXACT_FIGHT = 7  # enemies in a fight searched exactly; more follow a rule
_FIGHT_MEMO: dict[tuple[tuple[int, ...], bool, int], tuple[int, int]] = {}


def fight_plan(values: tuple[int, ...], attack: int, stunned: bool) -> tuple[int, int]:
    """The least total damage taken killing enemies of current ``values`` (sorted)
    with ``attack``, and the value of the enemy to hit first (exact search)."""
    if len(values) > EXACT_FIGHT:
        return _fight_rule(values, attack, stunned)
    key = (values, stunned, attack)
    got = _FIGHT_MEMO.get(key)
    if got is not None:
        return got
    best = (1 << 60, values[0] if values else 0)
    done: set[int] = set()
    for i, v in enumerate(values):
        if v in done:
            continue
        done.add(v)
        rest = values[:i] + values[i + 1 :]
        if v > attack:
            rest = tuple(sorted(rest + (v - attack,)))
        hurt = 0 if stunned else sum(rest)
        total = hurt + (fight_plan(rest, attack, False)[0] if rest else 0)
        if total < best[0]:
            best = (total, v)
    if len(_FIGHT_MEMO) > 200_000:
        _FIGHT_MEMO.clear()
    _FIGHT_MEMO[key] = best
    return best


def _fight_rule(values: tuple[int, ...], attack: int, stunned: bool) -> tuple[int, int]:
    """For big fights: always hit the enemy that removes the most damage per hit still
    needed (value / hits to kill; Smith's rule), and the damage that order takes."""
    def rate(v: int) -> tuple[float, int]:
        return (v / -(-v // attack), v)
    vals = list(values)
    first = max(vals, key=rate)
    total = 0
    while vals:
        v = max(vals, key=rate)
        vals.remove(v)
        if v > attack:
            vals.append(v - attack)
        if not stunned:
            total += sum(vals)
        stunned = False
    return total, first


# utility of a room's result: health, gold and intelligence gained
GOLD_WEIGHT = 1.0
INT_WEIGHT = 0.4


def _gain(kind: str, value: int, flat: bool) -> tuple[int, int, int]:
    """(health, intelligence, gold) an item brings when drunk or read at once."""
    if kind == "potion":
        return (rules.FLAT_VALUE if flat else value), 0, 0
    if kind == "book":
        return 0, (rules.FLAT_VALUE if flat else value), 0
    return 0, 0, value


def _utility(hp: int, intel: int, gold: int) -> float:
    return hp + GOLD_WEIGHT * gold + INT_WEIGHT * intel


def trap_choice(hp: int, intel: int, traps: list[int], items: Sequence[tuple[str, int]],
                can_retreat: bool, flat: bool) -> tuple[str, int]:
    """After the enemies: ("disarm", i), ("take", i), ("retreat", 0) or ("loot", 0)."""
    for i, t in enumerate(traps):
        if t <= intel:
            return "disarm", i
    if not traps:
        return "loot", 0
    damage = sum(traps)
    best: tuple[float, str, int] = (float("-inf"), "take", 0)
    if can_retreat:
        best = (_utility(hp, intel, 0), "retreat", 0)
    for i, (kind, value) in enumerate(items):
        dh, di, dg = _gain(kind, value, flat)
        after = hp - damage + dh
        u = -1e9 + value if hp - damage < 0 else _utility(after, intel + di, dg)
        if u > best[0]:
            best = (u, "take", i)
    return best[1], best[2]


def _settle_traps(hp: int, intel: int, traps: list[int], items: Sequence[tuple[str, int]],
                  can_retreat: bool, flat: bool) -> tuple[int, int, int] | None:
    """(health, intelligence, gold gained) after the traps and loot, or None: dead."""
    traps = [t for t in traps if t > intel]
    gold = 0
    if traps:
        what, i = trap_choice(hp, intel, traps, items, can_retreat, flat)
        if what == "retreat":
            return hp, intel, 0
        hp -= sum(traps)
        if hp < 0:
            return None
        items = [items[i]]
    for kind, value in items:
        dh, di, dg = _gain(kind, value, flat)
        hp, intel, gold = hp + dh, intel + di, gold + dg
    return hp, intel, gold


def technique_choice(hp: int, attack: int, intel: int, enemies: list[int], traps: list[int],
                     items: Sequence[tuple[str, int]], can_retreat: bool,
                     flat: bool) -> int | None:
    """On entering a room with enemies, traps and items: the item to take by the stun
    technique, or None to fight normally (best expected utility, exact)."""
    plain = _resolve(hp, attack, intel, enemies, traps, items, can_retreat, flat, False)
    best_u = float("-inf") if plain is None else _utility(*plain)
    best: int | None = None
    damage = sum(traps)
    if hp - damage < 0:
        return None
    survivors = tuple(sorted(v - damage for v in enemies if v - damage > 0))
    taken = fight_plan(survivors, attack, True)[0] if survivors else 0
    left = hp - damage - taken
    if left < 0:
        return None
    for i, (kind, value) in enumerate(items):
        dh, di, dg = _gain(kind, value, flat)
        u = _utility(left + dh, intel + di, dg)
        if u > best_u:
            best_u, best = u, i
    return best


def _resolve(hp: int, attack: int, intel: int, enemies: list[int], traps: list[int],
             items: Sequence[tuple[str, int]], can_retreat: bool, flat: bool,
             allow_technique: bool = True) -> tuple[int, int, int] | None:
    """The expert's play of a whole room: (health, intelligence, gold) after, or None."""
    if enemies and traps and items and allow_technique:
        i = technique_choice(hp, attack, intel, enemies, traps, items, can_retreat, flat)
        if i is not None:
            damage = sum(traps)
            survivors = tuple(sorted(v - damage for v in enemies if v - damage > 0))
            taken = fight_plan(survivors, attack, True)[0] if survivors else 0
            dh, di, dg = _gain(*items[i], flat)
            return hp - damage - taken + dh, intel + di, dg
    if enemies:
        hp -= fight_plan(tuple(sorted(enemies)), attack, False)[0]
        if hp < 0:
            return None
    return _settle_traps(hp, intel, traps, items, can_retreat, flat)


# ============================================================== visible information
def unseen_pass(state: rules.State) -> tuple[list[Card], list[Card]]:
    """The cards still to come in this pass as a player knows them: (cards in unknown
    order, sorted; map cards that come after them in known order). Computed from the
    cards already drawn, never from the order of the rest."""
    drawn = set(state.deck[: state.deck_pos])
    if state.pass_no == 1:
        tail = [c for c in state.dmap.row_stack + state.dmap.column_stack
                if c not in drawn]
        free = [c for c in FULL if c not in drawn and c not in state.map_cards]
        return free, tail
    # later passes: every card but those on the table at the pass start, less the drawn
    rest = set(state.deck) - drawn
    return [c for c in FULL if c in rest], []


class _Sample:
    """One guess at the hidden cards: this pass's order and later passes' orders."""

    __slots__ = ("current", "later", "rng")

    def __init__(self, state: rules.State, rng: Stream) -> None:
        free, tail = unseen_pass(state)
        self.current = rng.shuffled(free) + tail
        self.later: list[list[Card]] = []
        self.rng = rng

    def pass_order(self, k: int) -> list[Card]:
        while len(self.later) <= k:
            self.later.append(self.rng.shuffled(FULL))
        return self.later[k]


class _Deck:
    """Drawing from a sample as the rules do (a new pass doubles the values)."""

    __slots__ = ("sample", "cards", "pos", "pass_no", "later")

    def __init__(self, sample: _Sample, pass_no: int) -> None:
        self.sample = sample
        self.cards = sample.current
        self.pos = 0
        self.pass_no = pass_no
        self.later = 0

    def draw(self, n: int) -> list[tuple[Card, int]]:
        out: list[tuple[Card, int]] = []
        while len(out) < n:
            if self.pos >= len(self.cards):
                table = {c for c, _ in out}
                self.cards = [c for c in self.sample.pass_order(self.later) if c not in table]
                self.later += 1
                self.pos = 0
                self.pass_no += 1
                if not self.cards:
                    break
            c = self.cards[self.pos]
            self.pos += 1
            out.append((c, rules.face_value(c) << (self.pass_no - 1)))
        return out


# ============================================================== map helpers
def _retreat_ok(dmap: Any, room: int) -> bool:
    size = dmap.size
    for cell in dmap.rooms[room]:
        c, r = cell
        for nb in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)):
            if 0 <= nb[0] < size and 0 <= nb[1] < size and not dmap.filled(nb):
                return True
    return False


_ENTERABLE: dict[int, tuple[Any, dict[Any, tuple[list[int], bool]]]] = {}


def _enterable(dmap: Any, pos: Any, opened: list[bool]) -> tuple[list[int], bool]:
    """Rooms the player can enter next and whether the exit can be reached (cached
    per map, position and rooms opened)."""
    slot = _ENTERABLE.get(id(dmap))
    if slot is None or slot[0] is not dmap:
        if len(_ENTERABLE) > 32:
            _ENTERABLE.clear()
        slot = _ENTERABLE[id(dmap)] = (dmap, {})
    key = (pos, tuple(opened))
    got = slot[1].get(key)
    if got is None:
        got = slot[1][key] = _enterable_now(dmap, pos, opened)
    return got


class _Graph:
    """The map as a graph: filled rooms (nodes 0..R-1) and the regions of 0 cells (the
    next nodes), joined when two of their cells touch."""

    def __init__(self, dmap: Any) -> None:
        size = dmap.size
        rooms = len(dmap.rooms)
        node: dict[Cell, int] = dict(dmap.room_index)
        nxt = rooms
        for c in range(size):
            for r in range(size):
                if (c, r) in node:
                    continue
                node[(c, r)] = nxt
                todo = [(c, r)]
                while todo:
                    cc, rr = todo.pop()
                    for nb in ((cc, rr - 1), (cc + 1, rr), (cc, rr + 1), (cc - 1, rr)):
                        if (0 <= nb[0] < size and 0 <= nb[1] < size and nb not in node
                                and not dmap.filled(nb)):
                            node[nb] = nxt
                            todo.append(nb)
                nxt += 1
        links: list[set[int]] = [set() for _ in range(nxt)]
        for (c, r), a in node.items():
            for nb in ((c + 1, r), (c, r + 1)):
                b = node.get(nb)
                if b is not None and b != a:
                    links[a].add(b)
                    links[b].add(a)
        self.rooms = rooms
        self.node = node
        self.links = [sorted(x) for x in links]
        self.corner = node[(size - 1, size - 1)]
        self.a1 = node[(0, 0)]
        self.retreat = [_retreat_ok(dmap, i) for i in range(rooms)]
        self.rank = [(len(cells), i) for i, cells in enumerate(dmap.rooms)]

    def enterable(self, pos: Any, opened: list[bool]) -> tuple[list[int], bool]:
        rooms = self.rooms
        start = self.a1 if pos is None else self.node[pos]
        if start < rooms and not opened[start]:
            return ([start] if pos is None else []), False
        seen = {start}
        todo = [start]
        out: set[int] = set()
        links = self.links
        while todo:
            for b in links[todo.pop()]:
                if b in seen:
                    continue
                if b < rooms and not opened[b]:
                    out.add(b)
                    continue
                seen.add(b)
                todo.append(b)
        return sorted(out), self.corner in seen


def _enterable_now(dmap: Any, pos: Any, opened: list[bool]) -> tuple[list[int], bool]:
    return _graph(dmap).enterable(pos, opened)


_GRAPHS: dict[int, tuple[Any, _Graph]] = {}


def _graph(dmap: Any) -> _Graph:
    got = _GRAPHS.get(id(dmap))
    if got is None or got[0] is not dmap:
        if len(_GRAPHS) > 32:
            _GRAPHS.clear()
        got = _GRAPHS[id(dmap)] = (dmap, _Graph(dmap))
    return got[1]


def _resolved(state: rules.State) -> list[bool]:
    opened = [st == "emptied" for st in state.status]
    if state.room is not None:
        opened[state.room.index] = True
    return opened


# ============================================================== greedy
def greedy_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """A casual player's rules of thumb:

    * stack: the one adding the most stat points (♥♠♣ B each, ♦ 1), ties to more ♠;
      every ♦ bonus goes to attack;
    * books are read at once; a potion is drunk when the health left would not survive
      the enemies' next attack (or is below 3);
    * fight: hit the strongest enemy that dies in one hit, else the weakest; the stun
      technique is never used;
    * traps: disarm what intelligence allows; then take the best gold (else the best
      item) if health stays at 3 or more, else retreat if a 0 cell is next to the room;
    * loot what is left; go to the smallest room that can be entered next; leave by the
      exit as soon as health is 5 or less and the exit can be reached.
    Ties are broken at random.
    """
    if state.choice is None:
        b = bonus_modifier(state.size)

        def points(stack: tuple[Card, ...]) -> tuple[int, int]:
            return (sum(1 if c.suit is Suit.DIAMONDS else b for c in stack),
                    sum(1 for c in stack if c.suit is Suit.SPADES))
        row, col = points(state.dmap.row_stack), points(state.dmap.column_stack)
        if row == col:
            return rng.choice(legal)
        return rules.Choose("row" if row > col else "column")
    if state.bonus_owed:
        return rules.Bonus(("attack",))
    for a in legal:
        if isinstance(a, rules.Read):
            return a
    room = state.room
    threat = sum(e.value for e in room.enemies) if room is not None else 0
    drinks = [a for a in legal if isinstance(a, rules.Drink)]
    if drinks and (state.health < 3 or (room is not None and room.enemies
                                          and state.health - threat < 0)):
        return drinks[0]
    if room is not None and room.enemies:
        one_hit = [e for e in room.enemies if e.value <= state.attack]
        if one_hit:
            top = max(e.value for e in one_hit)
            return rules.Hit(rng.choice([e.card for e in one_hit if e.value == top]))
        low = min(e.value for e in room.enemies)
        return rules.Hit(rng.choice([e.card for e in room.enemies if e.value == low]))
    if room is not None and room.traps:
        disarm = [a for a in legal if isinstance(a, rules.Disarm)]
        if disarm:
            return disarm[0]
        damage = sum(t.value for t in room.traps)
        retreats = [a for a in legal if isinstance(a, rules.Retreat)]
        if state.health - damage >= 3 or not retreats:
            items = room.items
            gold = [e for e in items if e.kind == "gold"] or items
            top = max(e.value for e in gold)
            return rules.Take(rng.choice([e.card for e in gold if e.value == top]))
        return retreats[0]
    if room is not None and room.items:
        return rules.Loot()
    exits = [a for a in legal if isinstance(a, rules.Exit)]
    if exits and state.health <= 5:
        return exits[0]
    enters = [a for a in legal if isinstance(a, rules.Enter)]
    if enters:
        dmap = state.dmap
        sizes = {a: len(dmap.rooms[dmap.room_index[a.cell]]) for a in enters}
        small = min(sizes.values())
        return rng.choice([a for a in enters if sizes[a] == small])
    if exits:
        return exits[0]
    return rng.choice(legal)


# ============================================================== expert
SAMPLES = 20
HORIZON = 10  # rooms a rollout plays at most (big maps)
CANDIDATES = 6  # rooms weighed as the next one: the smallest that can be entered
BIG_MAP = 20  # more rooms than this: less search per decision (time)
BIG_EFFORT = (6, 6, 4)  # samples, horizon, candidates on a big map


def _effort(dmap: Any) -> tuple[int, int, int]:
    if len(dmap.rooms) > BIG_MAP:
        return BIG_EFFORT
    return SAMPLES, HORIZON, CANDIDATES


class _Sim:
    """Rollouts of the rest of the game from the expert's point of view."""

    def __init__(self, state: rules.State) -> None:
        self.dmap = state.dmap
        self.flat = state.flat
        graph = _graph(self.dmap)
        self.retreat = graph.retreat
        self.rank = graph.rank
        self.horizon = _effort(self.dmap)[1]

    def trajectory(self, sample: _Sample, pass_no: int, hp: int, atk: int, intel: int,
                   gold: int, opened: list[bool], pos: Any,
                   first: int | None) -> list[tuple[float, bool]]:
        """Rooms entered one after another (``first``, then the smallest that can be
        entered); after each room (and before the first): (score if the player stops
        there (0 when dead), whether stopping is possible)."""
        deck = _Deck(sample, pass_no)
        opened = list(opened)
        dmap = self.dmap
        rooms, can_exit = _enterable(dmap, pos, opened)
        out = [(float(gold), can_exit)]
        nxt = first
        horizon = self.horizon
        while len(out) <= horizon:
            if nxt is None:
                if not rooms:
                    break
                nxt = min(rooms, key=self.rank.__getitem__)
            cells = dmap.rooms[nxt]
            drawn = deck.draw(len(cells))
            has_items = any(c.suit in (Suit.HEARTS, Suit.DIAMONDS) for c, _ in drawn)
            enemies: list[int] = []
            traps: list[int] = []
            items: list[tuple[str, int]] = []
            for c, v in drawn:
                kind = _kind_of(c, has_items)
                if kind == "enemy":
                    enemies.append(v)
                elif kind == "trap":
                    traps.append(v)
                else:
                    items.append((kind, v))
            res = _resolve(hp, atk, intel, enemies, traps, items, self.retreat[nxt],
                           self.flat)
            if res is None:
                out.append((0.0, True))
                for _ in range(len(out), len(opened) + 2):
                    out.append((0.0, True))
                return out
            hp, intel, g = res
            gold += g
            opened[nxt] = True
            pos = cells[0]
            if all(opened):
                out.append((2.0 * gold, True))
                return out
            rooms, can_exit = _enterable(dmap, pos, opened)
            out.append((float(gold), can_exit))
            nxt = None
        if len(out) <= horizon:  # no room to enter, no exit: cannot happen
            out.append((0.0, False))
        return out


def _value(trajectories: list[list[tuple[float, bool]]], now: bool) -> float:
    """Best mean score over the open-loop rules "stop at the first chance after j rooms"
    (j >= 1 unless ``now``)."""
    if not trajectories:
        return 0.0
    longest = max(len(t) for t in trajectories)
    best = float("-inf")
    for j in range(0 if now else 1, longest):
        total = 0.0
        for t in trajectories:
            k = j
            while k < len(t) and not t[k][1]:
                k += 1
            total += t[min(k, len(t) - 1)][0]
        best = max(best, total / len(trajectories))
    return best


def _plan_value(state: rules.State, samples: list[_Sample], hp: int, atk: int, intel: int,
                first: int | None, now: bool) -> float:
    sim = _Sim(state)
    opened = _resolved(state)
    pos = state.position
    gold = state.banked + state.gold
    trajs = [sim.trajectory(s, state.pass_no, hp, atk, intel, gold, opened, pos, first)
             for s in samples]
    return _value(trajs, now)


def _samples(state: rules.State, rng: Stream) -> list[_Sample]:
    return [_Sample(state, rng) for _ in range(_effort(state.dmap)[0])]


def _consumed_stats(state: rules.State) -> tuple[int, int]:
    """Health and intelligence once every held potion and book is used."""
    hp, intel = state.health, state.intelligence
    for h in state.inventory:
        gain = rules.FLAT_VALUE if state.flat else h.value
        if h.kind == "potion":
            hp += gain
        elif h.kind == "book":
            intel += gain
    return hp, intel


def expert_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """The strongest player here that sees only what the table shows (module docstring).

    * Potions and books are used at once (no upper limit, and a pass end uses them
      anyway), so health and intelligence are always as high as they can be.
    * In a room, the order of hits is the one that takes the least total damage (exact
      search); the stun technique is used when it leaves the best health + gold +
      0.4 × intelligence; armed traps are disarmed when intelligence allows, then one
      item is taken (health, gold, intelligence weighed the same way) or the player
      retreats.
    * Stack, ♦ bonuses, which room next and when to exit: Monte Carlo. Each of 20
      samples deals the unseen cards of the pass in a random order (map cards last in
      pass 1) and later passes at random; in each sample the player plays on (the
      candidate room first, then the smallest room that can be entered, each room as
      above) and every plan "stop at the first chance after j rooms" is scored (exit:
      gold; cleared: twice the gold; dead: 0). The candidate with the best plan wins;
      all candidates share the samples.
    """
    if state.choice is None:
        samples = _samples(state, rng)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            after = rules.apply(state, a)
            hp, atk, intel = after.health, after.attack, after.intelligence
            v = _plan_value(after, samples, hp + after.bonus_owed, atk, intel, None, False)
            if v > best_v:
                best, best_v = a, v
        return best
    if state.bonus_owed:
        samples = _samples(state, rng)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            after = rules.apply(state, a)
            v = _plan_value(after, samples, after.health, after.attack,
                            after.intelligence, None, False)
            if v > best_v:
                best, best_v = a, v
        return best
    for a in legal:
        if isinstance(a, (rules.Read, rules.Drink)):
            return a
    room = state.room
    hp, atk, intel = state.health, state.attack, state.intelligence
    if room is not None and (room.enemies or room.traps):
        items = [(e.kind, e.value) for e in room.items]
        traps = [t.value for t in room.traps]
        can_retreat = _retreat_ok(state.dmap, room.index)
        if room.enemies:
            if room.fresh and traps and items:
                i = technique_choice(hp, atk, intel, [e.value for e in room.enemies],
                                     traps, items, can_retreat, state.flat)
                if i is not None:
                    return rules.Take(room.items[i].card)
            values = tuple(sorted(e.value for e in room.enemies))
            _, target = fight_plan(values, atk, room.stunned)
            return rules.Hit(next(e.card for e in room.enemies if e.value == target))
        what, i = trap_choice(hp, intel, traps, items, can_retreat, state.flat)
        if what == "disarm":
            return rules.Disarm(room.traps[i].card)
        if what == "take":
            return rules.Take(room.items[i].card)
        retreats = [a for a in legal if isinstance(a, rules.Retreat)]
        return retreats[0] if retreats else rules.Take(room.items[0].card)
    if room is not None and room.items:
        return rules.Loot()
    enters = [a for a in legal if isinstance(a, rules.Enter)]
    exits = [a for a in legal if isinstance(a, rules.Exit)]
    if not enters:
        return exits[0] if exits else legal[0]
    by_room: dict[int, Any] = {}
    for a in enters:
        by_room.setdefault(state.dmap.room_index[a.cell], a)
    samples = _samples(state, rng)
    best, best_v = None, float("-inf")
    if exits:
        best, best_v = exits[0], float(state.banked + state.gold)
    rank = _graph(state.dmap).rank
    for idx in sorted(by_room, key=rank.__getitem__)[: _effort(state.dmap)[2]]:
        a = by_room[idx]
        v = _plan_value(state, samples, hp, atk, intel, idx, False)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best if best is not None else enters[0]


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "expert": expert_player,
}
