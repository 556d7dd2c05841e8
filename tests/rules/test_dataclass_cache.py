"""`rules.dataclass_cache`: the methods dataclasses write are compiled once and read back by later processes,
with the same behaviour; a damaged, foreign or unwritable table costs only the compilation it would save."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules import dataclass_cache
from rules.dataclass_cache import HEADER, MethodCache

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _bytecode_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """As an installed app runs (the suite may run with PYTHONDONTWRITEBYTECODE)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _make_class(cache: MethodCache, monkeypatch: pytest.MonkeyPatch) -> type:
    """A frozen, slotted dataclass made while `cache` is the dataclasses module's exec."""
    monkeypatch.setitem(vars(dataclasses), "exec", cache.exec)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Spot:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    monkeypatch.setitem(vars(dataclasses), "exec", dataclass_cache.installed().exec)  # type: ignore[union-attr]
    return Spot


def test_a_second_process_reads_the_methods_instead_of_compiling_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "methods.bin"
    first = MethodCache(path)
    made = _make_class(first, monkeypatch)
    compiled = first.compiled
    assert compiled >= 5 and first.hits == 0  # __init__, __repr__, __eq__, __hash__, __setattr__ …
    assert first.save() and path.read_bytes().startswith(HEADER)

    second = MethodCache(path)
    again = _make_class(second, monkeypatch)
    assert second.compiled == 0 and second.hits == compiled
    assert not second.save()  # nothing new: the file is left as it is

    # the same behaviour as the class compiled the usual way
    a, b = again(1, 2, ("x",)), again(1, 2, ("x",))
    assert a == b and hash(a) == hash(b) and a != again(1)
    assert repr(a) == repr(made(1, 2, ("x",))) and repr(a).endswith("Spot(x=1, y=2, tags=('x',))")
    assert again(3).y == 0 and again(3).tags == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 5  # type: ignore[misc]
    assert dataclasses.replace(a, y=7) == again(1, 7, ("x",))
    assert not hasattr(a, "__dict__")  # still slotted


def test_the_methods_keep_their_annotations_as_types(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This module (like the cache's) has `from __future__ import annotations`; the compiled methods must
    not inherit it (dataclasses' own exec doesn't): `__init__`'s annotations stay the types themselves."""
    cache = MethodCache(tmp_path / "methods.bin")
    monkeypatch.setitem(vars(dataclasses), "exec", cache.exec)
    point = dataclasses.make_dataclass("Point", [("x", int), ("y", float)], frozen=True)  # types, not text
    assert cache.compiled >= 5
    annotations = point.__init__.__annotations__  # type: ignore[misc]
    assert annotations["x"] is int and annotations["y"] is float and annotations["return"] is None


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", HEADER + b"\x00\x01not marshal", b"fivefoot-dataclass-methods 1\n\x00\x00\x00\x00{}"],
    ids=["empty", "garbage", "damaged", "another python"],
)
def test_a_damaged_or_foreign_table_is_ignored_and_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    path = tmp_path / "methods.bin"
    path.write_bytes(content)
    cache = MethodCache(path)
    spot = _make_class(cache, monkeypatch)
    assert cache.compiled >= 5 and spot(1) == spot(1)
    assert cache.save()
    assert MethodCache(path).code_for(next(iter(cache.codes))) is not None
    assert path.read_bytes().startswith(HEADER)


def test_a_table_of_the_wrong_shape_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import marshal

    path = tmp_path / "methods.bin"
    path.write_bytes(HEADER + marshal.dumps({"def f(): pass": "not code", 3: b"x"}))
    cache = MethodCache(path)
    cache.load()
    assert cache.codes == {}
    path.write_bytes(HEADER + marshal.dumps([1, 2, 3]))
    other = MethodCache(path)
    other.load()
    assert other.codes == {}


def test_nothing_is_written_when_python_is_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "methods.bin"
    cache = MethodCache(path)
    _make_class(cache, monkeypatch)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert not cache.save() and not path.exists()


def test_a_file_in_the_way_of_the_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    cache = MethodCache(blocker / "methods.bin")
    _make_class(cache, monkeypatch)
    assert not cache.save()
    assert not list(tmp_path.glob("**/.dataclass-methods-*.tmp"))


def test_a_table_grown_past_its_limit_keeps_what_the_process_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "methods.bin"
    cache = MethodCache(path)
    for i in range(30):
        cache.code_for(f"x = {i}\n")
    assert cache.save()
    later = MethodCache(path)
    later.code_for("x = 3\n")
    later.code_for("y = 1\n")  # new
    monkeypatch.setattr(dataclass_cache, "MAX_ENTRIES", 10)
    assert later.save()
    kept = MethodCache(path)
    kept.load()
    assert set(kept.codes) == {"x = 3\n", "y = 1\n"}


def test_no_temporary_file_is_left_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = MethodCache(tmp_path / "methods.bin")
    _make_class(cache, monkeypatch)
    assert cache.save()
    assert [p.name for p in tmp_path.iterdir()] == ["methods.bin"]
    assert (tmp_path / "methods.bin").stat().st_mode & 0o044 == 0o044  # readable by all, like bytecode


def test_importing_the_engine_installs_it_and_a_later_process_compiles_nothing(tmp_path: Path) -> None:
    """End to end, in fresh interpreters: the first import of the engine compiles (or finds) its methods and
    keeps them at exit; the next one finds every one of them."""
    code = (
        "import rules.model.scene, rules.play, rules.dataclass_cache as d\n"
        "c = d.installed()\n"
        "print(c.compiled, c.hits, c.path)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)

    def run() -> tuple[int, int, str]:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, env=env
        )
        compiled, hits, where = out.stdout.split()
        return int(compiled), int(hits), where

    run()
    compiled, hits, where = run()
    assert compiled == 0 and hits > 1000
    assert Path(where).parent == ROOT / "rules" / "__pycache__"
