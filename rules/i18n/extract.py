"""The engine's translatable sentences, read from its source (for ``packaging/i18n.py`` and the tests).

Every call ``msg(TEMPLATE, …)`` / ``nmsg(SINGULAR, PLURAL, …)`` in `rules/` is one entry. A template may
be a string literal, a module-level constant of the same module (``NO_ENCOUNTER = "…"``) or of a module it
imports it from, or ``A if cond else B`` of those (both are entries). A template built at run time (an
f-string) cannot be translated: `extract` reports it in `Extracted.problems` with its place.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

RULES = Path(__file__).resolve().parents[1]
_CALLS = {"msg": 1, "nmsg": 2}


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    plural: str | None
    context: str
    places: tuple[str, ...]  # "rules/play/moves.py:77"


@dataclass(slots=True)
class Extracted:
    entries: dict[tuple[str, str], Entry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, context: str, mid: str, plural: str | None, place: str) -> None:
        key = (context, mid)
        old = self.entries.get(key)
        places = (*old.places, place) if old else (place,)
        self.entries[key] = Entry(mid, plural or (old.plural if old else None), context, places)


def _tables(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level dicts whose values are all strings (``DEGREE_TEXT = {"standard": "Standard cover"}``)."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and isinstance(value, ast.Dict) and value.values:
            texts = [
                v.value for v in value.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            ]
            if len(texts) == len(value.values):
                out[target.id] = texts
    return out


def _constants(tree: ast.Module) -> dict[str, str]:
    out: dict[str, str] = {}
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = list(node.targets), node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = value.value
    return out


def _imports(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """name -> (module, name) of ``from rules.x import NAME``."""
    out: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules"):
            for alias in node.names:
                out[alias.asname or alias.name] = (node.module, alias.name)
    return out


def _module_name(path: Path) -> str:
    rel = path.relative_to(RULES.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _files(root: Path) -> Iterable[Path]:
    return sorted(p for p in root.rglob("*.py") if "i18n" not in p.relative_to(root).parts[:1])


def extract(root: Path = RULES) -> Extracted:
    trees: dict[str, tuple[Path, ast.Module]] = {}
    for path in _files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        trees[_module_name(path)] = (path, tree)
    constants = {name: _constants(tree) for name, (_p, tree) in trees.items()}
    imports = {name: _imports(tree) for name, (_p, tree) in trees.items()}
    tables = {name: _tables(tree) for name, (_p, tree) in trees.items()}
    out = Extracted()

    def values(node: ast.expr, module: str) -> list[str] | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.Name):
            if node.id in constants[module]:
                return [constants[module][node.id]]
            source = imports[module].get(node.id)
            if source is not None and source[1] in constants.get(source[0], {}):
                return [constants[source[0]][source[1]]]
            return None
        table = None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            table = tables[module].get(node.value.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and isinstance(node.func.value, ast.Name)
        ):
            table = tables[module].get(node.func.value.id)
            if table is not None and len(node.args) == 2:  # the default is a template too (or the key)
                extra = values(node.args[1], module)
                table = table + extra if extra is not None else table
        if table is not None:
            return list(table)
        if isinstance(node, ast.IfExp):
            a, b = values(node.body, module), values(node.orelse, module)
            return None if a is None or b is None else a + b
        return None

    for module, (path, tree) in trees.items():
        rel = path.relative_to(root.parent).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            arity = _CALLS.get(node.func.id)
            if arity is None or len(node.args) < arity:
                continue
            place = f"{rel}:{node.lineno}"
            context = ""
            for kw in node.keywords:
                if kw.arg == "context":
                    found = values(kw.value, module)
                    context = found[0] if found else ""
            ones = values(node.args[0], module)
            if ones is None:
                out.problems.append(f"{place}: the message id is not a literal or a constant")
                continue
            if arity == 2:
                many = values(node.args[1], module)
                if many is None or len(many) != len(ones):
                    out.problems.append(f"{place}: the plural form is not a literal or a constant")
                    continue
                for one, other in zip(ones, many, strict=True):
                    out.add(context, one, other, place)
            else:
                for one in ones:
                    out.add(context, one, None, place)
    return out
