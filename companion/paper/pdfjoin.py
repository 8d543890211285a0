"""Putting finished PDFs together page by page, with pypdfium2 (already a dependency:
``scan`` renders with it). Pages are copied as they are, so everything stays vector
and every embedded font stays embedded.

PDFium stamps a new document with the current time and a random file ID. To keep the
project's promise of byte-reproducible PDFs, :meth:`PdfAssembler.finish` overwrites
both in place with fixed values of the same length (the creation date becomes
2000-01-01, the ID a hash of the file's content), so no byte offset moves, and then
appends a standard incremental update holding the document information (title,
author, QR payloads in Subject and Keywords, as :class:`SheetDocument` writes them).

pypdfium2 is imported inside the class: importing this module costs nothing.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence
from typing import Any

__all__ = ["PdfAssembler", "page_count", "page_sizes"]

_FIXED_DATE = b"(D:20000101000000Z)"
_DATE_RE = re.compile(rb"/(CreationDate|ModDate)\s*(\((?:[^()\\]|\\.)*\))")
_ID_RE = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>\s*\]")
_ROOT_RE = re.compile(rb"/Root\s+(\d+)\s+(\d+)\s+R")
_SIZE_RE = re.compile(rb"/Size\s+(\d+)")
_STARTXREF_RE = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")


def page_count(data: bytes) -> int:
    """The number of pages of a PDF given as bytes."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        return len(doc)
    finally:
        doc.close()


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    """(width, height) in points of every page of a PDF given as bytes."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            out.append(page.get_size())
            page.close()
        return out
    finally:
        doc.close()


def _pdf_string(text: str) -> bytes:
    """A PDF text string: a literal for ASCII, else UTF-16BE hex with a byte-order mark."""
    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"
    escaped = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + escaped + b")"


class PdfAssembler:
    """A new PDF built from the pages of other PDFs, in order.

    Keep the source bytes alive until :meth:`finish` (the assembler holds them).
    """

    def __init__(self) -> None:
        import pypdfium2 as pdfium

        self._pdfium = pdfium
        self._doc: Any = pdfium.PdfDocument.new()
        self._sources: list[Any] = []
        self._finished = False

    @property
    def page_count(self) -> int:
        """Pages so far."""
        return len(self._doc)

    def _open(self, data: bytes) -> Any:
        src = self._pdfium.PdfDocument(data)
        self._sources.append(src)
        return src

    def append(self, data: bytes) -> int:
        """Append every page of the PDF ``data``; returns how many pages were added."""
        self._check()
        src = self._open(data)
        n = len(src)
        self._doc.import_pages(src)
        return n

    def blank(self, width: float, height: float) -> None:
        """Append an empty page of ``width`` x ``height`` points."""
        self._check()
        page = self._doc.new_page(width, height)
        page.close()

    def finish(self, title: str, author: str = "companion", creator: str = "companion",
               payloads: Sequence[str] = (), duplex: str = "",
               print_range: tuple[int, int] | None = None) -> bytes:
        """The finished PDF bytes: reproducible, with the document information set.

        ``duplex`` (``Simplex``, ``DuplexFlipLongEdge``, ``DuplexFlipShortEdge``) and
        ``print_range`` (first and last page, 1-based) preset the print dialog (the
        ``Duplex`` and ``PrintPageRange`` viewer preferences).

        Raises RuntimeError if called twice, ValueError if PDFium wrote a file this
        module cannot patch (which would be a change in PDFium).
        """
        self._check()
        buffer = io.BytesIO()
        self._doc.save(buffer)
        self._finished = True
        self._doc.close()
        for src in self._sources:
            src.close()
        prefs = b"/PrintScaling /None"
        if duplex:
            if duplex not in ("Simplex", "DuplexFlipLongEdge", "DuplexFlipShortEdge"):
                raise ValueError(f"not a Duplex viewer preference: {duplex!r}")
            prefs += b" /Duplex /" + duplex.encode("ascii")
        if print_range is not None:
            prefs += b" /PrintPageRange [%d %d]" % (print_range[0] - 1, print_range[1] - 1)
        return _normalise(buffer.getvalue(), title, author, creator, list(payloads), prefs)

    def _check(self) -> None:
        if self._finished:
            raise RuntimeError("this PDF is finished: its bytes were already returned")


def _normalise(data: bytes, title: str, author: str, creator: str,
               payloads: list[str], prefs: bytes = b"/PrintScaling /None") -> bytes:
    """Fix PDFium's creation date and file ID, then append the document information and
    the catalog with the viewer preferences ``prefs``."""

    def fixed_date(m: re.Match[bytes]) -> bytes:
        new = b"/" + m.group(1) + _FIXED_DATE
        pad = len(m.group(0)) - len(new)
        if pad < 0:
            raise ValueError("unexpected date format in the PDF written by PDFium")
        return new + b" " * pad

    data = _DATE_RE.sub(fixed_date, data)
    ids = list(_ID_RE.finditer(data))
    if not ids:
        raise ValueError("no file ID in the PDF written by PDFium")
    out = bytearray(data)
    for m in ids:
        for g in (1, 2):
            out[m.start(g):m.end(g)] = b"0" * (m.end(g) - m.start(g))
    digest = hashlib.sha256(bytes(out)).hexdigest().upper().encode("ascii")
    for m in ids:
        for g in (1, 2):
            n = m.end(g) - m.start(g)
            out[m.start(g):m.end(g)] = (digest * (n // len(digest) + 1))[:n]
    data = bytes(out)
    last = ids[-1]
    id_entry = (b"/ID [<" + data[last.start(1):last.end(1)] + b"> <"
                + data[last.start(2):last.end(2)] + b">]")

    roots = _ROOT_RE.findall(data)
    sizes = _SIZE_RE.findall(data)
    start = _STARTXREF_RE.search(data)
    if not roots or not sizes or start is None:
        raise ValueError("the PDF written by PDFium has no readable trailer")
    root = b"%s %s R" % roots[-1]
    size = int(sizes[-1])
    prev = int(start.group(1))

    info = {
        b"Title": title, b"Author": author, b"Creator": creator, b"Producer": "companion",
        b"Subject": payloads[0] if payloads else "", b"Keywords": " ".join(payloads),
    }
    body = b"".join(b"/" + k + b" " + _pdf_string(v) + b"\n" for k, v in info.items())
    if not data.endswith(b"\n"):
        data += b"\n"
    # the catalog again, asking viewers to print at 100 % (docs/printing.md)
    root_num = int(roots[-1][0])
    catalog = re.search(rb"(?:^|\n)%d 0 obj\s*<<(.*?)>>\s*endobj" % root_num, data, re.S)
    if catalog is None or b"<<" in catalog.group(1):
        raise ValueError("the catalog written by PDFium is not a plain dictionary")
    cat_at = len(data)
    cat_obj = (b"%d 0 obj\n<<%s /ViewerPreferences << %s >> >>\nendobj\n"
               % (root_num, catalog.group(1).rstrip(), prefs))
    offset = cat_at + len(cat_obj)
    obj = b"%d 0 obj\n<<\n%s>>\nendobj\n" % (size, body)
    xref_at = offset + len(obj)
    xref = (b"xref\n%d 1\n%010d 00000 n\r\n%d 1\n%010d 00000 n\r\n"
            % (root_num, cat_at, size, offset))
    trailer = (b"trailer\n<< /Size %d /Root %s /Info %d 0 R /Prev %d %s >>\n"
               b"startxref\n%d\n%%%%EOF\n" % (size + 1, root, size, prev, id_entry, xref_at))
    return data + cat_obj + obj + xref + trailer
