"""A throwaway PostgreSQL server for tests and benches: its own data folder in a temp dir,
a free localhost port, password authentication, stopped and deleted at the end.

Test runs side by side (pytest-xdist workers, other checkouts) each start their own servers: a
port another server took between our pick and our start is picked again, and readiness is asked
of our own server's socket (in its own folder), never of whichever server answers on the port.

PostgreSQL refuses to run as root: as root, the server runs as the ``postgres`` user
(or a system user created for it), in a folder that user owns.

The server is this process's own child, not a daemon: on Linux the kernel asks it to quit
(``PR_SET_PDEATHSIG``, an immediate shutdown) when the test run that started it dies, however
it dies, so no server outlives its owner.
"""

import contextlib
import ctypes
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
USER, PASSWORD = "fortbot", "throwaway-secret"
SERVER_USER = "postgres"  # when running as root
FALLBACK_SERVER_USER = "fortbot-pg"
READY_WITHIN = 60.0  # seconds a new server may take to accept connections
PORT_TRIES = 5  # picks of a free port, when another server takes the one picked first
PR_SET_PDEATHSIG = 1  # prctl(2)


def _quit_with_parent() -> None:
    """In the server's process, before it starts: an immediate shutdown when its parent dies."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGQUIT)


class ClusterError(RuntimeError):
    pass


class PortTaken(ClusterError):
    pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _server_user() -> str | None:
    """Who runs the server: ourselves, or an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return None
    for name in (SERVER_USER, FALLBACK_SERVER_USER):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", FALLBACK_SERVER_USER],
        check=True,
        capture_output=True,
    )
    return FALLBACK_SERVER_USER


class Cluster:
    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on; tests run without, benches that compare with it
        self.folder: Path | None = None
        self.port = 0
        self._as: list[str] = []
        self._owner: str | None = None  # who runs the server (None: this process's user)
        self._server: subprocess.Popen[bytes] | None = None
        self._log_from = 0  # where the log of the server's latest start begins

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._as, *args], capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise ClusterError(f"{Path(args[0]).name} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> "Cluster":
        missing = [name for name in ("initdb", "postgres", "pg_isready") if not (PG_BIN / name).exists()]
        if missing:
            raise ClusterError(
                f"PostgreSQL is not installed: no {', '.join(missing)} in {PG_BIN}. Install PostgreSQL 15 "
                "(apt-get install postgresql-15) or set PG_BIN to the folder holding initdb and postgres."
            )
        self.folder = Path(tempfile.mkdtemp(prefix="fortbot-pg-"))
        owner = _server_user()
        if owner is not None:
            shutil.chown(self.folder, owner)
            self._as = ["runuser", "-u", owner, "--"]
        password_file = self.folder / "password"
        password_file.write_text(PASSWORD)
        if owner is not None:
            shutil.chown(password_file, owner)
        data = self.folder / "data"
        self._run(
            str(PG_BIN / "initdb"),
            "-D",
            str(data),
            "-U",
            USER,
            f"--pwfile={password_file}",
            "-A",
            "scram-sha-256",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self._owner = owner
        for attempt in range(PORT_TRIES):
            self.port = _free_port()
            try:
                self._launch()
                return self
            except PortTaken:
                if attempt == PORT_TRIES - 1:
                    raise
        return self

    def _launch(self) -> None:
        assert self.folder is not None
        owner, data = self._owner, self.folder / "data"
        options = [
            "-p",
            str(self.port),
            "-k",
            str(self.folder),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "max_connections=200",
        ] + ([] if self.durable else ["-F"])
        as_owner = {} if owner is None else {"user": owner, "group": pwd.getpwnam(owner).pw_gid, "extra_groups": []}
        with (self.folder / "log").open("ab") as log:
            self._log_from = log.tell()
            self._server = subprocess.Popen(
                [str(PG_BIN / "postgres"), "-D", str(data), *options],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_quit_with_parent,
                **as_owner,  # type: ignore[arg-type]
            )
        self._wait_until_ready()

    def halt(self) -> None:
        """Stop the server as a database restart does (a fast shutdown: its clients are cut off),
        keeping its data and port for ``resume``."""
        assert self._server is not None
        self._server.send_signal(signal.SIGINT)
        self._server.wait(30)

    def resume(self) -> None:
        """Start the halted server again, on the same port with the same data. Call it from the
        thread that runs the tests: the server quits with the thread that started it."""
        self._launch()

    @property
    def running(self) -> bool:
        return self._server is not None and self._server.poll() is None

    def _wait_until_ready(self) -> None:
        assert self._server is not None and self.folder is not None
        deadline = time.monotonic() + READY_WITHIN
        while time.monotonic() < deadline:
            if self._server.poll() is not None:
                with (self.folder / "log").open("rb") as log:
                    log.seek(self._log_from)
                    said = log.read().decode(errors="replace").strip()
                raise (PortTaken if "Address already in use" in said else ClusterError)(f"postgres failed: {said}")
            # Our own server's socket: it opens only once the server holds its TCP port.
            ready = subprocess.run(
                [str(PG_BIN / "pg_isready"), "-q", "-h", str(self.folder), "-p", str(self.port)],
                check=False,
                capture_output=True,
            )
            if ready.returncode == 0:
                return
            time.sleep(0.1)
        raise ClusterError(f"postgres did not accept connections within {READY_WITHIN:.0f} s")

    def url(self, database: str = "postgres", password: str = PASSWORD) -> str:
        return f"postgresql://{USER}:{password}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            if self._server is not None:
                with contextlib.suppress(ProcessLookupError):
                    self._server.send_signal(signal.SIGQUIT)  # an immediate shutdown
                try:
                    self._server.wait(30)
                except subprocess.TimeoutExpired:
                    self._server.kill()
                    self._server.wait()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
            self._server = None
