"""Tests of game and player: every rule of a move, through Game.game_move.

Run from this folder: python3 -m unittest test_game (or python3 test_all.py).
"""

import unittest

from game import INVALID_MOVE_MESSAGE, Game
from game_parser import parse
from player import Player

WALL = "You walked into a wall. Oof!"
WATER = "Thank the Honourable Furious Forest, you've found a bucket of water!"
FIRE = ("With your strong acorn arms, you throw a water bucket at the fire. "
        "You acorn roll your way through the extinguished flames!")
BURNT = "You step into the fires and watch your dreams disappear :(."
WHOOSH = ("Whoosh! The magical gates break Physics as we know it and opens a wormhole "
          "through space and time.")
CORRIDOR = ["***", "X Y", "***"]
# X at (0, 2); stepping down onto the left pad lands on the right one at (1, 4).
PADS = ["**X****", "* 1*1 *", "*****Y*"]


def play(board, commands):
    """Return a new Game on ``board`` and the messages of ``commands`` played in order."""
    game = Game(parse(board))
    return game, [game.game_move(command) for command in commands]


class TestMoving(unittest.TestCase):
    """Moves, walls and the edge of the grid: what counts as a move and what is pushed back."""


    def test_moves_are_recorded_and_reaching_y_wins(self):
        game, messages = play(CORRIDOR, ["d", "d"])
        self.assertEqual(messages, ["", ""])
        self.assertTrue(game.is_won())
        self.assertTrue(game.is_over())
        self.assertEqual(game.moves(), ["d", "d"])
        self.assertEqual(game.player_position(), (1, 2))

    def test_a_wall_pushes_back_and_is_not_counted(self):
        game, messages = play(CORRIDOR, ["w", "s", "d"])
        self.assertEqual(messages, [WALL, WALL, ""])
        self.assertEqual(game.player_position(), (1, 1))
        self.assertEqual(game.moves(), ["d"])

    def test_leaving_the_grid_acts_as_a_wall(self):
        game, messages = play(CORRIDOR, ["a"])
        self.assertEqual(messages, [WALL])
        self.assertEqual(game.player_position(), (1, 0))
        self.assertEqual(game.moves(), [])

    def test_waiting_is_counted(self):
        game, messages = play(CORRIDOR, ["e"])
        self.assertEqual(messages, [""])
        self.assertEqual(game.player_position(), (1, 0))
        self.assertEqual(game.moves(), ["e"])

    def test_commands_are_case_insensitive_and_recorded_in_lower_case(self):
        game, _ = play(CORRIDOR, ["D", "E", "D"])
        self.assertTrue(game.is_won())
        self.assertEqual(game.moves(), ["d", "e", "d"])

    def test_invalid_commands_change_nothing(self):
        game, messages = play(CORRIDOR, ["x", "", "dd", " d", "d ", "0"])
        self.assertEqual(messages, [INVALID_MOVE_MESSAGE] * 6)
        self.assertEqual(game.player_position(), (1, 0))
        self.assertEqual(game.moves(), [])
        self.assertFalse(game.is_over())

    def test_q_and_capital_q_quit(self):
        for command in ["q", "Q"]:
            game, messages = play(CORRIDOR, [command])
            self.assertEqual(messages, [""])
            self.assertTrue(game.has_quit())
            self.assertTrue(game.is_over())

    def test_no_move_after_the_end(self):
        game, _ = play(CORRIDOR, ["d", "d"])
        with self.assertRaises(RuntimeError):
            game.game_move("a")


class TestTeleports(unittest.TestCase):
    """Teleport pads: where they send the acorn, and when they do not fire again."""


    def test_a_pad_sends_the_acorn_to_its_partner(self):
        game, messages = play(PADS, ["s"])
        self.assertEqual(messages, [WHOOSH])
        self.assertEqual(game.player_position(), (1, 4))
        self.assertEqual(game.moves(), ["s"])

    def test_waiting_on_a_pad_teleports_again(self):
        game, messages = play(PADS, ["s", "e", "e"])
        self.assertEqual(messages, [WHOOSH] * 3)
        self.assertEqual(game.player_position(), (1, 4))
        self.assertEqual(game.moves(), ["s", "e", "e"])

    def test_pushed_back_onto_a_pad_does_not_teleport(self):
        game, messages = play(PADS, ["s", "w", "s"])
        self.assertEqual(messages, [WHOOSH, WALL, WALL])
        self.assertEqual(game.player_position(), (1, 4))
        self.assertEqual(game.moves(), ["s"])


class TestWaterAndFire(unittest.TestCase):
    """Buckets of water and fires: picking up, putting out, and burning."""

    # X at (0, 2), water at (1, 1), fires at (1, 3) and (1, 4).
    BOARD = ["**X***", "*W FF*", "****Y*"]

    def test_water_gives_a_bucket_once(self):
        game, messages = play(self.BOARD, ["s", "a", "d", "a", "d"])
        self.assertEqual(messages, ["", WATER, "", "", ""])
        self.assertEqual(game.bucket_count(), 1)
        self.assertIn("* AFF*", game.to_string())

    def test_a_bucket_puts_out_a_fire_which_becomes_air(self):
        game, messages = play(self.BOARD, ["s", "a", "d", "d", "a", "d"])
        self.assertEqual(messages, ["", WATER, "", FIRE, "", ""])
        self.assertEqual(game.bucket_count(), 0)
        self.assertFalse(game.is_over())
        self.assertIn("*  AF*", game.to_string())

    def test_fire_without_water_loses_and_the_move_counts(self):
        game, messages = play(self.BOARD, ["s", "a", "d", "d", "d"])
        self.assertEqual(messages[-1], BURNT)
        self.assertTrue(game.is_lost())
        self.assertEqual(game.moves(), ["s", "a", "d", "d", "d"])
        self.assertEqual(game.player_position(), (1, 4))

    def test_the_grid_given_to_the_game_is_not_changed(self):
        grid = parse(self.BOARD)
        game = Game(grid)
        for command in ["s", "a"]:
            game.game_move(command)
        self.assertEqual(grid[1][1].display, "W")


class TestStates(unittest.TestCase):
    """A game's state and putting a game back in one, as the solver does."""

    BOARD = ["**X***", "*W FF*", "****Y*"]

    def test_the_state_holds_the_square_the_buckets_and_the_used_cells(self):
        game, _ = play(self.BOARD, ["s", "a", "d", "d"])
        self.assertEqual(game.state(), ((1, 3), 0, frozenset({(1, 1), (1, 3)})))

    def test_restore_plays_on_from_the_state_given(self):
        game, _ = play(self.BOARD, ["s", "a"])
        with_bucket = game.state()
        game.game_move("d")
        game.game_move("d")
        game.game_move("d")
        self.assertTrue(game.is_lost())
        game.restore(with_bucket)
        self.assertEqual(game.state(), with_bucket)
        self.assertFalse(game.is_over())
        self.assertEqual(game.moves(), [])
        self.assertEqual([game.game_move(move) for move in "dd"], ["", FIRE])
        self.assertIn("*  AF*", game.to_string())


class TestPlayer(unittest.TestCase):
    """The player's own record of its position, buckets and moves."""


    def test_moves_change_row_and_col(self):
        player = Player(3, 3)
        for move, expected in [("w", (2, 3)), ("a", (2, 2)), ("s", (3, 2)), ("d", (3, 3)),
                               ("e", (3, 3))]:
            player.move(move)
            self.assertEqual((player.row, player.col), expected)

    def test_an_unknown_move_is_refused(self):
        with self.assertRaises(ValueError):
            Player(0, 0).move("x")

    def test_buckets_are_counted(self):
        player = Player(0, 0)
        self.assertFalse(player.has_bucket())
        player.add_bucket()
        self.assertTrue(player.has_bucket())
        player.use_bucket()
        self.assertEqual(player.num_water_buckets, 0)
        self.assertEqual(player.display, "A")


if __name__ == "__main__":
    unittest.main()
