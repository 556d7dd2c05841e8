"""Sentences for people as data: a message id with named parameters, rendered in the reader's language.

The engine never writes a finished sentence for people where a view may show it in another language. It
writes a `Message`: its `id` is the English template with ``{named}`` parameters (the gettext msgid, so the
English text is the id and needs no catalogue), `params` the values, and for a sentence whose words change
with a number `plural` is the English plural template and `count` names the parameter that decides it.
``str(message)`` is the English sentence (the query command, tests and logs written in English use it).
A view renders it with `render(message, catalogue)` through the catalogue of its language: parameters that
are themselves messages (a condition's name, an action's name) are rendered first, numbers are left to the
template.

`context` separates the same English words that translate differently (the rule system's game: PF2e and
D&D use different Japanese terms for "difficult terrain"); it is gettext's msgctxt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol


class Catalogue(Protocol):
    """What `render` needs of a translation catalogue (Python's `gettext.NullTranslations` has it)."""

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str: ...


@dataclass(frozen=True, slots=True)
class Message:
    id: str
    params: tuple[tuple[str, str | int | float | Message], ...] = ()
    plural: str | None = None
    count: str | None = None
    context: str = ""

    def param(self, name: str) -> str | int | float | Message | None:
        for key, value in self.params:
            if key == name:
                return value
        return None

    def __str__(self) -> str:
        return render(self, None)


def msg(template: str, /, *, context: str = "", **params: str | int | float | Message) -> Message:
    """A message: `template` is its id and English text, `params` fill its ``{named}`` fields."""
    return Message(template, tuple(params.items()), context=context)


def nmsg(
    singular: str,
    plural: str,
    /,
    *,
    count: str = "n",
    context: str = "",
    **params: str | int | float | Message,
) -> Message:
    """A message whose words follow the number `params[count]` (``1 action`` / ``2 actions``)."""
    if count not in params:
        raise ValueError(f"plural message {singular!r} needs its count parameter {count!r}")
    return Message(singular, tuple(params.items()), plural=plural, count=count, context=context)


def render(message: Message | str, catalogue: Catalogue | None) -> str:
    """The message in the catalogue's language (English when `catalogue` is None). A plain string is
    returned as it is (text written before messages were data, or a proper name)."""
    if isinstance(message, str):
        return message
    values: Mapping[str, object] = {
        key: render(value, catalogue) if isinstance(value, Message) else value
        for key, value in message.params
    }
    if message.plural is not None and message.count is not None:
        n = int(values[message.count])  # type: ignore[call-overload]
        if catalogue is None:
            template = message.id if n == 1 else message.plural
        else:
            template = catalogue.npgettext(message.context, message.id, message.plural, n)
    else:
        template = message.id if catalogue is None else catalogue.pgettext(message.context, message.id)
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the sentence: fall back to the English template.
        return message.id.format(**values) if message.plural is None else str(message.id)
