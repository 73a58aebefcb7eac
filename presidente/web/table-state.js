// @ts-check
// What the table page knows and the moves it sends: the one owner of the table's state, shared by the table's
// components, which draw from it. `applyEntry` takes the server's typed events (docs/protocol.md), one `switch` on
// their type that throws on a type it does not know; no module reads a displayed sentence.
import { seatLabels } from "./api.js";
import { seatName as nameWords } from "./game-words.js";
import { onLanguageChange, t } from "./i18n.js";

/** @typedef {import("./table-types.js").TableEvent} TableEvent */
/** @typedef {import("./table-types.js").Entry} Entry */
/** @typedef {import("./table-types.js").View} View */
/** @typedef {import("./table-types.js").TableState} TableState */

// The log keeps this many numbered entries.
const KEPT = 800;

/** Everything the page knows: the latest view, the log, and what the player is doing in the page.
 * @type {TableState} */
export const state = {
  socket: null,
  online: false,
  seq: 0,
  view: null,
  previous: null, // the view before the latest, for motion and for the trick that just ended
  log: [], // [{seq, names, events}]
  chat: [],
  trickEnd: null, // the latest trick's end: {seq, winner, by, lastPlay, revolution}
  freshGives: [], // cards moving between seats in the latest update, shown once
  news: [], // what the latest plays did beyond the play itself, still in force
  roundEndNames: null, // the names the last round's places were earned under
  refusal: null, // the engine's answer to `check` for the selection: {action, code, params, message}
  selected: [], // card keys ("7H#0") chosen in the hand
  poolSelected: [], // card keys chosen in the draft pool
  staged: null, // the move to make as soon as it is our turn
  passTrick: null, // "pass until this trick ends": the trick's first play while it holds
  hint: null,
  jokerRank: null, // the rank a joker played alone stands for, when several are allowed
  firstTrickOver: null, // the round whose first trick has ended (received cards are marked until then)
  endedTrick: null, // the trick that just ended, shown for a moment
  movedIn: null, // the view in which we sent a move (no second move until the next view)
  moved: false, // the server said another process runs the table now: reconnect at once, not after a pause
  deadline: null,
  intermissionEnd: null,
  wasMyTurn: false,
};

/**
 * Take one numbered entry of events into the state, once (a `welcome`'s history, a `sync`'s missed ones, an
 * `update`'s); `live`: it just happened (the page shows its motion and news). Returns whether it was new.
 * @param {TableState} st
 * @param {Entry} entry
 * @param {{live?: boolean}} [options]
 */
export function applyEntry(st, entry, { live = false } = {}) {
  if (st.log.some((known) => known.seq === entry.seq)) return false;
  if (live) {
    st.freshGives = [];
  }
  const labels = seatLabels((entry.names ?? []).map(nameWords));
  const served = seatLabels(entry.names ?? []); // as the server wrote them: put in words when shown
  let lastPlay = null;
  let revolution = false;
  let news = null; // null: the news stay as they are
  for (const event of entry.events) {
    switch (event.type) {
      case "play":
        lastPlay = /** @type {[number, string]} */ ([event.seat, event.play]);
        revolution = false;
        news = [];
        break;
      case "revolution":
        if (event.seat !== null) revolution = true;
        break;
      case "trick_end":
        st.trickEnd = { seq: entry.seq, winner: event.seat, by: event.by ?? "passes", cause: event.cause ?? null, lastPlay: event.by === "play" ? lastPlay : null, revolution };
        news = [];
        break;
      case "give":
        if (live) st.freshGives.push({ giver: event.seat, receiver: event.to, cards: event.cards ?? null, count: event.count });
        if (live && st.view?.game?.phase === "play") (news ??= []).push(event);
        break;
      case "skipped": case "turn_order": case "jack_back": case "lock": case "number_lock": case "play_discard":
        if (event.type !== "jack_back" || event.seat !== null) (news ??= []).push(event);
        break;
      case "finish": case "penalized": case "leave":
        st.placedNames ??= {};
        if (st.placedNames[event.seat] === undefined) st.placedNames[event.seat] = served[event.seat];
        break;
      case "deal":
        st.placedNames = {};
        news = [];
        break;
      case "round_end":
        const placed = served.map((name, seat) => st.placedNames?.[seat] ?? name);
        st.roundEndServed = placed;
        st.roundEndNames = placed.map(nameWords);
        st.placedNames = {};
        break;
      case "battle_start": case "game_end": case "match_end":
      case "pass": case "skip": case "table_clears": case "discard": case "draft_place": case "draft_reveal":
      case "draft_take": case "pass_limit": case "downfall": case "join": case "sit": case "game_start":
      case "ready": case "next_round": case "away": case "back": case "rename": case "paused": case "notice":
      case "attack": case "throw_in": case "beat": case "concede": case "pick_up":
        break;
      default:
        throw new Error(`Unknown event type ${/** @type {any} */ (event).type}`);
    }
  }
  if (live && news !== null) st.news = news.map((event) => ({ event, names: labels }));
  st.log.push(entry);
  st.log.sort((a, b) => a.seq - b.seq);
  st.log = st.log.slice(-KEPT);
  return true;
}

/** The gives of this round's card exchange (before its first play), from the events; none once a trick ended.
 * @param {TableState} st */
export function exchangeGives(st) {
  /** @type {{giver: number, receiver: number, cards: [string, number][] | null, count: number}[]} */
  let gives = [];
  let playing = false;
  for (const entry of st.log) {
    for (const event of entry.events) {
      if (event.type === "deal") { gives = []; playing = false; }
      else if (event.type === "trick_end") { gives = []; playing = true; }
      else if (event.type === "play") playing = true;
      else if (event.type === "give" && !playing) gives.push({ giver: event.seat, receiver: event.to, cards: event.cards ?? null, count: event.count });
    }
  }
  return gives;
}

/** @param {any} message */
export function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

/** Make a move now; the selection is spent, and until the next view comes the page offers no other move. */
export function act(action) {
  state.selected = [];
  state.poolSelected = [];
  state.staged = null;
  state.hint = null;
  state.movedIn = state.view;
  showError("");
  send({ type: "act", action });
  rerender();
}

/** @param {string} text */
export function showError(text) {
  /** @type {HTMLElement} */ (document.getElementById("error")).textContent = text;
}

// ------------------------------------------------------------------------------------------ queries

/** Seat names as they are now (the log uses the names each event was told with). */
export function seatName(seat) {
  return labels()[seat] ?? t("table-seat-number", { seat: seat + 1 });
}

export function labels() {
  const names = /** @type {View} */ (state.view).table.seat_info.map((info) => nameWords(info.name));
  return names.map((name, seat) => (names.filter((other) => other === name).length > 1 ? `${name} #${seat}` : name));
}

/** Whether the seat we hold may move now (never during the intermission: moves wait for its end). */
export function myTurn() {
  if (!state.view) return false;
  const { table, game } = state.view;
  const waiting = state.movedIn === state.view; // our move is sent: its answer is on its way
  return Boolean(game && table.you !== null && table.intermission_left === null && game.legal.length && !game.over && !waiting);
}

let renderer = () => {};

/** The page's render function, set once by table.js; components call `rerender()` after a change of their own. */
export function onRender(render) {
  renderer = render;
}

export function rerender() {
  renderer();
}

export function focusHand(index = 0) {
  /** @type {NodeListOf<HTMLElement>} */
  const cards = document.querySelectorAll("#hand [data-key]");
  if (cards.length) cards[Math.max(0, Math.min(index, cards.length - 1))].focus();
}

// The last round's names are words of the page's language: written again when it changes (before the page redraws).
onLanguageChange(() => {
  if (state.roundEndServed) state.roundEndNames = state.roundEndServed.map(nameWords);
});
