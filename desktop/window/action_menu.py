"""The token context menu's "Actions" submenu: the system's common actions, resolved by the engine.

What a creature can do and what each action does are the rule system's (`RuleSystem.actions`,
`RuleSystem.resolve_action`, in `rules.systems.pf2e.table` and `rules.systems.dnd5e.table`).
`actions_for(scene, token)` and `resolve(scene, token, key, rng)` ask the scene's system;
`add_actions_menu` puts the actions into a `QMenu` and runs each as one undoable command (every changed
token replaced, one log entry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop.dice import app_dice, ask_or_roll
from desktop.i18n import engine_text
from desktop.widgets.menus import runner
from rules.dice import DieSource
from rules.geometry.coords import Cell
from rules.model.scene import Scene, Token
from rules.systems import system_for
from rules.systems.table import ActionResult, ActionSpec

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget

    from desktop.dialogs.action_result_dialog import ActionResultDialog, RollSpec
    from desktop.document import Document
    from rules.play.actions import Maneuver
    from rules.play.command import Command

__all__ = [
    "ActionResult",
    "ActionSpec",
    "actions_for",
    "add_actions_menu",
    "add_skills_menu",
    "open_skill_action",
    "resolve",
    "run_action",
]


def actions_for(scene: Scene, token: Token) -> list[ActionSpec]:
    """The actions the menu offers `token` in `scene`'s system, in menu order."""
    return system_for(scene).actions(token)


def resolve(scene: Scene, token: Token, key: str, rng: DieSource) -> ActionResult:
    """Resolve action `key` for `token` with the scene's system. Raises `ValueError` for an action the
    system doesn't have and `LookupError` (the checks' `MissingStatistic`) for a missing statistic."""
    return system_for(scene).resolve_action(scene, token, key, rng)


# ------------------------------------------------------------------------------------------------- Qt


def run_action(doc: Document, token_id: str, key: str, rng: DieSource) -> ActionResult | None:
    """Execute action `key` for the token as one undoable command (`rules.play.basic_actions.BasicAction`:
    the system resolves it, the turn economy charges its cost) with its log entry. A missing statistic or
    an action the rules refuse (its cost, its requirement) is reported as the reason and changes nothing
    (returns None)."""
    from rules.play.basic_actions import BasicAction

    if doc.scene.token(token_id) is None:
        return None
    entry = doc.execute(BasicAction(token_id, key, rng))
    if entry is None or not isinstance(entry.detail, ActionResult):
        return None
    return entry.detail


def _words(doc: Document, text: str) -> str:
    """Words the engine wrote (an action's name, a DC) in the app's language, in the system's terms."""
    return engine_text(text, doc.scene.system)


def add_actions_menu(
    menu: QMenu,
    doc: Document,
    token_id: str,
    rng: DieSource | None = None,
    parent: QWidget | None = None,
    sneak: Callable[[], None] | None = None,
) -> QMenu | None:
    """Add an "Actions" submenu for the token to `menu` (None when the token is gone): the system's own
    actions, then its maneuvers (each with a submenu of the creatures in reach), Aid / Help and Point Out,
    and Sneak (PF2e, while hidden or undetected: `sneak` arms the next drag). Dice come from `rng`
    (default: the app's dice, `desktop.dice.app_dice`); the action dialogs open on `parent`."""
    token = doc.scene.token(token_id)
    if token is None:
        return None
    # a player who rolls their own dice is asked for the action's dice (desktop.dice.ask_or_roll)
    what = QCoreApplication.translate("ActionMenu", "the action")
    rng = ask_or_roll(doc.scene, token_id, what, rng if rng is not None else app_dice(), parent)
    sub = menu.addMenu(QCoreApplication.translate("ActionMenu", "Actions"))
    for spec in actions_for(doc.scene, token):
        sub.addAction(_words(doc, spec.label), _runner(doc, token_id, spec.key, rng))
    sub.addSeparator()
    add_maneuvers_menu(sub, doc, token_id, None, rng, parent)
    add_skills_menu(sub, doc, token_id, rng, parent)
    add_support_menu(sub, doc, token_id, rng, parent)
    add_mount_menu(sub, doc, token_id)
    hidden = token.has_condition("hidden") or token.has_condition("undetected")
    rules = system_for(doc.scene)
    if rules.has_sneak and hidden and sneak is not None:
        sub.addAction(
            QCoreApplication.translate("ActionMenu", "Sneak (drag up to {feet} ft next)").format(
                feet=rules.sneak_feet(token)
            ),
            sneak,
        )
    return sub


def _runner(doc: Document, token_id: str, key: str, rng: DieSource) -> Callable[[], None]:
    def run() -> None:
        run_action(doc, token_id, key, rng)

    return run


# ----------------------------------------------------------------------- actions on another creature

HELD = ("grabbed", "restrained", "grappled")


def maneuvers_for(scene: Scene, actor: Token) -> list[ActionSpec]:
    """The maneuvers the menu offers `actor`: Escape only while it is held."""
    table = system_for(scene).maneuver_choices
    held = any(actor.has_condition(c) for c in HELD)
    return [ActionSpec(k, label) for k, label in table if k != "escape" or held]


def maneuver_targets(scene: Scene, actor: Token, key: str) -> list[Token]:
    """The creatures the menu offers as targets of maneuver `key`: those within the actor's reach (an
    Escape: within reach of either; Tumble Through: enemies within its Speed), nearest first."""
    from rules.geometry.reach import within_reach
    from rules.systems.board import distance

    out: list[Token] = []
    for other in scene.tokens:
        if other.id == actor.id:
            continue
        if key == "tumble-through":
            ok = other.side != actor.side and distance(scene, actor, other) <= actor.speed
        elif key == "escape":
            ok = within_reach(scene, actor, other, actor.reach) or within_reach(
                scene, other, actor, other.reach
            )
        else:
            ok = within_reach(scene, actor, other, actor.reach)
        if ok:
            out.append(other)
    return sorted(out, key=lambda t: (distance(scene, actor, t), t.label))


def maneuver_rolls(scene: Scene, key: str, actor: str = "Actor", target: str = "Target") -> list[RollSpec]:
    """The dice a maneuver needs: PF2e the actor's d20 (and a Trip's 1d6 in case of a critical success);
    5e 2014 both d20s of the contest; 2024 the target's save (grapple, shove) or the actor's check
    (escape)."""
    from desktop.dialogs.action_result_dialog import RollSpec

    return [
        RollSpec(k, engine_text(words, scene.system), sides)
        for k, words, sides in system_for(scene).maneuver_rolls(key, actor, target)
    ]


def maneuver_command(actor_id: str, target_id: str, key: str, dice: dict[str, int]) -> Maneuver:
    """The play-layer command for maneuver `key` with the dice (by `RollSpec.key`)."""
    from rules.play.actions import Maneuver

    action, shove = ("shove", "prone") if key == "shove-prone" else (key, "push")
    return Maneuver(
        actor_id,
        target_id,
        action,
        d20=(dice["d20"],) if "d20" in dice else (),
        target_d20=(dice["target_d20"],) if "target_d20" in dice else (),
        shove=shove,
        damage_roll=dice.get("damage"),
    )


def open_action_dialog(
    doc: Document,
    title: str,
    rolls: list[RollSpec],
    build: Callable[[dict[str, int]], Command],
    rng: DieSource | None = None,
    parent: QWidget | None = None,
) -> ActionResultDialog:
    """Open the action dialog (non-modal; kept in `OPEN_DIALOGS` until closed): the dice, then the result."""
    from PySide6.QtCore import Qt

    from desktop.dialogs.action_result_dialog import ActionResultDialog

    dialog = ActionResultDialog(doc, title, rolls, build, rng, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    OPEN_DIALOGS.append(dialog)
    dialog.destroyed.connect(lambda *_: OPEN_DIALOGS.remove(dialog) if dialog in OPEN_DIALOGS else None)
    dialog.show()
    return dialog


#: The action dialogs open now (the last is the newest): tests and the screenshot find them here.
OPEN_DIALOGS: list[ActionResultDialog] = []


def open_maneuver(
    doc: Document,
    actor_id: str,
    target_id: str,
    key: str,
    rng: DieSource | None = None,
    parent: QWidget | None = None,
) -> ActionResultDialog | None:
    scene = doc.scene
    actor, target = scene.token(actor_id), scene.token(target_id)
    if actor is None or target is None:
        return None
    rules = system_for(scene)
    table = dict(rules.maneuver_choices)
    what = _words(doc, table.get(key, key))
    title = QCoreApplication.translate("ActionMenu", "{actor}: {maneuver} {target}").format(
        actor=actor.label, maneuver=what, target=target.label
    )
    dc = _maneuver_dc(scene, actor, target, key)
    if dc:
        title += QCoreApplication.translate("ActionMenu", " ({dc})").format(
            dc=_words(doc, dc)
        )  # what it is rolled against, before the roll (issue 23 item 8)

    def build(dice: dict[str, int]) -> Command:
        return maneuver_command(actor_id, target_id, key, dice)

    rolls = maneuver_rolls(scene, key, actor.label, target.label)
    return open_action_dialog(doc, title, rolls, build, rng, parent)


def add_maneuvers_menu(
    menu: QMenu,
    doc: Document,
    actor_id: str,
    target_id: str | None = None,
    rng: DieSource | None = None,
    parent: QWidget | None = None,
    flat: bool = False,
) -> QMenu | None:
    """A "Maneuvers" submenu: with `target_id` (the creature right-clicked while the actor is selected),
    one entry per maneuver on it; without, each maneuver has a submenu of the creatures in reach. `flat`:
    the entries straight into `menu` (the action bar's button)."""
    scene = doc.scene
    actor = scene.token(actor_id)
    if actor is None:
        return None
    target = scene.token(target_id) if target_id is not None else None
    title = (
        QCoreApplication.translate("ActionMenu", "Maneuvers")
        if target is None
        else QCoreApplication.translate("ActionMenu", "Maneuvers by {actor} on {target}").format(
            actor=actor.label, target=target.label
        )
    )
    sub = menu if flat else menu.addMenu(title)
    for spec in maneuvers_for(scene, actor):
        if target is not None:
            dc = _maneuver_dc(scene, actor, target, spec.key)
            sub.addAction(
                f"{_words(doc, spec.label)} {target.label}" + (f" — {_words(doc, dc)}" if dc else ""),
                _maneuver_runner(doc, actor_id, target.id, spec.key, rng, parent),
            )
            continue
        targets = maneuver_targets(scene, actor, spec.key)
        pick = sub.addMenu(_words(doc, spec.label))
        if not targets:
            none = pick.addAction(QCoreApplication.translate("ActionMenu", "(no creature in reach)"))
            none.setEnabled(False)
        for t in targets:
            dc = _maneuver_dc(scene, actor, t, spec.key)
            text = f"{t.label} — {_words(doc, dc)}" if dc else t.label
            pick.addAction(text, _maneuver_runner(doc, actor_id, t.id, spec.key, rng, parent))
    return sub


def _maneuver_dc(scene: Scene, actor: Token, target: Token, key: str) -> str:
    """What the maneuver is rolled against, in the app's language (empty when a statistic is missing)."""
    from desktop.i18n import engine_text

    dc = system_for(scene).maneuver_dc(actor, target, key)
    return "" if dc is None else engine_text(str(dc), scene.system)


def _maneuver_runner(
    doc: Document, actor_id: str, target_id: str, key: str, rng: DieSource | None, parent: QWidget | None
) -> Callable[[], None]:
    def run() -> None:
        open_maneuver(doc, actor_id, target_id, key, rng, parent)

    return run


def add_support_menu(
    menu: QMenu, doc: Document, actor_id: str, rng: DieSource | None = None, parent: QWidget | None = None
) -> None:
    """Aid (PF2e: ally ▸ skill, a check against DC 15) or Help (5e: ally), and Point Out (PF2e: an
    undetected creature), added to `menu`."""
    from rules.play.actions import Help, PointOut

    scene = doc.scene
    actor = scene.token(actor_id)
    if actor is None:
        return
    allies = [t for t in scene.tokens if t.id != actor.id and t.side == actor.side]
    if "aid" in system_for(scene).support_actions:
        from rules.play.actions import PrepareAid

        prepare = menu.addMenu(QCoreApplication.translate("ActionMenu", "Prepare to Aid (1 action)"))
        for ally in allies:
            prepare.addAction(ally.label, runner(doc.execute, PrepareAid(actor_id, ally.id)))
        aid = menu.addMenu(QCoreApplication.translate("ActionMenu", "Aid (reaction, DC 15)"))
        for ally in allies:
            skills = aid.addMenu(ally.label)
            names = [name for name, _v in actor.skills] or ["athletics"]
            for skill in names:
                skills.addAction(
                    _words(doc, skill.capitalize()), _aid_runner(doc, actor.id, ally.id, skill, rng, parent)
                )
        hidden = [t for t in scene.tokens if t.side != actor.side and t.has_condition("undetected")]
        point = menu.addMenu(QCoreApplication.translate("ActionMenu", "Point Out"))
        for t in hidden:
            point.addAction(t.label, runner(doc.execute, PointOut(actor_id, t.id)))
        if not hidden:
            point.addAction(QCoreApplication.translate("ActionMenu", "(no undetected creature)")).setEnabled(
                False
            )
    if "help" in system_for(scene).support_actions:
        helps = menu.addMenu(QCoreApplication.translate("ActionMenu", "Help"))
        for ally in allies:
            helps.addAction(ally.label, runner(doc.execute, Help(actor_id, ally.id)))
    if not allies:
        menu.addAction(QCoreApplication.translate("ActionMenu", "(no ally to help)")).setEnabled(False)


def _aid_runner(
    doc: Document, helper: str, ally: str, skill: str, rng: DieSource | None, parent: QWidget | None
) -> Callable[[], None]:
    from desktop.dialogs.action_result_dialog import RollSpec
    from rules.play.actions import Aid

    def run() -> None:
        h, a = doc.scene.token(helper), doc.scene.token(ally)
        title = QCoreApplication.translate("ActionMenu", "{helper}: Aid {ally} ({skill})").format(
            helper=h.label if h else helper,
            ally=a.label if a else ally,
            skill=_words(doc, skill.capitalize()),
        )
        open_action_dialog(
            doc,
            title,
            [RollSpec("d20", QCoreApplication.translate("ActionMenu", "Helper's d20"))],
            lambda d: Aid(helper, ally, d["d20"], skill),
            rng,
            parent,
        )

    return run


class ActionMenus:
    """The token menu's rule entries for the map's tools (`desktop.map.tools.base.TokenMenus`): this
    module's menus on the window's document, with the app's dice."""

    def __init__(self, doc: Document, rng: DieSource | None = None) -> None:
        self.doc = doc
        self.rng = rng
        #: Opens a creature's spell list (the window's spell casting sets it).
        self.open_spells: Callable[[str], object] | None = None
        #: Add a square's entries to its context menu (the window's hazards set it: Place Hazard Here…).
        self.square_entries: Callable[[QMenu, Cell], None] | None = None

    def add_actions(
        self, menu: QMenu, token_id: str, parent: QWidget | None, sneak: Callable[[], None] | None
    ) -> None:
        add_actions_menu(menu, self.doc, token_id, self.rng, parent, sneak)

    def add_maneuvers(self, menu: QMenu, actor_id: str, target_id: str, parent: QWidget | None) -> None:
        add_maneuvers_menu(menu, self.doc, actor_id, target_id, self.rng, parent)

    def add_spells(self, menu: QMenu, token_id: str) -> None:
        """The "Spells and abilities…" entry of a creature that has any (`desktop.docks.spell_list`)."""
        from PySide6.QtCore import QCoreApplication

        token = self.doc.scene.token(token_id)
        opener = self.open_spells
        if token is None or opener is None or not token.spells:
            return
        text = QCoreApplication.translate("ActionMenus", "Spells and abilities of {who}…").format(
            who=token.label
        )
        act = menu.addAction(text, lambda: opener(token_id))
        act.setObjectName("menuSpells")

    def add_square(self, menu: QMenu, cell: Cell) -> None:
        """The entries of the square under the mouse (a hazard placed on it, Place Hazard Here…)."""
        if self.square_entries is not None:
            self.square_entries(menu, cell)


# ------------------------------------------------------------------------------------ skill actions


def skill_targets(scene: Scene, actor: Token, target_kind: str, range_ft: int | None) -> list[Token]:
    """The creatures the menu offers for a skill action aimed at `target_kind` (``enemy``, ``ally``,
    ``creature``) within `range_ft` (an ally to heal: adjacent, or the actor itself), nearest first. The
    engine still decides (`rules.play.skill_actions.SkillAction` refuses out of range)."""
    from rules.systems.board import distance

    out: list[Token] = []
    for other in scene.tokens:
        if target_kind == "enemy" and (other.id == actor.id or other.side == actor.side):
            continue
        if target_kind == "ally" and other.side != actor.side:
            continue
        if target_kind == "creature" and other.id == actor.id:
            continue
        if range_ft is not None and other.id != actor.id and distance(scene, actor, other) > range_ft:
            continue
        out.append(other)
    return sorted(out, key=lambda t: (distance(scene, actor, t), t.label))


def skill_dc_text(doc: Document, command: object) -> str:
    """The DC the skill action would be rolled against, asked of the engine before the roll (``Will DC
    14``), or the engine's refusal."""
    from rules.play.command import Refused
    from rules.play.skill_actions import SkillAction

    assert isinstance(command, SkillAction)
    try:
        outcome = command.resolved(doc.state)
    except Refused as exc:
        return str(exc)
    return QCoreApplication.translate("SkillActions", "DC {dc}").format(dc=outcome.dc)


def open_skill_action(
    doc: Document,
    actor_id: str,
    key: str,
    target_id: str | None = None,
    *,
    dc: int | None = None,
    skill: str | None = None,
    rng: DieSource | None = None,
    parent: QWidget | None = None,
    free: bool = False,
) -> ActionResultDialog | None:
    """The action dialog for skill action `key` (its title shows the DC, asked of the engine): the d20
    typed or rolled, then the engine's result (`rules.play.skill_actions.SkillAction`)."""
    from desktop.dialogs.action_result_dialog import RollSpec
    from rules.play.skill_actions import SkillAction

    scene = doc.scene
    actor = scene.token(actor_id)
    spec = system_for(scene).skill_action(key)
    if actor is None or spec is None:
        return None
    target = scene.token(target_id) if target_id is not None else None
    dice = rng if rng is not None else app_dice()
    probe = SkillAction(actor_id, key, 10, target_id, dc, skill, dice=dice, free=free)
    what = f"{_words(doc, spec.label)} {target.label}" if target is not None else _words(doc, spec.label)
    title = QCoreApplication.translate("SkillActions", "{actor}: {what} ({dc})").format(
        actor=actor.label, what=what, dc=skill_dc_text(doc, probe)
    )

    def build(d: dict[str, int]) -> Command:
        return SkillAction(actor_id, key, d["d20"], target_id, dc, skill, dice=dice, free=free)

    return open_action_dialog(
        doc, title, [RollSpec("d20", QCoreApplication.translate("SkillActions", "d20"))], build, dice, parent
    )


def add_skills_menu(
    menu: QMenu,
    doc: Document,
    actor_id: str,
    rng: DieSource | None = None,
    parent: QWidget | None = None,
    free: Callable[[], bool] | None = None,
    flat: bool = False,
) -> QMenu | None:
    """A "Skill actions" submenu (`flat`: the entries straight into `menu`, the action bar's button) —
    PF2e Demoralize, Feint, Create a Diversion, Recall Knowledge, Battle Medicine, Treat Wounds — each with
    its cost, then its target (with the DC it would be rolled against) and, for Medicine, the DC the
    healer's proficiency allows; None when the system has none."""
    from rules.play.skill_actions import SkillAction
    from rules.systems.economy import Act

    scene = doc.scene
    actor = scene.token(actor_id)
    rules = system_for(scene)
    if actor is None or not rules.skill_actions:
        return None
    sub = menu if flat else menu.addMenu(QCoreApplication.translate("SkillActions", "Skill actions"))
    sub.setObjectName("skillActionsMenu")
    is_free = free or (lambda: False)
    for spec in rules.skill_actions:
        cost = (
            QCoreApplication.translate("SkillActions", "{n} minutes").format(n=spec.minutes)
            if spec.minutes
            else str(rules.economy.cost_words(Act("skill", actions=spec.actions), actor))
        )
        label = QCoreApplication.translate("SkillActions", "{label} ({cost})").format(
            label=_words(doc, spec.label), cost=_words(doc, cost)
        )
        if spec.target == "enemies":
            entry = sub.addAction(label)
            entry.setObjectName(f"skill-{spec.key}")
            entry.triggered.connect(
                lambda _c=False, k=spec.key: open_skill_action(
                    doc, actor_id, k, rng=rng, parent=parent, free=is_free()
                )
            )
            continue
        pick = sub.addMenu(label)
        pick.setObjectName(f"skill-{spec.key}")
        reach = actor.reach if spec.key == "feint" else spec.range_ft
        targets = skill_targets(scene, actor, spec.target, reach)
        if not targets:
            pick.addAction(QCoreApplication.translate("SkillActions", "(no creature in range)")).setEnabled(
                False
            )
        for t in targets:
            if spec.dc_choices:
                dcs = pick.addMenu(t.label)
                dcs.setObjectName(f"target-{t.id}")
                words = {15: "trained", 20: "expert, +10 HP", 30: "master, +30 HP", 40: "legendary, +50 HP"}
                for dc in spec.dc_choices:
                    entry = dcs.addAction(
                        QCoreApplication.translate("SkillActions", "DC {dc} ({words})").format(
                            dc=dc, words=words.get(dc, "")
                        )
                    )
                    entry.setObjectName(f"dc-{dc}")
                    entry.triggered.connect(
                        lambda _c=False, k=spec.key, tid=t.id, d=dc: open_skill_action(
                            doc, actor_id, k, tid, dc=d, rng=rng, parent=parent, free=is_free()
                        )
                    )
                continue
            if not spec.skill:  # Recall Knowledge: the GM picks the skill
                skills = pick.addMenu(t.label)
                skills.setObjectName(f"target-{t.id}")
                for name, _value in actor.skills or (("society", 0),):
                    probe = SkillAction(actor_id, spec.key, 10, t.id, skill=name)
                    entry = skills.addAction(
                        f"{name.replace('-', ' ').title()} ({skill_dc_text(doc, probe)})"
                    )
                    entry.setObjectName(f"skill-{name}")
                    entry.triggered.connect(
                        lambda _c=False, k=spec.key, tid=t.id, s=name: open_skill_action(
                            doc, actor_id, k, tid, skill=s, rng=rng, parent=parent, free=is_free()
                        )
                    )
                continue
            probe = SkillAction(actor_id, spec.key, 10, t.id)
            entry = pick.addAction(f"{t.label} ({skill_dc_text(doc, probe)})")
            entry.setObjectName(f"target-{t.id}")
            entry.triggered.connect(
                lambda _c=False, k=spec.key, tid=t.id: open_skill_action(
                    doc, actor_id, k, tid, rng=rng, parent=parent, free=is_free()
                )
            )
    return sub


# ---------------------------------------------------------------------------------------------- mounts


def dismount_square(doc: Document, rider_id: str) -> Cell | None:
    """The first square beside the rider's mount the engine lets it dismount onto (None: none)."""
    from rules.play.mounts import Dismount
    from rules.play.turn_hud import command_problem

    rider = doc.scene.token(rider_id)
    mount = doc.scene.token(rider.mounted_on) if rider is not None and rider.mounted_on else None
    if mount is None:
        return None
    n = mount.side_squares
    x0, y0 = mount.cell.x, mount.cell.y
    ring = [Cell(x, y) for y in range(y0 - 1, y0 + n + 1) for x in range(x0 - 1, x0 + n + 1)]
    for c in ring:
        if x0 <= c.x < x0 + n and y0 <= c.y < y0 + n:
            continue
        if command_problem(doc.state, Dismount(rider_id, c)) is None:
            return c
    return None


def add_mount_menu(menu: QMenu, doc: Document, token_id: str) -> None:
    """Mount ▸ the allies beside the creature (the engine decides who can be ridden: `rules.play.mounts`),
    or Dismount onto the first free square beside its mount; each costs what the economy says."""
    from rules.play.mounts import Dismount, Mount
    from rules.systems.board import distance
    from rules.systems.economy import Act

    scene = doc.scene
    token = scene.token(token_id)
    if token is None:
        return
    rules = system_for(scene)
    if token.mounted_on is not None and scene.token(token.mounted_on) is not None:
        cost = str(rules.economy.cost_words(Act("dismount"), token))
        entry = menu.addAction(
            QCoreApplication.translate("SkillActions", "Dismount ({cost})").format(cost=cost)
        )
        entry.setObjectName("dismount")
        to = dismount_square(doc, token_id)
        if to is None:
            entry.setEnabled(False)
            entry.setToolTip(QCoreApplication.translate("SkillActions", "no free square beside the mount"))
        else:
            entry.triggered.connect(lambda _c=False, c=to: doc.execute(Dismount(token_id, c)))
        return
    beside = [
        t
        for t in scene.tokens
        if t.id != token.id
        and t.side == token.side
        and t.mounted_on is None
        and distance(scene, token, t) <= 5
    ]
    if not beside:
        return
    cost = str(rules.economy.cost_words(Act("mount"), token))
    pick = menu.addMenu(QCoreApplication.translate("SkillActions", "Mount ({cost})").format(cost=cost))
    pick.setObjectName("mountMenu")
    for t in beside:
        entry = pick.addAction(t.label)
        entry.setObjectName(f"mount-{t.id}")
        entry.triggered.connect(lambda _c=False, mid=t.id: doc.execute(Mount(token_id, mid)))
