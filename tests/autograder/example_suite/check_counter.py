"""Checks of the example "counter" suite: one of every kind the engine offers."""

from autograder import WrongOutput, check
from autograder import static

TIMEOUT_S = 1.0


@check(item="functions", points=2, timeout=TIMEOUT_S)
def test_add(sandbox):
    """add() returns the sum of two numbers"""
    got = sandbox.probe("""
        import calc
        report([calc.add(2, 3), calc.add(-1, 1)])
    """)
    assert got == [5, 0], f"add(2, 3), add(-1, 1) gave {got}, expected [5, 0]"


@check(item="functions", points=2, timeout=TIMEOUT_S)
def test_counter_transcript(sandbox):
    """Counter counts up from zero"""
    sandbox.doctest("""
        >>> c = Counter()
        >>> c.value()
        0
        >>> c.increment()
        >>> c.increment()
        >>> c.value()
        2
        >>> Counter().value() + 1
        1
    """, setup="from calc import Counter")


@check(item="functions", points=1, timeout=TIMEOUT_S, visibility="hidden")
def test_counter_rejects_bad_step(sandbox):
    """Counter.increment('x') raises TypeError"""
    sandbox.doctest("""
        >>> Counter().increment('x')
        Traceback (most recent call last):
        TypeError: step must be an int
    """, setup="from calc import Counter")


@check(item="functions", points=1)
def test_required_methods(submission):
    """calc.py defines Counter with increment and value"""
    tree = submission.parse("calc.py")
    counter = static.require_class(tree, "Counter", "calc.py")
    static.require_method(counter, "increment", "calc.py", ["self", "step"])
    static.require_method(counter, "value", "calc.py", ["self"])


@check(item="program", points=1, timeout=TIMEOUT_S)
def test_main_sums_stdin(sandbox):
    """main.py prints the sum of its input"""
    sandbox.program(["python", "main.py"], "15\n", stdin="4\n5\n6\n", expected_status=0)


@check(item="program", points=1, timeout=TIMEOUT_S)
def test_main_reads_support_file(sandbox):
    """main.py numbers.txt sums the file"""
    sandbox.program(["python", "main.py", "numbers.txt"], "6\n")


@check(item="style", points=0)
def test_docstrings(submission, findings):
    """every class and method is documented"""
    for name in ("calc.py", "main.py"):
        if submission.exists(name):
            tree = submission.parse(name)
            for remark in static.undocumented(tree, submission.read_text(name), name):
                findings.add(remark)
    if findings.items:
        raise WrongOutput(f"{len(findings.items)} definitions lack documentation")
