"""Broken variants of the acorn maze reference: realistic student mistakes, for the grader's tests.

``VARIANTS`` maps a name to a Variant (an edit of one reference file and the rubric item it
must lose: "parser", "grid_to_string", "game_rules", "solver_bfs", "solver_dfs" or
"usage_errors"). ``ACCEPTED`` holds choices the course allows that must keep full marks.
``PROBES`` maps the names of both to the input that exposes the mistake: which
program to run, the board file to give it, further arguments and what is typed. Build one with
``autograder.selftest.apply_variant(VARIANTS[name], <acorn_maze folder>, <destination>)``.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

from autograder.selftest import Variant

RUBRIC_ITEMS = ("parser", "grid_to_string", "game_rules", "solver_bfs", "solver_dfs",
                "usage_errors")


@dataclass(frozen=True)
class Probe:
    """An input on which a variant behaves differently from the reference.

    Attributes:
        script: the program run, ``run.py`` or ``solver.py``.
        board: text of the board file passed as the first argument; None passes no board,
            and ``MISSING`` passes the name of a file that does not exist.
        args: arguments after the board.
        stdin: what is typed.
    """

    script: str
    board: Optional[str]
    args: Tuple[str, ...] = ()
    stdin: str = ""


MISSING = "<missing>"


def serpentine(width: int, corridors: int) -> str:
    """Return a board whose only path winds through ``corridors`` rows of ``width`` squares."""
    inner = width - 2
    rows = ["*X" + "*" * inner]
    for corridor in range(corridors):
        rows.append("*" + " " * inner + "*")
        gap = inner if corridor % 2 == 0 else 1
        last = corridor == corridors - 1
        rows.append("".join("Y" if last and col == gap else " " if col == gap else "*"
                            for col in range(width)))
    return "\n".join(rows)


CORRIDOR = "***\nX Y\n***"
# Stepping down from X lands on the right pad at (1, 4); Y is below (1, 5).
PADS = "**X****\n* 1*1 *\n*****Y*"
WATER_AND_FIRE = "**X**\n*W F*\n***Y*"
FIRE_LOSS = "*X***\n* F *\n***Y*"
BOARD_HARD = ("*X*************\n*       2 *   *\n* *** ** **** *\n* *  W*   1   *\n"
              "* ***** ***** *\n*  2 *   ** *F*\n* ** ***  F   *\n* 1********F  *\n"
              "*************Y*")
# The bucket lies in a dead end: the way back crosses squares already visited.
BUCKET_BEHIND = "**X**\n*W  *\n***F*\n***Y*"
# One bucket, two fires in a row: no way through unless the bucket is taken twice.
ONE_BUCKET_TWO_FIRES = "**X***\n*W FF*\n****Y*"
# Y is reached only by waiting on the walled-in pad the left pad leads to.
WAIT_ON_PAD = "**X***\n*Y1*1*\n******"
NO_PATH = "*X*\n*F*\n*Y*"

VARIANTS = {
    # parser
    "parse_checks_out_of_order": Variant(
        file="game_parser.py",
        edits=[("    for row in rows:\n        for char in row:\n"
                "            if char not in CELL_TYPES and char not in TELEPORT_CHARS:\n"
                "                raise ValueError(BAD_LETTER_MESSAGE.format(char))\n"
                "    text = \"\".join(rows)\n", "    text = \"\".join(rows)\n"),
               ("    grid = [[make_cell(char) for char in row] for row in rows]\n",
                "    for row in rows:\n        for char in row:\n"
                "            if char not in CELL_TYPES and char not in TELEPORT_CHARS:\n"
                "                raise ValueError(BAD_LETTER_MESSAGE.format(char))\n"
                "    grid = [[make_cell(char) for char in row] for row in rows]\n")],
        loses="parser",
        why="Counts X, Y and pads before looking for unknown letters."),
    "pad_zero_accepted": Variant(
        file="cells.py",
        edits=[('TELEPORT_CHARS = "123456789"', 'TELEPORT_CHARS = "0123456789"')],
        loses="parser",
        why="Treats 0 as a teleport pad like the other digits."),
    "newline_not_stripped": Variant(
        file="game_parser.py",
        edits=[("rows = [line.rstrip(LINE_ENDINGS) for line in lines]",
                "rows = list(lines)")],
        loses="parser",
        why="Keeps the newline at the end of each line, which is then a bad letter."),
    "pads_counted_by_parity": Variant(
        file="game_parser.py",
        edits=[("if text.count(pad) not in (0, PAD_COUNT):", "if text.count(pad) % PAD_COUNT:")],
        loses="parser",
        why="Accepts any even number of pads with one digit, not exactly two."),
    "missing_start_not_reported": Variant(
        file="game_parser.py",
        edits=[("if text.count(START_CHAR) != 1:", "if text.count(START_CHAR) > 1:")],
        loses="parser",
        why="Only complains about several starts, not about none."),
    # grid_to_string
    "bucket_wording_always_plural": Variant(
        file="grid.py",
        edits=[('ONE_BUCKET_LINE = "You have 1 water bucket."',
                'ONE_BUCKET_LINE = "You have 1 water buckets."')],
        loses="grid_to_string",
        why="Writes 'You have 1 water buckets.' for a single bucket."),
    "player_row_and_col_swapped": Variant(
        file="grid.py",
        edits=[("        if row_index == player.row:\n"
                "            chars[player.col] = player.display",
                "        if row_index == player.col:\n"
                "            chars[player.row] = player.display")],
        loses="grid_to_string",
        why="Draws the acorn at (col, row) instead of (row, col)."),
    "no_blank_line_before_buckets": Variant(
        file="grid.py",
        edits=[('BUCKETS_SEPARATOR = "\\n\\n"', 'BUCKETS_SEPARATOR = "\\n"')],
        loses="grid_to_string",
        why="Puts the bucket line straight under the grid, without the blank line."),
    # game_rules
    "wall_moves_counted": Variant(
        file="game.py",
        edits=[("        self._player.move_to(*self._previous)\n"
                "        self._move_stands = False\n",
                "        self._player.move_to(*self._previous)\n")],
        loses="game_rules",
        why="Records a move into a wall although the acorn was pushed back."),
    "push_back_teleports_again": Variant(
        file="game.py",
        edits=[("        self._player.move_to(*self._previous)\n",
                "        self._player.move_to(*self._previous)\n"
                "        cell_at(self._grid, *self._previous).step(self)\n")],
        loses="game_rules",
        why="Re-enters the cell the acorn is pushed back to, so a pad teleports it again."),
    "one_move_plural": Variant(
        file="run.py",
        edits=[("    if len(moves) == 1:\n        return ONE_MOVE_LINES.format(listed)\n", "")],
        loses="game_rules",
        why="Prints 'You made 1 moves.' and 'Your moves: s' after a single move."),
    "capital_q_does_not_quit": Variant(
        file="game.py",
        edits=[("        if command == QUIT_COMMAND:", "        if move == QUIT_COMMAND:")],
        loses="game_rules",
        why="Compares the raw input with 'q', so 'Q' is an invalid move."),
    "commands_case_sensitive": Variant(
        file="game.py",
        edits=[("        command = move.lower()", "        command = move")],
        loses="game_rules",
        why="Accepts only lower-case commands."),
    "first_character_taken": Variant(
        file="game.py",
        edits=[("        command = move.lower()", "        command = move.lower()[:1]")],
        loses="game_rules",
        why="Looks only at the first character, so 'dd' is taken as 'd'."),
    "losing_move_not_counted": Variant(
        file="game.py",
        edits=[("        if self._move_stands:",
                "        if self._move_stands and not self.is_lost():")],
        loses="game_rules",
        why="Leaves the step into the fire out of the moves made."),
    "wait_not_counted": Variant(
        file="game.py",
        edits=[("        if self._move_stands:",
                "        if self._move_stands and command != \"e\":")],
        loses="game_rules",
        why="Does not count waiting as a move."),
    "water_not_used_up": Variant(
        file="cells.py",
        edits=[("        game.give_bucket()\n        game.clear_cell()\n",
                "        game.give_bucket()\n")],
        loses="game_rules",
        why="Leaves the water cell in place, so it gives a bucket every time."),
    "fire_not_put_out": Variant(
        file="cells.py",
        edits=[("        game.use_bucket()\n        game.clear_cell()\n",
                "        game.use_bucket()\n")],
        loses="game_rules",
        why="Leaves the fire burning after a bucket was thrown at it."),
    "ending_after_one_blank_line": Variant(
        file="run.py",
        edits=[("    print(ENDING_GAP + ENDING_GAP.join(parts))",
                "    print(\"\\n\" + ENDING_GAP.join(parts))")],
        loses="game_rules",
        why="Leaves one blank line, not two, between the last grid and the closing text."),
    # solver_bfs
    "solver_visited_by_square": Variant(
        file="solver.py",
        edits=[("    parent = {start: None}\n",
                "    parent = {start: None}\n    seen_squares = {start[0]}\n"),
               ("            if next_state not in parent:\n",
                "            if next_state not in parent and next_state[0] not in seen_squares:\n"
                "                seen_squares.add(next_state[0])\n")],
        loses="solver_bfs",
        why="Marks squares, not states, as visited, so it never walks back with a bucket."),
    "solver_state_forgets_used_cells": Variant(
        file="solver.py",
        edits=[("            next_state = game.state()\n",
                "            square, buckets, _ = game.state()\n"
                "            next_state = (square, buckets, frozenset())\n")],
        loses="solver_bfs",
        why="Keeps only the square and the buckets in the state, so a used water cell gives "
            "water again."),
    "bfs_takes_newest_state": Variant(
        file="solver.py",
        edits=[("        if breadth_first:\n", "        if not breadth_first:\n")],
        loses="solver_bfs",
        why="Pops the newest state in BFS mode (a stack), so the path is not the shortest."),
    "solver_ignores_teleports": Variant(
        file="solver.py",
        edits=[("            next_state = game.state()\n",
                "            next_state = game.state()\n"
                "            (row, col), (next_row, next_col) = state[0], next_state[0]\n"
                "            if abs(next_row - row) + abs(next_col - col) > 1:\n"
                "                continue\n")],
        loses="solver_bfs",
        why="Leaves out every move that lands further than one square away: no teleports."),
    "solver_never_waits": Variant(
        file="solver.py",
        edits=[("MOVE_ORDER = (UP, LEFT, DOWN, RIGHT, WAIT)\n",
                "MOVE_ORDER = (UP, LEFT, DOWN, RIGHT)\n")],
        loses="solver_bfs",
        why="Never tries waiting, which is the only way back to a pad's partner."),
    "no_path_wording": Variant(
        file="solver.py",
        edits=[('NO_PATH_MESSAGE = "There is no possible path."',
                'NO_PATH_MESSAGE = "No path found."')],
        loses="solver_bfs",
        why="Prints its own wording when there is no path."),
    "path_length_counts_start": Variant(
        file="solver.py",
        edits=[("print(PATH_LENGTH_LINE.format(len(path)))",
                "print(PATH_LENGTH_LINE.format(len(path) + 1))")],
        loses="solver_bfs",
        why="Counts the squares of the path, start included, instead of the moves."),
    # solver_dfs
    "dfs_mode_rejected": Variant(
        file="solver.py",
        edits=[("    if mode not in (BREADTH_FIRST, DEPTH_FIRST):\n",
                "    if mode != BREADTH_FIRST:\n")],
        loses="solver_dfs",
        why="Implements only BFS and rejects DFS as an unknown mode."),
    # usage_errors
    "usage_wording": Variant(
        file="run.py",
        edits=[('USAGE = "Usage: python3 run.py <filename> [play]"',
                'USAGE = "Usage: python run.py <filename>"')],
        loses="usage_errors",
        why="Prints its own usage line."),
    "missing_file_traceback": Variant(
        file="game_parser.py",
        edits=[("    except FileNotFoundError as err:\n"
                "        raise ValueError(MISSING_FILE_MESSAGE.format(filename)) from err\n", ""),
               ("    except OSError as err:\n"
                "        raise ValueError(UNREADABLE_FILE_MESSAGE.format(filename, err.strerror)) "
                "from err\n", "")],
        loses="usage_errors",
        why="Opens the board without handling a missing file, so a traceback is shown."),
}

# Choices the spec and CLARIFICATIONS.md allow, though the reference decides otherwise: each
# must keep full marks (CLARIFICATIONS.md's "(reference only)" rulings bind only the reference).
ACCEPTED = {
    "grid_checks_player_type": Variant(
        file="grid.py",
        edits=[("    rows = []\n    for row_index, row in enumerate(grid):\n",
                "    from player import Player\n"
                "    if type(player) != Player:\n"
                "        raise TypeError(\"grid_to_string draws a Player\")\n"
                "    rows = []\n    for row_index, row in enumerate(grid):\n")],
        loses="",
        why="grid_to_string insists on its own Player class: the spec hands it a Player, so "
            "the grader must draw the student's own objects, not stand-ins."),
    "dfs_recursive": Variant(
        file="solver.py",
        edits=[("def main() -> None:\n",
                "def solve_recursive(grid):\n"
                "    game = Game(grid)\n"
                "    visited = set()\n\n"
                "    def visit(state):\n"
                "        visited.add(state)\n"
                "        for move in MOVE_ORDER:\n"
                "            game.restore(state)\n"
                "            game.game_move(move)\n"
                "            if game.is_won():\n"
                "                return [move]\n"
                "            if game.is_lost():\n"
                "                continue\n"
                "            next_state = game.state()\n"
                "            if next_state not in visited:\n"
                "                rest = visit(next_state)\n"
                "                if rest is not None:\n"
                "                    return [move] + rest\n"
                "        return None\n\n"
                "    return visit(game.state())\n\n\n"
                "def main() -> None:\n"),
               ("    path = solve(grid, mode == BREADTH_FIRST)\n",
                "    path = (solve(grid, True) if mode == BREADTH_FIRST\n"
                "            else solve_recursive(grid))\n")],
        loses="",
        why="Searches depth first by recursion: the spec only advises against it, and at the "
            "course's scale (paths up to 67 moves) it works."),
    "bad_board_traceback": Variant(
        file="game_parser.py",
        edits=[("    return parse(lines)\n",
                "    try:\n        return parse(lines)\n    except ValueError as err:\n"
                "        raise RuntimeError(str(err)) from err\n")],
        loses="",
        why="Lets parse's ValueError escape as a traceback: the spec asks parse to raise it and "
            "says nothing of run.py, and malformed boards are (reference only)."),
    "end_of_input_traceback": Variant(
        file="run.py",
        edits=[("        except EOFError:\n"
                "            print()  # the end of input ends the game quietly, "
                "on a line of its own\n"
                "            return\n", "")],
        loses="",
        why="Crashes with EOFError when the input ends before the game does: the end of input "
            "at the prompt is (reference only) in CLARIFICATIONS.md."),
}

PROBES = {
    "parse_checks_out_of_order": Probe("run.py", "XX*\n*x*\n*Y*"),
    "pad_zero_accepted": Probe("run.py", "*X*\n*0*\n*0*\n*Y*"),
    "newline_not_stripped": Probe("run.py", CORRIDOR, stdin="d\nd\n"),
    "pads_counted_by_parity": Probe("run.py", "*X*****\n*11 11*\n*****Y*"),
    "missing_start_not_reported": Probe("run.py", "***\n  Y\n***"),
    "bucket_wording_always_plural": Probe("run.py", WATER_AND_FIRE, stdin="s\na\n"),
    "player_row_and_col_swapped": Probe("run.py", CORRIDOR, stdin="d\n"),
    "no_blank_line_before_buckets": Probe("run.py", CORRIDOR, stdin="d\nd\n"),
    "wall_moves_counted": Probe("run.py", CORRIDOR, stdin="w\nd\nd\n"),
    "push_back_teleports_again": Probe("run.py", PADS, stdin="s\nw\nd\ns\n"),
    "one_move_plural": Probe("run.py", "*X*\n*Y*", stdin="s\n"),
    "capital_q_does_not_quit": Probe("run.py", CORRIDOR, stdin="Q\n"),
    "commands_case_sensitive": Probe("run.py", CORRIDOR, stdin="D\nD\n"),
    "first_character_taken": Probe("run.py", CORRIDOR, stdin="dd\nd\n"),
    "losing_move_not_counted": Probe("run.py", FIRE_LOSS, stdin="s\nd\n"),
    "wait_not_counted": Probe("run.py", CORRIDOR, stdin="e\nd\nd\n"),
    "water_not_used_up": Probe("run.py", WATER_AND_FIRE, stdin="s\na\nd\na\n"),
    "fire_not_put_out": Probe("run.py", WATER_AND_FIRE, stdin="s\na\nd\nd\na\nd\n"),
    "ending_after_one_blank_line": Probe("run.py", CORRIDOR, stdin="d\nd\n"),
    "solver_visited_by_square": Probe("solver.py", BUCKET_BEHIND, ("BFS",)),
    "solver_state_forgets_used_cells": Probe("solver.py", ONE_BUCKET_TWO_FIRES, ("BFS",)),
    "bfs_takes_newest_state": Probe("solver.py", BOARD_HARD, ("BFS",)),
    "solver_ignores_teleports": Probe("solver.py", PADS, ("BFS",)),
    "solver_never_waits": Probe("solver.py", WAIT_ON_PAD, ("BFS",)),
    "no_path_wording": Probe("solver.py", NO_PATH, ("BFS",)),
    "path_length_counts_start": Probe("solver.py", CORRIDOR, ("BFS",)),
    "dfs_recursive": Probe("solver.py", serpentine(41, 40), ("DFS",)),
    "dfs_mode_rejected": Probe("solver.py", CORRIDOR, ("DFS",)),
    "usage_wording": Probe("run.py", None),
    "missing_file_traceback": Probe("run.py", MISSING),
    "bad_board_traceback": Probe("run.py", "*X*\n*Z*\n*Y*"),
    "end_of_input_traceback": Probe("run.py", CORRIDOR, stdin="d\n"),
}
