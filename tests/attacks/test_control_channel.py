"""The sandbox's control channel belongs to the grader alone (issue 34, item 1).

A run's child looks for the grader <-> server pipes through every process of the sandbox it
can see (/proc/PID/fd), writes a well-formed answer of its own into each one it can open,
reads what it can, and tries to stop the server and pid 1. Below bwrap, bwrap's init held the
pipes as its standard streams, so a child could answer in the server's place. Now the server
is pid 1 (bwrap --as-pid-1) and undumpable, and every answer must carry the id of its request,
which no child sees: the grader gets the run's own output, and the next run works.
"""

import json

import pytest
from levels import LEVELS

from autograder.sandbox import Limits, Sandbox

# Run in the sandbox: forge an answer claiming the run printed FORGED, write it into every
# descriptor of every other process it can open, read what it can, and SIGSTOP them all.
ATTACK = r'''
import base64, json, os, signal, struct
answer = {"returncode": 0, "signal": None, "stdout": base64.b64encode(b"FORGED\n").decode(),
          "stderr": "", "duration_s": 0.1, "cpu_s": 0.0, "fault": None, "observation": None,
          "cut": [], "stop_reason": None, "leftovers": False}
frame = json.dumps(answer).encode()
frame = struct.pack(">I", len(frame)) + frame
reached = []
for pid in sorted(int(name) for name in os.listdir("/proc") if name.isdigit()):
    if pid == os.getpid():
        continue
    try:
        fds = os.listdir("/proc/%d/fd" % pid)
    except OSError:
        fds = ["0", "1", "2", "3", "4", "5"]
    for fd in fds:
        path = "/proc/%d/fd/%s" % (pid, fd)
        for mode in (os.O_WRONLY | os.O_NONBLOCK, os.O_RDONLY | os.O_NONBLOCK):
            try:
                handle = os.open(path, mode)
            except OSError:
                continue
            try:
                if mode & os.O_WRONLY:
                    os.write(handle, frame)
                else:
                    os.read(handle, 65536)
                reached.append(path)
            except OSError:
                pass
            finally:
                os.close(handle)
    for signum in (signal.SIGSTOP, signal.SIGTERM):
        try:
            os.kill(pid, signum)
        except OSError:
            pass
print("HONEST", json.dumps(reached))
'''


@pytest.mark.parametrize("level", LEVELS)
def test_a_child_cannot_answer_for_the_server_nor_stop_it(tmp_path, level):
    folder = tmp_path / "submission"
    folder.mkdir()
    with Sandbox(folder, {}, Limits(wall_s=10.0), level=level) as sandbox:
        attacked = sandbox.run(["python", "-c", ATTACK])
        after = sandbox.run(["python", "-c", "print(6 * 7)"])
    assert b"FORGED" not in attacked.stdout, attacked
    assert attacked.stdout.startswith(b"HONEST "), attacked
    reached = json.loads(attacked.stdout.split(b" ", 1)[1])
    # Whatever the child could open was its own run's (none of them is the channel).
    assert not [path for path in reached if path.startswith(("/proc/1/", "/proc/2/"))], reached
    assert (after.stdout, after.fault) == (b"42\n", None), after


def test_an_answer_without_its_requests_id_is_refused(tmp_path):
    # The twin at the grader's end: the server's own answers carry the id and are taken;
    # one that does not (forged, or stale) is a lost server, never a result.
    folder = tmp_path / "submission"
    folder.mkdir()
    with Sandbox(folder, {}, Limits(wall_s=10.0)) as sandbox:
        assert sandbox.run(["python", "-c", "print(1)"]).stdout == b"1\n"
        server = sandbox._server
        sent = []
        original_send = server.send
        server.send = lambda message, deadline: (sent.append(dict(message)),
                                                 original_send(dict(message, id="stale"),
                                                               deadline))[1]
        refused = sandbox.run(["python", "-c", "print(1)"])
        server.send = original_send
    assert sent and all(len(message["id"]) == 32 for message in sent)
    assert refused.stdout == b"" and refused.fault is not None, refused
