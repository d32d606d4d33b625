"""The analysis board in a real browser: Playwright drives the system's Chromium (Debian's
``chromium`` package, started by path: no browser download) against ``golem-solve board``
run as a user runs it. Per game: open a bundled position, see the board and its moves,
play three moves by clicking (a board element and the list), take one back, see a best
move within 2 s of starting the analysis, save the TOML and compare it with ``apply -o``,
pick a chance outcome in follow mode, and let two bots play a game to its end.

With ``GOLEM_BOARD_SCREENSHOTS=1`` the screenshots go to docs/images/ (docs/board.md
shows them); otherwise to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip(
    "starlette", reason="the board extra: pip install golem-solver[board]"
)
pytest.importorskip(
    "uvicorn", reason="the board extra: pip install golem-solver[board]"
)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")

from board_support import CHROMIUM, BoardServer  # noqa: E402
from test_cli import run as cli  # noqa: E402

import golem_solver  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if CHROMIUM is None:
    pytest.skip(
        "no system Chromium (apt-get install chromium)", allow_module_level=True
    )

BUNDLED = {
    "century-golem": ROOT / "examples" / "century-midgame.toml",
    "merchant-explorers": ROOT / "examples" / "merchant-explorers-start.toml",
    "golem-cranio": ROOT / "examples" / "golem-cranio-start.toml",
}
GAMES = list(golem_solver.GAMES)
SHOTS = ROOT / "docs" / "images" if os.environ.get("GOLEM_BOARD_SCREENSHOTS") else None


@pytest.fixture(scope="module")
def server():
    """``golem-solve board`` on a free port: its URL; stopped with Ctrl-C at the end."""
    with BoardServer() as board:
        yield board.url
    assert board.returncode == 130 and "Traceback" not in board.stderr, board.stderr


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox"]
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(
        viewport={"width": 1500, "height": 950}, accept_downloads=True
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    yield page
    context.close()
    assert errors == [], errors


def test_the_page_runs_under_its_policy(browser, server):
    """The page's own scripts run under its Content-Security-Policy and no resource is
    refused. (Waits below are arrow functions: a string would need eval, which the
    policy forbids.)"""
    context = browser.new_context()
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: problems.append(r.url))
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#ng-game option").count() == len(GAMES)
    page.click("#ng-create")
    page.wait_for_selector("#board svg")
    assert page.locator("#moves button.move").count() > 0
    context.close()
    assert problems == []


def shot(page, name, tmp_path):
    folder = SHOTS or tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"board-{name}.png"))


def view(page):
    return page.evaluate("window.board.view")


def wait_version_above(page, version):
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {version}", timeout=10_000
    )


def line_moves(v):
    nodes = {n["id"]: n for n in v["tree"]}
    return [nodes[i]["move"] for i in v["line"][1:]]


def click_and_wait(page, locator):
    before = view(page)["version"]
    locator.click()
    wait_version_above(page, before)


def open_file(page, path):
    before = page.evaluate("window.board.view ? window.board.view.version : -1")
    current = page.evaluate("window.board.view ? window.board.view.id : ''")
    page.set_input_files("#open-file", str(path))
    page.wait_for_function(
        f"() => window.board.view && (window.board.view.id !== {json.dumps(current)} || window.board.view.version > {before})"
    )


def new_game(page, game, follow=False):
    if not page.locator("#new-game").evaluate("d => d.open"):
        page.click("#new-game-open")
    page.select_option("#ng-game", game)
    page.fill("#ng-players", "2")
    page.fill("#ng-seed", "1")
    if follow:
        page.check("#ng-follow")
    current = page.evaluate("window.board.view ? window.board.view.id : ''")
    page.click("#ng-create")
    page.wait_for_function(
        f"() => window.board.view && window.board.view.id !== {json.dumps(current)}"
    )


def named_element(page):
    """The index of the first visible board element some legal move names, or -1."""
    return page.evaluate(
        """() => {
          const all = [...document.querySelectorAll('#board [data-named]')];
          return all.findIndex((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 4 && r.height > 4;
          });
        }"""
    )


def click_board_element(page):
    """Clicks the first board element that names a legal move (the click lands on the
    element itself, not on whatever is drawn over its centre); with several moves named,
    the narrowed list's first one. Returns the moves it offered."""
    index = named_element(page)
    assert index >= 0, "no board element names a legal move"
    before = view(page)["version"]
    page.locator("#board [data-named]").nth(index).dispatch_event("click")
    if view(page)["version"] == before and page.locator("#moves-filter").is_visible():
        offered = page.locator("#moves button.move").all_inner_texts()
        assert offered and set(offered) <= set(view(page)["legal"])
        click_and_wait(page, page.locator("#moves button.move").first)
        return offered
    wait_version_above(page, before)
    return None


@pytest.mark.parametrize("game", GAMES)
def test_play_analyse_and_save(page, game, tmp_path):
    open_file(page, BUNDLED[game])
    start = view(page)
    assert start["game"] == game and start["ply"] == 0
    # The board and its legal moves are shown.
    assert page.locator("#board svg").is_visible()
    state = golem_solver.load(BUNDLED[game])
    shown = page.locator("#moves button.move").all_inner_texts()
    if state.is_chance():
        assert page.locator("#chance").is_visible()
        click_and_wait(page, page.locator("#chance-outcomes button.outcome").first)
    else:
        assert shown == state.legal_action_texts()
    # Three moves by clicking: two in the list, one on the board (the list plays on
    # until the board names a move).
    for _ in range(40):
        listed = page.locator("#moves button.move")
        click_and_wait(page, listed.nth(listed.count() // 2))
        if len(line_moves(view(page))) >= 2 and named_element(page) >= 0:
            break
    click_board_element(page)
    played = line_moves(view(page))
    assert len(played) >= 3
    # Take one back.
    click_and_wait(page, page.locator("#takeback"))
    after = view(page)
    assert line_moves(after) == played[:-1]
    if (
        after["turn"] == "chance"
    ):  # the board dealt after the last move: back to a decision
        click_and_wait(page, page.locator("#takeback"))
    # The engine: a best move within 2 s of Start.
    page.fill("#movetime", "3")
    page.click("#analysis-start")
    page.wait_for_function(
        "() => document.querySelector('#analysis-best').dataset.best", timeout=2_000
    )
    best = page.locator("#analysis-best").get_attribute("data-best")
    assert best in view(page)["legal"]
    page.wait_for_function(
        "() => document.querySelectorAll('#analysis-lines tbody tr').length > 0"
    )
    page.wait_for_timeout(1200)  # a second of live updates for the screenshot
    # Hovering a board element shows the id moves use for it (a hex's coordinates).
    page.locator("#board [data-named]").nth(named_element(page)).hover(force=True)
    assert page.locator("#tip").is_visible() and page.inner_text("#tip")
    shot(page, game, tmp_path)
    page.click("#analysis-stop")
    # Save the TOML: the bytes `apply -o` writes for the same moves.
    with page.expect_download() as download:
        page.click("#save-toml")
    saved = Path(download.value.path()).read_bytes()
    moves = line_moves(view(page))
    out = tmp_path / "cli.toml"
    result = cli("apply", BUNDLED[game], "-m", "; ".join(moves), "-o", out)
    assert result.exit_code == 0, result.stderr
    assert saved == out.read_bytes()
    # History: back with the arrow key, then jump to the start.
    ply = view(page)["ply"]
    page.locator("body").press("ArrowLeft")
    page.wait_for_function(f"() => window.board.view.ply === {ply - 1}")
    click_and_wait(page, page.locator("#history .ply").first)
    assert view(page)["ply"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_follow_a_game_picks_a_chance_outcome(page, game, tmp_path, server):
    new_game(page, game, follow=True)
    v = view(page)
    assert v["follow"]
    # Play on (bots for both seats, which stop at chance events) until the table deals.
    if v["turn"] != "chance":
        for seat in range(v["players"]):
            page.select_option(f"select.seat-bot[data-seat='{seat}']", "random")
        page.wait_for_function(
            "() => window.board.view.turn === 'chance'", timeout=20_000
        )
        for seat in range(v["players"]):
            page.select_option(f"select.seat-bot[data-seat='{seat}']", "human")
        page.wait_for_function(
            "() => window.board.view.seats.every((s) => s === 'human')"
        )
    v = view(page)
    assert page.locator("#chance").is_visible()
    outcomes = page.locator("#chance-outcomes button.outcome")
    if outcomes.count():
        pick = outcomes.nth(outcomes.count() - 1)
        text = pick.inner_text()
        shot(page, f"{game}-follow", tmp_path)
        click_and_wait(page, pick)
    else:
        # Too many outcomes to list (a marble drop): what happened is typed in.
        base, token = server.split("/?token=")
        request = urllib.request.Request(
            f"{base}/api/games/{v['id']}/position.toml",
            headers={"X-Board-Token": token},
        )
        try:
            state = golem_solver.load(urllib.request.urlopen(request).read().decode())
        except Exception:  # mid-compound: replay the line instead
            state = None
        if state is None or not state.is_chance():
            page.click("#chance-random")
            page.wait_for_function(f"() => window.board.view.ply > {v['ply']}")
            text = line_moves(view(page))[-1]
        else:
            drawn = state.clone()
            text = state.action_text(drawn.sample_chance(7))
            page.fill("#move-input", text)
            click_and_wait(page, page.locator("#move-play"))
    after = view(page)
    assert after["ply"] == v["ply"] + 1
    assert line_moves(after)[-1] == text


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_game_runs_to_the_end(page, game):
    new_game(page, game)
    page.select_option("select.seat-bot[data-seat='0']", "random")
    page.wait_for_function("() => window.board.view.seats[0] === 'random'")
    page.select_option("select.seat-bot[data-seat='1']", "ismcts")
    # The seat rows are redrawn when a seat changes: set the strength on the new row.
    page.wait_for_function("() => window.board.view.seats[1].startsWith('ismcts')")
    page.fill("input.seat-strength >> nth=1", "20")
    page.locator("input.seat-strength >> nth=1").dispatch_event("change")
    page.wait_for_function(
        "() => window.board.view.seats[1] === 'ismcts:iterations=20'"
    )
    page.wait_for_function("() => window.board.view.terminal", timeout=60_000)
    assert "game over" in page.inner_text("#status")
    assert view(page)["bot_error"] is None
    # Annotate the game: a value graph over the plies, a point of it jumps there.
    page.fill("#annotate-iterations", "20")
    page.click("#annotate")
    page.wait_for_function(
        "() => window.board.view.annotation && !window.board.view.annotation.running",
        timeout=60_000,
    )
    notes = view(page)["annotation"]["notes"]
    assert notes and page.locator("#graph circle").count() == len(notes)
    # The last point: drawn over its neighbours, which overlap in a long game.
    click_and_wait(page, page.locator("#graph circle").last)
    assert view(page)["current"] == notes[-1]["node"]


# ---- Golem: the draft on the board, a components file, the marble-drop picker ----------

COMPONENTS = (
    ROOT / "rust" / "core" / "data" / "golem_cranio" / "golem-cranio-components.json"
)
REFRESH = ROOT / "rust/core/data/golem_cranio/positions/python/p2-r2-refresh.toml"


def test_golem_draft_cards_are_picked_on_the_board(page):
    open_file(page, BUNDLED["golem-cranio"])
    v = view(page)
    assert v["legal"][0] == "pick O04"
    card = page.locator('#board [data-card="O04"]')
    assert card.count() == 1 and card.get_attribute("data-named") == ""
    # Hovering names the card and the one move naming it; a click plays it.
    card.hover(force=True)
    assert page.inner_text("#tip") == "O04 · 1 move"
    before = v["version"]
    card.dispatch_event("click")
    wait_version_above(page, before)
    assert line_moves(view(page)) == ["pick O04"]
    # Seat 1 to move: its pack is on the board, seat 0's cards are not.
    after = view(page)
    for move in after["legal"]:
        assert page.locator(f'#board [data-card="{move.split()[1]}"]').count() == 1
    assert page.locator('#board [data-card="O04"]').count() == 0


def test_the_map_is_picked_from_the_bundled_maps(page):
    page.click("#new-game-open")
    page.select_option("#ng-game", "merchant-explorers")
    offered = page.locator("#ng-option-map option").all_inner_texts()
    assert offered[0] == "default" and "north-proylia" in offered and len(offered) == 7
    page.select_option("#ng-option-map", "kazan")
    page.fill("#ng-players", "1")
    current = page.evaluate("window.board.view ? window.board.view.id : ''")
    page.click("#ng-create")
    page.wait_for_function(
        f"() => window.board.view && window.board.view.id !== {json.dumps(current)}"
    )
    with page.expect_download() as download:
        page.click("#save-toml")
    assert 'map = "kazan"' in Path(download.value.path()).read_text()


def test_golem_new_game_takes_a_components_file(page, tmp_path):
    data = json.loads(COMPONENTS.read_text())
    data["meta"]["note"] = "an uploaded copy"
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(data))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    page.click("#new-game-open")
    page.select_option("#ng-game", "golem-cranio")
    # The option is a file to upload, not a path to type.
    assert page.locator("#ng-option-components").count() == 0
    page.set_input_files("#ng-upload-components", str(broken))
    page.click("#ng-create")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith("error: components: invalid JSON")
    assert page.locator("#new-game").evaluate("d => d.open")
    page.set_input_files("#ng-upload-components", str(mine))
    current = page.evaluate("window.board.view ? window.board.view.id : ''")
    page.click("#ng-create")
    page.wait_for_function(
        f"() => window.board.view && window.board.view.id !== {json.dumps(current)}"
    )
    assert "components mine.json:" in page.inner_text("#board")
    with page.expect_download() as download:
        page.click("#save-toml")
    saved = Path(download.value.path()).read_text()
    assert 'components = "mine.json"' in saved
    # With the file beside it, the command line reads the saved position.
    (tmp_path / "saved.toml").write_text(saved)
    result = cli("show", tmp_path / "saved.toml")
    assert result.exit_code == 0, result.output


def test_golem_marble_drop_is_picked_line_by_line(page, tmp_path):
    open_file(page, REFRESH)
    v = view(page)
    assert v["turn"] == "chance" and v["drop"]
    assert page.locator("#drop-picker").is_visible()
    drop = v["drop"]
    present = [c for c, n in enumerate(drop["marbles"]) if n]
    # One input per line and colour that falls.
    inputs = page.locator("#drop-grid input")
    assert inputs.count() == len(drop["lines"]) * len(present)
    assert page.inner_text("#drop-text") == "drop -/-/-/-/-"
    # Every marble in the work line but one white in the mirror line.
    for c in present:
        n = drop["marbles"][c] - (1 if c == 0 else 0)
        page.fill(f"#drop-grid input[data-line='0'][data-colour='{c}']", str(n))
    page.fill("#drop-grid input[data-line='4'][data-colour='0']", "1")
    letters = "".join(
        drop["colours"][c] * (drop["marbles"][c] - (1 if c == 0 else 0))
        for c in present
    )
    expected = f"drop {letters}/-/-/-/w"
    assert page.inner_text("#drop-text") == expected
    assert page.locator("#drop-grid td.off").count() == 0
    shot(page, "golem-cranio-drop", tmp_path)
    # One white marble too many: marked on the page, refused by the server in one line.
    page.fill("#drop-grid input[data-line='4'][data-colour='0']", "2")
    assert page.locator("#drop-grid td.off").all_inner_texts() == [
        f"{drop['marbles'][0] + 1}/{drop['marbles'][0]}"
    ]
    page.click("#drop-play")
    page.wait_for_selector("#error:not([hidden])")
    n = drop["marbles"][0]
    assert (
        f"is not an outcome of this marble drop: it places {n + 1} of the {n} white"
        in page.inner_text("#error")
    )
    assert view(page)["ply"] == 0
    page.fill("#drop-grid input[data-line='4'][data-colour='0']", "1")
    click_and_wait(page, page.locator("#drop-play"))
    after = view(page)
    assert after["ply"] == 1 and line_moves(after) == [expected]
    assert page.locator("#error").is_hidden()


def test_a_solo_endgame_shows_its_chance_to_win_and_its_score(page, tmp_path):
    suite = (
        Path(__file__).parent.parent / "puzzles" / "merchant-explorers-endgames.jsonl"
    )
    rows = [json.loads(line) for line in suite.read_text().splitlines() if line]
    puzzle = next(row for row in rows if "players = 1" in row["position"])
    path = tmp_path / "solo-endgame.toml"
    path.write_text(puzzle["position"])
    open_file(page, path)
    page.select_option("#algo", "alphabeta")
    best = page.locator("#analysis-best")
    for objective, label in (("win", "(chance 0.0%)"), ("margin", "(score +")):
        page.select_option("#objective", objective)
        page.click("#analysis-start")
        page.wait_for_function(
            "() => document.querySelector('#analysis-best').dataset.best",
            timeout=5_000,
        )
        page.wait_for_function(
            "([label]) => document.querySelector('#analysis-best').textContent.includes(label)",
            arg=[label],
            timeout=5_000,
        )
        assert best.get_attribute("data-best") in view(page)["legal"]
        page.click("#analysis-stop")
