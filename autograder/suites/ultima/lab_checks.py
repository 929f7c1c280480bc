"""Check helpers shared by the Ultima suites (Ultima 0 and Ultima 0.1).

Both labs grade the same way that the handed-in files compile, that every class and method is
commented (a point per file) and that each file opens with a header; the check modules of each
suite call these helpers with their own file lists. Every problem is listed for the student
and, where it is a matter of style, added to the tutor's findings.
"""

from typing import Sequence

from autograder import CheckFailed, WrongOutput, static


def require_documented(submission, findings, name: str, class_required: bool = False) -> None:
    """Fail, listing each one, if a class or method of file ``name`` lacks a docstring or comment.

    Args:
        submission: the submission fixture (parses and reads the file).
        findings: the findings fixture; every missing comment is added to it.
        name: the file, such as ``"World.py"``.
        class_required: whether the file must define the class it is named after (a file
            without it has nothing to comment).

    Raises:
        WrongOutput: naming how many definitions lack a comment, with the list as details.
    """
    tree = submission.parse(name)
    if class_required:
        static.require_class(tree, name[:-len(".py")], name)
    remarks = static.undocumented(tree, submission.read_text(name), name)
    for remark in remarks:
        findings.add(remark)
    if remarks:
        raise WrongOutput(f"{len(remarks)} classes or methods of {name} have no docstring or "
                          f"comment", "\n".join(remarks))


def require_headers(submission, findings, names: Sequence[str]) -> None:
    """Fail if any of the files ``names`` does not open with a header comment or docstring.

    Args:
        submission: the submission fixture.
        findings: the findings fixture; each file without a header is added to it.
        names: the handed-in files to look at.

    Raises:
        WrongOutput: naming the files without a header.
    """
    missing = [name for name in names if not static.has_header(submission.read_text(name))]
    for name in missing:
        findings.add(f"{name}:1: no header comment or docstring")
    if missing:
        raise WrongOutput(f"no header at the top of {', '.join(missing)}")


def require_compiles(submission, names: Sequence[str]) -> None:
    """Fail if any of the files ``names`` is missing or does not compile.

    Args:
        submission: the submission fixture.
        names: the files to compile (never run).

    Raises:
        WrongOutput: naming the first problem, with all of them as details.
    """
    problems = []
    for name in names:
        try:
            source = submission.read_text(name)
        except CheckFailed as failure:
            problems.append(failure.message)
            continue
        try:
            compile(source, name, "exec", dont_inherit=True)
        except SyntaxError as err:
            problems.append(f"{name}:{err.lineno}: {err.msg}")
        except (ValueError, RecursionError, MemoryError) as err:
            problems.append(f"{name}: cannot be compiled ({type(err).__name__})")
    if problems:
        raise WrongOutput(f"{len(problems)} of {len(names)} files do not compile: {problems[0]}",
                          "\n".join(problems))
