"""Bot names in results files across a change of defaults.

A bot spec names only the options that differ from their defaults, so changing a default
changes what an old name means. Results rows therefore say which names they use
(``"names"``); a row without the field uses version 1, and is read under today's names.

Version 1 was before ISMCTS threads shared one tree by default: there ``threads=N``
alone meant a tree per thread, and ``parallel=tree`` the shared tree.
"""

from __future__ import annotations

NAMES_VERSION = 2


def current_name(spec: str, version: int) -> str:
    """A bot spec of a row written under names ``version``, as it is named now."""
    if version >= NAMES_VERSION or not spec.startswith("ismcts:"):
        return spec
    options = spec.split(":", 1)[1].split(",")
    threads = next((o for o in options if o.startswith("threads=")), "threads=1")
    if threads == "threads=1":
        return spec
    if "parallel=tree" in options:
        options.remove("parallel=tree")
    elif not any(o.startswith("parallel=") for o in options):
        options.insert(options.index(threads) + 1, "parallel=root")
    return "ismcts:" + ",".join(options)
