"""The shared paper toolkit: units and paper sizes, layouts (TOML data), a reproducible
PDF document, vector QR codes, icons, card glyphs, crop marks and the identity block.

Nothing is imported here on purpose: reportlab and qrcode cost tens of milliseconds to
import, and ``companion --help`` must stay fast. Import the submodules you need
(``from companion.paper.layout import load_layout``).
"""
