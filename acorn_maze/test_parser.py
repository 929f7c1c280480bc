"""Tests of game_parser: the grid parse builds, and its four errors in their order.

Run from this folder: python3 -m unittest test_parser (or python3 test_all.py).
"""

import unittest

from cells import Air, End, Fire, Start, Teleport, Wall, Water
from game_parser import parse, read_lines


def displays(grid):
    """Return the grid as a list of row strings of display characters."""
    return ["".join(cell.display for cell in row) for row in grid]


class TestParseBuildsTheGrid(unittest.TestCase):
    """parse turns a board's lines into rows of cells."""


    def test_every_character_becomes_its_cell(self):
        grid = parse(["*X*W\n", "F 1*\n", "*1Y*\n"])
        expected = [[Wall, Start, Wall, Water], [Fire, Air, Teleport, Wall],
                    [Wall, Teleport, End, Wall]]
        self.assertEqual([[type(cell) for cell in row] for row in grid], expected)
        self.assertEqual(displays(grid), ["*X*W", "F 1*", "*1Y*"])

    def test_lines_with_and_without_newlines_give_the_same_grid(self):
        with_newlines = parse(["***\n", "X Y\n", "***\n"])
        without = parse(["***", "X Y", "***"])
        windows = parse(["***\r\n", "X Y\r\n", "***\r\n"])
        self.assertEqual(displays(with_newlines), ["***", "X Y", "***"])
        self.assertEqual(displays(without), displays(with_newlines))
        self.assertEqual(displays(windows), displays(with_newlines))

    def test_spaces_at_the_end_of_a_line_are_air(self):
        grid = parse(["*X  \n", "*Y**\n"])
        self.assertEqual(displays(grid), ["*X  ", "*Y**"])

    def test_a_final_empty_line_is_ignored(self):
        self.assertEqual(displays(parse(["*X*\n", "*Y*\n", "\n"])), ["*X*", "*Y*"])

    def test_teleport_pads_lead_to_each_other(self):
        grid = parse(["*X***", "*2 2*", "*3 3*", "***Y*"])
        self.assertEqual(grid[1][1].destination(), (1, 3))
        self.assertEqual(grid[1][3].destination(), (1, 1))
        self.assertEqual(grid[2][1].destination(), (2, 3))

    def test_every_cell_is_a_new_object(self):
        grid = parse(["*X*", "*Y*"])
        self.assertIsNot(grid[0][0], grid[0][2])

    def test_read_lines_returns_the_parsed_board(self):
        grid = read_lines("boards/board_simple.txt")
        self.assertEqual(displays(grid), ["**X**", "*   *", "**Y**"])

    def test_read_lines_reports_a_missing_file(self):
        with self.assertRaises(ValueError) as caught:
            read_lines("boards/no_such_board.txt")
        self.assertEqual(str(caught.exception), "boards/no_such_board.txt does not exist!")


class TestParseErrors(unittest.TestCase):
    """parse's four errors, in the spec's order of checks."""


    def assert_parse_error(self, lines, message):
        with self.assertRaises(ValueError) as caught:
            parse(lines)
        self.assertEqual(str(caught.exception), message)

    def test_unknown_letter(self):
        self.assert_parse_error(["*X*", "*Q*", "*Y*"], "Bad letter in configuration file: Q.")

    def test_lower_case_letters_are_unknown(self):
        self.assert_parse_error(["*x*", "*X*", "*Y*"], "Bad letter in configuration file: x.")

    def test_zero_is_not_a_teleport_pad(self):
        self.assert_parse_error(["*X*", "*0*", "*0*", "*Y*"],
                                "Bad letter in configuration file: 0.")

    def test_only_one_bad_letter_is_reported(self):
        self.assert_parse_error(["*X*", "*?!", "*Y*"], "Bad letter in configuration file: ?.")

    def test_no_start(self):
        self.assert_parse_error(["***", "  Y", "***"], "Expected 1 starting position, got 0.")

    def test_two_starts(self):
        self.assert_parse_error(["*X*", "X Y", "***"], "Expected 1 starting position, got 2.")

    def test_no_end(self):
        self.assert_parse_error(["*X*", "* *", "***"], "Expected 1 ending position, got 0.")

    def test_three_ends(self):
        self.assert_parse_error(["*X*", "YYY", "***"], "Expected 1 ending position, got 3.")

    def test_lonely_teleport_pad(self):
        self.assert_parse_error(["*X*", "*4*", "*Y*"],
                                "Teleport pad 4 does not have an exclusively matching pad.")

    def test_three_matching_pads(self):
        self.assert_parse_error(["*X*", "777", "*Y*"],
                                "Teleport pad 7 does not have an exclusively matching pad.")

    def test_bad_letter_is_checked_before_the_start(self):
        self.assert_parse_error(["***", "*Z*", "***"], "Bad letter in configuration file: Z.")

    def test_start_is_checked_before_the_end(self):
        self.assert_parse_error(["XX*", "***"], "Expected 1 starting position, got 2.")

    def test_end_is_checked_before_the_pads(self):
        self.assert_parse_error(["*X*", "*1*"], "Expected 1 ending position, got 0.")


if __name__ == "__main__":
    unittest.main()
