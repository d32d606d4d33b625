"""Prints the search options as the core declares them (``SEARCH_OPTIONS``), as the
Markdown table docs/search.md keeps:

    python scripts/search_options.py

Bot specs (``ismcts:cutoff=0``), ``golem_solver.analyse(state, cutoff=0)`` and
``golem-solve analyse --cutoff 0`` all read this one table.
"""

from __future__ import annotations

import sys

from golem_solver import _core


def values_text(option: dict) -> str:
    if option["kind"] == "choice":
        return " \\| ".join(f"`{word}`" for word in option["choices"])
    low, high = option["low"], option["high"]
    if option["kind"] == "count":
        return f"{low:,}–{high:,}"
    return f"{low:g}–{high:g} (real)"


def table() -> str:
    rows = [
        "| option | values | default | searches | what it does |",
        "| --- | --- | --- | --- | --- |",
    ]
    for option in _core.SEARCH_OPTIONS:
        default = f"`{option['default']}`" if option["default"] else "none"
        searches = ", ".join(option["searches"])
        rows.append(
            f"| `{option['name']}` | {values_text(option)} | {default} | {searches} "
            f"| {option['help']} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    sys.stdout.write(table() + "\n")
