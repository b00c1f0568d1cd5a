"""``scripts/start.sh`` and ``scripts/test.sh`` install only when pyproject.toml is new or changed, so
a restart or a second test run needs no package index; a fresh clone (no stamp) installs everything."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_TOOL = """#!/bin/sh
# Stands in for a tool of .venv/bin: writes down what it was asked to run.
echo "$(basename "$0") $*" >> "$(dirname "$0")/../../calls.log"
"""


UV = "python -m pip install --quiet --disable-pip-version-check uv==0.13.9"  # pip installs uv, uv the rest


def project(tmp_path: Path, script: str) -> Path:
    """A copy of the script and pyproject.toml, with a virtual environment whose tools only log."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / script, tmp_path / "scripts" / script)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    tools = tmp_path / ".venv" / "bin"
    tools.mkdir(parents=True)
    for name in ("python", "uv", "ruff", "mypy"):
        (tools / name).write_text(FAKE_TOOL)
        (tools / name).chmod(0o755)
    return tmp_path


def run(folder: Path, script: str) -> list[str]:
    """The calls one run of the script made."""
    log = folder / "calls.log"
    before = len(log.read_text().splitlines()) if log.exists() else 0
    subprocess.run(["sh", str(folder / "scripts" / script)], check=True, timeout=60)
    return [line.strip() for line in log.read_text().splitlines()[before:]]


def test_start_installs_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    folder = project(tmp_path, "start.sh")
    install = [UV, "uv pip install --quiet --compile-bytecode --python .venv/bin/python -e ."]

    assert run(folder, "start.sh") == [*install, "python -m bot"]  # the first start installs
    assert run(folder, "start.sh") == ["python -m bot"]  # a restart does not
    with (folder / "pyproject.toml").open("a") as file:
        file.write("\n# a new dependency\n")
    assert run(folder, "start.sh") == [*install, "python -m bot"]  # a changed pyproject.toml installs again


def test_the_tests_install_everything_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    folder = project(tmp_path, "test.sh")
    install = [UV, "uv pip install --quiet --compile-bytecode --python .venv/bin/python -e .[test]"]
    pytest = "python -m pytest -n auto --dist worksteal"
    checks = ["ruff check --quiet .", "ruff format --check --quiet .", "mypy", pytest]

    assert run(folder, "test.sh") == [*install, *checks]  # a fresh clone installs the test tools too
    assert run(folder, "test.sh") == checks  # the next run goes straight to the checks
    with (folder / "pyproject.toml").open("a") as file:
        file.write("\n# a new dependency\n")
    assert run(folder, "test.sh") == [*install, *checks]
