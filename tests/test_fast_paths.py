"""Where the rules have a fast path and a slow check of the same thing, they agree
(issue 26): at every state of simulated games, seeded and free, every variant set.

* Scoundrel: ``_slay``'s inline test and :func:`slay_refusal`; ``State.tail`` of a
  seeded deal and what a free deal of the same log knows went under the dungeon;
  ``legal_actions`` once through the dungeon lists a last facing only when it raises
  the score (``_raises``).
* Clear the Dungeon: ``_play``'s looked-up attack tests and :func:`check_attack`.
* Dungeon Solitaire: ``_any_playable``, ``_playable`` and ``_allowed`` and the plays
  :func:`_plays_for` makes.

Round-trip simulation alone cannot see a fast path that drifts from its slow twin
when both are used by the writer and the reader; here each is asked directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from companion.cards import parse_card, standard_deck
from companion.errors import IllegalAction
from companion.frozen import evolve
from companion.games import get_game
from companion.games.clear_the_dungeon import rules as ctd
from companion.games.dungeon_solitaire import rules as ds
from companion.games.scoundrel import rules as sc
from companion.log import parse_log
from companion.replay import replay_log
from companion.simulate import play

SEEDS = ("F1", "F2", "F3", "F4", "F5", "F6")


def states(name: str, variant_sets: tuple[tuple[str, ...], ...] = ((),),
           players: tuple[str, ...] = ("random", "greedy"), free: bool = True,
           seeds: tuple[str, ...] = SEEDS) -> Iterator[Any]:
    """Every state of simulated games of ``name``: each seed, player and variant set,
    seeded and (``free``) as a free deal."""
    game = get_game(name)
    for seed in seeds:
        for player in players:
            for variants in variant_sets:
                for dealt in ((False, True) if free else (False,)):
                    yield from play(game, seed, game.check_params({}), player,
                                    variants=variants, free=dealt).states


def refusal(state: Any, action: Any, apply: Any) -> IllegalAction | None:
    try:
        apply(state, action)
    except IllegalAction as exc:
        return exc
    return None


# --------------------------------------------------------------------------- Scoundrel
def test_scoundrel_slay_agrees_with_slay_refusal() -> None:
    tried = refused = 0
    for s in states("scoundrel", ((), ("equal-kills",))):
        if s.outcome is not None or s.awaiting:
            continue
        for card in s.room:
            if not sc.is_monster(card):
                continue
            why = sc.slay_refusal(s, card)
            exc = refusal(s, sc.Slay(card), sc.apply)
            tried += 1
            if why is None:
                assert exc is None, (card, exc)
            else:
                refused += 1
                assert exc is not None and (exc.message, exc.rule) == why, (card, exc)
    assert tried > 500 and refused > 100, (tried, refused)


def test_scoundrel_tail_is_what_a_free_deal_knows() -> None:
    """A seeded log also reads as a free deal (its rooms are written): state by state,
    the seeded deal's ``tail`` (the cards at the bottom that went under with avoided
    rooms) is the free deal's ``dungeon`` (the known cards under it), and the two deals
    agree on the room, health and weapon (once the free deal's room line is read)."""
    game = get_game("scoundrel")
    avoided = 0
    for seed in SEEDS:
        for player in ("random", "greedy", "expert"):
            text = play(game, seed, {}, player).log_text()
            seeded = replay_log(parse_log(text, "seeded.log")).states
            free_text = "\n".join(line for line in text.splitlines()
                                  if not line.startswith(("[Seed", "[Claim")))
            free = replay_log(parse_log(free_text + "\n", "free.log")).states
            assert len(seeded) == len(free)
            for a, b in zip(seeded, free, strict=True):
                if b.awaiting:  # dealt in the seeded deal, its room line still to come
                    continue
                assert a.tail == b.dungeon == b.tail
                assert (a.room, a.health, a.weapon, a.slain, a.through) == (
                    b.room, b.health, b.weapon, b.slain, b.through)
                avoided += bool(a.tail)
    assert avoided > 20


def test_scoundrel_once_through_only_raising_facings_are_listed() -> None:
    """Every state through the dungeon the expert reaches, and the same with its last
    card made each kind of card (a weapon leaves the score as it is: not listed) at
    full health and below, the last card faced a potion or not."""
    through = 0
    won_often = tuple(f"W{i}" for i in range(100))  # the expert wins a few of them
    last_cards = [parse_card(c) for c in ("7♦", "5♥", "9♥", "6♣", "2♠")]
    for s in states("scoundrel", players=("expert",), free=False, seeds=won_often):
        if not s.through:
            continue
        variants = [s] + [evolve(s, room=(card,), health=health, last=last)
                          for card in last_cards for health in (20, 14)
                          for last in (parse_card("4♥"), parse_card("3♣"))]
        for t in variants:
            through += 1
            now = t.score()
            legal = sc.legal_actions(t)
            for a in sc.faces(t):
                assert (a in legal) == (sc.apply(t, a).score() > now), (t.room, a)
    assert through > 50


# ------------------------------------------------------------------ Clear the Dungeon
def test_clear_the_dungeon_play_agrees_with_check_attack() -> None:
    tried = refused = 0
    variant_sets = ((), ("reserve",), ("reserve", "no-jokers"))
    for s in states("clear-the-dungeon", variant_sets):
        if s.outcome is not None or s.awaiting is not None:
            continue
        cards = set(s.hand) | ({s.reserve_card} if s.reserve_card is not None else set())
        for card in cards:
            for k, monster in enumerate(s.up):
                if monster is None:
                    continue
                why = ctd.check_attack(s.piles[k], card, monster)
                exc = refusal(s, ctd.Play(card, k), ctd.apply)
                tried += 1
                if why is None:
                    assert exc is None, (card, k, exc)
                else:
                    refused += 1
                    assert exc is not None and exc.message == why, (card, k, exc)
                    assert exc.rule == ("attack-first", "attack-total",
                                        "attack-trigger")[len(s.piles[k])]
    assert tried > 2_000 and refused > 500, (tried, refused)


def test_clear_the_dungeon_every_card_on_every_column() -> None:
    """Any card on any column (empty ones too) in any state: a legal play or an
    IllegalAction with a rule id, never another exception."""
    deck = list(standard_deck(jokers=1))
    rules: set[str] = set()
    for s in states("clear-the-dungeon", ((), ("reserve",)), players=("greedy",)):
        if s.outcome is not None:
            continue
        for card in deck:
            for k in range(4):
                exc = refusal(s, ctd.Play(card, k), ctd.apply)
                if exc is not None:
                    rules.add(exc.rule)
    assert {"play-card", "play-target", "attack-first"} <= rules, rules


# ----------------------------------------------------------------- Dungeon Solitaire
def test_dungeon_solitaire_fast_checks_agree_with_the_plays() -> None:
    tried = 0
    for s in states("dungeon-solitaire", players=("random", "greedy", "expert"),
                    free=False):
        if s.outcome is not None or s.phase == "draft":
            continue
        ids = sorted(s.deck | s.discard | set(s.offered))
        for rid in ids:
            plays = ds._plays_for(s, rid)
            assert ds._playable(s, rid) == bool(plays), rid
            card = s.card(rid)
            for cell in [None, *[(c, r) for c in range(s.size) for r in range(s.size)]]:
                a = ds.Play(rid, cell=cell)
                assert ds._allowed(s, a, card) == (a in plays), a
            for side in ds.DIRS:
                a = ds.Play(rid, direction=side)
                assert ds._allowed(s, a, card) == (a in plays), a
            tried += 1
        for n in (1, 2, 3):
            for group in list(combinations(ids, n))[:40]:
                assert ds._any_playable(s, group) == any(
                    ds._playable(s, rid) for rid in group), group
    assert tried > 1_000, tried


@pytest.mark.parametrize("name", ["clear-the-dungeon", "scoundrel"])
def test_states_are_found(name: str) -> None:
    """The simulated games these tests walk do reach their states (a guard against a
    helper that silently yields nothing)."""
    assert sum(1 for _ in states(name, seeds=SEEDS[:1])) > 50
