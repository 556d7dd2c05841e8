"""``fivefoot --screenshot`` runs quietly (issue 13 item 14): the offscreen platform's note about size hints
is not printed on every run, while real problems still are."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_screenshot_prints_only_what_it_wrote(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    env = dict(os.environ, FIVEFOOT_DATA_DIR=str(tmp_path / "data"))
    env.pop("QT_QPA_PLATFORM", None)  # the app picks offscreen itself for --screenshot
    done = subprocess.run(
        [sys.executable, "-m", "desktop.app", "--screenshot", str(out), "--size", "900x600"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert out.is_file() and out.stat().st_size > 1000
    assert "propagateSizeHints" not in done.stderr
    assert done.stderr.strip() == "", done.stderr
    assert done.stdout.strip() == f"fivefoot: wrote {out}"


def test_a_bad_file_still_says_why(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    env = dict(os.environ, FIVEFOOT_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "desktop.app", str(bad), "--screenshot", str(tmp_path / "x.png")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 2
    assert "broken.json" in done.stderr and "propagateSizeHints" not in done.stderr
