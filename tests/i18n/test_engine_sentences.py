"""The engine's sentences shown in Japanese: messages rendered through the catalogue, and finished English
text (the log of a state, a refusal) recognised and written again in Japanese, in each system's words."""

from __future__ import annotations

from rules.i18n import engine_catalogue, translate_text
from rules.messages import msg, nmsg, render
from rules.model.scene import new_scene
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.edits import AddTokens
from rules.play.history import History
from rules.play.moves import MoveToken


def _ja(system: str = "pf2e"):  # type: ignore[no-untyped-def]
    found = engine_catalogue("ja", system)
    assert found is not None
    return found


def test_a_message_renders_in_japanese_with_its_values() -> None:
    m = nmsg("{name} loses {n} hit point", "{name} loses {n} hit points", name="Brann", n=7)
    assert str(m) == "Brann loses 7 hit points"
    assert render(m, _ja()) == "Brannは7ヒット・ポイントを失う"


def test_finished_english_is_recognised_and_written_in_japanese() -> None:
    cat = _ja()
    m = nmsg("{name} regains {n} hit point", "{name} regains {n} hit points", name="Mira", n=1)
    assert translate_text(str(m), cat) == render(m, cat) == "Miraは1ヒット・ポイントを回復する"
    # a line the engine joined from several messages, a valued condition, an unknown line
    assert translate_text("2 actions left · reaction ready", cat) == "残り2アクション · リアクション未使用"
    assert translate_text("Goblin is frightened 2", cat) == "Goblinは恐れ状態2"
    assert translate_text("Brann hums a tune", cat) == "Brann hums a tune"


def test_a_joined_line_is_translated_part_by_part_and_a_value_keeps_its_parts() -> None:
    cat = _ja()
    summary = "3 actions left · reaction ready · no attacks yet · moved 0 ft · 0 diagonals (next 5 ft)"
    assert translate_text(summary, cat) == (
        "残り3アクション · リアクション未使用 · まだ攻撃していない · 0フィート移動済み"
        " · 斜め0回（次は5フィート）"
    )
    budget = "Encounter: Severe (150 XP); trivial 40 · low 60 · moderate 80 · severe 120 · extreme 160"
    assert translate_text(budget, cat) == "遭遇：深刻（150 XP）；些細40 · 低60 · 中程度80 · 深刻120 · 極限160"
    refusal = "Dash is a D&D 5e action; in PF2e each Stride is an action."
    assert translate_text(refusal, cat) == "早足はD&D 5eのアクション。PF2eでは“歩行”1回が1アクション。"


def test_each_system_keeps_its_own_words() -> None:
    line = "Goblin is frightened 1"
    assert translate_text(line, _ja("pf2e")) == "Goblinは恐れ状態1"
    assert translate_text(line, _ja("dnd5e-2024")) == "Goblinは恐怖状態1"


def test_a_broken_or_missing_translation_never_hides_the_english() -> None:
    assert translate_text("", _ja()) == ""
    assert translate_text("Round 3\nnot a sentence of ours", _ja()) == "ラウンド3\nnot a sentence of ours"
    unknown = msg("a sentence not in the catalogue {x}", x=1)
    assert render(unknown, _ja()) == "a sentence not in the catalogue 1"


def _board() -> History:
    scene = new_scene("pf2e", 10, 10)
    history = History(GameState(scene))
    from rules.geometry.coords import Cell
    from rules.model.scene import Token

    history.execute(AddTokens((Token(id="b", name="Brann", cell=Cell(1, 1), speed=25),)))
    return history


def test_a_real_move_log_line_and_a_refusal_read_in_japanese() -> None:
    from rules.geometry.coords import Cell

    history = _board()
    entry = history.execute(MoveToken("b", (Cell(3, 1),)))
    assert entry.log.startswith("Brann moves 10 ft to [3, 1]")
    japanese = translate_text(entry.log, _ja())
    assert japanese.startswith("Brannは[3, 1]まで10フィート移動する（“歩行”1回；")
    try:
        history.execute(MoveToken("b", (Cell(3, 1),), mode="fly"))
    except Refused as exc:
        assert translate_text(str(exc), _ja()) == "Brannは飛行の移動速度を持たない"
    else:  # pragma: no cover - the rules refuse a fly move without a fly Speed
        raise AssertionError("a fly move without a fly Speed was allowed")
