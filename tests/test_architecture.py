"""The layers stay untangled: no import cycle in the Python package, none between the
core's top-level modules (scripts/architecture.py measures both), and every error line
is made in one place."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location(
    "architecture", ROOT / "scripts" / "architecture.py"
)
architecture = importlib.util.module_from_spec(SPEC)
sys.modules["architecture"] = architecture
SPEC.loader.exec_module(architecture)


def test_the_python_package_has_no_import_cycle():
    assert architecture.cycles(architecture.python_imports()) == []


def test_the_cores_modules_import_only_downward():
    assert architecture.cycles(architecture.rust_top_modules()) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert architecture.cycles(graph) == [["a", "b", "c"]]


def test_a_deferred_import_still_counts_as_an_edge():
    graph = architecture.python_imports()
    assert "golem_solver.ray_backend" in graph["golem_solver.backends"]


def test_only_errors_py_spells_the_error_line():
    # "error: <field>: <message>" is built by golem_solver.errors.error_line alone.
    package = ROOT / "python" / "golem_solver"
    spelled = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr):
                head = node.values[0] if node.values else None
                if isinstance(head, ast.Constant) and str(head.value).startswith(
                    "error: "
                ):
                    spelled.append(str(path.relative_to(package)))
    assert spelled == ["errors.py"]


def test_only_errors_py_builds_a_golem_error_by_hand():
    package = ROOT / "python" / "golem_solver"
    built = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "GolemError"
            ):
                built.append(str(path.relative_to(package)))
    assert built == ["errors.py"]


def test_no_command_names_a_games_setup_option():
    # `new` and `arena` make a flag of every setup option the games declare in the core.
    cli = ROOT / "python" / "golem_solver" / "cli"
    for path in cli.glob("*.py"):
        text = path.read_text()
        for flag in ('"--map"', '"--intro"'):
            assert flag not in text, f"{path.name} names {flag}"


def test_setup_flags_come_from_the_games_declarations():
    from typer.testing import CliRunner

    from golem_solver.cli import app
    from golem_solver.games import setup_option_specs

    runner = CliRunner()
    for command in ("new", "arena"):
        shown = runner.invoke(app, [command, "--help"], terminal_width=200).stdout
        for game in ("merchant-explorers", "golem-cranio"):
            for option in setup_option_specs(game):
                assert f"--{option.name}" in shown, (command, option.name)
    kinds = {o.name: o.kind for o in setup_option_specs("golem-cranio")}
    assert kinds == {"intro": "flag", "components": "file"}
    assert [o.kind for o in setup_option_specs("merchant-explorers")] == ["text"]
    assert setup_option_specs("century-golem") == []


def test_the_map_option_lists_the_bundled_maps_and_each_one_starts_a_game():
    from golem_solver import new
    from golem_solver.games import setup_option_specs

    (option,) = setup_option_specs("merchant-explorers")
    assert option.choices[0] == "avenia" and len(option.choices) == 6
    for map_id in option.choices:
        assert new("merchant-explorers", 1, options={"map": map_id}).map == map_id
    assert all(not o.choices for o in setup_option_specs("golem-cranio"))


def test_every_game_says_whether_it_has_decks_to_hide():
    from golem_solver import GAMES, new

    for name, cls in GAMES.items():
        assert cls.INFO["decks"] is True
        state = new(name, players=2, seed=1)
        state.hide_decks()  # the trait's method, one binding for every game
        assert state != new(name, players=2, seed=1)
        assert state == new(name, players=2, seed=1, hidden_decks=True)


def test_docs_list_the_declared_search_options():
    spec = importlib.util.spec_from_file_location(
        "search_options", ROOT / "scripts" / "search_options.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.table() in (ROOT / "docs" / "search.md").read_text()


def test_every_declared_ismcts_option_reaches_the_search():
    # analyse takes every declared ISMCTS option as a keyword, and refuses a bad value
    # with the option's name, as a bot spec would.
    from golem_solver import GolemError, _core, analyse, new

    state = new("century-golem", players=2, seed=1)
    own = {"iterations", "movetime", "threads", "solo"}
    for option in _core.SEARCH_OPTIONS:
        name = option["name"]
        if "ismcts" not in option["searches"] or name in own:
            continue
        bad = "nonsense" if option["kind"] == "choice" else option["high"] * 2 + 1
        try:
            analyse(state, iterations=20, **{name: bad})
        except GolemError as e:
            assert e.field == name, (name, e.field)
        else:
            raise AssertionError(f"{name}={bad!r} was accepted")


def test_every_skip_says_why():
    """A skipped test is listed with its reason (pyproject's ``-rs``): every skip, skipif
    and importorskip in the tests gives one."""
    call = re.compile(r"pytest\.(importorskip|skip|mark\.skipif)\((.*?)\)\n", re.S)
    for path in (ROOT / "tests").glob("*.py"):
        for kind, args in call.findall(path.read_text()):
            if kind == "skip" and args.lstrip().startswith(('"', "'")):
                continue  # pytest.skip("the reason")
            assert "reason" in args, f"{path.name}: pytest.{kind} without a reason"
