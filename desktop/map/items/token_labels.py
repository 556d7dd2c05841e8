"""The short labels drawn on token faces: distinct among the tokens drawn together.

`short_labels(labels)` takes ``{token id: label}`` and gives each a short label of at most a few
characters, no two alike:

* a label's words are read without what is in brackets (``Randal (Human Fighter)`` → ``Randal``) and
  without punctuation; a trailing number stays (``Goblin 2`` → ``G2``);
* each starts with its initials (``Goblin Warrior`` → ``GW``, ``Crocodile`` → ``C``);
* where two are alike, both grow a letter at a time from their first word (``Crocodile`` / ``Celestina`` →
  ``Cr`` / ``Ce``, then ``Cro`` / ``Cel``);
* labels still alike (two tokens both called ``Goblin``) get numbers no other label uses (``G1``, ``G2``).

The GM view labels every token of the scene together; the Player Screen labels only the tokens it shows
(so a label never hints at a creature the players can't see).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

_BRACKETS = re.compile(r"[\(\[\{][^\)\]\}]*[\)\]\}]?")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
MAX_GROWTH = 3


def _words(label: str) -> tuple[list[str], str]:
    """The label's words (brackets and punctuation dropped) and its trailing number (``""`` if none)."""
    words = _WORD.findall(_BRACKETS.sub(" ", label))
    if not words:
        words = _WORD.findall(label)
    number = words[-1] if len(words) > 1 and words[-1].isdigit() else ""
    if number:
        words = words[:-1]
    return [w for w in words if not w.isdigit()] or words, number


def candidates(label: str) -> list[str]:
    """The short labels `label` may take, shortest first (``C``, ``Cr``, ``Cro``)."""
    words, number = _words(label)
    if not words:
        return [number or "?"]
    first = words[0]
    rest = "".join(w[0].upper() for w in words[1:2])
    out = []
    for n in range(1, MAX_GROWTH + 1):
        head = first[:n]
        text = (head[0].upper() + head[1:].lower()) + rest + number
        if text not in out:
            out.append(text)
    return out


def short_labels(labels: Mapping[str, str]) -> dict[str, str]:
    """A distinct short label for each token id (see the module docstring)."""
    options = {tid: candidates(label) for tid, label in labels.items()}
    level = dict.fromkeys(options, 0)
    chosen = {tid: opts[0] for tid, opts in options.items()}
    for _ in range(MAX_GROWTH):
        counts = Counter(chosen.values())
        clashing = [tid for tid, text in chosen.items() if counts[text] > 1]
        grown = False
        for tid in clashing:
            if level[tid] + 1 < len(options[tid]):
                level[tid] += 1
                chosen[tid] = options[tid][level[tid]]
                grown = True
        if not grown:
            break
    counts = Counter(chosen.values())
    used = set(chosen.values())
    for text in [t for t, n in counts.items() if n > 1]:
        stem = options[next(tid for tid in chosen if chosen[tid] == text)][0].rstrip("0123456789")
        k = 1
        for tid in [tid for tid in labels if chosen[tid] == text]:
            while f"{stem}{k}" in used:
                k += 1
            chosen[tid] = f"{stem}{k}"
            used.add(chosen[tid])
    return chosen


__all__ = ["candidates", "short_labels"]
