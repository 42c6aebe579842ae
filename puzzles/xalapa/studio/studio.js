// Xalapa studio: the page's behaviour. Every answer (scores, optima, pictures) comes from the studio's
// JSON API, which runs tlaloc's own model, solver and picture code; this file only keeps the state of
// the page and draws what the API returns. No framework, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  shipped: [],        // [{name, challenge}]
  boards: [],         // [{id, board}]
  positions: [],      // [{id, three, four}]
  features: [],
  play: { challenge: null, stones: [], cursor: [0, 0], token: 0 },
  author: { challenge: null, cursor: [0, 0], token: 0, timer: null },
  generated: [],
};

// ---- talking to the API ----

async function api(path, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error || text; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return (response.headers.get("Content-Type") || "").includes("json") ? JSON.parse(text) : text;
}

function say(message) { $("status").textContent = message || ""; }

// Runs `work`, showing its error (the API's one line) in the status line instead of failing silently.
async function attempt(work) {
  try { say(""); return await work(); } catch (e) { say(e.message); return undefined; }
}

const key = (r, c) => r + "," + c;
const copy = (x) => JSON.parse(JSON.stringify(x));

// ---- boards drawn by the server, clicked here ----

// Puts the SVG into `holder` and calls `onField(row, col)` when a field is clicked.
function showBoard(holder, svg, onField, cursor) {
  holder.innerHTML = svg;
  holder.querySelectorAll("rect.field").forEach((rect) => {
    const r = Number(rect.dataset.row), c = Number(rect.dataset.col);
    if (cursor && cursor[0] === r && cursor[1] === c) rect.classList.add("cursor");
    rect.addEventListener("click", () => { cursor[0] = r; cursor[1] = c; onField(r, c); });
  });
}

// Arrow keys move the cursor field; Enter or Space acts on it.
function keyboardBoard(holder, view, size, onField, redraw) {
  holder.addEventListener("keydown", (event) => {
    const cur = view.cursor;
    const [rows, cols] = size();
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      cur[0] = Math.min(rows - 1, Math.max(0, cur[0] + moves[event.key][0]));
      cur[1] = Math.min(cols - 1, Math.max(0, cur[1] + moves[event.key][1]));
      holder.querySelectorAll("rect.field").forEach((rect) => rect.classList.toggle(
        "cursor", Number(rect.dataset.row) === cur[0] && Number(rect.dataset.col) === cur[1]));
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      onField(cur[0], cur[1]);
      event.preventDefault();
    }
  });
}

function taskItem(text, met) {
  const li = document.createElement("li");
  const mark = document.createElement("span");
  mark.className = met ? "met" : "unmet";
  mark.textContent = met ? "met " : "unmet ";
  li.append(mark, text);
  return li;
}

// ---- Play ----

async function playRefresh() {
  const p = state.play;
  const token = ++p.token;
  const body = { challenge: p.challenge, stones: p.stones };
  const [score, svg] = await Promise.all([api("/api/xalapa/evaluate", body), api("/api/xalapa/render", body)]);
  if (token !== p.token) return;  // a newer click already asked again
  showBoard($("play-board"), svg, playToggle, p.cursor);
  $("play-penalty").textContent = score.penalty;
  $("play-stones").textContent = score.stone_count;
  $("play-unmet").textContent = score.unmet_count;
  const list = $("play-tasks");
  list.innerHTML = "";
  score.tasks.forEach((t) => {
    const counts = t.other_count === undefined ? `${t.count} placed` : `${t.count} vs ${t.other_count}`;
    list.append(taskItem(`${t.describe} (${counts})`, t.met));
  });
  if (score.formation_met !== null) list.append(taskItem("the formation of the position card", score.formation_met));
  if (!score.within_limit) say(`More than the ${score.max_stones} stones allowed.`);
}

function playToggle(r, c) {
  const p = state.play;
  const at = p.stones.findIndex((s) => s[0] === r && s[1] === c);
  if (at >= 0) p.stones.splice(at, 1); else p.stones.push([r, c]);
  $("play-verdict").textContent = "";
  attempt(playRefresh);
}

function playLoad(challenge) {
  state.play.challenge = copy(challenge);
  state.play.stones = [];
  $("play-optimum").textContent = "not asked yet";
  $("play-verdict").textContent = "";
  return attempt(playRefresh);
}

async function playSolve(all) {
  const answer = await api("/api/xalapa/solve" + (all ? "?all=1" : ""), state.play.challenge);
  $("play-optimum").textContent = answer.penalty;
  return answer;
}

async function playFar() {
  const best = await playSolve(false);
  const mine = Number($("play-penalty").textContent);
  $("play-verdict").textContent = mine === best.penalty ? "Your stones are optimal." :
    `Your penalty is ${mine}: ${mine - best.penalty} above the best possible ${best.penalty}.`;
}

async function playHint() {
  const answer = await playSolve(true);
  const placed = new Set(state.play.stones.map((s) => key(s[0], s[1])));
  const next = answer.forced.find((s) => !placed.has(key(s[0], s[1])));
  if (!next) {
    $("play-verdict").textContent = "Every stone forced in all optimal answers is already placed.";
    return;
  }
  state.play.stones.push(next);
  $("play-verdict").textContent = `Hint: every optimal answer has a stone at row ${next[0]}, column ${next[1]}.`;
  await playRefresh();
}

async function playSolution() {
  const answer = await playSolve(false);
  state.play.stones = copy(answer.stones);
  $("play-verdict").textContent = `A proved-optimal answer: penalty ${answer.penalty}.`;
  await playRefresh();
}

// ---- Author ----

function blankBoard() {
  const rows = [];
  for (let r = 0; r < 6; ++r) rows.push(["", "", "", "", "", ""]);
  return { id: "blank", top_left: "black", rows };
}

// "cactus+gecko/red+blue" <-> {symbols, lines}
function splitField(text) {
  const [symbols, lines] = text.split("/");
  return { symbols: symbols ? symbols.split("+") : [], lines: lines ? lines.split("+") : [] };
}
function joinField(f) {
  const order = (list, names) => names.filter((n) => list.includes(n));
  const s = order(f.symbols, ["cactus", "gecko", "bird"]).join("+");
  const l = order(f.lines, ["red", "yellow", "blue"]).join("+");
  return l ? `${s}/${l}` : s;
}

function authorTool() { return document.querySelector('input[name="tool"]:checked').value; }

function authorEditField(r, c) {
  const board = state.author.challenge.board;
  const tool = authorTool();
  const field = splitField(board.rows[r][c]);
  const flip = (list, item) => list.includes(item) ? list.filter((x) => x !== item) : list.concat([item]);
  if (tool === "clear") { field.symbols = []; field.lines = []; }
  else if (["cactus", "gecko", "bird"].includes(tool)) field.symbols = flip(field.symbols, tool);
  else field.lines = flip(field.lines, tool);
  board.rows[r][c] = joinField(field);
  authorChanged();
}

// The task editor: one row of controls per column of the challenge.
function taskKind(t) {
  if (t.same) return "same";
  if (t.count !== undefined) return "count";
  return t.at_most !== undefined && t.at_least === undefined ? "at_most" : "at_least";
}

function authorTaskRow(t, index) {
  const li = document.createElement("li");
  const kind = document.createElement("select");
  kind.setAttribute("aria-label", `Task ${index + 1}: kind`);
  [["count", "exactly N on"], ["at_least", "at least N on"], ["at_most", "at most N on"], ["same", "as many on"]]
    .forEach(([v, text]) => kind.add(new Option(text, v)));
  kind.value = taskKind(t);
  const number = document.createElement("input");
  number.type = "number"; number.min = 0; number.max = 36; number.style.width = "4em";
  number.setAttribute("aria-label", `Task ${index + 1}: number of stones`);
  number.value = t.count ?? t.at_least ?? t.at_most ?? 1;
  const feature = document.createElement("input");
  feature.setAttribute("list", "feature-words");
  feature.setAttribute("aria-label", `Task ${index + 1}: feature`);
  feature.value = t.same ? t.same[0] : t.feature;
  const other = document.createElement("input");
  other.setAttribute("list", "feature-words");
  other.setAttribute("aria-label", `Task ${index + 1}: as on this feature`);
  other.value = t.same ? t.same[1] : "corner";
  const remove = document.createElement("button");
  remove.textContent = "Remove";
  remove.title = `Remove task ${index + 1}`;
  const update = () => {
    const k = kind.value;
    const n = Number(number.value);
    const task = k === "same" ? { same: [feature.value.trim(), other.value.trim()] }
      : { feature: feature.value.trim(), [k === "count" ? "count" : k]: n };
    state.author.challenge.tasks[index] = task;
    number.hidden = k === "same";
    other.hidden = k !== "same";
    authorChanged(false);
  };
  [kind, number, feature, other].forEach((el) => el.addEventListener("change", update));
  remove.addEventListener("click", () => { state.author.challenge.tasks.splice(index, 1); authorChanged(); });
  number.hidden = kind.value === "same";
  other.hidden = kind.value !== "same";
  li.append(kind, " ", number, " ", feature, " ", other, " ", remove);
  return li;
}

function authorDrawTasks() {
  const list = $("author-tasks");
  list.innerHTML = "";
  state.author.challenge.tasks.forEach((t, i) => list.append(authorTaskRow(t, i)));
}

// Every edit redraws the board and, a moment later, asks for the optimum, uniqueness, difficulty and
// the minimal conflicting tasks (the rating).
function authorChanged(redrawTasks = true) {
  if (redrawTasks) authorDrawTasks();
  const a = state.author;
  const token = ++a.token;
  attempt(async () => {
    const svg = await api("/api/xalapa/render", { challenge: a.challenge });
    if (token === a.token) showBoard($("author-board"), svg, authorEditField, a.cursor);
  });
  ["author-optimum", "author-unique", "author-difficulty", "author-conflict"].forEach((id) => $(id).textContent = "…");
  clearTimeout(a.timer);
  a.timer = setTimeout(() => attempt(async () => {
    let rating;
    try { rating = await api("/api/xalapa/rate", a.challenge); }
    catch (e) { if (token === a.token) $("author-optimum").textContent = "–"; throw e; }
    if (token !== a.token) return;
    $("author-optimum").textContent = rating.optimum;
    $("author-unique").textContent = rating.unique ? "yes, one optimal answer" :
      `no, ${rating.optimal_sets_more ? "more than " : ""}${rating.optimal_sets} optimal answers`;
    $("author-difficulty").textContent = `${rating.difficulty}: ${rating.meaning}`;
    $("author-conflict").textContent = rating.conflict.length === 0 ? "none: every task can be met" :
      rating.conflict.map((t) => rating.task_names[t]).join("; ");
  }), 250);
}

function authorLoad(challenge) {
  const ch = copy(challenge);
  $("author-position").value = ch.cards ? ch.cards.position : "";
  $("author-side").value = ch.cards && ch.cards.position_side === 4 ? "four" : "three";
  delete ch.cards;  // a hand-edited challenge no longer matches the dealt cards
  state.author.challenge = ch;
  authorChanged();
}

function authorStart() {
  const pick = $("author-start").value;
  if (pick === "blank") return authorLoad({ board: blankBoard(), tasks: [] });
  if (pick === "play") return authorLoad(state.play.challenge);
  const side = state.boards.find((b) => b.id === pick);
  authorLoad({ board: side.board, tasks: [] });
}

function authorFormation() {
  const id = $("author-position").value;
  const ch = state.author.challenge;
  if (!id) delete ch.formation;
  else ch.formation = copy(state.positions.find((p) => p.id === id)[$("author-side").value]);
  authorChanged(false);
}

async function authorAddColumn() {
  const top = $("author-card-top").value, bottom = $("author-card-bottom").value;
  const answer = await api("/api/xalapa/column", { top, bottom });
  state.author.challenge.tasks.push(Object.assign(answer.task, { label: `${top} / ${bottom}` }));
  authorChanged();
}

async function authorDeal() {
  const dealt = await api("/api/xalapa/deal",
    { level: $("author-deal-level").value, seed: Number($("author-deal-seed").value) });
  authorLoad(dealt);
}

// ---- Generate ----

async function generate() {
  const body = {
    level: $("gen-level").value, count: Number($("gen-count").value), seed: Number($("gen-seed").value),
    unique: $("gen-unique").checked,
  };
  if ($("gen-difficulty").value) body.difficulty = $("gen-difficulty").value;
  say("Generating…");
  const answer = await api("/api/xalapa/generate", body);
  say(`${answer.challenges.length} of ${answer.asked} challenges found.`);
  state.generated = answer.challenges;
  const list = $("gen-list");
  list.innerHTML = "";
  for (const [i, ch] of answer.challenges.entries()) {
    const li = document.createElement("li");
    const thumb = document.createElement("span");
    thumb.className = "thumb";
    thumb.innerHTML = await api("/api/xalapa/render", { challenge: ch });
    const play = document.createElement("button");
    play.textContent = "Play";
    play.title = `Play challenge ${i + 1}`;
    play.addEventListener("click", () => { showView("play"); playLoad(ch); });
    const edit = document.createElement("button");
    edit.textContent = "Edit";
    edit.addEventListener("click", () => { showView("author"); authorLoad(ch); });
    li.append(thumb, `${ch.difficulty}, optimum ${ch.rating.optimum}, ${ch.rating.optimal_sets} optimal answer(s) `, play, " ", edit);
    list.append(li);
  }
}

// One challenge per page, then the solutions, then the browser's print dialog.
async function printBook() {
  if (state.generated.length === 0) return say("Generate a list first.");
  const area = $("print-area");
  area.innerHTML = "";
  for (const withSolution of [false, true])
    for (const ch of state.generated) {
      const page = document.createElement("div");
      page.className = "page";
      page.innerHTML = await api("/api/xalapa/render", { challenge: ch, solution: withSolution });
      area.append(page);
    }
  window.print();
}

// ---- views and start ----

function showView(name) {
  for (const view of ["play", "author", "generate"]) {
    $(view).hidden = view !== name;
    $("tab-" + view).setAttribute("aria-selected", String(view === name));
  }
}

async function start() {
  const [shipped, boards, positions, words] = await Promise.all([
    api("/api/xalapa/challenges"), api("/api/xalapa/boards"), api("/api/xalapa/positions"), api("/api/xalapa/features")]);
  state.shipped = shipped.challenges;
  state.boards = boards.boards;
  state.positions = positions.positions;
  const datalist = document.createElement("datalist");
  datalist.id = "feature-words";
  words.features.forEach((w) => datalist.append(new Option(w)));
  document.body.append(datalist);
  words.levels.forEach((l) => $("gen-level").add(new Option(l, l)));
  words.levels.forEach((l) => $("author-deal-level").add(new Option(l, l)));
  const cards = await api("/api/xalapa/cards");
  ["printed-1", "printed-2"].concat(cards.cards.map((c) => c.id)).forEach((id) => $("author-card-top").add(new Option(id, id)));
  cards.cards.forEach((c) => $("author-card-bottom").add(new Option(c.id, c.id)));
  $("gen-level").value = "2";
  words.difficulties.forEach((d) => $("gen-difficulty").add(new Option(`${d.name}: ${d.meaning}`, d.name)));
  state.shipped.forEach((s, i) => $("play-pick").add(new Option(s.name, "shipped:" + i)));
  const saved = await api("/api/xalapa/saved");
  saved.challenges.forEach((n) => $("play-pick").add(new Option("saved: " + n, "saved:" + n)));
  $("author-start").add(new Option("blank 6 × 6 board", "blank"));
  $("author-start").add(new Option("the challenge in Play", "play"));
  state.boards.forEach((b) => $("author-start").add(new Option("board " + b.id, b.id)));
  $("author-position").add(new Option("none", ""));
  state.positions.forEach((p) => $("author-position").add(new Option(p.id, p.id)));
  wire();
  await playLoad(state.shipped[0].challenge);
  authorLoad({ board: blankBoard(), tasks: [] });
}

function wire() {
  for (const view of ["play", "author", "generate"]) $("tab-" + view).addEventListener("click", () => showView(view));
  $("play-pick").addEventListener("change", async () => {
    const [kind, which] = $("play-pick").value.split(/:(.*)/s);
    const ch = kind === "shipped" ? state.shipped[Number(which)].challenge
      : await attempt(() => api("/api/xalapa/saved?name=" + encodeURIComponent(which)));
    if (ch) playLoad(ch);
  });
  $("play-clear").addEventListener("click", () => { state.play.stones = []; attempt(playRefresh); });
  $("play-far").addEventListener("click", () => attempt(playFar));
  $("play-hint").addEventListener("click", () => attempt(playHint));
  $("play-solve").addEventListener("click", () => attempt(playSolution));
  $("play-edit").addEventListener("click", () => { showView("author"); authorLoad(state.play.challenge); });
  keyboardBoard($("play-board"), state.play, () => {
    const rows = state.play.challenge.board.rows;
    return [rows.length, rows[0].length];
  }, playToggle);
  keyboardBoard($("author-board"), state.author, () => {
    const rows = state.author.challenge.board.rows;
    return [rows.length, rows[0].length];
  }, authorEditField);
  $("author-load").addEventListener("click", authorStart);
  $("author-background").addEventListener("click", () => {
    const b = state.author.challenge.board;
    b.top_left = b.top_left === "white" ? "black" : "white";
    authorChanged(false);
  });
  $("author-add-task").addEventListener("click", () => {
    state.author.challenge.tasks.push({ feature: "gecko", count: 1 });
    authorChanged();
  });
  $("author-add-column").addEventListener("click", () => attempt(authorAddColumn));
  $("author-deal").addEventListener("click", () => attempt(authorDeal));
  $("author-position").addEventListener("change", authorFormation);
  $("author-side").addEventListener("change", authorFormation);
  $("author-save").addEventListener("click", () => attempt(async () => {
    const r = await api("/api/xalapa/save", { name: $("author-name").value, challenge: state.author.challenge });
    say("Saved " + r.saved.join(" and ") + " in the data folder.");
  }));
  $("author-add-book").addEventListener("click", () => attempt(async () => {
    const r = await api("/api/xalapa/book", { book: $("author-book").value, challenge: state.author.challenge });
    say(`${r.book} now holds ${r.challenges} challenge(s).`);
  }));
  $("author-play").addEventListener("click", () => { showView("play"); playLoad(state.author.challenge); });
  $("gen-go").addEventListener("click", () => attempt(generate));
  $("gen-print").addEventListener("click", () => attempt(printBook));
}

attempt(start);
