// @ts-check
// The log: the round's history, each event in the words of `table-messages.js` with the names it was told with (so
// a player who leaves later is never renamed), grouped by trick and round; and the one polite live region.
import { h, seatLabels } from "./api.js";
import { redSuits } from "./cards.js";
import { eventWords } from "./table-messages.js";
import { seatName } from "./game-words.js";
import { currentLanguage, onLanguageChange } from "./i18n.js";

/** @typedef {import("./table-types.js").Entry} Entry */

// Events that open or close a group in the log, by their type.
const KINDS = { deal: "round-start", battle_start: "round-start", round_end: "round-end", game_end: "round-end", trick_end: "trick-end" };
// Connection notices are said (and shown at the seat as "away") but kept out of the log, like the server's history.
const NOTICES = new Set(["away", "back"]);

/** Say an entry's events (an update that just came). @param {Entry} entry */
export function speakEntry(entry) {
  const labels = seatLabels((entry.names ?? []).map(seatName));
  for (const event of entry.events) if (!NOTICES.has(event.type)) announce(eventWords(event, labels));
}

/** Draw the log. The page draws on every update: entries never change once told, so only the new ones are added
 * (and those that fell off the front removed); the list is drawn afresh only when the log was replaced. */
/** @param {import("./table-types.js").TableState} state */
export function renderLog(state) {
  const list = /** @type {HTMLElement} */ (document.getElementById("log"));
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  // A change of language draws every entry again in the new words.
  const drawn = list.dataset.language === currentLanguage() ? drawnEntries.get(list) ?? [] : [];
  if (!drawn.length) list.replaceChildren();
  list.dataset.language = currentLanguage();
  const kept = state.log.length ? drawn.findIndex((item) => item.entry === state.log[0]) : drawn.length;
  const stillDrawn = kept < 0 ? [] : drawn.slice(kept);
  if (kept < 0 || stillDrawn.some((item, index) => item.entry !== state.log[index])) {
    for (const item of drawn) for (const node of item.nodes) node.remove();
    stillDrawn.length = 0;
  } else {
    for (const item of drawn.slice(0, kept)) for (const node of item.nodes) node.remove();
  }
  const added = state.log.slice(stillDrawn.length).map((entry) => ({ entry, nodes: logItems(entry) }));
  list.append(...added.flatMap((item) => item.nodes));
  drawnEntries.set(list, [...stillDrawn, ...added]);
  if (atBottom || !list.dataset.drawn) list.scrollTop = list.scrollHeight;
  list.dataset.drawn = "yes";
}

// The entries each log list shows, in order, with the items drawn for each.
const drawnEntries = new WeakMap();

/** @param {Entry} entry */
function logItems(entry) {
  const labels = seatLabels((entry.names ?? []).map(seatName));
  const items = [];
  for (const event of entry.events) {
    if (NOTICES.has(event.type)) continue;
    items.push(h("li", { class: KINDS[event.type] ?? "", "data-event": event.type }, ...redSuits(eventWords(event, labels))));
  }
  return items;
}

let pending = [];
let timer = null;

// What was last said stays in the live region: after a change of language it would be read in the old one.
onLanguageChange(() => {
  pending = [];
  clearTimeout(timer);
  /** @type {HTMLElement} */ (document.getElementById("announce")).textContent = "";
});

/** Say it once through the page's one polite live region; lines close together are said together. */
/** @param {string} text */
export function announce(text) {
  pending.push(text);
  clearTimeout(timer);
  timer = setTimeout(() => {
    /** @type {HTMLElement} */ (document.getElementById("announce")).textContent = pending.join(" ");
    pending = [];
  }, 150);
}
