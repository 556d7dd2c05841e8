"""Atomic saves: the target is always the whole old file or the whole new one, with a backup kept."""

from __future__ import annotations

import os
import stat
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from rules.io import safe_write
from rules.io.safe_write import atomic_write_bytes, atomic_write_text, backup_path
from rules.io.saving import save_scene
from rules.io.scene_json import load_scene_file
from rules.model.scene import new_scene


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_new_file_is_written_with_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "scene.json"
    atomic_write_bytes(target, b"one")
    assert target.read_bytes() == b"one"
    assert not backup_path(target).exists()
    assert leftovers(tmp_path) == []
    if os.name == "posix":
        umask = os.umask(0)
        os.umask(umask)
        assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_overwrite_keeps_the_previous_version_as_bak(tmp_path: Path) -> None:
    target = tmp_path / "scene.json"
    atomic_write_text(target, "first\n")
    atomic_write_text(target, "second\n")
    assert target.read_text(encoding="utf-8") == "second\n"
    assert backup_path(target) == tmp_path / "scene.json.bak"
    assert backup_path(target).read_text(encoding="utf-8") == "first\n"
    atomic_write_text(target, "third\n")
    assert backup_path(target).read_text(encoding="utf-8") == "second\n"
    assert leftovers(tmp_path) == []


def test_no_backup_when_not_asked(tmp_path: Path) -> None:
    target = tmp_path / "autosave.bin"
    atomic_write_bytes(target, b"a", keep_backup=False)
    atomic_write_bytes(target, b"b", keep_backup=False)
    assert target.read_bytes() == b"b"
    assert not backup_path(target).exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_replacing_keeps_the_file_mode(tmp_path: Path) -> None:
    target = tmp_path / "private.fivefoot"
    target.write_bytes(b"old")
    target.chmod(0o600)
    atomic_write_bytes(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_backup_by_copy_where_hard_links_fail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*_: Any) -> None:
        raise OSError("hard links not supported here")

    target = tmp_path / "scene.json"
    atomic_write_text(target, "old")
    monkeypatch.setattr(safe_write.os, "link", no_links)
    atomic_write_text(target, "new")
    assert (target.read_text(encoding="utf-8"), backup_path(target).read_text(encoding="utf-8")) == (
        "new",
        "old",
    )


class _CrashingFile:
    """Stands in for the temporary file: writes half of the data, then the 'crash' happens."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __enter__(self) -> _CrashingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()

    def write(self, data: bytes) -> int:
        self.real.write(data[: len(data) // 2])
        self.real.flush()
        raise OSError(28, "No space left on device")


def test_crash_mid_write_leaves_the_previous_file_and_backup_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "scene.json"
    atomic_write_text(target, "version 1\n")
    atomic_write_text(target, "version 2\n")
    real_fdopen = os.fdopen
    monkeypatch.setattr(safe_write.os, "fdopen", lambda fd, mode: _CrashingFile(real_fdopen(fd, mode)))
    with pytest.raises(OSError, match="No space left"):
        atomic_write_text(target, "version 3, much longer than the others\n")
    assert target.read_text(encoding="utf-8") == "version 2\n"
    assert backup_path(target).read_text(encoding="utf-8") == "version 1\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_failure_before_the_rename_leaves_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    target = tmp_path / "map.fivefoot"
    atomic_write_bytes(target, b"good")

    def crash(*_: Any) -> None:
        raise OSError(5, f"simulated crash in {step}")

    monkeypatch.setattr(safe_write.os, step, crash)
    with pytest.raises(OSError, match="simulated crash"):
        atomic_write_bytes(target, b"half-written")
    monkeypatch.undo()
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need privileges on Windows")
def test_a_symbolic_link_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert backup_path(real).read_text(encoding="utf-8") == "old"


def test_a_folder_in_the_way_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "scene.json").mkdir()
    with pytest.raises(IsADirectoryError):
        atomic_write_bytes(tmp_path / "scene.json", b"x")
    with pytest.raises(OSError):
        atomic_write_bytes(tmp_path / "no-such-folder" / "scene.json", b"x")


def test_save_scene_picks_the_format_by_suffix(tmp_path: Path) -> None:
    scene = new_scene("dnd5e-2024", 6, 4, name="Camp")
    save_scene(tmp_path / "camp.json", scene)
    save_scene(tmp_path / "camp.FIVEFOOT", scene)
    text = (tmp_path / "camp.json").read_text(encoding="utf-8")
    assert text.startswith("{\n") and text.endswith("}\n")
    assert load_scene_file(tmp_path / "camp.json") == scene
    with zipfile.ZipFile(tmp_path / "camp.FIVEFOOT") as zf:
        assert zf.namelist() == ["scene.json"]
    for suffix in (".dd2vtt", ".uvtt", ".df2vtt"):
        with pytest.raises(ValueError, match="does not write Universal VTT"):
            save_scene(tmp_path / f"camp{suffix}", scene)
    assert not (tmp_path / "camp.dd2vtt").exists()


def test_save_scene_keeps_the_previous_save(tmp_path: Path) -> None:
    path = tmp_path / "camp.fivefoot"
    first = new_scene("pf2e", 6, 4, name="first")
    save_scene(path, first)
    save_scene(path, new_scene("pf2e", 6, 4, name="second"))
    from rules.io import fivefoot_file

    assert fivefoot_file.load(backup_path(path)) == first
    assert fivefoot_file.load(path).name == "second"


def test_save_scene_refuses_an_embedded_picture_it_was_not_given(tmp_path: Path) -> None:
    from rules.model.scene import Background

    scene = new_scene("pf2e", 4, 4).edit(background=Background("embedded:map.png"))
    for suffix in (".json", ".fivefoot"):
        with pytest.raises(ValueError, match=r"'map\.png'"):
            save_scene(tmp_path / f"s{suffix}", scene)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="os.replace onto an open file differs on Windows")
def test_readers_of_the_old_file_keep_reading_it(tmp_path: Path) -> None:
    target = tmp_path / "scene.json"
    atomic_write_text(target, "old content")
    with open(target, encoding="utf-8") as reader:
        atomic_write_text(target, "new content")
        assert reader.read() == "old content"
    assert target.read_text(encoding="utf-8") == "new content"
