"""Wie Weet Wat bots: legal, level-ordered, and the good bot clearly beats random bots."""
from __future__ import annotations

import pytest

from simulator.engine import RandomBot, bot_levels, load_game, make_bot, play_out


def test_levels_are_registered_weakest_first():
    assert bot_levels("wie-weet-wat") == ["random", "easy", "good", "expert"]


def test_the_good_bot_clearly_beats_random_bots():
    """Fixed seeds: one good bot against three random bots wins far more than its fair quarter."""
    game = load_game("wie-weet-wat", players=4, lexicon_is_final=True)
    wins = 0
    games = 12
    for seed in range(games):
        seat = seed % 4
        bots = [make_bot(game, s, "good") if s == seat else RandomBot(game, s) for s in range(4)]
        state = play_out(game, bots, seed)
        wins += seat in state.winners()
    assert wins >= games // 2, f"the good bot won only {wins} of {games}"


@pytest.mark.parametrize("language", ["nl", "en"])
def test_bots_of_every_level_finish_games(language):
    game = load_game("wie-weet-wat", players=3, language=language)
    bots = [make_bot(game, s, level) for s, level in enumerate(("easy", "good", "expert"))]
    state = play_out(game, bots, seed=4)
    assert state.is_over() and state.winners()


def test_expert_bots_answer_faster_than_easy_ones():
    """The reaction time a level puts on its answers follows its distribution."""
    game = load_game("wie-weet-wat", players=3)
    times = {}
    for level in ("easy", "expert"):
        bots = [make_bot(game, s, level) for s in range(3)]
        state = play_out(game, bots, seed=2)
        firsts = [a.at_ms for a in state.history if a.kind == "answer"]
        times[level] = sum(firsts) / len(firsts)
    assert times["expert"] < times["easy"]
