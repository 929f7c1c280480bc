"""A small class of the example suite's submissions, written afresh for a batch test.

The example suite (tests/autograder/example_suite) grades a program that prints a sum; its
correct submission is tests/autograder/submissions/correct. The class holds every kind of
entry a batch must take: correct folders, a wrong one, a zip, an unreadable zip and an
empty folder.
"""

import shutil
import zipfile
from pathlib import Path

CORRECT = Path(__file__).resolve().parent / "autograder" / "submissions" / "correct"


def write_class(folder: Path) -> Path:
    """Write the class into ``folder`` (which must not exist) and return it: alice (correct),
    bob (prints one more than the sum), carol (correct, zipped inside a folder), dave (a zip
    that is not one) and erin (an empty folder)."""
    folder.mkdir()
    shutil.copytree(CORRECT, folder / "alice")
    shutil.copytree(CORRECT, folder / "bob")
    main_py = folder / "bob" / "main.py"
    main_py.write_text(main_py.read_text().replace("print(sum(", "print(1 + sum("))
    with zipfile.ZipFile(folder / "carol.zip", "w") as bundle:
        for path in CORRECT.iterdir():
            bundle.write(path, f"carol/{path.name}")
    (folder / "dave.zip").write_bytes(b"not a zip")
    (folder / "erin").mkdir()
    return folder
