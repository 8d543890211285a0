"""One typed sheet request, built once and checked once, by the command line (``map``,
``sheets``, ``daily --print``), by ``scan --regenerate`` (from a payload) and by
``pack`` (one per part) alike.

A :class:`SheetRequest` holds every choice a sheet depends on: game, kind, seed, the
game's parameters, variants, the sheet's own options (``--floor``, ``--level``), paper,
layout, ink, backs, back offset, par and the rules edition. :meth:`SheetRequest.build`
checks them (the messages the command line prints); :meth:`SheetRequest.render`,
:meth:`~SheetRequest.describe` and :meth:`~SheetRequest.default_path` then need nothing
else. Each game draws its kinds from its own table (``SHEETS``/``KINDS`` in its sheets
module), reached through :meth:`companion.games.base.Game.render`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ParameterError
from companion.games import all_games, get_game
from companion.games.base import Game, SheetKind, shown

__all__ = ["SheetRequest", "default_out"]


def default_out(game: str, seed: str, params: Mapping[str, Any], kind: str, paper: str,
                options: Mapping[str, Any] | None = None) -> Path:
    """``output/GAME-SEED-PARAMS[-OPTIONS]-KIND-PAPER.pdf``. What else changes the sheet
    names it too (a floor or level, the variants, a layout, par), so different sheets
    of one seed do not overwrite each other."""
    parts = [game, *([seed] if seed else []), *(f"{k}{v}" for k, v in params.items())]
    for key, value in (options or {}).items():
        if key in ("variants", "variant"):
            names = [n for n in (value.split("+") if isinstance(value, str)
                                 else list(value)) if n]
            if names:  # no variants: no empty part (no double dash)
                parts.append("+".join(names))
        elif key == "layout" and value:
            parts.append(Path(str(value)).stem)
        elif key == "par" and value is True:
            parts.append("par")
        elif key == "backs":
            if value != "duplex":
                parts.append("fold" if value == "fold" else "fronts")
        elif key == "ink":
            parts.append(f"{value}ink")
        elif isinstance(value, int | str) and not isinstance(value, bool) and value != "":
            parts.append(f"{key}{value}")
    parts += [kind, paper]
    return Path("output") / ("-".join(parts) + ".pdf")


def _par_sheets() -> str:
    sheets = [f"{g.name} {k.name}" for g in all_games() for k in g.sheet_kinds
              if k.par == "on request"]
    return f" (--par is for: {', '.join(sheets)})" if sheets else ""


def is_duplex(game: Game, kind: str) -> bool:
    """Whether sheets of ``kind`` print two-sided (their pack part says a flip)."""
    return any(p.kind == kind and p.duplex for p in game.pack_parts)


@dataclass(frozen=True)
class SheetRequest:
    """A sheet to print, every choice made and checked (see the module docstring).
    ``seed`` is ``""`` for a kind that prints none; ``params`` holds every game
    parameter (defaults filled in), ``sheet_options`` the kind's own options given."""

    game: str
    kind: str
    seed: str
    paper: str
    params: tuple[tuple[str, int], ...] = ()
    variants: tuple[str, ...] = ()
    sheet_options: tuple[tuple[str, int], ...] = ()
    layout: str | None = None
    ink: str | None = None
    backs: str | None = None
    back_offset: tuple[float, float] | None = None
    par: bool = False
    no_par: bool = False
    edition: int | None = None
    from_logs: tuple[str, ...] = ()
    """The log files a hand record reads (``--from``, folders expanded); a sheet's
    payload never carries them."""

    # -- building ---------------------------------------------------------------------
    @classmethod
    def build(cls, game_name: str, kind: str | None, seed: str, paper: str,
              params: Mapping[str, int | str] | None = None,
              *, variants: Sequence[str] = (), sheet_options: Mapping[str, int | str]
              | None = None, layout: str | None = None, ink: str | None = None,
              backs: str | None = None, back_offset: tuple[float, float] | None = None,
              par: bool = False, no_par: bool = False,
              edition: int | None = None, from_logs: Sequence[str] = ()) -> SheetRequest:
        """A checked request. ``kind`` None: the game's default sheet; ``seed`` is
        dropped for a kind that prints none. ``from_logs``: log files or folders of
        them, for a kind that reads them (``SheetKind.from_logs``: the hand record).

        Raises ParameterError for an unknown game, kind, parameter, variant or sheet
        option, a value out of range, and options that mean nothing for the sheet
        (``--par``, ``--no-par``, ``--backs``, ``--ink``, ``--from``) or go beyond the
        game's (``--floor 5`` of ``--floors 3``), a folder without logs;
        UnreadableLogError for a log path that does not exist; PayloadError for an
        unknown edition."""
        from companion.paper.units import BIG_PAPERS, check_paper

        game = get_game(game_name)
        chosen = kind or game.map_kind
        sheet = game.sheet_kind(chosen)
        paper = check_paper(paper)
        if paper in BIG_PAPERS and not sheet.big_paper:
            raise ParameterError(f"the {game.name} {chosen} sheet prints on a4 or letter; "
                                 "a3 and tabloid are for the play mats (--kind mat)")
        checked = game.check_params(dict(params or {}))
        own = {p.name: p for p in sheet.params}
        options: dict[str, int] = {}
        for key, value in (sheet_options or {}).items():
            if key not in own:
                raise ParameterError(f"the {game.name} {chosen} sheet takes no option "
                                     f"{shown(key)}")
            options[key] = own[key].check(value)
        _check_par(game, sheet, par, no_par)
        _check_bounds(sheet, checked, options)
        checked_backs = _check_backs(sheet, backs)
        checked_ink = _check_ink(sheet, ink)
        logs = _check_logs(game, sheet, from_logs)
        return cls(
            game=game.name, kind=chosen, seed=seed if sheet.seeded else "",
            paper=check_paper(paper), params=tuple(checked.items()),
            variants=game.check_variants(list(variants)),
            sheet_options=tuple(options.items()), layout=layout or None,
            ink=checked_ink, backs=checked_backs, back_offset=back_offset, par=par,
            no_par=no_par,
            edition=game.check_edition(edition) if edition is not None else None,
            from_logs=logs)

    @classmethod
    def from_payload(cls, game_name: str, seed: str, items: Mapping[str, str], paper: str,
                     edition: int | None = None) -> SheetRequest:
        """The request a scanned payload stands for (``scan --regenerate``): its
        ``kind`` (default: the game's map), parameters, ``variant=a+b`` and sheet
        options, printed under ``edition`` (None or the newest: the newest).

        Raises ParameterError or PayloadError as :meth:`build` does, and PayloadError
        for a sheet printed for a seed without one."""
        game = get_game(game_name)
        game.check_payload(items, seed)
        rest = dict(items)
        kind = rest.pop("kind", game.map_kind)
        if kind == "marks":  # any page of a mark sheet rebuilds the whole sheet
            rest.pop("page", None)
        names = {p.name for p in game.params}
        variants = [v for v in rest.pop("variant", "").split("+") if v]
        return cls.build(game.name, kind, seed, paper,
                         {k: v for k, v in rest.items() if k in names},
                         variants=variants,
                         sheet_options={k: v for k, v in rest.items() if k not in names},
                         edition=None if edition in (None, game.edition) else edition)

    # -- using ------------------------------------------------------------------------
    @property
    def game_object(self) -> Game:
        """The game the request names."""
        return get_game(self.game)

    def options(self) -> dict[str, Any]:
        """The options :meth:`Game.render` and :meth:`Game.describe` read, in the order
        the default file name lists them (layout, variants, par, backs, ink, the sheet's
        own options, the edition)."""
        out: dict[str, Any] = {}
        if self.layout:
            out["layout"] = self.layout
        if self.variants:
            out["variants"] = self.variants
        if self.par:
            out["par"] = True
        if self.no_par:
            out["no_par"] = True
        if self.back_offset is not None:
            out["back_offset"] = self.back_offset
        if self.backs is not None:
            out["backs"] = self.backs
        if self.ink is not None:
            out["ink"] = self.ink
        out.update(self.sheet_options)
        if self.edition is not None:
            out["edition"] = self.edition
        if self.from_logs:
            out["from_logs"] = self.from_logs
        return out

    def render(self) -> bytes:
        """The sheet's PDF bytes. Raises LayoutError for an unusable layout."""
        return self.game_object.render(self.kind, self.seed, dict(self.params), self.paper,
                                       self.options())

    def describe(self) -> dict[str, Any]:
        """What the sheet shows, as JSON-ready data (``--json``)."""
        options = self.options()
        if self.kind == "marks":  # a mark sheet's template is in mm of its paper
            options["paper"] = self.paper
        return self.game_object.describe(self.kind, self.seed, dict(self.params), options)

    def default_path(self) -> Path:
        """Where the sheet goes without ``--out`` (:func:`default_out`)."""
        return default_out(self.game, self.seed, dict(self.params), self.kind, self.paper,
                           self.options())

    @property
    def two_sided(self) -> bool:
        """Whether the sheet prints two-sided with backs behind its fronts (a saved
        ``calibrate`` offset applies)."""
        return (is_duplex(self.game_object, self.kind)
                and (self.backs or "duplex") == "duplex")


def _check_par(game: Game, sheet: SheetKind, par: bool, no_par: bool) -> None:
    where = f"the {game.name} {sheet.name} sheet"
    if par and sheet.par != "on request":
        raise ParameterError(f"--par means nothing for {where}: "
                             + ("it prints par already (--no-par leaves it off)"
                                if sheet.par else "it shows no par") + _par_sheets())
    if no_par and sheet.par != "by default":
        raise ParameterError(f"--no-par means nothing for {where}: it prints no par "
                             "unless asked" if sheet.par else
                             f"--no-par means nothing for {where}: it shows no par")


def _check_logs(game: Game, sheet: SheetKind, paths: Sequence[str]) -> tuple[str, ...]:
    """The log files of ``--from`` (folders expanded), for a kind that reads them."""
    if not paths:
        return ()
    if not sheet.from_logs:
        kinds = sorted({k.name for k in game.sheet_kinds if k.from_logs})
        raise ParameterError(f"--from means nothing for the {game.name} {sheet.name} "
                             "sheet: it reads no logs"
                             + (f" (--from is for --kind {' or '.join(kinds)})"
                                if kinds else ""))
    from companion.hand_record import log_paths

    return log_paths(list(paths))


def _check_bounds(sheet: SheetKind, params: Mapping[str, int],
                  options: Mapping[str, int]) -> None:
    """A sheet option bounded by a game parameter (``--floor`` by ``--floors``)."""
    for p in sheet.params:
        if p.upto and p.name in options and options[p.name] > params.get(p.upto, p.high):
            n = params[p.upto]
            raise ParameterError(f"{p.name} {options[p.name]} of {n}: the run has {n} "
                                 f"{p.upto} (--{p.upto} {n})")


def _check_backs(sheet: SheetKind, backs: str | None) -> str | None:
    if backs is None:
        return None
    if not sheet.backs:
        raise ParameterError(f"the {sheet.name} sheet has no backs: --backs is for cards "
                             "and tiles")
    from companion.paper.fold import check_backs

    return check_backs(backs)


def _check_ink(sheet: SheetKind, ink: str | None) -> str | None:
    if ink is None:
        return None
    if not sheet.inks:
        raise ParameterError(f"the {sheet.name} sheet has no large dark areas: --ink is "
                             "for sheets that do")
    value = str(ink).strip().lower()
    if value not in ("light", "dark"):
        raise ParameterError(f"--ink takes light or dark, not {shown(ink)}")
    return value
