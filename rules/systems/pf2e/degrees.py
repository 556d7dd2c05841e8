"""PF2e degrees of success (Player Core "Step 4: Degree of Success") and flat checks.

`degree(d20, modifier, dc)`: the total ``d20 + modifier`` is a critical success when it is at least
``dc + 10``, a success when at least ``dc``, a critical failure when at most ``dc - 10``, else a failure.
Then a natural 20 raises the degree one step and a natural 1 lowers it one step (never past the ends).
"""

from __future__ import annotations

from rules.systems.roll_modes import check_d20 as check_d20

CRITICAL_FAILURE = "critical-failure"
FAILURE = "failure"
SUCCESS = "success"
CRITICAL_SUCCESS = "critical-success"
DEGREES: tuple[str, ...] = (CRITICAL_FAILURE, FAILURE, SUCCESS, CRITICAL_SUCCESS)


def shift(deg: str, steps: int) -> str:
    """Move a degree up (positive) or down (negative), clamped to the four degrees."""
    i = DEGREES.index(deg) + steps
    return DEGREES[max(0, min(len(DEGREES) - 1, i))]


def degree_of_total(total: int, dc: int) -> str:
    """The degree before the natural 1 / natural 20 adjustment."""
    if total >= dc + 10:
        return CRITICAL_SUCCESS
    if total >= dc:
        return SUCCESS
    if total <= dc - 10:
        return CRITICAL_FAILURE
    return FAILURE


def degree(d20: int, modifier: int, dc: int) -> str:
    """Degree of success of a d20 check (see the module docstring)."""
    check_d20(d20)
    deg = degree_of_total(d20 + modifier, dc)
    if d20 == 20:
        deg = shift(deg, 1)
    elif d20 == 1:
        deg = shift(deg, -1)
    return deg


def flat_check(d20: int, dc: int) -> str:
    """A flat check: no modifiers, same degrees (a natural 20 on DC 11–20 is a critical success)."""
    return degree(d20, 0, dc)


def succeeded(deg: str) -> bool:
    return deg in (SUCCESS, CRITICAL_SUCCESS)
