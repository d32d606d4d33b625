"""The frame machine: settle automatic work, list distinct micro-actions, apply them.

The pending work is `s["stack"]` (top last). A frame is a dict with a kind `k`. Each kind
is registered in exactly one table:
  AUTO[k](s)      runs the top frame (it pops or rewrites it; it may push frames);
  DECIDE[k](s)    -> [(text, fn)] candidate micro-actions in listing order (§9); fn(s)
                  mutates a copy of s whose top frame is the deciding frame;
  CHANCE[k]       an object with single(s) -> text | None (a known outcome),
                  outcomes(s) -> iterator of (text, Fraction), apply(s, text) (mutates).
When the stack is empty, phases.next_phase(s) pushes the next phase's frames.

`settle` runs automatic frames, decisions with a single candidate text and chance events
with a known outcome. Distinct results (§9, cl. 15) are judged on the settled child states
(see DECISIONS.md 1).
"""

from __future__ import annotations

from .state import clone, key

AUTO: dict = {}
DECIDE: dict = {}
CHANCE: dict = {}


def auto(kind):
    def deco(fn):
        AUTO[kind] = fn
        return fn

    return deco


def decide(kind):
    def deco(fn):
        DECIDE[kind] = fn
        return fn

    return deco


def chance(kind):
    def deco(cls):
        CHANCE[kind] = cls()
        return cls

    return deco


def push(s, *frames):
    """Push frames so that the first given is resolved first."""
    for f in reversed(frames):
        s["stack"].append(f)


def top(s):
    return s["stack"][-1] if s["stack"] else None


def is_terminal(s) -> bool:
    return not s["stack"] and s["phase"] == "over"


def settle(s):
    from . import phases

    guard = 0
    while True:
        guard += 1
        if guard > 100000:
            raise RuntimeError("settle does not terminate")
        if not s["stack"]:
            if s["phase"] == "over":
                return s
            phases.next_phase(s)
            continue
        f = s["stack"][-1]
        k = f["k"]
        if k in AUTO:
            if k in ("income", "refresh_start"):
                capture_rest(s, f.get("seat"))
            AUTO[k](s)
            continue
        if k in CHANCE:
            t = CHANCE[k].single(s)
            if t is None:
                return s
            CHANCE[k].apply(s, t)
            continue
        cands = DECIDE[k](s)
        if not cands:
            s["stack"].pop()
            continue
        if len(cands) == 1:
            cands[0][1](s)
            continue
        return s


def _strip_used(s):
    c = clone(s)
    for f in c["stack"]:
        f.pop("used", None)
    return key(c)


def children(s):
    """[(text, settled child)] one per distinct result, in listing order."""
    f = top(s)
    seen = set()
    out = []
    base = key(s)
    menu = f["k"] == "menu"
    base_nomenu = _strip_used(s) if menu else None
    for text, fn in DECIDE[f["k"]](s):
        c = clone(s)
        c["_trail"] = list(s.get("_trail", [])) + [text]
        fn(c)
        settle(c)
        kc = key(c)
        if kc in seen or kc == base:
            continue
        if menu and text != "done" and _strip_used(c) == base_nomenu:
            continue  # a menu item that changes nothing (cl. 15)
        seen.add(kc)
        out.append((text, c))
    return out


def is_chance(s) -> bool:
    f = top(s)
    return f is not None and f["k"] in CHANCE


def is_decision(s) -> bool:
    f = top(s)
    return f is not None and f["k"] in DECIDE


def advance(s):
    """Settle, then apply forced decisions (a single distinct result) until at rest."""
    settle(s)
    while is_decision(s):
        ch = children(s)
        if len(ch) != 1:
            break
        c = ch[0][1]
        if c.get("_rest_id") == s.get("_rest_id"):
            c["_trail"] = list(s.get("_trail", []))  # a forced step is never written
        s = c
    if is_terminal(s) or (is_decision(s) and rest_kind(top(s))):
        capture_rest(s, None if is_terminal(s) else top(s)["seat"])
    return s


REST_DECISIONS = {
    "draft",
    "discard",
    "artifact_tile",
    "start",
    "place",
    "movement",
    "turn",
    "remove",
    "influence",
}


def rest_kind(f) -> bool:
    """A decision that starts a state at rest in the sense of §11."""
    return f["k"] in REST_DECISIONS or (f["k"] == "upgrade" and f.get("dev", False))


def capture_rest(s, to_move):
    """Remember the body of the last state at rest (§11) and start a new trail."""
    s["_rest"] = (clone({k: v for k, v in s.items() if not k.startswith("_")}), to_move)
    s["_rest_id"] = s.get("_rest_id", 0) + 1
    s["_trail"] = []


def legal(s) -> list:
    if not is_decision(s):
        return []
    return [t for t, _ in children(s)]


def apply(s, text):
    if is_chance(s):
        c = clone(s)
        c["_trail"] = list(s.get("_trail", [])) + [text]
        CHANCE[top(s)["k"]].apply(c, text)
        return advance(c)
    if not is_decision(s):
        raise ValueError(f"no decision here: {text!r}")
    ch = children(s)
    for t, c in ch:
        if t == text:
            return advance(c)
    if text.startswith("move ") and top(s)["k"] in ("move", "movement"):
        from .movement import move_result

        want = move_result(s, text)
        for t, c in ch:
            if want is not None and move_result(s, t) == want:
                return advance(c)  # a non-canonical text of a legal result (§9)
    raise ValueError(f"illegal micro-action {text!r}")


def chance_outcomes(s):
    """Iterator of (text, Fraction) over the distinct outcomes."""
    return CHANCE[top(s)["k"]].outcomes(s)


def current_player(s):
    f = top(s)
    if f is None or f["k"] not in DECIDE:
        return None
    return f["seat"]
