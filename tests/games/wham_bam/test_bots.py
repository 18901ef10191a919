"""The good Wham Bam! bot beats random play, seeing only its own view."""
from __future__ import annotations

from simulator.engine import load_game, make_bot, play_out


def test_good_bot_wins_at_least_65_percent_of_400_games_against_random():
    game = load_game("wham-bam", players=2)
    wins = 0
    for seed in range(400):
        good_seat = seed % 2  # alternate seats so neither gets the first-move edge
        bots = [make_bot(game, s, "good" if s == good_seat else "random") for s in range(2)]
        state = play_out(game, bots, seed)
        wins += state.winners() == [good_seat]
    rate = wins / 400
    print(f"wham-bam good vs random: {rate:.1%} of 400 games")
    assert rate >= 0.65

