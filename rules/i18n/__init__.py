"""The engine's sentences in the reader's language, without Qt.

The engine writes English (`rules.messages`: the message id is the English template). A view that shows
another language asks `engine_catalogue(language, system)` for the gettext catalogue of that language
(`rules/i18n/locale/<language>.mo`, compiled from `<language>.po` by ``python packaging/i18n.py``), and

- renders a `rules.messages.Message` with `rules.messages.render(message, catalogue)`;
- translates a sentence the engine already wrote as English text (the log of a state, a refusal, an old
  file's log) with `translate_text(text, catalogue)`, which recognises the catalogue's templates in it
  (`rules.i18n.sentences`).

The system's name is the gettext context of the entries whose words differ between the games
(PF2e 「移動困難地形」, D&D 2014 「移動困難な地形」): the catalogue prefers the scene's system's entry and
falls back to the context-free one. The query command never translates: its protocol stays English.
"""

from __future__ import annotations

from rules.i18n.catalogue import (
    LOCALE_DIR,
    EngineCatalogue,
    available_languages,
    engine_catalogue,
)
from rules.i18n.sentences import translate_text

__all__ = ["LOCALE_DIR", "EngineCatalogue", "available_languages", "engine_catalogue", "translate_text"]
