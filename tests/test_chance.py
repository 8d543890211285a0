"""Chance as part of the state API (OpenSpiel's chance nodes), for every game: where the
table decides, ``rules.chance_outcomes(state)`` lists every action that can come next
with its probability and ``legal_actions`` is empty; where a player decides it is the
other way round. Random free deals sampled from both reach their end, replay through
``apply`` and, written as logs, validate to the same result."""

from __future__ import annotations

import importlib
from dataclasses import replace
from itertools import combinations, permutations
from math import comb, fsum, perm
from pathlib import Path

import pytest

from companion import chance
from companion.cards import parse_card
from companion.games import GAME_NAMES, get_game
from companion.games.base import read_header
from companion.log import parse_log
from companion.replay import validate_text
from companion.rng import stream
from companion.simulate import play, start_state


def _games():
    games = [get_game(name) for name in GAME_NAMES]
    if "scoundrel" not in GAME_NAMES:  # not in the registry yet
        games.append(importlib.import_module("companion.games.scoundrel").GAME)
    return games


GAMES = _games()
FREE = [g for g in GAMES if not g.seeded_only]
SEEDED_ONLY = [g for g in GAMES if g.seeded_only]
EXACT_SUM_UP_TO = 20_000
"""Outcome lists this long or shorter have their probabilities summed one by one; a
longer one (made on demand) is checked by its whole-number weights and a sample."""


def _ids(games):
    return [g.name for g in games]


def _check_probabilities(outcomes) -> list | None:
    """Check that the probabilities are positive and sum to 1; the actions when there
    are few enough to list."""
    n = len(outcomes)
    assert n > 0
    if n <= EXACT_SUM_UP_TO:
        assert fsum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
        assert all(p > 0 for _, p in outcomes)
        actions = [a for a, _ in outcomes]
        assert len(set(actions)) == n, "an outcome is listed twice"
        return actions
    else:
        assert isinstance(outcomes, chance.Outcomes)
        assert sum(b.count * b.weight for b in outcomes.blocks) == outcomes.total_weight
        for i in (0, 1, n // 3, n // 2, n - 1):
            action, p = outcomes[i]
            assert p == pytest.approx(outcomes.blocks[0].weight / outcomes.total_weight)
        assert outcomes[0][0] != outcomes[n - 1][0]
        return None


def _free_tags(game, seed, params, variants):
    tags = {"Game": game.name, **game.free_deal_tags(seed, params)}
    for p in game.params:
        tags[p.tag] = str(params[p.name])
    if variants:
        tags["Variant"] = ", ".join(variants)
    return tags


def _variant_sets(game):
    out = [()]
    for v in game.variants:
        out += [s + (v,) for s in out]
    return out


def _result_of_log(game, text):
    """Outcome and score of a log: ``validate_text`` for a registered game, else the
    same fold of ``parse_action`` and ``apply`` over the log's lines."""
    if game.name in GAME_NAMES:
        v = validate_text(text, "free.log")
        assert v.valid, (v.error, text)
        return v.outcome, v.score
    log = parse_log(text, "free.log")
    state = game.new_state(read_header(log, game))
    for line in log.actions:
        state = game.apply(state, game.parse_action(state, line))
    r = game.result(state)
    return r.outcome, r.score


def _play_free(game, seed, params, variants, cap=2_000):
    """A free deal played at random: chance steps sampled from ``chance_outcomes``,
    player steps from ``legal_actions``, both with the project's generator."""
    tags = _free_tags(game, seed, params, variants)
    _, state = start_state(game, tags)
    table = stream(seed, game.name, "test-chance", "table")
    player = stream(seed, game.name, "test-chance", "player")
    actions, chance_steps = [], 0
    while not game.is_over(state) and len(actions) < cap:
        legal = game.legal_actions(state)
        outcomes = game.rules.chance_outcomes(state)
        assert not (legal and outcomes), "a state is a chance node or a decision, not both"
        if outcomes:
            listed = _check_probabilities(outcomes)
            action = chance.sample(outcomes, table)
            assert listed is None or action in listed
            chance_steps += 1
        elif legal:
            action = player.choice(list(legal))
        else:
            break  # through the dungeon with nothing worth facing (Scoundrel): won
        state = game.apply(state, action)
        actions.append(action)
    return tags, actions, state, chance_steps


@pytest.mark.parametrize("game", FREE, ids=_ids(FREE))
def test_random_free_deals_reach_their_end_and_validate(game):
    played = 0
    for i, variants in enumerate(_variant_sets(game) * 2):
        params = {p.name: p.low + (i * 3) % (min(p.high, p.low + 8) - p.low + 1)
                  for p in game.params}
        seed = f"CHANCE-{i}"
        tags, actions, final, chance_steps = _play_free(game, seed, params, variants)
        result = game.result(final)
        assert result.outcome != "unfinished", (game.name, seed, len(actions))
        assert chance_steps > 0
        text = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
        text += "".join(game.format_action(a) + "\n" for a in actions)
        assert _result_of_log(game, text) == (result.outcome, result.score)
        played += 1
    assert played >= 4


@pytest.mark.parametrize("game", GAMES, ids=_ids(GAMES))
def test_seeded_deals_have_no_chance_node(game):
    """The seed decides every card: every state of a seeded game is a decision (or the
    end), so the seeded simulations are what they were."""
    for i in range(3):
        _, state = start_state(game, {"Game": game.name, "Seed": f"NOCHANCE{i}"})
        rng = stream(f"NOCHANCE{i}", game.name, "test-chance")
        for _ in range(300):
            assert list(game.rules.chance_outcomes(state)) == []
            legal = game.legal_actions(state)
            if game.is_over(state) or not legal:
                break
            state = game.apply(state, rng.choice(list(legal)))
        assert list(game.rules.chance_outcomes(state)) == []


@pytest.mark.parametrize("game", FREE, ids=_ids(FREE))
def test_the_free_deal_starts_or_soon_reaches_a_chance_node(game):
    tags = _free_tags(game, "START", game.check_params({}), ())
    _, state = start_state(game, tags)
    rng = stream("START", "test-chance")
    for _ in range(20):
        if game.rules.chance_outcomes(state):
            assert game.legal_actions(state) == []
            return
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    raise AssertionError(f"{game.name}: no chance node in 20 actions")


def test_a_free_deal_played_by_the_harness_validates():
    for game in FREE:
        for player in ("random", "greedy"):
            pg = play(game, "HARNESS", {}, player, free=True, max_actions=400)
            assert "Seed" not in pg.tags
            result = game.result(pg.final)
            assert _result_of_log(game, pg.log_text()) == (result.outcome, result.score)
            again = play(game, "HARNESS", {}, player, free=True, max_actions=400)
            assert again.actions == pg.actions  # reproducible
    for game in SEEDED_ONLY:
        with pytest.raises(ValueError, match="no free deal"):
            play(game, "HARNESS", {}, free=True)


def test_no_rules_module_draws_random_numbers():
    for game in GAMES:
        source = Path(game.rules.__file__).read_text(encoding="utf-8")
        assert "companion.rng" not in source and "stream(" not in source, game.name


# -- each game's chance nodes -------------------------------------------------------------


def _ctd():
    return get_game("clear-the-dungeon").rules


def test_clear_the_dungeon_monsters_reveal_and_draw():
    R = _ctd()
    s = R.new_state(None, frozenset())
    monsters = R.chance_outcomes(s)
    assert len(monsters) == 12 * 11 * 10 * 9
    assert monsters[0][1] == pytest.approx(1 / 11_880)
    s = R.apply(s, monsters[5_000][0])
    draws = R.chance_outcomes(s)
    # 40 cards and two jokers: a draw with one joker is two of the deck's draws
    assert len(draws) == comb(40, 3) + comb(40, 2) + 40
    assert draws.total_weight == comb(42, 3)
    by_jokers = {}
    for action, p in draws:
        by_jokers.setdefault(sum(c.is_joker for c in action.cards), set()).add(p)
    assert by_jokers == {0: {1 / comb(42, 3)}, 1: {2 / comb(42, 3)}, 2: {1 / comb(42, 3)}}
    plain = R.new_state(None, frozenset({"no-jokers"}))
    plain = R.apply(plain, R.chance_outcomes(plain)[0][0])
    assert len(R.chance_outcomes(plain)) == comb(40, 3)
    # a column to turn up: one of the 8 monsters not seen, equally likely
    seen = set(s.up)
    waiting = replace(s, awaiting="reveal", reveal_column=0, up=(None,) + s.up[1:])
    reveals = R.chance_outcomes(waiting)
    assert sorted(str(a.card) for a, _ in reveals) == sorted(
        str(c) for c in R.MONSTER_CARDS if c not in seen)
    assert all(p == pytest.approx(1 / 8) for _, p in reveals)
    # the last card of the power deck: a draw of one
    last = replace(s, drawn=41, seen=s.seen | {c for c in R.POWER_CARDS if not c.is_joker},
                   jokers_seen=1)
    assert [a.cards for a, _ in R.chance_outcomes(last)] == [(parse_card("JK"),)]


def test_clear_the_dungeon_reserve_waits_for_the_draw_in_a_free_deal():
    """With the reserve variant the empty hand of a free deal is the table's: the draw
    is the chance node (the reserve card may still be played once the cards are in)."""
    R = _ctd()
    s = R.new_state(None, frozenset({"reserve"}))
    s = R.apply(s, R.chance_outcomes(s)[0][0])
    s = replace(s, damage=(parse_card("10♠"),))
    assert R.legal_actions(s) == [] and len(R.chance_outcomes(s)) > 0
    seeded = R.new_state("RESERVE", frozenset({"reserve"}))
    assert R.Draw(None) in R.legal_actions(seeded) and R.chance_outcomes(seeded) == []


def test_shuffle_and_doom_rooms_take_the_pass_then_the_next():
    game = get_game("shuffle-and-doom")
    R = game.rules
    tags = _free_tags(game, "ROOMS", {"size": 7}, ())
    _, s = start_state(game, tags)
    s = R.apply(s, R.Choose("row"))
    while s.bonus_owed:
        s = R.apply(s, R.Bonus(("health",)))
    enter = next(a for a in R.legal_actions(s) if isinstance(a, R.Enter))
    s = R.apply(s, enter)
    room = len(s.dmap.rooms[s.awaiting_room])
    others = [c for c in s.deck if c not in s.map_cards]
    outcomes = R.chance_outcomes(s)
    assert len(outcomes) == comb(len(others), room) == comb(52 - 14, room)
    # near the end of pass 2: the cards left come first, the rest from pass 3's deck
    left = s.deck[:2]
    late = replace(s, pass_no=2, deck=left)
    outcomes = R.chance_outcomes(late)
    if room > 2:
        assert len(outcomes) == comb(52 - 2, room - 2)
        first, _ = outcomes[0]
        assert first.cards[:2] == left
        after = R.apply(late, first)
        assert after.pass_no == 3 and after.awaiting_room is None
    else:
        assert len(outcomes) == comb(2, room)
    # every outcome of a small node replays through apply
    tiny = replace(s, pass_no=2, deck=s.deck[:room + 2])
    options = R.chance_outcomes(tiny)
    assert len(options) == comb(room + 2, room)
    for action, _ in options:
        assert R.apply(tiny, action).room is not None


def test_scoundrel_rooms_are_dealt_in_order():
    game = next(g for g in GAMES if g.name == "scoundrel")
    R = game.rules
    s = R.new_state(None, frozenset())
    first = R.chance_outcomes(s)
    assert len(first) == 44 * 43 * 42 * 41 == 3_258_024
    assert first.total_weight == len(first) and first[-1][1] == pytest.approx(1 / len(first))
    room = first[123_456][0]
    s = R.apply(s, room)
    assert s.room == room.cards and not R.chance_outcomes(s)
    avoided = R.apply(s, R.Avoid())
    assert len(R.chance_outcomes(avoided)) == perm(40, 4)
    # the 40 unseen cards all dealt: the room that comes up is the one that went under
    late = replace(avoided, hidden=0, seen=avoided.seen | set(R.DECK))
    only = R.chance_outcomes(late)
    assert [a for a, _ in only] == [R.Room(room.cards)] and only[0][1] == 1.0
    # a card stays: the room is it, then 3 cards dealt in order
    c = parse_card
    s = R.apply(R.new_state(None, frozenset()), R.Room((c("2♥"), c("3♥"), c("4♥"),
                                                       c("5♦"))))
    for potion in ("2♥", "3♥", "4♥"):
        s = R.apply(s, R.Drink(c(potion)))
    assert s.room == (c("5♦"),) and R.legal_actions(s) == []
    outcomes = R.chance_outcomes(s)
    assert len(outcomes) == perm(40, 3) == 59_280
    assert all(a.cards[0] == c("5♦") and len(a.cards) == 4 for a, _ in outcomes[:50])
    assert R.apply(s, outcomes[-1][0]).room == outcomes[-1][0].cards


def test_dungeon_solitaire_lists_every_draft_and_draws_from_the_seed():
    game = get_game("dungeon-solitaire")
    R = game.rules
    for edition in game.editions:
        table = game.rules_table(edition)
        s = R.new_state("DRAFT", 5, table)
        drafts = R.legal_actions(s)
        assert len(drafts) == len(set(drafts)) == table.set_size ** table.draft_sets
        for k in (0, len(drafts) // 2, len(drafts) - 1):
            assert R.apply(s, drafts[k]).phase == "play"
        assert R.chance_outcomes(s) == []
    s = R.apply(s, drafts[0])
    draws = [a for a in R.legal_actions(s) if isinstance(a, R.Draw)]
    assert len(draws) == 1 and set(draws[0].ids) <= s.deck


# -- the outcome sequences ----------------------------------------------------------------


@pytest.mark.parametrize("n,k", [(0, 0), (1, 1), (5, 0), (5, 2), (6, 3), (7, 7)])
def test_unranking_follows_itertools_order(n, k):
    items = "abcdefg"[:n]
    assert [chance.combination(items, k, i) for i in range(comb(n, k))] == list(
        combinations(items, k))
    assert [chance.arrangement(items, k, i) for i in range(perm(n, k))] == list(
        permutations(items, k))
    with pytest.raises(IndexError):
        chance.combination(items, k, comb(n, k))
    with pytest.raises(IndexError):
        chance.arrangement(items, k, -1)


def test_outcomes_read_like_a_list_and_sample_by_weight():
    out = chance.Outcomes([chance.Block(3, 1, lambda i: f"a{i}"),
                           chance.Block(0, 5, lambda i: "never"),
                           chance.Block(2, 2, lambda i: f"b{i}")])
    assert len(out) == 5 and out.total_weight == 7
    assert out[0] == ("a0", 1 / 7) and out[-1] == ("b1", 2 / 7)
    assert out[1:4] == [("a1", 1 / 7), ("a2", 1 / 7), ("b0", 2 / 7)]
    assert out == list(out) and out != [] and chance.Outcomes([]) == []
    assert [out.pick(r) for r in range(7)] == ["a0", "a1", "a2", "b0", "b0", "b1", "b1"]
    with pytest.raises(IndexError):
        out[5]
    with pytest.raises(IndexError):
        out.pick(7)
    rng = stream("WEIGHTS", "test-chance")
    counts = {}
    for _ in range(7_000):
        a = chance.sample(out, rng)
        counts[a] = counts.get(a, 0) + 1
    assert 800 < counts["a0"] < 1200 and 1700 < counts["b1"] < 2300
    assert chance.sample([("x", 0.25), ("y", 0.75)], rng) in ("x", "y")
    with pytest.raises(ValueError):
        chance.sample([], rng)


def test_huge_outcome_counts_are_never_stored():
    pool = list(range(52))
    out = chance.combinations_of(pool, 26, tuple)
    assert len(out) == comb(52, 26)
    assert out[len(out) - 1][0] == tuple(range(26, 52))
    drawn = chance.sample(out, stream("HUGE", "test-chance"))
    assert len(set(drawn)) == 26 and list(drawn) == sorted(drawn)
