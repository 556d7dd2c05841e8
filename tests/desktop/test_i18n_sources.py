"""No user-visible string in desktop/ bypasses Qt's translation (issue 28): a check over the source.

`packaging/i18n_strings.py` finds the string literals and f-strings passed to Qt's text setters and
constructors (setText, setWindowTitle, setToolTip, QAction(…), addMenu, QLabel(…), QPushButton(…),
QMessageBox.warning(…), a status message …) without ``tr()`` / ``QCoreApplication.translate``. The files
below still have some (they were being edited elsewhere when the rest was wrapped): each may have at most
its count, and a file that is clean must leave the list. Wrap one with
``python packaging/i18n_strings.py --wrap FILE``, review the diff, translate (``python packaging/i18n.py``,
then the .ts), and lower or drop its line here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]

#: file -> the most unwrapped strings it may still have (this list only shrinks)
NOT_WRAPPED_YET: dict[str, int] = {}


def _strings() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "packaging_i18n_strings", ROOT / "packaging" / "i18n_strings.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_no_new_unwrapped_strings_in_the_desktop() -> None:
    found = _strings().scan_all()
    total = sum(len(hits) for hits in found.values())
    print(f"unwrapped user-visible strings: {total} in {len(found)} files")
    problems = []
    for rel, hits in sorted(found.items()):
        allowed = NOT_WRAPPED_YET.get(rel, 0)
        if len(hits) > allowed:
            listed = "\n    ".join(str(h) for h in hits)
            problems.append(f"{rel}: {len(hits)} unwrapped (at most {allowed}):\n    {listed}")
    clean = sorted(set(NOT_WRAPPED_YET) - set(found))
    if clean:
        problems.append("wrapped now, drop from NOT_WRAPPED_YET: " + ", ".join(clean))
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_bare_string_and_accepts_a_wrapped_one(tmp_path: Path) -> None:
    strings = _strings()
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from PySide6.QtWidgets import QDialog, QLabel\n"
        "class Box(QDialog):\n"
        "    def __init__(self, name: str) -> None:\n"
        "        super().__init__()\n"
        '        self.setWindowTitle("Pick a side")\n'
        '        QLabel(f"Hello {name}")\n'
        '        QLabel(self.tr("Already wrapped"))\n'
        '        QLabel("—")\n'
        '        QLabel("FiveFoot")\n',
        encoding="utf-8",
    )
    assert [h.text for h in strings.scan(sample)] == ["Pick a side", "Hello {…}"]
    # the wrapper turns them into tr() calls, the f-string into a template filled after translation
    assert strings.wrap(sample) == 2
    text = sample.read_text(encoding="utf-8")
    assert 'self.setWindowTitle(self.tr("Pick a side"))' in text
    assert 'QLabel(self.tr("Hello {name}").format(name=name))' in text
    assert strings.scan(sample) == []
