"""Log the game while it is played (issue 17): ``companion record`` and ``companion
play``. Registered on :data:`companion.cli_app.app`, which this module imports;
:mod:`companion.cli` imports this one (at its end), never the other way. The session
(``companion/record.py``) and the screen (``companion/record_screen.py``, which imports
rich and prompt_toolkit) are imported inside the commands, so ``companion --help``
stays as fast as it was.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Any

import typer

from companion.cli_app import (
    GAME_OPTIONS,
    GameCommand,
    VariantOpt,
    _complete_game,
    _seed_or_fresh,
    app,
    handles_errors,
    out_target,
    parse_game_options,
    utf8_text,
)
from companion.errors import ParameterError
from companion.games import GAME_NAMES, get_game


class RecordCommand(GameCommand):
    """``record`` and ``play``: the game may come after the options, and ``GAME
    --help`` lists that game's options and variants (no sheet options: nothing is
    printed)."""

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        name = ctx.meta.get("companion_game")
        command = ctx.info_name or "play"
        if name is None:
            formatter.write_paragraph()
            formatter.write_text(f"Each game takes its own options: 'companion {command} "
                                 "GAME --help' lists them.")
            return
        game = get_game(name)
        rows = [(f"--{p.name} N", f"{p.help} (default {p.default})") for p in game.params]
        with formatter.section(f"{game.title} options"):
            formatter.write_dl(rows or [("(none)", "")])
        if game.variants:
            with formatter.section("Variants (--variant NAME, repeat for more)"):
                formatter.write_dl([(v, "") for v in game.variants])
        opts = " ".join(f"--{p.name} {p.default}" for p in game.params)
        formatter.write_paragraph()
        formatter.write_text(f"Example: companion {command} {game.name} --seed K7Q2-9XMA "
                             f"{opts}".rstrip())


MaybeGameArg = Annotated[str | None, typer.Argument(
    help="the game: " + ", ".join(GAME_NAMES) + " (with --resume: the log's)",
    show_default=False, metavar="GAME", autocompletion=_complete_game)]
LogOutOpt = Annotated[str | None, typer.Option(
    "--out", metavar="FILE", help="the log to write, after every action (default: "
    "output/GAME-SEED-DATE-TIME.log; never an existing file but the one resumed)")]
ResumeOpt = Annotated[str | None, typer.Option(
    "--resume", metavar="LOG", help="go on with this log: it is validated, replayed and "
    "continued (written in place unless --out says otherwise)")]
PlayerOpt = Annotated[str | None, typer.Option(
    "--player", metavar="NAME", help="the player's name, written as [Player \"NAME\"] "
    "(club standings rank by it)")]


def _session(ctx: typer.Context, mode: str, game: str | None, seed: str | None,
             out: str | None, resume: str | None, player: str | None,
             variant: list[str] | None, held: contextlib.ExitStack) -> Any:
    """The session to play: a log resumed, or a new one (a free deal's header tags
    asked for first), its log locked in ``held`` (and the temporary files a killed
    session left beside it removed). Raises ParameterError for options that do not go
    together, LockHeld for a log another session writes, RecordError (via the session)
    for a log that cannot be resumed or a deal the game does not have."""
    from companion import record
    from companion.seeds import normalize_seed

    extra = list(ctx.args)
    utf8_text("--player", player)
    if resume is not None:
        if seed is not None or extra or variant:
            given = ("--seed" if seed is not None else "--variant" if variant else extra[0])
            raise ParameterError(f"{given} cannot go with --resume: the log's header says "
                                 "the seed, options and variants")
        path = Path(resume)
        target = _target(out, path, path)
        _lock(target, held)
        session = record.resume(path, target, mode, player)
        if game is not None and get_game(game).name != session.game.name:
            raise ParameterError(f"{resume} is a log of {session.game.name}, not {game}")
        return session
    if game is None:
        raise ParameterError("which game? companion " + mode + " GAME (games: "
                             + ", ".join(GAME_NAMES) + "), or --resume LOG")
    g = get_game(game)
    params = g.check_params(parse_game_options(g.name, extra))
    variants = g.check_variants(variant or ())
    if mode == "play":
        chosen: str | None = _seed_or_fresh(seed)
    else:
        chosen = normalize_seed(seed) if seed is not None else None
    deal: dict[str, str] = {}
    if chosen is None:
        needs = record.free_deal_needs(g, params, variants)
        if needs:
            from companion.record_screen import ask_deal_tags

            deal = ask_deal_tags(g, needs, lambda tags: record.header_state(
                g, record.new_tags(g, None, params, variants, tags, player)))
    target = _target(out, record.default_path(g, chosen))
    _lock(target, held)
    _target(str(target), target)  # made meanwhile by another session: never replaced
    return record.start(g, target, mode, chosen, params, variants, player, deal)


def _lock(log: Path, held: contextlib.ExitStack) -> None:
    """Hold ``log``'s lock until ``held`` closes (one session a log), then remove the
    temporary files a killed session left beside it."""
    from companion.fsutil import hold_lock, remove_stale_temporaries

    held.enter_context(hold_lock(log, "companion session"))
    remove_stale_temporaries(log)


def _target(out: str | None, default: Path, resumed: Path | None = None) -> Path:
    """Where the log goes: ``--out`` (a folder gets ``default``'s name), else
    ``default``. Raises ParameterError for standard output, or for an existing file
    other than the log resumed (another game's log is never overwritten)."""
    where = out_target(out, default)
    if where == "-":
        raise ParameterError("the log is written after every action: --out needs a file, "
                             "not - (standard output is the screen)")
    path = Path(where)
    if path.exists() and not (resumed is not None and resumed.exists()
                              and path.samefile(resumed)):
        raise ParameterError(f"{path} exists: go on with it (--resume {path}) or give "
                             "another --out")
    return path


def _run(ctx: typer.Context, mode: str, game: str | None, seed: str | None,
         out: str | None, resume: str | None, player: str | None,
         variant: list[str] | None) -> None:
    import sys

    from companion.record_screen import CLOSED, Quit, Stopped, Unreadable, run, stop_on_signals

    if sys.stdin is None:  # started with standard input closed (<&-)
        raise ParameterError(CLOSED)
    with contextlib.ExitStack() as held, stop_on_signals():
        try:
            session = _session(ctx, mode, game, seed, out, resume, player, variant, held)
        except Unreadable as stop:
            typer.echo(f"companion: {stop.message}; nothing written", err=True)
            raise typer.Exit(2) from None
        except (Quit, KeyboardInterrupt) as stop:
            with contextlib.suppress(OSError):
                typer.echo("\nstopped before the first action: nothing written", err=True)
            raise typer.Exit(128 + stop.signum if isinstance(stop, Stopped) else 0) from None
        code = run(session)
    raise typer.Exit(code)


@app.command("record", cls=RecordCommand, context_settings=GAME_OPTIONS)
@handles_errors
def record_cmd(
    ctx: typer.Context, game: MaybeGameArg = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", metavar="SEED", help="the seed of your printed sheets (default: a free "
        "deal, cards shuffled by hand: you type what the table deals)")] = None,
    out: LogOutOpt = None, resume: ResumeOpt = None, player: PlayerOpt = None,
    variant: VariantOpt = None,
) -> None:
    """Log a paper game while you play it: the screen shows the state and the legal
    lines, Tab completes them, a number or Enter picks one, and every action is checked
    by the rules (a refused line is never written) and saved at once, in the notation
    validate reads. Where the table decides (a free deal's cards), type what was dealt.
    undo takes back the last action; --resume goes on with a log; the end writes the
    outcome's score as the claim. Lines can come from standard input too.

    Example: companion record GAME --seed K7Q2-9XMA --player Ada
    """
    _run(ctx, "record", game, seed, out, resume, player, variant)


@app.command("play", cls=RecordCommand, context_settings=GAME_OPTIONS)
@handles_errors
def play_cmd(
    ctx: typer.Context, game: MaybeGameArg = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", metavar="SEED", help="the deal (default: a fresh seed, printed)")] = None,
    out: LogOutOpt = None, resume: ResumeOpt = None, player: PlayerOpt = None,
    variant: VariantOpt = None,
) -> None:
    """Play a seeded game in the terminal, the companion dealing from the seed: to learn
    the rules, try a seed before printing it, or play without cards. The same screen
    and keys as record (boards drawn where the game has one), and the same log, written
    after every action; the game ends with its outcome and score.

    Example: companion play GAME --seed K7Q2-9XMA
    """
    _run(ctx, "play", game, seed, out, resume, player, variant)
