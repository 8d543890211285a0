"""Fast paths agree with the slow checks they stand for, exhaustively (issue 26).

``tests/test_fast_paths.py`` checks them at the states of simulated games; here every
combination of what a check reads is tried where that is small.

Where the rules test a move inline for speed and keep a plain function for the words
of a refusal, both must give the same answer: Scoundrel's ``_slay`` and
``slay_refusal``, Clear the Dungeon's ``_play`` and ``check_attack``, Dungeon
Solitaire's ``_any_playable`` and ``_allowed`` and the plain ``_playable`` and
``_plays_for``. Each is checked over every combination of what the check reads where
that is small (Scoundrel, Clear the Dungeon), and over many states reached by random,
greedy and expert play (seeded and free deals, every variant), every card of the deck
tried there. ``tests/test_ds_speed_rules.py`` checks ``_allowed`` for the cards a
player was offered; here every kind of reward card is tried in every position.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games import get_game
from companion.games.clear_the_dungeon import rules as ctd
from companion.games.clear_the_dungeon.generation import MONSTER_CARDS, POWER_CARDS
from companion.games.dungeon_solitaire import rules as ds
from companion.games.dungeon_solitaire.cards import DIRS, Room
from companion.games.scoundrel import rules as sc
from companion.simulate import play

Run = tuple[str, str, dict[str, int], tuple[str, ...], bool]
"""A simulated game: seed, player, parameters, variants, free deal."""


def _states(game_name: str, runs: list[Run]) -> Iterator[Any]:
    """Every state of the simulated games ``runs``: (seed, player, params, variants,
    free)."""
    game = get_game(game_name)
    for seed, player, params, variants, free in runs:
        played = play(game, seed, params, player, variants=variants, free=free,
                      max_actions=400)
        yield from played.states


def _outcome(call: Any) -> tuple[str, str] | Any:
    """What ``call()`` gives: its result, or the refusal's (message, rule)."""
    try:
        return call()
    except IllegalAction as exc:
        return (str(exc), exc.rule)


# --- Scoundrel: _slay and slay_refusal ------------------------------------------------

SC_MONSTERS = sorted(sc._MONSTERS, key=str)
SC_WEAPONS = sorted(sc._WEAPONS, key=str)


def _slay_agrees(s: sc.State, card: Any) -> bool:
    """``_slay(s, Slay(card))`` succeeds exactly when ``slay_refusal`` finds nothing to
    refuse, refuses with its words and rule otherwise, and takes off the health the
    weapon lets through. Returns whether the slay was allowed."""
    refusal = sc.slay_refusal(s, card)
    got = _outcome(lambda: sc._slay(s, sc.Slay(card)))
    if refusal is not None:
        assert got == refusal, (s.weapon, s.slain, card, s.variants)
        return False
    assert isinstance(got, sc.State), (s.weapon, s.slain, card, got)
    assert s.weapon is not None
    hurt = max(0, sc.value(card) - sc.value(s.weapon))
    assert got.health == s.health - hurt and got.slain[-1:] in ((card,), ())
    return True


@pytest.mark.parametrize("variants", [frozenset(), frozenset({"equal-kills"})])
def test_scoundrel_slay_agrees_with_its_refusal_on_every_weapon_and_top(variants):
    """Every weapon (or none) x every last monster slain (or none) x every monster."""
    base = sc.new_state("FAST-SLAY", variants)
    allowed = 0
    for weapon in [None, *SC_WEAPONS]:
        for top in [None, *SC_MONSTERS]:
            slain = () if top is None or weapon is None else (top,)
            for card in SC_MONSTERS:
                if card == top:
                    continue
                room = (card, *[c for c in base.room if c != card][:3])
                s = dataclasses.replace(base, weapon=weapon, slain=slain, room=room)
                allowed += _slay_agrees(s, card)
    assert allowed > 1000  # both answers are seen many times


SC_RUNS: list[Run] = [(f"FAST{i}", player, {}, variants, free)
           for i, (player, variants, free) in enumerate(itertools.product(
               ("random", "greedy", "expert"), ((), ("equal-kills",)), (False, True)))]


def test_scoundrel_slay_agrees_in_played_states():
    """In every state of played games, every monster of the room: ``apply`` and the
    legal actions (which ask ``slay_refusal``) agree with ``_slay``."""
    checked = 0
    for s in _states("scoundrel", SC_RUNS):
        if s.outcome is not None or s.awaiting:
            continue
        legal = set(sc.faces(s))
        for card in s.room:
            if card in sc._MONSTERS:
                allowed = _slay_agrees(s, card)
                assert allowed == (sc.Slay(card) in legal)
                checked += 1
    assert checked > 300


# --- Clear the Dungeon: _play and check_attack -----------------------------------------

CTD_RULES = {0: "attack-first", 1: "attack-total", 2: "attack-trigger"}


def _play_agrees(s: ctd.State, card: Any, column: int) -> bool:
    """``_play`` of ``card`` on ``column`` is refused exactly when ``check_attack``
    refuses it, with its words (and the rule of the pile's slot). Returns whether the
    card could go there."""
    pile = s.piles[column]
    monster = s.up[column]
    assert monster is not None
    why = ctd.check_attack(pile, card, monster)
    got = _outcome(lambda: ctd._play(s, ctd.Play(card, column)))
    if why is not None:
        assert got == (why, CTD_RULES[len(pile)]), (pile, card, monster)
        return False
    assert isinstance(got, dict), (pile, card, monster, got)
    return True


def test_clear_the_dungeon_play_agrees_with_check_attack_on_every_card_and_pile():
    """Every monster x every power card x an empty pile, every one-card pile and a
    few two-card piles (the third card is checked by its suit alone)."""
    base = ctd.new_state("FAST-PLAY", frozenset())
    pairs = [(a, b) for a, b in zip(POWER_CARDS, POWER_CARDS[1:], strict=False)][::9]
    piles = [(), *((c,) for c in POWER_CARDS), *pairs]
    allowed = refused = 0
    for monster in MONSTER_CARDS:
        for pile in piles:
            for card in POWER_CARDS:
                s = dataclasses.replace(base, up=(monster, *base.up[1:]),
                                        piles=(pile, *base.piles[1:]), hand=(card,))
                if _play_agrees(s, card, 0):
                    allowed += 1
                else:
                    refused += 1
    assert allowed > 1000 and refused > 1000


CTD_RUNS: list[Run] = [(f"FAST{i}", player, {}, variants, free)
            for i, (player, variants, free) in enumerate(itertools.product(
                ("random", "greedy", "expert"), ((), ("reserve",), ("no-jokers",)),
                (False, True)))]


def test_clear_the_dungeon_play_agrees_in_played_states():
    """In every state of played games, every card in the hand (and the reserve card)
    on every face-up monster: ``_play`` and ``check_attack`` agree, and the legal
    actions list what ``_play`` allows (but where a free deal's draw comes next)."""
    checked = 0
    for s in _states("clear-the-dungeon", CTD_RUNS):
        if s.outcome is not None or s.awaiting:
            continue
        legal = ctd.legal_actions(s)
        cards = set(s.hand)
        if s.damage and "reserve" in s.variants:
            cards.add(s.damage[-1])
        for card in sorted(cards, key=str):
            for k, monster in enumerate(s.up):
                if monster is None:
                    continue
                allowed = _play_agrees(s, card, k)
                if allowed and not ctd._free_draw(s):  # (the reserve is not listed there)
                    assert any(isinstance(a, ctd.Play) and a.card == card and
                               (a.column == k or a.monster == monster) for a in legal)
                checked += 1
    assert checked > 1000


# --- Dungeon Solitaire: _any_playable, _allowed and _playable, _plays_for ---------------

DS_RUNS: list[Run] = [(f"FAST{i}", player, {"size": size}, (), False)
           for i, (player, size) in enumerate(itertools.product(
               ("random", "greedy", "expert"), (4, 5, 6, 7)))]


def _ds_states() -> list[ds.State]:
    return [s for s in _states("dungeon-solitaire", DS_RUNS)
            if s.outcome is None and s.phase in ("play", "keep")]


def _kinds(s: ds.State) -> dict[str, str]:
    """One reward id of each kind of card (a room card, heal, slay, turn, leap): what
    the checks read of a card is its kind alone."""
    found: dict[str, str] = {}
    for i in range(1, s.rules.reward_deck + 1):
        card = s.card(f"R{i}")
        found.setdefault("room" if isinstance(card, Room) else card.kind, f"R{i}")
    return found


def _every_play(s: ds.State, rid: str) -> Iterator[ds.Play]:
    yield ds.Play(rid)
    for d in DIRS:
        yield ds.Play(rid, direction=d)
    for c in range(-1, s.size + 1):
        for r in range(-1, s.size + 1):
            yield ds.Play(rid, cell=(c, r))
            yield ds.Play(rid, cell=(c, r), direction="N")


def test_dungeon_solitaire_playable_agrees_with_the_list_of_plays():
    """For every reward card in every state reached: ``_playable`` is whether
    ``_plays_for`` lists a play, and ``_any_playable`` of the cards a draw could give
    is whether one of them has one."""
    states = _ds_states()
    assert len(states) > 300
    for s in states:
        ids = [f"R{i}" for i in range(1, s.rules.reward_deck + 1)]
        playable = {rid: bool(ds._plays_for(s, rid)) for rid in ids}
        for rid in ids:
            assert ds._playable(s, rid) == playable[rid], (rid, s.card(rid))
            assert ds._any_playable(s, (rid,)) == playable[rid]
        for k in range(0, len(ids), 3):  # draws of three (and of fewer at the end)
            draw = tuple(ids[k:k + 3])
            assert ds._any_playable(s, draw) == any(playable[r] for r in draw)
        unplayable = tuple(r for r in ids if not playable[r])[:3]
        assert not ds._any_playable(s, unplayable)


def test_dungeon_solitaire_allowed_is_the_list_of_plays_for_every_kind():
    """Every kind of reward card, every play written (every square on and around the
    board, every direction, none): ``_allowed`` is membership of ``_plays_for``."""
    seen = allowed = 0
    for s in _ds_states()[::2]:
        for rid in _kinds(s).values():
            card = s.card(rid)
            options = set(ds._plays_for(s, rid))
            for a in _every_play(s, rid):
                ok = ds._allowed(s, a, card)
                assert ok == (a in options), (a, options)
                seen += 1
                allowed += ok
    assert seen > 50_000 and allowed > 500


def test_dungeon_solitaire_a_draw_offers_cards_as_the_plain_check_says():
    """A draw in a reached state keeps the cards on offer (phase ``keep``) exactly when
    one of them has a play, else discards them all at once."""
    checked = 0
    for s in _ds_states():
        if s.phase != "play" or not s.deck:
            continue
        deck = sorted(s.deck, key=lambda rid: int(rid[1:]))
        want = min(s.rules.draw_size, len(deck))
        for k in range(0, len(deck) - want + 1, max(1, want)):
            ids = tuple(deck[k:k + want])
            after = ds.apply(s, ds.Draw(ids))
            playable = any(ds._plays_for(s, rid) for rid in ids)
            assert after.phase == ("keep" if playable else "play"), ids
            assert after.offered == (ids if playable else ())
            checked += 1
    assert checked > 200
