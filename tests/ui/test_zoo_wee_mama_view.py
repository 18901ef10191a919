"""Zoo-Wee Mama! at the table, headless: the bid panel, Heissa Mama!, the count and hot-seat secrecy."""
from __future__ import annotations

import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, load_game, make_bot  # noqa: E402
from simulator.games.zoo_wee_mama.rules import Bid, Challenge, DealNextRound  # noqa: E402
from simulator.games.zoo_wee_mama.view import PANEL_RECT, ZooWeeMamaView  # noqa: E402
from simulator.ui.headless import init_headless, settle  # noqa: E402
from simulator.ui.sound import Cue  # noqa: E402
from simulator.ui.overlays import HandOffOverlay, SummaryOverlay  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eli", "Fay"]


@pytest.fixture(scope="module", autouse=True)
def screen():
    yield init_headless()


def bots_play(game, seed: int, until, level: str = "plus-one"):
    """A state from a new deal of ``seed``, bots acting for every seat until ``until(state)``."""
    bots = [make_bot(game, s, level) for s in range(game.players)]
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not until(state):
        if state.is_over():
            return None
        seat = state.current_players()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def table_at(players: int, until, *, humans=(0,), seeds=range(60), **options) -> TableScene:
    """A table (humans in ``humans``, good bots elsewhere) at the first position ``until`` accepts."""
    game = load_game("zoo-wee-mama", players=players, **options)
    for seed in seeds:
        state = bots_play(game, seed, until)
        if state is None:
            continue
        seats = tuple(SeatInfo(NAMES[i], "human" if i in humans else "good") for i in range(players))
        scene = TableScene(None, TableSetup(game, seats, seed, tuple(a.to_json() for a in state.history)))
        for overlay in scene.overlays:
            overlay.close()
        scene.overlays = []
        scene.update(1 / 60)  # the table hands over to the human to act, if it must
        while scene.overlays:
            scene.overlays[0].close()
            scene.overlays.pop(0)
        settle(scene, 0.5)
        return scene
    raise AssertionError("no such position in the seeds tried")


def human_to_bid(players=3, *, opening=False, psychic=False, **options) -> TableScene:
    def wanted(s):
        return (s.phase == "bidding" and s.current == 0 and s.psychic_round == psychic
                and (not s.bids if opening else len(s.bids) >= 1))
    return table_at(players, wanted, **options)


def click(scene: TableScene, pos) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def view_of(scene: TableScene) -> ZooWeeMamaView:
    return scene.view


def set_number(scene: TableScene, number: int) -> None:
    """Click - or + until the panel shows ``number``."""
    view = view_of(scene)
    for _ in range(80):
        if view.pick_number == number:
            return
        click(scene, (view.plus_rect if view.pick_number < number else view.minus_rect).center)
    raise AssertionError(f"could not reach {number}; the panel shows {view.pick_number}")


def bid_with_clicks(scene: TableScene, number: int, symbol: int) -> None:
    view = view_of(scene)
    set_number(scene, number)
    click(scene, view.symbol_buttons[symbol].rect.center)
    click(scene, view.bid_rect.center)


def play_with_clicks(scene: TableScene, action) -> None:
    """What a player clicks to make ``action``."""
    view = view_of(scene)
    if isinstance(action, Bid):
        bid_with_clicks(scene, action.number, action.symbol)
    elif isinstance(action, Challenge):
        click(scene, view.heissa_rect.center)
    else:
        if view.show is not None and not view.show.finished:
            click(scene, (view.area.centerx, 300))  # skip the count
        click(scene, view.deal_rect.center)


def drawn_faces(scene: TableScene, screen) -> set:
    """Every card face the view asks to be drawn for one frame (sprites and the turning card)."""
    scene.draw(screen)
    return {sprite.place.face for sprite in view_of(scene).sprites.sprites.values()}


# -- the bid panel ---------------------------------------------------------------------------------
def test_choosing_a_number_and_a_symbol_then_bid_makes_that_bid():
    scene = human_to_bid()
    view = view_of(scene)
    last = scene.state.bids[-1]
    assert view.pick_number == last[1] + 1, "the number starts at the lowest legal raise"
    bid_with_clicks(scene, last[1] + 2, 4)
    assert scene.state.history[-1] == Bid(0, last[1] + 2, 4)
    assert scene.state.bids[-1] == (0, last[1] + 2, 4)


def test_the_bid_button_does_nothing_until_a_symbol_is_picked():
    scene = human_to_bid()
    before = len(scene.state.history)
    click(scene, view_of(scene).bid_rect.center)
    assert len(scene.state.history) == before and view_of(scene).pick_symbol is None


def test_minus_stops_at_the_lowest_legal_raise_and_says_why():
    """ "The next player must raise the bid. To do so, they name a higher number" """
    scene = human_to_bid()
    view = view_of(scene)
    lowest = scene.state.bids[-1][1] + 1
    before = scene.state.to_json()
    click(scene, view.minus_rect.center)
    assert view.pick_number == lowest
    assert view.refusal and "raise" in view.refusal[0]
    assert scene.state.to_json() == before
    from simulator.games.zoo_wee_mama.layout import BIDS_RECT

    shown, hidden = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    scene.draw(shown)
    reason, view.refusal = view.refusal, None
    scene.draw(hidden)
    view.refusal = reason
    changed = [(x, y) for x in range(0, 1280, 4) for y in range(0, 720, 4)
               if shown.get_at((x, y)) != hidden.get_at((x, y))]
    assert changed and all(BIDS_RECT.collidepoint(p) for p in changed), "the reason shows over the bids, not the cards"


def test_the_opening_bid_offers_only_the_symbols_on_your_own_card():
    """ "they name 1 symbol of their choice from their card" """
    scene = human_to_bid(opening=True)
    view = view_of(scene)
    own = scene.game.card_symbols[scene.state.hands[0]]
    assert [view.symbol_allowed(s) for s in range(10)] == [bool(k) for k in own]
    missing = next(s for s in range(10) if not own[s])
    before = scene.state.to_json()
    click(scene, view.symbol_buttons[missing].rect.center)
    assert scene.state.to_json() == before
    assert view.pick_symbol is None
    assert view.refusal and "from your own card" in view.refusal[0]


def test_a_psychic_round_opening_offers_every_symbol():
    """ "The first bidder may now name any symbol." """
    scene = table_at(3, lambda s: s.phase == "bidding" and s.psychic_round and s.current == 0 and not s.bids)
    view = view_of(scene)
    assert all(view.symbol_allowed(s) for s in range(10))


def test_heissa_mama_is_offered_only_when_a_challenge_is_legal():
    """ "Only the player whose turn it is may challenge." (and only a bid can be challenged) """
    scene = human_to_bid(opening=True)
    view = view_of(scene)
    assert view.challenge is None
    before = scene.state.to_json()
    click(scene, view.heissa_rect.center)
    assert scene.state.to_json() == before
    scene = human_to_bid()
    click(scene, view_of(scene).heissa_rect.center)
    assert scene.state.history[-1] == Challenge(0)
    assert scene.state.phase in ("reveal", "over")


def test_the_bid_panel_is_only_there_on_your_turn():
    scene = table_at(3, lambda s: s.phase == "bidding" and s.current == 1 and s.bids)
    view = view_of(scene)
    assert not view.is_bidding_turn
    before = scene.state.to_json()
    click(scene, view.heissa_rect.center)
    click(scene, view.symbol_buttons[0].rect.center)
    assert scene.state.to_json() == before


# -- the count -----------------------------------------------------------------------------------------
def challenged_table(players=3) -> TableScene:
    """The human in seat 1 has just called Heissa Mama! (and the game goes on after it)."""
    scene = table_at(players, lambda s: s.phase == "bidding" and s.current == 0 and len(s.bids) >= 2
                     and len(s.deck) >= 2 * (players + 1))
    scene.try_action(Challenge(0))
    return scene


def test_the_count_turns_the_cards_in_counting_order_and_the_total_climbs_to_the_verdict():
    """ "In turn order, each player now states how many times the challenged symbol appears on their
    card. All the stated symbols are added together, including those on the "Secret Card"." """
    scene = challenged_table()
    view = view_of(scene)
    reveal = scene.state.reveal
    show = view.show
    assert show is not None and show.total() == 0 and not show.finished
    face_up_at: list[float] = [None] * len(show.steps)
    totals = []
    clock = 0.0
    while not show.finished:
        scene.update(1 / 30)
        clock += 1 / 30
        totals.append(show.total())
        for i in range(len(show.steps)):
            if face_up_at[i] is None and show.is_face_up(i):
                face_up_at[i] = clock
        # a card is drawn face up exactly when the count has turned it
        for i, (key, card, _) in enumerate(view.row_cards()):
            face = view.sprites.sprites[key].place.face
            if show.turn_progress(i) is None:
                assert (face[0] == "face") == show.is_face_up(i)
    assert totals == sorted(totals), "the running total never goes down"
    assert totals[-1] == reveal["total"]
    hidden = [i for i, step in enumerate(show.steps) if step.flips]
    assert hidden and [face_up_at[i] for i in hidden] == sorted(face_up_at[i] for i in hidden)
    assert show.steps[-1].flips, "the Secret Card is turned last"
    assert view.status().startswith(("You won", f"{NAMES[reveal['winner']]} won"))


@pytest.mark.parametrize("players", [3, 6])
def test_no_card_flies_over_a_name_on_its_way_into_the_counting_row(screen, players):
    """Frame by frame from the click on Heissa Mama!: no name on the table lies under a card;
    once the row has formed every seat's name and every card's tag is shown."""
    scene = table_at(players, lambda s: s.phase == "bidding" and s.current == 0 and len(s.bids) >= 2)
    view = view_of(scene)
    click(scene, view.heissa_rect.center)
    assert view.show is not None
    for _ in range(60):
        scene.update(1 / 60)
        scene.draw(screen)
        cards = [view.sprites.bounds_of(key) for key in view.sprites.sprites]
        for label in view.labels():
            assert not any(card.colliderect(label) for card in cards), "a card lies over a name"
        if not view.sprites.moving:
            break
    assert not view.sprites.moving, "the row has formed"
    assert len(view.name_plates()) == players
    assert len(view.labels()) == players + len(view.row_cards())


def test_a_click_skips_the_count_and_the_winner_deals_with_the_deal_button():
    for seed_start in range(0, 60, 10):
        scene = table_at(3, lambda s: s.phase == "bidding" and s.current == 0 and len(s.bids) >= 2
                         and len(s.deck) >= 8, seeds=range(seed_start, seed_start + 10))
        scene.try_action(Challenge(0))
        if scene.state.reveal["winner"] == 0:
            break
    else:
        pytest.skip("the human never won a challenge in these seeds")
    view = view_of(scene)
    click(scene, (view.area.centerx, 300))
    assert view.show.finished and view.show.total() == scene.state.reveal["total"]
    rnd = scene.state.round_no
    click(scene, view.deal_rect.center)
    assert scene.state.history[-1] == DealNextRound(0) and scene.state.round_no == rnd + 1


def test_a_challenge_summary_waits_for_the_count_and_then_tells_who_won():
    """ "If there are fewer symbols in total than the last bid, the challenger has won." """
    scene = challenged_table()
    view = view_of(scene)
    rnd = scene.state.round_no
    key = f"challenge-{rnd}"
    assert key not in {s.key for s in view.summaries()}, "no spoiler before the count"
    assert not any(f"Round {rnd}:" in line for line in view.log_lines())
    assert not any("takes" in plate.detail for plate in view.plates()), "nor on the seats' plates"
    settle(scene, 30)
    summary = next(s for s in view.summaries() if s.key == key)
    result = scene.state.round_results[-1]
    winner = NAMES[result["winner"]]
    assert winner in summary.title and str(result["taken"]) in summary.title
    assert f"{result['total']} counted" in summary.lines[1]
    shown = {row[0]: row[1] for row in summary.rows[1:]}
    assert shown["Secret Card"] == str(scene.state.reveal["counts"][-1]["count"])
    plate = view.plates()[result["winner"]].detail
    assert plate.endswith(f", takes {result['taken']}"), f"the sidebar agrees with the summary: {plate}"


def test_the_log_keeps_every_round_it_has_room_for_and_no_empty_round_heading():
    scene = table_at(3, lambda s: len(s.round_results) >= 5 and s.phase == "bidding" and not s.bids)
    view = view_of(scene)
    settle(scene, 5)
    lines = view.log_lines()
    rnd = scene.state.round_no
    assert f"Round {rnd}:" not in lines, "no heading for a round nobody has bid in yet"
    told = [line for line in lines if line.startswith("Round ") and "challenged" in line]
    assert len(told) == len(scene.state.round_results) >= 5, "the sidebar, not the words, decides how many fit"


def test_the_final_summary_names_every_winner_of_a_tie():
    """ "In case of a tie, there are several winners." """
    scene = table_at(3, lambda s: s.is_over())
    view = view_of(scene)
    final = next(s for s in view.summaries() if s.key == "game")
    winners = [NAMES[s] for s in scene.state.winners()]
    assert all(name in final.title for name in winners)
    assert [row[0] for row in final.rows[1:]][0] in winners
    view.view = dict(view.view, winners=[0, 1], scores=[9, 9, 3])
    assert "Ann and Bob share the win" in view._game_summary(view.view).title


# -- secrecy ---------------------------------------------------------------------------------------------
def test_in_a_psychic_round_your_own_card_face_is_never_drawn(screen):
    """ "Each player holds their card so that they see its back, and only the other players can see
    its face." """
    scene = table_at(4, lambda s: s.phase == "bidding" and s.psychic_round and s.current == 0)
    view = view_of(scene)
    own = scene.state.hands[0]
    rendered: list = []
    original = view.sprites.render_face

    def recording(face):
        rendered.append(face)
        return original(face)

    view.sprites.render_face = recording
    view.sprites._faces.clear()  # render every face afresh so the recording sees them all
    for symbol in range(10):  # hovering and picking symbols marks them on the visible cards
        view.pick_symbol = symbol
        faces = drawn_faces(scene, screen)
        assert not any(f[0] == "face" and f[1] == own for f in faces)
    assert not any(f[0] == "face" and f[1] == own for f in rendered)
    own_face = view.sprites.sprites[("hand", scene.state.round_no, 0)].place.face
    assert own_face[0] == "unknown"
    others = {f[1] for f in faces if f[0] == "face"}
    assert others >= {scene.state.hands[s] for s in (1, 2, 3)}, "the others' cards lie face up for you"
    # and the count at the challenge turns it over at last
    if not scene.state.bids:
        scene.try_action(Bid(0, 1, 0))
        scene.state.apply(Challenge(1))
    else:
        scene.try_action(Challenge(0))
    scene.refresh()
    settle(scene, 30)
    assert any(f[0] == "face" and f[1] == own for f in drawn_faces(scene, screen))


def test_an_ordinary_round_shows_your_card_and_only_backs_of_the_others(screen):
    scene = human_to_bid(players=4)
    faces = drawn_faces(scene, screen)
    hands = scene.state.hands
    assert ("face", hands[0], (168, 236)) in faces
    assert not any(f[0] == "face" and f[1] in (hands[1], hands[2], hands[3], scene.state.secret) for f in faces)


def test_hot_seat_hides_every_card_between_two_humans(screen):
    scene = table_at(3, lambda s: s.phase == "bidding" and s.current == 0 and s.bids, humans=(0, 1))
    hands = scene.state.hands
    scene.try_action(Bid(0, scene.state.bids[-1][1] + 1, 0))
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], HandOffOverlay)
    assert view_of(scene).viewer is None
    faces = drawn_faces(scene, screen)
    assert not any(f[0] == "face" and f[1] in hands for f in faces)
    scene.overlays[0].close()
    scene.update(1 / 60)
    assert view_of(scene).viewer == 1
    assert ("face", hands[1], (168, 236)) in drawn_faces(scene, screen)


# -- layout ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_count_renders_inside_the_table(screen, players):
    scene = table_at(players, lambda s: s.phase == "bidding" and s.current == 0 and s.bids)
    view = view_of(scene)
    scene.draw(screen)
    area = view.area
    for key, sprite in view.sprites.sprites.items():
        assert area.contains(view.sprites.rect_of(key)), f"{key} sticks out of the table"
    assert area.contains(PANEL_RECT) and area.contains(view.heissa_rect)
    name_plates = [view.name_pos(s) for s in range(players)]
    assert len(set(name_plates)) == players, "every seat has its own name plate"
    scene.try_action(Challenge(0))
    settle(scene, 30)
    scene.draw(screen)
    for key, _card, _seat in view.row_cards():
        assert area.contains(view.sprites.rect_of(key))


def test_the_card_backs_name_shows_whole_above_the_piles_label(screen):
    """The draw pile's back reads "Zoo-Wee Mama!" in full: no letter under the label laid over it."""
    from simulator.games.zoo_wee_mama.layout import DECK_POS, MID, PILE_LABEL
    from simulator.ui.theme import CARD_BACK_TRIM

    scene = human_to_bid()
    scene.draw(screen)
    card = pygame.Rect(0, 0, *MID)
    card.center = DECK_POS
    label_top = card.bottom - 6 - PILE_LABEL
    back = view_of(scene).sprites.face(("back", MID))
    w, h = MID
    band = range(w // 2 - 10, w // 2 + 11)
    rows = [y for y in range(12, h - 12) if any(_near(back.get_at((x, y)), CARD_BACK_TRIM) for x in band)]
    assert rows, "the title is drawn"
    assert card.top + rows[-1] < label_top - 1, "the title ends above the label"
    assert rows[0] > 12, "and starts inside the card's frame"
    assert rows[-1] - rows[0] > 60, "a title, not a speck"


def _near(colour, target, tolerance=30) -> bool:
    return all(abs(colour[i] - target[i]) <= tolerance for i in range(3))


# -- a whole game ----------------------------------------------------------------------------------------
def test_a_whole_game_to_the_end_with_the_mouse_two_humans_and_a_bot(screen):
    """Two humans click their bids (a 'robot hand' picks like the good bot), a bot plays,
    hand-offs and summaries are dismissed: the game reaches its end through the table."""
    game = load_game("zoo-wee-mama", players=3)
    scene = TableScene(None, TableSetup(game, (SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cleo", "good")), 5))
    hands = [make_bot(game, s, "good") for s in range(3)]
    rng = random.Random(2)
    handoffs = clicks = summaries = 0
    kinds = set()
    for _ in range(6000):
        if scene.state.is_over():
            break
        if scene.overlays:
            handoffs += isinstance(scene.overlays[0], HandOffOverlay)
            summaries += isinstance(scene.overlays[0], SummaryOverlay)
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                  scancode=0))
            scene.update(1 / 60)
            continue
        seat = scene.state.current
        if seat in scene.humans and scene.view.viewer == seat:
            settle(scene, 0.4)
            choice = hands[seat].choose(scene.view.view, scene.view.legal, rng)
            before = len(scene.state.history)
            play_with_clicks(scene, choice)
            assert len(scene.state.history) == before + 1, f"the clicks for {choice} did nothing"
            assert scene.state.history[-1] == choice
            kinds.add(type(choice))
            clicks += 1
            if clicks % 10 == 0:
                scene.draw(screen)
        else:
            scene.update(0.5)
    assert scene.state.is_over() and scene.state.winners()
    assert kinds == {Bid, Challenge, DealNextRound}
    assert clicks > 10 and handoffs > 3 and summaries > 3
    for _ in range(60 * 15):  # the last count plays out, then the summaries come
        scene.update(1 / 60)
        if "game" in scene.shown_summaries:
            break
    assert "game" in scene.shown_summaries


def test_heissa_mama_is_heard_when_it_is_called():
    scene = human_to_bid()
    assert Cue.HEISSA not in scene.sound.played
    click(scene, view_of(scene).heissa_rect.center)
    assert scene.state.history[-1] == Challenge(0)
    assert Cue.HEISSA in scene.sound.played


def test_the_count_panel_names_the_challenged_bidder_in_plain_english(monkeypatch):
    """Seen by the bidder the panel reads "Ann challenged you", not "... challenged You"."""
    from simulator.games.zoo_wee_mama import reveal as panel

    scene = challenged_table()
    view = view_of(scene)
    reveal = scene.state.reveal
    written: list[str] = []
    real_text = panel.text
    monkeypatch.setattr(panel, "text", lambda surface, words, *a, **k: (written.append(words),
                                                                       real_text(surface, words, *a, **k))[1])
    surface = pygame.display.get_surface()
    panel.draw_verdict(surface, pygame.Rect(100, 100, 600, 200), reveal, view.show, view.words, reveal["bidder"])
    assert f"{NAMES[reveal['challenger']]} challenged you" in written
    written.clear()
    panel.draw_verdict(surface, pygame.Rect(100, 100, 600, 200), reveal, view.show, view.words, reveal["challenger"])
    assert f"You challenged {NAMES[reveal['bidder']]}" in written


def test_a_bid_in_the_log_never_breaks_between_its_number_and_its_symbol():
    from simulator.ui.theme import wrap

    view = ZooWeeMamaView(load_game("zoo-wee-mama", players=3), ["You", "Ann", "Bob"])
    words = view.words
    jet = next(i for i, s in enumerate(words.symbols) if s.name == "Jet fighter")
    result = {"round": 1, "challenger": 0, "bidder": 2, "number": 4, "symbol": jet, "total": 6, "winner": 2,
              "taken": 4, "psychic": False}
    logged = words.log_lines({"phase": "reveal", "bids": []}, 0, [result])
    summary = words.challenge_summary(result, [0, 0, 4], None)
    said = [*logged, *summary[2]]
    assert any("challenged 4\u00a0×\u00a0Jet fighter" in line for line in logged), logged
    for line in said:
        for width in range(120, 260, 4):
            pieces = wrap(line, width, 15)
            assert not any(p.endswith((" 4", "×")) for p in pieces), (width, pieces)
