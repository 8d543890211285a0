"""Club standings, part one: what is kept of each log (:class:`DealKey`,
:class:`Entry`, :class:`InvalidLog`) and reading the logs (:func:`read_one`,
players' names from tags or file names). Ranking, par and seasons are in
:mod:`companion.club`, which names all of this too."""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ParameterError, UnreadableLogError
from companion.text import shown_text

PERSONAL_TAGS = frozenset({"player", "claim", "date", "time", "comment", "note",
                           "annotator"})
"""Tags that say who played and what they claim, not which deal: a free deal's group
leaves them out (with the tags already in the group's key)."""

TAGS_SHOWN = 6
"""A free deal's label names this many of its tags at most."""


def clip(text: str, limit: int, keep_end: bool = False) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis where it was cut (at the
    start with ``keep_end``, for a path whose file name matters most)."""
    if len(text) <= limit:
        return text
    return "…" + text[len(text) - limit + 1:] if keep_end else text[:limit - 1] + "…"


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
        """Whether the deal is a free deal (dealt at the table, no seed)."""
        return not self.seed

    def details(self, edition: bool = True) -> str:
        """``seed K7Q2-9XMA, reserve, edition 1``: the deal without the game. A free
        deal's tags are shown up to :data:`TAGS_SHOWN`, each value clipped (the rest
        counted: ``and 149,994 more tags``), so a label stays one line however many
        tags a log has (the JSON's ``tags`` holds them all)."""
        parts = [f"seed {self.seed}" if self.seed else "free deal"]
        parts += [f"{k} {v}" for k, v in self.params]
        parts += list(self.variants)
        parts += [f"{clip(k, 24)} {clip(v, 40)}" for k, v in self.tags[:TAGS_SHOWN]]
        if len(self.tags) > TAGS_SHOWN:
            more = len(self.tags) - TAGS_SHOWN
            parts.append(f"and {more:,} more tag{'s' if more != 1 else ''}")
        if edition:
            parts.append(f"edition {self.edition}")
        return ", ".join(parts)

    def label(self, title: str = "") -> str:
        """``Clear the Dungeon, seed K7Q2-9XMA, reserve, edition 1``."""
        return f"{title or self.game}, {self.details()}"

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON-ready data (``standings --json``)."""
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
        """The player as standings group them (:func:`player_key`)."""
        return player_key(self.player, self.named_by_file)

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON-ready data (``standings --json``)."""
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
        """The invalid log and its first error as JSON-ready data."""
        return {"file": self.file, "player": self.player,
                "player_from": "file name" if self.named_by_file else "Player tag",
                "game": self.game, "seed": self.seed, "claim": self.claim,
                "error": {"line": self.line, "column": self.column,
                          "message": self.message, "rule": self.rule}}



# -- reading logs -------------------------------------------------------------------

def player_key(name: str, named_by_file: bool) -> str:
    """Who a player is, for flagging a second log and summing a season: the name as
    :func:`clean_name` makes it, in any case (``Ada`` = ``ada`` = ``Ada`` with a
    zero-width space = full-width ``Ａｄａ``); a player named by a file is that file
    alone (its path as :func:`file_players` shows it, in its own case)."""
    if named_by_file:
        return "file:" + name
    return "tag:" + unicodedata.normalize("NFKC", clean_name(name).casefold())


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


_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
              (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
              (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
              (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
              (0xE0000, 0xE0FFF))
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): what a
font draws as nothing."""


def invisible(ch: str) -> bool:
    """A character that shows as nothing: a format character (Cf: zero-width space,
    byte order mark, bidi controls...) or any other default-ignorable one (variation
    selectors, the Hangul fillers)."""
    if unicodedata.category(ch) == "Cf":
        return True
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in _IGNORABLE) if code >= 0xAD else False


def clean_name(text: str) -> str:
    """A Player tag as the standings show it and tell players apart by: NFKC
    (full-width ``Ａｄａ`` is ``Ada``), invisible characters removed (:func:`invisible`:
    ``Ada`` + U+200B is ``Ada``), spaces collapsed, then :func:`shown_text`."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if not invisible(ch))
    return shown_text(" ".join(text.split()))


def file_players(paths: Sequence[str | Path]) -> dict[str, str]:
    """The name that stands for the player of a log without a Player tag: its path
    relative to the folder that holds all the logs given (``a/game.log`` and
    ``b/game.log`` are two players; one folder's logs are named by their file names);
    standard input is ``standard input``."""
    found = {str(p): os.path.abspath(p) for p in paths if str(p) != "-"}
    names = {"-": "standard input"}
    if not found:
        return names
    try:
        base = os.path.commonpath([os.path.dirname(a) for a in found.values()])
    except ValueError:  # pragma: no cover - two drives (Windows): the whole paths
        base = ""
    for given, full in found.items():
        names[given] = shown_text(os.path.relpath(full, base) if base else full)
    return names


def _player(tags: dict[str, Any], file: str, shown_as: str | None) -> tuple[str, bool]:
    tag = tags.get("player")
    name = clean_name(str(tag.value)) if tag is not None else ""
    if name:
        return name, False
    return shown_as or shown_text(Path(file).name or file), True


def _norm_value(text: str) -> str:
    """A free deal's tag value in one spelling: cards as the program writes them
    (``TD`` = ``10♦``), other words in lower case."""
    from companion.cards import parse_card
    from companion.errors import CardError

    words = []
    for word in _WORDS.split(text.strip()):
        if not word:
            continue
        if not 2 <= len(word.replace("\ufe0f", "").replace("\ufe0e", "")) <= 5:
            words.append(word.casefold())  # no card is written so (``JOKER`` is 5 long)
            continue
        try:
            words.append(str(parse_card(word)))
        except CardError:
            words.append(word.casefold())
    return shown_text(" ".join(words))


_WORDS = re.compile(r"[\s,]+")


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


def read_one(path: str, shown_as: str | None = None) -> tuple[DealKey, Entry] | InvalidLog:
    """Validate one log (as ``companion validate`` does) and keep what the standings
    need of it: its deal and entry, or its first error. ``shown_as``: the player's
    name if the log has no Player tag (:func:`file_players`; default its file name).

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
    player, by_file = _player(log.tags if log is not None else {}, path, shown_as)
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


