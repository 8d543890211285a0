"""The one API every game implements (OpenSpiel's State API, boardgame.io's moves).

A game is a :class:`Game` object in ``companion/games/<name>/__init__.py`` named
``GAME``, listed in the registry (``companion/games/__init__.py``) or installed by
another package (the ``companion.games`` entry-point group). Its faces:

* rules: ``initial_state(seed, params, variants, edition)`` (the state before the first
  action, without a log), ``new_state(header)`` (the same from a log's header: a thin
  adapter), ``apply(state, action) -> state`` (a pure function: the old state is never
  changed), ``legal_actions(state)``, ``chance_outcomes(state)``, ``result(state)``;
* notation: ``parse_action(state, line)``, ``format_action(action)``,
  ``line_context(state)`` (what a line's reading depends on: the replay reads each
  distinct line once) and ``locate(line, error)`` (where a step at fault was
  written); ``parse(state, text)`` reads a line given as text, for library callers;
* generation and sheets: ``describe(kind, seed, params)`` (data),
  ``render(kind, seed, params, paper, options)`` (PDF bytes; imports reportlab lazily)
  and ``golden_text(seed, params, edition)`` (the canonical text the golden vectors
  pin);
* solving: ``solve(seed, params, variants, budget)`` and ``solve_text(report)``;
* what the game-agnostic tests and benchmarks ask of a game: ``golden_cases()``,
  ``golden_seeds``, ``simulation_games``, ``vocabulary()``, ``free_deal_tags(seed,
  params)``, ``booklet_outcome``.

A game names its ``rules`` and ``notation`` modules; by default :class:`Game` hands
``apply``, ``legal_actions``, ``chance_outcomes``, ``parse_action`` and
``format_action`` to them, and ``render`` to the ``sheets`` module of the game's
package. A game must define ``initial_state``, ``result`` and ``describe``; it
overrides anything else only where it does differently.

Rules raise :class:`~companion.errors.IllegalAction`; the replay loop adds file, line
and column. :class:`Game` is generic over the game's state and action types
(``Game[State, Action]``), so a type checker follows them through every method.
Parameters and variants are data (:class:`Param`), so the command line and the log
header handle every game the same way.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from companion.errors import (
    IllegalAction,
    ParameterError,
    PayloadError,
)
from companion.games.header import MAX_CLAIM_DIGITS, parse_claim, read_header
from companion.games.model import (
    Header,
    PackPart,
    Param,
    PayloadExtra,
    Playthrough,
    Result,
    SheetKind,
    Target,
)
from companion.log import ActionLine, Token, is_number
from companion.seeds import Payload
from companion.text import MAX_SHOWN, shown  # here since the first games

__all__ = [
    "MAX_CLAIM_DIGITS", "MAX_SHOWN", "ActionT", "Game", "GameState", "Header", "PackPart",
    "Param", "PayloadExtra", "Playthrough", "Result", "SheetKind", "SolveReport", "StateT",
    "Target", "parse_claim", "read_header", "shown",
]

_VARIANT_SETS: dict[tuple[str, tuple[str, ...] | frozenset[str]], frozenset[str]] = {}
"""Variant sets found good, by game and the variants as given (see Game.variant_set)."""


class GameState(Protocol):
    """What the base class asks of every game's state: ``outcome``, None while the game
    goes on (``won``, ``lost``, ``died``... once it has ended)."""

    @property
    def outcome(self) -> str | None:
        """None while the game goes on, else how it ended."""


StateT = TypeVar("StateT", bound=GameState)
"""A game's state type (a frozen dataclass, never changed: ``apply`` makes a new one)."""
ActionT = TypeVar("ActionT")
"""A game's action type (a union of small frozen dataclasses, one per verb)."""


class Game(ABC, Generic[StateT, ActionT]):
    """Base class of every game, generic over its state and action types: a built-in
    game declares them (``class Scoundrel(Game[State, Action])``). Subclasses set the
    class attributes (``rules`` and ``notation`` too: the modules the default rules and
    notation methods call) and define :meth:`initial_state`, :meth:`result` and
    :meth:`describe`.

    The optional hooks, each with a default that suits a game without it:
    :meth:`line_context` (``notation.line_context``; default None: every line is read
    anew), :meth:`locate` (``notation.locate``; default None: the error stands on the
    argument it names), :meth:`chance_outcomes` (``rules.chance_outcomes``; default:
    no chance nodes), :meth:`opening_lines` and :meth:`log_lines` (default: no checked
    lines), :meth:`explain`, :meth:`stage`, :meth:`end_reason`, :meth:`players`,
    :meth:`booklet`, :attr:`deal_rules` and ``notation.VERBS`` (:meth:`vocabulary`).
    The recorder (``companion record``, ``companion/record.py``) looks for more in the
    game's ``terminal`` module, each optional: ``board_lines(state)`` (the board
    drawn in text), ``choices(state)`` (a line offered as a few small choices),
    ``STYLES`` (colours for the board's characters) and ``REPLACES_EXPLAIN``.

    Start a seeded deal, list the legal actions, read one line and apply it:

    >>> from companion.games import get_game
    >>> game = get_game("scoundrel")
    >>> state = game.initial_state("K7Q2-9XMA")
    >>> [game.format_action(a) for a in game.legal_actions(state)]
    ['avoid', 'equip 8♦', 'fight 9♠', 'drink 5♥', 'fight 7♠']
    >>> state = game.apply(state, game.parse(state, "fight 9S"))
    >>> game.result(state).summary["health"]
    11
    >>> game.is_over(state)
    False
    """

    name: str = ""
    code: str = ""
    title: str = ""
    credits: str = ""
    params: tuple[Param, ...] = ()
    variants: tuple[str, ...] = ()
    sheet_kinds: tuple[SheetKind, ...] = ()
    map_kind: str = "map"
    seeded_only: bool = False
    pack_parts: tuple[PackPart, ...] = ()
    deal_rules: frozenset[str] = frozenset()
    """The rules whose errors say the log and the seeded deal (map, draw, floor,
    board) part: early in a log they point at the header (``companion/hints.py``)."""
    editions: tuple[int, ...] = (1,)
    """The rules editions this build knows (``docs/command-line.md``, Editions); new sheets
    print the newest. A game whose numbers or generator change adds an edition."""
    won_outcomes: tuple[str, ...] = ("won",)
    """The outcomes that count as a win in ``companion stats``."""
    stage_name: str = "actions"
    """What :meth:`stage` counts (``floor``, ``level``...), for reports."""
    balance_targets: tuple[Target, ...] = ()
    """The balance targets of the newest edition, checked by ``companion stats``."""
    rules: ClassVar[ModuleType]
    """The game's rules module: ``apply(state, action)``, ``legal_actions(state)``."""
    notation: ClassVar[ModuleType]
    """The game's notation module: ``parse_action(state, line)``, ``format_action(action)``."""

    # -- editions ---------------------------------------------------------------
    @property
    def edition(self) -> int:
        """The newest rules edition: the one new sheets print and logs default to."""
        return max(self.editions)

    def check_edition(self, edition: int | str) -> int:
        """``edition`` as a number this build knows for the game. Raises PayloadError
        (naming the edition and the known ones) otherwise."""
        text = str(edition).strip()
        known = ", ".join(str(e) for e in self.editions)
        if not (is_number(text) and len(text) <= 9 and int(text) in self.editions):
            named = shown(text) if not is_number(text) or len(text) > 9 else text
            raise PayloadError(f"{self.name} has no edition {named}: this companion "
                               f"knows edition {known} (a newer companion may know it)")
        return int(text)

    def rules_table(self, edition: int | None = None) -> Any:
        """The rules table (numbers) of ``edition`` (default: the newest), for games
        whose numbers live in one; None for the others."""
        return None

    # -- parameters -------------------------------------------------------------
    def param(self, name: str) -> Param:
        """The parameter called ``name``. Raises ParameterError if there is none."""
        for p in self.params:
            if p.name == name:
                return p
        names = ", ".join(p.name for p in self.params) or "none"
        raise ParameterError(f"{self.name} has no parameter {shown(name)} (it has: {names})")

    def check_params(self, given: Mapping[str, int | str]) -> dict[str, int]:
        """All parameters, defaults filled in. Raises ParameterError."""
        out = {p.name: p.default for p in self.params}
        for key, value in given.items():
            out[key] = self.param(key).check(value)
        return out

    def payload(self, seed: str, params: Mapping[str, int], *, edition: int | None = None,
                **extra: str | int) -> str:
        """The QR payload text for a sheet of this game, of ``edition`` (default: the
        newest)."""
        items = {k: str(v) for k, v in params.items()}
        items.update({k: str(v) for k, v in extra.items()})
        return Payload(self.code, seed, items, edition or self.edition).encode()

    def check_payload(self, items: Mapping[str, str], seed: str | None = None
                      ) -> tuple[dict[str, int], frozenset[str] | None]:
        """The game parameters and the variants (None: not named) of a payload's
        ``key=value`` items, as any of this game's sheets prints them: game parameters,
        ``variant=a+b``, ``kind=`` (a sheet kind, or ``pack``) and the sheet options
        (``floor=``, ``level=``). Raises PayloadError for anything else or a value out
        of range: a payload is never misread. ``seed``: the payload's seed, ``""`` for
        a payload without one, which only a sheet that prints no seed (a plain deck, a
        calibration sheet) may be; None: not checked."""
        params: dict[str, int] = {}
        variants: set[str] | None = None
        options = {p.name: p for k in self.sheet_kinds for p in k.params}
        for key, text in items.items():
            try:
                if key == "variant" and self.variants:
                    variants = set()
                    for raw in text.replace(",", "+").split("+"):
                        v = raw.strip().lower()
                        if v and v not in self.variants:
                            raise PayloadError(f"payload variant {shown(v)} is not a "
                                               f"{self.name} variant")
                        if v:
                            variants.add(v)
                elif key == "kind":
                    if text != "pack":
                        self.sheet_kind(text)
                elif key == "page" and items.get("kind") == "marks":
                    # a mark sheet's page 2 on (page 1 names none): docs/marks.md
                    if not (text.isascii() and text.isdigit() and len(text) <= 2
                            and int(text) >= 2):
                        raise PayloadError(f"payload page={shown(text)}: a mark sheet's "
                                           "page is 2 to 99 (page 1 names none)")
                elif key in options:
                    options[key].check(text)
                elif key in {p.name for p in self.params}:
                    params[key] = self.param(key).check(text)
                else:
                    raise PayloadError(f"payload key {shown(key)} is not one a "
                                       f"{self.name} sheet prints")
            except ParameterError as exc:
                raise PayloadError(f"payload {key}={shown(text)}: {exc}") from None
        for key, text in items.items():  # a floor beyond the run's floors, say
            bound = options[key].upto if key in options else ""
            if bound:
                limit = params.get(bound, self.param(bound).default)
                if int(text) > limit:
                    raise PayloadError(f"payload {key}={shown(text)} of {bound}={limit}: "
                                       f"no such {key} in this run")
        kind = items.get("kind", self.map_kind)
        if seed == "" and (kind == "pack" or self.sheet_kind(kind).seeded):
            raise PayloadError(f"the payload names no seed, but a {self.name} {kind} is "
                               f"printed for a seed: its payload is "
                               f"companion:N/{self.code}/SEED/...")
        return params, (frozenset(variants) if variants is not None else None)

    def sheet_variants(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The variants a sheet is printed for, in the game's order.

        ``options["variants"]`` (a tuple of names, from the command line) and
        ``options["variant"]`` (names joined by ``+``, from a scanned payload) are both
        read. Raises ParameterError for an unknown variant.
        """
        names: list[str] = []
        raw = options.get("variants") or ()
        names.extend([raw] if isinstance(raw, str) else list(raw))
        text = options.get("variant")
        if isinstance(text, str):
            names.append(text)
        return self.check_variants([n.replace("+", ",") for n in names])

    def check_variants(self, names: Sequence[str]) -> tuple[str, ...]:
        """Variant names (comma lists allowed), checked and in the game's order.

        Raises ParameterError for a variant the game does not have."""
        wanted = {n.strip().lower() for item in names for n in item.split(",") if n.strip()}
        unknown = wanted - set(self.variants)
        if unknown:
            raise ParameterError(f"{self.name} has no variant {shown(sorted(unknown)[0])} "
                                 f"(variants: {', '.join(self.variants) or 'none'})")
        return tuple(v for v in self.variants if v in wanted)

    def variant_set(self, variants: Sequence[str] | frozenset[str]) -> frozenset[str]:
        """:meth:`check_variants` of ``variants`` as a set, remembered for a tuple or
        set of variants found good before (a log's header gives one for every log; 64
        remembered at most). Raises ParameterError for an unknown variant."""
        key = (self.name, variants) if isinstance(variants, (tuple, frozenset)) else None
        known = _VARIANT_SETS.get(key) if key is not None else None
        if known is None:
            known = frozenset(self.check_variants(list(variants)))
            if key is not None and len(_VARIANT_SETS) < 64:
                _VARIANT_SETS[key] = known
        return known

    def marks_codec(self) -> Any:
        """The game's mark sheets (:class:`companion.marks.codec.MarkCodec`), or None for
        a game that prints none (``docs/marks.md``). A game with a ``marks`` sheet kind
        returns its codec, imported when asked for."""
        return None

    def sheet_kind(self, name: str) -> SheetKind:
        """The sheet kind called ``name``. Raises ParameterError if there is none."""
        for k in self.sheet_kinds:
            if k.name == name:
                return k
        kinds = ", ".join(k.name for k in self.sheet_kinds)
        raise ParameterError(f"{self.name} prints no sheet kind {shown(name)}; kinds: {kinds}")

    # -- rules --------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, seed: str | None, params: Mapping[str, int] | None = None,
                      variants: Sequence[str] | frozenset[str] = (),
                      edition: int | None = None) -> StateT:
        """The state before the first action of the seeded deal of ``seed`` (normalised),
        or of a free deal when ``seed`` is None, without going through a log: what
        solvers, simulations and tests start from. ``params``: the game's parameters
        (missing ones take their defaults); ``edition``: the rules edition (default:
        the newest).

        Raises ParameterError for a parameter out of range, an unknown variant, or a
        free deal the game does not have (a seeded-only game, or one whose free deal
        needs more than these arguments), and PayloadError for an unknown edition."""

    def new_state(self, header: Header) -> StateT:
        """The state before the first action of a log: :meth:`initial_state` of the
        header's seed, parameters, variants and edition. A game whose header carries
        more (a free deal's cards in tags) overrides this.

        Raises LogError (at the Seed tag, or where the header ends) when
        :meth:`initial_state` refuses the deal."""
        try:
            return self.initial_state(header.seed, header.params, header.variants,
                                      header.edition)
        except (ParameterError, PayloadError) as exc:
            raise header.error("seed", str(exc), "seed") from None

    def parse_action(self, state: StateT, line: ActionLine) -> ActionT:
        """One action line as an action value (``notation.parse_action``). Raises
        NotationError."""
        return self.notation.parse_action(state, line)

    def parse(self, state: StateT, text: str) -> ActionT:
        """One action line ``text``, in the game's notation, as the action it stands for
        in ``state`` (any spelling the notation reads: ``fight 9S`` is ``fight 9♠``; a
        ``#`` comment and commas are read as in a log). It does not check that the
        rules allow the action: :meth:`apply` does.

        Raises NotationError (or IllegalAction, for a line the notation reads only in
        a state where it makes sense) whose ``column`` is the 1-based column of
        ``text`` at fault, as ``companion validate`` would place it.

        >>> from companion.games import get_game
        >>> game = get_game("scoundrel")
        >>> state = game.initial_state("K7Q2-9XMA")
        >>> game.parse(state, "drink 5h")
        Drink(card=Card(5♥))
        >>> from companion import NotationError
        >>> try:
        ...     game.parse(state, "fight 1X")
        ... except NotationError as error:
        ...     print(error.column, error.rule)
        7 notation-card
        """
        from companion.log import action_error, read_action_line

        line = read_action_line(text)
        try:
            return self.parse_action(state, line)
        except IllegalAction as exc:
            exc.column = action_error(exc, line, "<text>", self).column
            raise

    def locate(self, line: ActionLine, error: IllegalAction) -> tuple[Token, int] | None:
        """Where the error of an action made of steps stands: the word of ``line``
        holding the step ``error.step`` names, and the character within that word
        (``notation.locate``, when the notation has one). None (the default): the error
        stands on the argument ``error.arg`` names (the verb when None), ``error.offset``
        characters into it."""
        find = getattr(self.notation, "locate", None)
        return None if find is None else find(line, error)

    def line_context(self, state: StateT) -> Hashable | None:
        """What of ``state`` the reading of an action line depends on
        (``notation.line_context``, when the notation has one): two lines of the same
        text read to the same action under the same context, so the replay reads each
        distinct line once (and remembers only lines read without error). It must be
        fixed by the log's header (the replay asks the start state only). None (the
        default, for a notation without it): every line is read anew."""
        context = getattr(self.notation, "line_context", None)
        return None if context is None else context(state)

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action`` (``rules.apply``). Raises IllegalAction; never
        changes ``state``."""
        return self.rules.apply(state, action)

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Every action the rules allow in ``state`` (empty when the game is over;
        ``rules.legal_actions``)."""
        return self.rules.legal_actions(state)

    def chance_outcomes(self, state: StateT) -> Sequence[tuple[ActionT, float]]:
        """At a chance node (the table decides: a free deal's cards, a hand-shuffled
        draw), every action that can come next with its probability; empty when the
        player decides or the game is over (OpenSpiel's chance nodes).

        ``rules.chance_outcomes(state)`` if the rules module defines it, else ``[]``."""
        outcomes = getattr(self.rules, "chance_outcomes", None)
        if outcomes is None:
            return []
        found: Sequence[tuple[ActionT, float]] = outcomes(state)
        return found

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (no action is legal any more):
        ``rules.is_over(state)`` where the rules module defines it (a game whose end is
        not one field of its state), else whether the state's ``outcome`` is set (None
        while the game goes on), as the built-in games' states keep it."""
        over = getattr(self.rules, "is_over", None)
        if over is not None:
            return bool(over(state))
        return state.outcome is not None

    @abstractmethod
    def result(self, state: StateT) -> Result:
        """Outcome, score and summary of ``state``."""

    def format_action(self, action: ActionT) -> str:
        """The action as a log line that ``parse_action`` reads back
        (``notation.format_action``)."""
        return self.notation.format_action(action)

    def opening_lines(self, state: StateT) -> list[str]:
        """Checked lines a written log starts with (e.g. the dealt monsters)."""
        return []

    def log_lines(self, before: StateT, action: ActionT, after: StateT) -> list[str]:
        """The log lines that record ``action`` (a game may add checked lines, such as
        the cards a seeded draw gave)."""
        return [self.format_action(action)]

    def explain(self, state: StateT) -> list[str]:
        """What a player would lay out on the table to check a position: one
        ``name: value`` line per item of the state's summary (``validate --explain``).
        Games add what the summary leaves out (the room's cards, the square)."""
        lines = []
        for key, value in self.result(state).summary.items():
            if isinstance(value, list | tuple):
                value = " ".join(str(v) for v in value) if all(
                    not isinstance(v, dict) for v in value) else f"{len(value)} entries"
            elif isinstance(value, dict):
                value = ", ".join(f"{k} {v}" for k, v in value.items())
            lines.append(f"{key.replace('_', ' ')}: {value if value != '' else '-'}")
        return lines

    @property
    def has_solver(self) -> bool:
        """Whether the game has a solver (``companion solve``, ``--par``)."""
        return type(self).solve is not Game.solve

    def solve(self, seed: str, params: Mapping[str, int], variants: tuple[str, ...],
              budget: int | None = None) -> SolveReport:
        """Solve a seeded deal exactly. Raises ParameterError for a game with no solver
        (:attr:`has_solver`). ``budget``: how much search the solver may spend (its
        own unit; None: the game's default).

        >>> from companion.games import get_game
        >>> game = get_game("scoundrel")
        >>> report = game.solve("K7Q2-9XMA", {}, ())
        >>> report.status, report.score, report.log.splitlines()[3]
        ('won', 30, 'room 8♦ 9♠ 5♥ 7♠')
        >>> game.solve_text(report)
        'scoundrel seed K7Q2-9XMA: winnable, best score 30'
        """
        raise ParameterError(f"{self.name} has no solver")

    def par_note(self, report: SolveReport) -> str:
        """What par is for ``report``, an exact solve (``won`` or ``lost``) of a deal,
        as the club's standings say it beside par: by default the best score possible
        (and, for a deal no line wins, that none does). A game whose par is something
        else (the run along each floor's par path) overrides this."""
        if report.status == "won":
            return "the best score possible"
        return "the best score possible; no line wins"

    def solve_text(self, report: SolveReport) -> str:
        """What ``companion solve`` prints for ``report`` (without ``--json``): by
        default one line, the game, seed and variants, then winnable with the best
        score, not winnable, or what the budget left unknown. A game whose solver
        reports something else (par per floor) overrides this."""
        if report.status == "won":
            text = f"winnable, best score {report.score}"
        elif report.status == "lost":
            text = "not winnable with perfect information"
        elif report.score is not None:
            text = (f"winnable, best score {report.score} or more: the budget ran out "
                    "before a better win was ruled out (--budget to search further)")
        else:
            text = ("unknown: the budget ran out before any win was found "
                    "(--budget to search further)")
        return f"{report.heading}: {text}"

    # -- simulation -------------------------------------------------------------------
    simulation_games: int = 60
    """How many seeded games ``tests/test_simulation_all.py`` plays and validates (fewer
    for a game slow to simulate)."""

    def free_deal_tags(self, seed: str, params: Mapping[str, int]) -> dict[str, str]:
        """The header tags a log of the seeded deal of ``seed`` writes instead of its
        ``[Seed]`` tag to read as a free deal (the same game, dealt at the table), in
        order: none by default (the log's lines already name every card dealt). Only
        asked of games that are not :attr:`seeded_only`.

        Raises ParameterError for a parameter out of range."""
        return {}

    def vocabulary(self) -> tuple[str, ...]:
        """Words of the notation a property test strings together into random action
        lines: the notation's ``VERBS``; a game adds the spellings its logs never use
        (``th`` for 10♥...). :func:`companion.simulate.vocabulary` adds every word of a
        short game played at random (cards, cells, numbers)."""
        return tuple(dict.fromkeys(getattr(self.notation, "VERBS", ())))

    def players(self) -> dict[str, Any]:
        """The simulated players (``random``, ``greedy``, ``expert``...): ``PLAYERS`` of
        the ``players`` module of the game's package, plain functions ``(game, state,
        legal_actions, rng) -> action``; none for a game without that module."""
        name = f"{type(self).__module__}.players"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return {}  # no players of its own: the generic random and greedy ones
        players: dict[str, Any] = module.PLAYERS
        return players

    def stage(self, state: StateT) -> int:
        """How far a game got (the floor, level, pass...: :attr:`stage_name`), for
        ``companion stats``' "where games end"."""
        return 0

    end_words: tuple[tuple[str, str], ...] = ()
    """How :meth:`end_reason` shortens why a game was lost: ``(word, reason)`` pairs, the
    first whose word the result's ``lost_because`` holds gives the reason
    (``("moves", "out of moves")``)."""

    def end_reason(self, state: StateT) -> str:
        """Why a game ended, in a word or two, for ``companion stats``' "where games
        end": the outcome, or for a game its result's summary says was lost because of
        something (``lost_because``), the reason of the first of :attr:`end_words`
        found in it, else that text. A game whose states say it otherwise overrides
        this."""
        result = self.result(state)
        why = str(result.summary.get("lost_because") or "")
        for word, reason in self.end_words:
            if word in why:
                return reason
        return why or result.outcome

    # -- booklet --------------------------------------------------------------------
    booklet_outcome: str | None = None
    """The outcome the booklet's example log ends in (``won``, ``unfinished``...),
    checked by ``tests/test_booklets.py``; None: any outcome the validator gives."""

    def booklet(self) -> Any:
        """The game's rule booklet as data (a :class:`companion.paper.booklet.Booklet`),
        from the ``booklet`` module of the game's package (imported lazily).

        Raises ParameterError if the game has no booklet."""
        name = f"{type(self).__module__}.booklet"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            raise ParameterError(f"{self.name} has no rule booklet") from None
        return module.booklet()

    # -- generation and sheets ----------------------------------------------------
    @abstractmethod
    def describe(self, kind: str, seed: str, params: Mapping[str, int],
                 options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What a sheet of ``kind`` shows, as JSON-ready data."""

    def render(self, kind: str, seed: str, params: Mapping[str, int], paper: str,
               options: Mapping[str, Any] | None = None) -> bytes:
        """The PDF bytes of a sheet of ``kind``, drawn by ``render`` of the ``sheets``
        module of the game's package (imported lazily: it imports reportlab).

        A kind that does not depend on a seed (``SheetKind.seeded`` false) is drawn
        with seed ``""`` whatever ``seed`` is, so it prints no seed anywhere.

        Raises ParameterError for a kind the game does not print."""
        if not self.sheet_kind(kind).seeded:
            seed = ""
        sheets = importlib.import_module(f"{type(self).__module__}.sheets")
        return sheets.render(self, kind, seed, dict(params), paper, dict(options or {}))

    # -- playthroughs -------------------------------------------------------------------
    def playthrough_cases(self) -> list[Playthrough]:
        """The whole games ``tests/test_playthroughs.py`` pins step by step (the state as
        ``validate --explain`` shows it, the legal actions or chance outcomes, the action
        taken), each in ``tests/golden/playthroughs/GAME-SEED.txt``: by default one
        seeded game played at random. A game names short ones, ideally one won and one
        lost (and a free deal, whose chance nodes show, where it has one)."""
        return [Playthrough("PLAY-1", "random")]

    # -- golden vectors -----------------------------------------------------------------
    golden_seeds: int = 4
    """How many of the golden seeds (``tests/golden/compute.py``) the cases with the
    default parameters cover; every other case takes the first seed only."""

    def golden_cases(self) -> list[tuple[dict[str, int], int]]:
        """The ``(params, edition)`` cases of the golden vectors (``tests/golden``): the
        parameters named in a case name its vector (``size=7``); by default the default
        parameters under every edition. An edition once printed keeps its cases."""
        return [({}, e) for e in self.editions]

    def golden_text(self, seed: str, params: Mapping[str, int], edition: int) -> str:
        """The canonical text of the seeded generation of ``seed`` under ``params``
        (complete) and ``edition``, whose SHA-256 the golden vectors pin: what a printed
        seed stands for. By default the ``describe`` data of the game's map kind as
        sorted, indented JSON; a game spells its deal out line by line instead.

        Raises ParameterError or PayloadError as ``describe`` does."""
        import json

        data = self.describe(self.map_kind, seed, params, {"edition": edition})
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class SolveReport:
    """A solver's answer for one seeded deal. ``status``: ``won`` (winnable; ``score`` is
    the best score), ``lost`` (no line wins), or ``unknown`` (the budget ran out;
    ``score`` is the best found so far, if any). ``log`` is the best line found as a
    log that ``validate`` accepts (or None)."""

    game: str
    seed: str
    variants: tuple[str, ...]
    status: str
    score: int | None
    log: str | None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def heading(self) -> str:
        """``game seed SEED (variants)``: how a sentence about the report starts."""
        variants = f" ({', '.join(self.variants)})" if self.variants else ""
        return f"{self.game} seed {self.seed}{variants}"

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``companion solve --json``)."""
        return {"game": self.game, "seed": self.seed, "variants": list(self.variants),
                "status": self.status, "score": self.score, "stats": self.stats,
                "log": self.log}


