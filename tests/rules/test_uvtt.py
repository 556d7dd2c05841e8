"""Universal VTT import: coordinates shifted by the origin, polylines to segments, portals to doors,
lights, the embedded picture (PNG/WebP sniffed by magic bytes), and SceneError for every bad input.

Every map here is a small UVTT document the test builds itself. Helpers (`png_bytes`, `webp_bytes`,
`uvtt_doc`) are shared with the other file-layer tests.
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SceneError
from rules.geometry.coords import Point
from rules.io import uvtt
from rules.io.images import (
    ImageError,
    check_image,
    embedded_name,
    image_info,
    sniff_format,
)
from rules.io.loading import load_path
from rules.model.scene import Scene, Wall
from tests.rules.cli_runs import rules_answers

# ------------------------------------------------------------------------------------------- helpers


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(width: int, height: int, *, header_only: bool = False) -> bytes:
    """A real RGB PNG of the given size (or just its signature and IHDR, for size-limit tests)."""
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    if header_only:
        return out
    raw = b"".join(b"\x00" + b"\x30\x60\x90" * width for _ in range(height))
    return out + _chunk(b"IDAT", zlib.compress(raw)) + _chunk(b"IEND", b"")


def webp_bytes(width: int, height: int, kind: str = "VP8 ") -> bytes:
    """A WebP container whose first chunk header gives `width` × `height` (pixel data is filler)."""
    if kind == "VP8 ":
        body = b"\x10\x02\x00" + b"\x9d\x01\x2a" + struct.pack("<HH", width, height) + b"\x00" * 16
    elif kind == "VP8L":
        bits = (width - 1) | ((height - 1) << 14)
        body = b"\x2f" + bits.to_bytes(4, "little") + b"\x00" * 16
    elif kind == "VP8X":
        body = b"\x00\x00\x00\x00" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    else:
        raise ValueError(kind)
    chunk = kind.encode("ascii") + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def jpeg_bytes(width: int, height: int) -> bytes:
    """SOI, an APP0 segment, then a baseline SOF0 header with the size (enough for the header reader)."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof0 = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof0 + b"\xff\xd9"


def pt(p: Sequence[float]) -> dict[str, float]:
    return {"x": p[0], "y": p[1]}


def uvtt_doc(
    *,
    fmt: float = 0.3,
    origin: Sequence[float] = (0, 0),
    size: Sequence[float] = (10, 10),
    ppg: float = 4,
    los: Iterable[Sequence[Sequence[float]]] = (),
    objects: Iterable[Sequence[Sequence[float]]] | None = (),
    portals: Iterable[dict[str, Any]] = (),
    lights: Iterable[dict[str, Any]] = (),
    image: bytes | str | None = b"",
) -> dict[str, Any]:
    """A UVTT document in Dungeondraft's shape. `objects=None` leaves the key out (format 0.2);
    `image=b""` embeds a PNG of exactly map_size × pixels_per_grid pixels."""
    if image == b"":
        image = png_bytes(int(size[0] * ppg), int(size[1] * ppg))
    doc: dict[str, Any] = {
        "format": fmt,
        "resolution": {"map_origin": pt(origin), "map_size": pt(size), "pixels_per_grid": ppg},
        "line_of_sight": [[pt(p) for p in line] for line in los],
    }
    if objects is not None:
        doc["objects_line_of_sight"] = [[pt(p) for p in line] for line in objects]
    doc["portals"] = list(portals)
    doc["environment"] = {"baked_lighting": True, "ambient_light": "ffffffff"}
    doc["lights"] = list(lights)
    if image is not None:
        doc["image"] = base64.b64encode(image).decode("ascii") if isinstance(image, bytes) else image
    return doc


def portal(a: Sequence[float], b: Sequence[float], closed: bool = True) -> dict[str, Any]:
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return {
        "position": pt(mid),
        "bounds": [pt(a), pt(b)],
        "rotation": 0,
        "closed": closed,
        "freestanding": False,
    }


def write_uvtt(folder: Path, doc: Any, name: str = "map.dd2vtt") -> Path:
    path = folder / name
    path.write_text(json.dumps(doc, indent="\t") + "\n", encoding="utf-8")
    return path


def segments(scene: Scene, kind: str = "wall") -> set[frozenset[Point]]:
    return {frozenset((w.a, w.b)) for w in scene.walls if w.kind == kind}


def seg(a: Sequence[float], b: Sequence[float]) -> frozenset[Point]:
    return frozenset((Point(float(a[0]), float(a[1])), Point(float(b[0]), float(b[1]))))


def import_error(doc: Any, source: str = "bad.dd2vtt") -> str:
    with pytest.raises(SceneError) as info:
        uvtt.scene_from_uvtt(doc, source)
    return str(info.value)


# ------------------------------------------------------------------------------------------- geometry


def test_cropped_export_subtracts_the_origin_from_every_point() -> None:
    # A room drawn in absolute cells 12..15 × 20..23 of a level, exported with the crop at (10, 20).
    doc = uvtt_doc(
        origin=(10, 20),
        size=(6, 4),
        los=[[(12, 20), (15, 20), (15, 23)]],
        portals=[portal((12, 23), (13, 23))],
        lights=[
            {"position": pt((13.5, 21.5)), "range": 4, "intensity": 1, "color": "ffeccd8b", "shadows": True}
        ],
    )
    scene = uvtt.scene_from_uvtt(doc, "crop.dd2vtt")
    assert (scene.grid.width, scene.grid.height) == (6, 4)
    assert segments(scene) == {seg((2, 0), (5, 0)), seg((5, 0), (5, 3))}
    assert segments(scene, "door") == {seg((2, 3), (3, 3))}
    assert scene.lights[0].position == Point(3.5, 1.5)


def test_walls_outside_the_map_are_kept_unclamped() -> None:
    # gold-room style: the boundary polygon pokes out to x = -2 and x = 21 on a 20 × 10 map.
    loop = [(0, 2), (-2, 1), (-2, 4), (0, 4), (20, 3), (21, 3), (21, 5), (0, 2)]
    scene = uvtt.scene_from_uvtt(uvtt_doc(size=(20, 10), los=[loop]))
    assert seg((-2, 1), (-2, 4)) in segments(scene)
    assert seg((21, 3), (21, 5)) in segments(scene)
    assert len(scene.walls) == len(loop) - 1


def test_cropped_walls_far_outside_the_picture_stay_in_absolute_terms() -> None:
    scene = uvtt.scene_from_uvtt(uvtt_doc(origin=(2, 12), size=(10, 12), los=[[(51, 14), (51, 12)]]))
    assert segments(scene) == {seg((49, 2), (49, 0))}


def test_polylines_become_consecutive_segments_without_zero_length_or_duplicates() -> None:
    doc = uvtt_doc(
        los=[
            [(1, 1), (4, 1), (4, 1), (4, 3)],  # a repeated point makes a zero-length segment
            [(4, 3), (4, 1)],  # the same wall drawn backwards
            [(7, 6.878906), (7, 6.40625)],
            [(7, 6.878906), (7, 6.40625)],  # drawn twice (as in a real Dungeondraft export)
            [(2, 2)],  # a single point has no segment
            [],
        ],
    )
    scene = uvtt.scene_from_uvtt(doc)
    assert segments(scene) == {seg((1, 1), (4, 1)), seg((4, 1), (4, 3)), seg((7, 6.878906), (7, 6.40625))}
    assert len(scene.walls) == 3
    assert all(w.kind == "wall" for w in scene.walls)


def test_closed_loop_repeating_its_first_point_gives_one_segment_per_side() -> None:
    square = [(1, 1), (3, 1), (3, 3), (1, 3), (1, 1)]
    scene = uvtt.scene_from_uvtt(uvtt_doc(los=[square]))
    assert len(scene.walls) == 4


def test_object_outlines_are_walls_too() -> None:
    outline = [(5, 5), (6, 5), (6, 6), (5.004, 5.006)]  # almost closed, as Dungeondraft writes them
    scene = uvtt.scene_from_uvtt(uvtt_doc(objects=[outline]))
    assert segments(scene) == {seg((5, 5), (6, 5)), seg((6, 5), (6, 6)), seg((6, 6), (5.004, 5.006))}


def test_format_0_2_without_objects_line_of_sight_and_empty_arrays() -> None:
    doc = uvtt_doc(fmt=0.2, objects=None, los=[[(0, 0), (0, 5)]])
    assert "objects_line_of_sight" not in doc
    scene = uvtt.scene_from_uvtt(doc)
    assert segments(scene) == {seg((0, 0), (0, 5))}
    empty = uvtt.scene_from_uvtt(uvtt_doc())
    assert empty.walls == () and empty.lights == ()


def test_tab_indented_dungeondraft_whitespace_loads(tmp_path: Path) -> None:
    text = (
        '{\n\t"format": 0.3,\n\t"resolution": {\n\t\t"map_origin": {\n\t\t\t"x": 0,\n\t\t\t"y": 0\n\t\t},\n'
        '\t\t"map_size": {\n\t\t\t"x": 3,\n\t\t\t"y": 2\n\t\t},\n\t\t"pixels_per_grid": 64\n\t},\n'
        '\t"line_of_sight": [\n\t\t\n\t],\n\t"portals": [\n\t\t\n\t],\n'
        '\t"lights": [\n\t\t\n\t],\n\t"image": ""\n}\n'
    )
    path = tmp_path / "blank.dd2vtt"
    path.write_text(text, encoding="utf-8")
    scene = uvtt.load(path)
    assert (scene.grid.width, scene.grid.height) == (3, 2)
    assert scene.background is None


def test_non_square_map_width_is_x_and_height_is_y() -> None:
    scene = uvtt.scene_from_uvtt(uvtt_doc(size=(20, 10)))
    assert (scene.grid.width, scene.grid.height) == (20, 10)
    tall = uvtt.scene_from_uvtt(uvtt_doc(size=(10, 12), ppg=2))
    assert (tall.grid.width, tall.grid.height) == (10, 12)


def test_map_size_written_as_float_is_whole_and_fraction_rounds_up() -> None:
    assert uvtt.scene_from_uvtt(uvtt_doc(size=(33.0, 7.0), image=None)).grid.width == 33
    assert uvtt.scene_from_uvtt(uvtt_doc(size=(10.25, 7), image=None)).grid.width == 11


# ------------------------------------------------------------------------------------------- portals


def test_closed_and_open_portals_become_doors() -> None:
    doc = uvtt_doc(portals=[portal((1, 0), (2, 0), closed=True), portal((5, 2), (5, 3), closed=False)])
    scene = uvtt.scene_from_uvtt(doc)
    doors = {frozenset((w.a, w.b)): w for w in scene.walls if w.kind == "door"}
    assert doors[seg((1, 0), (2, 0))].open is False
    assert doors[seg((5, 2), (5, 3))].open is True
    assert doors[seg((5, 2), (5, 3))].blocks_movement is False


def test_portal_bounds_order_does_not_matter_and_duplicates_merge() -> None:
    doc = uvtt_doc(portals=[portal((54, 17), (54, 16)), portal((54, 16), (54, 17))], origin=(50, 10))
    scene = uvtt.scene_from_uvtt(doc)
    assert segments(scene, "door") == {seg((4, 6), (4, 7))}
    assert len(scene.walls) == 1


def test_diagonal_door_keeps_its_exact_ends() -> None:
    # headmasters-quarters style: a 0.754-cell door at 45°.
    a, b = (9.233454, 2.233454), (9.766546, 2.766546)
    scene = uvtt.scene_from_uvtt(uvtt_doc(portals=[portal(a, b)], los=[[(7, 1), (9, 2), a]]))
    (door,) = [w for w in scene.walls if w.kind == "door"]
    assert {door.a, door.b} == {Point(*a), Point(*b)}
    assert not door.open


def test_a_wall_lying_on_a_door_gives_way_to_the_door() -> None:
    doc = uvtt_doc(los=[[(0, 4), (3, 4), (4, 4), (8, 4)]], portals=[portal((4, 4), (3, 4))])
    scene = uvtt.scene_from_uvtt(doc)
    assert segments(scene) == {seg((0, 4), (3, 4)), seg((4, 4), (8, 4))}
    assert segments(scene, "door") == {seg((3, 4), (4, 4))}


def test_zero_length_portal_is_dropped() -> None:
    assert uvtt.scene_from_uvtt(uvtt_doc(portals=[portal((3, 3), (3, 3))])).walls == ()


# ------------------------------------------------------------------------------------------- lights


def test_lights_keep_range_intensity_colour_and_shadows() -> None:
    lights = [
        {
            "position": pt((6.132305, 7.212773)),
            "range": 9.900001,
            "intensity": 1,
            "color": "ffeccd8b",
            "shadows": True,
        },
        {"position": pt((1, 1)), "range": 2, "intensity": 0.8, "color": "4DD569", "shadows": False},
    ]
    scene = uvtt.scene_from_uvtt(uvtt_doc(lights=lights, origin=(1, 1)))
    first, second = scene.lights
    assert first.position == Point(5.132305, 6.212773)
    assert (first.range, first.intensity, first.color, first.shadows) == (9.900001, 1.0, "ffeccd8b", True)
    assert (second.position, second.intensity, second.color, second.shadows) == (
        Point(0, 0),
        0.8,
        "ff4dd569",
        False,
    )


# ------------------------------------------------------------------------------------------- picture


def test_embedded_png_becomes_the_background_with_its_bytes_alongside() -> None:
    picture = png_bytes(40, 24)
    document = uvtt.document_from_uvtt(uvtt_doc(size=(10, 6), ppg=4, image=picture), "room.dd2vtt")
    bg = document.scene.background
    assert bg is not None
    assert bg.pixels_per_cell == 4 and bg.offset == Point(0, 0)
    name = embedded_name(bg.image)
    assert name == "map.png"
    assert document.images == {"map.png": picture}
    assert document.background_bytes() == picture


def test_webp_is_sniffed_by_magic_bytes_not_by_name() -> None:
    picture = webp_bytes(2048, 2048)
    document = uvtt.document_from_uvtt(uvtt_doc(size=(8, 8), ppg=256, image=picture))
    assert document.scene.background is not None
    assert document.scene.background.image == "embedded:map.webp"
    assert document.images["map.webp"] == picture


def test_data_uri_prefix_on_the_picture_is_accepted() -> None:
    picture = png_bytes(8, 8)
    doc = uvtt_doc(size=(2, 2), image="data:image/png;base64," + base64.b64encode(picture).decode())
    assert uvtt.document_from_uvtt(doc).images == {"map.png": picture}


def test_missing_pixels_per_grid_is_taken_from_the_picture() -> None:
    doc = uvtt_doc(size=(5, 5), ppg=16)
    del doc["resolution"]["pixels_per_grid"]
    scene = uvtt.scene_from_uvtt(doc)
    assert scene.background is not None and scene.background.pixels_per_cell == 16


def test_format_1_image_path_is_kept_as_a_reference(tmp_path: Path) -> None:
    doc = uvtt_doc(fmt=1.0, size=(33.0, 20.0), image="maps/ballroom.webp", objects=None)
    document = uvtt.load_document(write_uvtt(tmp_path, doc, "ballroom.uvtt"))
    assert document.scene.background is not None
    assert document.scene.background.image == "maps/ballroom.webp"
    assert document.images == {}
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "ballroom.webp").write_bytes(webp_bytes(10, 10, "VP8L"))
    assert document.background_bytes(tmp_path) == webp_bytes(10, 10, "VP8L")


def test_picture_over_100_megapixels_is_refused_before_decoding() -> None:
    huge = png_bytes(20_000, 10_000, header_only=True)
    message = import_error(uvtt_doc(image=huge))
    assert "bad.dd2vtt: image:" in message
    assert "20000×10000" in message and "100-megapixel" in message


def test_picture_over_the_byte_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uvtt, "_MAX_BASE64_CHARS", 100)
    message = import_error(uvtt_doc(size=(10, 10), ppg=4))
    assert "image:" in message and "MB limit" in message


def test_picture_that_is_not_an_image_is_refused_by_name() -> None:
    message = import_error(uvtt_doc(image=b"GIF89a" + b"\x00" * 40))
    assert "image:" in message and "not a PNG, WebP or JPEG" in message
    assert "image:" in import_error(uvtt_doc(image="%%%not base64%%%"))


# ------------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["resolution"]["map_size"].update(x="10"), "resolution.map_size.x: expected a number"),
        (lambda d: d["resolution"]["map_size"].update(y=0), "resolution.map_size.y: 0 is less than 1"),
        (
            lambda d: d["resolution"]["map_size"].update(x=1001),
            "resolution.map_size.x: 1001 is more than 1000",
        ),
        (lambda d: d["resolution"]["map_size"].pop("y"), "resolution.map_size.y: missing"),
        (lambda d: d.pop("resolution"), "resolution: missing"),
        (lambda d: d["resolution"].update(map_origin=[1]), "resolution.map_origin: expected a point"),
        (
            lambda d: d["resolution"].update(pixels_per_grid=0),
            "resolution.pixels_per_grid: 0 is not more than 0",
        ),
        (lambda d: d.update(line_of_sight={"x": 1}), "line_of_sight: expected a list"),
        (
            lambda d: d["line_of_sight"].append([{"x": 1, "y": True}]),
            "line_of_sight[0][0].y: expected a number",
        ),
        (
            lambda d: d["line_of_sight"].append([{"x": 1e300, "y": 0}]),
            "line_of_sight[0][0].x: 1e+300 is too far",
        ),
        (
            lambda d: d.update(portals=[{"bounds": [pt((1, 1))]}]),
            "portals[0].bounds: expected 2 points, got 1",
        ),
        (lambda d: d.update(portals=[{"closed": True}]), "portals[0].bounds: missing"),
        (
            lambda d: d.update(portals=[dict(portal((0, 0), (1, 0)), closed="yes")]),
            "portals[0].closed: expected true",
        ),
        (
            lambda d: d.update(lights=[{"position": pt((0, 0)), "color": "red"}]),
            "lights[0].color: expected a colour",
        ),
        (
            lambda d: d.update(lights=[{"position": pt((0, 0)), "range": -1}]),
            "lights[0].range: -1 is less than 0",
        ),
        (lambda d: d.update(image=5), "image: expected base64 picture data"),
    ],
)
def test_bad_fields_name_the_file_and_json_path(mutate: Any, expected: str) -> None:
    doc = uvtt_doc(image=None)
    mutate(doc)
    message = import_error(doc, "maps/bad.dd2vtt")
    assert message.startswith("maps/bad.dd2vtt: ")
    assert expected in message


def test_not_an_object_and_unknown_system_are_scene_errors() -> None:
    assert "expected an object" in import_error([1, 2])
    with pytest.raises(SceneError, match="system"):
        uvtt.scene_from_uvtt(uvtt_doc(image=None), "x.dd2vtt", system="gurps")


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(SceneError, match="no such file"):
        uvtt.load(tmp_path / "missing.dd2vtt")
    bad = tmp_path / "latin1.dd2vtt"
    bad.write_bytes(b'{"format": "\xe9"}')
    with pytest.raises(SceneError, match=r"latin1\.dd2vtt: not UTF-8"):
        uvtt.load(bad)
    cut = tmp_path / "cut.uvtt"
    cut.write_text(json.dumps(uvtt_doc())[:120], encoding="utf-8")
    with pytest.raises(SceneError, match=r"cut\.uvtt: not valid JSON: .*cut short"):
        uvtt.load(cut)


def test_system_choice_and_scene_name(tmp_path: Path) -> None:
    path = write_uvtt(tmp_path, uvtt_doc(image=None), "Old Mill.df2vtt")
    scene = uvtt.load(path, system="dnd5e-2024")
    assert scene.system == "dnd5e-2024" and scene.options.diagonals == "five"
    assert scene.name == "Old Mill"
    assert uvtt.load(path).system == "pf2e"


def test_load_path_and_the_command_import_on_the_fly(tmp_path: Path) -> None:
    doc = uvtt_doc(
        size=(20, 10), los=[[(0, 0), (20, 0), (20, 10)]], portals=[portal((3, 10), (4, 10), closed=False)]
    )
    path = write_uvtt(tmp_path, doc, "room.uvtt")
    assert load_path(path).walls == uvtt.load(path).walls
    [answer] = rules_answers(path, [{"q": "summary", "id": 1}], "--system", "dnd5e-2014")
    assert answer == {
        "id": 1,
        "system": "dnd5e-2014",
        "grid": {"width": 20, "height": 10},
        "walls": 3,
        "doors": 1,
        "terrain": 0,
        "tokens": 0,
    }


def test_imported_walls_are_wall_values() -> None:
    scene = uvtt.scene_from_uvtt(uvtt_doc(los=[[(0, 0), (1, 0)]]))
    assert scene.walls == (Wall(Point(0, 0), Point(1, 0), "wall", False),)


# ------------------------------------------------------------------------------------------- headers


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (png_bytes(3, 2), ("png", 3, 2)),
        (webp_bytes(2048, 1024, "VP8 "), ("webp", 2048, 1024)),
        (webp_bytes(640, 480, "VP8L"), ("webp", 640, 480)),
        (webp_bytes(70_000, 3, "VP8X"), ("webp", 70_000, 3)),
        (jpeg_bytes(1280, 720), ("jpeg", 1280, 720)),
    ],
)
def test_image_headers_give_the_size_without_decoding(data: bytes, expected: tuple[str, int, int]) -> None:
    info = image_info(data)
    assert (info.format, info.width, info.height) == expected
    assert sniff_format(data) == expected[0]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x89PNG\r\n\x1a\n",
        b"RIFF\x00\x00\x00\x00WEBPJUNK",
        b"\xff\xd8\xff\xd9",
        png_bytes(0, 5, header_only=True),
    ],
)
def test_broken_headers_are_image_errors(data: bytes) -> None:
    with pytest.raises(ImageError):
        image_info(data)


def test_check_image_limits() -> None:
    assert check_image(png_bytes(10_000, 10_000, header_only=True)).pixels == 100_000_000
    with pytest.raises(ImageError, match="megapixel"):
        check_image(png_bytes(10_001, 10_000, header_only=True))
    with pytest.raises(ImageError, match="limit"):
        check_image(png_bytes(4, 4), max_bytes=10)
