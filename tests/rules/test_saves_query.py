"""The `save`, `check` (by token and stat) and `contest` queries end to end (query-protocol.md "Queries for
the turn")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.cli import answer
from rules.io.scene_json import scene_from_json
from rules.model.scene import Scene
from tests.rules.cli_runs import rules_answers

FIVE_ABILITIES = {"str": 10, "dex": 14, "con": 12, "int": 10, "wis": 8, "cha": 10}


def make(system: str, *tokens: dict[str, Any], walls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "format": "fivefoot.scene",
        "version": 1,
        "system": system,
        "grid": {"width": 12, "height": 10},
        "walls": walls or [],
        "tokens": list(tokens),
    }


def hero(**kw: Any) -> dict[str, Any]:
    t = {"id": "hero", "cell": [6, 4], "side": "party", "ac": 18, "hp": 30}
    t.update({"saves": {"fortitude": 6, "reflex": 6, "will": 6}, "perception": 7, "skills": {"stealth": 9}})
    t.update(kw)
    return t


def pip(**kw: Any) -> dict[str, Any]:
    t = {"id": "pip", "cell": [6, 4], "side": "party", "ac": 14, "hp": 20, "proficiency_bonus": 2}
    t.update({"abilities": dict(FIVE_ABILITIES), "saves": {"dex": 2}})
    t.update(kw)
    return t


def ask(doc: dict[str, Any], **q: Any) -> dict[str, Any]:
    scene: Scene = scene_from_json(doc)
    return answer(scene, q)


def prefix(result: dict[str, Any]) -> str:
    return str(result.get("error", "")).split(":")[0]


LOW_WALL = [{"a": [4, 3], "b": [4, 4.9], "kind": "low"}]


def test_pf2e_save_reads_conditions_and_lists_them() -> None:
    doc = make("pf2e", hero(conditions=["frightened 1", "clumsy 2"]))
    r = ask(doc, q="save", token="hero", save="reflex", d20=10, dc=14)
    assert r["total"] == 14 and r["degree"] == "success"
    applied = {(m["label"], m["value"]) for m in r["modifiers"] if m["applied"]}
    assert applied == {("Reflex", 6), ("clumsy", -2)}
    assert {m["label"] for m in r["modifiers"] if not m["applied"]} == {"frightened"}


def test_pf2e_save_cover_from_an_area_origin_only_for_reflex() -> None:
    doc = make("pf2e", hero(), walls=LOW_WALL)
    ref = ask(doc, q="save", token="hero", save="reflex", d20=10, dc=18, origin=[1, 5])
    assert ref["total"] == 18 and ref["degree"] == "success"
    assert any(m["label"] == "cover" and m["value"] == 2 for m in ref["modifiers"])
    fort = ask(doc, q="save", token="hero", save="fortitude", d20=10, dc=18, origin=[1, 5])
    assert fort["total"] == 16
    took = make("pf2e", hero(conditions=["took-cover"]), walls=LOW_WALL)
    assert ask(took, q="save", token="hero", save="reflex", d20=10, dc=18, origin=[1, 5])["total"] == 20


def test_pf2e_bonuses_are_typed() -> None:
    doc = make("pf2e", hero())
    bonuses = [
        {"label": "Aid", "type": "circumstance", "value": 1},
        {"label": "Take Cover", "type": "circumstance", "value": 4},
        {"label": "heroism", "type": "status", "value": 1},
    ]
    r = ask(doc, q="save", token="hero", save="will", d20=10, dc=30, bonuses=bonuses)
    assert r["total"] == 10 + 6 + 4 + 1
    bad = ask(
        doc,
        q="save",
        token="hero",
        save="will",
        d20=10,
        dc=30,
        bonuses=[{"label": "x", "type": "luck", "value": 1}],
    )
    assert prefix(bad) == "bad value"


def test_pf2e_check_by_token_and_stat() -> None:
    doc = make("pf2e", hero(conditions=["stupefied 2"]))
    assert ask(doc, q="check", token="hero", stat="perception", d20=10, dc=15)["total"] == 15
    assert ask(doc, q="check", token="hero", stat="stealth", d20=10, dc=15)["total"] == 19
    assert prefix(ask(doc, q="check", token="hero", stat="athletics", d20=10, dc=15)) == "missing field"
    assert prefix(ask(doc, q="check", token="hero", stat="cooking", d20=10, dc=15)) == "bad value"
    assert ask(doc, q="check", d20=12, modifier=7, dc=19) == {"total": 19, "degree": "success"}


def test_pf2e_errors() -> None:
    doc = make("pf2e", hero(), {"id": "bare", "cell": [0, 0]})
    assert prefix(ask(doc, q="save", token="bare", save="reflex", d20=10, dc=15)) == "missing field"
    assert prefix(ask(doc, q="save", token="nobody", save="reflex", d20=10, dc=15)) == "unknown token"
    assert prefix(ask(doc, q="save", token="hero", save="dex", d20=10, dc=15)) == "bad value"
    assert prefix(ask(doc, q="save", token="hero", save="reflex", d20=21, dc=15)) == "bad value"
    assert prefix(ask(doc, q="save", token="hero", save="reflex", d20=10)) == "missing field"
    assert (
        prefix(
            ask(
                doc,
                q="contest",
                a={"token": "hero", "stat": "stealth", "d20": 3},
                b={"token": "hero", "stat": "perception", "d20": 4},
            )
        )
        == "bad value"
    )


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_save_answer_and_automatic_failure(system: str) -> None:
    doc = make(system, pip(conditions=["stunned"]))
    r = ask(doc, q="save", token="pip", save="str", d20=[20, 20], dc=5)
    assert r["success"] is False and any("automatic failure" in x for x in r["reasons"])
    assert set(r) == {"mode", "reasons", "d20_used", "total", "success"}
    ok = ask(doc, q="save", token="pip", save="con", d20=[20, 20], dc=5)
    assert ok["success"] is True


@pytest.mark.parametrize("system", ["dnd5e-2014", "dnd5e-2024"])
def test_5e_gm_advantage_and_conditions_cancel(system: str) -> None:
    doc = make(system, pip(conditions=["restrained"]))
    r = ask(doc, q="save", token="pip", save="dex", d20=[4, 16], dc=10)
    assert r["mode"] == "disadvantage" and r["d20_used"] == 4
    r = ask(doc, q="save", token="pip", save="dex", d20=[4, 16], dc=10, advantage=True)
    assert r["mode"] == "normal" and r["d20_used"] == 4 and len(r["reasons"]) == 2
    r = ask(doc, q="check", token="pip", stat="wis", d20=[4, 16], dc=10, advantage=True)
    assert r["mode"] == "advantage" and r["total"] == 15 and r["success"]


def test_5e_half_cover_on_dex_saves_from_an_origin() -> None:
    doc = make("dnd5e-2014", pip(), walls=[{"a": [4, 3], "b": [4, 4.7], "kind": "low"}])
    assert ask(doc, q="save", token="pip", save="dex", d20=[11, 4], dc=15, origin=[1, 5])["total"] == 15
    assert ask(doc, q="save", token="pip", save="dex", d20=[11, 4], dc=15)["total"] == 13
    assert ask(doc, q="save", token="pip", save="wis", d20=[11, 4], dc=15, origin=[1, 5])["total"] == 10


def test_5e_total_cover_from_an_origin() -> None:
    doc = make("dnd5e-2024", pip(), walls=[{"a": [5, 0], "b": [5, 10]}])
    assert prefix(ask(doc, q="save", token="pip", save="dex", d20=10, dc=15, origin=[1, 5])) == "total cover"


def test_5e_2024_exhaustion_on_saves_and_checks() -> None:
    doc = make("dnd5e-2024", pip(exhaustion=2))
    assert ask(doc, q="save", token="pip", save="con", d20=10, dc=5)["total"] == 10 + 1 - 4
    assert ask(doc, q="check", token="pip", stat="athletics", d20=10, dc=5)["total"] == 6
    old = make("dnd5e-2014", pip(exhaustion=2))
    assert ask(old, q="check", token="pip", stat="athletics", d20=[10, 3], dc=5)["total"] == 3


def test_5e_check_errors() -> None:
    doc = make("dnd5e-2014", pip(), {"id": "bare", "cell": [0, 0]})
    assert prefix(ask(doc, q="check", d20=10, modifier=3, dc=10)) == "bad value"
    assert prefix(ask(doc, q="check", d20=10, dc=10)) == "missing field"
    assert prefix(ask(doc, q="check", token="bare", stat="str", d20=10, dc=10)) == "missing field"
    assert prefix(ask(doc, q="check", token="pip", stat="fly", d20=10, dc=10)) == "bad value"
    assert prefix(ask(doc, q="save", token="pip", save="reflex", d20=10, dc=10)) == "bad value"
    assert prefix(ask(doc, q="save", token="pip", save="dex", d20=[1, 2, 3], dc=10)) == "bad value"


def test_contest_answers() -> None:
    ann = pip(id="ann", skills={"athletics": 5})
    bob = pip(id="bob", cell=[7, 4], abilities={**FIVE_ABILITIES, "dex": 16})
    doc = make("dnd5e-2024", ann, bob)
    tie = ask(
        doc,
        q="contest",
        a={"token": "ann", "stat": "athletics", "d20": 12},
        b={"token": "bob", "stat": "acrobatics", "d20": 14},
    )
    assert tie == {"a_total": 17, "b_total": 17, "winner": None}
    win = ask(
        doc,
        q="contest",
        a={"token": "ann", "stat": "athletics", "d20": 13},
        b={"token": "bob", "stat": "stealth", "d20": [14, 2]},
    )
    assert win["winner"] == "a"
    assert (
        prefix(ask(doc, q="contest", a={"token": "ann", "stat": "athletics", "d20": 13})) == "missing field"
    )
    assert (
        prefix(
            ask(
                doc,
                q="contest",
                a={"token": "ann", "stat": "athletics"},
                b={"token": "bob", "stat": "stealth", "d20": 3},
            )
        )
        == "missing field"
    )


def test_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(make("pf2e", hero(conditions=["sickened 2"]))), encoding="utf-8")
    answers = rules_answers(
        path, [{"id": 1, "q": "save", "token": "hero", "save": "will", "d20": 10, "dc": 14}]
    )
    assert answers[0]["id"] == 1 and answers[0]["total"] == 14 and answers[0]["degree"] == "success"


def test_area_saves_of_the_app_honour_conditions() -> None:
    """rules.saves (the save dialog's engine): issue 15's frightened goblin and paralyzed 5e creature."""
    from rules.saves import resolve_save

    goblin = scene_from_json(make("pf2e", hero(id="gob", saves={"reflex": 7}, conditions=["frightened 1"])))
    tok = goblin.token("gob")
    assert tok is not None
    assert resolve_save(goblin, tok, "reflex", 17, 10).total == 16
    five = scene_from_json(make("dnd5e-2024", pip(conditions=["paralyzed"], exhaustion=2)))
    p = five.token("pip")
    assert p is not None
    r = resolve_save(five, p, "dex", 5, 20)
    assert r.outcome == "failure" and r.total == 20 + 2 - 4
    assert resolve_save(five, p, "con", 5, 20).outcome == "success"
