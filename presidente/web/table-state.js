// What the table page knows and the moves it sends: shared by the table's components, which draw from it.
/** Everything the page knows: the latest view, the log, and what the player is doing in the page. */
export const state = {
  socket: null,
  online: false,
  seq: 0,
  view: null,
  previous: null, // the view before the latest, for motion and for the trick that just ended
  log: [], // [{seq, names, lines}]
  chat: [],
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

export function showError(text) {
  document.getElementById("error").textContent = text;
}

// ------------------------------------------------------------------------------------------ queries

/** Seat names as they are now (the log uses the names each event was told with). */
export function seatName(seat) {
  return labels()[seat] ?? `seat ${seat}`;
}

export function labels() {
  const names = state.view.table.seat_info.map((info) => info.name);
  return names.map((name, seat) => (names.filter((other) => other === name).length > 1 ? `${name} #${seat}` : name));
}

/** Whether the seat we hold may move now (never during the intermission: moves wait for its end). */
export function myTurn() {
  const { table, game } = state.view ?? {};
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
  const cards = document.querySelectorAll("#hand [data-key]");
  if (cards.length) cards[Math.max(0, Math.min(index, cards.length - 1))].focus();
}

