"""Hazards and traps in the app (issue 25, item 4), driven through the real widgets offscreen: a hidden Spike
Pit placed from Map ▸ Place Hazard… (its squares dragged on the map), kept from the players' projection and
Player Screen; a creature dragged into it raises the trigger prompt; Resolve opens the hazard's saves table
(the casting table) where the d20 and the damage are typed; Notice shows the hazard to the players; each step
is one undo step.

From the rules: a basic Reflex save (PF2e) against DC 18 — a d20 of 3 with Reflex +6 is 9, a failure, but
not by 10 or more (Player Core "Basic Saving Throws": full damage); 5e Dexterity save DC 18 (d20 3 + 0 fails:
full damage). The condition "prone" comes with the failure.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtTest import QTest

from desktop.document import Document
from desktop.look.style import CELL
from rules.geometry.coords import Cell
from rules.model.state import GameState
from rules.play.hazards import NoticeHazard, PlaceHazard, TriggerHazard, aim_hazard
from rules.play.projection import player_projection
from tests.desktop.helpers import drag, move, press, release, settle, view_point
from tests.desktop.test_cast_spells import shots
from tests.rules.play.helpers import scene_from

RIGHT = Qt.MouseButton.RightButton
MAP = """
. . . . . . . . . .
. B . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
"""
PIT = {Cell(3, 1), Cell(4, 1), Cell(3, 2), Cell(4, 2)}


def board(system: str) -> GameState:
    stats: dict[str, object] = (
        {"saves": (("fortitude", 5), ("reflex", 6), ("will", 4))}
        if system == "pf2e"
        else {"abilities": (("dex", 10), ("con", 10), ("wis", 10))}
    )
    scene = scene_from(MAP, system, B={"name": "Brann", "hp": 30, "max_hp": 30, "side": "party", **stats})
    return GameState(scene)


@pytest.fixture
def make_window(qtbot: Any) -> Any:
    from desktop.window.main_window import MainWindow

    def make(system: str) -> Any:
        win = MainWindow(Document(board(system)), autosave=False)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        win.view.popup_menus = False
        win.resize(1400, 900)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        return win

    return make


def save_with_prompt(win: Any, prompt: Any, path: Path) -> None:
    """The window with the prompt over it where the window manager puts it (centred on the window): the
    offscreen platform grabs each top-level window on its own."""
    shot = win.grab()
    pic = prompt.grab()
    painter = QPainter(shot)
    painter.drawPixmap(QPoint((shot.width() - pic.width()) // 2, shot.height() // 3), pic)
    painter.end()
    shot.save(str(path))


def place_spike_pit(win: Any) -> None:
    """Map ▸ Place Hazard…: the form, then the squares dragged as a rectangle on the map, Enter."""
    assert win.hazards.act_place in win.map_menu.actions()
    win.hazards.act_place.trigger()
    form = win.hazards.form
    assert form is not None and form.isVisible()
    assert form.hidden.isChecked() and form.once.isChecked()  # hidden from the players by default
    form.name.setText("Spike Pit")
    form.dc.setValue(18)
    form.damage.setText("2d6 piercing")
    form.condition.setText("prone")
    assert form.trigger.currentData() == "enter"
    form.grab().save(str(shots() / "hazard-form.png"))
    form.ok_button.click()
    assert win.view.tool is win.hazards.tool
    drag(win.view, view_point(win.view, (3, 1)), view_point(win.view, (4, 2)))
    assert set(win.hazards.tool.shown_cells()) == PIT
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    settle()


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2024"])
def test_a_hidden_trap_placed_set_off_resolved_and_noticed(make_window: Any, system: str) -> None:
    win = make_window(system)
    doc = win.doc
    start = doc.state
    # 1. placed: one undo step, drawn dashed on the GM map, nothing of it for the players
    place_spike_pit(win)
    assert isinstance(doc.applied()[-1].command, PlaceHazard)
    (pit,) = doc.state.hazards
    assert pit.name == "Spike Pit" and set(pit.cells) == PIT and pit.hidden and pit.once
    assert pit.ability.dc == 18 and pit.ability.area is None
    assert win.view.tool is win.tools["select"]
    item = win.hazards.items[pit.id]
    assert item.hidden and item.scene() is win.map_scene
    assert player_projection(doc.state).hazards == ()
    assert win.player_screen.player_scene.hazard_items == []
    # 2. Brann dragged into it (a move by the rules): the prompt offers it
    drag(win.view, view_point(win.view, (1, 1)), view_point(win.view, (3, 1)))
    settle()
    assert doc.scene.token("B").cell == Cell(3, 1)
    ((prompt, trigger),) = win.hazards.prompts
    assert prompt.isVisible() and not prompt.isModal()
    assert trigger.hazard_id == pit.id and trigger.token_id == "B" and trigger.moment == "enter"
    assert "Spike Pit" in prompt.label.text() and "Brann" in prompt.label.text()
    if system == "pf2e":
        save_with_prompt(win, prompt, shots() / "hazard-trap-prompt-gm-map.png")
    # 3. Resolve: the hazard's saves table, the d20 and the damage typed, one TriggerHazard
    prompt.resolve_button.click()
    settle()
    (dialog,) = win.hazards.dialogs
    assert [r.token_id for r in dialog.rows] == ["B"]
    assert not dialog.ok_button.isEnabled()
    dialog.set_d20("B", 3)
    dialog.damage.set_typed([9])
    assert dialog.ok_button.isEnabled()
    (row,) = dialog.rows
    assert row.cells["result"].text() == "failure"
    assert row.cells["hp"].text().startswith("30 → 21")
    assert "prone" in row.cells["conditions"].text()
    if system == "pf2e":
        dialog.grab().save(str(shots() / "hazard-saves-table.png"))
    steps = len(doc.applied())
    dialog.ok_button.click()
    settle()
    assert len(doc.applied()) == steps + 1
    assert isinstance(doc.applied()[-1].command, TriggerHazard)
    brann = doc.scene.token("B")
    assert brann.hp == 21 and "prone" in brann.conditions
    assert doc.log[-1].startswith("Spike Pit goes off")
    (pit,) = doc.state.hazards
    assert not pit.armed  # once: spent
    assert win.hazards.items[pit.id].spent
    # 4. undo each step: the damage, the move, the trap
    doc.undo()
    assert doc.scene.token("B").hp == 30 and doc.state.hazards[0].armed
    assert not win.hazards.prompts or all(not p.isVisible() for p, _t in win.hazards.prompts)
    doc.undo()
    assert doc.scene.token("B").cell == Cell(1, 1)
    assert win.hazards.prompts == []  # undo sets nothing off
    doc.undo()
    assert doc.state.hazards == () and win.hazards.items == {}
    assert doc.state.scene == start.scene


def test_notice_from_the_square_menu_shows_the_trap_to_the_players(make_window: Any) -> None:
    win = make_window("pf2e")
    doc = win.doc
    place_spike_pit(win)
    (pit,) = doc.state.hazards
    p = view_point(win.view, (4, 2))
    press(win.view, p, button=RIGHT)
    release(win.view, p, button=RIGHT)
    menu = win.view.last_context_menu
    assert menu is not None
    names = [a.objectName() for a in menu.actions()]
    assert "menuPlaceHazard" in names
    assert win.hazards.trigger_now(pit.id) is None  # no one stands on it: nothing to set it off
    (sub,) = [a.menu() for a in menu.actions() if a.menu() is not None and "Spike Pit" in a.text()]
    (notice,) = [a for a in sub.actions() if a.objectName() == "menuHazardNotice"]
    assert notice.isEnabled()
    notice.trigger()
    settle()
    assert isinstance(doc.applied()[-1].command, NoticeHazard)
    assert not doc.state.hazards[0].hidden
    (shown,) = player_projection(doc.state).hazards
    assert set(shown.cells) == PIT
    (drawn,) = win.player_screen.player_scene.hazard_items
    assert set(drawn.cells) == PIT and not drawn.hidden
    assert not win.hazards.items[pit.id].hidden  # solid on the GM map too
    win.show_dock(win.player_screen.preview)
    settle()
    win.player_screen.preview_view.grab().save(str(shots() / "hazard-noticed-player-screen.png"))
    doc.undo()
    assert doc.state.hazards[0].hidden and win.player_screen.player_scene.hazard_items == []
    # Remove from the same menu
    press(win.view, p, button=RIGHT)
    release(win.view, p, button=RIGHT)
    menu = win.view.last_context_menu
    (sub,) = [a.menu() for a in menu.actions() if a.menu() is not None and "Spike Pit" in a.text()]
    (remove,) = [a for a in sub.actions() if a.objectName() == "menuHazardRemove"]
    remove.trigger()
    assert doc.state.hazards == () and win.hazards.items == {}


def test_place_hazard_here_starts_with_the_square_and_an_area_trap_goes_at_a_point(make_window: Any) -> None:
    win = make_window("dnd5e-2024")
    doc = win.doc
    p = view_point(win.view, (6, 3))
    press(win.view, p, button=RIGHT)
    release(win.view, p, button=RIGHT)
    (here,) = [a for a in win.view.last_context_menu.actions() if a.objectName() == "menuPlaceHazard"]
    here.trigger()
    form = win.hazards.form
    form.name.setText("Fire Rune")
    form.damage.setText("4d6 fire")
    form.shape.setCurrentIndex(form.shape.findData("sphere"))
    form.feet.setValue(10)
    assert form.as_area.isEnabled()
    form.as_area.setChecked(True)
    form.hidden.setChecked(False)
    form.trigger.setCurrentIndex(form.trigger.findData("start"))
    form.ok_button.click()
    tool = win.hazards.tool
    assert tool.area_at is not None
    corner = win.view.mapFromScene(QPointF(6 * CELL + 2, 3 * CELL - 3))  # near the corner (6, 3)
    press(win.view, corner)
    release(win.view, corner)
    settle()
    (rune,) = doc.state.hazards
    assert rune.origin is not None and (rune.origin.x, rune.origin.y) == (6.0, 3.0)
    assert {Cell(5, 2), Cell(6, 2), Cell(5, 3), Cell(6, 3)} <= set(rune.cells)
    assert rune.trigger == "start" and not rune.hidden
    assert player_projection(doc.state).hazards[0].name == "Fire Rune"  # not hidden: the players see it


def test_a_turn_starting_on_a_hazard_offers_it_and_undo_takes_the_prompt_away(qtbot: Any) -> None:
    from desktop.window.main_window import MainWindow
    from rules.model.active_spells import Hazard
    from rules.model.spell import DamagePart, Spell
    from tests.rules.play.helpers import started

    state = started("pf2e")  # A's turn, B next
    b = state.token("B")
    assert b is not None
    vent = Hazard(
        "vent",
        "Steam Vent",
        Spell("Steam Vent", kind="ability", damage=(DamagePart("1d6", "fire"),)),
        (b.cell,),
        trigger="start",
    )
    win = MainWindow(Document(state), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    assert win.doc.execute(PlaceHazard(vent)) is not None
    assert win.hazards.prompts == []
    win.table.initiative_dock.next_button.click()
    settle()
    assert win.doc.state.encounter is not None and win.doc.state.encounter.current_id == "B"
    ((prompt, trigger),) = win.hazards.prompts
    assert trigger.moment == "start" and "started its turn" in prompt.label.text()
    win.doc.undo()
    settle()
    assert win.hazards.prompts == []  # the turn that set it off is undone
    win.doc.redo()
    assert win.hazards.prompts == []  # redo sets nothing off again


def test_the_form_offers_a_creatures_ability_and_the_bundled_spells(qtbot: Any) -> None:
    from desktop.dialogs.hazard_form import HazardForm
    from rules.model.spell import DamagePart, Spell, SpellSave

    breath = Spell("Fire Breath", kind="ability", save=SpellSave("dex"), damage=(DamagePart("6d6", "fire"),))
    scene = board("dnd5e-2014").scene
    b = scene.token("B")
    assert b is not None
    scene = scene.edit(tokens=(replace(b, spells=(breath,), spell_dc=14),))
    form = HazardForm(scene)
    qtbot.addWidget(form)
    keys = [form.ability.itemData(i) for i in range(form.ability.count())]
    assert "token:B:Fire Breath" in keys and "spell:Fireball" in keys
    form.ability.setCurrentIndex(form.ability.findData("token:B:Fire Breath"))
    assert not form.damage.isEnabled()  # the ability's own damage
    assert form.ability_value().dc == 14  # the creature's spell DC
    form.ability.setCurrentIndex(form.ability.findData("spell:Fireball"))
    assert form.as_area.isEnabled()  # a sphere: it can be placed as its area
    form.dc.setValue(13)
    fireball = form.ability_value()
    assert fireball.dc == 13 and fireball.area is not None and fireball.range is None
    form.name.setText("")
    form.finish()
    assert form.draft is None and form.error.isVisibleTo(form) and "name" in form.error.text()


def test_escape_while_picking_places_nothing(make_window: Any) -> None:
    win = make_window("pf2e")
    win.hazards.act_place.trigger()
    win.hazards.form.ok_button.click()
    assert win.view.tool is win.hazards.tool
    press(win.view, view_point(win.view, (2, 2)))
    release(win.view, view_point(win.view, (2, 2)))
    assert win.hazards.tool.shown_cells() == (Cell(2, 2),)
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.view.tool is win.tools["select"]
    assert win.doc.state.hazards == () and win.doc.applied() == []


def test_a_5e_dart_trap_that_crits_asks_for_the_dice_twice_and_deals_them(qtbot: Any) -> None:
    """An attack hazard (a dart trap, +8 to hit, 1d4 piercing) rolls a natural 20 against Brann: the table
    asks for the critical damage with the dice rolled twice (2d4) and Resolve deals that, not the 1d4 (SRD
    5.1 "Critical Hits": roll all of the attack's damage dice twice)."""
    from desktop.dialogs.hazard_dialog import HazardDialog
    from rules.model.active_spells import Hazard
    from rules.model.spell import DamagePart, Spell

    doc = Document(board("dnd5e-2014"))
    dart = Spell(
        "Poison Dart", 0, kind="ability", attack=True, attack_bonus=8, damage=(DamagePart("1d4", "piercing"),)
    )
    doc.execute(PlaceHazard(Hazard("dart", "Dart Trap", dart, (Cell(2, 1),))))
    dialog = HazardDialog(doc, doc.state.hazards[0], "B")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.set_d20("B", 20)
    dialog.damage.set_typed([3])
    assert dialog.rows[0].cells["result"].text() == "critical hit"
    assert dialog.crit_damage.isVisible() and not dialog.ok_button.isEnabled()
    assert dialog.crit_damage.formula is not None and dialog.crit_damage.formula.render() == "2d4 piercing"
    dialog.crit_damage.set_typed([7])
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    settle()
    assert isinstance(doc.applied()[-1].command, TriggerHazard)
    assert doc.scene.token("B").hp == 30 - 7  # type: ignore[union-attr]


def test_a_cone_trap_is_placed_with_its_origin_then_the_way_it_faces(make_window: Any) -> None:
    """A flame jet (a 15-foot cone): the first click fixes its point (a grid corner), the mouse turns it, the
    second click places it facing the mouse; the trap then covers what that cone covers (the engine's aim)."""
    win = make_window("pf2e")
    doc = win.doc
    win.hazards.open_form(None)
    form = win.hazards.form
    form.name.setText("Flame Jet")
    form.damage.setText("2d6 fire")
    form.shape.setCurrentIndex(form.shape.findData("cone"))
    form.feet.setValue(15)
    form.as_area.setChecked(True)
    form.ok_button.click()
    tool = win.hazards.tool
    assert tool.aimed and "comes from" in tool.hint()
    origin = win.view.mapFromScene(QPointF(2 * CELL + 2, 3 * CELL - 2))  # near the corner (2, 3)
    press(win.view, origin)
    release(win.view, origin)
    assert doc.state.hazards == () and "faces" in tool.hint()  # the first click places nothing
    south = win.view.mapFromScene(QPointF(2 * CELL, 5.5 * CELL))  # straight down from the corner
    move(win.view, south)
    assert tool.direction == 90.0
    facing_south = set(tool.shown_cells())
    east = win.view.mapFromScene(QPointF(5.5 * CELL, 3 * CELL))
    move(win.view, east)
    assert tool.direction == 0.0 and set(tool.shown_cells()) != facing_south
    press(win.view, east)
    release(win.view, east)
    settle()
    (jet,) = doc.state.hazards
    assert jet.origin is not None and (jet.origin.x, jet.origin.y) == (2.0, 3.0) and jet.direction == 0.0
    assert all(c.x >= 2 for c in jet.cells)  # an eastward cone from x = 2
    aimed = aim_hazard(doc.state, jet, None).area_result
    assert aimed is not None
    assert set(jet.cells) == {c for c in aimed.cells if doc.scene.grid.contains(c.x, c.y)}
