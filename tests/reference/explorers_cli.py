"""Command line for the Merchant Explorers reference model (run from tests/):

python -m reference.explorers_cli perft POSITION.toml DEPTH [--divide]
python -m reference.explorers_cli legal POSITION.toml [--moves "a,b,..."]
python -m reference.explorers_cli new MAP PLAYERS          (prints a start position)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .explorers_model import divide, load_position, new_state, perft, to_position


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="explorers_cli")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("position")
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true")
    p.add_argument("--moves", default="")
    q = sub.add_parser("legal")
    q.add_argument("position")
    q.add_argument("--moves", default="")
    n = sub.add_parser("new")
    n.add_argument("map")
    n.add_argument("players", type=int)
    args = ap.parse_args(argv)
    if args.cmd == "new":
        print(to_position(new_state(args.map, args.players)), end="")
        return
    path = Path(args.position)
    s = load_position(path.read_text(), base_dir=path.parent)
    for t in filter(None, (x.strip() for x in args.moves.split(","))):
        s = s.apply(t)
    if args.cmd == "legal":
        if s.turn() == "chance":
            for t, pr in s.chance():
                print(f"{t}\t{pr}")
        else:
            print("\n".join(s.legal()))
        return
    if args.divide:
        total = 0
        for t, v in divide(s, args.depth).items():
            print(f"{t}: {v}")
            total += v
        print(f"total: {total}")
    else:
        print(perft(s, args.depth))


if __name__ == "__main__":
    main()
