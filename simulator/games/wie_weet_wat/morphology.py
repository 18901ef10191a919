"""Singular forms of plurals and diminutives, by each language's spelling rules.

:func:`base_forms` turns a folded word key (lower case, no accents, no spaces: see
:func:`~.lexicon.word_key`) into the set of words it could be the plural or the
diminutive of, itself included. The rules follow spelling, so they do not invent
bases a speaker would never hear: Dutch ``zonen`` is the plural of *zoon*, not of
*zon* (that is ``zonnen``), and ``koken`` is not the plural of *kok* (``koks``).
Irregular forms (``koeien``, ``steden``, the closed class of ``-eren`` plurals such
as ``kinderen``; ``mice``, ``teeth``) come from an exceptions table the scene
supplies. Some bases produced are not words at all; that is harmless, since they are
only looked up in word lists.
"""
from __future__ import annotations

from typing import Mapping

VOWELS = frozenset("aeiouy")
SHORT_VOWELS = frozenset("aeou")      # written single in an open syllable, doubled in a closed one
ENGLISH_ES_AFTER = ("s", "x", "z", "ch", "sh", "o")


def _dutch_final(stem: str) -> str:
    """A Dutch stem as it ends a word: v becomes f, z becomes s (duiven -> duif, huizen -> huis)."""
    if stem.endswith("v"):
        return stem[:-1] + "f"
    if stem.endswith("z"):
        return stem[:-1] + "s"
    return stem


def _dutch_en_base(stem: str) -> str | None:
    """The singular of a Dutch ``-en`` plural whose ``-en`` was cut off, by spelling; None if none fits.

    A doubled consonant was doubled to keep the vowel short (katten -> kat); a single
    vowel before a single consonant is long in the open syllable and doubles in the
    singular (bomen -> boom, zonen -> zoon, koken -> kook); anything else is the
    singular as it is (boeken -> boek, duiven -> duif, knieen -> knie).
    """
    if len(stem) < 2:
        return None
    last, before = stem[-1], stem[-2]
    if last not in VOWELS and last == before:
        return stem[:-1]
    if (last not in VOWELS and before in SHORT_VOWELS
            and (len(stem) < 3 or stem[-3] not in VOWELS)):
        if before == "e" and stem.endswith(("er", "el", "em", "en")) and len(stem) > 4:
            return None  # an unstressed -er/-el/-em/-en noun takes -s: schilderen is no plural
        return _dutch_final(stem[:-1] + before + stem[-1:])
    return _dutch_final(stem)


def _dutch_diminutive_base(key: str) -> set[str]:
    """The word a Dutch diminutive (-je, -tje, -pje, -kje, -etje) is made from."""
    out: set[str] = set()
    if key.endswith("etje") and len(key) > 6:
        stem = key[:-4]
        out.add(stem[:-1] if stem[-1] == stem[-2] and stem[-1] not in VOWELS else stem)  # balletje -> bal
    if key.endswith("tje") and len(key) > 4:
        stem = key[:-3]
        if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] in "aou":
            stem = stem[:-1]  # autootje -> auto, omaatje -> oma
        out.add(stem)
    if key.endswith("pje") and len(key) > 4:
        out.add(key[:-3])  # boompje -> boom
    if key.endswith("kje") and len(key) > 5 and key[-4] == "n":
        out.add(key[:-4] + "ng")  # koninkje -> koning
    if key.endswith("je") and len(key) > 3:
        out.add(key[:-2])  # katje -> kat, paardje -> paard
    return out


def dutch_base_forms(key: str, irregular: Mapping[str, str]) -> set[str]:
    """``key`` and every Dutch word it could be a plural or diminutive (or diminutive plural) of."""
    out = {key}
    if key in irregular:
        out.add(irregular[key])
    singulars = set()
    n = len(key)
    if n >= 4 and key.endswith("en"):
        base = _dutch_en_base(key[:-2])
        if base:
            singulars.add(base)
    if n > 3 and key.endswith("s"):
        singulars.add(key[:-1])  # tafels, auto's, sneakers
    out |= singulars
    for word in {key} | singulars:
        out |= _dutch_diminutive_base(word)
    for word in list(out):
        if word in irregular:
            out.add(irregular[word])
    return out


def english_base_forms(key: str, irregular: Mapping[str, str]) -> set[str]:
    """``key`` and every English word it could be the plural of."""
    out = {key}
    if key in irregular:
        out.add(irregular[key])
    n = len(key)
    if n > 3 and key.endswith("s") and not key.endswith("ss"):
        out.add(key[:-1])
    if n > 4 and key.endswith("es") and key[:-2].endswith(ENGLISH_ES_AFTER):
        out.add(key[:-2])  # buses, boxes, peaches, potatoes
    if n > 4 and key.endswith("ies"):
        out.add(key[:-3] + "y")
    if n > 4 and key.endswith("ves"):
        out.update((key[:-3] + "f", key[:-3] + "fe"))
    if n > 4 and key.endswith("men"):
        out.add(key[:-3] + "man")
    return out


def base_forms(key: str, language: str, irregular: Mapping[str, str]) -> set[str]:
    """``key`` and the words it could be a plural (or, in Dutch, a diminutive) of."""
    if language == "nl":
        return dutch_base_forms(key, irregular)
    if language == "en":
        return english_base_forms(key, irregular)
    return {key}
