"""Golden vectors: digests of every game's seeded generation and of each sheet's PDF
bytes (``digests.json``), with the canonical text of every generation vector next to
them (``texts/<name>.txt``: a failure shows a diff), computed by
:mod:`tests.golden.compute`, rewritten by ``python -m tests.golden.update`` (only
together with a rules version bump)."""
