// Studio games: a whole game of Aztlán, Azteka, Akelarre or Atlacoya with people and bots at the
// table. The page keeps only the set-up and the actions so far; every call sends them to /api/game,
// which deals the game again from the seed, plays them with tlaloc's rules, lets the bots answer until
// a person is to act, and returns the picture, the state and that person's legal actions.
"use strict";

const GAMES = {
  aztlan: { players: [2, 3, 4], variants: ["de", "it"] },
  azteka: { players: [2], variants: ["standard", "aggressive"] },
  akelarre: { players: [2, 3, 4], variants: ["singles", "teams"] },
  atlacoya: { players: [2, 3, 4, 5, 6], variants: ["standard"] },
};

const games = { request: null, answer: null, token: 0, shown: 0 };

function gamesChoices() {
  const g = GAMES[$("games-game").value];
  const players = $("games-players"), variants = $("games-variant");
  const before = Number(players.value);
  players.innerHTML = "";
  g.players.forEach((n) => players.add(new Option(String(n), String(n))));
  players.value = String(g.players.includes(before) ? before : g.players[0]);
  variants.innerHTML = "";
  g.variants.forEach((v) => variants.add(new Option(v, v)));
}

async function gamesStart() {
  const seats = $("games-seats").value.split(",").map((s) => s.trim()).filter(Boolean);
  games.request = {
    game: $("games-game").value, players: Number($("games-players").value), variant: $("games-variant").value,
    seed: Number($("games-seed").value), seats, actions: [],
  };
  $("games-filter").value = "";
  await gamesAsk([]);
  $("games-table").hidden = false;
}

async function gamesAsk(actions, hint) {
  const token = ++games.token;
  const answer = await api("/api/game", Object.assign({}, games.request, { actions, hint: Boolean(hint) }));
  if (token !== games.token) return;
  games.request.actions = answer.actions;
  games.answer = answer;
  gamesShow();
  games.shown = token;
}

function gamesShow() {
  const a = games.answer;
  $("games-stage").textContent = a.stage;
  $("games-turn").textContent = a.over ? "game over" : `${a.names[a.to_act]} to act (you)`;
  $("games-picture").innerHTML = a.svg.replace(/^<\?xml[^>]*>\s*/, "");
  $("games-text").textContent = a.text;
  $("games-hint-text").textContent = a.hint ? "Best play: " + a.hint : "";
  $("games-hint-play").hidden = !a.hint;
  const history = $("games-history");
  history.innerHTML = "";
  const from = Math.max(0, a.actions.length - 12);
  for (let i = from; i < a.actions.length; ++i) {
    const li = document.createElement("li");
    li.value = i + 1;
    li.textContent = `${a.stages[i]} · ${a.names[a.actors[i]]} (${games.request.seats[a.actors[i]]}): ${a.actions[i]}`;
    history.append(li);
  }
  history.scrollTop = history.scrollHeight;
  $("games-choose").hidden = a.over;
  $("games-result").hidden = !a.over;
  if (a.over) {
    const won = a.winners.length ? a.winners.map((w) => a.names[w]).join(" and ") + " won" : "a draw";
    $("games-result").textContent = `Game over: ${won}. Scores: ${a.scores.map((s, i) => a.names[i] + " " + s).join(", ")}.` +
      (a.no_log ? ` No log: ${a.no_log}.` : "");
  }
  $("games-download").hidden = !(a.over && a.log);
  gamesLegal();
}

function gamesLegal() {
  const a = games.answer;
  const filter = $("games-filter").value.trim();
  const shown = a.legal.filter((x) => !filter || x.includes(filter));
  const list = $("games-legal");
  list.innerHTML = "";
  shown.slice(0, 300).forEach((action) => {
    const b = document.createElement("button");
    b.textContent = action;
    b.dataset.action = action;
    b.addEventListener("click", () => attempt(() => {
      $("games-filter").value = "";  // a narrowing is about this move only
      return gamesAsk(games.request.actions.concat([action]));
    }));
    list.append(b);
  });
  $("games-legal-count").textContent = a.over ? "" :
    `${shown.length} of ${a.legal.length}${a.legal_cut ? "+" : ""} legal actions` +
    (shown.length > 300 ? " (the first 300 shown: click the picture or type to narrow them)" : "");
}

// A click on the picture keeps the actions about what was clicked.
function gamesPictureClick(event) {
  const el = event.target.closest("[data-territory], [data-hole], [data-at], [data-place], [data-card]");
  if (!el) return;
  let filter = "";
  if (el.dataset.card) filter = `"card":"${el.dataset.card}"`;
  else if (el.dataset.territory) filter = `"${el.dataset.territory}"`;
  else if (el.dataset.hole || el.dataset.at) {
    const m = (el.dataset.hole || el.dataset.at).match(/^R(\d+)S(\d+)$/);
    if (m) filter = `place ${m[1]} ${m[2]}`;
  } else if (el.dataset.place) filter = `"to":${el.dataset.place}`;
  $("games-filter").value = filter;
  gamesLegal();
}

function gamesWire() {
  $("games-game").addEventListener("change", () => {
    gamesChoices();
    $("games-seats").value = ["human"].concat(Array(Number($("games-players").value) - 1).fill("greedy")).join(",");
  });
  $("games-players").addEventListener("change", () => {
    $("games-seats").value = ["human"].concat(Array(Number($("games-players").value) - 1).fill("greedy")).join(",");
  });
  $("games-start").addEventListener("click", () => attempt(gamesStart));
  $("games-filter").addEventListener("input", gamesLegal);
  $("games-hint").addEventListener("click", () => attempt(() => gamesAsk(games.request.actions, true)));
  $("games-hint-play").addEventListener("click", () =>
    attempt(() => gamesAsk(games.request.actions.concat([games.answer.hint]))));
  $("games-picture").addEventListener("click", gamesPictureClick);
  $("games-download").addEventListener("click", () => download(
    `${games.request.game}-seed-${games.request.seed}.jsonl`,
    new Blob([games.answer.log], { type: "application/jsonl" })));
  gamesChoices();
}

gamesWire();
