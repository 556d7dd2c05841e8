"""The movement overlay has a legend (issue 13 item 11): what each colour means, for the bands shown."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from desktop.look.style import band_colour
from tests.desktop.helpers import move, press, view_point


def test_the_legend_names_the_overlay_colours(window) -> None:  # type: ignore[no-untyped-def]
    view, scene = window.view, window.map_scene
    scene.select_ids([])
    assert not view.legend.isVisible()
    scene.select_ids(["brann"])
    QApplication.processEvents()
    assert view.legend.isVisible()
    bands = sorted(set(scene.overlay_item.bands.values()))
    assert bands == [1, 2, 3]  # PF2e: three Strides
    text = view.legend.text()
    for band, words in zip(bands, ("Stride 1", "Stride 2", "Stride 3"), strict=True):
        assert words in text and band_colour(band).name() in text
    # inside the view, bottom left
    assert view.viewport().geometry().contains(view.legend.geometry())
    # hidden with the overlay
    window.act_overlay.trigger()
    assert not view.legend.isVisible()
    window.act_overlay.trigger()
    assert view.legend.isVisible()
    # hidden while a drag replaces the overlay with its path
    press(view, view_point(view, (5, 11)))
    move(view, view_point(view, (6, 11)))
    assert not view.legend.isVisible()


def test_5e_says_move_and_dash(window) -> None:  # type: ignore[no-untyped-def]
    assert window.files.open_demo("dnd5e")
    window.map_scene.select_ids(["brann"])
    text = window.view.legend.text()
    assert "Move" in text and "Dash" in text and "Stride" not in text
