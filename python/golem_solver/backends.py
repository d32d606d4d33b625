"""Where games and puzzles run: ``threads`` (the core's thread pool, the default, needs
nothing installed) or ``ray`` (a Ray cluster, or a local Ray runtime: the optional extra
``golem-solver[ray]``, docs/scale.md). Nothing here imports Ray; ``ray_backend`` does,
and only when asked for."""

from __future__ import annotations

from types import ModuleType
from typing import Optional

from .errors import refusal

THREADS = "threads"
RAY = "ray"
BACKENDS = (THREADS, RAY)
RAY_MISSING = 'ray is not installed (pip install "golem-solver[ray]")'


def check_backend(
    backend: str, address: Optional[str] = None, threads: Optional[int] = None
) -> str:
    """``backend`` if it is one of ``BACKENDS`` and the options fit it, else a
    ``GolemError``: ``address`` is for Ray alone, and a cluster (``address``) uses the
    CPUs it has, so ``threads`` is refused with it."""
    if backend not in BACKENDS:
        raise refusal("backend", f"'{backend}' is not one of {', '.join(BACKENDS)}")
    if address is not None and backend != RAY:
        raise refusal("address", "only with the ray backend")
    if address is not None and threads is not None:
        raise refusal(
            "threads", "not with an address (a cluster's tasks use the CPUs it has)"
        )
    return backend


def ray_backend() -> ModuleType:
    """``golem_solver.ray_backend``, or a ``GolemError`` saying how to install Ray."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise refusal("backend", RAY_MISSING) from None
    from . import ray_backend as module

    return module
