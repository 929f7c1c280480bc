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

import csv
import hashlib
import json
import os
import re
import stat
import statistics
import subprocess
import sys
import threading
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from autograder.sandbox.server.files import remove_path
from autograder.forkgrade import ForkGrader
from autograder.marks import Mark
from autograder.outcome import safe_cell
from autograder.records import (RECORD_VERSION, ItemScore, Kind, RecordStatus, Status,
                                StudentRecord)
from autograder.sandbox import detect_isolation, remove_leftovers
from autograder.workers import usable_cores
from autograder.suite import Suite
from autograder.tree import walk

__all__ = ["BatchEntry", "discover", "render_batch_summary", "run_batch", "write_grades_csv"]

# A whole submission may take this long before its grading process is stopped, in seconds.
SUBMISSION_TIMEOUT_S = 900
# Zip files are refused past these sizes (bytes in all, members) to stop zip bombs.
MAX_UNZIPPED_BYTES = 256 << 20
MAX_ZIP_MEMBERS = 5000
GRADESCOPE_METADATA = "submission_metadata.yml"
# Statuses of a submission in grades.csv.
GRADED, GRADER_ERROR, UNREADABLE = (RecordStatus.GRADED, RecordStatus.GRADER_ERROR,
                                    RecordStatus.UNREADABLE)
# Exit statuses of `autograder grade` (see autograder.cli.ExitCode).
GRADE_OK, GRADE_BROKEN_CHECK = 0, 3
HISTOGRAM_BINS = 10
# Decimal places kept of the seconds the batch waited for a grading.
WALL_DECIMALS = 3
# The folder holding this package: the batch's grading processes start there.
GRADER_HOME = Path(__file__).resolve().parent.parent
# How many single nested folders a submission may be wrapped in.
MAX_UNWRAP_LEVELS = 4
# Students' file names are cut to this many characters (file systems refuse 255 bytes).
MAX_NAME_CHARS = 80
# Identity columns of grades.csv, filled from the export where it has them.
IDENTITY_COLUMNS = ("submission_id", "sid", "email")
# What grades.csv shows for an item that waits for a person's mark.
PENDING = "pending"
HISTOGRAM_WIDTH = 40
SLOWEST_SHOWN = 5


@dataclass(frozen=True)
class BatchEntry:
    """One student's submission in the class folder.

    Attributes:
        student: the name used in file names and grades.csv (unique in the batch).
        source: the sub-folder or zip file holding the submission.
        identity: what the export itself says of the student, where it says it
            (a Gradescope export: ``submission_id``, ``sid``, ``email``, ``name``).
    """

    student: str
    source: Path
    identity: Mapping[str, str] = field(default_factory=dict)


def _safe_name(text: str) -> str:
    """Return ``text`` made safe to use as a file name (short, plain characters only)."""
    name = re.sub(r"[^A-Za-z0-9._@-]+", "_", text).strip("._") or "unnamed"
    if len(name) > MAX_NAME_CHARS:
        # Cut, but keep names that differ only past the cut apart.
        digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        name = name[:MAX_NAME_CHARS] + "_" + digest
    return name


def _gradescope_identities(folder: Path) -> Dict[str, Dict[str, str]]:
    """Return submission folder -> its first submitter's name, sid and email, and the
    submission id, from a Gradescope export's metadata.

    The file is YAML; only its simple top-level keys and the ``:name:``, ``:sid:`` and
    ``:email:`` lines of the first submitter are read, so no YAML library is needed.
    """
    metadata = folder / GRADESCOPE_METADATA
    if not metadata.is_file() or metadata.is_symlink():
        return {}
    identities: Dict[str, Dict[str, str]] = {}
    current: Optional[Dict[str, str]] = None
    for line in metadata.read_text(encoding="utf-8", errors="replace").splitlines():
        key = re.match(r"^([^\s:#][^:]*):\s*$", line)
        if key:
            name = key.group(1).strip()
            current = identities.setdefault(name, {})
            number = re.search(r"(\d+)$", name)
            if number:
                current["submission_id"] = number.group(1)
            continue
        field_line = re.match(r"^\s*-?\s*:(name|sid|email):\s*(.+?)\s*$", line)
        if field_line and current is not None and field_line.group(1) not in current:
            current[field_line.group(1)] = field_line.group(2).strip("'\"")
    return identities


def discover(submissions: Path) -> List[BatchEntry]:
    """Return one entry per sub-folder or zip file of ``submissions``, sorted by student.

    Raises:
        FileNotFoundError: ``submissions`` is not a folder.
    """
    if not submissions.is_dir():
        raise FileNotFoundError(f"{submissions}: no such submissions folder")
    identities = _gradescope_identities(submissions)
    entries, used = [], set()
    for path in sorted(submissions.iterdir()):
        if path.is_symlink() or not (path.is_dir() or (path.is_file()
                                                      and path.suffix.lower() == ".zip")):
            continue
        identity = identities.get(path.name) or identities.get(path.stem) or {}
        student = _safe_name(identity.get("name") or path.stem)
        if student in used and identity.get("submission_id"):
            # Two students of one name: the export's own id tells them apart.
            student = f"{student}_{identity['submission_id']}"
        while student in used:
            student += "_"
        used.add(student)
        entries.append(BatchEntry(student, path, dict(identity)))
    return entries


def unzip_submission(archive: Path, destination: Path) -> Path:
    """Extract ``archive`` safely into ``destination`` and return the submission folder.

    Raises:
        ValueError: the archive is not a zip, or is too large, or escapes its folder.
    """
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = bundle.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise ValueError(f"{archive.name}: more than {MAX_ZIP_MEMBERS} files")
            if sum(m.file_size for m in members) > MAX_UNZIPPED_BYTES:
                raise ValueError(f"{archive.name}: unpacks to more than "
                                 f"{MAX_UNZIPPED_BYTES >> 20} MiB")
            for member in members:
                parts = Path(member.filename).parts
                if member.filename.startswith("/") or ".." in parts:
                    raise ValueError(f"{archive.name}: member {member.filename!r} escapes "
                                     f"the submission folder")
            bundle.extractall(destination)
    except zipfile.BadZipFile as err:
        raise ValueError(f"{archive.name}: not a readable zip file ({err})") from err
    return _unwrap(destination)


def _unwrap(folder: Path) -> Path:
    """Return the submission inside ``folder``: its only sub-folder, when it holds nothing else.

    Students often hand in their work inside one more folder (``alice/a2-final/a2.py``),
    whether zipped or not; archivers' ``__MACOSX`` folders do not count, links are not
    followed, and a few levels are unwrapped at most.
    """
    for _ in range(MAX_UNWRAP_LEVELS):
        children = [p for p in folder.iterdir() if p.name != "__MACOSX"]
        if not (len(children) == 1 and children[0].is_dir() and not children[0].is_symlink()):
            break
        folder = children[0]
    return folder


def fingerprint(folder: Path, suite: Suite) -> str:
    """Return a hash of every regular file of the submission and of the suite's folder.

    Links are never followed and special files never opened (a link to /proc/self/mem
    would hang or crash the batch); names are hashed as bytes, whatever their encoding.
    """
    digest = hashlib.sha256()
    for root in (folder, suite.directory):
        found = []
        for top, dirs, names in walk(str(root)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                path = os.path.join(top, name)
                if stat.S_ISREG(os.lstat(path).st_mode):
                    found.append(path)
        for path in sorted(found, key=os.fsencode):
            digest.update(os.fsencode(os.path.relpath(path, root)) + b"\0")
            with open(path, "rb") as handle:
                digest.update(hashlib.sha256(handle.read()).digest())
    return digest.hexdigest()


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
        folder = _unwrap(entry.source) if entry.source.is_dir() else unzip_submission(
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
    work = out / ".unzipped"
    _remove(work)
    work.mkdir()
    records: Dict[str, StudentRecord] = {}
    if isolation is None and entries:
        # Each grading process would otherwise try the levels again with a sandbox of its own.
        isolation = detect_isolation().value
    processes = _GradingProcesses(work)
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
        _remove(work)
    return [records[entry.student] for entry in entries]



def _remove(path: Path) -> None:
    """Remove ``path`` and everything below it, at any depth (a submission's unzipped tree
    may be deeper than ``shutil.rmtree`` can recurse); what cannot be removed stays."""
    try:
        remove_path(str(path))
    except OSError:
        pass  # left for the temporary directory's own cleaning: never a reason to stop


def write_grades_csv(path: Path, suite: Suite, records: Sequence[StudentRecord],
                     marks: Optional[Mapping[str, Mapping[str, Mark]]] = None) -> None:
    """Write grades.csv: one row per student.

    Columns: student; the export's ids of the student (submission id, sid, email; blank
    where the class folder has none); each rubric item's points (a person's mark from
    ``marks`` where there is one, which replaces an auto item's score; "pending" for a
    manual item no one has scored yet); the auto-graded total; the total of every scored
    item; status; the items that wait for a person, each with its pending points (a manual
    item, or an auto item with checks held for review: they earn nothing until a person
    scores the item); notes (missing files, why grading failed); seconds. Every cell is
    made safe for a spreadsheet (``safe_cell``): no control characters, and no student text
    read as a formula.
    """
    marks = marks or {}
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", *IDENTITY_COLUMNS, *[item.id for item in suite.rubric],
                         "auto_total", "total", "status", "needs_review", "notes", "seconds"])
        for record in records:
            scored = _scored_items(suite, record, marks.get(record.student, {}))
            cells = [PENDING if scored[item.id] is None else f"{scored[item.id]:g}"
                     for item in suite.rubric]
            waiting = _waiting_items(suite, record, marks.get(record.student, {}))
            notes = list(record.notes) + ([record.message] if record.message else [])
            total = round(sum(value for value in scored.values() if value is not None), 2)
            row = [record.student, *[record.identity.get(column, "")
                                     for column in IDENTITY_COLUMNS],
                   *cells, f"{record.auto_score:g}", f"{total:g}", record.status.value,
                   "; ".join(waiting), "; ".join(notes), f"{record.duration_s:.2f}"]
            writer.writerow([safe_cell(cell) for cell in row])


def write_gradebook(path: Path, suite: Suite, records: Sequence[StudentRecord],
                    marks: Optional[Mapping[str, Mapping[str, Mark]]] = None) -> None:
    """Write gradebook.csv, for a learning system's gradebook import: one row per student
    with the ids the class folder gives (sid, email) and the assignment's total so far
    (every scored item, as in grades.csv), in a column named after the assignment."""
    marks = marks or {}
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "sid", "email", f"{suite.title} ({suite.total_points:g})"])
        for record in records:
            scored = _scored_items(suite, record, marks.get(record.student, {}))
            total = round(sum(value for value in scored.values() if value is not None), 2)
            writer.writerow([safe_cell(cell) for cell in (
                record.student, record.identity.get("sid", ""), record.identity.get("email", ""),
                f"{total:g}")])


def _scored_items(suite: Suite, record: StudentRecord, marks: Mapping[str, Mark]
                  ) -> Dict[str, Optional[float]]:
    """Return item id -> the points a student has for it: a person's mark, else the auto
    score, else None (a manual item no one has scored)."""
    items = {score.item.id: score for score in record.scores}
    scored: Dict[str, Optional[float]] = {}
    for item in suite.rubric:
        if item.id in marks:
            scored[item.id] = marks[item.id].score
        elif item.kind is Kind.AUTO:
            scored[item.id] = float(items[item.id].awarded) if item.id in items else 0.0
        else:
            scored[item.id] = None
    return scored


def _waiting_items(suite: Suite, record: StudentRecord, marks: Mapping[str, Mark]
                   ) -> List[str]:
    """Return the items that wait for a person's mark, each with the points pending."""
    items = {score.item.id: score for score in record.scores}
    waiting = []
    for item in suite.rubric:
        if item.id in marks:
            continue
        if item.kind is Kind.MANUAL:
            waiting.append(f"{item.id} ({item.points:g} pending)")
        elif item.id in items and items[item.id].held:
            waiting.append(f"{item.id} ({items[item.id].pending:g} pending)")
    return waiting

def _histogram(totals: Sequence[float], maximum: float) -> List[str]:
    """Return a text histogram of ``totals`` over ``HISTOGRAM_BINS`` equal bins."""
    width = (maximum or 1) / HISTOGRAM_BINS
    counts = [0] * HISTOGRAM_BINS
    for total in totals:
        counts[min(int(total / width), HISTOGRAM_BINS - 1)] += 1
    scale = HISTOGRAM_WIDTH / max(max(counts), 1)
    return [f"  {index * width:6.1f} - {(index + 1) * width:6.1f} | "
            f"{'#' * round(count * scale)} {count}" for index, count in enumerate(counts)]


def render_batch_summary(suite: Suite, records: Sequence[StudentRecord]) -> str:
    """Return the end-of-batch summary: totals, histogram, check pass rates, slowest."""
    totals = [record.auto_score for record in records]
    lines = [f"{suite.title}: {len(records)} submissions"]
    if not records:
        return lines[0] + "\n"
    statuses = {status: sum(1 for r in records if r.status is status) for status in RecordStatus}
    reused = sum(1 for r in records if r.skipped)
    fresh = sum(1 for r in records if r.status is GRADED and not r.skipped)
    lines.append(f"  {fresh} graded in this run, {reused} kept from an "
                 f"earlier run (files and suite unchanged), {statuses[GRADER_ERROR]} with a "
                 f"check broken on the grader's side, {statuses[UNREADABLE]} unreadable")
    lines.append(f"  mean {statistics.mean(totals):.2f}, median {statistics.median(totals):g}"
                 f" of {suite.auto_points:g} auto-graded points")
    lines += ["", "Totals:"] + _histogram(totals, suite.auto_points)
    passed: Dict[str, List[int]] = {}
    for record in records:
        for check in record.outcomes:
            tally = passed.setdefault(check.name, [0, 0])
            tally[0] += check.status is Status.PASSED
            tally[1] += 1
    if passed:
        lines += ["", "Pass rate of every check (hardest first):"]
        for name, (ok, seen) in sorted(passed.items(), key=lambda kv: (kv[1][0] / kv[1][1], kv[0])):
            lines.append(f"  {100 * ok / seen:5.1f}%  {ok:>4}/{seen:<4} {name}")
    slowest = sorted(records, key=lambda r: -r.duration_s)[:SLOWEST_SHOWN]
    lines += ["", "Slowest submissions:"]
    lines += [f"  {r.duration_s:7.2f} s  {r.student}" for r in slowest]
    return "\n".join(lines) + "\n"
