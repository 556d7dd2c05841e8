"""The action bar (turn HUD) of the selected creature, docked under the map: what its turn has left and
buttons for the turn's common actions, each with its cost, drawn from what the engine answers.

`ActionBar` asks `rules.play.turn_hud.turn_hud(state, token_id)` after every `Document.changed` and every
selection change, and draws:

* the creature's name and its gauges (`GaugeStrip`): PF2e the action pips (filled left, hollow spent,
  struck out when slowed or stunned took them; quickened adds one), the reaction, the next Strike's
  multiple attack penalty; 5e the action, the bonus action, the feet of movement left (a bar), the
  reaction, the attacks left in the Attack action;
* one button per `HudAction` (label and cost on the button), disabled with the engine's refusal as its
  tooltip when the rules say no — unless the GM's "Free action" override is on, which executes the
  commands with ``free=True`` (nothing spent, nothing refused by the economy);
* the engine's words for what is left (``2 actions left · reaction ready``), or the last refusal in red.

Pressing a button runs the same `rules.play` commands as the token menu: basic actions
(`rules.play.basic_actions.BasicAction`), Aid's preparing action and Help (`rules.play.actions`); a Strike,
Ready, Delay, End turn and the skill actions go to the window's handlers (`ActionBarHandlers`: the attack
dialog, the initiative dock, the skill dialog), so each gesture has one path through the app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QColor,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QWidget,
)

from desktop.dice import app_dice
from desktop.document import Document
from desktop.i18n import engine_text
from rules.model.state import GameState
from rules.play.command import Command, Refused
from rules.play.turn_hud import HudAction, TurnHud, turn_hud
from rules.systems.economy import Gauge

FILLED = QColor("#f0c75e")
SPENT = QColor("#6b6c70")
LOST = QColor("#d85b5b")
REACTION = QColor("#5fb6ff")
MOVE = QColor("#6fd08c")
# room `ActionBar._fit` keeps at each end of the bar (its handle and the overflow button's place)
EDGE_ROOM = 12
#: A sustained effect's badge on the bar (the creature's effects it must Sustain each turn).
SUSTAIN_BADGE = (
    "QToolButton { border: 1px solid #b48cff; border-radius: 9px; padding: 1px 8px; color: #d9c6ff; }"
    "QToolButton:disabled { border-color: #5c5670; color: #7c7d80; }"
)


@dataclass
class ActionBarHandlers:
    """What the window does for the buttons that open something (each gets the creature's id)."""

    strike: Callable[[str], object] | None = None
    ready: Callable[[str], object] | None = None
    delay: Callable[[str], object] | None = None
    end_turn: Callable[[str], object] | None = None
    message: Callable[[str], object] | None = None
    #: Fills the skill actions' menu of the creature (PF2e); returns None when it has none.
    skills: Callable[[QMenu, str], object] | None = None
    #: Fills the maneuvers' menu of the creature (each maneuver ▸ the creatures in reach).
    maneuvers: Callable[[QMenu, str], object] | None = None
    #: Opens the creature's spell list (its spells and abilities).
    spells: Callable[[str], object] | None = None
    extra: dict[str, Callable[[str], object]] = field(default_factory=dict)


class GaugeStrip(QWidget):
    """The gauges of one creature's turn, painted (see the module docstring)."""

    PIP = 14

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gauges: tuple[Gauge, ...] = ()
        self.setObjectName("gaugeStrip")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_gauges(self, gauges: tuple[Gauge, ...]) -> None:
        self.gauges = gauges
        self.setToolTip("\n".join(self._words(g) for g in gauges))
        self.updateGeometry()
        self.setFixedSize(self.sizeHint())
        self.update()

    @staticmethod
    def _words(g: Gauge) -> str:
        return str(g.text) + (f" ({g.note})" if g.note is not None else "")

    def _width_of(self, g: Gauge) -> int:
        if g.kind == "actions":
            return (g.total + g.lost) * (self.PIP + 4) + 6
        if g.kind == "movement":
            return 96
        if g.kind in ("map", "attacks"):
            return self.fontMetrics().horizontalAdvance(self._short(g)) + 12
        return self.PIP + 10 + self.fontMetrics().horizontalAdvance(self._short(g))

    def _short(self, g: Gauge) -> str:
        if g.kind == "map":
            return self.tr("MAP {value}").format(value=f"{g.left:+d}".replace("-", "−")) if g.left else ""
        if g.kind == "attacks":
            return self.tr("⚔ {left}/{total}").format(left=g.left, total=g.total)
        if g.kind == "action":
            return self.tr("Action")
        if g.kind == "bonus-action":
            return self.tr("Bonus")
        if g.kind == "reaction":
            return self.tr("Reaction")
        return ""

    def sizeHint(self) -> QSize:
        width = sum(self._width_of(g) for g in self.gauges) + 8
        return QSize(max(8, width), 30)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        x = 4.0
        mid = self.height() / 2
        for g in self.gauges:
            w = self._width_of(g)
            if g.kind == "actions":
                for i in range(g.total + g.lost):
                    cx = x + 3 + i * (self.PIP + 4) + self.PIP / 2
                    self._diamond(p, cx, mid, i < g.left, i >= g.total)
            elif g.kind == "movement":
                bar = QRectF(x + 2, mid - 7, w - 8, 14)
                p.setPen(QPen(SPENT, 1))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(bar, 3, 3)
                if g.total > 0 and g.left > 0:
                    filled = QRectF(bar.x(), bar.y(), bar.width() * min(1.0, g.left / g.total), bar.height())
                    p.setBrush(MOVE.darker(130))
                    p.setPen(Qt.PenStyle.NoPen)
                    p.drawRoundedRect(filled, 3, 3)
                p.setPen(self.palette().windowText().color())
                p.drawText(bar, Qt.AlignmentFlag.AlignCenter, self.tr("{left} ft").format(left=g.left))
            elif g.kind in ("map", "attacks"):
                p.setPen(LOST.lighter(130) if g.kind == "map" else FILLED)
                p.drawText(QRectF(x, 0, w, self.height()), Qt.AlignmentFlag.AlignCenter, self._short(g))
            else:
                colour = REACTION if g.kind == "reaction" else FILLED
                r = QRectF(x + 2, mid - self.PIP / 2, self.PIP, self.PIP)
                p.setPen(QPen(colour if g.left else SPENT, 2))
                p.setBrush(colour if g.left else Qt.BrushStyle.NoBrush)
                if g.kind == "reaction":
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    path = QPainterPath()
                    path.arcMoveTo(r, 30)
                    path.arcTo(r, 30, 300)
                    p.drawPath(path)
                    if g.left:
                        p.setBrush(colour)
                        p.drawEllipse(r.center(), 3, 3)
                else:
                    p.drawEllipse(r)
                p.setPen(self.palette().windowText().color() if g.left else SPENT)
                text = QRectF(x + self.PIP + 6, 0, w - self.PIP - 6, self.height())
                p.drawText(text, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self._short(g))
            x += w
        p.end()

    def _diamond(self, p: QPainter, cx: float, cy: float, filled: bool, lost: bool) -> None:
        h = self.PIP / 2
        poly = QPolygonF([QPointF(cx, cy - h), QPointF(cx + h, cy), QPointF(cx, cy + h), QPointF(cx - h, cy)])
        colour = LOST if lost else FILLED if filled else SPENT
        p.setPen(QPen(colour, 2))
        p.setBrush(colour if filled and not lost else Qt.BrushStyle.NoBrush)
        p.drawPolygon(poly)
        if lost:
            p.drawLine(QPointF(cx - h / 1.5, cy - h / 1.5), QPointF(cx + h / 1.5, cy + h / 1.5))


def _short_label(label: str) -> str:
    """``Hide (roll Stealth)`` → ``Hide``: the bar's buttons are short; the tooltip has the rest."""
    return label.split(" (", 1)[0]


class ActionBar(QToolBar):
    """The turn HUD of the selected creature (see the module docstring)."""

    def __init__(
        self,
        doc: Document,
        handlers: ActionBarHandlers | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Action bar"))
        self.setObjectName("actionBar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.doc = doc
        self.handlers = handlers or ActionBarHandlers()
        self.token_id: str | None = None
        self.hud: TurnHud | None = None
        self.buttons: dict[str, QAction] = {}
        #: Menus under a button pop up (tests turn it off and trigger the entries).
        self.popup_menus = True
        self.support_menu: QMenu | None = None
        self.skills_menu: QMenu | None = None
        self.maneuvers_menu: QMenu | None = None
        header = QWidget()
        header.setObjectName("actionBarHeader")
        grid = QGridLayout(header)
        grid.setContentsMargins(6, 0, 6, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(0)
        self.name_label = QLabel()
        self.name_label.setObjectName("actionBarName")
        self.name_label.setStyleSheet("font-weight: bold;")
        self.gauge_strip = GaugeStrip()
        self.left_label = QLabel()
        self.left_label.setObjectName("actionBarLeft")
        self.left_label.setFixedWidth(230)
        self.free_box = QCheckBox(self.tr("Free action"))
        self.free_box.setObjectName("freeAction")
        self.free_box.setToolTip(
            self.tr("The GM's override: actions cost nothing and the turn refuses nothing while this is on")
        )
        self.free_box.toggled.connect(lambda _on: self.refresh())
        # the name and the gauges above, what is left and the GM's override below: the header stays narrow
        # enough that a 1280-pixel window still shows the turn's buttons
        grid.addWidget(self.name_label, 0, 0)
        grid.addWidget(self.gauge_strip, 0, 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.left_label, 1, 0, 1, 2)
        grid.addWidget(self.free_box, 1, 2, Qt.AlignmentFlag.AlignRight)
        self.header = header
        self.addWidget(header)
        self.addSeparator()
        self._button_actions: list[QAction] = []
        # each button's two-line text (name over cost) and its one-line text (the name): `_fit`
        self._texts: dict[QAction, tuple[str, str]] = {}
        # the buttons show their names only: the window is too narrow for the two-line buttons
        self.compact = False
        self._refusal: str | None = None
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.timeout.connect(self._clear_refusal)
        doc.changed.connect(lambda _o, _n: self.refresh())
        doc.reset.connect(lambda: self.show_token(None))
        doc.refused.connect(self._refused)
        self._build()

    # ---- which creature

    def show_token(self, token_id: str | None) -> None:
        """Show the bar of `token_id` (None: the current creature of a running encounter, else nothing)."""
        self.token_id = token_id
        self.refresh()

    def follow_selection(self, ids: Sequence[str]) -> None:
        """The map's selection changed: one token selected shows its bar; none or several, the current
        creature's."""
        self.show_token(ids[0] if len(ids) == 1 else None)

    def shown_id(self) -> str | None:
        state: GameState = self.doc.state
        if self.token_id is not None and state.scene.token(self.token_id) is not None:
            return self.token_id
        enc = state.encounter
        if enc is not None and enc.current_id is not None and state.scene.token(enc.current_id) is not None:
            return enc.current_id
        return None

    # ---- drawing

    @property
    def free(self) -> bool:
        """The GM's "free action" override is on."""
        return self.free_box.isChecked()

    def _build(self) -> None:
        for old in self._button_actions:
            self.removeAction(old)
            old.deleteLater()
        self._button_actions = []
        self._texts = {}
        self.buttons = {}
        tid = self.shown_id()
        self.hud = turn_hud(self.doc.state, tid) if tid is not None else None
        if self.hud is None:
            self.name_label.setText(self.tr("No creature selected"))
            self.gauge_strip.set_gauges(())
            self.left_label.setText(self.tr("Select a token to see its turn"))
            return
        free = self.free
        for row in self.hud.actions:
            action = QAction(self._button_text(row), self)
            action.setObjectName(f"bar-{row.key}")
            allowed = row.allowed or free
            action.setEnabled(allowed)
            tip = self.tr("{label}: {cost}").format(label=self._words(row.label), cost=self._words(row.cost))
            if not row.allowed:
                why = self._words(row.problem or "")
                tip += "\n" + (self.tr("(free action: the GM's override)") if free else why)
            action.setToolTip(tip)
            action.triggered.connect(self._runner(row))
            self._add_button(row.key, action)
        self._add_maneuvers(self.hud.token_id)
        self._add_spells(self.hud.token_id)
        if self.handlers.skills is not None:
            self._add_skills(self.hud.token_id)
        self._show_text()
        self._fit()

    def _add_button(self, key: str, action: QAction) -> None:
        full = action.text()
        self._texts[action] = (full, full.split("\n", 1)[0].strip())
        self.addAction(action)
        self._button_actions.append(action)
        self.buttons[key] = action
        widget = self.widgetForAction(action)
        if isinstance(widget, QToolButton):
            widget.setObjectName(f"barButton-{key}")
            if key.startswith("sustain:"):  # the effect's badge: a click sustains it
                widget.setStyleSheet(SUSTAIN_BADGE)

    def _add_maneuvers(self, token_id: str) -> None:
        """The Maneuvers button (issue 23 item 8: two clicks to a maneuver): maneuver ▸ target, filled by
        the window (`ActionBarHandlers.maneuvers`) when the menu opens."""
        handler = self.handlers.maneuvers
        if handler is None:
            return
        self.maneuvers_menu = self._menu_button(
            "maneuvers",
            self.tr("Maneuvers\n▾"),
            self.tr("Maneuvers: each one, then the creature in reach"),
            lambda menu: handler(menu, token_id),  # when it opens: the creatures in reach now
        )

    def _add_spells(self, token_id: str) -> None:
        """The Spells button: the creature's spell list, when it has spells or abilities."""
        handler = self.handlers.spells
        token = self.doc.scene.token(token_id)
        if handler is None or token is None or not token.spells:
            return
        action = QAction(self.tr("Spells\n{n}").format(n=len(token.spells)), self)
        action.setObjectName("bar-spells")
        action.setToolTip(
            self.tr("{name}'s spells and abilities: choose one to aim and cast").format(name=token.label)
        )
        action.triggered.connect(lambda _checked=False: handler(token_id))
        self._add_button("spells", action)

    def _add_skills(self, token_id: str) -> None:
        """The Skills button: its menu filled by the window (`ActionBarHandlers.skills`), when the system
        has skill actions."""
        from rules.systems import system_for

        handler = self.handlers.skills
        if handler is None or not system_for(self.doc.scene).skill_actions:
            return
        self.skills_menu = self._menu_button(
            "skills",
            self.tr("Skills\n▾"),
            self.tr("Skill actions: Demoralize, Feint, Battle Medicine…"),
            lambda menu: handler(menu, token_id),  # when it opens: the targets and DCs of now
        )

    def _menu_button(self, key: str, text: str, tip: str, fill: Callable[[QMenu], object]) -> QMenu:
        """A bar button `key` whose menu is filled by `fill` each time it opens (pops up on a click)."""
        menu = QMenu(self)
        menu.setObjectName(f"bar{key.capitalize()}Menu")
        menu.setToolTipsVisible(True)

        def refill() -> None:
            menu.clear()
            fill(menu)

        menu.aboutToShow.connect(refill)
        action = QAction(text, self)
        action.setObjectName(f"bar-{key}")
        action.setToolTip(tip)
        action.setMenu(menu)
        self._add_button(key, action)
        widget = self.widgetForAction(action)
        if isinstance(widget, QToolButton):
            widget.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return menu

    def _fit(self) -> None:
        """Two-line buttons (the name over the cost) when the bar has room for all of them; the names only
        (the cost stays in each tooltip) when a narrow window would otherwise push the last buttons, End
        turn among them, into the » overflow — as Japanese does at 1280 pixels. Measured from the buttons'
        own size hints with the two-line texts, in one go: nothing is painted in between."""
        if not self._texts:
            self.compact = False
            return
        for action, (full, _short) in self._texts.items():
            action.setText(full)
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 0
        margins = self.contentsMargins()
        need = margins.left() + margins.right() + 2 * EDGE_ROOM
        for action in self.actions():
            widget = self.widgetForAction(action)
            if widget is not None and action.isVisible():
                need += widget.sizeHint().width() + spacing
        self.compact = self.isVisible() and need > self.width()  # a hidden bar is measured when shown
        if self.compact:
            for action, (_full, short) in self._texts.items():
                action.setText(short)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def _popup(self, action: QAction) -> None:
        menu = action.menu()
        widget = self.widgetForAction(action)
        if isinstance(menu, QMenu) and widget is not None and self.popup_menus:
            menu.popup(widget.mapToGlobal(widget.rect().bottomLeft()))

    def _button_text(self, row: HudAction) -> str:
        if row.kind == "sustain":
            return f"⟳ {self._words(row.label)}\n{self._words(row.cost)}"
        return f"{self._words(_short_label(str(row.label)))}\n{self._words(row.cost)}"

    def _words(self, text: object) -> str:
        """The engine's words (an action's name, its cost, a refusal) in the app's language."""
        return engine_text(str(text), self.doc.scene.system) if text else ""

    def _show_text(self) -> None:
        if self.hud is None:
            return
        whose = "" if self.hud.own_turn else self.tr(" (not its turn: reactions only)")
        self.name_label.setText(self.hud.name + whose)
        self.gauge_strip.set_gauges(self.hud.gauges)
        if self._refusal is not None:
            self.left_label.setStyleSheet("color: #ff8a80;")
            full = "⚠ " + self._words(self._refusal)
        else:
            self.left_label.setStyleSheet("color: #b8b8b0;")
            full = self._words(self.hud.text)
        metrics = self.left_label.fontMetrics()
        self.left_label.setText(
            metrics.elidedText(full, Qt.TextElideMode.ElideRight, self.left_label.width())
        )
        self.left_label.setToolTip(full)

    def refresh(self) -> None:
        self._build()

    def _refused(self, why: str) -> None:
        self._refusal = why
        self._refusal_timer.start(8000)
        self._show_text()

    def _clear_refusal(self) -> None:
        self._refusal = None
        self._show_text()

    # ---- running

    def _say(self, text: str) -> None:
        if self.handlers.message is not None:
            self.handlers.message(text)

    def _execute(self, command: Command) -> None:
        self._refusal = None
        self.doc.execute(command)

    def _runner(self, row: HudAction) -> Callable[[], None]:
        def run() -> None:
            self.run(row.key)

        return run

    def run(self, key: str) -> None:
        """Press the button `key` for the shown creature."""
        from rules.play.actions import Help, PrepareAid
        from rules.play.basic_actions import BasicAction

        hud = self.hud
        if hud is None:
            return
        row = hud.action(key)
        if row is None:
            return
        tid = hud.token_id
        free = self.free
        handler = {
            "strike": self.handlers.strike,
            "ready": self.handlers.ready,
            "delay": self.handlers.delay,
            "end-turn": self.handlers.end_turn,
        }.get(row.kind)
        if row.kind == "basic":
            self._execute(BasicAction(tid, key, app_dice(), free=free))
        elif row.kind == "sustain":
            from rules.play.effects import SustainEffect

            self._execute(SustainEffect(key.split(":", 1)[1], free=free))
        elif row.kind == "move":
            verb = self.tr("Step") if key == "step" else str(row.label)
            self._say(
                self.tr("{verb}: drag {name} on the map ({cost})").format(
                    verb=verb, name=hud.name, cost=str(row.cost)
                )
            )
        elif row.kind == "support":
            self._support_menu(tid, key, free, PrepareAid if key == "aid" else Help)
        elif handler is not None:
            handler(tid)
        elif key in self.handlers.extra:
            self.handlers.extra[key](tid)

    def _support_menu(self, tid: str, key: str, free: bool, command: type) -> QMenu:
        """The allies to Aid (prepare) or Help, as a menu under the button."""
        token = self.doc.scene.token(tid)
        menu = QMenu(self)
        menu.setObjectName("supportMenu")
        allies = [
            t for t in self.doc.scene.tokens if token is not None and t.id != tid and t.side == token.side
        ]
        for ally in allies:
            entry = menu.addAction(ally.label)
            entry.setObjectName(f"ally-{ally.id}")
            entry.triggered.connect(lambda _c=False, aid=ally.id: self._execute(command(tid, aid, free=free)))
        self.support_menu = menu
        widget = self.widgetForAction(self.buttons[key])
        if widget is not None and self.popup_menus:
            menu.popup(widget.mapToGlobal(widget.rect().bottomLeft()))
        return menu


def problem_of(doc: Document, command: Command) -> str | None:
    """Why the engine refuses `command` now (nothing changes), None when it would take it."""
    try:
        command.apply(doc.state)
    except Refused as exc:
        return str(exc)
    return None
