"""A throwaway PostgreSQL server for tests and benches: its own data folder in a temp dir,
a free localhost port, password authentication, stopped and deleted at the end.

PostgreSQL refuses to run as root: as root, the server runs as the ``postgres`` user
(or a system user created for it), in a folder that user owns.
"""

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
USER, PASSWORD = "fortbot", "throwaway-secret"
SERVER_USER = "postgres"  # when running as root
FALLBACK_SERVER_USER = "fortbot-pg"


class ClusterError(RuntimeError):
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
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", FALLBACK_SERVER_USER],
                   check=True, capture_output=True)  # fmt: skip
    return FALLBACK_SERVER_USER


class Cluster:
    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on; tests run without, benches that compare with it
        self.folder: Path | None = None
        self.port = 0
        self._as: list[str] = []

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._as, *args], capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise ClusterError(f"{Path(args[0]).name} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> "Cluster":
        missing = [name for name in ("initdb", "pg_ctl", "postgres") if not (PG_BIN / name).exists()]
        if missing:
            raise ClusterError(
                f"PostgreSQL is not installed: no {', '.join(missing)} in {PG_BIN}. Install PostgreSQL 15 "
                "(apt-get install postgresql-15) or set PG_BIN to the folder holding initdb and pg_ctl."
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
        self._run(str(PG_BIN / "initdb"), "-D", str(data), "-U", USER, f"--pwfile={password_file}",
                  "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        self.port = _free_port()
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
        options += "" if self.durable else " -F"
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        return self

    def url(self, database: str = "postgres", password: str = PASSWORD) -> str:
        return f"postgresql://{USER}:{password}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
