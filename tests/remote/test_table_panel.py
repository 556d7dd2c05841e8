"""The GM's side in the main window: Table ▸ Invite Players… opens the table and its panel with the code
and a QR code; a player who asks to join is admitted from the panel; closing the window disconnects them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QScrollArea

from desktop.document import Document
from desktop.window.main_window import MainWindow
from tests.remote.client import PlayerClient
from tests.remote.conftest import dungeon_state, wait_for


def test_invite_players_admit_and_close(
    qtbot: Any, tmp_path: Path, monkeypatch: Any, clients: list[PlayerClient]
) -> None:
    monkeypatch.setenv("FIVEFOOT_DATA_DIR", str(tmp_path))
    win = MainWindow(Document(dungeon_state()), autosave=False)
    qtbot.addWidget(win)
    win.show()
    features = win.table_host
    host = features.host
    host.config = replace(host.config, options=replace(host.config.options, port=0))  # any free port
    menu_titles = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert "Table" in menu_titles
    features.act_invite.trigger()
    panel = features.panel
    assert features.host.is_open and panel.isVisible()
    assert panel.code_label.text() == features.host.config.code
    assert panel.qr.pixmap() is not None and not panel.qr.pixmap().isNull()
    assert f":{features.host.port}/?code={features.host.config.code}" in panel.address_label.text()
    c = PlayerClient(f"http://127.0.0.1:{features.host.port}", features.host.config.code)
    clients.append(c)
    status, body = c.join("Ann", "aria")
    assert status == 200 and body["status"] == "waiting"
    wait_for(qtbot, lambda: panel.players.topLevelItemCount() == 1)
    item = panel.players.topLevelItem(0)
    assert item.text(0) == "Ann" and item.text(1) == "Aria" and "waiting" in item.text(2)
    item.setSelected(True)
    assert panel.admit_button.isEnabled()
    panel.admit_button.click()
    wait_for(qtbot, lambda: c.refresh_status().get("status") == "admitted")
    c.connect()
    wait_for(qtbot, lambda: panel.players.topLevelItem(0).text(2) == "connected")
    # the panel fits its side of the window: nothing cut off at the right, no sideways scrolling
    scroll = panel.widget()
    assert isinstance(scroll, QScrollArea)  # a tall panel scrolls up and down inside its dock
    wait_for(qtbot, lambda: scroll.horizontalScrollBar().maximum() == 0, 2000)
    assert panel.new_code_button.geometry().right() < panel.new_code_button.parentWidget().width()
    Path("shots").mkdir(exist_ok=True)
    body = scroll.widget()
    assert body is not None
    body.grab().save("shots/table-panel.png")  # the whole panel, scrolled or not
    win.close()
    assert not features.host.is_open
    wait_for(qtbot, lambda: c.get("/api/status", **c.auth())[0] == 0)
