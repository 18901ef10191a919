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
    assert "furniture" in g.lexicon.filed_under("tafel")


@pytest.mark.parametrize("language,category,answer", [
    ("nl", "animal", "duif"), ("nl", "animal", "vis"), ("nl", "animal", "haas"), ("nl", "animal", "mier"),
    ("nl", "animal", "slak"), ("nl", "animal", "wesp"), ("nl", "animal", "goudvis"), ("nl", "city", "Oslo"),
    ("nl", "grows", "duif"), ("nl", "music", "gitaar"),
    ("en", "animal", "fish"), ("en", "animal", "bee"), ("en", "animal", "spider"), ("en", "animal", "shark"),
    ("en", "animal", "snail"), ("en", "animal", "chicken"), ("en", "supermarket", "banana"),
])
def test_a_category_accepts_the_answers_of_the_categories_it_includes(language, category, answer):
    """Issue 12: "een dier" refused vis, duif, haas; inclusion is data ([lexicon.includes] in the scene)."""
    lex = load_game("wie-weet-wat", players=3, language=language).lexicon
    assert lex.match(category, answer) is not None
    assert lex.words_for(category, lex.initial(answer)), "bots answer with the included words too"


@pytest.mark.parametrize("language,category,answer", [
    ("nl", "clothing", "sok"), ("nl", "clothing", "handschoen"), ("nl", "feet", "schoen"),
    ("nl", "feet", "klomp"), ("nl", "feet", "laars"), ("en", "feet", "boot"),
    ("nl", "animal", "koeien"), ("nl", "animal", "katje"), ("nl", "animal", "paardje"),
    ("nl", "animal", "ezeltjes"), ("nl", "fruit", "kersen"), ("nl", "animal", "duiven"),
    ("nl", "animal", "wolven"), ("nl", "animal", "apen"), ("nl", "animal", "ganzen"),
    ("en", "animal", "geese"), ("en", "fruit", "peaches"), ("en", "animal", "wolves"),
])
def test_singular_plural_and_diminutive_match_both_ways(language, category, answer):
    """Issue 12: the lists held sokken, schoenen, boots, so sok, schoen, boot were refused; irregular
    plurals (koeien) and diminutives (katje) did not match either."""
    lex = load_game("wie-weet-wat", players=3, language=language).lexicon
    assert lex.match(category, answer) is not None


@pytest.mark.parametrize("category,answer", [
    ("profession", "koken"), ("profession", "schilderen"), ("profession", "bakken"), ("space", "zonen"),
    ("round", "dobbelsteen"), ("round", "galg"), ("legs", "octopus"), ("legs", "zeester"), ("legs", "mens"),
])
def test_dutch_plural_rules_follow_spelling_and_false_entries_are_gone(category, answer):
    """Issue 12: koken matched the profession kok, schilderen schilder, zonen zon (it is the plural of
    zoon); dobbelsteen and galg were round, octopus, zeester and mens had poten."""
    lex = load_game("wie-weet-wat", players=3, language="nl").lexicon
    assert lex.match(category, answer) is None


def test_the_spelling_rules_derive_the_singulars_a_speaker_hears():
    from simulator.games.wie_weet_wat.morphology import base_forms
    cases = {"katten": "kat", "bomen": "boom", "zonen": "zoon", "benen": "been", "duiven": "duif",
             "huizen": "huis", "laarzen": "laars", "knieen": "knie", "autos": "auto", "balletje": "bal",
             "autootje": "auto", "boompje": "boom", "koninkje": "koning", "katjes": "kat"}
    for plural, singular in cases.items():
        assert singular in base_forms(plural, "nl", {}), plural
    assert "kok" not in base_forms("koken", "nl", {}) and "zon" not in base_forms("zonen", "nl", {})
    assert "schilder" not in base_forms("schilderen", "nl", {})
    assert "bus" in base_forms("buses", "en", {}) and "glas" not in base_forms("glass", "en", {})


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


def test_known_wrong_answers_are_refused_by_the_list_and_by_every_bot():
    """A "category!:" line names answers the lists know to be wrong: "octopus" for "iets met poten"."""
    from simulator.engine import make_bot

    g = load_game("wie-weet-wat", players=3, language="nl")
    assert g.lexicon.is_known_wrong("legs", "octopussen") and g.lexicon.match("legs", "octopus") is None
    assert not any(make_bot(g, 1, level).judges_right("legs", "octopus") for level in ("easy", "good", "expert"))


@pytest.mark.parametrize("language, word", [
    ("nl", "Brugge"), ("nl", "Luik"), ("nl", "Aken"), ("nl", "Rijsel"), ("nl", "Kortrijk"), ("nl", "Leeuwarden"),
    ("nl", "Istanboel"), ("en", "Bruges"), ("en", "Ghent"), ("en", "Cologne"), ("en", "The Hague"), ("en", "Liege")])
def test_a_city_is_known_by_the_name_a_speaker_of_the_edition_gives_it(language, word):
    """Issue 28: "Brugge" was refused as a city. The class: the towns of the Low Countries and the
    names a speaker of the edition's language uses for cities abroad (exonyms)."""
    assert lexicon(language).match("city", word)


@pytest.mark.parametrize("language, category, word", [
    ("nl", "sea_creature", "vis"), ("nl", "sea_creature", "schaaldier"), ("en", "sea_creature", "fish"),
    ("en", "sea_creature", "shellfish"), ("nl", "animal", "insect"), ("nl", "animal", "zoogdier"),
    ("en", "animal", "bird"), ("en", "animal", "reptile")])
def test_the_generic_name_of_a_kind_of_animal_answers_its_category(language, category, word):
    """Issue 28: "vis" was refused as a sea creature. The class: the generic name of a kind (a fish,
    a bird, an insect) is as much an answer as the name of one of its members."""
    assert lexicon(language).match(category, word)


@pytest.mark.parametrize("language, word", [
    ("en", "cook"), ("en", "guide"), ("en", "coach"), ("en", "referee"), ("en", "model"), ("en", "host"),
    ("nl", "kok"), ("nl", "gids"), ("nl", "loods")])
def test_a_profession_whose_name_is_also_a_verb_is_a_profession(language, word):
    """Issue 28: "cook" was refused as a profession. The class: professions named by the verb of
    what they do (to cook, to guide, to coach)."""
    assert lexicon(language).match("profession", word)


def lexicon(language: str):
    """The edition's word lists, as a table of that language judges with them."""
    return load_game("wie-weet-wat", players=3, language=language).lexicon
