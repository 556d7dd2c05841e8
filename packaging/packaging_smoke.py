"""Run the frozen app's hidden `--self-test` the way a user's machine would: offscreen, with no Python on
the PATH, and report the start-up time to the first rendered frame.

    python packaging/packaging_smoke.py dist/fivefoot/fivefoot
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_self_test(exe: Path) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "PATH": "/usr/bin:/bin",  # no virtualenv, no pyenv: the app must not need a Python
            "HOME": tmp,
            "QT_QPA_PLATFORM": "offscreen",
            "FIVEFOOT_DATA_DIR": str(Path(tmp) / "data"),
            "LANG": os.environ.get("LANG", "C.UTF-8"),
        }
        shot = Path(tmp) / "self-test.png"
        started = time.perf_counter()
        proc = subprocess.run(
            [str(exe), "--self-test", "--screenshot", str(shot)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        elapsed = time.perf_counter() - started
        print(proc.stdout.strip())
        if proc.returncode != 0:
            print(f"self-test FAILED (exit {proc.returncode}):\n{proc.stderr.strip()}", file=sys.stderr)
            return 1
        if not shot.exists() or shot.stat().st_size == 0:
            print("self-test FAILED: no frame was rendered", file=sys.stderr)
            return 1
        print(f"self-test passed; start-up to first frame and exit: {elapsed:.2f} s")
        return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        raise SystemExit(2)
    raise SystemExit(run_self_test(Path(sys.argv[1])))
