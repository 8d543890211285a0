"""Shared by every test: sheets are built as a user's machine builds them."""

import pytest


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """No SOURCE_DATE_EPOCH (PDF dates stay fixed by the project, not the caller) and no
    COMPANION_PAPER (a4 unless a test says otherwise)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    monkeypatch.delenv("COMPANION_PAPER", raising=False)
