"""Undo never crosses a reveal (README: "never past a card drawn or revealed"), in every game.

The engine decides by itself, by replaying the stretch undo would take back; these tests
judge the same stretch independently, by what each seat's view showed.
"""
from __future__ import annotations

import random

import pytest

from simulator.engine import REFEREE, load_game, undo
from simulator.engine.record import try_undo, undo_point

from .test_conformance import CASES, cards_in_view, step_randomly


def crossed_reveal(previous, crossed) -> str | None:
    """Replay ``crossed`` from ``previous``: what in it a seat could have learnt, or None."""
    state = previous.clone()
    seats = range(state.game.players)
    for action in crossed:
        if action.player == REFEREE:
            return f"the table's {action.kind}"
        seen = [cards_in_view(state.view(s)) for s in seats]
        rng = state.rng.getstate()
        state.apply(action)
        if state.rng.getstate() != rng:
            return f"{action.kind} used the RNG"
        for seat in seats:
            new = cards_in_view(state.view(seat)) - seen[seat] - seen[action.player]
            if new:
                return f"{action.kind} showed seat {seat} cards {sorted(new)} its actor had not seen"
        if state.is_over():
            return f"{action.kind} ended the game"
    return None


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_undo_never_crosses_a_reveal(setup):
    game = setup.load()
    state = game.new_state(31)
    rng = random.Random(31)
    for _ in range(60):
        if state.is_over():
            break
        step_randomly(state, rng, 1)
        for seat in range(game.players):
            previous = undo(state, seat)
            if previous is None:
                continue
            keep = len(previous.history)
            assert state.history[keep].player == seat, "undo takes back the seat's own last decision"
            assert previous.to_json()["history"] == state.to_json()["history"][:keep]
            problem = crossed_reveal(previous, state.history[keep:])
            assert problem is None, f"seat {seat} could undo across: {problem}"
    finished = step_randomly(state, rng, 100_000)
    assert finished.is_over()
    assert all(undo(finished, seat) is None for seat in range(game.players)), "undo reopened a finished game"


def first_state_after(game_id: str, players: int, seed: int, found, limit: int = 3000):
    """Play seed ``seed`` at random until ``found(before, after, action)``; the state after it."""
    game = load_game(game_id, players=players)
    state = game.new_state(seed)
    referee = game.make_referee()
    rng = random.Random(seed)
    for _ in range(limit):
        seats = state.current_players()
        if not seats:
            break
        seat = rng.choice(seats)
        action = referee.decide(state) if seat == REFEREE else rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(action)
        if found(before, state, action):
            return state
    raise AssertionError(f"{game_id}: no such moment in seed {seed}")


def undo_refused_for_everyone(state) -> bool:
    return all(undo_point(state, seat) is None for seat in range(state.game.players))


def test_wham_bam_the_play_that_ends_a_round_deals_the_next_and_cannot_be_undone():
    """The play that empties a hand shows every hand in the summary and deals a new round."""
    state = first_state_after("wham-bam", 2, 1, lambda b, a, act: a.round_no > b.round_no and not a.is_over())
    assert undo_refused_for_everyone(state)


def test_wie_weet_wat_a_pass_that_draws_penalty_cards_cannot_be_undone():
    """A pass that closes the window draws penalty cards (and may reshuffle or deal a round)."""
    def drew(before, after, action):
        return action.kind == "pass" and any(set(hand) & set(before.letter_deck) for hand in after.hands)

    state = first_state_after("wie-weet-wat", 4, 1, drew)
    assert undo_refused_for_everyone(state)


def test_mamma_the_move_that_ends_the_game_and_shows_the_secret_characters_cannot_be_undone():
    state = first_state_after("mamma", 2, 1, lambda b, a, act: a.is_over())
    assert undo_refused_for_everyone(state)


def test_wackelbett_a_placement_the_physics_judged_cannot_be_retried():
    """The real game has no retries: once the table's verdict is in, the placement stands."""
    state = first_state_after("wackelbett", 2, 1, lambda b, a, act: act.kind == "verdict" and act.stage == "card")
    placer = state.history[-2].player
    assert state.history[-2].kind == "place"
    assert undo_point(state, placer) is None
    assert try_undo(state, placer) == "the table has judged your last move"


def test_a_refused_undo_says_why_in_the_players_words():
    state = first_state_after("wham-bam", 2, 1, lambda b, a, act: a.round_no > b.round_no and not a.is_over())
    assert try_undo(state, state.history[-1].player) == "your last move drew or showed cards", "it dealt a round"
    drew = first_state_after("wham-bam", 2, 3, lambda b, a, act: act.kind == "draw" and a.history[-2].kind == "play"
                             and a.history[-2].player != act.player)
    assert try_undo(drew, drew.history[-2].player) == "cards were drawn or shown since your last move"
    fresh = load_game("zoo-wee-mama", players=3).new_state(5)
    assert try_undo(fresh, 0) == "there is no move of yours to take back"
    over = first_state_after("mamma", 2, 1, lambda b, a, act: a.is_over())
    assert try_undo(over, 0) == "the game is over"


def test_a_bid_can_still_be_taken_back():
    """Undo is not simply off: a Zoo-Wee Mama! bid reveals nothing, so its bidder may take it back."""
    state = load_game("zoo-wee-mama", players=3).new_state(5)
    first, = state.current_players()
    state.apply(state.legal_actions(first)[0])
    previous = undo(state, first)
    assert previous is not None and previous.history == [] and previous.current_players() == (first,)
