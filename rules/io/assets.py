"""Where the engine finds the bundled assets (SRD spell lists and bestiaries, demo encounters).

The repository's ``assets/`` folder; a frozen app (PyInstaller) unpacks it under ``sys._MEIPASS/assets``;
``FIVEFOOT_ASSETS`` overrides both. The app's `desktop.paths.assets_dir` answers the same.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def assets_dir() -> Path:
    """The folder holding the bundled assets."""
    env = os.environ.get("FIVEFOOT_ASSETS")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"
