"""Effects with durations (PF2e Player Core 426 "Duration" and the turn steps on 435–436; 5e "until the
start of its next turn"): `rules.model.effects`."""

from __future__ import annotations

import dataclasses

import pytest

from rules.geometry.coords import Cell
from rules.model.effects import (
    END,
    START,
    Effect,
    Ends,
    TurnMoment,
    add,
    apply_to_token,
    conditions_of,
    end,
    follow_token,
    sustain,
    tick,
)
from rules.model.scene import Token
from rules.systems.turn import TurnRolls, end_of_turn

ORDER = ("wizard", "goblin", "fighter")


def one_round(effects: tuple[Effect, ...]) -> tuple[tuple[Effect, ...], list[str]]:
    """Every creature's start and end of turn, in initiative order."""
    lines: list[str] = []
    for who in ORDER:
        for at in (START, END):
            effects, more = tick(effects, TurnMoment(who, at))
            lines += more
    return effects, lines


def test_effect_values_are_frozen() -> None:
    e = Effect("e1", "goblin", "frightened", 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.value = 3  # type: ignore[misc]


def test_rounds_count_down_at_the_start_of_the_creators_turns() -> None:
    # Player Core: a 3-round spell cast on round 1 is 2 at the 2nd turn start, 1 at the 3rd, ends at the 4th.
    bless = Effect(
        "b", "fighter", "Bless", ends=Ends.after_rounds(3, "wizard"), condition=False, source="wizard"
    )
    effects: tuple[Effect, ...] = (bless,)
    seen = []
    for _ in range(3):
        effects, _lines = tick(effects, TurnMoment("wizard", START))
        seen.append((len(effects), effects[0].ends.count if effects else 0))
        # nobody else's turn counts it down
        for who in ("goblin", "fighter"):
            effects, _ = tick(effects, TurnMoment(who, START))
    assert seen == [(1, 2), (1, 1), (0, 0)]


def test_until_the_end_of_the_targets_next_turn() -> None:
    # Given on the wizard's turn, it ends at the end of the goblin's next turn, not at its start.
    e = Effect("e", "goblin", "off-guard", ends=Ends.at_turn("goblin", END))
    after, lines = tick((e,), TurnMoment("goblin", START))
    assert after == (e,) and lines == ()
    after, lines = tick(after, TurnMoment("goblin", END))
    assert after == () and "off-guard on goblin ends" in lines[0]


def test_for_three_of_the_targets_turns() -> None:
    e = Effect("e", "goblin", "sickened", 1, ends=Ends.at_turn("goblin", END, count=3))
    effects: tuple[Effect, ...] = (e,)
    ends_after = None
    for rnd in range(1, 5):
        effects, _ = one_round(effects)
        if not effects and ends_after is None:
            ends_after = rnd
    assert ends_after == 3


def test_5e_dodge_lasts_until_the_start_of_your_next_turn() -> None:
    dodge = Effect("d", "fighter", "dodging", ends=Ends.at_turn("fighter", START))
    after, _ = tick((dodge,), TurnMoment("fighter", END))
    assert after == (dodge,)
    after, _ = tick(after, TurnMoment("wizard", START))
    assert after == (dodge,)
    after, lines = tick(after, TurnMoment("fighter", START))
    assert after == () and lines


def test_valued_condition_that_drops_by_one() -> None:
    e = Effect("e", "goblin", "stupefied", 2, drops=END)
    after, lines = tick((e,), TurnMoment("goblin", END))
    assert after[0].value == 1 and lines == ("goblin: stupefied 2 → 1",)
    # someone else's turn end doesn't lower it
    assert tick(after, TurnMoment("wizard", END))[0] == after
    after, lines = tick(after, TurnMoment("goblin", END))
    assert after == () and "ends" in lines[0]


def test_save_ends_only_when_the_gm_says_so_with_a_reminder_at_the_targets_turn_end() -> None:
    e = Effect("p", "fighter", "paralyzed", ends=Ends.on_save("Fortitude DC 20"), source="ghoul")
    after, lines = tick((e,), TurnMoment("fighter", END))
    assert after == (e,) and "Fortitude DC 20" in lines[0]
    after, lines = end(after, "p")
    assert after == () and "successful Fortitude DC 20" in lines[0]


def test_sustained_effect_ends_at_the_end_of_a_turn_it_was_not_sustained() -> None:
    wall = Effect("w", "goblin", "immobilized", ends=Ends.when_not_sustained("wizard"))
    # Round 1: created on the wizard's turn, it lasts until the end of the wizard's next turn.
    effects, _ = tick((wall,), TurnMoment("wizard", END))
    assert len(effects) == 1
    # Round 2: sustained.
    effects = sustain(effects, "w")
    effects, _ = tick(effects, TurnMoment("wizard", END))
    assert len(effects) == 1
    # Round 3: not sustained → ends at the end of the wizard's turn (not the goblin's).
    effects, _ = tick(effects, TurnMoment("goblin", END))
    assert len(effects) == 1
    effects, lines = tick(effects, TurnMoment("wizard", END))
    assert effects == () and "didn't sustain" in lines[0]


def test_by_hand_never_ends_by_itself() -> None:
    e = Effect("h", "goblin", "prone")
    effects: tuple[Effect, ...] = (e,)
    for _ in range(5):
        effects, lines = one_round(effects)
        assert effects == (e,) and lines == []


def test_bad_effects_are_refused() -> None:
    with pytest.raises(ValueError, match="needs the creature"):
        Ends("turn")
    with pytest.raises(ValueError, match="ends by one of"):
        Ends("forever")
    with pytest.raises(ValueError, match="1 or more"):
        Effect("x", "g", "frightened", 0)
    with pytest.raises(ValueError, match="already exists"):
        add((Effect("x", "g", "prone"),), Effect("x", "g", "dazzled"))
    with pytest.raises(KeyError):
        end((), "nope")
    with pytest.raises(ValueError, match="isn't sustained"):
        sustain((Effect("x", "g", "prone"),), "x")


def test_conditions_of_counts_the_highest_value_once() -> None:
    effects = (
        Effect("a", "g", "frightened", 1),
        Effect("b", "g", "frightened", 3),
        Effect("c", "g", "prone"),
        Effect("d", "other", "frightened", 4),
        Effect("e", "g", "Bless", condition=False),
    )
    assert conditions_of(effects, "g") == {"frightened": 3, "prone": None}


def test_apply_to_token_removes_ended_conditions_and_writes_values() -> None:
    token = Token("g", Cell(0, 0), conditions=("frightened 2", "off-guard", "prone"))
    before = (
        Effect("f", "g", "frightened", 2, drops=END),
        Effect("o", "g", "off-guard", ends=Ends.at_turn("g", END)),
    )
    after, _ = tick(before, TurnMoment("g", END))
    updated = apply_to_token(token, before, after)
    # prone isn't from an effect and stays; off-guard ended; frightened 2 → 1.
    assert sorted(updated.conditions) == ["frightened 1", "prone"]


def test_a_condition_given_by_two_effects_stays_while_one_runs() -> None:
    token = Token("g", Cell(0, 0), conditions=("off-guard",))
    before = (
        Effect("a", "g", "off-guard", ends=Ends.at_turn("g", START)),
        Effect("b", "g", "off-guard", ends=Ends.at_turn("g", END)),
    )
    after, _ = tick(before, TurnMoment("g", START))
    assert apply_to_token(token, before, after).conditions == ("off-guard",)


def test_frightened_effect_follows_the_systems_end_of_turn_rule() -> None:
    # PF2e frightened drops by 1 at the end of the creature's turn by its own rule (on the token); the
    # effect that gave it follows the token instead of dropping a second time.
    token = Token("g", Cell(0, 0), hp=10, conditions=("frightened 2",))
    effects: tuple[Effect, ...] = (Effect("f", "g", "frightened", 2, source="Demoralize"),)
    effects, _ = tick(effects, TurnMoment("g", END))
    token, _ = end_of_turn("pf2e", token, TurnRolls())
    effects, lines = follow_token(effects, token)
    assert effects[0].value == 1 and token.conditions == ("frightened 1",) and lines == ()
    token, _ = end_of_turn("pf2e", token, TurnRolls())
    effects, lines = follow_token(effects, token)
    assert effects == () and "no longer has it" in lines[0]


def test_turn_counts_are_written_as_ordinals() -> None:
    from rules.model.effects import Ends

    texts = [Ends.at_turn("Kyra", "end", n).describe() for n in (1, 2, 3, 11, 21)]
    assert texts == [
        "until the end of Kyra's next turn",
        "until the end of Kyra's 2nd turn from now",
        "until the end of Kyra's 3rd turn from now",
        "until the end of Kyra's 11th turn from now",
        "until the end of Kyra's 21st turn from now",
    ]
