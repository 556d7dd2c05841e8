"""The translation catalogues: up to date with the code, complete in Japanese, and read without Qt.

`packaging/i18n.py --check` (the same code, `stale()`) rebuilds the .ts, .po and compiled .qm / .mo in a
temporary folder and compares them with the shipped ones: a new ``tr()`` or ``msg()`` string, or an edited
translation not compiled, fails here with the command that fixes it.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from rules.i18n import available_languages, engine_catalogue
from rules.i18n.extract import extract

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "desktop" / "i18n" / "translations" / "fivefoot_ja.ts"
PO = ROOT / "rules" / "i18n" / "locale" / "ja.po"


def _packaging(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_shipped_catalogues_match_the_code_and_their_sources() -> None:
    stale = _packaging("i18n").stale()
    assert not stale, "run `python packaging/i18n.py`:\n" + "\n".join(stale)


def test_every_engine_sentence_is_a_literal_the_extractor_reads() -> None:
    found = extract()
    assert not found.problems, "\n".join(found.problems)
    assert len(found.entries) >= 250  # the log's, refusals' and condition words found


def _ts_messages() -> list[tuple[str, str, str, bool]]:
    """(context, source, translation, finished) of every message of the Japanese .ts."""
    out = []
    for context in ET.parse(TS).getroot().iter("context"):
        name = context.findtext("name") or ""
        for m in context.iter("message"):
            tr = m.find("translation")
            assert tr is not None
            finished = tr.get("type") not in ("unfinished", "vanished", "obsolete")
            forms = [f.text or "" for f in tr.findall("numerusform")]  # a %n string: its plural forms
            text = "".join(forms) if forms and all(forms) else (tr.text or "")
            out.append((name, m.findtext("source") or "", text, finished))
    return out


def test_every_wrapped_ui_string_has_a_japanese_translation() -> None:
    messages = _ts_messages()
    missing = [f"{ctx}: {src!r}" for ctx, src, text, done in messages if not (done and text.strip())]
    print(f"UI strings: {len(messages)}, translated into Japanese: {len(messages) - len(missing)}")
    assert len(messages) >= 300
    assert not missing, f"{len(missing)} UI strings have no Japanese:\n" + "\n".join(missing)


def test_every_engine_sentence_has_a_japanese_translation() -> None:
    catalogue = engine_catalogue("ja")
    assert catalogue is not None
    entries = extract().entries.values()
    missing = [f"{e.places[0]}: {e.id!r}" for e in entries if not catalogue.has(e.context, e.id)]
    print(f"engine sentences: {len(entries)}, translated into Japanese: {len(entries) - len(missing)}")
    assert not missing, f"{len(missing)} engine sentences have no Japanese:\n" + "\n".join(missing)
    # and each translation keeps the English template's fields (a missing field would fall back to English)
    for e in entries:
        text = catalogue.pgettext(e.context, e.id)
        fields = set(_fields(e.id)) | (set(_fields(e.plural)) if e.plural else set())
        assert set(_fields(text)) <= fields, f"{e.id!r} → {text!r} names a field the English doesn't have"


def _fields(template: str) -> list[str]:
    import string

    return [f.split("!")[0].split(":")[0] for _l, f, _s, _c in string.Formatter().parse(template) if f]


def test_japanese_is_available_and_english_needs_no_catalogue() -> None:
    assert "ja" in available_languages()
    assert engine_catalogue("en") is None
    assert engine_catalogue("ja_JP") is not None
    assert engine_catalogue("xx") is None
