"""Dice notation, seeded rolling, and results that keep every die.

Notation (what stat blocks print)::

    formula  := part (joiner part)*            joiner: "plus", "and", ",", or "+" right after a type
    part     := expr [type]                    type: one or more words, e.g. "slashing", "persistent fire"
    expr     := term (("+" | "-") term)*
    term     := factor (("*" | "/") factor)*    "/" divides and rounds down
    factor   := ("+" | "-") factor | atom
    atom     := NUMBER | dice | "(" expr ")"
    dice     := [NUMBER] "d" (NUMBER | "%") [("kh" | "kl" | "dh" | "dl" | "k") NUMBER]

Examples: ``2d6+4``, ``1d8+4 slashing plus 1d6 fire``, ``4d6kh3``, ``2d20kl1``, ``(1d8+4)*2``,
``1d6 persistent bleed``. Letters are case-insensitive; spaces are allowed between tokens but not inside a
dice group (``4d6 kh3`` is an error). A type word belongs to the whole expression before it.

Boundary rules:

* ``k`` means ``kh``; keeping more dice than were rolled is an error, keeping 0 is allowed.
* At most `MAX_DICE` dice per group, `MAX_SIDES` sides, and `MAX_LENGTH` characters: bigger numbers are
  notation errors, not slow rolls.
* A formula evaluates to any integer, including 0 or negative; game rules (such as PF2e "minimum 1
  damage") are applied by the rule systems, not here.

Table notation (the dice box and typed rolls, `parse_roll` / `roll_expression`): the same formula, written
as Japanese tables write it too — ``2D6+3`` (upper- or lower-case D), full-width characters (``２Ｄ６＋３``,
as an IME types them, are read as their ASCII forms) — optionally followed by a target::

    roll_expression := formula [comparison NUMBER]     comparison: ">=", "<=", ">", "<", "=" (also ≥ ≤ ＞＝)

``1D20>=15`` succeeds when the total is at least 15, ``1D100<=40`` when it is at most 40 (the BCDice habit
of Japanese online tables); without a target a roll has no verdict.

Every malformed formula raises `DiceSyntaxError` (a `ValueError`) whose `column` (1-based) points at the
offending character; ``str(error)`` shows the formula with a caret under it.

Rolling never uses the global random state: pass a `random.Random` (seeded for reproducible rolls) or any
object with ``randint(a, b)``, such as `ScriptedDice` for dice that were rolled at the table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

MAX_DICE = 1000
MAX_SIDES = 10000
MAX_LENGTH = 500
MAX_DEPTH = 40
JOINER_WORDS = ("plus", "and")


class DiceSyntaxError(ValueError):
    """Bad dice notation. `column` is 1-based; `reason` says what was expected there.

    ``str(error)`` is three lines: the message, the formula, and a caret under the bad character.
    `short` is the message alone, for one-line contexts.
    """

    def __init__(self, text: str, index: int, reason: str) -> None:
        self.text = text
        self.index = max(0, min(index, len(text)))
        self.column = self.index + 1
        self.reason = reason
        found = repr(text[self.index]) if self.index < len(text) else "the end"
        self.short = f"bad dice notation at column {self.column} ({found}): {reason}"
        super().__init__(f"{self.short}\n  {text}\n  {' ' * self.index}^")


class DieSource(Protocol):
    """Anything that rolls a die: ``randint(1, sides)``. `random.Random` is one."""

    def randint(self, a: int, b: int) -> int: ...


def fresh_source() -> DieSource:
    """A fresh unseeded die source (never the global random state): the default of every engine command
    that rolls when no die source is given. This module is the only one of `rules` that imports `random`."""
    return random.Random()


class NoDice:
    """A die source that never rolls, for when every roll must be given (the query command): asking it for
    a die raises `DiceSyntaxError`'s sibling `ValueError` naming `what`. Readers that can say which roll is
    missing (`rules.systems.turn_rolls.TurnRolls`) treat it as no die source at all."""

    def __init__(self, what: str = "a die roll") -> None:
        self.what = what

    def randint(self, a: int, b: int) -> int:
        raise ValueError(f"{self.what} needs a d{b} that wasn't given")


class ScriptedDice:
    """Dice whose results are given in advance (physical dice, tests): each ``randint`` returns the next
    value. Raises `ValueError` when a value doesn't fit the die or the values run out."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values: Iterator[int] = iter(values)

    def randint(self, a: int, b: int) -> int:
        try:
            value = next(self._values)
        except StopIteration:
            raise ValueError(f"no scripted die result left for a d{b}") from None
        if not a <= value <= b:
            raise ValueError(f"scripted result {value} doesn't fit a die from {a} to {b}")
        return value


# ------------------------------------------------------------------------------------------------ AST


@dataclass(frozen=True, slots=True)
class Number:
    value: int

    def render(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides``; `keep` is ``("kh"|"kl"|"dh"|"dl", n)`` or None."""

    count: int
    sides: int
    keep: tuple[str, int] | None = None

    def render(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.keep is not None:
            text += f"{self.keep[0]}{self.keep[1]}"
        return text


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Node

    def render(self) -> str:
        return f"-{self.operand.render()}"


@dataclass(frozen=True, slots=True)
class Group:
    """Parentheses, kept so that a formula renders as written."""

    inner: Node

    def render(self) -> str:
        return f"({self.inner.render()})"


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # one of + - * /
    left: Node
    right: Node

    def render(self) -> str:
        return f"{self.left.render()}{self.op}{self.right.render()}"


Node = Number | Dice | Neg | Group | BinOp


@dataclass(frozen=True, slots=True)
class DamagePart:
    """One typed part of a formula: ``1d8+4 slashing``. `type` is None for untyped dice."""

    expr: Node
    type: str | None = None

    @property
    def persistent(self) -> bool:
        return self.type is not None and self.type.split()[0] == "persistent"

    @property
    def damage_type(self) -> str | None:
        """The type without the word ``persistent``."""
        if self.type is None:
            return None
        words = self.type.split()
        if words[0] == "persistent":
            words = words[1:]
        return " ".join(words) or None

    def render(self, types: bool = True) -> str:
        text = self.expr.render()
        if types and self.type:
            text += f" {self.type}"
        return text


@dataclass(frozen=True, slots=True)
class Formula:
    """A parsed formula: one or more typed parts."""

    parts: tuple[DamagePart, ...]
    source: str = field(default="", compare=False)

    def render(self, types: bool = True) -> str:
        """With types: ``1d8+4 slashing plus 1d6 fire``; without: ``1d8+4+1d6`` (no spaces)."""
        if types:
            return " plus ".join(p.render(True) for p in self.parts)
        out = ""
        for i, p in enumerate(self.parts):
            text = p.render(False)
            if i and not text.startswith("-"):
                out += "+"
            out += text
        return out

    def __str__(self) -> str:
        return self.render(True)

    def dice(self) -> list[Dice]:
        """Every dice group, in order."""
        found: list[Dice] = []
        for p in self.parts:
            found.extend(iter_dice(p.expr))
        return found

    def map_dice(self, fn: _DiceFn, parts: Sequence[int] | None = None) -> Formula:
        """A copy with every dice group (of the listed part indexes, default all) replaced by ``fn(dice)``."""
        chosen = set(range(len(self.parts)) if parts is None else parts)
        return Formula(
            tuple(
                replace(p, expr=map_dice(p.expr, fn)) if i in chosen else p for i, p in enumerate(self.parts)
            ),
            self.source,
        )


class _DiceFn(Protocol):
    def __call__(self, d: Dice, /) -> Dice: ...


def iter_dice(node: Node) -> Iterator[Dice]:
    if isinstance(node, Dice):
        yield node
    elif isinstance(node, (Neg, Group)):
        yield from iter_dice(node.operand if isinstance(node, Neg) else node.inner)
    elif isinstance(node, BinOp):
        yield from iter_dice(node.left)
        yield from iter_dice(node.right)


def map_dice(node: Node, fn: _DiceFn) -> Node:
    if isinstance(node, Dice):
        return fn(node)
    if isinstance(node, Neg):
        return Neg(map_dice(node.operand, fn))
    if isinstance(node, Group):
        return Group(map_dice(node.inner, fn))
    if isinstance(node, BinOp):
        return BinOp(node.op, map_dice(node.left, fn), map_dice(node.right, fn))
    return node


# ---------------------------------------------------------------------------------------------- parser


class _Parser:
    """Recursive descent over the raw text (no separate lexer: columns stay exact)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = text.lower()
        self.i = 0
        self.depth = 0

    def fail(self, reason: str, index: int | None = None) -> DiceSyntaxError:
        return DiceSyntaxError(self.text, self.i if index is None else index, reason)

    def skip(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip()
        return self.low[self.i] if self.i < len(self.low) else ""

    def number(self) -> int:
        start = self.i
        while self.i < len(self.low) and self.low[self.i].isdigit():
            self.i += 1
        if start == self.i:
            raise self.fail("expected a number")
        digits = self.low[start : self.i]
        if len(digits) > 6:
            raise self.fail("number is too large", start)
        return int(digits)

    def formula(self) -> Formula:
        self.skip()
        if not self.text.strip():
            raise self.fail("expected a dice formula such as 2d6+4, got nothing")
        parts = [self.part()]
        while True:
            self.skip()
            if self.i >= len(self.text):
                break
            if self.low[self.i] == ",":
                self.i += 1
            elif self._word_at(self.i) in JOINER_WORDS:
                self.i += len(self._word_at(self.i))
            elif self.low[self.i] == "+" and parts[-1].type is not None:
                self.i += 1
            elif self.low[self.i] == ")":
                raise self.fail("unexpected ')' with no matching '('")
            else:
                raise self.fail("expected 'plus', a damage type, or the end")
            parts.append(self.part())
        return Formula(tuple(parts), self.text)

    def _word_at(self, i: int) -> str:
        j = i
        while j < len(self.low) and (self.low[j].isalpha() or (j > i and self.low[j] == "-")):
            j += 1
        return self.low[i:j]

    def part(self) -> DamagePart:
        expr = self.expr()
        words: list[str] = []
        while True:
            self.skip()
            if self.i >= len(self.low) or not self.low[self.i].isalpha():
                break
            word = self._word_at(self.i)
            if word in JOINER_WORDS:
                break
            words.append(word)
            self.i += len(word)
        return DamagePart(expr, " ".join(words) if words else None)

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail("formula is nested too deeply")
        node = self.term()
        while self.peek() in ("+", "-"):
            # "+" followed by a type-less joiner is handled by formula(); here it's arithmetic.
            op = self.low[self.i]
            self.i += 1
            node = BinOp(op, node, self.term())
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.factor()
        while self.peek() in ("*", "/", "x", "×") and self._is_operator():
            op = "/" if self.low[self.i] == "/" else "*"
            self.i += 1
            node = BinOp(op, node, self.factor())
        return node

    def _is_operator(self) -> bool:
        # "x" is multiplication only when a number or "(" follows ("2d6x2"); otherwise it may start a word.
        ch = self.low[self.i]
        if ch != "x":
            return True
        j = self.i + 1
        while j < len(self.low) and self.low[j].isspace():
            j += 1
        return j < len(self.low) and (self.low[j].isdigit() or self.low[j] == "(")

    def factor(self) -> Node:
        ch = self.peek()
        if ch in ("+", "-"):
            self.i += 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail("formula is nested too deeply")
            inner = self.factor()
            self.depth -= 1
            return inner if ch == "+" else Neg(inner)
        return self.atom()

    def atom(self) -> Node:
        ch = self.peek()
        if ch == "(":
            open_at = self.i
            self.i += 1
            inner = self.expr()
            if self.peek() != ")":
                raise self.fail(f"expected ')' to close the '(' at column {open_at + 1}")
            self.i += 1
            return Group(inner)
        if ch.isdigit():
            count = self.number()
            if self.i < len(self.low) and self.low[self.i] == "d" and not self._word_follows_d():
                return self.dice(count)
            return Number(count)
        if ch == "d" and not self._word_follows_d():
            return self.dice(1)
        if ch == "":
            raise self.fail("expected a number, a die such as d6, or '(' but the formula ends here")
        if ch == ")":
            raise self.fail("unexpected ')' with no matching '('")
        raise self.fail("expected a number, a die such as d6, or '('")

    def _word_follows_d(self) -> bool:
        """True when the 'd' at `i` begins a word (like 'damage'), not a die."""
        nxt = self.low[self.i + 1] if self.i + 1 < len(self.low) else ""
        return nxt.isalpha()

    def dice(self, count: int) -> Dice:
        count_at = self.i
        self.i += 1  # the 'd'
        if self.i < len(self.low) and self.low[self.i] == "%":
            self.i += 1
            sides = 100
        else:
            if self.i >= len(self.low) or not self.low[self.i].isdigit():
                raise self.fail("expected the number of sides after 'd'")
            sides_at = self.i
            sides = self.number()
            if sides < 1:
                raise self.fail("a die needs at least 1 side", sides_at)
            if sides > MAX_SIDES:
                raise self.fail(f"a die may have at most {MAX_SIDES} sides", sides_at)
        if count > MAX_DICE:
            raise self.fail(f"at most {MAX_DICE} dice may be rolled at once", count_at - len(str(count)))
        keep: tuple[str, int] | None = None
        if self.i < len(self.low) and self.low[self.i] in ("k", "d") and self._keep_follows():
            kind = self.low[self.i : self.i + 2]
            if kind in ("kh", "kl", "dh", "dl"):
                self.i += 2
            else:
                kind = "kh"
                self.i += 1
            if self.i >= len(self.low) or not self.low[self.i].isdigit():
                raise self.fail(f"expected how many dice '{kind}' keeps or drops")
            n_at = self.i
            n = self.number()
            if n > count:
                raise self.fail(f"can't {'keep' if kind[0] == 'k' else 'drop'} {n} of {count} dice", n_at)
            keep = (kind, n)
        return Dice(count, sides, keep)

    def _keep_follows(self) -> bool:
        rest = self.low[self.i : self.i + 3]
        if rest[:2] in ("kh", "kl", "dh", "dl"):
            return True
        return rest[:1] == "k" and rest[1:2].isdigit()


def parse(text: str) -> Formula:
    """Parse dice notation; raises `DiceSyntaxError` pointing at the first bad character."""
    if not isinstance(text, str):
        raise TypeError("dice notation must be a string")
    if len(text) > MAX_LENGTH:
        raise DiceSyntaxError(
            text[: MAX_LENGTH + 1], MAX_LENGTH, f"formula is longer than {MAX_LENGTH} characters"
        )
    return _Parser(text).formula()


# --------------------------------------------------------------------------------------------- rolling


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One dice group as rolled: every die, and whether each counts (keep/drop)."""

    dice: Dice
    rolls: tuple[int, ...]
    kept: tuple[bool, ...]

    @property
    def total(self) -> int:
        return sum(r for r, k in zip(self.rolls, self.kept, strict=True) if k)

    def render(self) -> str:
        shown = ",".join(str(r) if k else f"~{r}" for r, k in zip(self.rolls, self.kept, strict=True))
        return f"{self.dice.render()}[{shown}]"


@dataclass(frozen=True, slots=True)
class TermRoll:
    """One top-level additive term of a part (``1d8``, ``+4``, ``(1d8+4)*2``) with its value and dice."""

    text: str
    sign: int
    value: int
    dice: tuple[DiceRoll, ...]


@dataclass(frozen=True, slots=True)
class PartRoll:
    part: DamagePart
    total: int
    terms: tuple[TermRoll, ...]
    shown: str  # the part with each dice group's results, e.g. "1d8[6]+4"

    @property
    def dice(self) -> tuple[DiceRoll, ...]:
        return tuple(d for t in self.terms for d in t.dice)

    @property
    def type(self) -> str | None:
        return self.part.type


@dataclass(frozen=True, slots=True)
class RollResult:
    formula: Formula
    parts: tuple[PartRoll, ...]

    @property
    def total(self) -> int:
        return sum(p.total for p in self.parts)

    @property
    def dice(self) -> tuple[DiceRoll, ...]:
        return tuple(d for p in self.parts for d in p.dice)

    def by_type(self) -> dict[str, int]:
        """Totals per type (``"untyped"`` for parts without one), in order of first appearance."""
        out: dict[str, int] = {}
        for p in self.parts:
            key = p.part.type or "untyped"
            out[key] = out.get(key, 0) + p.total
        return out

    def render(self) -> str:
        return " plus ".join(
            p.shown + (f" {p.part.type}" if p.part.type else "") + f" = {p.total}" for p in self.parts
        )


def _roll_group(d: Dice, rng: DieSource) -> DiceRoll:
    rolls = tuple(rng.randint(1, d.sides) for _ in range(d.count))
    kept = [True] * len(rolls)
    if d.keep is not None:
        kind, n = d.keep
        order = sorted(range(len(rolls)), key=lambda i: (rolls[i], i))
        if kind == "kh":
            chosen = set(order[len(order) - n :]) if n else set()
        elif kind == "kl":
            chosen = set(order[:n])
        elif kind == "dh":
            chosen = set(order[: len(order) - n])
        else:  # dl
            chosen = set(order[n:])
        kept = [i in chosen for i in range(len(rolls))]
    return DiceRoll(d, rolls, tuple(kept))


def _eval(node: Node, rng: DieSource, out: list[DiceRoll]) -> tuple[int, str]:
    if isinstance(node, Number):
        return node.value, node.render()
    if isinstance(node, Dice):
        r = _roll_group(node, rng)
        out.append(r)
        return r.total, r.render()
    if isinstance(node, Neg):
        v, s = _eval(node.operand, rng, out)
        return -v, f"-{s}"
    if isinstance(node, Group):
        v, s = _eval(node.inner, rng, out)
        return v, f"({s})"
    lv, ls = _eval(node.left, rng, out)
    rv, rs = _eval(node.right, rng, out)
    if node.op == "+":
        value = lv + rv
    elif node.op == "-":
        value = lv - rv
    elif node.op == "*":
        value = lv * rv
    else:
        value = lv // rv if rv else 0
    return value, f"{ls}{node.op}{rs}"


def _additive_terms(node: Node) -> list[tuple[int, Node]]:
    if isinstance(node, BinOp) and node.op in ("+", "-"):
        left = _additive_terms(node.left)
        right = _additive_terms(node.right)
        if node.op == "-":
            right = [(-s, n) for s, n in right[:1]] + right[1:]
        return left + right
    return [(1, node)]


def roll(formula: str | Formula, rng: DieSource | None = None) -> RollResult:
    """Roll a formula. `rng` defaults to a fresh unseeded `random.Random` (never the global one)."""
    f = parse(formula) if isinstance(formula, str) else formula
    source = rng if rng is not None else fresh_source()
    parts: list[PartRoll] = []
    for p in f.parts:
        terms: list[TermRoll] = []
        shown = ""
        for sign, node in _additive_terms(p.expr):
            dice: list[DiceRoll] = []
            value, text = _eval(node, source, dice)
            if shown or sign < 0:
                shown += "+" if sign > 0 else "-"
            shown += text
            terms.append(TermRoll(node.render(), sign, sign * value, tuple(dice)))
        parts.append(PartRoll(p, sum(t.value for t in terms), tuple(terms), shown))
    return RollResult(f, tuple(parts))


# ------------------------------------------------------------------------------------ formula helpers


def double_dice(formula: str | Formula) -> Formula:
    """Every dice group with twice the dice (D&D 5e critical hit: ``1d8+3`` → ``2d8+3``)."""
    f = parse(formula) if isinstance(formula, str) else formula

    def twice(d: Dice) -> Dice:
        keep = None if d.keep is None else (d.keep[0], d.keep[1] * 2)
        return Dice(d.count * 2, d.sides, keep)

    return f.map_dice(twice)


def weapon_dice(formula: str | Formula) -> Dice | None:
    """The first dice group of the first part (a weapon's damage dice), or None."""
    f = parse(formula) if isinstance(formula, str) else formula
    found = list(iter_dice(f.parts[0].expr)) if f.parts else []
    return found[0] if found else None


def _mean(node: Node) -> float:
    if isinstance(node, Number):
        return float(node.value)
    if isinstance(node, Dice):
        kept = node.count
        if node.keep is not None:
            kept = node.keep[1] if node.keep[0][0] == "k" else node.count - node.keep[1]
        return kept * (node.sides + 1) / 2
    if isinstance(node, Neg):
        return -_mean(node.operand)
    if isinstance(node, Group):
        return _mean(node.inner)
    left, right = _mean(node.left), _mean(node.right)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    return left / right if right else 0.0


def average(formula: str | Formula) -> float:
    """The expected total, counting each kept die at its mean (an estimate for keep/drop dice)."""
    f = parse(formula) if isinstance(formula, str) else formula
    return sum(_mean(p.expr) for p in f.parts)


def parse_die_size(text: str) -> int:
    """``d10`` → 10 (trait arguments such as ``deadly d10``). Raises `DiceSyntaxError`."""
    t = text.strip().lower()
    if len(t) < 2 or t[0] != "d" or not t[1:].isdigit():
        raise DiceSyntaxError(text, 0 if not t.startswith("d") else 1, "expected a die size such as d10")
    return int(t[1:])


# ------------------------------------------------------------------------- table notation with targets

#: The comparisons a table roll may end with, longest first (``>=`` before ``>``).
COMPARISONS: tuple[str, ...] = (">=", "<=", ">", "<", "=")


@dataclass(frozen=True, slots=True)
class TableExpression:
    """A dice box expression: a formula and an optional target (``1D20>=15``: ``(">=", 15)``)."""

    formula: Formula
    target: tuple[str, int] | None = None
    source: str = field(default="", compare=False)

    def render(self) -> str:
        """The expression in the app's own spelling: ``1d20>=15``."""
        text = self.formula.render(True)
        if self.target is not None:
            text += f"{self.target[0]}{self.target[1]}"
        return text


@dataclass(frozen=True, slots=True)
class TableRollResult:
    """A dice box roll: every die (`result`) and, with a target, whether it succeeded."""

    expression: TableExpression
    result: RollResult

    @property
    def total(self) -> int:
        return self.result.total

    @property
    def success(self) -> bool | None:
        """True / False against the target, None without one."""
        if self.expression.target is None:
            return None
        op, n = self.expression.target
        total = self.result.total
        return {
            ">=": total >= n,
            "<=": total <= n,
            ">": total > n,
            "<": total < n,
            "=": total == n,
        }[op]


def normalise_table_text(text: str) -> str:
    """Full-width forms as ASCII (``２Ｄ６＋３`` → ``2D6+3``, ``＞＝`` → ``>=``; ≥ and ≤ as ``>=``, ``<=``).
    Each character maps to one or two, so a column in the result is close to the one typed."""
    import unicodedata

    out = unicodedata.normalize("NFKC", text)
    return out.replace("≥", ">=").replace("≤", "<=").replace("＝", "=")


def parse_roll(text: str) -> TableExpression:
    """Parse a dice box expression (see the module docstring); raises `DiceSyntaxError` pointing at the
    first bad character, including a target that is not a whole number."""
    if not isinstance(text, str):
        raise TypeError("dice notation must be a string")
    clean = normalise_table_text(text)
    at = -1
    op = ""
    for i, ch in enumerate(clean):
        if ch in "<>=":
            at, op = i, next(c for c in COMPARISONS if clean.startswith(c, i))
            break
    if at < 0:
        return TableExpression(parse(clean), None, text)
    if not clean[:at].strip():
        raise DiceSyntaxError(clean, at, f"expected a dice formula such as 1d20 before '{op}'")
    try:
        formula = parse(clean[:at])
    except DiceSyntaxError as exc:
        raise DiceSyntaxError(clean, exc.index, exc.reason) from None
    rest = clean[at + len(op) :]
    digits = rest.strip()
    start = at + len(op) + (len(rest) - len(rest.lstrip()))
    sign = 1
    if digits.startswith("-"):
        sign, digits, start = -1, digits[1:].lstrip(), start + 1
    if not digits:
        raise DiceSyntaxError(clean, len(clean), f"expected the number to compare with after '{op}'")
    if not digits.isdigit():
        bad = next(i for i, ch in enumerate(digits) if not ch.isdigit())
        raise DiceSyntaxError(clean, start + bad, f"expected a whole number after '{op}'")
    if len(digits) > 6:
        raise DiceSyntaxError(clean, start, "number is too large")
    return TableExpression(formula, (op, sign * int(digits)), text)


def roll_expression(expression: str | TableExpression, rng: DieSource | None = None) -> TableRollResult:
    """Roll a dice box expression (``2D6+3``, ``4d6kh3``, ``2d20kh1``, ``1D20>=15``)."""
    e = parse_roll(expression) if isinstance(expression, str) else expression
    return TableRollResult(e, roll(e.formula, rng))
