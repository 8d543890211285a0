"""Dungeon Solitaire cards: room cards (exits and at most one object) and specials."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DIRS = "NESW"
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
Object = Literal["heart", "monster", "chest"]
SpecialKind = Literal["heal", "slay", "turn", "leap"]
SPECIALS: tuple[SpecialKind, ...] = ("heal", "slay", "turn", "leap")


@dataclass(frozen=True)
class Room:
    """A room card: its open sides (a string in N E S W order) and its object."""

    exits: str
    obj: Object | None = None

    def has(self, side: str) -> bool:
        """Whether the room is open on ``side`` (N, E, S or W)."""
        return side in self.exits

    def with_exit(self, side: str) -> Room:
        """The same room opened on ``side`` too."""
        return Room("".join(d for d in DIRS if d in self.exits or d == side), self.obj)

    def rotated(self) -> Room:
        """Turned 90° clockwise."""
        return Room("".join(d for d in DIRS if any(CLOCKWISE[e] == d for e in self.exits)),
                    self.obj)

    def without_object(self) -> Room:
        """The same room with its object taken away."""
        return Room(self.exits, None)

    def describe(self) -> str:
        """The room in words: its exits and its object."""
        return f"exits {self.exits or 'none'}" + (f", {self.obj}" if self.obj else "")


@dataclass(frozen=True)
class Special:
    """A special reward card: ``heal``, ``slay``, ``turn`` or ``leap``."""

    kind: SpecialKind

    def describe(self) -> str:
        """The special in words: its kind."""
        return self.kind


@dataclass(frozen=True)
class RewardCard:
    """A numbered card of the reward deck (``R1``…)."""

    id: str
    card: Room | Special
