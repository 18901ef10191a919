"""One package per game. Each registers itself with :func:`simulator.engine.register`."""
