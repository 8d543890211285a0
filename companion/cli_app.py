"""The ``companion`` app and what its command modules share: the Typer app with its
group and command classes (options in any order, per-game help), the option types, and
the helpers every command uses (errors to exit codes, ``--paper``, ``--out``, game
options, sheets). :mod:`companion.cli` registers the core commands on :data:`app`,
:mod:`companion.cli_club` and :mod:`companion.cli_record` theirs; this module imports
none of them, so the imports point one way (``docs/architecture.md``). Heavy modules
are imported inside the functions that need them, so ``companion --help`` stays fast.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from companion import __version__
from companion.errors import EXIT_OK, EXIT_USAGE, CompanionError, ParameterError
from companion.games import GAME_NAMES, all_games, get_game
from companion.games.base import shown
from companion.text import shown_lines, shown_text

F = TypeVar("F", bound=Callable[..., Any])

class Group(TyperGroup):
    """The ``companion`` group: its own options (``--version``, the completion ones)
    take plain values as they come, like every command's (:class:`Command`)."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's options, each taking plain values (see :class:`Command`)."""
        # Typer adds the completion and help options after __init__
        return _plain_params(super().get_params(ctx))


app = typer.Typer(
    name="companion",
    cls=Group,
    help="Print, validate and scan solo dungeon games played on paper.\n\n"
    "Games: " + ", ".join(GAME_NAMES) + ".\n\n"
    f"Example: companion map {GAME_NAMES[0]} --seed K7Q2-9XMA, then "
    "companion validate my-game.log",
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

PAPERS = ("a4", "letter", "a3", "tabloid")
"""Every paper ``--paper`` names; a3 and tabloid only for the play mats."""
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}


def _version(value: bool) -> None:
    if not value:
        return
    typer.echo(f"companion {__version__}")
    for g in all_games():
        older = ", ".join(str(e) for e in g.editions if e != g.edition)
        typer.echo(f"  {g.name}: rules edition {g.edition}"
                   + (f" (reads {older} too)" if older else ""))
    raise typer.Exit()


@app.callback()
def _main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="the version, and the rules edition of each game")] = False) -> None:
    """Print, validate and scan solo dungeon games played on paper."""


class Command(TyperCommand):
    """Every companion command: placeholders in help read as words (``GAME``,
    ``FILE...``), not ``{GAME}`` or ``<list[path]>``; plain values (text, paths,
    flags, absent options) are taken as they come, so a command like ``validate``
    starts without building a pydantic validator per option (see :func:`_plain`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain_params(self.params)

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's options, the help option too, each taking plain values."""
        return _plain_params(super().get_params(ctx))  # the help option too


def _plain_params(params: list[Any]) -> list[Any]:
    """``params``, each Typer option and argument made one that takes plain values
    as they come (:func:`_plain`)."""
    for p in params:
        if type(p) is TyperArgument:
            p.__class__ = _PlainArgument
        elif type(p) is TyperOption:
            p.__class__ = _PlainOption
    return params


_SLOW = object()


def _plain(param: Any, value: Any) -> Any:
    """``value`` for ``param`` when it needs no conversion beyond ``str``/``Path``
    (text, paths, lists of them, flags, an absent value), else ``_SLOW``: Typer then
    converts it (ints with their ranges, and anything else) as usual. Typer 0.24+
    builds a pydantic TypeAdapter for every option it converts, and importing
    pydantic is most of a short command's start-up."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None:  # an older Typer: nothing to save
        return _SLOW
    kind = descriptor.annotation
    args = [a for a in getattr(kind, "__args__", ()) if a is not type(None)]
    multi = param.multiple or param.nargs == -1
    if value is None or (multi and value in ((), [])):
        return () if multi else None
    if multi:
        if getattr(kind, "__origin__", None) is not list or len(args) != 1:
            return _SLOW
        item = args[0]
        if item in (str, Path) and isinstance(value, list | tuple) and all(
                isinstance(v, str) for v in value):
            return [item(v) for v in value]
        return _SLOW
    if len(args) == 1 and getattr(kind, "__origin__", None) is not list:
        kind = args[0]  # X | None
    if kind is bool and isinstance(value, bool):
        return value
    if kind in (str, Path) and isinstance(value, str):
        return kind(value)
    return _SLOW


def _process_plain(param: Any, parent: Any, ctx: Any, value: Any) -> Any:
    """Take a plain value as it comes (:func:`_plain`); Typer converts the rest."""
    plain = _plain(param, value)
    if plain is _SLOW or (param.required and plain in (None, ())):
        return parent.process_value(param, ctx, value)
    if param.callback is not None:
        plain = param.callback(ctx, param, plain)
    return plain


class _PlainOption(TyperOption):
    """An option whose plain values skip Typer's converters."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_plain(self, TyperOption, ctx, value)


class _PlainArgument(TyperArgument):
    """An argument shown as ``GAME`` or ``LOGS...`` in usage and help, whose plain
    values skip Typer's converters."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_plain(self, TyperArgument, ctx, value)

    def _word(self) -> str:
        return (self.metavar or self.name or "arg").upper() + ("..." if self.nargs != 1
                                                               else "")

    def _usage_display_name(self) -> str:
        return self._word()

    def _rich_display_name(self) -> str:
        return self._word()

    def display_type(self, ctx: Any) -> str:
        return ""

    def make_metavar(self, *args: Any, **kwargs: Any) -> str:  # typer before 0.24
        return self._word()


class GameCommand(Command):
    """A command whose argument is a game: the game name may come before or after the
    options (``companion map --size 9 GAME``), and ``--help`` after a game
    name shows that game's options, variants and sheet kinds."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse ``args`` with the game name moved in front of the options, wherever it
        was typed."""
        args = list(args)
        takes_value = {o for p in self.params if isinstance(p, TyperOption)
                       and not p.is_flag and not p.count for o in p.opts}
        i = 0
        while i < len(args):
            word = args[i]
            if word == "--":
                break
            if word in takes_value:
                i += 2
                continue
            if not word.startswith("-") and word.strip().lower() in GAME_NAMES:
                ctx.meta["companion_game"] = word.strip().lower()
                args.insert(0, args.pop(i))
                break
            i += 1
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        name = ctx.meta.get("companion_game")
        if ctx.info_name == "solve":
            formatter.write_paragraph()
            formatter.write_text("Games with a solver: " + ", ".join(_solver_games()) + ".")
        if name is None:
            formatter.write_paragraph()
            formatter.write_text("Each game takes its own options: 'companion "
                                 f"{ctx.info_name} GAME --help' lists them.")
            return
        game = get_game(name)
        command = ctx.info_name or "map"
        rows = [(f"--{p.name} N", f"{p.help} (default {p.default})") for p in game.params]
        kinds = [k for k in game.sheet_kinds if command != "map" or k.name == game.map_kind]
        for k in kinds:
            rows += [(f"--{p.name} N", f"{p.help} ({k.name} sheet)") for p in k.params]
        with formatter.section(f"{game.title} options"):
            formatter.write_dl(rows or [("(none)", "")])
        if game.variants:
            with formatter.section("Variants (--variant NAME, repeat for more)"):
                formatter.write_dl([(v, "") for v in game.variants])
        if command == "sheets":
            default = _default_kind(game)
            with formatter.section("Sheet kinds (--kind KIND)"):
                formatter.write_dl([(k.name + (" (default)" if k.name == default else ""),
                                     k.help) for k in game.sheet_kinds])
        example = _example(game, command)
        if example:
            formatter.write_paragraph()
            formatter.write_text(f"Example: {example}")


def _solver_games() -> list[str]:
    return [g.name for g in all_games() if g.has_solver]


def _default_kind(game: Any) -> str:
    """The kind ``companion sheets GAME`` prints without ``--kind``."""
    return next((k.name for k in game.sheet_kinds if k.name != game.map_kind),
                game.map_kind)


def _example(game: Any, command: str) -> str:
    opts = " ".join(f"--{p.name} {p.default}" for p in game.params)
    base = f"companion {command} {game.name} --seed K7Q2-9XMA"
    if command == "sheets":
        return f"{base} --kind {_default_kind(game)} {opts}".rstrip()
    if command == "solve":
        return f"{base} {opts}".rstrip() if game.has_solver else ""
    return f"{base} {opts}".rstrip()


def _complete_game(incomplete: str) -> list[str]:
    return [n for n in GAME_NAMES if n.startswith(incomplete.lower())]


def _complete_solver_game(incomplete: str) -> list[str]:
    return [n for n in _solver_games() if n.startswith(incomplete.lower())]


def _complete_paper(incomplete: str) -> list[str]:
    return [p for p in PAPERS if p.startswith(incomplete.lower())]


def _games_in(ctx: typer.Context) -> list[Any]:
    """The game typed so far on the command line being completed, else every game."""
    name = ctx.params.get("game") or ctx.meta.get("companion_game")
    return [get_game(name)] if name in GAME_NAMES else all_games()


def _complete_kind(ctx: typer.Context, incomplete: str) -> list[str]:
    games = _games_in(ctx)
    kinds = dict.fromkeys(k.name for g in games for k in g.sheet_kinds)
    return [k for k in kinds if k.startswith(incomplete.lower())]


def _complete_variant(ctx: typer.Context, incomplete: str) -> list[str]:
    games = _games_in(ctx)
    names = dict.fromkeys(v for g in games for v in g.variants)
    return [v for v in names if v.startswith(incomplete.lower())]


def _json(data: Any, **kwargs: Any) -> str:
    """``json.dumps`` (imported when a command prints JSON, not at start-up)."""
    import json

    return json.dumps(data, **kwargs)


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    """Print ``message`` to stderr (a file name in it cleaned, :func:`shown_lines`) and
    give the exit to raise."""
    typer.echo(shown_lines(message), err=True)
    return typer.Exit(code)


def handles_errors(fn: F) -> F:
    """Turn CompanionError (and a broken pipe) into a message and its exit code, and
    anything that the code of an installed game raised (SystemExit too) into one
    message naming it (exit 2)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CompanionError as exc:
            raise fail(f"companion: {exc}", exc.exit_code) from None
        except BrokenPipeError:  # pragma: no cover - e.g. `companion games | head -1`
            sys.stderr.close()
            raise typer.Exit(EXIT_OK) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except BaseException as exc:  # noqa: BLE001 - blamed on a plugin, else raised
            from companion.games import blamed_plugin, why

            plugin = blamed_plugin(exc)
            if plugin is None:
                raise
            raise fail(f"companion: {plugin} failed: {why(exc)}", EXIT_USAGE) from None

    return wrapper  # type: ignore[return-value]


def _clip(text: str, limit: int = 40) -> str:
    """``text`` cut to about ``limit`` characters, for a message that repeats it."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def utf8_text(option: str, value: str | None) -> str | None:
    """``value`` of a text option a file will hold (``--player``, ``--title``), as
    given. Raises ParameterError if it holds bytes that are not UTF-8 (the command
    line gives them as surrogate escapes, which no UTF-8 file can hold)."""
    if value is not None:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ParameterError(f"{option} must be UTF-8 text: {shown(value)} holds "
                                 "bytes that are not") from None
    return value


def resolve_paper(paper: str | None, big: bool = False) -> str:
    """``--paper``, else ``COMPANION_PAPER``, else a4. ``big``: the command may print
    on a3 or tabloid (``map``/``sheets``: the play mats, the sheet request checks the
    kind); every other command takes a4 or letter. Raises ParameterError."""
    from companion.paper.units import BIG_PAPERS

    if paper is not None and not paper.strip():
        raise ParameterError("--paper needs a value: a4, letter, a3 or tabloid")
    value = paper or os.environ.get("COMPANION_PAPER") or "a4"
    value = value.strip().lower()
    source = "--paper" if paper else "COMPANION_PAPER"
    if value not in PAPERS:
        raise ParameterError(f"{source} must be a4 or letter (a3 or tabloid for the "
                             f"play mats), not {shown(value)}")
    if value in BIG_PAPERS and not big:
        raise ParameterError(f"{source} {value}: only the play mats print on a3 or "
                             "tabloid (companion sheets GAME --kind mat); this command "
                             "takes a4 or letter")
    return value


def parse_game_options(game_name: str, extra: list[str],
                       kind: str | None = None) -> dict[str, str]:
    """Game options given after the known ones (``--size 9``, ``--floors=3``), and the
    options of sheet ``kind`` (``--level 3``).

    Raises ParameterError for an option the game does not take or one without a value.
    """
    game = get_game(game_name)
    names = {p.name for p in game.params}
    if kind is not None:
        names |= {p.name for p in game.sheet_kind(kind).params}
    out: dict[str, str] = {}
    i = 0
    while i < len(extra):
        word = extra[i]
        if not word.startswith("--"):
            raise ParameterError(f"unexpected argument {shown(word)}")
        key, eq, value = word[2:].partition("=")
        if key not in names:
            known = ", ".join(f"--{n}" for n in sorted(names)) or "none"
            raise ParameterError(f"{game.name} has no option --{_clip(key)} (its "
                                 f"options: {known})")
        if not eq:
            if i + 1 >= len(extra):
                raise ParameterError(f"--{_clip(key)} needs a value")
            i += 1
            value = extra[i]
        out[key] = value
        i += 1
    return out


def _seed_or_fresh(seed: str | None) -> str:
    from companion.seeds import fresh_seed, normalize_seed

    if seed is None:
        s = fresh_seed()
        typer.echo(f"seed {s}", err=True)
        return s
    return normalize_seed(seed)


def _default_out(game: str, seed: str, params: dict[str, Any], kind: str, paper: str,
                 options: dict[str, Any] | None = None) -> Path:
    """``output/GAME-SEED-...-KIND-PAPER.pdf`` (:func:`companion.sheet_request.default_out`)."""
    from companion.sheet_request import default_out

    return default_out(game, seed, params, kind, paper, options)


def parse_back_offset(text: str | None) -> tuple[float, float] | None:
    """``--back-offset X,Y`` in mm (each within ±10). Raises ParameterError."""
    if text is None:
        return None
    parts = text.replace(";", ",").split(",")
    plain = re.compile(r"\s*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*")
    try:
        if len(parts) != 2 or not all(plain.fullmatch(p) for p in parts):
            raise ValueError(text)
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ParameterError(f"--back-offset takes X,Y in millimetres, like 1.5,-0.5; "
                             f"not {shown(text)}") from None
    if not (abs(x) <= 10 and abs(y) <= 10):
        raise ParameterError("--back-offset: each shift must be within 10 mm")
    return (x, y)


def _make_sheet(game_name: str, kind: str | None, seed: str | None, paper: str | None,
                out: str | None, as_json: bool, extra: list[str],
                options: dict[str, Any]) -> None:
    """``map``/``sheets``: one :class:`~companion.sheet_request.SheetRequest` built from
    the command line, then described (``--json``) or rendered and saved."""
    from companion.sheet_request import SheetRequest, is_duplex

    game = get_game(game_name)
    chosen = kind or game.map_kind
    sheet = game.sheet_kind(chosen)
    given = parse_game_options(game.name, extra, chosen)
    own = {p.name for p in sheet.params}
    paper_name = resolve_paper(paper, big=True)
    offset = options.get("back_offset")
    request = SheetRequest.build(
        game.name, chosen, "", paper_name,
        {k: v for k, v in given.items() if k not in own},
        variants=tuple(options.get("variants") or ()),
        sheet_options={k: v for k, v in given.items() if k in own},
        layout=options.get("layout"), ink=options.get("ink"), backs=options.get("backs"),
        back_offset=offset, par=bool(options.get("par")),
        no_par=bool(options.get("no_par")),
        from_logs=tuple(options.get("from_logs") or ()))
    if (offset is None and is_duplex(game, chosen)
            and (request.backs or "duplex") == "duplex"):
        saved = _saved_back_offset(paper_name)
        if saved is not None:
            request = replace(request, back_offset=saved)
    if sheet.seeded:
        request = replace(request, seed=_seed_or_fresh(seed))
    elif seed is not None:
        typer.echo(f"the {chosen} sheet is the same for every seed: it prints none "
                   "(--seed left out)", err=True)
    if as_json:
        typer.echo(_json(request.describe(), ensure_ascii=False, indent=1))
        return
    _save(out, request.default_path(), request.render(),
          inputs={"the layout": [request.layout] if request.layout else [],
                  "one of the logs": request.from_logs})


def out_target(out: str | None, default: Path) -> Path | str:
    """Where ``--out`` says to write: ``default`` when not given, ``-`` for standard
    output, ``default``'s file name inside a folder (an existing one, or any path
    ending in ``/``). Raises ParameterError for an empty value or one with a line
    break or NUL in it."""
    if out is None:
        return default
    if out == "-":
        return out
    if not out.strip() or any(ch in out for ch in "\n\r\0"):
        raise ParameterError(f"--out needs a file name, not {shown(out)}")
    path = Path(out)
    if out.endswith(("/", os.sep)) or path.is_dir():
        return path / default.name
    return path


def _save(out: str | None, default: Path, data: bytes, say: bool = True,
          inputs: dict[str, Sequence[str | Path]] | None = None) -> None:
    """Write ``data`` where :func:`out_target` says (atomically; ``-``: standard
    output) and, unless it went to standard output, print the file name. Raises
    OutputError if that is one of the ``inputs`` the command read, given as
    ``{what they are: paths}`` (:func:`~companion.fsutil.check_not_an_input`)."""
    from companion.fsutil import check_not_an_input, write_atomic

    target = out_target(out, default)
    for what, paths in (inputs or {}).items():
        check_not_an_input(target, paths, what)
    if target == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_atomic(Path(target), data)
    if say:
        typer.echo(shown_text(str(target)))


def make_pack(game: str, seed: str | None, paper: str | None, out: str | None,
              variant: list[str] | None, back_offset: str | None, extra: list[str],
              without: Sequence[str] = ()) -> None:
    """``pack`` (and ``daily --print``): the session pack of ``game`` for ``seed`` (a
    fresh one when None) less the parts ``without`` names, rendered with a progress bar
    on a terminal and saved."""
    from companion.pack import check_without, render_pack

    g = get_game(game)
    params = g.check_params(parse_game_options(g.name, extra))
    variants = g.check_variants(variant or ())
    paper_name = resolve_paper(paper)
    left_out = sorted(check_without(g, without))
    offset = parse_back_offset(back_offset)
    if offset is None and any(p.duplex and p.kind not in left_out for p in g.pack_parts):
        offset = _saved_back_offset(paper_name)
    seed_text = _seed_or_fresh(seed)
    steps = len(g.pack_parts) + 2
    if not getattr(sys.stderr, "isatty", lambda: False)():  # no bar: no label line
        data = render_pack(g.name, seed_text, params, paper_name, variants,
                           back_offset=offset, without=left_out)
    else:
        with typer.progressbar(length=steps, label=f"pack {g.name}",
                               file=sys.stderr) as bar:
            data = render_pack(g.name, seed_text, params, paper_name, variants,
                               progress=lambda _label: bar.update(1), back_offset=offset,
                               without=left_out)
    _save(out, _default_out(g.name, seed_text, params, "pack", paper_name,
                            {"variants": variants, "without-": "+".join(left_out)}), data)


def _saved_back_offset(paper: str) -> tuple[float, float] | None:
    """The back offset saved by ``companion calibrate --save`` for ``paper``, said on
    stderr when it is used."""
    from companion.printer import saved_offset

    offset = saved_offset(paper)
    if offset is not None:
        typer.echo(f"using the saved back offset {offset[0]:g},{offset[1]:g} mm for "
                   f"{paper} (companion calibrate; --back-offset to override)", err=True)
    return offset


GameArg = Annotated[str, typer.Argument(help="the game: " + ", ".join(GAME_NAMES),
                                        show_default=False, metavar="GAME",
                                        autocompletion=_complete_game)]
SolverGameArg = Annotated[str, typer.Argument(help="a game with a solver (listed below)",
                                              show_default=False, metavar="GAME",
                                              autocompletion=_complete_solver_game)]
SeedOpt = Annotated[str | None, typer.Option("--seed", metavar="SEED",
                                             help="seed (letters, digits, dashes); "
                                             "default: a fresh one, printed")]
PaperOpt = Annotated[str | None, typer.Option("--paper", metavar="PAPER",
                                              autocompletion=_complete_paper,
                                              help="a4 or letter; a3 or tabloid for the "
                                              "play mats (default: $COMPANION_PAPER or "
                                              "a4)")]
OutOpt = Annotated[str | None, typer.Option("--out", metavar="FILE", help="output file "
                                             "(default: a descriptive name under "
                                             "output/)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print the result as JSON")]
LayoutOpt = Annotated[str | None, typer.Option("--layout", metavar="LAYOUT",
                                               help="a built-in layout name or "
                                               "a layout TOML file")]
VariantOpt = Annotated[list[str] | None, typer.Option("--variant", metavar="VARIANT",
                                                      autocompletion=_complete_variant,
                                                      help="a variant of the "
                                                      "game (repeat for more)")]
ParOpt = Annotated[bool, typer.Option("--par", help="print par (the solver's best score) "
                                      "on the sheet, where the game has a solver")]
NoParOpt = Annotated[bool, typer.Option("--no-par", help="leave par off the sheet, where "
                                          "the game prints it by default")]
BackOpt = Annotated[str | None, typer.Option("--back-offset", metavar="X,Y",
                                             help="X,Y mm: shift the backs "
                                             "of duplex sheets to match your printer")]
BacksOpt = Annotated[str | None, typer.Option("--backs", metavar="duplex|fold|none",
                                              help="cards and tiles: backs on the next page "
                                              "(duplex, the default), beside the fronts "
                                              "about a fold line, or none")]
InkOpt = Annotated[str | None, typer.Option("--ink", metavar="light|dark",
                                            help="sheets with large dark areas (walls, "
                                            "tiles, card backs): pale or outlined "
                                            "(light) or solid (dark); without it, the "
                                            "game's own default")]
