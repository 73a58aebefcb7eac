// @ts-check
// The replay page: steps through a finished game, every hand shown; buttons, the slider or the arrow keys.
// It also opens a position file (POST /api/position), drawn the same way, and a record file (POST /api/record:
// the server replays it, then each step is GET /api/record/{id}?step=N); /replay/position and /replay/record
// open files only.
import { SHOWN_COPIES, cardSvg, cardsOf, readableCards, redSuits } from "./cards.js";
import { answerOf, getJson, h, seatLabels } from "./api.js";
import { gameTitle, seatName, titleWords } from "./game-words.js";
import { languageSwitcher, localizePage, onLanguageChange, t } from "./i18n.js";
import { redrawReview, reviewShowsStep, setUpReview } from "./review.js";
import { effectTexts } from "./table-effects.js";
import { eventWords } from "./table-messages.js";
import { declaredRank } from "./table-words.js";

/** @typedef {import("./table-types.js").TableEvent} TableEvent */
/** A view with every hand (`hands`), President's or El Presidente's. @typedef {{game: "president" | "el-presidente", hands: any[], [key: string]: any}} FullView */
/**
 * One step of a replay or a record (schema/server.json: $defs/replay_step).
 * @typedef {{id: string, name: string, game: "president" | "el-presidente", preset: string, names: string[],
 *   step: number, steps: number, move: {seat: number | null, text: string} | null, events: TableEvent[],
 *   log: TableEvent[], view: FullView, rounds?: number[]}} ReplayStep
 */
/** A position file's table (schema: $defs/position_answer). @typedef {{game: "president" | "el-presidente", view: FullView, log: TableEvent[]}} PositionAnswer */
/** The record file shown instead of a stored game. @typedef {{id: string, file: File, text: string, rounds: number[], games: boolean}} RecordFile */

const tableId = /** @type {string} */ (location.pathname.split("/").pop());
const positionOnly = tableId === "position" || tableId === "record";
const recordPage = tableId === "record";
let step = 0;
let steps = 0;
let asked = 0;  // the number of the latest request: an older answer arriving late is dropped
/** @type {ReturnType<typeof setTimeout> | undefined} */
let sliderTimer;
let reviewReady = false;
/** @type {RecordFile | null} */
let record = null;  // the record file shown instead of the stored game: { id, file, text, rounds, games }
/** @type {{data: ReplayStep, position?: undefined} | {position: PositionAnswer, file: File, data?: undefined} | null} */
let shown = null;   // what the board shows, to draw it again in another language: { data } or { position, file }

/** An element of replay.html, which has every id this module asks for. @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** An input of replay.html. @param {string} id */
const inputById = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** @param {[string, number][]} group */
function expand(group) {
  return group.flatMap(([text, count]) => Array(Math.min(count, SHOWN_COPIES)).fill(text));
}

/** @param {FullView} view @param {string[]} names @param {number} seat */
function handRow(view, names, seat) {
  const president = view.game === "president";
  const hand = view.hands[seat];
  const cards = president ? expand(hand) : hand;
  const facts = president
    ? [view.results.length ? titleWords(view.seats[seat].title) : "", t("replay-score", { score: view.seats[seat].score }),
      t("replay-cards", { count: cards.length })]
    : [seat === view.attacker ? t("replay-attacker") : "", seat === view.defender ? t("replay-defender") : "",
      t("replay-cards", { count: hand.length })];
  const turn = view.current === seat;
  return h("div", { class: `hands-row${turn ? " turn" : ""}`, "data-seat": seat },
    h("div", { class: "who-line" },
      h("strong", {}, names[seat], turn ? ` ${t("replay-to-move")}` : ""),
      h("small", {}, facts.filter(Boolean).join(" · "))),
    h("div", { class: "cards" }, ...cards.map((c) => cardSvg(c, { width: 34 }))));
}

/** @param {FullView} view @param {string[]} names */
function centre(view, names) {
  const president = view.game === "president";
  const pile = president
    ? view.trick.map(([seat, play]) => h("div", { class: "play top" }, h("span", { class: "who" }, names[seat]),
      h("div", { class: "cards" }, ...cardsOf(play).map((c) => cardSvg(c, { width: 44, jokerAs: c === "JK" ? declaredRank(play) : null })))))
    : [h("div", { class: "battle" },
        h("span", { class: "who" }, t("replay-battle", { battle: view.battle, attacker: names[view.attacker], defender: names[view.defender] })),
        h("div", { class: "cards stacked" }, ...view.battle_pile.map((c) => cardSvg(c, { width: 44 }))))];
  if (president && !view.trick.length) pile.push(h("p", { class: "empty" }, t("replay-empty-pile")));
  const faceUp = president ? view.face_up.reduce((n, [, c]) => n + c, 0) : 0;
  const counts = president
    ? [faceUp ? t("replay-face-up", { count: faceUp }) : "", view.clockwise === false ? t("replay-counter-clockwise") : ""]
      .filter(Boolean).join(" · ")
    : t("replay-battle-counts", { deck: view.deck_size, discard: view.discard_size, wins: view.team_wins.join(" – ") });
  // Effects in force (revolution, jack back, suit and number locks, owed cards) in the table page's words.
  const effects = president ? effectTexts(view, (seat) => names[seat]).map(({ kind, text }) => h("p", { class: `banner ${kind}` }, text)) : [];
  return h("div", { class: "centre" }, ...effects, h("div", { class: "pile" }, ...pile), h("div", { class: "counts" }, counts));
}

// The log and the move line are the step's typed events (docs/protocol.md, Events), written in the page's language
// by the table's own words (table-messages.js); `labels` are the seats' names as the server sent them ("auto bot #2").
/** @param {FullView} view @param {string[]} names @param {TableEvent[]} log @param {string[]} labels */
function drawBoard(view, names, log, labels) {
  const logTitle = view.game === "president" ? t("replay-log-round") : t("replay-log-battle");
  byId("board").replaceChildren(
    centre(view, names),
    ...view.hands.map((_, seat) => handRow(view, names, seat)),
    h("h2", { class: "log-title" }, logTitle),
    // The log scrolls once a round grows long: focusable, so that keys scroll it too.
    h("ol", { class: "log", tabindex: "0", "aria-label": logTitle },
      // A battle's start is the centre's heading already.
      ...log.filter((event) => event.type !== "battle_start")
        .map((event) => h("li", { "data-event": event.type }, ...redSuits(eventWords(event, labels))))));
}

// A position file, checked by the server's engine and drawn like a replayed table; a bad file says why.
/** @param {File} file */
async function openPosition(file) {
  const request = ++asked;
  const response = await fetch("/api/position", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text(),
  });
  const data = await answerOf(response);
  if (request !== asked) return;
  record = null;
  shown = { position: data, file };
  drawPosition(data, file);
}

/** @param {PositionAnswer} data @param {File} file */
function drawPosition(data, file) {
  byId("round-row").hidden = true;
  byId("round-keys").hidden = true;
  byId("controls").hidden = positionOnly;
  const view = data.view;
  const names = view.hands.map((_, /** @type {number} */ seat) => t("replay-seat", { seat: seat + 1 }));
  document.title = t("replay-position-document-title", { file: file.name });
  byId("title").textContent = t("replay-position-heading");
  byId("subtitle").textContent = `${gameTitle(data.game)} · ${t("replay-players", { count: names.length })} · ${file.name}`;
  byId("move").textContent = t("replay-position-shown", { file: file.name });
  byId("table-panel").setAttribute("aria-label", t("replay-table-position"));
  byId("table-panel").hidden = false;
  byId("position-error").textContent = "";
  // On a game's replay, any step button goes back to the game.
  for (const id of ["first", "back", "next", "last"]) byId(id).setAttribute("aria-disabled", "false");
  drawBoard(view, names, data.log, names);
}

/** Opens the record file chosen, if any. */
function recordChosen() {
  const file = inputById("record-file").files?.[0];
  if (!file) return;
  byId("record-error").textContent = "";
  openRecord(file).catch((error) => {
    byId("record-error").textContent = t("replay-record-refused", { file: file.name, reason: error.message });
  });
}

/** Shows the position file chosen, if any. */
function positionChosen() {
  const file = inputById("position-file").files?.[0];
  if (!file) return;
  openPosition(file).catch((error) => {
    byId("position-error").textContent = t("replay-position-refused", { file: file.name, reason: error.message });
  });
}

byId("record-file").addEventListener("change", recordChosen);
byId("position-file").addEventListener("change", positionChosen);
// A file chosen while this module was still loading (the inputs are in the page before it runs: on a slow
// connection a quick hand picks one first) fired its change event before anyone listened: open it now.
recordChosen();
positionChosen();

// A record file, replayed by the server's engine (which refuses, in words, what it cannot show or replay in time).
/** @param {string} text @returns {Promise<ReplayStep>} */
async function postRecord(text) {
  const response = await fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  const data = await answerOf(response);
  return data;
}

/** @param {File} file */
async function openRecord(file) {
  const request = ++asked;
  const text = await file.text();
  const data = await postRecord(text);
  if (request !== asked) return;
  // rounds: the step at which each round is dealt, sent once when the record is opened.
  // An El Presidente match is played in games, a President match in rounds (a UECda game is a round).
  record = { id: data.id, file, text, rounds: data.rounds ?? [0], games: data.game === "el-presidente" };
  inputById("round-number").max = String(record.rounds.length);
  unitWords();
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
/** @param {RecordFile} record @param {number} wanted @returns {Promise<ReplayStep>} */
async function recordStep(record, wanted) {
  const response = await fetch(`/api/record/${record.id}?step=${wanted}`);
  if (response.status === 404) {
    const again = await postRecord(record.text);
    record.id = again.id;
    return recordStep(record, wanted);
  }
  const data = await answerOf(response);
  return data;
}

/** What a record's match is played in: rounds (President, UECda) or games (El Presidente). */
function unitWord() {
  return record?.games ? t("replay-unit-game") : t("replay-unit-round");
}

/** The words of the round row for the record's unit. */
function unitWords() {
  const unit = unitWord();
  byId("round-back").setAttribute("aria-label", t("replay-unit-previous.aria-label", { unit }));
  byId("round-next").setAttribute("aria-label", t("replay-unit-next.aria-label", { unit }));
  byId("round-number-label").textContent = t("replay-go-to-unit", { unit });
  byId("round-keys").textContent = t("replay-unit-keys", { unit });
}

/** @param {number} target */
async function show(target) {
  const wanted = Math.max(0, Math.min(target, steps || target));
  const request = ++asked;
  const data = record ? await recordStep(record, wanted) : await getJson(`/api/replay/${tableId}?step=${wanted}`);
  if (request !== asked) return;
  draw(data);
}

/** The seats' names as sent; a seat a record names not ("") by its number, in the page's language.
 * @param {string[]} names */
const namedSeats = (names) => names.map((name, seat) => name || t("replay-seat", { seat: seat + 1 }));

/** @param {ReplayStep} data */
function draw(data) {
  shown = { data };
  step = data.step;
  steps = data.steps;
  const names = seatLabels(namedSeats(data.names).map(seatName));
  const name = record ? record.file.name : data.name;
  document.title = t("replay-document-title", { name });
  byId("title").textContent = t("replay-title", { name });
  byId("subtitle").textContent = [gameTitle(data.game), data.preset, names.join(t("list-separator")),
    ...(record ? [t("replay-subtitle-record")] : [])].join(" · ");
  const slider = inputById("slider");
  slider.max = String(steps);
  slider.value = String(step);
  // Steps as plain numbers (no grouping), as the slider reads them.
  const where = t("replay-step", { step: String(step), steps: String(steps) });
  slider.setAttribute("aria-valuetext", where);
  byId("step").textContent = where;
  byId("first").setAttribute("aria-disabled", String(step === 0));
  byId("back").setAttribute("aria-disabled", String(step === 0));
  byId("next").setAttribute("aria-disabled", String(step === steps));
  byId("last").setAttribute("aria-disabled", String(step === steps));
  const move = data.move;
  const labels = seatLabels(namedSeats(data.names));
  // The move in words: what its events say ("Ann plays 7♥. Ann wins the trick."); a move with no event, as sent.
  const said = data.events.map((event) => eventWords(event, labels)).join(" ");
  byId("move").replaceChildren(...(!move ? [t("replay-deal")] : said ? redSuits(said)
    : redSuits(t("replay-move", { who: move.seat === null ? t("replay-table-moves") : names[move.seat], move: readableCards(move.text) }))));
  byId("table-panel").setAttribute("aria-label", t("replay-table-after"));
  drawBoard(data.view, names, data.log, labels);
  if (record) {
    drawRound(record);
    return;
  }
  reviewShowsStep(step);
  if (!reviewReady) {
    reviewReady = true;
    setUpReview({ tableId, game: data.game, labels: names, names: data.names, stepTo: showReviewed }).catch(() => {});
  }
}

// A reviewed move chosen in the review: the table just after it, brought into view when it is off screen.
/** @param {number} number */
function showReviewed(number) {
  show(number).then(() => {
    const line = byId("move").getBoundingClientRect();
    if (line.top < 0 || line.bottom > innerHeight) byId("move").scrollIntoView({ block: "start" });
  }).catch((error) => { byId("move").textContent = error.message; });
}

// The round the shown step belongs to: 0-based, the last one dealt at or before it.
/** @param {RecordFile} record */
function roundIndex(record) {
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

/** @param {RecordFile} record */
function drawRound(record) {
  const index = roundIndex(record);
  const count = record.rounds.length;
  byId("round-label").textContent = t("replay-unit-of", { unit: unitWord(), number: index + 1, count });
  if (document.activeElement !== byId("round-number")) inputById("round-number").value = String(index + 1);
  byId("round-back").setAttribute("aria-disabled", String(index === 0 && step === 0));
  byId("round-next").setAttribute("aria-disabled", String(index === count - 1));
}

// Previous round: the start of this round when the step is past it, else the round before.
/** @param {number} delta */
function goRound(delta) {
  if (!record || record.rounds.length < 2) return;
  const index = roundIndex(record);
  const target = delta < 0 && step > record.rounds[index] ? index : index + delta;
  go(record.rounds[Math.max(0, Math.min(target, record.rounds.length - 1))]);
}

/** @param {number} target */
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
  const wanted = Number(inputById("round-number").value);
  if (!record || !Number.isInteger(wanted) || wanted < 1 || wanted > record.rounds.length) {
    const unit = unitWord();
    byId("move").textContent = t("replay-no-such-unit", { unit, typed: inputById("round-number").value, count: record?.rounds.length ?? 1 });
    return;
  }
  go(record.rounds[wanted - 1]);
});
// Dragging the slider asks for the step it rests on, not every step it passes.
byId("slider").addEventListener("input", () => {
  clearTimeout(sliderTimer);
  sliderTimer = setTimeout(() => go(Number(inputById("slider").value)), 120);
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
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});
/** The page's own words before anything is shown: a game's replay, or a page that opens files. */
function drawHeadings() {
  if (recordPage) {
    document.title = t("replay-open-record-title");
    byId("title").textContent = t("replay-open-record-heading");
    byId("subtitle").textContent = t("replay-open-record-intro");
  } else if (positionOnly) {
    document.title = t("replay-open-position-title");
    byId("title").textContent = t("replay-open-position-heading");
    byId("subtitle").textContent = t("replay-open-position-intro");
  } else {
    document.title = t("replay-page-title");
  }
}

/** Every word the page wrote, written again in the new language: the same step, file and review. */
function redraw() {
  drawHeadings();
  if (record) unitWords();
  if (shown?.data) draw(shown.data);
  else if (shown?.position) drawPosition(shown.position, shown.file);
  redrawReview(shown?.data ? seatLabels(namedSeats(shown.data.names).map(seatName)) : undefined);
}

localizePage();
byId("language").replaceChildren(languageSwitcher());
onLanguageChange(redraw);
drawHeadings();
if (recordPage) {
  byId("controls").hidden = true;
  byId("table-panel").hidden = true;
  byId("controls").before(byId("record-open"));  // the file control first here
} else if (positionOnly) {
  byId("controls").hidden = true;
  byId("table-panel").hidden = true;
  byId("table-panel").before(/** @type {HTMLElement} */ (document.querySelector(".position-open")));  // the file control first here
} else {
  go(0);
}
