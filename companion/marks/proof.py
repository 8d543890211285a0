"""The proof of a reading (``companion read --proof FILE``) and the crops shown when a
row is asked about.

A proof is every page straightened, each bubble the reader saw ringed by what it read
(filled green, doubtful orange, taken back red) and, in a column beside the page, the
log lines each row became (or the choices left open), so a person checks the reading at
a glance. PNG (the pages one under the other) or PDF (a page each), by the file's
suffix.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.marks.decode import Question
    from companion.marks.read import SheetRead

__all__ = ["COLOURS", "proof_bytes", "row_crop", "terminal_picture"]

COLOURS = {"filled": (0, 150, 60), "doubtful": (235, 130, 0), "cancelled": (210, 30, 30)}
"""The ring drawn round a bubble, by what the reader made of it."""
_SIDE_MM = 95.0  # the column of log lines beside a page


_SUIT_LETTERS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})
"""The type family has no suit glyphs: the proof writes S, H, D, C (said in its key)."""


def _font(size: int) -> Any:
    from PIL import ImageFont

    from companion.paper.fonts import _FILES, BODY, _font_dir

    return ImageFont.truetype(str(_font_dir() / _FILES[BODY]), size)


def _row_lines(sheet: SheetRead) -> dict[int, tuple[list[str], bool]]:
    """Each row's log lines (the reading's), and whether the row is an open question."""
    out: dict[int, tuple[list[str], bool]] = {}
    best = sheet.decoding.best
    if best is not None:
        for i, actions in enumerate(best.rows):
            lines = [sheet.game.format_action(a) for a in actions]
            if best.illegal is not None and i == len(best.rows) - 1:
                lines[-1] += "   <- against the rules"
            out[i + 1] = (lines, False)
    for q in sheet.decoding.questions:
        if q.choices:
            lines = [f"? {n}) " + "; ".join(c.lines) for n, c in enumerate(q.choices, 1)]
        else:
            lines = ["? doubtful: no legal reading"]
        out[q.row.number] = (lines, True)
    return out


def _page_picture(sheet: SheetRead, index: int, rows: dict[int, tuple[list[str], bool]]
                  ) -> Any:
    from PIL import Image, ImageDraw

    from companion.marks.read import PROOF_PX_PER_MM as K

    page = sheet.pages[index]
    pt = sheet.template.page(index + 1)
    base = page.picture().convert("RGB")
    w, h = base.size
    side = int(_SIDE_MM * K)
    canvas = Image.new("RGB", (w + side, h), (255, 255, 255))
    canvas.paste(base, (0, 0))
    draw = ImageDraw.Draw(canvas)
    for b in sheet.template.bubbles:
        if b.page != pt.number:
            continue
        mark = page.marks.get(b.id)
        if mark is None or mark.state not in COLOURS:
            continue
        r = (b.r_mm + 0.9) * K
        x, y = b.x_mm * K, b.y_mm * K
        draw.ellipse((x - r, y - r, x + r, y + r), outline=COLOURS[mark.state], width=3)
    font = _font(int(2.6 * K))
    key = ("Ringed: green filled, orange doubtful, red taken back. "
           "Suits: S spades, H hearts, D diamonds, C clubs.")
    _wrapped(draw, key, (w + 8, 8 * K), side - 16, font, (90, 90, 90), int(14 * K))
    for row in sheet.template.rows:
        if row.page != pt.number:
            continue
        lines, open_ = rows.get(row.number, ([], False))
        x0, y0, _, hh = row.box
        top = y0 * K
        colour = COLOURS["doubtful"] if open_ else (20, 20, 20)
        draw.line((w + 4, top, w + side - 8, top), fill=(200, 200, 200), width=1)
        height = int(max(hh * K, 3.5 * K))
        room = max(1, (height - 4) // (font.size + 2))
        shown = [ln.translate(_SUIT_LETTERS) for ln in lines] or ["-"]
        if len(shown) <= room:  # a log line a text line, as the log has them
            for k, line in enumerate(shown):
                draw.text((w + 8, top + 4 + k * (font.size + 2)),
                          (f"{row.number}: " if k == 0 else "    ") + line,
                          fill=colour, font=font)
        else:
            _wrapped(draw, f"{row.number}: " + "; ".join(shown), (w + 8, top + 4),
                     side - 16, font, colour, height)
    return canvas


def _wrapped(draw: Any, text: str, at: tuple[float, float], width: int, font: Any,
             colour: tuple[int, int, int], height: int) -> None:
    x, y = at
    words, line = text.split(" "), ""
    step = font.size + 2
    for word in words:
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=font) > width and line:
            draw.text((x, y), line, fill=colour, font=font)
            y += step
            line = word
            if y > at[1] + height - step:
                line += " ..."
                break
        else:
            line = trial
    draw.text((x, y), line, fill=colour, font=font)


def proof_bytes(sheet: SheetRead, suffix: str) -> bytes:
    """The proof as PNG (``.png``) or PDF (``.pdf``) bytes."""
    rows = _row_lines(sheet)
    pictures = [_page_picture(sheet, i, rows) for i in range(len(sheet.pages))]
    buffer = io.BytesIO()
    if suffix == ".pdf":
        import time

        from companion.marks.read import PROOF_PX_PER_MM as K

        fixed = time.gmtime(946684800)  # 2000-01-01: the same proof, the same bytes
        pictures[0].save(buffer, "PDF", save_all=True, append_images=pictures[1:],
                         resolution=K * 25.4, creationDate=fixed, modDate=fixed)
    else:
        from PIL import Image

        width = max(p.size[0] for p in pictures)
        total = sum(p.size[1] for p in pictures)
        strip = Image.new("RGB", (width, total), (255, 255, 255))
        y = 0
        for p in pictures:
            strip.paste(p, (0, y))
            y += p.size[1]
        strip.save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


def row_crop(sheet: SheetRead, question: Question, margin_mm: float = 2.0,
             width_mm: float = 70.0) -> Any:
    """The part of the straightened photo that holds the question's row (a PIL image),
    its bubbles ringed as read: at most ``width_mm`` wide, centred on the bubbles the
    choices tell apart (a whole row is too thin to see in a terminal)."""
    from companion.marks.read import PROOF_PX_PER_MM as K

    index = question.row.page - 1
    picture = _page_picture(sheet, index, {})
    x, y, w, h = question.row.box
    focus: set[str] = set()
    for c in question.choices:
        focus ^= set(c.filled)
    marks = sheet.pages[index].marks
    focus |= {b for b in question.row.bubbles
              if b in marks and marks[b].state in ("doubtful", "cancelled")}
    left, right = x, x + w
    if focus and w > width_mm:
        xs = [sheet.template.bubble(b).x_mm for b in focus]
        mid = (min(xs) + max(xs)) / 2
        half = max(width_mm, max(xs) - min(xs) + 12) / 2
        left, right = max(x, mid - half), min(x + w, mid + half)
    box = (max(0, int((left - margin_mm) * K)), max(0, int((y - margin_mm) * K)),
           int((right + margin_mm) * K), int((y + h + margin_mm) * K))
    return picture.crop(box)


def terminal_picture(image: Any, columns: int) -> list[str]:
    """``image`` as lines of a terminal: two pixel rows a character (the upper half
    block), in 24-bit colour, at most ``columns`` wide."""
    from PIL import Image

    w, h = image.size
    cols = max(8, min(columns, w))
    rows = max(2, round(h * cols / w / 2) * 2)
    small = image.convert("RGB").resize((cols, rows), Image.Resampling.BOX)
    px = small.load()
    out = []
    for j in range(0, rows, 2):
        parts = []
        for i in range(cols):
            top = px[i, j]
            bottom = px[i, j + 1]
            parts.append(f"\x1b[38;2;{top[0]};{top[1]};{top[2]}m"
                         f"\x1b[48;2;{bottom[0]};{bottom[1]};{bottom[2]}m\u2580")
        out.append("".join(parts) + "\x1b[0m")
    return out
