"""Run the query command (``python -m rules SCENE``) in a subprocess, as the command-line tests do."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def run_rules(
    scene_file: Path,
    lines: Iterable[str],
    *args: str,
    timeout: float = 60,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m rules SCENE ARGS…`` fed `lines` (one query a line); a failing exit does not raise, so
    look at ``returncode`` and ``stderr``."""
    return subprocess.run(
        [sys.executable, "-m", "rules", str(scene_file), *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        check=False,
    )


def rules_answers(
    scene_file: Path,
    queries: Iterable[dict[str, Any]],
    *args: str,
    timeout: float = 60,
    cwd: Path | None = None,
) -> list[dict[str, Any]]:
    """The answers, one a line, to `queries` sent to ``python -m rules SCENE ARGS…``, which must exit
    with 0."""
    done = run_rules(scene_file, (json.dumps(q) for q in queries), *args, timeout=timeout, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]
