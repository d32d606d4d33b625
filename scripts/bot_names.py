"""Bot names in results files across a change of defaults.

A bot spec names only the options that differ from their defaults, so changing a default
changes what an old name means. Results rows therefore say which names they use
(``"names"``); a row without the field uses version 1, and is read under today's names.

- Version 1 was before ISMCTS threads shared one tree by default: there ``threads=N``
  alone meant a tree per thread, and ``parallel=tree`` the shared tree.
- Version 2 was before ISMCTS's exploration constant became 0.1: there a spec without
  ``exploration`` meant 0.3, and ``exploration=0.1`` is today's default.
"""

from __future__ import annotations

from typing import List

NAMES_VERSION = 3

#: The ISMCTS options a canonical name lists after ``exploration`` (rust/core's
#: ``IsmctsBot::name``, which tests/test_ladder.py checks): an ``exploration`` put back
#: into an old name goes before them.
AFTER_EXPLORATION = {
    "reward",
    "scale",
    "margin",
    "prior",
    "widening",
    "widening_exponent",
    "decisive",
    "solo",
    "threads",
    "parallel",
    "chance",
    "eval",
}


def current_name(spec: str, version: int) -> str:
    """A bot spec of a row written under names ``version``, as it is named now."""
    if version >= NAMES_VERSION or not (spec == "ismcts" or spec.startswith("ismcts:")):
        return spec
    options = [o for o in spec.partition(":")[2].split(",") if o]
    if version < 2:
        options = _shared_tree_default(options)
    if version < 3:
        options = _exploration_default(options)
    return "ismcts:" + ",".join(options) if options else "ismcts"


def _shared_tree_default(options: List[str]) -> List[str]:
    options = list(options)
    threads = next((o for o in options if o.startswith("threads=")), "threads=1")
    if threads == "threads=1":
        return options
    if "parallel=tree" in options:
        options.remove("parallel=tree")
    elif not any(o.startswith("parallel=") for o in options):
        options.insert(options.index(threads) + 1, "parallel=root")
    return options


def _exploration_default(options: List[str]) -> List[str]:
    if any(o.startswith("exploration=") for o in options):
        # The new default is left out of a name, as every default is.
        return [o for o in options if not _is_new_default(o)]
    at = next(
        (i for i, o in enumerate(options) if o.split("=", 1)[0] in AFTER_EXPLORATION),
        len(options),
    )
    return options[:at] + ["exploration=0.3"] + options[at:]


def _is_new_default(option: str) -> bool:
    key, _, value = option.partition("=")
    try:
        return key == "exploration" and float(value) == 0.1
    except ValueError:  # not a number: not the default, and the spec parser's to refuse
        return False
