"""Widgets several dialogs and docks share: the one breakdown renderer, the damage roller."""
