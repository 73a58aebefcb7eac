// The table page: one websocket, one `switch (message.type)`, and a render of the latest view.
import { SHOWN_COPIES, cardSvg, cardsOf, isLarge, sameCards } from "./cards.js";
import { ensurePlayer, h, namedLine, seatLabels, session } from "./api.js";

const tableId = location.pathname.split("/").pop();
const secret = new URLSearchParams(location.hash.slice(1)).get("secret");
const state = { socket: null, seq: 0, view: null, selected: [], lines: [], chat: [], deadline: null, watch: false };

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function connect() {
  const me = session();
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${tableId}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: state.watch ? null : me?.token ?? null, secret, seq: state.seq }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket) return;
    // 4410: the game is over and the table has left memory, so its replay is the page to show; 4404: there
    // is no such table (the error message says so), so trying again would not help.
    if (event.code === 4410) location.replace(`/replay/${tableId}`);
    else if (event.code !== 4404) setTimeout(connect, 1000);
  });
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      state.seq = message.seq;
      state.chat = message.chat;
      setView(message.view);
      if (message.view.table.you === null && session() && !state.watch && message.view.table.open_seats) {
        send({ type: "sit" });
      }
      break;
    case "update":
      if (state.seq && message.seq > state.seq + 1) send({ type: "resync", seq: state.seq });
      state.seq = Math.max(state.seq, message.seq);
      addLines(message.lines);
      setView(message.view);
      break;
    case "sync":
      for (const missed of message.missed) addLines(missed.lines);
      state.seq = message.seq;
      state.chat.push(...message.chat);
      setView(message.view);
      break;
    case "chat":
      state.seq = Math.max(state.seq, message.seq);
      state.chat.push(message);
      renderChat();
      break;
    case "staged":
      showError(message.action ? `Staged for the timer: ${message.action}` : "");
      break;
    case "error":
      showError(message.message);
      break;
    case "pong":
      break;
    default:
      throw new Error(`Unknown message type ${message.type}`);
  }
}

function addLines(lines) {
  state.lines.push(...lines);
  state.lines = state.lines.slice(-40);
}

function showError(text) {
  document.getElementById("error").textContent = text;
}

function setView(view) {
  const before = state.view?.game;
  state.view = view;
  const t = view.table;
  state.deadline = t.turn_left !== null ? Date.now() + t.turn_left * 1000 : null;
  state.intermissionEnd = t.intermission_left !== null ? Date.now() + t.intermission_left * 1000 : null;
  if (!before || JSON.stringify(before.hand) !== JSON.stringify(view.game?.hand) || !view.game?.legal.length) {
    state.selected = state.selected.filter(() => false);
  }
  render();
}

// ------------------------------------------------------------------------------------------ rendering

function seatName(seat) {
  return seatLabels(state.view.table.seat_info.map((info) => info.name))[seat] ?? `seat ${seat}`;
}

function render() {
  const { table, game } = state.view;
  document.getElementById("title").textContent = `${table.name} · ${table.game} · ${table.preset}`;
  document.getElementById("join").hidden = !(table.you === null && !session() && !state.watch);
  let status = table.status === "waiting" ? "Waiting for players" : table.status === "finished" ? "Match over" : "";
  if (game && game.game === "president" && game.round) status = `Round ${game.round}` + (game.over ? " · match over" : "");
  if (game && game.game === "el-presidente") status = `Game ${game.game_number + 1}/${game.games} · battle ${game.battle}`;
  document.getElementById("status").textContent = status;
  renderSeats();
  if (!game) {
    document.getElementById("pile").replaceChildren(h("p", {}, "The game starts when every seat is taken."));
    for (const id of ["hand", "actions", "prompt", "effects", "counts"]) document.getElementById(id).replaceChildren();
  } else if (game.game === "president") {
    renderPresident(game);
  } else {
    renderElPresidente(game);
  }
  renderResults();
  renderLog();
  renderChat();
  tick();
}

function renderSeats() {
  const { table, game } = state.view;
  const box = document.getElementById("seats");
  box.replaceChildren(...table.seat_info.map((info) => {
    const classes = ["seat"];
    const facts = [];
    if (game?.current === info.seat) classes.push("turn");
    if (table.you === info.seat) classes.push("me");
    if (game?.game === "president") {
      const s = game.seats[info.seat];
      facts.push(`${s.hand_size} cards`);
      if (s.title && game.results.length) facts.push(s.title);
      if (s.passed) { facts.push("passed"); classes.push("passed"); }
      if (s.finished) facts.push("out");
      facts.push(`score ${s.score}`);
      if (!s.present) facts.push("empty");
      else if (!s.in_round) facts.push("waits for next round");
    } else if (game) {
      facts.push(`${game.hand_sizes[info.seat]} cards`);
      if (game.attacker === info.seat) facts.push("attacker");
      if (game.defender === info.seat) facts.push("defender");
      if (game.dealer === info.seat) facts.push("dealer");
      if (game.teams) { facts.push(`team ${"ABCD"[game.teams[info.seat]]}`); classes.push(`team${game.teams[info.seat]}`); }
    }
    if (!info.connected) facts.push("away");
    if (info.ready) facts.push("ready");
    return h("div", { class: classes.join(" "), "data-seat": info.seat },
      h("strong", {}, seatName(info.seat)), h("span", { class: "facts" }, facts.join(" · ")));
  }));
}

function cardButton(text, selectable, index) {
  const picked = state.selected.includes(index);
  const button = h("button", { class: `card${picked ? " selected" : ""}`, "data-card": text, "aria-pressed": picked ? "true" : "false",
    disabled: !selectable, title: text });
  button.append(cardSvg(text, { width: 58 }));
  button.addEventListener("click", () => {
    state.selected = picked ? state.selected.filter((i) => i !== index) : [...state.selected, index];
    render();
  });
  return button;
}

const STRENGTH = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

function strength(text) {
  return text === "JK" ? 99 : STRENGTH.indexOf(text.slice(0, -1)) * 4 + "CDHS".indexOf(text.slice(-1));
}

function expand(group) {
  const cards = [];
  for (const [text, count] of group) for (let n = 0; n < Math.min(count, SHOWN_COPIES); n++) cards.push(text);
  return cards;
}

function renderPresident(game) {
  const effects = [];
  if (game.reversed) effects.push(h("span", { class: "badge hot" }, "Revolution: order reversed"));
  if (game.obligation) effects.push(h("span", { class: "badge" }, `Next must ${game.obligation}`));
  if (game.must_include) effects.push(h("span", { class: "badge" }, `Your play must include ${game.must_include}`));
  document.getElementById("effects").replaceChildren(...effects);
  const pile = document.getElementById("pile");
  pile.replaceChildren(...game.trick.slice(-3).map(([seat, play], i, all) => h("div", { class: `play${i === all.length - 1 ? " top" : ""}` },
    h("span", { class: "who" }, seatName(seat)), h("div", { class: "cards" }, ...cardsOf(play).map((c) => cardSvg(c, { width: i === all.length - 1 ? 60 : 40 }))))));
  if (!game.trick.length) pile.append(h("p", { class: "empty" }, game.phase === "play" ? "Empty pile: a new trick" : game.phase));
  document.getElementById("counts").textContent = `${game.face_up.reduce((n, [, c]) => n + c, 0)} face up · ${game.undealt} undealt`;

  const pickingFromPool = game.phase === "draft-pick" && game.legal.length;
  const source = (pickingFromPool ? expand(game.draft_pool || []) : expand(game.hand)).sort((a, b) => strength(a) - strength(b));
  const hand = document.getElementById("hand");
  hand.replaceChildren(...source.map((text, i) => cardButton(text, game.legal.length > 0, i)));
  const prompt = document.getElementById("prompt");
  const myTurn = game.legal.length > 0;
  const texts = [];
  if (game.phase === "exchange") texts.push(myTurn ? "Card exchange: choose the cards to give." : "Card exchange in progress.");
  if (game.phase === "draft-place") texts.push(myTurn ? "Draft: put cards face down." : "Draft: players put cards down.");
  if (game.phase === "draft-pick") texts.push(myTurn ? "Draft: take cards from the pool (shown as your cards)." : "Draft: players pick.");
  if (game.received.length) texts.push(`You received ${game.received.map(([c, n]) => (n > 1 ? `${c}x${n}` : c)).join(" ")}.`);
  if (game.gave.length) texts.push(`You gave ${game.gave.map(([c]) => c).join(" ")}.`);
  if (myTurn && game.phase === "play") texts.push("Your turn: select cards and play, or pass.");
  if (game.draft_pool && !pickingFromPool && game.draft_pool.length) texts.push(`Draft pool: ${expand(game.draft_pool).join(" ")}`);
  prompt.replaceChildren(...texts.map((t) => h("p", {}, t)));

  const chosen = state.selected.map((i) => source[i]).filter(Boolean);
  const matches = game.legal.filter((action) => action !== "pass" && sameCards(cardsOf(action), chosen));
  const buttons = [];
  const verb = game.phase === "exchange" || game.phase === "draft-place" ? "Give" : game.phase === "draft-pick" ? "Take" : "Play";
  if (myTurn) {
    if (matches.length <= 1) {
      buttons.push(h("button", { id: "play", class: "primary", disabled: matches.length !== 1, onclick: () => act(matches[0]) }, verb));
    } else {
      for (const action of matches) buttons.push(h("button", { class: "primary", onclick: () => act(action) }, action));
    }
    if (game.legal.includes("pass")) buttons.push(h("button", { id: "pass", onclick: () => act("pass") }, "Pass"));
    // Plays of more copies than the hand shows (a table of very many decks) are offered as they are.
    for (const action of game.legal.filter(isLarge)) buttons.push(h("button", { class: "large-play", onclick: () => act(action) }, `${verb} ${action}`));
  }
  if (game.phase === "play" && !myTurn && state.view.table.you !== null && chosen.length) {
    buttons.push(h("button", { id: "stage", onclick: () => send({ type: "stage", action: chosen.join(" ") }) }, "Stage for my turn"));
  }
  commonButtons(buttons);
}

function renderElPresidente(game) {
  const effects = [];
  if (game.defender_may_pick_up) effects.push(h("span", { class: "badge" }, "The defender may pick up"));
  if (game.teams) effects.push(h("span", { class: "badge" }, `Games won by team: ${game.team_wins.join(" – ")}`));
  else effects.push(h("span", { class: "badge" }, `Games won: ${game.team_wins.join(" – ")}`));
  document.getElementById("effects").replaceChildren(...effects);
  const pile = document.getElementById("pile");
  const battle = game.attacker === null || game.attacker === undefined
    ? `Battle ${game.battle}`
    : `Battle ${game.battle}: ${seatName(game.attacker)} attacks ${seatName(game.defender)}`;
  pile.replaceChildren(h("div", { class: "battle" },
    h("span", { class: "battle-title" }, battle),
    game.battle_pile.length
      ? h("div", { class: "cards stacked" }, ...game.battle_pile.map((c) => cardSvg(c, { width: 60 })))
      : h("p", { class: "empty" }, "No cards on the battle pile yet.")));
  document.getElementById("counts").replaceChildren(
    h("span", { class: "deck" }, cardSvg(null, { width: 30 }), ` deck ${game.deck_size}`),
    h("span", {}, ` · discard ${game.discard_size}`));
  const myTurn = game.legal.length > 0;
  document.getElementById("hand").replaceChildren(...game.hand.map((text, i) => cardButton(text, myTurn, i)));
  const phaseText = {
    attack: "Attack with one card or several of a rank (the last selected is on top).",
    "attack-throw-in": "Throw in cards of the attack's rank, or pass.",
    defend: "Beat the top card with one card, or concede and pick the pile up.",
    "beat-throw-in": "Throw in cards equal to the beating card, or pass.",
    "pick-up": "Take the battle pile, or pass.",
    over: "The match is over.",
  }[game.phase];
  const waiting = {
    attack: "to attack",
    "attack-throw-in": "to throw in or pass",
    defend: "to beat the top card or concede",
    "beat-throw-in": "to throw in or pass",
    "pick-up": "to pick up or pass",
  }[game.phase];
  const other = game.over || game.current === null ? phaseText ?? "" : `Waiting for ${seatName(game.current)} ${waiting ?? `(${game.phase})`}.`;
  document.getElementById("prompt").replaceChildren(h("p", {}, myTurn ? `Your turn: ${phaseText}` : other));
  const chosen = state.selected.map((i) => game.hand[i]);
  const buttons = [];
  if (myTurn) {
    const withCards = game.legal.filter((a) => /^(attack|throw|beat) /.test(a));
    const exact = withCards.find((a) => cardsOf(a).join(" ") === chosen.join(" "));
    const match = exact ?? withCards.find((a) => sameCards(cardsOf(a), chosen));
    const verb = game.phase === "defend" ? "Beat" : game.phase === "attack" ? "Attack" : "Throw in";
    if (withCards.length) buttons.push(h("button", { id: "play", class: "primary", disabled: !match, onclick: () => act(match) }, verb));
    for (const [action, label] of [["concede", "Concede"], ["take", "Pick up"], ["pass", "Pass"]]) {
      if (game.legal.includes(action)) buttons.push(h("button", { id: action, onclick: () => act(action) }, label));
    }
  }
  commonButtons(buttons);
}

function commonButtons(buttons) {
  const { table } = state.view;
  if (table.intermission_left !== null && table.you !== null) {
    buttons.push(h("button", { id: "ready", class: "primary", onclick: () => send({ type: "ready" }) }, "Ready"));
  }
  if (table.you !== null) buttons.push(h("button", { id: "leave", class: "quiet", onclick: leave }, "Leave table"));
  else if (session() && table.open_seats && table.status !== "finished") buttons.push(h("button", { id: "sit", onclick: () => send({ type: "sit" }) }, "Take a seat"));
  document.getElementById("actions").replaceChildren(...buttons);
}

function act(action) {
  state.selected = [];
  showError("");
  send({ type: "act", action });
}

function leave() {
  if (confirm("Leave this table? Mid-round you take the worst unfilled rank.")) send({ type: "leave" });
}

function renderResults() {
  const { table, game } = state.view;
  const box = document.getElementById("results");
  const parts = [];
  if (game?.game === "president" && game.results.length && (table.intermission_left !== null || game.over)) {
    const last = game.results[game.results.length - 1];
    parts.push(h("h2", {}, game.over ? "Match over" : `Round ${game.results.length} results`));
    parts.push(h("ol", {}, ...last.map((seat) => h("li", {}, `${seatName(seat)} — score ${game.seats[seat].score}`))));
    if (game.over) parts.push(h("p", {}, `Winner: ${game.winners.map(seatName).join(", ")}`));
  }
  if (game?.game === "el-presidente" && game.over) {
    parts.push(h("h2", {}, "Match over"));
    parts.push(h("p", {}, game.game_winners.map((w, i) => `Game ${i + 1}: ${w === null ? "draw" : seatName(w)}`).join(" · ")));
  }
  if (table.intermission_left !== null) parts.push(h("p", { id: "intermission" }, "Next round soon — press Ready."));
  if (parts.length && (game?.over || table.intermission_left !== null)) parts.push(h("a", { href: `/replay/${table.id}`, hidden: !game?.over }, "Replay this game"));
  box.hidden = parts.length === 0;
  box.replaceChildren(...parts);
}

function renderLog() {
  const lines = state.lines.length ? state.lines : state.view.game?.log ?? [];
  const labels = seatLabels(state.view.table.seat_info.map((info) => info.name));
  document.getElementById("log").replaceChildren(...lines.slice(-10).map((line) => h("li", {}, namedLine(line, labels))));
}

function renderChat() {
  document.getElementById("chat").replaceChildren(...state.chat.slice(-30).map((entry) =>
    h("li", {}, h("b", {}, `${entry.name}: `), entry.text)));
}

function tick() {
  const timer = document.getElementById("timer");
  if (state.intermissionEnd) timer.textContent = `next round in ${Math.max(0, Math.ceil((state.intermissionEnd - Date.now()) / 1000))} s`;
  else if (state.deadline && state.view?.game && !state.view.game.over) {
    const current = state.view.game.current;
    timer.textContent = `${seatName(current)}: ${Math.max(0, Math.ceil((state.deadline - Date.now()) / 1000))} s`;
  } else timer.textContent = "";
}

async function main() {
  document.getElementById("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("chat-text");
    if (input.value.trim()) send({ type: "chat", text: input.value.trim().slice(0, 100) });
    input.value = "";
  });
  document.getElementById("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    await ensurePlayer(document.getElementById("join-name").value.trim());
    state.socket?.close();
  });
  document.getElementById("watch").addEventListener("click", () => { state.watch = true; render(); });
  setInterval(tick, 250);
  connect();
}

main();
