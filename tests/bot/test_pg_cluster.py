"""The tests' throwaway PostgreSQL server ends with the run that started it, however the run
ends: killed with SIGKILL, its server is gone a few seconds later (no orphan)."""

import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.bot.test_search_pool import alive, gone_within

ROOT = Path(__file__).resolve().parents[2]
OWNER = textwrap.dedent(
    """
    import time
    from tests.bot.pg_cluster import Cluster

    cluster = Cluster().start()
    print(cluster._server.pid, cluster.folder, flush=True)
    time.sleep(3600)
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_the_server_ends_with_the_run_that_started_it() -> None:
    owner = subprocess.Popen([sys.executable, "-c", OWNER], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None
        pid, folder = owner.stdout.readline().split()
        server = int(pid)
        assert alive(server)
        owner.send_signal(signal.SIGKILL)
        owner.wait(5)
        assert gone_within(server, 10), "the server outlived the run that started it"
    finally:
        owner.kill()
        owner.wait()
        shutil.rmtree(folder, ignore_errors=True)  # its owner, killed, could not
