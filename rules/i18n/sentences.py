"""Recognising the engine's English sentences in finished text, to show them in another language.

The log of a state and a refusal are English text (the saved file keeps them so; the query protocol is
English). To show them in the reader's language, each line is matched against the English templates the
catalogue translates (a template's ``{named}`` fields match any text), and the line is written again
from the translated template with the same values. A value that is itself one of the engine's sentences
or names ("frightened 2", "Dash") is translated the same way. A line no template matches is left as it is:
a proper name, a dice roll or a sentence not translated yet.

Templates are tried longest-literal first, so "{name} moves to {cell}" wins over "{name} {what}"; a
template must have some literal text (a bare "{x}" would match everything and is never used).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from rules.messages import Catalogue

_FORMATTER = string.Formatter()
#: The most values inside values the translation follows ("{name} is {condition}" → "frightened {n}").
_DEPTH = 3
#: How the engine joins the parts of one line; a line no template matches whole is translated part by part.
_SEPARATORS = (" · ", " — ", "; ", ": ")
#: A word and its value ("frightened 2", "Lesser cover +1").
_VALUED = re.compile(r"(.*?[^\d\s])( [+-]?\d+)")
#: A breakdown's modifier line: its signed value first ("+9 attack bonus (longsword)", "−2 off-guard").
_SIGNED = re.compile(r"([+−-]\d+) (\S.*)")
#: An amount and its kind: a damage formula or its result ("1d8+4 slashing", "9 fire", "2d6[3,4] cold").
_AMOUNT = re.compile(r"(\d[\dd+−\-×*/\[\],]*) ([a-z][a-z -]*)")
#: A sum and its result ("10 slashing, weakness 2 = 12").
_EQUALS = re.compile(r"(.+) = ([+−-]?\d+)")


@dataclass(frozen=True, slots=True)
class _Template:
    id: str  # the catalogue's message id (the singular for a plural form)
    english: str  # the English form matched (the id, or its plural)
    pattern: re.Pattern[str]
    fields: tuple[str, ...]  # the group index -> field name
    anchor: str  # the longest literal piece: a cheap test before the regex
    literal: str  # the template's own words, its fields left out
    weight: int  # the literal characters


def _pieces(template: str) -> list[tuple[str, str | None]]:
    """(literal, field name or None) pieces of a ``str.format`` template."""
    out: list[tuple[str, str | None]] = []
    for literal, field, _spec, _conv in _FORMATTER.parse(template):
        out.append((literal, None))
        if field is not None:
            out.append(("", field.split(".")[0].split("[")[0] or "_"))
    return out


def _compile(mid: str, english: str) -> _Template | None:
    try:
        pieces = _pieces(english)
    except ValueError:
        return None
    regex: list[str] = []
    fields: list[str] = []
    seen: dict[str, int] = {}
    literals: list[str] = []
    after_field = False
    for literal, field in pieces:
        if field is not None and after_field:
            return None  # two fields side by side ("{basic}{save} save"): where one ends is a guess
        if literal:
            after_field = False
        if field is None:
            regex.append(re.escape(literal))
            literals.append(literal)
            continue
        after_field = True
        if field in seen:
            regex.append(f"(?P=f{seen[field]})")
        else:
            seen[field] = len(fields)
            regex.append(f"(?P<f{len(fields)}>.+?)")
            fields.append(field)
    weight = sum(len(x.strip()) for x in literals)
    if not fields or weight < 2:
        return None
    anchor = max(literals, key=len)
    pattern = re.compile("".join(regex), re.DOTALL)
    return _Template(mid, english, pattern, tuple(fields), anchor, "\0".join(literals), weight)


class SentenceIndex:
    """The templates of one catalogue, ready to recognise rendered English lines."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        exact: set[str] = set()
        templates: list[_Template] = []
        singular_of = getattr(catalogue, "singular_of", lambda _p: None)
        #: message id -> its English plural form, for the ids that have one
        self.plural_of: dict[str, str] = {}
        for english in getattr(catalogue, "templates", tuple)():
            one = singular_of(english)
            if one is not None:
                self.plural_of[one] = english
            mid = one or english
            compiled = _compile(mid, english)
            if compiled is None:
                if "{" not in english:
                    exact.add(english)
                continue
            templates.append(compiled)
        templates.sort(key=lambda t: (-t.weight, -len(t.english)))
        self.exact = frozenset(exact)
        self.templates = tuple(templates)
        self._cache: dict[str, str] = {}

    def line(self, text: str, depth: int = 0) -> str:
        """One line in the catalogue's language (itself when nothing matches)."""
        if depth == 0:
            hit = self._cache.get(text)
            if hit is not None:
                return hit
        out = self._translate(text, depth)
        if depth == 0:
            if len(self._cache) > 20_000:
                self._cache.clear()
            self._cache[text] = out
        return out

    def _translate(self, text: str, depth: int) -> str:
        if not text.strip():
            return text
        body = text.lstrip(" ")
        if body != text:  # an indented detail line keeps its indent
            return text[: len(text) - len(body)] + self._translate(body, depth)
        found = self._whole(text, depth)
        return text if found is None else found

    def _whole(self, text: str, depth: int) -> str | None:
        """`text` translated: by one template, else part by part (None when nothing of it is known)."""
        found = self._match(text, depth)
        if found is None and text.endswith(".") and not text.endswith(".."):
            # a sentence the engine closed with a full stop after its message ("{why}.")
            inner = self._match(text[:-1], depth)
            if inner is not None:
                return inner if inner.endswith(("。", ".", "!", "?", "」")) else inner + "。"
        if found is not None:
            return found
        valued = _VALUED.fullmatch(text)  # a valued condition: "frightened 2"
        if valued is not None:
            name = self._match(valued.group(1), depth)
            if name is not None:
                return f"{name}{valued.group(2).strip()}"
        equals = _EQUALS.fullmatch(text)  # a sum: "10 slashing, weakness 2 = 12"
        if equals is not None:
            terms = equals.group(1).split(", ")
            done = [self._whole(t, depth) for t in terms]
            if any(d is not None for d in done):
                left = ", ".join(t if d is None else d for t, d in zip(terms, done, strict=True))
                return f"{left} = {equals.group(2)}"
        amount = _AMOUNT.fullmatch(text)  # a damage amount: "1d8+4 slashing"
        if amount is not None:
            kind = self._match(amount.group(2), depth)
            if kind is not None:
                return f"{amount.group(1)} {kind}"
        signed = _SIGNED.fullmatch(text)  # a modifier line: "+9 attack bonus (longsword)"
        if signed is not None:
            rest = self._whole(signed.group(2), depth)
            if rest is not None:
                return f"{signed.group(1)} {rest}"
        # parts the engine joined ("2 actions left · reaction ready"); inside a value also a list of words
        # ("circumstance, flanked (with B)": a modifier's type and source)
        for sep in (*_SEPARATORS, ", ") if depth else _SEPARATORS:
            if sep in text:
                parts = text.split(sep)
                done = [self._whole(p, depth) for p in parts]
                if any(d is not None for d in done):
                    return sep.join(p if d is None else d for p, d in zip(parts, done, strict=True))
        return None

    def _match(self, text: str, depth: int) -> str | None:
        """`text` by one template; a line holding a separator only by a template that writes it (a value
        may not swallow the parts the engine joined)."""
        joins = tuple(sep for sep in _SEPARATORS if sep in text)
        return self._sentence(text, depth, joins)

    def _sentence(self, text: str, depth: int, joins: tuple[str, ...] = ()) -> str | None:
        """`text` translated when a template of the catalogue matches all of it, else None; `joins`: the
        separators the template's own words must hold."""
        if text in self.exact:
            found = self.catalogue.pgettext("", text)
            return found if found != text else None
        lower = text.lower()
        if lower != text and lower in self.exact:
            # a word capitalised where a sentence or a label starts ("Athletics", "Sleight Of Hand")
            found = self.catalogue.pgettext("", lower)
            if found != lower:
                return found
        for t in self.templates:
            if t.anchor not in text or any(sep not in t.literal for sep in joins):
                continue
            m = t.pattern.fullmatch(text)
            if m is None:
                continue
            values = {name: m.group(f"f{i}") for i, name in enumerate(t.fields)}
            plural = self.plural_of.get(t.id)
            if plural is not None:
                values.setdefault("n", "1")  # the English singular may not spell its count ("next turn")
                translated = self.catalogue.npgettext("", t.id, plural, _count_of(values))
            else:
                translated = self.catalogue.pgettext("", t.id)
            if translated in (t.id, plural):
                continue  # an entry not translated yet: a shorter template may still translate the line
            if depth < _DEPTH:
                values = {k: self.line(v, depth + 1) for k, v in values.items()}
            return _fill(translated, values)
        return None


def _count_of(values: dict[str, str]) -> int:
    """The number a plural form follows: the ``n`` field, else the first whole number among the values."""
    for key in ("n", *values):
        raw = values.get(key, "")
        if raw.lstrip("+-").isdigit():
            return int(raw)
    return 1


def _fill(template: str, values: dict[str, str]) -> str | None:
    """`template` with its fields replaced by the already formatted `values` (None when it names a field
    the English did not have: a broken translation)."""
    try:
        pieces = _FORMATTER.parse(template)
        out: list[str] = []
        for literal, field, _spec, _conv in pieces:
            out.append(literal)
            if field is not None:
                name = field.split(".")[0].split("[")[0] or "_"
                if name not in values:
                    return None
                out.append(values[name])
        return "".join(out)
    except ValueError:
        return None


#: One index per catalogue (the index keeps its catalogue alive, so an id is never reused meanwhile).
_INDEXES: dict[int, SentenceIndex] = {}


def _index(catalogue: Catalogue) -> SentenceIndex:
    found = _INDEXES.get(id(catalogue))
    if found is None or found.catalogue is not catalogue:
        if len(_INDEXES) > 32:
            _INDEXES.clear()
        found = _INDEXES[id(catalogue)] = SentenceIndex(catalogue)
    return found


def translate_text(text: str, catalogue: Catalogue | None) -> str:
    """`text` (one or more lines the engine wrote in English) in the catalogue's language."""
    if catalogue is None or not text:
        return text
    index = _index(catalogue)
    return "\n".join(index.line(line) for line in text.split("\n"))
