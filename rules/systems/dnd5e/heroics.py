"""D&D 5e inspiration, per edition:

* 2024 (Rules Glossary "Heroic Inspiration"): expend it to reroll any die immediately after rolling it; the
  new roll must be used.
* 2014 (PHB "Inspiration"): expend it when making an attack roll, saving throw or ability check to have
  advantage on that roll (2014 inspiration doesn't reroll).
"""

from __future__ import annotations

from dataclasses import replace

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.dnd5e.editions import Edition
from rules.systems.hooks.heroics import NothingToSpend, Reroll, Spending
from rules.systems.roll_modes import ADVANTAGE, Reason, check_d20

#: The words are English (`str` of their message ids): a view shows them in the reader's language.
HEROIC_INSPIRATION = Spending(
    str(msg("Use Heroic Inspiration: reroll")),
    None,
    str(msg("Heroic Inspiration")),
    False,
    str(msg("Heroic Inspiration")),
)
INSPIRATION = Spending(
    None, str(msg("Use inspiration (advantage)")), str(msg("Inspiration")), False, str(msg("inspiration"))
)


def spending(edition: Edition) -> Spending:
    return HEROIC_INSPIRATION if edition.year >= 2024 else INSPIRATION


def can_reroll(token: Token, edition: Edition) -> bool:
    return edition.year >= 2024 and token.inspiration


def spend_reroll(token: Token, old_roll: int, new_roll: int, edition: Edition) -> Reroll:
    """2024: Heroic Inspiration for a reroll; the new roll is kept."""
    check_d20(old_roll)
    check_d20(new_roll)
    if edition.year < 2024:
        raise ValueError("2014 inspiration gives advantage on the roll, not a reroll")
    if not token.inspiration:
        raise NothingToSpend(f"{token.label} has no Heroic Inspiration")
    return Reroll(replace(token, inspiration=False), old_roll, new_roll, "heroic inspiration")


def spend_advantage(token: Token, edition: Edition) -> tuple[Token, Reason]:
    """2014: expend inspiration for advantage on an attack roll, save or ability check."""
    if edition.year >= 2024:
        raise ValueError("Heroic Inspiration rerolls a die; it gives no advantage")
    if not token.inspiration:
        raise NothingToSpend(f"{token.label} has no inspiration")
    return replace(token, inspiration=False), Reason(ADVANTAGE, f"{token.label} spends inspiration")
