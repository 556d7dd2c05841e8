"""``fivefoot-rules --creature FILE``: the imported creatures as scene tokens, one JSON object per line,
that a scene built from them answers queries about (attacks, saves)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.rules.cli_runs import rules_answers
from tests.shared_data import shared

SAMPLES = shared("creature-samples")
pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="shared creature samples are not present")


def creature_cmd(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "--creature", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def tokens(*args: str) -> list[dict[str, Any]]:
    done = creature_cmd(*args)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_prints_one_token_per_creature() -> None:
    (rat,) = tokens(str(SAMPLES / "pf2e-foundry" / "cinder-rat.json"))
    assert rat["id"] == "cinder-rat-1" and rat["name"] == "Cinder Rat"
    assert (rat["size"], rat["ac"], rat["hp"], rat["speed"], rat["level"], rat["perception"]) == (
        "small",
        18,
        45,
        40,
        3,
        9,
    )
    assert rat["attacks"][0]["damage"] == "1d8+4 fire plus 1d4 persistent fire"
    assert rat["weaknesses"] == {"cold": 5, "water": 5}
    monsters = tokens(str(SAMPLES / "5e-bits" / "5e-SRD-Monsters-2024.json"))
    assert len(monsters) == 3 and len({m["id"] for m in monsters}) == 3
    folder = tokens(str(SAMPLES / "pf2e-foundry"))
    assert len(folder) == len(list((SAMPLES / "pf2e-foundry").glob("*.json")))


def test_bad_files_exit_2_with_a_message(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"build": {"level": "twenty"}}')
    done = creature_cmd(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert "broken.json: build.level: expected a number" in done.stderr
    done = creature_cmd(str(SAMPLES / "dnd5e-foundry" / "goblin.json"), "--system", "pf2e")
    assert done.returncode == 2 and "not pf2e" in done.stderr
    done = creature_cmd(str(tmp_path / "nothing.json"))
    assert done.returncode == 2 and "no such file" in done.stderr


def test_printed_tokens_attack_and_save_in_a_scene(tmp_path: Path) -> None:
    """A token made from an imported creature attacks and saves through the query command."""
    (skull,) = tokens(str(SAMPLES / "pf2e-foundry" / "taunting-skull.json"))
    (miner,) = tokens(str(SAMPLES / "pf2e-foundry" / "miner.json"))
    skull["cell"], miner["cell"], miner["side"] = [2, 2], [3, 2], "party"
    scene = {
        "format": "fivefoot.scene",
        "version": 1,
        "system": "pf2e",
        "grid": {"width": 8, "height": 8},
        "tokens": [skull, miner],
    }
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    answers = rules_answers(
        path,
        [
            {
                "id": 1,
                "q": "attack",
                "attacker": miner["id"],
                "target": skull["id"],
                "attack": "Pick",
                "d20": 20,
            },
            {"id": 2, "q": "save", "token": skull["id"], "save": "reflex", "d20": 10, "dc": 20},
            {
                "id": 3,
                "q": "attack",
                "attacker": skull["id"],
                "target": miner["id"],
                "attack": "Jaws",
                "d20": 10,
            },
        ],
    )
    assert answers[0]["attack_bonus"] == 6 and answers[0]["ac"] == 22
    assert answers[0]["damage_formula"] is not None
    assert answers[1]["total"] == 24 and answers[1]["degree"] == "success"
    # The Tiny skull's jaws have reach 0: it can't bite the miner in the next square.
    assert answers[2]["error"].startswith("out of reach")
