"""The app in the reader's language: Qt's translators for the windows, the engine's catalogue for its
sentences, and a font that has the language's letters.

- The language is the one chosen in Settings (`desktop.settings.ui_language`), else the system's
  (`QLocale.system().uiLanguages()`), else English. `install(app, code)` runs once at start-up, before any
  window is made (the windows write their words when they are built: a new choice applies after a restart).
- The app's words: ``desktop/i18n/translations/fivefoot_<code>.qm`` (compiled from the ``.ts`` by
  ``python packaging/i18n.py``) and Qt's own ``qtbase_<code>.qm`` (the standard buttons, the file dialogs)
  are installed as the application's translators.
- The engine's sentences (the log, refusals): `Language.engine(text, system)` translates the English text
  the engine wrote with `rules.i18n` (gettext, Qt-free), preferring the words of the scene's rule system.
- The Player Screen may use another language (`desktop.settings.player_language`): `for_player()` is a
  `Language` that is not installed — its `word(context, text)` looks the words up in its own translator.
- Japanese, Chinese and Korean need a font with their letters: `install` puts the CJK families the system
  has (Noto Sans CJK, Source Han Sans, Yu Gothic / Meiryo on Windows, Hiragino on macOS …) after the
  app's font as fallbacks (`CJK_FAMILIES`). Debian: ``fonts-noto-cjk``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from desktop.settings import player_language, ui_language
from rules.i18n import engine_catalogue, translate_text
from rules.messages import Message, render

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"
#: Each language's own name, shown in the Settings dialog's list.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
#: Families with Japanese (and Chinese, Korean) letters, most wanted first, on Linux, Windows and macOS.
CJK_FAMILIES = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "Source Han Sans",
    "Yu Gothic UI",
    "Meiryo UI",
    "Meiryo",
    "MS UI Gothic",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "WenQuanYi Zen Hei",
    "Noto Sans CJK SC",
    "Noto Serif CJK JP",
)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text`, marked for ``pyside6-lupdate`` under `context` and translated where it is shown
    (``QCoreApplication.translate(context, text)``): a class attribute or a table's value (a tool's label).
    PySide's own is typed ``object``; this one is a ``str``."""
    return text


def available_languages() -> list[str]:
    """English and every language whose app words are compiled (``fivefoot_<code>.qm``)."""
    return ["en", *sorted(p.stem.removeprefix("fivefoot_") for p in TRANSLATIONS_DIR.glob("fivefoot_*.qm"))]


def _base(code: str) -> str:
    return code.replace("-", "_").split("_")[0].lower()


def system_language() -> str:
    """The first of the system's UI languages FiveFoot has, else English."""
    have = available_languages()
    for name in QLocale.system().uiLanguages():
        if _base(name) in have:
            return _base(name)
    return "en"


def resolve(choice: str) -> str:
    """The language to use for a setting ("" follows the system; an unknown code is English)."""
    if not choice:
        return system_language()
    return _base(choice) if _base(choice) in available_languages() else "en"


#: The context under which the compiled catalogue repeats every translation (``packaging/i18n.py``).
ANY_CONTEXT = "@any"


class AnyContext(QTranslator):
    """The app's words looked up by their text alone, asked last: a word the code asked in another context
    than the catalogue's (PySide's ``self.tr`` in a subclass asks in the subclass's name) still translates."""

    def __init__(self, words: QTranslator) -> None:
        super().__init__()
        self.words = words

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        return self.words.translate(ANY_CONTEXT, source, disambiguation, n) or None

    def isEmpty(self) -> bool:
        return self.words.isEmpty()


@dataclass
class Language:
    """One language's translators (app words and Qt's own) and its engine catalogue."""

    code: str
    translators: list[QTranslator] = field(default_factory=list)

    @classmethod
    def load(cls, code: str) -> Language:
        lang = cls(code)
        if code == "en":
            return lang
        app_words = QTranslator()
        if app_words.load(str(TRANSLATIONS_DIR / f"fivefoot_{code}.qm")):
            lang.translators += [AnyContext(app_words), app_words]
        qt_words = QTranslator()
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_words.load(f"qtbase_{code}", qt_dir):
            lang.translators.append(qt_words)
        return lang

    def word(self, context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """`text` of `context` in this language (for widgets shown in a language not installed)."""
        for t in reversed(self.translators):  # as Qt asks them: the last installed first
            found = t.translate(context, text, disambiguation, n)
            if found:
                return found
        return text

    def engine(self, text: str, system: str = "") -> str:
        """English text the engine wrote (log entries, refusals) in this language."""
        return translate_text(text, engine_catalogue(self.code, system))

    def render(self, message: Message | str, system: str = "") -> str:
        """An engine `Message` in this language."""
        return render(message, engine_catalogue(self.code, system))


_current = Language("en")
#: The Player Screen's own widgets (the TV's window, its map, initiative strip, ruler and touch): their words
#: follow `for_player` when it differs from the app's language (the GM's menus and dialogs about the
#: Player Screen stay in the app's language).
PLAYER_SCREEN_CONTEXTS = frozenset(
    {
        "PlayerWindow",
        "PlayerScene",
        "PlayerMapView",
        "InitiativeStrip",
        "RulerBar",
        "TableTouch",
        "PingItem",
        "FingerRuler",
    }
)


class PlayerScreenWords(QTranslator):
    """Answers the Player Screen's contexts in the Player Screen's language (installed last, so Qt asks it
    first; every other context is left to the app's translators)."""

    def __init__(self, language: Language, contexts: frozenset[str] = PLAYER_SCREEN_CONTEXTS) -> None:
        super().__init__()
        self.speaks = language  # (QTranslator.language() is Qt's own)
        self.contexts = contexts

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if context not in self.contexts:
            return None  # not found: Qt asks the app's translators (an empty string would be an answer)
        return self.speaks.word(context, source, disambiguation, n)

    def isEmpty(self) -> bool:
        return False


_player_words: PlayerScreenWords | None = None


def current() -> Language:
    """The language the app's windows are in (English until `install`)."""
    return _current


def install(app: QCoreApplication, code: str) -> Language:
    """Make `code` the app's language: its translators installed, the locale and the font fallbacks set."""
    global _current, _player_words
    for t in _current.translators:
        app.removeTranslator(t)
    if _player_words is not None:
        app.removeTranslator(_player_words)
        _player_words = None
    _current = Language.load(code)
    for t in _current.translators:
        app.installTranslator(t)
    player = for_player()
    if player.code != _current.code:
        _player_words = PlayerScreenWords(player)
        app.installTranslator(_player_words)
    QLocale.setDefault(QLocale.system() if code == "en" else QLocale(code))
    if isinstance(app, QApplication):
        add_cjk_fallback(app)
    return _current


def uninstall(app: QCoreApplication) -> None:
    """Take every translator of ours off `app` (before it goes away: Qt would otherwise ask a translator
    written in Python while the interpreter is tearing it down, and crash at exit)."""
    global _player_words
    for t in _current.translators:
        app.removeTranslator(t)
    if _player_words is not None:
        app.removeTranslator(_player_words)
        _player_words = None


def install_chosen(app: QCoreApplication) -> Language:
    """`install` the language of the settings (or the system's)."""
    return install(app, resolve(ui_language()))


#: The Player Screen's languages other than the app's, loaded once.
_player_languages: dict[str, Language] = {}


def for_player() -> Language:
    """The Player Screen's language: its own setting, else the app's."""
    choice = player_language()
    if not choice:
        return _current
    code = resolve(choice)
    if code == _current.code:
        return _current
    if code not in _player_languages:  # loaded once (the Player Screen's tokens ask as they paint)
        _player_languages[code] = Language.load(code)
    return _player_languages[code]


def cjk_families() -> list[str]:
    """The families of `CJK_FAMILIES` this system has."""
    have = set(QFontDatabase.families())
    return [f for f in CJK_FAMILIES if f in have]


def add_cjk_fallback(app: QApplication) -> None:
    """The app's font with the system's CJK families after it (Qt takes a missing letter from them)."""
    font = QFont(app.font())
    families = [font.family(), *(f for f in cjk_families() if f != font.family())]
    font.setFamilies(families)
    app.setFont(font)


def engine_text(text: str, system: str = "") -> str:
    """English text the engine wrote, in the app's language."""
    return _current.engine(text, system)
