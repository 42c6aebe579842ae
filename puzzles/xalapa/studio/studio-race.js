// Xalapa studio: the seven-day game against bots, as a real race. The page keeps only the game's
// set-up and your answers; every call sends them to /api/xalapa/play, which replays the game so far
// with tlaloc's own engine and bots and returns the day to play (or the log once the game is over).
// Times are tenths of a second from the moment a day's board is shown, as in the log.
"use strict";

const race = {
  request: null,    // {players, level, seed, hourglass, experts}
  plays: [],        // your answers, one per day played: {stones, done_at}
  today: null,      // the day to play, as the API gives it
  stones: [],
  cursor: [0, 0],
  t0: 0,
  timer: null,
  submitted: false,
  token: 0,
};

const tenths = (t) => (t / 10).toFixed(1) + " s";
const raceElapsed = () => Math.floor((performance.now() - race.t0) / 100);

async function raceStart() {
  const bots = $("race-bots").value.split(",").map((s) => s.trim()).filter(Boolean);
  const players = ["human"].concat(bots);
  const level = $("race-level").value;
  const expert = $("race-expert").checked || !["basic", "1"].includes(level);
  race.request = {
    players, level, seed: Number($("race-seed").value), hourglass: Number($("race-hourglass").value),
    experts: players.map((p) => (p === "human" ? expert : !["basic", "1"].includes(level))),
  };
  race.plays = [];
  $("race-result").hidden = true;
  $("race-download").hidden = true;
  $("race-log").value = "";
  await raceAsk();
  $("race-game").hidden = false;
}

// Sends the set-up and your answers; shows the score track and the next day, or the end.
async function raceAsk() {
  clearInterval(race.timer);
  const answer = await api("/api/xalapa/play", Object.assign({ plays: race.plays }, race.request));
  raceScores(answer);
  if (answer.over) {
    raceEnd(answer);
    return;
  }
  race.today = answer.today;
  race.stones = [];
  race.submitted = false;
  $("race-day").textContent = answer.today.day.day;
  $("race-done").disabled = false;
  await raceDraw();
  race.t0 = performance.now();
  race.timer = setInterval(raceTick, 100);
  raceTick();
}

async function raceDraw() {
  const token = ++race.token;
  const body = { challenge: race.today.challenge, stones: race.stones };
  const [score, svg] = await Promise.all([api("/api/xalapa/evaluate", body), api("/api/xalapa/render", body)]);
  if (token !== race.token) return;
  showBoard($("race-board"), svg, raceField, race.cursor, race.stones);
  $("race-penalty").textContent = score.penalty;
  const list = $("race-tasks");
  list.innerHTML = "";
  if (score.formation_met !== null) list.append(taskItem(race.today.day.challenges[0], score.formation_met));
  score.tasks.forEach((t) => list.append(taskItem(t.describe, t.met)));
}

function raceField(r, c) {
  if (race.submitted) return;
  const i = race.stones.findIndex((s) => s[0] === r && s[1] === c);
  if (i >= 0) race.stones.splice(i, 1);
  else if (race.stones.length >= 8) { say("All 8 stones are on the board: lift one first."); return; }
  else race.stones.push([r, c]);
  race.stones.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  attempt(raceDraw);
}

// The clock: which bots are done, and the hourglass once the first of them is.
function raceTick() {
  if (race.submitted) return;
  const now = raceElapsed();
  $("race-clock").textContent = tenths(now);
  const list = $("race-bot-list");
  list.innerHTML = "";
  race.today.bots.forEach((b) => {
    const li = document.createElement("li");
    li.textContent = `seat ${b.seat} (${b.player}): ` + (now >= b.done_at ? `done at ${tenths(b.done_at)}` : "placing stones…");
    list.append(li);
  });
  const first = Math.min(...race.today.bots.map((b) => b.done_at));
  if (now < first) {
    $("race-hourglass-left").textContent = "hourglass not turned";
    return;
  }
  const end = first + race.request.hourglass * 10;
  $("race-hourglass-left").textContent = `hourglass: ${tenths(Math.max(0, end - now))} left`;
  if (now >= end) raceSubmit(null);
}

// Done (or cut off by the hourglass when `doneAt` is null): the day's answer goes to the server.
async function raceSubmit(doneAt) {
  if (race.submitted) return;
  race.submitted = true;
  clearInterval(race.timer);
  $("race-done").disabled = true;
  race.plays.push({ stones: race.stones.slice(), done_at: doneAt });
  if (doneAt === null) say("The hourglass ran out: your board counts as it is.");
  const ok = await attempt(async () => { await raceAsk(); return true; });
  if (!ok) {  // refused: take the answer back and let the day go on
    race.plays.pop();
    race.submitted = false;
    $("race-done").disabled = false;
    race.timer = setInterval(raceTick, 100);
  }
}

function raceScores(answer) {
  const table = $("race-scores");
  table.innerHTML = "";
  const seats = answer.setup.seats;
  const head = table.insertRow();
  head.insertCell().textContent = "day";
  seats.forEach((s) => { head.insertCell().textContent = `${s.seat}: ${s.player === "human" ? "you" : s.player}`; });
  answer.days.forEach((d) => {
    const row = table.insertRow();
    row.insertCell().textContent = d.day.day;
    d.plays.forEach((p) => { row.insertCell().textContent = `+${p.penalty} = ${p.total}`; });
  });
}

function raceEnd(answer) {
  race.today = null;
  $("race-done").disabled = true;
  $("race-bot-list").innerHTML = "";
  $("race-log").value = answer.log;
  const mine = answer.end.ranking.find((r) => r.seat === answer.seat);
  const winners = answer.end.winners.map((w) => (w === answer.seat ? "you" : "seat " + w)).join(" and ");
  $("race-result").textContent = `Game over: ${winners} won. You are placed ${mine.place} with ${mine.total} penalty points.`;
  $("race-result").hidden = false;
  $("race-download").hidden = false;
  $("race-hourglass-left").textContent = "game over";
}

function raceWire() {
  $("race-start").addEventListener("click", () => attempt(raceStart));
  $("race-done").addEventListener("click", () => raceSubmit(raceElapsed()));
  $("race-download").addEventListener("click", () =>
    download(`xalapa-seed-${race.request.seed}.jsonl`, new Blob([$("race-log").value], { type: "application/jsonl" })));
}

raceWire();
