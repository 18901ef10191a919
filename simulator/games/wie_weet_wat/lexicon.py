"""The word lists that judge answers: which words answer which category.

A lexicon file (``scenes/wie-weet-wat/lexicon.<lang>.txt``) has one line per
category, ``category-id: word, word, ...``; a category may span several lines;
``#`` starts a comment. A line ``category-id!: word, ...`` lists answers a player
might try that are known to be wrong (an octopus has no legs): no list accepts them
for that category and bots vote them down. :func:`load_lexicon` reads and checks one; a bad file
raises :class:`~simulator.engine.SceneError` naming the file, the line and the problem.

Matching forgives what players do not think of as a different word: case, accents,
spaces, hyphens and apostrophes, a leading article (de/het/een/'t; the/a/an)
(:func:`word_key` is that forgiving form), and singular against plural or diminutive
both ways, by each language's spelling (morphology.py). A category also accepts the
answers of the categories the scene says it includes (a bird is an animal).

For bots that vote on a word no list knows, the lexicon also answers whether it is a
word of the language at all (dictionary.py), which lists file it, and how much two
categories' lists overlap.
"""
from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from simulator.engine import SceneError

from .dictionary import general_words, is_compound_of
from .morphology import base_forms

ARTICLES = {"nl": ("de ", "het ", "een ", "t "), "en": ("the ", "a ", "an ")}
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


@dataclass(frozen=True)
class LexiconRules:
    """What the scene says about the lists: which category includes which, the kinds, irregular plurals."""

    includes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    kinds: frozenset[str] = frozenset()
    irregular: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CategoryWords:
    """The accepted answers of one category and of the categories it includes.

    ``forms`` maps every form that answers the category (an entry's key, and the
    singulars and bases of a plural or diminutive entry) to the entry's key.
    """

    words: tuple[str, ...]
    keys: frozenset[str]
    forms: dict[str, str] = field(hash=False, compare=False)
    by_letter: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    wrong: frozenset[str] = frozenset()   # keys of answers known to be wrong here


@dataclass(frozen=True)
class Lexicon:
    """All categories of one language, with the rules that relate them and the language's words."""

    language: str
    path: Path
    categories: dict[str, CategoryWords] = field(hash=False, compare=False)
    rules: LexiconRules = LexiconRules()
    #: category -> itself and every category it includes (transitively)
    closure: dict[str, frozenset[str]] = field(default_factory=dict, hash=False, compare=False)
    #: every entry key of every category: the lists' own "these are words"
    all_keys: frozenset[str] = frozenset()

    def key(self, word: str) -> str:
        return word_key(word, self.language)

    def initial(self, word: str) -> str:
        """The letter a word starts with, upper case ('' if none)."""
        key = self.key(word)
        return key[0].upper() if key else ""

    def forms_of(self, word: str) -> list[str]:
        """The answer's key first, then the words it could be a plural or diminutive of."""
        key = self.key(word)
        bases = base_forms(key, self.language, self._irregular)
        return [key] + sorted(bases - {key})

    @functools.cached_property
    def _irregular(self) -> dict[str, str]:
        return dict(self.rules.irregular)

    def match(self, category: str, word: str) -> str | None:
        """The key of the entry ``word`` answers in ``category`` (or a category it includes), or None."""
        entry = self.categories.get(category)
        if entry is None or self.is_known_wrong(category, word):
            return None
        for form in self.forms_of(word):
            if form in entry.forms:
                return entry.forms[form]
        return None

    def is_known_wrong(self, category: str, word: str) -> bool:
        """True if the list says ``word`` (or its singular) is a wrong answer to ``category``."""
        entry = self.categories.get(category)
        return entry is not None and any(form in entry.wrong for form in self.forms_of(word))

    def words_for(self, category: str, letter: str) -> tuple[str, ...]:
        """The answers to ``category`` (its own and its included categories') that start with ``letter``."""
        entry = self.categories.get(category)
        return entry.by_letter.get(letter, ()) if entry else ()

    # -- what bots weigh when they vote -----------------------------------------------------------
    def filed_under(self, word: str) -> list[str]:
        """Every category whose list (with what it includes) accepts ``word``."""
        return [c for c in self.categories if self.match(c, word) is not None]

    def is_kind(self, category: str) -> bool:
        """True for a category that says what a thing is (an animal, a country), not where or how it is."""
        return category in self.rules.kinds

    def includes(self, category: str, other: str) -> bool:
        """True if every right answer to ``other`` is a right answer to ``category``."""
        return other in self.closure.get(category, ())

    def share(self, category: str, other: str) -> float:
        """The share of ``other``'s answers that also answer ``category``: how likely an ``other`` is a ``category``."""
        mine, theirs = self.categories[category].keys, self.categories[other].keys
        return len(mine & theirs) / len(theirs) if theirs else 0.0

    def head_matches(self, category: str, word: str) -> bool:
        """True if the word's last part answers ``category``: gymschoen (schoen), double bass (bass)."""
        folded = _fold(word)
        parts = folded.split()
        if len(parts) > 1:
            return self.match(category, parts[-1]) is not None
        key = self.key(word)
        return any(self.match(category, key[cut:]) is not None and self.is_word(key[:cut])
                   for cut in range(3, len(key) - 2))

    def is_word(self, word: str) -> bool:
        """True if ``word`` is a word of the language: the general list or a category list knows it
        (or a singular of it), or it is words written apart or, as in Dutch, together."""
        parts = _fold(word).split()
        if len(parts) > 1:
            return all(self._known(p) or self._is_compound(p) for p in parts)
        key = self.key(word)
        return bool(key) and (self._known(key) or self._is_compound(key))

    def _known(self, key: str) -> bool:
        general = general_words(self.language, _fold_word)
        return any(form in self.all_keys or form in general
                   for form in base_forms(key, self.language, self._irregular))

    def _is_compound(self, key: str) -> bool:
        return is_compound_of(key, self._known)


def _fold_word(text: str) -> str:
    """The general list's words in the forgiving form (no accents, no marks, no spaces)."""
    return _fold(text).replace(" ", "")


def _closure(includes: dict[str, tuple[str, ...]], category: str) -> frozenset[str]:
    seen = {category}
    todo = [category]
    while todo:
        for part in includes.get(todo.pop(), ()):
            if part not in seen:
                seen.add(part)
                todo.append(part)
    return frozenset(seen)


def parse_lexicon(text: str, language: str, path: Path, rules: LexiconRules = LexiconRules()) -> Lexicon:
    """Build a lexicon from file text; raise SceneError naming file, line and problem."""
    collected: dict[str, list[str]] = {}
    known_wrong: dict[str, list[str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        category, sep, rest = line.partition(":")
        category = category.strip()
        wrong = category.endswith("!")
        category = category.rstrip("!")
        if not sep or not category.replace("_", "").isalnum():
            raise SceneError(f"{path}: line {number}: expected 'category-id: word, word, ...'")
        words = (known_wrong if wrong else collected).setdefault(category, [])
        for word in rest.split(","):
            word = word.strip()
            if not word:
                continue
            if not is_well_formed(word):
                raise SceneError(f"{path}: line {number}: {word!r} is not a word a player could say")
            words.append(word)
    for category in known_wrong:
        if category not in collected:
            raise SceneError(f"{path}: '{category}!' lists wrong answers for a category with no words")
    includes = dict(rules.includes)
    for category, parts in includes.items():
        for part in (category, *parts):
            if part not in collected:
                raise SceneError(f"{path}: the scene's [lexicon.includes] names {part!r}, which has no words here")
    irregular = dict(rules.irregular)
    own: dict[str, dict[str, str]] = {}
    all_keys: set[str] = set()
    for category, words in collected.items():
        seen: dict[str, str] = {}
        for word in words:
            seen.setdefault(word_key(word, language), word)  # first spelling wins
        own[category] = seen
        all_keys.update(seen)
    closure = {c: _closure(includes, c) for c in collected}
    categories = {}
    for category in collected:
        parts = [category] + sorted(closure[category] - {category})
        entries: dict[str, str] = {}
        for part in parts:
            for key, word in own[part].items():
                entries.setdefault(key, word)
        forms = {key: key for key in entries}
        for key in entries:
            for base in sorted(base_forms(key, language, irregular)):
                forms.setdefault(base, key)
        by_letter: dict[str, list[str]] = {}
        for key, word in entries.items():
            by_letter.setdefault(key[0].upper(), []).append(word)
        wrong = frozenset(word_key(w, language) for w in known_wrong.get(category, ()))
        categories[category] = CategoryWords(tuple(entries.values()), frozenset(entries), forms,
                                             {k: tuple(v) for k, v in by_letter.items()}, wrong)
    return Lexicon(language, path, categories, rules, closure, frozenset(all_keys))


@functools.lru_cache(maxsize=8)
def load_lexicon(path: Path, language: str, rules: LexiconRules = LexiconRules()) -> Lexicon:
    """Read a lexicon file once per process (it never changes while the program runs)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SceneError(f"{path}: lexicon file cannot be read: {exc.strerror}") from None
    return parse_lexicon(text, language, Path(path), rules)
