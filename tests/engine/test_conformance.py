"""The contract every registered game keeps, checked the same way for each.

Random playouts end; clone equals original; JSON round trip mid-game; replay from
seed + log is identical; illegal actions are refused with the state unchanged; a
finished game has no legal actions; no card is created or lost; views never
contain other players' hidden cards.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.engine import REFEREE, GameRecord, IllegalAction, game_names, load_game, play_out
from simulator.engine.registry import entry

GAMES = game_names()


@dataclass(frozen=True)
class Setup:
    """One way to sit down at a game: its id, the seats and the options."""

    game_id: str
    players: int
    options: tuple[tuple[str, object], ...] = ()

    def load(self):
        return load_game(self.game_id, players=self.players, **dict(self.options))

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game_id}-{self.players}" + (f"-{extra}" if extra else "")


def setups(game_id: str) -> list[Setup]:
    """The fewest and the most seats, plus the variants the game names (e.g. a solo mode)."""
    cls = entry(game_id).game_class
    out = [Setup(game_id, n) for n in sorted({cls.min_players, cls.max_players})]
    out += [Setup(game_id, n, tuple(sorted(opts.items()))) for n, opts in cls.variants]
    return out


CASES = [setup for g in GAMES for setup in setups(g)]


def random_bots(game):
    from simulator.engine import RandomBot

    return [RandomBot(game, seat) for seat in range(game.players)]


def step_randomly(state, rng: random.Random, steps: int):
    """Advance ``state`` by up to ``steps`` random legal actions (the referee decides its own)."""
    referee = state.game.make_referee()
    for _ in range(steps):
        seats = state.current_players()
        if not seats:
            break
        seat = rng.choice(seats)
        if seat == REFEREE:
            state.apply(referee.decide(state))
            continue
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} may act but has no legal action"
        state.apply(rng.choice(legal))
    return state


def cards_in_view(view) -> set[int]:
    """Every int under a key ending in 'card' or 'cards' (the view convention)."""
    found: set[int] = set()

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, str(k))
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v, key)
        elif isinstance(node, int) and not isinstance(node, bool):
            if key.endswith("card") or key.endswith("cards"):
                found.add(node)

    walk(view)
    return found


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_random_playouts_end(setup):
    game = setup.load()
    players = game.players
    for seed in range(3):
        state = play_out(game, random_bots(game), seed)
        assert state.is_over()
        assert len(state.scores()) == players
        assert state.winners(), "a finished game names at least one winner"


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_finished_game_has_no_legal_actions(setup):
    game = setup.load()
    players = game.players
    state = play_out(game, random_bots(game), seed=11)
    assert state.current_players() == ()
    for seat in range(players):
        assert state.legal_actions(seat) == []


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_clone_equals_original_and_is_independent(setup):
    game = setup.load()
    players = game.players
    state = step_randomly(game.new_state(5), random.Random(5), 40)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    before = state.to_json()
    step_randomly(copy, random.Random(6), 10)
    assert state.to_json() == before, "acting on a clone changed the original"


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_json_round_trip_mid_game(setup):
    game = setup.load()
    players = game.players
    state = step_randomly(game.new_state(7), random.Random(7), 60)
    text = json.dumps(state.to_json())
    restored = game.state_from_json(json.loads(text))
    assert restored.to_json() == state.to_json()
    # and the restored state plays on exactly like the original
    step_randomly(state, random.Random(8), 30)
    step_randomly(restored, random.Random(8), 30)
    assert restored.to_json() == state.to_json()


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_replay_from_seed_and_log_is_identical(setup):
    game = setup.load()
    players = game.players
    state = step_randomly(game.new_state(9), random.Random(9), 120)
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(state).to_json())))
    assert record.replay().to_json() == state.to_json()


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_no_card_is_created_or_lost(setup):
    game = setup.load()
    players = game.players
    state = game.new_state(13)
    full_box = sorted(c for zone in state.card_zones().values() for c in zone)
    assert len(full_box) == len(set(full_box)), "a card lies in two places at once"
    rng = random.Random(13)
    while not state.is_over():
        step_randomly(state, rng, 1)
        now = sorted(c for zone in state.card_zones().values() for c in zone)
        assert now == full_box, f"cards changed after {state.history[-1]}"


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_views_never_show_hidden_cards(setup):
    game = setup.load()
    players = game.players
    rng = random.Random(17)
    state = game.new_state(17)
    seen_own = False
    for _ in range(300):
        if state.is_over():
            break
        for viewer in [*range(players), None]:
            view = state.view(viewer)
            json.dumps(view)  # views are JSON data
            leaked = cards_in_view(view) & state.hidden_from(viewer)
            assert not leaked, f"seat {viewer} sees hidden cards {sorted(leaked)}"
            if viewer is not None and cards_in_view(view):
                seen_own = True
        step_randomly(state, rng, 1)
    assert seen_own, "no view ever showed a card: the convention check would be empty"


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_illegal_actions_are_refused_and_change_nothing(setup):
    game = setup.load()
    players = game.players
    rng = random.Random(19)
    state = game.new_state(19)
    refused = 0
    for _ in range(80):
        seats = state.current_players()
        if not seats:
            break
        acting = [s for s in seats if s != REFEREE]
        # An action of a seat that may not act now, taken from a later or earlier turn.
        idle = [s for s in range(players) if s not in seats]
        if idle and acting:
            legal = state.legal_actions(acting[0])
            for candidate in legal[:3]:
                forged = type(candidate)(**{**_fields(candidate), "player": idle[0]})
                before = state.to_json()
                with pytest.raises(IllegalAction) as info:
                    state.apply(forged)
                assert str(info.value), "a refusal gives a reason"
                assert state.to_json() == before
                refused += 1
        step_randomly(state, rng, 1)
    assert refused > 0 or players == 1, "with two or more seats someone is always idle"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150), game_index=st.integers(0, 1000))
def test_any_prefix_of_a_random_game_round_trips(seed, steps, game_index):
    game = CASES[game_index % len(CASES)].load()
    state = step_randomly(game.new_state(seed), random.Random(seed), steps)
    assert GameRecord.of(state).replay().to_json() == state.to_json()
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def _fields(action):
    import dataclasses

    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_stale_actions_are_refused_or_applied_cleanly(setup):
    """Actions that were legal at some other moment: refused with the state untouched, or legal."""
    game = setup.load()
    players = game.players
    rng = random.Random(23)
    state = game.new_state(23)
    pool = []
    refused = 0
    for _ in range(150):
        seats = [s for s in state.current_players() if s != REFEREE]
        if not state.current_players():
            break
        for seat in seats:
            pool.extend(state.legal_actions(seat)[:4])
        for stale in rng.sample(pool, min(3, len(pool))):
            trial = state.clone()
            before = trial.to_json()
            try:
                trial.apply(stale)
            except IllegalAction as exc:
                assert str(exc)
                assert trial.to_json() == before, f"refused {stale} but changed the state"
                refused += 1
        step_randomly(state, rng, 1)
    assert refused > 0


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_to_json_is_a_snapshot_not_a_window(setup):
    """A saved JSON must not change when the game goes on (or every 'unchanged' check is void)."""
    game = setup.load()
    players = game.players
    state = step_randomly(game.new_state(29), random.Random(29), 10)
    snapshot = state.to_json()
    frozen = json.dumps(snapshot, sort_keys=True)
    step_randomly(state, random.Random(30), 20)
    assert json.dumps(snapshot, sort_keys=True) == frozen
