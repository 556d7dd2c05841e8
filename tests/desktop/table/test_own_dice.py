"""A scripted encounter where one PC's player rolls their own dice (issue 26, "Physical dice everywhere"):
the attack dialog, the save table and the death-save prompt ask for the typed number, and the engine
explains the result. The app's dice are `ScriptedDice([])` wherever only the table should roll, so a roll
the app made by mistake fails the test."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.dice import TypedDiePrompt, app_dice, ask_or_roll
from desktop.docks.initiative_dock import InitiativeDock
from desktop.docks.inspector import InspectorDock
from desktop.docks.save_dialog import SaveDialog
from desktop.document import Document
from rules.dice import ScriptedDice
from rules.geometry.areas import AreaSpec
from rules.geometry.coords import Point
from rules.model.areas import PlacedArea
from rules.model.state import GameState
from rules.play.table import DealDamage
from rules.play.table_dice import SetOwnDice
from rules.play.turns import start_encounter
from rules.systems.damage import DamageEntry
from tests.desktop.table.dice_helpers import player_rolls
from tests.desktop.table_helpers import make_view
from tests.rules.ascii_maps import ascii_scene

BOARD = """
    ........
    ..Ao....
    .B......
    .....c..
"""
TOKENS = {
    "A": {
        "name": "Amiri",
        "pc": True,
        "hp": 20,
        "own_dice": True,
        "saves": {"reflex": 5, "dex": 2},
        "attacks": [{"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}],
    },
    "o": {"name": "Goblin", "hp": 30, "ac": 16, "saves": {"reflex": 4, "dex": 1}},
    "c": {"name": "Kyra", "pc": True, "hp": 12},
    "B": {"name": "Bandit", "hp": 20},
}


def test_the_attack_dialog_asks_the_player_and_explains_the_roll(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, tokens=TOKENS)
    state, _ = start_encounter(GameState(scene), ScriptedDice([]), rolls={"A": 20, "o": 5, "c": 3, "B": 1})
    doc = Document(state)
    dialog = AttackDialog(doc, "A", "o", dice=ScriptedDice([]))  # the app must not roll for Amiri
    qtbot.addWidget(dialog)
    dialog.show()
    with player_rolls(qtbot, [15, 6]) as amiri:
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        assert amiri.asked == ["Amiri rolls their own dice: type the d20 for the attack."]
        assert dialog.d20.value() == 15
        # 15 + 9 = 24 against AC 16: a success, explained by the engine's rows and the log
        assert dialog.rolled is not None and dialog.rolled.degree == "success"  # type: ignore[union-attr]
        assert "Success" in dialog.outcome.text()
        assert "longsword: success" in doc.log[-1] and "15" in doc.log[-1]
        qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
        assert amiri.asked[-1] == "Amiri rolls their own dice: type the d8 for the damage."
        assert "1d8[6]+4" in dialog.damage.result.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("o").hp == 30 - 10  # type: ignore[union-attr]


def test_the_save_table_asks_only_the_player_who_rolls_their_own(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, tokens=TOKENS)
    burst = PlacedArea(
        "area-1",
        AreaSpec("burst", 5, origin=Point(3, 1)),
        "Fireball",
        damage="2d6 fire",
        save="reflex",
        dc=18,
    )
    doc = Document(GameState(scene, areas=(burst,)))
    dialog = SaveDialog(doc, "area-1", dice_source=ScriptedDice([12]))  # the app rolls for the goblin only
    qtbot.addWidget(dialog)
    dialog.show()
    assert set(dialog.token_ids) == {"A", "o"}
    with player_rolls(qtbot, [4]) as amiri:
        qtbot.mouseClick(dialog.roll_saves, Qt.MouseButton.LeftButton)
    assert amiri.asked == ["Amiri rolls their own dice: type the d20 for the Reflex save against Fireball."]
    # Amiri's typed 4 + 5 = 9 against DC 18 fails; the goblin's rolled 12 + 4 = 16 fails too
    assert dialog.results["A"].d20 == 4 and dialog.results["A"].total == 9
    assert dialog.results["A"].outcome == "failure"
    assert dialog.results["o"].d20 == 12


def test_the_death_save_prompt_waits_for_the_typed_number(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, "dnd5e-2014", tokens={**TOKENS, "c": {**TOKENS["c"], "own_dice": True}})
    doc, _map_scene, _view = make_view(qtbot, scene)
    dock = InitiativeDock(doc, dice=ScriptedDice([]))
    dock.modal_dialogs = False  # type: ignore[attr-defined]
    qtbot.addWidget(dock)
    dock.show()
    for tid, d20 in {"A": 18, "o": 12, "c": 9, "B": 5}.items():
        dock.set_typed(tid, d20)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    dock.next_turn()  # Amiri → Goblin
    doc.execute(DealDamage("c", (DamageEntry(14, "slashing"),)))  # Kyra at 0 HP: death saves
    dialog = dock.next_turn()
    assert dialog is not None and dialog.start_d20 is not None
    assert dialog.start_d20.value() == 0 and dialog.start_d20.text() == "type it"  # not rolled: asked
    asks = dialog.findChild(QLabel, "asksForDice")
    assert asks is not None and "Kyra rolls their own dice" in asks.text()
    assert not dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.reroll_button, Qt.MouseButton.LeftButton)  # "Roll again" leaves Kyra's die
    assert dialog.start_d20.value() == 0
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or Path(__file__).resolve().parents[3] / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "death-save-typed.png"))
    dialog.start_d20.setValue(14)
    assert dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert doc.scene.token("c").death_saves == (1, 0)  # type: ignore[union-attr]
    assert "death save: 14, success" in doc.log[-1]


def test_the_inspector_sets_own_dice_and_initiative_asks_for_the_d20(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, tokens={**TOKENS, "A": {**TOKENS["A"], "own_dice": False}})
    doc, map_scene, view = make_view(qtbot, scene)
    inspector = InspectorDock(doc, map_scene)
    qtbot.addWidget(inspector)
    inspector.show()
    map_scene.select_ids(["A"])
    assert inspector.token_id == "A"
    assert not inspector.own_dice.isChecked()
    inspector.own_dice.setChecked(True)
    assert doc.scene.token("A").own_dice  # type: ignore[union-attr]
    assert "Amiri roll their own dice" in doc.log[-1]
    doc.undo()
    assert not doc.scene.token("A").own_dice  # type: ignore[union-attr]
    assert not inspector.own_dice.isChecked()
    doc.redo()
    dock = InitiativeDock(doc, map_scene, view, dice=ScriptedDice([7, 6, 5]))
    qtbot.addWidget(dock)
    dock.show()
    with player_rolls(qtbot, [17]) as amiri:
        qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    assert amiri.asked == ["Amiri rolls their own dice: type the d20 for initiative."]
    enc = doc.encounter
    assert enc is not None
    amiri_slot = next(c for c in enc.order if c.token_id == "A")
    assert amiri_slot.d20 == 17


def test_the_real_prompt_is_modal_and_roll_for_me_falls_back_to_the_app(qtbot: Any) -> None:
    doc = Document(GameState(ascii_scene(BOARD, tokens=TOKENS)))
    answers = [9, None]

    def answer() -> None:
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, TypedDiePrompt) and w.isVisible()]
        assert len(shown) == 1 and shown[0].isModal()
        prompt = shown[0]
        face = answers.pop(0)
        if face is None:
            prompt.roll_button.click()
        else:
            prompt.type_face(face)

    rng = ask_or_roll(doc.scene, "A", "a check", ScriptedDice([3]))
    QTimer.singleShot(0, answer)
    assert rng.randint(1, 20) == 9  # typed at the table
    QTimer.singleShot(0, answer)
    assert rng.randint(1, 20) == 3  # "Roll for me": the app's die
    assert ask_or_roll(doc.scene, "o", "a check") is app_dice()  # the goblin: the app rolls


def test_own_dice_is_an_undoable_command_of_the_document(qtbot: Any) -> None:
    doc = Document(GameState(ascii_scene(BOARD, tokens=TOKENS)))
    doc.execute(SetOwnDice(("o", "B"), True))
    assert [t.id for t in doc.scene.tokens if t.own_dice] == ["A", "o", "B"]
    doc.undo()
    assert [t.id for t in doc.scene.tokens if t.own_dice] == ["A"]


def test_the_check_dialog_asks_the_player_for_a_save(qtbot: Any) -> None:
    from tests.desktop.test_check_dialog import open_dialog, pf, scene

    sc = scene("pf2e", pf("gob", 1, name="Goblin", own_dice=True))
    d = open_dialog(qtbot, sc, [], "gob")  # the app must not roll
    d.kind.setCurrentIndex(d.kind.findData("save"))
    d.set_stat("reflex")
    d.dc.setValue(17)
    with player_rolls(qtbot, [12]) as player:
        qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert player.asked == ["Goblin rolls their own dice: type the d20 for the check."]
    [row] = d.results
    assert row.total == 19 and row.success  # 12 + 7 against DC 17, explained in the row


def test_persistent_damage_and_its_flat_check_wait_for_the_player(qtbot: Any) -> None:
    from rules.model.scene import PersistentDamage

    scene = ascii_scene(BOARD, tokens=TOKENS)
    doc, _map_scene, _view = make_view(qtbot, scene)
    dock = InitiativeDock(doc, dice=ScriptedDice([]))
    dock.modal_dialogs = False  # type: ignore[attr-defined]
    qtbot.addWidget(dock)
    dock.show()
    for tid, d20 in {"A": 18, "o": 12, "c": 9, "B": 5}.items():
        dock.set_typed(tid, d20)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    fire = (PersistentDamage("1d6", "fire"),)
    doc.execute(DealDamage("A", (DamageEntry(2, "slashing"),), persistent=fire))
    dialog = dock.next_turn()  # the end of Amiri's turn: her fire, rolled by her player
    assert dialog is not None and dialog.rows and dialog.rows[0].asked
    assert dialog.rows[0].amount is not None and dialog.rows[0].amount.text() == "type it"
    assert dialog.rows[0].flat.text() == "type it" and not dialog.ok_button.isEnabled()
    dialog.set_persistent("fire", amount=4)
    assert not dialog.ok_button.isEnabled()  # the flat check is still missing
    dialog.set_persistent("fire", flat=16)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.hp == 20 - 2 - 4 and amiri.persistent == ()  # 16 ≥ 15 ends it
    assert "flat check" in doc.log[-1] and "16" in doc.log[-1]


def test_an_area_cast_by_the_player_asks_them_for_its_damage(qtbot: Any) -> None:
    scene = ascii_scene(BOARD, tokens=TOKENS)
    burst = PlacedArea(
        "area-1",
        AreaSpec("burst", 5, origin=Point(5, 2)),
        "Fireball",
        damage="2d6 fire",
        save="reflex",
        dc=18,
        owner="A",
    )
    doc = Document(GameState(scene, areas=(burst,)))
    dialog = SaveDialog(doc, "area-1", dice_source=ScriptedDice([]))
    qtbot.addWidget(dialog)
    dialog.show()
    with player_rolls(qtbot, [5, 3]) as amiri:
        qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert amiri.asked == ["Amiri rolls their own dice: type the d6 for the damage of Fireball."] * 2
    assert "2d6[5,3]" in dialog.damage.result.text()


def test_the_add_token_form_can_make_a_player_who_rolls_their_own(qtbot: Any) -> None:
    from desktop.dialogs.token_form import TokenForm
    from rules.geometry.coords import Cell
    from rules.model.scene import new_scene

    form = TokenForm("pf2e", Cell(1, 0), ["party"])
    qtbot.addWidget(form)
    form.show()
    scene = new_scene("pf2e", 5, 5)
    assert not form.token(scene).own_dice
    form.own_dice.click()
    token = form.token(scene)
    assert token.own_dice
    command = form.command(scene)
    assert command is not None
    after = command.apply(GameState(scene)).state
    assert after.scene.tokens[0].own_dice


def test_joining_a_running_encounter_asks_the_player_for_initiative(qtbot: Any) -> None:
    from desktop.docks.join_encounter import JoinEncounterDialog

    scene = ascii_scene(BOARD, tokens=TOKENS)
    state, _ = start_encounter(
        GameState(scene), ScriptedDice([]), token_ids=("o", "B"), rolls={"o": 12, "B": 5}
    )
    doc = Document(state)
    dialog = JoinEncounterDialog(doc.state, ["A"], ScriptedDice([]))
    qtbot.addWidget(dialog)
    with player_rolls(qtbot, [19]) as amiri:
        command = dialog.command()
    assert amiri.asked == ["Amiri rolls their own dice: type the d20 for initiative."]
    assert command is not None and doc.execute(command) is not None
    enc = doc.encounter
    assert enc is not None and next(c for c in enc.order if c.token_id == "A").d20 == 19


def test_the_cast_dialog_asks_the_target_for_its_save_and_the_caster_for_the_damage(qtbot: Any) -> None:
    from dataclasses import replace

    from desktop.dialogs.cast_dialog import CastDialog
    from rules.play.cast import Cast
    from rules.play.spell_resolution import Placement
    from tests.rules.play.test_cast import FIREBALL_PF2E, pf2e_state

    state = pf2e_state()
    own = {"A", "W"}  # a target and the caster roll their own dice
    tokens = tuple(
        replace(t, own_dice=t.id in own, name={"A": "Ash", "W": "Wren"}.get(t.id, t.name))
        for t in state.scene.tokens
    )
    doc = Document(replace(state, scene=state.scene.edit(tokens=tokens)))
    cast = Cast("W", FIREBALL_PF2E, placement=Placement(corner=Point(4, 4)))
    dialog = CastDialog(doc, cast, dice_source=ScriptedDice([17]))  # the app rolls only C's save
    qtbot.addWidget(dialog)
    dialog.show()
    with player_rolls(qtbot, [10, 4, 4, 4, 4, 4, 4]) as table:
        dialog.roll_all()
        assert table.asked == ["Ash rolls their own dice: type the d20 for the save against Fireball."]
        qtbot.mouseClick(dialog.damage.roll_button, Qt.MouseButton.LeftButton)
    assert table.asked[1:] == ["Wren rolls their own dice: type the d6 for the damage of Fireball."] * 6
    assert {r.token_id: r.d20.value() for r in dialog.rows} == {"A": 10, "C": 17}
    assert "6d6[4,4,4,4,4,4]" in dialog.damage.result.text()


VENOM = {
    "name": "Spider Venom",
    "save": "fortitude",
    "dc": 17,
    "stage": 1,
    "stages": [
        {"conditions": ["enfeebled 1"], "damage": "1d4 poison"},
        {"conditions": ["enfeebled 2"], "damage": "1d6 poison"},
        {"conditions": ["paralyzed"]},
    ],
}


def _poisoned(qtbot: Any, app_dice: list[int]) -> tuple[Document, InitiativeDock]:
    """Amiri (own dice, Fortitude +5) and Kyra (the app rolls for her) poisoned by spider venom, stage 1."""
    poisoned = {"afflictions": [VENOM], "conditions": ["enfeebled 1"], "saves": {"fortitude": 5}}
    tokens = {**TOKENS, "A": {**TOKENS["A"], **poisoned}, "c": {**TOKENS["c"], **poisoned}}
    doc, _map_scene, _view = make_view(qtbot, ascii_scene(BOARD, tokens=tokens))
    dock = InitiativeDock(doc, dice=ScriptedDice(app_dice))
    dock.modal_dialogs = False  # type: ignore[attr-defined]
    qtbot.addWidget(dock)
    dock.show()
    for tid, d20 in {"A": 18, "o": 12, "c": 9, "B": 5}.items():
        dock.set_typed(tid, d20)
    qtbot.mouseClick(dock.start_button, Qt.MouseButton.LeftButton)
    return doc, dock


def test_an_affliction_save_at_the_end_of_the_turn_waits_for_the_player(qtbot: Any) -> None:
    """Amiri's player rolls their own dice: the end of her turn asks for the d20 of her save against the
    venom (not rolled by the app), and the number typed decides the stage: 3 + 5 = 8 against DC 17 is a
    failure, one stage up (enfeebled 2, 1d6 poison); 19 + 5 = 24 a success, one stage down."""
    doc, dock = _poisoned(qtbot, [])  # the app rolls nothing for Amiri
    dialog = dock.next_turn()  # the end of Amiri's turn
    assert dialog is not None and [s.save.name for s in dialog.saves] == ["Spider Venom"]
    row = dialog.saves[0]
    assert row.asked and row.d20.value() == 0 and row.d20.text() == "type it"
    label = dialog.findChild(QLabel, "afflictionLabel-Spider Venom")
    assert label is not None and label.text() == "Spider Venom: Fortitude DC 17 (stage 1 of 3)"
    asks = dialog.findChild(QLabel, "asksForDice")
    assert asks is not None and "Amiri rolls their own dice" in asks.text()
    assert not dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.reroll_button, Qt.MouseButton.LeftButton)  # "Roll again" leaves her die
    assert row.d20.value() == 0 and not dialog.ok_button.isEnabled()
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or Path(__file__).resolve().parents[3] / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "affliction-save-typed.png"))
    dialog.set_save("spider venom", 3)
    assert dialog.ok_button.isEnabled()
    with player_rolls(qtbot, [4]) as table:  # the new stage's 1d6 poison: asked once the stage is known
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert table.asked == ["Amiri rolls their own dice: type the d6 for an affliction's damage."]
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.afflictions[0].stage == 2
    assert amiri.condition_value("enfeebled") == 2 and amiri.hp == 20 - 4
    assert "Amiri's Fortitude save against Spider Venom: 8, failure: stage 2" in doc.log[-1]
    before = doc.state
    doc.undo()
    assert doc.scene.token("A").afflictions[0].stage == 1  # type: ignore[union-attr]
    doc.redo()  # never asked or rolled again
    assert doc.state == before
    assert dock.next_turn() is None  # the goblin ends its turn: nothing to roll
    # Kyra's player doesn't roll their own: the app rolls her save (a 16: 21 vs 17, a success → cured).
    dock.dice = ScriptedDice([16])
    dialog = dock.next_turn()
    assert dialog is not None and not dialog.saves[0].asked and dialog.saves[0].d20.value() == 16
    assert dialog.findChild(QLabel, "asksForDice") is None and dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    kyra = doc.scene.token("c")
    assert kyra is not None and kyra.afflictions == () and not kyra.has_condition("enfeebled")
    assert dock.next_turn() is None  # the bandit: round 2, Amiri
    dock.dice = ScriptedDice([])
    dialog = dock.next_turn()
    assert dialog is not None
    dialog.set_save("Spider Venom", 19)
    with player_rolls(qtbot, [2]):  # the 1d4 of stage 1
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.afflictions[0].stage == 1
    assert amiri.condition_value("enfeebled") == 1 and amiri.hp == 20 - 4 - 2


def test_the_inspector_asks_the_player_for_their_healing_dice(qtbot: Any) -> None:
    """Amiri's player rolls their own dice: the inspector's Heal asks for each die of "2d8+5" (the app's
    dice must not roll) and the engine heals by the faces typed, in one undoable step; temp HP too."""
    hurt = {**TOKENS, "A": {**TOKENS["A"], "hp": 3, "max_hp": 30}}
    doc, map_scene, _view = make_view(qtbot, ascii_scene(BOARD, tokens=hurt))
    inspector = InspectorDock(doc, map_scene)
    inspector.dice_source = lambda: ScriptedDice([])  # type: ignore[method-assign]
    qtbot.addWidget(inspector)
    inspector.show()
    map_scene.select_ids(["A"])
    inspector.heal_amount.setText("2d8+5")
    with player_rolls(qtbot, [3, 7]) as amiri:
        inspector.heal_button.click()
    assert amiri.asked == ["Amiri rolls their own dice: type the d8 for the healing (2d8+5)."] * 2
    assert doc.scene.token("A").hp == 3 + 3 + 7 + 5  # type: ignore[union-attr]
    assert "rolled 2d8[3,7]+5 = 15" in doc.log[-1]
    doc.undo()
    assert doc.scene.token("A").hp == 3  # type: ignore[union-attr]
    doc.redo()  # never asked again
    assert doc.scene.token("A").hp == 18  # type: ignore[union-attr]
    inspector.heal_amount.setText("1d4+1")
    with player_rolls(qtbot, [4]) as amiri:
        inspector.temp_button.click()
    assert amiri.asked == ["Amiri rolls their own dice: type the d4 for the temporary HP (1d4+1)."]
    assert doc.scene.token("A").temp_hp == 5  # type: ignore[union-attr]
    inspector.heal_amount.setText("4")  # a plain number asks nothing
    with player_rolls(qtbot, []) as amiri:
        inspector.heal_button.click()
    assert amiri.asked == [] and doc.scene.token("A").hp == 22  # type: ignore[union-attr]
    # A creature whose player doesn't roll their own: the app's dice roll, nobody is asked.
    map_scene.select_ids(["c"])
    doc.execute(DealDamage("c", (DamageEntry(6, "slashing"),)))
    inspector.dice_source = lambda: ScriptedDice([2])  # type: ignore[method-assign]
    inspector.heal_amount.setText("1d8")
    with player_rolls(qtbot, []) as table:
        inspector.heal_button.click()
    assert table.asked == [] and doc.scene.token("c").hp == 12 - 6 + 2  # type: ignore[union-attr]


def test_a_delay_asks_for_the_affliction_save_it_brings_forward(qtbot: Any) -> None:
    """PF2e Delay: the negative effects of the turn happen as the creature Delays (Player Core 416), so
    the Delay asks Amiri's player for the venom's save then, and her end of turn after she returns asks
    nothing again (the ledger's `delay_done`)."""
    from rules.play.turns import turn_prompts

    doc, dock = _poisoned(qtbot, [])
    dialog = dock.delay()
    assert dialog is not None and dialog.windowTitle() == "Amiri delays"
    assert dialog.saves[0].asked and not dialog.ok_button.isEnabled()
    dialog.set_save("Spider Venom", 3)
    with player_rolls(qtbot, [5]):  # stage 2's 1d6 poison
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    enc = doc.encounter
    assert enc is not None and "A" in enc.delayed and enc.current_id == "o"
    amiri = doc.scene.token("A")
    assert amiri is not None and amiri.afflictions[0].stage == 2 and amiri.hp == 20 - 5
    # She comes back after the goblin; her turn's end then asks for nothing (no second save).
    dock.dice = ScriptedDice([])
    from desktop.docks.initiative_dock import ID_ROLE

    rows = [dock.order.item(i) for i in range(dock.order.count())]
    dock.order.setCurrentItem(next(r for r in rows if r.data(ID_ROLE) == "A"))
    dock.return_selected()
    assert doc.encounter is not None and doc.encounter.current_id == "A"
    assert turn_prompts(doc.state).saves == ()
