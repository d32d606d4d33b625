// The analysis board's page: plain JavaScript, no build step, no dependency.
// Everything about a game comes from the server (which asks the game's own state): the
// board picture, the legal moves, the chance outcomes. The page only knows how to click.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);

const board = {
  registry: null, // games, their setup options
  view: null, // the game as GET /api/games/ID gives it
  filter: null, // { text, moves } while a board element narrows the move list
  analysisWanted: false, // the user started the engine: follow the position
  restarting: false,
  events: null,
  rate: { count: 0, since: performance.now(), perSecond: 0, lastUpdates: 0 },
  lastRedraw: 0, // ms from a click to the redrawn board (the benchmark reads it)
};
window.board = board;

// ---- the server ------------------------------------------------------------------------

async function api(method, path, body) {
  const options = { method, headers: { "X-Board-Token": TOKEN } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    showError("error: board: the server does not answer (stopped?)");
    throw e;
  }
  const data = await response.json().catch(() => ({ error: "error: board: not JSON" }));
  if (!response.ok || data.error) {
    showError(data.error || `error: board: HTTP ${response.status}`);
    const failure = new Error(data.error);
    failure.shown = true;
    throw failure;
  }
  return data;
}

function showError(line) {
  const box = $("error");
  box.textContent = line;
  box.hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error").textContent = "";
}

const gamePath = (suffix = "") => `/api/games/${board.view.id}${suffix}`;

async function act(suffix, body = {}) {
  const started = performance.now();
  try {
    const view = await api("POST", gamePath(suffix), body);
    clearError();
    render(view);
    board.lastRedraw = performance.now() - started;
    document.body.dataset.redrawMs = board.lastRedraw.toFixed(1);
  } catch (e) {
    if (!e.shown) throw e;
  }
}

// ---- drawing the game ------------------------------------------------------------------

// The values a board element names: its data-* attributes and its ancestors', numbers
// left out (a slot or seat number would match any move with that number in it).
function namedValues(element) {
  const values = [];
  for (let node = element; node && node.id !== "board"; node = node.parentElement) {
    if (!node.attributes) continue;
    const own = [];
    for (const attribute of node.attributes) {
      if (attribute.name.startsWith("data-") && attribute.name !== "data-named") {
        const value = attribute.value.trim();
        if (value && !/^-?\d+$/.test(value)) own.push(value);
      }
    }
    if (own.length) values.push({ node, values: own });
  }
  return values;
}

// The words of a move as the notation writes them: "take p>ygb pay y" names "p>ygb";
// "move r3>5" names "r3>5", "r3" and "5".
function moveWords(move) {
  const words = new Set(move.split(/\s+/));
  for (const word of [...words]) {
    for (const part of word.split(/[>:@/,+]+/)) if (part) words.add(part);
  }
  return words;
}

function movesNaming(values) {
  const legal = board.view ? board.view.legal : [];
  return legal.filter((move) => {
    const words = moveWords(move);
    return values.some((value) => words.has(value));
  });
}

function render(view) {
  const warnings = $("warnings");
  warnings.textContent = (view.warnings || []).map((w) => `warning: ${w}`).join("\n");
  warnings.hidden = !(view.warnings || []).length;
  // Answers can arrive out of order (a bot moves while a request is on its way): never
  // draw an older state of the game over a newer one.
  if (board.view && board.view.id === view.id && view.version < board.view.version) return;
  const started = performance.now();
  const changedPosition = !board.view || board.view.current !== view.current || board.view.id !== view.id;
  board.view = view;
  if (changedPosition) board.filter = null;
  location.hash = view.id;
  $("title").textContent = view.title;
  const who = view.terminal
    ? `game over · scores ${view.scores.join(" : ")}`
    : view.turn === "chance"
      ? "chance event"
      : `seat ${view.to_move} to move`;
  $("status").textContent = `${view.game} · ply ${view.ply} · ${who}${view.follow ? " · following a game" : ""}`;
  drawBoard(view);
  drawMoves(view);
  drawChance(view);
  drawHistory(view);
  drawSeats(view);
  drawAnalysis(view.analysis);
  drawAnnotation(view.annotation);
  $("save-toml").href = `${gamePath("/position.toml")}?token=${encodeURIComponent(TOKEN)}`;
  $("save-record").href = `${gamePath("/record.jsonl")}?token=${encodeURIComponent(TOKEN)}`;
  followWithAnalysis(view);
  connectEvents(view.id);
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
  document.body.dataset.version = String(view.version);
}

function drawBoard(view) {
  const container = $("board");
  if (container.dataset.svgFor !== `${view.id}:${view.current}:${view.version}`) {
    container.innerHTML = view.svg || "<p>this game has no board picture</p>";
    container.dataset.svgFor = `${view.id}:${view.current}:${view.version}`;
    // Mark what can be clicked: elements some legal move names.
    for (const element of container.querySelectorAll("*")) {
      const own = namedValues(element).filter((entry) => entry.node === element);
      if (own.length && movesNaming(own[0].values).length) element.setAttribute("data-named", "");
    }
  }
}

function drawMoves(view) {
  const list = $("moves");
  list.replaceChildren();
  const moves = board.filter ? board.filter.moves : view.turn === "player" ? view.legal : [];
  const best = currentBest();
  for (const move of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move" + (move === best ? " best-move" : "");
    button.textContent = move;
    button.addEventListener("click", () => act("/play", { moves: move }));
    list.append(button);
  }
  if (!moves.length && view.turn === "player") list.textContent = "no legal move";
  $("moves-filter").hidden = !board.filter;
  if (board.filter) $("moves-filter-text").textContent = `naming ${board.filter.text}`;
}

function drawChance(view) {
  const pane = $("chance");
  pane.hidden = view.turn !== "chance";
  if (pane.hidden) return;
  const list = $("chance-outcomes");
  list.replaceChildren();
  for (const outcome of view.chance || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "outcome";
    button.textContent = outcome.move;
    button.title = `probability ${(100 * outcome.p).toFixed(1)}%`;
    button.addEventListener("click", () => act("/play", { moves: outcome.move }));
    list.append(button);
  }
  drawDropPicker(view);
  $("chance-note").textContent = view.drop
    ? "Too many outcomes to list: count the marbles that fell into each line (or type the outcome in the move box, or draw one at random)."
    : view.chance_error
      ? `${view.chance_error}: type what happened in the move box, or draw one at random.`
      : "Pick what happened at the table (or type it in the move box).";
}

// ---- the marble-drop picker (Golem) ------------------------------------------------------

// A marble drop's outcome as the notation writes it: per line its marbles in colour
// order (w k r b y), "-" for an empty line: "drop wr/b/-/wwy/k". The server checks it.
function dropText(drop, counts) {
  const lines = drop.lines.map((_, line) => {
    const letters = drop.colours.map((colour, c) => colour.repeat(counts[line][c])).join("");
    return letters || "-";
  });
  return `drop ${lines.join("/")}`;
}

function dropCounts(drop) {
  const counts = drop.lines.map(() => drop.colours.map(() => 0));
  for (const input of $("drop-grid").querySelectorAll("input[data-line]")) {
    const value = parseInt(input.value, 10);
    counts[Number(input.dataset.line)][Number(input.dataset.colour)] = value > 0 ? value : 0;
  }
  return counts;
}

function updateDropPicker(drop) {
  const counts = dropCounts(drop);
  $("drop-text").textContent = dropText(drop, counts);
  for (const cell of $("drop-grid").querySelectorAll("[data-placed]")) {
    const c = Number(cell.dataset.placed);
    const placed = counts.reduce((sum, line) => sum + line[c], 0);
    cell.textContent = `${placed}/${drop.marbles[c]}`;
    cell.classList.toggle("off", placed !== drop.marbles[c]);
  }
}

function drawDropPicker(view) {
  const pane = $("drop-picker");
  const drop = view.drop;
  pane.hidden = !drop;
  if (!drop) {
    pane.dataset.for = "";
    return;
  }
  // The same event shown again (a redraw): keep what was entered.
  const key = `${view.id}:${view.current}`;
  if (pane.dataset.for === key) return;
  pane.dataset.for = key;
  const grid = $("drop-grid");
  grid.replaceChildren();
  const shown = drop.colours.map((_, c) => c).filter((c) => drop.marbles[c] > 0);
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (const c of shown) {
    const th = document.createElement("th");
    th.textContent = drop.colours[c];
    th.className = `marble-${drop.colours[c]}`;
    th.title = `${drop.marbles[c]} of this colour fall`;
    head.append(th);
  }
  grid.append(head);
  drop.lines.forEach((name, line) => {
    const row = document.createElement("tr");
    const label = document.createElement("th");
    label.textContent = name;
    row.append(label);
    for (const c of shown) {
      const cell = document.createElement("td");
      const input = document.createElement("input");
      input.type = "number";
      input.min = "0";
      input.max = String(drop.marbles[c]);
      input.value = "0";
      input.dataset.line = String(line);
      input.dataset.colour = String(c);
      input.title = `${drop.colours[c]} marbles in the ${name} line`;
      input.addEventListener("input", () => updateDropPicker(drop));
      cell.append(input);
      row.append(cell);
    }
    grid.append(row);
  });
  const foot = document.createElement("tr");
  const label = document.createElement("th");
  label.textContent = "placed";
  foot.append(label);
  for (const c of shown) {
    const cell = document.createElement("td");
    cell.dataset.placed = String(c);
    foot.append(cell);
  }
  grid.append(foot);
  updateDropPicker(drop);
}

function nodesById(view) {
  const nodes = new Map();
  for (const node of view.tree) nodes.set(node.id, node);
  return nodes;
}

function drawHistory(view) {
  const nodes = nodesById(view);
  const onLine = new Set(view.line);
  const labels = new Map();
  for (const note of (view.annotation && view.annotation.notes) || []) {
    if (note.label) labels.set(note.node, note.label);
  }
  const container = $("history");
  container.replaceChildren();
  const plyButton = (node) => {
    const span = document.createElement("span");
    span.className = "ply";
    if (node.id === view.current) span.classList.add("current");
    if (onLine.has(node.id)) span.classList.add("on-line");
    if (labels.has(node.id)) span.classList.add(`label-${labels.get(node.id)}`);
    span.dataset.node = String(node.id);
    span.textContent = `${node.ply}.\u00a0${node.move}`;
    span.addEventListener("click", () => act("/goto", { node: node.id }));
    return span;
  };
  // PGN-like: the main line, each variation in parentheses after the move it replaces.
  const renderFrom = (start, into) => {
    let node = start;
    while (node.children.length) {
      const main = nodes.get(node.children[0]);
      into.append(plyButton(main), " ");
      for (const other of node.children.slice(1)) {
        const variation = document.createElement("span");
        variation.className = "variation";
        variation.append("( ", plyButton(nodes.get(other)), " ");
        renderFrom(nodes.get(other), variation);
        variation.append(") ");
        into.append(variation);
      }
      node = main;
    }
  };
  renderFrom(nodes.get(view.tree[0].id), container);
  const current = container.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function drawSeats(view) {
  const container = $("seats");
  if (container.dataset.for !== `${view.id}:${view.seats.join(",")}`) {
    container.replaceChildren();
    view.seats.forEach((spec, seat) => {
      const row = document.createElement("div");
      row.className = "seat";
      row.dataset.seat = String(seat);
      const [kind, setting] = spec.split(":");
      const select = document.createElement("select");
      select.className = "seat-bot";
      select.dataset.seat = String(seat);
      for (const option of board.registry.bots) select.append(new Option(option, option, false, option === kind));
      const strength = document.createElement("input");
      strength.type = "number";
      strength.min = "1";
      strength.className = "seat-strength";
      strength.title = "strength: ISMCTS iterations or alpha-beta depth";
      strength.value = setting ? setting.split("=")[1] : "";
      strength.placeholder = "strength";
      const apply = () => {
        const chosen = select.value;
        let bot = chosen;
        if ((chosen === "ismcts" || chosen === "alphabeta") && strength.value) {
          bot += chosen === "ismcts" ? `:iterations=${strength.value}` : `:depth=${strength.value}`;
        }
        act("/seat", { seat, bot });
      };
      select.addEventListener("change", apply);
      strength.addEventListener("change", apply);
      row.append(`seat ${seat} `, select, strength, ` ${view.labels[seat] !== spec ? `(${view.labels[seat]})` : ""}`);
      container.append(row);
    });
    container.dataset.for = `${view.id}:${view.seats.join(",")}`;
  }
  for (const row of container.children) row.classList.toggle("to-move", Number(row.dataset.seat) === view.to_move);
  $("bot-status").textContent = view.bot_error
    ? `bot: ${view.bot_error}`
    : view.bot_thinking
      ? "a bot is thinking…"
      : "";
}

// ---- analysis --------------------------------------------------------------------------

function currentBest() {
  const analysis = board.view && board.view.analysis;
  if (!analysis || !analysis.report || analysis.node !== board.view.current) return null;
  return analysis.report.best;
}

const percent = (value) => (typeof value === "number" ? `${(100 * value).toFixed(1)}%` : "");

function drawAnalysis(analysis) {
  const info = $("analysis-info");
  const body = $("analysis-lines").querySelector("tbody");
  body.replaceChildren();
  $("analysis-pv").textContent = "";
  $("analysis-best").textContent = "";
  for (const element of $("board").querySelectorAll(".best")) element.classList.remove("best");
  if (!analysis) {
    info.textContent = "";
    return;
  }
  const report = analysis.report;
  const here = board.view && analysis.node === board.view.current;
  const rate = board.rate.perSecond ? ` · ${board.rate.perSecond.toFixed(1)} updates/s` : "";
  if (analysis.error) {
    info.textContent = `error: ${analysis.error}`;
    return;
  }
  if (!report) {
    info.textContent = analysis.running ? "starting…" : "";
    return;
  }
  const size = report.algorithm === "alphabeta" ? `depth ${report.depth}` : `${report.iterations} iterations`;
  const nps = report.nps ? ` · ${Math.round(report.nps).toLocaleString()} nodes/s` : "";
  info.textContent = `${analysis.running ? "running" : "done"} · ${size}${nps} · ${analysis.elapsed.toFixed(1)} s${rate}${here ? "" : " · (another position)"}`;
  const bestValue =
    report.value == null ? "" : report.algorithm === "alphabeta" ? ` (${alphabetaLabel(report)} ${provenValue(report, report)})` : ` (${percent(report.value)})`;
  $("analysis-best").textContent = here && report.best ? `best: ${report.best}${bestValue}` : "";
  $("analysis-best").dataset.best = here && report.best ? report.best : "";
  for (const entry of report.moves) {
    const row = document.createElement("tr");
    if (entry.move === report.best) row.className = "best";
    const value = report.algorithm === "alphabeta" ? provenValue(entry, report) : percent(entry.value);
    const cells = [entry.move, entry.visits != null ? String(entry.visits) : "", value];
    cells.forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      if (i) cell.className = "num";
      row.append(cell);
    });
    if (here) {
      row.style.cursor = "pointer";
      row.addEventListener("click", () => act("/play", { moves: entry.move }));
    }
    body.append(row);
  }
  $("analysis-pv").textContent = report.pv && report.pv.length ? `line: ${report.pv.join(" · ")}` : "";
  if (here && report.best) {
    const words = moveWords(report.best);
    for (const element of $("board").querySelectorAll("[data-named]")) {
      const own = namedValues(element).filter((entry) => entry.node === element);
      if (own.length && own[0].values.some((value) => words.has(value))) element.classList.add("best");
    }
    for (const button of $("moves").children) button.classList.toggle("best-move", button.textContent === report.best);
  }
}

// What an alpha-beta value is: a margin, a solo game's score, or a solo game's exact
// chance to win (objective win without a proof's result).
function alphabetaLabel(report) {
  if (report.objective === "win" && report.result == null) return "chance";
  return report.objective === "score" ? "score" : "margin";
}

// Alpha-beta: a proven result (win/loss in N plies), a solo game's exact chance to win,
// or, with the margin objective, the score difference it expects (exact once proven).
function provenValue(entry, report) {
  if (entry.result) return `${entry.result}${entry.plies != null ? ` in ${entry.plies}` : ""}`;
  if (alphabetaLabel(report) === "chance" && typeof entry.value === "number") return percent(entry.value);
  if (typeof entry.value === "number") {
    const sign = entry.value > 0 ? "+" : "";
    return `${sign}${entry.value}${entry.exact ? " (exact)" : " (estimate)"}`;
  }
  return "";
}

function analysisOptions() {
  const algo = $("algo").value;
  const options = { algo };
  const seconds = parseFloat($("movetime").value);
  if (seconds > 0) options.movetime_ms = Math.round(seconds * 1000);
  if (algo === "ismcts") {
    if ($("iterations").value) options.iterations = parseInt($("iterations").value, 10);
    options.threads = parseInt($("threads").value, 10) || 1;
  } else {
    if ($("depth").value) options.depth = parseInt($("depth").value, 10);
    options.objective = $("objective").value;
  }
  return options;
}

async function startAnalysis() {
  board.analysisWanted = true;
  const analysis = board.view.analysis;
  if (analysis && analysis.running) await stopAnalysis(true);
  await act("/analysis", analysisOptions());
}

async function stopAnalysis(keepWanted = false) {
  if (!keepWanted) board.analysisWanted = false;
  const view = await api("DELETE", gamePath("/analysis"));
  render(view);
  // Wait for the search to hand back its thread: the next start is refused before.
  for (let i = 0; i < 100 && board.view.analysis && board.view.analysis.running; i++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    render(await api("GET", gamePath()));
  }
}

// Lichess's habit: with the engine on, a new position is analysed as soon as it is shown.
async function followWithAnalysis(view) {
  const analysis = view.analysis;
  if (!board.analysisWanted || board.restarting || view.to_move === null) return;
  if (analysis && analysis.node === view.current) return;
  board.restarting = true;
  try {
    if (analysis && analysis.running) await stopAnalysis(true);
    if (board.view.current === view.current) await act("/analysis", analysisOptions());
  } catch (e) {
    if (!e.shown) throw e;
  } finally {
    board.restarting = false;
  }
}

// ---- live lines: server-sent events ----------------------------------------------------

function connectEvents(gameId) {
  if (board.events && board.events.gameId === gameId) return;
  if (board.events) board.events.close();
  const source = new EventSource(`/api/games/${gameId}/events?token=${encodeURIComponent(TOKEN)}`);
  source.gameId = gameId;
  source.onmessage = async (message) => {
    const live = JSON.parse(message.data);
    const rate = board.rate;
    const analysis = live.analysis;
    if (analysis && analysis.updates !== rate.lastUpdates) {
      rate.lastUpdates = analysis.updates;
      rate.count += 1;
    }
    const now = performance.now();
    if (now - rate.since >= 1000) {
      rate.perSecond = (1000 * rate.count) / (now - rate.since);
      rate.count = 0;
      rate.since = now;
    }
    if (!board.view || board.view.id !== gameId) return;
    if (live.version !== board.view.version) {
      render(await api("GET", gamePath()));
    } else if (analysis) {
      board.view.analysis = analysis;
      drawAnalysis(analysis);
    }
  };
  source.addEventListener("closed", () => {
    source.close();
    showError("error: game: this game was closed (open or start another)");
  });
  board.events = source;
}

// ---- annotation graph ------------------------------------------------------------------

function drawAnnotation(annotation) {
  const graph = $("graph");
  const labels = $("labels");
  graph.replaceChildren();
  labels.replaceChildren();
  if (!annotation) {
    $("annotate-info").textContent = "";
    return;
  }
  const notes = annotation.notes;
  $("annotate-info").textContent = annotation.error
    ? `error: ${annotation.error}`
    : `${notes.length} decisions${annotation.running ? " so far…" : ""}`;
  if (!notes.length) return;
  const width = 400;
  const height = 120;
  const maxPly = Math.max(...notes.map((n) => n.ply), 1);
  const x = (ply) => 8 + ((width - 16) * ply) / maxPly;
  const y = (value) => 8 + (height - 16) * (1 - value);
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const half = document.createElementNS(svgNS, "line");
  Object.entries({ x1: 0, x2: width, y1: y(0.5), y2: y(0.5), stroke: "#ccc" }).forEach(([k, v]) => half.setAttribute(k, v));
  svg.append(half);
  const seatColours = ["#1d6fd6", "#c0392b", "#27ae60", "#8e44ad"];
  const line = document.createElementNS(svgNS, "polyline");
  line.setAttribute("points", notes.map((n) => `${x(n.ply)},${y(n.played_value)}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#999");
  svg.append(line);
  const labelColours = { inaccuracy: "#d8b600", mistake: "#e07000", blunder: "#c00000" };
  for (const note of notes) {
    const dot = document.createElementNS(svgNS, "circle");
    dot.setAttribute("cx", x(note.ply));
    dot.setAttribute("cy", y(note.played_value));
    dot.setAttribute("r", note.label ? 5 : 3);
    dot.setAttribute("fill", labelColours[note.label] || seatColours[note.player % 4]);
    dot.dataset.node = String(note.node);
    const title = document.createElementNS(svgNS, "title");
    title.textContent = `ply ${note.ply} · seat ${note.player} · ${note.played} ${percent(note.played_value)} · best ${note.best} ${percent(note.best_value)}${note.label ? ` · ${note.label}` : ""}`;
    dot.append(title);
    dot.addEventListener("click", () => act("/goto", { node: note.node }));
    svg.append(dot);
    if (note.label) {
      const span = document.createElement("span");
      span.textContent = `${note.ply}. ${note.played}: ${note.label} (best ${note.best})`;
      span.style.color = labelColours[note.label];
      span.addEventListener("click", () => act("/goto", { node: note.node }));
      labels.append(span);
    }
  }
  graph.append(svg);
}

// ---- new game and files ----------------------------------------------------------------

function fillNewGameOptions() {
  const entry = board.registry.games.find((g) => g.name === $("ng-game").value);
  $("ng-players").min = entry.min_players;
  $("ng-players").max = entry.max_players;
  const players = parseInt($("ng-players").value, 10);
  if (!(players >= entry.min_players && players <= entry.max_players)) $("ng-players").value = Math.max(2, entry.min_players);
  $("ng-hidden").disabled = !entry.decks;
  const container = $("ng-options");
  container.replaceChildren();
  for (const [name, help] of Object.entries(entry.setup_options)) {
    const label = document.createElement("label");
    const note = document.createElement("small");
    if ((entry.uploads || []).includes(name)) {
      // A file the option would name: uploaded (its content travels in the request).
      const input = document.createElement("input");
      input.type = "file";
      input.accept = ".json,application/json";
      input.dataset.upload = name;
      input.id = `ng-upload-${name}`;
      note.textContent = `a ${name} file (JSON), uploaded: the board reads no file of the machine; none chosen: the builtin ${name}`;
      label.append(`${name} file `, input, note);
    } else {
      const choices = (entry.setup_choices || {})[name];
      let input;
      if (choices) {
        // The values taken by name (a path would be refused): a list to pick from.
        input = document.createElement("select");
        for (const value of ["", ...choices]) {
          const option = document.createElement("option");
          option.value = value;
          option.textContent = value || "default";
          input.append(option);
        }
      } else {
        input = document.createElement("input");
        input.type = "text";
        input.placeholder = "default";
      }
      input.dataset.option = name;
      input.id = `ng-option-${name}`;
      note.textContent = help;
      label.append(`${name} `, input, note);
    }
    container.append(label);
  }
}

// The files chosen in the new-game form, as {option: {name, text}}; null when one is
// too large (the error is shown).
async function formUploads() {
  const uploads = {};
  for (const input of $("ng-options").querySelectorAll("input[data-upload]")) {
    const file = input.files[0];
    if (!file) continue;
    if (file.size > 4 * 1024 * 1024) {
      showError(`error: upload.${input.dataset.upload}: larger than 4 MiB; the board's cap`);
      return null;
    }
    uploads[input.dataset.upload] = { name: file.name, text: await file.text() };
  }
  return uploads;
}

async function openNewGame() {
  const dialog = $("new-game");
  const list = $("ng-open-games");
  list.replaceChildren();
  const open = (await api("GET", "/api/games")).games;
  if (open.length) {
    list.append("open games: ");
    for (const id of open) {
      const show = document.createElement("button");
      show.type = "button";
      show.textContent = id;
      show.addEventListener("click", async () => {
        dialog.close();
        render(await api("GET", `/api/games/${id}`));
      });
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = "×";
      close.title = `close ${id}`;
      close.addEventListener("click", async () => {
        await api("DELETE", `/api/games/${id}`);
        close.remove();
        show.remove();
      });
      list.append(show, close, " ");
    }
  }
  if (!dialog.open) dialog.showModal();
}

async function createGame(event) {
  event.preventDefault();
  const options = {};
  for (const input of $("ng-options").querySelectorAll("[data-option]")) {
    if (input.value.trim()) options[input.dataset.option] = input.value.trim();
  }
  const uploads = await formUploads();
  if (uploads === null) return;
  const body = {
    game: $("ng-game").value,
    players: parseInt($("ng-players").value, 10),
    seed: parseInt($("ng-seed").value, 10) || 0,
    follow: $("ng-follow").checked,
    hidden_decks: $("ng-hidden").checked,
    options,
    uploads,
  };
  try {
    const view = await api("POST", "/api/games", body);
    clearError();
    $("new-game").close();
    board.analysisWanted = false;
    render(view);
  } catch (e) {
    if (!e.shown) throw e;
  }
}

async function openFile(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  if (file.size > 4 * 1024 * 1024) {
    showError("error: upload: larger than 4 MiB; the board's cap");
    return;
  }
  const text = await file.text();
  // Opened from the new-game form: with the files chosen there (a position naming a
  // components file is read with the one uploaded).
  const uploads = event.target.id === "ng-open-file" ? await formUploads() : {};
  if (uploads === null) return;
  try {
    const view = await api("POST", "/api/open", { name: file.name, text, uploads });
    clearError();
    if ($("new-game").open) $("new-game").close();
    board.analysisWanted = false;
    render(view);
  } catch (e) {
    if (!e.shown) throw e;
  }
}

// A download that the server refuses (Golem inside a compound action has no TOML yet)
// shows the error line instead of saving it as a file.
async function download(event) {
  event.preventDefault();
  const link = event.currentTarget;
  const response = await fetch(link.href, { headers: { "X-Board-Token": TOKEN } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    showError(data.error || `error: download: HTTP ${response.status}`);
    return;
  }
  clearError();
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = (disposition.match(/filename="([^"]+)"/) || [])[1] || "download";
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- navigation --------------------------------------------------------------------------

function navigate(where) {
  const view = board.view;
  if (!view) return;
  const nodes = nodesById(view);
  const here = nodes.get(view.current);
  let target = null;
  if (where === "back") target = here.parent;
  if (where === "forward") target = here.children[0];
  if (where === "start") target = view.tree[0].id;
  if (where === "end") {
    let node = here;
    while (node.children.length) node = nodes.get(node.children[0]);
    target = node.id;
  }
  if (target !== null && target !== undefined && target !== view.current) act("/goto", { node: target });
}

function onBoardClick(event) {
  if (!board.view) return;
  const started = performance.now();
  for (const entry of namedValues(event.target)) {
    const moves = movesNaming(entry.values);
    if (!moves.length) continue;
    if (moves.length === 1) {
      act("/play", { moves: moves[0] });
      return;
    }
    board.filter = { text: entry.values.join(" "), moves };
    for (const element of $("board").querySelectorAll(".picked")) element.classList.remove("picked");
    entry.node.classList.add("picked");
    drawMoves(board.view);
    board.lastRedraw = performance.now() - started;
    return;
  }
}

function onBoardHover(event) {
  const tip = $("tip");
  const entries = namedValues(event.target);
  if (!entries.length) {
    tip.hidden = true;
    return;
  }
  const moves = movesNaming(entries.flatMap((entry) => entry.values));
  tip.textContent = entries[0].values.join(" ") + (moves.length ? ` · ${moves.length} move${moves.length > 1 ? "s" : ""}` : "");
  const pane = $("board-pane").getBoundingClientRect();
  tip.style.left = `${event.clientX - pane.left + 12}px`;
  tip.style.top = `${event.clientY - pane.top + 12}px`;
  tip.hidden = false;
}

function onKey(event) {
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "select" || tag === "textarea") return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
  if (keys[event.key]) {
    event.preventDefault();
    navigate(keys[event.key]);
  }
}

// ---- start -------------------------------------------------------------------------------

async function main() {
  board.registry = await api("GET", "/api/registry");
  for (const game of board.registry.games) $("ng-game").append(new Option(game.title, game.name));
  fillNewGameOptions();
  $("ng-game").addEventListener("change", fillNewGameOptions);
  $("ng-follow").addEventListener("change", () => {
    if ($("ng-follow").checked && !$("ng-hidden").disabled) $("ng-hidden").checked = true;
  });
  $("new-game-form").addEventListener("submit", createGame);
  $("ng-cancel").addEventListener("click", () => $("new-game").close());
  $("new-game-open").addEventListener("click", openNewGame);
  $("open-file").addEventListener("change", openFile);
  $("ng-open-file").addEventListener("change", openFile);
  $("save-toml").addEventListener("click", download);
  $("save-record").addEventListener("click", download);
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-input").value;
    act("/play", { moves: text }).then(() => {
      if ($("error").hidden) $("move-input").value = "";
    });
  });
  $("moves-filter-clear").addEventListener("click", () => {
    board.filter = null;
    for (const element of $("board").querySelectorAll(".picked")) element.classList.remove("picked");
    drawMoves(board.view);
  });
  $("chance-random").addEventListener("click", () => act("/chance"));
  $("drop-play").addEventListener("click", () => {
    const drop = board.view && board.view.drop;
    if (drop) act("/play", { moves: dropText(drop, dropCounts(drop)) });
  });
  $("nav-start").addEventListener("click", () => navigate("start"));
  $("nav-back").addEventListener("click", () => navigate("back"));
  $("nav-forward").addEventListener("click", () => navigate("forward"));
  $("nav-end").addEventListener("click", () => navigate("end"));
  $("takeback").addEventListener("click", () => act("/takeback"));
  $("promote").addEventListener("click", () => act("/promote", { node: board.view.current }));
  $("analysis-start").addEventListener("click", () => startAnalysis().catch((e) => { if (!e.shown) throw e; }));
  $("analysis-stop").addEventListener("click", () => stopAnalysis().catch((e) => { if (!e.shown) throw e; }));
  $("algo").addEventListener("change", () => {
    const ab = $("algo").value === "alphabeta";
    $("iterations-label").hidden = ab;
    $("threads-label").hidden = ab;
    $("depth-label").hidden = !ab;
    $("objective-label").hidden = !ab;
  });
  $("annotate").addEventListener("click", () => act("/annotate", { iterations: parseInt($("annotate-iterations").value, 10) || 300 }));
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("mousemove", onBoardHover);
  $("board").addEventListener("mouseleave", () => ($("tip").hidden = true));
  document.addEventListener("keydown", onKey);

  const open = (await api("GET", "/api/games")).games;
  const wanted = location.hash.slice(1);
  const id = open.includes(wanted) ? wanted : open[open.length - 1];
  if (id) render(await api("GET", `/api/games/${id}`));
  else await openNewGame();
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  if (!e.shown) showError(`error: board: ${e.message}`);
});
