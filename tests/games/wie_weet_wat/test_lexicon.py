"""The word lists: how answers are matched, and whether each edition's list is big enough."""
from __future__ import annotations

import pytest

from simulator.engine import load_game
from simulator.games.wie_weet_wat.lexicon import is_well_formed, word_key

MIN_WORDS = 30
MIN_COVERAGE = 0.80


@pytest.mark.parametrize("category,word,answer", [
    ("animal", "aap", "Aap"), ("animal", "aap", "de aap"), ("animal", "aap", "een AAP"),
    ("animal", "aap", "apen"), ("animal", "kat", "katten"), ("fruit", "banaan", "bananen"),
    ("animal", "wolf", "wolven"), ("vehicle", "auto", "auto's"), ("animal", "olifant", "olifanten"),
])
def test_dutch_matching_forgives_case_articles_and_plurals(category, word, answer):
    g = load_game("wie-weet-wat", players=3, language="nl")
    assert g.lexicon.match(category, answer) == word_key(word, "nl")


@pytest.mark.parametrize("category,word,answer", [
    ("animal", "fox", "the Foxes"), ("animal", "cat", "a cat"), ("fruit", "cherry", "cherries"),
    ("animal", "wolf", "wolves"), ("animal", "mouse", "mice"), ("country", "Peru", "PERU"),
])
def test_english_matching_forgives_case_articles_and_plurals(category, word, answer):
    g = load_game("wie-weet-wat", players=3, language="en")
    assert g.lexicon.match(category, answer) == word_key(word, "en")


def test_matching_forgives_accents_and_hyphens():
    assert word_key("Crème brûlée", "nl") == word_key("creme brulee", "nl")
    assert word_key("Nieuw-Zeeland", "nl") == word_key("nieuw zeeland", "nl")
    assert not is_well_formed("") and not is_well_formed("!!!") and is_well_formed("formule 1")


def test_a_word_of_another_category_does_not_match():
    g = load_game("wie-weet-wat", players=3, language="nl")
    assert g.lexicon.match("animal", "tafel") is None
    assert g.lexicon.knows_anywhere("tafel")


@pytest.mark.parametrize("language", ["nl", "en"])
def test_every_category_has_enough_words_and_the_list_covers_the_common_letters(language):
    """Done-when: every category has at least 30 words; the list answers at least 80% of the
    (category, letter) pairs for letters that appear at least twice in the edition's letter deck."""
    g = load_game("wie-weet-wat", players=3, language=language)
    lex = g.lexicon
    common = sorted({l for l in g.deck_letters if g.card_letter.count(l) >= 2})
    small = {c: len(lex.categories[c].words) for c in g.category_label
             if len(lex.categories[c].words) < MIN_WORDS}
    pairs = [(c, l) for c in g.category_label for l in common]
    answered = sum(1 for c, l in pairs if lex.words_for(c, l))
    coverage = answered / len(pairs)
    words = sum(len(lex.categories[c].words) for c in g.category_label)
    print(f"\n{language}: {len(g.category_label)} categories, {words} words, letters {''.join(common)}: "
          f"{answered}/{len(pairs)} (category, letter) pairs answered = {coverage:.1%}")
    assert not small, f"categories with fewer than {MIN_WORDS} words: {small}"
    assert coverage >= MIN_COVERAGE
