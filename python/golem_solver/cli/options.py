"""The options several commands share, declared once: their names, help and ranges."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Dict, List, Optional, Tuple

import typer

from ..backends import THREADS
from ..checks import RANGES, SEARCH_OPTIONS
from ..errors import outside
from ..games import DEFAULT_GAME, GAMES, SetupOption, setup_option_specs
from ..search import DEFAULT_MOVETIME_MS


def ranged(key: str) -> Callable[[Any], Any]:
    """A Typer callback refusing a value outside ``RANGES[key]`` (a usage error: one line
    ``error: <option>: <value> is outside LOW–HIGH``, exit status 2)."""
    low, high = RANGES[key]

    def check(value: Any) -> Any:
        if value is not None and not low <= value <= high:
            raise typer.BadParameter(outside(value, low, high))
        return value

    return check


#: Above this an integer option's range reads "or more": no one types 2^64 - 1.
UNBOUNDED = 2**32


def range_text(key: str) -> str:
    """An integer option's range as a person writes it: ``[1–128]``, ``[0 or more]``
    (the dash keeps a bounded range on one line of the help)."""
    low, high = RANGES[key]
    if high > UNBOUNDED:
        return f" [{low:,} or more]"
    return f" [{low:,}–{high:,}]"


def int_option(default: Any, *names: str, key: str, help: str, **more: Any) -> Any:
    """An integer option whose range is checked and shown in ``--help``."""
    return typer.Option(
        default, *names, callback=ranged(key), help=help + range_text(key), **more
    )


PosArg = typer.Argument(
    ..., metavar="POS", help="Position file (TOML), or - for stdin."
)
OutOpt = typer.Option(
    None, "--output", "-o", help="Write the position here (default: stdout)."
)
ForceOpt = typer.Option(False, "--force", help="Overwrite an existing output file.")
# A rules file read with a position, under each game's own name for it (Golem's
# `--components`, an Explorers `--map`): the core declares them, the game refuses another
# kind.
RULES_FILE_NAMES = {
    game: cls.INFO["rules_file"]
    for game, cls in GAMES.items()
    if cls.INFO["rules_file"]
}
ComponentsOpt = typer.Option(
    None,
    *sorted({f"--{name}" for name in RULES_FILE_NAMES.values()}),
    metavar="FILE",
    help="Read the position with this rules file instead of the one it names: "
    + ", ".join(f"--{name} for {game}" for game, name in RULES_FILE_NAMES.items())
    + ".",
)
GameOpt = typer.Option(DEFAULT_GAME, "--game", help=f"The game: {', '.join(GAMES)}.")


# A list default: built once here, not in the signature (ruff B008).
SetupOptionOpt = typer.Option(
    [],
    "--option",
    "-O",
    help="A setup option of the game as KEY=VALUE (repeatable); see `setup_options`.",
)


DepthOpt = int_option(
    None, "--depth", "-d", key="depth", help="Deepest iteration (plies)."
)
NodesOpt = int_option(None, "--nodes", key="nodes", help="Stop after this many nodes.")
MovetimeOpt = int_option(
    None, "--movetime", key="movetime", help="Stop after this many ms (0: no time cap)."
)
SolveMovetimeOpt = int_option(
    DEFAULT_MOVETIME_MS,
    "--movetime",
    key="movetime",
    help="Stop after this many ms, whatever other budget is given (0: no time cap).",
    show_default=True,
)
InfiniteOpt = typer.Option(
    False,
    "--infinite",
    help="No time cap: search until --depth/--nodes or Ctrl-C (like --movetime 0).",
)
ObjectiveOpt = typer.Option(
    None,
    "--objective",
    help=(
        "win: play to win (alpha-beta proves a forced win/loss); score: the score"
        " (alone: the expected score; with others: the margin, also called margin)."
        " Default: score for one player, win for more."
    ),
)
HashOpt = int_option(16, "--hash", key="hash", help="Transposition table size (MiB).")
ThreadsOpt = int_option(
    1,
    "--threads",
    "-t",
    key="threads",
    help=(
        "Threads searching together (ISMCTS: a tree each, merged at the root;"
        " alpha-beta: the root moves shared out). More than one is not reproducible."
    ),
)
JsonOpt = typer.Option(False, "--json", help="End with one JSON object (one line).")
StreamOpt = typer.Option(False, "--stream", help="With --json: a JSON line per report.")


BackendOpt = typer.Option(
    THREADS,
    "--backend",
    help="Where the work runs: threads (built in) or ray (a Ray cluster or a local"
    ' runtime; pip install "golem-solver[ray]"; docs/scale.md).',
)
AddressOpt = typer.Option(
    None,
    "--address",
    metavar="ADDR",
    help="With --backend ray: the cluster's head (HOST:PORT, or auto for the one started"
    " on this machine with `ray start`); without it a local runtime is started.",
)


AllowOutsideOpt = typer.Option(
    False,
    "--allow-outside",
    help="Let the positions name files (a position_file, a map, a components file)"
    " outside the folder of the suite or record file.",
)


# ---- setup options: a flag each, made from what the games declare --------------------


def declared_setup_options() -> Dict[str, Tuple[SetupOption, List[str]]]:
    """Every setup option a registered game declares, with the games that take it."""
    declared: Dict[str, Tuple[SetupOption, List[str]]] = {}
    for game in GAMES:
        for option in setup_option_specs(game):
            declared.setdefault(option.name, (option, []))[1].append(game)
    return declared


def _flag_parameter(option: SetupOption, games: List[str]) -> inspect.Parameter:
    help = f"{option.help[0].upper()}{option.help[1:]} ({', '.join(games)})."
    if option.kind == "flag":
        default, annotation = typer.Option(False, f"--{option.name}", help=help), bool
    else:
        metavar = "FILE" if option.kind == "file" else "TEXT"
        default = typer.Option(None, f"--{option.name}", metavar=metavar, help=help)
        annotation = Optional[str]
    return inspect.Parameter(
        f"setup_{option.name.replace('-', '_')}",
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=annotation,
    )


def _with_parameters(
    command: Callable[..., Any],
    keyword: str,
    added: List[inspect.Parameter],
    gather: Callable[[Dict[str, Any]], Dict[str, Any]],
) -> Callable[..., Any]:
    """``command`` with the parameters ``added`` (Typer reads the signature), whose
    values it is handed as ``keyword=gather({parameter: value})``."""
    signature = inspect.signature(command)
    kept = [p for p in signature.parameters.values() if p.name != keyword]

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        values = {p.name: kwargs.pop(p.name) for p in added}
        return command(*args, **{keyword: gather(values)}, **kwargs)

    run.__signature__ = signature.replace(parameters=kept + added)  # type: ignore[attr-defined]
    return run


def with_setup_flags(command: Callable[..., Any]) -> Callable[..., Any]:
    """Gives ``command`` one option per declared setup option (``--map``, ``--intro``,
    ``--components``: no command names a game's option) and hands it ``setup_flags``,
    the ones given, as ``name -> value`` texts (a flag: ``"true"``)."""
    declared = declared_setup_options()
    added = [_flag_parameter(option, games) for option, games in declared.values()]

    def gather(values: Dict[str, Any]) -> Dict[str, Any]:
        flags: Dict[str, str] = {}
        for name, (option, _) in declared.items():
            value = values[f"setup_{name.replace('-', '_')}"]
            if option.kind == "flag":
                if value:
                    flags[name] = "true"
            elif value is not None:
                flags[name] = str(value)
        return flags

    return _with_parameters(command, "setup_flags", added, gather)


# ---- search options: an option each, made from the core's declarations ---------------

#: Search options that keep an option of their own in the commands (the budget, the
#: threads, --objective, --depth and --hash, whose defaults differ from a bot's), and
#: older spellings kept beside the declared name.
OWN_OPTIONS = (
    "iterations",
    "movetime",
    "threads",
    "solo",
    "depth",
    "objective",
    "hash",
)
ALIASES = {"variant": ["--ismcts"]}


def _amount(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _search_parameter(option: Dict[str, Any], default: str) -> inspect.Parameter:
    name = option["name"]
    flags = [f"--{name.replace('_', '-')}", *ALIASES.get(name, [])]
    if option["kind"] == "choice":
        annotation: Any = Optional[str]
        metavar = "|".join(option["choices"])
        limits = ""
    else:
        annotation = Optional[int] if option["kind"] == "count" else Optional[float]
        metavar = "INT" if option["kind"] == "count" else "NUMBER"
        limits = f", {_amount(option['low'])} to {_amount(option['high'])}"
    text = option["help"]
    help = f"{text[0].upper()}{text[1:]} (default {default}{limits})."
    return inspect.Parameter(
        f"search_{name}",
        inspect.Parameter.KEYWORD_ONLY,
        default=typer.Option(None, *flags, metavar=metavar, help=help),
        annotation=annotation,
    )


def with_search_options(
    *searches: str, defaults: Optional[Dict[str, str]] = None
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Gives a command one option per declared option of ``searches`` (``ismcts``,
    ``alphabeta``) that has none of its own (``--rollout``, ``--cutoff``, ``--samples``,
    ...: adding an option to the core's table adds it here), and hands the command
    ``search_options``, the ones given, by name. The help shows the table's default (a
    bot's) unless ``defaults`` gives the command's own."""
    shown = defaults or {}
    declared = [
        o
        for o in SEARCH_OPTIONS.values()
        if set(searches) & set(o["searches"]) and o["name"] not in OWN_OPTIONS
    ]

    def gather(values: Dict[str, Any]) -> Dict[str, Any]:
        given = {o["name"]: values[f"search_{o['name']}"] for o in declared}
        return {name: value for name, value in given.items() if value is not None}

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        added = [
            _search_parameter(option, shown.get(option["name"], option["default"]))
            for option in declared
        ]
        return _with_parameters(command, "search_options", added, gather)

    return decorate
