"""docs/query-protocol.md tells the truth: every example query of its "Geometry queries" and "Attacks and
damage" sections, asked of the demo encounter the text names (PF2e unless the paragraph before the example
names ``demo-5e.json``), gets the answer printed under it (every documented field with its value; an
answer may carry fields added since). The document also covers every query the
engine registers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules.cli import answer
from rules.io.loading import load_path
from rules.queries import load_all

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "query-protocol.md"
CHECKED_SECTIONS = (
    "## Geometry queries",
    "## Attacks and damage",
    "## Turn queries",
    "## A whole turn",
    "## Light and visibility",
)


def _examples() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    text = DOC.read_text(encoding="utf-8")
    out: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    sections = re.split(r"(?m)^(?=## )", text)
    for section in sections:
        if not section.startswith(CHECKED_SECTIONS):
            continue
        last_end = 0
        for block in re.finditer(r"```json\n(.*?)```", section, re.S):
            before = section[last_end : block.start()]
            last_end = block.end()
            if "Illustrative" in before:
                continue
            scene = "demo-5e.json" if "demo-5e.json" in before else "demo-pf2e.json"
            lines = [json.loads(x) for x in block.group(1).splitlines() if x.strip()]
            assert len(lines) % 2 == 0, f"an example query without its answer in {block.group(0)[:80]}"
            for query, expected in zip(lines[::2], lines[1::2], strict=True):
                out.append((scene, query, expected))
    return out


EXAMPLES = _examples()


def test_the_examples_were_found() -> None:
    asked = {q["q"] for _s, q, _a in EXAMPLES}
    assert {"summary", "path", "area", "cover", "attack", "damage", "save", "heal", "light"} <= asked


@pytest.mark.parametrize(
    ("scene_name", "query", "expected"),
    EXAMPLES,
    ids=[f"{s}:{q['q']}:{i}" for i, (s, q, _) in enumerate(EXAMPLES)],
)
def test_documented_answer_is_the_real_one(scene_name: str, query: dict[str, Any], expected: Any) -> None:
    scene = load_path(ROOT / "assets" / scene_name)
    got = answer(scene, query)
    assert {k: got.get(k, "(missing)") for k in expected} == expected


def test_every_registered_query_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in load_all():
        assert f"### `{name}`" in text, name
