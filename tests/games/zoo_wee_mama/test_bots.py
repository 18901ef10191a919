"""Zoo-Wee Mama! bots: the reasoning bot's odds are right and it beats the simpler bots.

Run with -s to see the measured rates.
"""
from __future__ import annotations

import random

import pytest

from simulator.engine import bot_levels, load_game, make_bot, play_out
from simulator.games.zoo_wee_mama.bots import BluffingBot, PlusOneBot, ZooWeeMamaBot
from simulator.games.zoo_wee_mama.rules import Bid

GREG = 0


def win_share(players: int, hero: str, villain: str, games: int) -> float:
    """The hero's share of the wins (a shared win counts in part), the hero's seat rotating."""
    game = load_game("zoo-wee-mama", players=players)
    share = 0.0
    for seed in range(games):
        hero_seat = seed % players
        bots = [make_bot(game, s, hero if s == hero_seat else villain) for s in range(players)]
        winners = play_out(game, bots, seed).winners()
        if hero_seat in winners:
            share += 1 / len(winners)
    return share / games


def test_levels_are_registered_weakest_first():
    assert bot_levels("zoo-wee-mama") == ["random", "plus-one", "good", "bluffer"]


def test_reasoning_bot_wins_far_more_than_its_share_against_three_random_bots():
    rate = win_share(4, "good", "random", 400)
    print(f"\nzoo-wee-mama good vs 3 random: {rate:.1%} of 400 games (fair share 25%)")
    assert rate >= 0.9


def test_reasoning_bot_wins_most_heads_up_games_against_the_plus_one_bot():
    rate = win_share(2, "good", "plus-one", 400)
    print(f"\nzoo-wee-mama good vs plus-one heads-up: {rate:.1%} of 400 games")
    assert rate >= 0.75


def test_plus_one_bot_beats_random_play():
    rate = win_share(3, "plus-one", "random", 150)
    print(f"\nzoo-wee-mama plus-one vs 2 random: {rate:.1%} of 150 games (fair share 33%)")
    assert rate >= 0.9


def _opening_view(players: int, seed: int):
    game = load_game("zoo-wee-mama", players=players, first_dealer="first-seat")
    state = game.new_state(seed)
    while state.psychic_round or state.psychic_next:  # an ordinary round, nothing set aside
        seed += 1000
        state = game.new_state(seed)
    return game, state


def test_reasoning_bot_odds_match_the_cards_it_cannot_see():
    """Its P(total >= k) agrees with dealing the unseen cards at random many times."""
    game, state = _opening_view(3, 5)
    seat = state.current
    bot = ZooWeeMamaBot(game, seat)
    tails = bot.tails(state.view(seat))
    own = state.hands[seat]
    unseen = [c for c in range(game.deck_size) if c != own]
    rng = random.Random(1)
    trials = 20000
    for symbol in range(10):
        on_card = game.symbol_on_card[symbol]
        hits = [0] * 12
        for _ in range(trials):
            while True:  # the other hands are motif cards; the Secret Card may be Psychic
                a, b, secret = rng.sample(unseen, 3)
                if not (game.is_psychic[a] or game.is_psychic[b]):
                    break
            total = on_card[own] + on_card[a] + on_card[b] + on_card[secret]
            for k in range(min(total, 11) + 1):
                hits[k] += 1
        for k in range(12):
            assert abs(tails[symbol][k] - hits[k] / trials) < 0.02, (symbol, k)


def test_reasoning_bot_leaves_out_the_cards_already_won():
    """Cards in won piles are out of play: with every multi-Greg card won, many Gregs are impossible."""
    game, state = _opening_view(2, 3)
    seat = state.current
    view = state.view(seat)
    own_card = state.hands[seat]
    many_gregs = [c for c in range(game.motif_count) if game.card_symbols[c][GREG] >= 2 and c != own_card]
    view["won_cards"] = [many_gregs, []]
    own = game.card_symbols[own_card][GREG]
    tails = ZooWeeMamaBot(game, seat).tails(view)
    assert tails[GREG][own + 3] == 0.0  # two unseen cards with at most one Greg each
    assert tails[GREG][own + 2] > 0.0


def test_reasoning_bot_knows_the_opener_holds_the_opening_symbol():
    """"they name 1 symbol of their choice from their card": an opening bid is a clue."""
    game, state = _opening_view(2, 7)
    opener = state.current
    other = 1 - opener
    symbol = next(s for s in range(10) if game.card_symbols[state.hands[opener]][s])
    before = ZooWeeMamaBot(game, other).tails(state.view(other))[symbol]
    state.apply(Bid(opener, 1, symbol))
    after = ZooWeeMamaBot(game, other).tails(state.view(other))[symbol]
    own = game.card_symbols[state.hands[other]][symbol]
    assert after[own + 1] == pytest.approx(1.0)
    assert before[own + 1] < 0.95


def test_bluffing_bot_bluffs_sometimes_and_still_beats_the_plus_one_bot():
    game, state = _opening_view(2, 11)
    seat = state.current
    view = state.view(seat)
    legal = state.legal_actions(seat)
    plain = {ZooWeeMamaBot(game, seat).choose(view, legal, random.Random(i)) for i in range(40)}
    bluffs = {BluffingBot(game, seat).choose(view, legal, random.Random(i)) for i in range(40)}
    assert len(plain) == 1 and len(bluffs) > 1
    assert all(bid in legal for bid in bluffs)
    rate = win_share(2, "bluffer", "plus-one", 200)
    print(f"\nzoo-wee-mama bluffer vs plus-one heads-up: {rate:.1%} of 200 games")
    assert rate >= 0.7


def test_plus_one_bot_bids_its_own_count_plus_one():
    game, state = _opening_view(2, 13)
    seat = state.current
    shown = game.card_symbols[state.hands[seat]]
    action = PlusOneBot(game, seat).choose(state.view(seat), state.legal_actions(seat), random.Random(0))
    assert action == Bid(seat, max(shown) + 1, shown.index(max(shown)))


def test_reasoning_bot_refuses_a_bluff_level_outside_0_to_1():
    game = load_game("zoo-wee-mama", players=2)
    with pytest.raises(ValueError):
        ZooWeeMamaBot(game, 0, bluff=1.5)
