"""The word lists that judge answers: which words answer which category.

A lexicon file (``scenes/wie-weet-wat/lexicon.<lang>.txt``) has one line per
category, ``category-id: word, word, ...``; a category may span several lines;
``#`` starts a comment. :func:`load_lexicon` reads and checks one; a bad file
raises :class:`~simulator.engine.SceneError` naming the file, the line and the problem.

Matching forgives what players do not think of as a different word: case, accents,
spaces, hyphens and apostrophes, a leading article (de/het/een/'t; the/a/an) and
the usual plural endings (Dutch -en/-s/-'s/-eren, English -s/-es/-ies/-ves/-men and
a few irregular plurals). :func:`word_key` is that forgiving form.
"""
from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from simulator.engine import SceneError

ARTICLES = {"nl": ("de ", "het ", "een ", "t "), "en": ("the ", "a ", "an ")}
VOWELS = frozenset("aeiouy")
ENGLISH_IRREGULAR = {"mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot",
                     "children": "child", "people": "person", "women": "woman", "men": "man",
                     "oxen": "ox", "dice": "die"}
MAX_WORD_LENGTH = 40


def _fold(text: str) -> str:
    """Lower case without accents; hyphens, dots and slashes become spaces."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    out = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        if ch in "-./_":
            out.append(" ")
        elif ch.isalnum() or ch == " ":
            out.append(ch)
        # apostrophes and other marks vanish: auto's = autos, 't = t
    return " ".join("".join(out).split())


def word_key(text: str, language: str) -> str:
    """The forgiving form of an answer: folded, article dropped, no spaces ('' if nothing is left)."""
    folded = _fold(text)
    for article in ARTICLES.get(language, ()):
        if folded.startswith(article) and len(folded) > len(article):
            folded = folded[len(article):]
            break
    return folded.replace(" ", "")


def is_well_formed(text: str) -> bool:
    """True for something a player could say: starts with a letter; letters, digits, spaces, hyphens, apostrophes; not too long."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_WORD_LENGTH:
        return False
    if not all(ch.isalnum() or ch in " -'’." for ch in text.strip()):
        return False
    return bool(word_key(text, "") and word_key(text, "")[0].isalpha())


def singular_candidates(key: str, language: str) -> set[str]:
    """``key`` and the singular forms it could be the plural of (some are not words; harmless)."""
    out = {key}
    n = len(key)
    if language == "nl":
        if n > 3 and key.endswith("s"):
            out.add(key[:-1])
        if n > 5 and key.endswith("eren"):
            out.add(key[:-4])
        if n >= 4 and key.endswith("en"):
            base = key[:-2]
            stems = {base}
            if base[-1] == "v":
                stems.add(base[:-1] + "f")
            elif base[-1] == "z":
                stems.add(base[:-1] + "s")
            for stem in list(stems):
                if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in VOWELS:
                    stems.add(stem[:-1])  # katten -> kat
                elif (len(stem) >= 2 and stem[-1] not in VOWELS and stem[-2] in "aeou"
                      and (len(stem) < 3 or stem[-3] not in VOWELS)):
                    stems.add(stem[:-1] + stem[-2] + stem[-1])  # bananen -> banaan, bomen -> boom
            out |= stems
    elif language == "en":
        if key in ENGLISH_IRREGULAR:
            out.add(ENGLISH_IRREGULAR[key])
        if n > 3 and key.endswith("s"):
            out.add(key[:-1])
        if n > 4 and key.endswith("es"):
            out.add(key[:-2])
        if n > 4 and key.endswith("ies"):
            out.add(key[:-3] + "y")
        if n > 4 and key.endswith("ves"):
            out.update((key[:-3] + "f", key[:-3] + "fe"))
        if n > 4 and key.endswith("men"):
            out.add(key[:-3] + "man")
    return out


@dataclass(frozen=True)
class CategoryWords:
    """The accepted answers of one category: display words, and the keys that match them."""

    words: tuple[str, ...]
    keys: frozenset[str]
    by_letter: dict[str, tuple[str, ...]] = field(hash=False, compare=False)


@dataclass(frozen=True)
class Lexicon:
    """All categories of one language."""

    language: str
    path: Path
    categories: dict[str, CategoryWords] = field(hash=False, compare=False)
    #: every key in any category, for "is this a word at all?" (bots judging votes)
    all_keys: frozenset[str] = frozenset()

    def key(self, word: str) -> str:
        return word_key(word, self.language)

    def initial(self, word: str) -> str:
        """The letter a word starts with, upper case ('' if none)."""
        key = self.key(word)
        return key[0].upper() if key else ""

    def match(self, category: str, word: str) -> str | None:
        """The key of the lexicon entry ``word`` answers in ``category``, or None if unknown."""
        entry = self.categories.get(category)
        if entry is None:
            return None
        key = self.key(word)
        if key in entry.keys:
            return key
        for candidate in singular_candidates(key, self.language):
            if candidate in entry.keys:
                return candidate
        return None

    def knows_anywhere(self, word: str) -> bool:
        """True if ``word`` answers some category (so it is a real word, if maybe not this one's)."""
        return any(c in self.all_keys for c in singular_candidates(self.key(word), self.language))

    def words_for(self, category: str, letter: str) -> tuple[str, ...]:
        """The lexicon's answers to ``category`` that start with ``letter`` (upper case)."""
        entry = self.categories.get(category)
        return entry.by_letter.get(letter, ()) if entry else ()


def parse_lexicon(text: str, language: str, path: Path) -> Lexicon:
    """Build a lexicon from file text; raise SceneError naming file, line and problem."""
    collected: dict[str, list[str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        category, sep, rest = line.partition(":")
        category = category.strip()
        if not sep or not category.replace("_", "").isalnum():
            raise SceneError(f"{path}: line {number}: expected 'category-id: word, word, ...'")
        words = collected.setdefault(category, [])
        for word in rest.split(","):
            word = word.strip()
            if not word:
                continue
            if not is_well_formed(word):
                raise SceneError(f"{path}: line {number}: {word!r} is not a word a player could say")
            words.append(word)
    categories = {}
    all_keys: set[str] = set()
    for category, words in collected.items():
        seen: dict[str, str] = {}
        for word in words:
            seen.setdefault(word_key(word, language), word)  # first spelling wins
        by_letter: dict[str, list[str]] = {}
        for key, word in seen.items():
            by_letter.setdefault(key[0].upper(), []).append(word)
        categories[category] = CategoryWords(tuple(seen.values()), frozenset(seen),
                                             {k: tuple(v) for k, v in by_letter.items()})
        all_keys.update(seen)
    return Lexicon(language, path, categories, frozenset(all_keys))


@functools.lru_cache(maxsize=8)
def load_lexicon(path: Path, language: str) -> Lexicon:
    """Read a lexicon file once per process (it never changes while the program runs)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SceneError(f"{path}: lexicon file cannot be read: {exc.strerror}") from None
    return parse_lexicon(text, language, Path(path))
