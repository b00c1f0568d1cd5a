"""The bot's processes start and stop as one: a real bot process (``tests/bot/bot_process.py``,
``bot.__main__.run`` over a simulated Discord) whose strong computers have searched, and which
has a search in flight, ends within 2 seconds of a SIGTERM with no process left behind; killed
with SIGKILL, it leaves no worker alive 3 seconds later."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bot.test_search_pool import alive

ROOT = Path(__file__).resolve().parents[2]


def children_of(pid: int) -> set[int]:
    """Every process whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().split(")")[-1].split()[1]) == pid:
                    found.add(int(entry.name))
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
    return found


@pytest.fixture
def bot_process(tmp_path: Path):
    """The bot process, once its workers are searching: (process, the workers' pids)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.bot_process", str(tmp_path / "bot.sqlite3")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else "no output"
        workers = [int(pid) for pid in line.split()]
        assert workers and all(alive(pid) for pid in workers)
        assert set(workers) <= children_of(process.pid)
        yield process, workers
    finally:
        process.kill()
        process.wait()
        for pid in children_of(process.pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_ends_the_bot_and_its_workers_within_two_seconds(bot_process) -> None:
    process, workers = bot_process
    stopped = time.monotonic()
    process.send_signal(signal.SIGTERM)
    assert process.wait(5) == 0
    took = time.monotonic() - stopped
    assert took < 2.0, f"the bot took {took:.1f} s to stop"
    assert not any(alive(pid) for pid in workers)
    assert not children_of(process.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_after_kill_9_no_worker_is_alive_three_seconds_later(bot_process) -> None:
    process, workers = bot_process
    process.send_signal(signal.SIGKILL)
    process.wait(5)
    time.sleep(3)
    assert not any(alive(pid) for pid in workers)
