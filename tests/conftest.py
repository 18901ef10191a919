"""Every test gets a home folder of its own (settings, saves, launcher memory, seat tokens):
the suite never touches the user's ~/.tabletop, and tests running side by side (make test
runs them on every core) never share one."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))
