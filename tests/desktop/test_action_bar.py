"""The action bar (turn HUD) under the map: it draws what the engine answers for the selected creature,
its buttons run the same commands as the token menu with their cost, a refused one is disabled with the
engine's sentence, the GM's free action overrides it, and the screenshots mid-turn in PF2e and in 5e are
written for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QToolButton

from desktop.docks.action_bar import ActionBar
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.geometry.coords import Cell
from rules.model.state import GameState
from rules.play.moves import MoveToken
from rules.play.table import AttackRoll
from rules.play.turns import start_encounter
from tests.desktop.helpers import ascii_scene

ROOT = Path(__file__).resolve().parents[2]
PICTURE = """
........
.Ab.....
.Cd.....
........
"""
SWORD = {"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}
DAGGER = {"name": "dagger", "bonus": 9, "damage": "1d4+4 piercing", "traits": ["agile", "finesse", "light"]}


def _shots() -> Path:
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _state(system: str) -> GameState:
    fighter = {"name": "Valeros", "hp": 30, "max_hp": 30, "ac": 18, "speed": 25, "attacks": [SWORD, DAGGER]}
    if system != "pf2e":
        fighter = {**fighter, "speed": 30, "attacks_per_action": 2}
    goblin = {"name": "Goblin", "hp": 7, "max_hp": 7, "ac": 13, "speed": 25}
    scene = ascii_scene(
        PICTURE,
        system,
        {
            "A": fighter,
            "b": goblin,
            "C": {"name": "Kyra", "hp": 20, "max_hp": 20, "ac": 15, "speed": 25},
            "d": {**goblin, "name": "Goblin 2"},
        },
    )
    state, _lines = start_encounter(
        GameState(scene), ScriptedDice([]), rolls={"A": 20, "b": 15, "C": 10, "d": 5}
    )
    return state


def _button(bar: ActionBar, key: str) -> QToolButton:
    widget = bar.widgetForAction(bar.buttons[key])
    assert isinstance(widget, QToolButton)
    return widget


def test_pf2e_bar_mid_turn_draws_the_engines_economy(qtbot: Any) -> None:
    doc = Document(_state("pf2e"))
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.show_token("A")
    bar.resize(1500, 48)  # room for every two-line button (a narrower bar shows the names only)
    bar.show()
    assert not bar.compact
    assert [g.kind for g in bar.gauge_strip.gauges] == ["actions", "reaction", "map"]
    assert "1 action" in bar.buttons["take-cover"].text() and "2 actions" in bar.buttons["ready"].text()
    doc.execute(AttackRoll("A", "b", "longsword", (15,)))
    _settle()
    actions, _reaction, map_ = bar.gauge_strip.gauges
    assert (actions.left, actions.total) == (2, 3)
    assert (map_.left, map_.total) == (-5, -4)
    assert bar.left_label.toolTip() == "2 actions left · reaction ready"
    # Raise a Shield: A has no shield, so the engine refuses it; the tooltip carries its sentence
    shield = bar.buttons["raise-shield"]
    assert not shield.isEnabled() and "shield" in shield.toolTip().lower()
    # a button runs the command and spends its cost (Seek: one action)
    bar.run("seek")
    _settle()
    assert bar.gauge_strip.gauges[0].left == 1
    assert doc.state.ledger("A") is not None and doc.state.ledger("A").actions == 1  # type: ignore[union-attr]
    assert not bar.buttons["ready"].isEnabled()  # Ready takes 2 actions: refused with the economy's words
    assert "1 action left" in bar.buttons["ready"].toolTip()
    path = _shots() / "action-bar-pf2e-mid-turn.png"
    assert bar.grab().save(str(path))


def test_free_action_override_enables_and_spends_nothing(qtbot: Any) -> None:
    doc = Document(_state("pf2e"))
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.show_token("A")
    for _ in range(3):
        bar.run("seek")
    assert doc.state.ledger("A").actions == 0  # type: ignore[union-attr]
    assert not bar.buttons["seek"].isEnabled()
    refused_before = len(doc.log)
    bar.free_box.setChecked(True)
    assert bar.buttons["seek"].isEnabled()
    bar.run("seek")
    assert len(doc.log) == refused_before + 1 and "free action" in doc.log[-1]
    assert doc.state.ledger("A").actions == 0  # type: ignore[union-attr]


def test_a_refusal_is_shown_in_the_bar_with_the_engines_sentence(qtbot: Any) -> None:
    doc = Document(_state("pf2e"))
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.show_token("C")  # not C's turn: Seek is refused, and pressing it anyway says why
    assert not bar.buttons["seek"].isEnabled()
    bar.run("seek")
    assert doc.last_refusal is not None and "turn" in doc.last_refusal
    assert bar.left_label.toolTip() == "⚠ " + doc.last_refusal
    assert "not its turn" in bar.name_label.text()


def test_5e_bar_mid_turn_shows_movement_and_attacks_left(qtbot: Any) -> None:
    doc = Document(_state("dnd5e-2014"))
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.show_token("A")
    bar.resize(1200, 48)
    bar.show()
    assert [g.kind for g in bar.gauge_strip.gauges] == ["action", "bonus-action", "movement", "reaction"]
    assert "delay" not in bar.buttons and "step" not in bar.buttons
    assert bar.buttons["strike"].text().startswith("Attack")
    doc.execute(MoveToken("A", (Cell(1, 0),)))
    doc.execute(AttackRoll("A", "b", "longsword", (15, 15)))
    _settle()
    kinds = {g.kind: g for g in bar.gauge_strip.gauges}
    assert kinds["action"].left == 0 and kinds["bonus-action"].left == 1
    assert (kinds["movement"].left, kinds["movement"].total) == (25, 30)
    assert (kinds["attacks"].left, kinds["attacks"].total) == (1, 2)
    dash = bar.buttons["dash"]
    assert not dash.isEnabled() and "already used its action" in dash.toolTip()
    assert bar.buttons["strike"].isEnabled()  # the second attack of the Attack action
    path = _shots() / "action-bar-5e-mid-turn.png"
    assert bar.grab().save(str(path))


def test_help_button_offers_allies_and_spends_the_action(qtbot: Any) -> None:
    doc = Document(_state("dnd5e-2014"))
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.popup_menus = False
    bar.show_token("A")
    bar.run("help")
    menu = bar.support_menu
    assert menu is not None
    entries = [a for a in menu.actions() if a.objectName() == "ally-C"]
    assert len(entries) == 1
    entries[0].trigger()
    assert doc.state.ledger("A").actions == 0  # type: ignore[union-attr]
    assert "action used" in bar.left_label.toolTip()


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2014"])
def test_window_shows_the_bar_of_the_selected_token(qtbot: Any, system: str) -> None:
    from desktop.window.main_window import MainWindow

    win = MainWindow(Document(_state(system)), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"  # closing at the end must not ask (the real question is modal)
    win.view.popup_menus = False
    win.action_bar.popup_menus = False
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    win.map_scene.select_ids(["A"])
    _settle()
    bar = win.action_bar
    assert bar.hud is not None and bar.hud.token_id == "A"
    win.doc.execute(AttackRoll("A", "b", "longsword", (15,) if system == "pf2e" else (15, 15)))
    win.doc.execute(MoveToken("A", (Cell(0, 1),)))
    _settle()
    win.view.fit()
    _settle()
    path = _shots() / f"gm-window-action-bar-{system}.png"
    assert win.grab().save(str(path))  # mid-turn: after a Strike and a move
    win.map_scene.select_ids(["C"])
    _settle()
    assert bar.hud is not None and bar.hud.token_id == "C"
    win.map_scene.select_ids(["A"])
    _settle()
    # End turn on the bar: the current creature's turn ends, the next begins (no prompt needed)
    bar.run("end-turn")
    _settle()
    assert win.doc.encounter is not None and win.doc.encounter.current_id == "b"
    win.map_scene.select_ids(["A"])
    _settle()
    # outside its turn the bar shows what its next turn gives and its reaction (only reactions now)
    assert not bar.hud.own_turn and "not its turn" in bar.name_label.text()
    assert bar.hud.gauges[0].left == bar.hud.gauges[0].total


def _skill_state() -> GameState:
    hero = {
        "name": "Valeros",
        "hp": 30,
        "max_hp": 30,
        "ac": 18,
        "skills": {"intimidation": 8, "medicine": 9},
        "perception": 6,
    }
    foe = {"name": "Goblin", "hp": 7, "max_hp": 7, "ac": 13, "saves": {"will": 4}, "perception": 5}
    scene = ascii_scene(PICTURE, "pf2e", {"A": hero, "b": foe, "C": {"name": "Kyra", "hp": 5, "max_hp": 20}})
    state, _lines = start_encounter(
        GameState(scene), ScriptedDice([]), rolls={"A": 20, "b": 15, "C": 10, "d": 5}
    )
    return state


def _entry(menu: Any, name: str) -> Any:
    for action in menu.actions():
        if action.objectName() == name:
            return action
        sub = action.menu()
        if sub is not None and sub.objectName() == name:
            return action
    raise AssertionError(f"{name} not in {[a.objectName() for a in menu.actions()]}")


def test_skills_button_demoralize_shows_the_dc_and_rolls_through_the_engine(qtbot: Any) -> None:
    from desktop.docks.action_bar import ActionBarHandlers
    from desktop.window.action_menu import OPEN_DIALOGS, add_skills_menu

    doc = Document(_skill_state())
    bar = ActionBar(doc)
    bar.handlers = ActionBarHandlers(
        skills=lambda menu, tid: add_skills_menu(menu, doc, tid, ScriptedDice([3, 4]), bar, flat=True)
    )
    qtbot.addWidget(bar)
    bar.show_token("A")
    assert "skills" in bar.buttons and bar.skills_menu is not None
    bar.skills_menu.aboutToShow.emit()
    demoralize = _entry(bar.skills_menu, "skill-demoralize")
    assert "1 action" in demoralize.text()
    target = _entry(demoralize.menu(), "target-b")
    assert "DC 14" in target.text()  # the Will DC, asked of the engine before the roll
    target.trigger()
    dialog = OPEN_DIALOGS[-1]
    qtbot.addWidget(dialog)
    assert "DC 14" in dialog.windowTitle()
    dialog.set_die("d20", 6)  # 6 + 8 = 14: success
    dialog.resolve()
    goblin = doc.scene.token("b")
    assert goblin is not None and goblin.condition_value("frightened") == 1
    assert "frightened 1" in dialog.result_label.text()
    assert bar.gauge_strip.gauges[0].left == 2
    # Battle Medicine on Kyra, DC 15: success heals 2d8 (3 + 4)
    bar.skills_menu.aboutToShow.emit()
    medicine = _entry(bar.skills_menu, "skill-battle-medicine")
    kyra = _entry(medicine.menu(), "target-C")
    _entry(kyra.menu(), "dc-15").trigger()
    heal = OPEN_DIALOGS[-1]
    qtbot.addWidget(heal)
    heal.set_die("d20", 10)
    heal.resolve()
    c = doc.scene.token("C")
    assert c is not None and c.hp == 12
    path = _shots() / "skill-action-dialog.png"
    assert heal.grab().save(str(path))


def test_token_menu_offers_the_skill_actions(window: Any) -> None:
    from PySide6.QtWidgets import QMenu

    from desktop.window.action_menu import add_actions_menu

    doc = window.doc
    current = doc.encounter.current_id if doc.encounter else doc.scene.tokens[0].id
    menu = QMenu()
    actions = add_actions_menu(menu, doc, current)
    assert actions is not None
    names = [a.menu().objectName() for a in actions.actions() if a.menu() is not None]
    assert "skillActionsMenu" in names


def test_a_sustained_effects_badge_sustains_it_with_an_action(qtbot: Any) -> None:
    from rules.model.effects import Effect, Ends
    from rules.play.effects import EditConditions
    from rules.play.turns import NextTurn

    doc = Document(_state("pf2e"))
    held = Effect("h", "b", "immobilized", ends=Ends.when_not_sustained("A"))
    doc.execute(EditConditions("b", ("immobilized",), (held,)))
    for _ in range(4):
        doc.execute(NextTurn(ScriptedDice([])))  # round 2: A's turn again
    bar = ActionBar(doc)
    qtbot.addWidget(bar)
    bar.show_token("A")
    bar.resize(1400, 48)
    bar.show()
    badge = _button(bar, "sustain:h")
    assert "Sustain immobilized on Goblin" in badge.text() and badge.isEnabled()
    badge.click()
    _settle()
    assert doc.state.ledger("A").actions == 2  # type: ignore[union-attr]
    assert not bar.buttons["sustain:h"].isEnabled()  # once a turn
    assert "already sustained" in bar.buttons["sustain:h"].toolTip()
    assert bar.grab().save(str(_shots() / "action-bar-sustain-badge.png"))


@pytest.mark.parametrize("system", ["pf2e", "dnd5e-2024"])
def test_maneuvers_and_spells_are_two_clicks_from_the_bar(qtbot: Any, system: str) -> None:
    """Issue 23 item 8: the bar's Maneuvers button lists each maneuver with the creatures in reach (two
    clicks to its dialog), and a caster's Spells button opens its spell list."""
    from dataclasses import replace

    from desktop.window.action_menu import OPEN_DIALOGS
    from desktop.window.main_window import MainWindow
    from rules.model.spell import Spell
    from rules.systems import system_for

    fighter = {"name": "Valeros", "hp": 30, "max_hp": 30, "ac": 18, "speed": 25, "attacks": [SWORD]}
    fighter |= {"skills": {"athletics": 9}, "abilities": {"str": 18}, "proficiency_bonus": 2}
    goblin = {"name": "Goblin", "hp": 7, "max_hp": 7, "ac": 13, "speed": 25}
    goblin |= {"saves": {"fortitude": 5, "reflex": 7} if system == "pf2e" else {"str": 0, "dex": 2}}
    scene = ascii_scene(PICTURE, system, {"A": fighter, "b": goblin, "C": {"name": "Kyra"}, "d": goblin})
    state, _lines = start_encounter(
        GameState(scene), ScriptedDice([]), rolls={"A": 20, "b": 15, "C": 10, "d": 5}
    )
    caster = state.scene.token("A")
    assert caster is not None
    bolt = Spell(name="Hostile Bolt", level=0, range=60, attack=True)
    state = state.with_scene(state.scene.replace_token(replace(caster, spells=(bolt,))))
    win = MainWindow(Document(state), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.action_bar.popup_menus = False
    win.show()
    qtbot.waitExposed(win)
    win.map_scene.select_ids(["A"])
    _settle()
    bar = win.action_bar
    assert "maneuvers" in bar.buttons and bar.maneuvers_menu is not None
    bar.maneuvers_menu.aboutToShow.emit()
    entries = {a.text(): a for a in bar.maneuvers_menu.actions()}
    assert entries, "the system's maneuvers are listed"
    first = next(a for a in entries.values() if a.menu() is not None)
    targets = {a.text().split(" — ")[0]: a for a in first.menu().actions()}
    assert "Goblin" in targets  # the goblin beside Valeros is in reach
    # the DC (or the contest) is shown before the roll, as the engine words it
    goblin, valeros = state.scene.token("b"), state.scene.token("A")
    assert goblin is not None and valeros is not None
    rules = system_for(win.doc.scene)
    key = next(k for k, label in rules.maneuver_choices if label == first.text())
    expected = rules.maneuver_dc(valeros, goblin, key)
    assert expected is not None and targets["Goblin"].text().endswith(str(expected))
    before = len(OPEN_DIALOGS)
    targets["Goblin"].trigger()
    assert len(OPEN_DIALOGS) == before + 1
    dialog = OPEN_DIALOGS[-1]
    qtbot.addWidget(dialog)
    assert "Goblin" in dialog.windowTitle()
    # it rolls with the app's dice (the window was once passed as the die source) and sits on the window
    assert callable(getattr(dialog.rng, "randint", None)) and dialog.parent() is win
    dialog.close()
    assert "spells" in bar.buttons
    bar.buttons["spells"].trigger()
    _settle()
    assert "A" in win.spells.lists and win.spells.lists["A"].isVisible()
    win.spells.lists["A"].close()
