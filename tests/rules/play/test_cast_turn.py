"""`CastSpell` (rules/play/cast_turn.py): the app's cast pays the spell's cost from the caster's turn and
casts it in one undo step with one log entry; a turn that can't pay refuses before anything is resolved
(2024 rules: one spell slot a turn, PHB 2024 "Casting Spells": "you can't expend more than one spell slot
to cast a spell on the same turn"); the GM's free cast takes nothing from the turn; save modifiers typed at
the table go on tokens that list none."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.geometry.coords import Point
from rules.model.spell import SpellUsesLeft
from rules.play.cast import Cast
from rules.play.cast_turn import CastSpell
from rules.play.command import Refused
from rules.play.history import History
from rules.play.spell_resolution import Placement
from rules.systems.damage import DamageEntry
from tests.rules.play.test_spell_book import FIREBALL, HOLD, wizard


def fireball(state_caster: str = "W", **kw: object) -> Cast:
    return Cast(
        state_caster,
        FIREBALL,
        placement=Placement(corner=Point(4, 3)),
        saves=(("A", (2,)), ("B", (19,))),
        damage=(DamageEntry(20, "fire"),),
        **kw,  # type: ignore[arg-type]
    )


def test_one_step_pays_the_turn_and_casts() -> None:
    state = wizard("dnd5e-2024", spell_uses=SpellUsesLeft(slots=((2, 3, 0), (3, 2, 0))))
    history = History(state)
    entry = history.execute(CastSpell(fireball()))
    a, b = (history.state.token(t) for t in "AB")
    assert a is not None and b is not None and a.hp == 0 and b.hp == 20 - 10
    assert history.state.token("W").spell_uses.slots_left(3) == 1  # type: ignore[union-attr]
    assert entry.log.startswith("W casts Fireball") and "slot spent" in entry.log
    assert len(history.applied()) == 1
    history.undo()
    assert history.state == state


def test_the_turn_refuses_a_second_slot_and_free_overrides_it() -> None:
    state = wizard("dnd5e-2024", spell_uses=SpellUsesLeft(slots=((2, 3, 0), (3, 2, 0))))
    state = CastSpell(fireball()).apply(state).state
    hold = Cast("W", HOLD, target_ids=("B",), saves=(("B", (2,)),))
    with pytest.raises(Refused, match="slot"):
        CastSpell(hold).apply(state)
    after = CastSpell(hold, free=True).apply(state).state
    b = after.token("B")
    assert b is not None and b.has_condition("paralyzed")


def test_typed_save_modifiers_go_on_tokens_that_list_none() -> None:
    state = wizard("dnd5e-2014")
    tokens = tuple(replace(t, abilities=()) if t.id == "A" else t for t in state.scene.tokens)
    state = state.with_scene(state.scene.edit(tokens=tokens))
    with pytest.raises(Refused):
        CastSpell(fireball()).apply(state)  # A lists no Dexterity: the cast can't resolve it
    out = CastSpell(fireball(), save_modifiers=(("A", 9), ("B", -5))).apply(state)
    a, b = out.state.token("A"), out.state.token("B")
    assert a is not None and ("dex", 9) in a.saves  # d20 2 + 9 = 11 < 15: fails, 20 fire
    assert b is not None and b.saves == ()  # B lists its Dexterity: its own is kept
    assert a.hp == 0  # 20 HP, 20 fire
    assert "A's dex save +9 (typed at the table)" in out.text
