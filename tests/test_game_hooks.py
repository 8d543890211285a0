"""The hooks through which game-agnostic code asks a game what only it knows (issue 26):
whether a state is over (``Game.is_over``, ``rules.is_over``), why a game ended
(``Game.end_reason``, ``Game.end_words``), what par is (``Game.par_note``, which the
club's standings print): each with its default and an override. And the command line
names no game: what it says of one comes from the registry."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion import replay
from companion.club import DealKey, solve_par
from companion.games import all_games, get_game
from companion.games.base import Game, Result, SolveReport
from companion.simulate import play

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Toy:
    outcome: str | None = None
    lost_because: str = ""
    steps: int = 0


class ToyGame(Game):
    """The least a game defines; everything else is the base class's default."""

    name = "toy"
    code = "toy"
    title = "Toy"
    rules = SimpleNamespace(apply=lambda s, a: s, legal_actions=lambda s: [])  # type: ignore[assignment]
    notation = SimpleNamespace(parse_action=lambda s, line: None)  # type: ignore[assignment]

    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> Toy:
        return Toy()

    def result(self, state: Toy) -> Result:
        summary = {"lost_because": state.lost_because} if state.lost_because else {}
        return Result(state.outcome or "unfinished", None, summary)

    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return {}


class CountingGame(ToyGame):
    """A game whose end is no field of its state: its rules module says when."""

    rules = SimpleNamespace(apply=lambda s, a: s, legal_actions=lambda s: [],  # type: ignore[assignment]
                            is_over=lambda s: s.steps >= 3)
    end_words = (("moves", "out of moves"), ("health", "out of health"))


class SolvingGame(ToyGame):
    def solve(self, seed: str, params: Mapping[str, int], variants: tuple[str, ...],
              budget: int | None = None) -> SolveReport:
        return SolveReport(self.name, seed, variants, "won", 7, None)


class ParPathGame(SolvingGame):
    def par_note(self, report: SolveReport) -> str:
        return "the run along each floor's par path"


# -- is_over ------------------------------------------------------------------------
def test_is_over_by_default_asks_whether_the_state_has_an_outcome():
    g = ToyGame()
    assert not g.is_over(Toy())
    assert g.is_over(Toy(outcome="won")) and g.is_over(Toy(outcome="lost"))


def test_is_over_asks_the_rules_module_when_it_has_is_over():
    g = CountingGame()
    assert not g.is_over(Toy(steps=2))
    assert g.is_over(Toy(steps=3))  # no outcome field set, and over all the same
    assert not g.is_over(Toy(outcome="won", steps=0))  # the rules say, not the field


def test_the_replay_uses_the_rules_is_over_and_the_fast_path_only_without_it():
    assert replay._steps(ToyGame())[2] is replay._has_outcome
    counting = CountingGame()
    over = replay._steps(counting)[2]
    assert over is not replay._has_outcome and over(Toy(steps=3))


# -- end_reason ---------------------------------------------------------------------
def test_end_reason_by_default_is_the_outcome_or_why_the_game_was_lost():
    g = ToyGame()
    assert g.end_words == ()
    assert g.end_reason(Toy(outcome="won")) == "won"
    assert g.end_reason(Toy()) == "unfinished"
    # no end words: the result's lost_because as it is
    assert g.end_reason(Toy("lost", "out of moves on B3")) == "out of moves on B3"


def test_end_words_shorten_why_a_game_was_lost():
    g = CountingGame()
    assert g.end_reason(Toy("lost", "out of moves on B3")) == "out of moves"
    assert g.end_reason(Toy("lost", "out of health on B7")) == "out of health"
    assert g.end_reason(Toy("lost", "the dragon woke")) == "the dragon woke"
    assert g.end_reason(Toy("won")) == "won"


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_game_ends_for_a_reason_of_a_word_or_two(game):
    g = get_game(game)
    reasons = {reason for _, reason in g.end_words}
    for k in range(4):
        final = play(g, f"END{k}", g.check_params({}), "random", keep_states=False).final
        reason = g.end_reason(final)
        assert reason == g.result(final).outcome or reason in reasons, reason


# -- par_note -----------------------------------------------------------------------
def _report(status: str) -> SolveReport:
    return SolveReport("toy", "S", (), status, 3, None)


def test_par_note_by_default_is_the_best_score_possible():
    g = ToyGame()
    assert g.par_note(_report("won")) == "the best score possible"
    assert g.par_note(_report("lost")) == "the best score possible; no line wins"


def test_the_club_says_par_as_the_game_does():
    key = DealKey("toy", "SEED", (), (), 1, ())
    assert solve_par(key, SolvingGame()).note == "the best score possible"
    par = solve_par(key, ParPathGame())
    assert (par.score, par.status, par.note) == (7, "won", "the run along each floor's par path")
    du = get_game("dungeon-upkeeper")
    assert du.par_note(_report("won")) == "the run along each floor's par path"
    assert get_game("scoundrel").par_note(_report("won")) == "the best score possible"


# -- the command line names no game ------------------------------------------------
CLI_MODULES = ("cli.py", "cli_app.py", "cli_club.py", "cli_record.py")


@pytest.mark.parametrize("module", CLI_MODULES)
def test_the_command_line_names_no_game(module):
    source = (ROOT / "companion" / module).read_text(encoding="utf-8")
    joined = re.sub(r'"\s*\n\s*f?"', "", source)  # implicit string concatenation
    flat = " ".join(joined.split()).lower()
    for g in all_games():
        for word in (g.name, g.title.lower()):
            assert word not in flat, f"companion/{module} names {word!r}"
