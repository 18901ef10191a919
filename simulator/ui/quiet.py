"""Silence what C libraries print to stderr while SDL probes for a screen or a sound card.

ALSA, libwayland and friends write their own lines ("ALSA lib pcm.c: Unknown PCM
default", "XDG_RUNTIME_DIR is invalid") when a probe fails. We report the failure in
one line of our own, so theirs are dropped, only for the duration of the probe.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Point file descriptor 2 at /dev/null for the ``with`` block (no-op where it cannot)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)
