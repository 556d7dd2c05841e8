"""Hostile queries never break the query command: every answer is a JSON object, every error has one of the
protocol's prefixes, and no handler falls through to the catch-all "cannot use" answer."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cli import answer
from rules.errors import QUERY_PREFIXES
from rules.queries import load_all
from rules.scene import Scene, scene_from_json
from tests.benchmarks.bigmap import big_map_doc

SCENES: dict[str, Scene] = {
    system: scene_from_json(big_map_doc(system, cells=30, rooms=2, tokens=8))
    for system in ("pf2e", "dnd5e-2014", "dnd5e-2024")
}
FIELDS = (
    "token", "to", "from", "path", "feet", "diagonals_before", "action", "shape", "corner", "origin",
    "direction", "width", "include_self", "attacker", "target", "attack", "d20", "attack_number", "damage",
    "critical", "nonlethal", "basic_save", "save", "modifier", "dc",
)  # fmt: skip
numbers = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.sampled_from([10**400, -(10**400), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(
    st.none(), st.booleans(), numbers, st.text(max_size=6), st.sampled_from(["t00", "t01", "t03"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
queries = st.fixed_dictionaries(
    {"q": st.sampled_from(sorted(load_all())), "id": st.integers(0, 9)},
    optional={name: values for name in FIELDS},
)


@settings(max_examples=400)
@given(system=st.sampled_from(sorted(SCENES)), query=queries)
def test_any_query_gets_a_protocol_answer(system: str, query: dict[str, Any]) -> None:
    out = answer(SCENES[system], query)
    assert out.get("id") == query["id"]
    text = json.dumps(out, allow_nan=False)  # answers are strict JSON
    assert json.loads(text) == out
    if "error" in out:
        assert out["error"].split(":")[0] in QUERY_PREFIXES, out["error"]
        assert "cannot use" not in out["error"], out["error"]


def test_non_object_and_nameless_queries() -> None:
    scene = SCENES["pf2e"]
    assert answer(scene, [1, 2])["error"].startswith("bad value:")
    assert answer(scene, {"id": 3})["error"].startswith("missing field:")
    assert answer(scene, {"q": 5})["error"].startswith("unknown query:")
