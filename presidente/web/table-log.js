// The log: the round's history in words, each line read with the names its event was told with (so a player
// who leaves later is never renamed), grouped by trick and round; and the one polite live region.
import { h, namedLine } from "./api.js";
import { readableCards, redSuits } from "./cards.js";

const KEPT = 800;
// Lines that close a group in the log: a trick's end, a round's end, a battle's or a game's end.
const TRICK_END = /wins the trick\.$/;
const ROUND_END = /^(Round over|Game over)/;
const ROUND_START = /^(Cards are dealt|Battle \d+:)/;
// Connection notices are said (and shown at the seat as "away") but kept out of the log, like the server's history.
const CONNECTION = /(lost the connection|is back)\.$/;

/** Add events ({seq, names, lines}) to the log once each; with `speak`, their lines are announced. */
export function addEntries(state, entries, { speak = false } = {}) {
  const known = new Set(state.log.map((entry) => entry.seq));
  for (const entry of entries) {
    if (known.has(entry.seq) || !entry.lines?.length) continue;
    state.log.push(entry);
    if (speak) for (const line of entry.lines) if (!CONNECTION.test(line)) announce(namedLine(readableCards(line, { spoken: true }), entry.names ?? []));
  }
  state.log.sort((a, b) => a.seq - b.seq);
  state.log = state.log.slice(-KEPT);
}

/** Draw the log. The page draws on every update: entries never change once told, so only the new ones are added
 * (and those that fell off the front removed); the list is drawn afresh only when the log was replaced. */
export function renderLog(state) {
  const list = document.getElementById("log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const drawn = drawnEntries.get(list) ?? [];
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

function logItems(entry) {
  const items = [];
  for (const line of entry.lines) {
    if (CONNECTION.test(line)) continue;
    const text = namedLine(readableCards(line), entry.names ?? []);
    const kind = ROUND_START.test(line) ? "round-start" : ROUND_END.test(line) ? "round-end" : TRICK_END.test(line) ? "trick-end" : "";
    items.push(h("li", { class: kind }, ...redSuits(text)));
  }
  return items;
}

let pending = [];
let timer = null;

/** Say it once through the page's one polite live region; lines close together are said together. */
export function announce(text) {
  pending.push(text);
  clearTimeout(timer);
  timer = setTimeout(() => {
    document.getElementById("announce").textContent = pending.join(" ");
    pending = [];
  }, 150);
}
