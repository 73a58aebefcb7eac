// The replay page's review: one seat's moves beside what the strongest bot would have played from that seat's
// own information (GET /api/review/{id}?seat=K, JSON lines read as they arrive), with the mean place and the
// chance to finish first of both, costly mistakes marked in words; a reviewed move steps the replay to it.
import { getJson, h } from "./api.js";
import { readableCards, redSuits } from "./cards.js";

const byId = (id) => document.getElementById(id);
let controller = null;  // the review in progress: aborting it cancels the fetch
let shownStep = null;   // the replay's step, to mark the reviewed move it shows
// A cost below this many places is well inside the search's noise (about 0.1 place): as good as the bot's move.
const AS_GOOD = 0.05;

/** Called once the replay knows the game: fills the seat choice (the first human seat, else seat 0). */
export async function setUpReview({ tableId, game, labels, names, stepTo }) {
  const section = byId("review");
  if (game !== "president") return;  // the search reviews President games only
  section.hidden = false;
  const select = byId("review-seat");
  select.replaceChildren(...labels.map((label, seat) => h("option", { value: seat }, `${label} (seat ${seat})`)));
  select.value = String(await firstHumanSeat(names));
  byId("review-start").addEventListener("click", () => {
    run(tableId, Number(select.value), labels[Number(select.value)]).catch(failed);
  });
  byId("review-cancel").addEventListener("click", () => controller?.abort());
  byId("review-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-number]");
    if (button) stepTo(Number(button.dataset.number));
  });
}

/** The replay shows `step`: the reviewed move made at that step is marked as the current one. */
export function reviewShowsStep(step) {
  shownStep = step;
  for (const button of document.querySelectorAll("#review-list button[data-number]")) {
    if (Number(button.dataset.number) === step) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

// Bots sit under their kind's name ("auto bot"); anyone else is a person.
async function firstHumanSeat(names) {
  const bots = await getJson("/api/games").then((data) => data.bots.president ?? [], () => []);
  const botNames = new Set(bots.map((bot) => `${bot} bot`));
  const seat = names.findIndex((name) => !botNames.has(name) && !["(left)", "(empty)"].includes(name));
  return Math.max(seat, 0);
}

// While a review runs its start button is disabled and Cancel shown: the keyboard's focus moves between them.
function setBusy(busy) {
  const [start, cancel] = [byId("review-start"), byId("review-cancel")];
  const focused = document.activeElement;
  start.disabled = busy;
  byId("review-seat").disabled = busy;
  cancel.hidden = !busy;
  if (busy && focused === start) cancel.focus();
  if (!busy && focused === cancel) start.focus();
}

// Until the first line tells the number of moves, the bar is indeterminate (no aria-valuenow).
function setProgress(done, total) {
  const bar = byId("review-progress");
  const text = total ? `${done} of ${total} moves reviewed` : "Starting the review…";
  if (total) {
    bar.setAttribute("aria-valuemax", String(total));
    bar.setAttribute("aria-valuenow", String(done));
  } else {
    bar.removeAttribute("aria-valuemax");
    bar.removeAttribute("aria-valuenow");
  }
  bar.setAttribute("aria-valuetext", text);
  bar.firstElementChild.style.width = `${total ? (100 * done) / total : 0}%`;
  byId("review-count").textContent = text;
}

function status(text) {
  byId("review-status").textContent = text;
}

function failed(error) {
  setBusy(false);
  status(error.name === "AbortError" ? `Review stopped after ${count(byId("review-list").children.length, "move")}.`
    : `The review failed: ${error.message}`);
  controller = null;
}

async function run(tableId, seat, label) {
  controller?.abort();
  controller = new AbortController();
  const list = byId("review-list");
  list.replaceChildren();
  byId("review-results-title").textContent = `Moves of ${label}`;
  byId("review-results-title").hidden = false;
  byId("review-progress-row").hidden = false;
  setProgress(0, 0);
  setBusy(true);
  status(`Reviewing the moves of ${label}: the bot thinks about a quarter of a second per move.`);
  const response = await fetch(`/api/review/${tableId}?seat=${seat}`, { signal: controller.signal });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.error || response.statusText);
  }
  for await (const line of jsonLines(response.body)) {
    if (line.done) {
      setBusy(false);
      controller = null;
      status(`Review done: ${count(line.moves, "move")} of ${label}, ${count(line.mistakes, "mistake")} `
        + `(a move that costs ${line.threshold === 0.5 ? "half a place" : `${line.threshold} place`} or more).`);
      return;
    }
    setProgress(line.index, line.total);
    list.append(moveItem(line));
  }
  throw new Error("the answer stopped before its end");
}

// The body's JSON lines, each parsed as soon as its newline arrives.
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

function count(n, thing) {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}

function estimateText(estimate) {
  return `mean place ${estimate.mean_place.toFixed(2)}, first ${Math.round(100 * estimate.first)}%`;
}

function verdict(item) {
  if (!item.searched) return h("span", { class: "verdict" }, "Not searched: the only move there was (or the card transfer, or the draft).");
  if (item.agrees) return h("span", { class: "verdict" }, "The bot plays the same.");
  if (item.mistake) {
    return h("strong", { class: "verdict" }, h("span", { "aria-hidden": "true" }, "✗ "),
      `Mistake: costs about ${item.cost.toFixed(1)} of a place.`);
  }
  if (item.cost < AS_GOOD) return h("span", { class: "verdict" }, "As good as the bot's move.");
  return h("span", { class: "verdict" }, `A little worse than the bot's move: about ${item.cost.toFixed(2)} of a place.`);
}

/** A move as the log shows it: its cards with their suits' symbols. */
function shownMove(text) {
  return redSuits(readableCards(text));
}

function moveItem(item) {
  const kind = !item.searched ? "unsearched" : item.mistake ? "mistake" : item.agrees || item.cost < AS_GOOD ? "agrees" : "close";
  const lines = [h("span", { class: "review-number" }, `Move ${item.number} · round ${item.round_number}`)];
  if (item.searched) {
    lines.push(
      h("span", {}, "Played ", h("b", {}, ...shownMove(item.played)), ` — ${estimateText(item.estimate)}`),
      h("span", {}, "Bot ", h("b", {}, ...shownMove(item.best.move)), ` — ${estimateText(item.best)}`),
    );
  } else {
    lines.push(h("span", {}, "Played ", h("b", {}, ...shownMove(item.played))));
  }
  lines.push(verdict(item));
  const current = item.number === shownStep ? "step" : null;
  return h("li", { class: `review-move ${kind}` },
    h("button", { type: "button", "data-number": item.number, "aria-current": current }, ...lines));
}
