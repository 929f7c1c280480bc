"""Mutation benchmark: how many small bugs each suite catches.

A mutant is the graded file with one small change a student might make: a comparison
flipped (``<`` to ``<=``, ``==`` to ``!=``), an arithmetic operator swapped (``+`` and
``-``), a whole-number constant moved by one, a returned value replaced by ``None``, or
a statement deleted. Each mutant is graded by the suite; it is *killed* when it scores
less than the unmutated file. The script prints each suite's kill rate and lists the
surviving mutants, which a person then reads: a survivor is either a gap in the suite or
an equivalent mutant (one no test could tell apart, such as a changed constant in an
error message).

    python benchmarks/mutation_bench.py                       # End of DayZ, 60 mutants
    python benchmarks/mutation_bench.py --suite acorn_maze --file game.py --count 40
    python benchmarks/mutation_bench.py --source /path/to/solution   # another solution

Mutants are drawn with a fixed seed, so a run is repeatable.
"""

import argparse
import ast
import copy
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autograder import find_suite, grade  # noqa: E402

DEFAULT_SUITE = "end_of_dayz"
DEFAULT_FILE = "a2.py"
DEFAULT_COUNT = 60
SEED = 20261124
COMPARISON_SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn,
                    ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
ARITHMETIC_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv,
                    ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}
DELETABLE = (ast.Assign, ast.AugAssign, ast.Expr, ast.Return)


def sites(tree: ast.Module) -> Iterator[Tuple[str, int, ast.AST]]:
    """Yield (operator name, line, node) for every place one mutation can be made."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and type(node.ops[0]) in COMPARISON_SWAPS:
            yield "comparison", node.lineno, node
        elif isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC_SWAPS:
            yield "arithmetic", node.lineno, node
        elif (isinstance(node, ast.Constant) and type(node.value) is int
              and not isinstance(node.value, bool)):
            yield "constant", node.lineno, node
        elif isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            yield "return value", node.lineno, node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            for statement in body:
                if isinstance(statement, DELETABLE):
                    yield "deleted statement", statement.lineno, statement


def mutate(tree: ast.Module, index: int) -> Tuple[str, int, str]:
    """Apply the mutation at site ``index`` to ``tree`` (in place); return what it did."""
    kind, line, node = list(sites(tree))[index]
    before = ast.unparse(node).splitlines()[0]
    if kind == "comparison":
        node.ops[0] = COMPARISON_SWAPS[type(node.ops[0])]()
    elif kind == "arithmetic":
        node.op = ARITHMETIC_SWAPS[type(node.op)]()
    elif kind == "constant":
        node.value += 1
    elif kind == "return value":
        node.value = ast.Constant(None)
    else:
        _delete(tree, node)
        return kind, line, before
    return kind, line, f"{before}  ->  {ast.unparse(node).splitlines()[0]}"


def _delete(tree: ast.Module, statement: ast.stmt) -> None:
    """Replace ``statement`` by ``pass`` in whichever body holds it."""
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and statement in body:
                body[body.index(statement)] = ast.Pass()
                return


def run(suite_name: str, source: Path, filename: str, count: int,
        out=sys.stdout) -> Tuple[int, int, List[str]]:
    """Grade ``count`` mutants of ``source/filename``; return (mutants, killed, survivors)."""
    suite = find_suite(suite_name)
    original = (source / filename).read_text(encoding="utf-8")
    tree = ast.parse(original)
    total_sites = len(list(sites(tree)))
    chosen = sorted(random.Random(SEED).sample(range(total_sites), min(count, total_sites)))
    with tempfile.TemporaryDirectory() as work:
        baseline_dir = Path(work) / "baseline"
        shutil.copytree(source, baseline_dir)
        baseline = _earned(grade(suite, baseline_dir))
        out.write(f"{suite.title}: {filename} of {source} earns {baseline:.2f} check points; "
                  f"{len(chosen)} mutants of {total_sites} mutation sites\n")
        killed, survivors = 0, []
        started = time.monotonic()
        for number, index in enumerate(chosen, start=1):
            mutant_tree = copy.deepcopy(tree)
            kind, line, what = mutate(mutant_tree, index)
            folder = Path(work) / f"mutant{number}"
            shutil.copytree(source, folder)
            (folder / filename).write_text(ast.unparse(mutant_tree) + "\n", encoding="utf-8")
            score = _earned(grade(suite, folder))
            if score < baseline - 1e-9:
                killed += 1
            else:
                survivors.append(f"{filename}:{line} {kind}: {what}")
            shutil.rmtree(folder)
        seconds = time.monotonic() - started
    out.write(f"  killed {killed} of {len(chosen)} ({100 * killed / max(len(chosen), 1):.1f}%)"
              f" in {seconds:.0f} s\n")
    out.writelines(f"  survivor: {line}\n" for line in survivors)
    return len(chosen), killed, survivors


def _earned(result) -> float:
    """Return the unrounded points a grading run earned (rounding would hide small losses)."""
    return sum(outcome.earned for outcome in result.outcomes)


def main(argv: Optional[List[str]] = None) -> int:
    """Parse the arguments, run the benchmark, return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default=DEFAULT_SUITE)
    parser.add_argument("--file", default=DEFAULT_FILE, help="the graded file to mutate")
    parser.add_argument("--source", type=Path, help="the solution folder (default: the "
                                                    "suite's bundled reference)")
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    args = parser.parse_args(argv)
    source = args.source or find_suite(args.suite).reference
    run(args.suite, Path(source), args.file, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
