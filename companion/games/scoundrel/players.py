"""Simulated players for Scoundrel (``companion stats``).

A player is a :data:`companion.simulate.Player`: ``(game, state, legal, rng) -> action``.

* ``random``: any legal action, uniformly.
* ``greedy``: a casual player's rule of thumb, one card at a time (see
  :func:`greedy_player`).
* ``expert``: plans the whole room (every order of facing its cards, bare-handed or
  with the weapon, or avoiding it) and scores the end of the room with card counting
  (see :func:`expert_player`).

What the players may look at: what is on the table (the room, the weapon and the
monsters on it, health, the discard pile) and what a player remembers: which cards are
still in the dungeon (the deck less every card seen), and the cards that went under it
with an avoided room. They never read the order of the seeded dungeon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.cards import Card
from companion.games.base import Game
from companion.games.scoundrel import rules
from companion.games.scoundrel.generation import DECK
from companion.rng import Stream
from companion.simulate import Player, random_player

V = rules.value


# ------------------------------------------------------------------------ greedy
def _damage(state: rules.State, action: Any) -> int:
    if isinstance(action, rules.Fight):
        return V(action.card)
    if isinstance(action, rules.Slay):
        assert state.weapon is not None
        return max(0, V(action.card) - V(state.weapon))
    return 0


def greedy_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """A casual player's rule, one card at a time:

    1. avoid the room when its monsters, fought as they come, would cost all the
       health left;
    2. drink a potion when hurt and none was drunk in this room (the largest);
    3. equip a weapon stronger than the one in hand, counting a weapon as no stronger
       than the monsters it may still slay (or any, with none);
    4. face the monster that hurts least, with the weapon whenever it may be used;
    5. else face whatever is left (a useless potion, a weaker weapon), then the
       strongest monster.
    Ties are broken at random.
    """
    if any(isinstance(a, rules.Avoid) for a in legal):
        threat = sum(min(_damage(state, a) for a in legal
                         if getattr(a, "card", None) == c)
                     for c in state.room if rules.is_monster(c))
        if threat >= state.health:
            return rules.Avoid()
    faces = [a for a in legal if not isinstance(a, rules.Avoid)]
    if not faces:
        return rng.choice(list(legal))

    def key(a: Any) -> tuple[int, int]:
        if isinstance(a, rules.Drink):
            heal = 0 if state.drunk else min(rules.MAX_HEALTH - state.health, V(a.card))
            return (0, -heal) if heal > 0 else (3, 0)
        if isinstance(a, rules.Equip):
            better = state.weapon is None or V(a.card) > min(V(state.weapon),
                                                             state.last_kill - 1)
            return (1, -V(a.card)) if better else (3, 0)
        slay_ok = isinstance(a, rules.Slay)
        has_slay = any(isinstance(b, rules.Slay) and b.card == a.card for b in faces)
        if has_slay and not slay_ok:
            return (9, 0)  # with the weapon whenever it may be used
        return (2, _damage(state, a))

    best = min(key(a) for a in faces)
    return rng.choice([a for a in faces if key(a) == best])


# ------------------------------------------------------------------------ expert
W_WEAPON = 0.8
"""Weight of the damage a weapon in hand would save on the strongest monsters left."""
WEAPON_KILLS = 3
"""How many kills a weapon is counted for (it dulls with each)."""
W_CARRIED_POTION = 0.5
W_CARRIED_MONSTER = 0.6
W_HEAL_LEFT = 0.15
W_DANGER = 0.35
AVOID_MARGIN = 4.0
"""How much worse than an average room a room must look to be avoided."""
DEATH = -1000.0
WIN = 1000.0


class _Knowledge:
    """What a player remembers: the cards still in the dungeon (those never seen, in
    an unknown order, then those that went under with avoided rooms, in order) and the
    monsters and potions among them."""

    def __init__(self, state: rules.State) -> None:
        self.tail = state.tail
        seen = set(state.room) | set(state.discard) | set(state.slain) | set(self.tail)
        if state.weapon is not None:
            seen.add(state.weapon)
        self.hidden = [c for c in DECK if c not in seen]
        left = self.hidden + list(self.tail)
        self.monsters = sorted((V(c) for c in left if rules.is_monster(c)), reverse=True)
        self.potions = sum(V(c) for c in left if rules.is_potion(c))


def _weapon_worth(w: int, last: int, equal: bool, know: _Knowledge) -> float:
    """What a weapon of value ``w`` that may still slay monsters below ``last`` is
    worth: the damage it would save on the strongest monsters it may take."""
    if w == 0:
        return 0.0
    saved = 0.0
    taken = 0
    for m in know.monsters:
        if m < last or (equal and m == last):
            saved += min(m, w)
            taken += 1
            if taken == WEAPON_KILLS:
                break
    return W_WEAPON * saved


def _evaluate(health: int, w: int, last: int, carried: Card | None, equal: bool,
              through: bool, bonus: int, know: _Knowledge) -> float:
    if health <= 0:
        return DEATH + health
    if through:
        return WIN + health + bonus
    value = float(health) + _weapon_worth(w, last, equal, know)
    if carried is not None:
        if rules.is_monster(carried):
            value -= W_CARRIED_MONSTER * V(carried)
        elif rules.is_potion(carried):
            value += W_CARRIED_POTION * min(rules.MAX_HEALTH - health + 5, V(carried))
        elif rules.is_weapon(carried):
            value += 0.5 * max(0.0, _weapon_worth(V(carried), rules.FRESH, equal, know)
                               - _weapon_worth(w, last, equal, know))
    value += W_HEAL_LEFT * min(know.potions, rules.MAX_HEALTH)
    danger = sum(know.monsters[:4]) - 2.0 * w
    value -= W_DANGER * max(0.0, danger - health)
    return value


def _plan(room: tuple[Card, ...], health: int, w: int, last: int, drunk: bool,
          equal: bool, final: bool, know: _Knowledge) -> tuple[float, Any]:
    """The best way to face ``room`` down to one card: (value, first action)."""
    best: list[Any] = [float("-inf"), None]

    def dfs(room: tuple[Card, ...], health: int, w: int, last: int, drunk: bool,
            bonus: int, first: Any) -> None:
        if health <= 0 or len(room) <= 1:
            carried = room[0] if room else None
            if health > 0 and final and carried is not None and rules.is_potion(carried):
                gain = 0 if drunk else V(carried)  # the last potion, drunk for the score
                health2 = min(rules.MAX_HEALTH, health + gain)
                if health2 + (V(carried) if health2 == rules.MAX_HEALTH else 0) > \
                        health + bonus:
                    health, bonus = health2, (V(carried) if health2 == rules.MAX_HEALTH
                                              else 0)
            value = _evaluate(health, w, last, carried, equal, final and health > 0,
                              bonus, know)
            if value > best[0]:
                best[0], best[1] = value, first
            return
        for i, c in enumerate(room):
            rest = room[:i] + room[i + 1:]
            if rules.is_potion(c):
                h = health if drunk else min(rules.MAX_HEALTH, health + V(c))
                b = V(c) if h == rules.MAX_HEALTH else 0
                dfs(rest, h, w, last, True, b, first or rules.Drink(c))
            elif rules.is_weapon(c):
                dfs(rest, health, V(c), rules.FRESH, drunk, 0, first or rules.Equip(c))
            else:
                m = V(c)
                if w and (m < last or (equal and m == last)):
                    dfs(rest, health - max(0, m - w), w, m, drunk, 0,
                        first or rules.Slay(c))
                dfs(rest, health - m, w, last, drunk, 0, first or rules.Fight(c))

    dfs(room, health, w, last, drunk, 0, None)
    return best[0], best[1]


def expert_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """Plans the whole room: every order of facing its cards (each monster
    bare-handed or, where allowed, with the weapon) down to the one that stays, and
    scores the end of the room: health, what the weapon in hand will still save on the
    three strongest monsters left that it may slay, a potion kept for later (worth half
    its heal), a monster kept for later (costing 0.6 of its value), the potions still
    in the dungeon, and the danger of the strongest monsters left against the health.
    The room is avoided, when allowed, if its best plan would kill or leave the player
    more than 4 points worse off than an average room (three cards faced, each costing
    the mean monster value per card left, less a share of the weapon). Plays the
    plan's first move and plans again. Uses only what is visible (module docstring);
    ``rng`` is not needed."""
    faces = [a for a in legal if not isinstance(a, rules.Avoid)]
    if not faces:
        return legal[0]
    know = _Knowledge(state)
    w = V(state.weapon) if state.weapon is not None else 0
    final = state.dungeon_left == 0
    value, first = _plan(state.room, state.health, w, state.last_kill, state.drunk,
                         state.equal_kills, final, know)
    if any(isinstance(a, rules.Avoid) for a in legal):
        # an average room: three of four cards faced, each a monster's average share
        mean = sum(know.monsters) / max(1, len(know.hidden) + len(know.tail))
        expected_loss = 3 * mean - 0.4 * w
        if value < state.health - expected_loss - AVOID_MARGIN or value <= DEATH / 2:
            return rules.Avoid()
    if first in legal:
        return first
    return faces[0]


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "expert": expert_player,
}
