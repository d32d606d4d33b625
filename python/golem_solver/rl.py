"""Arrays for learning, for every registered game (docs/rl.md).

Each state class has ``observation(player)``, ``legal_mask()``, ``apply_index(i)``,
``num_distinct_actions()`` and ``observation_shape()``; this module adds the batch entry
points, all made in Rust and returned as numpy arrays:

- ``batch_playouts(states, n, seed)``: ``n`` random playouts from each state;
- ``VecEnv(game, num_envs, players, seed)`` and ``batch_step``: many games stepped
  together, one call per step, chance resolved from the seed.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from . import _core

VecEnv = _core.VecEnv


def batch_playouts(
    states: Sequence[Any], n: int, seed: int = 0, threads: int = 1
) -> dict:
    """``n`` uniformly random playouts from each state (all of one game and player
    count). Returns ``{"returns": float64 [S, n, players], "scores": int32 [S, n,
    players], "plies": int64 [S, n]}``; the same for a seed on any number of threads."""
    return _core.batch_playouts(list(states), n, seed, threads)


def batch_step(env: Any, actions: Any) -> tuple:
    """``env.step`` with ``actions`` as any integer sequence or array (converted to
    int64): ``(observations, masks, rewards, dones)``."""
    return env.step(np.ascontiguousarray(actions, dtype=np.int64))
