"""A player the table calls "You" wins and takes in the second person, in every game's summaries."""
from __future__ import annotations

from simulator.engine import load_game
from simulator.games.wackelbett.words import TableWords as WackelbettWords
from simulator.games.zoo_wee_mama.words import TableWords as ZooWeeMamaWords


def test_wackelbett_says_you_win():
    words = WackelbettWords(load_game("wackelbett", players=2), ["You", "Bob"])
    assert words.game_summary({"winner": 0, "hand_sizes": [0, 3]})[0] == "You win!"
    assert words.game_summary({"winner": 1, "hand_sizes": [2, 0]})[0] == "Bob wins!"


def test_zoo_wee_mama_says_you_win_and_you_take():
    words = ZooWeeMamaWords(load_game("zoo-wee-mama", players=2), ["You", "Bob"])
    view = {"scores": [9, 4], "rounds": [{"winner": 0}], "winners": [0], "end_reason": "The deck ran out."}
    assert words.game_summary(view)[1] == "You win the game!"
