"""Scene ▸ Settings changes only what it shows: options it has no box for (the ambient light) are kept."""

from __future__ import annotations

import dataclasses
from typing import Any

from desktop.dialogs.scene_settings import SceneSettingsDialog
from tests.rules.ascii_maps import ascii_scene


def test_options_the_dialog_does_not_show_are_kept(qtbot: Any) -> None:
    scene = ascii_scene("A..\n...", "dnd5e-2014")
    scene = scene.edit(options=dataclasses.replace(scene.options, ambient="dim"))
    dialog = SceneSettingsDialog(scene)
    qtbot.addWidget(dialog)
    assert dialog.command() is None  # nothing changed yet
    dialog.flanking.setChecked(not scene.options.flanking)
    command = dialog.command()
    assert command is not None
    assert command.options.ambient == "dim"
    assert command.options.flanking is not scene.options.flanking
