"""A mark sheet's geometry as data: pages, corner fiducials, rows and bubbles.

Everything is in millimetres, measured from the page's top-left corner with y going
down (the ``--json`` template of ``docs/marks.md``), on the paper the sheet was printed
for. The drawing code and the reader both work from one :class:`Template`, so what is
printed is what is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Bubble", "Fiducial", "PageTemplate", "Row", "Template"]


@dataclass(frozen=True)
class Fiducial:
    """A corner marker: an ArUco 4x4 marker (``marker`` is its id in OpenCV's
    ``DICT_4X4_50``) whose outer square has its top-left corner at (``x_mm``, ``y_mm``)
    and side ``size_mm``."""

    marker: int
    x_mm: float
    y_mm: float
    size_mm: float

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The outer square's corners in ArUco's order: top-left, top-right,
        bottom-right, bottom-left (mm, y down)."""
        x, y, s = self.x_mm, self.y_mm, self.size_mm
        return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


@dataclass(frozen=True)
class Bubble:
    """One bubble: its id (unique in the template), page (1-based), centre and radius in
    mm, the row it belongs to, and what filling it means.

    ``group`` names the choice the bubble answers within its row (e.g. ``"card2.column"``)
    and ``value`` the answer (e.g. ``"3"``); a game's codec reads marks by group and value.
    ``label`` is the short text printed inside or beside the bubble; ``meaning`` says it in
    words (the ``--json`` template and the reader's questions).
    """

    id: str
    page: int
    x_mm: float
    y_mm: float
    r_mm: float
    row: int
    group: str
    value: str
    label: str
    meaning: str

    def to_json(self) -> dict[str, Any]:
        """The bubble as the ``--json`` template gives it."""
        return {"id": self.id, "page": self.page, "x_mm": round(self.x_mm, 2),
                "y_mm": round(self.y_mm, 2), "r_mm": round(self.r_mm, 2), "row": self.row,
                "group": self.group, "value": self.value, "label": self.label,
                "meaning": self.meaning}


@dataclass(frozen=True)
class Row:
    """One ruled row (a turn, a room): its number as printed (1-based, counted over the
    whole sheet), page, label (``"turn 3"``), the box it occupies (``x_mm, y_mm, w_mm,
    h_mm``: what the reader crops to show it) and its bubbles' ids in printed order."""

    number: int
    page: int
    label: str
    box: tuple[float, float, float, float]
    bubbles: tuple[str, ...]
    printed: str = ""
    """What the seed fixes and the row prints (Clear the Dungeon: the turn's cards)."""

    def to_json(self) -> dict[str, Any]:
        """The row as the ``--json`` template gives it."""
        x, y, w, h = self.box
        return {"number": self.number, "page": self.page, "label": self.label,
                "printed": self.printed,
                "box_mm": [round(x, 2), round(y, 2), round(w, 2), round(h, 2)],
                "bubbles": list(self.bubbles)}


@dataclass(frozen=True)
class PageTemplate:
    """One page: its number and the sheet's page count, paper size in mm, the four
    corner fiducials (top-left, top-right, bottom-right, bottom-left) and the QR payload
    the page prints."""

    number: int
    count: int
    width_mm: float
    height_mm: float
    fiducials: tuple[Fiducial, ...]
    payload: str

    def to_json(self) -> dict[str, Any]:
        """The page as the ``--json`` template gives it."""
        return {"page": self.number, "of": self.count, "width_mm": round(self.width_mm, 2),
                "height_mm": round(self.height_mm, 2), "payload": self.payload,
                "fiducials": [{"marker": f.marker, "x_mm": round(f.x_mm, 2),
                               "y_mm": round(f.y_mm, 2), "size_mm": round(f.size_mm, 2)}
                              for f in self.fiducials]}


@dataclass(frozen=True)
class Template:
    """A whole mark sheet: what it is (game, seed, variants, parameters, edition, paper)
    and its pages, rows and bubbles (rows and bubbles in printed order)."""

    game: str
    seed: str
    variants: tuple[str, ...]
    params: dict[str, int]
    edition: int
    paper: str
    pages: tuple[PageTemplate, ...]
    rows: tuple[Row, ...]
    bubbles: tuple[Bubble, ...]
    _by_id: dict[str, Bubble] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update((b.id, b) for b in self.bubbles)
        if len(self._by_id) != len(self.bubbles):
            raise ValueError("bubble ids repeat in a mark sheet template")

    def bubble(self, bubble_id: str) -> Bubble:
        """The bubble of that id. Raises KeyError for an unknown id."""
        return self._by_id[bubble_id]

    def row_bubbles(self, row: Row) -> Iterator[Bubble]:
        """The bubbles of ``row`` in printed order."""
        return (self._by_id[i] for i in row.bubbles)

    def page(self, number: int) -> PageTemplate:
        """Page ``number`` (1-based). Raises IndexError outside the sheet."""
        if not 1 <= number <= len(self.pages):
            raise IndexError(f"the sheet has {len(self.pages)} pages, not {number}")
        return self.pages[number - 1]

    def to_json(self, filled: frozenset[str] | None = None) -> dict[str, Any]:
        """The ``--json`` template; with ``filled`` (``--from LOG``) every bubble says
        whether that log fills it."""
        bubbles = []
        for b in self.bubbles:
            item = b.to_json()
            if filled is not None:
                item["filled"] = b.id in filled
            bubbles.append(item)
        return {"game": self.game, "seed": self.seed, "variants": list(self.variants),
                "params": dict(self.params), "edition": self.edition, "paper": self.paper,
                "units": "mm from the page's top-left corner, y down",
                "pages": [p.to_json() for p in self.pages],
                "rows": [r.to_json() for r in self.rows], "bubbles": bubbles}
