"""Condition icons: one small pictogram per condition of both systems, drawn on a coloured disc, with the
condition's value (frightened 2, dying 1, exhaustion 3) in a bubble at its lower right.

The pictograms are SVG files drawn for FiveFoot in ``assets/conditions/<name>.svg`` (24×24, white strokes;
see ``assets/LICENSES.md``), rendered with QtSvg; the frozen app bundles them with the rest of ``assets/``.
A condition with no icon (a homebrew one typed in the Inspector) falls back to a text badge: its first
letters on the same disc, so the badges stay one size and one look. Names are the engine's
(`rules.model.scene.Token.conditions`: ``"frightened 2"``, ``"off-guard"``) and each token's PF2e
persistent damage, ``"persistent-fire"``. The words for people (the tooltip, the legend) are
`desktop.i18n.condition_names`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

from desktop.paths import assets_dir
from rules.model.scene import Token

#: Other spellings and kinds that share a pictogram: 5e grappled is PF2e grabbed's hand; PF2e's old
#: flat-footed is off-guard; Help's mark is Aid's.
ALIASES: dict[str, str] = {
    "grappled": "grabbed",
    "flat-footed": "off-guard",
    "helped": "aided",
    "persistent-bleed": "bleeding",
}

#: The disc's colour by condition (unknown ones: `OTHER`).
COLOURS: dict[str, str] = {
    "dying": "#b3201b",
    "unconscious": "#7a1f6d",
    "dead": "#222222",
    "doomed": "#3d2a4f",
    "wounded": "#a8432c",
    "stable": "#2f8f4e",
    "frightened": "#7c4bc4",
    "fleeing": "#6b3fb0",
    "sickened": "#6d8f24",
    "poisoned": "#3c8f3c",
    "off-guard": "#d27a1e",
    "prone": "#a06a2a",
    "grabbed": "#8a6a3a",
    "restrained": "#7a5a30",
    "immobilized": "#6d5a44",
    "blinded": "#444444",
    "dazzled": "#a08a20",
    "deafened": "#55606a",
    "concealed": "#5d7a8f",
    "hidden": "#4f6f8f",
    "undetected": "#3f5f7f",
    "unnoticed": "#3a5066",
    "invisible": "#5d8fb3",
    "paralyzed": "#4a6ab0",
    "stunned": "#b0842a",
    "slowed": "#5a7a9a",
    "quickened": "#2a9a8a",
    "petrified": "#6f6f6a",
    "clumsy": "#b5902a",
    "enfeebled": "#8a5a3a",
    "drained": "#9a2a3a",
    "stupefied": "#6a5aa0",
    "confused": "#a0508a",
    "fascinated": "#c06aa0",
    "charmed": "#c04a7a",
    "fatigued": "#7a6a55",
    "exhaustion": "#6a5540",
    "encumbered": "#705a40",
    "incapacitated": "#5a3a3a",
    "surprised": "#c0901a",
    "dodging": "#2f8fa0",
    "took-cover": "#3b7fa8",
    "raised-shield": "#3b6fa8",
    "aided": "#3f9a5a",
    "disengaged": "#4a8a7a",
    "reaction-used": "#56606e",
    "squeezing": "#7a6a8a",
    "persistent-damage": "#d4561c",
    "bleeding": "#a81c2c",
}
OTHER = "#56606e"
OUTLINE = QColor(0, 0, 0, 210)


@dataclass(frozen=True, slots=True)
class Badge:
    """One condition as a badge: its engine name, its value (None when it has none), its pictogram's name
    (None: a text badge) and its disc's colour."""

    text: str
    name: str
    value: int | None
    icon: str | None
    colour: str

    @property
    def short(self) -> str:
        """The text badge's letters (``off-guard`` → ``OG``, ``homebrew`` → ``Ho``)."""
        parts = [p for p in self.name.split("-") if p]
        if len(parts) > 1:
            return "".join(p[0] for p in parts).upper()[:3]
        return self.name[:2].capitalize()


def condition_texts(token: Token) -> list[str]:
    """What a token's badges show: its conditions, then each PF2e persistent damage
    (``persistent-fire``)."""
    return [*token.conditions, *(f"persistent-{p.type}" for p in token.persistent)]


def icons_dir() -> Path:
    return assets_dir() / "conditions"


def icon_name(name: str) -> str | None:
    """The pictogram of condition `name` (an engine name, lower case), or None when it has none. PF2e
    persistent damage of any type is the flame (bleed the drop)."""
    key = ALIASES.get(name, name)
    if key.startswith("persistent-") and key != "persistent-damage" and not _has_file(key):
        key = "persistent-damage"
    return key if _has_file(key) else None


@cache
def _has_file(key: str) -> bool:
    return (icons_dir() / f"{key}.svg").is_file()


def badge(text: str) -> Badge:
    """``"frightened 2"`` → the frightened badge with value 2; an unknown condition → a text badge."""
    parts = text.split()
    name = parts[0].lower() if parts else "?"
    value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    icon = icon_name(name)
    key = icon or ALIASES.get(name, name)
    colour = COLOURS.get(key, COLOURS.get(key.split("-")[0], OTHER))
    if icon is None and name.startswith("persistent-"):
        colour = COLOURS["persistent-damage"]
    return Badge(text, name, value, icon, colour)


@cache
def renderer(icon: str) -> QSvgRenderer | None:
    """The pictogram's renderer (loaded once), None when its file can't be read."""
    r = QSvgRenderer(str(icons_dir() / f"{icon}.svg"))
    return r if r.isValid() else None


def paint_badge(painter: QPainter, rect: QRectF, b: Badge) -> None:
    """`b` in `rect` (a square): the coloured disc with a dark rim, the white pictogram (or the letters),
    and the value's bubble at the lower right."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rim = max(1.0, rect.width() * 0.07)
    painter.setPen(QPen(OUTLINE, rim))
    painter.setBrush(QColor(b.colour))
    disc = rect.adjusted(rim / 2, rim / 2, -rim / 2, -rim / 2)
    painter.drawEllipse(disc)
    svg = renderer(b.icon) if b.icon is not None else None
    if svg is not None:
        m = disc.width() * 0.12
        svg.render(painter, disc.adjusted(m, m, -m, -m))
    else:
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(disc.height() * 0.5)))
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, b.short)
    if b.value is not None:
        text = str(b.value)
        h = rect.height() * 0.55
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(1, int(h * 0.82)))
        painter.setFont(font)
        w = max(h, painter.fontMetrics().horizontalAdvance(text) + h * 0.35)
        bubble = QRectF(rect.right() - w * 0.7, rect.bottom() - h * 0.75, w, h)
        painter.setPen(QPen(OUTLINE, max(1.0, rim * 0.8)))
        painter.setBrush(QColor("#fbfbf6"))
        painter.drawRoundedRect(bubble, h / 2, h / 2)
        painter.setPen(QColor("#111114"))
        painter.drawText(bubble, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def badge_extent(size: float, b: Badge) -> float:
    """How far right of its square a badge of `size` reaches with its value bubble."""
    return size * 0.2 if b.value is not None else 0.0


def badge_pixmap(text: str, size: int, ratio: float = 1.0) -> QPixmap:
    """The badge of condition `text` as a `size`-pixel pixmap (the inspector, legends), sharp at the
    screen's device pixel `ratio`."""
    b = badge(text)
    extra = badge_extent(size, b)
    pix = QPixmap(int((size + extra + 1) * ratio), int((size + 1) * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    paint_badge(painter, QRectF(0.5, 0.5, size, size), b)
    painter.end()
    return pix


__all__ = [
    "ALIASES",
    "COLOURS",
    "Badge",
    "badge",
    "badge_extent",
    "badge_pixmap",
    "condition_texts",
    "icon_name",
    "icons_dir",
    "paint_badge",
    "renderer",
]
