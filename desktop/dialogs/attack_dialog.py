"""The attack dialog: choose attacker, target and attack; see every modifier with its source; roll with the
app's dice or type what a physical die showed; see the degree (PF2e) or hit/critical (5e); roll damage and
apply it through the target's immunities, weaknesses and resistances.

Everything shown comes from the engine: the breakdown is the attack outcome's typed rows
(`AttackOutcome.groups`, drawn by the one renderer `desktop.widgets.breakdown.BreakdownTree`) — before the
roll the outcome `AttackRoll.preview` answers, after it the one the command resolved —, the distance,
cover and flanking are `rules.play.targeting`'s (the attack's distance, elevation counted), the reroll's
die is `RuleSystem.rerolled`'s and the damage preview is `RuleSystem.damage`'s; the dialog computes
nothing itself. An attack roll is one command
(`AttackRoll`: it counts toward the attacker's multiple attack penalty on its turn), applying damage another
(`DealDamage`); both are undoable and logged. The multiple attack penalty's attack number comes from the
encounter (this turn's attacks) and can be overridden.

The GM's situational input goes into the same command (`rules.play.rolls`): 5e advantage / disadvantage with
its reason, and bonus rows (PF2e: type, label, value, stacked by the PF2e rules; 5e: label and a number or a
die such as ``1d4`` for Bless, rolled with the attack). Every one is listed with its source in the
breakdown. 5e 2014 inspiration is spent for advantage before the roll; a Hero Point (PF2e) or Heroic
Inspiration (2024) rerolls after it (the new roll is kept; the reroll is not another attack).

Multiple attack penalty: the attack number is the attacker's count this turn, read from its turn ledger (in
an encounter; out of one, since its free-mode turn was last ended: "End turn" / "New round";
`rules.model.state.GameState.attack_number`). The GM can pick another. While a roll is shown the box
keeps that roll's number; "New attack" moves it on.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.dice import app_dice, ask_or_roll
from desktop.document import Document
from desktop.i18n import engine_text
from desktop.widgets.breakdown import BreakdownTree
from desktop.widgets.damage_roller import DamageRoller
from rules.attack_damage import typed_damage
from rules.dice import DieSource
from rules.model.scene import Attack, PersistentDamage, Token
from rules.model.state import GameState
from rules.play.command import Refused
from rules.play.explain import signed
from rules.play.rolls import ADVANTAGE_REASONS, SITUATIONAL_TYPES, Situational
from rules.play.table import AttackRoll, DealDamage
from rules.play.targeting import cover_text, flank_text, targeting
from rules.systems import system_for
from rules.systems.base import AttackOutcome, RuleSystem
from rules.systems.damage import DamageEntry
from rules.systems.modifiers import RowGroup
from rules.systems.roll_modes import ADVANTAGE, DISADVANTAGE, Reason

GOOD = "#46d17a"
BAD = "#ff5a4e"
NEUTRAL = "#f0c030"


Shown = AttackOutcome
_NUMBER = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")
_DIE = re.compile(r"^\s*([+-]?)\s*(\d*)\s*d\s*(\d+)\s*$", re.IGNORECASE)


def parse_bonus(text: str) -> tuple[int, int, int] | None:
    """A bonus field: ``2``, ``-1`` → (sign, 0, value); ``1d4``, ``-1d6`` → (sign, count, sides); None
    when it is neither."""
    m = _NUMBER.match(text)
    if m:
        return (-1 if m.group(1) == "-" else 1), 0, int(m.group(2))
    m = _DIE.match(text)
    if m and int(m.group(3)) > 0 and int(m.group(2) or 1) > 0:
        return (-1 if m.group(1) == "-" else 1), int(m.group(2) or 1), int(m.group(3))
    return None


class BonusRow(QWidget):
    """One situational bonus: its type where the system's bonuses are typed (PF2e), label, value (a number
    or a die)."""

    def __init__(self, typed: bool, label: str = "", value: str = "", kind: str = "circumstance") -> None:
        super().__init__()
        self.setObjectName("bonusRow")
        self.typed = typed
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.kind = QComboBox()
        self.kind.setObjectName("bonusType")
        for t in SITUATIONAL_TYPES:
            self.kind.addItem(engine_text(t), t)
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self.kind.setVisible(typed)
        self.label = QLineEdit(label)
        self.label.setObjectName("bonusLabel")
        self.label.setPlaceholderText(self.tr("Aid, cover, bless…") if typed else self.tr("Bless, Bane…"))
        self.value = QLineEdit(value)
        self.value.setObjectName("bonusValue")
        self.value.setMaximumWidth(80)
        self.value.setPlaceholderText("+1" if typed else self.tr("1d4 or 2"))
        self.value.setToolTip(
            self.tr("A number (−2 for a penalty) or a die such as 1d4, rolled with the attack")
        )
        self.remove = QPushButton("✕")
        self.remove.setObjectName("removeBonus")
        self.remove.setToolTip(self.tr("Remove this bonus"))
        self.remove.setMaximumWidth(28)
        lay.addWidget(self.kind)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.value)
        lay.addWidget(self.remove)

    def parsed(self) -> tuple[int, int, int] | None:
        return parse_bonus(self.value.text())

    def kind_name(self) -> str:
        return str(self.kind.currentData()) if self.typed else "untyped"

    def title(self) -> str:
        return self.label.text().strip() or "situational"


class _RollRows(BreakdownTree):
    """The breakdown, asking for seven rows' height: the dialog fits a 720-px screen in Japanese, whose
    words are wider (the rows grow with the dialog, and scroll below that)."""

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), 150)


class AttackDialog(QDialog):
    def __init__(
        self,
        doc: Document,
        attacker_id: str | None = None,
        target_id: str | None = None,
        parent: QWidget | None = None,
        dice: DieSource | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attackDialog")
        self.setWindowTitle(self.tr("Attack"))
        self.setMinimumWidth(620)  # the GM's advantage row in Japanese
        self.doc = doc
        self.dice: DieSource = dice if dice is not None else app_dice()
        self.preview: Shown | None = None
        self.error: str | None = None
        self.rolled: Shown | None = None
        self.rolled_command: AttackRoll | None = None
        self.bonus_rows: list[BonusRow] = []
        self.rolled_for: tuple[str, str, str] | None = None
        self.damage_applied = False
        self._syncing = False

        self.attacker = QComboBox()
        self.attacker.setObjectName("attacker")
        self.target = QComboBox()
        self.target.setObjectName("target")
        self.attack = QComboBox()
        self.attack.setObjectName("attackChoice")
        self.attack_number = QSpinBox()
        self.attack_number.setObjectName("attackNumber")
        self.attack_number.setRange(1, 9)
        self.attack_number.setPrefix(self.tr("attack "))
        self.attack_number.setSuffix(self.tr(" this turn"))
        self.attack_number.setToolTip(
            self.tr(
                "Which attack this is this turn (multiple attack penalty); counted by the initiative tracker"
            )
        )
        self.facts = QLabel()
        self.facts.setObjectName("attackFacts")
        self.facts.setWordWrap(True)
        self.facts.setTextFormat(Qt.TextFormat.RichText)

        self.gm_mode = QComboBox()
        self.gm_mode.setObjectName("gmMode")
        self.gm_mode.addItem(self.tr("No advantage from the GM"), "")
        self.gm_mode.addItem(self.tr("Advantage"), ADVANTAGE)
        self.gm_mode.addItem(self.tr("Disadvantage"), DISADVANTAGE)
        self.gm_mode.setToolTip(
            self.tr("Advantage or disadvantage the GM gives; it joins (and cancels with) the others")
        )
        self.gm_reason = QComboBox()
        self.gm_reason.setObjectName("gmReason")
        self.gm_reason.setEditable(True)
        self.gm_reason.addItems(list(ADVANTAGE_REASONS))
        self.gm_reason.setToolTip(self.tr("Why: shown in the breakdown and the log"))
        self.inspiration = QCheckBox(self.tr("Use inspiration (advantage)"))
        self.inspiration.setObjectName("useInspiration")
        self.inspiration.setToolTip(
            self.tr("5e 2014: spend the attacker's inspiration for advantage on this roll")
        )
        self.add_bonus_button = QPushButton(self.tr("Add bonus"))
        self.add_bonus_button.setObjectName("addBonus")
        self.add_bonus_button.setToolTip(self.tr("A situational bonus or penalty from the GM"))
        self.bonus_box = QVBoxLayout()
        self.bonus_box.setContentsMargins(0, 0, 0, 0)
        self.reroll_button = QPushButton(self.tr("Spend hero point: reroll"))
        self.reroll_button.setObjectName("rerollAttack")

        self.breakdown = _RollRows()
        self.breakdown.setObjectName("attackBreakdown")
        self.breakdown.setMinimumHeight(150)

        self.d20 = QSpinBox()
        self.d20.setObjectName("d20")
        self.d20.setRange(1, 20)
        self.d20.setValue(10)
        self.d20.setPrefix("d20 ")
        self.d20b = QSpinBox()
        self.d20b.setObjectName("d20b")
        self.d20b.setRange(1, 20)
        self.d20b.setValue(10)
        self.d20b.setPrefix(self.tr("second d20 "))
        for box in (self.d20, self.d20b):
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance(self.tr("second d20 ") + "20") + 40)
        self.flat_label = QLabel()
        self.flat_label.setObjectName("flatCheckLabel")
        self.flat_label.setWordWrap(True)
        self.flat_d20 = QSpinBox()
        self.flat_d20.setObjectName("flatD20")
        self.flat_d20.setRange(0, 20)
        self.flat_d20.setSpecialValueText(self.tr("roll"))
        self.flat_d20.setPrefix(self.tr("flat d20 "))
        self.flat_d20.setToolTip(
            self.tr(
                "The flat check's d20 (0: the app rolls it with the attack); below the DC the Strike misses"
            )
        )
        self.roll_button = QPushButton(self.tr("Roll attack"))
        self.roll_button.setObjectName("rollAttack")
        self.roll_button.setDefault(True)
        self.roll_button.setToolTip(self.tr("Roll the d20 with the app's dice"))
        self.typed_button = QPushButton(self.tr("Use typed die"))
        self.typed_button.setObjectName("typedAttack")
        self.typed_button.setToolTip(self.tr("Use the d20 you rolled at the table"))
        self.outcome = QLabel()
        self.outcome.setObjectName("attackOutcome")
        font = QFont()
        font.setPointSize(font.pointSize() + 3)
        font.setBold(True)
        self.outcome.setFont(font)
        self.outcome.setWordWrap(True)

        self.damage = DamageRoller(self.dice, system=doc.scene.system)
        self.damage_preview = QLabel()
        self.damage_preview.setObjectName("damagePreview")
        self.damage_preview.setWordWrap(True)
        self.knock_out = QCheckBox(self.tr("Knock out (1 HP)"))
        self.knock_out.setObjectName("knockOut")
        self.knock_out.setToolTip(
            self.tr(
                "5e 2024: a melee attack that would drop the target to 0 HP leaves it at 1 HP and unconscious"
            )
        )
        self.knock_out.toggled.connect(lambda _on: self._show_damage_preview())
        self.magical = QCheckBox(self.tr("Magical"))
        self.magical.setObjectName("magicalAttack")
        self.magical.setToolTip(
            self.tr(
                "A magical attack (a magic weapon, a spell): it gets past resistance to nonmagical"
                " bludgeoning, piercing and slashing"
            )
        )
        self.magical.toggled.connect(lambda _on: self._show_damage_preview())
        self.apply_button = QPushButton(self.tr("Apply damage"))
        self.apply_button.setObjectName("applyDamage")
        self.apply_button.setToolTip(
            self.tr("Apply the damage to the target through its immunities, weaknesses and resistances")
        )

        who = QFormLayout()
        pair = QHBoxLayout()
        pair.addWidget(self.attacker, 1)
        pair.addWidget(QLabel("→"))
        pair.addWidget(self.target, 1)
        who.addRow(self.tr("Attacker → target"), pair)
        which = QHBoxLayout()
        which.addWidget(self.attack, 1)
        which.addWidget(self.attack_number)
        who.addRow(self.tr("Attack"), which)
        self.facts.setContentsMargins(2, 2, 2, 6)

        sit_box = QGroupBox(self.tr("Situational (GM)"))
        self.situational_box = sit_box
        sit_box.setObjectName("situationalBox")
        sl = QVBoxLayout(sit_box)
        adv_row = QHBoxLayout()
        adv_row.addWidget(self.gm_mode)
        adv_row.addWidget(self.gm_reason, 1)
        adv_row.addWidget(self.inspiration)
        self.adv_row = QWidget()
        self.adv_row.setLayout(adv_row)
        adv_row.setContentsMargins(0, 0, 0, 0)
        # one row for the GM's advantage and the button adding a bonus (the dialog fits a 720-px screen in
        # Japanese, whose words are wider); the bonus rows go under it
        add_row = QHBoxLayout()
        add_row.addWidget(self.adv_row, 1)
        add_row.addWidget(self.add_bonus_button)
        add_row.addStretch(0 if system_for(doc.scene).has_advantage else 1)
        sl.addLayout(add_row)
        sl.addLayout(self.bonus_box)

        roll_box = QGroupBox(self.tr("Attack roll"))
        rl = QVBoxLayout(roll_box)
        rl.addWidget(self.breakdown)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.d20)
        dice_row.addWidget(self.d20b)
        dice_row.addWidget(self.typed_button)
        dice_row.addStretch(1)
        dice_row.addWidget(self.roll_button)
        rl.addLayout(dice_row)
        flat_row = QHBoxLayout()
        flat_row.addWidget(self.flat_label, 1)
        flat_row.addWidget(self.flat_d20)
        self.flat_row = QWidget()
        self.flat_row.setObjectName("flatCheckRow")
        flat_row.setContentsMargins(0, 0, 0, 0)
        self.flat_row.setLayout(flat_row)
        rl.addWidget(self.flat_row)
        out_row = QHBoxLayout()
        out_row.addWidget(self.outcome, 1)
        out_row.addWidget(self.reroll_button)
        rl.addLayout(out_row)

        dmg_box = QGroupBox(self.tr("Damage"))
        dl = QVBoxLayout(dmg_box)
        dl.addWidget(self.damage)
        options = QVBoxLayout()  # beside the preview, not a row of their own
        options.setSpacing(2)
        options.addWidget(self.knock_out)
        options.addWidget(self.magical)
        apply_row = QHBoxLayout()
        apply_row.addWidget(self.damage_preview, 1)
        apply_row.addLayout(options)
        apply_row.addWidget(self.apply_button)
        dl.addLayout(apply_row)
        self.damage_box = dmg_box

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addLayout(who)
        lay.addWidget(self.facts)
        lay.addWidget(sit_box)
        lay.addWidget(roll_box, 1)
        lay.addWidget(dmg_box)
        lay.addWidget(close)

        self._fill_tokens(attacker_id, target_id)
        self.attacker.currentIndexChanged.connect(self._on_attacker)
        self.target.currentIndexChanged.connect(lambda _i: self._on_choice())
        self.attack.currentIndexChanged.connect(lambda _i: self._sync_magical())
        self.attack.currentIndexChanged.connect(lambda _i: self._on_choice())
        self.attack_number.valueChanged.connect(lambda _v: self.refresh())
        self.roll_button.clicked.connect(self.roll_attack)
        self.typed_button.clicked.connect(self.use_typed_die)
        self.reroll_button.clicked.connect(self.reroll)
        self.add_bonus_button.clicked.connect(lambda: self.add_bonus())
        self.gm_mode.currentIndexChanged.connect(lambda _i: self._on_situational())
        self.gm_reason.currentTextChanged.connect(lambda _t: self._on_situational())
        self.inspiration.toggled.connect(lambda _b: self._on_situational())
        self.damage.entries_changed.connect(self._show_damage_preview)
        self.apply_button.clicked.connect(self.apply_damage)
        doc.changed.connect(self._on_doc_changed)
        self._fill_attacks()
        self._sync_attack_number()
        self._sync_magical()
        self.refresh()

    # ---- choices

    def _fill_tokens(self, attacker_id: str | None, target_id: str | None) -> None:
        scene = self.doc.scene
        self._syncing = True
        self.attacker.clear()
        self.target.clear()
        for t in scene.tokens:
            self.attacker.addItem(t.label, t.id)
            self.target.addItem(t.label, t.id)
        if attacker_id is None:
            armed = [t for t in scene.tokens if t.attacks]
            attacker_id = armed[0].id if armed else (scene.tokens[0].id if scene.tokens else None)
        if attacker_id is not None:
            self.attacker.setCurrentIndex(max(0, self.attacker.findData(attacker_id)))
        if target_id is None:
            me = scene.token(str(self.attacker.currentData()))
            foes = [t for t in scene.tokens if me is not None and t.side != me.side]
            target_id = foes[0].id if foes else None
        if target_id is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(target_id)))
        self._syncing = False

    def _fill_attacks(self) -> None:
        self._syncing = True
        keep = self.attack.currentData()
        self.attack.clear()
        t = self.attacker_token()
        for a in t.attacks if t is not None else ():
            kind = self.tr("ranged") if a.is_ranged else self.tr("melee")
            damage = engine_text(a.damage, self.doc.scene.system) if a.damage else self.tr("no damage")
            text = self.tr("{name} ({bonus}, {damage}, {kind})")
            self.attack.addItem(
                text.format(name=a.name, bonus=signed(a.bonus), damage=damage, kind=kind), a.name
            )
        if keep is not None and self.attack.findData(keep) >= 0:
            self.attack.setCurrentIndex(self.attack.findData(keep))
        self._syncing = False

    def attacker_token(self) -> Token | None:
        return self.doc.scene.token(str(self.attacker.currentData()))

    def target_token(self) -> Token | None:
        return self.doc.scene.token(str(self.target.currentData()))

    def chosen_attack(self) -> Attack | None:
        t = self.attacker_token()
        name = self.attack.currentData()
        return t.attack(str(name)) if t is not None and name is not None else None

    def set_attack(self, name: str) -> None:
        self.attack.setCurrentIndex(max(0, self.attack.findData(name)))

    def set_target(self, token_id: str) -> None:
        self.target.setCurrentIndex(max(0, self.target.findData(token_id)))

    def _on_attacker(self) -> None:
        if self._syncing:
            return
        self._fill_attacks()
        self._sync_attack_number()
        self._on_choice()

    def _on_choice(self) -> None:
        if self._syncing:
            return
        self._forget_roll()
        self.refresh()

    def _sync_magical(self) -> None:
        """The magical toggle starts as the chosen attack says (its ``magical``); the GM may change it."""
        attack = self.chosen_attack()
        self.magical.blockSignals(True)
        self.magical.setChecked(attack is not None and attack.magical)
        self.magical.blockSignals(False)

    def _on_doc_changed(self, _old: GameState, _new: GameState) -> None:
        self._sync_attack_number()
        self.refresh()

    def next_attack_number(self) -> int:
        """The attacker's next attack this turn: the encounter's count, or out of an encounter its attacks
        since its free-mode turn last ended (see the module docstring)."""
        t = self.attacker_token()
        if t is None:
            return 1
        return self.doc.state.attack_number(t.id)

    def _sync_attack_number(self) -> None:
        if self.rolled is not None and self.rolled_command is not None:
            n = self.rolled_command.attack_number or 1  # the shown roll's number, not the next one
        else:
            n = self.next_attack_number()
        self.attack_number.blockSignals(True)
        self.attack_number.setValue(n)
        self.attack_number.blockSignals(False)

    def _forget_roll(self) -> None:
        self.rolled = None
        self.rolled_command = None
        self.rolled_for = None
        self.damage_applied = False
        self.outcome.setText("")
        self.damage.set_formula(None)

    # ---- preview

    def _command(self, d20: list[int], *, roll: bool) -> AttackRoll | None:
        """The attack roll of the dialog's choices with `d20`; the GM's die bonuses are rolled with the app's
        dice when `roll` (the preview leaves them out and lists their dice)."""
        attacker, target, attack = self.attacker_token(), self.target_token(), self.chosen_attack()
        if attacker is None or target is None or attack is None:
            return None
        system = system_for(self.doc.scene)
        bonuses = self.situational(roll=roll)
        flat: int | None = None
        if roll and self.preview is not None and system.flat_check_of(self.preview) is not None:
            if not self.flat_d20.value():  # the app rolls the flat check with the attack
                self.flat_d20.setValue(self.dice.randint(1, 20))
            flat = self.flat_d20.value()
        return AttackRoll(
            attacker.id,
            target.id,
            attack.name,
            tuple(d20[: system.attack_d20s]),
            attack_number=self.attack_number.value(),
            bonuses=bonuses if roll else tuple(b for b in bonuses if not b.dice),
            reasons=self.reasons(),
            inspiration=self.inspiration.isChecked() and self.inspiration.isEnabled(),
            flat_d20=flat,
        )

    def _resolve(self, d20: list[int]) -> AttackOutcome:
        """The engine's outcome for the choices before any die is rolled (`AttackRoll.preview`). Raises
        `Refused` saying why there is no attack to roll."""
        attacker, target = self.attacker_token(), self.target_token()
        if attacker is None or target is None:
            raise Refused("choose an attacker and a target")
        if self.chosen_attack() is None:
            raise Refused(f"{attacker.label} has no attacks listed")
        command = self._command(d20, roll=False)
        assert command is not None
        return command.preview(self.doc.state)

    # ---- situational input

    def add_bonus(self, label: str = "", value: str = "", kind: str = "circumstance") -> BonusRow:
        row = BonusRow(system_for(self.doc.scene).uses_degrees, label, value, kind)  # typed bonuses
        self.bonus_rows.append(row)
        self.bonus_box.addWidget(row)
        row.setVisible(True)  # a child added to a shown dialog stays hidden otherwise
        row.label.textChanged.connect(lambda _t: self._on_situational())
        row.value.textChanged.connect(lambda _t: self._on_situational())
        row.kind.currentIndexChanged.connect(lambda _i: self._on_situational())
        row.remove.clicked.connect(lambda: self.remove_bonus(row))
        self._on_situational()
        return row

    def remove_bonus(self, row: BonusRow) -> None:
        if row in self.bonus_rows:
            self.bonus_rows.remove(row)
            row.setParent(None)
            row.deleteLater()
        self._on_situational()

    def situational(self, roll: bool) -> tuple[Situational, ...]:
        """The bonus rows as values; a die row is rolled with the app's dice when `roll`, else it keeps its
        die and the value 0 (the preview lists it apart)."""
        out = []
        for row in self.bonus_rows:
            parsed = row.parsed()
            row.value.setStyleSheet(
                "" if parsed is not None or not row.value.text().strip() else f"color:{BAD}"
            )
            if parsed is None:
                continue
            sign, count, size = parsed
            if count == 0:
                if size:
                    out.append(Situational(row.title(), sign * size, row.kind_name()))
                continue
            dice = f"{'-' if sign < 0 else ''}{count}d{size}"
            rng = self._attacker_dice(row.title()) if roll else self.dice
            value = sign * sum(rng.randint(1, size) for _ in range(count)) if roll else 0
            out.append(Situational(row.title(), value, row.kind_name(), dice=dice))
        return tuple(out)

    def reasons(self) -> tuple[Reason, ...]:
        kind = str(self.gm_mode.currentData() or "")
        if not kind or not system_for(self.doc.scene).has_advantage:
            return ()
        return (Reason(kind, self.gm_reason.currentText().strip() or ADVANTAGE_REASONS[0]),)

    def _on_situational(self) -> None:
        if self._syncing or self.rolled is not None:
            return
        self.refresh()

    def refresh(self) -> None:
        scene = self.doc.scene
        system = system_for(scene)
        one_die = system.attack_d20s == 1
        self.attack_number.setVisible(system.attack_penalty(2, False) != 0)
        attacker = self.attacker_token()
        self.adv_row.setVisible(system.has_advantage)
        self.gm_reason.setEnabled(bool(self.gm_mode.currentData()))
        spend = system.spending
        old_inspiration = spend.advantage is not None
        self.inspiration.setText(engine_text(spend.advantage or "", scene.system))
        self.inspiration.setVisible(old_inspiration)
        self.inspiration.setEnabled(
            attacker is not None and attacker.inspiration and old_inspiration and self.rolled is None
        )
        if not self.inspiration.isEnabled() and self.rolled is None:
            self.inspiration.setChecked(False)
        self._show_reroll(attacker)
        try:
            self.preview = self._resolve([10, 10])
            self.error = None
        except Refused as exc:
            self.preview, self.error = None, engine_text(str(exc), scene.system)
        self._show_facts()
        self._show_flat_check(system)
        mode = self.preview.mode if self.preview is not None else "normal"
        self.d20b.setVisible(not one_die and mode != "normal")
        self.d20.setPrefix("d20 " if one_die or mode == "normal" else self.tr("first d20 "))
        ok = self.preview is not None
        rolled = self.rolled is not None
        self.roll_button.setEnabled(ok or rolled)
        self.typed_button.setEnabled(ok and not rolled)
        self.d20.setEnabled(not rolled)
        self.d20b.setEnabled(not rolled)
        self.situational_box.setEnabled(not rolled)  # the roll used them; "New attack" edits again
        self.situational_box.setToolTip(
            self.tr("Used by the roll shown; start a new attack to change") if rolled else ""
        )
        if rolled:
            self.roll_button.setText(self.tr("New attack"))
            self.roll_button.setToolTip(
                self.tr("Set up the next attack (its multiple attack penalty is shown before rolling)")
            )
        else:
            self.roll_button.setText(self.tr("Roll attack"))
            self.roll_button.setToolTip(self.tr("Roll the d20 with the app's dice"))
        self._show_breakdown(self.rolled if self.rolled is not None else self.preview)
        self._show_damage_preview()

    def _show_facts(self) -> None:
        scene = self.doc.scene
        attacker, target, attack = self.attacker_token(), self.target_token(), self.chosen_attack()
        if attacker is None or target is None or attacker.id == target.id:
            html = f"<span style='color:{BAD}'>{self.error or ''}</span>"
            self.facts.setText(html)
            return
        info = targeting(scene, attacker, target)
        parts = [self.tr("{feet} ft apart").format(feet=info.feet)]
        if attack is not None:
            if attack.range_increment is not None:
                parts.append(self.tr("range increment {feet} ft").format(feet=attack.range_increment))
            elif attack.range is not None:
                normal, far = attack.range
                parts.append(self.tr("range {normal}/{long} ft").format(normal=normal, long=far))
        colour = GOOD if info.cover.degree == "none" else NEUTRAL
        if info.cover.degree in ("blocked", "total"):
            colour = BAD
        cover = engine_text(cover_text(info.cover), scene.system)
        parts.append(f"<span style='color:{colour}'>{cover}</span>")
        if info.flank.flanking and attack is not None and not attack.is_ranged:
            flank = engine_text(flank_text(scene, info.flank), scene.system)
            parts.append(f"<span style='color:{NEUTRAL}'>{flank}</span>")
        text = " · ".join(parts)
        if self.error:
            text += f"<br><span style='color:{BAD}'><b>{self.error}</b></span>"
        self.facts.setText(text)

    def _show_flat_check(self, system: RuleSystem) -> None:
        """The flat check the engine says the attack needs (PF2e: DC 5 concealed, DC 11 hidden), with its
        die (typed, or rolled with the attack)."""
        shown = self.rolled if self.rolled is not None else self.preview
        fc = system.flat_check_of(shown) if shown is not None else None
        self.flat_row.setVisible(fc is not None)
        self.flat_d20.setEnabled(self.rolled is None)
        if fc is None:
            return
        dc, reason = fc
        reason = engine_text(reason, self.doc.scene.system)
        text = self.tr("Flat check first: DC {dc} ({reason})").format(dc=dc, reason=reason)
        words = system.flat_check_words(self.rolled) if self.rolled is not None else None
        if words is not None:
            text = engine_text(words[0].upper() + words[1:], self.doc.scene.system)
        self.flat_label.setText(text)

    def _show_reroll(self, attacker: Token | None) -> None:
        system = system_for(self.doc.scene)
        spend = system.spending
        self.reroll_button.setVisible(spend.reroll is not None)
        text = engine_text(spend.reroll or "", self.doc.scene.system)
        if spend.counts:
            left = attacker.hero_points or 0 if attacker is not None else 0
            text = self.tr("{action} ({n} left)").format(action=text, n=left)
        self.reroll_button.setText(text)
        counter = engine_text(spend.counter, self.doc.scene.system)
        tip = self.tr("Spend {counter}: reroll, and keep the new roll even when worse")
        self.reroll_button.setToolTip(tip.format(counter=counter))
        self.reroll_button.setEnabled(
            self.rolled is not None and attacker is not None and system.can_reroll(attacker)
        )

    def _show_breakdown(self, result: Shown | None) -> None:
        """The engine's typed rows of `result` (the preview, or the roll), and before the roll the GM's die
        bonuses with their dice (they are rolled with the attack)."""
        if result is None:
            self.breakdown.show_groups((), self.doc.scene.system)
            return
        rolled = result is self.rolled
        groups = list(result.groups(rolled))
        if not rolled and groups:
            pending = tuple(b.pending_row("the attack") for b in self.situational(roll=False) if b.dice)
            first = groups[0]
            groups[0] = RowGroup(first.title, first.total, first.rows + pending)
        self.breakdown.show_groups(groups, self.doc.scene.system)

    # ---- rolling

    def _dice(self) -> list[int]:
        return [self.d20.value(), self.d20b.value()]

    def new_attack(self) -> None:
        """Leave the last roll and show the next attack's modifiers."""
        self._forget_roll()
        self.flat_d20.setValue(0)
        self._sync_attack_number()
        self.refresh()

    def roll_attack(self) -> None:
        """Roll with the app's dice (two d20s in 5e, the second used with advantage or disadvantage).
        After a roll the button starts a new attack instead."""
        if self.rolled is not None:
            self.new_attack()
            return
        rng = self._attacker_dice(self.tr("the attack"))
        self.d20.setValue(rng.randint(1, 20))
        if system_for(self.doc.scene).attack_d20s > 1:
            self.d20b.setValue(rng.randint(1, 20) if self.d20b.isVisible() else self.d20.value())
        self.use_typed_die()

    def _attacker_dice(self, what: str) -> DieSource:
        """The attacker's dice: asking the table when its player rolls their own (`ask_or_roll`)."""
        attacker = self.attacker_token()
        return ask_or_roll(self.doc.scene, attacker.id if attacker else None, what, self.dice, self)

    def use_typed_die(self) -> None:
        """Resolve the attack with the d20(s) in the boxes and record it (one undoable command)."""
        system = system_for(self.doc.scene)
        d20 = self._dice()
        if system.attack_d20s > 1 and not self.d20b.isVisible():
            d20 = [d20[0], d20[0]]
        command = self._command(d20, roll=True)
        if command is not None:
            self._execute(command)

    def reroll(self) -> None:
        """Spend a Hero Point (PF2e) or Heroic Inspiration (2024): reroll and keep the new roll; which die is
        rolled again is the rules' (`RuleSystem.rerolled`: with advantage or disadvantage the lower)."""
        old = self.rolled_command
        if old is None or self.rolled is None:
            return
        system = system_for(self.doc.scene)
        new = self._attacker_dice(self.tr("the reroll")).randint(1, 20)
        dice = list(system.rerolled(old.d20, self.rolled.mode, new))
        self.d20.setValue(dice[0])
        if len(dice) > 1:
            self.d20b.setValue(dice[1])
        self._execute(replace(old, d20=tuple(dice), reroll_of=old.d20, inspiration=False))

    def _execute(self, command: AttackRoll) -> None:
        attacker, attack = self.attacker_token(), self.chosen_attack()
        if attacker is None or attack is None:
            return
        scene = self.doc.scene
        system = system_for(scene)
        # the engine resolves the attack once, inside the command; the dialog shows that outcome
        entry = self.doc.execute(command)
        if entry is None:
            refusal = self.doc.last_refusal
            self.error = engine_text(refusal, scene.system) if refusal else refusal
            self._show_facts()
            return
        assert entry.detail is not None
        result = cast(AttackOutcome, entry.detail)  # an `AttackRoll`'s detail
        self.rolled = result
        self.rolled_command = command
        self.rolled_for = (attacker.id, command.target_id, attack.name)
        self._sync_attack_number()
        self.damage_applied = False
        self._show_outcome(result)
        self.damage.dice = ask_or_roll(scene, attacker.id, self.tr("the damage"), self.dice, self)
        formula = typed_damage(scene.system, attack, result.hit, result.critical)
        self.damage.set_formula(formula, minimum_one=system.minimum_damage > 0)
        self.refresh()
        hint = self.sizeHint()
        if self.height() < hint.height() or self.width() < hint.width():  # the outcome's words show whole
            self.resize(max(self.width(), hint.width()), max(self.height(), hint.height()))

    def _show_outcome(self, result: AttackOutcome) -> None:
        word = engine_text(result.word, self.doc.scene.system)
        word = word.capitalize() if word == result.word else word
        text = self.tr("{total} vs AC {ac}: {word}").format(total=result.total, ac=result.ac, word=word)
        if result.natural in (1, 20):
            text += self.tr(" (natural {n})").format(n=result.natural)
        self.outcome.setText(text)
        self.outcome.setStyleSheet(f"color: {GOOD if result.hit else BAD};")

    # ---- damage

    def can_knock_out(self) -> bool:
        """The 2024 knock-out is offered for a melee attack (the engine applies it: `DnD5e.damage`)."""
        attack = self.chosen_attack()
        return system_for(self.doc.scene).melee_knock_out and attack is not None and not attack.is_ranged

    def is_magical(self) -> bool:
        """The damage is from a magical attack (the toggle, set from the attack's ``magical``)."""
        return system_for(self.doc.scene).magical_attacks and self.magical.isChecked()

    def _damage_parts(self) -> tuple[tuple[DamageEntry, ...], tuple[PersistentDamage, ...]]:
        """The damage dealt now and, in PF2e, the persistent damage the hit gives with its dice kept
        (``1d6`` fire, rolled anew at the end of each of the target's turns)."""
        entries = self.damage.entries
        formula = self.damage.formula
        if formula is None:
            return entries, ()
        return system_for(self.doc.scene).split_persistent(formula, entries)

    def _show_damage_preview(self) -> None:
        self.knock_out.setVisible(self.can_knock_out())
        self.magical.setVisible(system_for(self.doc.scene).magical_attacks)
        target = self.target_token()
        entries = self.damage.entries
        if self.rolled is None or not entries or target is None or self.damage_applied:
            if not self.damage_applied:
                self.damage_preview.setText("")
            self.apply_button.setEnabled(False)
            return
        if target.hp is None:
            self.damage_preview.setText(self.tr("{label} has no HP to track").format(label=target.label))
            self.apply_button.setEnabled(False)
            return
        crit = self.rolled.critical
        knock_out = self.can_knock_out() and self.knock_out.isChecked()
        outcome, _after = system_for(self.doc.scene).damage(
            target, self._damage_parts()[0], critical=crit, nonlethal=knock_out, magical=self.is_magical()
        )
        system = self.doc.scene.system
        steps = "; ".join(engine_text(s.explain(), system) for s in outcome.steps)
        text = self.tr("<b>{name}</b>: {steps} → <b>{total}</b> damage, HP {before} → {after}").format(
            name=target.label, steps=steps, total=outcome.total, before=target.hp, after=outcome.hp
        )
        if target.temp_hp or outcome.temp_hp:
            text += self.tr(", temp HP {before} → {after}").format(
                before=target.temp_hp, after=outcome.temp_hp
            )
        text += f" ({engine_text(outcome.state, system)})"
        self.damage_preview.setText(text)
        self.apply_button.setEnabled(True)

    def apply_damage(self) -> None:
        target, attacker, attack = self.target_token(), self.attacker_token(), self.chosen_attack()
        if self.rolled is None or target is None or not self.damage.entries or self.damage_applied:
            return
        crit = self.rolled.critical
        source = f"{attacker.label}'s {attack.name}" if attacker is not None and attack is not None else ""
        now, persistent = self._damage_parts()
        knock_out = self.can_knock_out() and self.knock_out.isChecked()
        self.doc.execute(
            DealDamage(
                target.id,
                now,
                critical=crit,
                nonlethal=knock_out,
                roll=self.damage.roll,
                source=source,
                persistent=persistent,
                magical=self.is_magical(),
            )
        )
        self.damage_applied = True
        after = self.doc.scene.token(target.id)
        if after is not None:
            state = engine_text(system_for(self.doc.scene).state_of(after), self.doc.scene.system)
            if after.temp_hp:
                done = self.tr("Applied: {name} now has {hp} HP + {temp} temp ({state})")
            else:
                done = self.tr("Applied: {name} now has {hp} HP ({state})")
            self.damage_preview.setText(
                done.format(name=after.label, hp=after.hp, temp=after.temp_hp, state=state)
            )
        self.apply_button.setEnabled(False)
