"""The README's commands work as written (issue 13 item 4).

Rule (also stated in the README's "Tests" section): every command of a ```sh code block — one per line, a
line ending in a backslash continues on the next — is run from the repository root with ``.venv/bin/``
replaced by the bin folder of the Python running these tests, and must exit with status 0. Skipped are
exactly: the set-up commands (they contain ``-m venv``), commands that start the app's window (they run
``.venv/bin/fivefoot`` without ``--screenshot``) and the app build (``packaging/build.py``). The benchmark
command runs in its smoke mode (``--quick``: each benchmark once on a small map, into a temporary file):
the full suite, several minutes on two cores, is the README's benchmark command itself, run by hand.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent


def sh_commands(text: str) -> list[str]:
    """The commands of the ```sh blocks of a Markdown text, in order."""
    commands: list[str] = []
    in_block = False
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not in_block:
            in_block = stripped == "```sh"
            continue
        if stripped.startswith("```"):
            in_block = False
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        command = (pending + stripped).strip()
        pending = ""
        if command and not command.startswith("#"):
            commands.append(command)
    return commands


def skip_reason(command: str) -> str | None:
    """Why the README test doesn't run `command` (None: it runs it). See the module docstring."""
    if re.search(r"-m venv\b", command):
        return "set-up: creates the virtual environment"
    if "packaging/build.py" in command:
        return "builds the app"
    if re.search(r"\.venv/bin/fivefoot(\s|$)", command) and "--screenshot" not in command:
        return "starts the app's window"
    return None


def runnable(command: str, tmp: Path | None = None) -> str:
    """`command` as the test runs it: ``.venv/bin/`` is this Python's bin folder, and the benchmark command
    runs in its smoke mode, writing its table into `tmp`."""
    command = command.replace(".venv/bin/", f"{BIN}/")
    if "tests.benchmarks.run" in command:
        out = (tmp or Path("bench-results")) / "benchmarks.json"
        command += f" --quick --json {shlex.quote(str(out))}"
    return command


COMMANDS = sh_commands(README.read_text(encoding="utf-8"))
RUN = [c for c in COMMANDS if skip_reason(c) is None]


def test_the_readme_keeps_its_two_set_up_commands_after_the_prerequisites() -> None:
    text = README.read_text(encoding="utf-8")
    setup = [c for c in COMMANDS if skip_reason(c) == "set-up: creates the virtual environment"]
    assert len(setup) == 2, setup
    app, tests = setup
    assert "pip install -e ." in app and app.endswith(".venv/bin/fivefoot")
    assert "pip install -e '.[test]'" in tests and tests.endswith("-m pytest")
    assert text.index("Prerequisites:") < text.index(app) < text.index(tests)
    # and nothing else is skipped but the build
    others = [skip_reason(c) for c in COMMANDS if c not in setup and skip_reason(c) is not None]
    assert others == ["builds the app"]


def test_the_readme_query_example_uses_a_real_scene_and_token() -> None:
    (example,) = [c for c in RUN if "fivefoot-rules" in c]
    scene = re.search(r"fivefoot-rules\s+(\S+)", example)
    assert scene is not None
    doc = json.loads((ROOT / scene.group(1)).read_text(encoding="utf-8"))
    query = json.loads(re.search(r"'(\{.*\})'", example).group(1))  # type: ignore[union-attr]
    assert query["token"] in {t["id"] for t in doc["tokens"]}


def _run(command: str, env: dict[str, str], tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", f"set -o pipefail; {runnable(command, tmp)}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_benchmark_command_runs_in_its_smoke_mode_here() -> None:
    (bench,) = [c for c in RUN if "tests.benchmarks.run" in c]
    assert "--quick" not in bench  # the README's command is the full suite
    assert "--quick" in runnable(bench)


@pytest.mark.slow
@pytest.mark.parametrize("command", RUN, ids=[c[:60] for c in RUN])
def test_readme_command_succeeds(command: str, tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FIVEFOOT_SHOTS=str(tmp_path / "shots"))
    done = _run(command, env, tmp_path)
    assert done.returncode == 0, (
        f"{command}\n--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}"
    )
    if "fivefoot-rules" in command:
        answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
        assert answers and all("error" not in a for a in answers), answers
    if "tests.benchmarks.run" in command:
        report = json.loads((tmp_path / "benchmarks.json").read_text(encoding="utf-8"))
        assert report["quick"] is True and report["rows"]
