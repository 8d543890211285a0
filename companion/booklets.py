"""Rule booklets and their command (``companion booklet GAME|all``).

Each game's booklet is data in its package (``companion/games/<game>/booklet.py``);
:mod:`companion.paper.booklet` lays it out. ``all`` makes one volume: a title page
with a table of contents, then every game's booklet, each starting on a right-hand
page.
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import ParameterError
from companion.games import GAME_NAMES, get_game

__all__ = ["ALL", "VOLUME_TITLE", "booklet_targets", "render_booklet", "volume_intro",
           "volume_title"]

ALL = "all"
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count_words(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


def volume_title() -> str:
    """The title of the volume of every game's booklet ("Five solo dungeon games"),
    from the registry."""
    return f"{_count_words(len(GAME_NAMES)).capitalize()} solo dungeon games"


def volume_intro() -> str:
    """The volume's introduction, naming every registered game."""
    titles = [f"<b>{get_game(name).title}</b>" for name in GAME_NAMES]
    listed = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    return (
        f"Rule booklets for the {_count_words(len(titles))} games the companion prints and "
        f"checks: {listed}. Each is played alone at a table with cards or printed "
        "sheets and a pencil. Each booklet explains its game from scratch, lists the "
        "rulings the companion enforces where the original leaves a question open, walks "
        "through a real game, and shows how to write your own game down and check it with "
        "<i>companion validate</i>. The rules are retold in the companion project's own "
        "words; the games belong to their designers, credited on each title page."
    )


VOLUME_TITLE = volume_title()


def booklet_targets(target: str) -> list[str]:
    """The game names a booklet covers: one game, or every game for ``all``.

    Raises ParameterError for an unknown game.
    """
    name = target.strip().lower()
    if name == ALL:
        return list(GAME_NAMES)
    return [get_game(name).name]


def render_booklet(target: str, paper: str, imposition: str | None = None,
                   layout: str | None = None) -> bytes:
    """The PDF bytes of the booklet of one game, or of ``all`` games in one volume
    (``layout``: a booklet layout, default ``booklet-a5``).

    Raises ParameterError for an unknown game or imposition, LayoutError for a layout
    that is not a booklet layout.
    """
    from companion.paper.booklet import render_booklets

    if imposition is not None and imposition != "saddle":
        raise ParameterError(f"--imposition must be saddle, not {imposition!r}")
    names = booklet_targets(target)
    books = [replace(get_game(n).booklet(), edition=get_game(n).edition) for n in names]
    command = f"companion booklet {target.strip().lower()}"
    if len(names) == 1:
        return render_booklets(books, paper, imposition=imposition, command=command,
                               title=f"{books[0].title}: rule booklet", layout=layout)
    return render_booklets(books, paper, imposition=imposition, command=command,
                           volume=(volume_title(), volume_intro()),
                           title=f"{volume_title()}: rule booklets", layout=layout)
