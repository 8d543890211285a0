"""The ``companion`` command line (``docs/command-line.md``). Thin: it parses options, calls the
library, prints, and turns every :class:`~companion.errors.CompanionError` into one clear
message and the documented exit code. Heavy modules (reportlab, qrcode, pypdfium2,
zxing-cpp) are imported only inside the commands that need them.

The app and what every command shares are in :mod:`companion.cli_app`; this module
registers the core commands on it, and imports :mod:`companion.cli_club` and
:mod:`companion.cli_record` at its end so theirs are registered too.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli_app import (
    GAME_OPTIONS,
    PAPERS,
    BackOpt,
    BacksOpt,
    Command,
    GameArg,
    GameCommand,
    InkOpt,
    JsonOpt,
    LayoutOpt,
    NoParOpt,
    OutOpt,
    PaperOpt,
    ParOpt,
    SeedOpt,
    SolverGameArg,
    VariantOpt,
    _complete_kind,
    _default_kind,
    _json,
    _make_sheet,
    _save,
    _solver_games,
    app,
    handles_errors,
    make_pack,
    out_target,
    parse_back_offset,
    parse_game_options,
    resolve_paper,
)
from companion.errors import EXIT_OK, EXIT_USAGE, CompanionError, ParameterError
from companion.games import GAME_NAMES, all_games, get_game
from companion.text import shown_lines, shown_text


@app.command("games", cls=Command)
@handles_errors
def games_cmd(as_json: JsonOpt = False) -> None:
    """List the games, their options, variants and sheet kinds.

    Example: companion games
    """
    from companion.games import PluginFault, installed_plugins, run_plugin

    rows: list[dict[str, Any]] = []
    failed: list[str] = []
    for name in GAME_NAMES:
        plugin = installed_plugins().get(name)
        if plugin is None:
            rows.append(_game_row(get_game(name)))
            continue
        try:  # an installed game is loaded here, and a broken one named
            row = run_plugin(plugin, functools.partial(_installed_row, name))
        except (CompanionError, PluginFault) as exc:
            failed.append(str(exc) if isinstance(exc, CompanionError)
                          else f"{plugin} cannot be listed: {exc}")
            rows.append({"name": name, "package": plugin.dist, "error": failed[-1]})
            continue
        rows.append({**row, "package": plugin.dist})
    for message in failed:
        typer.echo(f"companion: {message}", err=True)
    if as_json:
        typer.echo(_json(rows, ensure_ascii=False, indent=1))
    else:
        _print_games([r for r in rows if "error" not in r])
    if failed:
        raise typer.Exit(EXIT_USAGE)


def _installed_row(name: str) -> dict[str, Any]:
    """The row of an installed game, its values made plain JSON (what its code gives
    is not trusted to be)."""
    import json

    row: dict[str, Any] = json.loads(_json(_game_row(get_game(name))))
    return row


def _game_row(g: Any) -> dict[str, Any]:
    """A game as ``companion games --json`` lists it."""
    return {
        "name": g.name, "code": g.code, "title": g.title, "credits": g.credits,
        "options": [{"name": p.name, "tag": p.tag, "default": p.default, "min": p.low,
                     "max": p.high, "help": p.help} for p in g.params],
        "variants": list(g.variants),
        "solver": g.has_solver,
        "editions": list(g.editions), "edition": g.edition,
        "sheets": [{"kind": k.name, "help": k.help,
                    "options": [p.name for p in k.params]} for k in g.sheet_kinds],
    }


def _print_games(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        package = f"; installed by {r['package']}" if "package" in r else ""
        typer.echo(f"{r['name']}  ({r['title']}; payload code {r['code']}{package})")
        typer.echo(f"  credits:  {r['credits']}")
        for o in r["options"]:
            typer.echo(f"  --{o['name']} N   {o['help']} (default {o['default']})")
        typer.echo(f"  variants: {', '.join(map(str, r['variants'])) or 'none'}")
        typer.echo("  solver:   " + ("yes (companion solve, par)" if r["solver"] else "none"))
        kinds = ", ".join(s["kind"] + "".join(f" [--{o} N]" for o in s["options"])
                          for s in r["sheets"])
        typer.echo(f"  sheets:   {kinds}")


@app.command("map", cls=GameCommand, context_settings=GAME_OPTIONS)
@handles_errors
def map_cmd(ctx: typer.Context, game: GameArg, seed: SeedOpt = None, paper: PaperOpt = None,
            out: OutOpt = None, as_json: JsonOpt = False, layout: LayoutOpt = None,
            variant: VariantOpt = None, par: ParOpt = False,
            no_par: NoParOpt = False, ink: InkOpt = None) -> None:
    """Print the seeded dungeon map of GAME as a PDF.

    Example: companion map GAME --seed K7Q2-9XMA
    """
    _make_sheet(game, None, seed, paper, out, as_json, list(ctx.args),
                {"layout": layout, "variants": tuple(variant or ()), "par": par,
                 "no_par": no_par, "ink": ink})


@app.command("sheets", cls=GameCommand, context_settings=GAME_OPTIONS)
@handles_errors
def sheets_cmd(ctx: typer.Context, game: GameArg, seed: SeedOpt = None,
               kind: Annotated[str | None, typer.Option(
                   "--kind", metavar="KIND", autocompletion=_complete_kind,
                   help="sheet kind ('companion sheets GAME --help' lists them)")] = None,
               paper: PaperOpt = None, out: OutOpt = None, as_json: JsonOpt = False,
               layout: LayoutOpt = None, variant: VariantOpt = None, par: ParOpt = False,
               no_par: NoParOpt = False, back_offset: BackOpt = None,
               backs: BacksOpt = None, ink: InkOpt = None,
               from_logs: Annotated[list[str] | None, typer.Option(
                   "--from", metavar="LOGS...", help="the hand record (--kind record): "
                   "the players' logs of the deal, files or a folder; it shows their "
                   "standings and the best valid game")] = None) -> None:
    """Print a sheet of GAME (stacking list, log sheet, cards, tiles, mat, hand record)
    as a PDF.

    Example: companion sheets GAME --seed K7Q2-9XMA --kind record --from logs/
    """
    g = get_game(game)
    chosen = kind or _default_kind(g)
    extra, logs = list(ctx.args), list(from_logs or ())
    if logs:  # --from a.log b.log: the words after the first are more logs
        extra, more = _split_words(extra)
        logs += more
    _make_sheet(game, chosen, seed, paper, out, as_json, extra,
                {"layout": layout, "variants": tuple(variant or ()), "par": par,
                 "no_par": no_par, "back_offset": parse_back_offset(back_offset),
                 "backs": backs, "ink": ink, "from_logs": tuple(logs)})


def _split_words(extra: list[str]) -> tuple[list[str], list[str]]:
    """The words a command did not know, as (game options with their values, the
    other words): ``--size 9 b.log c.log`` is (``--size 9``, ``b.log c.log``)."""
    options: list[str] = []
    words: list[str] = []
    i = 0
    while i < len(extra):
        word = extra[i]
        if word.startswith("--"):
            options.append(word)
            if "=" not in word and i + 1 < len(extra):
                options.append(extra[i + 1])
                i += 1
        else:
            words.append(word)
        i += 1
    return options, words


@app.command("solve", cls=GameCommand, context_settings=GAME_OPTIONS)
@handles_errors
def solve_cmd(ctx: typer.Context, game: SolverGameArg,
              seed: Annotated[str, typer.Option(
                  "--seed", metavar="SEED", help="the seed to solve")],
              variant: VariantOpt = None,
              budget: Annotated[int | None, typer.Option(
                  "--budget", min=1, metavar="N",
                  help="give up after this many search nodes (answer: unknown)")] = None,
              out: Annotated[str | None, typer.Option(
                  "--out", metavar="FILE", help="write the best line found as a log")]
              = None,
              as_json: JsonOpt = False) -> None:
    """Solve a seeded deal exactly: winnable or not, best score or par.

    Example: companion solve GAME --seed K7Q2-9XMA --out best.log
    """
    from companion.seeds import normalize_seed

    g = get_game(game)
    if not g.has_solver:
        raise ParameterError(f"{g.name} has no solver; solve works for "
                             f"{', '.join(_solver_games())}")
    params = g.check_params(parse_game_options(g.name, list(ctx.args)))
    report = g.solve(normalize_seed(seed), params, g.check_variants(variant or ()), budget)
    if out is not None and report.log is not None:
        _save(out, Path(f"{g.name}-{report.seed}-best.log"), report.log.encode("utf-8"),
              say=False)
    if as_json:
        typer.echo(_json(report.to_json(), ensure_ascii=False, indent=1))
        return
    typer.echo(g.solve_text(report))
    if out is not None:
        where = out_target(out, Path(f"{g.name}-{report.seed}-best.log"))
        typer.echo(f"best line written to {shown_text(str(where))}" if report.log
                   else "no line to write", err=where == "-")


@contextlib.contextmanager
def _quiet(scheduler: str | None) -> Iterator[None]:
    """With a Dask ``scheduler``: no log records while the block runs. Dask logs each
    fault it meets on stderr, tracebacks included; ``stats`` says what went wrong in
    one message of its own."""
    if scheduler is None:
        yield
        return
    import logging

    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


@app.command("stats", cls=GameCommand, context_settings=GAME_OPTIONS)
@handles_errors
def stats_cmd(
    ctx: typer.Context, game: GameArg,
    players: Annotated[str, typer.Option(
        "--players", metavar="NAMES", help="player classes, comma-separated: random, "
        "greedy, expert (some games have more: 'companion stats GAME --players x' "
        "lists them)")] = "random,greedy,expert",
    games: Annotated[int, typer.Option("--games", metavar="N", help="seeds per player "
                                       "(S0, S1, ...)")] = 1000,
    variant: VariantOpt = None,
    edition: Annotated[int | None, typer.Option("--edition", metavar="N", help="the rules "
                                                "edition (default: the newest)")] = None,
    jobs: Annotated[int, typer.Option("--jobs", metavar="N", help="processes to play "
                                      "on")] = 1,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help="play on a Dask cluster instead (needs "
        "the [cluster] extra), e.g. tcp://scheduler:8786")] = None,
    cluster_timeout: Annotated[float, typer.Option(
        "--cluster-timeout", metavar="SECONDS", help="with --scheduler: give up (exit 2) "
        "when connecting, an answer from the scheduler or the next batch of games takes "
        "longer than this")] = 60.0,
    first_seed: Annotated[int, typer.Option("--first-seed", metavar="K", min=0,
                                            help="start at seed S<K>")] = 0,
    as_json: JsonOpt = False,
    out: Annotated[str | None, typer.Option(
        "--out", metavar="FILE", help="write a PDF report with plots")] = None,
    paper: PaperOpt = None,
) -> None:
    """Play many seeded games per player class and report win rates (95 % interval),
    scores, where and why games end, and the game's balance targets.

    On a Dask cluster (--scheduler) every wait ends within --cluster-timeout (60 s by
    default), with one message: a scheduler that does not answer or is not one, a
    scheduler lost mid-run, no worker running.

    Example: companion stats GAME --games 500 --jobs 2 --out report.pdf
    """
    from companion.stats import run, table_rows, target_lines

    g = get_game(game)
    params = g.check_params(parse_game_options(g.name, list(ctx.args)))
    paper_name = resolve_paper(paper)
    names = players.split(",")
    total = games * len([n for n in names if n.strip()])
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    err = Console(stderr=True)
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                  transient=True, disable=not err.is_terminal) as bar, _quiet(scheduler):
        task = bar.add_task(f"stats {g.name}", total=total)
        report = run(g.name, names, games, params, tuple(variant or ()), edition, jobs,
                     scheduler, first_seed, progress=lambda n: bar.advance(task, n),
                     timeout=cluster_timeout)
    if out is not None:
        from companion.stats_report import render_report

        _save(out, Path(f"{g.name}-stats-{paper_name}.pdf"),
              render_report(report, paper_name), say=False)
    if as_json:
        typer.echo(_json(report.to_json(), ensure_ascii=False, indent=1))
    else:
        from rich.table import Table

        rows = table_rows(report)
        variants = f", variants {', '.join(report.variants)}" if report.variants else ""
        table = Table(title=f"{report.title}, edition {report.edition}{variants}: "
                      f"{report.games} seeds ({report.seeds}) per player")
        for head in rows[0]:
            table.add_column(head)
        for row in rows[1:]:
            table.add_row(*row)
        console = Console(soft_wrap=False, width=None if err.is_terminal else 140)
        console.print(table)
        for line in target_lines(report):
            console.print(line, highlight=False)
    if out is not None:
        typer.echo("report written to "
                   + shown_text(str(out_target(out, Path(f'{g.name}-stats-{paper_name}.pdf')))),
                   err=True)


@app.command("calibrate", cls=Command)
@handles_errors
def calibrate_cmd(
    save: Annotated[str | None, typer.Option("--save", metavar="X,Y", help="remember this "
                                             "back offset (mm) for the paper")] = None,
    clear: Annotated[bool, typer.Option("--clear", help="forget the saved offset for the "
                                        "paper")] = False,
    paper: PaperOpt = None,
) -> None:
    """Remember your printer's duplex back offset, measured on the calibration sheet
    (companion sheets GAME --kind calibrate, for a game that prints one); every
    two-sided sheet and pack then uses it unless --back-offset is given.

    Example: companion calibrate --save 1.5,-0.5 --paper letter
    """
    from companion.printer import save_offset, saved_offset, settings_path

    paper_name = resolve_paper(paper)
    if save is not None and clear:
        raise ParameterError("--save and --clear do not go together")
    if save is not None:
        offset = parse_back_offset(save)
        assert offset is not None
        path = save_offset(paper_name, offset)
        typer.echo(f"saved back offset {offset[0]:g},{offset[1]:g} mm for {paper_name} "
                   f"in {path}")
        return
    if clear:
        path = save_offset(paper_name, None)
        typer.echo(f"forgot the back offset for {paper_name} ({path})")
        return
    for name in PAPERS[:2]:  # a4, letter: the papers cards and backs print on
        offset = saved_offset(name)
        text = ("none saved" if offset is None else f"{offset[0]:g},{offset[1]:g} mm")
        typer.echo(f"{name}: {text}")
    maker = next((g.name for g in all_games() for k in g.sheet_kinds
                  if k.name == "calibrate"), "GAME")
    typer.echo(f"settings: {settings_path()}; print 'companion sheets {maker} "
               "--kind calibrate' two-sided, read the shift, then "
               "'companion calibrate --save X,Y'")


@app.command("booklet", cls=Command)
@handles_errors
def booklet_cmd(
    game: Annotated[str, typer.Argument(help="the game (" + ", ".join(GAME_NAMES) + "), "
                                        "or all for one volume", show_default=False)],
    paper: PaperOpt = None,
    imposition: Annotated[str | None, typer.Option(
        "--imposition", metavar="saddle",
        help="saddle: impose the pages 2-up for a folded, stapled "
        "booklet (print two-sided, flip on the short edge)")] = None,
    out: OutOpt = None,
    layout: LayoutOpt = None,
) -> None:
    """Print the rule booklet of GAME (A5 pages from A4, half-letter from Letter).

    Example: companion booklet GAME --imposition saddle
    """
    from companion.booklets import booklet_targets, render_booklet

    names = booklet_targets(game)
    paper_name = resolve_paper(paper)
    if imposition is not None:
        imposition = imposition.strip().lower()
    data = render_booklet(game, paper_name, imposition, layout)
    label = names[0] if len(names) == 1 else "all-games"
    suffix = "-saddle" if imposition else ""
    _save(out, Path("output") / f"{label}-booklet-{paper_name}{suffix}.pdf", data,
          inputs={"the layout": [layout] if layout else []})


@app.command("pack", cls=GameCommand, context_settings=GAME_OPTIONS)
@handles_errors
def pack_cmd(ctx: typer.Context, game: GameArg, seed: SeedOpt = None, paper: PaperOpt = None,
             out: OutOpt = None, variant: VariantOpt = None,
             back_offset: BackOpt = None,
             without: Annotated[list[str] | None, typer.Option(
                 "--without", metavar="PART", help="leave out a part you already have: "
                 "deck, booklet, calibrate... (repeatable; the parts of each game: "
                 "companion games)")] = None) -> None:
    """Print a session pack: a cover with the contents and how to print them, every
    sheet GAME needs for SEED, and the rule booklet, as one PDF that prints in as few
    jobs as possible (one-sided parts, then two-sided ones).

    Example: companion pack GAME --seed K7Q2-9XMA --without deck
    """
    make_pack(game, seed, paper, out, variant, back_offset, list(ctx.args), without or ())


def _report_logs(logs: list[Path], as_json: bool, invalid: str,
                 describe: Callable[[Any], str], explain: bool = False,
                 jobs: int = 1) -> None:
    """Validate ``logs`` (on ``jobs`` processes); print JSON or one line each (and, with
    ``explain``, the state before each offending line), in the order given; exit with
    the worst code. ``describe`` reads a valid verdict's JSON fields as attributes."""
    from types import SimpleNamespace

    from companion.replay import validate_many

    rows: list[dict[str, Any]] = []
    code = EXIT_OK
    for r in validate_many(logs, explain, jobs):  # a verdict is reported, then let go
        code = max(code, r.exit_code)
        if as_json:
            rows.append(r.json)
            continue
        file = shown_text(r.json["file"])  # the JSON keeps the name as given
        if r.error_text is None:
            typer.echo(f"{file}: {describe(SimpleNamespace(**r.json))}")
            continue
        typer.echo(shown_lines(r.error_text) + (f" [{r.rule}]" if r.rule else ""), err=True)
        if r.exit_code != EXIT_USAGE:  # a missing or unreadable file: stderr only
            typer.echo(f"{file}: {invalid}")
        before = r.json.get("before")
        if before is not None:
            typer.echo(f"  before line {r.json['error']['line']}:")
            for line in before:
                typer.echo(f"    {line}")
    if as_json:
        typer.echo(_json(rows, ensure_ascii=False, indent=1))
    raise typer.Exit(code)


def _claim_text(v: Any) -> str:
    if v.claim is None:
        return "no claim"
    return f"claim {v.claim} " + ("matches" if v.claim_matches else "does NOT match")


LogsArg = Annotated[list[Path], typer.Argument(help="log files", show_default=False)]


@app.command("validate", cls=Command)
@handles_errors
def validate_cmd(logs: LogsArg, as_json: JsonOpt = False,
                 explain: Annotated[bool, typer.Option(
                     "--explain", help="show the state just before the offending line "
                     "(hand, room, health, position)")] = False,
                 jobs: Annotated[int | None, typer.Option(
                     "--jobs", metavar="N", help="processes to validate on (default 1; "
                     "the same verdicts, in the same order)")] = None) -> None:
    """Replay each log through the rules: verdict, first error, outcome, score.

    Example: companion validate my-game.log --explain
    """
    def describe(v: Any) -> str:
        score = "no score" if v.score is None else f"score {v.score}"
        return f"valid, {v.outcome}, {score}, {_claim_text(v)}"

    # an absent --jobs is None, not an int Typer would convert (importing pydantic)
    _report_logs(logs, as_json, "invalid", describe, explain, 1 if jobs is None else jobs)


@app.command("score", cls=Command)
@handles_errors
def score_cmd(logs: LogsArg, as_json: JsonOpt = False) -> None:
    """Check each log's claimed score ([Claim "N"]) against the computed one.

    Example: companion score my-game.log
    """
    def describe(v: Any) -> str:
        score = "none" if v.score is None else str(v.score)
        return f"score {score} ({v.outcome}); {_claim_text(v)}"

    _report_logs(logs, as_json, "invalid, no score", describe)


@app.command("scan", cls=Command)
@handles_errors
def scan_cmd(files: Annotated[list[Path], typer.Argument(help="PNG/JPEG photos or PDFs",
                                                         show_default=False)],
             as_json: JsonOpt = False,
             regenerate: Annotated[bool, typer.Option("--regenerate", help="rebuild each "
                                                      "scanned sheet as a PDF")] = False,
             paper: PaperOpt = None,
             out: Annotated[str | None, typer.Option(
                 "--out", metavar="PATH",
                 help="with --regenerate: output file (one sheet) or folder")] = None,
             ) -> None:
    """Read the QR codes of printed sheets: game, seed and parameters.

    Example: companion scan photo.jpg --regenerate
    """
    from companion.scan import scan_report

    rows: list[dict[str, Any]] = []
    rebuilt: dict[tuple[Any, ...], str] = {}  # one rebuild a sheet, whatever its pages
    code = EXIT_OK
    for f in files:
        try:
            report = scan_report(f, regenerate=regenerate)
        except CompanionError as exc:
            typer.echo(shown_lines(f"companion: {exc}"), err=True)
            rows.append({"file": str(f), "error": str(exc)})
            code = max(code, exc.exit_code)
            continue
        for warning in report.warnings:
            typer.echo(shown_lines(f"companion: warning: {warning}"), err=True)
        results = report.results
        for r in results:
            game = _game_for_code(r.game)
            row: dict[str, Any] = {"file": str(f), "payload": r.payload, "game": game.name,
                                   "seed": r.seed, "params": r.params, "edition": r.edition,
                                   "warnings": list(report.warnings)}
            sheet = (game.name, r.seed, r.edition,
                     tuple(sorted((k, v) for k, v in r.params.items()
                                  if not (k == "page" and r.params.get("kind") == "marks"))))
            if regenerate and sheet in rebuilt:  # another page of a mark sheet
                row["regenerated"] = rebuilt[sheet]
            elif regenerate:
                row["regenerated"] = rebuilt[sheet] = str(_regenerate(
                    game.name, r.seed, dict(r.params), paper, out,
                    len(results) * len(files), r.edition, files))
            rows.append(row)
    if as_json:
        typer.echo(_json(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            if "error" in row:
                continue
            params = " ".join(f"{k}={v}" for k, v in row["params"].items())
            newest = get_game(row["game"]).edition
            older = (f" (edition {row['edition']}; new sheets print edition {newest})"
                     if row["edition"] != newest else "")
            seed_text = f"seed {row['seed']}" if row["seed"] else "(no seed)"
            typer.echo(f"{shown_text(row['file'])}: {row['game']} {seed_text} {params}"
                       .rstrip() + older)
            if "regenerated" in row:
                typer.echo(f"  rebuilt: {shown_text(row['regenerated'])}")
    raise typer.Exit(code)


def _game_for_code(code: str) -> Any:
    from companion.games import game_by_code

    return game_by_code(code)


def _regenerate(game_name: str, seed: str, params: dict[str, str], paper: str | None,
                out: str | None, count: int, edition: int,
                inputs: Sequence[Path] = ()) -> Path | str:
    """Rebuild one scanned sheet and write it; returns where. Never over a scanned file
    (``inputs``): a name of the companion's own (the default, or the default inside
    the folder ``--out`` gives) that is one becomes ``NAME-rebuilt.pdf``; a file
    ``--out`` names is refused (OutputError)."""
    from companion.fsutil import OutputError, check_not_an_input, write_atomic
    from companion.sheet_request import SheetRequest

    request = SheetRequest.from_payload(game_name, seed, params, resolve_paper(paper, True),
                                        edition)
    data = request.render()
    # the payload's other keys (a floor, say) name the file too, so the sheets of a
    # multi-page PDF scanned at once do not overwrite each other
    default = request.default_path()
    target = out_target(out, default)
    if count > 1 and out is not None and target != "-" and not Path(target).is_dir():
        target = Path(out) / default.name  # several sheets: --out is their folder
    if target == "-":
        raise ParameterError("scan --regenerate writes files: --out - (standard output) "
                             "is for one sheet from map or sheets")
    path = Path(target)
    if path.name == default.name:  # our name, not one the user chose: find a free one
        for n in range(1, 100):
            try:
                check_not_an_input(path, inputs, "one of the files scanned")
                break
            except OutputError:
                path = path.with_name(f"{default.stem}-rebuilt{n if n > 1 else ''}"
                                      f"{default.suffix}")
    check_not_an_input(path, inputs, "one of the files scanned")
    write_atomic(path, data)
    return path


def only_the_command(argv: list[str]) -> Any:
    """The app to run for ``argv``: when it names a command, an app holding only that
    command, so Typer does not build the other ten (their options and signatures are
    most of a short command's start-up); else the whole app (top-level help, version,
    completion, a mistyped command). The commands and their help are the same."""
    if not argv or argv[0].startswith("-") or os.environ.get("_COMPANION_COMPLETE"):
        return app
    chosen = [c for c in app.registered_commands if c.name == argv[0]]
    if len(chosen) != 1:
        return app
    import copy

    lean = copy.copy(app)
    lean.registered_commands = chosen
    return lean


class _StandardOutput(io.RawIOBase):
    """Standard output as the commands write it (:func:`main`): a write that fails
    (a full disk, ``> /dev/full``; a closed standard output) raises OutputError (exit
    2, one sentence), a closed pipe BrokenPipeError as before; after either, further
    writes are dropped, so nothing is reported again when Python exits."""

    def __init__(self, fd: int | None) -> None:
        super().__init__()
        self._fd = fd
        self._broken = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self._fd is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self._fd

    def isatty(self) -> bool:
        return self._fd is not None and os.isatty(self._fd)

    def write(self, data: Any) -> int:
        from companion.fsutil import OutputError

        size = len(memoryview(data).cast("B"))
        if self._broken:
            return size
        if self._fd is None:
            self._broken = True
            raise OutputError("cannot write to standard output: it is closed", "-")
        try:
            return os.write(self._fd, data)
        except BrokenPipeError:
            self._broken = True
            raise
        except OSError as exc:
            self._broken = True
            raise OutputError("cannot write to standard output: "
                              f"{exc.strerror or type(exc).__name__}", "-", exc) from None


def _guard_standard_output() -> None:
    """Standard output through :class:`_StandardOutput`, in its own encoding; where
    that is strict, with ``backslashreplace`` for what it cannot encode (a file name
    or option value that is not UTF-8 shows as ``\\udcff`` instead of raising), as
    Python does for standard error. An error handler chosen on purpose
    (``surrogateescape`` in UTF-8 mode, say) is kept."""
    old = sys.stdout
    fd: int | None = None
    if old is not None:
        try:
            fd = old.fileno()
        except (OSError, ValueError):
            return  # not a file (an embedding, a test runner): left as it is
        old.flush()
    encoding = getattr(old, "encoding", None) or "utf-8"
    errors = getattr(old, "errors", None) or "strict"
    line_buffering = bool(getattr(old, "line_buffering", False))
    raw = _StandardOutput(fd)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw), encoding=encoding, line_buffering=line_buffering,
        errors="backslashreplace" if errors == "strict" else errors)


def _forgiving_standard_input() -> None:
    """Lines typed to ``record`` and ``play`` in an encoding that is strict: bytes it
    cannot decode become U+FFFD (the line is then refused as notation, or written as
    such), never a UnicodeDecodeError. ``-`` (a log on standard input) reads bytes and
    is not affected."""
    stdin = sys.stdin
    if stdin is not None and getattr(stdin, "errors", None) == "strict":
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stdin.reconfigure(errors="replace")  # type: ignore[union-attr]


def main() -> None:
    """Console-script entry point."""
    _guard_standard_output()
    _forgiving_standard_input()
    try:
        only_the_command(sys.argv[1:])()
    except CompanionError as exc:  # e.g. standard output failing in Typer's own help
        typer.echo(shown_lines(f"companion: {exc}"), err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - a plugin's, outside a command (help)
        from companion.games import blamed_plugin, why

        plugin = blamed_plugin(exc)
        if plugin is None:
            raise
        typer.echo(f"companion: {plugin} failed: {why(exc)}", err=True)
        sys.exit(EXIT_USAGE)


if __name__ == "__main__":  # pragma: no cover
    main()

from companion import cli_club, cli_read, cli_record  # noqa: E402,F401  (daily, standings; read; record, play)
