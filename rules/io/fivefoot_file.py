"""The `.fivefoot` document: one zip file holding a scene and the pictures it embeds.

Layout::

    scene.json        the scene document of spec/query-protocol.md (UTF-8), written by `scene_to_json`;
                      from format version 4 it may hold a campaign: the GM's current scene around the
                      ``campaign`` key with the other scenes inside it (`rules.io.campaign_json`)
    images/NAME       each embedded picture, referred to from any scene as ``"embedded:NAME"``

Other members are ignored (and still count toward the limits below). In memory the unit the app opens and
saves is a `Document`: the frozen `Scene` plus its image set (NAME → bytes); see `rules.io.images` for the
three forms a picture reference can take.

Loading treats the file as hostile and raises `SceneError` naming the file and the problem for: a file
that is not a zip, a member name that is absolute, has a drive letter or backslash, or a ``..`` part, a
name used twice, more than `MAX_MEMBERS` members, an encrypted member, declared sizes over the limits
(`MAX_SCENE_BYTES` for scene.json, `rules.io.images.MAX_IMAGE_BYTES` per picture, `MAX_TOTAL_BYTES` in
all), a member that inflates past its declared size (reading stops at the limit: a decompression bomb
never fills memory), a missing scene.json, scene.json that is not UTF-8 or not JSON or not a valid
scene, a picture that is not a PNG/WebP/JPEG within the pixel limit, and an ``embedded:`` reference
with no picture behind it. Everything is read and checked before the `Document` is built, so a load
either returns a whole document or raises; it never half-loads.

Saving (`save`) refuses (ValueError) to write what could not be loaded again: a bad image name, a
picture over the limits, or a reference to a picture that is not given.
"""

from __future__ import annotations

import io
import lzma
import struct
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, Protocol

from rules.errors import SceneError
from rules.io.document import Document as Document  # defined in rules.io.document
from rules.io.images import (
    MAX_IMAGE_BYTES,
    ImageError,
    check_image,
    embedded_name,
    is_safe_image_name,
    picture_problem,
)
from rules.io.json_reader import decode_json
from rules.io.reading import file_error, file_kind, load_state_json
from rules.io.safe_read import open_regular_file
from rules.io.safe_write import FileStamp, atomic_write_bytes, scene_json_text
from rules.io.state_json import state_from_document
from rules.model.scene import JSON, Scene
from rules.model.state import GameState

SCENE_MEMBER = "scene.json"
IMAGES_FOLDER = "images/"
MAX_MEMBERS = 1000
MAX_SCENE_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
#: Largest `.fivefoot` file opened (its members are stored or deflated: never more than they unpack to).
MAX_FILE_BYTES = MAX_TOTAL_BYTES + 64 * 1024 * 1024
#: Compression methods read: stored and deflated, the two FiveFoot writes and every zip tool offers.
READ_COMPRESSIONS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflated"}
_COMPRESSION_NAMES = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "LZMA", 9: "Deflate64", 93: "Zstandard"}
_CHUNK = 1024 * 1024
#: Fixed member time so that saving the same document twice gives the same bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


# ------------------------------------------------------------------------------------------- loading


def load(path: str | Path) -> Scene:
    """The scene of a `.fivefoot` file (`load_document` for the pictures too). Raises `SceneError`."""
    return load_document(path).scene


def load_document(path: str | Path) -> Document:
    """Read and check a `.fivefoot` file. Raises `SceneError` naming the file and the problem."""
    p = Path(path)
    source = str(p)
    try:
        f = open_regular_file(p, MAX_FILE_BYTES)
    except OSError as exc:
        raise file_error(exc, source, ".fivefoot file") from None
    with f:
        return _load_zip(f, source)


def loads(data: bytes, source: str = "") -> Document:
    """`load_document` of the bytes of a `.fivefoot` file (an autosave, a clipboard, a test)."""
    return _load_zip(io.BytesIO(data), source)


def _load_zip(f: IO[bytes], source: str) -> Document:
    def fail(message: str, where: str = "") -> SceneError:
        return SceneError(message, where, source)

    try:
        zf = zipfile.ZipFile(f)
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        EOFError,
        ValueError,
        struct.error,
        IndexError,
        NotImplementedError,
        OverflowError,
    ):
        raise fail("not a .fivefoot file (not a readable zip archive)") from None
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    with zf:
        try:
            return _read_document(zf, source, fail)
        except SceneError:
            raise
        except (
            zipfile.BadZipFile,
            zlib.error,
            EOFError,
            ValueError,
            struct.error,
            NotImplementedError,
            RuntimeError,
            IndexError,
            OSError,
            OverflowError,
            lzma.LZMAError,
        ) as exc:
            raise fail(f"the zip archive is damaged ({type(exc).__name__}: {exc})") from None


def _read_document(zf: zipfile.ZipFile, source: str, fail: _Fail) -> Document:
    infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise fail(f"has {len(infos)} members, more than the {MAX_MEMBERS} a .fivefoot file may hold")
    seen: set[str] = set()
    declared = 0
    scene_info: zipfile.ZipInfo | None = None
    image_infos: list[tuple[str, zipfile.ZipInfo]] = []
    for info in infos:
        name = info.filename
        problem = _unsafe_member_name(name)
        if problem:
            raise fail(f"member {name!r} {problem}; refusing a file that could write outside its folder")
        if name in seen:
            raise fail(f"member {name!r} appears twice")
        seen.add(name)
        declared += info.file_size
        if declared > MAX_TOTAL_BYTES:
            raise fail(f"its members unpack to more than {MAX_TOTAL_BYTES // (1024 * 1024)} MB")
        if name.endswith("/"):
            continue
        if name == SCENE_MEMBER:
            scene_info = info
        elif name.startswith(IMAGES_FOLDER):
            image_name = name[len(IMAGES_FOLDER) :]
            if not is_safe_image_name(image_name):
                raise fail(f"member {name!r} is not a plain image name (letters, digits, '.', '_', '-')")
            image_infos.append((image_name, info))
    if scene_info is None:
        raise fail(f"has no {SCENE_MEMBER} (not a .fivefoot file)")

    budget = [MAX_TOTAL_BYTES]
    raw = _read_member(zf, scene_info, MAX_SCENE_BYTES, budget, fail)
    doc: JSON = decode_json(raw, source, what=SCENE_MEMBER, fail=fail)
    read = state_from_document(doc, f"{source} ({SCENE_MEMBER})" if source else SCENE_MEMBER)

    images: dict[str, bytes] = {}
    for image_name, info in image_infos:
        data = _read_member(zf, info, MAX_IMAGE_BYTES, budget, fail)
        try:
            check_image(data)
        except ImageError as exc:
            raise fail(f"{IMAGES_FOLDER}{image_name}: {exc}") from None
        images[image_name] = data

    for where, ref in _all_picture_refs(read.state):
        wanted = embedded_name(ref)
        if wanted is not None and wanted not in images:
            raise SceneError(
                f"refers to embedded image {wanted!r}, but the file has no {IMAGES_FOLDER}{wanted}",
                where,
                f"{source} ({SCENE_MEMBER})" if source else SCENE_MEMBER,
            )
    return Document(read.state, images, problems=read.problems)


def _all_picture_refs(state: GameState) -> list[tuple[str, str]]:
    """The picture references of the current scene and of every other scene of its campaign."""
    refs = picture_refs(state.scene)
    if state.campaign is not None:
        for i, slot in enumerate(state.campaign.scenes):
            if slot.parked is not None:
                at = f"campaign.scenes[{i}].document"
                refs.extend((f"{at}.{where}", ref) for where, ref in picture_refs(slot.parked.scene))
    return refs


def all_picture_refs(state: Scene | GameState) -> list[tuple[str, str]]:
    """Every picture reference of a map, or of every scene of a state's campaign, with its JSON path."""
    return _all_picture_refs(state) if isinstance(state, GameState) else picture_refs(state)


class _Fail(Protocol):
    def __call__(self, message: str, where: str = "") -> SceneError: ...


def _unsafe_member_name(name: str) -> str | None:
    """Why a member name is unsafe to honour, or None when it is a plain relative path."""
    if not name:
        return "has an empty name"
    if "\x00" in name:
        return "has a NUL character in its name"
    if "\\" in name:
        return "has a backslash in its name"
    if name.startswith("/"):
        return "is an absolute path"
    first = name.split("/", 1)[0]
    if len(first) >= 2 and first[1] == ":":
        return "starts with a drive letter"
    if ".." in name.split("/"):
        return "has a '..' part"
    return None


def _read_member(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, budget: list[int], fail: _Fail
) -> bytes:
    """Read one member, refusing it as soon as it passes its declared size, `limit` or the budget."""
    name = info.filename
    if info.flag_bits & 0x1:
        raise fail(f"member {name!r} is encrypted")
    if info.compress_type not in READ_COMPRESSIONS:
        method = _COMPRESSION_NAMES.get(info.compress_type, f"method {info.compress_type}")
        raise fail(
            f"member {name!r} uses {method} compression, which FiveFoot does not read "
            "(save it again with the zip tool's default, deflate)"
        )
    if info.file_size > limit:
        raise fail(f"member {name!r} is {info.file_size} bytes, more than the {limit}-byte limit")
    cap = min(info.file_size, limit, budget[0])
    out = bytearray()
    with zf.open(info) as member:
        while True:
            chunk = member.read(min(_CHUNK, cap + 1 - len(out)))
            if not chunk:
                break
            out += chunk
            if len(out) > cap:
                raise fail(f"member {name!r} unpacks to more than it declares (a damaged or hostile file)")
    budget[0] -= len(out)
    return bytes(out)


def picture_refs(scene: Scene) -> list[tuple[str, str]]:
    """Every picture reference of the scene with its JSON path (background, then tokens)."""
    refs: list[tuple[str, str]] = []
    if scene.background is not None:
        refs.append(("background.image", scene.background.image))
    refs.extend((f"tokens[{i}].image", t.image) for i, t in enumerate(scene.tokens) if t.image is not None)
    return refs


# ------------------------------------------------------------------------------------------- saving


def dumps(state: Scene | GameState, images: Mapping[str, bytes] | None = None) -> bytes:
    """The bytes of a `.fivefoot` file holding `state` (a `GameState`: the map and the engine's keys; or
    a bare map) and `images` (all of them, referenced or not).

    Raises ValueError for what `loads` would refuse: an unsafe image name, a picture that is not a
    PNG/WebP/JPEG within the limits, or an ``embedded:`` reference whose picture is not given.
    """
    images = dict(images or {})
    for name, data in images.items():
        if not is_safe_image_name(name):
            raise ValueError(f"{name!r} is not a valid embedded image name")
        try:
            check_image(data)
        except ImageError as exc:
            raise ValueError(f"image {name!r}: {exc}") from None
    refs = _all_picture_refs(state) if isinstance(state, GameState) else picture_refs(state)
    for where, ref in refs:
        wanted = embedded_name(ref)
        if wanted is not None and wanted not in images:
            raise ValueError(f"{where} refers to embedded image {wanted!r}, which was not given")
    text = scene_json_text(state)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(_member(SCENE_MEMBER, zipfile.ZIP_DEFLATED), text.encode("utf-8"))
        for name in sorted(images):
            # Pictures are already compressed: store them as they are.
            zf.writestr(_member(IMAGES_FOLDER + name, zipfile.ZIP_STORED), images[name])
    return buf.getvalue()


def _member(name: str, compression: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
    info.compress_type = compression
    info.external_attr = 0o644 << 16
    return info


def save(
    path: str | Path,
    scene: Scene | GameState,
    images: Mapping[str, bytes] | None = None,
    keep_backup: bool = True,
    expect: FileStamp | None = None,
) -> None:
    """Write a `.fivefoot` file of `scene` (a `GameState` or a bare map, as `dumps`) atomically, keeping the
    previous version as ``NAME.bak`` (`expect`: see `rules.io.safe_write.atomic_write_bytes`)."""
    atomic_write_bytes(path, dumps(scene, images), keep_backup=keep_backup, expect=expect)


# ------------------------------------------------------------------------------------ any document


def open_document(path: str | Path, system: str | None = None) -> Document:
    """Open any file FiveFoot reads, as a `Document`: `.fivefoot`, Universal VTT, or plain scene JSON.

    The kind is sniffed from the content (`rules.io.loading.file_kind`), so ``x.fivefoot.bak`` opens.
    Plain JSON carries no image set: its pictures are ``data:`` references or files beside it. Pictures
    that cannot be shown are listed in `Document.warnings` (the document still opens and saves).
    Raises `SceneError` naming the file and the problem.
    """
    p = Path(path)
    kind = file_kind(p)
    if kind == "fivefoot":
        doc = load_document(p)
    elif kind == "uvtt":
        from rules.io import uvtt

        doc = uvtt.load_document(p, system=system or "pf2e")
    else:
        read = load_state_json(p)
        scene = read.state.scene
        if system is not None and system != scene.system:
            raise SceneError(
                f"--system {system} does not match the scene's system {scene.system}", "system", str(p)
            )
        doc = Document(read.state, {}, problems=read.problems)
    warnings = picture_warnings(doc.scene, doc.images, p.resolve().parent)
    return replace(doc, warnings=warnings) if warnings else doc


def picture_warnings(
    scene: Scene, images: Mapping[str, bytes], base_dir: str | Path | None
) -> tuple[str, ...]:
    """One line per picture reference that cannot be shown (a missing file, a file that is not a
    picture, a device or a pipe), naming where in the scene it is. The scene stays usable and saveable:
    saving keeps such a reference as it is and embeds nothing for it."""
    out: list[str] = []
    seen: dict[str, str | None] = {}
    for where, ref in picture_refs(scene):
        if ref not in seen:
            seen[ref] = picture_problem(ref, images, base_dir)
        problem = seen[ref]
        if problem is not None:
            out.append(f"{where}: {problem}")
    return tuple(out)
