"""Stealth and senses (issue 16 §2; Player Core Hide/Sneak/Seek/Point Out; 5e Hide and Search)."""

from __future__ import annotations

import pytest

from rules.model.scene import Cell, Scene, Token
from rules.systems import system_for
from rules.systems.dnd5e import stealth as dnd_stealth
from rules.systems.dnd5e.editions import DND5E_2014, DND5E_2024
from rules.systems.pf2e import stealth
from tests.rules.ascii_maps import ascii_scene, wall

HIDER = {"skills": {"stealth": 5}, "perception": 4}
WATCHER = {"perception": 5, "skills": {"stealth": 2}}  # Perception DC 15


def tok(scene: Scene, tid: str) -> Token:
    t = scene.token(tid)
    assert t is not None
    return t


def pf2e(picture: str, **hider: object) -> Scene:
    return ascii_scene(picture, tokens={"A": {**HIDER, **hider}, "b": WATCHER, "c": WATCHER})


def test_pf2e_hide_behind_standard_cover_adds_2_and_hides_on_a_success() -> None:
    s = pf2e("A.#.b")
    r = stealth.hide(s, tok(s, "A"), 8)  # 8 + 5 + 2 = 15 vs DC 15
    (o,) = r.observations
    assert (o.observer_id, o.dc, o.total, o.outcome, o.before, o.after) == (
        "b",
        15,
        15,
        "success",
        "observed",
        "hidden",
    )
    assert r.tokens[0].has_condition("hidden")
    fail = stealth.hide(s, tok(s, "A"), 7)
    assert fail.observations[0].outcome == "failure"
    assert not fail.tokens[0].has_condition("hidden")


def test_pf2e_hide_needs_cover_or_concealment() -> None:
    s = pf2e("A...b")
    r = stealth.hide(s, tok(s, "A"), 20)
    assert r.observations[0].after == "observed"
    assert "no standard cover" in r.observations[0].note
    assert not r.tokens[0].has_condition("hidden")
    # Lesser cover (a creature in between) isn't enough either.
    s2 = ascii_scene("A.d.b", tokens={"A": HIDER, "b": WATCHER}, sides={"d": "party"})
    assert stealth.hide(s2, tok(s2, "A"), 20).observations[0].after == "observed"
    # Concealed (dim light) is enough.
    dim = ascii_scene("A...b", tokens={"A": HIDER, "b": WATCHER}, options={"ambient": "dim"})
    assert stealth.hide(dim, tok(dim, "A"), 10).observations[0].after == "hidden"


def test_pf2e_hide_only_hides_from_everyone_when_it_works_against_everyone() -> None:
    # b is behind the wall; c sees A in the open.
    s = pf2e("A.#.b\n.....\nc....")
    r = stealth.hide(s, tok(s, "A"), 15)
    after = {o.observer_id: o.after for o in r.observations}
    assert after == {"b": "hidden", "c": "observed"}
    assert not r.tokens[0].has_condition("hidden")


def test_pf2e_sneak_degrees() -> None:
    s = pf2e("A.#.b", conditions=["hidden"])
    a = tok(s, "A")
    assert stealth.sneak_feet(a) == 12
    assert stealth.sneak(s, a, 10).observations[0].after == "hidden"  # 17: success keeps hidden
    und = s.replace_token(a.without_condition("hidden").with_condition("undetected"))
    r = stealth.sneak(und, tok(und, "A"), 5)  # 12: failure → hidden
    assert r.observations[0].after == "hidden" and r.tokens[0].has_condition("hidden")
    crit = stealth.sneak(und, tok(und, "A"), 1)  # critical failure → observed
    assert crit.observations[0].after == "observed"
    assert not crit.tokens[0].has_condition("hidden") and not crit.tokens[0].has_condition("undetected")
    with pytest.raises(ValueError, match="hidden or undetected"):
        stealth.sneak(pf2e("A.#.b"), tok(pf2e("A.#.b"), "A"), 10)


def test_pf2e_sneak_into_the_open_ends_observed() -> None:
    s = pf2e("A...b", conditions=["hidden"])
    r = stealth.sneak(s, tok(s, "A"), 19)
    assert r.observations[0].after == "observed"
    assert r.observations[0].note == "ends without cover or concealment"


def test_pf2e_seek_degrees_and_range() -> None:
    # b seeks A; A's Stealth DC is 15, b's Perception +5.
    for cond, d20, after in [
        ("hidden", 10, "observed"),  # success: hidden → observed
        ("undetected", 10, "hidden"),  # success: undetected → hidden
        ("undetected", 20, "observed"),  # critical success
        ("hidden", 9, "hidden"),  # failure
    ]:
        s = pf2e("A.#.b", conditions=[cond])
        r = stealth.seek(s, tok(s, "b"), d20)
        assert r.observations[0].after == after, (cond, d20)
        if after != cond:
            (found,) = r.tokens
            assert found.id == "A" and not found.has_condition(cond)
    far = pf2e("A" + "." * 7 + "b", conditions=["hidden"])  # 40 ft away
    assert stealth.seek(far, tok(far, "b"), 20).observations == ()


def test_pf2e_point_out() -> None:
    t = Token("t", Cell(0, 0), conditions=("undetected",))
    assert stealth.point_out(Token("p", Cell(1, 1)), t).conditions == ("hidden",)
    assert system_for("pf2e").point_out(Token("p", Cell(1, 1)), t).conditions == ("hidden",)
    with pytest.raises(ValueError, match="PF2e action"):
        system_for("dnd5e-2024").point_out(Token("p", Cell(1, 1)), t)


FIVE = {"A": {"skills": {"stealth": 5}}, "b": {"skills": {"perception": 3}}}  # passive Perception 13
BEHIND = [wall((1, -1), (1, 4))]


@pytest.mark.parametrize(("d20", "hidden"), [(8, True), (7, False)])
def test_5e_2014_hide_against_passive_perception(d20: int, hidden: bool) -> None:
    s = ascii_scene("....\nA..b\n....", "dnd5e-2014", tokens=FIVE, walls=BEHIND)
    r = dnd_stealth.hide(s, tok(s, "A"), [d20, d20], edition=DND5E_2014)
    assert r.observations[0].dc == 13
    assert r.tokens[0].has_condition("hidden") is hidden
    if hidden:
        assert r.tokens[0].condition_value("hidden") == d20 + 5


def test_5e_hide_in_clear_view_fails() -> None:
    s = ascii_scene("....\nA..b\n....", "dnd5e-2014", tokens=FIVE)
    r = dnd_stealth.hide(s, tok(s, "A"), [20, 20], edition=DND5E_2014)
    assert r.observations[0].note == "in clear view"
    assert not r.tokens[0].has_condition("hidden")


@pytest.mark.parametrize(("d20", "hidden"), [(10, True), (9, False)])
def test_5e_2024_hide_is_dc_15(d20: int, hidden: bool) -> None:
    s = ascii_scene("....\nA..b\n....", "dnd5e-2024", tokens=FIVE, walls=BEHIND)
    r = dnd_stealth.hide(s, tok(s, "A"), [d20, d20], edition=DND5E_2024)
    assert r.observations[0].dc == 15
    assert r.tokens[0].has_condition("hidden") is hidden


@pytest.mark.parametrize(("d20", "found"), [(12, True), (11, False)])
def test_5e_search_against_the_stealth_total(d20: int, found: bool) -> None:
    s = ascii_scene("A..b", "dnd5e-2024", tokens={"A": {"conditions": ["hidden 15"]}, "b": FIVE["b"]})
    r = system_for(s).seek(s, tok(s, "b"), [d20, d20])  # 5e Search
    assert r.action == "Search" and r.observations[0].dc == 15
    assert (len(r.tokens) == 1) is found
    if found:
        assert not r.tokens[0].has_condition("hidden")


def test_pf2e_strike_from_a_hidden_attacker_finds_the_target_off_guard() -> None:
    from rules.queries import load_all

    handlers = load_all()
    sword = {"name": "sword", "bonus": 7, "damage": "1d8+4 slashing"}
    q = {"q": "attack", "attacker": "A", "target": "b", "attack": "sword", "d20": 10}
    plain = ascii_scene("Ab", tokens={"A": {"attacks": [sword]}, "b": {"ac": 18, "hp": 20}})
    assert handlers["attack"](plain, q)["ac"] == 18
    hidden = ascii_scene(
        "Ab", tokens={"A": {"attacks": [sword], "conditions": ["hidden"]}, "b": {"ac": 18, "hp": 20}}
    )
    answer = handlers["attack"](hidden, q)
    assert answer["ac"] == 16
    assert any(m["source"] == "attacker hidden to the target" for m in answer["ac_modifiers"])
