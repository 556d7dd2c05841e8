"""FiveFoot benchmarks: run every benchmark several times on the generated big map, print a table of
medians beside an obvious-way baseline and the 60 Hz frame budget, and write JSON.

    python -m tests.benchmarks.run                   # full run, writes bench-results/benchmarks.json
    python -m tests.benchmarks.run --quick           # small map, one repetition (the smoke test uses this)
    python -m tests.benchmarks.run --only path,cover

Targets are medians on a 2-core machine. A row's status is "ok" when the median meets its target.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FRAME_MS = 1000.0 / 60.0


@dataclass
class Bench:
    name: str
    target_ms: float | None
    run: Callable[[], Any]
    baseline: Callable[[], Any] | None = None
    baseline_name: str = ""
    repeat: int = 7
    check: Callable[[Any, Any], None] | None = None  # compares result and baseline result
    #: one run makes this many of the operations the row is named after (a drag of 8 mouse moves): the
    #: times are per operation
    calls: int = 1
    #: called once the row is measured (ends a drag, hides a window)
    finish: Callable[[], None] | None = None


@dataclass
class Row:
    name: str
    median_ms: float
    target_ms: float | None
    baseline: str
    baseline_ms: float | None
    speedup: float | None
    frame_ratio: float
    status: str
    runs: list[float] = field(default_factory=list)


def _time(fn: Callable[[], Any], repeat: int, calls: int = 1) -> tuple[float, list[float], Any]:
    result = fn()  # warm-up (and the value for checks)
    times = []
    for _ in range(repeat):
        gc.collect()
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000.0 / calls)
    return statistics.median(times), times, result


def run_benches(benches: list[Bench], repeat: int | None = None) -> list[Row]:
    rows: list[Row] = []
    for b in benches:
        n = repeat if repeat is not None else b.repeat
        median, times, result = _time(b.run, n, b.calls)
        base_ms = None
        if b.baseline is not None:
            base_ms, _, base_result = _time(b.baseline, max(1, min(n, 3)), b.calls)
            if b.check is not None:
                b.check(result, base_result)
        if b.finish is not None:
            b.finish()
        status = "-" if b.target_ms is None else ("ok" if median <= b.target_ms else "MISSED")
        rows.append(
            Row(
                name=b.name,
                median_ms=round(median, 3),
                target_ms=b.target_ms,
                baseline=b.baseline_name,
                baseline_ms=None if base_ms is None else round(base_ms, 3),
                speedup=None if base_ms is None or median == 0 else round(base_ms / median, 1),
                frame_ratio=round(median / FRAME_MS, 3),
                status=status,
                runs=[round(t, 3) for t in times],
            )
        )
        print(_format_row(rows[-1]), flush=True)
    return rows


HEADER = (
    f"{'benchmark':<44} {'median ms':>10} {'target':>8} {'status':>7} {'baseline ms':>12} {'x faster':>9}"
    f" {'/frame':>7}  baseline"
)


def _format_row(r: Row) -> str:
    target = "" if r.target_ms is None else f"{r.target_ms:g}"
    base = "" if r.baseline_ms is None else f"{r.baseline_ms:.2f}"
    speed = "" if r.speedup is None else f"{r.speedup:g}"
    return (
        f"{r.name:<44} {r.median_ms:>10.3f} {target:>8} {r.status:>7} {base:>12} {speed:>9}"
        f" {r.frame_ratio:>7.3f}  {r.baseline}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small map, one repetition, no baselines")
    parser.add_argument("--only", default="", help="comma-separated name prefixes")
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument("--json", default="bench-results/benchmarks.json")
    parser.add_argument("--no-qt", action="store_true", help="skip the Qt (drag and paint) benchmarks")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from tests.benchmarks.suite import build_suite

    benches = build_suite(quick=args.quick, qt=not args.no_qt)
    if args.only:
        prefixes = tuple(p.strip() for p in args.only.split(",") if p.strip())
        benches = [b for b in benches if b.name.startswith(prefixes)]
    if args.quick:
        for b in benches:
            b.baseline = None
    print(HEADER)
    print("-" * len(HEADER))
    rows = run_benches(benches, repeat=1 if args.quick else args.repeat)
    missed = [r.name for r in rows if r.status == "MISSED"]
    print("-" * len(HEADER))
    print(f"{len(rows)} benchmarks, {len(rows) - len(missed)} met or untargeted, {len(missed)} missed")
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "machine": {
                    "python": sys.version.split()[0],
                    "platform": platform.platform(),
                    "cpus": os.cpu_count(),
                },
                "quick": args.quick,
                "frame_ms": FRAME_MS,
                "rows": [asdict(r) for r in rows],
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    print(f"wrote {out}")
    return 0 if not missed or args.quick else 1


if __name__ == "__main__":
    raise SystemExit(main())
