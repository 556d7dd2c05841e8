"""The Japanese catalogues use the rulebooks' own words (docs/glossary-ja.csv).

Each glossary row names an English game term (``|`` between its forms), how it is matched (``word``: any
case, ``Name``: an action's name, case kept), the rule system, its Japanese in that system's book and the
line of the Japanese rule text it comes from (``../shared/rules-sources``), and where given a pattern of
English the row doesn't apply to (``unless``: the Help menu is not the Help action).

Wherever a term appears in a translated string, its translation must contain the term's Japanese: for an
engine sentence with a system's context (msgctxt ``pf2e`` …), that system's word; for one without, the
word every system shares — a term whose word differs between the systems (difficult terrain) needs an entry
per system; for a window's string (shared by the systems), any of the systems' words. The longest term
wins where terms overlap ("Take Cover" is 「遮蔽をとる」, not "cover" 「遮蔽」).
"""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from tests.shared_data import need

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary-ja.csv"
TS = ROOT / "desktop" / "i18n" / "translations" / "fivefoot_ja.ts"
PO = ROOT / "rules" / "i18n" / "locale" / "ja.po"
SYSTEMS = ("pf2e", "dnd5e-2014", "dnd5e-2024")


@dataclass(frozen=True)
class Term:
    english: str
    pattern: re.Pattern[str]
    words: dict[str, str]  # system -> Japanese
    unless: re.Pattern[str] | None = None  # English where the words mean something else ("&Help")

    def required(self, context: str) -> set[str] | None:
        """The Japanese a translation must contain (any one of the set); None when it needs per-system
        entries (the systems use different words and the string has no system)."""
        if context in self.words:
            return {self.words[context]}
        if context:
            return set()  # not a term of that system's book
        forms = set(self.words.values())
        return forms if len(forms) == 1 else None


def _rows() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _terms() -> list[Term]:
    terms: dict[str, Term] = {}
    for row in _rows():
        english = row["english"]
        if english not in terms:
            forms = "|".join(re.escape(f) for f in english.split("|"))
            flags = 0 if row["match"] == "Name" else re.IGNORECASE
            unless = re.compile(row["unless"]) if row.get("unless") else None
            pattern = re.compile(rf"(?<![\w-])(?:{forms})(?![\w-])", flags)
            terms[english] = Term(english, pattern, {}, unless)
        terms[english].words[row["system"]] = row["japanese"]
    # the longest English first: it claims its words before a shorter term inside it
    return sorted(terms.values(), key=lambda t: -max(len(f) for f in t.english.split("|")))


def _found(terms: list[Term], english: str) -> list[Term]:
    text = english.replace("&&", "\0").replace("&", "").replace("\0", "&")
    text = re.sub(r"\{[^}]*\}", " ", text)  # a field's name is not a word of the sentence
    hits: list[Term] = []
    plain = text
    for term in terms:
        if term.unless is not None and term.unless.search(plain):
            continue
        if term.pattern.search(text):
            hits.append(term)
            text = term.pattern.sub(" ", text)
    return hits


def _po_entries() -> list[tuple[str, str, str]]:
    """(context, English, Japanese) of the engine's catalogue."""
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        catalog = read_po(f, locale="ja")
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        text = m.string[0] if isinstance(m.string, tuple) else m.string
        for english in ids:
            out.append((m.context or "", english, text))
    return out


def _ts_entries() -> list[tuple[str, str]]:
    out = []
    for m in ET.parse(TS).getroot().iter("message"):
        tr = m.find("translation")
        forms = [] if tr is None else [f.text or "" for f in tr.findall("numerusform")]
        out.append((m.findtext("source") or "", " ".join(forms) or m.findtext("translation") or ""))
    return out


def test_every_glossary_word_is_on_the_rule_text_line_it_cites() -> None:
    sources = need("rules-sources")
    rows = _rows()
    assert len(rows) >= 100
    wrong = []
    for row in rows:
        assert row["system"] in SYSTEMS, row
        name, _, line = row["source"].rpartition(":")
        lines = (sources / name).read_text(encoding="utf-8").splitlines()
        if not (line.isdigit() and 0 < int(line) <= len(lines) and row["japanese"] in lines[int(line) - 1]):
            term = f"{row['english']} ({row['system']}): 「{row['japanese']}」"
            wrong.append(f"{term} is not on {row['source']}")
    assert not wrong, "\n".join(wrong)


def test_the_systems_words_differ_where_the_books_differ() -> None:
    terms = {t.english: t for t in _terms()}
    assert terms["difficult terrain"].words == {
        "pf2e": "移動困難地形",
        "dnd5e-2014": "移動困難な地形",
        "dnd5e-2024": "移動困難な地形",
    }
    assert terms["Strike|Strikes"].words == {"pf2e": "打撃"}
    assert terms["attack|attacks"].words["dnd5e-2014"] == "攻撃"


def test_the_engine_catalogue_uses_the_glossary_terms() -> None:
    terms = _terms()
    entries = _po_entries()
    contexts = {(ctx, english) for ctx, english, _t in entries}
    wrong = []
    for ctx, english, japanese in entries:
        for term in _found(terms, english):
            need_words = term.required(ctx)
            if need_words is None:
                lacking = [s for s in term.words if (s, english) not in contexts]
                if lacking:
                    wrong.append(f"{english!r}: “{term.english}” differs per system: add msgctxt {lacking}")
            elif need_words and not any(w in japanese for w in need_words):
                lacks = " / ".join(sorted(need_words))
                wrong.append(f"[{ctx or '-'}] {english!r} → {japanese!r} lacks {lacks}")
    assert not wrong, f"{len(wrong)} translations miss the rulebooks' words:\n" + "\n".join(wrong)


def test_the_window_catalogue_uses_the_glossary_terms() -> None:
    terms = _terms()
    wrong = []
    for english, japanese in _ts_entries():
        for term in _found(terms, english):
            words = set(term.words.values())
            if not any(w in japanese for w in words):
                wrong.append(f"{english!r} → {japanese!r} lacks {' / '.join(sorted(words))}")
    assert not wrong, f"{len(wrong)} translations miss the rulebooks' words:\n" + "\n".join(wrong)
