"""Each benchmark runs once on the small generated map, so the suite can't rot. (No timing is asserted:
speed targets live in the benchmark command, not in tests.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.benchmarks.bigmap import big_map, big_map_doc
from tests.benchmarks.run import main


def test_big_map_is_deterministic_and_as_specified() -> None:
    assert big_map_doc("pf2e") == big_map_doc("pf2e")
    scene = big_map("pf2e")
    assert (scene.grid.width, scene.grid.height) == (120, 120)
    assert 550 <= len(scene.walls) <= 650
    assert any(w.kind == "door" and w.open for w in scene.walls)
    assert any(w.kind == "door" and not w.open for w in scene.walls)
    kinds = [t.kind for t in scene.terrain]
    cells = 120 * 120
    assert kinds.count("difficult") == round(cells * 0.15)
    assert kinds.count("greater-difficult") == round(cells * 0.03)
    assert len(scene.tokens) == 60
    assert {t.size for t in scene.tokens} >= {"small", "medium", "large", "huge"}
    assert len({t.side for t in scene.tokens}) >= 2
    assert big_map("dnd5e-2014").system == "dnd5e-2014"


@pytest.mark.benchmark_smoke
def test_every_benchmark_runs_once_on_a_small_map(tmp_path: Path, qapp: object) -> None:
    out = tmp_path / "bench.json"
    assert main(["--quick", "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    names = [r["name"] for r in report["rows"]]
    for prefix in ("path", "reachable", "area", "cover", "flanking", "load", "qt: drag", "qt: full frame"):
        assert any(n.startswith(prefix) for n in names), prefix
    assert all(r["median_ms"] >= 0 for r in report["rows"])
