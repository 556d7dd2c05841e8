"""Property tests: whatever bytes, JSON or zip members come in, the loaders either load or raise
`SceneError`, never another exception, and what they load is a scene within its limits."""

from __future__ import annotations

import base64
import copy
import io
import json
import os
import warnings
import zipfile
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import SceneError
from rules.io import fivefoot_file, uvtt
from rules.io.fivefoot_file import Document
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.model.scene import MAX_GRID_SIDE
from tests.rules.test_uvtt import png_bytes, portal, uvtt_doc, webp_bytes

#: More examples for a deeper run: FIVEFOOT_FUZZ_EXAMPLES=5000 pytest tests/rules/test_loaders_fuzz.py
FUZZ = settings(
    max_examples=int(os.environ.get("FIVEFOOT_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["x", "y", "a", "b", "closed"]), inner, max_size=4),
    ),
    max_leaves=12,
)

BASE_UVTT = uvtt_doc(
    origin=(1, 2),
    size=(6, 4),
    ppg=2,
    los=[[(1, 2), (7, 2), (7, 6)], [(3, 3), (3, 3.5)]],
    objects=[[(4, 4), (5, 4), (5, 5)]],
    portals=[portal((2, 6), (3, 6)), portal((7, 3), (7, 4), closed=False)],
    lights=[{"position": {"x": 2, "y": 3}, "range": 2, "intensity": 1, "color": "ffeccd8b", "shadows": True}],
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location inside a JSON value (including the root)."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, (*prefix, i))
    return found


BASE_PATHS = [p for p in paths(BASE_UVTT) if p != ("image",)]


def replace_at(doc: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    out = copy.deepcopy(doc)
    node = out
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return out


def delete_at(doc: Any, where: tuple[Any, ...]) -> Any:
    if not where:
        return doc
    out = copy.deepcopy(doc)
    node = out
    for key in where[:-1]:
        node = node[key]
    del node[where[-1]]
    return out


def check_document(document: Document) -> None:
    scene = document.scene
    assert 1 <= scene.grid.width <= MAX_GRID_SIDE and 1 <= scene.grid.height <= MAX_GRID_SIDE
    keys = [frozenset((w.a, w.b)) for w in scene.walls]
    assert all(len(k) == 2 for k in keys), "no zero-length segment"
    assert len(keys) == len(set(keys)), "no duplicate segment"
    # Whatever was imported can be saved and opened again.
    again = fivefoot_file.loads(fivefoot_file.dumps(scene, document.images))
    assert again.scene == scene


@FUZZ
@given(st.binary(max_size=400))
def test_uvtt_loader_on_arbitrary_bytes(data: bytes) -> None:
    try:
        check_document(uvtt.loads(data, "fuzz.dd2vtt"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.dd2vtt")


@FUZZ
@given(st.sampled_from(BASE_PATHS), json_values)
def test_uvtt_loader_on_mutated_documents(where: tuple[Any, ...], value: Any) -> None:
    try:
        check_document(uvtt.document_from_uvtt(replace_at(BASE_UVTT, where, value), "fuzz.dd2vtt"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.dd2vtt: ")


@FUZZ
@given(st.sampled_from(BASE_PATHS))
def test_uvtt_loader_on_documents_with_a_part_missing(where: tuple[Any, ...]) -> None:
    try:
        check_document(uvtt.document_from_uvtt(delete_at(BASE_UVTT, where), "fuzz.dd2vtt"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.dd2vtt")


@FUZZ
@given(st.binary(max_size=64), st.sampled_from([b"", png_bytes(4, 4)[:40], webp_bytes(3, 3)[:20], b"RIFF"]))
def test_uvtt_loader_on_arbitrary_pictures(noise: bytes, prefix: bytes) -> None:
    doc = dict(BASE_UVTT, image=base64.b64encode(prefix + noise).decode("ascii"))
    try:
        check_document(uvtt.document_from_uvtt(doc, "fuzz.dd2vtt"))
    except SceneError as exc:
        assert "fuzz.dd2vtt: image:" in str(exc)


@FUZZ
@given(st.binary(max_size=400))
def test_fivefoot_loader_on_arbitrary_bytes(data: bytes) -> None:
    try:
        check_document(fivefoot_file.loads(data, "fuzz.fivefoot"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.fivefoot")


GOOD_SCENE = {
    "format": "fivefoot.scene",
    "version": 1,
    "system": "pf2e",
    "grid": {"width": 5, "height": 5},
    "walls": [{"a": [0, 0], "b": [1, 0]}],
    "background": {"image": "embedded:map.png"},
}
member_names = st.one_of(
    st.sampled_from(
        [
            "scene.json",
            "images/map.png",
            "images/",
            "../x",
            "/abs",
            "images/../scene.json",
            "a\\b",
            "C:/x",
            "",
        ]
    ),
    st.text(alphabet="abc./\\:_-", max_size=12),
    st.text(max_size=8).map(lambda s: "images/" + s),
)
member_data = st.one_of(
    st.binary(max_size=80),
    st.just(json.dumps(GOOD_SCENE).encode()),
    st.just(png_bytes(3, 3)),
    json_values.map(lambda v: json.dumps(v).encode()),
)


@FUZZ
@given(
    st.lists(
        st.tuples(member_names, member_data, st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])),
        max_size=5,
    )
)
def test_fivefoot_loader_on_arbitrary_zip_members(members: list[tuple[str, bytes, int]]) -> None:
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names
        with zipfile.ZipFile(buf, "w") as zf:
            for name, data, method in members:
                if not name:
                    continue
                zf.writestr(zipfile.ZipInfo(name), data, compress_type=method)
    try:
        check_document(fivefoot_file.loads(buf.getvalue(), "fuzz.fivefoot"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.fivefoot")


VALID_FILE = fivefoot_file.dumps(scene_from_json(GOOD_SCENE), {"map.png": png_bytes(5, 5)})


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, len(VALID_FILE) - 1), st.integers(0, 255)), min_size=1, max_size=6),
    st.integers(0, len(VALID_FILE)),
)
def test_fivefoot_loader_on_damaged_files(flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(VALID_FILE)
    for pos, byte in flips:
        data[pos] = byte
    try:
        check_document(fivefoot_file.loads(bytes(data[:cut] if cut else data), "fuzz.fivefoot"))
    except SceneError as exc:
        assert str(exc).startswith("fuzz.fivefoot")


@FUZZ
@given(st.sampled_from([p for p in paths(GOOD_SCENE) if p]), json_values)
def test_fivefoot_loader_on_mutated_scene_json(where: tuple[Any, ...], value: Any) -> None:
    scene_doc = replace_at(GOOD_SCENE, where, value)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("scene.json", json.dumps(scene_doc))
        zf.writestr("images/map.png", png_bytes(5, 5))
    try:
        document = fivefoot_file.loads(buf.getvalue(), "fuzz.fivefoot")
    except SceneError as exc:
        assert str(exc).startswith("fuzz.fivefoot")
    else:
        check_document(document)
        assert scene_from_json(scene_to_json(document.scene)) == document.scene
