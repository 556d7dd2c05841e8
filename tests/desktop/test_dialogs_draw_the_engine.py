"""The dialogs draw what the engine answers (issue 21 items 5 and 6): the attack dialog's distance is the
attack's own (elevation counted), every roll's breakdown rows are the engine's typed modifier rows drawn
by the one renderer, and every desktop roll comes from the one injectable die source."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop.dialogs.attack_dialog import AttackDialog
from desktop.dialogs.check_dialog import CheckDialog
from desktop.dice import app_dice, use_dice
from desktop.docks.save_dialog import SaveDialog
from desktop.document import Document
from desktop.widgets.breakdown import BreakdownTree
from rules.cli import answer
from rules.dice import ScriptedDice
from rules.geometry.coords import Point
from rules.model.state import GameState
from rules.play.table import AttackRoll
from rules.systems import board, system_for
from rules.systems.modifiers import rows_of
from tests.rules.ascii_maps import ascii_scene, wall

ROOT = Path(__file__).resolve().parents[2]
SWORD = {"name": "longsword", "bonus": 9, "damage": "1d8+4 slashing"}
BOW = {"name": "shortbow", "bonus": 8, "damage": "1d6 piercing", "range_increment": 60}


@pytest.fixture
def dice() -> Any:
    """The app's dice back to random ones after the test."""
    yield
    use_dice(None)


def test_the_attack_dialogs_distance_to_a_token_20_ft_up_is_the_engines(qtbot: Any) -> None:
    tokens = {"A": {"attacks": [SWORD, BOW]}, "o": {"ac": 15, "hp": 20, "elevation": 20}}
    scene = ascii_scene("Ao..", tokens=tokens)
    attacker, target = scene.token("A"), scene.token("o")
    assert attacker is not None and target is not None
    engine = board.distance(scene, attacker, target)
    assert engine == 20 == answer(scene, {"q": "distance", "from": "A", "to": "o"})["feet"]
    dialog = AttackDialog(Document(scene), "A", "o", dice=ScriptedDice([]))
    qtbot.addWidget(dialog)
    dialog.show()
    assert f"{engine} ft apart" in dialog.facts.text()
    assert "reach" in dialog.facts.text()  # the longsword can't reach 20 ft up: the engine says so
    dialog.set_attack("shortbow")
    assert f"{engine} ft apart" in dialog.facts.text() and dialog.preview is not None


def test_the_attack_breakdown_rows_are_the_engines_modifier_list(qtbot: Any) -> None:
    scene = ascii_scene(
        "..AoB..",
        tokens={
            "A": {"attacks": [SWORD], "conditions": ["frightened 1"]},
            "B": {},
            "o": {"ac": 16, "hp": 30},
        },
        walls=[wall((3, -0.2), (3, 0.8), "low")],
    )
    doc = Document(GameState(scene))
    dialog = AttackDialog(doc, "A", "o", dice=ScriptedDice([12]))
    qtbot.addWidget(dialog)
    dialog.show()
    assert isinstance(dialog.breakdown, BreakdownTree)
    # before the roll: exactly the groups the engine's preview answers …
    preview = AttackRoll("A", "o", "longsword", (10,), attack_number=1).preview(doc.state)
    assert dialog.breakdown.groups == preview.groups(rolled=False)
    # … whose attack rows are the system's own stacked modifiers, every one drawn with its type and source
    a, o = scene.token("A"), scene.token("o")
    assert a is not None and o is not None
    resolved = system_for(scene).attack(scene, a, o, a.attacks[0], [10])
    attack_rows = dialog.breakdown.groups[0].rows
    assert attack_rows == rows_of(resolved.modifiers)  # type: ignore[attr-defined]
    shown = dialog.breakdown.rows()
    assert ("frightened", "−1", "status: frightened 1") in shown or any(
        r[0] == "frightened" and r[1] == "−1" and r[2].startswith("status") for r in shown
    )
    assert any(r[0] == "off-guard" and "flanked" in r[2] for r in shown)
    # after the roll: the groups of the outcome the command resolved, the roll itself among them
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    entry = doc.applied()[-1]
    assert dialog.rolled is entry.detail
    assert dialog.breakdown.groups == entry.detail.groups(rolled=True)  # type: ignore[attr-defined]
    assert dialog.breakdown.groups[-1].title == "Roll"


def test_the_check_and_save_dialogs_draw_the_engines_rows_with_the_same_renderer(qtbot: Any) -> None:
    tokens = {"A": {"saves": {"fortitude": 5, "reflex": 7, "will": 3}, "perception": 6, "side": "party"}}
    scene = ascii_scene("A...", tokens=tokens)
    doc = Document(GameState(scene))
    check = CheckDialog(doc, "A", dice=ScriptedDice([14]))
    qtbot.addWidget(check)
    check.kind.setCurrentIndex(check.kind.findData("save"))
    check.set_stat("reflex")
    check.dc.setValue(18)
    qtbot.mouseClick(check.roll_button, Qt.MouseButton.LeftButton)
    result = doc.applied()[-1].detail
    assert isinstance(check.breakdown, BreakdownTree)
    assert check.breakdown.groups == result.groups()  # type: ignore[attr-defined]
    assert ("Reflex", "+7", "A") in check.breakdown.rows()
    # the save dialog's breakdown: the selected creature's save, as the engine answered it
    from rules.model.area_spec import AreaSpec
    from rules.model.areas import PlacedArea
    from rules.play.table import PlaceArea

    area = PlacedArea("fire", AreaSpec("burst", 10, origin=Point(2.0, 1.0)), label="Fireball")
    doc.execute(PlaceArea(area, ("A",)))
    saves = SaveDialog(doc, "fire", dice_source=ScriptedDice([9]))
    qtbot.addWidget(saves)
    saves.roll_all()
    assert isinstance(saves.breakdown, BreakdownTree)
    assert saves.breakdown.groups == saves.results["A"].groups()


def test_one_die_source_rolls_for_the_whole_app(qtbot: Any, dice: None) -> None:
    before = use_dice(ScriptedDice([17]))
    assert before is not None
    scene = ascii_scene("Ao", tokens={"A": {"attacks": [SWORD]}, "o": {"ac": 15, "hp": 20}})
    doc = Document(GameState(scene))
    dialog = AttackDialog(doc, "A", "o")  # no dice of its own: the app's
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.rolled is not None and dialog.rolled.natural == 17
    use_dice(ScriptedDice([3]))  # replaced later: widgets made before roll with the new dice too
    assert app_dice().randint(1, 20) == 3


def test_sneak_at_the_end_of_a_drag_rolls_the_apps_dice(window: Any, qtbot: Any, dice: None) -> None:
    from desktop.map.tools.select_tool import SelectTool
    from tests.desktop.helpers import drag, view_point

    scene = ascii_scene(
        "A.....#\n.......\n......b",
        tokens={
            "A": {"conditions": ["hidden"], "skills": {"stealth": 6}, "speed": 30},
            "b": {"perception": 4},
        },
    )
    window.doc.load(GameState(scene), None)
    window.set_tool("select")
    tool = window.tool
    assert isinstance(tool, SelectTool)
    use_dice(ScriptedDice([13]))
    tool._arm_sneak("A")()
    drag(window.view, view_point(window.view, (0, 0)), view_point(window.view, (2, 0)))
    assert any("Sneaks" in line and "(d20 13)" in line for line in window.doc.log), window.doc.log


def test_random_is_imported_by_the_die_source_only() -> None:
    """The app's die source (`desktop.dice`) and the engine's (`rules.dice.fresh_source`, the default of a
    command given no dice) are the only modules that import `random`."""
    importers = []
    for path in sorted([*(ROOT / "desktop").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "random" or n.startswith("random.") for n in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers == ["desktop/dice.py", "rules/dice.py"]
