"""Loading the engine's gettext catalogues (`locale/<language>.mo`) with the standard library.

`EngineCatalogue` is a `rules.messages.Catalogue`: ``pgettext(context, id)`` prefers the entry of the
scene's system (msgctxt ``pf2e``, ``dnd5e-2014``, ``dnd5e-2024``) when the message itself has no context,
then the context-free entry, then the English id. `templates()` lists every English template the catalogue
translates (singular and plural), which `rules.i18n.sentences` recognises in finished English text.
"""

from __future__ import annotations

import gettext
import struct
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: gettext's separator between a context and its message id in a compiled catalogue.
_CTX = "\x04"


class EngineCatalogue:
    """One language's translations of the engine's sentences, read for one rule system."""

    def __init__(self, translations: gettext.GNUTranslations, language: str, system: str = "") -> None:
        self.translations = translations
        self.language = language
        self.system = system
        # GNUTranslations keeps the parsed entries in `_catalog`: msgid, "ctx\x04msgid", or (msgid, n).
        catalog: dict[object, str] = getattr(translations, "_catalog", {})
        singles: dict[str, str | None] = {}
        for key in catalog:
            if isinstance(key, str) and key:
                _ctx, _sep, mid = key.rpartition(_CTX)
                singles.setdefault(mid, None)
            elif isinstance(key, tuple) and key[1] == 0:
                _ctx, _sep, mid = str(key[0]).rpartition(_CTX)
                singles.setdefault(mid, None)
        self._ids = tuple(singles)
        #: msgid_plural -> msgid, read back from the .mo's plural entries
        self._plurals: dict[str, str] = dict(getattr(translations, "fivefoot_plurals", {}))

    def for_system(self, system: str) -> EngineCatalogue:
        """The same translations, preferring `system`'s entries."""
        found = engine_catalogue(self.language, system)
        return self if found is None else found

    def templates(self) -> tuple[str, ...]:
        """Every English template this catalogue has an entry for (singular ids and plural forms)."""
        return (*self._ids, *self._plurals)

    def singular_of(self, plural: str) -> str | None:
        """The message id whose English plural form is `plural` (None when it is not one)."""
        return self._plurals.get(plural)

    def has(self, context: str, message: str) -> bool:
        key = f"{context}{_CTX}{message}" if context else message
        catalog: dict[object, str] = getattr(self.translations, "_catalog", {})
        return key in catalog or (key, 0) in catalog

    def pgettext(self, context: str, message: str, /) -> str:
        for ctx in self._contexts(context):
            if self.has(ctx, message):
                return self.translations.pgettext(ctx, message) if ctx else self.translations.gettext(message)
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str:
        for ctx in self._contexts(context):
            if self.has(ctx, msgid1):
                if ctx:
                    return self.translations.npgettext(ctx, msgid1, msgid2, n)
                return self.translations.ngettext(msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2

    def _contexts(self, context: str) -> tuple[str, ...]:
        if context:
            return (context, "")
        return (self.system, "") if self.system else ("",)


def _read_plural_ids(path: Path) -> dict[str, str]:
    """msgid_plural -> msgid of a compiled catalogue (the .mo keeps both, joined by NUL, in its ids)."""
    data = path.read_bytes()

    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _rev, count, ids_at = struct.unpack(order + "III", data[4:16])
    out: dict[str, str] = {}
    for i in range(count):
        length, offset = struct.unpack(order + "II", data[ids_at + 8 * i : ids_at + 8 * i + 8])
        raw = data[offset : offset + length].decode("utf-8")
        if "\x00" in raw:
            one, many = raw.split("\x00", 1)
            out[many] = one.rpartition(_CTX)[2]
    return out


@cache
def _load(language: str) -> gettext.GNUTranslations | None:
    path = LOCALE_DIR / f"{language}.mo"
    if not path.is_file():
        return None
    try:
        with path.open("rb") as f:
            translations = gettext.GNUTranslations(f)
        translations.fivefoot_plurals = _read_plural_ids(path)  # type: ignore[attr-defined]
    except (OSError, ValueError, UnicodeDecodeError):
        return None  # a damaged catalogue: the engine's English text is shown
    return translations


def available_languages() -> tuple[str, ...]:
    """English (the messages' own language) and every language with a compiled catalogue."""
    return ("en", *sorted(p.stem for p in LOCALE_DIR.glob("*.mo")))


def engine_catalogue(language: str, system: str = "") -> EngineCatalogue | None:
    """The catalogue of `language` for `system`'s sentences; None for English or a language without one."""
    return _catalogue(language.split("_")[0].split("-")[0].lower(), system)


@cache
def _catalogue(base: str, system: str) -> EngineCatalogue | None:
    if base == "en":
        return None
    translations = _load(base)
    return None if translations is None else EngineCatalogue(translations, base, system)
