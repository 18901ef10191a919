"""The solo dexterity challenge: stack as high as you can from a seeded deck."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from simulator.engine import RandomBot, load_game, play_out
from simulator.games.wackelbett.challenge import ChallengeScore, HighScoreBook, daily_challenge_seed
from simulator.games.wackelbett.dexterity import challenge_game
from simulator.games.wackelbett.rules import LIFT, TURN, PlaceCard

from .tabletop import all_cards, princess_on_crown, settle_with_referee, stand_her_back_up, verdict, with_card_on_top


def test_the_challenge_is_played_solo():
    assert load_game("wackelbett", players=1).is_challenge
    assert load_game("wackelbett", players=1, mode="challenge").is_challenge
    with pytest.raises(ValueError, match="solo"):
        load_game("wackelbett", players=3, mode="challenge")
    assert not load_game("wackelbett", players=2).is_challenge


def test_each_card_of_the_deck_is_laid_in_turn_and_the_height_scores():
    """One card at a time from the shuffled deck, any colour; the score is the height in mm."""
    game = load_game("wackelbett", players=1)
    state = game.new_state(7)
    settle_with_referee(state)
    assert len(state.hands[0]) == 1 and state.layout.card_ids
    card = state.hands[0][0]
    assert [a.card for a in state.legal_actions(0)] == [card] * len(state.legal_actions(0))
    state.apply(state.legal_actions(0)[0])
    settle_with_referee(state)
    state.apply(state.legal_actions(0)[0])
    settle_with_referee(state)
    assert state.stacked == 1
    two_cards = 2 * game.physics.card.thickness
    assert state.scores()[0] == pytest.approx(two_cards, abs=0.5)
    assert len(state.hands[0]) == 1 and state.hands[0][0] != card
    assert all_cards(state) == list(range(36))


def test_the_challenge_ends_at_the_first_fall():
    game = load_game("wackelbett", players=1)
    state = game.new_state(7)
    settle_with_referee(state)
    card = state.hands[0][0]
    state.apply(state.legal_actions(0)[0])
    state.apply(verdict("card", state.layout, fallen=(card,)))
    assert state.is_over() and state.scores() == [0.0] and state.winners() == [0]
    from simulator.games.wackelbett.words import TableWords

    assert TableWords.headline(state.view(0), daily=False) == "Solo challenge · over"


def test_with_more_tries_the_challenge_goes_on_from_the_table_the_fall_left():
    """[rules] challenge_tries = 2: the card comes back to the hand, the player stands the
    princess back up and tries again; two losses in a row end the run, a card that stays
    between them starts the count again."""
    game = challenge_game(load_game("wackelbett", players=1), tries=2)
    state = game.new_state(7)
    settle_with_referee(state)
    card = state.hands[0][0]

    def fall() -> None:
        state.apply(state.legal_actions(0)[0])
        state.apply(verdict("card", state.layout, fallen=(card,)))

    fall()
    assert not state.is_over() and state.phase == LIFT and state.hands[0] == [card]
    assert state.events[-1]["what"] == "fails"
    stand_her_back_up(state)
    assert state.phase == TURN
    state.apply(state.legal_actions(0)[0])
    state.apply(verdict("card", with_card_on_top(state, card)))
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    assert state.stacked == 1 and state.failures_in_row == 0
    card = state.hands[0][0]
    fall()
    stand_her_back_up(state)
    fall()
    assert state.is_over() and state.stacked == 1


def test_with_more_tries_fallen_cards_come_back_when_the_draw_pile_is_used_up():
    """As in the table game: "When the drawing pile has been used up, shuffle the reserve cards
    and create another draw pile." So a run that lost cards can still stack the whole deck; it
    is complete only when no card is left to draw."""
    game = challenge_game(load_game("wackelbett", players=1), tries=2)
    state = game.new_state(7)
    settle_with_referee(state)
    lost, last = state.draw_pile[:-1], state.draw_pile[-1]
    state.reserve, state.draw_pile = list(lost), [last]  # as if all but one had fallen off earlier

    def lay_and_stand() -> None:
        card = state.hands[0][0]
        state.apply(state.legal_actions(0)[0])
        state.apply(verdict("card", with_card_on_top(state, card)))
        state.apply(princess_on_crown(state))
        settle_with_referee(state)

    lay_and_stand()
    assert state.hands[0] == [last] and state.draw_pile == []
    lay_and_stand()
    assert not state.is_over() and state.hands[0][0] in lost
    assert [e["count"] for e in state.events if e["what"] == "reshuffle"] == [len(lost)]
    state.draw_pile, state.reserve = [], []  # nothing left anywhere: the next card to stay completes it
    lay_and_stand()
    assert state.is_over() and state.events[-1]["what"] == "complete"


def test_a_whole_challenge_runs_to_its_end():
    game = load_game("wackelbett", players=1)
    state = play_out(game, [RandomBot(game, 0)], seed=3)
    assert state.is_over()
    assert state.scores()[0] >= state.stacked * game.physics.card.thickness - 1.0
    assert state.stacked == sum(isinstance(a, PlaceCard) for a in state.history) - (not state.events[-1]["what"] == "complete")


def test_the_daily_seed_is_the_same_all_day_and_new_each_day():
    game = load_game("wackelbett", players=1)
    day = dt.date(2024, 5, 17)
    assert game.daily_seed(day) == daily_challenge_seed(day, game.daily_seed_salt)
    assert game.daily_seed(day) == game.daily_seed(dt.date(2024, 5, 17))
    assert len({game.daily_seed(day + dt.timedelta(days=k)) for k in range(30)}) == 30
    assert game.new_state(game.daily_seed(day)).to_json() == game.new_state(game.daily_seed(day)).to_json()


def test_high_scores_keep_the_best_and_are_written_whole(tmp_path):
    book = HighScoreBook(tmp_path / "scores", keep=2)
    assert book.scores() == []
    low = ChallengeScore("Ada", 30.0, 10, 1, "2024-05-17")
    high = ChallengeScore("Bo", 60.0, 20, 1, "2024-05-17")
    assert book.add(low) == 1
    assert book.add(high) == 1
    assert book.add(ChallengeScore("Cy", 10.0, 3, 1, "2024-05-17")) is None
    assert book.scores() == [high, low]
    assert [p.name for p in (tmp_path / "scores").iterdir()] == ["wackelbett-challenge.json"], "no temp files left"
    assert json.loads(book.path.read_text())["scores"][0]["name"] == "Bo"
    book.path.write_text("{not json")
    with pytest.raises(ValueError, match="wackelbett-challenge.json"):
        book.scores()


def test_the_challenge_height_is_the_pile_at_its_top_cards_middle_not_a_tipped_up_end():
    from dataclasses import replace

    from simulator.games.wackelbett.layout import neat_stack, pile_height
    from simulator.physics.snapshot import BodyPose

    physics = load_game("wackelbett").physics
    three = neat_stack(physics, [0, 1, 2], [0.0, 0.0, 0.0])
    assert pile_height(physics, three) == pytest.approx(3 * physics.card.thickness)
    # a fourth card lies underneath the top one, tipped 12 degrees against the wall: its end rises high
    c = three.cards
    tipped = BodyPose(80.0, c[0][1].y + 10.0, 0.21)
    with_tipped = replace(three, cards=(c[0], (3, tipped), c[1], c[2]))
    assert with_tipped.top_card == 2
    assert pile_height(physics, with_tipped) == pytest.approx(3 * physics.card.thickness)
