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
from typing import Any

from companion.games.base import Game, SolveReport
from companion.games.clear_the_dungeon import rules
from companion.games.clear_the_dungeon.solver_core import (
    DEFAULT_BUDGET,
    WIN,
    Move,
    _Found,
    _OutOfBudget,
    card_code,
    code_card,
)
from companion.games.clear_the_dungeon.solver_core import _pairs_fit as _pairs_fit  # tests
from companion.games.clear_the_dungeon.solver_turns import _Search
from companion.simulate import PlayedGame

__all__ = ["DEFAULT_BUDGET", "WIN", "Move", "Solution", "card_code", "code_card", "solve",
           "solve_state"]


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
