"""Property test: mutated creature files either import or raise `CreatureImportError` — never another
exception — and whatever imports is a valid creature whose token loads into a scene."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import CreatureImportError
from rules.io.creature_json import creature_to_token
from rules.io.creatures import import_document
from rules.io.scene_json import scene_from_json
from tests.shared_data import shared

SAMPLES = shared("creature-samples")
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")

FUZZ = settings(
    max_examples=int(os.environ.get("FIVEFOOT_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _load(rel: str, first: int | None = None) -> Any:
    if not SAMPLES.is_dir():
        return None
    doc = json.loads((SAMPLES / rel).read_text(encoding="utf-8"))
    return doc[:first] if first else doc


DOCS = {
    "pf2e": _load("pf2e-foundry/elf-ranger.json"),
    "pf2e-iwr": _load("pf2e-foundry/last-guard.json"),
    "pathbuilder": _load("pathbuilder/roll20-conversion-tool__celestina-pathbuilder-export.json"),
    "dnd5e": _load("dnd5e-foundry/goblin.json"),
    "dnd5e-pc": _load("dnd5e-foundry/randal-human-fighter.json"),
    "srd": _load("5e-bits/5e-SRD-Monsters-2014.json", 3),
}

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["1d6", "+2", "grg", "fin", "reach-10", "1/4", "-3", "NaN"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["value", "type", "max", "damage", "0", "name"]), inner, max_size=3),
    ),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found.extend(paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.extend(paths(v, (*prefix, i)))
    return found


PATHS = {k: paths(v) for k, v in DOCS.items() if v is not None}


def mutate(doc: Any, where: tuple[Any, ...], action: str, value: Any) -> Any:
    doc = copy.deepcopy(doc)
    if not where:
        return value
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    key = where[-1]
    if action == "delete":
        del parent[key]
    else:
        parent[key] = value
    return doc


@FUZZ
@given(
    name=st.sampled_from(sorted(PATHS)) if PATHS else st.just(""),
    data=st.data(),
    action=st.sampled_from(["replace", "replace", "delete"]),
    value=json_values,
)
def test_mutated_files_raise_only_the_documented_error(name: str, data: Any, action: str, value: Any) -> None:
    doc = DOCS[name]
    where = data.draw(st.sampled_from(PATHS[name]))
    mutated = mutate(doc, where, action, value)
    try:
        creatures = import_document(mutated, "fuzz.json")
    except CreatureImportError as exc:
        assert "fuzz.json" in str(exc)
        return
    for c in creatures:
        token = creature_to_token(c, "t", (0, 0))
        scene = {
            "format": "fivefoot.scene",
            "version": 1,
            "system": c.system,
            "grid": {"width": 8, "height": 8},
            "tokens": [token],
        }
        assert scene_from_json(scene).token("t") is not None


def test_an_integer_too_long_to_convert_is_an_import_error_naming_the_file(tmp_path: Path) -> None:
    from rules.io.creatures import import_creatures
    from rules.io.scene_json import describe_value

    monsters = tmp_path / "monsters.json"
    monsters.write_text('[{"name": "X", "hit_points": ' + "9" * 5000 + "}]", encoding="utf-8")
    with pytest.raises(CreatureImportError, match=r"monsters\.json.*not valid JSON"):
        import_creatures(monsters, "dnd5e-2014")
    assert describe_value(10**5000) == "a number of about 5000 digits"
    assert describe_value(7) == "the number 7"
