"""Club play on the command line (issue 16): ``companion daily`` and ``companion
standings``. Registered on :data:`companion.cli_app.app`, which this module imports;
:mod:`companion.cli` imports this one (its last line), never the other way. Like every
command, the heavy modules (the engines, reportlab) are imported inside the commands,
so ``companion --help`` stays fast.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli_app import (
    GAME_OPTIONS,
    BackOpt,
    Command,
    GameArg,
    GameCommand,
    JsonOpt,
    PaperOpt,
    VariantOpt,
    _complete_kind,
    _json,
    _make_sheet,
    app,
    handles_errors,
    make_pack,
    out_target,
    parse_back_offset,
    parse_game_options,
    resolve_paper,
    utf8_text,
)
from companion.errors import EXIT_OK, ParameterError
from companion.fsutil import check_not_an_input
from companion.games import get_game
from companion.text import shown_text


class DailyCommand(GameCommand):
    """``daily``: the game may come after the options, and ``daily GAME --help`` lists
    that game's options, variants and sheet kinds (for ``--print --kind``)."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        name = ctx.meta.get("companion_game")
        if name is None:
            formatter.write_paragraph()
            formatter.write_text("Each game takes its own options: 'companion daily GAME "
                                 "--help' lists them.")
            return
        game = get_game(name)
        rows = [(f"--{p.name} N", f"{p.help} (default {p.default})") for p in game.params]
        with formatter.section(f"{game.title} options"):
            formatter.write_dl(rows or [("(none)", "")])
        if game.variants:
            with formatter.section("Variants (--variant NAME, repeat for more)"):
                formatter.write_dl([(v, "") for v in game.variants])
        with formatter.section("Sheet kinds (--print --kind KIND; default: the whole pack)"):
            formatter.write_dl([(k.name, k.help) for k in game.sheet_kinds])
        formatter.write_paragraph()
        formatter.write_text(f"Example: companion daily {game.name} --date 2026-11-21 --print")


@app.command("daily", cls=DailyCommand, context_settings=GAME_OPTIONS)
@handles_errors
def daily_cmd(
    ctx: typer.Context, game: GameArg,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD",
        help="the day (default: today in UTC, so everyone has the same deal)")] = None,
    print_it: Annotated[bool, typer.Option(
        "--print", help="write the deal's sheets: the session pack, or one --kind")] = False,
    kind: Annotated[str | None, typer.Option(
        "--kind", metavar="KIND", autocompletion=_complete_kind,
        help="with --print: this sheet kind instead of the pack")] = None,
    paper: PaperOpt = None,
    out: Annotated[str | None, typer.Option(
        "--out", metavar="FILE", help="with --print: output file (default: a "
        "descriptive name under output/)")] = None,
    variant: VariantOpt = None,
    back_offset: BackOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The seed of the day for GAME: the same for everyone on that date (UTC), derived
    from the date and the game's name, no server needed. It reads and scans like any
    seed; --print writes its session pack (or one sheet kind).

    Example: companion daily GAME --print
    """
    from companion.club import daily_seed, parse_date, today_utc

    g = get_game(game)
    params = g.check_params(parse_game_options(g.name, list(ctx.args), kind))
    variants = g.check_variants(variant or ())
    if kind is not None:
        g.sheet_kind(kind)
    if not print_it and (kind is not None or out is not None or back_offset is not None):
        given = "--kind" if kind is not None else "--out" if out is not None else "--back-offset"
        raise ParameterError(f"{given} is for --print (it writes the deal's sheets)")
    if as_json and out == "-":
        raise ParameterError("--json prints to standard output: --out - cannot go there "
                             "too; give a file name")
    day = parse_date(date) if date is not None else today_utc()
    seed = daily_seed(g.name, day)
    payload = (g.payload(seed, params, variant="+".join(variants)) if variants
               else g.payload(seed, params))
    row: dict[str, Any] = {"game": g.name, "date": day.isoformat(), "seed": seed,
                           "edition": g.edition, "payload": payload, "params": params,
                           "variants": list(variants)}
    if not as_json:
        typer.echo(f"{g.name}, daily deal of {day.isoformat()}: seed {seed}",
                   err=print_it and out == "-")
    if print_it:
        chatter = io.StringIO()
        with contextlib.redirect_stdout(chatter) if as_json else contextlib.nullcontext():
            if kind is None:
                make_pack(g.name, seed, paper, out, variant, back_offset, list(ctx.args))
            else:
                _make_sheet(g.name, kind, seed, paper, out, False, list(ctx.args),
                            {"layout": None, "variants": variants, "par": False,
                             "no_par": False, "back_offset": parse_back_offset(back_offset),
                             "backs": None, "ink": None})
        written = chatter.getvalue().strip().splitlines()
        if written:
            row["file"] = written[-1]
    elif not as_json:
        typer.echo(f"  print it: companion daily {g.name} --date {day.isoformat()} --print")
    if as_json:
        typer.echo(_json(row, ensure_ascii=False, indent=1))


FORMAT_OF = {".html": "html", ".htm": "html", ".pdf": "pdf", ".csv": "csv"}


def _out_format(out: str) -> tuple[Path, str]:
    """Where ``--out`` writes and in which format (by the file name's ending; a folder
    gets ``standings.html``). Raises ParameterError otherwise."""
    if out == "-":
        raise ParameterError("standings --out writes a file (.html, .pdf or .csv); the "
                             "text table and --json go to standard output")
    target = Path(out_target(out, Path("standings.html")))
    fmt = FORMAT_OF.get(target.suffix.lower())
    if fmt is None:
        raise ParameterError(f"--out {target.name[:40]!r}: the file name must end in .html, "
                             ".pdf or .csv (that is the format written)")
    return target, fmt


@app.command("standings", cls=Command)
@handles_errors
def standings_cmd(
    logs: Annotated[list[Path] | None, typer.Argument(help="the logs (e.g. logs/*.log; "
                                                      "- for standard input)",
                                                      show_default=False)] = None,
    out: Annotated[str | None, typer.Option(
        "--out", metavar="FILE", help="write the standings as FILE.html (a page for "
        "phones and print), FILE.pdf or FILE.csv")] = None,
    as_json: JsonOpt = False,
    season: Annotated[bool, typer.Option(
        "--season", help="also rank each game's players by their average result "
        "against par per deal played")] = False,
    min_deals: Annotated[int | None, typer.Option(
        "--min-deals", metavar="N", min=1, help="with --season: deals a player must "
        "have played to be ranked (default: half the game's deals)")] = None,
    no_par: Annotated[bool, typer.Option(
        "--no-par", help="do not solve the deals for par (faster)")] = False,
    title: Annotated[str, typer.Option(
        "--title", metavar="TEXT", help="the heading of the page or PDF")] = "Standings",
    paper: PaperOpt = None,
) -> None:
    """Rank the players of each deal from their validated logs: grouped by game, seed,
    parameters, variants and edition; ranked by the computed score (never the claim),
    equal scores sharing a rank; par where the game has a solver; invalid logs listed
    apart with their first error. Exit 0 once the standings are made (invalid logs are
    part of them), 2 for input that cannot be read.

    Example: companion standings logs/*.log --season --out standings.html
    """
    from companion.club import build_standings, check_inputs

    utf8_text("--title", title)
    logs = list(logs or [])
    check_inputs(logs)
    target: Path | None = None
    fmt = ""
    if out is not None:
        target, fmt = _out_format(out)
        check_not_an_input(target, logs, "one of the logs")
    if paper is not None and fmt != "pdf":
        raise ParameterError("--paper is for --out FILE.pdf (the page size of the PDF)")
    paper_name = resolve_paper(paper) if fmt == "pdf" else "a4"
    if min_deals is not None and not season:
        raise ParameterError("--min-deals is for --season (the deals a player must have "
                             "played to be ranked)")
    standings = build_standings(logs, par=not no_par, season=season, min_deals=min_deals)
    if target is not None:
        from companion.fsutil import write_atomic
        from companion.standings_report import render, summary_counts

        write_atomic(target, render(standings, fmt, title, paper_name))
        # the file is the output: one line says what was written (on stderr when the
        # JSON takes standard output), not the whole table again
        typer.echo(f"standings written to {shown_text(str(target))}: "
                   f"{summary_counts(standings)}", err=as_json)
    if as_json:
        typer.echo(_json(standings.to_json(), ensure_ascii=False, indent=1))
    elif target is None:
        from companion.standings_report import render_text

        typer.echo(render_text(standings), nl=False)
    raise typer.Exit(EXIT_OK)
