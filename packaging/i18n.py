"""Update the translation sources from the code and compile the catalogues the app ships.

    python packaging/i18n.py            # update every .ts and .po, then compile .qm and .mo
    python packaging/i18n.py --add fr   # start a new language (empty fivefoot_fr.ts and fr.po), then update
    python packaging/i18n.py --check    # exit 1 when a source or a compiled catalogue is out of date

The app's words (Qt): ``pyside6-lupdate`` reads every ``self.tr("…")`` / ``QCoreApplication.translate(
"Context", "…")`` in ``desktop/`` into ``desktop/i18n/translations/fivefoot_<lang>.ts`` (edit them with
``pyside6-linguist`` or any XML editor), ``pyside6-lrelease`` compiles them to ``.qm``.

The engine's sentences (gettext, read without Qt): every ``msg(…)`` / ``nmsg(…)`` in ``rules/``
(`rules.i18n.extract`) is written to ``rules/i18n/locale/fivefoot.pot`` and merged into each
``<lang>.po`` (babel keeps the translations; entries with a rule system's context — ``pf2e``,
``dnd5e-2014``, ``dnd5e-2024`` — are kept as long as their message is); babel compiles each to ``.mo``.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.i18n.extract import extract  # noqa: E402

TS_DIR = ROOT / "desktop" / "i18n" / "translations"
PO_DIR = ROOT / "rules" / "i18n" / "locale"
POT = PO_DIR / "fivefoot.pot"
SYSTEM_CONTEXTS = ("pf2e", "dnd5e-2014", "dnd5e-2024")


def qt_tool(name: str) -> str:
    """``pyside6-lupdate`` / ``pyside6-lrelease`` next to this Python, else on the PATH."""
    beside = Path(sys.executable).parent / f"pyside6-{name}"
    if beside.exists():
        return str(beside)
    found = shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"i18n: pyside6-{name} not found (it comes with PySide6-Essentials)")
    return found


def desktop_sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "desktop").rglob("*.py"))


def languages() -> list[str]:
    return sorted(p.stem.removeprefix("fivefoot_") for p in TS_DIR.glob("fivefoot_*.ts"))


def lupdate(ts: Path) -> None:
    cmd = [qt_tool("lupdate"), "-silent", "-locations", "none", "-no-obsolete", *desktop_sources(), "-ts"]
    subprocess.run([*cmd, str(ts)], check=True, cwd=ROOT)


#: The .qm also holds every translation under this context: the app's fallback looks a word up there when
#: the code asked in another context than pyside6-lupdate saw (``self.tr`` in a subclass is asked in the
#: subclass's name; a ``tr = window.tr`` alias in the window's).
ANY_CONTEXT = "@any"


def with_any_context(ts: Path, out: Path) -> None:
    """A copy of `ts` with each finished translation also under `ANY_CONTEXT` (the first of a source)."""
    import xml.etree.ElementTree as ET

    tree = ET.parse(ts)
    root = tree.getroot()
    extra = ET.SubElement(root, "context")
    ET.SubElement(extra, "name").text = ANY_CONTEXT
    seen: set[str] = set()
    for context in list(root.iter("context"))[:-1]:
        for m in context.iter("message"):
            source, tr = m.findtext("source"), m.find("translation")
            if source is None or tr is None or tr.get("type") or source in seen:
                continue
            seen.add(source)
            copy = ET.SubElement(extra, "message", dict(m.attrib))
            ET.SubElement(copy, "source").text = source
            copy.append(tr)
    with out.open("wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)


def lrelease(ts: Path, qm: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / ts.name
        with_any_context(ts, full)
        subprocess.run([qt_tool("lrelease"), "-silent", str(full), "-qm", str(qm)], check=True, cwd=ROOT)


def template():  # type: ignore[no-untyped-def]
    from babel.messages.catalog import Catalog

    found = extract()
    if found.problems:
        print("i18n: sentences that can't be translated:\n  " + "\n  ".join(found.problems), file=sys.stderr)
    pot = Catalog(project="FiveFoot", charset="utf-8")
    for entry in found.entries.values():
        mid = (entry.id, entry.plural) if entry.plural else entry.id
        pot.add(mid, context=entry.context or None, auto_comments=entry.places[:3])
    return pot


def merged_po(po_path: Path, pot):  # type: ignore[no-untyped-def]
    """The .po at `po_path` updated to the template (its translations kept)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    lang = po_path.stem
    with po_path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    wanted = Catalog(project="FiveFoot", charset="utf-8")
    for m in pot:
        if m.id:
            wanted.add(m.id, context=m.context, auto_comments=m.auto_comments)
    # a system's own wording of a message the code still writes stays
    for m in catalog:
        if m.id and m.context in SYSTEM_CONTEXTS and pot.get(m.id) is not None:
            wanted.add(m.id, context=m.context, auto_comments=pot.get(m.id).auto_comments)
    wanted.creation_date = catalog.creation_date  # the files change only when their entries do
    catalog.update(wanted, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.revision_date = catalog.creation_date
    catalog.fuzzy = False  # the header: a fuzzy header is left out of the .mo (and its Plural-Forms with it)
    return catalog


def po_bytes(catalog) -> bytes:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=110, include_lineno=False, omit_header=False, sort_output=True)
    return out.getvalue()


def mo_bytes(po: Path) -> bytes:
    """The compiled catalogue of the .po file `po` (as written: the .mo always matches the file)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=po.stem)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def pot_bytes(pot) -> bytes:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, pot, width=110, include_lineno=False, omit_header=False, sort_output=True)
    # the creation date would change the file on every run
    return b"\n".join(line for line in out.getvalue().split(b"\n") if not line.startswith(b'"POT-Creation'))


def add_language(lang: str) -> None:
    from babel.messages.catalog import Catalog

    ts = TS_DIR / f"fivefoot_{lang}.ts"
    if not ts.exists():
        head = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
        ts.write_text(f'{head}<TS version="2.1" language="{lang}">\n</TS>\n', encoding="utf-8")
    po = PO_DIR / f"{lang}.po"
    if not po.exists():
        new = Catalog(locale=lang, project="FiveFoot", charset="utf-8", fuzzy=False)
        new.header_comment = (
            f"# FiveFoot: the engine's sentences in {lang}.\n# Update with: python packaging/i18n.py"
        )
        po.write_bytes(po_bytes(new))


def update() -> None:
    for lang in languages():
        ts = TS_DIR / f"fivefoot_{lang}.ts"
        lupdate(ts)
        lrelease(ts, ts.with_suffix(".qm"))
    pot = template()
    POT.write_bytes(pot_bytes(pot))
    for po in sorted(PO_DIR.glob("*.po")):
        catalog = merged_po(po, pot)
        po.write_bytes(po_bytes(catalog))
        po.with_suffix(".mo").write_bytes(mo_bytes(po))


def stale() -> list[str]:
    """What is out of date (empty when every source and catalogue matches the code)."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for lang in languages():
            ts = TS_DIR / f"fivefoot_{lang}.ts"
            copy = Path(tmp) / ts.name
            shutil.copy2(ts, copy)
            lupdate(copy)
            if copy.read_bytes() != ts.read_bytes():
                problems.append(f"{ts.relative_to(ROOT)} does not match the code's tr() strings")
            qm = Path(tmp) / f"fivefoot_{lang}.qm"
            lrelease(ts, qm)
            shipped = ts.with_suffix(".qm")
            if not shipped.exists() or shipped.read_bytes() != qm.read_bytes():
                problems.append(f"{shipped.relative_to(ROOT)} is not compiled from {ts.name}")
    pot = template()
    if not POT.exists() or POT.read_bytes() != pot_bytes(pot):
        problems.append(f"{POT.relative_to(ROOT)} does not match the engine's msg() sentences")
    for po in sorted(PO_DIR.glob("*.po")):
        catalog = merged_po(po, pot)
        if po.read_bytes() != po_bytes(catalog):
            problems.append(f"{po.relative_to(ROOT)} is not merged with the engine's sentences")
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(po):
            problems.append(f"{mo.relative_to(ROOT)} is not compiled from {po.name}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--add", metavar="LANG", help="start translating into LANG (a code such as fr, de, pt_BR)")
    p.add_argument("--check", action="store_true", help="only report what is out of date (exit 1 if any)")
    args = p.parse_args(argv)
    if args.check:
        problems = stale()
        for line in problems:
            print(f"i18n: {line}", file=sys.stderr)
        if problems:
            print("i18n: run  python packaging/i18n.py  to update them", file=sys.stderr)
        return 1 if problems else 0
    if args.add:
        add_language(args.add)
    update()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
