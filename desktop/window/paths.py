"""Where the app finds its bundled assets and keeps its per-user data.

Assets (demo encounters, map art) live in the repository's ``assets/`` folder; a frozen app (PyInstaller)
unpacks them under ``sys._MEIPASS/assets``; ``FIVEFOOT_ASSETS`` overrides both. Per-user data (recent files,
autosaves) goes to ``FIVEFOOT_DATA_DIR`` when set (tests use a temporary folder), else the platform's
user data folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DEMO_FILES: dict[str, str] = {"pf2e": "demo-pf2e.json", "dnd5e": "demo-5e.json"}


def assets_dir() -> Path:
    """The folder holding the bundled demo encounters and their art."""
    env = os.environ.get("FIVEFOOT_ASSETS")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def demo_path(system: str = "pf2e") -> Path:
    """The bundled demo encounter for ``pf2e`` or ``dnd5e`` (any ``dnd5e-*`` system picks the 5e demo)."""
    key = "pf2e" if system == "pf2e" else "dnd5e"
    return assets_dir() / DEMO_FILES[key]


def data_dir() -> Path:
    """The per-user data folder, created on first use."""
    env = os.environ.get("FIVEFOOT_DATA_DIR")
    if env:
        path = Path(env)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("fivefoot", "fivefoot"))
    path.mkdir(parents=True, exist_ok=True)
    return path
