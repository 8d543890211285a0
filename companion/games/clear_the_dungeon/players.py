"""Simulated players for Clear the Dungeon (``companion stats``).

A player is a :data:`companion.simulate.Player`: ``(game, state, legal, rng) -> action``.

* ``random``: any legal action, uniformly.
* ``greedy``: a casual player's rule of thumb, one card at a time (see
  :func:`greedy_player`).
* ``expert``: plans the whole hand (every order of playing and discarding the three cards,
  and the reserve card) and scores the end of the turn with card counting (see
  :func:`expert_player`).

What the players may look at: everything on the table (face-up monsters, attack piles,
hand, damage pile, monsters defeated, how many face-down monsters lie in each column)
and what a player at the table remembers: the power cards already drawn
(``deck[:deck_pos]``), hence the multiset of power cards still in the deck, and the
monsters not yet seen (the 12 face cards minus those face up or defeated). They never
read the order of the power deck (``deck[deck_pos:]``) nor the face-down monster columns
(``stacks``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.cards import JOKER, Card, Suit
from companion.games.base import Game
from companion.games.clear_the_dungeon import rules
from companion.games.clear_the_dungeon.generation import MONSTER_CARDS, POWER_CARDS
from companion.rng import Stream
from companion.simulate import Player, random_player

LOSS = rules.LOSS_DAMAGE


# ------------------------------------------------------------------------ greedy
def _fits(pile: tuple[Card, ...], card: Card, monster: Card) -> bool:
    return rules.check_attack(pile, card, monster) is None


def greedy_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """A casual player's rule, one card at a time, hand cards in the order drawn:

    1. if a card defeats a monster (matching suit or joker on a two-card pile), play it;
    2. else if a card brings a one-card pile to the monster's power, play it (on the
       pile where it overshoots least);
    3. else if a card of 6 or more can start a pile, start one (on the strongest monster
       it fits);
    4. else discard the lowest card of the hand.
    With ``reserve``, the reserve card is tried by rules 1 and 2 first. A new hand is
    drawn when the hand is empty. Ties are broken at random.
    """
    plays = [a for a in legal if isinstance(a, rules.Play)]
    if not state.hand:
        picks = [a for a in plays if _greedy_rank(state, a) < 2]
        if picks:
            return _best_greedy(state, picks, rng)
        draw = [a for a in legal if isinstance(a, rules.Draw)]
        return draw[0] if draw else rng.choice(legal)
    reserve = state.reserve_card
    if reserve is not None:
        picks = [a for a in plays if a.card == reserve and a.card not in state.hand
                 and _greedy_rank(state, a) < 2]
        if picks:
            return _best_greedy(state, picks, rng)
    for card in state.hand:
        mine = [a for a in plays if a.card == card and _greedy_rank(state, a) < 3]
        if mine:
            return _best_greedy(state, mine, rng)
    low = min(rules.value_of(c) for c in state.hand)
    discards = [a for a in legal if isinstance(a, rules.Discard)
                and rules.value_of(a.card) == low]
    return rng.choice(discards) if discards else rng.choice(legal)


def _greedy_rank(state: rules.State, a: rules.Play) -> int:
    """0: defeats, 1: completes the power, 2: starts a pile with 6+, 3: anything else."""
    pile = state.piles[a.column]  # type: ignore[index]
    if len(pile) == 2:
        return 0
    if len(pile) == 1:
        return 1
    return 2 if rules.value_of(a.card) >= 6 else 3


def _best_greedy(state: rules.State, picks: list[rules.Play], rng: Stream) -> Any:
    def key(a: rules.Play) -> tuple[int, int]:
        k = a.column
        assert k is not None
        pile, monster = state.piles[k], state.up[k]
        assert monster is not None
        rank = _greedy_rank(state, a)
        if rank == 1:
            over = rules.value_of(pile[0]) + rules.value_of(a.card) - rules.power_of(monster)
            return (rank, over)
        return (rank, -rules.power_of(monster))
    best = min(key(a) for a in picks)
    return rng.choice([a for a in picks if key(a) == best])


# ------------------------------------------------------------------------ expert
# A planning column: (power, suit, cards on the pile, value of the first card), or
# None (empty for good) or UNKNOWN (a monster defeated this turn, its successor not yet
# seen: the plan does not play on it).
UNKNOWN = "unknown"
# cumulative cost of the damage pile holding 0..6 cards (7 loses)
DAMAGE_COST = (0, 8, 17, 28, 42, 62, 95)
W_DEFEATED = 40.0
W_STAGE1, W_STAGE1_Q = 10.0, 14.0
W_STAGE2, W_STAGE2_Q = 24.0, 12.0
W_JOKER_SPENT = 4.0
W_SCORE = 1.0
WIN_VALUE = 10_000.0
LOSS_VALUE = -10_000.0


class _Counts:
    """What the player knows about the cards still to come."""

    def __init__(self, state: rules.State) -> None:
        jokers = "no-jokers" not in state.variants
        pool = Counter(c for c in POWER_CARDS if jokers or not c.is_joker)
        pool.subtract(state.deck[: state.deck_pos])  # the cards seen drawn
        self.size = max(1, sum(pool.values()))
        self.jokers = max(0, pool[JOKER])
        self.by_suit: dict[Suit, int] = Counter()
        at_least = [0] * 12
        for c, n in pool.items():
            if n <= 0:
                continue
            if c.suit is not None:
                self.by_suit[c.suit] += n
            v = rules.value_of(c)
            for need in range(v + 1):
                at_least[need] += n
        self.at_least = at_least
        unseen = Counter(MONSTER_CARDS)
        unseen.subtract(state.defeated)
        self.demand: dict[Suit, int] = Counter()
        for m, n in unseen.items():
            if n > 0 and m.suit is not None:
                self.demand[m.suit] += n
        self.deck_left = state.deck_left
        self.hidden = state.hidden

    def second_chance(self, need: int) -> float:
        if need <= 1:
            return 1.0
        if need > 10:
            return 0.0
        return self.at_least[need] / self.size

    def trigger_chance(self, suit: Suit) -> float:
        have = self.by_suit.get(suit, 0) + self.jokers
        demand = max(1, self.demand.get(suit, 0))
        return min(1.0, have / demand)


def _columns(state: rules.State) -> tuple[Any, ...]:
    cols: list[Any] = []
    for k in range(4):
        m = state.up[k]
        if m is None:
            cols.append(None)
            continue
        pile = state.piles[k]
        first = rules.value_of(pile[0]) if len(pile) == 1 else 0
        cols.append((rules.power_of(m), m.suit, len(pile), first))
    return tuple(cols)


def _play_on(col: Any, card: Card) -> tuple[Any, bool] | None:
    """The column after ``card`` goes on it (and whether that defeats it), or None."""
    if col is None or col == UNKNOWN:
        return None
    power, suit, n, first = col
    v = rules.value_of(card)
    if n == 0:
        if v + 10 < power:
            return None
        return (power, suit, 1, v), False
    if n == 1:
        if first + v < power:
            return None
        return (power, suit, 2, 0), False
    if card.is_joker or card.suit == suit:
        return None, True
    return None


def _evaluate(cols: tuple[Any, ...], damage: int, defeated: int, jokers_spent: int,
              counts: _Counts) -> float:
    if damage >= LOSS:
        return LOSS_VALUE
    value = W_DEFEATED * defeated - DAMAGE_COST[damage] - W_JOKER_SPENT * jokers_spent
    needed = 3 * (len(MONSTER_CARDS) - defeated)
    for col in cols:
        if col is None or col == UNKNOWN:
            continue
        power, suit, n, first = col
        needed -= n
        if n == 1:
            value += W_STAGE1 + W_STAGE1_Q * counts.second_chance(power - first)
        elif n == 2:
            value += W_STAGE2 + W_STAGE2_Q * counts.trigger_chance(suit)
    spare = counts.deck_left - needed
    if spare < 0:
        value -= 500 + 50 * -spare
    return value


class _Planner:
    """Every way to play out the hand (and the reserve card) this turn."""

    def __init__(self, state: rules.State, counts: _Counts) -> None:
        self.counts = counts
        self.reserve = state.reserve
        self.hidden = list(state.hidden)
        self.best_value = float("-inf")
        self.best_first: tuple[Any, ...] | None = None
        self.seen: set[Any] = set()

    def run(self, state: rules.State) -> tuple[Any, ...] | None:
        self._dfs(tuple(state.hand), _columns(state), tuple(state.damage),
                  len(state.defeated), 0, tuple(self.hidden), None)
        return self.best_first

    def _leaf(self, value: float, first: Any) -> None:
        if value > self.best_value:
            self.best_value, self.best_first = value, first

    def _dfs(self, hand: tuple[Card, ...], cols: tuple[Any, ...], damage: tuple[Card, ...],
             defeated: int, jokers_spent: int, hidden: tuple[int, ...], first: Any) -> None:
        key = (tuple(sorted(hand, key=Card.sort_key)), cols, damage, hidden)
        if key in self.seen:
            return
        self.seen.add(key)
        if defeated == len(MONSTER_CARDS):
            self._leaf(WIN_VALUE + W_SCORE * self.counts.deck_left, first)
            return
        if len(damage) >= LOSS:
            self._leaf(LOSS_VALUE, first)
            return
        if not hand:
            if self.counts.deck_left == 0:
                # the game ends when nothing can be played: lost unless plays remain
                self._leaf(LOSS_VALUE + 100 * defeated, first)
            else:
                self._leaf(_evaluate(cols, len(damage), defeated, jokers_spent,
                                     self.counts), first)
        sources: list[tuple[Card, bool]] = [(c, False) for c in dict.fromkeys(hand)]
        if self.reserve and damage and not (damage[-1].is_joker
                                            and any(c.is_joker for c in hand)):
            sources.append((damage[-1], True))
        for card, from_reserve in sources:
            for k in range(4):
                res = _play_on(cols[k], card)
                if res is None:
                    continue
                new_col, beaten = res
                col = cols[k]
                js = jokers_spent + (1 if card.is_joker and not beaten else 0)
                if beaten:
                    new_col = UNKNOWN if hidden[k] else None
                    nh = hidden[:k] + (max(0, hidden[k] - 1),) + hidden[k + 1 :]
                else:
                    nh = hidden
                    assert col is not None
                ncols = cols[:k] + (new_col,) + cols[k + 1 :]
                if from_reserve:
                    nhand, ndmg = hand, damage[:-1]
                else:
                    idx = hand.index(card)
                    nhand, ndmg = hand[:idx] + hand[idx + 1 :], damage
                self._dfs(nhand, ncols, ndmg, defeated + (1 if beaten else 0), js, nh,
                          first if first is not None else ("play", card, k))
        for card in dict.fromkeys(hand):
            idx = hand.index(card)
            self._dfs(hand[:idx] + hand[idx + 1 :], cols, damage + (card,), defeated,
                      jokers_spent, hidden, first if first is not None else ("discard", card))


def expert_player(game: Game, state: rules.State, legal: Sequence[Any],
                  rng: Stream) -> Any:
    """Plans the whole turn: every order of playing the hand cards (and, with
    ``reserve``, the reserve card) on the monsters or discarding them, and scores each
    end of turn by what it has done and what the cards still in the deck can finish:

    * +40 per monster defeated; a pile holding one card is worth 10 plus 14 times the
      share of unseen power cards high enough to reach the power; a two-card pile 24
      plus 12 times how well the unseen cards of its suit (and jokers) cover the
      monsters of that suit still to beat;
    * the damage pile costs more with every card (8, 17, 28, 42, 62, 95; 7 loses), a
      joker spent on a first or second card costs 4, and a deck too short for the
      cards still needed costs heavily.

    A monster defeated during the planned turn reveals an unknown successor, so the
    plan does not play on it; the player makes the plan's first move and plans again
    with what the table then shows. Moves that put cards on monsters come before
    discards. Uses only what is visible (module docstring); ``rng`` is not needed.
    """
    if not state.hand and not (state.reserve and state.damage):
        draw = [a for a in legal if isinstance(a, rules.Draw)]
        if draw:
            return draw[0]
    counts = _Counts(state)
    move = _Planner(state, counts).run(state)
    if move is not None:
        action: Any = (rules.Play(move[1], move[2]) if move[0] == "play"
                       else rules.Discard(move[1]))
        if action in legal:
            return action
    draw = [a for a in legal if isinstance(a, rules.Draw)]
    if draw and not state.hand:
        return draw[0]
    return legal[0]


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "expert": expert_player,
}
