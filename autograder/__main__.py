"""Run the autograder's command line: ``python -m autograder``."""
from autograder.cli import run

run()
