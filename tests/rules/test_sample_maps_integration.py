"""Opt-in integration test: import every real Universal VTT export in the folder named by the environment
variable FIVEFOOT_SAMPLE_MAPS (for this project: shared/sample-maps, Dungeondraft exports whose quirks
SOURCES.md lists) and check the import against the file's own JSON.

    FIVEFOOT_SAMPLE_MAPS=../shared/sample-maps .venv/bin/python -m pytest \
        tests/rules/test_sample_maps_integration.py
"""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SceneError
from rules.geometry.coords import Point
from rules.io import fivefoot_file, uvtt
from rules.io.images import embedded_name, image_info
from tests.rules.cli_runs import rules_answers, run_rules

ENV = "FIVEFOOT_SAMPLE_MAPS"
ROOT = Path(__file__).resolve().parents[2]


def _sample_files() -> list[Any]:
    folder = os.environ.get(ENV)
    if not folder:
        reason = f"{ENV} is not set (point it at a folder of .dd2vtt/.uvtt/.df2vtt files to run this)"
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-sample-maps")]
    files = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in uvtt.UVTT_SUFFIXES)
    if not files:
        return [pytest.param(Path(folder), id="empty-folder")]
    return [pytest.param(p, id=p.name) for p in files]


SAMPLES = _sample_files()


def _shifted(raw: dict[str, Any], origin: Point) -> Point:
    return Point(raw["x"] - origin.x, raw["y"] - origin.y)


def _close(p: Point, q: Point) -> bool:
    return abs(p.x - q.x) < 1e-9 and abs(p.y - q.y) < 1e-9


def _key(a: Point, b: Point) -> frozenset[tuple[float, float]]:
    return frozenset({(round(a.x, 6), round(a.y, 6)), (round(b.x, 6), round(b.y, 6))})


@pytest.mark.parametrize("path", SAMPLES)
def test_real_export_imports_faithfully(path: Path, tmp_path: Path) -> None:
    assert path.is_file(), f"{ENV} names a folder without any .dd2vtt/.uvtt/.df2vtt file: {path}"
    raw = json.loads(path.read_text(encoding="utf-8"))
    res = raw["resolution"]
    origin = Point(res["map_origin"]["x"], res["map_origin"]["y"])
    document = uvtt.load_document(path)
    scene = document.scene

    # The grid is map_size, x the width and y the height.
    assert (scene.grid.width, scene.grid.height) == (res["map_size"]["x"], res["map_size"]["y"])

    # Every segment of the file is in the scene, shifted by the origin; the scene has nothing else.
    file_segments = {
        _key(_shifted(a, origin), _shifted(b, origin))
        for key in ("line_of_sight", "objects_line_of_sight")
        for line in raw.get(key) or []
        for a, b in itertools.pairwise(line)
        if (a["x"], a["y"]) != (b["x"], b["y"])
    }
    doors = [w for w in scene.walls if w.kind == "door"]
    walls = [w for w in scene.walls if w.kind == "wall"]
    door_keys = {_key(w.a, w.b) for w in doors}
    wall_keys = [_key(w.a, w.b) for w in walls]
    assert len(wall_keys) == len(set(wall_keys)), "no duplicate wall segment"
    assert set(wall_keys) == file_segments - door_keys
    assert bool(walls) == bool(file_segments)

    # One door per portal, between its bounds, shifted by the origin, closed unless "closed" is false.
    portals = raw.get("portals") or []
    assert len(doors) == len(portals)
    for portal in portals:
        a, b = (_shifted(p, origin) for p in portal["bounds"])
        match = [d for d in doors if {d.a, d.b} == {a, b} or (_close(d.a, a) and _close(d.b, b))]
        assert match, f"no door for portal {portal['bounds']}"
        assert match[0].open is (portal["closed"] is False)

    # Lights are shifted too.
    assert [lt.position for lt in scene.lights] == [
        _shifted(lt["position"], origin) for lt in raw.get("lights") or []
    ]

    # The picture is embedded, sniffed by its bytes, and covers the grid at pixels_per_grid.
    if raw.get("image"):
        assert scene.background is not None
        assert scene.background.pixels_per_cell == res["pixels_per_grid"]
        name = embedded_name(scene.background.image)
        assert name is not None
        info = image_info(document.images[name])
        assert name == "map" + info.extension
        ppg = res["pixels_per_grid"]
        assert (
            abs(info.width / ppg - scene.grid.width) <= 1 and abs(info.height / ppg - scene.grid.height) <= 1
        )

    # The imported map answers the query command, and survives a save as .fivefoot.
    [answer] = rules_answers(path, [{"q": "summary"}], timeout=120, cwd=ROOT)
    assert answer == {
        "system": "pf2e",
        "grid": {"width": scene.grid.width, "height": scene.grid.height},
        "walls": len(scene.walls),
        "doors": len(portals),
        "terrain": 0,
        "tokens": 0,
    }
    saved = tmp_path / "saved.fivefoot"
    fivefoot_file.save(saved, scene, document.images)
    again = fivefoot_file.load_document(saved)
    assert again.scene == scene and again.images == document.images


@pytest.mark.parametrize("path", SAMPLES)
def test_truncated_copy_of_a_real_export_gets_a_clear_error(path: Path, tmp_path: Path) -> None:
    assert path.is_file()
    data = path.read_bytes()
    cut = tmp_path / f"cut {path.name}"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(SceneError) as info:
        uvtt.load(cut)
    message = str(info.value)
    assert message.startswith(str(cut)) and "not valid JSON" in message and "cut short" in message
    run = run_rules(cut, [json.dumps({"q": "summary"})], timeout=120, cwd=ROOT)
    assert run.returncode == 2 and run.stdout == ""
    assert cut.name in run.stderr and "not valid JSON" in run.stderr
