"""PF2e narrow surfaces and uneven ground (Player Core 423 狭い足場 Narrow Surfaces, でこぼこの地面 Uneven
Ground) and the Balance action (平衡感覚, 〈軽業〉 Acrobatics, Player Core 233).

The rule text (`pf2e-player-core-playing-the-game.ja.txt` l.786, l.790): 「狭い足場は非常に不安定であり、
“平衡感覚”を使用しなければ落下する危険がある。成功した場合でも狭い足場では立ちすくみ状態となる。狭い足場で攻
撃を受けたりまたはセーヴに失敗したりするたびに、君は反応セーヴ（“平衡感覚”を使用するための〈軽業〉判定と同じ
DC）を行わねばならず、失敗すると落下する。」 Uneven ground the same, but a failed Reflex save makes the
creature 「倒れて伏せ状態になる」 (prone) instead.

Balance (Player Core 233, remaster; its text is not among the shared sources, so the degrees follow the
book): critical success — it moves normally; success — it moves, but the surface is difficult terrain for
it; failure — it must stay where it is to keep its balance (the movement action is lost) or fall;
critical failure — it falls and its turn ends.

**Rulings** (FiveFoot):

* A creature is on such a square when any square of its space is one and it is on the ground (elevation 0);
  a creature in the air is never on one.
* While on one it is off-guard (−2 circumstance to AC, `rules.systems.pf2e.strike`), even after a success.
* A failed Balance check always stops the creature before the square (it does not choose to fall).
* "Falls" on uneven ground is falling prone; on a narrow surface it falls off (`rules.play.footing`).
* Without an Acrobatics modifier (a Reflex save for the save) the creature can't roll: the command is
  refused with that reason (the GM adds it, or moves the creature freely).
"""

from __future__ import annotations

from rules.model.scene import Scene, TerrainCell, Token
from rules.systems.hooks.footing import BalanceResult, FootingSave
from rules.systems.pf2e.checks import check

#: What each degree of the Balance check does to the move (`rules.systems.hooks.footing.BALANCE_EFFECTS`).
BALANCE_BY_DEGREE: dict[str, str] = {
    "critical-success": "normal",
    "success": "difficult",
    "failure": "stay",
    "critical-failure": "fall",
}


def footing(scene: Scene, token: Token) -> TerrainCell | None:
    """The Balance square under `token` (the highest DC), or None (see the module's rulings)."""
    if token.elevation > 0:
        return None
    found: TerrainCell | None = None
    for cell in token.squares():
        square = scene.balance_at(cell)
        if square is not None and (found is None or (square.dc or 0) > (found.dc or 0)):
            found = square
    return found


#: The words of each Balance kind.
KIND_WORDS: dict[str, str] = {"narrow": "a narrow surface", "uneven": "uneven ground"}


def footing_words(square: TerrainCell) -> str:
    """Where the creature stands, for the off-guard row: ``on a narrow surface (Balance DC 15)``."""
    return f"on {KIND_WORDS.get(square.kind, square.kind)} (Balance DC {square.dc})"


def balance(token: Token, square: TerrainCell, d20: int) -> BalanceResult:
    """Balance: Acrobatics against the square's DC, each degree's effect from `BALANCE_BY_DEGREE`."""
    result = check(token, "acrobatics", d20, square.dc or 0)
    return BalanceResult(result, BALANCE_BY_DEGREE[result.degree])


def keep_footing(token: Token, square: TerrainCell, d20: int) -> FootingSave:
    """The Reflex save against the square's Balance DC: a failure (or critical failure) falls."""
    result = check(token, "reflex", d20, square.dc or 0)
    return FootingSave(result, not result.succeeded)
