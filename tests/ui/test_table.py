"""The table with the mouse, headless: what a player clicks is what the rules get."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, load_game, load_record  # noqa: E402
from simulator.games.wham_bam.rules import DrawCard, PlayCard, TakePenalty  # noqa: E402
from simulator.games.wham_bam.view import DECK_POS  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.headless import init_headless, settle  # noqa: E402
from simulator.ui.sound import Cue  # noqa: E402
from simulator.ui.overlays import HandOffOverlay, SummaryOverlay  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def screen():
    surface = init_headless()
    yield surface


def table(seats, seed=4, players=None, **options) -> TableScene:
    game = load_game("wham-bam", players=players or len(seats), **options)
    scene = TableScene(None, TableSetup(game, tuple(seats), seed))
    settle(scene)
    return scene


def click(scene: TableScene, pos, *, release_at=None):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    if release_at:
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=release_at, rel=(0, 0), buttons=(1, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=release_at or pos, button=1))


def human_turn_scene(kind_of_turn) -> TableScene:
    """A table where the human in seat 1 is to act with the given kind of legal action."""
    for seed in range(200):
        scene = table([SeatInfo("You"), SeatInfo("Bot", "good")], seed=seed)
        legal = scene.state.legal_actions(0) if scene.state.current_players() == (0,) else []
        if any(isinstance(a, kind_of_turn) for a in legal):
            return scene
    raise AssertionError("no such deal in 200 seeds")


def sprite_center(scene, card):
    rect = scene.view.sprites.rect_of(("card", card))
    return rect.center


def test_clicking_a_playable_card_plays_it():
    scene = human_turn_scene(PlayCard)
    card = next(a.card for a in scene.state.legal_actions(0) if isinstance(a, PlayCard))
    click(scene, sprite_center(scene, card))
    assert scene.state.history and scene.state.history[-1] == PlayCard(0, card)
    assert scene.state.view(0)["pile_cards"][-1] == card
    assert scene.sound.played[-1:] == [Cue.SNAP], "the card is heard landing on the pile"


def test_clicking_the_draw_pile_while_a_card_matches_says_why_and_changes_nothing():
    scene = human_turn_scene(PlayCard)
    before = scene.state.to_json()
    click(scene, DECK_POS)
    assert scene.state.to_json() == before
    assert scene.view.refusal and "you must play rather than draw" in scene.view.refusal[0]


def test_a_new_deal_is_shuffled_and_your_turn_chimes():
    scene = next(s for s in (table([SeatInfo("You"), SeatInfo("Bot", "good")], seed=seed) for seed in range(20))
                 if s.state.current_players() == (1,))
    assert scene.sound.played == [Cue.SHUFFLE]
    for _ in range(600):
        if scene.state.current_players() == (0,):
            break
        scene.update(1 / 60)
    assert scene.sound.played.count(Cue.CHIME) == 1


def test_dragging_a_card_onto_the_pile_plays_it():
    scene = human_turn_scene(PlayCard)
    card = next(a.card for a in scene.state.legal_actions(0) if isinstance(a, PlayCard))
    from simulator.games.wham_bam.view import PILE_POS

    click(scene, sprite_center(scene, card), release_at=PILE_POS)
    assert scene.state.history[-1] == PlayCard(0, card)


def test_an_illegal_drop_springs_back_with_the_reason_shown():
    for seed in range(300):
        scene = table([SeatInfo("You"), SeatInfo("Bot", "good")], seed=seed)
        if scene.state.current_players() != (0,):
            continue
        playable = {a.card for a in scene.state.legal_actions(0) if isinstance(a, PlayCard)}
        wrong = [c for c in scene.state.hands[0] if c not in playable]
        if wrong and playable:
            break
    else:
        raise AssertionError("no deal with a wrong card")
    from simulator.games.wham_bam.view import PILE_POS

    before = scene.state.to_json()
    start = sprite_center(scene, wrong[0])
    click(scene, start, release_at=PILE_POS)
    assert scene.state.to_json() == before
    assert scene.view.refusal and "does not match" in scene.view.refusal[0]
    settle(scene)
    assert scene.view.sprites.rect_of(("card", wrong[0])).center == pytest.approx(start, abs=30)
    right = next(c for c in scene.state.hands[0] if c in playable)
    click(scene, sprite_center(scene, right), release_at=PILE_POS)
    assert scene.state.history[-1] == PlayCard(0, right)
    assert scene.view.refusal is None, "the refusal goes once a move is taken: it is no longer the news"


def test_a_card_dropped_on_the_draw_pile_springs_back_saying_where_cards_are_played():
    from simulator.games.wham_bam.view import DECK_POS

    scene = human_turn_scene(PlayCard)
    card = next(a.card for a in scene.state.legal_actions(0) if isinstance(a, PlayCard))
    before = scene.state.to_json()
    start = sprite_center(scene, card)
    click(scene, start, release_at=DECK_POS)
    assert scene.state.to_json() == before
    assert scene.view.refusal and scene.view.refusal[0].startswith("To play a card, drop it on the play pile")
    settle(scene)
    assert scene.view.sprites.rect_of(("card", card)).center == pytest.approx(start, abs=30)


def test_clicking_the_draw_pile_draws_when_nothing_matches():
    scene = human_turn_scene(DrawCard)
    from simulator.games.wham_bam.view import DECK_POS

    hand = len(scene.state.hands[0])
    click(scene, DECK_POS)
    assert isinstance(scene.state.history[-1], DrawCard)
    assert len(scene.state.hands[0]) == hand + 1


def test_clicking_the_draw_pile_takes_a_wham_penalty():
    scene = human_turn_scene(TakePenalty)
    from simulator.games.wham_bam.view import DECK_POS

    click(scene, DECK_POS)
    assert isinstance(scene.state.history[-1], TakePenalty)


def test_bots_move_at_a_readable_pace():
    scene = table([SeatInfo("A", "good"), SeatInfo("B", "good")])
    scene.update(0.1)
    assert scene.state.history == [], "no bot moves within the first tenth of a second"
    for _ in range(120):  # two seconds
        scene.update(1 / 60)
    assert 1 <= len(scene.state.history) <= 3


def test_hot_seat_hides_hands_between_two_humans():
    scene = table([SeatInfo("Ann"), SeatInfo("Bob")])
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], HandOffOverlay)
    assert scene.view.viewer is None and scene.view.view["hand_cards"] == []
    first = scene.state.current
    scene.overlays[0].close()
    scene.update(1 / 60)
    assert scene.view.viewer == first and scene.view.view["hand_cards"] == scene.state.hands[first]
    # the first human moves; their hand goes face down at once, and the hand-off comes next
    scene.try_action(scene.state.legal_actions(first)[0])
    assert scene.view.viewer is None and scene.view.view["hand_cards"] == []
    scene.update(1 / 60)
    while scene.overlays and not isinstance(scene.overlays[0], HandOffOverlay):
        scene.overlays[0].close()
        scene.update(1 / 60)
    assert isinstance(scene.overlays[0], HandOffOverlay)
    assert scene.view.viewer is None


def test_esc_and_f1_work_on_the_pass_the_device_screen_and_keep_the_hands_hidden():
    from simulator.ui.overlays import MenuOverlay, RulesOverlay

    scene = table([SeatInfo("Ann"), SeatInfo("Bob")])
    scene.update(1 / 60)
    hand_off = scene.overlays[0]
    assert isinstance(hand_off, HandOffOverlay) and hand_off.button.visible
    press(scene, pygame.K_ESCAPE)
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], MenuOverlay) and scene.overlays[1] is hand_off
    assert not hand_off.button.visible, "the hand-off's button waits under the menu"
    assert scene.view.viewer is None, "the hands stay face down under the menu"
    press(scene, pygame.K_ESCAPE)                       # the menu closes: back to the hand-off
    scene.update(1 / 60)
    assert scene.overlays[0] is hand_off and hand_off.button.visible
    press(scene, pygame.K_F1)
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], RulesOverlay) and scene.view.viewer is None


def test_a_round_summary_is_shown_when_a_round_ends():
    scene = table([SeatInfo("You"), SeatInfo("Bot", "good")])
    state = scene.state
    # play on with bots for the human too until the first round ends
    from simulator.engine import make_bot
    import random

    bot = make_bot(scene.game, 0, "good")
    while not state.round_results:
        seat = state.current
        if seat == 0:
            scene.try_action(bot.choose(state.view(0), state.legal_actions(0), random.Random(0)))
        else:
            scene.machine_moves(seat)
    assert scene.view.busy(), "the last card is still gliding"
    assert not scene.overlays, "the summary waits until the table has caught up"
    for _ in range(60):
        scene.update(1 / 60)
    summary = next(o.summary for o in scene.overlays if isinstance(o, SummaryOverlay) and o.summary.key == "round-1")
    result = state.round_results[0]
    mine = result["winner"] == 0
    assert summary.title == f"Round 1: {'You win' if mine else 'Bot wins'} {result['points']} points"
    if result["reason"] == "emptied":
        assert summary.lines == ("You emptied your hand." if mine else "Bot emptied their hand.",)


def test_a_round_ending_reads_right_to_whoever_looks():
    """Each way a round ends, told to the winner, to the one knocked out and to a third player."""
    from simulator.games.wham_bam.rules import BLOCKED, EMPTIED, KNOCKED_OUT

    scene = table([SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cleo")])
    view = scene.view
    said = {}
    for viewer in (0, 1, 2):
        view.viewer = viewer
        said[viewer] = [view._round_ending({"winner": 0, "reason": why, "knocked_out": 1})
                        for why in (EMPTIED, KNOCKED_OUT, BLOCKED)]
    assert said[0] == ["You emptied your hand.", "Bob was knocked out by a Wham Bam!; you had the lowest hand.",
                       "Nobody could play; you had the lowest hand."]
    assert said[1] == ["Ann emptied their hand.", "You were knocked out by a Wham Bam!; Ann had the lowest hand.",
                       "Nobody could play; Ann had the lowest hand."]
    assert said[2][1] == "Bob was knocked out by a Wham Bam!; Ann had the lowest hand."


def test_undo_takes_back_a_play_but_not_a_draw():
    scene = human_turn_scene(PlayCard)
    before = scene.state.to_json()
    card = next(a.card for a in scene.state.legal_actions(0) if isinstance(a, PlayCard))
    scene.try_action(PlayCard(0, card))
    assert scene.view.last_move.keys, "the card played is ringed"
    scene.undo()
    assert scene.state.to_json()["fields"] == before["fields"]
    assert not scene.view.last_move.keys, "nothing is ringed as a last move once it is taken back"


def test_save_and_load_round_trip(tmp_path):
    scene = human_turn_scene(PlayCard)
    scene.try_action(next(a for a in scene.state.legal_actions(0) if isinstance(a, PlayCard)))
    path = tmp_path / "game.json"
    scene.save(path)
    from simulator.engine import load_record
    from simulator.ui.table import TableSetup as Setup

    again = TableScene(None, Setup.from_record(load_record(path)))
    assert again.state.to_json() == scene.state.to_json()
    assert [s.name for s in again.seats] == ["You", "Bot"]


def choose_in_menu(scene, label: str) -> None:
    """Click the button reading ``label`` on the overlay on top (the Esc menu or a question)."""
    import pygame_gui

    menu = scene.overlays[0]
    button = next(b for b in menu.buttons if b.text == label)
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    scene.update(1 / 60)


def test_leaving_a_game_under_way_asks_to_save_it_first(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    left = []
    scene = human_turn_scene(PlayCard)
    scene.on_leave = lambda: left.append(True)
    press(scene, pygame.K_ESCAPE)
    choose_in_menu(scene, "New game")
    assert left == [True] and not scene.overlays, "nobody here has played yet: it leaves at once"
    left.clear()
    scene = human_turn_scene(PlayCard)
    scene.on_leave = lambda: left.append(True)
    scene.try_action(next(a for a in scene.state.legal_actions(0) if isinstance(a, PlayCard)))
    for choice in ("Stay at the table", "Save, then leave"):
        press(scene, pygame.K_ESCAPE)
        choose_in_menu(scene, "New game")
        assert scene.overlays[0].title == "This game is not finished"
        choose_in_menu(scene, choice)
    saved = list((tmp_path / "saves").glob("wham-bam-*.json"))
    assert left == [True] and len(saved) == 1, "stayed once, then saved and left"
    assert list(load_record(saved[0]).actions) == [a.to_json() for a in scene.state.history]


def test_a_game_just_saved_leaves_without_asking_and_one_played_on_asks_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    left = []
    scene = human_turn_scene(PlayCard)
    scene.on_leave = lambda: left.append(True)
    scene.try_action(next(a for a in scene.state.legal_actions(0) if isinstance(a, PlayCard)))
    scene.save(tmp_path / "mine.json")
    press(scene, pygame.K_ESCAPE)
    choose_in_menu(scene, "New game")
    assert left == [True] and not scene.overlays, "saved as it is: nothing to lose"
    saved = list(scene.state.history)
    scene.undo()
    other = next(a for a in scene.state.legal_actions(0) if isinstance(a, PlayCard) and a not in saved)
    scene.try_action(other)
    assert len(scene.state.history) == len(saved) and scene.has_unsaved_play(), \
        "as long as the saved game, but another move: leaving would lose it"
    app = App(headless=True)
    scene.app = app
    app.push(scene)
    scene.load(tmp_path / "mine.json")
    loaded = app.scene
    assert loaded is not scene and not loaded.has_unsaved_play(), "a game just loaded is on disk as it is"
    loaded.state.apply(loaded.state.legal_actions(loaded.state.current_players()[0])[0])
    assert loaded.has_unsaved_play(), "played on since it was loaded: leaving would lose that"


def test_a_broken_save_file_is_named_and_the_game_goes_on(tmp_path):
    scene = human_turn_scene(PlayCard)
    before = scene.state.to_json()
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    messages = []
    scene.notify = messages.append
    scene.load(bad)
    assert messages and messages[0].startswith("Cannot load broken.json: it is not a saved game, or it is damaged")
    assert scene.state.to_json() == before


def test_every_seat_count_renders(screen):
    for players in (2, 3, 4):
        scene = table([SeatInfo("You")] + [SeatInfo(f"B{i}", "good") for i in range(players - 1)], players=players)
        scene.draw(screen)
        # the displayed hand is on screen and fully inside the table area
        for card in scene.state.hands[0]:
            rect = scene.view.sprites.rect_of(("card", card))
            assert scene.view.area.contains(rect)


def press(scene, key):
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_a_whole_game_to_the_end_with_the_mouse_two_humans_and_a_bot():
    """Two humans click their cards (a 'robot hand' picks like the good bot), a bot plays,
    hand-offs and summaries are dismissed: the game reaches its end through the table."""
    import random

    from simulator.engine import make_bot
    from simulator.games.wham_bam.view import DECK_POS

    scene = table([SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cleo", "good")], seed=12, target_score=60)
    hand = make_bot(scene.game, 0, "good")
    rng = random.Random(1)
    handoffs = clicks = 0
    for _ in range(5000):
        if scene.state.is_over():
            break
        if scene.overlays:
            handoffs += isinstance(scene.overlays[0], HandOffOverlay)
            press(scene, pygame.K_RETURN)
            scene.update(1 / 60)
            continue
        seat = scene.state.current
        if seat in scene.humans and scene.view.viewer == seat:
            settle(scene, 0.4)
            choice = hand.choose(scene.view.view, scene.view.legal, rng)
            pos = sprite_center(scene, choice.card) if isinstance(choice, PlayCard) else DECK_POS
            before = len(scene.state.history)
            click(scene, pos)
            assert len(scene.state.history) == before + 1, f"the click on {choice} did nothing"
            assert scene.state.history[-1] == choice
            clicks += 1
        else:
            scene.update(0.5)
    assert scene.state.is_over() and scene.state.winners()
    assert clicks > 10 and handoffs > 5
    for _ in range(120):
        scene.update(1 / 60)
    assert "game" in scene.shown_summaries
    won_here = any(w in scene.humans for w in scene.state.winners())
    assert (Cue.CHEER if won_here else Cue.CONSOLE) in scene.sound.played


def test_a_gesture_of_several_steps_stops_at_the_first_refusal():
    """A list from the view applies in order; the refused step and those after it do not."""
    scene = human_turn_scene(PlayCard)
    good = next(a for a in scene.state.legal_actions(0) if isinstance(a, PlayCard))
    stranger = next(c for c in range(88) if c not in scene.state.hands[0] and c != good.card)
    assert scene.try_action([good, PlayCard(0, stranger), PlayCard(0, stranger)]) is False
    assert scene.state.history[-1] == good and len(scene.state.history) == 1
    assert scene.view.refusal


def test_a_wide_summary_fits_its_panel(screen):
    """A ten-column score sheet grows the panel and, if need be, shrinks the type; never overlaps."""
    from simulator.ui.game_view import Summary

    scene = table([SeatInfo("A", "good"), SeatInfo("B", "good")])
    header = ("Character", "Match", "Singles", "Mother-in-Law", "Guests", "Money", "Bonus", "Arrival", "Total", "Backed by")
    rows = (header,) + (("Grandpa with the Child", "15", "4", "-5", "-6", "12", "7", "+3", "30", "Ann"),) * 6
    overlay = SummaryOverlay(scene.manager, Summary("wide", "Score sheet", (), rows))
    assert overlay.rect.width <= scene.view.area.width
    assert sum(overlay.widths) <= overlay.rect.width - 2 * overlay.MARGIN
    from simulator.ui.theme import font

    for c in range(1, len(header)):  # every right-aligned column is wide enough for its cells
        widest = max(font(overlay.size, True).size(r[c])[0] for r in rows)
        assert overlay.widths[c] >= widest
    overlay.draw(screen)
    overlay.close()


def test_the_wham_bam_card_is_white_as_the_rulebook_says(screen):
    """"4 Wham Bam! cards, all coloured White": most of the card as drawn is white."""
    from simulator.games.wham_bam.rules import WHAM_BAM

    for seed in range(100):
        scene = table([SeatInfo("You"), SeatInfo("Bot", "good")], seed=seed)
        wham_bams = [c for c in scene.state.hands[0] if scene.game.card_rank[c] == WHAM_BAM]
        if wham_bams:
            break
    else:
        raise AssertionError("no deal with a Wham Bam! in the hand")
    scene.draw(screen)
    rect = scene.view.sprites.rect_of(("card", wham_bams[0])).inflate(-16, -16)
    # the right half of a fanned card may lie under its neighbour: look at its left strip
    strip = pygame.Rect(rect.left, rect.top, 22, rect.height)
    pixels = [screen.get_at((x, y)) for x in range(strip.left, strip.right) for y in range(strip.top, strip.bottom)]
    white = sum(min(p[:3]) >= 225 for p in pixels)
    assert white / len(pixels) > 0.6


def test_a_summary_panel_hides_the_table_under_it(screen):
    """Nothing of the table shows through a summary: its panel looks the same over any table."""
    scene = table([SeatInfo("A", "good"), SeatInfo("B", "good")], seed=3)
    while not scene.state.round_results:
        scene.machine_moves(scene.state.current)
    for _ in range(60):
        scene.update(1 / 60)
    overlay = scene.overlays[0]
    assert isinstance(overlay, SummaryOverlay)
    scene.draw(screen)
    inside = overlay.rect.inflate(-24, -24)
    plain = screen.subsurface(inside).copy()
    drawn = scene.view.draw

    def busy_table(surface):  # the same table, its felt covered in white text
        drawn(surface)
        for y in range(0, surface.get_height(), 14):
            surface.blit(pygame.font.Font(None, 20).render("table text " * 20, True, (255, 255, 255)), (0, y))

    scene.view.draw = busy_table
    scene.draw(screen)
    busy = screen.subsurface(inside).copy()
    differing = sum(plain.get_at((x, y)) != busy.get_at((x, y))
                    for x in range(0, inside.width, 3) for y in range(0, inside.height, 3))
    assert differing == 0


def test_the_log_shows_whole_entries_only_their_further_lines_indented(screen, monkeypatch):
    """The sidebar log never starts with the tail of an entry: each entry shows whole or not at all."""
    import simulator.ui.table as table_module

    scene = table([SeatInfo("A", "good"), SeatInfo("B", "good"), SeatInfo("Cleopatra the Bot", "good")], seed=8)
    for _ in range(40):
        scene.machine_moves(scene.state.current)
    settle(scene)
    calls = []
    real = table_module.text

    def recording(surface, message, pos, **kw):
        calls.append((message, pos, kw.get("size")))
        return real(surface, message, pos, **kw)

    monkeypatch.setattr(table_module, "text", recording)
    scene.draw(screen)
    start = next(i for i, c in enumerate(calls) if c[0] == "What happened") + 1
    rows = [c for c in calls[start:] if c[2] == 14]
    entries = scene.view.log_lines()
    assert rows, "the log shows something"
    left = min(pos[0] for _, pos, _ in rows)
    from simulator.ui.theme import wrap

    first_lines = {wrap(e, 250 - 32, 14)[0] for e in entries}
    assert rows[0][1][0] == left and rows[0][0] in first_lines, "the top line begins an entry"
    wrapped = [r for r in rows if r[1][0] > left]
    assert wrapped, "long entries (the opening draw) wrap"
    shown = " ".join(message for message, _, _ in rows)
    assert shown.endswith(entries[-1].split(" ")[-1]), "the latest entry is at the bottom"


def test_the_rules_window_names_the_points_this_table_plays_to():
    from simulator.ui.overlays import RulesOverlay

    scene = table([SeatInfo("You"), SeatInfo("Bot", "good")], target_score=100)
    press(scene, pygame.K_F1)
    scene.update(1 / 60)
    assert isinstance(scene.overlays[0], RulesOverlay)
    shown = scene.overlays[0].text_box.html_text
    assert "first to 100 points" in shown and "300 points" not in shown


def test_a_playable_cards_glow_lies_under_the_card_above_it_in_the_fan(screen):
    """The glow rings the part of a playable card that shows; it is not drawn over the next card."""
    for seed in range(200):
        scene = table([SeatInfo("You"), SeatInfo("Bot", "good")], seed=seed)
        view = scene.view
        if scene.state.current_players() != (0,) or not view.playable:
            continue
        hand = sorted((view.sprites.sprites[("card", c)].place.z, c) for c in scene.state.hands[0])
        pairs = [(low, high) for (_, low), (_, high) in zip(hand, hand[1:])
                 if low in view.playable and high not in view.playable]
        if pairs:
            break
    else:
        raise AssertionError("no fan with a playable card under one that is not")
    low, high = pairs[0]
    lit, plain = pygame.Surface(screen.get_size()), pygame.Surface(screen.get_size())
    view.draw(lit)
    legal, view.legal = view.legal, []
    view.draw(plain)
    view.legal = legal
    above = view.sprites.bounds_of(("card", high)).inflate(-12, -12)  # inside the upper card's own edge
    below = view.sprites.bounds_of(("card", low))
    assert any(lit.get_at(p) != plain.get_at(p) for p in (below.midleft, below.inflate(8, 8).midleft)), \
        "the playable card glows"
    differing = [(x, y) for x in range(above.left, above.right, 3) for y in range(above.top, above.bottom, 3)
                 if lit.get_at((x, y)) != plain.get_at((x, y))]
    assert not differing, f"the glow shows through the {high} above it at {differing[:3]}"


@pytest.mark.parametrize("human, cue", [(1, "cheer"), (0, "console")], ids=["won here", "lost here"])
def test_the_cheer_is_for_a_winner_at_this_screen_and_a_gentler_sound_where_the_person_lost(human, cue):
    """Issue 29: the cheer played when the human had lost. A game that ends with seat 1 winning:
    where seat 1 is the person at the screen, the cheer; where seat 0 is, the gentler sound."""
    from simulator.engine import RandomBot, play_out

    game = load_game("wham-bam", players=2)
    for seed in range(50):
        final = play_out(game, [RandomBot(game, 0), RandomBot(game, 1)], seed)
        if final.winners() == [1]:
            break
    seats = tuple(SeatInfo("You") if i == human else SeatInfo("Bot", "random") for i in range(2))
    scene = TableScene(None, TableSetup(game, seats, seed, tuple(a.to_json() for a in final.history[:-1])))
    scene.sound.played.clear()
    scene.state.apply(final.history[-1])
    scene.refresh()
    assert scene.state.is_over() and [c.value for c in scene.sound.played if c.value in ("cheer", "console")] == [cue]


def test_the_end_of_a_game_offers_a_rematch_and_saving_and_new_game_asks_to_save(tmp_path, monkeypatch):
    """Issue 29: the end of a game showed the standings and Continue only. Now Rematch (the same
    seats and options, a new deal) and Save sit beside Continue; and leaving a finished game
    that was not saved asks first, as leaving one under way does."""
    from simulator.engine import RandomBot, play_out
    from simulator.ui.overlays import SummaryOverlay

    from .person import click, frames

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True)
    game = load_game("wham-bam", players=2, target_score=100)
    final = play_out(game, [RandomBot(game, 0), RandomBot(game, 1)], 3)
    seats = (SeatInfo("You"), SeatInfo("Bot", "random"))
    scene = TableScene(app, TableSetup(game, seats, 3, tuple(a.to_json() for a in final.history[:-1])),
                       on_leave=app.pop)
    app.push(scene)
    scene.state.apply(final.history[-1])
    scene.refresh()
    for _ in range(600):
        frames(app, 1)
        ending = [o for o in scene.overlays if isinstance(o, SummaryOverlay) and o.summary.key == "game"]
        if ending and scene.overlays[0] is ending[0]:
            break
        if scene.overlays and isinstance(scene.overlays[0], SummaryOverlay):
            scene.overlays[0].close()
    else:
        raise AssertionError("the end of the game was never shown")
    panel = scene.overlays[0]
    assert [b.text for b, _ in panel.choices] == ["Rematch", "Save"]
    assert scene.has_unsaved_play(), "leaving the finished game would lose it: New game asks first"
    click(app, panel.choices[0][0].rect.center)
    rematch = app.scene
    assert isinstance(rematch, TableScene) and rematch is not scene
    assert rematch.seats == seats and rematch.game.options == game.options and rematch.setup.seed != 3
    assert not rematch.state.is_over()


def test_a_still_table_is_drawn_at_a_quarter_of_the_frame_rate_and_wakes_when_touched_or_moving(tmp_path, monkeypatch):
    """An idle window drew 60 frames a second (70-80% of a core for a table nobody touches).
    A second after the last event, with nothing moving, the app draws 15; an event, or a card
    on its way (a bot's move), brings back 60."""
    import time

    from simulator.ui import app as app_module
    from simulator.ui.settings import Settings

    from .person import frames

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True, settings=Settings(bot_speed="slow"))
    scene = table([SeatInfo("Ann"), SeatInfo("Bot", "good")])
    scene.app = app
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    assert app.frame_rate() == app_module.FRAME_RATE, "just touched"
    app._last_input = time.perf_counter() - 2 * app_module.CALM_AFTER
    scene.view.finish_moves()
    assert not scene.busy() and app.frame_rate() == app_module.CALM_FRAME_RATE, "still and untouched"
    for _ in range(600):  # until a card flies: the bot's move, or Ann's turn played by a click
        frames(app, 1)
        app._last_input = time.perf_counter() - 2 * app_module.CALM_AFTER
        if scene.busy():
            break
        if scene.state.current_players() == (0,):
            scene.try_action(scene.state.legal_actions(0)[0])
    assert scene.busy() and app.frame_rate() == app_module.FRAME_RATE
