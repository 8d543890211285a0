"""How ``companion standings`` shows its tables: plain text (stdout), a static HTML
page, a PDF table, CSV. All four are built from the same rows (:func:`deal_table`,
:func:`invalid_table`, :func:`season_table`), so they never disagree.

The HTML page is one file with no scripts: its CSS lays the tables out on a phone (each
row a card, each cell a line named by its column's ``data-label``: nothing scrolls
sideways), on a wider screen (tables) and on paper (print CSS: black on white, no
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
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from companion.club import (
    SEASON_NOTE,
    Deal,
    Entry,
    Season,
    Standings,
    clip,
    deal_note,
    entry_notes,
    player_shown,
    shown_text,
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
"""Beyond this many deals in a season, its tables show the average and total only
(the CSV has every player's result on every deal they played)."""

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


NAME_SHOWN = 48
"""A player's name is shown up to this many characters (an ellipsis where it is cut;
the JSON and CSV hold it whole)."""
FILE_SHOWN = 64
"""A file's path is shown up to this many characters, its end kept."""
TITLE_SHOWN = 120
"""``--title`` is shown up to this many characters."""
EXTRA_LOGS_SHOWN = 3
"""Rows shown of a player's logs that do not count, per deal; the rest are counted in
one row (the CSV has a row for every log)."""


def name_cell(name: str, named_by_file: bool) -> str:
    """A player as the tables show one: clipped, a file name in parentheses."""
    return player_shown(clip(name, NAME_SHOWN, keep_end=named_by_file), named_by_file)


def title_shown(title: str) -> str:
    """``--title`` as the page shows it: one line, clipped to :data:`TITLE_SHOWN`,
    control and bidi characters as U+FFFD."""
    return clip(shown_text(" ".join(title.split())), TITLE_SHOWN)


@dataclass(frozen=True)
class MoreLogs:
    """The row that stands for a player's logs beyond :data:`EXTRA_LOGS_SHOWN`."""

    player: str
    named_by_file: bool
    count: int
    scores: tuple[int | None, ...]

    def note(self) -> str:
        """The row's text: how many more logs and their scores."""
        scored = [x for x in self.scores if x is not None]
        span = (f"scores {min(scored)} to {max(scored)}" if len(set(scored)) > 1 else
                f"score {scored[0]}" if scored else "no score")
        return f"{self.count:,} more logs of this player, not ranked ({span})"


def shown_rows(deal: Deal) -> list[Entry | MoreLogs]:
    """The deal's rows as the tables show them: every counted log, and of each
    player's other logs the best :data:`EXTRA_LOGS_SHOWN`, the rest in one
    :class:`MoreLogs` row per player (at the end)."""
    out: list[Entry | MoreLogs] = []
    extra: dict[str, list[Entry]] = {}
    for e in deal.entries:
        if e.counted:
            out.append(e)
            continue
        seen = extra.setdefault(e.key, [])
        seen.append(e)
        if len(seen) <= EXTRA_LOGS_SHOWN:
            out.append(e)
    for logs in extra.values():
        rest = logs[EXTRA_LOGS_SHOWN:]
        if rest:
            out.append(MoreLogs(rest[0].player, rest[0].named_by_file, len(rest),
                                tuple(e.score for e in rest)))
    return out


def deal_heading(deal: Deal) -> str:
    """The deal as its section's heading names it: the game and the deal (seed,
    parameters, variants; a free deal's tags), ``Scoundrel, seed S1``."""
    return f"{deal.title}, {deal.key.details(edition=False)}"


def deal_sub(deal: Deal) -> str:
    """The line under a deal's heading: the edition and par."""
    return f"edition {deal.key.edition} · {deal_note(deal)}"


def deal_table(deal: Deal) -> list[list[str]]:
    """The deal's rows (:func:`shown_rows`), head first: rank, player, score, score
    minus par, outcome, claim, notes. A second log of a player has no rank (``–``)."""
    rows = [list(DEAL_HEAD)]
    for e in shown_rows(deal):
        if isinstance(e, MoreLogs):
            rows.append(["–", name_cell(e.player, e.named_by_file), "", "", "", "",
                         e.note()])
            continue
        rows.append([_num(e.rank), name_cell(e.player, e.named_by_file), _num(e.score),
                     _signed(e.against_par), e.outcome, claim_cell(e),
                     "; ".join(entry_notes(e, deal))])
    return rows


def invalid_table(standings: Standings) -> list[list[str]]:
    """The invalid logs, head first: file, player (``–`` without a Player tag), first
    error (line, column, message), rule."""
    rows = [list(INVALID_HEAD)]
    for i in standings.invalid:
        rows.append([clip(i.file, FILE_SHOWN, keep_end=True),
                     "–" if i.named_by_file else clip(i.player, NAME_SHOWN),
                     clip(i.error_in_file, 400), i.rule])
    return rows


def deal_names(season: Season) -> list[str]:
    """``D1``, ``D2``... for the season table's columns."""
    return [f"D{n}" for n in range(1, len(season.deals) + 1)]


def per_deal(season: Season) -> bool:
    """Whether the season's tables show one column per deal (up to
    :data:`SEASON_COLUMNS_MAX` deals; beyond, the average and total only)."""
    return len(season.deals) <= SEASON_COLUMNS_MAX


def _average(value: Fraction) -> str:
    """``+1.5``, ``-3.0``, ``0.0`` (one decimal, the ASCII hyphen as :func:`_signed`)."""
    tenths = round(value * 10)
    if tenths == 0:
        return "0.0"
    sign = "+" if tenths > 0 else "-"
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def season_table(season: Season) -> list[list[str]]:
    """A game's season, head first: rank (``–`` below the minimum of deals), player,
    deals played of the season's, average result per deal played, total, then one
    column per deal (``D1``...; ``·`` not played) where :func:`per_deal`."""
    names = deal_names(season) if per_deal(season) else []
    rows = [["Rank", "Player", "Deals", "Average", "Total", *names]]
    for r in season.rows:
        got = dict(r.results) if names else {}
        cells = [_signed(got[n]) if n in got else "·" for n in range(len(names))]
        rows.append([_num(r.rank), name_cell(r.player, r.named_by_file),
                     f"{r.played} of {len(season.deals)}", _average(r.average),
                     _signed(r.total), *cells])
    return rows


def season_heading(season: Season) -> str:
    """``Season: Scoundrel``."""
    return f"Season: {season.title}"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def season_facts(season: Season) -> str:
    """How many deals the season measures and how many a player needs to be ranked."""
    n = len(season.deals)
    if not n:
        return (f"Nothing to rank: no par and nobody scored on its "
                f"{_plural(season.unmeasured, 'deal')}.")
    text = (f"{n} deal{'s' if n != 1 else ''} measured; ranked: players with at least "
            f"{season.minimum} of them, by their average result per deal played.")
    if season.unmeasured:
        text += (f" {season.unmeasured} deal{'s' if season.unmeasured != 1 else ''} "
                 "left out: no par and nobody scored.")
    if not per_deal(season):
        text += f" Over {SEASON_COLUMNS_MAX} deals: the per-deal results are in the CSV."
    return text


def summary_counts(standings: Standings) -> str:
    """``12 logs, 11 valid in 2 deals, 1 invalid``."""
    valid = standings.logs - len(standings.invalid)
    deals = len(standings.deals)
    return (f"{standings.logs} log{'s' if standings.logs != 1 else ''}, {valid} valid "
            f"in {deals} deal{'s' if deals != 1 else ''}, {len(standings.invalid)} invalid")


def summary_line(standings: Standings) -> str:
    """``12 logs: 11 valid in 2 deals, 1 invalid.``"""
    valid = standings.logs - len(standings.invalid)
    deals = len(standings.deals)
    return (f"{standings.logs} log{'s' if standings.logs != 1 else ''}: {valid} valid "
            f"in {deals} deal{'s' if deals != 1 else ''}, {len(standings.invalid)} invalid. "
            "Ranked by the computed score, never the claim; equal scores share a rank.")


def deal_legend(season: Season) -> list[str]:
    """``D1: Clear the Dungeon, seed ..., against par 6`` for each deal of the season
    (none beyond :data:`SEASON_COLUMNS_MAX` deals: there are no such columns)."""
    if not per_deal(season):
        return []
    out = []
    for name, d in zip(deal_names(season), season.deals, strict=True):
        ref, against = d.reference
        measure = (f"against par {ref}" if against == "par" else
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
            who = "" if i.named_by_file else f"  (player {clip(i.player, NAME_SHOWN)})"
            lines.append(f"  {i.error} [{i.rule}]{who}")
    if standings.season is not None:
        lines += ["", "Season", SEASON_NOTE]
        if not standings.season:
            lines.append("  No valid log: nobody to rank.")
        for season in standings.season:
            lines += ["", season_heading(season), season_facts(season)]
            table = season_table(season)
            if season.rows:
                lines += _text_table(table, set(range(len(table[0]))) - {1})
            lines += ["  " + x for x in deal_legend(season)]
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
h3 { font-size: 1.02rem; margin: 1.1rem 0 0.2rem; }
h2, h3 { overflow-wrap: anywhere; }
/* a phone: each row is a card, each cell a line with its column's name (data-label),
   so nothing scrolls sideways and the claim and notes are on screen */
@media screen and (max-width: 40rem) {
  main { padding: 0.6rem 0.6rem 1.5rem; }
  .scroll { overflow: visible; border: 0; border-radius: 0; background: none; }
  table, tbody, tr, td { display: block; width: auto; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; }
  tbody tr, tbody tr:nth-child(even) { background: var(--paper);
    border: 1px solid var(--rule); border-radius: 6px; margin: 0 0 0.55rem;
    padding: 0.35rem 0.7rem; }
  td, td.n, td.player, td.file, td.err, td.notes, td.claim { display: flex;
    justify-content: space-between; align-items: baseline; gap: 0.8rem; min-width: 0;
    padding: 0.12rem 0; border: 0; text-align: right; white-space: normal;
    overflow-wrap: anywhere; }
  td::before { content: attr(data-label); flex: none; color: var(--muted);
    font-weight: 400; font-style: normal; text-align: left; }
  td.rank, td.player { display: inline-block; font-size: 1.05rem; padding: 0.2rem 0; }
  td.rank::before, td.player::before { content: none; }
  td.rank { min-width: 1.9rem; margin-right: 0.5rem; padding: 0 0.4rem;
    border-radius: 0.8rem; background: var(--head); text-align: center; }
  td.notes, td.err { display: block; text-align: left; }
  td.notes::before, td.err::before { display: block; }
  td.d { display: inline-flex; gap: 0.35rem; margin-right: 0.9rem; }
  td:empty, td.notes:empty, td.err:empty { display: none; }
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
        attr = f' class="{cls}"' if cls.startswith("n") else ""
        out.append(f'<th scope="col"{attr}>{_e(head)}</th>')
    out += ["</tr></thead>", "<tbody>"]
    for n, row in enumerate(rows[1:]):
        rc = row_classes[n] if row_classes else ""
        out.append(f'<tr class="{rc}">' if rc else "<tr>")
        for i, (cell, cls) in enumerate(zip(row, classes, strict=True)):
            extra = cell_classes[n][i] if cell_classes else ""
            names = " ".join(c for c in (cls, extra) if c)
            attr = f' class="{names}"' if names else ""
            # the column's name, which a phone shows beside the value (CSS ::before)
            out.append(f'<td{attr} data-label="{_e(rows[0][i])}">{_e(cell)}</td>')
        out.append("</tr>")
    out += ["</tbody>", "</table>", "</div>"]
    return out


def render_html(standings: Standings, title: str = "Standings") -> bytes:
    """One static HTML page (UTF-8): no scripts, readable on a phone, printable."""
    from companion import __version__

    title = title_shown(title)

    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8" />',
           '<meta name="viewport" content="width=device-width, initial-scale=1" />',
           '<meta name="generator" content="companion standings" />',
           f"<title>{_e(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
           "<main>", f"<h1>{_e(title)}</h1>", f'<p class="meta">{_e(summary_line(standings))}</p>']
    if standings.season is not None:
        out += ['<section class="season">', "<h2>Season</h2>",
                f'<p class="sub">{_e(SEASON_NOTE)}</p>']
        if not standings.season:
            out.append("<p>No valid log: nobody to rank.</p>")
        for season in standings.season:
            rows = season_table(season)
            out += [f"<h3>{_e(season_heading(season))}</h3>",
                    f'<p class="sub">{_e(season_facts(season))}</p>']
            if season.rows:
                out += _html_table(rows, ["n rank", "player", "n", "n", "n",
                                          *(["n d"] * (len(rows[0]) - 5))], "")
            legend = deal_legend(season)
            if legend:
                out.append('<ul class="legend">')
                out += [f"<li>{_e(x)}</li>" for x in legend]
                out.append("</ul>")
        out.append("</section>")
    for d in standings.deals:
        out += ['<section class="deal">', f"<h2>{_e(deal_heading(d))}</h2>",
                f'<p class="sub">{_e(deal_sub(d))}</p>']
        rows = deal_table(d)
        shown = shown_rows(d)
        row_classes = ["extra" if isinstance(e, MoreLogs) or not e.counted else ""
                       for e in shown]
        cells = []
        for e in shown:
            if isinstance(e, MoreLogs):
                cells.append(["", "flag", "", "", "", "", ""])
                continue
            flag = "flag" if e.logs_of_player > 1 else ""
            cells.append(["", flag, "", "", "",
                          "wrong" if e.claim is not None and not e.claim_matches else "",
                          ""])
        out += _html_table(rows, ["n rank", "player", "n", "n", "", "claim", "notes"],
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
            "season_total", "deals_played", "season_average", "season_minimum",
            "season_reference", "season_result"]


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
    (``invalid``), season player (``season``: a row per game's season they are in) and
    deal a season player played (``season_deal``: the reference and their result)."""
    rows = [list(CSV_HEAD)]
    blank = [""] * (len(CSV_HEAD) - CSV_HEAD.index("season_total"))

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
                         *blank])
    for i in standings.invalid:
        rows.append(["invalid", "", i.game or "", _text_cell(i.seed or ""), "", "", "", "",
                     _text_cell(i.player), "file name" if i.named_by_file else "Player tag",
                     _text_cell(i.file), "", "", "", "", _cell(i.claim), "", "no", "",
                     _text_cell(i.error), i.rule, *blank])
    for season in standings.season or []:
        for r in season.rows:
            who = [_text_cell(r.player), "file name" if r.named_by_file else "Player tag"]
            rows.append(["season", "", season.game, "", "", "", "", _cell(r.rank), *who,
                         *[""] * 11, str(r.total), str(r.played),
                         f"{float(r.average):.3f}", str(season.minimum), "", ""])
            for n, x in r.results:  # one row per deal played: the grid is a pivot away
                d = season.deals[n]
                rows.append(["season_deal", *deal_cells(d), "", *who, *[""] * 11,
                             "", "", "", "", _cell(d.reference[0]), str(x)])
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
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    from companion.paper import design
    from companion.paper.fonts import BODY, BOLD, missing_glyphs, register_fonts

    title = title_shown(title)
    register_fonts()
    size = LETTER if paper == "letter" else A4
    margin = 14 * mm
    width = size[0] - 2 * margin
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, invariant=1,
                            title=title, author="companion", subject="companion standings")
    styles = getSampleStyleSheet()
    # the type scale's roles (companion.paper.design): nothing under 8 pt
    body_size = design.style("body").size
    note_size = design.style("label").size
    title_font, title_size = design.style("title").pair
    head_font, head_size = design.style("heading").pair
    body = styles["BodyText"].clone("body", fontName=BODY, fontSize=body_size + 0.5,
                                    leading=(body_size + 0.5) * 1.3)
    small = body.clone("small", fontSize=note_size, leading=note_size * 1.25)
    cell = body.clone("cell", fontSize=body_size, leading=body_size * 1.25)
    head = cell.clone("head", fontName=BOLD)
    h1 = styles["Title"].clone("h1", fontName=title_font, fontSize=title_size,
                               leading=title_size * 1.25, alignment=0)
    h2 = styles["Heading2"].clone("h2", fontName=head_font, fontSize=head_size,
                                  leading=head_size * 1.3, spaceBefore=8, spaceAfter=2)
    h3 = h2.clone("h3", fontSize=body_size + 1.5, leading=(body_size + 1.5) * 1.25,
                  spaceBefore=6)
    right = cell.clone("right", alignment=2)
    right_head = head.clone("right_head", alignment=2)

    def text(value: str) -> str:
        for suit, letter in SUIT_LETTERS.items():  # Vera has no suits: the notation's letters
            value = value.replace(suit, letter)
        for ch in missing_glyphs(value):
            value = value.replace(ch, "?")
        return xml_escape(value)

    def widths(rows: list[list[str]], fractions: Sequence[float],
               flex: int | None) -> list[float]:
        """Column widths: each column its width ``fractions`` (mm) or, if wider, its
        widest cell's (plus padding), the ``flex`` column taking the rest of the line;
        too wide, the player column (the second) wraps first, down to its fraction;
        where even that does not fit, the widths ``fractions`` narrowed to fit."""
        pad = 6.5
        natural = [max(f * mm, *(design.string_width(text(r[i]), BOLD if n == 0 else BODY,
                                                     body_size) + pad
                                 for n, r in enumerate(rows)))
                   for i, f in enumerate(fractions[:len(rows[0])])]
        if sum(natural) > width and len(natural) > 1:
            # the player's name wraps rather than anything else
            natural[1] = max(fractions[1] * mm, natural[1] - (sum(natural) - width))
        if sum(natural) <= width:
            if flex is not None:
                natural[flex] += width - sum(natural)
            return natural
        scale = min(mm, width / sum(fractions))  # widths in mm, narrowed to fit
        return [f * scale for f in fractions]

    def table(rows: list[list[str]], fractions: Sequence[float], numeric: set[int],
              muted: Sequence[bool] = (), flex: int | None = None) -> Table:
        """A table of ``rows`` (head first) across the page (:func:`widths`)."""
        data = []
        for n, row in enumerate(rows):
            style_of = (lambda i: right_head if i in numeric else head) if n == 0 else (
                lambda i: right if i in numeric else cell)
            data.append([Paragraph(text(c), style_of(i)) for i, c in enumerate(row)])
        t = Table(data, repeatRows=1, colWidths=widths(rows, fractions, flex),
                  hAlign="LEFT")
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
        story += [Paragraph("Season", h2), Paragraph(text(SEASON_NOTE), small)]
        if not standings.season:
            story.append(Paragraph("No valid log: nobody to rank.", body))
        for season in standings.season:
            rows = season_table(season)
            fractions = [12, 52, 16, 17, 14, *([13] * (len(rows[0]) - 5))]
            block = [Paragraph(text(season_heading(season)), h3),
                     Paragraph(text(season_facts(season)), small), Spacer(1, 1.5 * mm),
                     *([table(rows, fractions, set(range(len(rows[0]))) - {1})]
                       if season.rows else [])]
            story += [CondPageBreak(40 * mm), *block,
                      *[Paragraph(text(x), small) for x in deal_legend(season)]]
    for d in standings.deals:
        rows = deal_table(d)
        muted = [isinstance(e, MoreLogs) or not e.counted for e in shown_rows(d)]
        story += [CondPageBreak(40 * mm), Paragraph(text(deal_heading(d)), h2),
                  Paragraph(text(deal_sub(d)), small),
                  Spacer(1, 1.5 * mm),
                  table(rows, [11, 42, 13, 15, 20, 26, 30], {0, 2, 3}, muted, flex=6)]
    if standings.invalid:
        story += [CondPageBreak(35 * mm), Paragraph("Invalid logs (not ranked)", h2),
                  Paragraph("The first error of each, as companion validate gives it "
                            "(--explain says more).", small), Spacer(1, 1.5 * mm),
                  table(invalid_table(standings), [40, 30, 90, 22], set(), flex=2)]
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
