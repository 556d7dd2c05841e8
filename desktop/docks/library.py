"""The user's creature library: creature files imported once stay available in the compendium.

Each import is kept as one "book" file, ``<data dir>/creatures/<name>.json`` (FiveFoot creature JSON:
``{"format": "fivefoot.creatures", "name": …, "imported_from": …, "creatures": […]}``), so the original file
may move or vanish. Portraits a creature names (a Foundry actor's image next to its file) are copied into
``<data dir>/creatures/images/`` after the same checks as map pictures (PNG / JPEG / WebP, size limits),
and the copy is what the creature then refers to. Creatures made or edited in the app go to the book
``My creatures``. The folder is the platform's per-user data folder (`desktop.paths.data_dir`).

No Qt here: the compendium dock and tests drive it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from desktop.paths import data_dir
from rules.errors import CreatureImportError, SceneError
from rules.io.creature_json import creature_to_json
from rules.io.images import ImageError, check_image
from rules.io.safe_write import atomic_write_bytes
from rules.model.creature import Creature

# The importers (`rules.io.creatures`: every format's reader) are imported where a file is read, not with
# this module: the window makes the library at start, and the importers are read after the map is shown.

MY_CREATURES = "My creatures"
FORMAT = "fivefoot.creatures"


@dataclass(frozen=True, slots=True)
class Book:
    """One imported file (or the user's own creatures): a name and its creatures."""

    name: str
    path: Path
    creatures: tuple[Creature, ...]
    imported_from: str = ""


def creature_files(folder: Path) -> list[Path]:
    """The ``.json`` and ``.json.gz`` files of a folder, by name (at most `MAX_FOLDER_FILES`)."""
    from rules.io.creatures import MAX_FOLDER_FILES

    names = sorted(
        f for f in folder.iterdir() if f.is_file() and f.name.lower().endswith((".json", ".json.gz"))
    )
    return names[:MAX_FOLDER_FILES]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "creatures"


class CreatureLibrary:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir() / "creatures"
        #: Files in the library folder that could not be read (path, message), from the last `books()`.
        self.problems: list[tuple[Path, str]] = []

    @property
    def images_dir(self) -> Path:
        return self.root / "images"

    # ---- reading

    def books(self) -> list[Book]:
        """Every book in the library, by name; unreadable files are skipped and listed in `problems`."""
        from rules.io.creatures import import_document

        self.problems = []
        out: list[Book] = []
        if not self.root.is_dir():
            return out
        for path in sorted(self.root.glob("*.json")):
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                creatures = import_document(raw, str(path))
            except (OSError, ValueError, CreatureImportError) as exc:
                self.problems.append((path, str(exc)))
                continue
            name = (
                raw.get("name") if isinstance(raw, dict) and isinstance(raw.get("name"), str) else path.stem
            )
            origin = raw.get("imported_from", "") if isinstance(raw, dict) else ""
            out.append(Book(str(name), path, tuple(creatures), str(origin)))
        return sorted(out, key=lambda b: b.name.lower())

    # ---- writing

    def import_file(self, path: Path, system: str | None = None) -> Book:
        """Import a creature file (or folder) into the library. Raises `CreatureImportError`."""
        from rules.io.creatures import import_creatures

        creatures = import_creatures(path, system)
        if not creatures:
            raise CreatureImportError("holds no creatures", "", str(path))
        creatures = [self._keep_portrait(c) for c in creatures]
        name = Path(path).stem if len(creatures) > 1 else creatures[0].name
        return self._write(name, creatures, str(path))

    def import_folder(
        self, folder: Path, progress: Callable[[int, int, str], bool] | None = None
    ) -> tuple[Book | None, list[str]]:
        """Import every creature file of `folder` into one book named after it. `progress(done, total,
        file name)` is told before each file and may return False to stop. Files that aren't creatures
        (metadata, scenes) are skipped; a broken one is listed in the problems (naming the file and field)
        and the others are still imported. Returns the book (None when no creature was found) and the
        problems."""
        from rules.io.creatures import detect_format, import_document
        from rules.io.creatures._common import read_json

        files = creature_files(folder)
        creatures: list[Creature] = []
        problems: list[str] = []
        for i, f in enumerate(files):
            if progress is not None and not progress(i, len(files), f.name):
                break
            try:
                doc = read_json(f)
                if detect_format(doc) is None:
                    continue
                creatures.extend(import_document(doc, str(f), None, f.parent))
            except CreatureImportError as exc:
                problems.append(str(exc))
        if progress is not None:
            progress(len(files), len(files), "")
        if not creatures:
            return None, problems
        kept = [self._keep_portrait(c) for c in creatures]
        return self._write(folder.name or "creatures", kept, str(folder)), problems

    def save_creature(self, creature: Creature, book: str = MY_CREATURES) -> Book:
        """Add or replace (by name) a creature in `book` (default: the user's own creatures)."""
        existing = next((b for b in self.books() if b.name == book), None)
        kept = [c for c in (existing.creatures if existing else ()) if c.name != creature.name]
        return self._write(
            book, [*kept, self._keep_portrait(creature)], existing.imported_from if existing else ""
        )

    def remove(self, book: Book) -> None:
        book.path.unlink(missing_ok=True)

    def _write(self, name: str, creatures: list[Creature], origin: str) -> Book:
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{_slug(name)}.json"
        doc = {
            "format": FORMAT,
            "version": 1,
            "name": name,
            "imported_from": origin,
            "creatures": [creature_to_json(c, compact=True) for c in creatures],
        }
        atomic_write_bytes(
            path, json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"), keep_backup=False
        )
        return Book(name, path, tuple(creatures), origin)

    def _keep_portrait(self, c: Creature) -> Creature:
        """Copy the creature's portrait into the library (checked like a map picture); drop it if it is not
        a usable picture."""
        if not c.image:
            return c
        src = Path(c.image)
        if src.parent == self.images_dir:
            return c
        try:
            data = src.read_bytes()
            info = check_image(data)
        except (OSError, ImageError, SceneError):
            return replace(c, image=None)
        digest = hashlib.sha256(data).hexdigest()[:16]
        target = self.images_dir / f"{_slug(c.name)}-{digest}.{info.format}"
        self.images_dir.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            atomic_write_bytes(target, data, keep_backup=False)
        return replace(c, image=str(target))
