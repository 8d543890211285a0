"""Rewrite ``tests/golden/digests.json`` from the current code.

    python -m tests.golden.update          # every digest (with a rules version bump only)
    python -m tests.golden.update --new    # add vectors not yet recorded; keep the others

When to run it: the golden digests pin what every printed seed means, for every rules
edition of every game. A change to a generator or a game's numbers (a deal, a map, a
floor, a level, the reward deck) changes the game a printed seed stands for, so it must
come as a new edition of that game (``EDITIONS`` in its rules table; the edition is the
number in every QR payload and ``[Seed "companion:N/..."]`` tag), leaving the old ones
as they are; then run this script with ``--new`` and commit the new digests with the
edition. The test refuses digests recorded for other editions.
PDF digests also change with the reportlab or qrcode version; after upgrading those (no
bump needed), run it with ``--pdf-only``. ``--new`` only adds entries (a new sheet kind
or seed) and never changes a recorded one.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tests.golden.compute import editions, generator_digests, pdf_digests, toolkit_versions

DIGESTS = Path(__file__).with_name("digests.json")


def load() -> dict:
    """The recorded digests (an empty record if there is no file yet)."""
    if not DIGESTS.exists():
        return {"editions": editions(), "generator": {}, "pdf": {}, "toolkit": {}}
    return json.loads(DIGESTS.read_text("utf-8"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--new", action="store_true", help="only add missing entries")
    group.add_argument("--pdf-only", action="store_true",
                       help="rewrite the PDF digests only (after a reportlab/qrcode upgrade)")
    args = parser.parse_args(argv)
    old = load()
    gen, pdf = generator_digests(), pdf_digests()
    if args.new:
        gen = {**gen, **old["generator"]}
        pdf = {**pdf, **old["pdf"]} if old.get("toolkit") == toolkit_versions() else pdf
    elif args.pdf_only:
        gen = old["generator"]
    record = {"editions": editions(), "toolkit": toolkit_versions(),
              "generator": dict(sorted(gen.items())), "pdf": dict(sorted(pdf.items()))}
    for part in ("generator", "pdf"):
        before, after = old.get(part, {}), record[part]
        for key in sorted(set(before) | set(after)):
            if before.get(key) != after.get(key):
                what = ("added" if key not in before else "removed" if key not in after
                        else "CHANGED")
                print(f"{part} {key}: {what}")
    DIGESTS.write_text(json.dumps(record, indent=1) + "\n", "utf-8")
    print(f"wrote {DIGESTS}")


if __name__ == "__main__":
    main()
