"""The heavy-work consumer lives and dies with gunicorn's master (issue 39; service/consumer.py,
service/gunicorn_conf.py): over gunicorn as `make serve` starts it, with a real SQLite queue and 2 task processes,
no process of the consumer outlives the master however it ends, the consumer's processes end with its main one,
a consumer left on the queue is ended when a new server starts, and a graceful stop leaves nothing running even when a
task process does not stop by itself."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.service.databases import fresh_database
from tests.service.service_http import ROOT, Server

TASK_WORKERS = 2
PROCESSES = TASK_WORKERS + 1  #: huey's workers and its scheduler
LIVENESS_SECONDS = 15  #: a bound for something that should happen at once, not a measure of speed


def _stat(pid: int) -> list[str] | None:
    """``/proc/<pid>/stat``'s fields from the 3rd (state, ppid, pgid, ...), or ``None`` when the process is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie has)."""
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[1] == str(pid) and alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def _is_consumer(pid: int) -> bool:
    try:
        return b"service.consumer" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def consumer_of(parent: int, count: int = PROCESSES) -> tuple[int, list[int]]:
    """The consumer ``parent`` started and its processes, once ``count`` of them are up."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for pid in filter(_is_consumer, children(parent)):
            if len(processes := children(pid)) >= count:
                return pid, processes
        time.sleep(0.1)
    raise AssertionError(f"no consumer with {count} processes under {parent}")


def all_gone(pids: list[int]) -> bool:
    """Whether every process of ``pids`` ends within ``LIVENESS_SECONDS``."""
    deadline = time.monotonic() + LIVENESS_SECONDS
    while any(map(alive, pids)):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.fixture
def server(tmp_path):
    s = Server(fresh_database(tmp_path, "consumer"), env={"TASK_WORKERS": str(TASK_WORKERS)}).start()
    yield s
    with contextlib.suppress(ProcessLookupError):  # the master and its web workers, whatever a test left of them
        os.killpg(s.proc.pid, signal.SIGKILL)
    s.proc.wait(timeout=15)


def test_the_consumer_ends_with_the_master_killed(server):
    # issue 39: after kill -9 of the master the consumer and its processes went on with parent 1, serving the queue
    main, processes = consumer_of(server.proc.pid)
    os.kill(server.proc.pid, signal.SIGKILL)
    assert all_gone([main, *processes])


def test_the_consumers_processes_end_with_its_main_one(server):
    # issue 39: after kill -9 of the consumer's main process its children went on with their tasks alone
    main, processes = consumer_of(server.proc.pid)
    os.kill(main, signal.SIGKILL)
    assert all_gone(processes)
    server.proc.terminate()  # the master then stops without a consumer to stop
    assert server.proc.wait(timeout=30) == 0


def test_a_graceful_stop_leaves_no_consumer_process_even_a_stuck_one(server):
    # issue 39: a graceful stop during a long task killed the consumer's main process only, and its child played on.
    # A stopped process neither finishes its task nor heeds huey's interruption: only killing the group ends it.
    main, processes = consumer_of(server.proc.pid)
    os.kill(processes[0], signal.SIGSTOP)
    server.proc.terminate()
    assert server.proc.wait(timeout=40) == 0
    assert all_gone([main, *processes])


def test_a_new_server_ends_the_consumer_left_on_its_queue(tmp_path):
    # a consumer still serving the queue (recorded beside it) when a server starts on it: ended, so that the queue
    # never has two consumers, the old one with the old code
    first = Server(fresh_database(tmp_path, "stale"), env={"TASK_WORKERS": str(TASK_WORKERS)})
    queue_file = Path(first.env["FLASK_TASK_QUEUE"].removeprefix("sqlite:///"))
    record = queue_file.with_name(queue_file.name + ".consumer")
    left = subprocess.Popen([sys.executable, "-m", "service.consumer", "service.worker.huey", "--worker-type",
                             "process", "--workers", "1", "--quiet"], cwd=ROOT, env=first.env, start_new_session=True)
    try:
        _, left_processes = consumer_of(os.getpid(), 2)  # its worker and scheduler
        assert record.read_text().split()[0] == str(left.pid)
        first.start()
        left.wait(timeout=LIVENESS_SECONDS)
        assert all_gone(left_processes)
        main, _ = consumer_of(first.proc.pid)  # the new server's consumer serves the queue, and is recorded
        assert record.read_text().split()[0] == str(main)
        first.stop()
        assert first.proc.returncode == 0 and not alive(main)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(left.pid, signal.SIGKILL)
        left.wait(timeout=15)
        first.stop()
