"""`fivefoot-rules … | head`: when the reader of its output leaves, the command stops quietly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _first_line_then_close(args: list[str], tmp_path: Path, stdin: bytes = b"") -> tuple[bytes, bytes, int]:
    queries = tmp_path / "queries.jsonl"
    queries.write_bytes(stdin)
    with queries.open("rb") as source:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rules", *args],
            cwd=ROOT,
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # like `head -1`
    err = proc.stderr.read()
    proc.stderr.close()
    return first, err, proc.wait(timeout=60)


def test_answers_to_a_reader_that_leaves_early_end_without_a_traceback(tmp_path: Path) -> None:
    queries = b'{"q": "summary"}\n' * 20000  # far more answers than a pipe holds
    first, err, status = _first_line_then_close([str(ROOT / "assets" / "demo-pf2e.json")], tmp_path, queries)
    assert json.loads(first)["system"] == "pf2e"
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    assert status == 0


def test_creature_tokens_to_a_reader_that_leaves_early_end_without_a_traceback(tmp_path: Path) -> None:
    many = [{"name": f"Goblin {i}", "hit_points": 7, "armor_class": [{"value": 15}]} for i in range(3000)]
    creature_file = tmp_path / "monsters.json"
    creature_file.write_text(json.dumps(many), encoding="utf-8")
    first, err, status = _first_line_then_close(
        ["--creature", str(creature_file), "--system", "dnd5e-2014"], tmp_path
    )
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()
    if status == 0:
        assert json.loads(first)["name"] == "Goblin 0"
    else:  # the importer refused this hand-made file: then it must say why, with exit 2
        assert status == 2 and err.strip()
