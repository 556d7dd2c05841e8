"""D&D 5e's turn economy (`rules.systems.economy.TurnEconomy`), 2014 PHB "Combat" and 2024 PHB "Playing the
Game".

* **What a turn gives** (2014 l.14 「自分の移動速度に等しい距離までの移動と、1回のアクション」; 2024 l.493):
  movement equal to the Speed and one action; one bonus action (l.19, 2024 l.382), usable only for what
  grants one; one reaction, back at the start of the creature's turn (l.50, 2024 l.386). An incapacitated
  creature gets no action, bonus action or reaction; a grappled or restrained one no movement
  (`rules.systems.dnd5e.system.DnD5e.turn_budget`, speed after exhaustion by
  `rules.systems.effective_stats.effective_speed`).
* **The Attack action** (l.88–90) makes one attack, or `Token.attacks_per_action` with Extra Attack: the
  first attack of a turn takes the action and the rest of its attacks follow (``attacks_left``). A 2014
  grapple or shove replaces one of them (l.130, l.134); Escape is an action.
* **Two-weapon fighting** (l.128; 2024 Light property): after the Attack action was used to attack with a
  light melee weapon, a bonus action makes one attack with a different light melee weapon.
* **Actions** (l.82–100, 2024 l.349–375): Dash (movement grows by the Speed, l.97), Disengage, Dodge,
  Help, Hide, Search, Ready, Use an Object each take the action.
* **Standing up** costs movement equal to half the Speed (round down, l.62); it can't be done with less
  left or a Speed of 0. **Dropping prone** costs nothing (2024 l.521: not with a Speed of 0). Mounting or
  dismounting costs half the Speed of movement too (l.196, 2024 l.594).
* **Spells** (the caster's turn): a spell takes its casting time — the action, the bonus action or the
  reaction. 2014 ("Bonus Action" casting time): a creature that casts a spell with its bonus action can cast
  no other spell that turn except a cantrip with a casting time of one action. 2024 ("One Spell with a
  Spell Slot per Turn"): a creature can expend only one spell slot on spells per turn.
* PF2e-only actions (Step, Take Cover, Raise a Shield, Aid's preparing action, Delay, Sneak…) are refused in
  words.

Movement (`FeetBudget`): feet add to the movement already spent this turn; up to the turn's movement is a
move (band 1 within the Speed), beyond it up to one more Speed needs the Dash while the action is unused
(band 2); farther is not possible. Other speeds (fly, swim, climb, burrow) work the same way from their own
Speed, counting the movement already spent (l.56: "subtract the distance already moved from the new
speed").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.messages import Message, msg, nmsg
from rules.model.scene import Attack, Scene, Token
from rules.model.turn_ledger import TurnLedger
from rules.systems.base import TurnBudget
from rules.systems.economy import Act, FallOutcome, Gauge, MoveBudget, NotAllowed, TurnEnd
from rules.systems.turn_rolls import TurnRolls

#: Acts that take the action.
ACTION_ACTS: frozenset[str] = frozenset(
    {"dash", "disengage", "dodge", "help", "hide", "seek", "ready", "interact", "escape"}
)
#: Acts that cost nothing (the condition only).
FREE_ACTS: frozenset[str] = frozenset({"drop-prone", "squeeze", "unsqueeze"})
#: Acts that cost half the Speed of movement.
HALF_SPEED_ACTS: frozenset[str] = frozenset({"stand", "mount", "dismount"})
#: PF2e acts, refused with the 5e way to do it.
NOT_5E: dict[str, str] = {
    "step": "Step is a PF2e action; in 5e Disengage, or move",
    "crawl": "Crawl is a PF2e action; in 5e a prone creature crawls as part of its movement",
    "take-cover": "Take Cover is a PF2e action; in 5e cover comes from where the creature stands",
    "raise-shield": "Raise a Shield is a PF2e action; a 5e shield's bonus is always in its AC",
    "prepare-aid": "Aid is a PF2e reaction; in 5e use the Help action",
    "delay": "Delay is a PF2e action; in 5e a creature Readies an action instead",
    "sneak": "Sneak is a PF2e action; a hidden 5e creature simply moves",
    "point-out": "Point Out is a PF2e action",
    "sustain": "Sustain is a PF2e action; 5e spells need concentration instead",
    "leap": "Leap is a PF2e action; a 5e jump is part of the creature's movement",
    "fly": "Fly is a PF2e action; a 5e flyer flies with its movement",
    "burrow": "Burrow is a PF2e action; a 5e burrower burrows with its movement",
    "skill": "skill actions (Demoralize, Feint, Battle Medicine…) are PF2e actions; in 5e roll an ability "
    "check",
}
CASTING_TIMES: tuple[str, ...] = ("action", "bonus", "reaction")
#: Feet one "up" or "down" moves (and spends of the movement).
VERTICAL_STEP_FT = 5


def turn_budget(token: Token) -> TurnBudget:
    """An action, a bonus action, a reaction and the creature's speed; nothing if incapacitated (or at
    0 HP); no movement when grappled or restrained."""
    from rules.systems.board import INCAPACITATING_5E

    out = any(token.has_condition(c) for c in INCAPACITATING_5E) or (token.hp is not None and token.hp <= 0)
    if out or token.has_condition("dead"):
        return TurnBudget(0, 0, 0, 0)
    speed = 0 if any(token.has_condition(c) for c in ("grappled", "restrained")) else token.speed
    return TurnBudget(1, 1, 1, speed)


def _light_melee(attack: Attack | None) -> bool:
    return attack is not None and not attack.is_ranged and attack.has("light")


#: The turn economy's refusals (message ids: the English text, see `rules.messages`).
ACTION_USED = (
    "{who} has already used its action this turn: {what} takes the action "
    "(one action a turn, {book}: Combat)."
)
BONUS_ACTION_USED = "{who} has already used its bonus action this turn (one a turn, {book})."
REACTION_USED = (
    "{who} has already used its reaction: it can't take another until the start of its next turn "
    "({book}: Reactions)."
)


def _ft(n: int) -> str:
    return str(msg("{feet} ft", feet=n))


@dataclass(frozen=True, slots=True)
class DnD5eEconomy:
    """See the module docstring; `year` is the edition (2014 or 2024)."""

    year: int = 2014
    move_actions: int = 0
    ready_ends_turn: bool = False
    has_shield_block: bool = False

    @property
    def _name(self) -> str:
        return f"dnd5e-{self.year}"

    @property
    def _book(self) -> str:
        return f"PHB {self.year}"

    def speed(self, token: Token, mode: str = "walk") -> int:
        from rules.systems.effective_stats import effective_speed

        return effective_speed(token, self._name, mode)

    def fresh(self, token: Token) -> TurnLedger:
        budget = turn_budget(token)
        movement = self.speed(token) if budget.movement else 0
        return TurnLedger(
            token.id,
            actions=budget.actions,
            bonus_actions=budget.bonus_actions,
            movement=movement,
            reactions=budget.reactions,
        )

    # ---- spending

    def spend(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        who = token.label
        kind = act.kind
        if kind in NOT_5E:
            raise NotAllowed(f"{msg(NOT_5E[kind])}.")
        if kind in ("strike", "maneuver"):
            return self._attack(ledger, token, act)
        if kind == "offhand":
            return self._offhand(ledger, token, act)
        if kind == "cast":
            return self._cast(ledger, token, act)
        if kind in FREE_ACTS:
            if kind == "drop-prone" and self.year >= 2024 and self.speed(token) <= 0:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} can't drop prone with a Speed of 0 ({book}: Dropping Prone).",
                            who=who,
                            book=self._book,
                        )
                    )
                )
            return ledger.noting(kind)
        if kind in HALF_SPEED_ACTS:
            speed = self.speed(token)
            cost = speed // 2
            left = ledger.movement_left or 0
            what = {"stand": "Standing up", "mount": "Mounting", "dismount": "Dismounting"}[kind]
            if speed <= 0:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} has a Speed of 0: {what} needs movement ({book}).",
                            who=who,
                            what=what.lower(),
                            book=self._book,
                        )
                    )
                )
            if left < cost:
                raise NotAllowed(
                    f"{what} costs half its Speed ({_ft(cost)}) of movement and {who} has {_ft(left)} "
                    f"left ({self._book}: Combat)."
                )
            return replace(ledger, movement_spent=ledger.movement_spent + cost, used=(*ledger.used, kind))
        if kind in ("up", "down"):
            if self.speed(token, "fly") <= 0 and self.speed(token, "climb") <= 0:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} has no fly or climb speed to move up or down ({book}: Flying, Climbing).",
                            who=who,
                            book=self._book,
                        )
                    )
                )
            left = ledger.movement_left or 0
            if left < VERTICAL_STEP_FT:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} has {left} of movement left; moving 5 ft up or down spends 5 ft of it.",
                            who=who,
                            left=_ft(left),
                        )
                    )
                )
            return replace(
                ledger, movement_spent=ledger.movement_spent + VERTICAL_STEP_FT, used=(*ledger.used, "fly")
            )
        if kind in ACTION_ACTS:
            ledger = self._take_action(ledger, token, act)
            if kind == "dash":
                ledger = replace(ledger, movement=(ledger.movement or 0) + self.speed(token))
            return ledger
        if kind in ("stride",):
            return ledger
        raise NotAllowed(str(msg("{what} is not an action of D&D 5e.", what=act.words)))

    def _take_action(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        if ledger.actions <= 0:
            raise NotAllowed(str(msg(ACTION_USED, who=token.label, what=act.words, book=self._book)))
        return replace(
            ledger,
            actions=ledger.actions - 1,
            actions_used=ledger.actions_used + 1,
            attacks_left=0,
            used=(*ledger.used, act.kind),
        )

    def _attack(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        """An attack of the Attack action (or a grapple or shove in place of one)."""
        tags: list[str] = []
        if _light_melee(act.attack) and act.attack is not None:
            tags.append(f"light-melee:{act.attack.name.lower()}")
        if ledger.attacks_left > 0:
            return replace(
                ledger,
                attacks_left=ledger.attacks_left - 1,
                attacks=ledger.attacks + 1,
                used=(*ledger.used, *tags),
            )
        if ledger.actions <= 0:
            per = max(1, token.attacks_per_action)
            if ledger.did("attack-action"):
                why = msg(
                    "{who} has already used its action this turn (its Attack action gave {n} attacks): "
                    "an attack needs the Attack action (one action a turn, {book}: Combat).",
                    who=token.label,
                    n=per,
                    book=self._book,
                )
                if per == 1:
                    why = msg(
                        "{who} has already used its action this turn (its Attack action gave 1 attack): "
                        "an attack needs the Attack action (one action a turn, {book}: Combat).",
                        who=token.label,
                        book=self._book,
                    )
            else:
                why = msg(
                    "{who} has already used its action this turn: an attack needs the Attack action "
                    "(one action a turn, {book}: Combat).",
                    who=token.label,
                    book=self._book,
                )
            raise NotAllowed(str(why))
        per = max(1, token.attacks_per_action)
        return replace(
            ledger,
            actions=ledger.actions - 1,
            actions_used=ledger.actions_used + 1,
            attacks_left=per - 1,
            attacks=ledger.attacks + 1,
            used=(*ledger.used, "attack-action", *tags),
        )

    def _offhand(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        """Two-weapon fighting: a bonus action after the Attack action with a light melee weapon."""
        who = token.label
        rule = (
            f"({self._book}: Two-Weapon Fighting)" if self.year < 2024 else "(PHB 2024: the Light property)"
        )
        weapon = act.attack
        if not _light_melee(weapon) or weapon is None:
            name = weapon.name if weapon is not None else "that weapon"
            raise NotAllowed(f"{name} is not a light melee weapon: two-weapon fighting needs one {rule}.")
        mains = {u.split(":", 1)[1] for u in ledger.used if u.startswith("light-melee:")}
        if not ledger.did("attack-action") or not mains:
            raise NotAllowed(
                f"{who} hasn't taken the Attack action with a light melee weapon this turn: the bonus-action "
                f"attack comes after it {rule}."
            )
        if not (mains - {weapon.name.lower()}):
            raise NotAllowed(
                f"the bonus-action attack is made with a different light melee weapon than {weapon.name} "
                f"{rule}."
            )
        if ledger.bonus_actions <= 0:
            raise NotAllowed(str(msg(BONUS_ACTION_USED, who=who, book=self._book)))
        return replace(
            ledger,
            bonus_actions=ledger.bonus_actions - 1,
            attacks=ledger.attacks + 1,
            used=(*ledger.used, "offhand"),
        )

    def _cast(self, ledger: TurnLedger, token: Token, act: Act) -> TurnLedger:
        """A spell on the caster's turn: its casting time, then the bonus-action rule (2014) or the one
        spell slot a turn (2024)."""
        who = token.label
        time = act.casting_time or "action"
        level = act.spell_level or 0
        name = act.words
        if time not in CASTING_TIMES:
            raise NotAllowed(
                str(
                    msg(
                        "{name} takes {time} to cast: more than a turn in combat ({book}).",
                        name=name,
                        time=time,
                        book=self._book,
                    )
                )
            )
        uses_slot = act.uses_slot if act.uses_slot is not None else level >= 1
        action_cantrip = level == 0 and time == "action"
        if self.year < 2024:
            if ledger.did("bonus-spell") and not action_cantrip:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} cast a spell with its bonus action this turn: it can cast only a cantrip "
                            "with a casting time of one action now (PHB 2014: Bonus Action casting time).",
                            who=who,
                        )
                    )
                )
            if time == "bonus" and ledger.did("other-spell"):
                raise NotAllowed(
                    str(
                        msg(
                            "{who} has cast a spell other than a one-action cantrip this turn: it can't also "
                            "cast a spell with its bonus action (PHB 2014: Bonus Action casting time).",
                            who=who,
                        )
                    )
                )
        elif uses_slot and ledger.did("slot-spell"):
            raise NotAllowed(
                str(
                    msg(
                        "{who} has already expended a spell slot this turn: one spell with a spell slot "
                        "per turn (PHB 2024: Casting Spells).",
                        who=who,
                    )
                )
            )
        if time == "action":
            ledger = self._take_action(ledger, token, act)
        elif time == "bonus":
            if ledger.bonus_actions <= 0:
                raise NotAllowed(
                    str(
                        msg(
                            "{who} has already used its bonus action this turn: {name} takes it ({book}).",
                            who=who,
                            name=name,
                            book=self._book,
                        )
                    )
                )
            ledger = replace(ledger, bonus_actions=ledger.bonus_actions - 1, used=(*ledger.used, "cast"))
        else:
            ledger = self.react(ledger, token, act)
        tags = ["spell"]
        if time == "bonus":
            tags.append("bonus-spell")
        if not action_cantrip:
            tags.append("other-spell")
        if uses_slot:
            tags.append("slot-spell")
        return ledger.noting(*tags)

    def react(self, ledger: TurnLedger, token: Token, act: Act | None = None) -> TurnLedger:
        if ledger.reactions <= 0:
            raise NotAllowed(str(msg(REACTION_USED, who=token.label, book=self._book)))
        return replace(ledger, reactions=ledger.reactions - 1, readied=None)

    # ---- movement

    def budget(self, ledger: TurnLedger | None, token: Token, mode: str = "walk") -> MoveBudget:
        if ledger is None:
            ledger = self.fresh(token)
        walk = self.speed(token)
        speed = walk if mode == "walk" else self.speed(token, mode)
        allowance = ledger.movement or 0
        if mode != "walk" and allowance > 0:
            allowance = speed * (1 + ledger.used.count("dash"))
        return FeetBudget(
            speed, allowance, ledger.movement_spent, ledger.diagonals, dash_possible=ledger.actions > 0
        )

    def moved(
        self, ledger: TurnLedger, token: Token, feet: int, diagonals: int, actions: int, mode: str = "walk"
    ) -> TurnLedger:
        ledger = ledger.moved(feet, diagonals)
        if actions > 0:  # the move took the Dash
            ledger = self.spend(ledger, token, Act("dash"))
        return ledger

    def jump_limit(self, token: Token, ledger: TurnLedger | None, *, high: bool = False) -> int:
        """2014 PHB "Jumping": a long jump covers the Strength score in feet after moving 10 ft on foot this
        turn, half that standing; a high jump 3 + the Strength modifier (half standing). No Strength score
        listed: 10 (an average creature)."""
        from rules.systems.dnd5e.movement_actions import high_jump, long_jump

        strength = token.ability_score("str") or 10
        running = ledger is not None and ledger.movement_spent >= 10
        return high_jump(strength, running=running) if high else long_jump(strength, running=running)

    def jump(self, ledger: TurnLedger, token: Token, feet: int) -> TurnLedger:
        """A jump's feet come out of the movement (l.53: 「君の移動には跳躍…も含まれている」)."""
        left = ledger.movement_left or 0
        if feet > left:
            raise NotAllowed(
                f"{token.label} has {_ft(left)} of movement left: a jump of {_ft(feet)} spends that much."
            )
        return ledger.moved(feet, 0).noting("jump")

    def drag_factor(self, mover: Token, dragged: Token) -> int:
        """2014 l.133 「つかまれているクリーチャーのサイズ分類が君より2段階以上小さいのでない限り、
        君の移動速度は半分になる」 (2024 Grappled: the same)."""
        from rules.geometry.coords import SIZE_RANK

        if not dragged.has_condition("grappled"):
            raise NotAllowed(f"{dragged.label} isn't grappled: only a grappled creature is dragged along.")
        return 1 if SIZE_RANK[mover.size] - SIZE_RANK[dragged.size] >= 2 else 2

    def vertical_cost(self, rise: int) -> int:
        """Flying up or down costs movement foot for foot."""
        return abs(rise)

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
        """Falling: 1d6 bludgeoning per 10 ft fallen (at most 20d6), landing prone unless it avoids all the
        damage (`rules.systems.dnd5e.movement_actions.fall`). 5e has no reaction to a fall."""
        from rules.systems.dnd5e import movement_actions as ma

        if reaction is not None:
            raise NotAllowed("Arrest a Fall and Grab an Edge are PF2e reactions.")
        fell = ma.fall(feet)
        what = f"{fell.formula} bludgeoning" if fell.dice else "no damage (under 10 ft)"
        return FallOutcome(0, fell.formula, fell.dice > 0, f"{token.label} falls {feet} ft: {what}")

    def breath(self, token: Token) -> int:
        """2014 "Suffocating": 1 + Constitution modifier minutes (at least 30 seconds: 5 rounds), then as many
        rounds as its Constitution modifier (at least 1) before it drops to 0 HP; 2024: the minutes only
        (then exhaustion)."""
        con = ((token.ability_score("con") or 10) - 10) // 2
        rounds = max(5, 10 * (1 + con))
        return rounds + (max(1, con) if self.year < 2024 else 0)

    def _air(self, token: Token) -> tuple[Token | None, list[str]]:
        """A round of air lost at the end of its turn; out of air, 2014: 0 HP (dying); 2024: a level of
        exhaustion at the end of each turn."""
        if token.air is None:
            return None, []
        left = max(0, token.air - 1)
        after = replace(token, air=left)
        if left > 0:
            return after, [f"{token.label} has {left} round{'s' if left != 1 else ''} of air left"]
        if self.year >= 2024:
            after = replace(after, exhaustion=min(6, token.exhaustion + 1))
            return after, [
                f"{token.label} is out of breath: it gains a level of exhaustion ({after.exhaustion})"
            ]
        if token.hp is not None and token.hp > 0:
            after = replace(after, hp=0).with_condition("unconscious")
            return after, [f"{token.label} suffocates: it drops to 0 HP"]
        return after, []

    def turn_ends(self, scene: Scene, token: Token, ledger: TurnLedger | None) -> TurnEnd:
        """2024 (l.550): a creature that ends its turn in another creature's space is knocked prone, unless
        it is Tiny or larger than that creature. Holding its breath, it loses a round of air (`_air`)."""
        after, lines = self._air(token)
        end = self._space(scene, token)
        return TurnEnd(end.falls, end.prone, (*lines, *end.lines), after)

    def _space(self, scene: Scene, token: Token) -> TurnEnd:
        if self.year < 2024 or token.size == "tiny" or token.has_condition("prone"):
            return TurnEnd()
        from rules.geometry.coords import SIZE_RANK
        from rules.geometry.spaces import sharing

        for other in sharing(scene, token):
            if SIZE_RANK[token.size] <= SIZE_RANK[other.size]:
                return TurnEnd(
                    prone=True,
                    lines=(f"{token.label} ends its turn in {other.label}'s space: it falls prone",),
                )
        return TurnEnd()

    def drops(self, before: Token, after: Token) -> bool:
        """2014 l.67: a flying creature knocked prone, or whose speed drops to 0, falls — unless it can
        hover (the ``hover`` trait) or is held aloft by magic (the GM's call)."""
        if after.elevation <= 0 or after.speed_of("fly") <= 0 or after.has_trait("hover"):
            return False
        prone = after.has_condition("prone") and not before.has_condition("prone")
        stopped = self.speed(after, "fly") <= 0 < self.speed(before, "fly")
        return prone or stopped

    def delay_effects(self, token: Token, rolls: TurnRolls) -> tuple[Token, tuple[str, ...]]:
        raise NotAllowed(f"{NOT_5E['delay']}.")

    def remaining(self, ledger: TurnLedger | None, token: Token) -> dict[str, int | bool]:
        if ledger is None:
            ledger = self.fresh(token)
        return {
            "action": ledger.actions > 0,
            "bonus_action": ledger.bonus_actions > 0,
            "movement": ledger.movement_left or 0,
            "reaction": ledger.reactions > 0,
        }

    def remaining_text(self, ledger: TurnLedger | None, token: Token) -> str:
        if ledger is None:
            ledger = self.fresh(token)
        parts = [
            str(msg("action ready") if ledger.actions > 0 else msg("action used")),
            str(msg("bonus action ready") if ledger.bonus_actions > 0 else msg("bonus action used")),
            str(msg("{feet} of movement left", feet=_ft(ledger.movement_left or 0))),
            str(msg("reaction ready") if ledger.reactions > 0 else msg("reaction used")),
        ]
        if ledger.attacks_left > 0:
            parts.insert(1, str(nmsg("{n} attack left", "{n} attacks left", n=ledger.attacks_left)))
        return " · ".join(parts)

    def gauges(self, ledger: TurnLedger | None, token: Token) -> tuple[Gauge, ...]:
        """The action, the bonus action, the feet of movement left of the turn's (its Speed, more after a
        Dash: l.14, l.97), the reaction, and — after the first attack of the Attack action — the attacks
        it still has (Extra Attack, l.88–90)."""
        if ledger is None:
            ledger = self.fresh(token)
        movement = ledger.movement or 0
        left = ledger.movement_left or 0
        out = [
            Gauge(
                "action",
                min(1, ledger.actions),
                1,
                msg("action ready") if ledger.actions > 0 else msg("action used"),
            ),
            Gauge(
                "bonus-action",
                min(1, ledger.bonus_actions),
                1,
                msg("bonus action ready") if ledger.bonus_actions > 0 else msg("bonus action used"),
            ),
            Gauge(
                "movement",
                left,
                movement,
                msg("{left} ft of {total} ft movement left", left=left, total=movement),
                note=msg("Dashed") if ledger.did("dash") else None,
            ),
            Gauge(
                "reaction",
                min(1, ledger.reactions),
                1,
                msg("reaction ready") if ledger.reactions > 0 else msg("reaction used"),
            ),
        ]
        if ledger.attacks_left > 0:
            per = max(1, token.attacks_per_action)
            out.append(
                Gauge(
                    "attacks",
                    ledger.attacks_left,
                    per,
                    nmsg(
                        "{n} attack left in the Attack action",
                        "{n} attacks left in the Attack action",
                        n=ledger.attacks_left,
                    ),
                )
            )
        return tuple(out)

    def cost_words(self, act: Act, token: Token) -> Message:
        """The action (`ACTION_ACTS`, an attack: the Attack action, or one of its attacks while some are
        left), the bonus action (two-weapon fighting), half the Speed (standing, mounting), free (dropping
        prone), movement (moving up or down, a Stride); a PF2e-only act ``—``."""
        kind = act.kind
        if kind in NOT_5E:
            return msg("—")
        if kind in ("strike", "maneuver"):
            return msg("Attack action")
        if kind == "offhand":
            return msg("bonus action")
        if kind == "cast":
            time = act.casting_time or "action"
            return {"bonus": msg("bonus action"), "reaction": msg("reaction")}.get(time, msg("action"))
        if kind in FREE_ACTS:
            return msg("free")
        if kind in HALF_SPEED_ACTS:
            return msg("half Speed ({feet} ft)", feet=self.speed(token) // 2)
        if kind in ("up", "down", "stride"):
            return msg("movement")
        if kind in ACTION_ACTS:
            return msg("action")
        return msg("—")


ECONOMY_2014 = DnD5eEconomy(2014)
ECONOMY_2024 = DnD5eEconomy(2024)


# ------------------------------------------------------------------------------------------- movement


@dataclass(frozen=True, slots=True)
class FeetBudget:
    """5e movement: `allowance` feet this turn (the Speed, more after a Dash), `feet_spent` of them spent,
    and one more `speed` with the Dash while `dash_possible` (the action unused); `cap` 0 forbids the Dash
    for one move (the query command's ``move`` step)."""

    speed: int
    allowance: int
    feet_spent: int = 0
    diagonals: int = 0
    dash_possible: bool = True
    cap: int | None = None

    @property
    def can_dash(self) -> bool:
        return self.dash_possible and (self.cap is None or self.cap > 0)

    @property
    def stride_feet(self) -> int | None:
        return None

    @property
    def actions_left(self) -> int:
        return 1 if self.can_dash else 0

    @property
    def used_actions(self) -> int:
        return 0

    @property
    def strides_left(self) -> int:
        return 0

    @property
    def limit(self) -> int:
        """Feet allowed this turn in all (the movement, plus a Dash still possible)."""
        return self.allowance + (self.speed if self.can_dash else 0)

    @property
    def feet_left(self) -> int:
        return max(0, self.limit - self.feet_spent)

    @property
    def move_left(self) -> int:
        return max(0, self.allowance - self.feet_spent)

    @property
    def dashed(self) -> bool:
        return self.allowance > self.speed > 0

    @property
    def crawls_when_prone(self) -> bool:
        return False

    def band_of(self, total: int) -> int:
        """1 within the Speed (and the turn's movement), 2 beyond it within the turn's `limit` (the Dash,
        taken or still possible), else 0."""
        if total <= min(self.speed, self.allowance):
            return 1
        return 2 if total <= self.limit else 0

    def bands(self, steps: Sequence[int]) -> tuple[tuple[int, ...], int]:
        total = self.feet_spent
        out: list[int] = []
        dash = 0
        for price in steps:
            total += price
            band = self.band_of(total)
            out.append(band)
            if band and total > self.allowance and self.can_dash:
                dash = 1
        return tuple(out), dash

    def capped(self, actions: int) -> MoveBudget:
        return replace(self, cap=actions)

    def left_after(self, feet: int, actions: int) -> str:
        spent = self.feet_spent + feet
        if spent <= self.allowance and not self.dashed:
            return str(msg("{feet} of movement left", feet=_ft(self.allowance - spent)))
        if actions or self.dashed:
            allowance = self.allowance + (self.speed if actions else 0)
            return str(msg("{feet} left with Dash", feet=_ft(max(0, allowance - spent))))
        return str(msg("{feet} of movement left", feet=_ft(max(0, self.allowance - spent))))

    def too_far(self, feet: int, actions: int, label: str) -> str:
        if not self.can_dash:
            return str(
                msg(
                    "too far: needs {feet}, {who} has {left} of movement left",
                    feet=_ft(feet),
                    who=label,
                    left=_ft(self.move_left),
                )
            )
        return str(
            msg(
                "too far: needs {feet}, {who} has {left} left even with Dash",
                feet=_ft(feet),
                who=label,
                left=_ft(self.feet_left),
            )
        )

    def move_words(self, bands: Sequence[int], actions: int) -> str:
        return str(msg("Dash") if actions or any(b == 2 for b in bands) else msg("Move"))

    def text(self) -> str:
        if self.dashed:
            return str(
                msg(
                    "{feet} moved (Dashed) · {left} left", feet=_ft(self.feet_spent), left=_ft(self.move_left)
                )
            )
        return str(msg("{feet} moved · {left} left", feet=_ft(self.feet_spent), left=_ft(self.move_left)))
