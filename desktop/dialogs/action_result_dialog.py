"""The action dialog: the dice of an action that involves another creature (a maneuver, Aid, Seek…), then
its result with the breakdown.

Each roll the action needs (the actor's d20; for 5e contests and 2024 saves the target's d20; a critical
Trip's 1d6) has a spin box: "roll" (0) lets the app roll it, a typed number is a physical die. Resolve builds
the play-layer command with those dice (`rules.play.actions`) and executes it on the document (one undoable
step, logged). The dialog then shows the engine's `ActionReport`: the rows (the die, each modifier, the total
against the DC, the DC's make-up), the result (degree, or success/failure), and the effects applied. A
refusal (out of reach, a missing statistic) is shown in red and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice
from desktop.document import Document
from desktop.i18n import engine_text
from rules.dice import DieSource
from rules.play.actions import ActionReport
from rules.play.command import Command

GOOD = "#2e7d32"
BAD = "#c62828"


@dataclass(frozen=True, slots=True)
class RollSpec:
    """One roll the action needs: `key` names it for the command builder, `sides` the die."""

    key: str
    label: str
    sides: int = 20


#: Builds the command from the dice (by `RollSpec.key`).
Builder = Callable[[dict[str, int]], Command]


class ActionResultDialog(QDialog):
    def __init__(
        self,
        doc: Document,
        title: str,
        rolls: Sequence[RollSpec],
        build: Builder,
        rng: DieSource | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("actionResultDialog")
        self.setWindowTitle(title)
        self.doc = doc
        self.build = build
        self.rng: DieSource = rng if rng is not None else app_dice()
        self.report: ActionReport | None = None
        self.refusal: str | None = None
        self.spins: dict[str, QSpinBox] = {}
        self.rolls = tuple(rolls)

        self.heading = QLabel(f"<b>{title}</b>")
        form = QFormLayout()
        for spec in self.rolls:
            spin = QSpinBox()
            spin.setRange(0, spec.sides)
            spin.setSpecialValueText(self.tr("roll"))
            spin.setToolTip(
                self.tr("0: the app rolls the d{sides}; or type the die you rolled").format(sides=spec.sides)
            )
            self.spins[spec.key] = spin
            form.addRow(spec.label, spin)
        self.resolve_button = QPushButton(self.tr("Resolve"))
        self.resolve_button.setDefault(True)
        self.resolve_button.clicked.connect(self.resolve)
        self.result_label = QLabel("")
        self.result_label.setObjectName("actionResult")
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        self.result_label.setWordWrap(True)
        self.result_label.setMinimumWidth(420)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.addButton(self.resolve_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addWidget(self.result_label)
        layout.addStretch(1)
        layout.addWidget(buttons)

    def set_die(self, key: str, value: int) -> None:
        """Type a die (0: the app rolls it)."""
        self.spins[key].setValue(value)

    def dice(self) -> dict[str, int]:
        """The dice for the command: typed ones as they are, the others rolled now."""
        out: dict[str, int] = {}
        for spec in self.rolls:
            typed = self.spins[spec.key].value()
            out[spec.key] = typed if typed else self.rng.randint(1, spec.sides)
        return out

    def resolve(self) -> ActionReport | None:
        """Execute the action once with the dice; show its report (or why it was refused)."""
        if self.report is not None:
            return self.report
        dice = self.dice()
        command = self.build(dice)
        before = self.doc.last_refusal if hasattr(self.doc, "last_refusal") else None
        entry = self.doc.execute(command)
        if entry is None:
            self.refusal = getattr(self.doc, "last_refusal", None) or before or "refused"
            why = _esc(engine_text(self.refusal, self.doc.scene.system))
            html = f"<span style='color:{BAD}'>✗ {why}</span>"
            self.result_label.setText(html)
            return None
        detail = entry.detail
        if isinstance(detail, ActionReport):
            self.report = detail
            self.result_label.setText(report_html(detail, self.doc.scene.system))
        else:
            shown = engine_text(entry.log, self.doc.scene.system)
            self.result_label.setText("<br>".join(_esc(line) for line in shown.splitlines()))
        for spin in self.spins.values():
            spin.setEnabled(False)
        self.resolve_button.setEnabled(False)
        self.adjustSize()  # the result's lines show whole
        return self.report


def report_html(report: ActionReport, system: str = "") -> str:
    """The report as the dialog shows it in the app's language (`system`'s words): the rows, the result in
    colour, the effects."""

    def words(text: str) -> str:
        return _esc(engine_text(text, system))

    colour = GOOD if report.success else BAD
    rows = "".join(f"<tr><td>{words(r)}</td></tr>" for r in report.rows)
    effects = "".join(f"<li>{words(e)}</li>" for e in report.effects)
    result = engine_text(report.result, system)
    result = result.capitalize() if result == report.result else result
    return (
        f"<table cellspacing='2'>{rows}</table>"
        f"<p style='font-size:14pt; color:{colour}'><b>{_esc(result)}</b></p>"
        f"<ul style='margin-left:-20px'>{effects}</ul>"
    )


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
