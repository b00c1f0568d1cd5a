"""``scripts/start.sh`` installs only when pyproject.toml changed, so a restart needs no package index."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = """#!/bin/sh
# Stands in for .venv/bin/python: writes down what it was asked to run.
echo "$*" >> "$(dirname "$0")/../../calls.log"
"""


def project(tmp_path: Path) -> Path:
    """A copy of the script and pyproject.toml, with a virtual environment that only logs."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "start.sh", tmp_path / "scripts" / "start.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def start(folder: Path) -> list[str]:
    subprocess.run(["sh", str(folder / "scripts" / "start.sh")], check=True, timeout=60)
    return (folder / "calls.log").read_text().splitlines()


def test_start_installs_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    folder = project(tmp_path)
    install = "-m pip install --quiet --disable-pip-version-check -e ."

    assert start(folder) == [install, "-m bot"]  # the first start installs
    assert start(folder)[2:] == ["-m bot"]  # a restart does not
    with (folder / "pyproject.toml").open("a") as file:
        file.write("\n# a new dependency\n")
    assert start(folder)[3:] == [install, "-m bot"]  # a changed pyproject.toml installs again
