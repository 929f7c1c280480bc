"""Run every unit test of the acorn maze, plus the solver tests that use all the modules.

Run from this folder: python3 test_all.py (exits with status 1 when a test fails).
The end-to-end tests of run.py are in test_e2e.sh.
"""

import sys
import unittest

from game import Game
from game_parser import parse, read_lines
from solver import solve

TEST_MODULES = ["test_parser", "test_grid", "test_game", "test_all"]
# Shortest path lengths of the course boards.
OPTIMAL_LENGTHS = {"simple": 2, "medium": 7, "hard": 25, "super_hard": 27, "bfs_killer": 67}


def wins_with(grid, path):
    """Return True when playing ``path`` on ``grid`` wins with its last move, none wasted."""
    game = Game(grid)
    for move in path:
        if game.is_over():
            return False
        game.game_move(move)
    return game.is_won() and game.moves() == list(path)


class TestSolver(unittest.TestCase):
    """Both search modes on the course's boards: optimal BFS lengths, valid DFS paths."""


    def test_bfs_finds_a_shortest_path_on_every_course_board(self):
        for name, length in OPTIMAL_LENGTHS.items():
            grid = read_lines("boards/board_{}.txt".format(name))
            path = solve(grid, True)
            self.assertEqual(len(path), length, name)
            self.assertTrue(wins_with(grid, path), name)

    def test_dfs_finds_a_winning_path_on_every_course_board(self):
        for name in OPTIMAL_LENGTHS:
            grid = read_lines("boards/board_{}.txt".format(name))
            path = solve(grid, False)
            self.assertTrue(wins_with(grid, path), name)

    def test_a_bucket_must_be_fetched_through_squares_already_visited(self):
        grid = parse(["**X**", "*W  *", "***F*", "***Y*"])
        self.assertEqual(solve(grid, True), ["s", "a", "d", "d", "s", "s"])

    def test_waiting_on_a_pad_can_be_part_of_the_shortest_path(self):
        # Stepping onto the left pad lands on the walled-in right one; waiting there is the
        # only way to stand on the left pad, next to Y.
        grid = parse(["**X***", "*Y1*1*", "******"])
        self.assertEqual(solve(grid, True), ["s", "e", "a"])

    def test_no_path_when_the_fire_cannot_be_put_out(self):
        grid = parse(["*X*", "*F*", "*Y*"])
        self.assertIsNone(solve(grid, True))
        self.assertIsNone(solve(grid, False))


def main():
    """Run the tests of every test module and exit with status 1 if any fails."""
    suite = unittest.defaultTestLoader.loadTestsFromNames(TEST_MODULES)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
