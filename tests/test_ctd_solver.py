"""The Clear the Dungeon solver: exact against a brute force on small positions, its
lines validate with its score, it beats the simulated players, budgets, the CLI."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.games import get_game
from companion.games.clear_the_dungeon import rules
from companion.games.clear_the_dungeon import solver as ctd_solver
from companion.games.clear_the_dungeon.solver import card_code, code_card, solve_state
from companion.replay import validate_text
from companion.simulate import play

G = get_game("clear-the-dungeon")
VARIANT_SETS = [(), ("reserve",), ("no-jokers",), ("reserve", "no-jokers")]
FAST_SEEDS = ["S9", "S25"]  # every variant solves in well under a second


# ------------------------------------------------------------------ small positions
def small_position(seed: str, variants: tuple[str, ...], rng: random.Random,
                   max_left: int = 8, max_monsters: int = 3,
                   max_damage: int = 5) -> rules.State:
    """A seeded state near the end: a few monsters left in their columns, a few power
    cards left in the deck, maybe cards in the hand, the damage pile and on piles."""
    s = rules.new_state(seed, frozenset(variants))
    assert s.stacks is not None
    columns = [(s.up[k], *s.stacks[k]) for k in range(4)]
    remain = [0, 0, 0, 0]
    for _ in range(rng.randint(1, max_monsters)):
        k = rng.randrange(4)
        remain[k] = min(3, remain[k] + 1)
    up, stacks, hidden, defeated = [], [], [], []
    for k in range(4):
        keep = columns[k][3 - remain[k]:]
        defeated += columns[k][: 3 - remain[k]]
        up.append(keep[0] if keep else None)
        stacks.append(tuple(keep[1:]))
        hidden.append(max(0, len(keep) - 1))
    pos = s.deck_size - rng.randint(0, max_left)
    drawn = list(s.deck[:pos])
    rng.shuffle(drawn)
    hand = tuple(drawn[: rng.choice([0, 0, 1, 2, 3])])
    drawn = drawn[len(hand):]
    damage = tuple(drawn[: rng.randint(0, max_damage)])
    drawn = drawn[len(damage):]
    piles: list[tuple] = [(), (), (), ()]
    for k in range(4):
        monster = up[k]
        if monster is not None and drawn and rng.random() < 0.4:
            first = drawn.pop()
            if rules.check_attack((), first, monster) is None:
                piles[k] = (first,)
                if drawn and rng.random() < 0.5:
                    second = drawn.pop()
                    if rules.check_attack((first,), second, monster) is None:
                        piles[k] = (first, second)
    state = replace(s, up=tuple(up), stacks=tuple(stacks), hidden=tuple(hidden),
                    defeated=tuple(defeated), deck_pos=pos, drawn=pos, hand=hand,
                    damage=damage, piles=tuple(piles), checkable=None)
    return rules._settle(state)


class TooLarge(Exception):
    """A brute force that would look at more positions than it was allowed."""


def brute_force(state: rules.State, limit: int | None = None) -> int | None:
    """The best score over every legal action sequence (None: no sequence wins).
    Raises TooLarge when it would remember more than ``limit`` positions."""
    memo: dict[tuple, int | None] = {}

    def best(s: rules.State) -> int | None:
        if s.outcome is not None:
            return s.score()
        key = (s.up, s.piles, tuple(sorted(s.hand, key=str)), s.damage, s.deck_pos)
        if key not in memo:
            if limit is not None and len(memo) >= limit:
                raise TooLarge
            scores = [best(rules.apply(s, a)) for a in rules.legal_actions(s)]
            memo[key] = max((x for x in scores if x is not None), default=None)
        return memo[key]

    return best(state)


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "base")
def test_solver_is_exact_on_small_positions(variants):
    rng = random.Random(f"ctd-solver-{variants}")
    outcomes = set()
    for i in range(30):
        state = small_position(f"T{i}", variants, rng, max_left=6, max_damage=4)
        expected = brute_force(state)
        solution = solve_state(state)
        assert solution.status == ("won" if expected is not None else "lost"), i
        assert solution.score == expected, i
        # the line replays through the rules engine to the verdict
        s = state
        for action in solution.actions:
            s = rules.apply(s, action)
        assert s == solution.final
        assert s.outcome == ("won" if expected is not None else "lost")
        assert s.score() == expected
        outcomes.add(expected is not None)
    assert outcomes == {True, False}


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "base")
def test_budgets_that_run_out_never_give_a_wrong_answer(variants):
    """The aims get nine tenths of the budget, a plain search for any win the rest:
    with budgets around what the aims need, a finished answer is the brute force's and
    an unfinished one never claims more than the best score, and its line replays."""
    rng = random.Random(f"ctd-budgets-{variants}")
    short = finished = 0
    for i in range(60):
        state = small_position(f"U{i}", variants, rng, max_left=6, max_damage=4)
        whole = solve_state(state, 10**9)
        nodes = whole.stats["nodes"]
        if not 5 <= nodes <= 2000:  # too easy to run out, or slow to brute-force
            continue
        expected = brute_force(state)
        assert whole.score == expected, i
        for budget in (nodes // 3, nodes - 1, nodes * 10 // 9 + 10):
            solution = solve_state(state, budget)
            s = state
            for action in solution.actions:
                s = rules.apply(s, action)
            assert s == solution.final
            if solution.status == "unknown":
                short += 1
                assert solution.score is None or (expected is not None
                                                  and solution.score <= expected), i
                continue
            finished += 1
            assert solution.status == ("won" if expected is not None else "lost"), i
            assert solution.score == expected, i
    assert short >= 3 and finished >= 3


def turn_ends(state: rules.State) -> tuple[set[rules.State], set[rules.State], bool]:
    """The states with the hand empty that the rules engine reaches from ``state``
    without drawing and not lost by the damage pile (one lost because the deck is empty
    and the reserve card cannot be played counts: the solver finds that a turn later):
    all of them, and those where the hand has just been emptied; and whether a win can
    be reached."""
    ends: set[rules.State] = set()
    just: set[rules.State] = set()
    won = False
    seen = {state}
    todo = [state]
    while todo:
        s = todo.pop()
        if not s.hand:
            ends.add(s)
        if s.outcome is not None:
            continue
        for action in rules.legal_actions(s):
            if isinstance(action, rules.Draw):
                continue
            after = rules.apply(s, action)
            won = won or after.outcome == "won"
            if after.outcome == "won" or len(after.damage) >= rules.LOSS_DAMAGE:
                continue
            if s.hand and not after.hand:
                just.add(after)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return ends, just, won


def abstract(start: rules.State, s: rules.State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The solver's (columns, damage pile) for ``s``, reached from ``start``."""
    cols = []
    for k in range(4):
        before = (start.up[k] is not None) + start.hidden[k]
        now = (s.up[k] is not None) + s.hidden[k]
        pile = s.piles[k]
        c = (before - now) << 6 | len(pile) << 4
        if len(pile) == 1:
            monster = s.up[k]
            assert monster is not None
            c |= min(rules.value_of(pile[0]), rules.power_of(monster) - 1)
        cols.append(c)
    return tuple(cols), tuple(card_code(c) for c in s.damage)


def test_reserve_turns_match_the_rules_engine():
    """A turn with reserve, searched column by column, reaches exactly the hand-empty
    states the rules engine reaches (searched move by move, as when jokers are in both
    the hand and the damage pile: the states where the hand has just been emptied), and
    finds a win when the engine can."""
    rng = random.Random("ctd-turns")
    compared = 0
    for i in range(50):
        state = small_position(f"R{i}", ("reserve",), rng, max_left=12, max_monsters=6)
        if state.outcome is not None or not state.hand:
            continue
        search = ctd_solver._Search(state, 10**9)
        hand, cols, dmg = search.start(state)
        ends, just, engine_wins = turn_ends(state)
        by_columns: dict = {}
        win = search._turn_stack(hand, cols, dmg, (), by_columns)
        assert (win is not None) == engine_wins, i
        if win is None:
            assert set(by_columns) == {abstract(state, s) for s in ends}, i
            compared += 1
        by_moves: dict = {}
        win = search._turn_reserve(hand, cols, dmg, (), by_moves, set())
        assert (win is not None) == engine_wins, i
        if win is None:
            assert set(by_moves) == {abstract(state, s) for s in just}, i
    assert compared > 20


# --------------------------------------------------------------------- whole deals
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "base")
@pytest.mark.parametrize("seed", FAST_SEEDS)
def test_solver_line_validates_with_its_score(seed, variants):
    report = G.solve(seed, {}, variants)
    assert report.status == "won" and report.score is not None
    assert report.log is not None
    assert '[Game "clear-the-dungeon"]' in report.log
    assert f'[Claim "{report.score}"]' in report.log
    if variants:
        assert f'[Variant "{", ".join(variants)}"]' in report.log
    verdict = validate_text(report.log, f"{seed}.log")
    assert verdict.valid, verdict.error
    assert (verdict.outcome, verdict.score, verdict.claim_matches) == ("won", report.score,
                                                                       True)
    assert report.stats["defeated"] == 12
    assert {"nodes", "seconds", "defeated", "memo"} <= set(report.stats)


def test_solver_is_deterministic():
    a = G.solve("S25", {}, ("reserve",))
    b = G.solve("S25", {}, ("reserve",))
    assert (a.status, a.score, a.log) == (b.status, b.score, b.log)


@pytest.mark.parametrize("variants", [(), ("reserve",)], ids=["base", "reserve"])
def test_solver_beats_the_simulated_players(variants):
    for seed in ("S9", "S23", "S25"):
        report = G.solve(seed, {}, variants)
        assert report.status in ("won", "lost")
        for player in ("greedy", "random"):
            for player_seed in ("0", "1", "2"):
                played = play(G, seed, {}, player, player_seed=player_seed,
                              variants=variants)
                result = G.result(played.final)
                if result.outcome == "won":
                    assert report.status == "won"
                    assert report.score >= result.score


def test_tiny_budget_answers_unknown_with_a_valid_line():
    report = G.solve("S4", {}, (), budget=50)
    assert report.status == "unknown"
    assert report.stats["nodes"] > 50
    assert report.log is not None
    verdict = validate_text(report.log)
    assert verdict.valid, verdict.error
    assert verdict.claim_matches
    if report.score is not None:
        assert verdict.outcome == "won" and verdict.score == report.score


def test_lost_position_writes_the_line_to_the_loss():
    rng = random.Random("ctd-lost")
    for i in range(200):
        state = small_position(f"L{i}", (), rng)
        if state.outcome is None and brute_force(state) is None:
            break
    else:  # pragma: no cover
        pytest.fail("no lost position found")
    solution = solve_state(state)
    assert solution.status == "lost" and solution.score is None
    assert solution.final.outcome == "lost"


def test_codes_round_trip_and_free_deals_are_refused():
    for card in rules.POWER_CARDS:
        assert code_card(card_code(card)) == card
    with pytest.raises(ValueError):
        solve_state(rules.new_state(None, frozenset()))


def test_unknown_variant_is_refused():
    from companion.errors import ParameterError

    with pytest.raises(ParameterError):
        G.solve("S9", {}, ("nope",))


def test_cli_solve_writes_a_log_that_validates(tmp_path):
    runner = CliRunner()
    out = tmp_path / "best.log"
    r = runner.invoke(app, ["solve", "clear-the-dungeon", "--seed", "S9", "--variant",
                            "reserve", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "winnable, best score 6" in r.stdout
    v = runner.invoke(app, ["validate", str(out)])
    assert v.exit_code == 0, v.output
    assert "won" in v.stdout
    j = runner.invoke(app, ["solve", "clear-the-dungeon", "--seed", "S9", "--json"])
    assert j.exit_code == 0 and '"status": "won"' in j.stdout


@pytest.mark.parametrize("budget,text", [
    ("50", "unknown: the budget ran out before any win was found (--budget"),
    ("2000", "winnable, best score 3 or more: the budget ran out before a better win"),
])
def test_cli_solve_says_what_an_unknown_answer_knows(budget, text):
    r = CliRunner().invoke(app, ["solve", "clear-the-dungeon", "--seed", "S9",
                                 "--budget", budget])
    assert r.exit_code == 0, r.output
    assert text in r.stdout
