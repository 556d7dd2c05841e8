"""The action bar's question to the engine (`rules.play.turn_hud`): what a creature's turn has left and
which actions it may take, each refusal the engine's own sentence."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.model.scene import Attack
from rules.play.basic_actions import BasicAction
from rules.play.table import AttackRoll
from rules.play.turn_hud import turn_hud
from tests.rules.play.helpers import started

SWORD = (Attack("sword", 7, "1d8+4 slashing"),)
DAGGER = (Attack("dagger", 5, "1d4+3 piercing", traits=("agile",)),)
#: A and B side by side (A's attacks reach B).
CLOSE = """
A B . .
. . . .
C . . D
"""


def _gauge(hud: object, kind: str) -> object:
    for g in hud.gauges:  # type: ignore[attr-defined]
        if g.kind == kind:
            return g
    raise AssertionError(kind)


def test_pf2e_actions_reaction_and_map_follow_the_ledger() -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD})
    hud = turn_hud(state, "A")
    actions = _gauge(hud, "actions")
    assert (actions.left, actions.total, actions.lost) == (3, 3, 0)  # type: ignore[attr-defined]
    assert _gauge(hud, "map").left == 0  # type: ignore[attr-defined]
    state = AttackRoll("A", "B", "sword", (12,)).apply(state).state
    hud = turn_hud(state, "A")
    assert _gauge(hud, "actions").left == 2  # type: ignore[attr-defined]
    m = _gauge(hud, "map")
    assert (m.left, m.total) == (-5, -4)  # type: ignore[attr-defined]
    assert str(_gauge(hud, "actions").text) == "2 actions left"  # type: ignore[attr-defined]


def test_pf2e_slowed_pips_are_lost_and_quickened_adds_one() -> None:
    slowed = turn_hud(started("pf2e", A={"conditions": ("slowed 1",)}), "A")
    g = _gauge(slowed, "actions")
    assert (g.left, g.total, g.lost) == (2, 2, 1)  # type: ignore[attr-defined]
    assert "slowed 1" in str(g.note)  # type: ignore[attr-defined]
    quick = _gauge(turn_hud(started("pf2e", A={"conditions": ("quickened",)}), "A"), "actions")
    assert (quick.left, quick.total) == (4, 4)  # type: ignore[attr-defined]


def test_pf2e_buttons_cost_and_refuse_in_the_engines_words() -> None:
    state = started("pf2e", CLOSE, A={"attacks": SWORD})
    hud = turn_hud(state, "A")
    assert str(hud.action("take-cover").cost) == "1 action"  # type: ignore[union-attr]
    assert str(hud.action("ready").cost) == "2 actions"  # type: ignore[union-attr]
    assert str(hud.action("delay").cost) == "free"  # type: ignore[union-attr]
    assert hud.action("delay").allowed  # type: ignore[union-attr]
    shield = hud.action("raise-shield")
    assert shield is not None and not shield.allowed  # A carries no shield: the system's requirement
    for _ in range(3):
        state = BasicAction("A", "seek", ScriptedDice([10])).apply(state).state
    hud = turn_hud(state, "A")
    cover = hud.action("take-cover")
    assert cover is not None and cover.problem is not None and "0 actions left" in cover.problem
    delay = hud.action("delay")
    assert delay is not None and delay.problem is not None and "already acted" in delay.problem
    end = hud.action("end-turn")
    assert end is not None and end.allowed
    # B's bar on A's turn: only reactions; ending a turn is the current creature's
    other = turn_hud(state, "B")
    assert not other.own_turn
    assert other.action("end-turn").problem is not None  # type: ignore[union-attr]
    assert "turn" in (other.action("seek").problem or "")  # type: ignore[union-attr]


def test_5e_action_bonus_movement_reaction_and_attacks_left() -> None:
    state = started("dnd5e-2014", CLOSE, A={"attacks": SWORD + DAGGER, "attacks_per_action": 2, "speed": 30})
    hud = turn_hud(state, "A")
    kinds = [g.kind for g in hud.gauges]
    assert kinds == ["action", "bonus-action", "movement", "reaction"]
    move = _gauge(hud, "movement")
    assert (move.left, move.total) == (30, 30)  # type: ignore[attr-defined]
    assert str(hud.action("dash").cost) == "action"  # type: ignore[union-attr]
    assert str(hud.action("strike").label) == "Attack"  # type: ignore[union-attr]
    assert hud.action("delay") is None  # 5e has no Delay
    state = AttackRoll("A", "B", "sword", (12, 12)).apply(state).state
    hud = turn_hud(state, "A")
    assert _gauge(hud, "action").left == 0  # type: ignore[attr-defined]
    attacks = _gauge(hud, "attacks")
    assert (attacks.left, attacks.total) == (1, 2)  # type: ignore[attr-defined]
    dash = hud.action("dash")
    assert dash is not None and dash.problem is not None and "already used its action" in dash.problem
    assert hud.action("strike").allowed  # type: ignore[union-attr]  # the second attack of the action
    assert str(hud.action("strike").cost) == "1 of 2 attacks left"  # type: ignore[union-attr]
    assert str(_gauge(hud, "bonus-action").text) == "bonus action ready"  # type: ignore[attr-defined]


def test_5e_stand_costs_half_the_speed() -> None:
    state = started("dnd5e-2014", A={"conditions": ("prone",), "speed": 30})
    hud = turn_hud(state, "A")
    stand = hud.action("stand")
    assert stand is not None and str(stand.cost) == "half Speed (15 ft)" and stand.allowed


def test_sustain_is_an_action_on_the_sustainers_turn_once_a_turn() -> None:
    from rules.model.effects import Effect, Ends
    from rules.play.command import Refused
    from rules.play.effects import EditConditions, SustainEffect
    from rules.play.turns import NextTurn

    state = started("pf2e", CLOSE, A={"attacks": SWORD})
    held = Effect("h", "B", "immobilized", ends=Ends.when_not_sustained("A"))
    state = EditConditions("B", ("immobilized",), (held,)).apply(state).state
    hud = turn_hud(state, "A")
    row = hud.action("sustain:h")
    assert row is not None and str(row.cost) == "1 action"
    assert (
        row.problem is not None and "already sustained" in row.problem
    )  # made this turn: counts as sustained
    for _ in range(4):
        state = NextTurn(ScriptedDice([])).apply(state).state  # round 2, A's turn
    row = turn_hud(state, "A").action("sustain:h")
    assert row is not None and row.allowed
    out = SustainEffect("h").apply(state)
    assert "2 actions left" in out.lines[-1]
    assert turn_hud(out.state, "A").gauges[0].left == 2
    try:
        SustainEffect("h").apply(out.state)
        raise AssertionError("sustained twice")
    except Refused as exc:
        assert "once a turn" in str(exc)
