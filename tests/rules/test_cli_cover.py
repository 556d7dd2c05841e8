"""The `cover` and `flanking` queries through the real command: `python -m rules SCENE`, JSON lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.cli import answer
from tests.rules.ascii_maps import ascii_doc, ascii_scene, wall
from tests.rules.cli_runs import rules_answers as run

MAP = """
    ........
    .A.#..b.
    ........
    .C.c....
    .Dt...e.
    ........
"""


def write(tmp_path: Path, system: str, **kwargs: Any) -> Path:
    path = tmp_path / f"{system}.json"
    path.write_text(json.dumps(ascii_doc(MAP, system, **kwargs)), encoding="utf-8")
    return path


def test_pf2e_cover_and_flanking_answers(tmp_path: Path) -> None:
    scene = write(
        tmp_path, "pf2e", walls=[wall((4.5, 3), (4.5, 6))], tokens={"b": {"conditions": ["took-cover"]}}
    )
    answers = run(
        scene,
        [
            {"id": 1, "q": "cover", "attacker": "A", "target": "b"},  # through the impassable square
            {"id": 2, "q": "cover", "attacker": "C", "target": "c"},
            {"id": 3, "q": "cover", "attacker": "C", "target": "c", "origin": [0, 3.5]},
            {"id": 4, "q": "cover", "origin": [1.5, 3.5], "target": "c"},
            {"id": 5, "q": "cover", "attacker": "A", "target": "D"},
            {"id": 6, "q": "flanking", "attacker": "C", "target": "t"},
            {"id": 7, "q": "cover", "attacker": "C", "target": "e"},
        ],
    )
    assert answers == [
        {"id": 1, "cover": "greater", "ac_bonus": 4},  # standard, and b took cover
        {"id": 2, "cover": "none", "ac_bonus": 0},
        {"id": 3, "cover": "none", "ac_bonus": 0},
        {"id": 4, "cover": "none", "ac_bonus": 0},
        {"id": 5, "cover": "lesser", "ac_bonus": 1},  # the line from A to D passes through C's space
        {"id": 6, "flanking": False, "with": []},
        {"id": 7, "cover": "blocked", "ac_bonus": 0},  # the wall x = 4.5 leaves no line from C to e
    ]


def test_dnd_cover_and_flanking_answers(tmp_path: Path) -> None:
    scene = write(tmp_path, "dnd5e-2014", options={"flanking": True}, sides={"t": "enemies"})
    answers = run(
        scene,
        [
            {"q": "cover", "attacker": "A", "target": "b"},
            {"q": "cover", "attacker": "D", "target": "c"},
            {"q": "flanking", "attacker": "D", "target": "t"},
            {"q": "flanking", "attacker": "C", "target": "t"},
        ],
    )
    # A to b: from every corner of A two lines run along an edge of the impassable square [3, 1] and two
    # pass through it. D to c: all clear.
    assert answers[0] == {"cover": "half", "ac_bonus": 2}
    assert answers[1] == {"cover": "none", "ac_bonus": 0}
    assert answers[2] == {"flanking": False, "with": []}
    assert answers[3] == {"flanking": False, "with": []}


@pytest.mark.parametrize(
    ("query", "prefix"),
    [
        ({"q": "cover", "attacker": "A"}, "missing field:"),
        ({"q": "cover", "target": "b"}, "missing field:"),
        ({"q": "cover", "attacker": "nobody", "target": "b"}, "unknown token:"),
        ({"q": "cover", "attacker": "A", "target": "nobody"}, "unknown token:"),
        ({"q": "cover", "origin": [1, "x"], "target": "b"}, "bad value:"),
        ({"q": "cover", "origin": 3, "target": "b"}, "bad value:"),
        ({"q": "cover", "attacker": "b", "target": "b"}, "bad value:"),
        ({"q": "cover", "attacker": 5, "target": "b"}, "bad value:"),
        ({"q": "flanking", "target": "t"}, "missing field:"),
        ({"q": "flanking", "attacker": "A"}, "missing field:"),
        ({"q": "flanking", "attacker": "A", "target": "zz"}, "unknown token:"),
        ({"q": "flanking", "attacker": "t", "target": "t"}, "bad value:"),
    ],
)
def test_errors(query: dict[str, Any], prefix: str) -> None:
    s = ascii_scene(MAP)
    got = answer(s, {"id": "x", **query})
    assert got["id"] == "x"
    assert got["error"].startswith(prefix), got


def test_flanking_lists_allies_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "flank.json"
    path.write_text(
        json.dumps(
            ascii_doc(
                """
                D.C
                AtB
                E.F
                """
            )
        ),
        encoding="utf-8",
    )
    answers = run(
        path,
        [
            {"q": "flanking", "attacker": "A", "target": "t"},
            {"q": "flanking", "attacker": "D", "target": "t"},
            {"q": "flanking", "attacker": "t", "target": "A"},
        ],
    )
    assert answers == [
        {"flanking": True, "with": ["B"]},
        {"flanking": True, "with": ["F"]},
        {"flanking": False, "with": []},
    ]
