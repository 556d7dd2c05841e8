"""`fivefoot-rules SCENE`: answer JSON-lines queries about a scene (see spec/query-protocol.md).

Reads one JSON query per line from standard input, writes one JSON answer per line, flushing after each.
A scene that cannot be loaded: a message on standard error, exit status 2, nothing on standard output.

Every non-blank input line gets exactly one answer that is strict JSON (RFC 8259: no NaN or Infinity),
whatever the line holds. Standard input is read as bytes, so the locale's encoding never matters. A line
the command cannot even read as a query is answered ``{"error": "bad value: …"}`` and the command goes on:

- bytes that are not UTF-8 (``bad value: the line is not UTF-8 text …``);
- a line longer than `MAX_LINE_BYTES` (16 MB; it is skipped to its end without being kept in memory);
- text that is not JSON, nested too deeply, or has a whole number of more than 4300 digits (which Python
  refuses to convert);
- an ``"id"`` holding NaN or Infinity (``1e999``, ``NaN``), which strict JSON cannot echo: the answer's
  ``"id"`` is ``null`` and the error says so;
- a ``reach`` query whose ``feet`` passes `rules.limits.MAX_REACH_FEET` (its cost grows with feet²).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from rules.errors import QueryError, SceneError
from rules.limits import MAX_REACH_FEET
from rules.model.scene import SYSTEMS, Scene
from rules.queries import load_all

#: Longest query line read (bytes, without its line break); a longer line gets a ``bad value`` answer.
MAX_LINE_BYTES = 16 * 1024 * 1024
_TOO_LONG = object()


def _check_limits(query: dict[str, Any]) -> None:
    """Refuse values whose cost would grow without bound (see the module docstring)."""
    if query.get("q") == "reach":
        feet = query.get("feet")
        if isinstance(feet, (int, float)) and not isinstance(feet, bool) and abs(feet) > MAX_REACH_FEET:
            shown = (
                f"{feet:.6g}"
                if isinstance(feet, float) or abs(feet) < 10**15
                else f"a {len(str(abs(feet)))}-digit number"
            )
            raise QueryError(
                "bad value", f"'feet' must be at most {MAX_REACH_FEET} for a reach query, got {shown}"
            )


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
            shown = repr(name) if len(repr(name)) <= 80 else repr(name)[:77] + "..."
            raise QueryError("unknown query", f"{shown} is not a query; the queries are {known}")
        _check_limits(query)
        result = handler(scene, query)
    except QueryError as exc:
        result = {"error": str(exc)}
    except RecursionError:
        result = {"error": "bad value: the query is nested too deeply"}
    except Exception as exc:  # the protocol promises an answer to every line
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


def answer_line(scene: Scene, line: str | bytes) -> dict[str, Any] | None:
    """The answer to one input line (bytes are decoded as UTF-8 here); None for a blank line."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return {
                "error": f"bad value: the line is not UTF-8 text "
                f"(byte {exc.start + 1} is {line[exc.start]:#04x})"
            }
    if not line.strip():
        return None
    try:
        query = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"bad value: the line is not JSON ({exc.msg} at column {exc.colno})"}
    except RecursionError:
        return {"error": "bad value: the line is nested too deeply"}
    except ValueError as exc:  # a whole number with more digits than Python converts
        if "digits" in str(exc):
            return {"error": "bad value: the line has a whole number of more than 4300 digits"}
        return {"error": f"bad value: the line cannot be read as JSON ({str(exc)[:100]})"}
    return answer(scene, query)


def encode_answer(result: dict[str, Any]) -> str:
    """One answer as a line of strict JSON (no NaN/Infinity). An ``"id"`` strict JSON cannot carry becomes
    null, with an error saying so; anything else that cannot be encoded becomes a ``bad value`` error."""
    try:
        return json.dumps(result, separators=(", ", ": "), allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        pass
    out: dict[str, Any] = {}
    if "id" in result:
        out["id"] = None
        try:
            json.dumps(result["id"], allow_nan=False)
        except (ValueError, TypeError, RecursionError):
            out["error"] = (
                'bad value: the "id" holds NaN or Infinity, which JSON cannot carry, '
                "so it is answered as null"
            )
            return json.dumps(out, separators=(", ", ": "))
        out["id"] = result["id"]
    out["error"] = "bad value: the answer holds a number JSON cannot carry (NaN or Infinity)"
    return json.dumps(out, separators=(", ", ": "), allow_nan=False)


def read_lines(stream: IO[bytes], max_bytes: int = MAX_LINE_BYTES) -> Iterator[bytes | object]:
    """The lines of a binary stream without their line breaks; a line over `max_bytes` is skipped to its
    end (never held whole) and given as the `_TOO_LONG` marker."""
    while True:
        line = stream.readline(max_bytes + 1)
        if not line:
            return
        if len(line) > max_bytes and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(1024 * 1024)
                if not rest or rest.endswith(b"\n"):
                    break
            yield _TOO_LONG
            continue
        yield line.rstrip(b"\r\n")


def serve(scene: Scene, lines: Iterable[str | bytes | object], out: IO[str]) -> None:
    for line in lines:
        if line is _TOO_LONG:
            result: dict[str, Any] | None = {
                "error": f"bad value: the line is longer than {MAX_LINE_BYTES // (1024 * 1024)} MB"
            }
        elif isinstance(line, (str, bytes)):
            try:
                result = answer_line(scene, line)
            except RecursionError:
                result = {"error": "bad value: the query is nested too deeply"}
            except MemoryError:
                result = {"error": "bad value: the query is too big to answer"}
        else:
            continue
        if result is None:
            continue
        out.write(encode_answer(result) + "\n")
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
        "scene",
        nargs="?",
        help="scene JSON, .fivefoot file, or Universal VTT export (.dd2vtt/.uvtt/.df2vtt)",
    )
    parser.add_argument("--system", choices=SYSTEMS, help="rule system for an imported Universal VTT map")
    parser.add_argument(
        "--creature",
        metavar="FILE",
        help="print a creature file's creatures (Foundry VTT pf2e/dnd5e actor, Pathbuilder 2e export, "
        "5e-bits SRD monsters), or 'srd' for the bundled bestiary of --system, as scene tokens, one JSON "
        "object per line",
    )
    parser.add_argument(
        "--spells",
        metavar="FILE",
        help="print the spells and abilities of a file (FiveFoot spells, Foundry VTT pf2e/dnd5e spell items, "
        "SRD spell data, or a creature file), or 'srd' for the bundled SRD spells of --system, one JSON "
        "spell object per line",
    )
    args = parser.parse_args(argv)
    if args.spells is not None:
        from rules.io.spells.cli import run as run_spell_file

        return _until_the_reader_leaves(lambda: run_spell_file(args.spells, args.system))
    if args.creature is not None:
        from rules.io.creatures.cli import run as run_creature_file

        return _until_the_reader_leaves(lambda: run_creature_file(args.creature, args.system))
    if args.scene is None:
        parser.error("a scene file is needed (or --creature FILE, or --spells FILE)")
    try:
        scene = load_any(args.scene, args.system)
    except SceneError as exc:
        print(f"fivefoot-rules: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError, RecursionError, MemoryError) as exc:  # a reader gap: still a clear exit 2
        print(
            f"fivefoot-rules: {args.scene}: cannot be loaded ({type(exc).__name__}: {exc})", file=sys.stderr
        )
        return 2
    load_all()

    def answer_all() -> int:
        serve(scene, read_lines(sys.stdin.buffer), sys.stdout)
        return 0

    return _until_the_reader_leaves(answer_all)


def _until_the_reader_leaves(work: Callable[[], int]) -> int:
    """Run `work`; when the reader of standard output goes away (``fivefoot-rules … | head``), stop quietly
    with exit status 0 instead of a BrokenPipeError traceback."""
    try:
        result = work()
        sys.stdout.flush()
        return result
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at devnull so that flush can't fail too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
