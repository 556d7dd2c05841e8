"""Screenshots of FiveFoot in another language at 1280×720, offscreen (issue 28's "Done when").

    python packaging/screenshots_i18n.py                 # Japanese, PF2e and D&D demos, docs/screenshots/ja
    python packaging/screenshots_i18n.py --language ja --demo pf2e --out /tmp/shots

For each demo encounter: the main window (an encounter running, the initiative dock, the action bar and the
movement legend), the attack dialog after a roll and its damage, the saves table of a burst or sphere with
the saves and the damage rolled, and the Player Screen. Dice are scripted, so the pictures are the same each
run. Look at each one: nothing may be clipped.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from desktop import i18n  # noqa: E402
from rules.dice import ScriptedDice  # noqa: E402
from rules.geometry.coords import Cell, Point  # noqa: E402
from rules.model.area_spec import AreaSpec  # noqa: E402
from rules.model.areas import PlacedArea  # noqa: E402
from rules.play import StartEncounter  # noqa: E402
from rules.play.moves import MoveToken  # noqa: E402
from rules.play.table import PlaceArea  # noqa: E402

SIZE = (1280, 720)


def _settle(app: QApplication, rounds: int = 5) -> None:
    for _ in range(rounds):
        app.processEvents()


def _save(widget: QWidget, path: Path) -> None:
    widget.grab().save(str(path))
    print(f"{path}  {widget.width()}×{widget.height()}")


def shoot(app: QApplication, demo: str, out: Path) -> None:
    """The four pictures of one demo encounter, named after its rule system."""
    from desktop.dialogs.attack_dialog import AttackDialog
    from desktop.docks.save_dialog import SaveDialog
    from desktop.window.main_window import MainWindow

    win = MainWindow(autosave=False)
    win.files.ask_unsaved = lambda: "discard"
    win.files.open_demo(demo)
    system = win.doc.scene.system
    win.resize(*SIZE)
    win.show()
    _settle(app)
    tokens = win.doc.scene.tokens
    party = [t for t in tokens if t.attacks and t.side == "party"] or [t for t in tokens if t.attacks]
    foes = [t for t in tokens if t.side != party[0].side and t.attacks]
    foe = foes[1] if len(foes) > 1 else foes[0]
    # the first of the party steps up to a foe, for a melee attack's whole breakdown
    win.doc.execute(MoveToken(party[0].id, (Cell(foe.cell.x - 1, foe.cell.y),), free=True))
    if len(party) > 1:  # and a second on its other side: the breakdown shows flanking
        win.doc.execute(MoveToken(party[1].id, (Cell(foe.cell.x + 1, foe.cell.y),), free=True))

    attack = AttackDialog(
        win.doc, party[0].id, foe.id, parent=win, dice=ScriptedDice([14, 5, 3, 2, 4, 1, 3, 2])
    )
    attack.show()
    _settle(app, 3)
    attack.roll_attack()
    attack.damage.roll_button.click()
    _settle(app, 3)
    _save(attack, out / f"attack-dialog-{system}.png")
    attack.close()

    shape = "burst" if "burst" in win.doc.scene.rules.area_shapes else "sphere"
    burst = PlacedArea(
        "area-shot",
        AreaSpec(shape, 20, origin=Point(foe.cell.x, foe.cell.y)),
        "Fireball",
        damage="6d6 fire",
        save="reflex" if system == "pf2e" else "dex",
        dc=21,
    )
    win.doc.execute(PlaceArea(burst))
    dice = [5, 4, 3, 5, 6, 2, 4, 1, 5, 3, 2, 2, 3, 4, 5, 6, 1, 2]
    saves = SaveDialog(win.doc, "area-shot", parent=win, dice_source=ScriptedDice(dice))
    saves.show()
    _settle(app, 3)
    saves.roll_saves.click()
    saves.damage.roll_button.click()
    saves.table.selectRow(1)
    _settle(app, 3)
    _save(saves, out / f"saves-table-{system}.png")
    saves.close()

    ids = [t.id for t in win.doc.scene.tokens]
    win.doc.execute(
        StartEncounter(ids, [], ScriptedDice([15, 12, 9, 7, 14, 3, 11, 5, 8, 10, 6, 4, 13, 2, 1]))
    )
    win.table.initiative_dock.show()
    win.table.initiative_dock.raise_()
    _settle(app)
    _save(win, out / f"main-window-{system}.png")

    screen = win.player_screen.open_player_screen()
    screen.resize(*SIZE)
    screen.show()
    _settle(app)
    _save(screen, out / f"player-screen-{system}.png")
    screen.close()
    win.files.ask_unsaved = lambda: "discard"
    win.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--language", default="ja")
    parser.add_argument("--demo", action="append", choices=("pf2e", "dnd5e"))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out: Path = args.out or ROOT / "docs" / "screenshots" / args.language
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication([])
    i18n.install(app, args.language)
    try:
        for demo in args.demo or ("pf2e", "dnd5e"):
            shoot(app, demo, out)
    finally:
        i18n.uninstall(app)


if __name__ == "__main__":
    main()
