"""Club play (issue 16): the daily deal, and standings from validated logs.

**The daily deal.** :func:`daily_seed` gives every game one seed a day, the same for
everyone, with no server: the first 64-bit number of the project's own generator
(:mod:`companion.rng`) on the stream named ``("daily", GAME, "YYYY-MM-DD")``, its top 40
bits written as eight characters of Crockford base32 in two groups of four
(:func:`companion.seeds.fresh_seed`). So a daily seed looks, reads, normalizes and scans
like any fresh seed (``K7Q2-9XMA``).

**Standings.** :func:`build_standings` validates every log (one at a time, as
``companion validate`` does: bounded reads, the verdict let go once its row is taken),
groups the valid ones into deals (game, seed, parameters, variants, rules edition; a
free deal by its tags too), ranks each deal's players by the computed score (never the
claim), and lists the invalid logs apart with their first error. Where the game has a
solver, par is solved once per deal. ``season`` sums each player's result against par
(or against the deal's best score where there is no par) over every deal.
``docs/club.md`` says all of this as the commands do it.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.errors import ParameterError, UnreadableLogError
from companion.rng import stream
from companion.seeds import fresh_seed
from companion.text import shown_text

__all__ = [
    "PERSONAL_TAGS",
    "SEASON_NOTE",
    "Deal",
    "DealKey",
    "Entry",
    "InvalidLog",
    "Par",
    "SeasonRow",
    "Standings",
    "build_standings",
    "check_inputs",
    "competition_ranks",
    "daily_seed",
    "deal_note",
    "entry_notes",
    "iter_rows",
    "parse_date",
    "player_key",
    "player_shown",
    "shown_text",
    "rank_deal",
    "read_one",
    "season_rows",
    "solve_par",
    "today_utc",
]

DAILY_STREAM = "daily"
"""The first name of the daily stream: ``stream("daily", GAME, "YYYY-MM-DD")``."""

_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

PERSONAL_TAGS = frozenset({"player", "claim", "date", "time", "comment", "note",
                           "annotator"})
"""Tags that say who played and what they claim, not which deal: a free deal's group
leaves them out (with the tags already in the group's key)."""


# -- the daily deal ---------------------------------------------------------------

def today_utc() -> _dt.date:
    """Today's date in UTC (the daily deal changes at midnight UTC everywhere)."""
    return _dt.datetime.now(_dt.UTC).date()


def parse_date(text: str) -> _dt.date:
    """``YYYY-MM-DD`` as a date. Raises ParameterError for anything else (another
    form, a day that does not exist)."""
    value = text.strip()
    shown = value if len(value) <= 40 else value[:37] + "..."
    if not _DATE_RE.fullmatch(value):
        raise ParameterError(f"--date takes a date as YYYY-MM-DD, like 2026-11-21; "
                             f"not {shown!r}")
    try:
        return _dt.date.fromisoformat(value)
    except ValueError:
        raise ParameterError(f"--date {value} is not a day of the calendar") from None


def daily_seed(game: str, day: _dt.date) -> str:
    """The seed of the day for ``game`` (its registry name, ``shuffle-and-doom``): the
    same for everyone, from the date and the game's name alone (module docstring)."""
    x = stream(DAILY_STREAM, game.strip().lower(), day.isoformat()).next64()
    return fresh_seed(x.to_bytes(8, "big"))


# -- standings: what is kept of each log ------------------------------------------

@dataclass(frozen=True, order=True)
class DealKey:
    """What makes two logs the same deal. ``tags``: a free deal's other tags, their
    values normalized (cards in one spelling, words in lower case); empty for a seeded
    deal, which its seed names."""

    game: str
    seed: str
    params: tuple[tuple[str, int], ...]
    variants: tuple[str, ...]
    edition: int
    tags: tuple[tuple[str, str], ...] = ()

    @property
    def free(self) -> bool:
        return not self.seed

    def details(self) -> str:
        """``seed K7Q2-9XMA, reserve, edition 1``: the deal without the game."""
        parts = [f"seed {self.seed}" if self.seed else "free deal"]
        parts += [f"{k} {v}" for k, v in self.params]
        parts += list(self.variants)
        parts += [f"{k} {v}" for k, v in self.tags]
        parts.append(f"edition {self.edition}")
        return ", ".join(parts)

    def label(self, title: str = "") -> str:
        """``Clear the Dungeon, seed K7Q2-9XMA, reserve, edition 1``."""
        return f"{title or self.game}, {self.details()}"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed or None, "params": dict(self.params),
                "variants": list(self.variants), "edition": self.edition,
                "tags": dict(self.tags)}


@dataclass(slots=True)
class Entry:
    """One valid log of a deal (all that is kept of it)."""

    file: str
    player: str
    named_by_file: bool
    """No ``Player`` tag: the player is the log's file name."""
    outcome: str
    score: int | None
    claim: int | None
    claim_matches: bool
    rank: int | None = None
    """The player's rank in the deal; None for a log that does not count (a second
    log of the same player: :attr:`counted`)."""
    counted: bool = True
    logs_of_player: int = 1
    """How many valid logs of this deal the player has (more than 1: flagged)."""
    other_scores: tuple[int | None, ...] = ()
    """For a flagged player's counted log: the scores of their other logs."""
    against_par: int | None = None

    @property
    def key(self) -> str:
        return player_key(self.player, self.named_by_file)

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "file": self.file, "outcome": self.outcome, "score": self.score,
                "against_par": self.against_par, "claim": self.claim,
                "claim_matches": self.claim_matches, "counted": self.counted,
                "logs_of_this_deal": self.logs_of_player,
                "other_scores": list(self.other_scores)}


@dataclass(slots=True)
class InvalidLog:
    """A log that is not ranked: its first error, as ``companion validate`` gives it."""

    file: str
    player: str
    named_by_file: bool
    game: str | None
    seed: str | None
    claim: int | None
    line: int | None
    column: int | None
    message: str
    rule: str

    @property
    def where(self) -> str:
        """``FILE:LINE:COLUMN`` (what is known of it)."""
        return ":".join(str(p) for p in (self.file, self.line, self.column)
                        if p not in (None, ""))

    @property
    def error(self) -> str:
        """``FILE:LINE:COLUMN: message``."""
        return f"{self.where}: {self.message}"

    @property
    def error_in_file(self) -> str:
        """``LINE:COLUMN: message`` (beside a column that names the file)."""
        where = ":".join(str(p) for p in (self.line, self.column) if p is not None)
        return f"{where}: {self.message}" if where else self.message

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "game": self.game, "seed": self.seed, "claim": self.claim,
                "error": {"line": self.line, "column": self.column,
                          "message": self.message, "rule": self.rule}}


@dataclass(frozen=True)
class Par:
    """Par of a deal: the solver's best score (``score``), or why there is none."""

    score: int | None
    status: str
    """``won`` or ``lost`` (exact), ``unknown`` (the solver's budget ran out), or
    ``none`` (no solver, a free deal, an older edition, ``--no-par``)."""
    note: str = ""
    """What par is (with a score), or why there is none."""

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "status": self.status, "note": self.note}


@dataclass
class Deal:
    """One deal's standings: ranked entries first (by rank), then the logs that do not
    count (a player's second log)."""

    key: DealKey
    title: str
    entries: list[Entry]
    par: Par

    @property
    def best(self) -> int | None:
        """The best computed score of the deal, if any log has one."""
        scores = [e.score for e in self.entries if e.score is not None]
        return max(scores) if scores else None

    @property
    def reference(self) -> tuple[int | None, str]:
        """What a season measures this deal's scores against: par where it is known,
        else the deal's best score (``"best"``)."""
        if self.par.score is not None:
            return self.par.score, "par"
        return self.best, "best"

    @property
    def flagged(self) -> list[str]:
        """Players with more than one valid log of this deal."""
        return [e.player for e in self.entries if e.counted and e.logs_of_player > 1]

    def to_json(self) -> dict[str, Any]:
        ref, against = self.reference
        return {**self.key.to_json(), "title": self.title, "label": self.key.label(self.title),
                "par": self.par.to_json(), "season_reference": {"score": ref,
                                                                "against": against},
                "entries": [e.to_json() for e in self.entries]}


@dataclass(frozen=True)
class SeasonRow:
    """A player's season: the sum of their result against each deal's reference."""

    rank: int
    player: str
    named_by_file: bool
    total: int
    played: int
    """Deals where a log of theirs counts."""
    results: tuple[int, ...]
    """Per deal (in :attr:`Standings.deals` order): score minus the reference, or
    what a deal without a scored log of theirs counts (:attr:`charged`; see
    :func:`season_rows`)."""
    charged: tuple[bool, ...]
    """Per deal: True where they have no scored counted log."""

    def to_json(self, deals: Sequence[Deal]) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "total": self.total, "deals_played": self.played,
                "results": [{"deal": d.key.label(d.title), "result": r, "scored": not c}
                            for d, r, c in zip(deals, self.results, self.charged,
                                               strict=True)]}


@dataclass
class Standings:
    """Everything ``companion standings`` reports."""

    deals: list[Deal]
    invalid: list[InvalidLog]
    logs: int
    season: list[SeasonRow] | None = None
    par_solved: int = 0
    """How many deals were solved for par (each once)."""
    par_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"logs": self.logs, "valid": self.logs - len(self.invalid),
                "deals": [d.to_json() for d in self.deals],
                "invalid": [i.to_json() for i in self.invalid],
                "season": None if self.season is None else {
                    "note": SEASON_NOTE,
                    "rows": [r.to_json(self.deals) for r in self.season]}}


SEASON_NOTE = ("Each player's score minus par, summed over the deals; where a "
               "deal has no par, minus the best score of that deal instead. A deal a "
               "player has no scored log of (not played, or a lost game without a score) "
               "counts as a score of 0, or the deal's lowest score if that is below 0: "
               "skipping a deal never pays.")


# -- reading logs -------------------------------------------------------------------

def player_key(name: str, named_by_file: bool) -> str:
    """Who a player is, for flagging a second log and summing a season: the name in
    any case and spacing (``Ada`` = ``ada``); a player named by a file name is
    that file alone."""
    return ("file:" if named_by_file else "tag:") + " ".join(name.split()).casefold()


def check_inputs(paths: Sequence[str | Path]) -> None:
    """Refuse, before any log is read, what cannot be a list of logs: none at all, a
    missing file, a folder, standard input named twice.

    Raises ParameterError or UnreadableLogError (both exit 2)."""
    if not paths:
        raise ParameterError("standings needs logs: companion standings LOG... "
                             "(e.g. logs/*.log)")
    if sum(1 for p in paths if str(p) == "-") > 1:
        raise ParameterError("standard input (-) can be read only once")
    for p in paths:
        name = str(p)
        if name == "-":
            continue
        try:
            mode = os.stat(name).st_mode
        except FileNotFoundError:
            raise UnreadableLogError("no such file", name) from None
        except OSError as exc:
            raise UnreadableLogError(f"cannot read: {exc.strerror or exc}", name) from None
        if stat.S_ISDIR(mode):
            raise UnreadableLogError(f"is a folder, not a log file: give its logs, like "
                                     f"{Path(name) / '*.log'}", name)


def _read(path: str) -> bytes | None:
    """The log's bytes (bounded as ``validate`` reads them), or None when the file is
    too long or otherwise not readable as a log (the verdict then says why).

    Raises UnreadableLogError for a file that vanished or cannot be opened (exit 2)."""
    from companion.fsutil import read_bounded
    from companion.log import MAX_LOG_BYTES

    try:
        return read_bounded(path, MAX_LOG_BYTES)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        from companion.replay import validate_path

        raise validate_path(path).error or UnreadableLogError("cannot read", path) from None
    except OSError:
        return None


def _player(tags: dict[str, Any], file: str) -> tuple[str, bool]:
    tag = tags.get("player")
    name = " ".join(str(tag.value).split()) if tag is not None else ""
    if name:
        return shown_text(name), False
    return shown_text(Path(file).name or file), True


def _norm_value(text: str) -> str:
    """A free deal's tag value in one spelling: cards as the program writes them
    (``TD`` = ``10♦``), other words in lower case."""
    from companion.cards import parse_card
    from companion.errors import CardError

    words = []
    for word in re.split(r"[\s,]+", text.strip()):
        if not word:
            continue
        try:
            words.append(str(parse_card(word)))
        except CardError:
            words.append(word.casefold())
    return shown_text(" ".join(words))


def _deal_key(log: Any, game: Any) -> DealKey:
    """The deal of a valid log (its header reads: it just replayed)."""
    from companion.games.base import read_header

    header = read_header(log, game)
    params = tuple((p.name, header.params[p.name]) for p in game.params)
    variants = tuple(v for v in game.variants if v in header.variants)
    tags: tuple[tuple[str, str], ...] = ()
    if header.seed is None:
        known = {"game", "seed", "variant", "edition", *(p.tag.lower() for p in game.params)}
        tags = tuple(sorted((t.name.lower(), _norm_value(t.value))
                            for t in log.tags.values()
                            if t.key not in known and t.key not in PERSONAL_TAGS))
    return DealKey(game.name, header.seed or "", params, variants, header.edition, tags)


def read_one(path: str) -> tuple[DealKey, Entry] | InvalidLog:
    """Validate one log (as ``companion validate`` does) and keep what the standings
    need of it: its deal and entry, or its first error.

    Raises UnreadableLogError for a file that cannot be opened (missing, a folder,
    permission denied): exit 2."""
    from companion.games import get_game
    from companion.log import decode_log_bytes, parse_log
    from companion.replay import validate_path, validate_text

    data = _read(path)
    verdict = validate_path(path) if data is None else validate_text(data, path)
    log = None
    if data is not None:
        try:
            log = parse_log(decode_log_bytes(data, path), path, lazy=True)
        except (UnreadableLogError, ValueError):  # LogError is a ValueError too
            log = None
    player, by_file = _player(log.tags if log is not None else {}, path)
    if not verdict.valid or verdict.outcome is None or log is None:
        e = verdict.error
        message = getattr(e, "message", str(e)) if e is not None else "not valid"
        return InvalidLog(shown_text(path), player, by_file, verdict.game,
                          shown_text(verdict.seed) if verdict.seed else verdict.seed,
                          verdict.claim, getattr(e, "line", None),
                          getattr(e, "column", None), shown_text(message),
                          getattr(e, "rule", None) or "unreadable")
    game = get_game(verdict.game or "")
    entry = Entry(shown_text(path), player, by_file, verdict.outcome, verdict.score,
                  verdict.claim, verdict.claim_matches is not False)
    return _deal_key(log, game), entry


# -- ranking --------------------------------------------------------------------------

def competition_ranks(scores: Sequence[int | None]) -> list[int]:
    """Ranks of ``scores`` given best first (None last): equal scores share a rank and
    the next rank skips (1, 2, 2, 4); every None shares the rank after the last score."""
    ranks: list[int] = []
    for i, s in enumerate(scores):
        if i and scores[i - 1] == s:
            ranks.append(ranks[-1])
        else:
            ranks.append(i + 1)
    return ranks


def _order(e: Entry) -> tuple[bool, int, str, str]:
    return (e.score is None, -(e.score or 0), e.player.casefold(), e.file)


def rank_deal(entries: list[Entry], par: Par) -> list[Entry]:
    """The deal's entries ranked: each player's best log counts (their others are
    kept, unranked, and the player is flagged); equal scores share a rank."""
    by_player: dict[str, list[Entry]] = {}
    for e in entries:
        by_player.setdefault(e.key, []).append(e)
    counted: list[Entry] = []
    extra: list[Entry] = []
    for logs in by_player.values():
        logs.sort(key=_order)
        best, rest = logs[0], logs[1:]
        best.counted, best.logs_of_player = True, len(logs)
        best.other_scores = tuple(e.score for e in rest)
        for e in rest:
            e.counted, e.rank, e.logs_of_player = False, None, len(logs)
        counted.append(best)
        extra.extend(rest)
    counted.sort(key=_order)
    extra.sort(key=_order)
    for e, r in zip(counted, competition_ranks([e.score for e in counted]), strict=True):
        e.rank = r
    for e in counted + extra:
        e.against_par = (e.score - par.score if e.score is not None
                         and par.score is not None else None)
    return counted + extra


def solve_par(key: DealKey, game: Any) -> Par:
    """Par of a seeded deal of the newest edition, from the game's solver."""
    if key.free:
        return Par(None, "none", "a free deal: no par")
    if not game.has_solver:
        return Par(None, "none", f"{game.name} has no solver")
    if key.edition != game.edition:
        return Par(None, "none", f"the solver plays edition {game.edition} only")
    report = game.solve(key.seed, dict(key.params), key.variants)
    if report.status in ("won", "lost") and report.score is not None:
        if isinstance(report.stats.get("par"), dict):  # par per floor (Dungeon Upkeeper)
            what = "the run along each floor's par path"
        elif report.status == "won":
            what = "the best score possible"
        else:
            what = "the best score possible; no line wins"
        return Par(report.score, report.status, what)
    if report.status == "lost":
        return Par(None, "lost", "no line wins this deal")
    found = f" (the best line found scores {report.score})" if report.score is not None else ""
    return Par(None, "unknown", "the solver's budget ran out" + found)


def season_rows(deals: Sequence[Deal]) -> list[SeasonRow]:
    """Each player's sum over ``deals`` of score minus the deal's reference (par, else
    the deal's best score). A deal they have no scored counted log of (not played, or
    lost in a game whose lost games have no score) counts as a score of 0, or of the
    deal's lowest score where that is below 0: skipping a deal never pays. A deal with
    no reference (no par, nobody scored) counts 0 for everyone."""
    names: dict[str, tuple[str, bool]] = {}
    for d in deals:
        for e in d.entries:
            if e.counted:
                seen = names.get(e.key)
                if seen is None or e.player < seen[0]:
                    names[e.key] = (e.player, e.named_by_file)
    per_deal: list[tuple[dict[str, int], int]] = []
    for d in deals:
        ref, _ = d.reference
        scores = {e.key: e.score for e in d.entries if e.counted and e.score is not None}
        if ref is None:
            per_deal.append(({}, 0))
            continue
        floor = min([0, *scores.values()])
        per_deal.append(({k: v - ref for k, v in scores.items()}, floor - ref))
    rows: list[SeasonRow] = []
    for key, (name, by_file) in names.items():
        got = [res.get(key) for res, _ in per_deal]
        results = tuple(r if r is not None else charge
                        for r, (_, charge) in zip(got, per_deal, strict=True))
        played = sum(1 for d in deals if any(e.counted and e.key == key for e in d.entries))
        rows.append(SeasonRow(0, name, by_file, sum(results), played, results,
                              tuple(r is None for r in got)))
    rows.sort(key=lambda r: (-r.total, r.player.casefold(), r.player))
    ranks = competition_ranks([r.total for r in rows])
    return [replace(r, rank=rank) for r, rank in zip(rows, ranks, strict=True)]


def build_standings(paths: Sequence[str | Path], par: bool = True, season: bool = False,
                    progress: Callable[[str], None] | None = None,
                    solved: dict[DealKey, Par] | None = None) -> Standings:
    """Validate ``paths`` one at a time, group, rank, and solve par once per deal
    (``solved``: a cache kept across calls, if given).

    Raises ParameterError (no logs) or UnreadableLogError (a missing file, a folder,
    one that cannot be opened), both exit 2, before anything is reported."""
    import time

    from companion.games import get_game

    check_inputs(paths)
    groups: dict[DealKey, list[Entry]] = {}
    invalid: list[InvalidLog] = []
    for p in paths:
        row = read_one(str(p))  # the verdict is let go here: only the row is kept
        if isinstance(row, InvalidLog):
            invalid.append(row)
        else:
            groups.setdefault(row[0], []).append(row[1])
        if progress is not None:
            progress(str(p))
    cache = solved if solved is not None else {}
    deals: list[Deal] = []
    spent = 0.0
    count = 0
    for key in sorted(groups):
        game = get_game(key.game)
        if not par:
            deal_par = Par(None, "none", "par not asked for (--no-par)")
        elif key in cache:
            deal_par = cache[key]
        else:
            start = time.perf_counter()
            deal_par = cache[key] = solve_par(key, game)
            if deal_par.status != "none":
                count += 1
                spent += time.perf_counter() - start
        deals.append(Deal(key, game.title, rank_deal(groups[key], deal_par), deal_par))
    invalid.sort(key=lambda i: i.file)
    result = Standings(deals, invalid, len(paths), par_solved=count, par_seconds=spent)
    if season:
        result.season = season_rows(deals)
    return result


def entry_notes(e: Entry, deal: Deal | None = None) -> list[str]:
    """What a row says besides its numbers: a second log, a claim that does not match,
    a player named by file name."""
    notes: list[str] = []
    if e.logs_of_player > 1:
        if e.counted:
            notes.append(f"{e.logs_of_player} logs of this deal: this best one counts; "
                         + _other_scores(e.other_scores))
        else:
            notes.append("another log of this player: not ranked")
    if e.claim is not None and not e.claim_matches:
        notes.append(f"claimed {e.claim}, computed {'none' if e.score is None else e.score}")
    if e.named_by_file:
        notes.append("no Player tag: named by the file")
    return notes


def _other_scores(scores: Sequence[int | None]) -> str:
    """``the other scored 30``, ``the other has no score``, ``the others scored 30 and
    12``, ``the others: 30 and no score``: a player's other logs of a deal, in words."""
    if len(scores) == 1:
        return ("the other has no score" if scores[0] is None
                else f"the other scored {scores[0]}")
    words = ["no score" if x is None else str(x) for x in scores]
    listed = ", ".join(words[:-1]) + " and " + words[-1]
    if all(x is None for x in scores):
        return "the others have no score"
    return ("the others scored " if None not in scores else "the others: ") + listed


def deal_note(deal: Deal) -> str:
    """``par 6 (the solver's best score)`` or why there is none."""
    p = deal.par
    if p.score is not None:
        return f"par {p.score} ({p.note})" if p.note else f"par {p.score}"
    return f"no par: {p.note}" if p.note else "no par"


def iter_rows(standings: Standings) -> Iterable[tuple[Deal, Entry]]:
    """Every (deal, entry) in report order."""
    for d in standings.deals:
        for e in d.entries:
            yield d, e


def player_shown(name: str, named_by_file: bool) -> str:
    """A player as the tables show one: a file name in parentheses."""
    return f"({name})" if named_by_file else name

