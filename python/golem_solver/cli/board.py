"""``golem-solve board``: the analysis board's server (golem_solver.board, docs/board.md).

Prints one line ``board: http://HOST:PORT/?token=TOKEN`` on stdout, logs on stderr, and
serves until Ctrl-C, which stops every search and exits with status 130.
"""

from __future__ import annotations

import signal
import socket
import threading
import webbrowser
from pathlib import Path
from typing import Optional

import typer

from .._files import MAX_POSITION_BYTES, read_capped
from ..errors import out_of_range, refusal
from ..games import read_position
from ..records import read_records
from .program import EXIT_INTERRUPTED, app, reports_errors
from .text import escape

MISSING_EXTRA = 'needs the board extra: pip install "golem-solver[board]"'


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the URL is printed (``--port 0``: a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family)
    except OSError as e:
        raise refusal("port", f"{port} on {host}: {e.strerror or e}") from None
    except OverflowError:
        raise out_of_range("port", port, 0, 65535) from None


def _url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?token={token}"


def _open_file(store, file: Path) -> None:
    """FILE: a position (TOML) or a record file (JSON lines, its first game)."""
    with open(file, "rb") as stream:
        head = stream.read(1)
    if head == b"{":
        store.open_record(read_records(file)[0])
        return
    with open(file, "rb") as stream:
        read_capped(stream, str(file), cap=MAX_POSITION_BYTES)
    state, warnings = read_position(path=file)
    for warning in warnings:
        typer.echo(f"warning: {escape(warning)}", err=True)
    store.add(state)


FileArg = typer.Argument(
    None,
    metavar="FILE",
    help="A position (TOML) or a record file (JSON lines: its first game).",
)


@app.command("board")
@reports_errors
def board_command(
    file: Optional[Path] = FileArg,
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to listen on (loopback by default)."
    ),
    port: int = typer.Option(8765, "--port", help="Port to listen on (0: a free one)."),
    no_browser: bool = typer.Option(
        False, "--no-browser", help="Do not open the page in the default browser."
    ),
) -> None:
    """The analysis board: play, analyse and follow a game in a local web page.

    Needs the board extra: pip install "golem-solver\\[board]". Every request needs
    the token in the printed URL. Ctrl-C stops every analysis and exits with status 130.
    """
    try:
        import uvicorn

        from ..board.server import create_app, is_loopback
        from ..board.session import Store
    except ImportError:
        raise refusal("board", MISSING_EXTRA) from None
    if not 0 <= port <= 65535:
        raise out_of_range("port", port, 0, 65535)
    store = Store()
    if file is not None:
        _open_file(store, file)
    sock = _bind(host, port)

    class Server(uvicorn.Server):
        interrupted = False

        def handle_exit(self, sig, frame):  # Ctrl-C or SIGTERM while serving
            Server.interrupted = True
            store.stop_all()
            super().handle_exit(sig, frame)

    server: Optional[Server] = None

    def on_interrupt(signum, frame) -> None:
        # Ctrl-C before uvicorn listens for it (or after it stops): a flag, never a
        # KeyboardInterrupt raised inside the startup's own locks (which once surfaced
        # as "cannot release un-acquired lock"). No search runs yet; `finally` stops any.
        Server.interrupted = True
        if server is not None:
            server.should_exit = True

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        bound_port = sock.getsockname()[1]
        app_ = create_app(host=host, port=bound_port, store=store)
        url = _url(host, bound_port, app_.state.token)
        print(f"board: {url}", flush=True)
        if not is_loopback(host):
            typer.echo(
                f"warning: host: {escape(host)} is not loopback; anyone who can reach it"
                " and has the token can use the board",
                err=True,
            )
        if not no_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        config = uvicorn.Config(
            app_,
            log_level="warning",
            timeout_graceful_shutdown=1,
            access_log=False,
            lifespan="off",  # the finally below stops the searches
        )
        server = Server(config)
        if not Server.interrupted:
            server.run(sockets=[sock])
    except KeyboardInterrupt:
        Server.interrupted = True
    finally:
        signal.signal(signal.SIGINT, previous)
        store.stop_all()
        sock.close()
    if Server.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
