"""The app's one die source: every roll the desktop makes (the attack, check and save dialogs, damage, the
token menu's actions, Sneak at the end of a drag, initiative, the end-of-turn prompt) comes from
`app_dice()`, and nothing else in `desktop/` imports `random`.

`app_dice()` is a stand-in that passes each roll to the source installed with `use_dice` — a fresh
`random.Random` until someone installs another — so a test (or a GM who wants seeded dice) replaces the
dice of the whole app at once, including those of widgets made before: ``use_dice(ScriptedDice([12, 7]))``.
A widget that is handed its own dice (the ``dice=`` argument of the dialogs and docks) uses those instead.
"""

from __future__ import annotations

import random

from rules.dice import DieSource


class AppDice:
    """A die source that rolls with the installed one (see the module docstring)."""

    def __init__(self) -> None:
        self.source: DieSource = random.Random()

    def randint(self, a: int, b: int) -> int:
        return self.source.randint(a, b)


_DICE = AppDice()


def app_dice() -> DieSource:
    """The app's die source."""
    return _DICE


def use_dice(source: DieSource | None) -> DieSource:
    """Install `source` as the app's dice (None: fresh random dice); returns the one it replaces."""
    before = _DICE.source
    _DICE.source = source if source is not None else random.Random()
    return before


__all__ = ["AppDice", "app_dice", "use_dice"]
