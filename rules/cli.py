"""`fivefoot-rules SCENE`: answer JSON-lines queries about a scene (see spec/query-protocol.md).

Reads one JSON query per line from standard input, writes one JSON answer per line, flushing after each.
A scene that cannot be loaded: a message on standard error, exit status 2, nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from rules.errors import QueryError, SceneError
from rules.queries import load_all
from rules.scene import SYSTEMS, Scene


def answer(scene: Scene, query: Any) -> dict[str, Any]:
    """Answer one decoded query object. Never raises for a bad query: errors become answers."""
    handlers = load_all()
    qid = query.get("id") if isinstance(query, dict) else None
    try:
        if not isinstance(query, dict):
            raise QueryError("bad value", "a query must be a JSON object")
        if "q" not in query:
            raise QueryError("missing field", 'every query needs "q" (the query name)')
        name = query["q"]
        handler = handlers.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(sorted(handlers))
            raise QueryError("unknown query", f"{name!r} is not a query; the queries are {known}")
        result = handler(scene, query)
    except QueryError as exc:
        result = {"error": str(exc)}
    except RecursionError:
        result = {"error": "bad value: the query is nested too deeply"}
    except (ArithmeticError, ValueError, TypeError, KeyError, IndexError) as exc:
        # A value no handler anticipated (e.g. an absurd number): answer, and go on with the next line.
        detail = str(exc)[:120]
        result = {
            "error": f"bad value: the query has a value the engine cannot use "
            f"({type(exc).__name__}: {detail})"
        }
    out: dict[str, Any] = {}
    if isinstance(query, dict) and "id" in query:
        out["id"] = qid
    out.update(result)
    return out


def answer_line(scene: Scene, line: str) -> dict[str, Any] | None:
    if not line.strip():
        return None
    try:
        query = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"bad value: the line is not JSON ({exc.msg} at column {exc.colno})"}
    except RecursionError:
        return {"error": "bad value: the line is nested too deeply"}
    return answer(scene, query)


def serve(scene: Scene, lines: Iterable[str], out: IO[str]) -> None:
    for line in lines:
        result = answer_line(scene, line)
        if result is None:
            continue
        out.write(json.dumps(result, separators=(", ", ": ")) + "\n")
        out.flush()


def load_any(path: str, system: str | None = None) -> Scene:
    """Load a scene JSON, a one-file `.fivefoot` scene or a Universal VTT export."""
    from rules.io.loading import load_path

    return load_path(path, system=system)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="fivefoot-rules",
        description="Answer JSON-lines rule queries about a FiveFoot scene (one query per line on stdin).",
    )
    parser.add_argument(
        "scene", help="scene JSON, .fivefoot file, or Universal VTT export (.dd2vtt/.uvtt/.df2vtt)"
    )
    parser.add_argument("--system", choices=SYSTEMS, help="rule system for an imported Universal VTT map")
    args = parser.parse_args(argv)
    try:
        scene = load_any(args.scene, args.system)
    except SceneError as exc:
        print(f"fivefoot-rules: {exc}", file=sys.stderr)
        return 2
    load_all()
    serve(scene, sys.stdin, sys.stdout)
    return 0
