"""Find — and wrap — the user-visible strings in ``desktop/`` that bypass Qt's translation.

    python packaging/i18n_strings.py                 # list every unwrapped string, per file
    python packaging/i18n_strings.py --wrap FILE...  # wrap them in FILE in place (then review the diff)

A string is user-visible when it is the text argument of a Qt text setter or constructor (`TEXT_CALLS`:
``setText``, ``setWindowTitle``, ``setToolTip``, ``QAction(…)``, ``addMenu``, ``QLabel(…)``,
``QPushButton(…)``, ``QMessageBox.warning(…)`` …). It is wrapped when that argument is a call of ``tr`` /
``translate`` (or ``.format`` of one). A literal with no letters ("—", "·", "+2") or in `PROPER_NAMES` is
not a word to translate.

`wrap` writes ``self.tr("…")`` inside a class that derives from Qt classes only (PySide's ``tr`` uses the
object's class name as the context, as ``pyside6-lupdate`` does) and
``QCoreApplication.translate("Context", "…")`` elsewhere (the class or the module's name); an f-string
becomes a template with named fields filled after translation:
``f"Can't import {path.name}"`` → ``self.tr("Can't import {name}").format(name=path.name)``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "desktop"

#: call name -> the positions of its text arguments (-1: every argument)
TEXT_CALLS: dict[str, tuple[int, ...]] = {
    "setText": (0,),
    "setWindowTitle": (0,),
    "setToolTip": (0,),
    "setStatusTip": (0,),
    "setWhatsThis": (0,),
    "setPlaceholderText": (0,),
    "setInformativeText": (0,),
    "setDetailedText": (0,),
    "show_error": (0, 1),
    "setTitle": (0,),
    "setLabelText": (0,),
    "setSpecialValueText": (0,),
    "setSuffix": (0,),  # a spin box's unit: " ft", " squares"
    "setPrefix": (0,),
    "addMenu": (0,),
    "showMessage": (0,),
    "addTab": (1,),
    "setTabText": (1,),
    "setTabToolTip": (1,),
    "addButton": (0,),
    "addRow": (0,),
    "setHeaderLabels": (0,),
    "setHorizontalHeaderLabels": (0,),
    "QAction": (0,),
    "QLabel": (0,),
    "QPushButton": (0,),
    "QCheckBox": (0,),
    "QRadioButton": (0,),
    "QGroupBox": (0,),
    "QToolBar": (0,),
    "QMenu": (0,),
    "QDockWidget": (0,),
    "warning": (1, 2),
    "information": (1, 2),
    "question": (1, 2),
    "critical": (1, 2),
    "about": (1, 2),
    "getOpenFileName": (1,),
    "getSaveFileName": (1,),
    "getExistingDirectory": (1,),
    "getText": (1, 2),
    "getInt": (1, 2),
    "getItem": (1, 2),
    "_action": (0, 3),
    "emit": (0,),  # the windows' message signals (status bar texts)
    "__init__": (0,),  # super().__init__("Log", parent): a dock's or a box's title
}
#: Words that stay as they are in every language.
PROPER_NAMES = frozenset({"FiveFoot", "PF2e", "D&D 5e", "5e", "OK", "QR"})
_TR_NAMES = {"tr", "translate", "_tr"}


@dataclass(frozen=True, slots=True)
class Hit:
    path: Path
    line: int
    call: str
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.call}({self.text!r})"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_wrapped(node: ast.expr) -> bool:
    if isinstance(node, ast.Call):
        name = _name(node.func)
        if name in _TR_NAMES:
            return True
        if name in ("format", "replace", "strip", "rstrip") and isinstance(node.func, ast.Attribute):
            return _is_wrapped(node.func.value)
    return False


def _text_of(node: ast.expr) -> str | None:
    """The words of a literal or f-string argument (None when it is not one)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return None


def is_words(text: str) -> bool:
    """Text a person reads in a language: it has two letters in a row and is not a proper name."""
    stripped = text.replace("&", "").strip()
    return bool(re.search(r"[^\W\d_]{2}", stripped)) and stripped not in PROPER_NAMES


def _arguments(call: ast.Call, positions: tuple[int, ...]) -> list[ast.expr]:
    out: list[ast.expr] = []
    for i in positions:
        if i < len(call.args):
            arg = call.args[i]
            if isinstance(arg, ast.List):
                out.extend(arg.elts)
            else:
                out.append(arg)
    if _name(call.func) == "_action":
        out.extend(kw.value for kw in call.keywords if kw.arg == "tip")
    return out


def _targets(tree: ast.Module) -> list[tuple[ast.Call, ast.expr]]:
    found: list[tuple[ast.Call, ast.expr]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        positions = TEXT_CALLS.get(name)
        if positions is None:
            continue
        if name == "QAction" and node.args and _text_of(node.args[0]) is None and len(node.args) > 1:
            positions = (1,)  # QAction(icon, text, parent)
        for arg in _arguments(node, positions):
            text = _text_of(arg)
            if text is not None and not _is_wrapped(arg) and is_words(text):
                found.append((node, arg))
    return found


def scan(path: Path) -> list[Hit]:
    """The unwrapped user-visible strings of one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [Hit(path, arg.lineno, _name(call.func), _text_of(arg) or "") for call, arg in _targets(tree)]


def scan_all(root: Path = DESKTOP) -> dict[str, list[Hit]]:
    """file (relative to the repository) -> its unwrapped strings, for every file that has some."""
    out: dict[str, list[Hit]] = {}
    for path in sorted(root.rglob("*.py")):
        hits = scan(path)
        if hits:
            out[path.relative_to(ROOT).as_posix()] = hits
    return out


# ---- wrapping


def _classes(tree: ast.Module) -> list[tuple[ast.ClassDef, int, int]]:
    return [(n, n.lineno, n.end_lineno or n.lineno) for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]


def _enclosing(tree: ast.Module, node: ast.expr) -> tuple[ast.ClassDef | None, bool]:
    """The innermost class around `node`, and whether `node` is inside one of its methods with ``self``."""
    best: ast.ClassDef | None = None
    for cls, start, end in _classes(tree):
        if start <= node.lineno <= end and (best is None or cls.lineno > best.lineno):
            best = cls
    if best is None:
        return None, False
    for item in best.body:
        if isinstance(item, ast.FunctionDef) and item.lineno <= node.lineno <= (item.end_lineno or 0):
            args = item.args.args
            return best, bool(args) and args[0].arg == "self"
    return best, False


def _qt_only(cls: ast.ClassDef) -> bool:
    names = [_name(b) for b in cls.bases]
    return bool(names) and all(n.startswith("Q") for n in names)


def _template(node: ast.expr, source: str) -> tuple[str, list[tuple[str, str]]] | None:
    """A template and its (field, expression source) pairs for a literal or a simple f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, []
    assert isinstance(node, ast.JoinedStr)
    parts: list[str] = []
    fields: list[tuple[str, str]] = []
    for v in node.values:
        if isinstance(v, ast.Constant):
            parts.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(v, ast.FormattedValue)
        if v.format_spec is not None and any(
            not isinstance(x, ast.Constant) for x in getattr(v.format_spec, "values", [])
        ):
            return None
        expr = ast.get_source_segment(source, v.value)
        if expr is None:
            return None
        base = v.value
        while isinstance(base, ast.Call):
            base = base.func
        if isinstance(base, ast.Subscript) and isinstance(base.slice, ast.Constant):
            name = str(base.slice.value)  # info["name"] -> {name}
        else:
            name = (
                base.attr
                if isinstance(base, ast.Attribute)
                else base.id
                if isinstance(base, ast.Name)
                else ""
            )
        name = re.sub(r"\W", "_", name) or f"v{len(fields)}"
        used = {f for f, _e in fields}
        if name in used and dict(fields).get(name) != expr:
            name = f"{name}{len(fields)}"
        if name not in used:
            fields.append((name, expr))
        conv = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[v.conversion]
        spec = "".join(str(x.value) for x in getattr(v.format_spec, "values", []))
        parts.append("{" + name + conv + (":" + spec if spec else "") + "}")
    return "".join(parts), fields


def wrap(path: Path) -> int:
    """Wrap the unwrapped strings of `path` in place; the count wrapped."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    edits: list[tuple[int, int, str]] = []
    module_context = "".join(p.capitalize() for p in path.stem.split("_"))
    for _call, arg in _targets(tree):
        made = _template(arg, source)
        if made is None:
            continue
        text, fields = made
        cls, in_method = _enclosing(tree, arg)
        segment = ast.get_source_segment(source, arg) if isinstance(arg, ast.Constant) else None
        literal = segment or _quote(text)  # a literal keeps its own spelling (quotes, implicit joins)
        before_init = _name(_call.func) == "__init__"  # self.tr() needs the QObject made first
        if cls is not None and in_method and _qt_only(cls) and not before_init:
            wrapped = f"self.tr({literal})"
        else:
            wrapped = f'QCoreApplication.translate("{cls.name if cls else module_context}", {literal})'
        if fields:
            wrapped += ".format(" + ", ".join(f"{n}={e}" for n, e in fields) + ")"
        start = offsets[arg.lineno - 1] + _col(lines[arg.lineno - 1], arg.col_offset)
        end_line = arg.end_lineno or arg.lineno
        end = offsets[end_line - 1] + _col(lines[end_line - 1], arg.end_col_offset or 0)
        edits.append((start, end, wrapped))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    if (
        edits
        and "QCoreApplication.translate" in source
        and not re.search(r"^from PySide6\.QtCore import[^\n]*\bQCoreApplication\b", source, re.M)
    ):
        source = _add_import(source)
    path.write_text(source, encoding="utf-8")
    return len(edits)


def _col(line: str, byte_col: int) -> int:
    """ast columns count UTF-8 bytes: the character column."""
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))


def _quote(text: str) -> str:
    out = repr(text)
    if out.startswith("'") and '"' not in text:
        out = '"' + out[1:-1].replace("\\'", "'") + '"'
    return out


def _add_import(source: str) -> str:
    m = re.search(r"^from PySide6\.QtCore import ([^\n(]+)$", source, re.M)
    if m:
        names = sorted({*(n.strip() for n in m.group(1).split(",")), "QCoreApplication"})
        return source[: m.start(1)] + ", ".join(names) + source[m.end(1) :]
    m = re.search(r"^from PySide6\.", source, re.M)
    at = m.start() if m else 0
    return source[:at] + "from PySide6.QtCore import QCoreApplication\n" + source[at:]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--wrap", nargs="+", type=Path, metavar="FILE", help="wrap the strings of FILE in place")
    args = p.parse_args(argv)
    if args.wrap:
        for path in args.wrap:
            print(f"{path}: wrapped {wrap(path.resolve())}")
        return 0
    found = scan_all()
    for rel, hits in found.items():
        print(f"{rel}: {len(hits)}")
        for h in hits:
            print(f"  {h}")
    print(f"{sum(len(h) for h in found.values())} unwrapped strings in {len(found)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
