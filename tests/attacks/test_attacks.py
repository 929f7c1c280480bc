"""Every attack in zoo.py, graded by the End of DayZ suite: it gains nothing, the
grader finishes with a valid report naming the fault, no process survives, and nothing
outside the sandbox changes (issue 8)."""

import csv
import hashlib
import json
import os
import shutil
import socket
import subprocess
import threading
from pathlib import Path
from typing import Dict, List, Set

import jsonschema
import pytest
from levels import LEVELS
from attacks.zoo import (
    ANSWERS_FROM_THE_PAYLOAD,
    ATTACKS,
    CANARY_DIR,
    CLASS_ATTACKS,
    HIJACK_FOLDER,
    HIJACK_MAIN,
    IMPORT_ANCHOR,
    MARKER,
    METHOD_ANCHOR,
    TWINS,
    Attack,
)

from autograder import PROJECT_ROOT, grade
from autograder.cli import main
from autograder.report import gradescope_results, render_text
from autograder.sandbox import IsolationLevel
from autograder.suite import SuiteError, find_suite

REFERENCE_A2 = PROJECT_ROOT / "end_of_dayz" / "a2.py"
GRADER_INIT = PROJECT_ROOT / "autograder" / "__init__.py"
# Characters no report may carry from a submission: escape, bell, and C1 controls.
CONTROLS = ("\x1b", "\x07", "\x9b")
# A student's results.json stays small whatever the submission prints.
MAX_RESULTS_BYTES = 1 << 20
SCHEMA = json.loads((PROJECT_ROOT / "tests" / "autograder" /
                     "gradescope_results.schema.json").read_text())
# Seconds all of one attack's runs may take: hangs cost this, not every check's limit.
TIME_BUDGET_S = 6.0
# Host paths an attack might try to plant fake results in.
PLANTED = [Path(CANARY_DIR), Path("/autograder"), Path("/tmp/results.json"),
           PROJECT_ROOT / "results.json", PROJECT_ROOT / "grades.csv"]

try:
    SUITE = find_suite("end_of_dayz")
except SuiteError:
    SUITE = None
pytestmark = pytest.mark.skipif(SUITE is None, reason="the End of DayZ suite is not bundled")


def inject(code: str, where: str) -> str:
    """Return the reference a2.py with ``code`` run at import or in Grid.__init__."""
    source = REFERENCE_A2.read_text()
    if where == "import":
        return source.replace(IMPORT_ANCHOR, IMPORT_ANCHOR + code + "\n", 1)
    indented = "".join("        " + line + "\n" for line in code.splitlines())
    return source.replace(METHOD_ANCHOR, indented + METHOD_ANCHOR, 1)


def concrete(code: str, port: int = 0, tag: str = "") -> str:
    """Return ``code`` with the listener's port and the grader's real folders filled in.

    ``tag`` is appended to the survivor marker, so that attacks graded at the same time by
    other test workers are not mistaken for this attack's survivors.
    """
    code = code.replace(CANARY_DIR, "\0").replace(MARKER, marked(tag)).replace("\0", CANARY_DIR)
    return (code.replace("PORT", str(port)).replace("SUITE_DIR", str(SUITE.directory))
            .replace("TESTS_DIR", str(PROJECT_ROOT / "tests")))


def build(attack: Attack, folder: Path, code: str) -> Path:
    """Write the attack's submission into ``folder``."""
    folder.mkdir(parents=True)
    if attack.where != "files":
        (folder / "a2.py").write_text(inject(code, attack.where))
    for name, data in attack.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    for name, target in attack.links.items():
        os.symlink(target.replace("GRADER_INIT", str(GRADER_INIT)), folder / name)
    return folder


def snapshot(folder: Path) -> Dict[str, str]:
    """Return a hash of every file in ``folder``."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


_TWIN_PASSED: Dict[str, Set[str]] = {}


def twin_passed(attack: Attack, tmp_path: Path) -> Set[str]:
    """Return the checks the attack's honest twin passes (graded once per twin).

    The twin gets the suite's own time budget, not the attack's short one, so that nothing
    but its own code decides what it passes (issue 35: when the budget was still counted on
    the wall clock, a twin graded on a busy machine lost checks the attack then seemed to
    gain). Every twin ends quickly on its own.
    """
    key = "files" if attack.where == "files" else f"{attack.where}:{attack.twin}"
    if key not in _TWIN_PASSED:
        twin = Attack(TWINS.get(attack.twin, ""), attack.where, attack.twin)
        folder = build(twin, tmp_path / "twin", twin.code)
        result = grade(SUITE, folder)
        _TWIN_PASSED[key] = {o.name for o in result.outcomes if o.passed}
    return _TWIN_PASSED[key]


@pytest.fixture
def listener():
    """Listen on 127.0.0.1 and collect whatever any connection sends."""
    received = []
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                received.append(conn.recv(100) or b"(connected)")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], received
    stop.set()
    thread.join()
    server.close()


def survivors(tag: str):
    """Return the command lines of processes attack ``tag`` started that are still running."""
    listing = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True)
    return [line for line in listing.stdout.splitlines() if marked(tag) in line]


def marked(tag: str) -> str:
    """Return the marker of attack ``tag``'s processes in this test process: another test
    run on the same machine (a second checkout's CI, say) runs the same attacks, and its
    processes are not this run's survivors."""
    return f"{MARKER}{tag}-{os.getpid()}"


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_attack_gains_nothing_and_the_grader_survives(name, tmp_path, listener):
    attack = ATTACKS[name]
    port, received = listener
    planted_before = {path for path in PLANTED if path.exists()}
    folder = build(attack, tmp_path / "submission", concrete(attack.code, port, tag=name))
    before = snapshot(folder)

    # Shared by two workers, as `autograder grade` does on two cores (the batch test below
    # grades each submission with one worker, and the twins are graded with one).
    result = grade(SUITE, folder, time_budget_s=TIME_BUDGET_S, jobs=2)

    assert not result.grader_errors, [o.message for o in result.grader_errors]
    passed = {o.name for o in result.outcomes if o.passed}
    assert passed <= twin_passed(attack, tmp_path), passed - twin_passed(attack, tmp_path)
    report = render_text(result)
    if attack.names:
        assert attack.names in report, report
    assert not any("LEAKED" in outcome.detail for outcome in result.outcomes), report
    jsonschema.validate(gradescope_results(result), SCHEMA)
    assert survivors(name) == []
    assert snapshot(folder) == before
    assert {path for path in PLANTED if path.exists()} == planted_before
    assert received == []



def test_answers_worked_out_from_the_payload_earn_nothing(tmp_path):
    """An a2.py that only reports the answers its payloads give away (the random state after
    one draw, "every class there") passes no check an empty a2.py does not: the square the
    zombie steps to and the class statements read by the parent must back them."""
    passed = {}
    for name, code in (("empty", ""), ("forged", ANSWERS_FROM_THE_PAYLOAD)):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "a2.py").write_text('"""Nothing but what the grader is told."""\n' + code)
        result = grade(SUITE, folder, time_budget_s=TIME_BUDGET_S)
        assert not result.grader_errors, [o.message for o in result.grader_errors]
        passed[name] = {o.name for o in result.outcomes if o.passed}
    assert passed["forged"] <= passed["empty"], passed["forged"] - passed["empty"]


def test_reading_expectations_is_a_real_attack_where_nothing_is_hidden(tmp_path):
    """Without isolation the same attack does find the suite: so the test above can fail."""
    attack = ATTACKS["read_expected_outputs"]
    folder = build(attack, tmp_path / "submission", concrete(attack.code))
    result = grade(SUITE, folder, IsolationLevel.RLIMITS, time_budget_s=TIME_BUDGET_S)
    assert any("LEAKED" in outcome.detail for outcome in result.outcomes)


@pytest.mark.parametrize("level", LEVELS)
def test_every_class_of_attack_gains_nothing_in_a_batch(level, tmp_path, monkeypatch):
    # Issue 17: one attack per class, each beside its honest twin (the same failure, made
    # plainly), an untouched solution and a folder named like the grader, graded by `batch`
    # at each isolation level. No attack beats its twin, the classmates keep their marks,
    # nothing survives or lands outside the sandbox, and every report is valid and safe.
    classroom = tmp_path / "class"
    tag = f"-batch-{level.value}"
    twins = {}
    for name, attack in CLASS_ATTACKS.items():
        build(attack, classroom / name, concrete(attack.code, tag=tag))
        twin = f"twin_{attack.where}_{attack.twin}"
        if not (classroom / twin).exists():
            honest = Attack(TWINS[attack.twin], attack.where, attack.twin)
            build(honest, classroom / twin, honest.code)
        twins[name] = twin
    (classroom / "reference").mkdir()
    shutil.copy(REFERENCE_A2, classroom / "reference" / "a2.py")
    (classroom / HIJACK_FOLDER).mkdir()
    (classroom / HIJACK_FOLDER / "__main__.py").write_bytes(HIJACK_MAIN)
    planted_before = {path for path in PLANTED if path.exists()}
    grader_before = GRADER_INIT.read_bytes()
    out = tmp_path / "out"
    monkeypatch.chdir(classroom)

    main(["batch", "end_of_dayz", str(classroom), "-o", str(out), "-j", "2",
          "--isolation", level.value])

    with (out / "grades.csv").open() as grades:
        rows = {row["student"]: row for row in csv.DictReader(grades)}
    assert {row["status"] for row in rows.values()} == {"graded"}, rows
    assert float(rows["reference"]["total"]) == SUITE.auto_points, rows["reference"]
    for name, twin in twins.items():
        assert float(rows[name]["total"]) <= float(rows[twin]["total"]), (name, rows[name])
    assert not (classroom / "HIJACKED").exists() and not (tmp_path / "HIJACKED").exists()
    assert GRADER_INIT.read_bytes() == grader_before
    assert survivors(tag) == []
    assert {path for path in PLANTED if path.exists()} == planted_before
    for student in rows:
        results = out / "results" / f"{student}.json"
        assert results.stat().st_size < MAX_RESULTS_BYTES, student
        decoded = json.loads(results.read_text())
        jsonschema.validate(decoded, SCHEMA)
        texts = [*strings(decoded), (out / "reports" / f"{student}.txt").read_text()]
        assert not any(control in text for text in texts for control in CONTROLS), student
    # The painter's text did reach its results, made safe.
    assert "]0;pwned" in (out / "results" / "class7_paints_the_terminal.json").read_text()


def strings(value) -> List[str]:
    """Return every string inside a decoded JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []
