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
  play: { challenge: null, stones: [], marks: [], cursor: [0, 0], token: 0, optimum: undefined, solveToken: 0 },
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

// Work the page starts by itself a while after a change (the debounced rating): it shows its error but
// leaves the status line alone otherwise, so that it never wipes what a button has just said.
async function inBackground(work) {
  try { return await work(); } catch (e) { say(e.message); return undefined; }
}

const key = (r, c) => r + "," + c;
const VIEWS = ["play", "author", "generate", "race", "replay", "games"];
const copy = (x) => JSON.parse(JSON.stringify(x));

// ---- boards drawn by the server, clicked here ----

// Puts the SVG into `holder` and calls `onField(row, col)` when a field is clicked (`onMark(row, col)`
// on a right click, when given). `stones` and `marks` ([[r, c]]) are shown on the fields as the
// attributes data-stone="true" and data-mark="true"; a mark is drawn as a cross.
function showBoard(holder, svg, onField, cursor, stones = [], marks = [], onMark = null) {
  holder.innerHTML = svg;
  const has = (list, r, c) => list.some((s) => s[0] === r && s[1] === c);
  const svgRoot = holder.querySelector("svg");
  holder.querySelectorAll("rect.field").forEach((rect) => {
    const r = Number(rect.dataset.row), c = Number(rect.dataset.col);
    if (cursor && cursor[0] === r && cursor[1] === c) rect.classList.add("cursor");
    rect.dataset.stone = String(has(stones, r, c));
    rect.dataset.mark = String(has(marks, r, c));
    if (onField) rect.addEventListener("click", () => { cursor[0] = r; cursor[1] = c; onField(r, c); });
    if (onMark) rect.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      cursor[0] = r; cursor[1] = c;
      onMark(r, c);
    });
    if (svgRoot && has(marks, r, c)) {
      const x = Number(rect.getAttribute("x")), y = Number(rect.getAttribute("y"));
      const w = Number(rect.getAttribute("width")), h = Number(rect.getAttribute("height"));
      const cross = document.createElementNS("http://www.w3.org/2000/svg", "path");
      const m = 0.3;
      cross.setAttribute("d", `M${x + w * m},${y + h * m}L${x + w * (1 - m)},${y + h * (1 - m)}` +
        `M${x + w * (1 - m)},${y + h * m}L${x + w * m},${y + h * (1 - m)}`);
      cross.setAttribute("class", "mark");
      svgRoot.append(cross);
    }
  });
  fieldsAtLeast44px(holder);
}

// On a phone-sized screen a field is a touch target: never under 44 CSS pixels a side. A board with
// many columns is drawn wider than the screen then, and its holder scrolls sideways.
function fieldsAtLeast44px(holder) {
  const svgRoot = holder.querySelector("svg"), field = holder.querySelector("rect.field");
  if (!svgRoot || !field || holder.offsetParent === null) return;  // not shown: measured when it is
  svgRoot.style.minWidth = "";
  if (!window.matchMedia("(max-width: 700px)").matches) return;
  const size = Math.min(field.getBoundingClientRect().width, field.getBoundingClientRect().height);
  const width = svgRoot.getBoundingClientRect().width;
  if (size > 0 && size < 44) svgRoot.style.minWidth = Math.ceil(width * 44 / size) + 1 + "px";
}

window.addEventListener("resize", () => document.querySelectorAll(".board").forEach(fieldsAtLeast44px));
// A board drawn while its view was hidden has no size yet: measured when the view is shown.
function boardsShown() { document.querySelectorAll(".board").forEach(fieldsAtLeast44px); }

// Drag drawing: pressing on a field and moving over others applies one edit to every field passed
// (mouse, pen or finger). `begin(row, col)` is called with the first field and decides the edit;
// `paint(row, col)` applies it to each field once; `end()` when the pointer is lifted.
function strokeBoard(holder, cursor, begin, paint, end) {
  const fieldAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    return el && el.matches("rect.field") && holder.contains(el) ? el : null;
  };
  holder.querySelectorAll("rect.field").forEach((rect) => {
    rect.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      event.preventDefault();
      const passed = new Set();
      const visit = (el) => {
        const r = Number(el.dataset.row), c = Number(el.dataset.col);
        if (passed.has(key(r, c))) return;
        passed.add(key(r, c));
        cursor[0] = r; cursor[1] = c;
        el.classList.add("painted");
        paint(r, c);
      };
      begin(Number(rect.dataset.row), Number(rect.dataset.col));
      visit(rect);
      const move = (e) => { const el = fieldAt(e.clientX, e.clientY); if (el) visit(el); };
      const up = () => {
        ["pointermove", "pointerup", "pointercancel"].forEach((type, i) =>
          document.removeEventListener(type, i === 0 ? move : up));
        end();
      };
      document.addEventListener("pointermove", move);
      document.addEventListener("pointerup", up);
      document.addEventListener("pointercancel", up);
    });
  });
}

// ---- undo and redo, the URL and the browser's storage ----

// Each view keeps its own history of snapshots: Play the challenge, stones and marks; Author the
// challenge being edited. Every change remembers the state before it.
const undoHistory = { play: { past: [], future: [] }, author: { past: [], future: [] } };

function currentView() { return VIEWS.find((v) => !$(v).hidden); }

function snapshot(view) {
  if (view === "play") {
    const p = state.play;
    return copy({ challenge: p.challenge, stones: p.stones, marks: p.marks });
  }
  return copy({ challenge: state.author.challenge, position: $("author-position").value, side: $("author-side").value });
}

function remember(view) {
  const h = undoHistory[view];
  if (!h || (view === "play" ? !state.play.challenge : !state.author.challenge)) return;
  h.past.push(snapshot(view));
  if (h.past.length > 500) h.past.shift();
  h.future = [];
  undoButtons();
}

function restore(view, snap) {
  if (view === "play") {
    const sameChallenge = JSON.stringify(snap.challenge) === JSON.stringify(state.play.challenge);
    state.play.challenge = snap.challenge;
    state.play.stones = snap.stones;
    state.play.marks = snap.marks;
    if (!sameChallenge) playOptimumInBackground();
    $("play-verdict").textContent = "";
    return attempt(playRefresh);
  }
  state.author.challenge = snap.challenge;
  $("author-position").value = snap.position;
  $("author-side").value = snap.side;
  authorChanged();
}

function step(backwards) {
  const view = currentView();
  const h = undoHistory[view];
  if (!h) return;
  const from = backwards ? h.past : h.future, to = backwards ? h.future : h.past;
  if (from.length === 0) return;
  to.push(snapshot(view));
  restore(view, from.pop());
  undoButtons();
}

function undoButtons() {
  const h = undoHistory[currentView()];
  $("undo").disabled = !h || h.past.length === 0;
  $("redo").disabled = !h || h.future.length === 0;
}

// The work in Play lives in the page's address (#play=...), so a link or a reload shows the same
// challenge with the same stones; both views are also kept in the browser's local storage.
function encodeWork(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeWork(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
}

function keepPlay() {
  const p = state.play;
  const work = { challenge: p.challenge, stones: p.stones, marks: p.marks };
  const encoded = encodeWork(work);
  window.history.replaceState(null, "", "#play=" + encoded);
  try { localStorage.setItem("xalapa-studio-play", JSON.stringify(work)); } catch (e) { /* storage full or off */ }
}

function keepAuthor() {
  try { localStorage.setItem("xalapa-studio-author", JSON.stringify(snapshot("author"))); } catch (e) { /* off */ }
}

// The Play work to start with: the address's, else the browser's, else null.
function savedPlay() {
  const hash = window.location.hash;
  if (hash.startsWith("#play=")) {
    try { return decodeWork(hash.slice(6)); } catch (e) { say("The address holds no readable challenge."); }
  }
  try { return JSON.parse(localStorage.getItem("xalapa-studio-play")); } catch (e) { return null; }
}

// ---- files: download and upload ----

function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function fileName(challenge, ext) {
  const id = String(challenge.id || challenge.name || "challenge").replace(/[^A-Za-z0-9_-]+/g, "-");
  return id + ext;
}

async function pictureSvg(challenge, stones) {
  const svg = await api("/api/xalapa/render", { challenge, stones });
  return svg.startsWith("<?xml") ? svg : '<?xml version="1.0" encoding="UTF-8"?>\n' + svg;
}

// The picture as PNG: the SVG drawn on a canvas twice its size.
async function picturePng(challenge, stones) {
  const svg = await pictureSvg(challenge, stones);
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; image.src = url; });
    const canvas = document.createElement("canvas");
    canvas.width = image.width * 2;
    canvas.height = image.height * 2;
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// A challenge file the user picked: the pinned challenge format, or a studio book (its first
// challenge); the server checks it when it is drawn.
async function readChallengeFile(input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return null;
  if (file.size > 1 << 20) throw new Error(`${file.name}: over 1 MiB`);
  let json;
  try { json = JSON.parse(await file.text()); } catch (e) { throw new Error(`${file.name}: not JSON (${e.message})`); }
  if (json && Array.isArray(json.challenges)) json = json.challenges[0];
  if (!json || typeof json !== "object" || !json.board) throw new Error(`${file.name}: not a challenge (no "board")`);
  return json;
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
  showBoard($("play-board"), svg, playField, p.cursor, p.stones, p.marks, playMark);
  $("penalty").textContent = score.penalty;
  p.score = score;
  playSolvedNotice();
  keepPlay();
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

// The notice when the stones reach the proved optimum (asked in the background when a challenge is
// loaded, and not shown until then: the number itself stays hidden until you ask for it).
function playSolvedNotice() {
  const p = state.play;
  const solved = p.score && p.optimum !== undefined && p.score.within_limit && p.score.penalty === p.optimum;
  $("play-solved").hidden = !solved;
  $("play-solved").textContent = solved ? `Solved: penalty ${p.optimum} is the proved optimum.` : "";
}

function playOptimumInBackground() {
  const p = state.play;
  const token = ++p.solveToken;
  p.optimum = undefined;
  api("/api/xalapa/solve", p.challenge).then((answer) => {
    if (token !== p.solveToken) return;
    p.optimum = answer.penalty;
    playSolvedNotice();
  }).catch(() => { /* the refresh shows the error */ });
}

function playField(r, c) {
  if ($("play-mark-mode").checked) playMark(r, c); else playToggle(r, c);
}

// Puts field (r, c) into the play's `list` ("stones" or "marks"), or takes it out when it is there; a
// field holds a stone or a mark, not both, so putting it there lifts it from `other`.
function playFlip(list, other, r, c) {
  const p = state.play;
  remember("play");
  const at = p[list].findIndex((s) => s[0] === r && s[1] === c);
  if (at >= 0) p[list].splice(at, 1); else {
    p[list].push([r, c]);
    p[other] = p[other].filter((s) => s[0] !== r || s[1] !== c);
  }
}

// A "no stone here" mark (right click, or a click in mark mode); it lifts a stone there.
function playMark(r, c) {
  playFlip("marks", "stones", r, c);
  attempt(playRefresh);
}

function playToggle(r, c) {
  playFlip("stones", "marks", r, c);
  $("play-verdict").textContent = "";
  attempt(playRefresh);
}

// Loads a challenge into Play (with stones and marks when given); `label` names it in the list when it
// is not one of the list's own (a generated, uploaded or edited challenge).
function playLoad(challenge, work = {}, label = null) {
  if (state.play.challenge) remember("play");
  state.play.challenge = copy(challenge);
  state.play.stones = copy(work.stones || []);
  state.play.marks = copy(work.marks || []);
  $("play-optimum").textContent = "not asked yet";
  $("play-verdict").textContent = "";
  if (label) pickLabel(label);
  playOptimumInBackground();
  return attempt(playRefresh);
}

// Shows `label` as the list's choice, adding it (once) when the list lacks it.
function pickLabel(label) {
  const pick = $("play-pick");
  let option = [...pick.options].find((o) => o.value === "other:" + label);
  if (!option) {
    option = new Option(label, "other:" + label);
    pick.add(option);
  }
  pick.value = option.value;
}

async function playSolve(all) {
  const answer = await api("/api/xalapa/solve" + (all ? "?all=1" : ""), state.play.challenge);
  $("play-optimum").textContent = answer.penalty;
  return answer;
}

async function playFar() {
  const best = await playSolve(false);
  const mine = Number($("penalty").textContent);
  $("play-verdict").textContent = mine === best.penalty ? "Your stones are optimal." :
    `Your penalty is ${mine}: ${mine - best.penalty} above the best possible ${best.penalty}.`;
}

// One stone that every optimal answer has, and why: without it no set of stones reaches the optimum.
// "Best possible" is not filled in (that is what "How far from best?" is for).
async function playHint() {
  const answer = await api("/api/xalapa/solve?all=1", state.play.challenge);
  const placed = new Set(state.play.stones.map((s) => key(s[0], s[1])));
  const next = answer.forced.find((s) => !placed.has(key(s[0], s[1])));
  if (!next) {
    $("play-verdict").textContent = "Every stone forced in all optimal answers is already placed.";
    return;
  }
  remember("play");
  state.play.stones.push(next);
  state.play.marks = state.play.marks.filter((s) => s[0] !== next[0] || s[1] !== next[1]);
  const sets = answer.optimal_sets_more ? `more than ${answer.optimal_sets}` : String(answer.optimal_sets);
  // Rows and columns as the picture labels them (from 0).
  $("play-verdict").textContent = `Hint: row ${next[0]}, column ${next[1]}. ` +
    `Every optimal answer (${sets} of them) has a stone there: without one there, the solver proved that ` +
    `no placement reaches the lowest penalty.`;
  await playRefresh();
}

// What is wrong so far, without the answer: the stones no optimal answer has, and the unmet tasks.
async function playCheck() {
  const answer = await api("/api/xalapa/solve?all=1", state.play.challenge);
  const never = new Set(answer.never.map((s) => key(s[0], s[1])));
  const wrong = state.play.stones.filter((s) => never.has(key(s[0], s[1])));
  const unmet = (state.play.score ? state.play.score.tasks : []).map((t, i) => (t.met ? null : i + 1)).filter((i) => i);
  const parts = [];
  parts.push(wrong.length === 0 ? "Every stone you placed is in some optimal answer." :
    `${wrong.length} of your stones ${wrong.length === 1 ? "is" : "are"} in no optimal answer: ` +
    wrong.map((s) => `row ${s[0]}, column ${s[1]}`).join("; ") + ".");
  parts.push(unmet.length === 0 ? "Every task is met." : `Unmet: task ${unmet.join(", ")}.`);
  $("play-verdict").textContent = parts.join(" ");
}

async function playSolution() {
  const answer = await playSolve(false);
  remember("play");
  state.play.stones = copy(answer.stones);
  state.play.marks = [];
  $("play-verdict").textContent = `A proved-optimal answer: penalty ${answer.penalty}.`;
  await playRefresh();
}

// ---- Author ----

// A blank board of the size chosen (1 to 12 fields a side, as the board format allows).
function blankBoard() {
  const side = (id) => Math.min(12, Math.max(1, Math.round(Number($(id).value)) || 6));
  const rows = [];
  for (let r = 0; r < side("author-rows"); ++r) rows.push(new Array(side("author-cols")).fill(""));
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

// An Author edit is a stroke: the first field decides whether the tool's symbol or line is added
// (the field lacks it) or taken away (it has it), and every field the stroke passes gets the same,
// as one change for undo. "clear" empties each field.
function authorStrokeBegin(r, c) {
  remember("author");
  const tool = authorTool();
  const field = splitField(state.author.challenge.board.rows[r][c]);
  const has = field.symbols.includes(tool) || field.lines.includes(tool);
  state.author.stroke = { tool, add: !has };
}

function authorStrokePaint(r, c) {
  const { tool, add } = state.author.stroke;
  const rows = state.author.challenge.board.rows;
  const field = splitField(rows[r][c]);
  const set = (list, item) => add ? (list.includes(item) ? list : list.concat([item])) : list.filter((x) => x !== item);
  if (tool === "clear") { field.symbols = []; field.lines = []; }
  else if (["cactus", "gecko", "bird"].includes(tool)) field.symbols = set(field.symbols, tool);
  else field.lines = set(field.lines, tool);
  rows[r][c] = joinField(field);
}

function authorStrokeEnd() {
  state.author.stroke = null;
  authorChanged();
}

function authorEditField(r, c) {
  authorStrokeBegin(r, c);
  authorStrokePaint(r, c);
  authorStrokeEnd();
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
    remember("author");
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
  remove.addEventListener("click", () => {
    remember("author");
    state.author.challenge.tasks.splice(index, 1);
    authorChanged();
  });
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
  keepAuthor();
  undoButtons();
  const facts = ["author-optimum", "author-unique", "author-difficulty", "author-conflict"];
  attempt(async () => {
    let svg;
    try { svg = await api("/api/xalapa/render", { challenge: a.challenge }); } catch (e) {
      // A challenge the server refuses (a typo in a task): no stale picture, no endless "…".
      if (token === a.token) {
        $("author-board").innerHTML = '<p class="refused">No picture: the challenge has an error (above).</p>';
        facts.forEach((id) => $(id).textContent = "–");
        clearTimeout(a.timer);
      }
      throw e;
    }
    if (token === a.token && !a.stroke) {
      showBoard($("author-board"), svg, null, a.cursor);
      strokeBoard($("author-board"), a.cursor, authorStrokeBegin, authorStrokePaint, authorStrokeEnd);
    }
  });
  facts.forEach((id) => $(id).textContent = "…");
  clearTimeout(a.timer);
  a.timer = setTimeout(() => inBackground(async () => {
    let rating;
    try { rating = await api("/api/xalapa/rate", a.challenge); }
    catch (e) { if (token === a.token) facts.forEach((id) => $(id).textContent = "–"); throw e; }
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
  remember("author");
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
  remember("author");
  const id = $("author-position").value;
  const ch = state.author.challenge;
  if (!id) delete ch.formation;
  else ch.formation = copy(state.positions.find((p) => p.id === id)[$("author-side").value]);
  authorChanged(false);
}

async function authorAddColumn() {
  const top = $("author-card-top").value, bottom = $("author-card-bottom").value;
  const answer = await api("/api/xalapa/column", { top, bottom });
  remember("author");
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
    play.addEventListener("click", () => { showView("play"); playLoad(ch, {}, `generated ${i + 1} (level ${body.level}, seed ${body.seed})`); });
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

// ---- your books ----

async function booksRefresh() {
  const saved = await api("/api/xalapa/saved");
  const pick = $("book-pick");
  const keep = pick.value;
  pick.innerHTML = "";
  saved.books.forEach((b) => pick.add(new Option(b, b)));
  if (saved.books.includes(keep)) pick.value = keep;
  await bookShow();
}

async function bookShow() {
  const name = $("book-pick").value;
  const list = $("book-list");
  list.innerHTML = "";
  $("book-print").disabled = !name;
  if (!name) {
    const li = document.createElement("li");
    li.textContent = "No book yet: in Author, Add to book.";
    list.append(li);
    return;
  }
  const book = await api("/api/xalapa/saved?book=" + encodeURIComponent(name));
  const n = book.challenges.length;
  book.challenges.forEach((ch, i) => {
    const li = document.createElement("li");
    const board = typeof ch.board === "object" && ch.board ? ch.board.id : String(ch.board);
    const title = ch.id || ch.name || "untitled";
    li.append(`${title}: ${ch.tasks.length} task${ch.tasks.length === 1 ? "" : "s"} on board ${board} `);
    for (const [label, to, tip] of [["↑", i - 1, "earlier"], ["↓", i + 1, "later"]]) {
      const b = document.createElement("button");
      b.textContent = label;
      b.title = `Move puzzle ${i + 1} ${tip}`;
      b.className = "move";
      b.disabled = to < 0 || to >= n;
      b.addEventListener("click", () => attempt(() => bookMove(name, n, i, to)));
      li.append(b, " ");
    }
    list.append(li);
  });
}

async function bookMove(name, n, from, to) {
  const order = [...Array(n).keys()];
  [order[from], order[to]] = [order[to], order[from]];
  await api("/api/xalapa/book-order", { book: name, order });
  await bookShow();
}

async function bookPrint() {
  const book = $("book-pick").value;
  say("Solving the book's puzzles…");
  const html = await api("/api/xalapa/book-print", {
    book, title: $("book-title").value, author: $("book-author").value,
    why: $("book-why").checked, hide_difficulty: $("book-hide-difficulty").checked,
  });
  say("");
  window.open(URL.createObjectURL(new Blob([html], { type: "text/html" })), "_blank");
}

// ---- views and start ----

function showView(name) {
  for (const view of VIEWS) {
    $(view).hidden = view !== name;
    $("tab-" + view).setAttribute("aria-selected", String(view === name));
  }
  undoButtons();
  boardsShown();
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
  words.levels.forEach((l) => $("race-level").add(new Option(l, l)));
  const cards = await api("/api/xalapa/cards");
  ["printed-1", "printed-2"].concat(cards.cards.map((c) => c.id)).forEach((id) => $("author-card-top").add(new Option(id, id)));
  cards.cards.forEach((c) => $("author-card-bottom").add(new Option(c.id, c.id)));
  $("gen-level").value = "2";
  words.difficulties.forEach((d) => $("gen-difficulty").add(new Option(`${d.name}: ${d.meaning}`, d.name)));
  state.shipped.forEach((s, i) => $("play-pick").add(new Option(s.name, "shipped:" + i)));
  const saved = await api("/api/xalapa/saved");
  saved.challenges.forEach((n) => $("play-pick").add(new Option("saved: " + n, "saved:" + n)));
  $("author-start").add(new Option("a blank board (its size beside)", "blank"));
  $("author-start").add(new Option("the challenge in Play", "play"));
  state.boards.forEach((b) => $("author-start").add(new Option("board " + b.id, b.id)));
  $("author-position").add(new Option("none", ""));
  state.positions.forEach((p) => $("author-position").add(new Option(p.id, p.id)));
  wire();
  const work = savedPlay();
  if (work && work.challenge) {
    await playLoad(work.challenge, work, "from the address or your last visit");
  } else {
    const first = state.shipped.findIndex((s) => s.name === "basic-1");
    $("play-pick").value = "shipped:" + Math.max(0, first);
    await playLoad(state.shipped[Math.max(0, first)].challenge);
  }
  let authored = null;
  try { authored = JSON.parse(localStorage.getItem("xalapa-studio-author")); } catch (e) { /* none */ }
  if (authored && authored.challenge) {
    state.author.challenge = authored.challenge;
    $("author-position").value = authored.position || "";
    $("author-side").value = authored.side || "three";
    authorChanged();
  } else {
    authorLoad({ board: blankBoard(), tasks: [] });
  }
  await attempt(booksRefresh);
  undoHistory.play.past = [];
  undoHistory.author.past = [];
  undoButtons();
}

function wire() {
  for (const view of VIEWS) $("tab-" + view).addEventListener("click", () => showView(view));
  $("play-pick").addEventListener("change", async () => {
    const [kind, which] = $("play-pick").value.split(/:(.*)/s);
    if (kind === "other") return;
    const ch = kind === "shipped" ? state.shipped[Number(which)].challenge
      : await attempt(() => api("/api/xalapa/saved?name=" + encodeURIComponent(which)));
    if (ch) playLoad(ch);
  });
  $("play-clear").addEventListener("click", () => {
    remember("play");
    state.play.stones = [];
    state.play.marks = [];
    attempt(playRefresh);
  });
  $("undo").addEventListener("click", () => step(true));
  $("redo").addEventListener("click", () => step(false));
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "radio" && target.type !== "checkbox" ||
        target.tagName === "TEXTAREA")) return;  // the field's own undo
    const k = event.key.toLowerCase();
    if (k === "z" && !event.shiftKey) { step(true); event.preventDefault(); }
    else if (k === "y" || (k === "z" && event.shiftKey)) { step(false); event.preventDefault(); }
  });
  $("play-check").addEventListener("click", () => attempt(playCheck));
  $("play-download").addEventListener("click", () => {
    const ch = state.play.challenge;
    download(fileName(ch, ".json"), new Blob([JSON.stringify(ch, null, 1) + "\n"], { type: "application/json" }));
  });
  $("play-download-svg").addEventListener("click", () => attempt(async () => {
    const ch = state.play.challenge;
    download(fileName(ch, ".svg"), new Blob([await pictureSvg(ch, state.play.stones)], { type: "image/svg+xml" }));
  }));
  $("play-download-png").addEventListener("click", () => attempt(async () => {
    const ch = state.play.challenge;
    download(fileName(ch, ".png"), await picturePng(ch, state.play.stones));
  }));
  $("play-upload").addEventListener("change", () => attempt(async () => {
    const input = $("play-upload");
    const name = input.files[0] ? input.files[0].name : "";
    const ch = await readChallengeFile(input);
    if (ch) await playLoad(ch, {}, "uploaded: " + name);
  }));
  $("author-download").addEventListener("click", () => {
    const ch = state.author.challenge;
    download(fileName({ id: $("author-name").value }, ".json"),
      new Blob([JSON.stringify(ch, null, 1) + "\n"], { type: "application/json" }));
  });
  $("author-upload").addEventListener("change", () => attempt(async () => {
    const ch = await readChallengeFile($("author-upload"));
    if (ch) authorLoad(ch);
  }));
  $("play-far").addEventListener("click", () => attempt(playFar));
  $("play-hint").addEventListener("click", () => attempt(playHint));
  $("play-solve").addEventListener("click", () => attempt(playSolution));
  $("play-edit").addEventListener("click", () => { showView("author"); authorLoad(state.play.challenge); });
  $("play-mark-mode").addEventListener("change", () => {
    $("play-board").classList.toggle("marking", $("play-mark-mode").checked);
  });
  keyboardBoard($("play-board"), state.play, () => {
    const rows = state.play.challenge.board.rows;
    return [rows.length, rows[0].length];
  }, playField);
  keyboardBoard($("author-board"), state.author, () => {
    const rows = state.author.challenge.board.rows;
    return [rows.length, rows[0].length];
  }, authorEditField);
  $("author-load").addEventListener("click", authorStart);
  $("author-background").addEventListener("click", () => {
    remember("author");
    const b = state.author.challenge.board;
    b.top_left = b.top_left === "white" ? "black" : "white";
    authorChanged(false);
  });
  $("author-add-task").addEventListener("click", () => {
    remember("author");
    state.author.challenge.tasks.push({ feature: "gecko", count: 1 });
    authorChanged();
  });
  $("author-add-column").addEventListener("click", () => attempt(authorAddColumn));
  $("author-deal").addEventListener("click", () => attempt(authorDeal));
  $("author-position").addEventListener("change", authorFormation);
  $("author-side").addEventListener("change", authorFormation);
  $("author-save").addEventListener("click", () => attempt(async () => {
    const name = $("author-name").value;
    const r = await api("/api/xalapa/save", { name, challenge: state.author.challenge });
    say("Saved " + r.saved.join(" and ") + " in the data folder.");
    // At once in Play's list, without a reload.
    if (![...$("play-pick").options].some((o) => o.value === "saved:" + name))
      $("play-pick").add(new Option("saved: " + name, "saved:" + name));
  }));
  $("author-add-book").addEventListener("click", () => attempt(async () => {
    const r = await api("/api/xalapa/book", { book: $("author-book").value, challenge: state.author.challenge });
    say(`${r.book} now holds ${r.challenges} challenge(s).`);
    await booksRefresh();
  }));
  $("author-play").addEventListener("click", () => {
    showView("play");
    playLoad(state.author.challenge, {}, "from Author: " + $("author-name").value);
  });
  $("gen-go").addEventListener("click", () => attempt(generate));
  $("gen-print").addEventListener("click", () => attempt(printBook));
  $("book-pick").addEventListener("change", () => attempt(bookShow));
  $("book-print").addEventListener("click", () => attempt(bookPrint));
}

attempt(start);
