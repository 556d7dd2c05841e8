"""The names of the actions the token menu and the action bar offer, as message ids (the `ActionSpec`
labels and the turn HUD's rows keep English strings; a view shows them in the reader's language through the
catalogue, in each book's words: PF2e 「打撃」「遮蔽をとる」, D&D 「攻撃」「回避」)."""

from __future__ import annotations

from rules.messages import Message, msg

ACTION_WORDS: tuple[Message, ...] = (
    msg("Strike"),
    msg("Attack"),
    msg("Take Cover"),
    msg("Raise a Shield"),
    msg("Drop Prone"),
    msg("Stand"),
    msg("Hide"),
    msg("Seek"),
    msg("Search"),
    msg("Dodge"),
    msg("Disengage"),
    msg("Squeeze"),
    msg("Stop squeezing"),
    msg("Hide (roll Stealth)"),
    msg("Seek (roll Perception)"),
    msg("Search (roll Perception)"),
)
