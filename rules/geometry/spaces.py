"""Creatures' spaces as facts of the board: who shares a creature's space.

`sharing(scene, token)`: the other creatures whose space overlaps `token`'s at the same height (their 5-ft
levels overlap, `rules.geometry.elevation.blocks_ground`). A creature ending its turn in another's space is a
rule some systems have (5e 2024: knocked prone); this only says whose space it is in.
"""

from __future__ import annotations

from rules.model.scene import Scene, Token


def sharing(scene: Scene, token: Token) -> tuple[Token, ...]:
    """The other creatures whose space overlaps `token`'s, at the same height, in scene order."""
    from rules.geometry.elevation import blocks_ground

    mine = set(token.squares())
    out: list[Token] = []
    for other in scene.tokens:
        if other.id == token.id or not mine & set(other.squares()):
            continue
        if (token.elevation or other.elevation) and not blocks_ground(token, other):
            continue
        out.append(other)
    return tuple(out)
