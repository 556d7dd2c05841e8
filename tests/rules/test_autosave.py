"""Autosave and crash recovery: a session that dies leaves its autosaves for the next start to restore."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import platformdirs
import pytest

from rules.io import autosave
from rules.io.autosave import AutosaveStore, data_dir, document_key
from rules.io.fivefoot_file import dumps, loads
from rules.model.scene import new_scene

ROOT = Path(__file__).resolve().parents[2]


def crashed_session(data: Path, writes: list[tuple[bytes, str | None]]) -> None:
    """Run a real FiveFoot-like process that autosaves and then dies without a clean exit."""
    script = textwrap.dedent(
        f"""
        import os, sys
        from rules.io.autosave import AutosaveStore
        store = AutosaveStore()
        store.start_session()
        for data, path in {writes!r}:
            store.write(data, path)
        os._exit(3)  # a crash: no end_session, no cleanup
        """
    )
    env = dict(os.environ, FIVEFOOT_DATA_DIR=str(data))
    run = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, timeout=60, check=False)
    assert run.returncode == 3


def test_data_dir_argument_then_environment_then_platform_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIVEFOOT_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    assert AutosaveStore().root == tmp_path / "env" / "autosave"
    monkeypatch.delenv("FIVEFOOT_DATA_DIR")
    assert data_dir() == Path(platformdirs.user_data_dir("FiveFoot", appauthor=False))


def test_one_autosave_per_document_overwritten_in_place(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    first = store.write(b"v1", tmp_path / "keep.fivefoot")
    second = store.write(b"v2", tmp_path / "keep.fivefoot")
    untitled = store.write(b"draft", None)
    other = store.write(b"x", tmp_path / "other.fivefoot")
    assert first == second
    assert len({first, untitled, other}) == 3
    assert first.read_bytes() == b"v2" and untitled.read_bytes() == b"draft"
    assert document_key(tmp_path / "keep.fivefoot") == document_key(
        str(tmp_path / "sub" / ".." / "keep.fivefoot")
    )
    store.end_session()


def test_clean_exit_leaves_nothing_to_restore(tmp_path: Path) -> None:
    with AutosaveStore(tmp_path) as store:
        store.write(b"work", tmp_path / "a.fivefoot")
    assert AutosaveStore(tmp_path).pending_restores() == []
    assert list((tmp_path / "autosave").iterdir()) == []


def test_a_running_session_is_not_offered_for_restore(tmp_path: Path) -> None:
    running = AutosaveStore(tmp_path)
    running.write(b"work in progress", None)
    newcomer = AutosaveStore(tmp_path)
    newcomer.start_session()
    assert newcomer.pending_restores() == []  # same process id: still alive
    running.end_session()
    newcomer.end_session()


def test_restore_after_a_crash(tmp_path: Path) -> None:
    scene = new_scene("pf2e", 8, 6, name="Before the crash")
    doc_path = str(tmp_path / "maps" / "keep.fivefoot")
    crashed_session(tmp_path, [(dumps(scene), doc_path), (b"untitled draft", None)])

    store = AutosaveStore(tmp_path)
    store.start_session()
    pending = store.pending_restores()
    assert sorted((p.title, p.document_path) for p in pending) == [
        ("Untitled", None),
        ("keep.fivefoot", os.path.abspath(doc_path)),
    ]
    keep = next(p for p in pending if p.document_path is not None)
    restored = loads(store.restore(keep), "autosave")
    assert restored.scene == scene

    # The restored work now belongs to this session: still safe if this one crashes too.
    again = AutosaveStore(tmp_path)
    again.start_session()
    assert [p.title for p in again.pending_restores()] == ["Untitled"]
    assert (store.session_dir / (document_key(doc_path) + ".autosave")).read_bytes() == dumps(scene)

    untitled = next(p for p in pending if p.document_path is None)
    store.discard(untitled)
    assert again.pending_restores() == []
    # The crashed session's folder is gone once nothing is left in it.
    assert sorted(p.name for p in (tmp_path / "autosave").iterdir()) == sorted(
        [store.session_id or "", again.session_id or ""]
    )
    store.end_session()
    again.end_session()


def test_leaving_by_an_exception_keeps_the_autosaves(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), AutosaveStore(tmp_path) as store:
        store.write(b"unsaved", None)
        raise RuntimeError("the app fell over")
    assert store.session_id is not None
    assert (store.session_dir / "untitled.autosave").read_bytes() == b"unsaved"


def test_forget_after_the_user_saves(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    written = store.write(b"x", tmp_path / "a.fivefoot")
    store.forget(tmp_path / "a.fivefoot")
    assert not written.exists()
    store.end_session()


def _fake_session(
    root: Path, name: str, marker: dict[str, object] | None, data: bytes = b"lost work"
) -> Path:
    folder = root / "autosave" / name
    folder.mkdir(parents=True)
    if marker is not None:
        (folder / "session.json").write_text(json.dumps(marker), encoding="utf-8")
    (folder / "untitled.autosave").write_bytes(data)
    return folder


def test_marker_of_a_dead_process_is_a_crash(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_pid = int(done.stdout)
    _fake_session(tmp_path, "old", {"pid": dead_pid, "host": socket.gethostname()})
    assert [p.session_id for p in AutosaveStore(tmp_path).pending_restores()] == ["old"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process start times come from /proc")
def test_a_reused_process_id_is_not_mistaken_for_the_crashed_session(tmp_path: Path) -> None:
    marker = {"pid": os.getpid(), "process_start": -1, "host": socket.gethostname()}
    _fake_session(tmp_path, "reused", marker)
    assert [p.session_id for p in AutosaveStore(tmp_path).pending_restores()] == ["reused"]


def test_sessions_on_another_host_or_half_cleaned_ones(tmp_path: Path) -> None:
    _fake_session(tmp_path, "elsewhere", {"pid": 1, "host": socket.gethostname() + "-other"})
    _fake_session(tmp_path, "no-marker", None)
    _fake_session(tmp_path, "bad-marker", {"pid": "x"})
    found = sorted(p.session_id for p in AutosaveStore(tmp_path).pending_restores())
    assert found == ["bad-marker", "no-marker"]


def test_start_tidies_dead_sessions_with_nothing_left(tmp_path: Path) -> None:
    folder = tmp_path / "autosave" / "empty-dead"
    folder.mkdir(parents=True)
    (folder / "session.json").write_text(json.dumps({"pid": 0}), encoding="utf-8")
    store = AutosaveStore(tmp_path)
    store.start_session()
    assert not folder.exists()
    store.end_session()


def test_restore_of_a_vanished_autosave_raises_and_keeps_the_rest(tmp_path: Path) -> None:
    folder = _fake_session(tmp_path, "old", {"pid": 0})
    store = AutosaveStore(tmp_path)
    (item,) = store.pending_restores()
    (folder / "untitled.autosave").unlink()
    with pytest.raises(OSError):
        store.restore(item)
    assert autosave.MARKER == "session.json" and (folder / "session.json").exists()
