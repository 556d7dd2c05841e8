"""The About box carries the SRD attribution sentences exactly as Wizards of the Coast gives them
(``srd-data/SOURCES.md``), as ``assets/LICENSES.md`` quotes them and as the bundled files start theirs."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

from rules.io.srd_attribution import SRD_51, SRD_52
from tests.shared_data import need

ROOT = Path(__file__).resolve().parents[2]


def _quoted(text: str) -> list[str]:
    """The block quotes of a Markdown text, each joined into one line (bold labels taken off)."""
    out: list[str] = []
    block: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith(">"):
            block.append(line[1:].strip())
        elif block:
            out.append(re.sub(r"^\*\*SRD 5\.[12]:\*\* ", "", " ".join(block)))
            block = []
    return out


def test_the_sentences_are_the_sources_and_the_licences_word_for_word() -> None:
    sources = _quoted(need("srd-data", "SOURCES.md").read_text(encoding="utf-8"))
    licences = _quoted((ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8"))
    for sentence in (SRD_51, SRD_52):
        assert sentence in sources
        assert sentence in licences
    for name, sentence in (("spells-srd51", SRD_51), ("spells-srd52", SRD_52), ("bestiary-srd52", SRD_52)):
        doc = json.loads(gzip.decompress((ROOT / "assets" / f"{name}.json.gz").read_bytes()))
        assert doc["attribution"].startswith(sentence)


def test_the_about_box_shows_both_sentences(window: Any) -> None:
    from PySide6.QtGui import QTextDocument

    window.show_about()
    box = window.about_box
    assert box.isVisible()
    shown = QTextDocument()
    shown.setHtml(box.text())
    plain = " ".join(shown.toPlainText().split())
    assert SRD_51 in plain and SRD_52 in plain
    box.close()
