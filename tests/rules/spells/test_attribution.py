"""The exact attribution sentences of ``../shared/srd-data/SOURCES.md`` travel with every bundled SRD file
(its ``attribution`` field) and stand in ``assets/LICENSES.md``."""

from __future__ import annotations

import gzip
import json
import re

from tests.shared_data import ROOT, need


def sentences() -> dict[str, str]:
    text = need("srd-data", "SOURCES.md").read_text(encoding="utf-8")
    found = dict(re.findall(r"^> \*\*SRD (5\.[12]):\*\* (.+)$", text, re.M))
    assert set(found) == {"5.1", "5.2"}
    return found


def test_every_bundle_and_the_licence_file_carry_the_exact_sentence() -> None:
    exact = sentences()
    licences = (ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8")
    for version, sentence in exact.items():
        assert sentence in licences
        key = "srd51" if version == "5.1" else "srd52"
        for kind in ("spells", "bestiary"):
            doc = json.loads(gzip.decompress((ROOT / "assets" / f"{kind}-{key}.json.gz").read_bytes()))
            assert doc["attribution"].startswith(sentence), (kind, key)
            assert doc["license"] == "CC-BY-4.0"
