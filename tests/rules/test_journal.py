"""The autosave journal (issue 14, item 7): state diffs section by section, replay over a snapshot, a
crash-cut last line, and the autosave store's recovery of snapshot + journal."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import SceneError
from rules.geometry.coords import Cell, Point
from rules.io import fivefoot_file
from rules.io.autosave import BASE_SUFFIX, DATA_SUFFIX, MARKER, AutosaveStore
from rules.io.journal import Journal, base_id, read_journal, replay, scene_diff
from rules.io.scene_json import scene_from_json, scene_to_json
from rules.io.state_json import state_to_document
from rules.model.fog import Fog
from rules.model.scene import Background, Light, Scene, TerrainCell, Token, Wall
from rules.model.state import GameState
from tests.benchmarks.bigmap import big_map


def small() -> Scene:
    return big_map("pf2e", cells=20, rooms=2, tokens=6)


def same(a: Scene, b: Scene) -> bool:
    return bool(scene_to_json(a) == scene_to_json(b))


def moved(scene: Scene, index: int, dx: int = 1) -> Scene:
    t = scene.tokens[index]
    return scene.replace_token(replace(t, cell=Cell(t.cell.x + dx, t.cell.y)))


def test_a_token_move_writes_only_that_token() -> None:
    scene = small()
    after = moved(scene, 2)
    diff = scene_diff(scene, after)
    assert diff is not None and set(diff) == {"tokens"}
    assert [t["id"] for t in diff["tokens"]["set"]] == [scene.tokens[2].id]
    assert "del" not in diff["tokens"] and "order" not in diff["tokens"]
    assert scene_diff(scene, scene) is None
    assert scene_diff(scene, scene.edit(name=scene.name)) is None  # a new object, nothing changed


def test_painting_over_terrain_writes_only_the_change() -> None:
    scene = small()
    assert len(scene.terrain) > 20
    i = len(scene.terrain) // 2
    cell = scene.terrain[i].cell
    painted = scene.edit(
        terrain=(*scene.terrain[:i], *scene.terrain[i + 1 :], TerrainCell(cell, "hazardous"))
    )
    diff = scene_diff(scene, painted)
    assert diff == {
        "terrain": {"edit": {"remove": [i], "add": [{"cell": [cell.x, cell.y], "kind": "hazardous"}]}}
    }
    assert same(replay(scene, [{"n": 1, "d": diff}]), painted)
    rebuilt = scene.edit(terrain=tuple(reversed(scene.terrain)))  # not of that form: written whole
    diff = scene_diff(scene, rebuilt)
    assert diff is not None and isinstance(diff["terrain"], list)
    assert same(replay(scene, [{"n": 1, "d": diff}]), rebuilt)


def test_each_section_round_trips_through_replay() -> None:
    scene = small()
    t0 = scene.tokens[0]
    edits = [
        lambda s: s.edit(terrain=(*s.terrain, TerrainCell(Cell(1, 1), "hazardous"))),
        lambda s: s.edit(walls=(*s.walls, Wall(Point(0, 0), Point(0, 3), "door", True))),
        lambda s: s.edit(background=Background("embedded:map.png", 50.0, Point(3, 4))),
        lambda s: s.edit(lights=(Light(Point(2, 2), 4.0),)),
        lambda s: s.edit(name="Renamed"),
        lambda s: s.edit(extra={**s.extra, "custom": {"a": [1, 2]}}),
        lambda s: s.edit(tokens=(*s.tokens, replace(t0, id="newcomer", cell=Cell(0, 0)))),
        lambda s: s.edit(tokens=tuple(reversed(s.tokens))),
        lambda s: s.edit(tokens=s.tokens[1:]),
        lambda s: s.edit(tokens=(replace(s.tokens[0], extra={"note": "x"}), *s.tokens[1:])),
        lambda s: s.edit(fog=Fog.blank(s.grid.width, s.grid.height).reveal([(1, 1), (2, 3)])),
        lambda s: s.edit(background=None, lights=(), name="", fog=None),
        lambda s: s.edit(extra={}),
    ]
    current = scene
    entries = []
    for edit in edits:
        new = edit(current)
        diff = scene_diff(current, new)
        assert diff is not None, edit
        entries.append({"n": len(entries) + 1, "d": json.loads(json.dumps(diff))})
        assert same(replay(scene, entries), new)
        current = new


def test_a_change_of_system_writes_the_whole_scene() -> None:
    scene = small()
    other = Scene(system="dnd5e-2014", grid=scene.grid, tokens=scene.tokens)
    diff = scene_diff(scene, other)
    assert diff is not None and set(diff) == {"full"}
    assert same(replay(scene, [{"n": 1, "d": diff}]), other)


edit_kinds = st.sampled_from(
    ["move", "hp", "add", "delete", "reorder", "terrain", "repaint", "unwall", "wall", "name", "extra"]
)


@settings(max_examples=60, deadline=None)
@given(kinds=st.lists(st.tuples(edit_kinds, st.integers(0, 10_000)), min_size=1, max_size=25))
def test_random_edits_replay_to_the_same_scene(kinds: list[tuple[str, int]], tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    scene = small()
    path = tmp_path_factory.mktemp("j") / "x.journal"
    journal = Journal(path)
    journal.start("base")
    current = scene
    for kind, r in kinds:
        new = _edit(current, kind, r)
        journal.append(current, new)
        current = new
    journal.close()
    contents = read_journal(path)
    assert contents.base == "base" and not contents.truncated
    # compared as a snapshot would hold it (reading fills defaults, e.g. max_hp from hp)
    assert same(replay(scene, contents.entries), scene_from_json(scene_to_json(current)))


def _edit(s: Scene, kind: str, r: int) -> Scene:
    n = len(s.tokens)
    if kind == "move" and n:
        t = s.tokens[r % n]
        x = r % (s.grid.width - 1)
        return s.replace_token(replace(t, cell=Cell(x, t.cell.y)))
    if kind == "hp" and n:
        t = s.tokens[r % n]
        return s.replace_token(replace(t, hp=r % 50))
    if kind == "add":
        new_id = next(f"n{r}-{k}" for k in range(n + 1) if s.token(f"n{r}-{k}") is None)
        return s.edit(tokens=(*s.tokens, Token(id=new_id, cell=Cell(0, 0), size="medium", side="x")))
    if kind == "delete" and n:
        return s.edit(tokens=s.tokens[: r % n] + s.tokens[r % n + 1 :])
    if kind == "reorder" and n > 1:
        k = r % n
        return s.edit(tokens=s.tokens[k:] + s.tokens[:k])
    if kind == "terrain":
        return s.edit(terrain=(*s.terrain, TerrainCell(Cell(r % s.grid.width, 0), "difficult")))
    if kind == "wall":
        return s.edit(walls=(*s.walls, Wall(Point(r % 7, 0), Point(r % 7, 2))))
    if kind == "repaint" and s.terrain:
        i = r % len(s.terrain)
        old = s.terrain[i]
        return s.edit(terrain=(*s.terrain[:i], *s.terrain[i + 1 :], TerrainCell(old.cell, "impassable")))
    if kind == "unwall" and s.walls:
        i = r % len(s.walls)
        return s.edit(walls=s.walls[:i] + s.walls[i + 1 :])
    if kind == "name":
        return s.edit(name=f"name {r}")
    return s.edit(extra={**s.extra, "k": r})


def test_a_last_line_cut_short_by_a_crash_is_dropped(tmp_path: Path) -> None:
    scene = small()
    path = tmp_path / "x.journal"
    journal = Journal(path)
    journal.start("base")
    one, two = moved(scene, 0), moved(moved(scene, 0), 1)
    journal.append(scene, one)
    journal.append(one, two)
    journal.close()
    data = path.read_bytes()
    for cut in range(1, 30):
        path.write_bytes(data[:-cut])  # the last entry loses its end (a kill mid-write)
        contents = read_journal(path)
        assert contents.truncated and len(contents.entries) == 1
        assert same(replay(scene, contents.entries), one)
    # garbage in the middle: everything from it on is ignored
    lines = data.split(b"\n")
    path.write_bytes(b"\n".join([lines[0], b"{not json", lines[2]]) + b"\n")
    assert read_journal(path).entries == ()
    path.write_bytes(b"")
    assert read_journal(path).base is None
    assert read_journal(tmp_path / "missing.journal").entries == ()


def test_a_malformed_entry_is_a_scene_error() -> None:
    with pytest.raises(SceneError):
        replay(small(), [{"n": 1, "d": {"tokens": {"set": [{"no id": 1}]}}}])
    with pytest.raises(SceneError):
        replay(small(), [{"n": 1, "d": {"grid": {"width": -3, "height": 2}}}])


# ----------------------------------------------------------------------------- recovery through the store


def _crash(store: AutosaveStore) -> None:
    """Make the store's session look like one whose process died."""
    store.close_journals()
    marker = store.session_dir / MARKER
    marker.write_text(json.dumps({"pid": 2**22 + 12345, "host": os.uname().nodename}), encoding="utf-8")


def test_recovery_replays_the_journal_over_the_base_then_over_each_autosave(tmp_path: Path) -> None:
    scene = small()
    store = AutosaveStore(tmp_path)
    store.start_session()
    journal = store.write_base(fivefoot_file.dumps(scene), "/maps/a.fivefoot")
    one = moved(scene, 0)
    journal.append(scene, one)
    assert store.journal("/maps/a.fivefoot") is journal
    # an autosave restarts the journal for its snapshot and drops the base
    store.write(fivefoot_file.dumps(one), "/maps/a.fivefoot")
    assert not list(store.session_dir.glob("*" + BASE_SUFFIX))
    two = moved(one, 1)
    journal.append(one, two)
    _crash(store)

    later = AutosaveStore(tmp_path)
    later.start_session()
    [item] = later.pending_restores()
    assert item.data_path.suffix == DATA_SUFFIX and item.journal_path is not None
    _data, document = later.recover(item)
    assert same(document.scene, two)


def test_a_crash_before_the_first_autosave_recovers_from_the_base(tmp_path: Path) -> None:
    scene = small()
    store = AutosaveStore(tmp_path)
    journal = store.write_base(fivefoot_file.dumps(scene), None)
    three = moved(moved(moved(scene, 0), 1), 2)
    journal.append(scene, three)
    _crash(store)
    later = AutosaveStore(tmp_path)
    later.start_session()
    [item] = later.pending_restores()
    assert item.data_path.suffix == BASE_SUFFIX and item.title == "Untitled"
    assert same(later.recover(item)[1].scene, three)
    later.restore(item)
    assert later.pending_restores() == []


def test_a_journal_of_another_snapshot_is_ignored(tmp_path: Path) -> None:
    scene = small()
    store = AutosaveStore(tmp_path)
    journal = store.write_base(fivefoot_file.dumps(scene), None)
    journal.append(scene, moved(scene, 0))
    # the snapshot is replaced behind the journal's back (a crash between writes, a stray copy)
    other = scene.edit(name="other snapshot")
    (store.session_dir / ("untitled" + BASE_SUFFIX)).write_bytes(fivefoot_file.dumps(other))
    _crash(store)
    later = AutosaveStore(tmp_path)
    [item] = later.pending_restores()
    assert same(later.recover(item)[1].scene, other)
    assert base_id(b"x") != base_id(b"y")


def test_a_growing_log_journals_only_its_new_lines() -> None:
    lines = tuple(f"line {i}" for i in range(500))
    state = GameState(small().edit(extra={"notes": ["a"], "note": "x"}), log=lines)
    grown = GameState(state.scene.edit(extra={"notes": ["a", "b"], "note": "x"}), log=(*lines, "line 500"))
    diff = scene_diff(state, grown)
    assert diff == {"extra": {"append": {"log": ["line 500"], "notes": ["b"]}}}
    gone = GameState(grown.scene.edit(extra={"other": 1}), log=("fresh",))
    diff2 = scene_diff(grown, gone)
    assert diff2 is not None
    assert diff2["extra"] == {"set": {"log": ["fresh"], "other": 1}, "del": ["notes", "note"]}
    entries = [{"n": 1, "d": diff}, {"n": 2, "d": diff2}]
    replayed = replay(state, entries)
    assert isinstance(replayed, GameState) and replayed.log == ("fresh",)
    assert state_to_document(replayed) == state_to_document(gone)
    with pytest.raises(SceneError):
        replay(state, [{"n": 1, "d": {"extra": {"append": {"note": ["not a list"]}}}}])


def test_a_due_fsync_runs_on_the_journal_thread_not_the_committing_one(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import os
    import threading

    from rules.io import journal as journal_module

    calls: list[str] = []
    done = threading.Event()
    real = os.fsync

    def recording_fsync(fd: int) -> None:
        calls.append(threading.current_thread().name)
        real(fd)
        done.set()

    journal = Journal(tmp_path / "j.journal", fsync_interval=0.0)
    journal.start("base")
    monkeypatch.setattr(journal_module.os, "fsync", recording_fsync)
    from rules.model.scene import new_scene

    scene = new_scene("pf2e", 4, 4, "A")
    assert journal.append(scene, scene.edit(name="B"))
    assert done.wait(10)
    assert calls and threading.current_thread().name not in calls
    journal.close()
    assert not journal.needs_sync
    assert len(read_journal(tmp_path / "j.journal").entries) == 1
