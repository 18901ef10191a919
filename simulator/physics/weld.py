"""Welding: fold a resting body's shapes into another body, making one rigid compound.

A stack of thin boxes is hard for an iterative solver; a card that has come to
rest under others can be welded onto what carries it, so the solver sees one body
instead of a tower of contacts (see the Wackelbett PHYSICS.md for the measurements).
"""
from __future__ import annotations

import pymunk


def weld_onto(body: pymunk.Body, carrier: pymunk.Body) -> list[pymunk.Shape]:
    """Move every Poly shape of ``body`` onto ``carrier`` where it is now; remove ``body``.

    The new shapes keep mass, friction, elasticity, collision type and filter, so
    the carrier's mass and moment grow by exactly what was welded on. Returns the
    new shapes. Raises TypeError for shapes other than polygons.
    """
    space = body.space
    new_shapes: list[pymunk.Shape] = []
    for shape in list(body.shapes):
        if not isinstance(shape, pymunk.Poly):
            raise TypeError(f"only polygons can be welded, got {type(shape).__name__}")
        verts = [carrier.world_to_local(body.local_to_world(v)) for v in shape.get_vertices()]
        new_shapes.append(copy_poly(shape, carrier, verts))
    space.remove(body, *body.shapes)
    space.add(*new_shapes)
    return new_shapes


def copy_poly(shape: pymunk.Poly, body: pymunk.Body, vertices) -> pymunk.Poly:
    """A polygon on ``body`` with ``vertices`` (in its frame) and everything else of ``shape``:
    radius, mass, friction, elasticity, collision type and filter."""
    copy = pymunk.Poly(body, vertices, radius=shape.radius)
    copy.mass = shape.mass
    copy.friction = shape.friction
    copy.elasticity = shape.elasticity
    copy.collision_type = shape.collision_type
    copy.filter = shape.filter
    return copy
