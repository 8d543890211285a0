"""``companion read`` (issue 27, ``docs/marks.md``): photos or PDFs of a pencilled mark
sheet to a log, then the validator's verdict. Registered on
:data:`companion.cli_app.app`, which this module imports; :mod:`companion.cli` imports this
one at its end. OpenCV, numpy and PIL are imported inside the command only, so
``companion --help`` loads none of them.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli_app import Command, JsonOpt, _json, app, handles_errors, utf8_text
from companion.errors import ParameterError
from companion.text import shown_lines, shown_text

if TYPE_CHECKING:
    from companion.marks.decode import Question
    from companion.marks.read import SheetRead

EXIT_DOUBTFUL = 3
"""``read`` only: marks were read but some stay doubtful and were not settled."""


def _interactive() -> bool:
    try:
        return sys.stdin.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _ask(sheet: SheetRead, q: Question) -> int | None:
    """Ask at the terminal (on standard error, answers from standard input) which
    reading of a row is right; None: left open."""
    from companion.marks.proof import row_crop, terminal_picture

    err = sys.stderr
    print("", file=err)
    print(f"{shown_text(sheet.where(q))}: {q.row.label}: {q.why}", file=err)
    if q.row.printed:
        print(f"  printed: {q.row.printed}", file=err)
    columns = min(72, shutil.get_terminal_size((80, 24)).columns - 2)
    try:
        for line in terminal_picture(row_crop(sheet, q), columns):
            print("  " + line, file=err)
    except (OSError, ValueError):
        pass  # a photo that will not crop: the words are enough
    for n, choice in enumerate(q.choices, 1):
        print(f"  {n}) " + "; ".join(choice.lines), file=err)
    if not q.choices:
        return None
    while True:
        print(f"Which is it? [1-{len(q.choices)}, Enter: leave it open] ", end="",
              file=err, flush=True)
        line = sys.stdin.readline(64)
        if not line:  # end of input
            return None
        text = line.strip()
        if not text:
            return None
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(q.choices):
            return int(text) - 1
        print(f"  one of 1 to {len(q.choices)}, or Enter", file=err)


def _question_json(sheet: SheetRead, q: Question) -> dict[str, Any]:
    return {"where": sheet.where(q), "page": q.row.page, "row": q.row.number,
            "label": q.row.label, "why": q.why,
            "choices": [list(c.lines) for c in q.choices]}


def _json_of(sheet: SheetRead) -> dict[str, Any]:
    t = sheet.template
    marks = {}
    for p in sheet.pages:
        for bid, m in p.marks.items():
            b = t.bubble(bid)
            marks[bid] = {"state": m.state, "value": m.value, "confidence": m.confidence,
                          "page": b.page, "row": b.row, "meaning": b.meaning}
    return {"files": sheet.files, "game": sheet.game.name, "seed": t.seed,
            "variants": list(t.variants), "edition": t.edition, "paper": t.paper,
            "pages": [{"file": p.label, "page": p.page} for p in sheet.pages],
            "certain": sheet.decoding.certain, "settled_rows": sheet.decoding.settled,
            "doubtful_rows": sheet.decoding.doubtful_rows,
            "questions": [_question_json(sheet, q) for q in sheet.decoding.questions],
            "marks": marks, "log": sheet.log_text,
            "verdict": sheet.verdict.to_json() if sheet.verdict is not None else None,
            "exit_code": sheet.exit_code}


def _verdict_line(sheet: SheetRead, name: str) -> str:
    v = sheet.verdict
    assert v is not None
    if v.error is not None:
        return shown_lines(str(v.error))
    score = "no score" if v.score is None else f"score {v.score}"
    return f"{shown_text(name)}: valid, {v.outcome}, {score}"


@app.command("read", cls=Command)
@handles_errors
def read_cmd(files: Annotated[list[Path], typer.Argument(
                 help="photos (PNG/JPEG) or PDFs of the mark sheet's pages, any order",
                 show_default=False)],
             out: Annotated[str | None, typer.Option(
                 "--out", metavar="LOG", help="write the log here (default: standard "
                 "output)")] = None,
             as_json: JsonOpt = False,
             proof: Annotated[str | None, typer.Option(
                 "--proof", metavar="FILE", help="write the straightened pages with what "
                 "was read outlined and the log beside each row (.png or .pdf)")] = None,
             no_ask: Annotated[bool, typer.Option(
                 "--no-ask", help="never ask: list the doubtful rows and exit 3")] = False,
             player: Annotated[str | None, typer.Option(
                 "--player", metavar="NAME", help="the player's name, for the log's "
                 "Player tag (standings)")] = None,
             ) -> None:
    """Read a pencilled mark sheet into a log, then validate it.

    Example: companion read page1.jpg page2.jpg --out game.log --proof check.png
    """
    from companion.fsutil import check_not_an_input, write_atomic
    from companion.marks.read import read_sheet

    utf8_text("--player", player)
    if player is not None and (not player.strip() or '"' in player or "\n" in player):
        raise ParameterError("--player is a name on one line, without double quotes")
    if proof is not None and Path(proof).suffix.lower() not in (".png", ".pdf"):
        raise ParameterError(f"--proof writes a .png or a .pdf, not {shown_text(proof)}")
    for target, option in ((out, "--out"), (proof, "--proof")):
        if target is not None and target != "-":
            check_not_an_input(Path(target), files, "one of the files read", option)
    if (out not in (None, "-") and proof is not None
            and Path(str(out)).resolve() == Path(proof).resolve()):
        raise ParameterError(f"--proof {shown_text(proof)} is the --out file: give the "
                             "proof and the log two names")
    ask = _ask if not no_ask and not as_json and _interactive() else None
    name = out if out not in (None, "-") else "<read>"
    sheet = read_sheet([str(f) for f in files], ask, str(name), player)
    if proof is not None:
        from companion.marks.proof import proof_bytes

        write_atomic(Path(proof), proof_bytes(sheet, Path(proof).suffix.lower()))
    code = sheet.exit_code
    if sheet.log_text is not None and out not in (None, "-"):
        write_atomic(Path(str(out)), sheet.log_text.encode("utf-8"))
    if as_json:
        typer.echo(_json(_json_of(sheet), ensure_ascii=False, indent=1))
        raise typer.Exit(code)
    if sheet.log_text is None:
        for q in sheet.decoding.questions:
            choices = " | ".join("; ".join(c.lines) for c in q.choices) or "no legal reading"
            typer.echo(shown_lines(f"{sheet.where(q)}: {q.row.label}: {q.why}: {choices}"),
                       err=True)
        typer.echo(f"companion: {len(sheet.decoding.questions)} row"
                   f"{'s' if len(sheet.decoding.questions) != 1 else ''} left open: no log "
                   "written (answer at a terminal, or check the marks)", err=True)
        raise typer.Exit(EXIT_DOUBTFUL)
    if out in (None, "-"):
        sys.stdout.write(sheet.log_text)
        sys.stdout.flush()
        typer.echo(_verdict_line(sheet, "<read>"), err=True)
    else:
        typer.echo(_verdict_line(sheet, str(out)))
    raise typer.Exit(code)
