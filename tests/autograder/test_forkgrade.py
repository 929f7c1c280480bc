"""A batch's forking process: started through the command line, it forks what it is asked.

``batch`` falls back on a new ``python -m autograder`` process when its forking process
fails, so a broken one would only cost time; these tests ask the forking process directly.
"""

from autograder.batch import GRADER_HOME
from autograder.forkgrade import ForkGrader


def test_the_forking_process_runs_the_command_line_it_was_handed(tmp_path):
    streams = tmp_path / "stdout", tmp_path / "stderr"
    with ForkGrader(GRADER_HOME) as forker:
        assert forker.grade(["list"], *streams, 60) == 0
        assert "end_of_dayz" in streams[0].read_text()
        # A usage error is the forked command line's own exit status, from the same process.
        assert forker.grade(["no-such-command"], *streams, 60) == 2
        assert "invalid choice" in streams[1].read_text()
