"""Mamma: the box, the city and the set-up. One test per rule; each quotes the rulebook."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction, Scene, SceneError, load_game
from simulator.games.mamma.box import CHARACTERS, SITE_NAMES
from simulator.games.mamma.rules import (CHOOSE_SECRET, DRAFT, MAIN, PLAY, SEAT, TAKE_SECRET,
                                         ChooseSecret, Draft, Finish, PlayMovement, TakeSecret)

from .tabletop import all_cards, set_hand, sp, started


def test_the_box_holds_110_cards():
    """"All 110 cards are utilized for this version." Every card has one id and one place."""
    game = load_game("mamma", players=4)
    box = game.box
    assert box.total == 110
    state = game.new_state(1)
    assert all_cards(state) == list(range(110))
    assert len(box.city) == 27 and len(box.ingredients) == 10 and len(box.guests) == 4
    assert len(box.bus) == 5 and len(box.substitutes) == 2 and len(box.family) == 6


def scene_with(tmp_path, old: str, new: str) -> Scene:
    """The game's scene file with ``old`` written as ``new``."""
    path = tmp_path / "mamma.toml"
    path.write_text((Scene.load("mamma").path).read_text().replace(old, new))
    return Scene.from_path(path)


def test_a_scene_that_does_not_add_up_to_the_box_is_refused(tmp_path):
    """The 110-card total is a check on the design: a scene describing more cards is refused."""
    scene = scene_with(tmp_path, "money = [1, 1, 1, 1, 1,", "money = [1, 1, 1, 1, 1, 1,")
    with pytest.raises(SceneError, match=r"\[box.total\].*110.*111"):
        load_game("mamma", players=2, scene=scene)


def test_a_scene_whose_family_speaks_of_a_character_oddly_is_refused(tmp_path):
    """The sentences say "his seat", "put her there": each character is "he" or "she" (designed data)."""
    scene = scene_with(tmp_path, 'pronouns = ["he", "she"', 'pronouns = ["it", "she"')
    with pytest.raises(SceneError, match=r"pronouns.*'he' or 'she'"):
        load_game("mamma", players=2, scene=scene)


def test_the_city_has_27_spaces_numbered_on_their_backs():
    """"The 27 horizontal cards, numbered from 1 to 27 on their backs (C). The back numbers serve
    only to give the exact position of each card of the area of play." Our city: 3 rows of 9."""
    city = load_game("mamma", players=2).city
    assert city.size == 27 and (city.rows, city.columns) == (3, 9)
    assert city.neighbours[sp(1)] == (sp(2), sp(10))          # a corner: two neighbours
    assert sorted(city.neighbours[sp(14)]) == [sp(5), sp(13), sp(15), sp(23)]  # orthogonal only
    assert set(SITE_NAMES) == {"school", "bank", "wc", "hospital", "bench", "church"}
    for name in SITE_NAMES:  # cards beside the grid, touching two city spaces each
        assert len(city.next_to_site(name)) == 2


def test_column_b_seats_are_reached_only_from_the_adjacent_city_spaces():
    """"The 6 cards of column B are the characters of the family" and "a character must reach
    his/her seat at the table by moving from an adjacent area of play space"."""
    state = started()
    city = state.game.city
    assert all(city.column(s) == 0 for s in city.seat_entrances)
    for c in range(CHARACTERS):
        assert state.loc[c] == SEAT
        assert state.destinations(c) == [city.seat_entrances[c]]


def test_player_a_chooses_a_secret_character_and_the_others_draw_at_random():
    """"Player A ... secretly chooses one of them, placing the other 5 cards on the table, face
    down. All other players take one character card directly from the table, randomly.\""""
    game = load_game("mamma", players=4)
    state = game.new_state(3)
    assert state.phase == CHOOSE_SECRET and state.current_players() == (state.player_a,)
    assert len(state.view(state.player_a)["secret_choice_cards"]) == 6
    other = (state.player_a + 1) % 4
    assert state.view(other)["secret_choice_cards"] == []
    state.apply(ChooseSecret(state.player_a, 3))
    assert state.phase == TAKE_SECRET and state.current_players() == (other,)
    assert state.view(other)["secret_face_down"] == 5
    while state.phase == TAKE_SECRET:
        state.apply(TakeSecret(state.current, 0))
    assert state.secret[state.player_a] == 3
    assert len(set(state.secret)) == 4


def test_player_a_is_chosen_at_random():
    """"Establish randomly the first player (known as Player A)"."""
    firsts = {load_game("mamma", players=4).new_state(seed).player_a for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_secret_characters_are_hidden_from_the_other_players():
    """"In this manner, each player will have a secret character of the family": only its owner
    sees it until the end ("At this point, the players show their secret characters")."""
    state = started(players=3, secret_a=1)
    box = state.game.box
    for seat in range(3):
        view = state.view(seat)
        assert view["my_character"] == state.secret[seat]
        assert view["my_secret_card"] == box.secret[state.secret[seat]]
        assert [v is None for v in view["secret_cards"]] == [s != seat for s in range(3)]
        others = [box.secret[state.secret[s]] for s in range(3) if s != seat]
        assert set(others) <= state.hidden_from(seat)
    assert state.view(None)["my_character"] is None


def test_the_remaining_secret_cards_are_removed_face_down():
    """"The remaining cards must be removed from the game, face down.\""""
    state = started(players=2)
    removed = state.secret_removed
    assert len(removed) == 4
    for seat in (None, 0, 1):
        assert set(removed) <= state.hidden_from(seat)


def test_each_character_starts_with_one_money_card():
    """"Beginning from the top card of the money deck, place 1 card, face up, to the left of every
    reference card, beginning with the Grandpa.\""""
    game = load_game("mamma", players=2)
    state = game.new_state(5)
    assert all(len(state.money_at[c]) == 1 for c in range(CHARACTERS))
    assert len(state.decks["money"]) == len(game.box.money) - CHARACTERS


def test_ingredient_cards_lie_face_up_in_their_own_row_and_the_first_goes_into_the_city():
    """"These 10 ingredients cards must be shuffled and placed face up, in its own vertical row."
    (Designed: the top one starts on the club-marked spot 15.)"""
    state = load_game("mamma", players=2).new_state(2)
    assert len(state.ingredient_row) == 9
    assert state.ingredient_space == sp(15)
    onlooker = state.view(None)
    assert onlooker["ingredient_row_cards"] == state.ingredient_row
    assert not set(state.ingredient_row) & state.hidden_from(None)


def test_the_bus_cards_are_studied_then_turned_face_down():
    """"All the players must study these cards before they are turned over, and will have to
    remember the top card and the sequence of the rest of the deck.\""""
    state = load_game("mamma", players=2).new_state(4)
    assert state.view(0)["bus_cards"] == state.bus_deck  # during set-up, face up
    state = started(seed=4)
    assert set(state.bus_deck) <= state.hidden_from(0)
    assert state.view(0)["bus_cards"] == []
    assert state.view(0)["bus_memory"] == [], "players remember it themselves"
    aided = started(seed=4, bus_memory="remembered")  # option: the table remembers for everyone
    box = aided.game.box
    assert aided.view(0)["bus_memory"] == [box.bus_label(c) for c in aided.bus_deck]


def test_each_player_drafts_five_cards_from_either_deck_beginning_with_player_a():
    """"Beginning with Player A, each player chooses 1 game card from one of the two decks
    (movement or money), until all the players have 5 cards in their hands.\""""
    game = load_game("mamma", players=3)
    state = game.new_state(6)
    state.apply(ChooseSecret(state.player_a, 0))
    while state.phase == TAKE_SECRET:
        state.apply(TakeSecret(state.current, 0))
    assert state.phase == DRAFT and state.current == state.player_a
    order = []
    while state.phase == DRAFT:
        order.append(state.current)
        deck = "money" if state.decks["money"] else "movement"
        top = state.decks[deck][0]
        state.apply(Draft(state.current, deck))
        assert top in state.hands[order[-1]]  # the top card, which everyone could see
    a = state.player_a
    assert order[:3] == [a, (a + 1) % 3, (a + 2) % 3]
    assert [len(h) for h in state.hands] == [5, 5, 5]


def test_the_game_cards_lie_face_up_showing_only_their_top_card():
    """"Shuffle the two decks separately and place them on the table, face up.\""""
    state = started()
    view = state.view(1)
    assert view["movement_top_card"] == state.decks["movement"][0]
    assert set(state.decks["movement"][1:]) <= state.hidden_from(1)


def test_the_player_left_of_player_a_starts():
    """"The player to the left of Player A starts, then it continues clockwise.\""""
    state = started(players=4, seed=8)
    assert state.phase == PLAY and state.stage == MAIN
    assert state.current == (state.player_a + 1) % 4


def test_played_cards_go_under_their_deck_face_up():
    """"every time a game card is played or discarded, it must be placed under the corresponding
    deck, always face up.\""""
    state = started()
    seat = state.current
    card = set_hand(state, seat, movement=[3])[0]
    state.apply(PlayMovement(seat, card))
    assert state.decks["movement"][-1] == card


def test_another_players_action_is_refused_with_a_reason():
    """Only the seat to act may act; the refusal says who is to act."""
    state = started()
    other = 1 - state.current
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(Finish(other))


def test_other_players_hands_show_only_as_counts():
    """Game cards in a hand are that player's secret; the others see how many they hold."""
    state = started(players=3)
    for seat in range(3):
        view = state.view(seat)
        assert view["hand_cards"] == state.hands[seat]
        assert view["hand_sizes"] == [5, 5, 5]
        for other in range(3):
            if other != seat:
                assert set(state.hands[other]) <= state.hidden_from(seat)


def test_undo_cannot_take_back_a_look_at_a_secret_card():
    """Undo stops at hidden information: a player who turned up a secret card cannot undo and
    pick another (the engine's undo floor)."""
    from simulator.engine import undo

    game = load_game("mamma", players=3)
    state = game.new_state(2)
    state.apply(ChooseSecret(state.player_a, 0))
    taker = state.current
    state.apply(TakeSecret(taker, 0))
    assert undo(state, taker) is None
