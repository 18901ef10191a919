"""Mamma at the table, headless: drags along the city, clicks for money and decisions, secrecy."""
from __future__ import annotations

import copy
import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, load_game, make_bot  # noqa: E402
from simulator.games.mamma.box import GRANDMA, GRANDPA, HUSBAND, MAMMA, SON, WIFE  # noqa: E402
from simulator.games.mamma.rules import (SCHOOLBUS, AssignGuests, ChooseSecret, Decline,  # noqa: E402
                                         DiscardThree, Draft, Draw, EndMovement, EndTurn, Finish,
                                         LoseIngredient, Pay, PlaceCharacter, PlaceIngredient,
                                         PlaceMoney, PlayMovement, RideBus, SeatFifth, Steal, Step,
                                         TakeSecret, TakeTaxi, TurnSideways, Arcade)
from simulator.games.mamma.routes import Router  # noqa: E402
from simulator.games.mamma.trail import Trail, fund  # noqa: E402
from simulator.games.mamma.board import BAR, MONEY_DECK, MOVEMENT_DECK  # noqa: E402
from simulator.ui.headless import init_headless, settle  # noqa: E402
from simulator.ui.sound import Cue  # noqa: E402
from simulator.ui.overlays import HandOffOverlay, SummaryOverlay  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402
from simulator.ui.theme import HIGHLIGHT, TABLE_RECT  # noqa: E402
from tests.games.mamma.tabletop import (give_food, ingredient_card, park_pieces, put, set_hand,  # noqa: E402
                                        set_money, sp, started)

NAMES = ["Ann", "Bob", "Cleo", "Dev"]


@pytest.fixture(scope="module", autouse=True)
def screen():
    yield init_headless()


# -- tables ------------------------------------------------------------------------------------
def table_from_state(state, humans=None) -> TableScene:
    """A table showing an arranged ``state``; the seat to act is the human unless told."""
    game = state.game
    humans = (state.current_players()[0],) if humans is None else humans
    seats = tuple(SeatInfo(NAMES[i], "human" if i in humans else "good") for i in range(game.players))
    scene = TableScene(None, TableSetup(game, seats, state.seed))
    scene.state = state
    scene.viewer = humans[0] if len(humans) == 1 else None
    scene.overlays = []
    scene.refresh()
    settle(scene, 0.5)
    return scene


def bots_play(game, seed: int, until):
    bots = [make_bot(game, s, "good") for s in range(game.players)]
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not until(state):
        if state.is_over():
            return None
        seat = state.current_players()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def table_at(players: int, until, seeds=range(40)) -> TableScene:
    """A replayed table (seat 0 human, good bots elsewhere) at the first position ``until`` accepts."""
    game = load_game("mamma", players=players)
    for seed in seeds:
        state = bots_play(game, seed, until)
        if state is None:
            continue
        seats = tuple(SeatInfo(NAMES[i], "human" if i == 0 else "good") for i in range(players))
        scene = TableScene(None, TableSetup(game, seats, seed, tuple(a.to_json() for a in state.history)))
        scene.overlays = []
        scene.refresh()
        settle(scene, 0.5)
        return scene
    raise AssertionError("no such position in the seeds tried")


def arranged(players: int = 2, seed: int = 0):
    """A game past set-up, the pieces parked where the tests expect them."""
    state = started(players, seed)
    park_pieces(state)
    return state


# -- the mouse -----------------------------------------------------------------------------------
def motion(scene, pos, held=False):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                          buttons=(1, 0, 0) if held else (0, 0, 0)))


def click(scene, pos, *, release_at=None, via=()):
    """Press at ``pos``, move over ``via`` (and ``release_at``), release."""
    motion(scene, pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1))
    for point in via:
        motion(scene, point, held=True)
    end = release_at or (via[-1] if via else pos)
    motion(scene, end, held=True)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1))


def right_click(scene):
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))


def centre_of(scene, key):
    return scene.view.sprites.rect_of(key).center


def place_centre(scene, place, piece):
    return scene.view.board.centre(place, piece)


def drag_piece(scene, piece, places, *, release=True):
    """Press on ``piece`` and move the mouse over each of ``places`` in turn."""
    start = centre_of(scene, ("piece", piece))
    points = [place_centre(scene, p, piece) for p in places]
    if release:
        click(scene, start, via=points)
    else:
        motion(scene, start)
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for point in points:
            motion(scene, point, held=True)


def button(scene, starts: str):
    found = [b for b in scene.view.buttons if b.label.startswith(starts)]
    assert found, f"no button {starts!r} among {[b.label for b in scene.view.buttons]}"
    return found[0].rect.center


# -- walking -----------------------------------------------------------------------------------------
def walking_position():
    """The Wife on 10, two 2-mp cards and a money card in the hand of the seat to act."""
    state = arranged()
    seat = state.current
    set_hand(state, seat, movement=(2, 2), money=(1,))
    put(state, WIFE, 10)
    return state, seat


def test_dragging_a_character_plays_cards_and_walks_it_step_by_step():
    state, seat = walking_position()
    scene = table_from_state(state)
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21)])
    moves = [a for a in state.history if isinstance(a, (PlayMovement, Step, EndMovement))]
    assert [type(a) for a in moves] == [PlayMovement, PlayMovement, Step, Step, Step, EndMovement]
    assert [a.to for a in moves if isinstance(a, Step)] == [sp(19), sp(20), sp(21)]
    assert state.loc[WIFE] == sp(21) and state.mp == 1  # 4 mp played, 3 walked


def test_a_piece_let_go_off_the_board_walks_nowhere():
    """Issue 29: Grandma dragged along 1-10-19 and let go below the window walked there and spent
    3 mp. A drop outside the city cancels the drag: nothing is played, the piece stays, and the
    table says why."""
    state, seat = walking_position()
    scene = table_from_state(state)
    before, where = len(state.history), state.loc[WIFE]
    drag_piece(scene, WIFE, [sp(19), sp(20)], release=False)
    below = (place_centre(scene, sp(20), WIFE)[0], 760)  # under the bottom of the 720-pixel window
    motion(scene, below, held=True)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    assert len(state.history) == before and state.loc[WIFE] == where
    assert scene.view.refusal and "off the city" in scene.view.refusal[0]


def ann_with_a_walk(seed: int = 5):
    """A dealt game (undo replays the record) at Ann's first turn with a walk to make: the table
    and the walk [card, step, end]."""
    game = load_game("mamma", players=2)
    scene = TableScene(None, TableSetup(game, (SeatInfo("Ann"), SeatInfo("Bob", "good")), seed))
    bot, rng = make_bot(game, 0, "good"), random.Random(seed)
    for _ in range(400):                     # bounded: the first turn of Ann's with a walk to make
        state = scene.state
        if state.current_players() == (0,):
            legal = state.legal_actions(0)
            for play in (a for a in legal if isinstance(a, PlayMovement)):
                probe = state.clone()
                probe.apply(play)
                for step in (a for a in probe.legal_actions(0) if isinstance(a, Step)):
                    walked = probe.clone()
                    walked.apply(step)
                    if any(isinstance(a, EndMovement) for a in walked.legal_actions(0)):
                        return scene, [play, step, EndMovement(0)]
            scene.try_action(bot.choose(state.view(0), legal, rng))
        else:
            scene.machine_moves(state.current_players()[0])
    raise AssertionError("Ann never had a walk to make")


def ctrl_z(scene):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                          scancode=0))


def test_one_ctrl_z_takes_back_a_whole_drag_with_the_cards_it_played():
    """A drag is one move made of several steps (the cards it plays, each step, the stop):
    Ctrl+Z takes it back whole. (A dealt game, not an arranged one: undo replays the record.)"""
    scene, drag = ann_with_a_walk()
    before = scene.state.to_json()
    assert scene.try_action(drag)
    ctrl_z(scene)
    assert scene.state.to_json() == before, "the piece is back and the card is in the hand again"


def cyan_pixels(scene) -> int:
    """How many pixels of the last move's cyan one frame of the table shows."""
    from simulator.ui.marks import MARK

    surface = pygame.display.get_surface()
    scene.draw(surface)
    table = surface.subsurface(TABLE_RECT)
    return pygame.transform.threshold(None, table, MARK, (8, 8, 8, 255), set_behavior=0)


def test_after_ctrl_z_no_ring_or_name_tag_is_left_on_what_was_taken_back():
    """Ann drags a piece (it is ringed, 'You' over it); Ctrl+Z takes the walk back: nothing on the
    table is ringed as her move any more, neither the piece back in place nor the card back in hand."""
    scene, drag = ann_with_a_walk()
    step = drag[1]
    settle(scene)
    scene.view.last_move.clear()
    assert cyan_pixels(scene) == 0
    drag_piece(scene, step.piece, [step.to])
    assert scene.state.loc[step.piece] == step.to
    assert cyan_pixels(scene) > 0 and scene.view.last_move.label == "You"
    ctrl_z(scene)
    assert scene.state.loc[step.piece] != step.to
    assert cyan_pixels(scene) == 0, "the undone move is still ringed"


def test_the_dragged_path_shows_its_cost_and_lights_where_the_piece_could_still_stop():
    state, seat = walking_position()
    scene = table_from_state(state)
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21)], release=False)
    view = scene.view
    assert view.drag.trail.path == [sp(10), sp(19), sp(20), sp(21)]
    assert view.drag.trail.cost(view.router) == 3
    assert view.lit[sp(22)] == 4 and view.lit[sp(12)] == 4  # one more step with the 4th mp
    assert sp(23) not in view.lit  # two more steps are beyond the hand
    scene.draw(pygame.display.get_surface())  # the trail and its cost label draw without error
    assert state.history[-1].__class__.__name__ == "Draft", "nothing is sent before the drop"


def test_moving_back_over_the_trail_takes_the_steps_back():
    state, seat = walking_position()
    scene = table_from_state(state)
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21), sp(20)])
    assert state.loc[WIFE] == sp(20)
    assert [a.to for a in state.history if isinstance(a, Step)] == [sp(19), sp(20)]


def test_clicking_a_piece_then_a_lit_space_walks_the_cheapest_way():
    state, seat = walking_position()
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("piece", WIFE)))
    assert scene.view.picked == WIFE and sp(21) in scene.view.lit
    click(scene, place_centre(scene, sp(21), WIFE))
    assert state.loc[WIFE] == sp(21)
    assert len([a for a in state.history if isinstance(a, Step)]) == 3


def test_a_drop_on_an_occupied_space_springs_back_with_the_reason():
    state, seat = walking_position()
    put(state, SON, 21)
    scene = table_from_state(state)
    before = state.to_json()
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21)])
    assert state.to_json() == before
    assert scene.view.refusal and scene.view.refusal[0] == ("The Wife must end her movement on an empty space "
                                                            "(or on the bench, in the W.C., or at her seat).")


def test_a_way_beyond_the_cards_in_hand_is_refused_before_anything_moves():
    state, seat = walking_position()
    scene = table_from_state(state)
    before = state.to_json()
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21), sp(22), sp(23), sp(24)])
    assert state.to_json() == before
    assert scene.view.refusal and "costs 6 mp" in scene.view.refusal[0]


def test_the_cards_played_for_a_drag_are_the_fewest_that_cover_it_selected_ones_first():
    state = arranged()
    box = state.game.box
    one, two, three, four = set_hand(state, state.current, movement=(1, 2, 3, 4))
    hand = [one, two, three, four]
    assert fund(box, hand, 4, allowance=None) == [four]
    assert fund(box, hand, 5, allowance=None) == [one, four]  # two cards, the smaller total
    assert fund(box, hand, 5, allowance=None, preferred=[two]) == [two, three]
    assert fund(box, hand, 11, allowance=3) is None  # the Dinner Hour's three cards make 9 at most
    assert fund(box, hand, 0, allowance=0) == []


def test_a_jump_of_the_mouse_is_filled_with_the_fewest_steps_never_across_a_traffic_card():
    state = arranged()  # traffic cards on 13 and 16
    put(state, WIFE, 12)
    router = Router(state.game, state.view(state.current))
    trail = Trail(WIFE, [sp(12)])
    assert trail.follow(router, sp(14))
    assert trail.path[0] == sp(12) and trail.end == sp(14) and sp(13) not in trail.path
    assert len(trail.path) == 5  # around the traffic card on 13: up or down, across, back
    assert not trail.follow(router, sp(13)), "nobody steps onto a traffic card"


def test_a_drag_onto_a_traffic_card_says_why_before_and_after_the_drop_and_walks_nowhere(monkeypatch):
    """Dragged 11 -> 12 -> 13 with a traffic card on 13, the Grandpa cannot follow the mouse onto
    13: the tag beside the cursor says so (not a cost, as if he went there), and the drop there
    is refused with the rules' reason instead of silently stopping him on 12."""
    state = arranged()  # traffic cards on 13 and 16
    seat = state.current
    set_hand(state, seat, movement=(1,), money=(3,))
    put(state, GRANDPA, 11)
    scene = table_from_state(state)
    before = state.to_json()
    drag_piece(scene, GRANDPA, [sp(12), sp(13)], release=False)
    drawn = [message for _, message in words_drawn(scene, monkeypatch)]
    assert "Not here: nothing may cross a traffic card" in drawn
    assert not any(message.endswith(" mp") for message in drawn if message[:1].isdigit()), drawn
    end = place_centre(scene, sp(13), GRANDPA)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1))
    assert state.to_json() == before, "he stays on 11 and no card is played"
    assert scene.view.refusal and scene.view.refusal[0] == "Nothing may cross a traffic card."
    settle(scene)
    drag_piece(scene, GRANDPA, [sp(12)])  # dropped where he can go, he goes
    assert state.loc[GRANDPA] == sp(12)


def test_a_theft_met_on_the_way_is_asked_and_answering_it_walks_the_rest():
    state, seat = walking_position()
    put(state, MAMMA, 20)
    loot = ingredient_card(state, foods=("bread",))
    give_food(state, MAMMA, loot)
    scene = table_from_state(state)
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21)])
    assert state.loc[WIFE] == sp(20) and state.pending[0]["kind"] == "steal"
    assert scene.view.refusal is None, "waiting for a decision is not a refusal"
    assert "takes an ingredients card" in scene.view.status()
    click(scene, button(scene, "Take bread"))
    assert loot in state.food_at[WIFE]
    assert state.loc[WIFE] == sp(21) and state.active is None
    assert isinstance(state.history[-1], EndMovement)


def test_declining_a_theft_also_walks_on():
    state, seat = walking_position()
    put(state, MAMMA, 20)
    loot = ingredient_card(state, foods=("bread",))
    give_food(state, MAMMA, loot)
    scene = table_from_state(state)
    drag_piece(scene, WIFE, [sp(19), sp(20), sp(21)])
    click(scene, button(scene, "Leave them"))
    assert loot in state.food_at[MAMMA] and state.loc[WIFE] == sp(21)


def test_the_taxi_button_starts_a_ride_the_wife_is_then_dragged_on_without_cards():
    state = arranged()
    seat = state.current
    set_hand(state, seat, movement=(1,))
    put(state, WIFE, 14)
    set_money(state, WIFE, 2)
    scene = table_from_state(state)
    click(scene, button(scene, "Taxi: 2 money = 6 mp"))
    assert isinstance(state.history[-1], TakeTaxi) and state.active["ride"] == "taxi"
    assert scene.view.picked == WIFE and sp(21) in scene.view.lit
    drag_piece(scene, WIFE, [sp(23), sp(22), sp(21)])
    assert state.loc[WIFE] == sp(21) and state.active is None
    assert not any(isinstance(a, PlayMovement) for a in state.history[-5:]), "the taxi paid for the ride"


def test_the_schoolbus_runs_over_the_son_the_loss_is_asked_and_the_bus_drives_on():
    state = arranged()
    seat = state.current
    set_hand(state, seat, movement=(3, 2))
    put(state, SON, 24)
    bread, cheese = ingredient_card(state, foods=("bread",)), ingredient_card(state, foods=("cheese",))
    give_food(state, SON, bread)
    give_food(state, SON, cheese)
    scene = table_from_state(state)
    drag_piece(scene, SCHOOLBUS, [sp(24), sp(23)])
    assert state.loc[SON] == "hospital" and state.pending[0]["kind"] == "lose"
    assert state.loc[SCHOOLBUS] == sp(24) and scene.view.refusal is None
    click(scene, button(scene, "Lose bread"))
    assert bread in state.lost and cheese in state.food_at[SON]
    assert state.loc[SCHOOLBUS] == sp(23) and state.active is None


def test_a_forced_purchase_is_paid_with_a_button_and_the_next_card_placed_by_a_click():
    state = arranged()
    seat = state.current
    set_hand(state, seat, movement=(1,))
    put(state, WIFE, 23)                    # the first ingredients card lies on 15
    set_money(state, WIFE, 3)
    scene = table_from_state(state)
    city_card = state.floor[sp(15)]
    drag_piece(scene, WIFE, [sp(24)])
    assert state.pending[0]["kind"] == "buy"
    assert "must buy" in scene.view.status()
    price = state.price(WIFE)
    click(scene, button(scene, "Pay 3"))
    assert city_card in state.food_at[WIFE] and not state.money_at[WIFE]
    assert price < 3  # the surplus is lost: the button said so
    spots = state.ingredient_spots(sp(24))
    assert state.pending[0]["kind"] == "place-ingredient"
    click(scene, place_centre(scene, spots[0], WIFE))
    assert state.ingredient_space == spots[0]


def test_a_money_card_dragged_onto_a_character_is_placed_there():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, money=(2,))
    set_money(state, HUSBAND)
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("card", cards[0])), release_at=scene.view.board.ref_rect(HUSBAND).center)
    assert state.history[-1] == PlaceMoney(seat, cards[0], HUSBAND, -1)
    assert cards[0] in state.money_at[HUSBAND]


def test_once_the_cards_have_landed_the_hover_note_is_about_what_is_under_the_still_mouse():
    state = arranged()
    cards = set_hand(state, state.current, money=(2,))
    set_money(state, HUSBAND)
    scene = table_from_state(state)
    panel = scene.view.board.ref_rect(HUSBAND).center
    click(scene, centre_of(scene, ("card", cards[0])), release_at=panel)   # the card flies off the mouse
    for _ in range(120):
        scene.update(1 / 60)
    assert not scene.view.busy()
    assert scene.view.hover_key == ("panel", HUSBAND), "the mouse rests on the Husband's panel, not the card"


def test_a_money_card_clicked_then_a_full_character_replaces_the_lowest_card():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, money=(3,))
    low, high = set_money(state, HUSBAND, 1, 2)
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("card", cards[0])))
    assert cards[0] in scene.view.selected
    click(scene, scene.view.board.ref_rect(HUSBAND).center)
    assert state.history[-1] == PlaceMoney(seat, cards[0], HUSBAND, low)


def test_a_money_card_dropped_on_one_of_a_full_characters_cards_replaces_that_one():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, money=(3,))
    low, high = set_money(state, HUSBAND, 1, 2)
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("card", cards[0])), release_at=centre_of(scene, ("card", high)))
    assert state.history[-1] == PlaceMoney(seat, cards[0], HUSBAND, high)


def test_an_illegal_money_drop_shows_the_rules_reason_and_changes_nothing():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, money=(1,))
    set_money(state, HUSBAND, 3, 3)
    scene = table_from_state(state)
    before = state.to_json()
    click(scene, centre_of(scene, ("card", cards[0])), release_at=scene.view.board.ref_rect(HUSBAND).center)
    assert state.to_json() == before
    assert scene.view.refusal and "replace a lower one" in scene.view.refusal[0]
    settle(scene)
    assert scene.view.sprites.rect_of(("card", cards[0])).centery > BAR.bottom, "the card is back in the hand"


def test_clicking_a_deck_before_finishing_is_refused_with_the_reason():
    state = arranged()
    scene = table_from_state(state)
    before = state.to_json()
    click(scene, MOVEMENT_DECK)
    assert state.to_json() == before
    assert scene.view.refusal and "Play first" in scene.view.refusal[0]


def test_done_then_the_decks_then_end_turn_by_clicks():
    state = arranged()
    seat = state.current
    set_hand(state, seat, movement=(1,), money=(1,))
    scene = table_from_state(state)
    click(scene, button(scene, "Done: take 4 cards"))
    assert isinstance(state.history[-1], Finish)
    click(scene, MOVEMENT_DECK)
    click(scene, MONEY_DECK)
    assert [type(a) for a in state.history[-2:]] == [Draw, Draw]
    click(scene, button(scene, "End turn"))
    assert state.current != seat


def test_after_two_cards_played_the_one_card_is_taken_before_the_turn_can_end():
    """Options 3 and 4 "take 1 game card": no End turn button until it is taken."""
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, movement=(1, 1))
    for card in cards:
        state.apply(PlayMovement(seat, card))
    scene = table_from_state(state)
    click(scene, button(scene, "Done"))
    assert isinstance(state.history[-1], Finish)
    assert not [b for b in scene.view.buttons if b.label.startswith("End turn")]
    assert scene.view.hint == "Take your 1 card: click a deck."
    assert scene.view.status() == "Take your 1 card from a deck, then end your turn", "the banner agrees"
    click(scene, MONEY_DECK)
    assert isinstance(state.history[-1], Draw) and state.current != seat


def test_selected_movement_cards_are_played_with_the_play_button():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, movement=(3, 1))
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("card", cards[0])))
    click(scene, button(scene, "Play 1 card (+3 mp)"))
    assert state.history[-1] == PlayMovement(seat, cards[0]) and state.mp == 3


def test_three_cards_selected_are_discarded_then_a_card_is_turned_sideways_by_a_click():
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, movement=(1, 2), money=(1,))
    loot = ingredient_card(state, foods=("bread",))
    give_food(state, GRANDMA, loot)
    scene = table_from_state(state)
    for card in cards:
        click(scene, centre_of(scene, ("card", card)))
    click(scene, button(scene, "Discard these 3"))
    assert isinstance(state.history[-1], DiscardThree) and state.pending[0]["kind"] == "sideways"
    settle(scene)
    click(scene, centre_of(scene, ("card", loot)))
    assert state.history[-1] == TurnSideways(seat, loot) and loot in state.sideways


def test_the_hint_in_the_bar_follows_the_selection(monkeypatch):
    """One money card selected: place it on a panel. Three cards, money among them: the bar says
    what three cards can do (be discarded), not what one of them could."""
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, movement=(1, 2), money=(1,))
    money = cards[2]
    scene = table_from_state(state)
    click(scene, centre_of(scene, ("card", money)))
    assert "Click a character's panel to place the money." in [m for _, m in words_drawn(scene, monkeypatch)]
    for card in cards[:2]:
        click(scene, centre_of(scene, ("card", card)))
    drawn = [m for _, m in words_drawn(scene, monkeypatch)]
    assert "Click a character's panel to place the money." not in drawn
    assert "Discard these 3 with the button; then you take 1 card." in drawn
    click(scene, centre_of(scene, ("card", money)))  # two movement cards left selected
    drawn = [m for _, m in words_drawn(scene, monkeypatch)]
    assert "Play them, or drag a piece: they pay its way first." in drawn


def band_labels(scene) -> dict[str, pygame.Rect]:
    """Where the band's labels "Your hand ...", "Movement" and "Money" are written."""
    from simulator.games.mamma.board import BAND_Y, HAND_X0
    from simulator.ui.theme import font

    v, decks = scene.view.view, scene.view.board.decks
    count, mp = len(v["hand_cards"]), sum(scene.game.box.value[c] for c in v["hand_cards"]
                                         if scene.game.box.is_movement(c))
    hand = font(13, True).render(f"Your hand · {count} cards · {mp} mp in movement cards", True, (0, 0, 0))
    out = {"hand": hand.get_rect(topleft=(HAND_X0 - 30, BAND_Y))}
    for deck, rect in decks.items():
        out[deck] = font(13, True).render(deck.capitalize(), True, (0, 0, 0)).get_rect(midtop=(rect.centerx, BAND_Y))
    return out


def test_lifted_cards_and_the_last_moves_name_tag_leave_the_bands_labels_readable():
    """Three cards selected (lifted), a new card in the hand and a deck another player drew from
    (ringed, with a name tag): the labels of the hand and the decks show as with nothing on them."""
    state = arranged()
    seat = state.current
    cards = set_hand(state, seat, movement=(1, 2), money=(1, 2))
    scene = table_from_state(state)
    surface = pygame.display.get_surface()
    motion(scene, place_centre(scene, sp(1), 0))
    scene.view.last_move.clear()
    scene.draw(surface)
    labels = band_labels(scene)
    bare = {name: surface.subsurface(rect).copy() for name, rect in labels.items()}
    for card in cards[:3]:
        click(scene, centre_of(scene, ("card", card)))
    motion(scene, place_centre(scene, sp(1), 0))
    settle(scene)
    scene.view.last_move.set([("card", cards[3])], "You")
    scene.draw(surface)
    assert pygame.image.tobytes(surface.subsurface(labels["hand"]), "RGB") == \
        pygame.image.tobytes(bare["hand"], "RGB"), "the hand's label is covered"
    for deck in ("movement", "money"):
        scene.view.last_move.set([("deck", deck)], "Bob")
        scene.draw(surface)
        assert pygame.image.tobytes(surface.subsurface(labels[deck]), "RGB") == \
            pygame.image.tobytes(bare[deck], "RGB"), f"the {deck} deck's label is covered"


def test_the_guests_card_is_given_by_a_button_and_a_click_on_the_character():
    state = arranged()
    seat = state.current
    scene = table_from_state(state)
    click(scene, button(scene, "Give Guests (-6 vp)"))
    click(scene, scene.view.board.ref_rect(SON).center)
    assert state.history[-1] == AssignGuests(seat, SON) and state.guests_at[SON] is not None


def test_giving_guests_lights_only_the_characters_who_may_take_them():
    state = arranged()
    state.guests_at[GRANDPA] = state.guests_supply.pop()   # another player gave the Grandpa guests
    scene = table_from_state(state)
    click(scene, button(scene, "Give Guests"))
    surface = pygame.Surface(scene.app.screen.get_size() if scene.app else (1280, 720))
    scene.view.draw(surface)

    def glows(character) -> bool:
        rect = scene.view.board.panels[character]
        return any(surface.get_at((x, rect.top)) == HIGHLIGHT for x in range(rect.left, rect.right))

    assert not glows(GRANDPA), "he has guests already: choosing him would be refused"
    assert glows(SON) and glows(MAMMA)
    click(scene, scene.view.board.ref_rect(GRANDPA).center)
    assert state.guests_at[GRANDPA] is not None and not any(isinstance(a, AssignGuests) for a in state.history)


def test_the_dinner_hour_placement_by_dragging_a_waiting_character():
    scene = table_at(3, lambda s: s.pending and s.pending[0]["kind"] == "dinner-place"
                     and s.current_players() == (0,))
    state = scene.state
    action = state.legal_actions(0)[0]
    click(scene, centre_of(scene, ("piece", action.character)),
          release_at=place_centre(scene, action.space, action.character))
    assert state.history[-1] == action


def test_setting_up_with_the_mouse_player_a_chooses_and_the_decks_are_clicked():
    game = load_game("mamma", players=2)
    seed = next(s for s in range(50) if game.new_state(s).player_a == 0)
    seats = (SeatInfo("Ann"), SeatInfo("Bot", "good"))
    scene = TableScene(None, TableSetup(game, seats, seed))
    settle(scene)
    rect = next(r for r, _, a in scene.view.setup_choices() if a == ChooseSecret(0, GRANDPA))
    click(scene, rect.center)
    assert scene.state.secret[0] == GRANDPA
    for _ in range(40):
        if scene.state.current_players() == (0,) and scene.state.phase == "draft":
            break
        scene.update(0.5)
    scene.sound.played.clear()
    click(scene, MONEY_DECK)
    assert scene.state.history[-1] == Draft(0, "money")
    assert scene.sound.played[:1] == [Cue.SNAP], "a card taken from a deck is heard"


# -- what is shown, what is hidden ------------------------------------------------------------------
def test_another_seats_secret_character_never_shows_in_what_is_drawn():
    """Two games alike but for another seat's secret character draw the very same pixels."""
    scene = table_at(3, lambda s: s.phase == "play" and s.turns >= 6 and s.current_players() == (0,))
    surface = pygame.display.get_surface()
    state = scene.state
    mine = state.secret[0]
    other = next(c for c in range(6) if c not in state.secret)
    twin = state.clone()
    twin.secret[1] = other
    images = []
    for s in (state, twin):
        scene.state = s
        scene.refresh()
        settle(scene)
        assert scene.view.view["secret_cards"][1] is None and scene.view.view["my_character"] == mine
        scene.draw(surface)
        images.append(pygame.image.tobytes(surface, "RGB"))
    assert images[0] == images[1]


def test_hot_seat_hides_hands_and_secrets_until_the_player_says_they_are_looking():
    game = load_game("mamma", players=3)
    scene = TableScene(None, TableSetup(game, (SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Bot", "good")), 5,
                                        tuple(a.to_json() for a in bots_play(game, 5, lambda s: s.phase == "play"
                                                                             and s.current_players()[0] in (0, 1)).history)))
    scene.overlays = []
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], HandOffOverlay)
    view = scene.view
    assert view.viewer is None and view.view["hand_cards"] == [] and view.view["my_character"] is None
    assert all(c is None for c in view.view["secret_cards"])
    seat = scene.state.current_players()[0]
    scene.overlays[0].close()
    assert view.viewer == seat and view.view["my_character"] == scene.state.secret[seat]


# -- legibility ----------------------------------------------------------------------------------------
class RecordingFont:
    """A font that notes every text it renders, with its size."""

    def __init__(self, real, size: int, log: list) -> None:
        self.real, self.px, self.log = real, size, log

    def render(self, message, *args, **kwargs):
        self.log.append((self.px, message))
        return self.real.render(message, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.real, name)


def words_drawn(scene, monkeypatch) -> list[tuple[int, str]]:
    """(size, text) of every text one frame of ``scene`` draws, card faces included."""
    import simulator.games.mamma.drawing as drawing
    import simulator.games.mamma.scenery as scenery
    import simulator.ui.card_art as card_art
    import simulator.ui.theme as theme

    log: list[tuple[int, str]] = []
    real = theme.font
    for module in (theme, card_art, drawing, scenery):
        monkeypatch.setattr(module, "font", lambda size, bold=False: RecordingFont(real(size, bold), size, log))
    view = scene.view
    view.sprites._faces.clear()
    view.sprites._rotated.clear()
    view.scenery._background = None
    scene.draw(pygame.display.get_surface())
    monkeypatch.undo()
    return log


@pytest.mark.parametrize("moment", ["set-up", "shopping", "dinner", "game over"])
def test_every_word_on_the_table_is_drawn_at_a_readable_size(monkeypatch, moment):
    """At 1280x720 no word is smaller than 11 pixels (the signs and labels on cards), and no line of
    several words smaller than 12."""
    until = {"set-up": lambda s: s.phase == "draft",
             "shopping": lambda s: s.phase == "play" and s.turns >= 8 and any(s.food_at),
             "dinner": lambda s: s.dinner and s.arrivals,
             "game over": lambda s: s.is_over()}[moment]
    scene = table_at(3, until)
    if moment == "game over":
        scene.update(1 / 60)
    log = words_drawn(scene, monkeypatch)
    words = [(size, message) for size, message in log if sum(ch.isalpha() for ch in message) >= 2]
    assert len(words) > 40
    small = sorted({(size, message) for size, message in words if size < 11})
    assert not small, small
    lines = sorted({(size, message) for size, message in words if size < 12 and " " in message.strip()})
    assert not lines, lines


def table_words(scene, monkeypatch) -> dict[str, int]:
    """The size of every text the table itself writes (not the card faces) in one frame."""
    import simulator.games.mamma.scenery as scenery

    log: list[tuple[int, str]] = []
    real_text, real_font = scenery.text, scenery.font

    def noting(surface, message, pos, *, size=18, **kwargs):
        log.append((size, message))
        return real_text(surface, message, pos, size=size, **kwargs)

    monkeypatch.setattr(scenery, "text", noting)
    monkeypatch.setattr(scenery, "font", lambda size, bold=False: RecordingFont(real_font(size, bold), size, log))
    scene.view.scenery._background = None
    scene.draw(pygame.display.get_surface())
    monkeypatch.undo()
    return {message: size for size, message in log if sum(ch.isalpha() for ch in message) >= 2}


def test_the_tables_own_words_are_13_pixels_at_least_and_grow_with_larger_text(monkeypatch):
    """Issue 29: the reference cards' "age 82 · +3 vp", "buys for 3", the decks' "10 left" were
    10-12 px and ignored Larger text. At 1280x720 every word the table writes is at least 13 px
    (an empty seat's name may shrink to fit); with Larger text the band's words grow, and the
    reference cards' lines never shrink."""
    from simulator.ui import theme

    scene = table_at(3, lambda s: s.phase == "play" and s.turns >= 8)
    normal = table_words(scene, monkeypatch)
    names = set(scene.game.box.names)
    assert any(m.startswith("age ") for m in normal) and any(m.endswith(" left") for m in normal)
    small = {m: size for m, size in normal.items() if size < 13 and m not in names}
    assert not small, small
    theme.set_text_scale(1.2)
    try:
        larger = table_words(scene, monkeypatch)
    finally:
        theme.set_text_scale(1.0)
    assert all(larger[m] >= normal[m] for m in normal if m in larger)
    left = next(m for m in normal if m.endswith(" left"))
    assert larger[left] >= 15 and larger[left] > normal[left]
    assert min(size for m, size in larger.items() if m.startswith("age ")) >= 13


def ink_span(surface, rect, ink) -> int:
    """How wide the run of ``ink``-like pixels across ``rect`` is (0 if none)."""
    columns = [x for x in range(rect.left, rect.right)
               if any(all(abs(surface.get_at((x, y))[i] - ink[i]) < 60 for i in range(3))
                      for y in range(rect.top, rect.bottom))]
    return columns[-1] - columns[0] + 1 if columns else 0


def test_the_family_is_named_in_full_on_their_tokens_and_empty_seats():
    """"Grandpa", "Grandma", "Mamma", "Husband" written out: the name's ink is as wide as the word."""
    from simulator.games.mamma.drawing import NAME_BAND, NAME_SIZE
    from simulator.games.mamma.scenery import fitting
    from simulator.ui.theme import INK, WHITE, font

    surface = pygame.display.get_surface()
    scene = table_at(3, lambda s: s.phase == "draft")  # everybody on their seat
    scene.draw(surface)
    view, names = scene.view, scene.game.box.names
    for c, name in enumerate(names):
        token = view.sprites.bounds_of(("piece", c))
        band = pygame.Rect(token.left + 2, token.bottom - 2 - NAME_BAND, token.width - 4, NAME_BAND - 4)
        assert ink_span(surface, band, INK) == pytest.approx(font(NAME_SIZE).size(name)[0], abs=3), name
    scene = table_at(3, lambda s: s.phase == "play" and all(s.loc[c] not in ("seat", "table") for c in range(6)))
    scene.draw(surface)
    for c, name in enumerate(names):  # the seats left empty say whose they are
        seat = scene.view.board.seats[c]
        size = fitting(name, seat.width - 8, 13, smallest=11)
        label = pygame.Rect(seat.left + 3, seat.centery - 8, seat.width - 6, 17)
        assert ink_span(surface, label, WHITE) == pytest.approx(font(size).size(name)[0], abs=3), name


def hover(scene, pos):
    motion(scene, pos)
    scene.update(1 / 60)


def note_drawn(scene, monkeypatch) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The hover note's panel and the rects of its lines, as drawn."""
    import simulator.games.mamma.scenery as scenery

    panels, texts = [], []
    real_panel, real_text = scenery.panel, scenery.text
    monkeypatch.setattr(scenery, "panel", lambda surface, rect, **kw: (panels.append(rect.copy()),
                                                                        real_panel(surface, rect, **kw)))
    monkeypatch.setattr(scenery, "text", lambda *a, **kw: texts.append(real_text(*a, **kw)) or texts[-1])
    scene.draw(pygame.display.get_surface())
    monkeypatch.undo()
    lines = len(scene.view.tip)
    return panels[-1], texts[-lines:]


def test_every_icon_has_a_hover_note_and_every_note_shows_whole(monkeypatch):
    scene = table_at(3, lambda s: s.phase == "play" and s.turns >= 8 and any(s.food_at)
                     and s.current_players() == (0,) and s.hands[0])
    view, board, v = scene.view, scene.view.board, scene.view.view
    sprites = view.sprites
    food = next(card for ch in v["characters"] for card in ch["ingredient_cards"])
    money = next(card for ch in v["characters"] for card in ch["money_cards"])
    targets = {
        "a token": sprites.rect_of(("piece", 0)).center,
        "the schoolbus": sprites.rect_of(("piece", SCHOOLBUS)).center,
        "a reference card": board.ref_rect(GRANDMA).center,
        "an ingredients card beside a character": sprites.rect_of(("card", food)).center,
        "a money card beside a character": sprites.rect_of(("card", money)).center,
        "a card in the hand": sprites.rect_of(("card", v["hand_cards"][-1])).center,
        "an ingredients card to come": sprites.rect_of(("card", v["ingredient_row_cards"][0])).center,
        "the ingredients card in the city": board.cells[v["ingredient_space"]].center,
        "a site": board.sites["bench"].center,
        "a club space": board.cells[next(s for s in scene.game.city.clubs if s != v["ingredient_space"])].midtop,
        "the W.C. track": board.track[2].center,
        "the bus deck": board.bus.center,
        "the Guests": board.guests.center,
        "your secret character": board.secret.center,
        "the movement deck": board.decks["movement"].center,
    }
    for what, pos in targets.items():
        hover(scene, (pos[0], pos[1] + 1))
        assert view.tip, f"no hover note over {what}"
        note, lines = note_drawn(scene, monkeypatch)
        assert TABLE_RECT.contains(note), what
        for line in lines:
            assert note.contains(line), f"the note over {what} cuts {line}"


def test_a_hovered_reference_card_or_site_is_shown_twice_as_large_in_its_note(monkeypatch):
    """Issue 29: Mamma's smallest words ("age 82 +3 vp", "buys for 3", "1 mp in") are small at
    1280x720; the hover note shows what is under the mouse at twice its size above its words."""
    from simulator.games.mamma.view import ZOOM

    scene = table_from_state(arranged())
    board, surface = scene.view.board, pygame.display.get_surface()
    for rect in (board.ref_rect(GRANDPA).union(board.tag_rect(GRANDPA)), board.sites["wc"]):
        motion(scene, (5, 700))
        scene.update(1 / 60)
        scene.draw(surface)
        seen = surface.subsurface(rect).copy()
        hover(scene, rect.center)
        note, _ = note_drawn(scene, monkeypatch)
        assert note.width >= ZOOM * rect.width and note.height > ZOOM * rect.height
        shown = surface.subsurface(pygame.Rect(note.left + 8, note.top + 8, round(ZOOM * rect.width),
                                               round(ZOOM * rect.height))).copy()
        back = pygame.transform.smoothscale(shown, rect.size)
        diff = sum(abs(a - b) for x in range(0, rect.width, 3) for y in range(0, rect.height, 3)
                   for a, b in zip(back.get_at((x, y))[:3], seen.get_at((x, y))[:3]))
        samples = len(range(0, rect.width, 3)) * len(range(0, rect.height, 3)) * 3
        assert diff / samples < 12, "the note shows the hovered thing itself, enlarged"


def texts_drawn(scene, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """(words, rect) of every text the scenery writes in one frame."""
    import simulator.games.mamma.scenery as scenery

    out = []
    real = scenery.text
    monkeypatch.setattr(scenery, "text", lambda surface, message, *a, **kw:
                        out.append((message, real(surface, message, *a, **kw))) or out[-1][1])
    scene.draw(pygame.display.get_surface())
    monkeypatch.undo()
    return out


def test_a_token_on_a_site_and_its_ring_leave_the_sites_words_whole_and_names_stay_in_their_band(monkeypatch):
    """The Wife in hospital, the Grandma on the bench, the Son in church, each ringed as the last
    move: no ring touches the site's title or who is there. 'Grandpa + Child' stays inside the
    Grandpa's coloured band."""
    from simulator.ui.marks import RING

    state = arranged()
    put(state, WIFE, "hospital")
    put(state, GRANDMA, "bench")
    put(state, SON, "church")
    state.grandpa_child = True
    scene = table_from_state(state)
    motion(scene, (600, 5))
    view = scene.view
    view.last_move.set([("piece", WIFE), ("piece", GRANDMA), ("piece", SON)], "You")
    drawn = texts_drawn(scene, monkeypatch)
    for site, who in (("hospital", WIFE), ("bench", GRANDMA), ("church", SON)):
        ring = view._mark_rect(("piece", who)).inflate(2 * RING + 6, 2 * RING + 6)
        assert view.board.sites[site].contains(view.sprites.bounds_of(("piece", who)))
        words = [(m, r) for m, r in drawn if view.board.sites[site].contains(r)]
        assert len(words) == 2, words  # the title and who is there
        for message, rect in words:
            assert not rect.colliderect(ring), f"{message!r} under the {site}'s token"
    band = view.board.ref_rect(GRANDPA)
    band.height = 16
    name = next(r for m, r in drawn if m.startswith("Grandpa") and "Child" in m)
    assert band.contains(name), (name, band)


def test_four_ingredients_cards_beside_a_character_each_show_whole():
    """The Wife with four ingredients cards: they lie side by side (narrower), none over another,
    all left of her money."""
    from tests.games.mamma.tabletop import give_food

    state = arranged()
    for card in list(state.ingredient_row)[:4]:
        give_food(state, WIFE, card)
    scene = table_from_state(state)
    scene.draw(pygame.display.get_surface())
    view = scene.view
    rects = [view.sprites.bounds_of(("card", c)) for c in state.food_at[WIFE]]
    money = view.sprites.bounds_of(("card", state.money_at[WIFE][-1]))
    for i, rect in enumerate(rects):
        assert view.board.panels[WIFE].contains(rect) and rect.right < money.left
        for other in rects[i + 1:]:
            assert not rect.colliderect(other), (rect, other)


def test_a_badge_of_arrival_explains_itself():
    scene = table_at(3, lambda s: s.dinner and s.arrivals)
    c = scene.state.arrivals[0]
    hover(scene, scene.view.board.arrival_badge(c).center)
    assert scene.view.tip and "1st" in scene.view.tip[0]


def test_the_set_up_panel_hides_the_city_under_it():
    surface = pygame.display.get_surface()
    scene = table_at(3, lambda s: s.phase == "draft")
    box = scene.view.board.setup_box("draft").inflate(-20, -20)
    scene.draw(surface)
    plain = surface.subsurface(box).copy()
    white = pygame.Surface(TABLE_RECT.size)
    white.fill((255, 255, 255))
    scene.view.scenery._background = white  # the same table on a white city
    scene.draw(surface)
    assert pygame.image.tobytes(surface.subsurface(box).copy(), "RGB") == pygame.image.tobytes(plain, "RGB")


def test_every_seat_count_renders_inside_the_table_area():
    surface = pygame.display.get_surface()
    for players in (2, 3, 4):
        scene = table_at(players, lambda s: s.phase == "play" and s.turns >= 3 and s.current_players() == (0,))
        scene.draw(surface)
        for key in scene.view.sprites.sprites:
            assert TABLE_RECT.contains(scene.view.sprites.rect_of(key)), key
        for b in scene.view.buttons:
            assert BAR.contains(b.rect)
        assert len(scene.view.plates()) == players


def test_the_final_score_sheet_breaks_every_score_down_and_names_who_backed_whom():
    """ "The Victory": each character's vp by source, the parts adding up to the total, under the
    name of whoever backed it; the title says who won, in good English."""
    scene = table_at(3, lambda s: s.is_over() and 0 in s.winners())
    sheet = next(s for s in scene.view.summaries() if s.key == "game")
    final = scene.state.view(None)["final"]
    names = scene.game.box.names
    header, backed, *sources = sheet.rows
    assert header[1:] == names
    assert [row[0] for row in sources] == ["Foods on 2+ cards", "Foods on 1 card", "Mother-in-Law", "Guests card",
                                           "Money", "Character bonus", "Order of arrival", "Total"]
    for c in range(len(names)):
        column = [int(row[c + 1]) for row in sources]
        assert column[-1] == final["characters"][c]["total"] == sum(column[:-1])
    for seat, character in enumerate(scene.state.secret):
        assert ("You" if seat == 0 else NAMES[seat]) in backed[character + 1]
    assert sheet.title.startswith("You win with the "), sheet.title
    assert "You wins" not in sheet.title and scene.view.status().startswith("You win: ")


# -- a whole game with the mouse -----------------------------------------------------------------------
def bot_movement(state, seat, bot, rng, first: Step) -> list:
    """The places the bot's movement would go through, starting with ``first`` (played on a copy)."""
    trial = state.clone()
    thinker = copy.deepcopy(bot)
    path = list(trial.active["path"]) if trial.active else [trial.loc[first.piece]]
    trial.apply(first)
    path.append(first.to)
    for _ in range(100):
        if trial.active is None or trial.is_over():
            break
        action = thinker.choose(trial.view(seat), trial.legal_actions(seat), rng)
        trial.apply(action)
        if isinstance(action, Step):
            path.append(action.to)
        if isinstance(action, EndMovement):
            break
    return path


def perform(scene, choice, bot, rng) -> None:
    """Carry out ``choice`` with the mouse, the way a player would."""
    view = scene.view
    state = scene.state
    seat = view.viewer
    right_click(scene)
    box = scene.game.box
    item = state.pending[0] if state.pending else None
    if isinstance(choice, (ChooseSecret, TakeSecret)):
        click(scene, next(r for r, _, a in view.setup_choices() if a == choice).center)
    elif isinstance(choice, (Draft, Draw)):
        click(scene, MOVEMENT_DECK if choice.deck == "movement" else MONEY_DECK)
    elif isinstance(choice, PlayMovement):
        click(scene, centre_of(scene, ("card", choice.card)))
        click(scene, button(scene, "Play 1 card"))
    elif isinstance(choice, Step):
        path = bot_movement(state, seat, bot, rng, choice)
        walked = len(state.active["path"]) if state.active else 1
        drag_piece(scene, choice.piece, path[walked:])
    elif isinstance(choice, EndMovement):
        click(scene, button(scene, "End the"))
    elif isinstance(choice, TakeTaxi):
        click(scene, button(scene, f"Taxi: {box.value[choice.card]} "))
    elif isinstance(choice, RideBus):
        click(scene, button(scene, f"Bus {choice.number}"))
    elif isinstance(choice, PlaceMoney):
        target = (centre_of(scene, ("card", choice.replacing)) if choice.replacing != -1
                  else view.board.ref_rect(choice.character).center)
        click(scene, centre_of(scene, ("card", choice.card)), release_at=target)
    elif isinstance(choice, AssignGuests):
        if item is None:
            click(scene, button(scene, "Give Guests"))
        click(scene, view.board.ref_rect(choice.character).center)
    elif isinstance(choice, DiscardThree):
        for card in choice.cards:
            click(scene, centre_of(scene, ("card", card)))
        click(scene, button(scene, "Discard these 3"))
    elif isinstance(choice, Finish):
        click(scene, button(scene, "Done"))
    elif isinstance(choice, EndTurn):
        click(scene, button(scene, "End turn"))
    elif isinstance(choice, (Steal, LoseIngredient, TurnSideways)):
        rect = scene.view.sprites.rect_of(("card", choice.card))
        click(scene, (rect.left + 4, rect.centery))  # the visible edge, if cards overlap
    elif isinstance(choice, Arcade):
        click(scene, button(scene, "Spend"))
    elif isinstance(choice, Decline):
        click(scene, button(scene, "Leave"))
    elif isinstance(choice, Pay):
        values = sorted((box.value[c] for c in choice.cards), reverse=True)
        click(scene, button(scene, "Pay " + " + ".join(map(str, values)) if values else "Take it"))
    elif isinstance(choice, PlaceIngredient):
        click(scene, place_centre(scene, choice.space, 0))
    elif isinstance(choice, PlaceCharacter):
        if item["kind"] == "dinner-place":
            click(scene, centre_of(scene, ("piece", choice.character)),
                  release_at=place_centre(scene, choice.space, choice.character))
        else:
            click(scene, place_centre(scene, choice.space, choice.character))
    elif isinstance(choice, SeatFifth):
        click(scene, button(scene, f"{box.names[choice.character]} sits 5th"))
    else:
        raise AssertionError(f"no gesture for {choice}")


def same_effect(done, choice, box) -> bool:
    if isinstance(choice, TakeTaxi):
        return isinstance(done, TakeTaxi) and box.value[done.card] == box.value[choice.card]
    if isinstance(choice, Pay):
        return isinstance(done, Pay) and sorted(box.value[c] for c in done.cards) == sorted(
            box.value[c] for c in choice.cards)
    return done == choice


def test_a_whole_game_to_the_end_with_the_mouse_two_humans_and_a_bot():
    """Two humans play every move with the mouse (choosing what the good bot would), a bot plays
    the third seat, hand-offs and summaries are dismissed: the game reaches its score sheet."""
    game = load_game("mamma", players=3)
    seats = (SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cleo", "good"))
    scene = TableScene(None, TableSetup(game, seats, 21))
    hands = {seat: make_bot(game, seat, "good") for seat in (0, 1)}
    rng = random.Random(2)
    gestures = handoffs = drags = 0
    for _ in range(20000):
        state = scene.state
        if state.is_over():
            break
        if scene.overlays:
            handoffs += isinstance(scene.overlays[0], HandOffOverlay)
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                  scancode=0))
            scene.update(1 / 60)
            continue
        seat = state.current_players()[0]
        if seat in hands and scene.view.viewer == seat:
            settle(scene, 0.4)
            choice = hands[seat].choose(scene.view.view, scene.view.legal, rng)
            before = len(state.history)
            perform(scene, choice, hands[seat], rng)
            assert len(state.history) > before, f"the gesture for {choice} did nothing: {scene.view.refusal}"
            if isinstance(choice, Step):
                drags += 1
            else:
                done = state.history[before]
                assert same_effect(done, choice, game.box), f"{choice} became {done}"
            gestures += 1
        else:
            scene.update(0.5)
    assert scene.state.is_over() and scene.state.winners()
    assert gestures > 100 and drags > 10 and handoffs > 10
    for _ in range(90):  # the score sheet comes up once the last glide is over
        scene.update(1 / 60)
    assert any(isinstance(o, SummaryOverlay) and o.summary.key == "game" for o in scene.overlays)


def test_what_another_player_decides_is_told_in_the_third_person():
    """ "Bob decides: Place the Son on the city first." spoke to Bob; the others read what he does."""
    from simulator.games.mamma.words import TableWords

    words = TableWords(load_game("mamma", players=2), ["Ann", "Bob"])
    assert words.deciding("Bob", {"kind": "exit", "character": SON}) == "Bob places the Son on the city"
    assert words.deciding("Bob", {"kind": "steal", "thief": GRANDPA, "victim": WIFE}) == (
        "Bob decides whether the Grandpa takes an ingredients card from the Wife")
    for kind in ("arcade", "buy", "place-ingredient", "lose", "sideways", "guests", "dinner-place", "fifth"):
        said = words.deciding("Bob", {"kind": kind, "character": WIFE, "victim": HUSBAND, "count": 1})
        assert said.startswith("Bob ") and said[4].islower(), said


def test_the_esc_menu_takes_the_hover_note_away():
    """A note under the mouse stayed drawn over the Esc menu; the menu has the mouse now."""
    scene = table_at(3, lambda s: s.dinner and s.arrivals)
    c = scene.state.arrivals[0]
    hover(scene, scene.view.board.arrival_badge(c).center)
    assert scene.view.tip
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    scene.update(1 / 60)
    assert scene.overlays and not scene.view.tip and scene.view.hover_key is None


def test_a_move_in_the_log_reads_from_where_to_where():
    """It read "Ann moved the Wife to 10 > 1 > 2 > 3 > 4 > 5 > 6": "to" and then the whole route."""
    from simulator.games.mamma.words import TableWords

    game = load_game("mamma", players=2)
    words = TableWords(game, ["Ann", "Bob"])

    def moved(*numbers: int) -> str:  # city cards by the numbers on their backs (space + 1)
        path = [n - 1 for n in numbers]
        assert [game.city.number(space) for space in path] == list(numbers)
        return words.event({"what": "move", "seat": 0, "piece": WIFE, "path": path, "ride": ""}, {}, None)

    assert moved(10, 11) == "Ann moved the Wife from 10 to 11"
    assert moved(10, 1, 2, 3) == "Ann moved the Wife from 10 to 3 (via 1, 2)"
    assert moved(10, 1, 2, 3, 4, 5, 6) == "Ann moved the Wife from 10 to 6 (6 steps)"
