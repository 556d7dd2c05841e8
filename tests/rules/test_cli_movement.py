"""The movement queries through the real command: `python -m rules SCENE` with JSON lines on stdin."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.rules.ascii_maps import ascii_doc, wall
from tests.rules.cli_runs import run_rules as run

MAP = """
    A.~..
    .....
    ..#..
    ....g
"""


@pytest.fixture
def scene_file(tmp_path: Path) -> Path:
    doc = ascii_doc(MAP, walls=[wall((4, 0), (4, 2))], tokens={"A": {"speed": 10}})
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_movement_queries_answer_one_line_each(scene_file: Path) -> None:
    queries: list[Any] = [
        {"id": 1, "q": "distance", "from": "A", "to": "g"},
        {"id": 2, "q": "path-cost", "token": "A", "path": [[0, 0], [1, 1], [2, 0]]},
        {"id": 3, "q": "path", "token": "A", "to": [2, 1]},
        {"id": 4, "q": "reachable", "token": "A", "feet": 5},
        {"id": "r", "q": "reach", "token": "A"},
        {"id": 6, "q": "path", "token": "A", "to": [4, 3]},
        {"id": 7, "q": "path", "token": "A", "to": [4, 0]},
    ]
    lines = [json.dumps(q) for q in queries]
    lines.insert(2, "")  # blank lines are skipped
    result = run(scene_file, lines)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers == [
        {"id": 1, "feet": 25},  # [0,0] → [4,3]: 4 squares + 1 for the second of 3 diagonals
        # diagonal 5, then the second diagonal into difficult [2,0]: 10 + 5
        {"id": 2, "feet": 20, "steps": [5, 15], "legal": True, "problem": None},
        {"id": 3, "feet": 10, "path": [[0, 0], [1, 0], [2, 1]]},
        {"id": 4, "cells": [[0, 0, 0], [0, 1, 5], [1, 0, 5], [1, 1, 5]]},
        {"id": "r", "cells": [[0, 1], [1, 0], [1, 1]]},
        {"id": 6, "feet": None, "path": None},  # the goblin stands there
        # The wall x = 4 (y 0..2) is passed only by [3,2] → [4,2] (y = 2.5) or [3,3] → [4,2] (through
        # (4, 3)). [3,2] costs 20 in 4 steps; [2,2] is impassable and its corners forbid the diagonals
        # next to it, so the smallest 4-step route is [1,0], [2,1], [3,1], [3,2]. Then east 5, north 10.
        {"id": 7, "feet": 35, "path": [[0, 0], [1, 0], [2, 1], [3, 1], [3, 2], [4, 2], [4, 1], [4, 0]]},
    ]


def test_error_answers_and_the_command_goes_on(scene_file: Path) -> None:
    lines = [
        json.dumps({"id": "a", "q": "path", "token": "nobody", "to": [1, 1]}),
        json.dumps({"id": "b", "q": "path-cost", "token": "A", "path": [[1, 1], [2, 2]]}),
        json.dumps({"id": "c", "q": "path", "token": "A", "to": [9, 9]}),
        json.dumps({"id": "d", "q": "reachable"}),
        json.dumps({"id": "e", "q": "distance", "from": "A", "to": [0, 0]}),
    ]
    result = run(scene_file, lines)
    assert result.returncode == 0
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["id"] for a in answers] == ["a", "b", "c", "d", "e"]
    assert answers[0]["error"].startswith("unknown token: ")
    assert answers[1]["error"].startswith("bad value: ")
    assert answers[2]["error"].startswith("bad value: ")
    assert answers[3]["error"].startswith("missing field: ")
    assert answers[4] == {"id": "e", "feet": 0}


def test_a_broken_scene_exits_2_naming_the_file(tmp_path: Path) -> None:
    doc = ascii_doc(MAP)
    doc["tokens"][0]["size"] = "enormous"
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = run(bad, [json.dumps({"q": "path", "token": "A", "to": [1, 1]})])
    assert result.returncode == 2
    assert result.stdout == ""
    assert "broken.json" in result.stderr
    assert "tokens[0].size" in result.stderr

    missing = tmp_path / "nowhere.json"
    result = run(missing, [])
    assert result.returncode == 2
    assert result.stdout == ""
    assert "nowhere.json" in result.stderr
