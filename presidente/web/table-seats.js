// @ts-check
// The seats around the table, placed from where you sit (you at the bottom, the next to play on your left):
// each with its name, cards left, role, and markers — to move (with a countdown ring), passed, skipped, out
// with its place, away, ready.
import { h, replaceKeeping, session } from "./api.js";
import { cardSvg } from "./cards.js";
import { cardCount, ordinal } from "./table-words.js";
import { titleWords } from "./game-words.js";
import { t } from "./i18n.js";
import { seatName, send } from "./table-state.js";

/** @typedef {import("./table-types.js").ShownState} ShownState */
/** @typedef {import("./table-types.js").GameView} GameView */
/** @typedef {"left" | "top" | "right" | "bottom"} Zone */

const FAN = 5;

/** The other seats in play order after `base`, split into the left, top and right of the table.
 * @param {number} seats @param {number} base @returns {{left: number[], top: number[], right: number[]}} */
export function placeSeats(seats, base) {
  const others = [];
  for (let step = 1; step < seats; step++) others.push((base + step) % seats);
  if (others.length === 1) return { left: [], top: others, right: [] };
  if (others.length === 2) return { left: [others[0]], top: [], right: [others[1]] };
  return { left: [others[0]], top: others.slice(1, -1), right: [others[others.length - 1]] };
}

/** Draw every seat from the view. @param {ShownState} state */
export function renderSeats(state) {
  const { table } = state.view;
  const base = table.you ?? 0;
  const places = placeSeats(table.seat_info.length, base);
  for (const zone of /** @type {const} */ (["left", "top", "right"])) {
    replaceKeeping(/** @type {HTMLElement} */ (document.getElementById(`seats-${zone}`)), places[zone].map((seat) => seatBox(state, seat, zone)));
  }
  replaceKeeping(/** @type {HTMLElement} */ (document.getElementById("seats-bottom")), [seatBox(state, base, "bottom")]);
}

/** @param {ShownState} state @param {number} seat @param {Zone} zone */
function seatBox(state, seat, zone) {
  const { table, game } = state.view;
  const info = table.seat_info[seat];
  const toMove = Boolean(game && !game.over && game.current === seat && table.intermission_left === null);
  const classes = ["seat", `zone-${zone}`];
  if (toMove) classes.push("turn");
  if (table.you === seat) classes.push("me");
  if (game?.game === "el-presidente" && game.teams) classes.push(`team${game.teams[seat]}`);
  const markers = seatMarkers(state, seat, toMove);
  if (markers.some((m) => m.kind === "passed" || m.kind === "skipped" || m.kind === "out")) classes.push("quiet");
  const name = table.you === seat ? t("table-seat-you", { name: seatName(seat) }) : seatName(seat);
  const cards = cardsLeft(game, seat);
  const role = roleOf(game, seat);
  const box = h("div", { class: classes.join(" "), "data-seat": seat, "data-key": `seat-${seat}`, "aria-current": toMove ? "true" : null },
    h("div", { class: "seat-head" }, avatar(info.kind === "empty" ? "" : seatName(seat), toMove), h("span", { class: "seat-name" }, name)),
    h("div", { class: "seat-cards" },
      role ? h("span", { class: `role role-${role.key}` }, role.title) : null,
      cards === null ? null : fan(cards), cards === null ? null : h("span", {}, cardCount(cards))),
    markers.length ? h("ul", { class: "markers" }, ...markers.map((m) => h("li", { class: `marker marker-${m.kind}` }, m.text))) : null,
    scoreLine(game, seat), flowArrow(game, zone));
  if (info.kind === "empty" || info.kind === "auto") {
    if (table.you === null && session() && table.status !== "finished") {
      box.append(h("button", { type: "button", class: "sit-here", id: `sit-${seat}`, "aria-label": t("table-sit-seat", { seat: seat + 1 }),
        onclick: () => send({ type: "sit", seat }) }, t("table-sit-here")));
    }
  }
  return box;
}

// Where play goes from a seat in each zone: clockwise it runs from you to the left, up, across the top and
// down the right; a 9 reverse turns every arrow round.
const FLOW = { bottom: ["←", "→"], left: ["↑", "↓"], top: ["→", "←"], right: ["↓", "↑"] };

/** A small arrow on each seat toward the seat that plays after it, at tables where a 9 may reverse the order.
 * @param {GameView | null} game @param {Zone} zone */
function flowArrow(game, zone) {
  if (game?.game !== "president" || !(game.effects ?? []).includes("nine_reverse")) return null;
  const [clockwise, reversed] = FLOW[zone];
  return h("span", { class: `flow flow-${zone}${game.clockwise === false ? " reversed" : ""}`, "aria-hidden": "true" },
    game.clockwise === false ? reversed : clockwise);
}

/** @param {string} name @param {boolean} toMove */
function avatar(name, toMove) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 36 36");
  svg.setAttribute("class", `avatar${toMove ? " ring" : ""}`);
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = '<circle class="avatar-disc" cx="18" cy="18" r="15"/>'
    + (toMove ? '<circle class="ring-left" cx="18" cy="18" r="16.5" pathLength="1"/>' : "");
  const letter = document.createElementNS("http://www.w3.org/2000/svg", "text");
  letter.setAttribute("x", "18");
  letter.setAttribute("y", "23.5");
  letter.setAttribute("text-anchor", "middle");
  // The first letter or digit of the name ("(empty)" once gave "("); an empty seat's disc has none.
  letter.textContent = (name.match(/[\p{L}\p{N}]/u)?.[0] ?? "").toUpperCase();
  svg.append(letter);
  return svg;
}

/** @param {number} cards */
function fan(cards) {
  const backs = [];
  for (let i = 0; i < Math.min(cards, FAN); i++) backs.push(cardSvg(null, { width: 14, label: false }));
  return h("span", { class: "fan", "aria-hidden": "true" }, ...backs);
}

/** @param {GameView | null} game @param {number} seat @returns {number | null} */
function cardsLeft(game, seat) {
  if (!game) return null;
  if (game.game === "president") {
    const s = game.seats[seat];
    return s.present && (s.in_round || s.hand_size) ? s.hand_size : null;
  }
  return game.hand_sizes[seat];
}

/** The seat's role now — at the match's end, the title its last round earned.
 * @param {GameView | null} game @param {number} seat @returns {{key: string, title: string} | null} */
function roleOf(game, seat) {
  if (game?.game !== "president") return null;
  if (!game.seats[seat].present) return null; // a seat someone left holds no role: the role was theirs
  if (game.over && game.sheet.length) {
    const title = game.sheet[game.sheet.length - 1].titles[seat];
    return title ? { key: "earned", title: titleWords(title) } : null;
  }
  const s = game.seats[seat];
  return s.role !== "neutral" && s.title ? { key: s.role, title: titleWords(s.title) } : null;
}

/** @param {GameView | null} game @param {number} seat */
function scoreLine(game, seat) {
  if (game?.game !== "president") return null;
  const score = game.seats[seat].score;
  return h("span", { class: "seat-score" }, game.scoring === "credit" ? t("table-credit", { score }) : t("table-points", { score }));
}

/** @param {ShownState} state @param {number} seat @param {boolean} toMove */
function seatMarkers(state, seat, toMove) {
  const { table, game } = state.view;
  const info = table.seat_info[seat];
  /** @type {{kind: string, text: string}[]} */
  const markers = [];
  if (toMove) markers.push({ kind: "turn", text: t("table-marker-turn") });
  if (game?.game === "president") {
    const s = game.seats[seat];
    // A seat someone left this round ("out") and someone else took: the newcomer waits, and the place was
    // the leaver's, not theirs. Between rounds and at the match's end nobody waits: every seat plays the next.
    const roundOn = ["play", "exchange", "draft-place", "draft-pick"].includes(game.phase);
    const newcomer = roundOn && s.present && (!s.in_round || (game.out ?? []).includes(seat));
    if (!s.present) markers.push({ kind: "empty", text: t("table-marker-empty") });
    else if (newcomer) markers.push({ kind: "waiting", text: t("table-marker-waiting") });
    if (s.finished && !newcomer) markers.push({ kind: "out", text: s.place ? t("table-marker-out-place", { place: ordinal(s.place) }) : t("table-marker-out") });
    // A seat to move shows no pass or skip beside "to move": those were its last turn's.
    else if (!toMove && (s.last_move === "skip" || s.last_move === "skipped")) markers.push({ kind: "skipped", text: t("table-marker-skipped") });
    else if (!toMove && (s.last_move === "pass" || (s.passed && game.phase === "play"))) markers.push({ kind: "passed", text: t("table-marker-passed") });
  } else if (game) {
    if (game.attacker === seat) markers.push({ kind: "attacker", text: t("table-marker-attacker") });
    if (game.defender === seat) markers.push({ kind: "defender", text: t("table-marker-defender") });
    if (game.dealer === seat) markers.push({ kind: "dealer", text: t("table-marker-dealer") });
    if (game.teams) markers.push({ kind: "team", text: t("table-marker-team", { team: "ABCD"[game.teams[seat]] }) });
  }
  if (info.kind === "human" && !info.connected) markers.push({ kind: "away", text: t("table-marker-away") });
  if (info.kind === "empty" && game?.game !== "president") markers.push({ kind: "empty", text: t("table-marker-free") });
  if (info.ready && table.intermission_left !== null) markers.push({ kind: "ready", text: t("table-marker-ready") });
  return markers;
}
