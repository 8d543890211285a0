"""The data a game declares and hands back, for :mod:`companion.games.base`:
parameters (:class:`Param`), sheet kinds, pack parts, targets, results, a log's
header, playthroughs and the payload's extra items."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from companion.errors import (
    LogError,
    ParameterError,
)
from companion.log import LogFile, Tag, is_number
from companion.text import shown


@dataclass(frozen=True)
class Param:
    """A whole-number game parameter: log tag ``tag``, CLI option ``--name``, payload
    key ``name``."""

    name: str
    tag: str
    default: int
    low: int
    high: int
    help: str
    upto: str = ""
    """A sheet option bounded by a game parameter (``--floor`` by ``--floors``)."""

    def check(self, value: int | str) -> int:
        """The value as an int within range. Raises ParameterError otherwise."""
        text = str(value).strip()
        digits = text[1:] if text[:1] in "+-" else text
        try:  # digits 0-9 only: int() would also read other scripts' digits
            n = int(text) if len(text) <= 40 and is_number(digits) else None
        except ValueError:
            n = None
        if n is None:
            if is_number(digits):  # a whole number (one sign at most), only absurdly long
                raise ParameterError(f"{self.name} {shown(text)} is out of range: "
                                     f"{self.low} to {self.high}")
            raise ParameterError(f"{self.name} must be a whole number, not {shown(value)}")
        if not self.low <= n <= self.high:
            raise ParameterError(
                f"{self.name} {n} is out of range: {self.low} to {self.high}"
            )
        return n


@dataclass(frozen=True)
class SheetKind:
    """A kind of printed sheet a game offers (``map``, ``stack``, ``log``...) and the
    options only it takes (``--level`` for one level's map)."""

    name: str
    help: str
    params: tuple[Param, ...] = ()
    seeded: bool = True
    """False for a sheet that does not depend on a seed (a plain deck, a calibration
    sheet): it is printed, named and scanned without one (docs/printing.md, QR codes)."""
    backs: bool = False
    """Cards or tiles with backs: ``--backs duplex|fold|none`` (docs/printing.md, Backs)."""
    inks: bool = False
    """Large dark areas: ``--ink light|dark`` (issue 12)."""
    scale_check: bool = False
    """Card, tile and map sheets carry a 50 mm scale bar on every front page."""
    par: str = ""
    """How the sheet shows par: ``"on request"`` (``--par``), ``"by default"``
    (``--no-par`` leaves it off) or ``""`` (never: both options are refused)."""
    from_logs: bool = False
    """Takes ``--from LOGS...`` (log files or folders of them): the sheet shows what the
    players' validated logs of the deal did (the hand record, issue 16); refused for
    every other kind."""
    big_paper: bool = False
    """Takes ``--paper a3|tabloid`` (the play mats: real-size card spots on one big
    sheet, else on two sheets of A4 or Letter); refused for every other kind."""


@dataclass(frozen=True)
class PackPart:
    """One sheet kind in a session pack (``companion pack``): what it is called on the
    pack's cover, and how it prints (``duplex``: "" one-sided, else the flip, e.g.
    ``"long edge"``)."""

    kind: str
    title: str
    duplex: str = ""


@dataclass(frozen=True)
class Target:
    """A balance target a game's numbers must meet (``docs/rules/GAME.md``, Balance targets),
    checked by ``companion stats``: the share of ``player``'s games that ``measure``
    (``win``; ``reach``: end at stage ``stage`` or later, or win; ``end_by``: end, not
    won, at stage ``stage`` or earlier) lies within ``low`` to ``high``."""

    player: str
    measure: str
    low: float = 0.0
    high: float = 1.0
    stage: int = 0
    text: str = ""


@dataclass(frozen=True)
class Result:
    """What the validator reports for a state: outcome, score (None if the game gives
    none) and a game-specific summary of the final state."""

    outcome: str
    score: int | None
    summary: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Header:
    """The log's tags read for a game: seed, parameters, variants, claim, and the rules
    edition the game was played under (from the Seed payload or an ``[Edition]`` tag;
    default: the game's newest)."""

    log: LogFile
    seed: str | None
    params: dict[str, int]
    variants: frozenset[str]
    claim: int | None
    edition: int

    def tag(self, key: str) -> Tag | None:
        """The tag ``key`` (lower case) of the log's header, or None."""
        return self.log.tag(key)

    def error(self, key: str, message: str, rule: str) -> LogError:
        """A LogError pointing at the value of tag ``key`` (or, if it is absent, where
        the header ends: see :meth:`missing`)."""
        t = self.log.tag(key)
        if t is None:
            return self.missing(message, rule)
        return LogError(message, self.log.file, t.line, t.value_column, rule)

    def missing(self, message: str, rule: str) -> LogError:
        """A LogError for a tag that is missing: at the line where the header ends (the
        first action), so that deleting a tag is never reported on an earlier line."""
        return LogError(message, self.log.file, self.log.header_end, 1, rule)


@dataclass(frozen=True)
class Playthrough:
    """A whole game pinned step by step as readable text (``tests/golden/playthroughs``,
    OpenSpiel's playthroughs): the seeded deal of ``seed`` (a free deal, dealt by the
    table at its chance nodes, with ``free``) under ``params`` (missing ones take their
    defaults), played to its end by the simulated player ``player``
    (:func:`companion.simulate.play`, player seed ``"0"``)."""

    seed: str
    player: str = "random"
    params: Mapping[str, int] = field(default_factory=dict)
    free: bool = False
    why: str = ""
    """What the game shows (``a short loss``, ``a win over two floors``), for the
    text's heading."""


class PayloadExtra(TypedDict, total=False):
    """The ``key=value`` items a sheet's payload may add to the game's parameters (see
    :meth:`Game.check_payload`), for building them up before ``payload(..., **extra)``."""

    kind: str
    variant: str
    floor: int
    level: int


