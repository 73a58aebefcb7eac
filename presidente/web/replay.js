// The replay page: steps through a finished game, every hand shown; buttons, the slider or the arrow keys.
// It also opens a position file (POST /api/position), drawn the same way, and a record file (POST /api/record:
// the server replays it, then each step is GET /api/record/{id}?step=N); /replay/position and /replay/record
// open files only.
import { SHOWN_COPIES, cardSvg, cardsOf, readableCards, redSuits } from "./cards.js";
import { getJson, h, namedLine, seatLabels } from "./api.js";
import { reviewShowsStep, setUpReview } from "./review.js";
import { effectTexts } from "./table-effects.js";
import { declaredRank } from "./table-words.js";

const tableId = location.pathname.split("/").pop();
const positionOnly = tableId === "position" || tableId === "record";
const recordPage = tableId === "record";
const GAME_TITLES = { president: "President", "el-presidente": "El Presidente" };
let step = 0;
let steps = 0;
let asked = 0;  // the number of the latest request: an older answer arriving late is dropped
let sliderTimer = null;
let reviewReady = false;
let record = null;  // the record file shown instead of the stored game: { id, file, text, rounds }

const byId = (id) => document.getElementById(id);

function expand(group) {
  return group.flatMap(([text, count]) => Array(Math.min(count, SHOWN_COPIES)).fill(text));
}

function handRow(view, names, seat) {
  const president = view.game === "president";
  const hand = view.hands[seat];
  const cards = president ? expand(hand) : hand;
  const facts = president
    ? [view.results.length ? view.seats[seat].title : "", `score ${view.seats[seat].score}`, `${cards.length} cards`]
    : [seat === view.attacker ? "attacker" : "", seat === view.defender ? "defender" : "", `${hand.length} cards`];
  const turn = view.current === seat;
  return h("div", { class: `hands-row${turn ? " turn" : ""}`, "data-seat": seat },
    h("div", { class: "who-line" },
      h("strong", {}, names[seat], turn ? " — to move" : ""),
      h("small", {}, facts.filter(Boolean).join(" · "))),
    h("div", { class: "cards" }, ...cards.map((c) => cardSvg(c, { width: 34 }))));
}

function centre(view, names) {
  const president = view.game === "president";
  const pile = president
    ? view.trick.map(([seat, play]) => h("div", { class: "play top" }, h("span", { class: "who" }, names[seat]),
      h("div", { class: "cards" }, ...cardsOf(play).map((c) => cardSvg(c, { width: 44, jokerAs: c === "JK" ? declaredRank(play) : null })))))
    : [h("div", { class: "battle" },
        h("span", { class: "who" }, `Battle ${view.battle}: ${names[view.attacker]} attacks ${names[view.defender]}`),
        h("div", { class: "cards stacked" }, ...view.battle_pile.map((c) => cardSvg(c, { width: 44 }))))];
  if (president && !view.trick.length) pile.push(h("p", { class: "empty" }, "Empty pile: a new trick."));
  const faceUp = president ? view.face_up.reduce((n, [, c]) => n + c, 0) : 0;
  const counts = president
    ? [faceUp ? `${faceUp} face up` : "", view.clockwise === false ? "play goes counter-clockwise (a 9 reversed it)" : ""].filter(Boolean).join(" · ")
    : `deck ${view.deck_size} · discard ${view.discard_size} · games won ${view.team_wins.join(" – ")}`;
  // Effects in force (revolution, jack back, suit and number locks, owed cards) in the table page's words.
  const effects = president ? effectTexts(view, (seat) => names[seat]).map(({ kind, text }) => h("p", { class: `banner ${kind}` }, text)) : [];
  return h("div", { class: "centre" }, ...effects, h("div", { class: "pile" }, ...pile), h("div", { class: "counts" }, counts));
}

function drawBoard(view, names) {
  const logTitle = view.game === "president" ? "This round so far" : "This battle so far";
  byId("board").replaceChildren(
    centre(view, names),
    ...view.hands.map((_, seat) => handRow(view, names, seat)),
    h("h2", { class: "log-title" }, logTitle),
    // The log scrolls once a round grows long: focusable, so that keys scroll it too.
    h("ol", { class: "log", tabindex: "0", "aria-label": logTitle },
      ...view.log.map((line) => h("li", {}, ...redSuits(namedLine(readableCards(line), names))))));
}

// A position file, checked by the server's engine and drawn like a replayed table; a bad file says why.
async function openPosition(file) {
  const request = ++asked;
  const response = await fetch("/api/position", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text(),
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  if (request !== asked) return;
  record = null;
  byId("round-row").hidden = true;
  byId("round-keys").hidden = true;
  byId("controls").hidden = positionOnly;
  const view = data.view;
  const names = view.hands.map((_, seat) => `Seat ${seat}`);
  const title = GAME_TITLES[data.game] ?? data.game;
  document.title = `Presidente — position from ${file.name}`;
  byId("title").textContent = "Position from a file";
  byId("subtitle").textContent = `${title} · ${names.length} players · ${file.name}`;
  byId("move").textContent = `The table in ${file.name}.`;
  byId("table-panel").setAttribute("aria-label", "The table at this position");
  byId("table-panel").hidden = false;
  byId("position-error").textContent = "";
  // On a game's replay, any step button goes back to the game.
  for (const id of ["first", "back", "next", "last"]) byId(id).setAttribute("aria-disabled", "false");
  drawBoard(view, names);
}

byId("record-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (!file) return;
  byId("record-error").textContent = "";
  openRecord(file).catch((error) => {
    byId("record-error").textContent = `${file.name} is not a record this page can show: ${error.message}`;
  });
});

byId("position-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (!file) return;
  openPosition(file).catch((error) => {
    byId("position-error").textContent = `${file.name} is not a position this page can show: ${error.message}`;
  });
});

// A record file, replayed by the server's engine (which refuses, in words, what it cannot show or replay in time).
async function postRecord(text) {
  const response = await fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function openRecord(file) {
  const request = ++asked;
  const text = await file.text();
  const data = await postRecord(text);
  if (request !== asked) return;
  // rounds: the step at which each round is dealt, sent once when the record is opened.
  // An El Presidente match is played in games, a President match in rounds (a UECda game is a round).
  const word = data.game === "el-presidente" ? "game" : "round";
  record = { id: data.id, file, text, rounds: data.rounds ?? [0], word };
  byId("round-number").max = String(record.rounds.length);
  byId("round-back").setAttribute("aria-label", `Previous ${word}`);
  byId("round-next").setAttribute("aria-label", `Next ${word}`);
  byId("round-number-label").textContent = `Go to ${word}`;
  byId("round-keys").textContent = `; Page Up and Page Down go to the previous and next ${word}`;
  byId("round-row").hidden = record.rounds.length < 2;
  byId("round-keys").hidden = record.rounds.length < 2;
  byId("record-error").textContent = "";
  byId("position-error").textContent = "";
  byId("review").hidden = true;  // a review is of a stored game
  byId("controls").hidden = false;
  byId("table-panel").hidden = false;
  draw(data);
  byId("next").focus();
}

// One step of the record: the server keeps a few records open; one it forgot is opened again from its file.
async function recordStep(wanted) {
  const response = await fetch(`/api/record/${record.id}?step=${wanted}`);
  if (response.status === 404) {
    const again = await postRecord(record.text);
    record.id = again.id;
    return recordStep(wanted);
  }
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function show(target) {
  const wanted = Math.max(0, Math.min(target, steps || target));
  const request = ++asked;
  const data = record ? await recordStep(wanted) : await getJson(`/api/replay/${tableId}?step=${wanted}`);
  if (request !== asked) return;
  draw(data);
}

function draw(data) {
  step = data.step;
  steps = data.steps;
  const names = seatLabels(data.names);
  const title = GAME_TITLES[data.game] ?? data.game;
  const name = record ? record.file.name : data.name;
  document.title = `Presidente — replay of ${name}`;
  byId("title").textContent = `Replay of ${name}`;
  byId("subtitle").textContent = `${title} · ${data.preset} · ${names.join(", ")}${record ? " · a record file" : ""}`;
  const slider = byId("slider");
  slider.max = String(steps);
  slider.value = String(step);
  slider.setAttribute("aria-valuetext", `move ${step} of ${steps}`);
  byId("step").textContent = `move ${step} of ${steps}`;
  byId("first").setAttribute("aria-disabled", String(step === 0));
  byId("back").setAttribute("aria-disabled", String(step === 0));
  byId("next").setAttribute("aria-disabled", String(step === steps));
  byId("last").setAttribute("aria-disabled", String(step === steps));
  const move = data.move;
  byId("move").replaceChildren(...(move
    ? redSuits(`${move.seat === null ? "Table" : names[move.seat]}: ${readableCards(move.text)}`) : ["The deal."]));
  byId("table-panel").setAttribute("aria-label", "The table after this move");
  drawBoard(data.view, names);
  if (record) {
    drawRound();
    return;
  }
  reviewShowsStep(step);
  if (!reviewReady) {
    reviewReady = true;
    setUpReview({ tableId, game: data.game, labels: names, names: data.names, stepTo: showReviewed }).catch(() => {});
  }
}

// A reviewed move chosen in the review: the table just after it, brought into view when it is off screen.
function showReviewed(number) {
  show(number).then(() => {
    const line = byId("move").getBoundingClientRect();
    if (line.top < 0 || line.bottom > innerHeight) byId("move").scrollIntoView({ block: "start" });
  }).catch((error) => { byId("move").textContent = error.message; });
}

// The round the shown step belongs to: 0-based, the last one dealt at or before it.
function roundIndex() {
  const rounds = record.rounds;
  let low = 0;
  let high = rounds.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (rounds[middle] <= step) low = middle;
    else high = middle - 1;
  }
  return low;
}

function drawRound() {
  const index = roundIndex();
  const count = record.rounds.length;
  byId("round-label").textContent = `${record.word} ${index + 1} of ${count}`;
  if (document.activeElement !== byId("round-number")) byId("round-number").value = String(index + 1);
  byId("round-back").setAttribute("aria-disabled", String(index === 0 && step === 0));
  byId("round-next").setAttribute("aria-disabled", String(index === count - 1));
}

// Previous round: the start of this round when the step is past it, else the round before.
function goRound(delta) {
  if (!record || record.rounds.length < 2) return;
  const index = roundIndex();
  const target = delta < 0 && step > record.rounds[index] ? index : index + delta;
  go(record.rounds[Math.max(0, Math.min(target, record.rounds.length - 1))]);
}

function go(target) {
  show(target).catch((error) => { byId("move").textContent = error.message; });
}

byId("first").addEventListener("click", () => go(0));
byId("back").addEventListener("click", () => go(step - 1));
byId("next").addEventListener("click", () => go(step + 1));
byId("last").addEventListener("click", () => go(steps));
byId("round-back").addEventListener("click", () => goRound(-1));
byId("round-next").addEventListener("click", () => goRound(1));
byId("round-row").addEventListener("submit", (event) => {
  event.preventDefault();
  const wanted = Number(byId("round-number").value);
  if (!record || !Number.isInteger(wanted) || wanted < 1 || wanted > record.rounds.length) {
    const word = record?.word ?? "round";
    byId("move").textContent = `There is no ${word} ${byId("round-number").value}: ${word}s go from 1 to ${record?.rounds.length ?? 1}.`;
    return;
  }
  go(record.rounds[wanted - 1]);
});
// Dragging the slider asks for the step it rests on, not every step it passes.
byId("slider").addEventListener("input", (event) => {
  clearTimeout(sliderTimer);
  sliderTimer = setTimeout(() => go(Number(event.target.value)), 120);
});
document.addEventListener("keydown", (event) => {
  if ((positionOnly && !record) || event.altKey || event.ctrlKey || event.metaKey || event.target === byId("slider")) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return;
  }
  if (event.key === "PageUp" || event.key === "PageDown") {
    if (!record || record.rounds.length < 2) return;
    event.preventDefault();
    goRound(event.key === "PageUp" ? -1 : 1);
    return;
  }
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});
if (recordPage) {
  document.title = "Presidente — open a record";
  byId("title").textContent = "Open a record";
  byId("subtitle").textContent = "A match from a record file, stepped through move by move, every hand shown.";
  byId("controls").hidden = true;
  byId("table-panel").hidden = true;
  byId("controls").before(byId("record-open"));  // the file control first here
} else if (positionOnly) {
  document.title = "Presidente — open a position";
  byId("title").textContent = "Open a position";
  byId("subtitle").textContent = "A table from a position file, every hand shown.";
  byId("controls").hidden = true;
  byId("table-panel").hidden = true;
  byId("table-panel").before(document.querySelector(".position-open"));  // the file control first here
} else {
  go(0);
}
