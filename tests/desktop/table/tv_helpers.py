"""Shared pieces of the Player Screen tests (issue 26): the GM window on a small dungeon with the TV open."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QImage

from rules.io.scene_json import scene_from_json
from tests.desktop.helpers import settle
from tests.desktop.test_player_view import dungeon_doc


def open_tv(qtbot: Any, doc: dict[str, Any] | None = None, state: Any = None) -> tuple[Any, Any]:
    """The GM window and its Player Screen (1280×760), both shown offscreen, the TV steered by hand."""
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    document = Document(state if state is not None else scene_from_json(doc or dungeon_doc()))
    win = MainWindow(document, autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    win.view.popup_menus = False
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    pw = win.player_screen.open_player_screen()
    qtbot.addWidget(pw)
    qtbot.waitExposed(pw)
    settle()
    return win, pw


def frame_points(win: Any) -> list[QPoint]:
    """The TV frame's corners in GM view pixels (top-left, top-right, bottom-right, bottom-left)."""
    poly = win.player_screen.steering.frame()
    return [win.view.mapFromScene(p) for p in poly]


def mid(a: QPoint, b: QPoint) -> QPoint:
    return QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2)


def tv_centre(pw: Any) -> QPointF:
    return QPointF(pw.view.mapToScene(pw.view.viewport().rect().center()))


def colours(image: QImage, step: int = 3) -> set[tuple[int, int, int]]:
    return {
        (c.red(), c.green(), c.blue())
        for y in range(0, image.height(), step)
        for x in range(0, image.width(), step)
        if (c := image.pixelColor(x, y))
    }
