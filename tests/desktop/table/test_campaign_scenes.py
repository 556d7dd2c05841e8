"""Scenes of a campaign in the app (issue 26 item 6): the Scenes dock adds a scene, the GM prepares it
while the Player Screen keeps the current one, the entrance is marked from the map's menu, "Present"
moves the party there in one click, scene 1 keeps its fog and encounter, and the campaign of two scenes
round-trips through the window's own Save As and Open."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu

from desktop.look.style import CELL
from desktop.map.tools.select_tool import _entrance_entry
from rules.geometry.coords import Cell
from rules.geometry.vision import is_party
from rules.model.campaign import presented_state

ROOT = Path(__file__).resolve().parents[3]


def _party(state: Any) -> dict[str, Cell]:
    return {t.id: t.cell for t in state.scene.tokens if is_party(t)}


def test_prepare_present_and_round_trip_a_campaign(window: Any, qtbot: Any, tmp_path: Path) -> None:
    doc = window.doc
    dock = window.table.scenes_dock
    window.show_dock(dock)
    assert dock.add_map_button.isEnabled()  # the window gave the dock its map opener
    # scene 1, the demo: fog on and an encounter running, as a table would leave it
    window.table.start_encounter()
    crypt_encounter = doc.state.encounter
    party_before = _party(doc.state)
    assert crypt_encounter is not None and party_before
    crypt_tokens = {t.id for t in doc.scene.tokens}
    pw = window.player_screen.open_player_screen()
    qtbot.waitExposed(pw)
    players_before = set(pw.player_scene.token_items)
    crypt_fog = doc.scene.fog  # the Player Screen switched the fog on
    assert crypt_fog is not None and crypt_fog.enabled

    dock.ask_title = lambda _q, _s: "Great Hall"
    qtbot.mouseClick(dock.new_button, Qt.MouseButton.LeftButton)
    assert dock.texts()[1] == "Great Hall"
    dock.select("great-hall")
    qtbot.mouseClick(dock.prepare_button, Qt.MouseButton.LeftButton)
    # the GM works on the empty hall; the players still see scene 1 as it was
    assert doc.scene.tokens == () and doc.state.encounter is None
    assert set(window.map_scene.token_items) == set()
    assert set(pw.player_scene.token_items) == players_before
    assert dock.status.text() == "Preparing: Great Hall"
    assert dock.players.text() == f"The players see: {doc.state.campaign.scenes[0].title}"
    # the entrance, marked from the map's right-click menu
    for cell in (Cell(2, 3), Cell(3, 3)):
        menu = QMenu()
        _entrance_entry(menu, doc, cell)
        menu.actions()[-1].trigger()
    assert doc.state.campaign.current_slot.entrance == (Cell(2, 3), Cell(3, 3))
    assert window.table.entrance.cells == (Cell(2, 3), Cell(3, 3))
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(folder / "scenes-preparing.png"))

    qtbot.mouseClick(dock.present_button, Qt.MouseButton.LeftButton)
    state = doc.state
    assert state.campaign.presented == "great-hall"
    arrived = _party(state)
    assert set(arrived) == set(party_before)
    assert {arrived[t] for t in arrived} >= {Cell(2, 3), Cell(3, 3)}  # on the entrance (the rest next to it)
    assert set(pw.player_scene.token_items) == set(arrived)  # the players see the hall with the party
    crypt = state.campaign.slot(state.campaign.scenes[0].id)
    assert crypt.parked.scene.fog == crypt_fog  # scene 1's fog as it was
    assert crypt.parked.encounter == crypt_encounter  # and its encounter
    assert {t.id for t in crypt.parked.scene.tokens} == crypt_tokens - set(party_before)
    assert window.grab().save(str(folder / "scenes-presented.png"))

    # Save As and Open: both scenes come back as they were
    path = tmp_path / "campaign.fivefoot"
    assert window.files.save_as(path)
    saved = doc.state
    window.files.new_empty("pf2e", 5, 5)
    assert doc.state.campaign is None
    assert window.files.open(path, ask=False)
    assert doc.state.scene == saved.scene and doc.state.campaign.presented == "great-hall"
    assert [s.title for s in doc.state.campaign.scenes] == [crypt.title, "Great Hall"]
    back = doc.state.campaign.slot(crypt.id).parked
    assert back.scene.tokens == crypt.parked.scene.tokens and back.scene.fog == crypt_fog
    assert back.encounter == crypt_encounter
    # the shrine's map picture (a file of the demo's folder) now travels inside the campaign file
    from desktop.paths import assets_dir
    from rules.io.images import resolve_image

    before = resolve_image(crypt.parked.scene.background.image, {}, assets_dir())
    after = resolve_image(back.scene.background.image, doc.images, doc.base_dir)
    assert before is not None and after == before
    assert presented_state(doc.state) == doc.state  # the GM and the players are both on the hall


def test_a_scene_added_from_a_map_file_keeps_its_picture_in_both_file_formats(
    qtbot: Any, tmp_path: Path
) -> None:
    from desktop.document import Document
    from desktop.window.campaign_files import map_opener
    from desktop.window.file_io import open_scene_file, save_scene_file
    from rules.io.images import embedded_name, resolve_image
    from rules.io.saving import save_scene
    from rules.model.scene import Background, new_scene
    from rules.model.state import GameState
    from rules.play.campaign import SwitchScene
    from tests.desktop.picture_helpers import encode, plain_picture

    picture = encode(plain_picture(120, 80, "#aa3322"))
    (tmp_path / "cave.png").write_bytes(picture)
    cave = new_scene("pf2e", 6, 4, "The Cave").edit(background=Background("cave.png", 20))
    save_scene(tmp_path / "cave.json", GameState(cave))  # a map beside its picture file

    doc = Document(GameState(new_scene("pf2e", 5, 5, "Road")))
    from desktop.docks.scenes_dock import ScenesDock

    dock = ScenesDock(doc)
    qtbot.addWidget(dock)
    dock.open_map = map_opener(dock, lambda: "pf2e", lambda: set(doc.images), lambda: tmp_path / "cave.json")
    qtbot.mouseClick(dock.add_map_button, Qt.MouseButton.LeftButton)
    assert dock.texts() == ["Road   [GM · Players]", "The Cave"]
    parked = doc.state.campaign.slot("the-cave").parked
    name = embedded_name(parked.scene.background.image)
    assert name is not None and doc.images[name] == picture
    for suffix in (".fivefoot", ".json"):
        target = tmp_path / "elsewhere" / f"campaign{suffix}"
        target.parent.mkdir(exist_ok=True)
        save_scene_file(target, doc.state, doc.images, tmp_path)
        opened = open_scene_file(target)
        slot = opened.state.campaign.slot("the-cave")
        assert slot is not None and slot.parked is not None
        ref = slot.parked.scene.background.image
        assert resolve_image(ref, opened.images, opened.base_dir) == picture, suffix
        moved = SwitchScene("the-cave").apply(opened.state).state
        assert resolve_image(moved.scene.background.image, opened.images, opened.base_dir) == picture


def test_the_player_screen_stops_following_the_gm_while_a_scene_is_prepared(window: Any, qtbot: Any) -> None:
    from rules.model.scene import new_scene
    from rules.play.campaign import AddScene, SwitchScene

    feats = window.player_screen
    pw = feats.open_player_screen()
    qtbot.waitExposed(pw)
    feats.set_mode("gm")
    window.view.fit()
    steering = feats.steering
    before = (QPointF(steering.centre), steering.scale)
    window.doc.execute(AddScene("Vault", new_scene("pf2e", 4, 4)))
    window.doc.execute(SwitchScene("vault"))
    window.view.fit()  # the GM zooms onto the tiny vault
    window.view.centerOn(1 * CELL, 1 * CELL)
    assert (QPointF(steering.centre), steering.scale) == before  # the TV stays on the shrine
    assert set(feats.player_scene.token_items) >= {
        t.id
        for t in window.doc.state.campaign.slot(window.doc.state.campaign.presented).parked.scene.tokens
        if t.pc
    }
