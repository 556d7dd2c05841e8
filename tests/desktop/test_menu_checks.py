"""Checkable menu items show whether they are on (issue 13 item 9): with Fusion a toggle that has an icon
(View ▸ Movement Overlay, Show Reach, Cover Lines …) drew its icon where the check mark goes, the same
whether on or off. The app's style draws the check instead."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QIcon, QImage
from PySide6.QtWidgets import QMenu, QStyle, QStyleFactory

from desktop.look.theme import app_style


def _check_area(menu: QMenu, action) -> QImage:  # type: ignore[no-untyped-def]
    rect = menu.actionGeometry(action)
    left = QRect(rect.left(), rect.top(), rect.height() + 8, rect.height())
    return menu.grab().toImage().copy(left)


def _render(window, style: QStyle, on: bool) -> QImage:  # type: ignore[no-untyped-def]
    view_menu = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&View")
    act = window.act_overlay
    act.setChecked(on)
    view_menu.setStyle(style)
    view_menu.adjustSize()
    return _check_area(view_menu, act)


def _without_icon(window, style: QStyle, on: bool) -> QImage:  # type: ignore[no-untyped-def]
    icon = window.act_overlay.icon()
    window.act_overlay.setIcon(QIcon())
    try:
        return _render(window, style, on)
    finally:
        window.act_overlay.setIcon(icon)


def test_a_checkable_action_with_an_icon_shows_its_state_in_the_menu(window) -> None:  # type: ignore[no-untyped-def]
    style = app_style()
    assert style is not None
    assert window.act_overlay.isCheckable() and not window.act_overlay.icon().isNull()
    for on in (True, False):
        # drawn exactly like a toggle without an icon: the check box and its state, no icon over it
        assert _render(window, style, on) == _without_icon(window, style, on)
    assert _render(window, style, True) != _render(window, style, False)
    # every toggle of the View menu is a checkable action
    view_menu = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "&View")
    toggles = [a for a in view_menu.actions() if a.isCheckable()]
    assert window.act_overlay in toggles and window.act_grid in toggles and len(toggles) >= 4
    window.act_overlay.setChecked(True)


def test_plain_fusion_draws_the_icon_where_the_check_goes(window) -> None:  # type: ignore[no-untyped-def]
    """The bug the app's style fixes (if Fusion ever draws the check, this test can go)."""
    fusion = QStyleFactory.create("Fusion")
    assert _render(window, fusion, True) != _without_icon(window, fusion, True)
    window.act_overlay.setChecked(True)
