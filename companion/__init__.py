"""companion: print, validate and scan solo dungeon games played on paper."""

__version__ = "0.1.0"
