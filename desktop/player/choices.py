"""What the GM chose for the TV, kept for the next start: its rotation (the seats around the table don't
move between sessions), whether players may touch it, and whether true scale is on (the calibration itself
is kept per screen by `desktop.player.true_scale`). Stored in the app's settings under ``player_screen/``.
"""

from __future__ import annotations

from desktop.player.steering import ROTATIONS, TvSteering
from desktop.settings import app_settings

ROTATION_KEY = "player_screen/rotation"
TOUCH_KEY = "player_screen/touch"
TRUE_SCALE_KEY = "player_screen/true_scale"


def _flag(value: object, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, str):  # INI files hand booleans back as text
        return value.strip().lower() not in ("false", "0", "no", "off")
    return bool(value)


def remembered() -> tuple[int, bool, bool]:
    """(rotation in degrees, touch allowed, true scale on) as last chosen."""
    store = app_settings()
    try:
        rotation = int(str(store.value(ROTATION_KEY, 0)))
    except ValueError:
        rotation = 0
    if rotation not in ROTATIONS:
        rotation = 0
    return rotation, _flag(store.value(TOUCH_KEY), True), _flag(store.value(TRUE_SCALE_KEY), False)


def remember(steering: TvSteering) -> None:
    """Keep the steering's rotation, touch and true scale (only when one of them changed)."""
    now = (steering.rotation, steering.touch, steering.true_scale)
    if now == remembered():
        return
    store = app_settings()
    store.setValue(ROTATION_KEY, steering.rotation)
    store.setValue(TOUCH_KEY, steering.touch)
    store.setValue(TRUE_SCALE_KEY, steering.true_scale)
    store.sync()
