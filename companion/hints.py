"""Point at the real mistake: when a seeded log goes wrong early, the header is the
likelier culprit than the play (a seed typed one character off, the wrong size, a
sheet of an older edition). The validator then tries the near alternatives, replays
the log under each, and names the one it fits: "this log fits size 5, not 7".

Only header tags are varied, never the actions; an alternative counts only if the
whole log then replays without error, and a hint is given only when exactly one of
them fits (a log too short to tell two seeds apart gets none), so it is never a guess. The search is
bounded in work, not in seconds (:data:`HINT_REPLAYS` near headers and
:data:`HINT_ACTIONS` actions replayed at most), so a log gets the same verdict however
busy the machine is; it is skipped when the error comes late in the game, where a wrong
header would have shown itself already.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from companion.errors import EXIT_USAGE, LogError
from companion.log import LogFile, Tag, is_number
from companion.seeds import CROCKFORD, is_payload, normalize_seed
from companion.text import shown

__all__ = ["EARLY_ACTIONS", "HINT_ACTIONS", "HINT_REPLAYS", "with_hint"]

EARLY_ACTIONS = 12
"""An error within the first this-many action lines may come from the header."""
HINT_REPLAYS = 1_100
"""Near headers tried at most, in the order of :func:`_alternatives`: every one of the
longest seed (32 characters: 32 x 31 one-character changes and the rest)."""
HINT_ACTIONS = 200_000
"""Actions the near headers' replays may take in all, a new deal counted as
:data:`DEAL_COST` actions (an alternative that fits replays the whole log). The
slowest search, Dungeon Solitaire's (a level dealt for every seed tried), takes about
a second for a generated seed of 8 characters and 3 s for one of 32 on this machine."""
DEAL_COST = 100
"""What a near header's new deal counts for, in actions replayed (a seeded deal takes
0.1 to 2 ms to make, the time of some 15 to 300 actions)."""


class _Spent(Exception):
    """The search for a fitting header has used its budget."""


class _Budget:
    """The states sink of the near headers' replays (``replay_log``'s ``states``): it
    counts the actions replayed and ends the search when they pass the budget."""

    def __init__(self, actions: int) -> None:
        self.left = actions

    def append(self, state: object) -> None:
        """One more state reached (raises _Spent past the budget)."""
        self.left -= 1
        if self.left < 0:
            raise _Spent

_LOOKALIKE = {"0": "O", "O": "0", "1": "IL", "I": "1", "L": "1", "5": "S", "S": "5",
              "8": "B", "B": "8", "2": "Z", "Z": "2", "6": "G", "G": "6"}


def _seed_neighbours(seed: str) -> Iterator[str]:
    """Seeds one slip away from ``seed``: look-alike characters first (0/O, 1/I/L,
    5/S...), then two neighbours swapped, then any one character changed."""
    chars = list(seed)
    seen = {seed}

    def fresh(candidate: str) -> Iterator[str]:
        if candidate not in seen:
            seen.add(candidate)
            yield candidate

    for i, ch in enumerate(chars):
        for other in _LOOKALIKE.get(ch, ""):
            yield from fresh("".join(chars[:i] + [other] + chars[i + 1:]))
    for i in range(len(chars) - 1):
        if chars[i] != chars[i + 1] and "-" not in (chars[i], chars[i + 1]):
            swapped = chars[:i] + [chars[i + 1], chars[i]] + chars[i + 2:]
            yield from fresh("".join(swapped))
    for i, ch in enumerate(chars):
        if ch == "-":
            continue
        for other in CROCKFORD:
            if other != ch:
                yield from fresh("".join(chars[:i] + [other] + chars[i + 1:]))


def _with_tag(log: LogFile, name: str, value: str) -> LogFile:
    key = name.lower()
    tags = dict(log.tags)
    old = tags.get(key)
    tags[key] = (Tag(old.name, value, old.line, old.column, old.value_column)
                 if old is not None else Tag(name, value, 1, 1, 1))
    return replace(log, tags=tags)


def _alternatives(log: LogFile, game: Any) -> Iterator[tuple[LogFile, str]]:
    """(the log with one header tag changed, what the hint says) in the order a
    player most likely slipped: edition, parameters, then the seed."""
    edition_tag = log.tag("edition")
    text = edition_tag.value.strip() if edition_tag is not None else ""
    current = int(text) if is_number(text) and len(text) <= 9 else game.edition
    for e in sorted(game.editions, reverse=True):
        if e != current:
            yield (_with_tag(log, "Edition", str(e)),
                   f"edition {e}, not {current}: add [Edition \"{e}\"] (a sheet printed "
                   f"under edition {e})")
    for p in game.params:
        tag = log.tag(p.tag)
        now = tag.value.strip() if tag is not None else str(p.default)
        digits = now[1:] if now[:1] in ("+", "-") else now
        named = now if is_number(digits) and len(now) <= 12 else shown(now)
        for value in range(p.low, p.high + 1):
            if str(value) != now:
                yield (_with_tag(log, p.tag, str(value)),
                       f"{p.name} {value}, not {named}: check the [{p.tag}] tag")
    seed_tag = log.tag("seed")
    if seed_tag is None or is_payload(seed_tag.value):
        return
    try:
        seed = normalize_seed(seed_tag.value)
    except ValueError:
        return
    for other in _seed_neighbours(seed):
        yield (_with_tag(log, "Seed", other),
               f"seed {other}, not {seed}: check the [Seed] tag against your sheet")


def with_hint(log: LogFile, game: Any, error: LogError,
              replay: Callable[[LogFile, Any], object],
              replays: int = HINT_REPLAYS, actions: int = HINT_ACTIONS) -> LogError:
    """``error``, its message extended with a hint when the log's header is the likely
    culprit: the near header it fits (see the module docstring), or, for an error the
    game marks as a mismatch with the seeded deal (``Game.deal_rules``), a reminder to
    check the ``[Seed]`` and parameter tags. ``replay(log, states)`` replays a log,
    appending every state it reaches to ``states`` and raising LogError (or any
    CompanionError) if it does not fit (``replay_log``). At most ``replays`` near
    headers are tried, and ``actions`` actions replayed over all of them.

    Never raises: the original error is returned when no hint applies.
    """
    if error.exit_code == EXIT_USAGE or log.tag("seed") is None:
        return error
    before = 0
    for action in log.actions:  # in line order: stop at the error (a lazy log reads no more)
        if action.line >= error.line or before >= EARLY_ACTIONS:
            break
        before += 1
    if before >= EARLY_ACTIONS:
        return error
    budget = _Budget(actions)
    fits: list[str] = []
    for tried, (alternative, says) in enumerate(_alternatives(log, game)):
        budget.left -= DEAL_COST
        if tried >= replays or budget.left < 0:
            break
        try:
            replay(alternative, budget)
        except _Spent:
            break
        except Exception:  # noqa: BLE001 - any failure means "does not fit"
            continue
        fits.append(says)
        if len(fits) > 1:  # a log too short to tell: no guess
            break
    hint = f"this log fits {fits[0]}" if len(fits) == 1 else ""
    if not hint and error.rule in game.deal_rules:
        hint = ("the log and the seeded deal part here: check the [Seed] and parameter "
                "tags against your sheet")
    if not hint:
        return error
    return type(error)(f"{error.message} (hint: {hint})", error.file, error.line,
                       error.column, error.rule)
