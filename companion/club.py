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
solver, par is solved once per deal. ``season`` ranks each game's players by their
average result against par (or against the deal's best score where there is no par)
per deal played, with a minimum of deals to be ranked (:func:`seasons`).
``docs/club.md`` says all of this as the commands do it.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.club_logs import (
    PERSONAL_TAGS,
    DealKey,
    Entry,
    InvalidLog,
    check_inputs,
    clean_name,
    clip,
    file_players,
    invisible,
    player_key,
    read_one,
)
from companion.errors import ParameterError
from companion.rng import stream
from companion.seeds import fresh_seed
from companion.text import BIDI_CONTROLS, shown_text

__all__ = [
    "BIDI_CONTROLS",
    "PERSONAL_TAGS",
    "SEASON_NOTE",
    "Deal",
    "Season",
    "DealKey",
    "Entry",
    "InvalidLog",
    "Par",
    "SeasonRow",
    "Standings",
    "build_standings",
    "check_inputs",
    "clean_name",
    "clip",
    "competition_ranks",
    "daily_seed",
    "deal_note",
    "entry_notes",
    "file_players",
    "invisible",
    "iter_rows",
    "parse_date",
    "player_key",
    "player_shown",
    "shown_text",
    "rank_deal",
    "read_one",
    "season_rows",
    "seasons",
    "solve_par",
    "today_utc",
]

DAILY_STREAM = "daily"
"""The first name of the daily stream: ``stream("daily", GAME, "YYYY-MM-DD")``."""

_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

OTHER_SCORES_SHOWN = 5
"""A flagged player's note lists this many of their other scores at most."""


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
        """Par as JSON-ready data."""
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
        """The deal, its par and its ranked entries as JSON-ready data."""
        ref, against = self.reference
        return {**self.key.to_json(), "title": self.title, "label": self.key.label(self.title),
                "par": self.par.to_json(), "season_reference": {"score": ref,
                                                                "against": against},
                "entries": [e.to_json() for e in self.entries]}


@dataclass(frozen=True)
class SeasonRow:
    """A player's season of one game: their average result against each deal's
    reference over the deals they played."""

    rank: int | None
    """None: fewer deals played than the season's minimum (listed, not ranked)."""
    player: str
    named_by_file: bool
    total: int
    """The sum of their results (score minus the reference) over the deals played."""
    played: int
    """Deals of the season (those with a reference) where a log of theirs counts."""
    results: tuple[tuple[int, int], ...]
    """``(deal, result)`` for each deal they played, ``deal`` its index in
    :attr:`Season.deals`, ``result`` score minus the reference: as many as their logs,
    not one per deal of the season (a season of 2,000 deals and players would hold
    4,000,000)."""

    @property
    def average(self) -> Fraction:
        """Their result per deal played (exact; 0 with none)."""
        return Fraction(self.total, self.played) if self.played else Fraction(0)

    def result(self, deal: int) -> int | None:
        """Their result on the season's deal number ``deal`` (None: not played)."""
        return dict(self.results).get(deal)

    def to_json(self, deals: Sequence[Deal]) -> dict[str, Any]:
        """The row as JSON-ready data, each result labelled by its deal in ``deals``."""
        return {"rank": self.rank, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "average": round(float(self.average), 3), "total": self.total,
                "deals_played": self.played,
                "results": [{"deal": deals[n].key.label(deals[n].title), "result": r}
                            for n, r in self.results]}


@dataclass
class Season:
    """The season of one game: its deals that have a reference (par, or a best score),
    and its players ranked by their average result per deal played."""

    game: str
    title: str
    deals: list[Deal]
    minimum: int
    """Deals a player must have played to be ranked."""
    rows: list[SeasonRow]
    unmeasured: int = 0
    """The game's deals left out: no par and nobody scored, so nothing to measure by."""

    def to_json(self) -> dict[str, Any]:
        """The season's table as JSON-ready data."""
        return {"game": self.game, "title": self.title, "minimum_deals": self.minimum,
                "deals": [d.key.label(d.title) for d in self.deals],
                "deals_not_measured": self.unmeasured,
                "rows": [r.to_json(self.deals) for r in self.rows]}


@dataclass
class Standings:
    """Everything ``companion standings`` reports."""

    deals: list[Deal]
    invalid: list[InvalidLog]
    logs: int
    season: list[Season] | None = None
    """One season per game (``--season``), in the deals' order."""
    par_solved: int = 0
    """How many deals were solved for par (each once)."""
    par_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The whole of ``standings --json``: deals, invalid logs and the season."""
        return {"logs": self.logs, "valid": self.logs - len(self.invalid),
                "deals": [d.to_json() for d in self.deals],
                "invalid": [i.to_json() for i in self.invalid],
                "season": None if self.season is None else {
                    "note": SEASON_NOTE, "games": [x.to_json() for x in self.season]}}


SEASON_NOTE = ("One season per game. A player's result on a deal is their score minus "
               "par, or minus the deal's best score where there is no par (a lost game "
               "without a score counts as 0, or the deal's lowest score if that is "
               "lower). Players rank by their average result per deal played; to be "
               "ranked they must have played the season's minimum of deals (half of "
               "them unless --min-deals says otherwise).")


# -- ranking --------------------------------------------------------------------------

def competition_ranks(scores: Sequence[int | Fraction | None]) -> list[int]:
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
        return Par(report.score, report.status, game.par_note(report))
    if report.status == "lost":
        return Par(None, "lost", "no line wins this deal")
    found = f" (the best line found scores {report.score})" if report.score is not None else ""
    return Par(None, "unknown", "the solver's budget ran out" + found)


def season_rows(deals: Sequence[Deal], minimum: int) -> list[SeasonRow]:
    """The players of ``deals`` (one game's, each with a reference) ranked by their
    average result per deal played: score minus the deal's reference (par, else the
    deal's best score); a counted log without a score (a lost game) counts as a score
    of 0, or the deal's lowest score where that is below 0. A player who played fewer
    than ``minimum`` deals is listed after the ranked ones, without a rank."""
    names: dict[str, tuple[str, bool]] = {}
    results: dict[str, list[tuple[int, int]]] = {}
    for n, d in enumerate(deals):
        ref, _ = d.reference
        assert ref is not None  # the caller leaves out deals without one
        scores = [e.score for e in d.entries if e.counted and e.score is not None]
        unscored = min([0, *scores])
        for e in d.entries:
            if not e.counted:
                continue
            seen = names.get(e.key)
            if seen is None or e.player < seen[0]:
                names[e.key] = (e.player, e.named_by_file)
            got = (e.score if e.score is not None else unscored) - ref
            results.setdefault(e.key, []).append((n, got))
    rows = []
    for key, (name, by_file) in names.items():
        played = results[key]
        rows.append(SeasonRow(None, name, by_file, sum(r for _, r in played), len(played),
                              tuple(played)))

    def order(r: SeasonRow) -> tuple[bool, Fraction, int, str, str]:
        return (r.played < minimum, -r.average, -r.played, r.player.casefold(), r.player)

    rows.sort(key=order)
    ranked = [r for r in rows if r.played >= minimum]
    ranks = competition_ranks([r.average for r in ranked])
    return ([replace(r, rank=k) for r, k in zip(ranked, ranks, strict=True)]
            + rows[len(ranked):])


def seasons(deals: Sequence[Deal], min_deals: int | None = None) -> list[Season]:
    """One :class:`Season` per game of ``deals``: its deals with a reference; the
    minimum of deals to be ranked is ``min_deals`` (default half the season's deals,
    rounded up), never more than the season has."""
    by_game: dict[str, list[Deal]] = {}
    for d in deals:
        by_game.setdefault(d.key.game, []).append(d)
    out = []
    for game, some in by_game.items():
        measured = [d for d in some if d.reference[0] is not None]
        wanted = min_deals if min_deals is not None else (len(measured) + 1) // 2
        minimum = max(1, min(wanted, len(measured)))
        out.append(Season(game, some[0].title, measured, minimum,
                          season_rows(measured, minimum), len(some) - len(measured)))
    return out


def build_standings(paths: Sequence[str | Path], par: bool = True, season: bool = False,
                    progress: Callable[[str], None] | None = None,
                    solved: dict[DealKey, Par] | None = None,
                    min_deals: int | None = None) -> Standings:
    """Validate ``paths`` one at a time, group, rank, and solve par once per deal
    (``solved``: a cache kept across calls, if given); with ``season``, a season per
    game (:func:`seasons`, ``min_deals`` its minimum).

    Raises ParameterError (no logs) or UnreadableLogError (a missing file, a folder,
    one that cannot be opened), both exit 2, before anything is reported."""
    import time

    from companion.games import get_game

    check_inputs(paths)
    groups: dict[DealKey, list[Entry]] = {}
    invalid: list[InvalidLog] = []
    shown = file_players(paths)
    for p in paths:
        row = read_one(str(p), shown.get(str(p)))  # the verdict is let go: only the row
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
        result.season = seasons(deals, min_deals)
    return result


def entry_notes(e: Entry, deal: Deal | None = None) -> list[str]:
    """What a row says besides its numbers: a second log, a claim that does not match,
    a player named by file name."""
    notes: list[str] = []
    if e.logs_of_player > 1:
        if e.counted:
            notes.append(f"{e.logs_of_player:,} logs of this deal: this best one counts; "
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
    words = ["no score" if x is None else str(x) for x in scores[:OTHER_SCORES_SHOWN]]
    if len(scores) > OTHER_SCORES_SHOWN:
        words.append(f"{len(scores) - OTHER_SCORES_SHOWN:,} more")
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

