"""Workers that share one grading's checks: every check claimed once, lost workers named.

The claims are read by real forked processes, and ``share`` forks real workers: one that
crashes and one that hangs must come back as a :class:`WorkerLost`, never as a result.
"""

import os
import pickle
import subprocess
import sys
import time

from autograder.workers import MAX_CLAIMS, Claims, WorkerLost, share, usable_cores


def claim_all(claims: Claims, worker: int = 0) -> list:
    """Claim numbers until none is left; return them (worker ``worker`` of a ``share``)."""
    taken = []
    number = claims.next()
    while number is not None:
        taken.append(number)
        number = claims.next()
    return taken


def test_each_claim_goes_to_exactly_one_of_several_processes():
    claims = Claims()
    readers = []
    for _ in range(3):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            with open(write_end, "wb") as stream:
                stream.write(pickle.dumps(claim_all(claims)))
            os._exit(0)
        os.close(write_end)
        readers.append((pid, read_end))
    mine = claim_all(claims)
    theirs = []
    for pid, read_end in readers:
        with open(read_end, "rb") as stream:
            theirs.append(pickle.loads(stream.read()))
        os.waitpid(pid, 0)
    claims.close()
    every = mine + [number for taken in theirs for number in taken]
    assert sorted(every) == list(range(MAX_CLAIMS))
    # Each process took its numbers in rising order: the next free one each time.
    assert all(taken == sorted(taken) for taken in [mine] + theirs)


def test_share_returns_every_workers_result_its_own_first_and_numbers_the_workers():
    parent = os.getpid()

    def work(claims, worker):
        return (os.getpid() == parent, worker, claim_all(claims))

    results = share(3, work, lambda: 30.0)
    assert [(own, worker) for own, worker, _ in results] == [(True, 0), (False, 1), (False, 2)]
    assert sorted(n for _, _, taken in results for n in taken) == list(range(MAX_CLAIMS))


def test_a_worker_that_dies_or_hangs_is_lost_and_the_others_still_count(tmp_path):
    parent = os.getpid()
    started = time.monotonic()

    def work(claims, worker):
        if os.getpid() == parent:
            return claim_all(claims)
        claims.next()
        try:
            os.close(os.open(tmp_path / "first", os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            time.sleep(60)  # the second worker hangs past the wait
        os._exit(9)  # the first dies without a result

    results = share(3, work, lambda: 1.0)
    assert time.monotonic() - started < 30
    assert MAX_CLAIMS - 2 <= len(results[0]) <= MAX_CLAIMS
    lost = sorted(str(result) for result in results[1:])
    assert all(isinstance(result, WorkerLost) for result in results[1:])
    assert lost == ["the worker did not finish in time", "the worker ended with status 9"]


def test_a_worker_whose_work_raises_says_why():
    parent = os.getpid()

    def work(claims, worker):
        if os.getpid() != parent:
            raise RuntimeError("no sandbox here")
        return "done"

    results = share(2, work, lambda: 30.0)
    assert results[0] == "done"
    assert isinstance(results[1], WorkerLost)
    assert str(results[1]) == "the worker failed: RuntimeError('no sandbox here')"


KILLED_GRADING = """
import os, signal, sys, time
from autograder.workers import share
marker = sys.argv[1]

def work(claims, worker):
    if worker:
        with open(marker, "w") as note:
            note.write(str(os.getpid()))
        time.sleep(60)  # far past the grading's end
        return None
    while not os.path.exists(marker) or not open(marker).read():
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGKILL)  # as a batch stops a grading past its time

share(2, work, lambda: 60.0)
"""


def test_a_worker_ends_with_the_grading_it_was_forked_from(tmp_path):
    marker = tmp_path / "worker.pid"
    subprocess.run([sys.executable, "-c", KILLED_GRADING, str(marker)], check=False,
                   timeout=30)
    worker = int(marker.read_text())
    give_up = time.monotonic() + 10
    while pid_alive(worker) and time.monotonic() < give_up:
        time.sleep(0.01)
    assert not pid_alive(worker)


def pid_alive(pid: int) -> bool:
    """Return whether process ``pid`` runs (a zombie has ended: it only waits to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def fake_cgroups(root, listing: str, files: dict):
    """Write a /proc/self/cgroup listing and cgroup files under ``root``; return the two
    paths usable_cores reads."""
    root.mkdir(exist_ok=True)
    proc = root / "cgroup"
    proc.write_text(listing)
    for name, text in files.items():
        path = root / "fs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return str(proc), str(root / "fs")


def test_a_cgroup_v2_cpu_quota_caps_the_cores(tmp_path):
    cores = usable_cores()
    proc, fs = fake_cgroups(tmp_path, "0::/docker/abc\n", {
        "docker/abc/cpu.max": "max 100000\n", "docker/cpu.max": "100000 100000\n"})
    assert usable_cores(proc, fs) == 1
    proc, fs = fake_cgroups(tmp_path / "none", "0::/docker/abc\n", {
        "docker/abc/cpu.max": "max 100000\n"})
    assert usable_cores(proc, fs) == len(os.sched_getaffinity(0)) >= cores


def test_a_cgroup_v1_cpu_quota_caps_the_cores(tmp_path):
    proc, fs = fake_cgroups(tmp_path, "4:memory:/x\n2:cpu,cpuacct:/box\n1:name=systemd:/\n", {
        "cpu/box/cpu.cfs_quota_us": "50000\n", "cpu/box/cpu.cfs_period_us": "100000\n",
        "cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"})
    assert usable_cores(proc, fs) == 1  # half a core still gets one worker


def test_unreadable_or_odd_cgroup_files_leave_the_cores_as_they_are(tmp_path):
    cores = len(os.sched_getaffinity(0))
    assert usable_cores(str(tmp_path / "missing"), str(tmp_path)) == cores
    proc, fs = fake_cgroups(tmp_path, "garbage\n0::/\n", {"cpu.max": "lots of cpu\n"})
    assert usable_cores(proc, fs) == cores


def test_a_worker_that_cannot_be_forked_leaves_its_share_to_the_others(monkeypatch):
    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    results = share(3, claim_all, lambda: 30.0)
    assert results == [list(range(MAX_CLAIMS))]
