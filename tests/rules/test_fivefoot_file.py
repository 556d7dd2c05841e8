"""The `.fivefoot` document: round trips of every format, and hostile or broken zips refused by name."""

from __future__ import annotations

import io
import json
import struct
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SceneError
from rules.geometry.coords import Cell, Point
from rules.io import fivefoot_file, uvtt
from rules.io.fivefoot_file import Document, dumps, loads, open_document
from rules.io.images import data_uri, resolve_image
from rules.io.loading import load_path
from rules.io.saving import save_scene
from rules.io.scene_json import load_scene_file, scene_from_json, scene_to_json
from rules.model.scene import Background, Light, Token, Wall, new_scene
from rules.model.state import GameState
from tests.rules.test_uvtt import png_bytes, portal, uvtt_doc, webp_bytes, write_uvtt

SCENE_DOC: dict[str, Any] = {
    "format": "fivefoot.scene",
    "version": 1,
    "system": "dnd5e-2014",
    "name": "Crypt",
    "options": {"diagonals": "alternating", "flanking": True, "area_method": "touch"},
    "grid": {"width": 12, "height": 8},
    "terrain": [{"cell": [3, 4], "kind": "difficult"}, {"cell": [5, 5], "kind": "impassable", "note": "pit"}],
    "walls": [
        {"a": [0, 2], "b": [4.5, 2], "kind": "wall"},
        {"a": [4.5, 2], "b": [5.5, 2], "kind": "door", "open": True},
        {"a": [6, 0], "b": [6, 3], "kind": "window"},
    ],
    "tokens": [
        {
            "id": "a",
            "cell": [1, 1],
            "side": "party",
            "pc": True,
            "ac": 15,
            "hp": 12,
            "image": "embedded:hero.webp",
        },
        {
            "id": "b",
            "cell": [8, 5],
            "size": "large",
            "side": "enemy",
            "resistances": ["fire"],
            "custom": [1, 2],
        },
    ],
    "background": {"image": "embedded:map.png", "pixels_per_cell": 70, "offset": [0.5, 0]},
    "lights": [{"position": [2.5, 3], "range": 6, "intensity": 0.8, "color": "ffeccd8b", "shadows": False}],
    "session_notes": {"session": 4},
}
IMAGES = {"map.png": png_bytes(12, 8), "hero.webp": webp_bytes(64, 64, "VP8L")}


def zip_of(members: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names, which one test needs
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in members:
                zf.writestr(name, data)
    return buf.getvalue()


def scene_json_bytes(doc: dict[str, Any] | None = None) -> bytes:
    return json.dumps(doc or SCENE_DOC).encode("utf-8")


def load_error(data: bytes) -> str:
    with pytest.raises(SceneError) as info:
        loads(data, "room.fivefoot")
    message = str(info.value)
    assert message.startswith("room.fivefoot")
    return message


# ------------------------------------------------------------------------------------------- round trips


def test_scene_json_round_trip_through_save_scene(tmp_path: Path) -> None:
    scene = scene_from_json(SCENE_DOC)
    path = tmp_path / "crypt.json"
    save_scene(path, scene, IMAGES)
    again = load_scene_file(path)
    got, want = scene_to_json(again), scene_to_json(scene)
    for d in (got, want):
        d["background"]["image"] = d["tokens"][0]["image"] = "(picture)"
    assert got == want
    # Embedded pictures are inlined as data: references, so the JSON stands alone.
    assert again.background is not None and again.background.image.startswith("data:image/png;base64,")
    assert resolve_image(again.background.image, {}) == IMAGES["map.png"]
    assert (
        again.tokens[0].image is not None and resolve_image(again.tokens[0].image, {}) == IMAGES["hero.webp"]
    )
    # Everything else, unknown keys included, survives as written.
    assert again.extra == {"session_notes": {"session": 4}}
    assert again.tokens[1].extra == {"custom": [1, 2]}
    assert again.terrain[1].extra == {"note": "pit"}


def test_plain_scene_json_round_trip_is_exact(tmp_path: Path) -> None:
    doc = dict(SCENE_DOC, background={"image": "art/crypt.png", "pixels_per_cell": 70, "offset": [0, 0]})
    doc["tokens"] = [dict(SCENE_DOC["tokens"][0], image="art/hero.png"), SCENE_DOC["tokens"][1]]
    scene = scene_from_json(doc)
    path = tmp_path / "crypt.json"
    save_scene(path, scene)
    assert load_scene_file(path) == scene
    assert json.loads(path.read_text(encoding="utf-8")) == scene_to_json(scene)


def test_fivefoot_round_trip_keeps_scene_and_images(tmp_path: Path) -> None:
    scene = scene_from_json(SCENE_DOC)
    path = tmp_path / "crypt.fivefoot"
    fivefoot_file.save(path, scene, IMAGES)
    document = fivefoot_file.load_document(path)
    assert document.scene == scene
    assert scene_to_json(document.scene) == scene_to_json(scene)
    assert dict(document.images) == IMAGES
    assert document.background_bytes() == IMAGES["map.png"]
    assert document.image_bytes(document.scene.tokens[0].image) == IMAGES["hero.webp"]
    with zipfile.ZipFile(path) as zf:
        assert sorted(zf.namelist()) == ["images/hero.webp", "images/map.png", "scene.json"]
    assert fivefoot_file.load(path) == scene
    assert load_path(path) == scene
    assert open_document(path).images == document.images


def test_saving_twice_gives_the_same_bytes() -> None:
    scene = scene_from_json(SCENE_DOC)
    assert dumps(scene, IMAGES) == dumps(scene, dict(reversed(IMAGES.items())))


def test_uvtt_import_then_save_then_load(tmp_path: Path) -> None:
    doc = uvtt_doc(
        origin=(2, 12),
        size=(10, 6),
        los=[[(2, 12), (12, 12), (12, 18)], [(40, 40), (41, 40)]],
        portals=[portal((5, 18), (6, 18), closed=False)],
        lights=[
            {"position": {"x": 4, "y": 14}, "range": 3, "intensity": 1, "color": "ffeccd8b", "shadows": True}
        ],
    )
    source = write_uvtt(tmp_path, doc, "Tower.dd2vtt")
    imported = uvtt.load_document(source, system="dnd5e-2024")
    for suffix in (".fivefoot", ".json"):
        target = tmp_path / f"tower{suffix}"
        save_scene(target, imported.scene, imported.images)
        back = open_document(target)
        assert back.scene.walls == imported.scene.walls
        assert back.scene.lights == imported.scene.lights
        assert (back.scene.grid, back.scene.system, back.scene.name) == (
            imported.scene.grid,
            "dnd5e-2024",
            "Tower",
        )
        assert back.background_bytes() == imported.images["map.png"]
        assert back.scene.extra["uvtt"]["environment"] == {
            "baked_lighting": True,
            "ambient_light": "ffffffff",
        }
    assert open_document(tmp_path / "tower.fivefoot").scene == imported.scene


def test_open_document_dispatches_by_suffix(tmp_path: Path) -> None:
    path = write_uvtt(tmp_path, uvtt_doc(image=webp_bytes(40, 40)), "m.uvtt")
    assert set(open_document(path).images) == {"map.webp"}
    plain = tmp_path / "s.json"
    save_scene(plain, new_scene("pf2e", 5, 5))
    assert open_document(plain).images == {}
    with pytest.raises(SceneError, match="system"):
        open_document(plain, system="dnd5e-2014")


def test_document_resolves_file_references_beside_the_scene(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "map.png").write_bytes(png_bytes(2, 2))
    scene = new_scene("pf2e", 4, 4).edit(background=Background("art/map.png", 50, Point(0, 0)))
    document = Document(GameState(scene))
    assert document.background_bytes(tmp_path) == png_bytes(2, 2)
    assert document.background_bytes(tmp_path / "elsewhere") is None
    assert Document(
        GameState(scene.edit(background=Background(data_uri(b"\x89PNG\r\n\x1a\n"))))
    ).background_bytes() == (b"\x89PNG\r\n\x1a\n")


# ------------------------------------------------------------------------------------------- saving refuses


def test_save_refuses_what_could_not_be_opened_again() -> None:
    scene = scene_from_json(SCENE_DOC)
    with pytest.raises(ValueError, match=r"tokens\[0\]\.image refers to embedded image 'hero.webp'"):
        dumps(scene, {"map.png": IMAGES["map.png"]})
    with pytest.raises(ValueError, match="not a valid embedded image name"):
        dumps(scene, {**IMAGES, "../evil.png": IMAGES["map.png"]})
    with pytest.raises(ValueError, match="not a PNG"):
        dumps(scene, {**IMAGES, "notes.txt": b"hello"})


# ------------------------------------------------------------------------------------------- hostile zips


def test_not_a_zip() -> None:
    assert "not a readable zip" in load_error(b"{}")
    assert "not a readable zip" in load_error(b"")


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(SceneError, match="no such file"):
        fivefoot_file.load(tmp_path / "nope.fivefoot")
    (tmp_path / "dir.fivefoot").mkdir()
    with pytest.raises(SceneError, match="folder"):
        fivefoot_file.load(tmp_path / "dir.fivefoot")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("/etc/passwd", "absolute path"),
        ("../outside.png", "'..' part"),
        ("images/../../x", "'..' part"),
        ("C:/Windows/x", "drive letter"),
        ("images\\map.png", "backslash"),
    ],
)
def test_member_names_that_escape_the_folder_are_refused(name: str, problem: str) -> None:
    message = load_error(zip_of([("scene.json", scene_json_bytes(_plain_doc())), (name, b"x")]))
    assert problem in message and repr(name) in message


def _plain_doc() -> dict[str, Any]:
    doc = dict(SCENE_DOC)
    doc.pop("background")
    doc["tokens"] = [SCENE_DOC["tokens"][1]]
    return doc


def test_too_many_members() -> None:
    members = [("scene.json", scene_json_bytes(_plain_doc()))]
    members += [(f"notes/{i}.txt", b"") for i in range(fivefoot_file.MAX_MEMBERS)]
    assert "more than the 1000" in load_error(zip_of(members))


def test_declared_sizes_over_the_limit_are_refused_before_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fivefoot_file, "MAX_TOTAL_BYTES", 50_000)
    data = zip_of([("scene.json", scene_json_bytes(_plain_doc())), ("padding.bin", b"\x00" * 60_000)])
    assert "unpack to more than" in load_error(data)
    monkeypatch.setattr(fivefoot_file, "MAX_SCENE_BYTES", 100)
    assert "more than the 100-byte limit" in load_error(
        zip_of([("scene.json", scene_json_bytes(_plain_doc()))])
    )


def _lie_about_size(data: bytes, member: str, declared: int) -> bytes:
    """Rewrite the local and central headers of `member` to declare `declared` uncompressed bytes."""
    out = bytearray(data)
    name = member.encode()
    # (signature, offset of the uncompressed size, of the name's length, of the name) in each header.
    for signature, size_at, length_at, name_at in ((b"PK\x03\x04", 22, 26, 30), (b"PK\x01\x02", 24, 28, 46)):
        i = out.find(signature)
        while i != -1:
            n = struct.unpack("<H", out[i + length_at : i + length_at + 2])[0]
            if out[i + name_at : i + name_at + n] == name:
                out[i + size_at : i + size_at + 4] = struct.pack("<I", declared)
            i = out.find(signature, i + 4)
    return bytes(out)


def test_decompression_bomb_that_lies_about_its_size_stops_at_the_declared_size() -> None:
    bomb = zip_of([("scene.json", scene_json_bytes(_plain_doc())), ("images/map.png", b"\x00" * 5_000_000)])
    lying = _lie_about_size(bomb, "images/map.png", 1000)
    message = load_error(lying)
    assert "images/map.png" in message or "damaged" in message


def test_scene_json_missing_not_utf8_not_json_or_invalid() -> None:
    assert "has no scene.json" in load_error(zip_of([("images/map.png", IMAGES["map.png"])]))
    assert "scene.json is not UTF-8" in load_error(zip_of([("scene.json", b'{"name": "\xff"}')]))
    assert "scene.json is not valid JSON" in load_error(zip_of([("scene.json", b'{"format": ')]))
    bad = dict(_plain_doc(), grid={"width": 0, "height": 5})
    message = load_error(zip_of([("scene.json", scene_json_bytes(bad))]))
    assert "room.fivefoot (scene.json): grid.width: 0 is less than 1" in message


def test_embedded_reference_without_its_picture() -> None:
    message = load_error(zip_of([("scene.json", scene_json_bytes()), ("images/map.png", IMAGES["map.png"])]))
    assert "tokens[0].image" in message and "hero.webp" in message


def test_image_members_must_be_pictures_with_plain_names() -> None:
    members = [("scene.json", scene_json_bytes(_plain_doc()))]
    assert "images/map.png: not a PNG" in load_error(zip_of([*members, ("images/map.png", b"<svg/>")]))
    assert "not a plain image name" in load_error(
        zip_of([*members, ("images/sub/map.png", IMAGES["map.png"])])
    )
    huge = png_bytes(20_000, 20_000, header_only=True)  # claims 400 megapixels
    assert "megapixel" in load_error(zip_of([*members, ("images/big.png", huge)]))


def test_duplicate_and_encrypted_members() -> None:
    dup = zip_of([("scene.json", scene_json_bytes(_plain_doc())), ("scene.json", b"{}")])
    assert "appears twice" in load_error(dup)
    data = bytearray(zip_of([("scene.json", scene_json_bytes(_plain_doc()))]))
    # Set the "encrypted" flag in both headers.
    for sig, off in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = data.find(sig)
        flags = struct.unpack("<H", data[i + off : i + off + 2])[0] | 0x1
        data[i + off : i + off + 2] = struct.pack("<H", flags)
    assert "encrypted" in load_error(bytes(data))


def test_truncated_fivefoot_file_is_refused() -> None:
    data = dumps(scene_from_json(SCENE_DOC), IMAGES)
    for cut in (len(data) // 3, len(data) - 10):
        load_error(data[:cut])


def test_unknown_members_are_ignored() -> None:
    members = [("scene.json", scene_json_bytes(_plain_doc())), ("thumbnail.txt", b"hi"), ("images/", b"")]
    document = loads(zip_of(members), "room.fivefoot")
    assert document.images == {}
    assert document.scene.tokens[0].id == "b"


def test_document_values_are_frozen() -> None:
    scene = new_scene("pf2e", 3, 3).edit(
        walls=(Wall(Point(0, 0), Point(1, 0)),),
        tokens=(Token("t", Cell(0, 0)),),
        lights=(Light(Point(1, 1), 2.0),),
    )
    document = Document(GameState(scene), {})
    with pytest.raises(AttributeError):
        document.state = GameState(scene)  # type: ignore[misc]
