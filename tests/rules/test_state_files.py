"""Files carry the whole `GameState`: every reader returns it and every writer takes it (plain JSON,
.fivefoot, the autosave journal), and a map alone carries no engine state."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Point
from rules.io import fivefoot_file
from rules.io.fivefoot_file import open_document
from rules.io.journal import replay, scene_diff
from rules.io.saving import save_scene
from rules.io.scene_json import PLAY_KEYS, scene_to_json
from rules.model.areas import PlacedArea
from rules.model.state import GameState
from rules.play.turns import start_encounter
from tests.rules.play.helpers import ARENA, scene_from


def _running() -> GameState:
    state, _ = start_encounter(
        GameState(scene_from(ARENA)), ScriptedDice([]), rolls={"A": 9, "B": 8, "C": 7, "D": 6}
    )
    burst = PlacedArea("area-1", AreaSpec("burst", 10, origin=Point(2, 1)), label="Fireball", rounds_left=2)
    return replace(state, areas=(burst,), log=("Initiative: …", "A moves 5 ft"))


def _same_play(a: GameState, b: GameState) -> bool:
    return (a.scene, a.encounter, a.areas, a.log) == (b.scene, b.encounter, b.areas, b.log)


@pytest.mark.parametrize("suffix", [".json", ".fivefoot"])
def test_a_saved_state_opens_as_the_same_state(tmp_path: Path, suffix: str) -> None:
    running = _running()
    path = tmp_path / f"fight{suffix}"
    save_scene(path, running)
    opened = open_document(path)
    assert opened.problems == ()
    assert opened.state.encounter is not None and opened.state.encounter.round == running.encounter.round  # type: ignore[union-attr]
    assert _same_play(opened.state, running)


def test_the_map_alone_carries_no_engine_state(tmp_path: Path) -> None:
    running = _running()
    assert not set(PLAY_KEYS) & set(scene_to_json(running.scene))
    save_scene(tmp_path / "map.json", running.scene)
    opened = open_document(tmp_path / "map.json")
    assert opened.state.encounter is None and opened.state.areas == () and opened.state.log == ()


def test_a_damaged_area_is_skipped_and_reported(tmp_path: Path) -> None:
    running = _running()
    text = (tmp_path / "x.json").as_posix()
    save_scene(text, running)
    raw = Path(text).read_text(encoding="utf-8").replace('"feet": 10', '"feet": "ten"')
    Path(text).write_text(raw, encoding="utf-8")
    opened = open_document(text)
    assert opened.state.areas == () and opened.state.log == running.log
    assert any("areas[0].feet" in p for p in opened.problems)


def test_the_journal_replays_a_state_change_over_a_snapshot() -> None:
    running = _running()
    later = replace(running, log=(*running.log, "B Strides"), encounter=None)
    diff = scene_diff(running, later)
    assert diff is not None and "extra" in diff
    snapshot = fivefoot_file.loads(fivefoot_file.dumps(running)).state
    again = replay(snapshot, [{"n": 1, "d": diff}])
    assert _same_play(again, later)
