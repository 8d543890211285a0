"""Shared by every test: sheets are built as a user's machine builds them."""

import pytest


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch, tmp_path_factory):
    """No SOURCE_DATE_EPOCH (PDF dates stay fixed by the project, not the caller), no
    COMPANION_PAPER (a4 unless a test says otherwise), and a config folder of its own
    (no printer settings saved on this machine reach a test)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    monkeypatch.delenv("COMPANION_PAPER", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
