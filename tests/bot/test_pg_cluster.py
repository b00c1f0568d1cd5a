"""The tests' throwaway PostgreSQL server ends with the run that started it, however the run
ends: killed with SIGKILL, its server is gone a few seconds later (no orphan)."""

import shutil
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.bot import pg_cluster
from tests.bot.test_search_pool import alive, gone_within

free_port = pg_cluster._free_port

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


def test_a_port_taken_before_the_server_starts_is_picked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another run's server may take the port picked before ours starts: ours starts on another,
    and answers there itself."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        picks = iter([taken.getsockname()[1]])
        monkeypatch.setattr(pg_cluster, "_free_port", lambda: next(picks, None) or free_port())
        cluster = pg_cluster.Cluster().start()
        try:
            assert cluster.port != taken.getsockname()[1]
            assert "Address already in use" in (cluster.folder / "log").read_text()
            assert cluster.running
        finally:
            cluster.stop()
