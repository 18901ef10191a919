"""What the hand is told when the rules would not take a placement."""
from __future__ import annotations

from simulator.engine import load_game
from simulator.games.wackelbett.hand import princess_trace, princess_trace_problem
from simulator.games.wackelbett.layout import TableLayout, neat_stack


def test_a_princess_let_go_just_past_the_crown_is_told_by_how_much_never_as_the_limit_itself():
    """6.04 mm off a crown that allows 6 reads "6.1 mm off (at most 6 mm)", not "6 mm off"."""
    game = load_game("wackelbett", players=1)
    physics, faces = game.physics, game.faces
    layout: TableLayout = neat_stack(physics, [0, 1, 2], [0.0, 0.0, 0.0])
    card = layout.top_card
    assert princess_trace_problem(physics, layout, faces, card, False,
                                  princess_trace(physics, layout, faces, card, False, dx=5.9)) is None
    problem = princess_trace_problem(physics, layout, faces, card, False,
                                     princess_trace(physics, layout, faces, card, False, dx=6.04))
    assert problem == "Let her go over the crown: she is 6.1 mm off (at most 6 mm)."
