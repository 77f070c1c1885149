"""Tile orientations (rotations and flips, duplicates removed, stable index) and the bit-mask grid."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from solver.games.wild_tiled_west.components.catalog import load_catalog, tile_from_map
from solver.games.wild_tiled_west.components.geometry import Grid, anchor_masks, is_edge_connected, orientations, transform


def _shape(cells):
    return {rc for rc, _ in cells}


def test_orientation_counts_follow_the_shapes_symmetry():
    # Drafting a tile: "They may be flipped and/or rotated into any orientation."
    assert len(tile_from_map("mono", ".").orientations) == 1
    assert len(tile_from_map("domino", "..").orientations) == 2
    assert len(tile_from_map("square", "..\n..").orientations) == 1
    assert len(tile_from_map("T", "...\n . ").orientations) == 4
    assert len(tile_from_map("L", "...\n.").orientations) == 8
    assert len(tile_from_map("S", " ..\n..").orientations) == 4


def test_content_breaks_symmetry():
    # A 2x2 square with one cow is no longer symmetric: 4 orientations, the cow in each corner.
    tile = tile_from_map("cowsquare", "c.\n..")
    corners = {next(rc for rc, cell in o.cells if cell.char == "c") for o in tile.orientations}
    assert corners == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert len(tile.orientations) == 4


def test_orientation_index_is_stable_and_starts_with_the_printed_orientation():
    tile = tile_from_map("L", "...\n.")
    first = tile.orientations[0]
    assert (first.flipped, first.turns) == (False, 0)
    assert _shape(first.cells) == {(0, 0), (0, 1), (0, 2), (1, 0)}
    again = orientations(tile.cells)
    assert [o.cells for o in again] == [o.cells for o in tile.orientations]
    assert [o.index for o in tile.orientations] == list(range(len(tile.orientations)))


def test_quarter_turn_is_clockwise():
    # "..." above "." turned clockwise puts the foot at the top left, going down the right column.
    turned = transform(tile_from_map("L", "...\n.").cells, False, 1)
    assert _shape(turned) == {(0, 0), (0, 1), (1, 1), (2, 1)}


def test_every_catalog_tile_has_distinct_orientations_of_the_same_size():
    for tile in load_catalog().tiles:
        shapes = [o.cells for o in tile.orientations]
        assert len(set(shapes)) == len(shapes) and 1 <= len(shapes) <= 8
        for o in tile.orientations:
            assert len(o.cells) == tile.size and min(r for (r, _), _ in o.cells) == 0 and min(c for (_, c), _ in o.cells) == 0


polyominoes = st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=6).filter(is_edge_connected)


@given(polyominoes)
def test_orientations_are_closed_under_rotation_and_flip(squares):
    cells = [(rc, ".") for rc in squares]
    shapes = {o.cells for o in orientations(cells)}
    for flipped in (False, True):
        for turns in range(4):
            assert transform(cells, flipped, turns) in shapes


def test_grid_neighbours_do_not_wrap_around_rows():
    g = Grid(3, 4)
    right_edge = g.bit(0, 3)
    assert g.squares(g.neighbours(right_edge)) == [(0, 2), (1, 3)]
    left_edge = g.bit(1, 0)
    assert g.squares(g.neighbours(left_edge)) == [(0, 0), (1, 1), (2, 0)]


def test_grid_flood_stays_in_passable_squares():
    g = Grid(3, 3)
    passable = g.mask([(0, 0), (0, 1), (1, 1), (2, 2)])
    assert g.squares(g.flood(g.bit(0, 0), passable)) == [(0, 0), (0, 1), (1, 1)]


def test_anchor_masks_keep_the_shape_inside_the_board():
    anchors = anchor_masks(3, 3, ((0, 0), (0, 1), (1, 0)))
    assert [(r, c) for r, c, _ in anchors] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    g = Grid(3, 3)
    assert g.squares(anchors[-1][2]) == [(1, 1), (1, 2), (2, 1)]
