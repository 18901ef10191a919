"""Arranging Wackelbett tables for rule tests, keeping every card of the box in one place."""
from __future__ import annotations

import dataclasses
import math

from simulator.engine import REFEREE, load_game
from simulator.games.wackelbett.hand import princess_trace
from simulator.games.wackelbett.layout import TableLayout, TableOutcome, neat_stack
from simulator.games.wackelbett.rules import LIFT, RESTAND, PlacePrincess, Verdict, WackelbettState
from simulator.physics.snapshot import BodyPose


def started(players: int = 2, seed: int = 0, **options) -> WackelbettState:
    """A game whose first card the table has laid across the bed (the set-up verdict applied)."""
    game = load_game("wackelbett", players=players, **options)
    state = game.new_state(seed)
    referee = game.make_referee()
    while REFEREE in state.current_players():
        state.apply(referee.decide(state))
    return state


def settle_with_referee(state: WackelbettState) -> None:
    """Let the table act until a seat may move (or the game ends)."""
    referee = state.game.make_referee()
    while REFEREE in state.current_players():
        state.apply(referee.decide(state))


def princess_on_crown(state: WackelbettState, dx: float = 0.0) -> PlacePrincess:
    """The seat to move lowers the princess gently onto the crown it must use, ``dx`` mm off it."""
    g = state.game
    return PlacePrincess(state.current, princess_trace(g.physics, state.layout, g.faces, state.princess_card,
                                                       state.lies_princess_down(), dx=dx))


def stand_her_back_up(state: WackelbettState) -> None:
    """The table lifts her off and lets things settle; the seat to move stands her back up
    gently (as often as the rules allow); the table judges."""
    settle_with_referee(state)
    while state.phase == RESTAND:
        state.apply(princess_on_crown(state))
        settle_with_referee(state)


def all_cards(state: WackelbettState) -> list[int]:
    return sorted(c for zone in state.card_zones().values() for c in zone)


def arrange(state: WackelbettState, *, bed: list[int], hands: list[list[int]], reserve: list[int] = (),
            offsets: list[float] | None = None) -> None:
    """Put ``bed`` neatly stacked on a level bed, the given hands and reserve; every other card
    goes to the draw pile. Then let the table settle it and the seat to move stand the
    princess on the top crown by hand, so poses are physical."""
    g = state.game
    offsets = offsets if offsets is not None else [0.0] * len(bed)
    layout = neat_stack(g.physics, bed, offsets)
    state.layout = layout
    state.hands = [list(h) for h in hands]
    state.reserve = list(reserve)
    used = set(bed) | {c for h in hands for c in h} | set(reserve)
    state.draw_pile = [c for c in range(g.deck_size) if c not in used]
    state.placing = state.last_laid = state.drawn = None
    state.phase, state.restand_failures = LIFT, 0
    stand_her_back_up(state)


def verdict(stage: str, layout: TableLayout, *, fallen=(), upright=True, pea_covered=True, on_top=True,
            pushed=False) -> Verdict:
    """A verdict as the table would report it (for rules tests that need no physics)."""
    return Verdict.of(stage, TableOutcome(layout, tuple(fallen), upright, pea_covered, on_top, pushed))


def with_card_on_top(state: WackelbettState, card: int, along: float = 0.0) -> TableLayout:
    """``state``'s layout with ``card`` lying flat on the top card (as if it had settled there)."""
    from simulator.games.wackelbett.layout import rest_pose_on

    pose = rest_pose_on(state.game.physics, state.layout, along)
    return dataclasses.replace(state.layout, cards=state.layout.cards + ((card, pose),))


def princess_lying_on_bed(state: WackelbettState) -> TableLayout:
    """``state``'s layout with the princess fallen over, lying on the bed's floor."""
    bed = state.layout.bed
    return dataclasses.replace(state.layout, princess=BodyPose(80.0, bed.y + 12.0, math.pi / 2))
