"""Rewrite ``tests/golden/digests.json`` from the current code.

    python -m tests.golden.update              # every digest (with a rules version bump only)
    python -m tests.golden.update --new        # add vectors not yet recorded; keep the others
    python -m tests.golden.update --texts-only # (re)write the canonical texts, no digest

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

The canonical text of every generator vector is committed next to the digests
(``texts/<name>.txt``) so that a failing vector shows what changed. The texts follow the
generator digests: rewritten with them, added with ``--new``, left alone by
``--pdf-only``. ``--texts-only`` writes them without touching ``digests.json``, and
refuses a text whose digest is not the recorded one (that vector changed: see above).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tests.golden.compute import (
    TEXTS,
    editions,
    generator_cases,
    pdf_digests,
    sha,
    text_path,
    toolkit_versions,
)

DIGESTS = Path(__file__).with_name("digests.json")


def load() -> dict:
    """The recorded digests (an empty record if there is no file yet)."""
    if not DIGESTS.exists():
        return {"editions": editions(), "generator": {}, "pdf": {}, "toolkit": {}}
    return json.loads(DIGESTS.read_text("utf-8"))


def write_texts(texts: dict[str, str], only_new: bool = False) -> None:
    """Write the canonical text of each vector (only the missing ones with
    ``only_new``), and delete the text files of vectors no longer computed."""
    for name, text in texts.items():
        path = text_path(name)
        if only_new and path.exists():
            continue
        if not path.exists() or path.read_text("utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))  # "\n" line ends on every system
            print(f"text {name}: written")
    wanted = {text_path(name) for name in texts}
    for path in sorted(TEXTS.rglob("*.txt")) if TEXTS.is_dir() else []:
        if path not in wanted:
            path.unlink()
            print(f"text {path.relative_to(TEXTS)}: removed")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--new", action="store_true", help="only add missing entries")
    group.add_argument("--pdf-only", action="store_true",
                       help="rewrite the PDF digests only (after a reportlab/qrcode upgrade)")
    group.add_argument("--texts-only", action="store_true",
                       help="write the canonical texts only (digests.json is not touched)")
    args = parser.parse_args(argv)
    old = load()
    texts = {name: fn() for name, fn in generator_cases()}
    gen = {name: sha(text) for name, text in texts.items()}
    if args.texts_only:
        changed = sorted(k for k, v in gen.items() if old["generator"].get(k, v) != v)
        if changed:
            raise SystemExit(f"the generation of {changed} differs from its recorded digest: "
                             "no text written (a new edition? see --help)")
        write_texts(texts)
        return
    pdf = pdf_digests()
    if args.new:
        gen = {**gen, **old["generator"]}
        pdf = {**pdf, **old["pdf"]} if old.get("toolkit") == toolkit_versions() else pdf
        write_texts(texts, only_new=True)
    elif args.pdf_only:
        gen = old["generator"]
    else:
        write_texts(texts)
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
