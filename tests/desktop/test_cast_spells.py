"""Casting Fireball from the app in each system (issue 25, "Done when"): the caster's spell list (from the
token's context menu), the spell tool aimed with the spell's own shape and size showing the engine's
targets and reasons, the saves table typed per row, and OK executing one engine command — then the log,
the HP, the slot spent and one undo step.

The board: the caster W; B behind a full wall (no line of effect from the burst's point), C behind a low
wall (cover from the point: its save gets the cover bonus), D with fire resistance 5. The burst's point is
the grid corner (6, 5); every creature has 40 HP.

From the rules: each target saves on its own against one damage roll (Player Core "Basic Saving Throws";
SRD "Saving Throws" / "Fireball": half on a success); cover from the area's point adds to a Reflex /
Dexterity save (the engine's cover from the point: PF2e standard +2, 5e half cover +2 behind the low wall);
resistance comes off after the save (PF2e resistance 5; 5e resistance halves).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from desktop.document import Document
from desktop.look.style import CELL
from rules.geometry.coords import Cell, Point
from rules.io.bundled_spells import find_bundled
from rules.io.spells import import_spells
from rules.model.scene import Token, Wall
from rules.model.spell import Spell, SpellUsesLeft
from rules.model.state import GameState
from rules.play.cast_turn import CastSpell
from tests.desktop.helpers import move, press, release, settle, view_point
from tests.rules.play.helpers import scene_from
from tests.shared_data import need

ROOT = Path(__file__).resolve().parents[2]
RIGHT = Qt.MouseButton.RightButton
NONE = Qt.MouseButton.NoButton
MAP = """
W . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
"""
PF2E_SAVES = (("fortitude", 5), ("reflex", 6), ("will", 4))
DC = {"pf2e": 20, "dnd5e-2014": 15, "dnd5e-2024": 15}


def shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fireball(system: str) -> Spell:
    if system == "pf2e":
        path = need("spell-samples", "pf2e-foundry", "fireball.json")
        (owned,) = import_spells(path, "pf2e")
        return owned.spell
    spell = find_bundled(system, "fireball")
    assert spell is not None
    return spell


def board(system: str) -> GameState:
    stats: dict[str, object] = (
        {"saves": PF2E_SAVES} if system == "pf2e" else {"abilities": (("dex", 10), ("con", 10), ("wis", 10))}
    )
    caster = {
        "spell_dc": DC[system],
        "spell_attack": 6,
        "side": "party",
        "name": "Wizard",
        "level": 7,
        "spells": (fireball(system),),
        "spell_uses": SpellUsesLeft(slots=((3, 2, 0), (4, 1, 0))),
        **stats,
    }
    scene = scene_from(MAP, system, W=caster)
    foe = {"hp": 40, "max_hp": 40, "ac": 14, "side": "enemies", **stats}
    tokens = (
        *scene.tokens,
        Token("B", Cell(8, 4), name="Behind the wall", **foe),  # type: ignore[arg-type]
        Token("C", Cell(6, 7), name="Behind the low wall", **foe),  # type: ignore[arg-type]
        Token("D", Cell(4, 5), name="Fire-resistant", resistances=(("fire", 5),), **foe),  # type: ignore[arg-type]
    )
    walls = (Wall(Point(8, 2), Point(8, 7)), Wall(Point(6, 7), Point(7, 7), kind="low"))
    return GameState(scene.edit(tokens=tokens, walls=walls))


@pytest.fixture
def make_window(qtbot: Any) -> Any:
    from desktop.window.main_window import MainWindow

    def make(system: str, state: GameState | None = None) -> Any:
        win = MainWindow(Document(state if state is not None else board(system)), autosave=False)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        win.view.popup_menus = False
        win.resize(1400, 900)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        return win

    return make


def open_spell_list(win: Any) -> Any:
    view = win.view
    p = view_point(view, (0, 0))
    press(view, p, button=RIGHT)
    release(view, p, button=RIGHT)
    menu = view.last_context_menu
    assert menu is not None
    (entry,) = [a for a in menu.actions() if a.objectName() == "menuSpells"]
    entry.trigger()
    return win.spells.lists["W"]


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2014", "dnd5e-2024"])
def test_fireball_from_the_spell_list_onto_three_creatures(make_window: Any, system: str) -> None:
    win = make_window(system)
    doc = win.doc
    before = doc.state
    # 1. the spell list: Fireball with its slots and a higher level to heighten it to
    spells = open_spell_list(win)
    assert [r.name for r in spells.rows] == ["Fireball"]
    spells.select("Fireball")
    levels = [spells.level.itemData(i) for i in range(spells.level.count())]
    assert levels == [3, 4]
    slots = "2 of 2 rank 3 slots left" if system == "pf2e" else "2 of 2 level 3 slots left"
    assert slots in spells.tree.topLevelItem(0).text(3)
    spells.search.setText("nothing like it")
    assert spells.tree.topLevelItem(0).isHidden()
    spells.search.setText("fire")
    assert not spells.tree.topLevelItem(0).isHidden()
    if system == "pf2e":
        spells.grab().save(str(shots() / "spell-list-pf2e.png"))
    # 2. choosing it starts the spell tool with the spell's shape and size
    assert spells.cast_selected()
    tool = win.spells.tool
    assert win.view.tool is tool
    assert win.tool_actions["area"].isChecked() and win._tool_label.text() == "Cast Fireball"
    assert tool.form is not None and tool.form.area is not None
    assert tool.form.area.feet == 20 and tool.form.area.shape == ("burst" if system == "pf2e" else "sphere")
    point = win.view.mapFromScene(QPointF(6 * CELL + 3, 5 * CELL - 2))  # near the corner (6, 5)
    move(win.view, point, buttons=NONE)
    aim = tool.aim
    assert aim is not None, tool.problem
    assert [t.id for t in aim.targets] == ["C", "D"]
    assert aim.excluded == (("B", "no line of effect"),)
    cover = {t.id: t.cover for t in aim.targets}
    assert cover["C"] not in ("none", "") and cover["D"] == "none"
    captions = {m.caption for m in tool.marks.marks}
    assert "no line of effect" in captions and f"{cover['C']} cover" in captions
    # the Player Screen shows the template being aimed (squares the players know: no fog here)
    shown = win.player_screen.player_scene.view_value.template
    assert shown is not None and not shown.cast and shown.label == "Fireball"
    assert set(shown.cells) == set(aim.area_result.affected_cells)
    if system == "pf2e":
        win.grab().save(str(shots() / "aimed-template-pf2e.png"))
        win.show_dock(win.player_screen.preview)
        settle()
        win.player_screen.preview_view.grab().save(str(shots() / "player-screen-aimed-pf2e.png"))
    # 3. a click opens the saves table: one row per target
    press(win.view, point)
    release(win.view, point)
    dialog = win.spells.cast_dialog
    assert dialog is not None
    assert [r.token_id for r in dialog.rows] == ["C", "D"]
    assert not dialog.ok_button.isEnabled()  # nothing rolled yet
    dialog.set_d20("C", 13)  # a success only thanks to its cover (PF2e 13+6+cover ≥ 20; 5e 13+0+2 ≥ 15)
    dialog.set_d20("D", 8)  # a failure (PF2e 14 against 20: not by 10, so no critical failure)
    dialog.damage.set_typed([24])  # the damage rolled once at the table
    assert dialog.ok_button.isEnabled()
    rows = {r.token_id: r for r in dialog.rows}
    assert rows["C"].cells["result"].text() == "success"
    assert rows["D"].cells["result"].text() == "failure"
    expected = {"C": 40 - 12, "D": 40 - (24 - 5 if system == "pf2e" else 12)}
    assert rows["C"].cells["hp"].text().startswith(f"40 → {expected['C']}")
    assert rows["D"].cells["hp"].text().startswith(f"40 → {expected['D']}")
    if system == "pf2e":
        dialog.grab().save(str(shots() / "saves-table-pf2e.png"))
    else:
        dialog.grab().save(str(shots() / f"saves-table-{system}.png"))
    # 4. OK: one engine command, one log entry explaining every target
    n_undo = len(doc.applied())
    dialog.ok_button.click()
    settle()
    assert win.spells.cast_dialog is None and win.view.tool is win.tools["select"]
    assert len(doc.applied()) == n_undo + 1
    assert isinstance(doc.applied()[-1].command, CastSpell)
    hp = {tid: doc.scene.token(tid).hp for tid in "BCD"}
    assert hp == {"B": 40, **expected}
    log = doc.log[-1]
    assert log.startswith("Wizard casts Fireball")
    assert "B: not affected (no line of effect)" in log
    for name in ("Behind the low wall:", "Fire-resistant:"):
        assert name in log
    assert "cover" in log.split("Behind the low wall:")[1].split("\n")[0]
    assert doc.scene.token("W").spell_uses.slots_left(3) == 1
    # the Player Screen keeps the cast template
    shown = win.player_screen.player_scene.view_value.template
    assert shown is not None and shown.cast
    if system == "pf2e":
        settle()
        win.player_screen.preview_view.grab().save(str(shots() / "player-screen-cast-pf2e.png"))
    # one undo brings everything back
    doc.undo()
    assert doc.state.scene == before.scene


def test_a_refused_cast_changes_nothing_and_says_why(make_window: Any) -> None:
    win = make_window("dnd5e-2014")
    doc = win.doc
    spent = SpellUsesLeft(slots=((3, 2, 2), (4, 1, 1)))
    from rules.play.spell_book import SetSpellUses

    assert doc.execute(SetSpellUses("W", spent)) is not None
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert not spells.cast_button.isEnabled()  # no slot left: the list says so
    assert "no level 3 spell slot left" in spells.detail.text()
    assert not spells.cast_selected()
    assert win.view.tool is win.tools["select"]


def test_escape_stops_aiming_and_takes_the_template_off_the_player_screen(make_window: Any) -> None:
    win = make_window("dnd5e-2024")
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert spells.cast_selected()
    point = win.view.mapFromScene(QPointF(6 * CELL, 5 * CELL))
    move(win.view, point, buttons=NONE)
    assert win.player_screen.player_scene.view_value.template is not None
    press(win.view, point, button=RIGHT)
    release(win.view, point, button=RIGHT)
    assert win.view.tool is win.tools["select"]
    assert win.player_screen.player_scene.view_value.template is None
    assert win.doc.applied() == []


def test_the_inspector_opens_the_spell_list_of_the_selected_creature(make_window: Any) -> None:
    win = make_window("pf2e")
    win.map_scene.select_ids(["W"])
    button = win.inspector.spells_button
    assert button.isEnabled() and "(1)" in button.text()
    button.click()
    assert win.spells.lists["W"].isVisible()
    win.map_scene.select_ids(["B"])
    assert not win.inspector.spells_button.isEnabled()  # B has no spells


def test_shots_of_the_compendium_spells_tab(make_window: Any) -> None:
    win = make_window("dnd5e-2024")
    dock = win.compendium.dock
    win.show_dock(dock)
    dock.tabs.setCurrentWidget(dock.spells_tab)
    tab = dock.spell_list()
    tab.search.setText("fire")
    settle()
    assert tab.visible_spells()
    dock.grab().save(str(shots() / "compendium-spells-5e-2024.png"))


def test_a_targeted_spell_is_aimed_by_clicking_its_target(make_window: Any) -> None:
    win = make_window("dnd5e-2014")
    doc = win.doc
    bolt = find_bundled("dnd5e-2014", "Fire Bolt")
    assert bolt is not None
    from rules.play.spell_book import GiveSpells

    assert doc.execute(GiveSpells("W", (bolt,))) is not None
    spells = open_spell_list(win)
    spells.select("Fire Bolt")
    assert spells.cast_selected()
    tool = win.spells.tool
    assert not tool.is_area and tool.most_targets == 1
    # B behind the full wall: the engine refuses it and says why; D can be targeted
    tool.toggle_target("B")
    assert tool.target_ids == () and tool.problem == "B has total cover from W"  # 5e: total cover
    assert win.spells.cast_dialog is None
    p = view_point(win.view, (4, 5))
    press(win.view, p)
    release(win.view, p)
    dialog = win.spells.cast_dialog
    assert dialog is not None and [r.token_id for r in dialog.rows] == ["D"]
    # a level 7 caster's Fire Bolt is 2d10; a natural 20 is a critical hit: the table asks for the damage
    # with the dice twice (4d10)
    assert "2d10 fire" in dialog.header.text()
    dialog.set_d20("D", 20)
    dialog.damage.set_typed([7])
    assert dialog.rows[0].cells["result"].text() == "critical hit"
    assert dialog.crit_damage.isVisible() and not dialog.ok_button.isEnabled()
    assert dialog.crit_damage.formula is not None and dialog.crit_damage.formula.render() == "4d10 fire"
    dialog.crit_damage.set_typed([15])
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").hp == 40 - 7  # 15 fire halved by its resistance (rounded down)


def test_a_dragons_breath_from_the_bestiary_is_a_cone_from_its_space_and_recharges(make_window: Any) -> None:
    from desktop.paths import assets_dir
    from rules.io.creature_json import token_from_creature
    from rules.io.creatures.compendium import bundled_creatures
    from rules.play.edits import AddTokens

    dragon = next(
        c for book, c in bundled_creatures(assets_dir()) if book == "SRD 5.1" and c.name == "Young Red Dragon"
    )
    win = make_window("dnd5e-2014")
    doc = win.doc
    token = token_from_creature(dragon, "dragon", (1, 4), "enemies")
    assert doc.execute(AddTokens((token,))) is not None
    spells = win.spells.open_spell_list("dragon")
    spells.select("Fire Breath")
    assert "Recharge 5–6: ready" in spells.tree.topLevelItem(0).text(3)
    assert not spells.recharge_button.isVisible()
    assert spells.cast_selected()
    tool = win.spells.tool
    assert tool.form is not None and tool.form.area is not None
    assert (tool.form.area.shape, tool.form.area.feet) == ("cone", 30)
    # aim east, toward the fire-resistant creature D at (4, 5)
    point = win.view.mapFromScene(QPointF(6 * CELL, 5 * CELL))
    move(win.view, point, buttons=NONE)
    aim = tool.aim
    assert aim is not None and aim.area is not None and aim.area.shape == "cone"
    assert "D" in [t.id for t in aim.targets] and "dragon" not in [t.id for t in aim.targets]
    press(win.view, point)
    release(win.view, point)
    dialog = win.spells.cast_dialog
    assert dialog is not None
    for row in dialog.rows:
        dialog.set_d20(row.token_id, 1)
    dialog.damage.set_typed([56])
    dialog.free.setChecked(True)  # it's not the dragon's turn in free mode: the GM's call
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").hp == 40 - 28  # 56 fire halved by its resistance
    assert doc.log[-1].startswith("Young Red Dragon") or "Fire Breath" in doc.log[-1]
    # spent: the list says so and offers the recharge roll
    spells = win.spells.open_spell_list("dragon")
    assert "spent" in spells.tree.topLevelItem(0).text(3) and not spells.cast_button.isEnabled()
    assert spells.recharge_button.isVisible()
    spells.recharge_d6.setValue(4)  # not enough
    spells.recharge_button.click()
    assert "doesn't recharge (d6 4)" in doc.log[-1]
    spells.recharge_d6.setValue(5)
    spells.recharge_button.click()
    assert "recharges (d6 5)" in doc.log[-1]
    assert "ready" in spells.tree.topLevelItem(0).text(3) and spells.cast_button.isEnabled()


def test_a_concentration_spell_shows_its_condition_and_is_kept_up_until_ended(make_window: Any) -> None:
    from rules.play.spell_book import GiveSpells

    win = make_window("dnd5e-2024")
    doc = win.doc
    hold = find_bundled("dnd5e-2024", "Hold Person")
    assert hold is not None and hold.concentration
    assert doc.execute(GiveSpells("W", (hold,))) is not None
    spells = open_spell_list(win)
    spells.select("Hold Person")
    assert spells.level.count() >= 2  # a higher slot adds a target
    assert spells.level.currentData() == 3  # no level 2 slot: the first level it can be paid for
    assert spells.cast_selected()
    tool = win.spells.tool
    assert tool.most_targets == 2  # heightened: one more target
    tool.toggle_target("D")
    assert win.spells.cast_dialog is None  # one target of two: Enter casts with fewer
    from PySide6.QtTest import QTest

    QTest.keyClick(win.view, Qt.Key.Key_Return)
    dialog = win.spells.cast_dialog
    assert dialog is not None and [r.token_id for r in dialog.rows] == ["D"]
    assert not dialog.damage.isVisible()  # no damage to roll
    dialog.set_d20("D", 3)
    row = dialog.rows[0]
    assert row.cells["result"].text() == "failure" and row.cells["conditions"].text() == "paralyzed"
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").has_condition("paralyzed")
    assert "Wizard is concentrating on Hold Person" in doc.log[-1]
    spells = win.spells.open_spell_list("W")
    assert spells.kept_list.count() == 1 and "concentrating on Hold Person" in spells.kept_list.item(0).text()
    spells.kept_list.setCurrentRow(0)
    spells.end_button.click()
    assert not doc.scene.token("D").has_condition("paralyzed")
    assert spells.kept_list.count() == 0


def test_a_creature_without_the_save_gets_its_modifier_typed_in_its_row(make_window: Any) -> None:
    from rules.play.edits import AddTokens

    win = make_window("pf2e")
    doc = win.doc
    bare = Token("E", Cell(5, 3), name="Bare token", hp=30, max_hp=30, side="enemies")
    assert doc.execute(AddTokens((bare,))) is not None
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert spells.cast_selected()
    point = win.view.mapFromScene(QPointF(6 * CELL + 3, 5 * CELL - 2))
    move(win.view, point, buttons=NONE)
    press(win.view, point)
    release(win.view, point)
    dialog = win.spells.cast_dialog
    assert dialog is not None
    rows = {r.token_id: r for r in dialog.rows}
    assert rows["E"].mod is not None and rows["C"].mod is None and rows["D"].mod is None
    for tid, d20 in (("C", 13), ("D", 8), ("E", 10)):
        dialog.set_d20(tid, d20)
    dialog.damage.set_typed([24])
    assert not dialog.ok_button.isEnabled()  # E's Reflex is still unknown
    dialog.set_modifier("E", 10)  # 10 + 10 = 20 against DC 20: a success
    assert dialog.ok_button.isEnabled()
    assert rows["E"].cells["result"].text() == "success" and rows["E"].cells["total"].text() == "20"
    dialog.ok_button.click()
    settle()
    e = doc.scene.token("E")
    assert e is not None and e.hp == 30 - 12 and ("reflex", 10) in e.saves
    assert "Bare token's reflex save +10 (typed at the table)" in doc.log[-1]
    doc.undo()
    assert doc.scene.token("E").saves == () and doc.scene.token("E").hp == 30


def test_damage_to_a_concentrating_caster_asks_for_its_constitution_save(make_window: Any) -> None:
    from rules.play.spell_book import GiveSpells
    from rules.play.table import ApplyDamage

    win = make_window("dnd5e-2014")
    doc = win.doc
    hold = find_bundled("dnd5e-2014", "Hold Person")
    assert hold is not None
    assert doc.execute(GiveSpells("W", (hold,))) is not None
    spells = open_spell_list(win)
    spells.select("Hold Person")
    assert spells.cast_selected()
    win.spells.tool.toggle_target("D")
    win.spells.tool.confirm()
    dialog = win.spells.cast_dialog
    assert dialog is not None
    dialog.set_d20("D", 2)
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").has_condition("paralyzed")
    assert win.spells.concentration_dialog is None
    from rules.systems.damage import DamageEntry

    assert doc.execute(ApplyDamage("W", (DamageEntry(12, "fire"),))) is not None
    ask = win.spells.concentration_dialog
    assert ask is not None and "DC 10" in ask.windowTitle()
    ask.set_die("d20", 4)  # 4 + Con 0 < 10: concentration ends
    ask.resolve()
    assert "lost concentration" in doc.log[-1]
    assert not doc.scene.token("D").has_condition("paralyzed")


def test_an_emanation_is_around_its_caster_at_once_and_a_click_casts_it(make_window: Any) -> None:
    from rules.model.spell import DamagePart, SpellArea, SpellSave
    from rules.play.spell_book import GiveSpells

    win = make_window("pf2e")
    doc = win.doc
    ring = Spell(
        "Ring of Fire",
        2,
        area=SpellArea("emanation", 10),
        save=SpellSave("reflex", basic=True),
        damage=(DamagePart("2d6", "fire"),),
        dc=18,
    )
    assert doc.execute(GiveSpells("D", (ring,))) is not None
    spells = win.spells.open_spell_list("D")
    spells.select("Ring of Fire")
    assert spells.cast_selected()
    tool = win.spells.tool
    aim = tool.aim
    assert aim is not None and aim.area is not None and aim.area.shape == "emanation"
    assert "D" not in [t.id for t in aim.targets]  # an emanation leaves its creator out
    assert "C" not in [t.id for t in aim.targets]  # C is 2 squares and more away
    p = view_point(win.view, (9, 1))  # anywhere: the emanation is around its caster
    press(win.view, p)
    release(win.view, p)
    assert win.spells.cast_dialog is not None


def test_the_aim_and_the_saves_table_follow_the_board(make_window: Any) -> None:
    from rules.play.moves import MoveToken

    win = make_window("dnd5e-2024")
    doc = win.doc
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert spells.cast_selected()
    point = win.view.mapFromScene(QPointF(6 * CELL + 3, 5 * CELL - 2))
    move(win.view, point, buttons=NONE)
    tool = win.spells.tool
    assert [t.id for t in tool.aim.targets] == ["C", "D"]
    # D walks out of the sphere while the GM aims: the tool asks the engine again
    assert doc.execute(MoveToken("D", (Cell(0, 8),), free=True)) is not None
    assert [t.id for t in tool.aim.targets] == ["C"]
    doc.undo()
    assert [t.id for t in tool.aim.targets] == ["C", "D"]
    press(win.view, point)
    release(win.view, point)
    dialog = win.spells.cast_dialog
    dialog.set_d20("C", 13)
    dialog.set_d20("D", 8)
    # with the table open, D is moved out: its row goes, C keeps its typed d20
    assert doc.execute(MoveToken("D", (Cell(0, 8),), free=True)) is not None
    assert [r.token_id for r in dialog.rows] == ["C"] and dialog.rows[0].d20.value() == 13
    dialog.damage.set_typed([24])
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").hp == 40 and doc.scene.token("C").hp == 40 - 12


def test_a_hero_point_rerolls_a_save_in_its_row(make_window: Any) -> None:
    from rules.dice import ScriptedDice
    from rules.play.rolls import SetHeroPoints

    win = make_window("pf2e")
    doc = win.doc
    assert doc.execute(SetHeroPoints("D", 1)) is not None
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert spells.cast_selected()
    point = win.view.mapFromScene(QPointF(6 * CELL + 3, 5 * CELL - 2))
    move(win.view, point, buttons=NONE)
    press(win.view, point)
    release(win.view, point)
    dialog = win.spells.cast_dialog
    assert dialog.reroll_button.isVisible() and not dialog.reroll_button.isEnabled()  # nobody rolled yet
    dialog.set_d20("C", 13)
    dialog.set_d20("D", 8)
    assert [dialog.reroll_who.itemData(i) for i in range(dialog.reroll_who.count())] == ["D"]
    dialog.dice = ScriptedDice([17])
    dialog.reroll_button.click()
    row = next(r for r in dialog.rows if r.token_id == "D")
    assert row.d20.value() == 17 and row.cells["result"].text() == "success"
    assert doc.scene.token("D").hero_points == 0
    assert dialog.reroll_who.count() == 0  # no Hero Point left


def test_a_spell_kept_as_text_still_spends_its_slot_and_starts_concentration(make_window: Any) -> None:
    from rules.play.spell_book import GiveSpells

    win = make_window("dnd5e-2014")
    doc = win.doc
    bless = find_bundled("dnd5e-2014", "Bless")
    assert bless is not None and bless.reason and bless.concentration
    assert doc.execute(GiveSpells("W", (bless,))) is not None
    spells = open_spell_list(win)
    spells.select("Bless")
    assert "Kept as text" in spells.detail.text()
    assert spells.cast_selected()
    win.spells.tool.toggle_target("W")
    win.spells.tool.confirm()
    dialog = win.spells.cast_dialog
    assert dialog is not None and dialog.text_note.isVisible()
    assert dialog.ok_button.isEnabled()  # nothing to roll
    dialog.ok_button.click()
    settle()
    w = doc.scene.token("W")
    assert w is not None and w.spell_uses.slots_left(3) == 1  # no level 1 slot tracked: a level 3 one
    assert "Wizard is concentrating on Bless" in doc.log[-1]


def test_a_pf2e_sustained_spell_is_sustained_from_the_spell_list(make_window: Any) -> None:
    from rules.dice import ScriptedDice
    from rules.model.spell import Lasting, SpellEffect, SpellSave
    from rules.play.turns import start_encounter

    glare = Spell(
        "Glare",
        1,
        range=60,
        save=SpellSave("will"),
        effects=(("failure", (SpellEffect("frightened 1"),)),),
        sustained=True,
        duration=Lasting("rounds", 10),
    )
    state = board("pf2e")
    w = state.token("W")
    assert w is not None
    state = state.with_scene(
        state.scene.edit(
            tokens=tuple(
                t if t.id != "W" else replace(t, spells=(*t.spells, glare)) for t in state.scene.tokens
            )
        )
    )
    state, _ = start_encounter(state, ScriptedDice([]), rolls={"W": 20, "B": 10, "C": 8, "D": 5})
    win = make_window("pf2e", state)
    doc = win.doc
    spells = open_spell_list(win)
    spells.select("Glare")
    assert spells.cast_selected()
    win.spells.tool.toggle_target("D")  # one target: cast at once
    dialog = win.spells.cast_dialog
    assert dialog is not None
    dialog.set_d20("D", 12)  # 12 + 4 = 16 against DC 20: a failure
    assert dialog.ok_button.isEnabled(), dialog.summary.text()
    dialog.ok_button.click()
    settle()
    assert doc.scene.token("D").has_condition("frightened"), (doc.last_refusal, doc.log[-1])
    spells = open_spell_list(win)
    assert spells.kept_list.count() == 1 and "sustaining Glare" in spells.kept_list.item(0).text()
    spells.kept_list.setCurrentRow(0)
    assert spells.sustain_button.isEnabled()
    spells.sustain_button.click()
    assert doc.log[-1] == "Wizard sustains Glare"


def test_slots_left_are_set_by_hand_in_the_spell_list(make_window: Any) -> None:
    win = make_window("dnd5e-2024")
    doc = win.doc
    spells = open_spell_list(win)
    assert set(spells.slot_boxes) == {3, 4} and spells.focus_box is None
    box = spells.slot_boxes[3]
    assert box.value() == 2 and box.maximum() == 2
    box.setValue(1)
    box.setValue(0)
    assert doc.scene.token("W").spell_uses.slots_left(3) == 0
    assert len([e for e in doc.applied() if "by hand" in e.log]) == 1  # typing is one undo step
    spells.select("Fireball")
    levels = {spells.level.itemData(i): i for i in range(spells.level.count())}
    assert spells.level.currentData() == 4  # no level 3 slot left: the list offers level 4 first
    assert "(can't now)" in spells.level.itemText(levels[3])
    doc.undo()
    assert doc.scene.token("W").spell_uses.slots_left(3) == 2 and spells.slot_boxes[3].value() == 2


def test_choosing_another_spell_while_aiming_aims_that_one(make_window: Any) -> None:
    win = make_window("dnd5e-2014")
    bolt = find_bundled("dnd5e-2014", "Fire Bolt")
    assert bolt is not None
    from rules.play.spell_book import GiveSpells

    assert win.doc.execute(GiveSpells("W", (bolt,))) is not None
    spells = open_spell_list(win)
    spells.select("Fireball")
    assert spells.cast_selected()
    point = win.view.mapFromScene(QPointF(6 * CELL, 5 * CELL))
    move(win.view, point, buttons=NONE)
    press(win.view, point)
    release(win.view, point)
    assert win.spells.cast_dialog is not None
    spells = open_spell_list(win)
    spells.select("Fire Bolt")
    assert spells.cast_selected()
    tool = win.spells.tool
    assert win.view.tool is tool and tool.spell is not None and tool.spell.name == "Fire Bolt"
    assert win.spells.cast_dialog is None and tool.aim is None and not tool.marks.marks
    assert len(win.doc.applied()) == 1  # giving Fire Bolt: nothing was cast
