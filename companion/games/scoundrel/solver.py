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
      may still be avoided (the order it goes under the dungeon), else sorted. Each
      dungeon met is numbered once (:class:`_Dungeon`), with the cards it holds as bit
      masks (monster values present, present twice, weapon and potion values) and the
      dungeons a deal or an avoid lead to;
    * health; the weapon as its value (0: none) and the value its next kill must stay
      below (15 for a fresh weapon, 0 with none), both reduced to what matters against
      the monsters left (a weapon stronger than every monster it may still slay saves
      no more; one that may slay none is no weapon);
    * whether the room may be avoided (not dealt by an avoid, dungeon not empty).

Rooms
    A room is expanded once per weapon, whatever the health, into *shapes*: every order
    of facing all its cards but one, each monster bare-handed or (where allowed) with
    the weapon, the potion rule (only the first potion of a room heals) tracked inside
    the room. A shape says how the health ends as a function of the health h before:
    min(c1, h + c2), alive only if h > d1 (the damage before the potion that heals) and
    that is above 0; so it also keeps the card kept, the weapon and its kill limit. The
    weapon is first reduced to what matters in the room, the shape naming the weapon in
    hand and an unchanged kill limit by markers read back later, so rooms share shapes
    across weapons. Read for one health, the shapes give the room's outcomes. The last
    room (the dungeon empty) ends every line: once one card is left the game is won,
    and the best of stopping and facing that last card is taken (its shapes also keep
    the last potion faced). The search for the least bad loss, where deaths count
    (health minus the monsters not yet faced), expands rooms for one health instead.

Dominance (sound: every line open to the weaker position is open to the stronger,
ending no worse)
    * more health, a stronger weapon or a higher kill limit never hurts;
    * among outcomes of one room, a larger potion or a stronger weapon kept for the
      next room is better than a smaller one, all else no worse;
    * a shape whose c1 and c2 are no lower and d1 no higher leaves more health for
      every health, and is alive whenever the other is.
    Shapes and outcomes of a room that another dominates are dropped, and a boundary
    dominated by one already searched (same dungeon, room and avoid right) is skipped
    when the upper bound remembered for it cannot beat the score sought.

Search
    Depth-first branch and bound over boundaries. Every boundary searched to the end
    is remembered with an upper bound of its best score (its "fail-soft" value: the
    best of its lines found and of the bounds of the branches it dropped); a boundary
    that one remembered dominates (same dungeon, room and avoid right, no more health,
    weapon or kill limit) is skipped when that bound cannot beat the score sought. The
    bounds stay true whatever the score sought, so they are kept from one search to the
    next. A boundary is dropped when even its best conceivable ending cannot beat the
    score sought:

    * a win ends with at most the health plus every potion left, less the least damage
      the monsters left must do, and at most 20; only at 20 does the largest potion
      left add its bonus. The least damage: each monster's value above the weapon that
      slays it, where one weapon slays at most one monster of each value (its kills go
      strictly down; with ``equal-kills`` two), the weapon in hand only below its kill
      limit, the others fresh, and one monster (the costliest) may stay unfaced. It is
      counted from the masks with a table of bit sums (:func:`_cost`);
    * when that cannot keep the health above 0, no line wins, and a loss scores at most
      the health minus the monsters left plus every potion and what those weapons
      could save on each monster (and at most 0).

    The most promising branch first: the rooms faced by their bound before the cap at
    20 (with 12 or more cards in the dungeon, by the best such bound of the room each
    leads to), the avoid by the best bound of the room it leads to (which may not be
    avoided): most best lines avoid every other room, so the avoid is no longer tried
    last.

    The search aims at a score and stops at the first line that reaches it (MTD, as
    in game-tree search): first the best conceivable score of the deal (20 plus its
    largest potion, usually); once that is missed, halfway between the best line found
    (every last room reached records one, even below the aim) and the score the search
    proved out of reach (the root's upper bound), until they meet: the best line found
    is then the best. When the upper bound falls to 0, no line wins, and a branch and
    bound looks for the least bad loss.

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
from companion.games.scoundrel.solver_rooms import (
    DEFAULT_BUDGET,
    FRESH,
    LOOK,
    MAX_HEALTH,
    OLD,
    RESERVE,
    UNCHANGED,
    Boundary,
    Move,
    card_code,
)
from companion.games.scoundrel.solver_rooms import (  # for tests
    _better_kept as _better_kept,
)
from companion.games.scoundrel.solver_rooms import (
    _Dungeon as _Dungeon,
)
from companion.games.scoundrel.solver_rooms import (
    _score_bound as _score_bound,
)
from companion.games.scoundrel.solver_search import _Search
from companion.simulate import PlayedGame

__all__ = ["DEFAULT_BUDGET", "FRESH", "LOOK", "MAX_HEALTH", "OLD", "RESERVE", "UNCHANGED",
           "Boundary", "Move", "Solution", "boundary", "card_code", "solve", "solve_state"]


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
        """The state the line ends in."""
        return self.states[-1]



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
    ceiling = search.bound(*root[:5])  # no line scores more
    search.budget = limit - limit // RESERVE
    aims: list[int] = []
    status = "done"
    while ceiling > max(search.found, 0):
        # the best conceivable score first; once missed, halfway between the best line
        # found and the score proven out of reach
        target = ceiling if not aims else (max(search.found, 0) + ceiling + 1) // 2
        aims.append(target)
        status, upper = search.run(root, target - 1, target)
        if status == "budget":
            break
        if status == "done":
            ceiling = upper  # no line reaches the target
    log["aim_nodes"] = search.nodes
    log["ceiling"] = ceiling
    log["aims"] = aims
    search.budget = limit
    if status != "budget" and ceiling > 0:
        return True, log
    if status == "budget":  # out of budget: any win
        if search.found <= 0:
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
