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


def _colour(i: int) -> Any:
    return PALETTE[i % len(PALETTE)]


def _chart(width: float, height: float, data: list[list[float]], names: list[str],
           series: list[str], title: str, value_label: str,
           top: float | None = None) -> tuple[Drawing, VerticalBarChart]:
    """A grouped bar chart: one group per name, one bar per series."""
    d = Drawing(width, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 14 * mm, 16 * mm
    chart.width, chart.height = width - 20 * mm, height - 36 * mm
    chart.data = data
    chart.categoryAxis.categoryNames = names
    chart.categoryAxis.labels.fontName = design.REGULAR
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labels.dy = -2
    chart.valueAxis.valueMin = 0
    peak = max((v for row in data for v in row), default=0.0)
    chart.valueAxis.valueMax = top if top is not None else max(1.0, peak * 1.15)
    chart.valueAxis.labels.fontName = design.REGULAR
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.Color(0.85, 0.85, 0.85)
    chart.groupSpacing = 6
    chart.barSpacing = 1
    for i in range(len(data)):
        chart.bars[i].fillColor = _colour(i)
        chart.bars[i].strokeColor = None
    d.add(chart)
    d.add(String(chart.x, height - 6 * mm, title, fontName=design.BOLD, fontSize=10))
    d.add(String(2 * mm, chart.y + chart.height / 2, value_label, fontName=design.REGULAR,
                 fontSize=7))
    if len(series) > 1:
        legend = Legend()
        legend.x, legend.y = chart.x, height - 10 * mm
        legend.fontName, legend.fontSize = design.REGULAR, 7
        legend.columnMaximum = 1
        legend.dx = legend.dy = 6
        legend.deltax = 22 * mm
        legend.alignment = "right"
        legend.colorNamePairs = [(_colour(i), s) for i, s in enumerate(series)]
        d.add(legend)
    return d, chart


def win_chart(report: StatsReport, width: float) -> Drawing:
    """Win rate per player class, in %, with the 95 % interval as a whisker."""
    players = report.players
    values = [100 * p.win_rate for p in players]
    d, chart = _chart(width, 62 * mm, [values], [p.player for p in players], ["win rate"],
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
                     fontSize=7, textAnchor="middle"))
    return d


def _score_bins(players: tuple[PlayerSummary, ...]) -> list[tuple[int, int]]:
    """Up to SCORE_BINS equal ranges of whole scores covering every player's scores."""
    scores = [s for p in players for s in p.scores]
    if not scores:
        return []
    low, high = min(scores), max(scores)
    width = max(1, -(-(high - low + 1) // SCORE_BINS))
    return [(a, min(high, a + width - 1)) for a in range(low, high + 1, width)]


def score_chart(report: StatsReport, width: float) -> Drawing | None:
    """A histogram of scores: share of each player's games per score range."""
    bins = _score_bins(report.players)
    if not bins:
        return None
    data = []
    for p in report.players:
        row = []
        for a, b in bins:
            count = sum(n for s, n in p.scores.items() if a <= s <= b)
            row.append(100 * count / p.games if p.games else 0.0)
        data.append(row)
    names = [str(a) if a == b else f"{a}-{b}" for a, b in bins]
    d, _ = _chart(width, 66 * mm, data, names, [p.player for p in report.players],
                  "Scores: share of games per score range", "%")
    return d


def end_chart(report: StatsReport, width: float) -> Drawing:
    """Where games end: share of each player's games lost (or cut off) at each stage,
    and won."""
    stages = sorted({s for p in report.players for s in p.stages})
    data = []
    for p in report.players:
        row = [100 * p.stages.get(s, 0) / p.games if p.games else 0.0 for s in stages]
        row.append(100 * p.win_rate)
        data.append(row)
    names = [str(s) for s in stages] + ["won"]
    d, _ = _chart(width, 66 * mm, data, names, [p.player for p in report.players],
                  f"Where games end: share of games ending at each {report.stage_name}, "
                  "and won", "%")
    return d


def render_report(report: StatsReport, paper: str = "a4") -> bytes:
    """The PDF bytes of the report (the same bytes for the same figures)."""
    size = LETTER if paper == "letter" else A4
    buf = BytesIO()
    margin = 16 * mm
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin, invariant=1,
                            title=f"{report.title}: simulated play", author="companion",
                            subject=f"companion stats {report.game}")
    design.register()
    sample = getSampleStyleSheet()
    body = sample["BodyText"].clone("body", fontName=design.REGULAR)
    small = body.clone("small", fontSize=7.5, leading=9)
    title = sample["Title"].clone("title", fontName=design.BOLD)
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
    rows = [[Paragraph(cell, small) for cell in row] for row in table_rows(report)]
    table = Table(rows, repeatRows=1, colWidths=[w * width for w in
                                                 (0.1, 0.07, 0.17, 0.19, 0.16, 0.23,
                                                  0.08)])
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    story += [table, Spacer(1, 3 * mm)]
    if report.targets:
        story.append(Paragraph("<b>Balance targets</b>", body))
        story += [Paragraph(line, small) for line in target_lines(report)]
        story.append(Spacer(1, 3 * mm))
    story.append(win_chart(report, width))
    scores = score_chart(report, width)
    if scores is not None:
        story.append(scores)
    story.append(end_chart(report, width))
    doc.build(story)
    return buf.getvalue()
