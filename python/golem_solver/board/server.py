"""The analysis board's web server: a Starlette app over ``session.Store``.

Security (docs/board.md): every request must carry the token (query ``token`` or header
``X-Board-Token``) and a ``Host`` header naming this server (a DNS-rebinding page has its
own name there); the routes read and write no path of the machine (files come by upload
and go by download); bodies are capped. Every refusal is JSON ``{"error": "error:
<field>: <message>"}``: the one line the command line would print.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import secrets
from importlib import resources
from typing import Any, Awaitable, Callable, Dict, Optional
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .._core import GolemError
from ..errors import error_line, field_and_message, refusal
from .session import UPLOAD_KEYS, Store

#: The largest request body: an uploaded position or record file, as JSON.
MAX_BODY_BYTES = 4 << 20
#: Event streams open at once (one per tab).
MAX_STREAMS = 64
#: Seconds between two events of a stream: live lines 5 times a second.
EVENT_INTERVAL = 0.2
TOKEN_HEADER = "x-board-token"
ASSETS = {"board.js": "text/javascript", "board.css": "text/css"}
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]"}
WILDCARDS = {"0.0.0.0", "::", ""}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:;"
    " style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def download(text: str, media_type: str, name: str) -> Response:
    """A file the browser saves as ``name``."""
    return Response(
        text,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def refused(status: int, field: Optional[str], message: str) -> JSONResponse:
    """A refusal as the board answers it: the command line's one line, as JSON."""
    return JSONResponse(
        {"error": error_line(field or "board", message)},
        status_code=status,
        headers=SECURITY_HEADERS,
    )


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
        return True
    except ValueError:
        return False


def split_host(header: str) -> "tuple[str, str]":
    """A ``Host`` header's name and port (``""`` when it gives none), lower case."""
    header = header.lower()
    if header.startswith("["):  # an IPv6 literal: [::1]:8765
        name, _, rest = header.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else ""
    name, _, port = header.partition(":")
    return name, port


def host_checker(host: str, port: int) -> Callable[[str], bool]:
    """Whether a ``Host`` header names this server: a loopback name or the bound host,
    with the port. Bound to every address, any IP literal passes, never a DNS name (a
    rebinding attack needs its own name)."""
    bound = f"[{host}]" if ":" in host and not host.startswith("[") else host
    names = LOOPBACK_NAMES | {bound.lower()}

    def allowed(header: str) -> bool:
        name, given_port = split_host(header)
        if given_port != str(port) and not (given_port == "" and port == 80):
            return False
        return name in names or (host in WILDCARDS and _is_ip_literal(name))

    return allowed


class Guard:
    """ASGI middleware: the Host check, then the token, before any route runs."""

    def __init__(
        self, app: Any, token: str, host_allowed: Callable[[str], bool]
    ) -> None:
        self.app = app
        self.token = token
        self.host_allowed = host_allowed

    async def __call__(self, scope: Dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {
            k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]
        }
        host = headers.get("host", "")
        if not self.host_allowed(host):
            response = refused(
                403,
                "host",
                f"'{host}' is not this board's address; open the URL it printed",
            )
            await response(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = headers.get(TOKEN_HEADER) or (query.get("token") or [""])[0]
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            reason = "missing" if not given else "wrong"
            response = refused(
                403, "token", f"{reason}; open the URL `golem-solve board` printed"
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def read_json(request: Request) -> Any:
    """The request body as JSON, at most ``MAX_BODY_BYTES`` (refused unread beyond)."""
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _status(
                refusal(
                    "upload", f"larger than {MAX_BODY_BYTES} bytes; the board's cap"
                ),
                413,
            )
        chunks.append(chunk)
    data = b"".join(chunks)
    if not data.strip():
        return {}
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise refusal("request", f"not JSON: {e}") from None


def _status(e: GolemError, status: int) -> GolemError:
    e.status = status
    return e


def api(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """Errors as the one line, never a traceback."""

    async def endpoint(request: Request) -> Response:
        try:
            response = await handler(request)
        except GolemError as e:
            status = getattr(e, "status", 400)
            return refused(status, *field_and_message(e))
        except Exception as e:  # a bug of ours: still one line
            return refused(
                500, "internal error", f"{type(e).__name__}: {e} (please report it)"
            )
        response.headers.update(SECURITY_HEADERS)
        return response

    return endpoint


def create_app(
    token: Optional[str] = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    store: Optional[Store] = None,
) -> Starlette:
    """The board's ASGI app; ``app.state.token`` and ``app.state.store`` for the caller."""
    token = token or secrets.token_urlsafe(24)
    store = store or Store()
    static = resources.files(__package__) / "static"
    page = (static / "index.html").read_text("utf-8")
    assets = {name: (static / name).read_bytes() for name in ASSETS}
    streams = {"open": 0}

    def game_of(request: Request):
        try:
            return store.get(request.path_params["game_id"])
        except GolemError as e:
            raise _status(e, 404) from None

    def view(game) -> JSONResponse:
        return JSONResponse(game.view())

    async def index(request: Request) -> Response:
        return Response(page.replace("{{TOKEN}}", token), media_type="text/html")

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            raise _status(
                refusal("static", f"'{name}' is not a file of the board"), 404
            )
        return Response(assets[name], media_type=ASSETS[name])

    async def registry(request: Request) -> Response:
        from .. import games as games_registry

        out = []
        for name, cls in games_registry.GAMES.items():
            info = dict(cls.INFO)
            options = games_registry.setup_options(name)
            out.append(
                {
                    "name": name,
                    "title": info["title"],
                    "min_players": info["min_players"],
                    "max_players": info["max_players"],
                    "setup_options": options,
                    # The values an option takes by name (Merchant Explorers' maps):
                    # the form offers them as a list, since it reads no file path.
                    "setup_choices": {
                        spec.name: list(spec.choices)
                        for spec in games_registry.setup_option_specs(name)
                        if spec.choices
                    },
                    # Options whose file the form uploads (never a path).
                    "uploads": [key for key in UPLOAD_KEYS if key in options],
                    "decks": cls.INFO["decks"],
                }
            )
        return JSONResponse(
            {"games": out, "bots": ["human", "random", "greedy", "ismcts", "alphabeta"]}
        )

    async def list_games(request: Request) -> Response:
        with store.lock:
            ids = list(store.games)
        return JSONResponse({"games": ids})

    async def new_game(request: Request) -> Response:
        body = await read_json(request)
        game = await run_in_threadpool(store.new_game, body)
        return view(game)

    async def open_file(request: Request) -> Response:
        body = await read_json(request)
        if not isinstance(body, dict):
            raise refusal("upload", "a JSON object with name and text")
        game = await run_in_threadpool(
            store.open_upload, body.get("name"), body.get("text"), body.get("uploads")
        )
        return view(game)

    async def get_game(request: Request) -> Response:
        game = game_of(request)
        return JSONResponse(await run_in_threadpool(game.view))

    async def close_game(request: Request) -> Response:
        game = game_of(request)
        store.close(game.id)
        return JSONResponse({"closed": game.id})

    def action(method: str, *keys: str):
        """A route calling ``game.<method>`` with the body's ``keys``, then the view."""

        async def run(request: Request) -> Response:
            game = game_of(request)
            body = await read_json(request)
            if not isinstance(body, dict):
                raise refusal("request", "a JSON object")
            args = [body.get(key) for key in keys]
            call = getattr(game, method)
            await run_in_threadpool(call, *args)
            return JSONResponse(await run_in_threadpool(game.view))

        return run

    async def start_analysis(request: Request) -> Response:
        game = game_of(request)
        body = await read_json(request)
        await run_in_threadpool(game.start_analysis, body)
        return JSONResponse(await run_in_threadpool(game.view))

    async def stop_analysis(request: Request) -> Response:
        game = game_of(request)
        game.stop_analysis()
        return JSONResponse(await run_in_threadpool(game.view))

    async def annotate(request: Request) -> Response:
        game = game_of(request)
        body = await read_json(request)
        await run_in_threadpool(game.start_annotation, body)
        return JSONResponse(await run_in_threadpool(game.view))

    async def position_toml(request: Request) -> Response:
        game = game_of(request)
        with game.lock:
            node = game.nodes[game.current]
            text = node.state.to_toml()
            name = f"{node.state.game}-ply{node.ply}.toml"
        return download(text, "application/toml", name)

    async def record_jsonl(request: Request) -> Response:
        game = game_of(request)
        text = game.record_text()
        name = f"{game.record().game}-record.jsonl"
        return download(text, "application/jsonl", name)

    async def events(request: Request) -> Response:
        game = game_of(request)
        limit_text = request.query_params.get("limit")
        limit = int(limit_text) if limit_text and limit_text.isdigit() else None
        if streams["open"] >= MAX_STREAMS:
            raise _status(
                refusal("events", f"{MAX_STREAMS} streams are open; close a tab"), 409
            )
        streams["open"] += 1

        async def stream():
            sent = 0
            try:
                while limit is None or sent < limit:
                    if store.searches.closed or game.id not in store.games:
                        yield "event: closed\ndata: {}\n\n"
                        return
                    yield f"data: {json.dumps(game.live())}\n\n"
                    sent += 1
                    await asyncio.sleep(EVENT_INTERVAL)
            finally:
                streams["open"] -= 1

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )

    async def not_found(request: Request) -> Response:
        raise _status(
            refusal("route", f"'{request.url.path}' is not a route of the board"), 404
        )

    g = "/api/games/{game_id}"
    routes = [
        Route("/", index),
        Route("/static/{name}", asset),
        Route("/api/registry", registry),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/open", open_file, methods=["POST"]),
        Route(g, get_game, methods=["GET"]),
        Route(g, close_game, methods=["DELETE"]),
        Route(g + "/close", close_game, methods=["POST"]),
        Route(g + "/play", action("play", "moves"), methods=["POST"]),
        Route(g + "/goto", action("goto", "node"), methods=["POST"]),
        Route(g + "/takeback", action("take_back"), methods=["POST"]),
        Route(g + "/promote", action("promote", "node"), methods=["POST"]),
        Route(g + "/chance", action("sample_chance"), methods=["POST"]),
        Route(
            g + "/seat",
            action("set_seat", "seat", "bot"),
            methods=["POST"],
        ),
        Route(g + "/analysis", start_analysis, methods=["POST"]),
        Route(g + "/analysis", stop_analysis, methods=["DELETE"]),
        Route(g + "/annotate", annotate, methods=["POST"]),
        Route(g + "/position.toml", position_toml, methods=["GET"]),
        Route(g + "/record.jsonl", record_jsonl, methods=["GET"]),
        Route(g + "/events", events, methods=["GET"]),
        Route("/{rest:path}", not_found, methods=["GET", "POST", "DELETE", "PUT"]),
    ]
    routes = [
        Route(
            r.path,
            api(r.endpoint),
            methods=sorted(r.methods - {"HEAD"}) if r.methods else None,
        )
        for r in routes
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        store.stop_all()  # the server stops: so does every search

    async def http_error(request: Request, exc: Exception) -> Response:
        # Starlette's own refusals (a method a route does not take) as the one line too.
        status = getattr(exc, "status_code", 500)
        if status == 405:
            return refused(
                405, "method", f"{request.method} is not a method of {request.url.path}"
            )
        return refused(status, "request", str(getattr(exc, "detail", exc)))

    app = Starlette(
        routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error}
    )
    app.state.token = token
    app.state.store = store
    app.add_middleware(Guard, token=token, host_allowed=host_checker(host, port))
    return app
