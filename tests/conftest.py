"""Every test gets a home folder of its own (settings, saves, launcher memory, seat tokens):
the suite never touches the user's ~/.tabletop, and tests running side by side (make test
runs them on every core) never share one. Nor does a test inherit the text size an app
of an earlier test set (the larger-text setting is the process's)."""
from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def normal_text_size():
    yield
    theme = sys.modules.get("simulator.ui.theme")  # only where a test has drawn something
    if theme is not None:
        theme.set_text_scale(1.0)
