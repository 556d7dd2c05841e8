"""A condition's name for people, in a language: the words of a condition badge's tooltip and legend.

The rules' conditions are the engine's words (`rules.systems.condition_words`: PF2e 「恐れ状態」, D&D 2024
「恐怖状態」 for frightened, by the scene's system); the marks the engine puts on tokens for a turn (took
cover, raised a shield, dodging …) and PF2e persistent damage are the app's words. A valued condition keeps
its value (「恐れ状態 2」); an unknown one is shown as typed.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.i18n import Language, current
from rules.systems.condition_words import CONDITION_WORDS


def _marks() -> dict[str, str]:
    """The engine's marks (not conditions of the rulebooks), in the app's language."""
    return {
        "took-cover": QCoreApplication.translate("ConditionNames", "took cover"),
        "raised-shield": QCoreApplication.translate("ConditionNames", "raised a shield"),
        "dodging": QCoreApplication.translate("ConditionNames", "dodging"),
        "disengaged": QCoreApplication.translate("ConditionNames", "disengaged"),
        "aided": QCoreApplication.translate("ConditionNames", "aided"),
        "helped": QCoreApplication.translate("ConditionNames", "helped"),
        "reaction-used": QCoreApplication.translate("ConditionNames", "reaction used"),
        "squeezing": QCoreApplication.translate("ConditionNames", "squeezing"),
        "surprised": QCoreApplication.translate("ConditionNames", "surprised"),
        "unnoticed": QCoreApplication.translate("ConditionNames", "unnoticed"),
        "flat-footed": QCoreApplication.translate("ConditionNames", "flat-footed"),
        "persistent-damage": QCoreApplication.translate("ConditionNames", "persistent damage"),
    }


def condition_name(text: str, system: str = "", language: Language | None = None) -> str:
    """``"frightened 2"`` for people: the rules' conditions in `language` (default: the app's) with
    `system`'s words, the engine's marks and persistent damage (``"persistent-fire"`` → "persistent fire
    damage") in the app's language, anything else as typed."""
    lang = language if language is not None else current()
    parts = text.split()
    name = parts[0].lower() if parts else text
    value = parts[1] if len(parts) > 1 else ""
    word = CONDITION_WORDS.get(name)
    marks = _marks()
    if word is not None:
        said = lang.render(word, system)
    elif name in marks:
        said = marks[name]
    elif name.startswith("persistent-"):
        said = QCoreApplication.translate("ConditionNames", "persistent {type} damage").format(
            type=name.removeprefix("persistent-")
        )
    else:
        said = name.replace("-", " ")
    return f"{said} {value}" if value else said


__all__ = ["condition_name"]
