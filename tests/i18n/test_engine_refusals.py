"""The engine's refusals are messages the catalogue translates (issue 28): a check over the source.

A refusal (`Refused`, the turn economy's `NotAllowed`) whose text is an f-string or a bare literal cannot be
shown in the reader's language; it must be built with `rules.messages.msg(...)` (its ``str()`` is the
same English, so the log, the file and the query protocol are unchanged) and get a Japanese entry
(``python packaging/i18n.py``, then ``rules/i18n/locale/ja.po``). The files below still raise some (the
ones a GM meets most — out of reach, not your turn, no action left, a blocked path, the turn economy's —
are converted): each may have at most its count, and this list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
_RAISERS = {"Refused", "NotAllowed"}

#: file -> the most refusals written as f-strings or bare literals it may still have
NOT_MESSAGES_YET: dict[str, int] = {
    "rules/play/actions.py": 19,
    "rules/play/basic_actions.py": 2,
    "rules/play/breath.py": 3,
    "rules/play/creatures.py": 2,
    "rules/play/economy.py": 3,
    "rules/play/effects.py": 3,
    "rules/play/flight.py": 10,
    "rules/play/footing.py": 1,
    "rules/play/history.py": 2,
    "rules/play/mounts.py": 4,
    "rules/play/moves.py": 9,
    "rules/play/player_intents.py": 1,
    "rules/play/rolls.py": 9,
    "rules/play/skill_actions.py": 3,
    "rules/play/table.py": 5,
    "rules/play/turn_hud.py": 1,
    "rules/play/turns.py": 9,
    "rules/systems/dnd5e/economy.py": 9,
    "rules/systems/pf2e/economy.py": 3,
}


def refusals_not_messages(root: Path = RULES) -> dict[str, list[str]]:
    """file -> "line: text" of each refusal raised with an f-string or a bare literal."""
    out: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        if rel.startswith(("rules/i18n/", "rules/queries/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            arg = node.args[0]
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            if name in _RAISERS and (isinstance(arg, ast.JoinedStr) or literal):
                out.setdefault(rel, []).append(f"{node.lineno}: {ast.unparse(arg)[:90]}")
    return out


def test_no_new_refusal_bypasses_the_catalogue() -> None:
    found = refusals_not_messages()
    total = sum(len(v) for v in found.values())
    print(f"refusals not yet messages: {total} in {len(found)} files")
    problems = []
    for rel, hits in sorted(found.items()):
        allowed = NOT_MESSAGES_YET.get(rel, 0)
        if len(hits) > allowed:
            listed = "\n    ".join(hits)
            problems.append(
                f"{rel}: {len(hits)} refusals not built with msg() (at most {allowed}):\n    {listed}"
            )
    lower = sorted(rel for rel, n in NOT_MESSAGES_YET.items() if len(found.get(rel, ())) < n)
    if lower:
        problems.append("fewer now, lower their counts in NOT_MESSAGES_YET: " + ", ".join(lower))
    assert not problems, "\n".join(problems)


def test_the_check_finds_an_f_string_refusal_and_accepts_a_message(tmp_path: Path) -> None:
    pkg = tmp_path / "rules"
    pkg.mkdir()
    (pkg / "sample.py").write_text(
        "def f(name):\n"
        "    raise Refused(f'{name} has no turn')\n"
        "def g(name):\n"
        "    raise Refused(str(msg('{name} has no turn', name=name)))\n"
        "def h():\n"
        "    raise NotAllowed('no tokens')\n",
        encoding="utf-8",
    )
    found = refusals_not_messages(pkg)
    assert [h.split(":")[0] for h in found["rules/sample.py"]] == ["2", "6"]
