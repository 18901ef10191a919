"""The buzzer's clock (RULES.md, "The buzzer"): how long an answer box stays open after a buzz
and after each answer, and how long typing a word may take without counting against it.
Shared by the screen (realtime.py), its words and drawing, and the server (timing.py). Pure.
"""
from __future__ import annotations

TYPE_SECONDS = 8.0       # the answer box stays open this long after a buzz (the clock runs on)
MORE_SECONDS = 5.0       # and this long after each answer, for another card of the letter
TYPE_BASE_MS = 1000      # what typing a word is allowed to take: a second to start ...
TYPE_LETTER_MS = 250     # ... and a quarter of a second a letter (a slow typist's 4 letters a second)


def typing_ms(word: str) -> int:
    """The time typing ``word`` may take without counting against the answer."""
    return TYPE_BASE_MS + TYPE_LETTER_MS * len(word.strip())
