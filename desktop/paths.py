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

from rules.systems import DEFAULT_SYSTEM, all_systems, system_for

#: The games (`RuleSystem.game`) in picker order: each has one bundled demo encounter.
DEMO_GAMES: tuple[str, ...] = tuple(dict.fromkeys(s.game for s in all_systems()))


def assets_dir() -> Path:
    """The folder holding the bundled demo encounters and their art."""
    env = os.environ.get("FIVEFOOT_ASSETS")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parents[1] / "assets"


def demo_path(system: str = DEFAULT_SYSTEM) -> Path:
    """The bundled demo encounter of a game (`RuleSystem.game`) or of a system's game (each 5e edition
    picks the 5e demo). Raises `ValueError` for an unknown name."""
    games = {s.game: s for s in all_systems()}
    chosen = games[system] if system in games else system_for(system)
    return assets_dir() / chosen.demo_file


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
