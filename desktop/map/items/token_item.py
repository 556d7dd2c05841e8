"""`TokenItem`: the adapter that mirrors one `Token` of the scene.

A round token over the creature's whole space (1×1 up to 4×4 squares): portrait or initials, a ring in the
side's colour, the name under it, an HP bar and condition badges. It never changes the model: a drag is
previewed by the move tool (`set_preview_cell`) and committed as one command; `sync` brings the item back in
line with the model after every change (and after a cancelled drag).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from desktop.i18n.condition_names import condition_name
from desktop.look.condition_icons import Badge, badge, badge_extent, condition_texts, paint_badge
from desktop.look.style import (
    CELL,
    ILLEGAL,
    LABEL_BG,
    LABEL_FG,
    SELECTION,
    hp_colour,
    side_colour,
)
from desktop.map.grid_coords import cell_rect
from desktop.map.items import Z_TOKEN_CARRIED, Z_TOKENS
from desktop.map.items.bounded import BoundedItem
from desktop.map.items.token_labels import candidates
from rules.geometry.coords import Cell
from rules.model.scene import Token

RING = CELL * 0.07
DEATH_SAVE_OK = QColor("#46d17a")
DEATH_SAVE_BAD = QColor("#ff5a4e")
NAME_PX = 12
BADGE_PX = 10
MAX_BADGES = 4


#: The colour of each health estimate (`rules.play.projection.HEALTH_WORDS`).
HEALTH_COLOURS = {
    "unhurt": QColor("#2f8f4e"),
    "hurt": QColor("#9a8a1e"),
    "bloodied": QColor("#c0561c"),
    "near-death": QColor("#b0222a"),
    "down": QColor("#3a3a40"),
}


def stacking(token: Token, order: int) -> float:
    """The token's Z value: a token lower on the map is drawn over the ones above it, so that the name
    label under a token never covers the condition badges on top of the token below (then scene order)."""
    return Z_TOKENS + token.cell.y * 1e-3 + order * 1e-7


def badge_texts(token: Token) -> list[str]:
    """What the badges show: the conditions, then each PF2e persistent damage (``persistent-fire``)."""
    return condition_texts(token)


#: Conditions that make a creature unseen by its foes: drawn faint with a dashed ring (the GM still sees it).
UNSEEN_CONDITIONS = frozenset({"hidden", "undetected", "invisible"})


def elevation_text(token: Token) -> str:
    """The elevation badge's text: ``▲30`` for 30 ft up, ``▼10`` for 10 ft below the ground, empty at 0."""
    if token.elevation > 0:
        return f"▲{token.elevation}"
    if token.elevation < 0:
        return f"▼{-token.elevation}"
    return ""


def initials(label: str) -> str:
    """``"Valeros"`` → ``"V"``, ``"Goblin Warrior"`` → ``"GW"``, ``"Goblin 2"`` → ``"G2"`` (brackets and
    punctuation aren't letters); a token drawn among others gets a distinct one from its scene."""
    return candidates(label)[0]


def condition_badge(text: str) -> tuple[str, QColor]:
    """A condition's text badge (its letters and value, ``Fr2``) and its colour: what an icon falls back to
    (`desktop.look.condition_icons`)."""
    b = badge(text)
    return b.short + (str(b.value) if b.value is not None else ""), QColor(b.colour)


def tooltip_text(token: Token, system: str = "") -> str:
    lines = [f"<b>{token.label}</b> ({token.size}, {token.side})"]
    stats = []
    if token.hp is not None:
        hp = f"HP {token.hp}/{token.max_hp if token.max_hp is not None else token.hp}"
        stats.append(hp + (f" +{token.temp_hp} temp" if token.temp_hp else ""))
    if token.ac is not None:
        stats.append(f"AC {token.ac}")
    stats.append(f"Speed {token.speed} ft")
    stats.append(f"Reach {token.reach} ft")
    stats += [f"{mode} {feet} ft" for mode, feet in token.speeds]
    if token.elevation:
        stats.append(f"{abs(token.elevation)} ft {'up' if token.elevation > 0 else 'down'}")
    lines.append(" · ".join(stats))
    if token.death_saves != (0, 0):
        ok, bad = token.death_saves
        words = QCoreApplication.translate("TokenItem", "Death saves: {ok} succeeded, {bad} failed")
        lines.append(words.format(ok=ok, bad=bad))
    if token.conditions:
        lines.append(", ".join(condition_name(c, system) for c in token.conditions))
    if token.persistent:
        lines.append(", ".join(f"{p.damage} persistent {p.type}" for p in token.persistent))
    if token.attacks:
        lines.append("<i>" + ", ".join(a.name for a in token.attacks) + "</i>")
    return "<br>".join(lines)


class TokenItem(BoundedItem):
    def __init__(self, token: Token, portrait: QImage | None = None) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setZValue(Z_TOKENS)
        # painted once per zoom level and selection state, then blitted: 60 tokens cost next to nothing
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._token = token
        self._portrait: QPixmap | None = None
        self._carried = False
        self._illegal = False
        self._hover = False
        #: The label on the face, distinct among the tokens drawn with it (`token_labels.short_labels`).
        self._short: str | None = None
        #: The scene's rule system (the conditions' words in the tooltip).
        self._system = ""
        #: The scene's system counts death saves (5e): a creature at 0 HP shows its successes and failures.
        self._death_saves = False
        self._name_font = QFont()
        self._name_font.setPixelSize(NAME_PX)
        self._name_font.setBold(True)
        self._badge_font = QFont()
        self._badge_font.setPixelSize(BADGE_PX)
        self._badge_font.setBold(True)
        #: The Player Screen's health estimate instead of the HP bar: (word key, translated words).
        self._health: tuple[str, str] | None = None
        self._readable = False
        self.sync(token, portrait)

    # ---- model mirror

    @property
    def token(self) -> Token:
        return self._token

    @property
    def token_id(self) -> str:
        return self._token.id

    @property
    def side_squares(self) -> int:
        return self._token.side_squares

    def sync(self, token: Token, portrait: QImage | None = None) -> None:
        """Mirror `token` (and put the item back on the token's cell)."""
        self.prepareGeometryChange()
        self._token = token
        self._portrait = self._round_portrait(portrait) if portrait is not None else None
        self.setToolTip(tooltip_text(token, self._system))
        self.setPos(cell_rect(token.cell).topLeft())
        self._fit_bounds()

    def _fit_bounds(self) -> None:
        token = self._token
        self.prepareGeometryChange()
        n = token.side_squares
        width = QFontMetricsF(self._name_font).horizontalAdvance(token.label) + 14
        badge_metrics = QFontMetricsF(self._badge_font)
        width = max(width, self._badges_width() + 4)
        if self._health is not None:
            width = max(width, badge_metrics.horizontalAdvance(self._health[1]) + 14)
        side = n * CELL
        extra_x = max(0.0, (width - side) / 2) + 4
        name_px, badge_px = self._name_font.pixelSize(), self._badge_font.pixelSize()
        self.set_bounds(QRectF(-extra_x, -badge_px, side + 2 * extra_x, side + badge_px + 2 * name_px + 16))

    def set_short_label(self, text: str) -> None:
        """The label on the face (its scene gives one no other token has)."""
        if text != self._short:
            self._short = text
            self.update()

    def set_health(self, health: tuple[str, str] | None) -> None:
        """Show a health estimate (`rules.play.projection.HEALTH_WORDS` key and its words) under the face,
        for a creature whose HP the viewers don't know (the Player Screen)."""
        if health != self._health:
            self._health = health
            self._fit_bounds()

    @property
    def health(self) -> tuple[str, str] | None:
        return self._health

    def badges(self) -> list[Badge]:
        """The condition badges drawn over the token, in order (at most `MAX_BADGES`; the last of a longer
        list is drawn as "+N")."""
        return [badge(c) for c in badge_texts(self._token)]

    @property
    def badge_size(self) -> float:
        """One condition icon's side (larger on a screen read from across the table)."""
        return self._badge_font.pixelSize() * 1.8

    def _badges_width(self) -> float:
        shown = self.badges()[:MAX_BADGES]
        size = self.badge_size
        return sum(size + badge_extent(size, b) + 2 for b in shown)

    def set_readable(self, on: bool) -> None:
        """Larger name and badges for a screen read from across the table."""
        self._readable = on
        name, badge = (NAME_PX * 3 // 2, BADGE_PX * 3 // 2) if on else (NAME_PX, BADGE_PX)
        if self._name_font.pixelSize() != name:
            self._name_font.setPixelSize(name)
            self._badge_font.setPixelSize(badge)
            self._fit_bounds()

    def set_system(self, system: str) -> None:
        """The scene's rule system: the tooltip names the conditions in its words."""
        if system != self._system:
            self._system = system
            self.setToolTip(tooltip_text(self._token, system))

    def set_death_saves_shown(self, on: bool) -> None:
        """Show death-save pips on a creature at 0 HP (the scene's system has death saves)."""
        if on != self._death_saves:
            self._death_saves = on
            self.update()

    def shows_death_saves(self) -> bool:
        """Death-save pips are drawn now: the system has them and the creature is at 0 HP, not dead."""
        t = self._token
        return self._death_saves and t.hp == 0 and not t.has_condition("dead")

    @property
    def short_label(self) -> str:
        return self._short if self._short is not None else initials(self._token.label)

    def set_preview_cell(self, cell: Cell | None, illegal: bool = False) -> None:
        """Show the token at `cell` while it is carried (None: back on its own cell, not carried)."""
        was = (self._carried, self.pos())
        self._carried = cell is not None
        self._illegal = illegal and self._carried
        self.setZValue(Z_TOKEN_CARRIED if self._carried else Z_TOKENS)
        self.setPos(cell_rect(cell if cell is not None else self._token.cell).topLeft())
        self.update()
        if (self._carried, self.pos()) != was:
            # the scene tells whoever follows carried tokens (the fog): `MapScene.carried_moved`
            notify = getattr(self.scene(), "token_carried", None)
            if notify is not None:
                notify()

    @property
    def carried(self) -> bool:
        return self._carried

    def _round_portrait(self, image: QImage) -> QPixmap:
        size = 160 * min(self._token.side_squares, 2)
        scaled = image.scaled(
            size,
            size,
            Qt.AspectRatioMode.KeepAspectRatioByExpanding,
            Qt.TransformationMode.SmoothTransformation,
        )
        out = QPixmap(size, size)
        out.fill(Qt.GlobalColor.transparent)
        p = QPainter(out)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        clip = QPainterPath()
        clip.addEllipse(QRectF(0, 0, size, size))
        p.setClipPath(clip)
        p.drawImage(QPointF((size - scaled.width()) / 2, (size - scaled.height()) / 2), scaled)
        p.end()
        return out

    # ---- painting

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        side = self._token.side_squares * CELL
        path.addEllipse(QRectF(0, 0, side, side).adjusted(2, 2, -2, -2))
        return path

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        t = self._token
        side = t.side_squares * CELL
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        inset = CELL * 0.06
        disc = QRectF(inset, inset, side - 2 * inset, side - 2 * inset)
        colour = side_colour(t.side)
        down = t.hp is not None and t.hp <= 0

        # shadow
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90 if not self._carried else 60))
        lift = CELL * (0.09 if self._carried else 0.04)
        painter.drawEllipse(disc.translated(lift * 0.6, lift))
        if self._carried:
            painter.setOpacity(0.88)

        # selection glow
        if self.isSelected() or self._hover:
            glow = QColor(SELECTION if self.isSelected() else QColor(255, 255, 255))
            glow.setAlpha(200 if self.isSelected() else 90)
            painter.setPen(QPen(glow, RING * 0.9))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(disc.adjusted(-RING * 0.7, -RING * 0.7, RING * 0.7, RING * 0.7))

        # face (a hidden or undetected creature is drawn faint, for the GM's eyes only)
        unseen = bool(t.condition_names() & UNSEEN_CONDITIONS)
        if unseen:
            painter.setOpacity(0.45)
        inner = disc.adjusted(RING / 2, RING / 2, -RING / 2, -RING / 2)
        if self._portrait is not None:
            painter.drawPixmap(inner, self._portrait, QRectF(self._portrait.rect()))
        else:
            grad = QRadialGradient(
                inner.center() - QPointF(inner.width() * 0.2, inner.height() * 0.25), inner.width()
            )
            grad.setColorAt(0.0, colour.lighter(135))
            grad.setColorAt(1.0, colour.darker(190))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(grad))
            painter.drawEllipse(inner)
            if lod * side > 14:
                font = QFont()
                font.setBold(True)
                letters = self.short_label
                font.setPixelSize(max(1, int(inner.height() * (0.42 if len(letters) < 3 else 0.32))))
                painter.setFont(font)
                painter.setPen(QColor(0, 0, 0, 120))
                painter.drawText(inner.translated(1.5, 2), Qt.AlignmentFlag.AlignCenter, letters)
                painter.setPen(QColor("#fbfbf6"))
                painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, letters)

        # ring
        ring_colour = ILLEGAL if self._illegal else colour
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(10, 10, 12, 200), RING + 2))
        painter.drawEllipse(disc)
        painter.setPen(QPen(ring_colour, RING, Qt.PenStyle.DashLine if unseen else Qt.PenStyle.SolidLine))
        painter.drawEllipse(disc)
        if unseen:
            painter.setOpacity(0.88 if self._carried else 1.0)

        if down:
            painter.setPen(
                QPen(QColor(20, 20, 20, 200), RING * 1.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            m = disc.width() * 0.25
            painter.drawLine(disc.topLeft() + QPointF(m, m), disc.bottomRight() - QPointF(m, m))
            painter.drawLine(disc.topRight() + QPointF(-m, m), disc.bottomLeft() + QPointF(m, -m))

        if lod * CELL < 18:
            painter.setOpacity(1.0)
            return
        self._paint_hp(painter, disc)
        self._paint_health(painter, disc, side)
        self._paint_number(painter, disc)
        if self.shows_death_saves():
            self._paint_death_saves(painter, disc)
        self._paint_badges(painter, disc)
        self._paint_elevation(painter, side)
        self._paint_name(painter, side)
        painter.setOpacity(1.0)

    def _paint_elevation(self, painter: QPainter, side: float) -> None:
        """A badge at the top right with the height above the ground (``▲30`` ft; ``▼10`` below it)."""
        text = elevation_text(self._token)
        if not text:
            return
        painter.setFont(self._badge_font)
        metrics = QFontMetricsF(self._badge_font)
        w, h = metrics.horizontalAdvance(text) + 8, metrics.height() + 2
        box = QRectF(side - w, 0, w, h)
        painter.setPen(QPen(QColor(10, 10, 12, 200), 1))
        painter.setBrush(QColor("#2f6fb3"))
        painter.drawRoundedRect(box, h / 3, h / 3)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_hp(self, painter: QPainter, disc: QRectF) -> None:
        t = self._token
        if t.hp is None or not t.max_hp:
            return
        width = min(disc.width() * 0.78, CELL * 0.78 * 1.6)
        height = CELL * 0.09
        bar = QRectF(disc.center().x() - width / 2, disc.bottom() - height * 0.9, width, height)
        painter.setPen(QPen(QColor(0, 0, 0, 220), 1.5))
        painter.setBrush(QColor(25, 25, 28, 230))
        painter.drawRoundedRect(bar, height / 2, height / 2)
        frac = max(0.0, min(1.0, t.hp / t.max_hp))
        if frac > 0:
            fill = QRectF(bar.left(), bar.top(), bar.width() * frac, bar.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(hp_colour(frac))
            painter.drawRoundedRect(fill, height / 2, height / 2)
        if t.temp_hp:
            tfrac = min(1.0, t.temp_hp / t.max_hp)
            temp = QRectF(
                bar.right() - bar.width() * tfrac, bar.top(), bar.width() * tfrac, bar.height() * 0.5
            )
            painter.setBrush(QColor("#5ab0ff"))
            painter.drawRoundedRect(temp, height / 4, height / 4)

    def _paint_number(self, painter: QPainter, disc: QRectF) -> None:
        """The number on the miniature's base: a white sticker at the bottom left of the face."""
        number = self._token.number
        if number is None:
            return
        text = str(number)
        font = QFont(self._badge_font)
        font.setPixelSize(max(1, int(CELL * 0.26)))
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        h = metrics.height() + 2
        w = max(h, metrics.horizontalAdvance(text) + 8)
        box = QRectF(disc.left() - w * 0.15, disc.bottom() - h * 0.85, w, h)
        painter.setPen(QPen(QColor(10, 10, 12, 230), 1.5))
        painter.setBrush(QColor("#fbfbf6"))
        painter.drawRoundedRect(box, h / 2, h / 2)
        painter.setPen(QColor("#111114"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_health(self, painter: QPainter, disc: QRectF, side: float) -> None:
        """The health estimate under the name (the Player Screen: no HP bar for the party's foes)."""
        if self._health is None:
            return
        key, words = self._health
        painter.setFont(self._badge_font)
        metrics = QFontMetricsF(self._badge_font)
        w, h = metrics.horizontalAdvance(words) + 10, metrics.height() + 2
        top = side - 1 + self._name_font.pixelSize() + 6
        box = QRectF(side / 2 - w / 2, top, w, h)
        painter.setPen(QPen(QColor(10, 10, 12, 220), 1))
        painter.setBrush(HEALTH_COLOURS.get(key, QColor("#56606e")))
        painter.drawRoundedRect(box, h / 2, h / 2)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, words)

    def _paint_death_saves(self, painter: QPainter, disc: QRectF) -> None:
        """Three green pips for the successes and three red ones for the failures, across the face."""
        successes, failures = self._token.death_saves
        r = CELL * 0.045
        gap = r * 2.5
        y = disc.center().y() + disc.height() * 0.18
        row = QRectF(disc.center().x() - gap * 3.5, y - r * 1.8, gap * 7, r * 3.6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(10, 10, 12, 190))
        painter.drawRoundedRect(row, r * 1.8, r * 1.8)
        for i in range(3):
            for k, (count, colour) in enumerate(((successes, DEATH_SAVE_OK), (failures, DEATH_SAVE_BAD))):
                x = disc.center().x() + (-(3 - i) * gap + gap / 2 if k == 0 else (i + 1) * gap - gap / 2)
                painter.setPen(QPen(colour, 1.4))
                painter.setBrush(colour if i < count else Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(x, y), r, r)

    def _paint_badges(self, painter: QPainter, disc: QRectF) -> None:
        """The conditions as icons in a row over the top of the token (`desktop.look.condition_icons`):
        each value in its bubble, an unknown condition as its letters, more than `MAX_BADGES` as "+N"."""
        badges = self.badges()
        if not badges:
            return
        shown = badges[:MAX_BADGES]
        more = len(badges) - MAX_BADGES + 1 if len(badges) > MAX_BADGES else 0
        size = self.badge_size
        widths = [size + badge_extent(size, b) for b in shown]
        x = disc.center().x() - (sum(widths) + 2 * (len(shown) - 1)) / 2
        y = disc.top() - size * 0.45
        for i, (b, w) in enumerate(zip(shown, widths, strict=True)):
            if more and i == len(shown) - 1:
                b = Badge(f"+{more}", f"+{more}", None, None, "#56606e")
            paint_badge(painter, QRectF(x, y, size, size), b)
            x += w + 2

    def _paint_name(self, painter: QPainter, side: float) -> None:
        label = self._token.label
        painter.setFont(self._name_font)
        metrics = QFontMetricsF(self._name_font)
        w = metrics.horizontalAdvance(label) + 10
        h = self._name_font.pixelSize() + 5
        rect = QRectF(side / 2 - w / 2, side - 1, w, h)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_BG)
        painter.drawRoundedRect(rect, 4, 4)
        painter.setPen(LABEL_FG)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
