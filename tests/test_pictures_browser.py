"""Every game's picture (``show --svg``) looked at in a real browser, as a person sees it:
Debian's Chromium through Playwright, a 1400×1000 window at 100% zoom. Per game and per
player count, a fresh game and a game played 40 random plies on; each picture must keep
every text inside the picture, and no two labels may run into each other.

With ``GOLEM_PICTURE_SCREENSHOTS=1`` the screenshots go to docs/images/ (named
``picture-GAME-Np.png``; README.md and the game docs show them); otherwise to the test's
temporary folder.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Dict, List

import pytest

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the test extra: pip install golem-solver[test]"
)

from board_support import CHROMIUM  # noqa: E402

import golem_solver  # noqa: E402
from golem_solver import new  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if CHROMIUM is None:
    pytest.skip(
        "no system Chromium (apt-get install chromium)", allow_module_level=True
    )
SHOTS = (
    ROOT / "docs" / "images" if os.environ.get("GOLEM_PICTURE_SCREENSHOTS") else None
)
WINDOW = {"width": 1400, "height": 1000}


def picture_cases() -> List[Any]:
    cases = []
    for game, cls in golem_solver.GAMES.items():
        info = cls.INFO
        for players in range(info["min_players"], info["max_players"] + 1):
            for plies in (0, 40):
                cases.append(
                    pytest.param(game, players, plies, id=f"{game}-{players}p-{plies}")
                )
    return cases


def played(game: str, players: int, plies: int) -> Any:
    """A fresh game (seed 1) played ``plies`` uniformly random plies on (seeded)."""
    state = new(game, players=players, seed=1)
    chooser = random.Random(players * 1000 + plies)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance():
            # Sampled, not listed: a Golem drop can have more outcomes than a list holds.
            state.sample_chance(chooser.randrange(2**32))
        else:
            state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox"]
        )
        yield chromium
        chromium.close()


# Measured in the page: every <text>'s box on screen, and the picture's own box.
MEASURE = """() => {
  const svg = document.querySelector('svg');
  const frame = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() !== '');
  return {
    frame: {left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom},
    texts: texts.map(t => {
      const b = t.getBoundingClientRect();
      return {text: t.textContent.trim(), left: b.left, top: b.top,
              right: b.right, bottom: b.bottom,
              group: (t.closest('[data-overlap-ok]') ? 'ok' : '')};
    }),
  };
}"""


def overlaps(a: Dict[str, Any], b: Dict[str, Any], slack: float = 0.5) -> bool:
    return (
        a["left"] + slack < b["right"]
        and b["left"] + slack < a["right"]
        and a["top"] + slack < b["bottom"]
        and b["top"] + slack < a["bottom"]
    )


@pytest.mark.parametrize("game,players,plies", picture_cases())
def test_picture_text_fits_and_does_not_collide(
    browser, tmp_path, game, players, plies
):
    state = played(game, players, plies)
    svg = state.to_svg()
    assert svg is not None, f"{game} draws no picture"
    page_file = tmp_path / "picture.html"
    page_file.write_text(
        "<!doctype html><html><head><meta charset='utf-8'></head>"
        "<body style='margin:0'>" + svg + "</body></html>",
        encoding="utf-8",
    )
    context = browser.new_context(viewport=WINDOW, device_scale_factor=1)
    page = context.new_page()
    page.goto(page_file.as_uri())
    found = page.evaluate(MEASURE)
    if plies == 40:
        folder = SHOTS or tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(folder / f"picture-{game}-{players}p.png"), full_page=True
        )
    context.close()
    frame, texts = found["frame"], found["texts"]
    outside = [
        t["text"]
        for t in texts
        if t["left"] < frame["left"] - 0.5
        or t["right"] > frame["right"] + 0.5
        or t["top"] < frame["top"] - 0.5
        or t["bottom"] > frame["bottom"] + 0.5
    ]
    assert outside == [], f"text outside the picture: {outside[:5]}"
    collisions = [
        (a["text"], b["text"])
        for i, a in enumerate(texts)
        for b in texts[i + 1 :]
        if not (a["group"] and b["group"]) and overlaps(a, b)
    ]
    assert collisions == [], (
        f"{len(collisions)} labels run into each other: {collisions[:5]}"
    )
