"""The ``golem-solve`` app and its error handling: every command is registered on ``app``
and wrapped in ``reports_errors``.

Every error from bad input (a missing file, a refused position, an illegal move, a usage
error such as an unknown option or a number out of range) prints one line
``error: <field>: <message>`` to stderr (``golem_solver.errors.error_line``) and exits
with status 2. Ctrl-C stops a long command (``run_interruptibly``), which prints what it
has and exits with status 130. A bug of golem-solver's own exits with status 70.
"""

from __future__ import annotations

import difflib
import functools
import inspect
import os
import signal
import sys
import threading
from typing import Any, Callable, Optional, Tuple, TypeVar

import typer
from rich.markup import escape as escape_markup
from typer.core import TyperGroup

from .._core import StopToken
from ..errors import GolemError, InternalError, error_line, field_and_message

try:  # Typer >= 0.25 vendors Click
    from typer._click import exceptions as click_errors
    from typer._click.core import Context as ClickContext
except ImportError:  # pragma: no cover - older Typer uses Click itself
    from click import Context as ClickContext  # type: ignore[assignment]
    from click import exceptions as click_errors  # type: ignore[no-redef]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
# A bug in golem-solver itself (EX_SOFTWARE of sysexits.h), told apart from bad input.
EXIT_INTERNAL_ERROR = 70
#: How a refusal to replace an existing file ends (the commands' own option).
FORCE_HINT = "use --force to overwrite it"


class CommandUsageError(click_errors.UsageError):
    """A usage error about the command line's words rather than an option: an unknown
    command, an extra argument; ``field`` says which."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _usage_field(e: Exception) -> Optional[str]:
    """The option a usage error is about, as the core names options (``max_plies``)."""
    if isinstance(e, CommandUsageError):
        return e.field
    if _extra_arguments(e.format_message()) is not None:
        return "arguments"
    param = getattr(e, "param", None)
    if param is not None:
        longs = [o for o in param.opts if o.startswith("--")]
        name = longs[0] if longs else (param.opts[0] if param.opts else param.name)
        return name.lstrip("-").replace("-", "_")
    option = getattr(e, "option_name", None)
    return option.lstrip("-").replace("-", "_") if option else None


def _usage_message(e: Exception) -> str:
    if isinstance(e, click_errors.MissingParameter):
        param = getattr(e, "param", None)
        opts = [o for o in getattr(param, "opts", []) if o.startswith("-")]
        if opts:  # an option: say how to give it (an argument's place is in the usage)
            return f"missing (give {'/'.join(sorted(opts, key=len, reverse=True))})"
        return "missing"
    if isinstance(e, click_errors.NoSuchOption):
        similar = sorted(getattr(e, "possibilities", None) or [])
        hint = f" (did you mean {', '.join(similar)}?)" if similar else ""
        return f"no such option{hint}"
    if isinstance(e, click_errors.BadParameter):
        return e.message
    text = e.format_message()
    extra = _extra_arguments(text)
    return text if extra is None else f"unexpected extra argument(s): {extra}"


def _extra_arguments(text: str) -> Optional[str]:
    """The arguments of Click's "Got unexpected extra argument(s) (b c)", else None."""
    prefix = "Got unexpected extra argument"
    if not text.startswith(prefix) or not text.endswith(")"):
        return None
    return text[text.index(" (", len(prefix)) + 2 : -1]


#: Placeholders in one style, by the option's type (a flag shows none; a choice shows
#: its words, as Typer writes them).
PLACEHOLDERS = {"int": "INT", "float": "NUMBER", "str": "TEXT", "Path": "PATH"}


def _tidy_placeholders(command: Any) -> None:
    """Gives every option of ``command`` (and of its subcommands) a placeholder in one
    style: ``INT``, ``NUMBER``, ``TEXT``, ``PATH``, none for a flag (an option's own
    metavar, ``FILE`` or ``POS``, is kept), and escapes its help for Rich, whose markup
    would eat a bracketed word (``golem-solver[ray]``). Once per command."""
    if getattr(command, "_tidied", False):
        return
    command._tidied = True
    # `--help` is made on first use; make it now, to give it no placeholder either.
    helper = command.get_help_option(ClickContext(command))
    for param in [*getattr(command, "params", []), *([helper] if helper else [])]:
        if getattr(param, "help", None):
            param.help = escape_markup(param.help)
        if getattr(param, "param_type_name", "") == "argument":
            _plain_argument(param)
        elif getattr(param, "is_flag", False):
            param.metavar = ""
        elif param.metavar is None and hasattr(param, "bare_type"):
            descriptor = getattr(param, "type_descriptor", None)
            if descriptor is None or not descriptor.is_choice:
                param.metavar = PLACEHOLDERS.get(param.bare_type(), param.metavar)
    for sub in getattr(command, "commands", {}).values():
        _reflow_help(sub)
        _tidy_placeholders(sub)


def _reflow_help(command: Any) -> None:
    """A docstring's line breaks are the source's, not the terminal's: Rich mode keeps
    them, so the help read ``the node`` / ``subtotal``. Paragraphs are joined into lines
    (Rich wraps them to the terminal), the command list shows the first sentence only,
    and brackets are escaped as for options."""
    if not command.help:
        return
    paragraphs = inspect.cleandoc(command.help).split("\n\n")
    joined = [" ".join(p.split()) for p in paragraphs]
    command.help = escape_markup("\n\n".join(joined))
    first = joined[0]
    end = first.find(". ")
    command.short_help = escape_markup(first if end < 0 else first[: end + 1])


def _plain_argument(argument: Any) -> None:
    """An argument is named once, by its placeholder (``POS``, ``FILE``): no ``<str>``
    type beside it, and ``POS`` (``[POS]`` when optional) in the usage line rather than
    Typer's ``{POS}``."""
    name = argument.metavar or argument.name.upper()
    argument.metavar = name
    argument.display_type_rich = lambda ctx: None
    argument._usage_display_name = lambda: (
        (name if argument.required else f"[{name}]")
        + ("..." if argument.nargs != 1 else "")
    )


class OneLineErrors(TyperGroup):
    """Typer's group with usage errors (an unknown or missing option, a bad value) as one
    line ``error: <option>: <message>``, exit status 2, instead of Rich's box."""

    def resolve_command(self, ctx: Any, args: Any) -> Any:
        """An unknown command is refused as ``error: command: no such command 'slove'
        (did you mean solve?)``."""
        name = args[0] if args else None
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=2)
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            raise CommandUsageError("command", f"no such command '{name}'{hint}")
        return super().resolve_command(ctx, args)

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        _tidy_placeholders(self)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click_errors.UsageError as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # Click >= 8.2: the help
                e.show()
                code = e.exit_code
            else:
                typer.echo(error_line(_usage_field(e), _usage_message(e)), err=True)
                code = EXIT_BAD_INPUT
        except click_errors.ClickException as e:
            typer.echo(error_line(None, e.format_message()), err=True)
            code = e.exit_code
        except (typer.Abort, KeyboardInterrupt):
            code = EXIT_INTERRUPTED
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    name="golem-solve",
    help="Exact solver tools for Golem-family game positions (TOML files that name"
    " their game).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(given: bool) -> None:
    if given:
        from .. import __version__

        typer.echo(f"golem-solve {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help="Print the version and exit.",
    ),
) -> None:
    """Exact solver tools for Golem-family game positions (TOML files that name their
    game)."""


F = TypeVar("F", bound=Callable[..., None])


def fail(field: Optional[str], message: str) -> typer.Exit:
    typer.echo(error_line(field, message), err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def reports_errors(command: F) -> F:
    """Turns bad-input exceptions into a one-line message and exit status 2."""

    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except InternalError as e:  # a panic in the core: a bug, not bad input
            typer.echo(error_line(e.field, e.message), err=True)
            raise typer.Exit(EXIT_INTERNAL_ERROR) from None
        except GolemError as e:
            raise fail(*field_and_message(e)) from None
        except BrokenPipeError:
            # The reader went away (`golem-solve moves POS | head`): nothing to report.
            # Point stdout at /dev/null so the flush at exit does not fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(0) from None
        except OSError as e:
            # A system error naming no file comes from writing the output (a full disk).
            field = str(e.filename) if e.filename else "stdout"
            raise fail(field, e.strerror or str(e)) from None
        except (typer.Exit, typer.Abort, click_errors.ClickException):
            raise
        except Exception as e:  # a bug of ours: still one line, never a traceback
            typer.echo(
                error_line(
                    "internal error", f"{type(e).__name__}: {e} (please report it)"
                ),
                err=True,
            )
            raise typer.Exit(EXIT_INTERNAL_ERROR) from None

    return run  # type: ignore[return-value]


def run_interruptibly(run: Callable[[StopToken], Any]) -> Tuple[Any, bool]:
    """Runs long work on a worker thread so that Ctrl-C can stop it through a StopToken:
    the work then returns what it has (a search its best result so far, perft None, the
    arena and the puzzles what was finished). Returns that and whether Ctrl-C came."""
    token = StopToken()
    outcome: dict = {}
    done = threading.Event()

    def work() -> None:
        try:
            outcome["result"] = run(token)
        except BaseException as e:  # handed to the main thread below
            outcome["error"] = e
        finally:
            done.set()

    # Ctrl-C only sets a flag and the token while the work runs: a KeyboardInterrupt raised
    # inside the waiting (an Event's or a join's lock) could leave that lock held, and the
    # worker's `done.set()` and the main thread would then wait for each other for ever.
    interrupted = False

    def on_interrupt(signum: int, frame: object) -> None:
        nonlocal interrupted
        interrupted = True
        token.stop()

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, on_interrupt) if main else None
    try:
        threading.Thread(target=work, daemon=True).start()
        while not done.wait(0.05):
            pass
    finally:
        if main:
            # After a Ctrl-C, later ones are ignored on the way out (see golem_solver.cli).
            after = signal.SIG_IGN if interrupted else previous
            signal.signal(signal.SIGINT, after if after is not None else signal.SIG_DFL)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"], interrupted
