"""The PDF report of ``companion stats --out``: the figures as a table, the balance
targets, and three vector plots drawn with reportlab's own chart module (win rate per
player class with its 95 % interval, scores, where games end). A report is a document,
not a play sheet: it carries no QR code.

reportlab is imported here only, when a report is asked for.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.paper import design
from companion.stats import PlayerSummary, StatsReport, table_rows, target_lines

PALETTE = (colors.HexColor("#4c72b0"), colors.HexColor("#dd8452"),
           colors.HexColor("#55a868"), colors.HexColor("#c44e52"),
           colors.HexColor("#8172b3"), colors.HexColor("#937860"))
SCORE_BINS = 12
"""The most score ranges the score histogram has (fewer when their labels would not
fit side by side)."""
TEXT = design.style("label").size
"""Every chart label, legend and table cell: the scale's label size (8 pt)."""
HEAD = design.style("heading")
CHART_HEIGHTS = (48 * mm, 80 * mm)
"""The least and most height of a chart: charts share the room the page leaves."""


def _colour(i: int) -> Any:
    return PALETTE[i % len(PALETTE)]


def _chart(width: float, height: float, data: list[list[float]], names: list[str],
           series: list[str], title: str, value_label: str,
           top: float | None = None) -> tuple[Drawing, VerticalBarChart]:
    """A grouped bar chart: one group per name, one bar per series."""
    d = Drawing(width, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 14 * mm, 9 * mm
    above = 11 * mm + (6 * mm if len(series) > 1 else 0.0)
    chart.width, chart.height = width - 20 * mm, height - chart.y - above
    chart.data = data
    chart.categoryAxis.categoryNames = names
    chart.categoryAxis.labels.fontName = design.REGULAR
    chart.categoryAxis.labels.fontSize = TEXT
    chart.categoryAxis.labels.dy = -2
    chart.valueAxis.valueMin = 0
    peak = max((v for row in data for v in row), default=0.0)
    chart.valueAxis.valueMax = top if top is not None else max(1.0, peak * 1.15)
    chart.valueAxis.labels.fontName = design.REGULAR
    chart.valueAxis.labels.fontSize = TEXT
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.Color(0.85, 0.85, 0.85)
    chart.groupSpacing = 6
    chart.barSpacing = 1
    for i in range(len(data)):
        chart.bars[i].fillColor = _colour(i)
        chart.bars[i].strokeColor = None
    d.add(chart)
    room = width - chart.x - 2 * mm
    wide = design.string_width(title, HEAD.font, HEAD.size)
    title_size = HEAD.size if wide <= room else max(HEAD.minimum, HEAD.size * room / wide)
    d.add(String(chart.x, height - 6 * mm, title, fontName=HEAD.font, fontSize=title_size))
    d.add(String(2 * mm, chart.y + chart.height / 2, value_label, fontName=design.REGULAR,
                 fontSize=TEXT))
    if len(series) > 1:
        legend = Legend()
        legend.x, legend.y = chart.x, height - 10 * mm
        legend.fontName, legend.fontSize = design.REGULAR, TEXT
        legend.columnMaximum = 1
        legend.dx = legend.dy = 6
        legend.deltax = 22 * mm
        legend.alignment = "right"
        legend.colorNamePairs = [(_colour(i), s) for i, s in enumerate(series)]
        d.add(legend)
    return d, chart


def win_chart(report: StatsReport, width: float, height: float = 62 * mm) -> Drawing:
    """Win rate per player class, in %, with the 95 % interval as a whisker."""
    players = report.players
    values = [100 * p.win_rate for p in players]
    d, chart = _chart(width, height, [values], [p.player for p in players], ["win rate"],
                      "Win rate per player class (whiskers: 95 % interval)", "%",
                      top=100.0)
    chart.bars[0].fillColor = _colour(0)
    n = len(players)
    step = chart.width / n
    for i, p in enumerate(players):
        cx = chart.x + (i + 0.5) * step
        lo = chart.y + chart.height * p.win_low
        hi = chart.y + chart.height * p.win_high
        for x1, y1, x2, y2 in ((cx, lo, cx, hi), (cx - 3, lo, cx + 3, lo),
                               (cx - 3, hi, cx + 3, hi)):
            d.add(Line(x1, y1, x2, y2, strokeColor=colors.black, strokeWidth=0.8))
        d.add(String(cx, hi + 3, f"{100 * p.win_rate:.1f} %", fontName=design.REGULAR,
                     fontSize=TEXT, textAnchor="middle"))
    return d


def _bin_name(a: int, b: int) -> str:
    return str(a) if a == b else f"{a} to {b}"


def _score_bins(players: tuple[PlayerSummary, ...],
                room: float | None = None) -> list[tuple[int, int]]:
    """Up to SCORE_BINS equal ranges of whole scores covering every player's scores;
    with ``room`` (points), fewer when their labels would not fit side by side in it."""
    scores = [s for p in players for s in p.scores]
    if not scores:
        return []
    low, high = min(scores), max(scores)
    for count in range(SCORE_BINS, 0, -1):
        width = max(1, -(-(high - low + 1) // count))
        bins = [(a, min(high, a + width - 1)) for a in range(low, high + 1, width)]
        widest = max(design.string_width(_bin_name(a, b), design.REGULAR, TEXT)
                     for a, b in bins)
        if room is None or widest + 2 * mm <= room / len(bins):
            return bins
    return bins


def score_chart(report: StatsReport, width: float,
                height: float = 66 * mm) -> Drawing | None:
    """A histogram of scores: share of each player's games per score range."""
    bins = _score_bins(report.players, width - 20 * mm)
    if not bins:
        return None
    data = []
    for p in report.players:
        row = []
        for a, b in bins:
            count = sum(n for s, n in p.scores.items() if a <= s <= b)
            row.append(100 * count / p.games if p.games else 0.0)
        data.append(row)
    names = [_bin_name(a, b) for a, b in bins]
    d, _ = _chart(width, height, data, names, [p.player for p in report.players],
                  "Scores: share of games per score range", "%")
    return d


def end_chart(report: StatsReport, width: float, height: float = 66 * mm) -> Drawing:
    """Where games end: share of each player's games lost (or cut off) at each stage,
    and won."""
    stages = sorted({s for p in report.players for s in p.stages})
    data = []
    for p in report.players:
        row = [100 * p.stages.get(s, 0) / p.games if p.games else 0.0 for s in stages]
        row.append(100 * p.win_rate)
        data.append(row)
    names = [str(s) for s in stages] + ["won"]
    d, _ = _chart(width, height, data, names, [p.player for p in report.players],
                  f"Where games end: share of games ending at each {report.stage_name}, "
                  "and won", "%")
    return d


def _column_widths(rows: list[list[str]], width: float, size: float) -> list[float]:
    """Column widths for ``rows`` (header first) across ``width``: a column whose cells
    fit in an even share keeps its widest cell (its header may wrap at words); the
    others share the rest in proportion to their widest cell."""
    pad = 6.0
    cells = [max(design.string_width(r[i], design.REGULAR, size) for r in rows[1:]) + pad
             if len(rows) > 1 else pad for i in range(len(rows[0]))]
    words = [max(design.string_width(w, design.BOLD, size) for w in head.split()) + pad
             for head in rows[0]]
    natural = [max(a, b) for a, b in zip(cells, words, strict=True)]
    if sum(natural) <= width:
        # room to spare goes first to headers that would wrap, then evenly
        extra = width - sum(natural)
        want = [max(0.0, design.string_width(h, design.BOLD, size) + pad - n)
                for h, n in zip(rows[0], natural, strict=True)]
        give = min(1.0, extra / sum(want)) if sum(want) else 0.0
        natural = [n + w * give for n, w in zip(natural, want, strict=True)]
        extra = (width - sum(natural)) / len(natural)
        return [n + extra for n in natural]
    share = width / len(natural)
    fixed = {i for i, n in enumerate(natural) if n <= share}
    rest = width - sum(natural[i] for i in fixed)
    flexible = sum(n for i, n in enumerate(natural) if i not in fixed)
    return [n if i in fixed else max(words[i], rest * n / flexible)
            for i, n in enumerate(natural)]


def render_report(report: StatsReport, paper: str = "a4") -> bytes:
    """The PDF bytes of the report (the same bytes for the same figures): the figures,
    the balance targets, then the charts sharing the room left on the page (each
    between :data:`CHART_HEIGHTS`)."""
    size = LETTER if paper == "letter" else A4
    buf = BytesIO()
    margin = 16 * mm
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, invariant=1,
                            title=f"{report.title}: simulated play", author="companion",
                            subject=f"companion stats {report.game}")
    design.register()
    sample = getSampleStyleSheet()
    body_font, body_size = design.style("body").pair
    body = sample["BodyText"].clone("body", fontName=body_font, fontSize=body_size + 0.5,
                                    leading=(body_size + 0.5) * 1.3)
    cell = body.clone("cell", fontSize=TEXT, leading=TEXT * 1.25)
    head = cell.clone("head", fontName=design.BOLD)
    title_font, title_size = design.style("title").pair
    title = sample["Title"].clone("title", fontName=title_font, fontSize=title_size,
                                  leading=title_size * 1.25, alignment=0)
    width = size[0] - 2 * margin
    variants = ", ".join(report.variants) or "none"
    params = ", ".join(f"{k} {v}" for k, v in report.params.items()) or "defaults"
    story: list[Any] = [
        Paragraph(f"{report.title}: simulated play", title),
        Paragraph(f"Edition {report.edition}; parameters: {params}; variants: {variants}. "
                  f"{report.games} seeded games ({report.seeds}) for each player class. "
                  f"Made by <i>companion stats {report.game}</i>.", body),
        Spacer(1, 3 * mm),
    ]
    text_rows = table_rows(report)
    rows = [[Paragraph(c, head if n == 0 else cell) for c in row]
            for n, row in enumerate(text_rows)]
    table = Table(rows, repeatRows=1, colWidths=_column_widths(text_rows, width, TEXT),
                  hAlign="LEFT")
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]))
    story += [table, Spacer(1, 3 * mm)]
    if report.targets:
        story.append(Paragraph("<b>Balance targets</b>", body))
        story += [Paragraph(line, cell) for line in target_lines(report)]
        story.append(Spacer(1, 3 * mm))
    # the charts share what the text leaves of the first page
    used = sum(f.wrap(width, size[1])[1] + f.getSpaceBefore() + f.getSpaceAfter()
               for f in story)
    charts = 2 + (score_chart(report, width) is not None)
    room = size[1] - 2 * margin - used - 6 * mm
    height = min(CHART_HEIGHTS[1], max(CHART_HEIGHTS[0], room / charts))
    story.append(win_chart(report, width, height))
    scores = score_chart(report, width, height)
    if scores is not None:
        story.append(scores)
    story.append(end_chart(report, width, height))
    doc.build(story)
    return buf.getvalue()
