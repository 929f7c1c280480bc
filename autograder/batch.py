"""Grade a whole class: every submission in a folder, in parallel, never stopping on one.

``autograder batch ASSIGNMENT SUBMISSIONS -o OUT`` finds one submission per sub-folder or
zip file of SUBMISSIONS (a Gradescope "export submissions" download included, where
``submission_metadata.yml`` names the students), grades each in a grading process of its own
(so nothing one submission does can touch another's result: ``autograder grade`` forked
from a process that has loaded the grader once, see :mod:`autograder.forkgrade`, or else
started as ``python -m autograder grade``), and writes::

    OUT/grades.csv              student, ids, each rubric item, total, status, review, notes
    OUT/results/<student>.json  Gradescope's results.json for that student
    OUT/reports/<student>.txt   the terminal report
    OUT/records/<student>.json  the full result, with a fingerprint of the files graded
    OUT/attachments/<student>/  files the checks attached (a PNG of the game), if any

A submission whose files and suite did not change since its record was written is not
graded again unless ``force`` is given.
"""

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from autograder.classfolder import BatchEntry, fingerprint, unwrap, unzip_submission
from autograder.sandbox.server.files import remove_path
from autograder.forkgrade import ForkGrader
from autograder.records import RECORD_VERSION, ItemScore, RecordStatus, StudentRecord
from autograder.sandbox import detect_isolation, remove_leftovers
from autograder.workers import usable_cores
from autograder.suite import Suite

__all__ = ["previous_record", "run_batch"]

# A whole submission may take this long before its grading process is stopped, in seconds.
SUBMISSION_TIMEOUT_S = 900
# Statuses of a submission in grades.csv.
GRADED, GRADER_ERROR, UNREADABLE = (RecordStatus.GRADED, RecordStatus.GRADER_ERROR,
                                    RecordStatus.UNREADABLE)
# Exit statuses of `autograder grade` (see autograder.cli_args.ExitCode).
GRADE_OK, GRADE_BROKEN_CHECK = 0, 3
# Decimal places kept of the seconds the batch waited for a grading.
WALL_DECIMALS = 3
# The folder holding this package: the batch's grading processes start there.
GRADER_HOME = Path(__file__).resolve().parent.parent


def _failure_record(entry: BatchEntry, suite: Suite, status: RecordStatus, message: str
                    ) -> StudentRecord:
    """Return the record of a submission that could not be graded."""
    return StudentRecord(entry.student, status, 0.0,
                         [ItemScore(item, 0.0) for item in suite.rubric],
                         message=message, identity=dict(entry.identity))


def _failure_results(message: str) -> Dict:
    """Return a Gradescope results.json for a submission that could not be graded."""
    return {"score": 0.0, "execution_time": 0.0, "output": message,
            "stdout_visibility": "hidden", "tests": []}


class _GradingProcesses:
    """Runs gradings in processes of their own for the batch's worker threads: each thread
    has a forking process of its own (:class:`ForkGrader`), and a grading it cannot run is
    started as a new ``python -m autograder grade`` process instead.

    Args:
        work: a folder for the streams of the gradings.
    """

    def __init__(self, work: Path) -> None:
        self._work = work
        self._local = threading.local()
        self._forkers: List[ForkGrader] = []
        self._lock = threading.Lock()
        # Set once the batch stops (Ctrl-C): no grading starts after it.
        self._closed = threading.Event()
        # The gradings started as new processes, killed if the batch stops.
        self._started_here: Set["subprocess.Popen[str]"] = set()

    def run(self, argv: List[str], name: str, timeout: float
            ) -> Tuple[Optional[int], str, str]:
        """Run ``autograder ARGV`` in a grading process; return its exit status (None if it
        was stopped at ``timeout`` seconds, or the batch stopped), stdout and stderr.
        ``name`` names its files."""
        streams = [self._work / f"{name}.{kind}" for kind in ("stdout", "stderr")]
        try:
            status = self._forker().grade(argv, *streams, timeout)
            stdout, stderr = (path.read_text(errors="replace") for path in streams)
        except OSError:
            if self._closed.is_set():
                return None, "", ""  # the forking process was stopped with the batch
            status, stdout, stderr = self._started(argv, timeout)
        for path in streams:
            path.unlink(missing_ok=True)
        return status, stdout, stderr

    @property
    def closed(self) -> bool:
        """Return whether the batch has stopped its gradings (see :meth:`close`)."""
        return self._closed.is_set()

    def close(self) -> None:
        """Stop every forking process and every grading started as a process of its own;
        start none after this."""
        self._closed.set()
        with self._lock:
            forkers, self._forkers = self._forkers, []
            started = list(self._started_here)
        for forker in forkers:
            forker.close()
        for grading in started:
            grading.kill()

    def _forker(self) -> ForkGrader:
        """Return this thread's forking process."""
        forker = getattr(self._local, "forker", None)
        if forker is None:
            forker = self._local.forker = ForkGrader(GRADER_HOME)
            with self._lock:
                self._forkers.append(forker)
        return forker

    def _started(self, argv: List[str], timeout: float) -> Tuple[Optional[int], str, str]:
        """Run the grading as a new ``python -m autograder`` process."""
        # Started from the grader's own folder, so `-m autograder` is this grader, never
        # a folder of that name among the students' (or wherever the batch was started).
        with subprocess.Popen([sys.executable, "-m", "autograder"] + argv,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=str(GRADER_HOME), errors="replace") as grading:
            with self._lock:
                self._started_here.add(grading)
            try:
                if self._closed.is_set():
                    grading.kill()
                stdout, stderr = grading.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                grading.kill()
                remove_leftovers(grading.pid)  # before communicate() reaps it
                grading.communicate()
                return None, "", ""
            finally:
                with self._lock:
                    self._started_here.discard(grading)
        return grading.returncode, stdout, stderr


def _grade_entry(entry: BatchEntry, suite: Suite, out: Path, work: Path, force: bool,
                 isolation: Optional[str], processes: _GradingProcesses) -> StudentRecord:
    """Grade one submission in a child grading process and return its record.

    Whatever goes wrong with one submission (a tree too deep to walk, a file that cannot
    be read) is that submission's record, never the end of the batch.
    """
    try:
        record = _grade_one(entry, suite, out, work, force, isolation, processes)
    except Exception as err:  # contained per student: the batch goes on
        message = f"{entry.source.name}: cannot be graded ({type(err).__name__}: {err})"
        try:
            (out / "results" / f"{entry.student}.json").write_text(
                json.dumps(_failure_results(message), indent=2))
        except OSError:
            pass
        record = _failure_record(entry, suite, UNREADABLE, message)
    record.identity = dict(entry.identity)
    if record.status is UNREADABLE:
        # Kept like any other record, so that a later run that grades only some students
        # (batch --only) still has this one's row; with no fingerprint, it is tried again.
        try:
            (out / "records" / f"{entry.student}.json").write_text(
                json.dumps(record.to_dict(), indent=2))
        except OSError:
            pass
    return record


def previous_record(entry: BatchEntry, out: Path) -> Optional[StudentRecord]:
    """Return the record an earlier run of the batch wrote for ``entry`` into ``out``, or
    None if there is none this version can read (``batch --only`` keeps the other rows)."""
    try:
        data = json.loads((out / "records" / f"{entry.student}.json").read_text())
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
            return None  # written by another version of the grader: graded again
        return StudentRecord.from_dict(data, skipped=True, identity=dict(entry.identity))
    except (OSError, ValueError):
        return None


def _grade_one(entry: BatchEntry, suite: Suite, out: Path, work: Path, force: bool,
               isolation: Optional[str], processes: _GradingProcesses) -> StudentRecord:
    """Grade one submission (see :func:`_grade_entry`, which contains its failures)."""
    record_path = out / "records" / f"{entry.student}.json"
    results_path = out / "results" / f"{entry.student}.json"
    try:
        folder = unwrap(entry.source) if entry.source.is_dir() else unzip_submission(
            entry.source, work / entry.student)
    except (ValueError, OSError) as err:
        results_path.write_text(json.dumps(_failure_results(str(err)), indent=2))
        return _failure_record(entry, suite, UNREADABLE, str(err))
    stamp = fingerprint(folder, suite)
    if record_path.is_file() and not force:
        previous = previous_record(entry, out)
        if previous is not None and previous.fingerprint == stamp:
            return previous
    # The grading process starts in the grader's own folder: every path it is given is made
    # absolute here, so that folders named relative to the batch's still work.
    argv = ["grade", os.path.abspath(suite.directory), os.path.abspath(folder),
            "--json", os.path.abspath(results_path), "--record", os.path.abspath(record_path),
            "--color", "never",
            # The class already keeps every core busy, a submission at a time on each.
            "--jobs", "1",
            "--attachments", os.path.abspath(out / "attachments" / entry.student)]
    if isolation:
        argv += ["--isolation", isolation]
    started = time.monotonic()
    status, stdout, stderr = processes.run(argv, entry.student, SUBMISSION_TIMEOUT_S)
    if status is None:
        message = ("grading interrupted (Ctrl-C)" if processes.closed
                   else f"grading stopped after {SUBMISSION_TIMEOUT_S} s")
        results_path.write_text(json.dumps(_failure_results(message), indent=2))
        return _failure_record(entry, suite, GRADER_ERROR, message)
    (out / "reports" / f"{entry.student}.txt").write_text(stdout + stderr)
    if status not in (GRADE_OK, GRADE_BROKEN_CHECK) or not record_path.is_file():
        message = (stderr.strip().splitlines() or ["grading failed"])[-1]
        results_path.write_text(json.dumps(_failure_results(message), indent=2))
        return _failure_record(entry, suite, GRADER_ERROR, message)
    # The grading process wrote its result; the batch adds what it knows of the student.
    record = StudentRecord.from_dict(
        json.loads(record_path.read_text()), student=entry.student, fingerprint=stamp,
        status=GRADED if status == GRADE_OK else GRADER_ERROR,
        identity=dict(entry.identity), wall_s=round(time.monotonic() - started, WALL_DECIMALS))
    record_path.write_text(json.dumps(record.to_dict(), indent=2))
    return record


def run_batch(suite: Suite, entries: Sequence[BatchEntry], out: Path, jobs: int = 0,
              force: bool = False, isolation: Optional[str] = None,
              progress: Optional[Callable[[StudentRecord], None]] = None
              ) -> List[StudentRecord]:
    """Grade every entry, ``jobs`` at a time, and return their records in entry order.

    Args:
        suite: the assignment's suite.
        entries: the submissions (see :func:`discover`).
        out: the output folder (created).
        jobs: how many submissions are graded at once (0: one per CPU core).
        force: grade again even when a submission's files did not change.
        isolation: force a sandbox isolation level by name, or None: the strongest level
            this machine provides is then found once, here, for every submission.
        progress: called with each record as soon as it is ready.

    Returns:
        One record per entry (see :class:`autograder.records.StudentRecord`).
    """
    for sub in ("results", "reports", "records"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    # The batch's scratch: submissions unzipped under one folder and the gradings' streams
    # under another, so that no student's name (bob.stdout.zip) can name another's file.
    scratch = out / ".unzipped"
    _remove(scratch)
    work, streams = scratch / "submissions", scratch / "streams"
    work.mkdir(parents=True)
    streams.mkdir()
    records: Dict[str, StudentRecord] = {}
    if isolation is None and entries:
        # Each grading process would otherwise try the levels again with a sandbox of its own.
        isolation = detect_isolation().value
    processes = _GradingProcesses(streams)
    pool = ThreadPoolExecutor(max_workers=jobs or usable_cores())
    try:
        futures = {pool.submit(_grade_entry, entry, suite, out, work, force, isolation,
                               processes): entry for entry in entries}
        for future in as_completed(futures):
            record = future.result()
            records[futures[future].student] = record
            if progress:
                progress(record)
    except KeyboardInterrupt:
        # Ctrl-C: the gradings under way are killed (with their forking processes) rather
        # than waited for, and the ones not started yet never start.
        processes.close()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        processes.close()
        _remove(scratch)
    return [records[entry.student] for entry in entries]



def _remove(path: Path) -> None:
    """Remove ``path`` and everything below it, at any depth (a submission's unzipped tree
    may be deeper than ``shutil.rmtree`` can recurse); what cannot be removed stays."""
    try:
        remove_path(str(path))
    except OSError:
        pass  # left for the temporary directory's own cleaning: never a reason to stop
