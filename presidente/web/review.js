// @ts-check
// The replay page's review: one seat's moves beside what the strongest bot would have played from that seat's
// own information (GET /api/review/{id}?seat=K, JSON lines read as they arrive), with the mean place and the
// chance to finish first of both, costly mistakes marked in words; a reviewed move steps the replay to it.
import { getJson, h, refusalText } from "./api.js";
import { redSuits } from "./cards.js";
import { t, tParts } from "./i18n.js";
import { cardsLine, cardsText } from "./table-messages.js";

/**
 * A move as typed data (presidente/typed_events.py: president_move), worded here in the page's language.
 * @typedef {{type: "play", play: string} | {type: "pass" | "leave" | "join"}
 *   | {type: "give" | "discard" | "take", cards: import("./table-types.js").Cards}} Move
 */
/** What the search thinks of a move (presidente/review.py: Estimate). @typedef {{move: Move, mean_place: number, first: number, simulations: number}} Estimate */
/**
 * One reviewed decision (presidente/review.py: MoveReview.to_dict), a line of GET /api/review/{id}: a searched one
 * has the bot's move and the played move's estimates.
 * @typedef {{index: number, total: number, number: number, round_number: number, played: Move, agrees: boolean,
 *   cost: number, mistake: boolean} & ({searched: true, best: Estimate, estimate: Estimate}
 *   | {searched: false, best: null, estimate: null})} MoveReview
 */
/** The review's last line. @typedef {{done: true, moves: number, mistakes: number, threshold: number}} ReviewDone */

/** An element of replay.html, which has every id this module asks for. @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The review's seat choice. */
const seatSelect = () => /** @type {HTMLSelectElement} */ (document.getElementById("review-seat"));
/** @type {AbortController | null} */
let controller = null;  // the review in progress: aborting it cancels the fetch
/** @type {number | null} */
let shownStep = null;   // the replay's step, to mark the reviewed move it shows
// A cost below this many places is well inside the search's noise (about 0.1 place): as good as the bot's move.
const AS_GOOD = 0.05;
// What the review shows, kept to write it again in another language: the seats' labels, the reviewed seat's,
// the progress, the status line (a message id and its arguments) and each reviewed move.
/** @type {{labels: string[], label: number | null, progress: [number, number] | null,
 *   status: [string, Record<string, unknown>] | null, items: MoveReview[]}} */
const shown = { labels: [], label: null, progress: null, status: null, items: [] };

/** Called once the replay knows the game: fills the seat choice (the first human seat, else seat 0).
 * @param {{tableId: string, game: string, labels: string[], names: string[], stepTo: (step: number) => void}} replay */
export async function setUpReview({ tableId, game, labels, names, stepTo }) {
  const section = byId("review");
  if (game !== "president") return;  // the search reviews President games only
  section.hidden = false;
  const select = seatSelect();
  shown.labels = labels;
  seatOptions();
  select.value = String(await firstHumanSeat(names));
  byId("review-start").addEventListener("click", () => {
    run(tableId, Number(select.value)).catch(failed);
  });
  byId("review-cancel").addEventListener("click", () => controller?.abort());
  byId("review-list").addEventListener("click", (event) => {
    const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-number]"));
    if (button) stepTo(Number(button.dataset.number));
  });
}

function seatOptions() {
  const select = seatSelect();
  const chosen = select.value;
  select.replaceChildren(...shown.labels.map((label, seat) => h("option", { value: seat }, t("review-seat", { name: label, seat: seat + 1 }))));
  if (chosen) select.value = chosen;
}

/** Write the review again in the page's language, with the seats' names as the replay now shows them.
 * @param {string[]} [labels] */
export function redrawReview(labels = shown.labels) {
  shown.labels = labels;
  seatOptions();
  if (shown.label !== null) byId("review-results-title").textContent = t("review-moves-of", { name: shown.labels[shown.label] });
  if (shown.progress) setProgress(...shown.progress);
  if (shown.status) status(...shown.status);
  byId("review-list").replaceChildren(...shown.items.map(moveItem));
}

/** The replay shows `step`: the reviewed move made at that step is marked as the current one. @param {number} step */
export function reviewShowsStep(step) {
  shownStep = step;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#review-list button[data-number]"))) {
    if (Number(button.dataset.number) === step) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

// Bots sit under their kind's name ("auto bot"); anyone else is a person.
/** @param {string[]} names */
async function firstHumanSeat(names) {
  const bots = await getJson("/api/games").then((data) => data.bots.president ?? [], () => []);
  const botNames = new Set(bots.map((/** @type {string} */ bot) => `${bot} bot`));
  const seat = names.findIndex((name) => !botNames.has(name) && !["(left)", "(empty)"].includes(name));
  return Math.max(seat, 0);
}

// While a review runs its start button is disabled and Cancel shown: the keyboard's focus moves between them.
/** @param {boolean} busy */
function setBusy(busy) {
  const [start, cancel] = [/** @type {HTMLButtonElement} */ (byId("review-start")), byId("review-cancel")];
  const focused = document.activeElement;
  start.disabled = busy;
  seatSelect().disabled = busy;
  cancel.hidden = !busy;
  if (busy && focused === start) cancel.focus();
  if (!busy && focused === cancel) start.focus();
}

// Until the first line tells the number of moves, the bar is indeterminate (no aria-valuenow).
/** @param {number} done @param {number} total */
function setProgress(done, total) {
  shown.progress = [done, total];
  const bar = byId("review-progress");
  const text = total ? t("review-progress-count", { done, total }) : t("review-starting");
  if (total) {
    bar.setAttribute("aria-valuemax", String(total));
    bar.setAttribute("aria-valuenow", String(done));
  } else {
    bar.removeAttribute("aria-valuemax");
    bar.removeAttribute("aria-valuenow");
  }
  bar.setAttribute("aria-valuetext", text);
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${total ? (100 * done) / total : 0}%`;
  byId("review-count").textContent = text;
}

/** The status line: message `id` with its arguments; `seat` names the reviewed seat by its label.
 * @param {string} id @param {Record<string, unknown>} [args] */
function status(id, args = {}) {
  shown.status = [id, args];
  /** @type {Record<string, unknown>} */
  const named = "seat" in args ? { ...args, name: shown.labels[/** @type {number} */ (args.seat)] } : { ...args };
  // What counts as a mistake, in words of the language the status is written in (it is written again on a change).
  if ("places" in args) {
    named.threshold = args.places === 0.5 ? t("review-threshold-half") : t("review-threshold", { places: /** @type {number} */ (args.places) });
  }
  byId("review-status").textContent = t(id, named);
}

/** @param {Error} error */
function failed(error) {
  setBusy(false);
  if (error.name === "AbortError") status("review-stopped", { count: shown.items.length });
  else status("review-failed", { reason: error.message });
  controller = null;
}

/** @param {string} tableId @param {number} seat */
async function run(tableId, seat) {
  controller?.abort();
  controller = new AbortController();
  const list = byId("review-list");
  list.replaceChildren();
  shown.items = [];
  shown.label = seat;
  byId("review-results-title").textContent = t("review-moves-of", { name: shown.labels[seat] });
  byId("review-results-title").hidden = false;
  byId("review-progress-row").hidden = false;
  setProgress(0, 0);
  setBusy(true);
  status("review-running", { seat });
  const response = await fetch(`/api/review/${tableId}?seat=${seat}`, { signal: controller.signal });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(refusalText(data, response.statusText));  // in the page's language (error-<code>)
  }
  for await (const line of /** @type {AsyncGenerator<MoveReview | ReviewDone>} */ (jsonLines(/** @type {ReadableStream<Uint8Array>} */ (response.body)))) {
    if ("done" in line) {
      setBusy(false);
      controller = null;
      status("review-done", { moves: line.moves, seat, mistakes: line.mistakes, places: line.threshold });
      return;
    }
    setProgress(line.index, line.total);
    shown.items.push(line);
    list.append(moveItem(line));
  }
  throw new Error(t("review-answer-cut"));
}

// The body's JSON lines, each parsed as soon as its newline arrives.
/** @param {ReadableStream<Uint8Array>} body */
async function* jsonLines(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const text = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (text) yield JSON.parse(text);
    }
    if (done) return;
  }
}

/** @param {Estimate} estimate */
function estimateText(estimate) {
  return t("review-estimate", { place: estimate.mean_place, first: Math.round(100 * estimate.first) });
}

/** @param {MoveReview} item */
function verdict(item) {
  if (!item.searched) return h("span", { class: "verdict" }, t("review-not-searched"));
  if (item.agrees) return h("span", { class: "verdict" }, t("review-agrees"));
  if (item.mistake) {
    return h("strong", { class: "verdict" }, h("span", { "aria-hidden": "true" }, "✗ "), t("review-mistake", { cost: item.cost }));
  }
  if (item.cost < AS_GOOD) return h("span", { class: "verdict" }, t("review-as-good"));
  return h("span", { class: "verdict" }, t("review-worse", { cost: item.cost }));
}

/** A move (typed: `Move`) in the page's language, in the table's own words: a pass, a give, discard or take as the
 * table's hint says them, cards as its log writes them (table-messages.js), a leave or join as the log says it.
 * @param {Move} move @returns {(string | HTMLSpanElement)[]} */
function shownMove(move) {
  const who = shown.label === null ? "" : shown.labels[shown.label];
  switch (move.type) {
    case "play": return redSuits(cardsLine(move.play));
    case "pass": return [t("table-hint-pass")];
    case "give": return redSuits(t("table-hint-give", { cards: cardsText(move.cards) }));
    case "discard": return redSuits(t("table-hint-discard", { cards: cardsText(move.cards) }));
    case "take": return redSuits(t("table-hint-take", { cards: cardsText(move.cards) }));
    case "leave": return [t("log-leave", { who })];
    case "join": return [t("log-join", { who })];
  }
}

/** @param {MoveReview} item */
function moveItem(item) {
  const kind = !item.searched ? "unsearched" : item.mistake ? "mistake" : item.agrees || item.cost < AS_GOOD ? "agrees" : "close";
  const lines = [h("span", { class: "review-number" }, t("review-move-number", { number: item.number, round: item.round_number }))];
  const move = (/** @type {Move} */ typed) => h("b", {}, ...shownMove(typed));
  if (item.searched) {
    lines.push(
      h("span", {}, ...tParts("review-played-estimate", { move: move(item.played), estimate: estimateText(item.estimate) })),
      h("span", {}, ...tParts("review-bot-estimate", { move: move(item.best.move), estimate: estimateText(item.best) })),
    );
  } else {
    lines.push(h("span", {}, ...tParts("review-played", { move: move(item.played) })));
  }
  lines.push(verdict(item));
  const current = item.number === shownStep ? "step" : null;
  return h("li", { class: `review-move ${kind}` },
    h("button", { type: "button", "data-number": item.number, "aria-current": current }, ...lines));
}
