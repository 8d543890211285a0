"""The ``marks`` sheet kind, for every game that has a mark codec: the PDF
(:func:`render_marks`), the ``--json`` template (:func:`describe_marks`) and the bubbles
a log fills (``--from LOG``, :func:`log_marks`), an answer key or a hand record.

A game routes its ``marks`` kind here; everything game-specific is its codec
(:class:`~companion.marks.codec.MarkCodec`, ``Game.marks_codec()``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import ParameterError

if TYPE_CHECKING:
    from companion.games.base import Game
    from companion.marks.codec import MarkCodec
    from companion.marks.template import Template

__all__ = ["Draw", "codec_of", "describe_marks", "fill_rows", "log_marks", "render_marks",
           "replayed", "sheet_template"]


def codec_of(game: Game) -> MarkCodec:
    """The game's mark codec. Raises ParameterError for a game without mark sheets."""
    codec = game.marks_codec()
    if codec is None:
        raise ParameterError(f"{game.name} prints no mark sheets")
    from typing import cast

    return cast("MarkCodec", codec)


def _edition(game: Game, options: Mapping[str, Any]) -> int:
    edition = options.get("edition")
    return game.edition if edition is None else game.check_edition(edition)


def sheet_template(game: Game, seed: str, params: Mapping[str, int], paper: str,
                   options: Mapping[str, Any]) -> Template:
    """The mark sheet's template for this deal, paper and the options' variants and
    edition. Raises ParameterError for an unknown variant or a game without mark sheets,
    LayoutError for a paper other than A4 or Letter."""
    from companion.errors import LayoutError

    codec = codec_of(game)
    if paper not in ("a4", "letter"):
        raise LayoutError(f"mark sheets print on A4 or Letter, not {paper}")
    return codec.template(seed, dict(params), game.sheet_variants(options),
                          _edition(game, options), paper)


def _from_log(options: Mapping[str, Any]) -> str | None:
    logs: Sequence[str] = options.get("from_logs") or ()
    if not logs:
        return None
    if len(logs) > 1:
        raise ParameterError(f"--from takes one log for a mark sheet (the bubbles that log "
                             f"fills), not {len(logs)}")
    return str(logs[0])


Draw = Callable[[Any, "Template", frozenset[str], Mapping[str, Any]], None]
"""A game's mark sheet drawing: ``draw(doc, template, filled, options)`` puts every page
of ``template`` into the document, the bubbles in ``filled`` solid."""


def render_marks(game: Game, seed: str, params: Mapping[str, int], paper: str,
                 options: Mapping[str, Any], draw: Draw) -> bytes:
    """The mark sheet's PDF, drawn by the game's ``draw``: every page with its
    fiducials, QR code and rows; with ``options["from_logs"]`` (one log of this deal)
    the bubbles it fills drawn solid (``options["filled"]``, a set of bubble ids, for
    tests and benchmarks: exactly those).

    Raises ParameterError (unknown variant, more than one log, a log of another deal),
    LayoutError (paper), UnreadableLogError or LogError (the log)."""
    from companion.paper.document import SheetDocument

    template = sheet_template(game, seed, params, paper, options)
    path = _from_log(options)
    filled = log_marks(game, template, path) if path is not None else frozenset()
    filled |= frozenset(options.get("filled") or ())
    what = "answer key" if filled else "mark sheet"
    doc = SheetDocument(f"{game.title} {what} {seed}", paper, False,
                        [p.payload for p in template.pages])
    draw(doc, template, filled, options)
    return doc.finish()


def describe_marks(game: Game, seed: str, params: Mapping[str, int],
                   options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``--json`` template (``docs/marks.md``): pages, fiducials, rows and every
    bubble's page, centre and radius in mm; with ``--from LOG`` each bubble says whether
    that log fills it. ``options["paper"]`` is the paper (default A4). Raises as
    :func:`render_marks`."""
    paper = str(options.get("paper") or "a4")
    template = sheet_template(game, seed, params, paper, options)
    path = _from_log(options)
    filled = log_marks(game, template, path) if path is not None else None
    data = template.to_json(filled)
    data["kind"] = "marks"
    return data


def _same_deal(game: Game, template: Template, header: Any, file: str) -> None:
    want = (template.seed, tuple(sorted(template.variants)), dict(template.params),
            template.edition)
    got = (header.seed or "", tuple(sorted(header.variants)), dict(header.params),
           header.edition)
    if got[0] != want[0]:
        raise ParameterError(f"{file} is a log of {'seed ' + got[0] if got[0] else 'a free deal'}"
                             f", not of this sheet's seed {want[0]}")
    if got != want:
        raise ParameterError(f"{file} is a log of this seed with other variants, "
                             "parameters or edition than the sheet's")


def log_marks(game: Game, template: Template, path: str | Path) -> frozenset[str]:
    """The bubbles of ``template`` that the log at ``path`` fills.

    Raises UnreadableLogError (no log), LogError (an invalid log: an answer key is made
    from a valid one), ParameterError (a log of another game or deal, or longer than
    the sheet holds)."""
    from companion.games.base import read_header
    from companion.log import read_log_file
    from companion.replay import game_of, replay_log

    log = read_log_file(path)
    file = str(path)
    if game_of(log).name != game.name:
        raise ParameterError(f"{file} is a log of another game, not {game.name}")
    replay_log(log, game=game)  # an invalid log: its LogError, as validate says it
    _same_deal(game, template, read_header(log, game), file)
    states, actions = replayed(game, log)
    return fill_rows(game, template, states, actions, file)


def replayed(game: Game, log: Any) -> tuple[list[Any], list[Any]]:
    """Every state and action of a valid log (a :class:`~companion.log.LogFile`):
    ``states[i]`` is the state before ``actions[i]``. Raises LogError for an invalid
    one."""
    from companion.games.base import read_header
    from companion.log import action_line

    state = game.new_state(read_header(log, game))
    states, actions = [state], []
    for entry in log.entries({}):
        action = game.parse_action(state, action_line(entry))
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return states, actions


def fill_rows(game: Game, template: Template, states: Sequence[Any],
              actions: Sequence[Any], file: str = "the log") -> frozenset[str]:
    """The bubbles a replayed game fills (``states[i]`` before ``actions[i]``). Raises
    ParameterError when the game has more rows than the sheet."""
    codec = codec_of(game)
    rows = codec.log_rows(states, actions)
    if len(rows) > len(template.rows):
        raise ParameterError(f"{file} needs {len(rows)} rows; the mark sheet has "
                             f"{len(template.rows)}")
    filled: set[str] = set()
    for row, (before, acts) in zip(template.rows, rows, strict=False):
        try:
            filled |= codec.row_marks(template, row, before, acts)
        except ValueError as exc:
            raise ParameterError(f"{file}: {row.label} cannot be marked: {exc}") from None
    return frozenset(filled)
