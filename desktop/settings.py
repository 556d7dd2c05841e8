"""The app's settings, kept with QSettings in an INI file in the per-user data folder (so tests that point
``FIVEFOOT_DATA_DIR`` elsewhere never touch the real ones); the Settings dialog
(`desktop.dialogs.settings_dialog`) edits them.

- ``view/recentre_on_turn`` (default on): the map centres on the creature whose turn begins when it is
  off screen (a creature in view leaves the map where it is).
- ``move/offer_step`` (default on): a PF2e drag of one square that a creature could react to asks whether
  it is a Step (no Reactive Strike) or a Stride.
- ``import/system``: the rules last chosen for an imported Universal VTT map (see `ImportSystemDialog`).
- ``ui/language``: the app's language (``en``, ``ja`` …; empty follows the system's), applied at start-up
  (`desktop.i18n`); ``ui/player_language``: the Player Screen's (empty: the app's).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from desktop.paths import data_dir
from rules.systems import DEFAULT_SYSTEM, SYSTEM_NAMES

RECENTRE_KEY = "view/recentre_on_turn"
IMPORT_SYSTEM_KEY = "import/system"
OFFER_STEP_KEY = "move/offer_step"
LANGUAGE_KEY = "ui/language"
PLAYER_LANGUAGE_KEY = "ui/player_language"
SYSTEMS = SYSTEM_NAMES


def app_settings() -> QSettings:
    """The settings store (an INI file ``settings.ini`` in the data folder)."""
    return QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)


def recentre_on_turn() -> bool:
    value = app_settings().value(RECENTRE_KEY, True)
    if isinstance(value, str):  # INI files hand booleans back as text
        return value.strip().lower() not in ("false", "0", "no", "off")
    return bool(value)


def set_recentre_on_turn(on: bool) -> None:
    store = app_settings()
    store.setValue(RECENTRE_KEY, bool(on))
    store.sync()


def offer_step() -> bool:
    """Offer a PF2e Step for a single 5-ft move (see the module docstring)."""
    value = app_settings().value(OFFER_STEP_KEY, True)
    if isinstance(value, str):
        return value.strip().lower() not in ("false", "0", "no", "off")
    return bool(value)


def set_offer_step(on: bool) -> None:
    store = app_settings()
    store.setValue(OFFER_STEP_KEY, bool(on))
    store.sync()


def last_import_system() -> str:
    """The rules last chosen for an imported map (PF2e until one is chosen)."""
    value = app_settings().value(IMPORT_SYSTEM_KEY, DEFAULT_SYSTEM)
    return value if isinstance(value, str) and value in SYSTEMS else DEFAULT_SYSTEM


def set_last_import_system(system: str) -> None:
    if system not in SYSTEMS:
        raise ValueError(f"unknown rule system {system!r}; expected one of {', '.join(SYSTEMS)}")
    store = app_settings()
    store.setValue(IMPORT_SYSTEM_KEY, system)
    store.sync()


def ui_language() -> str:
    """The language chosen for the app's windows ("" follows the system's; see `desktop.i18n`)."""
    value = app_settings().value(LANGUAGE_KEY, "")
    return value if isinstance(value, str) else ""


def set_ui_language(code: str) -> None:
    store = app_settings()
    store.setValue(LANGUAGE_KEY, code)
    store.sync()


def player_language() -> str:
    """The language of the Player Screen ("" is the app's own)."""
    value = app_settings().value(PLAYER_LANGUAGE_KEY, "")
    return value if isinstance(value, str) else ""


def set_player_language(code: str) -> None:
    store = app_settings()
    store.setValue(PLAYER_LANGUAGE_KEY, code)
    store.sync()
