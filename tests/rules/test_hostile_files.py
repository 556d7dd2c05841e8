"""Hostile files (issue 14): picture paths to devices, pipes and network shares; unsupported zip
compression; saving next to odd backups, links, long names, read-only files and a second writer.

Every file is generated here; nothing is committed as a blob."""

from __future__ import annotations

import json
import os
import stat
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from rules.errors import SceneError
from rules.geometry.coords import Cell
from rules.io import fivefoot_file, uvtt
from rules.io.fivefoot_file import Document, open_document
from rules.io.images import picture_problem, resolve_image
from rules.io.loading import file_kind, load_path
from rules.io.safe_read import UnsafeFileError, is_network_path, read_regular_file
from rules.io.safe_write import (
    TEMP_PREFIX,
    FileChangedError,
    ReadOnlyFileError,
    atomic_write_bytes,
    backup_path,
    file_stamp,
)
from rules.io.saving import save_scene
from rules.io.scene_json import scene_to_json
from rules.model.scene import Background, Scene, Token, new_scene
from tests.rules.test_uvtt import png_bytes, uvtt_doc, write_uvtt

posix_only = pytest.mark.skipif(os.name != "posix", reason="device files and named pipes are POSIX")


def scene_with_picture(ref: str) -> Scene:
    scene = new_scene("pf2e", 6, 4, "Hostile")
    token = Token(id="a", cell=Cell(1, 1), size="medium", side="party", image=ref)
    return scene.edit(background=Background(ref, 70.0), tokens=(token,))


def write_scene(path: Path, scene: Scene) -> Path:
    path.write_text(json.dumps(scene_to_json(scene)), encoding="utf-8")
    return path


def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.png"
    os.mkfifo(path)
    return path


def run_with_timeout(fn, seconds: float = 5.0):  # type: ignore[no-untyped-def]
    """Run `fn` in a thread; fail (instead of hanging the suite) when it does not return in time."""
    result: dict[str, object] = {}

    def target() -> None:
        try:
            result["value"] = fn()
        except BaseException as exc:
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s (it blocked)"
    if "error" in result:
        raise result["error"]  # type: ignore[misc]
    return result.get("value")


# ------------------------------------------------------------------- 1. picture paths read with limits


@posix_only
def test_a_picture_path_to_dev_zero_is_refused_without_reading() -> None:
    with pytest.raises(UnsafeFileError, match="a device"):
        read_regular_file("/dev/zero", 1024)
    assert resolve_image("/dev/zero", {}) is None
    assert "a device" in (picture_problem("/dev/zero", {}) or "")


@posix_only
def test_a_picture_path_to_a_named_pipe_never_blocks(tmp_path: Path) -> None:
    pipe = fifo(tmp_path)
    assert run_with_timeout(lambda: resolve_image(str(pipe), {})) is None
    assert "named pipe" in str(run_with_timeout(lambda: picture_problem("pipe.png", {}, tmp_path)))


def test_network_paths_are_refused_without_touching_them() -> None:
    for ref in (r"\\host\share\map.png", "//host/share/map.png", r"\\?\UNC\host\share\x.png"):
        assert is_network_path(ref)
        with pytest.raises(UnsafeFileError, match="network path"):
            read_regular_file(ref, 1024)
        assert resolve_image(ref, {}) is None
    assert not is_network_path("/home/me/map.png") and not is_network_path("maps/x.png")


def test_a_file_over_the_cap_or_growing_past_it_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.png"
    big.write_bytes(b"\0" * 2048)
    with pytest.raises(UnsafeFileError, match="more than"):
        read_regular_file(big, 1024)
    assert read_regular_file(big, 4096) == b"\0" * 2048


def test_folders_are_refused_as_pictures(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFileError, match="folder"):
        read_regular_file(tmp_path, 1024)


@posix_only
def test_opening_scenes_whose_pictures_are_devices_or_pipes_is_quick_and_warns(tmp_path: Path) -> None:
    pipe = fifo(tmp_path)
    for ref in ("/dev/zero", str(pipe), "pipe.png"):
        path = write_scene(tmp_path / "scene.json", scene_with_picture(ref))
        doc = run_with_timeout(lambda path=path: open_document(path))
        assert isinstance(doc, Document)
        assert doc.scene.background is not None and doc.scene.background.image == ref  # kept as it is
        assert any(w.startswith("background.image:") for w in doc.warnings), doc.warnings
        assert any(w.startswith("tokens[0].image:") for w in doc.warnings)


@posix_only
def test_a_format_1_uvtt_image_path_to_a_device_is_not_read(tmp_path: Path) -> None:
    path = write_uvtt(tmp_path, uvtt_doc(fmt=1.0, image="/dev/zero"))
    doc = run_with_timeout(lambda: open_document(path))
    assert isinstance(doc, Document)
    assert doc.scene.background is not None and doc.scene.background.image == "/dev/zero"
    assert doc.warnings and "a device" in doc.warnings[0]


@posix_only
def test_a_scene_file_that_is_a_device_or_pipe_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SceneError, match="device"):
        load_path("/dev/zero")
    pipe = fifo(tmp_path)
    with pytest.raises(SceneError, match="named pipe"):
        run_with_timeout(lambda: load_path(pipe))
    with pytest.raises(SceneError, match="device"):
        uvtt.load("/dev/zero")
    with pytest.raises(SceneError, match="device"):
        fivefoot_file.load("/dev/zero")


def test_a_picture_that_is_not_a_picture_is_a_warning_not_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.png").write_text("not a picture", encoding="utf-8")
    (tmp_path / "good.png").write_bytes(png_bytes(4, 4))
    scene = scene_with_picture("notes.png")
    scene = scene.edit(background=Background("good.png", 70.0))
    doc = open_document(write_scene(tmp_path / "s.json", scene))
    assert len(doc.warnings) == 1
    assert doc.warnings[0].startswith("tokens[0].image:") and "not a PNG, WebP or JPEG" in doc.warnings[0]
    assert picture_problem("good.png", {}, tmp_path) is None
    assert "no such file" in (picture_problem("missing.png", {}, tmp_path) or "")


# ------------------------------------------------------------------- 4. unsupported zip compression


def _fivefoot_with(compression: int, tmp_path: Path, corrupt: bool = False) -> Path:
    path = tmp_path / f"c{compression}.fivefoot"
    text = json.dumps(scene_to_json(new_scene("pf2e", 5, 5))).encode()
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(zipfile.ZipInfo("scene.json", (1980, 1, 1, 0, 0, 0)), text, compress_type=compression)
    if corrupt:
        data = bytearray(path.read_bytes())
        start = data.index(b"scene.json") + len(b"scene.json")
        for i in range(start + 8, start + 40):
            data[i] ^= 0x5A
        path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize(("compression", "name"), [(zipfile.ZIP_LZMA, "LZMA"), (zipfile.ZIP_BZIP2, "bzip2")])
def test_an_lzma_or_bzip2_member_is_a_clear_scene_error(tmp_path: Path, compression: int, name: str) -> None:
    for corrupt in (False, True):
        path = _fivefoot_with(compression, tmp_path, corrupt)
        with pytest.raises(SceneError) as caught:
            fivefoot_file.load_document(path)
        assert f"uses {name} compression" in str(caught.value) and str(path) in str(caught.value)


def test_an_unknown_compression_method_number_is_a_clear_scene_error(tmp_path: Path) -> None:
    path = _fivefoot_with(zipfile.ZIP_DEFLATED, tmp_path)
    data = bytearray(path.read_bytes())
    for magic in (b"PK\x03\x04", b"PK\x01\x02"):  # method field: local header +8, central header +10
        at = data.index(magic)
        offset = 8 if magic == b"PK\x03\x04" else 10
        data[at + offset : at + offset + 2] = (99).to_bytes(2, "little")
    path.write_bytes(bytes(data))
    with pytest.raises(SceneError, match="compression"):
        fivefoot_file.load_document(path)


def test_the_command_exits_2_on_an_lzma_member(tmp_path: Path) -> None:
    from tests.rules.cli_runs import run_rules

    run = run_rules(_fivefoot_with(zipfile.ZIP_LZMA, tmp_path), ['{"q": "summary"}'])
    assert run.returncode == 2 and "LZMA" in run.stderr and "Traceback" not in run.stderr
    assert run.stdout == ""


# ------------------------------------------------------------------- 6. saving


def test_a_backup_hard_linked_to_the_file_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "camp.fivefoot"
    target.write_bytes(b"one")
    os.link(target, backup_path(target))  # NAME.bak is NAME under a second name
    for i in range(20):
        atomic_write_bytes(target, f"version {i}".encode())
        if i % 3 == 0:  # and again and again
            backup_path(target).unlink()
            os.link(target, backup_path(target))
    assert target.read_bytes() == b"version 19"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.fivefoot", "camp.fivefoot.bak"]


def test_a_symlink_loop_target_is_an_os_error_not_a_runtime_error(tmp_path: Path) -> None:
    a, b = tmp_path / "a.fivefoot", tmp_path / "b.fivefoot"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError, match="symbolic link loop"):
        save_scene(a, new_scene("pf2e", 3, 3))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)]


def test_a_backup_file_reopens_by_its_content(tmp_path: Path) -> None:
    scene = new_scene("pf2e", 7, 5, "Backed up")
    for name in ("camp.fivefoot", "camp.json"):
        target = tmp_path / name
        save_scene(target, scene)
        save_scene(target, scene.edit(name="Newer"))
        bak = backup_path(target)
        assert file_kind(bak) == ("fivefoot" if name.endswith(".fivefoot") else "scene")
        assert load_path(bak).name == "Backed up"
        assert open_document(bak).scene.name == "Backed up"
    # a UVTT export renamed to .bak still imports
    uv = write_uvtt(tmp_path, uvtt_doc(), "map.dd2vtt.bak")
    assert file_kind(uv) == "uvtt" and load_path(uv).grid.width == 10


def test_long_file_names_save(tmp_path: Path) -> None:
    scene = new_scene("pf2e", 3, 3)
    for length in (239, 251, 255):
        target = tmp_path / ("x" * (length - len(".fivefoot")) + ".fivefoot")
        assert len(target.name) == length
        save_scene(target, scene)
        save_scene(target, scene.edit(name="again"))  # with a backup where its name fits
        assert load_path(target).name == "again"
    with pytest.raises(OSError, match="longer than 255"):
        save_scene(tmp_path / ("y" * 256 + ".json"), scene)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)]


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "locked.fivefoot"
    save_scene(target, new_scene("pf2e", 3, 3, "locked"))
    before = target.read_bytes()
    target.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        with pytest.raises(ReadOnlyFileError, match="read-only"):
            save_scene(target, new_scene("pf2e", 3, 3, "changed"))
        assert target.read_bytes() == before
    finally:
        target.chmod(0o644)


def test_saving_over_a_file_changed_on_disk_since_it_was_opened_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "shared.fivefoot"
    save_scene(target, new_scene("pf2e", 3, 3, "first"))
    mine = file_stamp(target)  # window A opens it
    theirs = file_stamp(target)  # window B opens it
    save_scene(target, new_scene("pf2e", 3, 3, "B's work"), expect=theirs)
    with pytest.raises(FileChangedError, match="changed on disk"):
        save_scene(target, new_scene("pf2e", 3, 3, "A's work"), expect=mine)
    assert load_path(target).name == "B's work"
    # touched but the same content: not a change
    again = file_stamp(target)
    later = target.stat().st_mtime_ns + 5_000_000_000  # touched: a later time, the same bytes
    os.utime(target, ns=(later, later))
    save_scene(target, new_scene("pf2e", 3, 3, "B again"), expect=again)
    assert load_path(target).name == "B again"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_file_that_is_a_device_is_never_replaced() -> None:
    with pytest.raises(OSError, match="not a regular file"):
        atomic_write_bytes("/dev/null", b"x")


def test_temporary_files_left_by_killed_saves_are_swept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from rules.io import safe_write

    stray = tmp_path / f"{TEMP_PREFIX}0123456789ab.tmp"
    stray.write_bytes(b"half a save")
    unrelated = tmp_path / ".ff-notours.tmp"
    unrelated.write_bytes(b"someone else's")
    atomic_write_bytes(tmp_path / "a.json", b"{}")
    assert stray.exists()  # young: it may belong to a save in progress
    monkeypatch.setattr(safe_write, "STALE_TEMP_SECONDS", -1.0)
    atomic_write_bytes(tmp_path / "a.json", b"{}")
    assert not stray.exists() and unrelated.exists()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and flock are POSIX")
def test_a_killed_save_leaves_no_temporary_file_after_the_next_save(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import signal
    import subprocess

    from rules.io import safe_write

    monkeypatch.setattr(safe_write, "STALE_TEMP_SECONDS", 0.0)
    with subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, pathlib; from rules.io import safe_write;"
            "tmp, lock = safe_write._write_temp(pathlib.Path(sys.argv[1]), b'x' * 1_000_000, None);"
            "print(tmp.name, flush=True); sys.stdin.read()",
            str(tmp_path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as writer:
        assert writer.stdout is not None
        name = writer.stdout.readline().strip()
        temp = tmp_path / name
        assert temp.exists() and temp.stat().st_size == 1_000_000
        # while the save runs, a save of another file in the folder leaves its temporary file alone
        atomic_write_bytes(tmp_path / "other.json", b"{}")
        assert temp.exists()
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    atomic_write_bytes(tmp_path / "other.json", b"{}")
    assert not temp.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)] == []
