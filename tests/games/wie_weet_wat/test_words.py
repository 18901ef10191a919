"""What the Wie Weet Wat table says about rounds, votes and cards taken, in either edition."""
from __future__ import annotations

import pytest

from simulator.engine import load_game
from simulator.games.wie_weet_wat.words import Audience, TableWords

NAMES = ["You", "Bob", "Cas"]


def words(language: str, rounds: int = 3) -> TableWords:
    return TableWords(load_game("wie-weet-wat", players=3, language=language, rounds_to_win=rounds), NAMES)


@pytest.mark.parametrize("language, said", [("en", "Bob took a card from you."),
                                            ("nl", "Bob pakte een kaart van jou.")])
def test_a_card_taken_from_you_says_you_not_your_seat_name(language, said):
    aud = Audience(tuple(NAMES), 0, (0,), language)
    line = words(language).effect_line({"what": "verloren-geluk", "seat": 1, "other": 0}, aud)
    assert line == said


@pytest.mark.parametrize("language, one_round, plate", [
    ("en", "Round 1 · the first to win a round wins the game", "0 of 1 round · 5 cards"),
    ("nl", "Ronde 1 · wie een ronde wint, wint het spel", "0 van 1 ronde · 5 kaarten"),
])
def test_a_game_of_one_round_says_round_not_rounds(language, one_round, plate):
    w = words(language, rounds=1)
    v = w.game.new_state(7).view(0)
    v["hand_sizes"][2] = 5
    assert w.headline(v) == one_round
    said, _ = w.plate(v, 2, Audience(tuple(NAMES), 0, (0,), language), None, "")
    assert said == plate
