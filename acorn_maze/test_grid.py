"""Tests of grid: how grid_to_string draws the grid, the acorn and its buckets.

Run from this folder: python3 -m unittest test_grid (or python3 test_all.py).
"""

import unittest

from cells import Wall
from game_parser import parse
from grid import cell_at, find_start, grid_to_string
from player import Player


class TestGridToString(unittest.TestCase):
    """grid_to_string: the acorn drawn over its cell, and the bucket line."""


    def test_the_course_sample_start(self):
        grid = parse(["***\n", "X Y\n", "***"])
        self.assertEqual(grid_to_string(grid, Player(1, 0)),
                         "***\nA Y\n***\n\nYou have 0 water buckets.")

    def test_the_acorn_is_drawn_over_any_cell(self):
        grid = parse(["*X*", "*1*", "*F*", "*1*", "*Y*"])
        self.assertEqual(grid_to_string(grid, Player(2, 1)).splitlines()[:5],
                         ["*X*", "*1*", "*A*", "*1*", "*Y*"])
        self.assertEqual(grid_to_string(grid, Player(4, 1)).splitlines()[4], "*A*")

    def test_one_bucket_is_singular(self):
        player = Player(0, 1)
        player.add_bucket()
        text = grid_to_string(parse(["*X*", "*Y*"]), player)
        self.assertTrue(text.endswith("\n\nYou have 1 water bucket."), text)

    def test_two_buckets_are_plural(self):
        player = Player(0, 1)
        player.add_bucket()
        player.add_bucket()
        text = grid_to_string(parse(["*X*", "*Y*"]), player)
        self.assertTrue(text.endswith("\n\nYou have 2 water buckets."), text)

    def test_the_players_attributes_are_what_is_drawn(self):
        player = Player(0, 0)
        player.row, player.col, player.num_water_buckets = 1, 2, 5
        text = grid_to_string(parse(["*X*", "**Y"]), player)
        self.assertEqual(text, "*X*\n**A\n\nYou have 5 water buckets.")

    def test_drawing_changes_nothing(self):
        grid = parse(["*X*", "*Y*"])
        grid_to_string(grid, Player(1, 1))
        self.assertEqual([cell.display for cell in grid[1]], ["*", "Y", "*"])


class TestGridHelpers(unittest.TestCase):
    """The grid's small helpers used by the game and the solver."""


    def test_outside_the_grid_is_wall(self):
        grid = parse(["*X*", "*Y*"])
        for row, col in [(-1, 1), (2, 1), (0, -1), (0, 3)]:
            self.assertIsInstance(cell_at(grid, row, col), Wall)

    def test_inside_the_grid_is_the_cell(self):
        grid = parse(["*X*", "*Y*"])
        self.assertIs(cell_at(grid, 1, 1), grid[1][1])

    def test_the_start_is_found(self):
        self.assertEqual(find_start(parse(["***", "* X", "Y**"])), (1, 2))


if __name__ == "__main__":
    unittest.main()
