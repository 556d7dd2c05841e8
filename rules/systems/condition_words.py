"""The conditions' names as words for people (message ids the catalogue translates, per rule system where
the books differ: PF2e 「恐れ状態」, D&D 2024 「恐怖状態」 for frightened).

`condition_word(name)` is the name as a `rules.messages.Message`; the log writes the English name (its
``str``), and a view renders or recognises it in the reader's language.
"""

from __future__ import annotations

from rules.messages import Message, msg

#: Every condition name either system uses, by its engine name.
CONDITION_WORDS: dict[str, Message] = {
    "blinded": msg("blinded"),
    "charmed": msg("charmed"),
    "clumsy": msg("clumsy"),
    "concealed": msg("concealed"),
    "confused": msg("confused"),
    "dazzled": msg("dazzled"),
    "deafened": msg("deafened"),
    "dead": msg("dead"),
    "doomed": msg("doomed"),
    "drained": msg("drained"),
    "dying": msg("dying"),
    "encumbered": msg("encumbered"),
    "enfeebled": msg("enfeebled"),
    "exhaustion": msg("exhaustion"),
    "fascinated": msg("fascinated"),
    "fatigued": msg("fatigued"),
    "fleeing": msg("fleeing"),
    "frightened": msg("frightened"),
    "grabbed": msg("grabbed"),
    "grappled": msg("grappled"),
    "hidden": msg("hidden"),
    "immobilized": msg("immobilized"),
    "incapacitated": msg("incapacitated"),
    "invisible": msg("invisible"),
    "off-guard": msg("off-guard"),
    "paralyzed": msg("paralyzed"),
    "petrified": msg("petrified"),
    "poisoned": msg("poisoned"),
    "prone": msg("prone"),
    "quickened": msg("quickened"),
    "restrained": msg("restrained"),
    "sickened": msg("sickened"),
    "slowed": msg("slowed"),
    "stable": msg("stable"),
    "stunned": msg("stunned"),
    "stupefied": msg("stupefied"),
    "unconscious": msg("unconscious"),
    "undetected": msg("undetected"),
    "wounded": msg("wounded"),
}


#: The states a damage line ends with (``dying N`` is ``dying`` and its value).
STATE_WORDS: dict[str, Message] = {"ok": msg("ok"), "dead": msg("dead"), "unconscious": msg("unconscious")}


def condition_word(name: str) -> Message | str:
    """The condition's name as a message (an unknown name as it is)."""
    return CONDITION_WORDS.get(name, name)
