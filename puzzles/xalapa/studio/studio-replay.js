// Studio replays: a whole game's log (a saved one, an uploaded file or pasted text) stepped through.
// The server replays the log with tlaloc's own rules (POST /api/replay) and answers every step's text
// and the picture of the step asked for; the page keeps the pictures it has seen.
"use strict";

const replay = {
  source: null,  // {name} or {log}
  steps: [],
  svgs: new Map(),
  at: 0,
  token: 0,
};

const GAME_NAMES = {
  aztlan: "Aztlán", azteka: "Azteka", akelarre: "Akelarre", atlacoya: "Atlacoya", "seven-day": "Xalapa, seven days",
};

const withoutDeclaration = (svg) => svg.replace(/^<\?xml[^>]*>\s*/, "");

async function replaySavedList() {
  const answer = await api("/api/replays");
  const select = $("replay-saved");
  select.innerHTML = "";
  if (answer.logs.length === 0) select.add(new Option("(no .jsonl logs in the data folder)", ""));
  answer.logs.forEach((name) => select.add(new Option(name, name)));
}

async function replayOpen(source) {
  const answer = await api("/api/replay", Object.assign({ at: 0 }, source));
  replay.source = source;
  replay.steps = answer.steps;
  replay.svgs = new Map([[0, answer.svg]]);
  $("replay-title").textContent =
    `${GAME_NAMES[answer.game] || answer.game}, ${answer.players} players: ${answer.name}, ${answer.steps.length - 1} steps`;
  $("replay-wrong").textContent = answer.wrong ? "This log is not right: " + answer.wrong : "";
  $("replay-wrong").hidden = !answer.wrong;
  const slider = $("replay-slider");
  slider.max = String(answer.steps.length - 1);
  const stages = $("replay-stage");
  stages.innerHTML = "";
  let last = null;
  answer.steps.forEach((s, i) => {
    if (s.stage !== last) stages.add(new Option(s.stage, String(i)));
    last = s.stage;
  });
  $("replay-view").hidden = false;
  await replayGo(0);
}

// Shows step n: its header, the state after it, its picture (asked of the server once).
async function replayGo(n) {
  n = Math.max(0, Math.min(replay.steps.length - 1, n));
  const token = ++replay.token;
  replay.at = n;
  const s = replay.steps[n];
  $("replay-slider").value = String(n);
  $("replay-header").textContent = n === 0
    ? `Step 0 of ${replay.steps.length - 1} · ${s.stage} · the game as dealt`
    : `Step ${n} of ${replay.steps.length - 1} · ${s.stage} · ${s.who} · ${s.action}`;
  $("replay-text").textContent = s.text;
  let stage = 0;
  for (const option of $("replay-stage").options) if (Number(option.value) <= n) stage = option.value;
  $("replay-stage").value = String(stage);
  $("replay-back").disabled = n === 0;
  $("replay-first").disabled = n === 0;
  $("replay-forward").disabled = n === replay.steps.length - 1;
  $("replay-last").disabled = n === replay.steps.length - 1;
  if (!replay.svgs.has(n)) {
    const answer = await api("/api/replay", Object.assign({ at: n }, replay.source));
    replay.svgs.set(n, answer.svg);
  }
  if (token !== replay.token) return;
  $("replay-picture").innerHTML = withoutDeclaration(replay.svgs.get(n));
  $("replay-picture").dataset.step = String(n);
}

function replayWire() {
  $("tab-replay").addEventListener("click", () => attempt(replaySavedList));
  $("replay-open").addEventListener("click", () => attempt(async () => {
    const name = $("replay-saved").value;
    if (!name) throw new Error("no saved log chosen: put a game's .jsonl log in the studio's data folder");
    await replayOpen({ name });
  }));
  $("replay-file").addEventListener("change", () => attempt(async () => {
    const file = $("replay-file").files[0];
    if (file) await replayOpen({ log: await file.text() });
  }));
  $("replay-paste-open").addEventListener("click", () => attempt(() => replayOpen({ log: $("replay-paste").value })));
  $("replay-first").addEventListener("click", () => attempt(() => replayGo(0)));
  $("replay-back").addEventListener("click", () => attempt(() => replayGo(replay.at - 1)));
  $("replay-forward").addEventListener("click", () => attempt(() => replayGo(replay.at + 1)));
  $("replay-last").addEventListener("click", () => attempt(() => replayGo(replay.steps.length - 1)));
  $("replay-slider").addEventListener("input", () => attempt(() => replayGo(Number($("replay-slider").value))));
  $("replay-stage").addEventListener("change", () => attempt(() => replayGo(Number($("replay-stage").value))));
  document.addEventListener("keydown", (event) => {
    if ($("replay").hidden || $("replay-view").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    const t = event.target;
    if (t && ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return;  // their own keys
    const moves = { ArrowRight: replay.at + 1, ArrowLeft: replay.at - 1, Home: 0, End: replay.steps.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    attempt(() => replayGo(moves[event.key]));
  });
}

replayWire();
