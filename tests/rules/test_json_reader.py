"""One JSON reader for every format of rules.io (issue 21 item 4): decoding bytes and typed fields with the
path of a bad one, the same messages whichever format reads."""

from __future__ import annotations

import pytest

from rules.errors import CreatureImportError, SceneError
from rules.io import fivefoot_file, uvtt
from rules.io.creature_json import creature_from_json
from rules.io.creatures._common import Reader as ImportReader
from rules.io.json_reader import JsonReader, decode_json
from rules.io.reading import parse_json_bytes
from rules.io.scene_json import scene_from_text
from rules.io.state_json import area_from_json, encounter_from_json


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"a": 1', "not valid JSON: Expecting ',' delimiter at line 1, column 8; the file looks cut short"),
        (b"\xff\xfe{}", "not UTF-8 text (byte 0)"),
        (b"[" * 100_000 + b"]" * 100_000, "not valid JSON: nested too deeply"),
        (b"[" + b"9" * 5000 + b"]", "not valid JSON: Exceeds the limit"),
    ],
)
def test_decoding_refuses_in_words(data: bytes, message: str) -> None:
    with pytest.raises(SceneError) as caught:
        decode_json(data, "x.json")
    assert str(caught.value).startswith(f"x.json: {message}")


def test_every_format_decodes_through_the_one_reader() -> None:
    cut = b'{"format": "fivefoot.scene", "grid": {'
    for read in (
        lambda: parse_json_bytes(cut, "a.json"),
        lambda: scene_from_text(cut.decode(), "a.json"),
        lambda: uvtt.loads(cut, "a.json"),
    ):
        with pytest.raises(SceneError, match=r"^a\.json: not valid JSON: .* at line 1, column \d+; the file"):
            read()
    with pytest.raises(SceneError, match=r"not UTF-8 text .*; is this really a Universal VTT file"):
        uvtt.loads(b"\xff", "m.dd2vtt")
    with pytest.raises(CreatureImportError, match=r"^b\.json: not valid JSON"):
        from rules.io.creatures._common import parse_json

        parse_json("{", "b.json")
    assert isinstance(ImportReader("f"), JsonReader)


def test_fields_are_named_by_their_path_under_the_base() -> None:
    r = JsonReader("s.json", base="tokens[2]", shown_chars=12)
    with pytest.raises(
        SceneError, match=r"^s\.json: tokens\[2\]\.hp: expected a whole number, got the string 'a very lo…'"
    ):
        r.integer("a very long text", "hp")
    assert r.at("walls[0]").path("a") == "walls[0].a" and r.path("[1]") == "tokens[2][1]"
    assert r.integer(3.0, "x") == 3 and r.opt_int(None, "x") is None
    assert r.lst(None, "x", optional=True) == [] and r.strings(None, "x", optional=True) == ()
    assert r.pairs({"fire": 5}, "weak") == (("fire", 5),) and r.pairs(["cold"], "res") == (("cold", 0),)
    with pytest.raises(SceneError, match="expected true or false, got the number 1"):
        r.boolean(1, "pc")
    with pytest.raises(SceneError, match=r"missing \(the width\)"):
        r.require({}, "x", "size.x", "the width")
    with pytest.raises(CreatureImportError, match=r"f: a\.b: expected an object, got a list"):
        ImportReader("f", "a").obj([], "b")


def test_the_state_and_creature_readers_speak_the_same_words() -> None:
    with pytest.raises(SceneError, match=r"^areas\[0\]\.feet: expected a whole number, got the string 'x'"):
        area_from_json({"id": "a", "shape": "burst", "feet": "x", "origin": [1, 1]}, "areas[0]")
    with pytest.raises(
        SceneError, match=r"^encounter\.order\[0\]\.token: expected a string, got the number 5"
    ):
        encounter_from_json({"order": [{"token": 5}]})
    with pytest.raises(
        SceneError, match=r"^c\.json: attacks\[0\]\.bonus: expected a whole number, got the string"
    ):
        creature_from_json(
            {"name": "Orc", "system": "pf2e", "attacks": [{"name": "axe", "bonus": "+x"}]}, "c.json"
        )
    with pytest.raises(SceneError, match=r"scene\.json is not valid JSON"):
        import io
        import zipfile

        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as zf:
            zf.writestr("scene.json", b'{"format": ')
        fivefoot_file.loads(buffer.getvalue(), "x.fivefoot")
