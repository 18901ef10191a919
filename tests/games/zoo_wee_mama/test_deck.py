"""The Zoo-Wee Mama! deck in scenes/zoo-wee-mama.toml: the rulebook's facts and our designed spread."""
from __future__ import annotations

import copy
import statistics

import pytest

from simulator.engine import Scene, SceneError, load_game
from simulator.games.zoo_wee_mama.rules import ZooWeeMamaGame

RULEBOOK_SYMBOLS = ["Greg", "Tricycle", "Chips", "Toilet roll", "Rupert", "Little hand", "House",
                    "Skull", "Jet fighter", "Stinky cheese"]


@pytest.fixture(scope="module")
def game() -> ZooWeeMamaGame:
    return load_game("zoo-wee-mama", players=4)


def test_the_box_holds_60_cards_54_motif_and_6_psychic(game):
    """"60 playing cards, of which 54 are motif cards and 6 are Psychic cards."""
    assert game.deck_size == 60
    assert game.motif_count == 54
    assert sum(game.is_psychic) == 6
    assert all(sum(game.card_symbols[c]) == 0 for c in game.psychic_cards)
    assert all(sum(game.card_symbols[c]) > 0 for c in range(54))


def test_there_are_10_symbols_in_the_rulebooks_order(game):
    """"There are 10 different symbols (see the overview on page 2)."""
    assert [s.name for s in game.symbols] == RULEBOOK_SYMBOLS


def test_a_motif_card_shows_3_to_15_pictures(game):
    """"there are cards with only 3 pictures and cards with 15"."""
    sizes = [sum(game.card_symbols[c]) for c in range(game.motif_count)]
    assert min(sizes) == 3 and max(sizes) == 15


def test_no_card_shows_all_10_symbols(game):
    """"However, not all symbols are ever found on a single card."""
    assert all(not all(game.card_symbols[c]) for c in range(game.deck_size))


def test_designed_spread_symbol_totals_are_similar_but_not_equal(game):
    """Designed: no symbol is a sure thing or a long shot, yet the totals differ."""
    totals = [sum(col) for col in game.symbol_on_card]
    mean = statistics.mean(totals)
    assert len(set(totals)) == len(totals), "every symbol has its own total"
    assert max(totals) <= 1.2 * mean and min(totals) >= 0.85 * mean


def test_designed_spread_cards_and_symbols_vary(game):
    """Designed: card sizes cover 3..15, symbols come alone or in piles, cards show 1 to 9 symbols."""
    sizes = {sum(game.card_symbols[c]) for c in range(game.motif_count)}
    assert sizes == set(range(3, 16))
    for col in game.symbol_on_card:
        motif = col[: game.motif_count]
        assert 15 <= sum(1 for k in motif if k) <= 35, "each symbol is on a fair share of the cards"
        assert max(motif) >= 4, "each symbol sometimes comes in a pile"
        assert len(set(motif)) >= 5, "and in several different amounts"
    distinct = {sum(1 for k in game.card_symbols[c] if k) for c in range(game.motif_count)}
    assert min(distinct) == 1 and max(distinct) == 9


def test_every_symbol_has_an_icon_hint_for_the_table(game):
    """The scene gives each symbol a short label, a colour and a shape the table view can draw."""
    assert len({s.short for s in game.symbols}) == 10
    assert len({s.colour for s in game.symbols}) == 10
    assert len({s.shape for s in game.symbols}) == 10
    assert all(len(s.short) == 2 for s in game.symbols)


def _scene_with(change) -> Scene:
    scene = Scene.load("zoo-wee-mama")
    data = copy.deepcopy(scene.data)
    change(data)
    return Scene(scene.path, data)


@pytest.mark.parametrize("change,key,problem", [
    (lambda d: d["deck"]["motif"].__setitem__(0, {"greg": 16}), "deck.motif[0]", "16 pictures"),
    (lambda d: d["deck"]["motif"].__setitem__(0, {"greg": 2}), "deck.motif[0]", "2 pictures"),
    (lambda d: d["deck"]["motif"].__setitem__(
        3, {s: 1 for s in ["greg", "tricycle", "chips", "toilet_roll", "rupert", "little_hand", "house",
                           "skull", "jet_fighter", "stinky_cheese"]}), "deck.motif[3]", "every symbol"),
    (lambda d: d["deck"]["motif"].__setitem__(5, {"greg": 2, "rodrick": 3}), "deck.motif[5].rodrick",
     "not a symbol"),
    (lambda d: d["deck"].__setitem__("psychic_cards", -1), "deck.psychic_cards", "at least 0"),
    (lambda d: d["symbols"][2].__setitem__("colour", [300, 0, 0]), "symbols[2].colour", "0-255"),
])
def test_a_deck_that_breaks_the_rulebook_is_refused_naming_file_and_key(change, key, problem):
    """A bad scene file gets one clear error naming the file, the key and what was expected."""
    with pytest.raises(SceneError) as info:
        ZooWeeMamaGame(4, scene=_scene_with(change))
    message = str(info.value)
    assert "zoo-wee-mama.toml" in message and f"[{key}]" in message and problem in message
