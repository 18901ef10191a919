"""Pymunk helpers shared by the physics games (never pygame).

- :mod:`.stepping` -- fixed-step frames with substeps, and the accumulator a live
  screen uses to turn real time into whole frames.
- :mod:`.settle` -- "has everything come to rest?" for judging a placement.
- :mod:`.snapshot` -- body poses as plain values, to record a world and rebuild it.
- :mod:`.drag` -- the hand: a kinematic body that carries a body through joints of
  limited force, so a clumsy move pushes what it hits.
- :mod:`.weld` -- fold a resting body's shapes into another body (rigid compound).

This package deliberately imports nothing here, so that :mod:`.snapshot` (pure
values) can be used by pure rule modules without pulling in pymunk.
"""
