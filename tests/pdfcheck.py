"""Looking at printed sheets as a player's scanner would: pages rendered, QR codes read,
text extracted (pypdfium2 and zxing-cpp)."""

from typing import Any

import zxingcpp

DPI = 150


def render_page(pdf: Any, index: int, dpi: int = DPI) -> Any:
    """Page ``index`` of a pypdfium2 document as a greyscale PIL image."""
    return pdf[index].render(scale=dpi / 72, grayscale=True).to_pil()


def qr_texts(img: Any) -> list[str]:
    """The texts of every QR code zxing-cpp finds in ``img``."""
    return [r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)]


def page_text(pdf: Any, index: int) -> str:
    """The text of page ``index``."""
    return pdf[index].get_textpage().get_text_range()
