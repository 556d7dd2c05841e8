"""Keeping one's footing (PF2e narrow surfaces and uneven ground, `rules.play.footing`): after a step the
app executes that hit a creature standing on one, or that it failed a save in (`Outcome.follow_ups`, the
history entry's `follow_ups`: `rules.play.footing.footing_checks`), its Reflex save against the square's
Balance DC is asked for in the action dialog — the d20 typed (a player rolling their own dice) or rolled,
asking the player when the creature's player rolls their own (`desktop.dice.ask_or_roll`) — and executed as
one `KeepFooting`; the dialog shows the result (kept, or the fall and its damage)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from desktop.dice import ask_or_roll
from desktop.window.action_menu import open_action_dialog
from rules.play.footing import FootingCheck, KeepFooting, footing_checks
from rules.play.history import Entry

if TYPE_CHECKING:
    from desktop.dialogs.action_result_dialog import ActionResultDialog

# The GM window (`desktop.window.main_window.MainWindow`), named by its role (importing it would be a cycle).
MainWindow = Any


class FootingPrompts(QObject):
    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.doc = win.doc
        # the last Reflex save asked for (its dialog)
        self.dialog: ActionResultDialog | None = None
        self.doc.executed.connect(self._after_step)

    @classmethod
    def install(cls, win: MainWindow) -> FootingPrompts:
        return cls(win)

    def _after_step(self, entry: Entry) -> None:
        """A step was executed: ask for the saves to keep footing it calls for."""
        for check in footing_checks(entry.after, entry.follow_ups):
            self.ask(check)

    def ask(self, check: FootingCheck) -> ActionResultDialog:
        """The action dialog for `check`'s Reflex save (`KeepFooting`)."""
        from desktop.dialogs.action_result_dialog import RollSpec  # read when first opened

        scene = self.doc.scene
        token = scene.token(check.token_id)
        who = token.label if token is not None else check.token_id
        where = self.tr("a narrow surface") if check.square.kind == "narrow" else self.tr("uneven ground")
        title = self.tr("{who}: keep its footing on {where}? (Reflex DC {dc})").format(
            who=who, where=where, dc=check.square.dc
        )
        rolls = [RollSpec("d20", self.tr("Reflex save d20"))]
        dice = ask_or_roll(scene, check.token_id, self.tr("the Reflex save"), self.win.table.dice, self.win)

        def build(rolled: dict[str, int]) -> KeepFooting:
            return KeepFooting(check.token_id, rolled["d20"], rng=dice)

        self.dialog = open_action_dialog(self.doc, title, rolls, build, dice, self.win)
        return self.dialog
