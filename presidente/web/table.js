// @ts-check
// The table page: one websocket, one `switch (message.type)`, and a render of the latest view by the table's
// components (seats, centre, hand, results, log), each drawing from the view the server sent.
import { ensurePlayer, h, session } from "./api.js";
import { renderBattleDock } from "./table-battle.js";
import { renderCentre } from "./table-centre.js";
import { renderPresidentDock } from "./table-hand.js";
import { installKeys } from "./table-keys.js";
import { announce, renderLog, speakEntry } from "./table-log.js";
import { animatePlays, flyGives } from "./table-motion.js";
import { beep, prefs, setPref } from "./table-prefs.js";
import { rememberRating, renderResults } from "./table-results.js";
import { renderSeats } from "./table-seats.js";
import { act, applyEntry, focusHand, myTurn, onRender, seatName, send, showError, state } from "./table-state.js";
import { matchingActions, playText } from "./table-words.js";
import { refusalWords } from "./table-messages.js";
import { gameTitle } from "./game-words.js";
import { languageSwitcher, localizePage, onLanguageChange, t } from "./i18n.js";
import { installInvite, renderInviteButton } from "./table-invite.js";
import { receiveRematch } from "./table-rematch.js";
import { installRules } from "./table-rules.js";
import { installTutorial, renderTutorial } from "./table-tutorial.js";

/** @typedef {import("./table-types.js").ServerMessage} ServerMessage */
/** @typedef {import("./table-types.js").ShownState} ShownState */
/** @typedef {import("./table-types.js").View} View */

/** An element of table.html, which has every id this module asks for. @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** A text box of table.html. @param {string} id */
const inputById = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

const tableId = /** @type {string} */ (location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const secret = fragment.get("secret");

function connect() {
  state.moved = false;
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.online = true;
    socket.send(JSON.stringify({ type: "hello", token: session()?.token ?? null, secret, seq: state.seq }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket) return;
    state.online = false;
    if (event.code === 4404) closedBecause = "unknown";
    if (closedBecause) return showClosed();
    renderConnection();
    // 4410: the game is over and the table has left memory, so its replay is the page to show; 4404: there
    // is no such table, 4500: the table is damaged (the error message says so), so trying again would not help.
    // After a "moved" error another server process runs the table (or is taking it over): reconnect at once.
    if (event.code === 4410) location.replace(`/replay/${tableId}`);
    else if (event.code !== 4404 && event.code !== 4500) setTimeout(connect, retryDelay(event.code));
  });
}

// Connections in a row that ended before a welcome: each waits twice as long as the last, up to half a minute,
// so a server that refuses (1008: too many connections from this address; 1013: try again later) is not asked
// every second by every page behind the address. A welcome starts the count again.
let failedInARow = 0;

/** @param {number} code the close code */
function retryDelay(code) {
  if (state.moved) return 0;
  const delay = Math.min(30_000, 1000 * 2 ** Math.min(failedInARow, 5));
  failedInARow += 1;
  return code === 1008 ? Math.max(delay, 10_000) : delay;
}

// Why this page has no table to show: "unknown" (no such table, or it closed: close code 4404) or "private" (a
// private table opened without its invite link: the `private_table` error) or "signed-out" (this device was signed
// out of its player: `device_revoked`, lobby-devices.js). The page says so once and stops.
/** @type {"unknown" | "private" | "signed-out" | null} */
let closedBecause = null;

function showClosed() {
  for (const id of ["felt", "dock", "watch", "connection", "invite-button"]) byId(id).hidden = true;
  /** @type {HTMLElement} */ (document.querySelector(".side")).hidden = true;
  byId("closed-words").textContent = closedBecause === "private" ? t("table-closed-private")
    : closedBecause === "signed-out" ? t("table-closed-signed-out") : t("table-closed-unknown");
  byId("closed").hidden = false;
}

/** One message from the server. @param {ServerMessage} message */
function receive(message) {
  switch (message.type) {
    case "welcome":
      failedInARow = 0;
      state.seq = message.seq;
      state.chat = message.chat;
      state.log = [];
      for (const entry of message.history ?? []) applyEntry(state, entry);
      setView(message.view);
      if (!message.view.game?.over) rememberRating(state);
      if (message.view.table.you === null && fragment.has("sit") && session() && message.view.table.open_seats) {
        send({ type: "sit" }); // a link that asks to sit ("Play now"); otherwise watching is the default
      }
      break;
    case "update":
      if (state.seq && message.seq > state.seq + 1) send({ type: "resync", seq: state.seq });
      state.seq = Math.max(state.seq, message.seq);
      {
        const entry = { seq: message.seq, names: message.names, events: message.events };
        if (applyEntry(state, entry, { live: true })) speakEntry(entry);
        if (message.events.some((event) => event.type === "trick_end")) state.firstTrickOver = message.view.game?.round;
        if (message.events.some((event) => event.type === "round_end" || event.type === "game_end")) beep("round");
      }
      setView(message.view);
      if (!message.view.game?.over) rememberRating(state);
      break;
    case "sync":
      for (const entry of message.missed) applyEntry(state, entry);
      state.seq = message.seq;
      state.chat.push(...message.chat);
      setView(message.view);
      break;
    case "chat": {
      state.seq = Math.max(state.seq, message.seq);
      state.chat.push(message);
      // The input is cleared only when our message comes back: one the rate limit refused stays to send again.
      const input = inputById("chat-text");
      if (message.name === session()?.name && message.text === input.value.trim().split(/\s+/).join(" ")) input.value = "";
      renderChat();
      break;
    }
    case "staged":
      break;
    case "hint":
      state.hint = { action: message.action, reason: message.reason, why: message.why };
      render();
      break;
    case "checked":
      // The engine's answer for the selection: shown while that selection stays.
      state.refusal = { action: message.action, code: message.code, params: message.params, message: message.message };
      render();
      break;
    case "error":
      if (message.code === "private_table") {
        closedBecause = "private"; // the server closes the connection next
        break;
      }
      if (message.code === "device_revoked") {
        closedBecause = "signed-out";
        state.socket?.close(); // the server closes it too when it signs the device out while connected
        break;
      }
      if (message.moved) {
        state.moved = true; // the connection closes next; the connection's state says it is reconnecting
        break;
      }
      showError(refusalWords(message, playText) || message.message);
      if (state.movedIn) {
        state.movedIn = null; // the move was refused: the same view offers the moves again
        render();
      }
      break;
    case "pong":
      break;
    case "rematch":
      receiveRematch(state, message);
      break;
    default:
      throw new Error(`Unknown message type ${/** @type {{type: string}} */ (message).type}`);
  }
}

/** @param {View} view */
function setView(view) {
  state.previous = state.view;
  state.view = view;
  state.refusal = null; // the engine is asked again about the selection in the new position
  state.checking = null;
  const table = view.table;
  state.deadline = table.turn_left !== null ? Date.now() + table.turn_left * 1000 : null;
  state.intermissionEnd = table.intermission_left !== null ? Date.now() + table.intermission_left * 1000 : null;
  render();
  animatePlays(state);
  flyGives(state);
  whenItIsOurTurn();
}

// ------------------------------------------------------------------------------------------ moves for you

/** On our turn: the staged move, or a pass when passing is all we may do (a toggle), or "pass until the
 * trick ends"; and the turn is announced, with a sound unless muted. */
function whenItIsOurTurn() {
  const game = state.view?.game; // none before the welcome (the auto-pass box may be toggled before it)
  const mine = myTurn();
  const started = mine && !state.wasMyTurn;
  state.wasMyTurn = mine;
  if (state.passTrick !== null && (!game || game.game !== "president" || !game.trick.length || String(game.trick[0]) !== state.passTrick)) {
    state.passTrick = null;
  }
  if (!mine || !game) return;
  if (started) {
    state.hint = null; // a hint is for the turn it was asked in
    announce(t("table-your-turn-said"));
    beep("turn");
  }
  const legal = game.legal;
  const view = state.view;
  // A short pause, so that the move is seen; nothing is sent if another view came meanwhile.
  const later = (action, ms) => setTimeout(() => { if (state.view === view && myTurn()) act(action); }, ms);
  if (state.staged) {
    const staged = state.staged;
    const [action, ...others] = matchingActions(legal, staged.cards);
    if (action && !others.length) return later(action, 250);
    state.staged = null;
    announce(t("table-staged-gone", { play: staged.label }));
    render();
  }
  const onlyPass = legal.length === 1 && legal[0] === "pass";
  if (legal.includes("pass") && (state.passTrick !== null || (onlyPass && prefs.autoPass && !state.tutorial))) later("pass", 500);
}

// ------------------------------------------------------------------------------------------ rendering

/** Everything drawn again from the view; the element that had the focus (a card, a button) gets it back. */
function render() {
  if (!state.view) return;
  const shown = /** @type {ShownState} */ (state);
  const focus = focusKey();
  const { table, game } = state.view;
  byId("title").textContent = table.name;
  byId("game-line").textContent = `${gameTitle(table.game)} · ${table.preset}`;
  renderStatus();
  renderConnection();
  renderInviteButton(table.status);
  renderWatch();
  renderSeats(shown);
  renderCentre(shown);
  // A spectator's dock is only what happens now: no hand, no toggles of a player.
  byId("hand").hidden = table.you === null;
  byId("player-tools").hidden = table.you === null || Boolean(game?.over); // nothing to toggle once the match is over
  if (!game) {
    byId("prompt").textContent = table.status === "waiting" ? t("table-starts-when-full") : "";
    for (const id of ["hand", "pool", "actions", "reason"]) byId(id).replaceChildren();
  } else if (game.game === "president") {
    renderPresidentDock(state);
  } else {
    renderBattleDock(state);
  }
  renderResults(shown);
  renderLog(shown);
  renderChat();
  renderTitle();
  tick();
  restoreFocus(focus);
  renderTutorial(shown);
}

// Drawn by render() alone, once there is a view.
function renderStatus() {
  const { table, game } = /** @type {View} */ (state.view);
  let status = table.status === "waiting" ? t("table-status-waiting") : table.status === "finished" ? t("table-status-over") : "";
  if (game?.game === "president" && game.round) status = game.over ? t("table-status-round-over", { round: game.round }) : t("table-status-round", { round: game.round });
  if (game?.game === "el-presidente") {
    status = t("table-status-battle", { game: Math.min(game.game_number + 1, game.games), games: game.games, battle: game.battle });
  }
  // Nobody seated is connected: the table waits for them, however many watch (issue 27).
  if (table.status === "paused") status = [status, t("table-status-paused")].filter(Boolean).join(" · ");
  byId("status").textContent = status;
}

function renderConnection() {
  const line = byId("connection");
  line.textContent = state.online ? "" : t("table-reconnecting");
  line.hidden = state.online;
}

function renderTitle() {
  const name = /** @type {View} */ (state.view).table.name;
  document.title = myTurn() ? t("table-page-title-turn", { name }) : t("table-page-title", { name });
}

/** For a visitor who holds no seat: watching, with a choice to sit when a seat is free. */
function renderWatch() {
  const { table } = /** @type {View} */ (state.view);
  const panel = byId("watch");
  const seated = table.you !== null;
  panel.hidden = seated;
  if (seated) return;
  const free = table.open_seats > 0 && table.status !== "finished";
  // Drawn again only when what it offers changes, so a name being typed is never wiped by an update.
  const mode = `${table.status}:${free}:${session()?.name ?? ""}:${document.documentElement.lang}`;
  if (panel.dataset.mode === mode) return;
  panel.dataset.mode = mode;
  const words = table.status === "finished" ? t("table-watch-over")
    : free ? t("table-watch-free") : t("table-watch-full");
  const parts = [h("p", {}, words)];
  const me = session();
  if (free && me) {
    parts.push(h("button", { type: "button", id: "sit", class: "primary", onclick: () => send({ type: "sit" }) }, t("table-sit-as", { name: me.name })));
  } else if (free) {
    const form = h("form", { id: "join-form", class: "join-form" },
      h("label", { for: "join-name" }, t("table-your-name")),
      h("input", { id: "join-name", maxlength: 24, required: true, autocomplete: "nickname" }),
      h("button", { type: "submit", class: "primary" }, t("table-sit-here")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await ensurePlayer(inputById("join-name").value.trim());
      } catch (error) {
        showError(error.message);
        return;
      }
      fragment.set("sit", "");
      state.socket?.close(); // reconnect with the new token, and sit
    });
    parts.push(form);
  }
  panel.replaceChildren(...parts);
}

function renderChat() {
  const list = byId("chat");
  list.replaceChildren(...state.chat.slice(-30).map((entry) => h("li", {}, h("b", {}, `${entry.name}: `), entry.text)));
  list.scrollTop = list.scrollHeight;
  const form = byId("chat-form");
  const note = byId("chat-note");
  const canChat = Boolean(session());
  form.hidden = !canChat;
  note.hidden = canChat;
}

/** The timer pill: who is to move and how long is left, or the intermission; hidden when there is nothing. */
function tick() {
  const timer = byId("timer");
  let text = "";
  const game = state.view?.game;
  if (state.intermissionEnd) {
    text = t("table-timer-next-round", { seconds: Math.max(0, Math.ceil((state.intermissionEnd - Date.now()) / 1000)) });
  } else if (state.deadline && game && !game.over && game.current !== null && game.current !== undefined) {
    const left = Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000));
    text = myTurn() ? t("table-timer-yours", { seconds: left }) : t("table-timer", { name: seatName(game.current), seconds: left });
  }
  timer.textContent = text;
  timer.hidden = !text;
  for (const ring of /** @type {NodeListOf<SVGElement>} */ (document.querySelectorAll(".seat .ring"))) {
    const total = /** @type {View} */ (state.view).table.turn_time; // a ring is drawn from a view
    const left = state.deadline ? Math.max(0, (state.deadline - Date.now()) / 1000) : total;
    ring.style.setProperty("--left", String(Math.min(1, left / total)));
  }
}

// Focus is kept by key: a card keeps it by its key, a button by its id; a card that left the hand (played)
// hands it to its neighbour, and a button that went away to the hand.
/** @typedef {{id: string} | {key: string, index: number, box: string}} FocusKey */
/** @returns {FocusKey | null} */
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  const card = /** @type {HTMLElement | null} */ (active.closest("#hand [data-key], #pool [data-key], #jokers [data-key]"));
  const box = card?.parentElement;
  if (card && box) return { key: String(card.dataset.key), index: [...box.children].indexOf(card), box: box.id };
  return active.id ? { id: active.id } : null;
}

/** @param {FocusKey | null} focus */
function restoreFocus(focus) {
  if (!focus || document.activeElement !== document.body) return;
  if ("id" in focus) {
    const again = /** @type {HTMLButtonElement | null} */ (document.getElementById(focus.id));
    if (again && !again.disabled && !again.hidden) return again.focus();
    return focusHand(0);
  }
  const box = document.getElementById(focus.box);
  const same = /** @type {HTMLElement | null | undefined} */ (box?.querySelector(`[data-key="${CSS.escape(focus.key)}"]`));
  if (same) return same.focus();
  focusHand(focus.index);
}

// ------------------------------------------------------------------------------------------ start

function main() {
  byId("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = inputById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "chat", text: text.slice(0, 100) });
  });
  const autoPass = inputById("auto-pass");
  autoPass.checked = prefs.autoPass;
  autoPass.addEventListener("change", () => { setPref("autoPass", autoPass.checked); whenItIsOurTurn(); });
  const sound = byId("sound");
  const showSound = () => {
    sound.setAttribute("aria-pressed", prefs.sound ? "true" : "false");
    sound.textContent = prefs.sound ? t("table-sound-on") : t("table-sound-off");
  };
  sound.addEventListener("click", () => { setPref("sound", !prefs.sound); showSound(); });
  byId("leave").addEventListener("click", () => {
    if (confirm(t("table-leave-confirm"))) send({ type: "leave" });
  });
  onRender(render);
  localizePage();
  showSound();  // after localizePage: until then t() writes English
  byId("language").replaceChildren(languageSwitcher());
  installInvite(tableId, secret);
  installRules(tableId);
  if (fragment.has("tutorial")) installTutorial(state);
  onLanguageChange(() => {
    showSound();
    if (closedBecause) showClosed();
    render();
  });
  installKeys(state);
  // table.html keeps the page's controls inert until here, where they are listened to: this module runs only after
  // the catalogs' top-level await, and before it a click on Leave or Sound did nothing and the automatic pass's
  // box, unticked, was ticked again from the stored preference.
  byId("bar-tools").inert = false;
  byId("table-page").inert = false;
  setInterval(tick, 250);
  connect();
}

main();
