"""What a game that prints mark sheets provides: :class:`MarkCodec`, and a drawing
function its sheets layer hands to :func:`companion.marks.sheet.render_marks` (the codec
knows no drawing: the reader imports it without reportlab).

A game's ``marks`` module holds one codec object (``CODEC``); the game's
``marks_codec()`` returns it (None for a game without mark sheets). The generic parts
(the reader, the decoder, the command line) work only through this interface.

Rows are the unit: one row is a turn (Clear the Dungeon) or a room (Scoundrel). A log
splits into rows (:meth:`MarkCodec.log_rows`), each row's actions fill some bubbles
(:meth:`MarkCodec.row_marks`); reading goes the other way (:meth:`MarkCodec.row_actions`)
from the state the earlier rows reached. ``row_marks`` and ``row_actions`` are inverse:
for every legal game, the actions of each row are among what its marks may mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from companion.marks.template import Row, Template

__all__ = ["Incomplete", "MarkCodec", "RowMeaning"]


class Incomplete(list):
    """What :meth:`MarkCodec.row_actions` returns when it stopped listing readings
    before the end (a cap, a search budget): the decoder then never calls the row
    certain, and asks."""


class RowMeaning(tuple[Any, ...]):
    """The actions one row's marks mean, in the order the log writes them (a tuple of
    the game's actions; empty: nothing happened in the row)."""


class MarkCodec(Protocol):
    """A game's mark sheets: layout, log to marks and marks to actions."""

    def template(self, seed: str, params: Mapping[str, int], variants: Sequence[str],
                 edition: int, paper: str) -> Template:
        """The sheet's geometry for this deal on this paper (``"a4"`` or ``"letter"``):
        pages, fiducials, rows, bubbles. Deterministic."""
        ...

    def log_rows(self, states: Sequence[Any], actions: Sequence[Any]
                 ) -> list[tuple[Any, tuple[Any, ...]]]:
        """A replayed log split into rows: for each row (in order), the state before it
        and the row's actions. ``states[i]`` is the state before ``actions[i]``
        (``states`` has one more item: the final state). Lines the mark sheet does not
        record (Clear the Dungeon's optional ``reveal``, Scoundrel's ``room``) are left
        out."""
        ...

    def row_marks(self, template: Template, row: Row, state: Any,
                  actions: Sequence[Any]) -> frozenset[str]:
        """The ids of the bubbles of ``row`` that these actions (played from ``state``)
        fill. Raises ValueError if the row cannot record them."""
        ...

    def row_actions(self, template: Template, row: Row, state: Any,
                    filled: frozenset[str], lenient: bool = False
                    ) -> list[tuple[Any, ...]]:
        """Every way the bubbles ``filled`` of ``row`` may be played from ``state``: a
        list of action tuples (in log order). ``[()]`` when nothing is filled; ``[]``
        when the marks mean nothing (two places for one card, a choice the row does not
        offer). The actions are not checked against the rules here: the decoder replays
        them. ``lenient``: the decoder looks again at a row its marks gave no meaning,
        and will ask the player whatever comes of it: a codec that insists on a mark
        (Scoundrel's verb when a weapon is held) may then offer every choice the missing
        mark leaves open."""
        ...

    # Optional: ``row_ended(before, after) -> bool``, whether a row played from state
    # ``before`` to ``after`` finished its turn or room (or the game). When a codec has
    # it, a row that did not is the last one read: marks after it mean the player missed
    # one, and are not read against the wrong cards.
