"""Prints the figures that say how tangled the layers around the engines are.

    python scripts/architecture.py [--json]

- Python import cycles: strongly connected groups of ``golem_solver`` modules, counting
  every import (a deferred import inside a function is still a dependency).
- Rust cycles between the core's top-level modules (``crate::game`` using
  ``crate::bench`` while ``bench`` uses ``game``); test modules are left out.
- Lines in the bindings crate (``rust/py/src``).
- Lines outside a game's own folder that name a game, per place (the registry is
  expected to; the rest is what a new game would have to touch).

`docs/architecture.md` keeps the figures with this command.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path
from typing import Dict, List, Set

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "golem_solver"
CORE = ROOT / "rust" / "core" / "src"
BINDINGS = ROOT / "rust" / "py" / "src"
GAME_FOLDERS = ("century", "golem_cranio", "merchant_explorers")
GAME_NAMES = re.compile(
    r"century|golem_cranio|golem-cranio|merchant_explorers|merchant-explorers|"
    r"GolemCranio|MerchantExplorers|\bCranio\b",
    re.IGNORECASE,
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_imports() -> Dict[str, Set[str]]:
    """Every package module and the package modules it imports."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: Dict[str, Set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets: List[str] = []
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                targets.append(base)
                targets.extend(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                targets.extend(alias.name for alias in node.names)
            for target in targets:
                # Importing a submodule runs its parents' __init__ anyway: not an edge.
                if target in modules and not (name + ".").startswith(target + "."):
                    graph[name].add(target)
    return graph


def cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected groups of more than one node (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    groups: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def rust_top_modules() -> Dict[str, Set[str]]:
    """The core's top-level modules and the top-level modules their non-test code uses."""
    graph: Dict[str, Set[str]] = {}
    reexports: Dict[str, str] = {}
    for module, group in re.findall(
        r"pub use (\w+)::\{([^}]*)\}", code_of(CORE / "lib.rs")
    ):
        reexports.update((n.strip(), module) for n in group.split(",") if n.strip())
    for path in CORE.rglob("*.rs"):
        relative = path.relative_to(CORE)
        top = relative.parts[0].removesuffix(".rs")
        if top in ("lib", "main"):
            continue
        if is_test_file(path):
            continue
        text = code_of(path)
        used = set(re.findall(r"crate::([a-z_]+)", text))
        # `crate::Game` and `crate::{Game, Turn}` name what lib.rs re-exports.
        names = re.findall(r"crate::([A-Z]\w*)", text)
        for group in re.findall(r"crate::\{([^}]*)\}", text):
            names += [n.strip() for n in group.split(",")]
        used |= {reexports[n] for n in names if n in reexports}
        graph.setdefault(top, set()).update(u for u in used if u != top)
    names = set(graph)
    return {k: {u for u in v if u in names} for k, v in graph.items()}


def is_test_file(path: Path) -> bool:
    return (
        path.name == "tests.rs"
        or path.name.endswith("_tests.rs")
        or ("tests" in path.parts[:-1])
    )


def code_of(path: Path) -> str:
    """A Rust file's code before its test module, without comments."""
    text = path.read_text().split("#[cfg(test)]")[0]
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def lines(folder: Path, pattern: str) -> int:
    return sum(len(p.read_text().splitlines()) for p in folder.rglob(pattern))


def naming_a_game() -> Dict[str, int]:
    """Per file outside a game's own folder, the lines of code that name a game."""
    found: Dict[str, int] = {}
    places = [
        *(p for p in CORE.rglob("*.rs") if not set(p.parts) & set(GAME_FOLDERS)),
        *BINDINGS.rglob("*.rs"),
        *PACKAGE.rglob("*.py"),
    ]
    for path in places:
        if path.suffix == ".rs" and is_test_file(path):
            continue
        if path.suffix == ".rs":
            text = code_of(path)
        else:
            text = "\n".join(
                line.split("#")[0] for line in path.read_text().splitlines()
            )
        count = 0
        for line in text.splitlines():
            if GAME_NAMES.search(line):
                count += 1
        if count:
            found[str(path.relative_to(ROOT))] = count
    return dict(sorted(found.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    python_cycles = cycles(python_imports())
    rust_cycles = cycles(rust_top_modules())
    named = naming_a_game()
    figures = {
        "python_import_cycles": python_cycles,
        "rust_module_cycles": rust_cycles,
        "bindings_lines": lines(BINDINGS, "*.rs"),
        "lines_naming_a_game": sum(named.values()),
        "files_naming_a_game": named,
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Python import cycles: {len(python_cycles)}")
    for group in python_cycles:
        print(f"  {' <-> '.join(group)}")
    print(f"Rust module cycles (core, top level): {len(rust_cycles)}")
    for group in rust_cycles:
        print(f"  {' <-> '.join(group)}")
    print(f"lines in rust/py/src: {figures['bindings_lines']}")
    print(
        f"lines naming a game outside its folder: {figures['lines_naming_a_game']} "
        f"in {len(named)} files"
    )
    for path, count in named.items():
        print(f"  {count:4d}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
