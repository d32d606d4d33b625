"""Shared fixtures for the Python API and command-line tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from golem_solver import Century

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MIDGAME = EXAMPLES / "century-midgame.toml"
START_3P = EXAMPLES / "century-start-3p.toml"


def hide_decks(toml_text: str) -> str:
    """The same position with both deck orders omitted (each deal becomes a chance event)."""
    return re.sub(r"(?m)^deck = .*\n", "", toml_text)


@pytest.fixture
def midgame() -> Century:
    return Century.load(MIDGAME)


@pytest.fixture
def hidden_midgame() -> Century:
    return Century.from_toml(hide_decks(MIDGAME.read_text()))
