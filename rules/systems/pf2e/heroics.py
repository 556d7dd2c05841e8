"""PF2e Hero Points (Player Core "Hero Points"): spend 1 Hero Point to reroll a check — a fortune effect:
the new roll is kept even when it is worse. (Spending all of them to avoid death is
`rules.systems.pf2e.dying.avoid_death`.) Hero Points give no advantage."""

from __future__ import annotations

from dataclasses import replace

from rules.messages import msg
from rules.model.scene import Token
from rules.systems.hooks.heroics import NothingToSpend, Reroll, Spending
from rules.systems.roll_modes import Reason, check_d20

#: The words are English (`str` of their message ids): a view shows them in the reader's language.
SPENDING = Spending(
    str(msg("Spend hero point: reroll")), None, str(msg("Hero Points")), True, str(msg("a Hero Point"))
)


def can_reroll(token: Token) -> bool:
    return (token.hero_points or 0) > 0


def spend_reroll(token: Token, old_roll: int, new_roll: int) -> Reroll:
    """One Hero Point for a reroll; the new roll is kept."""
    check_d20(old_roll)
    check_d20(new_roll)
    points = token.hero_points or 0
    if points <= 0:
        raise NothingToSpend(str(msg("{name} has no Hero Points", name=token.label)))
    return Reroll(replace(token, hero_points=points - 1), old_roll, new_roll, "hero point")


def spend_advantage(token: Token) -> tuple[Token, Reason]:
    raise ValueError("Hero Points reroll a check; they give no advantage")
