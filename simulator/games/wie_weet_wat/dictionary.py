"""The general word list of a language: is this a word at all?

The categories' lists (lexicon.py) say which words answer which category; they cannot
say whether an unknown answer is a word of the language. That is answered by data: the
word-frequency lists that ship with the ``pyspellchecker`` package (MIT licence; built
from the OpenSubtitles corpus: about 344,000 Dutch and 161,000 English words, see
assets/CREDITS.md). They are read once per process, when a bot first has to judge a word.
"""
from __future__ import annotations

import functools
import gzip
import importlib.resources
import json
from typing import Callable


@functools.lru_cache(maxsize=4)
def general_words(language: str, fold: Callable[[str], str]) -> frozenset[str]:
    """Every word of ``language``'s general list, in the forgiving form ``fold(word)`` gives."""
    resource = importlib.resources.files("spellchecker") / "resources" / f"{language}.json.gz"
    with resource.open("rb") as handle:
        counts = json.loads(gzip.decompress(handle.read()))
    return frozenset(word if word.isascii() and word.isalpha() else fold(word) for word in counts)


def is_compound_of(key: str, known: Callable[[str], bool], *, min_part: int = 3) -> bool:
    """True if ``key`` is two known words written together, as Dutch compounds are.

    A linking ``s``, ``e`` or ``en`` may stand between them (zeepaardje, schaapskooi,
    pannenkoek). ``known`` answers whether one part is a word.
    """
    for cut in range(min_part, len(key) - min_part + 1):
        head, tail = key[:cut], key[cut:]
        if not known(tail):
            continue
        if known(head):
            return True
        for link in ("s", "en", "e"):
            if head.endswith(link) and len(head) - len(link) >= min_part and known(head[: -len(link)]):
                return True
    return False
