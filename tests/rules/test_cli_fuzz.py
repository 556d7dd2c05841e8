"""Hostile queries never break the query command: every answer is a JSON object, every error has one of the
protocol's prefixes, and no handler falls through to the catch-all "cannot use" answer."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cli import answer, read_lines, serve
from rules.errors import QUERY_PREFIXES
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from rules.queries import load_all
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


def test_a_reach_far_past_the_limit_is_refused_in_words() -> None:
    """Found by the fuzz test above: a `feet` too large for a float once broke the refusal's message."""
    token = SCENES["dnd5e-2014"].tokens[0].id
    for feet in (10**400, 10**15, 5000, 1e300):
        out = answer(SCENES["dnd5e-2014"], {"q": "reach", "token": token, "feet": feet})
        assert out["error"].startswith("bad value: 'feet' must be at most"), out
        assert "cannot use" not in out["error"]


def test_non_object_and_nameless_queries() -> None:
    scene = SCENES["pf2e"]
    assert answer(scene, [1, 2])["error"].startswith("bad value:")
    assert answer(scene, {"id": 3})["error"].startswith("missing field:")
    assert answer(scene, {"q": 5})["error"].startswith("unknown query:")


# ------------------------------------------------------------------ hostile lines through the real command
# Issue 14: every non-blank input line gets exactly one answer that is strict JSON (no NaN/Infinity), and an
# error answer starts with one of the protocol's prefixes (`rules.errors.QUERY_PREFIXES`); a line the
# command cannot read as a query at all (not UTF-8, over 16 MB, not JSON, a number of more than 4300
# digits, an "id" holding NaN/Infinity) is answered with the documented prefix "bad value".


def _strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"not strict JSON: {name} in {text[:200]!r}")

    return json.loads(text, parse_constant=refuse)


def _is_blank(line: bytes) -> bool:
    try:
        return not line.decode("utf-8").strip()
    except UnicodeDecodeError:
        return False


def _check_answers(lines: list[bytes], stdout: bytes) -> list[dict[str, Any]]:
    answers = [_strict(text) for text in stdout.decode("ascii").splitlines()]
    assert len(answers) == sum(1 for line in lines if not _is_blank(line))
    for out in answers:
        assert isinstance(out, dict)
        if "error" in out:
            assert out["error"].split(":")[0] in QUERY_PREFIXES, out["error"]
    return answers


HOSTILE_LINES: list[tuple[bytes, str | None]] = [
    (b'{"q": "summary", "id": 1}', None),
    (b'{"q": "distance", "from": [0, 0], "to": [' + b"9" * 5000 + b", 1], " + b'"id": 2}', "bad value"),
    (b'{"q": "summary", "id": ' + b"7" * 4301 + b"}", "bad value"),
    (b'{"q": "summary", "id": NaN}', "bad value"),
    (b'{"q": "summary", "id": Infinity}', "bad value"),
    (b'{"q": "summary", "id": -Infinity}', "bad value"),
    (b'{"q": "summary", "id": 1e999}', "bad value"),
    (b'{"q": "summary", "id": [1, NaN]}', "bad value"),
    (b'{"q": "reach", "token": "t00", "feet": 1000000000, "id": 3}', "bad value"),
    (b'{"q": "summary", "id": "\xff\xfe caf\xe9"}', "bad value"),
    (b"\xc3\x28\x80\x80", "bad value"),
    (b'{"q": "summary", "pad": "' + b"x" * (10 * 1024 * 1024) + b'", "id": 4}', None),
    (b'{"q": "summary", "pad": "' + b"y" * (17 * 1024 * 1024) + b'", "id": 5}', "bad value"),
    (b"[" * 100_000 + b"]" * 100_000, "bad value"),
    (b"   ", None),
    (b'{"q": "distance", "from": [0, 0], "to": [3, 4], "id": 6}', None),
]


def test_hostile_lines_each_get_one_strict_json_answer(tmp_path: Path) -> None:
    scene_file = tmp_path / "scene.json"
    scene_file.write_text(json.dumps(big_map_doc("pf2e", cells=30, rooms=2, tokens=8)), encoding="utf-8")
    lines = [line for line, _ in HOSTILE_LINES]
    run = subprocess.run(
        [sys.executable, "-m", "rules", str(scene_file)],
        input=b"\n".join(lines),  # and no final line break
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "LC_ALL": "en_US.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    answers = _check_answers(lines, run.stdout)
    expected = [want for line, want in HOSTILE_LINES if not _is_blank(line)]
    for out, want in zip(answers, expected, strict=True):
        if want is None:
            assert "error" not in out, out
        else:
            assert out["error"].startswith(want + ":"), out
    assert answers[0]["id"] == 1 and answers[-1] == {"id": 6, "feet": 25}
    # the line with a 5000-digit number cannot be parsed, so its id (2) is not known
    assert [a["id"] for a in answers if a.get("id") is not None] == [1, 3, 4, 6]
    nan_answers = [a for a in answers if "NaN or Infinity" in a.get("error", "")]
    assert len(nan_answers) == 5 and all(a["id"] is None for a in nan_answers)


raw_lines = st.one_of(
    st.binary(max_size=40),
    st.builds(
        lambda q, junk: json.dumps(q).encode()[: len(json.dumps(q)) - junk % 3],
        queries,
        st.integers(0, 5),
    ),
    st.sampled_from([line for line, _ in HOSTILE_LINES if len(line) < 100_000]),
    st.builds(lambda n: b'{"q": "summary", "id": ' + b"9" * n + b"}", st.integers(4000, 4400)),
)


@settings(max_examples=150)
@given(lines=st.lists(raw_lines.map(lambda b: b.replace(b"\n", b" ")), min_size=1, max_size=6))
def test_any_bytes_get_one_strict_answer_per_line(lines: list[bytes]) -> None:
    out = io.StringIO()
    serve(SCENES["pf2e"], read_lines(io.BytesIO(b"\n".join(lines))), out)
    _check_answers(lines, out.getvalue().encode("ascii"))


def test_a_scene_with_a_huge_integer_exits_2_with_a_clear_message(tmp_path: Path) -> None:
    doc = big_map_doc("pf2e", cells=10, rooms=1, tokens=2)
    doc["tokens"][0]["speed"] = 123456789
    text = json.dumps(doc).replace("123456789", "9" * 5000, 1)
    assert "9" * 5000 in text
    scene_file = tmp_path / "huge.json"
    scene_file.write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "rules", str(scene_file)],
        input=b"",
        capture_output=True,
        timeout=60,
        check=False,
    )
    err = run.stderr.decode()
    assert run.returncode == 2 and "Traceback" not in err and str(scene_file) in err and "digits" in err
    assert run.stdout == b""
