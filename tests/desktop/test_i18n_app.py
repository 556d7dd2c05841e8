"""The app in Japanese (issue 28): started in Japanese, its menus, a log line and a refusal read in
Japanese; Settings chooses the language and the Player Screen's; a CJK font is a fallback of the app's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QMenu

from desktop import i18n
from desktop.settings import player_language, set_player_language, set_ui_language, ui_language
from rules.geometry.coords import Cell
from rules.model.scene import Token, new_scene
from rules.play.edits import AddTokens
from rules.play.moves import MoveToken


@pytest.fixture
def japanese(qapp: QApplication) -> Iterator[i18n.Language]:
    """The app's language is Japanese for one test (English again after it: translators are app-wide)."""
    font = qapp.font()
    lang = i18n.install(qapp, "ja")
    yield lang
    i18n.install(qapp, "en")
    qapp.setFont(font)


@pytest.fixture
def window_ja(japanese, qtbot):  # type: ignore[no-untyped-def]
    from desktop.window.main_window import MainWindow

    win = MainWindow(autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    assert win.files.open_demo("pf2e")
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.files.ask_unsaved = lambda: "discard"


def _menus(win) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.text() for a in win.menuBar().actions() if a.menu() is not None]


def test_the_main_menus_are_japanese(window_ja) -> None:  # type: ignore[no-untyped-def]
    menus = _menus(window_ja)
    assert menus[:4] == ["ファイル(&F)", "編集(&E)", "表示(&V)", "マップ(&M)"]
    assert "遭遇(&N)" in menus and "ヘルプ(&H)" in menus
    file_menu = next(m for m in window_ja.menuBar().findChildren(QMenu) if m.title() == "ファイル(&F)")
    assert [a.text() for a in file_menu.actions()][:2] == ["新規(&N)…", "開く(&O)…"]
    assert window_ja.act_save.toolTip().startswith("シーンを保存する")
    # a word asked in another context than the catalogue's (``tr = win.tr`` in the Player Screen's code)
    assert window_ja.player_screen.act_player.text() == "プレイヤー画面を開く(&O)"


def test_a_log_line_and_a_refusal_are_japanese(japanese, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.document import Document
    from desktop.window.main_window import MainWindow

    win = MainWindow(Document(new_scene("pf2e", 10, 10)), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    doc = win.doc
    doc.execute(AddTokens((Token(id="b", name="Brann", cell=Cell(1, 1), speed=25),)))
    assert doc.execute(MoveToken("b", (Cell(3, 1),))) is not None
    assert doc.log[-1].startswith("Brann moves 10 ft to [3, 1]")  # the engine and the file keep English
    shown = win.table.log_dock.plain_text().splitlines()
    assert shown[-1].startswith("Brannは[3, 1]まで10フィート移動する（“歩行”1回；残り2アクション）"), shown
    # a refusal in the status bar
    assert doc.execute(MoveToken("b", (Cell(4, 1),), mode="burrow")) is None
    assert doc.last_refusal == "Brann has no burrow Speed"
    assert win.statusBar().currentMessage() == "Brannは穴掘りの移動速度を持たない"


def test_the_round_and_the_docks_titles_are_japanese(window_ja) -> None:  # type: ignore[no-untyped-def]
    assert window_ja.table.log_dock.windowTitle() == "ログ"
    assert window_ja.table.initiative_dock.windowTitle() == "イニシアチブ"
    assert "ラウンド" in window_ja.round_label.text()


def test_a_cjk_font_is_a_fallback_of_the_apps_font(japanese, qapp) -> None:  # type: ignore[no-untyped-def]
    have = i18n.cjk_families()
    if not have:
        pytest.skip("no CJK font on this machine (Debian: fonts-noto-cjk)")
    families = qapp.font().families()
    assert have[0] in families and families.index(have[0]) > 0  # after the app's own font


def test_the_player_screen_can_use_another_language(qapp) -> None:  # type: ignore[no-untyped-def]
    assert i18n.current().code == "en"
    set_player_language("ja")
    player = i18n.for_player()
    assert player.code == "ja"
    assert player.word("MainWindow", "&File") == "ファイル(&F)"
    assert player.engine("Round 2") == "ラウンド2"
    assert i18n.current().word("MainWindow", "&File") == "&File"  # the GM's window stays English
    set_player_language("")
    assert i18n.for_player() is i18n.current()


def test_the_language_follows_the_settings_then_the_system(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert "ja" in i18n.available_languages()
    assert i18n.resolve("ja_JP") == "ja"
    assert i18n.resolve("xx") == "en"
    monkeypatch.setattr(i18n, "system_language", lambda: "ja")
    assert i18n.resolve("") == "ja"


def test_settings_choose_the_language(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.settings_dialog import SettingsDialog

    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    assert dialog.language.currentData() == ""  # follows the system until chosen
    dialog.language.setCurrentIndex(dialog.language.findData("ja"))
    dialog.player_language.setCurrentIndex(dialog.player_language.findData("en"))
    dialog.accept()
    assert ui_language() == "ja" and player_language() == "en"
    again = SettingsDialog()
    qtbot.addWidget(again)
    assert again.language.currentData() == "ja" and again.language.currentText() == "日本語"
    set_ui_language("")
    set_player_language("")


def test_the_player_screen_speaks_its_own_language_beside_an_english_gm_window(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    """GM in English, players in Japanese: the Player Screen's window is Japanese, the GM's menus (and
    the GM's menu items about the Player Screen) stay English."""
    from desktop.window.main_window import MainWindow

    set_player_language("ja")
    font = qapp.font()
    try:
        i18n.install(qapp, "en")
        win = MainWindow(autosave=False)
        qtbot.addWidget(win)
        win.files.ask_unsaved = lambda: "discard"
        assert win.files.open_demo("pf2e")
        screen = win.player_screen.open_player_screen()
        qtbot.addWidget(screen)
        assert screen.windowTitle() == "FiveFoot — プレイヤー画面"
        assert _menus(win)[0] == "&File"
        assert win.player_screen.act_player.text() == "&Open Player Screen"
    finally:
        set_player_language("")
        i18n.install(qapp, "en")
        qapp.setFont(font)
    assert QApplication.translate("PlayerWindow", "FiveFoot — Player Screen") == "FiveFoot — Player Screen"


def test_the_player_screen_contexts_are_its_widgets() -> None:
    """Each context routed to the Player Screen's language is a class of desktop/player (a rename fails)."""
    import ast
    from pathlib import Path

    folder = Path(i18n.__file__).resolve().parents[1] / "player"
    names = {
        n.name
        for p in folder.glob("*.py")
        for n in ast.walk(ast.parse(p.read_text()))
        if isinstance(n, ast.ClassDef)
    }
    assert not i18n.PLAYER_SCREEN_CONTEXTS - names


def test_uninstall_takes_every_translator_off_before_the_app_goes_away(qtbot: object) -> None:
    """The app's exit path (`desktop.app.main`) uninstalls the translators: Qt asking a Python translator
    while the interpreter tears it down crashed one Japanese run in four at exit."""
    from PySide6.QtCore import QCoreApplication

    from desktop import i18n

    app = QCoreApplication.instance()
    assert app is not None
    i18n.install(app, "ja")
    assert QCoreApplication.translate("MainWindow", "&File") != "&File"
    i18n.uninstall(app)
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
    i18n.install(app, "en")


def test_the_attack_dialog_and_the_tools_are_japanese(japanese, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Started in Japanese: the attack dialog's labels, its breakdown rows (PF2e's words: 立ちすくみ,
    挟撃, 遮蔽), the roll's outcome, the log line of the attack, a refusal (out of reach) and the tool bar."""
    from desktop.dialogs.attack_dialog import AttackDialog
    from desktop.document import Document
    from desktop.window.main_window import MainWindow
    from rules.dice import ScriptedDice
    from tests.desktop.test_attack_dialog import FLANKED, PF_TOKENS
    from tests.rules.ascii_maps import ascii_scene, wall

    scene = ascii_scene(FLANKED, tokens=PF_TOKENS, walls=[wall((3, 1.2), (3, 1.8), "low")])
    win = MainWindow(Document(scene), autosave=False)
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda: "discard"
    assert win.tool_actions["select"].text() == "選択／移動"
    assert win.tool_actions["measure"].toolTip().startswith("シーンの斜め移動ルールで距離を測る")
    dialog = AttackDialog(win.doc, "A", "o", dice=ScriptedDice([15, 6, 12]))
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "攻撃" and dialog.roll_button.text() == "攻撃をロール"
    rows = dialog.breakdown.rows()
    assert ("攻撃修正値", "+9", "") in rows and ("目標のAC", "16", "") in rows
    assert ("立ちすくみ状態", "−2", "状況: 挟撃されている（Bと）") in rows
    assert ("遮蔽", "+2", "状況: 標準の遮蔽") in rows
    assert "距離5フィート" in dialog.facts.text() and "標準の遮蔽" in dialog.facts.text()
    dialog.roll_attack()
    assert dialog.outcome.text() == "24対AC 16：成功"
    assert win.doc.log[-1].startswith("A attacks o with longsword: success")  # the file keeps English
    shown = win.table.log_dock.plain_text()
    assert "Aがlongswordでoを攻撃する：成功" in shown and "攻撃ロール：d20 15 +9 = 24" in shown
    # a refusal: out of reach, in the dialog's facts line
    dialog.set_target("x")
    assert "間合いの外：Aのlongswordの届く距離は5フィートだが、xは" in dialog.facts.text()


def _in_bar(win) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """Each action-bar button: shown inside the bar (not pushed into its » overflow menu)."""
    bar = win.action_bar
    shown = {}
    for key, action in bar.buttons.items():
        widget = bar.widgetForAction(action)
        shown[key] = widget is not None and widget.isVisible() and bar.rect().contains(widget.geometry())
    return shown


def _start_encounter(win, qtbot) -> None:  # type: ignore[no-untyped-def]
    from rules.dice import ScriptedDice

    dock = win.table.initiative_dock
    dock.dice = ScriptedDice([])
    for i, (tid, _inc, _d20) in enumerate(dock.setup_rows()):
        dock.set_typed(tid, d20=20 - i)
    win.table.act_start.trigger()
    win.map_scene.select_ids([win.doc.encounter.current_id])
    qtbot.wait(50)


def test_in_japanese_at_1280_pixels_every_action_bar_button_shows(window_ja, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The Japanese buttons are wider: at 1280 pixels the bar shows the names only (the cost stays in each
    tooltip) instead of pushing End turn and the menus into the overflow; at 1920 the costs come back."""
    _start_encounter(window_ja, qtbot)
    bar = window_ja.action_bar
    assert bar.compact
    shown = _in_bar(window_ja)
    assert shown["end-turn"] and all(shown.values()), shown
    end = bar.buttons["end-turn"]
    assert end.text() == "ターン終了" and "ターン終了" in end.toolTip()
    window_ja.resize(1920, 1080)
    qtbot.waitUntil(lambda: not bar.compact and all(_in_bar(window_ja).values()), timeout=3000)
    assert "\n" in end.text()
    window_ja.resize(1280, 720)
    qtbot.waitUntil(lambda: bar.compact and all(_in_bar(window_ja).values()), timeout=3000)
