"""A physics-based tabletop simulator: five card games on one virtual table."""
