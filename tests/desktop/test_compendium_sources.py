"""The compendium tells same-named entries apart by their source and edition (issue 23: three identical
"Goblin" rows), and its 2024 filter lists the SRD 5.2 creatures."""

from __future__ import annotations

import os
from pathlib import Path

from desktop.docks.compendium_dock import CompendiumDock
from desktop.docks.library import CreatureLibrary

ROOT = Path(__file__).resolve().parents[2]


def test_every_row_names_its_source_and_edition(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dock = CompendiumDock(CreatureLibrary(tmp_path / "library"))
    qtbot.addWidget(dock)
    dock.resize(700, 800)
    dock.show()
    dock.game.setCurrentIndex(dock.game.findData(""))
    dock.search.setText("goblin")
    rows = [dock.list.topLevelItem(i) for i in range(dock.list.topLevelItemCount())]
    seen = {(r.text(0), r.text(4)) for r in rows if r is not None}
    assert ("Goblin", "SRD 5.1 (5e 2014)") in seen
    assert ("Goblin Warrior", "SRD 5.2 (5e 2024)") in seen
    assert any(source.endswith("(PF2e)") for name, source in seen if name == "Goblin")
    assert len({source for name, source in seen if name == "Goblin"}) == len(
        [1 for name, _ in seen if name == "Goblin"]
    )
    folder = Path(os.environ.get("FIVEFOOT_SHOTS") or ROOT / "shots" / "desktop")
    folder.mkdir(parents=True, exist_ok=True)
    assert dock.grab().save(str(folder / "compendium-sources.png"))


def test_the_2024_filter_lists_the_srd_52_creatures(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dock = CompendiumDock(CreatureLibrary(tmp_path / "library"))
    qtbot.addWidget(dock)
    dock.game.setCurrentIndex(dock.game.findData("dnd5e-2024"))
    shown = dock.visible_entries()
    assert len(shown) >= 331
    assert {e.creature.system for e in shown} == {"dnd5e-2024"}
    names = {e.creature.name for e in shown}
    assert {"Goblin Warrior", "Adult Red Dragon", "Bat", "Knight"} <= names
    dock.search.setText("5e 2024")  # the edition is searchable too
    assert len(dock.visible_entries()) == len(shown)
    assert dock.status.text().startswith(f"{len(shown)} of ")
