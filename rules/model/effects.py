"""Effects with durations: conditions and other lasting effects on a creature, and when they end.

An `Effect` is something on one creature (`target`): a condition (``frightened`` with value 2,
``stunned``, ``off-guard``) or any named effect (``Bless``, ``Take Cover``), with its `source` and an
`Ends` rule. `tick(effects, moment)` is the pure step the encounter calls at the start and at the end of
each creature's turn; it returns the effects still running and one log line per change.

When an effect ends (`Ends`), from the duration rules (PF2e Player Core 426 "Duration", 435–436 turn
steps; 5e "until the start/end of its next turn", rounds, saves, concentration):

* ``turn`` — at the start or the end of a given creature's turn (`Ends.creature`, `Ends.at`): the
  ``count``-th such moment ends it (``count`` 1: the next one; PF2e 「目標の次の3ターンが経過するまで」 is
  ``count`` 3 at the end of the target's turns). An effect given during that creature's own turn that lasts
  "until the end of its next turn" is ``count`` 2 at ``end`` (the current turn's end counts as the first).
* ``rounds`` — N rounds, counted down at the start of the turn of the creature that created it
  (`Ends.creature`): 「その効果を生み出したクリーチャーの各ターンの開始時に、残りの持続時間が1減少」,
  ending at 0.
  Created on round 1 with 3 rounds, it is 2 at the creator's next turn start, 1 at the one after, and
  ends at the fourth turn start.
* ``save`` — until the target succeeds at a save (`Ends.save` says which); at the end of the target's
  turn `tick` logs a reminder, and the GM ends it with `end`.
* ``sustained`` — PF2e "until the end of your next turn" unless Sustained: at the end of the sustaining
  creature's turn (`Ends.creature`) the effect ends unless it was sustained during that turn
  (`sustain`). A new effect counts as sustained for the turn in which it was created.
* ``hand`` — only when the GM removes it (`end`).

Valued conditions that drop by themselves: `Effect.drops` (``"start"`` or ``"end"``) lowers the value by 1
at that moment of the target's own turn and ends the effect at 0. The systems' own turn rules already
lower PF2e frightened at the end of the creature's turn (`rules.systems.turn.end_of_turn`) on the token,
so a frightened effect needs no `drops`: after the system's rules, `follow_token` sets each effect's value
to the token's and ends the effects whose condition the token lost.

Tokens carry the conditions themselves (``conditions`` in the scene); `conditions_of` is what the effects on
a token give (a condition given twice counts once, at its highest value), and `apply_to_token` brings a
token's conditions in line with a tick: conditions of ended effects are removed (unless another running
effect still gives them) and changed values are written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from rules.messages import msg
from rules.model.scene import Token

START = "start"
END = "end"
MOMENTS: tuple[str, ...] = (START, END)
KINDS: tuple[str, ...] = ("turn", "rounds", "save", "sustained", "hand")

Lines = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ends:
    """When an effect ends (see the module docstring). Build with the class methods."""

    kind: str = "hand"
    creature: str | None = None
    at: str = END
    count: int = 1
    save: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"an effect ends by one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.at not in MOMENTS:
            raise ValueError(f"'at' is 'start' or 'end', not {self.at!r}")
        if self.kind in ("turn", "rounds", "sustained") and not self.creature:
            raise ValueError(f"an effect that ends by {self.kind} needs the creature whose turns count")
        if self.kind in ("turn", "rounds") and self.count < 1:
            raise ValueError(f"{self.kind} count must be 1 or more, got {self.count}")

    @classmethod
    def at_turn(cls, creature: str, at: str = END, count: int = 1) -> Ends:
        """At the start or end of `creature`'s turn (the `count`-th such moment)."""
        return cls("turn", creature, at, count)

    @classmethod
    def after_rounds(cls, rounds: int, creator: str) -> Ends:
        """After `rounds` rounds, counted at the start of `creator`'s turns."""
        return cls("rounds", creator, START, rounds)

    @classmethod
    def on_save(cls, save: str) -> Ends:
        """When the target succeeds at `save` (``Will DC 20``)."""
        return cls("save", save=save)

    @classmethod
    def when_not_sustained(cls, creature: str) -> Ends:
        return cls("sustained", creature)

    @classmethod
    def by_hand(cls) -> Ends:
        return cls()

    def describe(self) -> str:
        if self.kind == "turn":
            which = "next turn" if self.count == 1 else f"{_ordinal(self.count)} turn from now"
            return f"until the {self.at} of {self.creature}'s {which}"
        if self.kind == "rounds":
            return f"{self.count} round{'s' if self.count != 1 else ''} (counted on {self.creature}'s turns)"
        if self.kind == "save":
            return f"until a successful {self.save or 'save'}"
        if self.kind == "sustained":
            return f"while {self.creature} sustains it"
        return "until removed"


@dataclass(frozen=True, slots=True)
class Effect:
    """One lasting effect on `target`. `condition`: `name` is a condition the effect gives the token
    (with `value` for valued ones); otherwise it is a named effect with no condition of its own."""

    id: str
    target: str
    name: str
    value: int | None = None
    ends: Ends = Ends()
    source: str = ""
    drops: str | None = None
    condition: bool = True
    sustained: bool = True

    def __post_init__(self) -> None:
        if self.drops is not None and self.drops not in MOMENTS:
            raise ValueError(f"'drops' is 'start', 'end' or None, not {self.drops!r}")
        if self.value is not None and self.value < 1:
            raise ValueError(f"{self.name}: a condition value is 1 or more, got {self.value}")

    @property
    def text(self) -> str:
        """``frightened 2`` / ``stunned`` / ``Bless``."""
        return self.name if self.value is None else f"{self.name} {self.value}"

    def describe(self) -> str:
        src = f" from {self.source}" if self.source else ""
        return f"{self.text} on {self.target}{src}, {self.ends.describe()}"


@dataclass(frozen=True, slots=True)
class TurnMoment:
    """The start or end of `creature`'s turn."""

    creature: str
    at: str

    def __post_init__(self) -> None:
        if self.at not in MOMENTS:
            raise ValueError(f"a turn moment is 'start' or 'end', not {self.at!r}")


def _ended(e: Effect, why: str) -> str:
    return f"{e.text} on {e.target} ends ({why})"


def _tick_one(e: Effect, moment: TurnMoment) -> tuple[Effect | None, list[str]]:
    lines: list[str] = []
    ends = e.ends
    own = moment.creature == e.target
    # A valued condition that drops by itself, at its target's own turn.
    if e.drops == moment.at and own and e.value is not None:
        if e.value <= 1:
            return None, [_ended(e, f"it drops to 0 at the {moment.at} of {e.target}'s turn")]
        lines.append(
            str(
                msg(
                    "{name}: {condition} {n} → {m}", name=e.target, condition=e.name, n=e.value, m=e.value - 1
                )
            )
        )
        e = replace(e, value=e.value - 1)
    on_turn = moment.creature == ends.creature
    if ends.kind == "turn" and on_turn and moment.at == ends.at:
        if ends.count <= 1:
            return None, [*lines, _ended(e, f"{ends.at} of {moment.creature}'s turn")]
        e = replace(e, ends=replace(ends, count=ends.count - 1))
    elif ends.kind == "rounds" and on_turn and moment.at == START:
        left = ends.count - 1
        if left <= 0:
            return None, [*lines, _ended(e, "its duration ran out")]
        e = replace(e, ends=replace(ends, count=left))
        lines.append(f"{e.text} on {e.target}: {left} round{'s' if left != 1 else ''} left")
    elif ends.kind == "sustained" and on_turn and moment.at == END:
        if not e.sustained:
            return None, [*lines, _ended(e, f"{moment.creature} didn't sustain it")]
        e = replace(e, sustained=False)
    elif ends.kind == "save" and own and moment.at == END:
        lines.append(f"{e.target} may attempt {ends.save or 'a save'} against {e.text} (a success ends it)")
    return e, lines


def tick(effects: Sequence[Effect], moment: TurnMoment) -> tuple[tuple[Effect, ...], Lines]:
    """The effects after `moment` (the start or end of one creature's turn) and the log lines; effects
    that end are left out (see the module docstring for each kind)."""
    kept: list[Effect] = []
    lines: list[str] = []
    for e in effects:
        after, more = _tick_one(e, moment)
        lines.extend(more)
        if after is not None:
            kept.append(after)
    return tuple(kept), tuple(lines)


def _find(effects: Sequence[Effect], effect_id: str) -> Effect:
    for e in effects:
        if e.id == effect_id:
            return e
    raise KeyError(f"no effect with id {effect_id!r}")


def add(effects: Sequence[Effect], effect: Effect) -> tuple[Effect, ...]:
    """`effects` with `effect` added. Raises `ValueError` when its id is taken."""
    if any(e.id == effect.id for e in effects):
        raise ValueError(f"an effect with id {effect.id!r} already exists")
    return (*effects, effect)


def end(effects: Sequence[Effect], effect_id: str) -> tuple[tuple[Effect, ...], Lines]:
    """End one effect by hand (or on its successful save). Raises `KeyError` for an unknown id."""
    gone = _find(effects, effect_id)
    why = f"a successful {gone.ends.save}" if gone.ends.kind == "save" and gone.ends.save else "removed"
    return tuple(e for e in effects if e.id != effect_id), (_ended(gone, why),)


def sustain(effects: Sequence[Effect], effect_id: str) -> tuple[Effect, ...]:
    """Mark a ``sustained`` effect as sustained this turn. Raises `KeyError` / `ValueError`."""
    e = _find(effects, effect_id)
    if e.ends.kind != "sustained":
        raise ValueError(f"{e.text} ({effect_id}) isn't sustained")
    return tuple(replace(x, sustained=True) if x.id == effect_id else x for x in effects)


def conditions_of(effects: Iterable[Effect], target: str) -> dict[str, int | None]:
    """The conditions the effects give `target`: name → highest value (None for unvalued ones)."""
    out: dict[str, int | None] = {}
    for e in effects:
        if e.target != target or not e.condition:
            continue
        key = e.name.lower()
        old = out.get(key)
        if key not in out or (e.value is not None and (old is None or e.value > old)):
            out[key] = e.value
    return out


def apply_to_token(token: Token, before: Sequence[Effect], after: Sequence[Effect]) -> Token:
    """The token's conditions brought in line with a change of its effects from `before` to `after`:
    a condition whose effects all ended is removed; one whose (highest) value changed, or that a new
    effect gives, is written. Conditions the effects didn't change are left as the token has them."""
    was = conditions_of(before, token.id)
    now = conditions_of(after, token.id)
    t = token
    for name in was:
        if name not in now:
            t = t.without_condition(name)
    for name, value in now.items():
        if name not in was or was[name] != value:
            t = t.with_condition(name, value)
    return t


def follow_token(effects: Sequence[Effect], token: Token) -> tuple[tuple[Effect, ...], Lines]:
    """After the system's own turn rules changed the token (PF2e frightened −1), effects giving one of its
    conditions follow it: a valued condition's effects take the token's value (never higher than theirs),
    and effects whose condition the token no longer has end."""
    kept: list[Effect] = []
    lines: list[str] = []
    for e in effects:
        if e.target != token.id or not e.condition:
            kept.append(e)
            continue
        name = e.name.lower()
        if not token.has_condition(name):
            lines.append(_ended(e, f"{token.id} no longer has it"))
            continue
        if e.value is not None:
            now = token.condition_value(name)
            if now < e.value:
                e = replace(e, value=now)
        kept.append(e)
    return tuple(kept), tuple(lines)


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
