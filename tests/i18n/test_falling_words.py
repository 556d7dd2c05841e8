"""The PF2e falling and breath log lines are the engine's messages (issue 28's leftovers): English as before,
and in Japanese with the book's words (“落下の軽減”, “しがみつき”, “飛行”)."""

from __future__ import annotations

from dataclasses import replace

from rules.geometry.coords import Cell
from rules.i18n import engine_catalogue, translate_text
from rules.model.scene import Token
from rules.systems import system_for

JA = engine_catalogue("ja", "pf2e")
ECONOMY = system_for("pf2e").economy


def _flyer(**fields: object) -> Token:
    token = Token("k", Cell(2, 2), name="Kestrel", hp=20, max_hp=20, speeds=(("fly", 30),))
    return replace(token, **fields)  # type: ignore[arg-type]


def test_a_plain_fall_and_the_reactions_read_in_japanese() -> None:
    plain = ECONOMY.fall(_flyer(elevation=30), 30)
    assert plain.text == "Kestrel falls 30 ft: 15 bludgeoning (half of 30 ft)"
    assert translate_text(plain.text, JA) == "Kestrelは30フィート落下する：15［殴打］（30フィートの半分）"
    arrested = ECONOMY.fall(_flyer(elevation=30), 30, reaction="arrest", degree="success")
    assert arrested.text == "Kestrel arrests its fall and drifts down 30 ft unhurt"
    assert translate_text(arrested.text, JA).startswith("Kestrelは“落下の軽減”に成功し")
    missed = ECONOMY.fall(_flyer(elevation=60), 60, reaction="grab", degree="failure", fallen=20)
    assert missed.text == "Kestrel fails to grab an edge and falls 60 ft"
    assert translate_text(missed.text, JA) == "Kestrelは“しがみつき”に失敗し、60フィート落下する"


def test_the_end_of_turn_lines_of_air_and_flight_read_in_japanese() -> None:
    aloft = ECONOMY.turn_ends(None, _flyer(elevation=20), None)  # type: ignore[arg-type]
    assert aloft.falls and aloft.lines == ("Kestrel didn't Fly this turn: it falls",)
    assert translate_text(aloft.lines[0], JA) == "Kestrelはこのターンに“飛行”を使わなかった：落下する"
    holding = ECONOMY.turn_ends(None, _flyer(air=3), None)  # type: ignore[arg-type]
    assert holding.lines == ("Kestrel has 2 rounds of air left",)
    assert translate_text(holding.lines[0], JA) == "Kestrelの空気は残り2ラウンド"
    last = ECONOMY.turn_ends(None, _flyer(air=2), None)  # type: ignore[arg-type]
    assert last.lines == ("Kestrel has 1 round of air left",)
    out = ECONOMY.turn_ends(None, _flyer(air=1), None)  # type: ignore[arg-type]
    assert out.lines == ("Kestrel is out of air: it falls unconscious and suffocates",)
    assert translate_text(out.lines[0], JA) == "Kestrelの空気が尽きた：気絶状態になり、窒息し始める"
