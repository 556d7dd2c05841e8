"""Messages are data: an id with parameters, English by default, rendered through a catalogue."""

from __future__ import annotations

import dataclasses

import pytest

from rules.messages import msg, nmsg, render


class Upper:
    """A stand-in catalogue: 'translates' by upper-casing the template (placeholders kept)."""

    def pgettext(self, context: str, message: str) -> str:
        return f"[{context}]" + message.replace("moves", "MOVES")

    def npgettext(self, context: str, one: str, many: str, n: int) -> str:
        return (one if n == 1 else many).replace("action", "ACTION")


def test_english_is_the_template_filled() -> None:
    m = msg("{who} moves {feet} ft", who="Brann", feet=25)
    assert str(m) == "Brann moves 25 ft"
    assert m.param("feet") == 25


def test_plural_follows_the_count() -> None:
    assert str(nmsg("{n} action left", "{n} actions left", n=1)) == "1 action left"
    assert str(nmsg("{n} action left", "{n} actions left", n=2)) == "2 actions left"
    with pytest.raises(ValueError):
        nmsg("{n} action", "{n} actions", who="x")


def test_nested_messages_and_context_go_through_the_catalogue() -> None:
    inner = nmsg("{n} action", "{n} actions", n=3)
    outer = msg("{who} moves: {cost}", context="pf2e", who="Brann", cost=inner)
    assert render(outer, Upper()) == "[pf2e]Brann MOVES: 3 ACTIONs"


def test_a_broken_translation_falls_back_to_english() -> None:
    class Broken(Upper):
        def pgettext(self, context: str, message: str) -> str:
            return "{missing}"

    assert render(msg("{who} hides", who="Mira"), Broken()) == "Mira hides"


def test_messages_are_frozen() -> None:
    m = msg("x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.id = "y"  # type: ignore[misc]
