"""Reading the QR codes of printed sheets back: from a PDF or a photo (PNG/JPEG).

A PDF made by the companion carries its payloads in its metadata (Subject, Keywords),
which is read first; otherwise every page is rendered at 150 dpi and decoded. Photos
are decoded as they are, then, if nothing is found, once more downscaled and once
more with the contrast stretched. The type of a file is told by its first bytes, not
its name.

pypdfium2, zxing-cpp and Pillow are imported inside the functions: importing this
module costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import PayloadError, ScanError
from companion.seeds import is_payload, parse_payload

__all__ = [
    "GAME_CODES",
    "MAX_FILE_BYTES",
    "MAX_PIXELS",
    "ScanResult",
    "decode_image",
    "scan_file",
    "scan_payloads",
]

GAME_CODES: tuple[str, ...] = ("sd", "ctd", "du", "ds")
"""The game codes a payload may name (``cli.md``)."""
MAX_FILE_BYTES = 100 * 1024 * 1024
MAX_PIXELS = 60_000_000
RENDER_DPI = 150
MAX_PDF_PAGES = 1000
_DOWNSCALE_SIDE = 1600

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"


@dataclass
class ScanResult:
    """One companion payload found in a file, decoded."""

    file: str
    payload: str
    game: str
    seed: str
    params: dict[str, str] = field(default_factory=dict)
    edition: int = 1


def _sniff(head: bytes) -> str | None:
    """``"pdf"``, ``"png"``, ``"jpeg"`` or None from the first bytes of a file."""
    if head.startswith(_PNG):
        return "png"
    if head.startswith(_JPEG):
        return "jpeg"
    if b"%PDF-" in head[:1024]:
        return "pdf"
    return None


def _shorten(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _unique(items: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


def scan_file(path: Path | str) -> list[str]:
    """The companion QR payloads in a PDF or a PNG/JPEG photo, in order, without
    duplicates.

    Raises ScanError, with one sentence naming the file, if it does not exist, is not
    a file, is over 100 MB or (for an image) over 60 megapixels, is neither a PDF nor
    a PNG/JPEG image, cannot be read (corrupt), holds no QR code, or holds only QR
    codes that are not companion payloads (saying what they held).
    """
    p = Path(path)
    name = str(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise ScanError(f"{name}: no such file") from None
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not p.is_file():
        raise ScanError(f"{name} is not a file")
    if st.st_size > MAX_FILE_BYTES:
        raise ScanError(
            f"{name} is {st.st_size / 1e6:.0f} MB: files over "
            f"{MAX_FILE_BYTES // (1024 * 1024)} MB are not scanned"
        )
    try:
        with p.open("rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise ScanError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if not head:
        raise ScanError(f"{name} is empty: expected a PDF, PNG or JPEG file")
    kind = _sniff(head)
    if kind is None:
        raise ScanError(f"{name} is not a PDF, PNG or JPEG file")
    texts = _scan_pdf(p, name) if kind == "pdf" else _scan_image_file(p, name, kind)
    texts = _unique([t.strip() for t in texts if t.strip()])
    payloads = [t for t in texts if is_payload(t)]
    if payloads:
        return payloads
    if texts:
        shown = ", ".join(repr(_shorten(t)) for t in texts[:3])
        more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
        raise ScanError(
            f"the QR code{'s' if len(texts) > 1 else ''} in {name} "
            f"{'hold' if len(texts) > 1 else 'holds'} {shown}{more}, "
            f"not a companion payload (companion:1/...)"
        )
    raise ScanError(f"no companion QR code found in {name}")


def scan_payloads(
    path: Path | str, known_games: tuple[str, ...] | None = GAME_CODES
) -> list[ScanResult]:
    """The payloads of :func:`scan_file`, decoded.

    Raises ScanError as :func:`scan_file` does, and PayloadError (naming the file) for
    a payload of a rules edition this build does not know, of a game not in
    ``known_games``, malformed, or with a key or value none of the game's sheets prints.
    """
    from companion.games import game_by_code

    name = str(path)
    results: list[ScanResult] = []
    for text in scan_file(path):
        try:
            payload = parse_payload(text, known_games)
            if payload.game in GAME_CODES:  # its keys and values as the game's sheets print
                game = game_by_code(payload.game)
                game.check_edition(payload.edition)
                game.check_payload(payload.params)
        except PayloadError as exc:
            raise PayloadError(f"{name}: {exc}") from None
        results.append(
            ScanResult(
                file=name,
                payload=payload.encode(),
                game=payload.game,
                seed=payload.seed,
                params=dict(payload.params),
                edition=payload.edition,
            )
        )
    return results


# --- PDF ------------------------------------------------------------------------------


def _scan_pdf(path: Path, name: str) -> list[str]:
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise ScanError(f"{name} is not a readable PDF ({_shorten(str(exc), 60)})") from None
    try:
        found = _pdf_metadata_payloads(doc)
        if found:
            return found
        texts: list[str] = []
        n_pages = len(doc)
        if n_pages > MAX_PDF_PAGES:
            raise ScanError(
                f"{name} has {n_pages} pages: at most {MAX_PDF_PAGES} are scanned"
            )
        for i in range(n_pages):
            page = doc[i]
            try:
                w, h = page.get_size()
                scale = RENDER_DPI / 72
                pixels = w * scale * h * scale
                if pixels > MAX_PIXELS:
                    scale *= (MAX_PIXELS / pixels) ** 0.5
                image = page.render(scale=scale, grayscale=True).to_pil()
            except pdfium.PdfiumError as exc:
                raise ScanError(
                    f"page {i + 1} of {name} cannot be rendered ({_shorten(str(exc), 60)})"
                ) from None
            finally:
                page.close()
            texts.extend(decode_image(image))
        return texts
    finally:
        doc.close()


def _pdf_metadata_payloads(doc: Any) -> list[str]:
    """Payload-looking tokens of the Subject then the Keywords of a PDF."""
    try:
        meta = doc.get_metadata_dict()
    except Exception:  # a broken Info dictionary: fall back to rendering
        return []
    tokens: list[str] = []
    for key in ("Subject", "Keywords"):
        value = meta.get(key) or ""
        tokens.extend(t.strip(",;") for t in str(value).split())
    return _unique([t for t in tokens if is_payload(t)])


# --- images ---------------------------------------------------------------------------


def _scan_image_file(path: Path, name: str, kind: str) -> list[str]:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            w, h = img.size
            if w * h > MAX_PIXELS:
                raise ScanError(
                    f"{name} is {w} x {h} pixels ({w * h / 1e6:.0f} megapixels): images over "
                    f"{MAX_PIXELS // 1_000_000} megapixels are not scanned"
                )
            img.load()
            gray = _to_gray(img)
    except ScanError:
        raise
    except Image.DecompressionBombError:
        raise ScanError(
            f"{name} is too large an image: over {MAX_PIXELS // 1_000_000} megapixels "
            f"are not scanned"
        ) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ScanError(
            f"{name} is not a readable {kind.upper()} image ({_shorten(str(exc), 60)})"
        ) from None
    return decode_image(gray, retry=True)


def _to_gray(img: Any) -> Any:
    """An 8-bit grayscale copy; transparency is laid over white."""
    from PIL import Image

    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        white.alpha_composite(rgba)
        return white.convert("L")
    if img.mode == "L":
        return img.copy()
    return img.convert("L")


def decode_image(image: Any, retry: bool = False) -> list[str]:
    """The texts of the QR codes zxing-cpp finds in a PIL image, in reading order.

    With ``retry`` and nothing found, tries a downscaled copy (photos from phones are
    large and soft) and a copy with the contrast stretched.
    """
    import zxingcpp

    gray = image if image.mode == "L" else image.convert("L")

    def read(img: Any) -> list[str]:
        qr = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
        return [b.text for b in zxingcpp.read_barcodes(img, formats=qr)]

    texts = read(gray)
    if texts or not retry:
        return texts
    from PIL import ImageOps

    longest = max(gray.size)
    if longest > _DOWNSCALE_SIDE:
        factor = _DOWNSCALE_SIDE / longest
        small = gray.resize(
            (max(1, round(gray.width * factor)), max(1, round(gray.height * factor))),
            resample=3,  # bicubic
        )
        texts = read(small)
        if texts:
            return texts
    else:
        half = gray.reduce(2) if min(gray.size) >= 200 else None
        if half is not None:
            texts = read(half)
            if texts:
                return texts
    return read(ImageOps.autocontrast(gray, cutoff=1))
