"""Hand records (issue 16): what the after-game sheet of a deal shows, as data.

A bridge club prints, after an evening, each board's hand record: the deal as dealt, par
and the best line. ``companion sheets GAME --seed S --kind record`` is that sheet; each
game draws its own (``record.py`` beside its sheets) with the furniture of
:mod:`companion.paper.record`, from what this module gathers, the same for every game:

* :func:`solve_deal`: the game's solver on the deal, with its default budget (the answer
  ``companion solve`` gives), kept for the rest of the process so the A4 and Letter
  records of one deal, and ``--json``, solve it once;
* :func:`par_of`: par as the sheet words it ("Par 3", "Par 3 or more" when the budget
  ran out, "Not winnable", or why there is none);
* :func:`table_result`: with ``--from LOGS...`` the standings of that deal among the
  logs (validated one at a time by :func:`companion.club.build_standings`, never by
  their claims): the ranked players and the best valid log's line, replayed and
  written the way the program writes actions.

Nothing here draws; nothing here is one game's.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import ParameterError, UnreadableLogError

if TYPE_CHECKING:
    from companion.games.base import Game, SolveReport

__all__ = ["LOG_SUFFIXES", "Par", "Played", "RecordData", "Step", "TableResult", "gather",
           "group_steps", "log_paths", "par_of", "played_lines", "played_steps",
           "replay_steps", "solve_deal", "table_result"]

LOG_SUFFIXES = (".log", ".txt", ".pgn")
"""The files of a folder given to ``--from`` that are read as logs."""


# -- par ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Par:
    """Par as a hand record prints it: ``headline`` big ("Par 3", "Par 3 or more",
    "Not winnable", "Par unknown", "No par"), ``note`` what it means or why there is
    none; ``score`` and ``status`` as the solver gave them (``none``: no solver ran)."""

    headline: str
    note: str
    score: int | None
    status: str

    def to_json(self) -> dict[str, Any]:
        """Par as JSON-ready data."""
        return {"headline": self.headline, "note": self.note, "score": self.score,
                "status": self.status}


@functools.lru_cache(maxsize=16)
def _solve(name: str, seed: str, params: tuple[tuple[str, int], ...],
           variants: tuple[str, ...]) -> SolveReport:
    from companion.games import get_game

    return get_game(name).solve(seed, dict(params), variants)


def solve_deal(game: Game, seed: str, params: Mapping[str, int],
               variants: Sequence[str]) -> SolveReport:
    """The solver's answer for the deal, with its default budget (``companion solve``),
    remembered for the rest of the process (a solver is deterministic).

    Raises ParameterError for a game without a solver or an unknown variant."""
    if not game.has_solver:
        raise ParameterError(f"{game.name} has no solver")
    checked = game.check_params(dict(params))
    return _solve(game.name, seed, tuple(sorted(checked.items())),
                  game.check_variants(list(variants)))


def _count(stats: Mapping[str, Any], key: str) -> str:
    value = stats.get(key)
    return f"{value:,}" if isinstance(value, int) else ""


def par_of(game: Game, report: SolveReport | None, edition: int | None = None,
           what: str = "") -> Par:
    """Par of a deal as the record prints it, from the solver's ``report`` (None: the
    game has no solver). ``edition``: the rules edition the sheet prints (the solver
    plays the newest only). ``what``: what par is, where it is not "the best score
    possible" (Dungeon Upkeeper: the run along each floor's par path)."""
    if game.has_solver and edition is not None and edition != game.edition:
        return Par("No par", f"the solver plays edition {game.edition} only; this record "
                   f"prints edition {edition}.", None, "none")
    if report is None:
        return Par("No par", f"{game.title} has no solver: the record shows the deal, "
                   "and the best log of it when the logs are given (--from LOGS).",
                   None, "none")
    # what the solver proved, never how long it took: the sheet stays the same
    # when a solver gets faster
    budget = _count(report.stats, "budget")
    if report.status == "won" and report.score is not None:
        return Par(f"Par {report.score}", what or "the best score possible on this deal: "
                   "the solver proved that no line scores more", report.score, "won")
    if report.status == "lost":
        if report.score is not None:
            return Par(f"Par {report.score}", what or "no line wins this deal: this is the "
                       "least bad score possible", report.score, "lost")
        return Par("Not winnable", "no line wins this deal: the solver tried them all",
                   None, "lost")
    ran_out = (f"the solver's budget of {budget} positions ran out" if budget
               else "the solver's budget ran out")
    if report.score is not None:
        return Par(f"Par {report.score} or more",
                   f"{ran_out} before a better line was ruled out: the best line found "
                   "is shown (companion solve --budget searches further)",
                   report.score, "unknown")
    return Par("Par unknown", f"{ran_out} before any win was found", None, "unknown")


# -- the logs of the table ----------------------------------------------------------

def log_paths(paths: Sequence[str | Path]) -> tuple[str, ...]:
    """The log files ``--from`` names: files as given, a folder as its log files
    (``*.log``, ``*.txt``, ``*.pgn``, sorted by name; not its subfolders).

    Raises ParameterError for no paths or a folder without logs, UnreadableLogError
    for a path that does not exist."""
    if not paths:
        raise ParameterError("--from needs log files or a folder of logs")
    out: list[str] = []
    for p in paths:
        name = str(p)
        if name == "-":
            raise ParameterError("--from reads log files or folders, not standard input")
        if os.path.isdir(name):
            found = sorted(e.path for e in os.scandir(name)
                           if e.is_file() and e.name.lower().endswith(LOG_SUFFIXES))
            if not found:
                raise ParameterError(f"--from {_clip(name)}: the folder holds no log files "
                                     f"({', '.join('*' + s for s in LOG_SUFFIXES)})")
            out.extend(found)
        elif os.path.exists(name):
            out.append(name)
        else:
            raise UnreadableLogError("no such file or folder", name)
    return tuple(dict.fromkeys(out))


NAME_SHOWN = 48
"""A player's name is shown up to this many characters (as ``companion standings``
shows it; the JSON holds it whole)."""


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class Step:
    """One action of a replayed log: its line and the states before and after it."""

    line: str
    before: Any
    after: Any


@dataclass(frozen=True)
class Played:
    """One player's counted log of the deal (their best, if they gave several)."""

    rank: int | None
    player: str
    named_by_file: bool
    file: str
    outcome: str
    score: int | None
    claim: int | None
    claim_matches: bool
    against_par: int | None
    logs: int = 1

    def to_json(self) -> dict[str, Any]:
        """The player's row as JSON-ready data."""
        return {"rank": self.rank, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "file": self.file, "outcome": self.outcome, "score": self.score,
                "claim": self.claim, "claim_matches": self.claim_matches,
                "against_par": self.against_par, "logs_of_this_deal": self.logs}


@dataclass(frozen=True)
class TableResult:
    """The deal's standings among the logs given (``--from``)."""

    logs: int
    """Log files read."""
    players: tuple[Played, ...]
    """Each player's counted log of this deal, ranked (ties share a rank)."""
    invalid_here: int
    """Invalid logs that name this deal's game and seed."""
    invalid_elsewhere: int
    other_deals: int
    """Valid logs of other deals (another seed, game, parameters, variants, edition)."""
    best_steps: tuple[Step, ...] = ()
    """The best log's actions, replayed, as the program writes them (empty without a
    best log)."""
    elsewhere: tuple[str, ...] = field(default_factory=tuple)
    """The other deals found, in words (``seed K7Q2-9XMA, easy-stats, edition 1``)."""

    @property
    def best_lines(self) -> tuple[str, ...]:
        """The best line played at the table, as log lines."""
        return tuple(s.line for s in self.best_steps)

    @property
    def best(self) -> Played | None:
        """The best-ranked player, or None when no log was valid."""
        return self.players[0] if self.players else None

    def summary(self) -> str:
        """``12 logs read: 9 valid of this deal (7 players), 1 invalid, 2 of other deals``."""
        valid = sum(p.logs for p in self.players)
        parts = [f"{valid} valid of this deal"
                 + (f" ({_plural(len(self.players), 'player')})" if self.players else "")]
        if self.invalid_here:
            parts.append(f"{self.invalid_here} invalid")
        if self.other_deals:
            parts.append(f"{self.other_deals} of other deals")
        if self.invalid_elsewhere:
            parts.append(f"{self.invalid_elsewhere} invalid of other deals")
        return f"{_plural(self.logs, 'log')} read: " + ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The table's results as JSON-ready data."""
        return {"logs": self.logs, "players": [p.to_json() for p in self.players],
                "invalid_of_this_deal": self.invalid_here,
                "invalid_of_other_deals": self.invalid_elsewhere,
                "valid_of_other_deals": self.other_deals,
                "other_deals": list(self.elsewhere),
                "best_line": list(self.best_lines)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def replay_steps(text: str, file: str = "<log>", canonical: bool = False) -> list[Step]:
    """Every action of the log ``text`` with the states around it. ``canonical``:
    each line as the program writes the action (``play 4♦ on 2``, whatever spelling
    the log used); else as written.

    Raises UnreadableLogError or LogError if the log does not read or replay."""
    from companion.log import parse_log

    return _steps(parse_log(text, file), canonical)


def _steps(log: Any, canonical: bool) -> list[Step]:
    from companion.replay import replay_log

    replay = replay_log(log)
    game, states = replay.game, replay.states
    steps = []
    for i, line in enumerate(log.actions):
        written = (game.format_action(game.parse_action(states[i], line)) if canonical
                   else str(line))
        steps.append(Step(written, states[i], states[i + 1]))
    return steps


def group_steps(steps: Sequence[Step], starts: Callable[[Step], bool]) -> list[list[Step]]:
    """``steps`` cut into turns: a new turn at every step ``starts`` says begins one
    (the steps before the first such step make a turn of their own)."""
    groups: list[list[Step]] = []
    for step in steps:
        if not groups or starts(step):
            groups.append([])
        groups[-1].append(step)
    return groups


def played_lines(path: str) -> tuple[str, ...]:
    """The actions of a valid log, replayed and written as the program writes them.

    Raises UnreadableLogError or LogError if the log no longer reads or replays (it
    changed since it was validated)."""
    return tuple(s.line for s in played_steps(path))


def played_steps(path: str) -> list[Step]:
    """:func:`replay_steps` of the log file ``path``, lines canonical.

    Raises UnreadableLogError or LogError as :func:`played_lines`."""
    from companion.log import read_log_file

    return _steps(read_log_file(path), True)


def table_result(game: Game, seed: str, params: Mapping[str, int],
                 variants: Sequence[str], edition: int, paths: Sequence[str],
                 par: int | None = None) -> TableResult:
    """The standings of the deal (``game``, ``seed``, ``params``, ``variants``,
    ``edition``) among the logs ``paths`` (files; see :func:`log_paths`): every log
    validated, the players of this deal ranked by computed score, each score against
    ``par`` (None: no par), and the best log's line.

    Raises ParameterError or UnreadableLogError as ``companion standings`` does (no
    logs, a file that cannot be opened)."""
    from companion.club import DealKey, build_standings

    key = DealKey(game.name, seed, tuple((p.name, int(params[p.name])) for p in game.params),
                  tuple(v for v in game.variants if v in set(variants)), edition)
    standings = build_standings(list(paths), par=False)  # par is ours: solved once
    deal = next((d for d in standings.deals if d.key == key), None)
    players: list[Played] = []
    if deal is not None:
        for e in deal.entries:
            if not e.counted:
                continue
            against = e.score - par if e.score is not None and par is not None else None
            players.append(Played(e.rank, e.player, e.named_by_file, e.file, e.outcome,
                                  e.score, e.claim, e.claim_matches, against,
                                  e.logs_of_player))
    here = sum(1 for i in standings.invalid if i.game == game.name and i.seed == seed)
    others = [d for d in standings.deals if d.key != key]
    best_steps: tuple[Step, ...] = ()
    if players:
        try:
            best_steps = tuple(played_steps(players[0].file))
        except (UnreadableLogError, ValueError):
            best_steps = ()  # the file changed under us: the record shows its stats only
    return TableResult(
        logs=standings.logs, players=tuple(players), invalid_here=here,
        invalid_elsewhere=len(standings.invalid) - here,
        other_deals=sum(len(d.entries) for d in others), best_steps=best_steps,
        elsewhere=tuple(d.key.label(d.title) for d in others))


# -- what a record shows -------------------------------------------------------------

@dataclass(frozen=True)
class RecordData:
    """Everything a hand record shows beyond the deal itself: par, the solver's report
    (None: no solver, or an edition it does not play) and the table's standings (None:
    no ``--from``)."""

    par: Par
    report: SolveReport | None
    table: TableResult | None

    @property
    def solver_steps(self) -> list[Step]:
        """The solver's best line, replayed (empty when there is none)."""
        if self.report is None or not self.report.log:
            return []
        return replay_steps(self.report.log, "<solver>")

    def best_words(self) -> str:
        """The table's best against par, in a sentence ("" without ``--from``)."""
        if self.table is None:
            return ""
        best = self.table.best
        if best is None:
            return (f"No valid log of this deal among the {_plural(self.table.logs, 'log')} "
                    "given.")
        from companion.club import clip

        name = clip(best.player, NAME_SHOWN, keep_end=best.named_by_file)
        who = f"({name})" if best.named_by_file else name
        tied = [p for p in self.table.players if p.rank == best.rank]
        score = "no score" if best.score is None else str(best.score)
        text = f"Best at the table: {who}, {score} ({best.outcome})"
        if best.against_par is not None:
            n = best.against_par
            text += (", par exactly" if n == 0 else
                     f", {abs(n)} {'over' if n > 0 else 'under'} par")
        if len(tied) > 1:
            text += f"; tied with {len(tied) - 1} more"
        return text + "."

    def par_lines(self, about: str = "") -> list[str]:
        """The lines beside par on the record: what it means, ``about`` (what a score
        counts, in the game's words), and the table's best (last)."""
        words = self.best_words()
        return [self.par.note, *([about] if about else []), *([words] if words else [])]

    @property
    def bold_lines(self) -> set[int]:
        """Which of :meth:`par_lines` stand out: the table's best."""
        return {-1} if self.table is not None else set()

    def table_rows(self) -> list[list[str]]:
        """The table's players as rows (header first): rank, player, score, against
        par (where there is par), outcome, claim."""
        if self.table is None:
            return []
        from companion.club import clip

        with_par = self.par.score is not None
        rows = [["Rank", "Player", "Score", *(["vs par"] if with_par else []), "Outcome",
                 "Claim"]]
        for p in self.table.players:
            claim = ("-" if p.claim is None else
                     f"{p.claim} {'matches' if p.claim_matches else 'wrong'}")
            if p.logs > 1:
                claim += f"; best of {p.logs} logs"
            name = clip(p.player, NAME_SHOWN, keep_end=p.named_by_file)
            rows.append([str(p.rank or ""), f"({name})" if p.named_by_file else name,
                         "-" if p.score is None else str(p.score),
                         *([_signed(p.against_par)] if with_par else []), p.outcome, claim])
        return rows

    def to_json(self) -> dict[str, Any]:
        """What a hand record adds to its sheet's ``--json`` data: par, the solver's
        line (its log) and stats, and the table's standings (``--from``)."""
        r = self.report
        return {"par": self.par.to_json(),
                "solver": None if r is None else {"status": r.status, "score": r.score,
                                                  "stats": r.stats, "log": r.log},
                "table": None if self.table is None else self.table.to_json()}


def _signed(n: int | None) -> str:
    return "-" if n is None else f"{n:+d}" if n else "0"


def gather(game: Game, seed: str, params: Mapping[str, int], variants: Sequence[str],
           options: Mapping[str, Any], what: str = "") -> RecordData:
    """What the record of the deal shows: the solver's answer (a game with a solver,
    the edition it plays), par (``what``: see :func:`par_of`) and, with
    ``options["from_logs"]`` (log files), the table's standings.

    Raises ParameterError (an unknown variant, no logs), PayloadError (an unknown
    edition) or UnreadableLogError (a log that cannot be opened)."""
    edition = game.check_edition(options.get("edition", game.edition))
    report = (solve_deal(game, seed, params, variants)
              if game.has_solver and edition == game.edition else None)
    par = par_of(game, report, edition, what)
    paths = tuple(options.get("from_logs") or ())
    table = (table_result(game, seed, game.check_params(dict(params)), variants, edition,
                          log_paths(paths), par.score) if paths else None)
    return RecordData(par, report, table)
