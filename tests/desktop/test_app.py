"""The `fivefoot` command: --screenshot renders the window to a PNG, --self-test checks an install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from desktop.app import main

ROOT = Path(__file__).resolve().parents[2]


def _distinct_colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 29)})


def test_screenshot_option_writes_the_main_window(qapp, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "window.png"
    assert main(["--screenshot", str(out), "--size", "1200x800"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1200, 800)
    assert _distinct_colours(image) > 100
    assert "wrote" in capsys.readouterr().out


def test_screenshot_of_a_file_and_of_a_missing_file(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "5e.png"
    assert main([str(ROOT / "assets" / "demo-5e.json"), "--screenshot", str(out)]) == 0
    assert out.exists()
    assert main([str(tmp_path / "nope.json"), "--screenshot", str(out)]) == 2


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    code = "import sys; from desktop.app import main; raise SystemExit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=full_env,
        cwd=ROOT,
        timeout=120,
    )


def test_self_test_passes_and_renders(tmp_path: Path) -> None:
    shot = tmp_path / "self.png"
    proc = _run("--self-test", "--screenshot", str(shot), env={"FIVEFOOT_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert "self-test ok" in proc.stdout
    assert _distinct_colours(QImage(str(shot))) > 50


def test_self_test_fails_with_a_reason_without_assets(tmp_path: Path) -> None:
    proc = _run("--self-test", env={"FIVEFOOT_ASSETS": str(tmp_path), "FIVEFOOT_DATA_DIR": str(tmp_path)})
    assert proc.returncode != 0
    assert "self-test FAILED" in proc.stderr and "demo" in proc.stderr


def test_self_test_is_hidden_from_help() -> None:
    proc = _run("--help")
    assert proc.returncode == 0
    assert "--screenshot" in proc.stdout and "--self-test" not in proc.stdout
