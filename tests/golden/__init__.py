"""Golden vectors: digests of every game's seeded generation and of each sheet's PDF
bytes (``digests.json``), computed by :mod:`tests.golden.compute`, rewritten by
``python -m tests.golden.update`` (only together with a rules version bump)."""
