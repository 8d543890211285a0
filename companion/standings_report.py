"""How ``companion standings`` shows its tables: plain text (stdout), a static HTML
page, a PDF table, CSV. All four are built from the same rows (:func:`deal_table`,
:func:`invalid_table`, :func:`season_table`), so they never disagree.

The HTML page is one file with no scripts: its CSS lays the tables out on a phone (each
table scrolls sideways inside the page) and on paper (print CSS: black on white, no
section split across pages where it fits). It is written as well-formed XHTML-style
markup, and every text that came from a log (player names above all) is escaped.

The PDF is a reportlab table (reportlab is imported inside :func:`render_pdf`) with the
embedded Vera fonts, so names with accents print everywhere; suits print as the
notation's letters (``2C``), and any other character Vera has no glyph for as ``?`` (the
HTML page shows it).

The same standings give the same bytes in every format (no date or time is written).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from html import escape
from typing import Any

from companion.club import (
    SEASON_NOTE,
    Deal,
    Entry,
    Standings,
    deal_note,
    entry_notes,
    player_shown,
)

__all__ = [
    "FORMATS",
    "csv_rows",
    "deal_table",
    "invalid_table",
    "render",
    "render_csv",
    "render_html",
    "render_pdf",
    "render_text",
    "season_table",
]

FORMATS = ("html", "pdf", "csv")
"""What ``--out`` writes, by the file name's ending (``.htm`` is HTML too)."""

SEASON_COLUMNS_MAX = 12
"""Beyond this many deals, the text and PDF season tables show totals only (HTML and
CSV show every deal: the HTML table scrolls)."""

SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D",
                "♧": "C"}
"""The PDF writes suits as the notation's letters (``2♣`` as ``2C``): its font has none."""

DEAL_HEAD = ["Rank", "Player", "Score", "vs par", "Outcome", "Claim", "Notes"]
INVALID_HEAD = ["File", "Player", "First error", "Rule"]


def _num(value: int | None) -> str:
    return "–" if value is None else str(value)


def _signed(value: int | None) -> str:
    """A score against par or the best: ``+3``, ``0``, ``-12`` with the ASCII hyphen, as
    the Score column and every other score the companion prints (found by grep, read
    by a spreadsheet)."""
    if value is None:
        return "–"
    return f"{value:+d}" if value else "0"


def claim_cell(e: Entry) -> str:
    """``6 matches``, ``5 wrong`` or ``none``."""
    if e.claim is None:
        return "none"
    return f"{e.claim} {'matches' if e.claim_matches else 'wrong'}"


def deal_table(deal: Deal) -> list[list[str]]:
    """The deal's rows, head first: rank, player, score, score minus par, outcome,
    claim, notes. A second log of a player has no rank (``–``)."""
    rows = [list(DEAL_HEAD)]
    for e in deal.entries:
        rows.append([_num(e.rank), player_shown(e.player, e.named_by_file), _num(e.score),
                     _signed(e.against_par), e.outcome, claim_cell(e),
                     "; ".join(entry_notes(e, deal))])
    return rows


def invalid_table(standings: Standings) -> list[list[str]]:
    """The invalid logs, head first: file, player (``–`` without a Player tag), first
    error (line, column, message), rule."""
    rows = [list(INVALID_HEAD)]
    for i in standings.invalid:
        rows.append([i.file, "–" if i.named_by_file else i.player, i.error_in_file, i.rule])
    return rows


def deal_names(standings: Standings) -> list[str]:
    """``D1``, ``D2``... for the season table's columns."""
    return [f"D{n}" for n in range(1, len(standings.deals) + 1)]


def season_table(standings: Standings, per_deal: bool = True) -> list[list[str]]:
    """The season, head first: rank, player, deals played, total against par (or the
    deal's best), then one column per deal (``D1``...) when ``per_deal``."""
    names = deal_names(standings) if per_deal else []
    rows = [["Rank", "Player", "Deals", "Total", *names]]
    for r in standings.season or []:
        cells = ([f"({_signed(x)})" if c else _signed(x)
                  for x, c in zip(r.results, r.charged, strict=True)] if per_deal else [])
        rows.append([str(r.rank), player_shown(r.player, r.named_by_file), str(r.played),
                     _signed(r.total), *cells])
    return rows


def summary_line(standings: Standings) -> str:
    """``12 logs: 11 valid in 2 deals, 1 invalid.``"""
    valid = standings.logs - len(standings.invalid)
    deals = len(standings.deals)
    return (f"{standings.logs} log{'s' if standings.logs != 1 else ''}: {valid} valid "
            f"in {deals} deal{'s' if deals != 1 else ''}, {len(standings.invalid)} invalid. "
            "Ranked by the computed score, never the claim; equal scores share a rank.")


def deal_legend(standings: Standings) -> list[str]:
    """``D1: Clear the Dungeon, seed ..., against par 6`` for each deal."""
    out = []
    for name, d in zip(deal_names(standings), standings.deals, strict=True):
        ref, against = d.reference
        measure = ("nobody scored" if ref is None else
                   f"against par {ref}" if against == "par" else
                   f"against the best score, {ref} (no par)")
        out.append(f"{name}: {d.key.label(d.title)}; {measure}")
    return out


# -- text ------------------------------------------------------------------------------

def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else
               0 if unicodedata.combining(ch) else 1 for ch in text)


def _text_table(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        out.append("  " + "  ".join(cells).rstrip())
    return out


def render_text(standings: Standings) -> str:
    """The standings as text for a terminal."""
    lines = [summary_line(standings)]
    for d in standings.deals:
        lines += ["", f"{d.key.label(d.title)}: {deal_note(d)}"]
        lines += _text_table(deal_table(d), {0, 2, 3})
    if standings.invalid:
        lines += ["", "Invalid logs (not ranked; companion validate FILE --explain "
                  "says more):"]
        for i in standings.invalid:
            who = "" if i.named_by_file else f"  (player {i.player})"
            lines.append(f"  {i.error} [{i.rule}]{who}")
    if standings.season is not None:
        per_deal = len(standings.deals) <= SEASON_COLUMNS_MAX
        lines += ["", "Season", SEASON_NOTE]
        if not standings.season:
            lines.append("  No valid log: nobody to rank.")
        else:
            lines += _text_table(season_table(standings, per_deal),
                                 set(range(len(standings.deals) + 4)) - {1})
            if per_deal:
                lines += ["  " + x for x in deal_legend(standings)]
    return "\n".join(lines) + "\n"


# -- HTML ----------------------------------------------------------------------------

CSS = """
:root { color-scheme: light dark; --ink: #1b1b1b; --paper: #ffffff; --rule: #d0d4d9;
  --head: #eef1f4; --stripe: #f7f8fa; --muted: #5b6470; --bad: #a8201a; --flag: #8a5a00;
  --shade: rgba(0, 0, 0, 0.22); }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e8e8; --paper: #16181b; --rule: #3a3f45; --head: rgba(255, 255, 255, 0.08);
    --stripe: rgba(255, 255, 255, 0.03); --muted: #a3abb5; --bad: #ff8a80; --flag: #f0c060;
    --shade: rgba(255, 255, 255, 0.22); } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
  sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 1rem 0.9rem 2rem; }
h1 { font-size: 1.5rem; margin: 0.2rem 0 0.4rem; }
h2 { font-size: 1.15rem; margin: 1.6rem 0 0.2rem; }
p { margin: 0.3rem 0; }
.meta, .sub, .legend, footer { color: var(--muted); font-size: 0.9rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: 0.5rem 0;
  border: 1px solid var(--rule); border-radius: 6px;
  /* shadows at an edge with more table behind it (they scroll away at the ends) */
  background: linear-gradient(to right, var(--paper) 30%, transparent) left / 2rem 100%,
    linear-gradient(to left, var(--paper) 30%, transparent) right / 2rem 100%,
    radial-gradient(farthest-side at 0 50%, var(--shade), transparent) left / 0.8rem 100%,
    radial-gradient(farthest-side at 100% 50%, var(--shade), transparent) right / 0.8rem 100%;
  background-repeat: no-repeat; background-color: var(--paper);
  background-attachment: local, local, scroll, scroll; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem;
  font-variant-numeric: tabular-nums; }
caption { text-align: left; }
th, td { padding: 0.45rem 0.6rem; text-align: left; vertical-align: top;
  border-bottom: 1px solid var(--rule); }
th { background: var(--head); font-weight: 600; white-space: nowrap; }
tbody tr:nth-child(even) { background: var(--stripe); }
tbody tr:last-child td { border-bottom: 0; }
td.n, th.n { text-align: right; white-space: nowrap; }
td.player { font-weight: 600; min-width: 6rem; overflow-wrap: break-word; }
td.file { overflow-wrap: break-word; min-width: 8rem; }
td.err { min-width: 15rem; overflow-wrap: break-word; }
td.notes { min-width: 16rem; color: var(--muted); }
td.claim { white-space: nowrap; }
tr.extra td { color: var(--muted); font-style: italic; }
.wrong { color: var(--bad); font-weight: 600; }
.flag { color: var(--flag); font-weight: 600; }
code { font-size: 0.9em; overflow-wrap: anywhere; }
footer { margin-top: 2rem; }
@media (max-width: 40rem) {
  main { padding: 0.6rem 0.5rem 1.5rem; }
  table { font-size: 0.9rem; }
  th, td { padding: 0.4rem 0.45rem; }
}
@media print {
  :root { --ink: #000; --paper: #fff; --rule: #999; --head: #e6e6e6; --stripe: #fff;
    --muted: #333; --bad: #000; --flag: #000; }
  @page { margin: 12mm; }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  .scroll { overflow: visible; border: 0; background: none; }
  table { font-size: 9pt; }
  th, td { padding: 2pt 4pt; }
  section { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
  tr { break-inside: avoid; page-break-inside: avoid; }
}
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _html_table(rows: list[list[str]], classes: list[str], caption: str,
                row_classes: Sequence[str] | None = None,
                cell_classes: Sequence[Sequence[str]] | None = None) -> list[str]:
    out = ['<div class="scroll">', "<table>", f"<caption class=\"sub\">{_e(caption)}</caption>"
           if caption else "", "<thead><tr>"]
    out = [x for x in out if x]
    for head, cls in zip(rows[0], classes, strict=True):
        attr = f' class="{cls}"' if cls == "n" else ""
        out.append(f'<th scope="col"{attr}>{_e(head)}</th>')
    out += ["</tr></thead>", "<tbody>"]
    for n, row in enumerate(rows[1:]):
        rc = row_classes[n] if row_classes else ""
        out.append(f'<tr class="{rc}">' if rc else "<tr>")
        for i, (cell, cls) in enumerate(zip(row, classes, strict=True)):
            extra = cell_classes[n][i] if cell_classes else ""
            names = " ".join(c for c in (cls, extra) if c)
            attr = f' class="{names}"' if names else ""
            out.append(f"<td{attr}>{_e(cell)}</td>")
        out.append("</tr>")
    out += ["</tbody>", "</table>", "</div>"]
    return out


def render_html(standings: Standings, title: str = "Standings") -> bytes:
    """One static HTML page (UTF-8): no scripts, readable on a phone, printable."""
    from companion import __version__

    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8" />',
           '<meta name="viewport" content="width=device-width, initial-scale=1" />',
           '<meta name="generator" content="companion standings" />',
           f"<title>{_e(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
           "<main>", f"<h1>{_e(title)}</h1>", f'<p class="meta">{_e(summary_line(standings))}</p>']
    if standings.season is not None:
        per = [str(r.rank) for r in standings.season]
        out += ['<section class="season">', "<h2>Season</h2>",
                f'<p class="sub">{_e(SEASON_NOTE)}</p>']
        rows = season_table(standings)
        classes = ["n", "player", "n", "n", *(["n"] * len(standings.deals))]
        out += _html_table(rows, classes, "", [""] * len(per))
        out.append('<ul class="legend">')
        out += [f"<li>{_e(x)}</li>" for x in deal_legend(standings)]
        out += ["</ul>", "</section>"]
    for d in standings.deals:
        out += ['<section class="deal">', f"<h2>{_e(d.title)}</h2>",
                f'<p class="sub">{_e(d.key.details())} · {_e(deal_note(d))}</p>']
        rows = deal_table(d)
        row_classes = ["" if e.counted else "extra" for e in d.entries]
        cells = []
        for e in d.entries:
            flag = "flag" if e.logs_of_player > 1 else ""
            cells.append(["", flag, "", "", "",
                          "wrong" if e.claim is not None and not e.claim_matches else "",
                          ""])
        out += _html_table(rows, ["n", "player", "n", "n", "", "claim", "notes"],
                           "", row_classes, cells)
        out.append("</section>")
    if standings.invalid:
        out += ['<section class="invalid">', "<h2>Invalid logs (not ranked)</h2>",
                '<p class="sub">The first error of each, as <code>companion validate</code> '
                "gives it (<code>--explain</code> says more).</p>"]
        out += _html_table(invalid_table(standings), ["file", "player", "err", ""], "")
        out.append("</section>")
    out += [f"<footer>Made by companion {_e(__version__)} (companion standings). Every "
            "log was replayed through the rules; scores are computed, not claimed."
            "</footer>", "</main>", "</body>", "</html>"]
    return ("\n".join(out) + "\n").encode("utf-8")


# -- CSV ---------------------------------------------------------------------------------

CSV_HEAD = ["section", "deal", "game", "seed", "params", "variants", "edition", "rank",
            "player", "player_from", "file", "outcome", "score", "par", "against_par",
            "claim", "claim_matches", "counted", "notes", "error", "rule",
            "season_total", "deals_played"]


def _text_cell(value: str) -> str:
    """A cell of text from a log, kept from reading as a formula in a spreadsheet
    (``=``, ``+``, ``-``, ``@`` first get a leading apostrophe, OWASP's advice)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def csv_rows(standings: Standings) -> list[list[str]]:
    """The CSV's rows, head first: one per ranked log (section ``deal``), invalid log
    (``invalid``) and season player (``season``)."""
    rows = [list(CSV_HEAD)]

    def deal_cells(d: Deal) -> list[str]:
        k = d.key
        return [_text_cell(k.label(d.title)), k.game, _text_cell(k.seed),
                " ".join(f"{a}={b}" for a, b in k.params), "+".join(k.variants),
                str(k.edition)]

    for d in standings.deals:
        for e in d.entries:
            rows.append(["deal", *deal_cells(d), _cell(e.rank), _text_cell(e.player),
                         "file name" if e.named_by_file else "Player tag",
                         _text_cell(e.file), e.outcome, _cell(e.score), _cell(d.par.score),
                         _cell(e.against_par), _cell(e.claim),
                         _cell(e.claim_matches) if e.claim is not None else "",
                         _cell(e.counted), _text_cell("; ".join(entry_notes(e, d))), "", "",
                         "", ""])
    for i in standings.invalid:
        rows.append(["invalid", "", i.game or "", _text_cell(i.seed or ""), "", "", "", "",
                     _text_cell(i.player), "file name" if i.named_by_file else "Player tag",
                     _text_cell(i.file), "", "", "", "", _cell(i.claim), "", "no", "",
                     _text_cell(i.error), i.rule, "", ""])
    for r in standings.season or []:
        rows.append(["season", "", "", "", "", "", "", str(r.rank), _text_cell(r.player),
                     "file name" if r.named_by_file else "Player tag", "", "", "", "", "",
                     "", "", "", "", "", "", str(r.total), str(r.played)])
    return rows


def render_csv(standings: Standings) -> bytes:
    """The standings as CSV (UTF-8, ``\\r\\n`` rows as RFC 4180 says)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(csv_rows(standings))
    return buf.getvalue().encode("utf-8")


# -- PDF ---------------------------------------------------------------------------------

def render_pdf(standings: Standings, title: str = "Standings", paper: str = "a4") -> bytes:
    """The standings as a PDF table (reportlab, embedded Vera fonts), ``paper`` a4 or
    letter; the same bytes for the same standings."""
    from xml.sax.saxutils import escape as xml_escape

    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import (
        CondPageBreak,
        KeepTogether,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    from companion.paper.fonts import BODY, BOLD, missing_glyphs, register_fonts

    register_fonts()
    size = LETTER if paper == "letter" else A4
    margin = 14 * mm
    width = size[0] - 2 * margin
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, invariant=1,
                            title=title, author="companion", subject="companion standings")
    styles = getSampleStyleSheet()
    body = styles["BodyText"].clone("body", fontName=BODY, fontSize=9, leading=11.5)
    small = body.clone("small", fontSize=7.5, leading=9.2)
    cell = body.clone("cell", fontSize=8.5, leading=10.5)
    head = cell.clone("head", fontName=BOLD)
    h1 = styles["Title"].clone("h1", fontName=BOLD, fontSize=17, leading=21, alignment=0)
    h2 = styles["Heading2"].clone("h2", fontName=BOLD, fontSize=12, leading=15,
                                  spaceBefore=8, spaceAfter=2)
    right = cell.clone("right", alignment=2)
    right_head = head.clone("right_head", alignment=2)

    def text(value: str) -> str:
        for suit, letter in SUIT_LETTERS.items():  # Vera has no suits: the notation's letters
            value = value.replace(suit, letter)
        for ch in missing_glyphs(value):
            value = value.replace(ch, "?")
        return xml_escape(value)

    def table(rows: list[list[str]], fractions: Sequence[float], numeric: set[int],
              muted: Sequence[bool] = ()) -> Table:
        """A table of ``rows`` (head first), column widths in mm (narrowed to fit)."""
        data = []
        for n, row in enumerate(rows):
            style_of = (lambda i: right_head if i in numeric else head) if n == 0 else (
                lambda i: right if i in numeric else cell)
            data.append([Paragraph(text(c), style_of(i)) for i, c in enumerate(row)])
        scale = min(mm, width / sum(fractions))  # widths in mm, narrowed to fit
        t = Table(data, repeatRows=1, colWidths=[f * scale for f in fractions], hAlign="LEFT")
        commands: list[tuple[Any, ...]] = [
            ("LINEBELOW", (0, 0), (-1, 0), 0.7, colors.black),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.Color(0.78, 0.78, 0.78)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        for n, m in enumerate(muted, start=1):
            if m:
                commands.append(("TEXTCOLOR", (0, n), (-1, n), colors.Color(0.4, 0.4, 0.4)))
        t.setStyle(TableStyle(commands))
        return t

    story: list[Any] = [Paragraph(text(title), h1), Paragraph(text(summary_line(standings)),
                                                             body), Spacer(1, 2 * mm)]
    if standings.season is not None:
        per_deal = len(standings.deals) <= SEASON_COLUMNS_MAX
        rows = season_table(standings, per_deal)
        n = len(rows[0]) - 4
        fractions = [12, 60, 14, 18, *([15] * n)]
        block = [Paragraph("Season", h2), Paragraph(text(SEASON_NOTE), small),
                 Spacer(1, 1.5 * mm), table(rows, fractions, set(range(len(rows[0]))) - {1})]
        if per_deal:
            block += [Paragraph(text(x), small) for x in deal_legend(standings)]
        story += [KeepTogether(block[:4]), *block[4:]]
    for d in standings.deals:
        rows = deal_table(d)
        muted = [not e.counted for e in d.entries]
        story += [CondPageBreak(40 * mm), Paragraph(text(d.title), h2),
                  Paragraph(text(f"{d.key.details()} · {deal_note(d)}"), small),
                  Spacer(1, 1.5 * mm),
                  table(rows, [11, 42, 13, 15, 20, 26, 55], {0, 2, 3}, muted)]
    if standings.invalid:
        story += [CondPageBreak(35 * mm), Paragraph("Invalid logs (not ranked)", h2),
                  Paragraph("The first error of each, as companion validate gives it "
                            "(--explain says more).", small), Spacer(1, 1.5 * mm),
                  table(invalid_table(standings), [40, 30, 90, 22], set())]
    from companion import __version__

    story += [Spacer(1, 4 * mm),
              Paragraph(text(f"Made by companion {__version__} (companion standings). Every "
                             "log was replayed through the rules; scores are computed, not "
                             "claimed. Characters the PDF font lacks print as ?; the HTML "
                             "page shows them."), small)]
    doc.build(story)
    return buf.getvalue()


def render(standings: Standings, fmt: str, title: str = "Standings",
           paper: str = "a4") -> bytes:
    """The standings in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "html":
        return render_html(standings, title)
    if fmt == "csv":
        return render_csv(standings)
    if fmt == "pdf":
        return render_pdf(standings, title, paper)
    raise ValueError(f"no standings format {fmt!r}")  # pragma: no cover - the CLI checks
