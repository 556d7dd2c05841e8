"""Casting from the main window: a caster's spell list (the token's context menu, the inspector's
"Spells and abilities…"), the spell tool it starts (`desktop.map.tools.spell_tool`), the saves table the
aimed spell opens (`desktop.dialogs.cast_dialog`) and the template on the Player Screen.

The flow: the spell list asks for a spell at a level → the spell tool aims it on the map, the engine's
targets and reasons shown, and the Player Screen shows the template being aimed → a click (or the last
target) opens the saves table → "Cast" executes one engine command, the template stays on the Player
Screen as cast until the turn changes or another spell is aimed. A spell that targets only its caster (no
area, no targets) goes straight to the saves table.

After any step that damaged a concentrating creature (`rules.play.concentration.concentration_checks`), its
Constitution save is asked for in the action dialog (the d20 typed or rolled; `ConcentrationSave`: a failure
ends the spell).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from desktop.docks.spell_list import SpellListDialog
from desktop.map.tools.spell_tool import SpellAimTool
from desktop.window.action_menu import open_action_dialog
from rules.geometry.areas import AreaSpec
from rules.model.spell import Spell
from rules.model.state import GameState
from rules.play.cast import Cast
from rules.play.concentration import ConcentrationCheck, ConcentrationSave, concentration_checks
from rules.play.projection import Template
from rules.systems import system_for

if TYPE_CHECKING:
    from desktop.dialogs.action_result_dialog import ActionResultDialog
    from desktop.dialogs.cast_dialog import CastDialog

#: The GM window (`desktop.window.main_window.MainWindow`), named by its role: importing it here would make
#: an import cycle (the window installs this feature).
MainWindow = Any


class SpellCasting(QObject):
    def __init__(self, win: MainWindow) -> None:
        super().__init__(win)
        self.win = win
        self.doc = win.doc
        self.tool = SpellAimTool(win.view)
        self.lists: dict[str, SpellListDialog] = {}
        self.cast_dialog: CastDialog | None = None
        self._aimed_spec: AreaSpec | None = None
        self._last_change: tuple[GameState, GameState] | None = None
        #: The last concentration save asked for (its dialog).
        self.concentration_dialog: ActionResultDialog | None = None
        self.doc.logged.connect(lambda _text: self._after_step())
        self.tool.signals.aimed.connect(self.open_cast)
        self.tool.signals.cancelled.connect(self._stopped)
        self.tool.signals.template_changed.connect(self._aiming)
        self.doc.changed.connect(self._on_changed)
        win.inspector.spells_requested.connect(self.open_spell_list)
        menus = win.view.token_menus
        if menus is not None and hasattr(menus, "open_spells"):
            menus.open_spells = self.open_spell_list

    @classmethod
    def install(cls, win: MainWindow) -> SpellCasting:
        return cls(win)

    # ---- the spell list

    def open_spell_list(self, caster_id: str) -> SpellListDialog:
        dialog = self.lists.get(caster_id)
        if dialog is None:
            dialog = SpellListDialog(self.doc, caster_id, self.win, self.win.table.dice)
            dialog.cast_requested.connect(self.aim)
            dialog.finished.connect(lambda _r, cid=caster_id: self.lists.pop(cid, None))
            self.lists[caster_id] = dialog
        dialog.show()
        if QGuiApplication.platformName() != "offscreen":  # (the offscreen platform warns on raise)
            dialog.raise_()
        return dialog

    # ---- aiming

    def aim(self, caster_id: str, spell: Spell, level: int | None) -> None:
        """Start aiming `spell` (or open the saves table at once for a spell on its caster only)."""
        caster = self.doc.scene.token(caster_id)
        if caster is None:
            return
        for dialog in self.lists.values():
            dialog.hide()
        if self.cast_dialog is not None:  # another spell: the open saves table is dropped
            self.cast_dialog.reject()
        self._show_template(None)
        rules = system_for(self.doc.scene).casting
        try:
            form = rules.form(spell, rules.cast_level(spell, level, caster), caster)
        except ValueError as exc:
            self.win.statusBar().showMessage(str(exc), 8000)
            return
        if form.area is None and form.targets == 0:
            self.open_cast(Cast(caster_id, spell, level))
            return
        self.tool.start(caster_id, spell, level)
        self.win.use_tool(self.tool, self.tr("Cast {spell}").format(spell=spell.name), "area")

    def _aiming(self, spec: object) -> None:
        if isinstance(spec, AreaSpec) or spec is None:
            self._aimed_spec = spec
            if self.cast_dialog is None:
                self._show_template(spec, cast=False)

    def _stopped(self) -> None:
        if self.win.view.tool is self.tool:
            self.win.set_tool("select")

    # ---- the saves table

    def open_cast(self, cast: Cast) -> CastDialog:
        from desktop.dialogs.cast_dialog import CastDialog  # read when first opened

        if self.cast_dialog is not None:
            return self.cast_dialog
        self.tool.held = True
        dialog = CastDialog(self.doc, cast, self.win, self.win.table.dice)
        self.cast_dialog = dialog
        spec = self._aimed_spec
        dialog.finished.connect(lambda result: self._cast_finished(dialog, result, spec))
        dialog.show()
        return dialog

    def _cast_finished(self, dialog: CastDialog, result: int, spec: AreaSpec | None) -> None:
        if self.cast_dialog is dialog:
            self.cast_dialog = None
        self.tool.held = False
        cast = dialog.cast_result is not None
        if cast or self.win.view.tool is self.tool:
            self.win.set_tool("select")
        if cast and spec is not None:
            self._show_template(spec, cast=True, label=dialog.cast.spell.name)
        elif not cast:
            self._show_template(None)

    # ---- the Player Screen

    def _show_template(self, spec: AreaSpec | None, *, cast: bool = False, label: str = "") -> None:
        """The template on the Player Screen and the players' table (their browsers)."""
        template: Template | None = None
        if spec is not None:
            name = label or (self.tool.spell.name if self.tool.spell is not None else "")
            template = Template(spec, name, cast)
        self.win.player_screen.player_scene.set_template(template)
        self.win.table_host.host.set_template(template)

    # ---- concentration

    def _after_step(self) -> None:
        """A step was executed (or redone): ask for the concentration saves it calls for."""
        pair, self._last_change = self._last_change, None
        if pair is None:
            return
        for check in concentration_checks(*pair):
            self.ask_concentration(check)

    def ask_concentration(self, check: ConcentrationCheck) -> ActionResultDialog:
        """The action dialog for `check`'s Constitution save (`ConcentrationSave`)."""
        from desktop.dialogs.action_result_dialog import RollSpec  # read when first opened

        token = self.doc.scene.token(check.token_id)
        who = token.label if token is not None else check.token_id
        title = self.tr("{who}: keep concentrating on {spell}? (DC {dc})").format(
            who=who, spell=check.spell, dc=check.dc
        )
        rolls = [RollSpec("d20", self.tr("Constitution save d20"))]

        def build(dice: dict[str, int]) -> ConcentrationSave:
            return ConcentrationSave(check.token_id, check.damage, (dice["d20"],))

        dialog = open_action_dialog(self.doc, title, rolls, build, self.win.table.dice, self.win)
        self.concentration_dialog = dialog
        return dialog

    def _on_changed(self, old: GameState, new: GameState) -> None:
        """A cast template leaves the Player Screen when the turn changes."""
        self._last_change = (old, new)
        was, now = old.encounter, new.encounter
        turn = (was.round, was.current_id) if was is not None else None
        after = (now.round, now.current_id) if now is not None else None
        template = self.win.player_screen.player_scene.template
        if turn != after and template is not None and template.cast:
            self._show_template(None)
