"""Board pictures: ``show --svg`` and ``_repr_svg_`` for every registered game, on each
example position of that game and on a fresh game. The SVG must parse and hold one
element per card and per seat (found by ``class``); a game with no picture says so in
one line and its state's ``_repr_svg_`` is None, so Jupyter falls back to text."""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, List, Tuple

import pytest
from typer.testing import CliRunner

import golem_solver.cli.commands as commands
from golem_solver import GAMES, load, new

from conftest import EXAMPLES, MIDGAME


def invoke(*args: Any):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(commands.app, [str(a) for a in args])


def example_positions() -> List[Tuple[str, Path]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        game = tomllib.loads(path.read_text())["game"]
        found.append((game, path))
    return found


def positions(tmp_path: Path, game: str) -> List[Path]:
    """The game's example positions and a fresh two-player game."""
    paths = [path for g, path in example_positions() if g == game]
    fresh = tmp_path / f"{game}-fresh.toml"
    new(game, players=2, seed=1).save(fresh)
    return paths + [fresh]


def with_class(root: ET.Element, name: str) -> List[ET.Element]:
    return [el for el in root.iter() if name in el.get("class", "").split()]


def check_century(root: ET.Element, state: Any) -> None:
    assert len(with_class(root, "merchant-card")) == len(state.merchant_row)
    assert len(with_class(root, "golem-card")) == len(state.golem_row)
    seats = with_class(root, "seat")
    assert [int(s.get("data-seat")) for s in seats] == list(range(state.players))
    for seat, panel in enumerate(seats):
        s = state.seat(seat)
        assert len(with_class(panel, "hand-card")) == len(s.hand)
        assert len(with_class(panel, "played-card")) == len(s.played)
        assert len(with_class(panel, "claimed-golem")) == len(s.golems)
    to_move = with_class(root, "to-move")
    if state.is_terminal():
        assert to_move == []
    else:
        assert [int(s.get("data-seat")) for s in to_move] == [state.to_move]
    assert bool(with_class(root, "last-round")) == state.last_round


def check_seats(root: ET.Element, state: Any) -> None:
    assert len(with_class(root, "seat")) == state.players


def check_golem(root: ET.Element, state: Any) -> None:
    panels = with_class(root, "player-panel")
    assert [int(p.get("data-seat")) for p in panels] == list(range(state.players))


CHECKS = {"century-golem": check_century, "golem-cranio": check_golem}


@pytest.mark.parametrize("game", list(GAMES))
def test_show_svg_draws_each_position(tmp_path, game):
    for position in positions(tmp_path, game):
        state = load(position)
        target = tmp_path / (position.stem + ".svg")
        result = invoke("show", position, "--svg", target)
        picture = state._repr_svg_()
        if picture is None:
            assert state.to_svg() is None
            assert result.exit_code != 0
            (line,) = result.stderr.splitlines()
            assert line == f"error: svg: {game} has no board picture yet"
            assert not target.exists()
            continue
        assert result.exit_code == 0, (result.stdout, result.stderr)
        text = target.read_text()
        assert picture == text
        root = ET.fromstring(text)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox")
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text
        CHECKS.get(game, check_seats)(root, state)


def test_every_example_belongs_to_a_registered_game():
    assert {game for game, _ in example_positions()} <= set(GAMES)
    assert ("century-golem", MIDGAME) in example_positions()
