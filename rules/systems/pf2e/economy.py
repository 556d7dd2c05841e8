"""PF2e's turn economy (`rules.systems.economy.TurnEconomy`): three actions and one reaction, every basic
action with its cost (Player Core "Actions", "Basic Actions", "Specialty Basic Actions", 414–419).

* **What a turn gives** (「各ターンの開始時、君はそのラウンドで消費するアクション3つとリアクション1つを回復
  する」, l.426; "Step 1: Start Your Turn", l.1057): 3 actions and 1 reaction; quickened +1 action;
  slowed N and stunned N −N (the larger); none at all when the creature can't act
  (`rules.systems.pf2e.system.Pathfinder2e.turn_budget`).
* **Costs** (`COSTS`): one action each — Stride, Step, Crawl, Stand, Drop Prone, Take Cover, Raise a
  Shield, Hide, Seek, Sneak, Point Out, Interact, Fly, Burrow, Leap, Mount (and dismount), Sustain, the
  preparing action of Aid, Strike and every maneuver; Ready takes two (「“待機” [two-actions]」, l.540);
  Delay is a free action. A spell takes its ``actions``. An act costing more actions than are left is
  refused.
* **The multiple attack penalty** counts every action with the attack trait (Strike, Grapple, Shove,
  Trip, Disarm, Escape): ``attacks`` in the ledger.
* **Delay** (l.508, trigger 「君のターンが開始される」): only before the creature has done anything this turn.
* **Reactions** (one per round, l.1078): spent by `react`. A reaction that Strikes needs one the creature
  lists that makes a Strike (Reactive Strike, the pre-remaster Attack of Opportunity) or a readied Strike.
* 5e-only actions (Dash, Disengage, Dodge, Help, two-weapon fighting) are refused in words.

Movement: each Stride is an action and moves up to the Speed (`StrideBudget`, the planner's budget): the
steps of a move are grouped greedily into Strides (a step that would take the current Stride past the
Speed begins the next; its unused feet are lost). A prone creature can only Crawl.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.messages import Message, msg, nmsg
from rules.model.scene import CANNOT_ACT, Scene, Token
from rules.model.turn_ledger import TurnLedger
from rules.systems.base import TurnBudget
from rules.systems.economy import Act, FallOutcome, Gauge, MoveBudget, NotAllowed, TurnEnd
from rules.systems.turn_rolls import TurnRolls

#: Actions each act takes (an act not listed is not a PF2e action: see `NOT_PF2E`).
COSTS: dict[str, int] = {
    "strike": 1,
    "maneuver": 1,
    "escape": 1,
    "stride": 1,
    "step": 1,
    "crawl": 1,
    "stand": 1,
    "drop-prone": 1,
    "take-cover": 1,
    "raise-shield": 1,
    "hide": 1,
    "seek": 1,
    "sneak": 1,
    "point-out": 1,
    "interact": 1,
    "fly": 1,
    "burrow": 1,
    "leap": 1,
    "mount": 1,
    "dismount": 1,
    "sustain": 1,
    "prepare-aid": 1,
    "ready": 2,
    "delay": 0,
    "cast": 2,
    "up": 1,
    "down": 1,
    "skill": 1,
}
#: Acts that have the attack trait (they count toward the multiple attack penalty).
ATTACK_TRAIT: frozenset[str] = frozenset({"strike", "escape"})
#: D&D 5e acts, refused with the PF2e way to do it.
#: The turn economy's refusals (message ids: the English text, see `rules.messages`).
ALREADY_ACTED = (
    "{who} has already acted this turn: Delay is a free action whose trigger is “your turn begins” "
    "(Player Core 416)."
)
LONGER_THAN_A_TURN = "{what} takes {cost}: more than a turn has (Player Core 414)."
NOT_ENOUGH_ACTIONS = "{who} has {left} left and {what} takes {cost} (3 actions a turn, Player Core 414)."
NO_FLY_OR_CLIMB = (
    "{who} has no fly or climb Speed: moving up or down needs Fly (a fly Speed, Player Core 419) or Climb."
)
REACTION_USED = (
    "{who} has already used its reaction: one reaction a round, regained as its turn begins "
    "(Player Core 436)."
)
NO_STRIKING_REACTION = (
    "{who} has no reaction that makes a Strike (such as Reactive Strike) and no readied Strike."
)

NOT_PF2E: dict[str, str] = {
    "offhand": "two-weapon fighting is a D&D 5e rule; in PF2e each Strike is an action with its own "
    "multiple attack penalty",
    "dash": "Dash is a D&D 5e action; in PF2e each Stride is an action",
    "disengage": "Disengage is a D&D 5e action; in PF2e a Step moves 5 ft without triggering reactions",
    "dodge": "Dodge is a D&D 5e action; in PF2e Raise a Shield or Take Cover",
    "help": "Help is a D&D 5e action; in PF2e prepare to Aid, then Aid as a reaction",
    "squeeze": "squeezing as an action is a D&D 5e rule",
    "unsqueeze": "squeezing as an action is a D&D 5e rule",
}
#: No actions at all (stunned takes its value in actions instead, `turn_budget`).
CAN_T_ACT = CANNOT_ACT - {"stunned", "incapacitated"}

#: The log line of a creature out of air at the end of its turn (Player Core 423).
SUFFOCATES = "{name} suffocates: a DC 20 Fortitude save (failure 1d10, critical failure death)"


def turn_budget(token: Token) -> TurnBudget:
    """What a turn gives (l.426, l.1057): 3 actions and 1 reaction; quickened +1, slowed N / stunned N −N
    (the larger); nothing when the creature can't act."""
    if any(token.has_condition(c) for c in CAN_T_ACT):
        return TurnBudget(0, 0, 0, None)
    actions = 3 + (1 if token.has_condition("quickened") else 0)
    actions -= max(token.condition_value("slowed"), token.condition_value("stunned"))
    return TurnBudget(max(0, actions), 1, 0, None)


#: Names of reactions that make a Strike (lower case, matched inside the names the creature lists).
STRIKING_REACTIONS: tuple[str, ...] = ("reactive strike", "attack of opportunity", "strike")
TURN_ACTIONS = 3


def _plural(n: int, word: str = "action") -> str:
    """``1 action`` / ``2 actions`` (or Strides), as a message the catalogue translates."""
    if word == "Stride":
        return str(nmsg("{n} Stride", "{n} Strides", n=n))
    return str(nmsg("{n} action", "{n} actions", n=n))


def strikes_as_reaction(token: Token) -> bool:
    """The creature lists a reaction that makes a Strike (Reactive Strike, Attack of Opportunity…)."""
    from rules.systems.reactions import reaction_names

    names = [n.lower() for n in reaction_names(token)]
    return any(any(key in n for key in STRIKING_REACTIONS) for n in names)


@dataclass(frozen=True, slots=True)
class Pf2eEconomy:
    """See the module docstring."""

    move_actions: int = 1
    ready_ends_turn: bool = True
    has_shield_block: bool = True

    def fresh(self, token: Token) -> TurnLedger:
        budget = turn_budget(token)
        return TurnLedger(token.id, actions=budget.actions, reactions=budget.reactions)

    def cost(self, act: Act) -> int:
        if act.kind in NOT_PF2E:
            raise NotAllowed(f"{msg(NOT_PF2E[act.kind])}.")
        if act.actions is not None:
            return act.actions
        return COSTS[act.kind]

    def spend(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        cost = self.cost(act)
        who = token.label
        if act.kind == "delay":
            if ledger.acted:
                raise NotAllowed(str(msg(ALREADY_ACTED, who=who)))
            return ledger.noting("delay")
        if act.kind == "cast" and cost > TURN_ACTIONS:
            raise NotAllowed(str(msg(LONGER_THAN_A_TURN, what=act.words, cost=_plural(cost))))
        if cost > ledger.actions:
            raise NotAllowed(
                str(
                    msg(
                        NOT_ENOUGH_ACTIONS,
                        who=who,
                        left=_plural(ledger.actions),
                        what=act.words,
                        cost=_plural(cost),
                    )
                )
            )
        attack = act.attack_trait or act.kind in ATTACK_TRAIT
        if act.kind in ("up", "down"):
            if token.speed_of("fly") <= 0 and token.speed_of("climb") <= 0:
                raise NotAllowed(str(msg(NO_FLY_OR_CLIMB, who=who)))
            act = replace(act, kind="fly" if token.speed_of("fly") > 0 else "climb")
        return replace(
            ledger,
            actions=ledger.actions - cost,
            actions_used=ledger.actions_used + cost,
            attacks=ledger.attacks + (1 if attack else 0),
            used=(*ledger.used, act.kind),
        )

    def react(self, ledger: TurnLedger, token: Token, act: Act | None = None) -> TurnLedger:
        who = token.label
        if ledger.reactions <= 0:
            raise NotAllowed(str(msg(REACTION_USED, who=who)))
        readied = ledger.readied
        if act is not None and act.kind == "strike" and readied is None and not strikes_as_reaction(token):
            raise NotAllowed(str(msg(NO_STRIKING_REACTION, who=who)))
        return replace(ledger, reactions=ledger.reactions - 1, readied=None)

    def budget(self, ledger: TurnLedger | None, token: Token, mode: str = "walk") -> MoveBudget:
        from rules.systems.effective_stats import effective_speed

        if ledger is None:
            ledger = self.fresh(token)
        speed = effective_speed(token, "pf2e", mode)
        return StrideBudget(
            speed, ledger.movement_spent, ledger.diagonals, max(0, ledger.actions), used=ledger.actions_used
        )

    def moved(
        self, ledger: TurnLedger, token: Token, feet: int, diagonals: int, actions: int, mode: str = "walk"
    ) -> TurnLedger:
        kind = {"fly": "fly", "burrow": "burrow", "swim": "swim", "climb": "climb"}.get(mode, "stride")
        return replace(
            ledger.moved(feet, diagonals),
            actions=max(0, ledger.actions - actions),
            actions_used=ledger.actions_used + actions,
            used=(*ledger.used, *((kind,) * actions)),
        )

    def jump_limit(self, token: Token, ledger: TurnLedger | None, *, high: bool = False) -> int:
        """Leap (Player Core 417): horizontally 10 ft with a Speed of 15 ft or more, 15 ft with 30 ft or
        more, not at all below 15 ft; vertically 3 ft up (and 5 ft across)."""
        from rules.systems.effective_stats import effective_speed
        from rules.systems.pf2e.movement_actions import leap

        found = leap(effective_speed(token, "pf2e"), vertical=high)
        if found is None:
            return 0
        return found.up if high else found.across

    def jump(self, ledger: TurnLedger, token: Token, feet: int) -> TurnLedger:
        return self.spend(ledger, token, Act("leap")).moved(feet, 0)

    def drag_factor(self, mover: Token, dragged: Token) -> int:
        raise NotAllowed(
            f"{mover.label} can't drag {dragged.label} along: a PF2e grab holds a creature in place "
            "(Reposition moves it)."
        )

    def vertical_cost(self, rise: int) -> int:
        """Fly (Player Core 419): moving up uses the difficult terrain rules (5 ft more per 5 ft up); 5 ft
        of Speed moves 10 ft down (「5フィート分の移動速度で下方に10フィートまで移動できる」)."""
        if rise >= 0:
            return 2 * rise
        down = -rise
        return 5 * ((down + 9) // 10)

    def fall(
        self,
        token: Token,
        feet: int,
        *,
        reaction: str | None = None,
        degree: str | None = None,
        fallen: int = 0,
        free_hand: bool = True,
    ) -> FallOutcome:
        """Falling (Player Core 421): half the distance as bludgeoning damage (more than 5 ft; at most 750),
        landing prone when hurt. Arrest a Fall (a reaction with a fly Speed, Acrobatics DC 15): on a success
        it falls slowly and takes no damage. Grab an Edge (a reaction after falling `fallen` ft): critical
        success — it holds on, damage as for a fall 30 ft shorter; success with a free hand — 20 ft shorter;
        critical failure — it keeps falling and takes 10 bludgeoning per 20 ft already fallen
        (`rules.systems.pf2e.movement_actions`)."""
        from rules.systems.pf2e import movement_actions as ma

        name = token.label
        plain = ma.fall(feet)
        if reaction == "arrest":
            if token.speed_of("fly") <= 0:
                raise NotAllowed(
                    str(msg("{name} has no fly Speed: Arrest a Fall needs one (Player Core 419).", name=name))
                )
            if ma.arrest_a_fall(token, degree or "failure"):
                return FallOutcome(
                    0,
                    "",
                    False,
                    str(
                        msg("{name} arrests its fall and drifts down {feet} ft unhurt", name=name, feet=feet)
                    ),
                )
        elif reaction == "grab":
            stops, damage = ma.grab_an_edge(fallen, degree or "failure", free_hand=free_hand)
            if stops:
                at = max(0, token.elevation - fallen)
                text = str(msg("{name} grabs an edge after {fallen} ft", name=name, fallen=fallen))
                return FallOutcome(at, str(damage) if damage else "", False, text)
            extra = damage
            total = plain.damage + extra
            text = str(msg("{name} fails to grab an edge and falls {feet} ft", name=name, feet=feet))
            return FallOutcome(0, str(total) if total else "", total > 0, text)
        elif reaction is not None:
            raise NotAllowed(f"{reaction!r} is not a reaction to a fall (arrest, grab).")
        text = str(
            msg(
                "{name} falls {feet} ft: {damage} bludgeoning (half of {counted} ft)",
                name=name,
                feet=feet,
                damage=plain.damage,
                counted=plain.counted,
            )
        )
        return FallOutcome(0, str(plain.damage) if plain.damage else "", plain.prone, text)

    def breath(self, token: Token) -> int:
        """「君は5＋【耐久力】修正値に等しいラウンド数の間、息を止めることができる」 (l.1125; a PF2e
        token's ``abilities`` are attribute modifiers)."""
        return max(1, 5 + (token.ability_score("con") or 0))

    def turn_ends(self, scene: Scene, token: Token, ledger: TurnLedger | None) -> TurnEnd:
        """Fly (Player Core 419): 「ラウンド中に“飛行”アクションを使用しなかった場合、ターン終了時に空中に
        いたなら君は落下する」 — a creature aloft with a fly Speed that used no Fly action this turn falls.
        Holding its breath (l.1125): a round of air is lost at the end of each turn, two when it attacked
        or cast a spell that turn; out of air it falls unconscious and suffocates (a DC 20 Fortitude save at
        the end of each turn: failure 1d10 damage, critical failure death — the GM rolls it)."""
        lines: list[str] = []
        after: Token | None = None
        if token.air is not None:
            busy = ledger is not None and (ledger.attacks > 0 or ledger.did("cast") or ledger.did("spell"))
            left = max(0, token.air - (2 if busy else 1))
            after = replace(token, air=left)
            if left == 0 and not token.has_condition("suffocating"):
                after = after.with_condition("unconscious").with_condition("suffocating")
                lines.append(
                    str(msg("{name} is out of air: it falls unconscious and suffocates", name=token.label))
                )
            elif left == 0:
                lines.append(str(msg(SUFFOCATES, name=token.label)))
            else:
                lines.append(
                    str(
                        nmsg(
                            "{name} has {n} round of air left",
                            "{name} has {n} rounds of air left",
                            n=left,
                            name=token.label,
                        )
                    )
                )
        flew = ledger is not None and ledger.did("fly")
        if token.elevation > 0 and token.speed_of("fly") > 0 and not flew:
            lines.append(str(msg("{name} didn't Fly this turn: it falls", name=token.label)))
            return TurnEnd(falls=True, lines=tuple(lines), token=after)
        return TurnEnd(lines=tuple(lines), token=after)

    def drops(self, before: Token, after: Token) -> bool:
        return False

    def delay_effects(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        """「通常ならターン開始時または終了時に発生する持続ダメージやその他の不利益を与える効果は、君が
        “行動遅延”アクションを使用した時点で発生する」 (l.511): the persistent damage is taken and its flat
        checks rolled now (`rules.systems.pf2e.turn.negative_effects`)."""
        from rules.systems.pf2e import turn as pf2e_turn

        return pf2e_turn.negative_effects(token, rolls)

    def remaining(self, ledger: TurnLedger | None, token: Token) -> dict[str, int | bool]:
        if ledger is None:
            ledger = self.fresh(token)
        return {"actions": ledger.actions, "reaction": ledger.reactions > 0}

    def remaining_text(self, ledger: TurnLedger | None, token: Token) -> str:
        if ledger is None:
            ledger = self.fresh(token)
        reaction = msg("reaction ready") if ledger.reactions > 0 else msg("reaction used")
        return f"{msg('{actions} left', actions=_plural(ledger.actions))} · {reaction}"

    def gauges(self, ledger: TurnLedger | None, token: Token) -> tuple[Gauge, ...]:
        """The actions as pips (the turn's 3, +1 quickened, −N slowed / stunned struck out: l.426), the
        reaction, and the multiple attack penalty the next Strike takes (Player Core 402: −5 / −10, agile
        −4 / −8), counted from the attacks made this turn."""
        from rules.systems.pf2e.strike import multiple_attack_penalty

        if ledger is None:
            ledger = self.fresh(token)
        given = turn_budget(token).actions
        total = max(given, ledger.actions)
        lost = max(0, TURN_ACTIONS - given) if given < TURN_ACTIONS else 0
        notes: list[Message] = []
        if token.has_condition("quickened"):
            notes.append(msg("quickened"))
        for name in ("slowed", "stunned"):
            if token.has_condition(name):
                notes.append(msg("{condition} {value}", condition=name, value=token.condition_value(name)))
        note: Message | None = None
        for extra in notes:
            note = extra if note is None else msg("{first}; {then}", first=note, then=extra)
        number = ledger.next_attack_number
        plain = multiple_attack_penalty(number, False)
        agile = multiple_attack_penalty(number, True)
        plain_v = plain.value if plain is not None else 0
        agile_v = agile.value if agile is not None else 0
        if plain_v:
            map_text = msg(
                "next Strike {plain} (agile {agile})",
                plain=f"{plain_v:+d}".replace("-", "−"),
                agile=f"{agile_v:+d}".replace("-", "−"),
            )
        else:
            map_text = msg("next Strike: no multiple attack penalty")
        return (
            Gauge(
                "actions",
                ledger.actions,
                total,
                nmsg("{n} action left", "{n} actions left", n=ledger.actions),
                lost=lost,
                note=note,
            ),
            Gauge(
                "reaction",
                min(1, ledger.reactions),
                1,
                msg("reaction ready") if ledger.reactions > 0 else msg("reaction used"),
            ),
            Gauge("map", plain_v, agile_v, map_text, note=msg("attack {n} this turn", n=number)),
        )

    def cost_words(self, act: Act, token: Token) -> Message:
        """Its actions (`COSTS`; a spell's own), Delay free; a 5e-only act ``—``."""
        try:
            cost = self.cost(act)
        except NotAllowed:
            return msg("—")
        if cost == 0:
            return msg("free")
        return nmsg("{n} action", "{n} actions", n=cost)


ECONOMY = Pf2eEconomy()


# ------------------------------------------------------------------------------------------- movement


@dataclass(frozen=True, slots=True)
class StrideBudget:
    """PF2e movement: `actions_left` Strides of up to `speed` ft each, numbered after the `used` actions
    of the turn; `cap` limits how many one move may take (the query command's one-Stride move)."""

    speed: int
    feet_spent: int = 0
    diagonals: int = 0
    actions_left: int = TURN_ACTIONS
    used: int = 0
    cap: int | None = None

    @property
    def stride_feet(self) -> int | None:
        return self.speed

    @property
    def used_actions(self) -> int:
        return self.used

    @property
    def strides_left(self) -> int:
        left = max(0, self.actions_left)
        return left if self.cap is None else min(left, self.cap)

    @property
    def feet_left(self) -> int:
        return self.strides_left * self.speed

    @property
    def move_left(self) -> int:
        return self.speed if self.strides_left else 0

    @property
    def dashed(self) -> bool:
        return False

    @property
    def crawls_when_prone(self) -> bool:
        return True

    def bands(self, steps: Sequence[int]) -> tuple[tuple[int, ...], int]:
        """The number in the turn of the Stride that makes each step (see the module docstring): a step in
        a Stride past those left, or dearer than the Speed by itself, gets 0; the actions are the Strides
        the move spans."""
        out: list[int] = []
        first = self.used + 1
        last = self.used + self.strides_left
        stride = first
        acc = 0
        for price in steps:
            if acc + price > self.speed:
                stride += 1
                acc = 0
            acc += price
            ok = price <= self.speed and stride <= last
            out.append(stride if ok else 0)
        used = (stride - first + 1) if steps else 0
        return tuple(out), used

    def band_of(self, total: int) -> int:
        return 1 if total <= self.speed else 0

    def capped(self, actions: int) -> MoveBudget:
        return replace(self, cap=actions)

    def left_after(self, feet: int, actions: int) -> str:
        return str(msg("{actions} left", actions=_plural(max(0, self.actions_left - actions))))

    def too_far(self, feet: int, actions: int, label: str) -> str:
        if self.cap is not None and actions > self.cap and self.actions_left >= actions:
            return str(
                msg("too far for {strides}: it needs {n}", strides=_plural(self.cap, "Stride"), n=actions)
            )
        return str(
            msg(
                "too far: needs {strides}, {who} has {actions} left",
                strides=_plural(actions, "Stride"),
                who=label,
                actions=_plural(self.actions_left),
            )
        )

    def move_words(self, bands: Sequence[int], actions: int) -> str:
        return _plural(actions, "Stride")

    def text(self) -> str:
        return str(
            msg("{feet} ft moved · {actions} left", feet=self.feet_spent, actions=_plural(self.actions_left))
        )
