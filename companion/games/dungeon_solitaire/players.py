"""Simulated players for Dungeon Solitaire: ``random``, ``greedy`` and ``expert``.

Every player is a :data:`companion.simulate.Player`: ``(game, state, legal, rng) ->
action``. They play as a person at the table would: they see the face-up cards, which
squares hold a card (face up or down), their health, and the *contents* of their deck
and discard pile, never their order. In the ``play`` phase ``legal`` holds one
``Draw`` whose ids are the top of the simulation's hand shuffle: the players take it as
an opaque "draw" and never read its ids (nor the deck's order) before choosing it.
Face-down cards are never read either, except for what the printed rules tell anyone:
step 3 and step 5 of level generation give every level card next to an empty square an
exit toward it, so a face-down card next to a square that was empty when the level was
dealt (empty now, or holding a card the player put there) has an exit that way.

``random``: a draft kept at random (:func:`random_draft`: the draft's legal actions are
every way to keep one card of each set), then any legal action, uniformly.

``greedy`` (one step, no planning):
  * draft and chests: the card with the most exits (a chest on a room card breaks ties;
    a leap counts as three exits), looking no further;
  * if face-up cards with facing exits lead to the staircase, take the first step of
    the shortest such path, monsters or not;
  * else walk to the nearest visible chest or square whose exit points at a face-down
    card (to turn it up), monsters or not;
  * else walk to the square next to the empty square nearest the staircase, draw there
    and keep the card that brings it closest to the staircase (a room card with an exit
    back toward it on the empty square nearest the stairs, better with an exit onward;
    a leap toward the stairs; a slay; a heal when hurt).

``expert`` (plans on what it sees):
  * a cost-to-go map to the staircase over the whole board (Dijkstra from the stairs):
    a step between two known facing exits is free, an empty square costs one card, an
    exit not known yet costs by its odds, a wall between known cards costs about one
    card (turn or leap), a face-up monster costs health priced by the health left;
  * it turns up every face-down card it can reach without a fight and takes every chest
    (and heart, when hurt) it can reach, then walks to the stairs when the way is open,
    fighting monsters on the way only when at least 2 health would be left; stuck, it
    also fights to reach more of the board while it has 2 health or more;
  * stuck, it picks the square to draw from that maximises the expected value of the
    best card of a random draw of three from its deck's known contents (every 3-card
    subset counted, each card scored by how much it shortens the cost-to-go minus
    what the card is worth later), walks there and draws;
  * it keeps the drawn card whose play shortens the cost-to-go most, net of the card's
    worth (a heal is worth the health it gives);
  * draft and chests: the card worth most for the rest of the run (many exits, a chest
    or heart on a room card; leap, slay, turn, heal by measured worth).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from companion.games.dungeon_solitaire import rules
from companion.games.dungeon_solitaire.cards import DELTA, DIRS, OPPOSITE, Room, Special
from companion.games.dungeon_solitaire.generation import reward_deck
from companion.grid import Cell as Cell  # re-exported (was defined here)
from companion.rng import Stream, stream
from companion.simulate import Player, random_player

INF = 1e9

# --------------------------------------------------------------------- card worth
EXIT_WORTH = {0: 0.0, 1: 0.05, 2: 0.3, 3: 0.5, 4: 0.65}
OBJECT_WORTH = {None: 0.0, "chest": 0.45, "heart": 0.2, "monster": -0.25}
SPECIAL_WORTH = {"leap": 0.55, "slay": 0.35, "turn": 0.45, "heal": 0.35}


def card_worth(card: Room | Special) -> float:
    """What a card is worth for the rest of the run (the draft, chests, what to spend)."""
    if isinstance(card, Special):
        return SPECIAL_WORTH[card.kind]
    return EXIT_WORTH[len(card.exits)] + OBJECT_WORTH[card.obj]


def _cards(state: rules.State) -> Any:
    return reward_deck(state.seed, state.rules)


def _card(state: rules.State, rid: str) -> Room | Special:
    return _cards(state)[int(rid[1:]) - 1].card


def _step(cell: Cell, side: str) -> Cell:
    d = DELTA[side]
    return (cell[0] + d[0], cell[1] + d[1])


def _direction(a: Cell, b: Cell) -> str:
    for side in DIRS:
        if _step(a, side) == b:
            return side
    raise ValueError((a, b))


def _move(side: str) -> rules.Move:
    return rules.Move((side,))


def draft_by_worth(state: rules.State) -> rules.Draft:
    """The best card (by :func:`card_worth`) of each draft set, ties to the lower id."""
    r = state.rules
    deck = _cards(state)
    picks = []
    for k in range(r.draft_sets):
        group = deck[k * r.set_size:(k + 1) * r.set_size]
        best = max(group, key=lambda c: (card_worth(c.card), -int(c.id[1:])))
        picks.append(best.id)
    return rules.Draft(tuple(picks))


# ------------------------------------------------------------------------- the view
class View:
    """What the player knows of the board: cells, known exits, the odds of the rest."""

    __slots__ = ("size", "tiles", "pos", "stairs", "health", "max_health", "exits",
                 "known", "obj", "up")

    def __init__(self, state: rules.State) -> None:
        self.size = state.size
        tiles = dict(state.board)
        self.tiles = tiles
        self.pos = state.position
        self.stairs = state.stairs
        self.health = state.health
        self.max_health = state.rules.max_health
        # exits: the exits known open; known: the sides whose state is known
        self.exits: dict[Cell, str] = {}
        self.known: dict[Cell, str] = {}
        self.obj: dict[Cell, Any] = {}
        self.up: dict[Cell, bool] = {}
        n = self.size
        for cell, tile in tiles.items():
            self.up[cell] = tile.face_up
            if tile.face_up:
                self.exits[cell] = tile.room.exits
                self.known[cell] = DIRS
                self.obj[cell] = tile.room.obj
            else:
                ex, kn = "", ""
                for side in DIRS:
                    nb = _step(cell, side)
                    if not (0 <= nb[0] < n and 0 <= nb[1] < n):
                        kn += side
                    elif nb not in tiles or tiles[nb].source:
                        ex += side
                        kn += side
                self.exits[cell] = ex
                self.known[cell] = kn
                self.obj[cell] = None

    def inside(self, c: Cell) -> bool:
        """Whether square ``c`` lies on the board."""
        return 0 <= c[0] < self.size and 0 <= c[1] < self.size

    def side_odds(self, cell: Cell, side: str) -> float:
        """The chance that ``cell`` is open on ``side``: 1 when known open, 0 when known
        closed, else a guess."""
        if side in self.exits[cell]:
            return 1.0
        if side in self.known[cell]:
            return 0.0
        return 0.55

    def open_between(self, a: Cell, side: str) -> bool:
        """Known facing exits from tile ``a`` to its neighbour on ``side``."""
        b = _step(a, side)
        return (b in self.exits and side in self.exits[a]
                and OPPOSITE[side] in self.exits[b])

    def open_between_room(self, cell: Cell, room: Room) -> bool:
        """Known facing exits from the player's tile to ``room`` played on the
        neighbouring ``cell`` (False if ``cell`` is not next to the player)."""
        side = _direction(self.pos, cell) if abs(self.pos[0] - cell[0]) + abs(
            self.pos[1] - cell[1]) == 1 else None
        return side is not None and side in self.exits[self.pos] and room.has(OPPOSITE[side])


# cost-to-go weights (in cards)
CARD = 1.0
WALL = 1.3
UNKNOWN = 1.1


def monster_cost(health: int) -> float:
    """The cost-to-go weight (in cards) of a monster on the way at ``health``: the
    lower the health, the dearer."""
    if health <= 1:
        return 50.0
    if health == 2:
        return 1.4
    return 0.7


def heal_worth(health: int, max_health: int) -> float:
    """What healing is worth (in cards) at ``health`` of ``max_health``: nothing when
    full, most when at 1."""
    if health >= max_health:
        return 0.0
    return {1: 1.0, 2: 0.6}.get(health, 0.3)


def cost_to_go(v: View) -> dict[Cell, float]:
    """Dijkstra from the staircase: the cost of reaching it from every square (an empty
    square as if a card with the right exits stood there)."""
    n = v.size
    dist: dict[Cell, float] = {v.stairs: 0.0}
    heap = [(0.0, v.stairs)]
    mon = monster_cost(v.health)
    exits, tiles = v.exits, v.tiles
    while heap:
        d, b = heapq.heappop(heap)
        if d > dist.get(b, INF):
            continue
        # entering b costs: a card if empty, a fight if a monster shows
        enter = (mon if v.obj[b] == "monster" else 0.0) if b in tiles else CARD
        for side in DIRS:
            a = _step(b, side)  # a steps toward b through a's side OPPOSITE[side]
            if not (0 <= a[0] < n and 0 <= a[1] < n):
                continue
            toward = OPPOSITE[side]
            if a in tiles and b in tiles:
                p = v.side_odds(a, toward) * v.side_odds(b, side)
                if p >= 1.0:
                    edge = 0.0
                elif p <= 0.0:
                    edge = WALL
                else:
                    edge = (1.0 - p) * UNKNOWN
            elif a in tiles:  # into an empty square: a must face it
                edge = 0.0 if toward in exits[a] else WALL
            elif b in tiles:  # out of an empty square: b must face it
                edge = 0.0 if side in exits[b] else WALL
            else:
                edge = 0.0
            nd = d + enter + edge
            if nd < dist.get(a, INF):
                dist[a] = nd
                heapq.heappush(heap, (nd, a))
    return dist


def component(v: View, fight: bool = False) -> dict[Cell, Cell | None]:
    """Squares reachable over known facing exits without a fight: cell -> parent."""
    parent: dict[Cell, Cell | None] = {v.pos: None}
    todo = deque([v.pos])
    while todo:
        cur = todo.popleft()
        if cur == v.stairs and cur != v.pos:
            continue
        for side in v.exits[cur]:
            nb = _step(cur, side)
            if nb in parent or not v.open_between(cur, side):
                continue
            if v.obj.get(nb) == "monster" and not fight:
                continue
            parent[nb] = cur
            todo.append(nb)
    return parent


def first_step(parent: dict[Cell, Cell | None], pos: Cell, goal: Cell) -> rules.Move:
    """The move of the first step from ``pos`` toward ``goal`` along the search tree
    ``parent`` (each square's predecessor)."""
    cur = goal
    while parent[cur] != pos:
        nxt = parent[cur]
        assert nxt is not None
        cur = nxt
    return _move(_direction(pos, cur))


# ---------------------------------------------------------------------- evaluation
def _after_room(v: View, cell: Cell, room: Room) -> View:
    w = _copy(v)
    w.exits[cell] = room.exits
    w.known[cell] = DIRS
    w.obj[cell] = room.obj
    w.up[cell] = True
    w.tiles = dict(v.tiles)
    w.tiles[cell] = rules.Tile(room, True, "played")
    return w


def _copy(v: View) -> View:
    w = View.__new__(View)
    w.size, w.tiles, w.pos, w.stairs = v.size, v.tiles, v.pos, v.stairs
    w.health, w.max_health = v.health, v.max_health
    w.exits, w.known, w.obj, w.up = dict(v.exits), dict(v.known), dict(v.obj), dict(v.up)
    return w


def _h(v: View) -> float:
    return cost_to_go(v).get(v.pos, INF)


def play_value(state: rules.State, v: View, h0: float, play: rules.Play) -> float:
    """How much a play shortens the cost-to-go, net of what the card is worth."""
    card = _card(state, play.id)
    worth = card_worth(card)
    if isinstance(card, Room):
        assert play.cell is not None
        w = _after_room(v, play.cell, card)
        gain = h0 - _h(w)
        if card.obj == "monster":
            gain -= 0.3
        elif card.obj in ("chest", "heart") and v.open_between_room(play.cell, card):
            gain += 0.6 if card.obj == "chest" else heal_worth(v.health, v.max_health)
        return gain - worth
    if card.kind == "heal":
        return heal_worth(v.health, v.max_health) - worth
    if card.kind == "slay":
        assert play.cell is not None
        w = _copy(v)
        w.obj[play.cell] = None
        return h0 - _h(w) - worth
    if card.kind == "turn":
        assert play.cell is not None
        w = _copy(v)
        w.exits[play.cell] = v.tiles[play.cell].room.rotated().exits
        return h0 - _h(w) - worth
    assert play.direction is not None
    target = _step(v.pos, play.direction)
    w = _copy(v)
    w.pos = target
    bonus = 0.0
    if v.up[target] and v.obj[target] == "monster":
        bonus = -monster_cost(v.health)
    elif not v.up[target]:
        bonus = -0.15
    if not v.up[target]:  # landing turns up what its exits face: unknown, count odds
        pass
    return h0 - _h(w) + bonus - worth


def quick_values(state: rules.State, v: View, dist: dict[Cell, float], at: Cell,
                 ids: Sequence[str]) -> list[float | None]:
    """A fast estimate of each card's net value if drawn while standing on ``at``."""
    h0 = dist.get(at, INF)
    out: list[float | None] = []
    n = v.size
    for rid in ids:
        card = _card(state, rid)
        worth = card_worth(card)
        best: float | None = None
        if isinstance(card, Room):
            for side in DIRS:
                e = _step(at, side)
                if not (0 <= e[0] < n and 0 <= e[1] < n) or e in v.tiles:
                    continue
                gain = -0.0
                if side in v.exits[at] and card.has(OPPOSITE[side]):
                    h1 = INF
                    for x in card.exits:
                        nb = _step(e, x)
                        if nb == at or not (0 <= nb[0] < n and 0 <= nb[1] < n):
                            continue
                        if nb in v.tiles:
                            if OPPOSITE[x] not in v.exits[nb]:
                                continue
                            enter = monster_cost(v.health) if v.obj[nb] == "monster" else 0.0
                        else:
                            enter = CARD
                        h1 = min(h1, enter + dist.get(nb, INF))
                    gain = max(0.0, h0 - h1)
                    if card.obj == "chest":
                        gain += 0.6
                    elif card.obj == "heart":
                        gain += heal_worth(v.health, v.max_health)
                    elif card.obj == "monster":
                        gain -= 0.3
                val = gain - worth
                best = val if best is None else max(best, val)
        elif card.kind == "heal":
            best = heal_worth(v.health, v.max_health) - worth
        elif card.kind == "slay":
            for side in DIRS:
                e = _step(at, side)
                if e in v.tiles and v.up[e] and v.obj[e] == "monster":
                    gain = 0.0
                    if side in v.exits[at] and OPPOSITE[side] in v.exits[e]:
                        gain = max(0.0, h0 - dist.get(e, INF))
                    val = gain - worth
                    best = val if best is None else max(best, val)
        elif card.kind == "turn":
            best = 0.25 - worth
        else:  # leap
            for side in DIRS:
                e = _step(at, side)
                if e in v.tiles:
                    enter = monster_cost(v.health) if v.obj[e] == "monster" else 0.0
                    val = max(0.0, h0 - dist.get(e, INF) - enter) - worth
                    best = val if best is None else max(best, val)
        out.append(best)
    return out


WASTED = -0.2  # a draw with nothing playable: three cards out of this round


def draw_value(values: list[float | None], size: int) -> float:
    """The expected value of the best card of a random draw of ``size`` of them."""
    k = min(size, len(values))
    if k == 0:
        return -INF
    total = 0.0
    count = 0
    for combo in combinations(values, k):
        best = None
        for x in combo:
            if x is not None and (best is None or x > best):
                best = x
        total += WASTED if best is None else best
        count += 1
    return total / count


# ------------------------------------------------------------------------- players
def _fight_path(v: View) -> tuple[dict[Cell, Cell | None], int] | None:
    """The path to the stairs with fewest fights, then fewest steps, over known exits
    (each step along it shortens both, so following it never goes round in circles)."""
    best: dict[Cell, tuple[int, int]] = {v.pos: (0, 0)}
    parent: dict[Cell, Cell | None] = {v.pos: None}
    heap = [(0, 0, v.pos)]
    while heap:
        f, n, cur = heapq.heappop(heap)
        if (f, n) > best[cur] or cur == v.stairs:
            continue
        for side in v.exits[cur]:
            nb = _step(cur, side)
            if not v.open_between(cur, side):
                continue
            c = (f + (1 if v.obj.get(nb) == "monster" else 0), n + 1)
            if c < best.get(nb, (1 << 30, 0)):
                best[nb] = c
                parent[nb] = cur
                heapq.heappush(heap, (c[0], c[1], nb))
    if v.stairs not in best:
        return None
    return parent, best[v.stairs][0]


def expert_player(game: Any, state: rules.State, legal: Sequence[Any], rng: Stream) -> Any:
    """Plans on the visible board and the deck's contents (see the module docstring)."""
    if state.phase == "draft":
        return draft_by_worth(state)
    if state.phase == "chest":
        return max(legal, key=lambda a: (card_worth(_card(state, a.id)), -int(a.id[1:])))
    v = View(state)
    if state.phase == "keep":
        h0 = _h(v)
        return max(legal, key=lambda a: play_value(state, v, h0, a))
    return _expert_move(state, v, legal)


def _expert_move(state: rules.State, v: View, legal: Sequence[Any]) -> Any:
    comp = component(v)
    hurt = v.health < v.max_health
    # free things first: chests, hearts when hurt, face-down cards to turn up
    targets = _targets(v, comp, hurt)
    if targets:
        goal = _nearest(comp, v.pos, targets)
        return first_step(comp, v.pos, goal)
    if v.stairs in comp:
        return first_step(comp, v.pos, v.stairs)
    draw = next((a for a in legal if isinstance(a, rules.Draw)), None)
    fights = _fight_path(v)
    if fights is not None:
        path, count = fights
        # fight through when it leaves health to spare, or when there is nothing else
        if v.health - count >= 2 or (draw is None and v.health > count):
            return first_step(path, v.pos, v.stairs)
    if v.health >= FIGHT_TO_EXPLORE:
        wide = component(v, fight=True)
        far_targets = [c for c in _targets(v, wide, hurt) if c not in comp]
        if far_targets:
            return first_step(wide, v.pos, _nearest(wide, v.pos, far_targets))
    if draw is None:
        return _desperate(v, legal)
    dist = cost_to_go(v)
    ids = sorted(state.deck, key=lambda x: int(x[1:]))
    best_cell, best_val = v.pos, -INF
    for cell in sorted(comp, key=lambda c: (c[1], c[0])):
        if cell == v.stairs:
            continue
        val = draw_value(quick_values(state, v, dist, cell, ids), state.rules.draw_size)
        if val > best_val + 1e-9:
            best_cell, best_val = cell, val
    if best_cell == v.pos:
        return draw
    return first_step(comp, v.pos, best_cell)


FIGHT_TO_EXPLORE = 2  # health at which a fight to reach more of the board is worth it


def _targets(v: View, comp: dict[Cell, Cell | None], hurt: bool) -> list[Cell]:
    """Chests, hearts when hurt, and squares whose exits face a face-down card."""
    out = []
    for cell in comp:
        if cell == v.pos or cell == v.stairs:
            continue
        obj = v.obj.get(cell)
        if obj == "chest" or (hurt and obj == "heart") or any(
                _step(cell, s) in v.tiles and not v.up[_step(cell, s)] for s in v.exits[cell]):
            out.append(cell)
    return out


def _desperate(v: View, legal: Sequence[Any]) -> Any:
    """No card left and no known way but through monsters: fight (at 1 health this
    concedes a lost game instead of walking in circles)."""
    fights = _fight_path(v)
    if fights is not None:
        return first_step(fights[0], v.pos, v.stairs)
    comp = component(v, fight=True)
    for cell in sorted(comp, key=lambda c: (c[1], c[0])):
        if v.obj.get(cell) == "monster":
            return first_step(comp, v.pos, cell)
    return legal[0]


def _nearest(parent: dict[Cell, Cell | None], pos: Cell, targets: list[Cell]) -> Cell:
    def depth(c: Cell) -> int:
        d = 0
        while parent[c] is not None:
            c = parent[c]  # type: ignore[assignment]
            d += 1
        return d

    return min(targets, key=lambda c: (depth(c), c[1], c[0]))


# ----------------------------------------------------------------------------- greedy
def _greedy_worth(card: Room | Special) -> tuple[int, int]:
    if isinstance(card, Special):
        return (3 if card.kind == "leap" else 1, 0)
    return (len(card.exits), 1 if card.obj == "chest" else 0)


def _greedy_draft(state: rules.State) -> rules.Draft:
    r = state.rules
    deck = _cards(state)
    return rules.Draft(tuple(
        max(deck[k * r.set_size:(k + 1) * r.set_size],
            key=lambda c: (_greedy_worth(c.card), -int(c.id[1:]))).id
        for k in range(r.draft_sets)))


def greedy_player(game: Any, state: rules.State, legal: Sequence[Any], rng: Stream) -> Any:
    """One step at a time toward the stairs (see the module docstring)."""
    if state.phase == "draft":
        return _greedy_draft(state)
    if state.phase == "chest":
        return max(legal, key=lambda a: (_greedy_worth(_card(state, a.id)), -int(a.id[1:])))
    v = View(state)
    sx, sy = v.stairs

    def far(c: Cell) -> int:
        return abs(c[0] - sx) + abs(c[1] - sy)

    if state.phase == "keep":
        def score(a: rules.Play) -> tuple[float, float]:
            card = _card(state, a.id)
            if isinstance(card, Room):
                assert a.cell is not None
                side = _direction(v.pos, a.cell)
                if not card.has(OPPOSITE[side]):
                    return (0, len(card.exits))
                onward = any(far(_step(a.cell, x)) < far(a.cell) for x in card.exits)
                return (10 - far(a.cell) + (2 if onward else 0), len(card.exits))
            if card.kind == "leap":
                assert a.direction is not None
                t = _step(v.pos, a.direction)
                return (10 - far(t) if v.obj.get(t) != "monster" else 0, 0)
            if card.kind == "slay":
                return (5, 0)
            if card.kind == "heal":
                return (6 if v.health <= 2 else 1, 0)
            return (0, 0)

        best = max(score(a) for a in legal)
        return rng.choice([a for a in legal if score(a) == best])
    comp = component(v, fight=True)
    if v.stairs in comp:
        return first_step(comp, v.pos, v.stairs)
    targets = [c for c in comp if c != v.stairs and v.obj.get(c) != "monster" and (
        v.obj.get(c) == "chest" or any(_step(c, s) in v.tiles and not v.up[_step(c, s)]
                                       for s in v.exits[c]))]
    if targets:
        return first_step(comp, v.pos, _nearest(comp, v.pos, targets))
    draw = next((a for a in legal if isinstance(a, rules.Draw)), None)
    if draw is None:
        return rng.choice(list(legal))
    # draw next to the empty square nearest the stairs
    spots = []
    for c in comp:
        if v.obj.get(c) == "monster" or c == v.stairs:
            continue
        for side in v.exits[c]:
            e = _step(c, side)
            if v.inside(e) and e not in v.tiles:
                spots.append((far(e), c))
    if not spots:
        return draw
    closest = min(d for d, _ in spots)
    goal = _nearest(comp, v.pos, [c for d, c in spots if d == closest])
    return draw if goal == v.pos else first_step(comp, v.pos, goal)


def random_draft(state: rules.State) -> rules.Draft:
    """A draft kept at random: one card of each set, each equally likely (so each of
    the draft's legal actions is), drawn from the stream ``(seed, "dungeon-solitaire",
    "simulation", "draft")``, not the player's: the draft the rules once listed alone."""
    r = state.rules
    rng = stream(state.seed, "dungeon-solitaire", "simulation", "draft")
    return rules.Draft(tuple(f"R{i * r.set_size + 1 + rng.below(r.set_size)}"
                             for i in range(r.draft_sets)))


def dungeon_random_player(game: Any, state: rules.State, legal: Sequence[Any],
                          rng: Stream) -> Any:
    """Any legal action, uniformly (:func:`companion.simulate.random_player`); the
    draft by :func:`random_draft`, which keeps the player's stream for the game."""
    if state.phase == "draft":
        return random_draft(state)
    return random_player(game, state, legal, rng)


PLAYERS: dict[str, Player] = {
    "random": dungeon_random_player,
    "greedy": greedy_player,
    "expert": expert_player,
}
