"""Mark sheets and the photo reader (issue 27; ``docs/marks.md``).

A mark sheet is a seeded game's log as bubbles: the player fills them in pencil, a phone
photo or a scan of the sheet is read back into a log, and the validator judges it.

Game-agnostic parts live here; each game that prints mark sheets has a ``marks`` module
(its :class:`~companion.marks.codec.MarkCodec`): where its bubbles go, which bubbles a
log fills, and what the filled bubbles of a row may mean from a state of the game.

* :mod:`.template`: the sheet's geometry as data (pages, fiducials, rows, bubbles), the
  ``--json`` template.
* :mod:`.paper`: drawing fiducials, bubbles and the how-to-mark note (reportlab only).
* :mod:`.codec`: what a game provides.
* :mod:`.image`: finding the page in a photo and measuring every bubble's fill (OpenCV
  and numpy, imported only by ``companion read``).
* :mod:`.decode`: rules-aware decoding: marks to legal readings.
"""
