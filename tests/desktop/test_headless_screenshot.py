"""`fivefoot FILE --screenshot OUT` never waits for a person (issue 22): no modal box opens headless, so
a picture that can't be shown, a scene left modified by opening it (fog on) or a hostile archive end the
run with its messages on standard error. Each run has a timeout: a hang fails the test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.rules.ascii_maps import ascii_doc

ROOT = Path(__file__).resolve().parents[2]


def _screenshot(path: Path, out: Path, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FIVEFOOT_DATA_DIR": str(data)}
    code = "import sys; from desktop.app import main; raise SystemExit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, str(path), "--screenshot", str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )


def _scene(**extra: object) -> dict[str, object]:
    doc = ascii_doc(
        """
        A....
        .....
        ....b
        """
    )
    doc.update(extra)
    return doc


def test_a_missing_picture_is_reported_and_the_run_ends(tmp_path: Path) -> None:
    scene = tmp_path / "pictured.json"
    background = {"image": "nowhere.png", "pixels_per_cell": 50, "offset": [0, 0]}
    scene.write_text(json.dumps(_scene(background=background)))
    out = tmp_path / "out.png"
    proc = _screenshot(scene, out, tmp_path / "data")
    assert proc.returncode == 0, proc.stderr
    assert out.exists()
    assert "nowhere.png" in proc.stderr


def test_a_scene_with_fog_on_ends_without_asking_to_save(tmp_path: Path) -> None:
    scene = tmp_path / "foggy.json"
    scene.write_text(json.dumps(_scene(fog={"enabled": True, "width": 5, "height": 3, "explored": ""})))
    out = tmp_path / "out.png"
    proc = _screenshot(scene, out, tmp_path / "data")
    assert proc.returncode == 0, proc.stderr
    assert out.exists()


def test_a_hostile_archive_is_refused_and_the_run_ends(tmp_path: Path) -> None:
    archive = tmp_path / "evil.fivefoot"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("scene.json", json.dumps(_scene()))
        z.writestr("../../outside.txt", "escape")
    out = tmp_path / "out.png"
    proc = _screenshot(archive, out, tmp_path / "data")
    assert proc.returncode == 2
    assert "evil.fivefoot" in proc.stderr
    assert not (tmp_path.parent / "outside.txt").exists()
