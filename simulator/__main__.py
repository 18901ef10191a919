"""``python -m simulator``: the command line under that name (see :mod:`simulator.cli`)."""
try:
    from simulator.cli import main

    raise SystemExit(main(prog="python -m simulator"))
except KeyboardInterrupt:  # Ctrl+C while the program was still starting
    import sys

    print("python -m simulator: interrupted", file=sys.stderr)
    raise SystemExit(130) from None
