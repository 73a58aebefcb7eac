// @ts-check
// Play again (issue 27): in the match-end panel, each person seated at the end accepts or declines a new table with
// the same people and rules; the table's creator chooses whether bots take the declined seats and whether everyone
// moves one seat round. The server keeps the offer (presidente/server/rematch.py) and sends it as `rematch` frames
// (docs/protocol.md); once the new table is open, those who accepted are taken there.
import { h } from "./api.js";
import { t } from "./i18n.js";
import { rerender, send, seatName } from "./table-state.js";

/**
 * The offer as the server sends it (`rematch` frame); `secret` only to those who accepted a private table's.
 * @typedef {{type: "rematch", seq: number, status: "open" | "opened" | "declined" | "failed",
 *   answers: ("accepted" | "declined" | "waiting" | "bot" | "nobody")[], fill_bots: boolean, rotate: boolean,
 *   chooser: number | null, left: number | null, table: string | null, secret: string | null}} RematchOffer
 */
/** @typedef {import("./table-types.js").TableState} TableState */

/**
 * A `rematch` frame: kept for the panel; a person who accepted goes to the new table once it is open.
 * @param {TableState} state
 * @param {RematchOffer} offer
 */
export function receiveRematch(state, offer) {
  state.rematch = offer;
  const you = state.view?.table.you ?? null;
  if (offer.status === "opened" && offer.table && you !== null && offer.answers[you] === "accepted") {
    location.assign(newTableLink(offer));
    return;
  }
  rerender();
}

/** @param {RematchOffer} offer */
function newTableLink(offer) {
  return `/table/${encodeURIComponent(offer.table ?? "")}${offer.secret ? `#secret=${encodeURIComponent(offer.secret)}` : ""}`;
}

/**
 * The panel's "Play again" part at the match's end (the server offers it to every connection as the match ends);
 * null until the offer has come.
 * @param {TableState} state
 * @returns {HTMLElement | null}
 */
export function renderRematch(state) {
  /** @type {RematchOffer | null} */
  const offer = state.rematch ?? null;
  if (!state.view || !offer) return null;
  const you = state.view.table.you;
  const parts = [h("h3", { id: "rematch-title" }, t("table-rematch-title"))];
  if (offer.status === "open") {
    parts.push(h("p", {}, t("table-rematch-offer")));
    parts.push(choices(offer, you !== null && you === offer.chooser));
    if (you !== null) parts.push(answerButtons(offer.answers[you] ?? "waiting"));
    if (offer.left !== null) parts.push(h("p", { class: "rematch-note" }, t("table-rematch-time", { seconds: Math.ceil(offer.left) })));
  } else {
    parts.push(h("p", { role: "status" }, settledWords(offer, you)));
    const accepted = you !== null && offer.answers[you] === "accepted";
    if (offer.status === "opened" && offer.table && accepted) {
      parts.push(h("p", {}, h("a", { href: newTableLink(offer) }, t("table-rematch-go"))));
    } else if (offer.status === "opened" && offer.table && !state.view.table.private) {
      parts.push(h("p", {}, h("a", { href: newTableLink(offer) }, t("table-rematch-watch")))); // a public table: anyone may watch
    }
  }
  parts.push(answerList(offer));
  return h("section", { id: "rematch", class: "rematch", "aria-labelledby": "rematch-title" }, ...parts);
}

/**
 * The creator's two choices (checkboxes); shown to the others as they stand, not to be changed.
 * @param {RematchOffer} offer
 * @param {boolean} mine
 */
function choices(offer, mine) {
  const fillBots = offer.fill_bots;
  const rotate = offer.rotate;
  /** @param {string} id @param {string} words @param {boolean} checked @param {string} field */
  const box = (id, words, checked, field) => h("label", { class: "rematch-choice", for: id, "data-key": id },
    h("input", {
      type: "checkbox", id, checked, disabled: !mine,
      onchange: (/** @type {Event} */ event) => send({ type: "rematch_choose", [field]: /** @type {HTMLInputElement} */ (event.target).checked }),
    }),
    " ", words);
  return h("div", { id: "rematch-choices", class: "rematch-choices" },
    box("rematch-fill-bots", t("table-rematch-fill-bots"), fillBots, "fill_bots"),
    box("rematch-rotate", t("table-rematch-rotate"), rotate, "rotate"),
    mine ? null : h("p", { class: "rematch-note" }, t("table-rematch-creator-chooses")));
}

/** @param {string} answer this person's answer so far */
function answerButtons(answer) {
  return h("div", { id: "rematch-buttons", class: "rematch-buttons" },
    h("button", { type: "button", id: "rematch-accept", class: "primary", "aria-pressed": answer === "accepted" ? "true" : "false", onclick: () => send({ type: "rematch", accept: true }) }, t("table-rematch-accept")),
    h("button", { type: "button", id: "rematch-decline", "aria-pressed": answer === "declined" ? "true" : "false", onclick: () => send({ type: "rematch", accept: false }) }, t("table-rematch-decline")));
}

/** @param {RematchOffer} offer */
function answerList(offer) {
  return h("ul", { class: "rematch-answers", "aria-label": t("table-rematch-answers") },
    ...offer.answers.map((answer, seat) => h("li", { class: `rematch-${answer}` },
      answer === "nobody" ? t("table-rematch-answer-nobody", { seat: seat + 1 }) : ANSWER_WORDS[answer](seatName(seat)))));
}

/** Each person's answer in words, with their name (a bot comes along). */
const ANSWER_WORDS = {
  accepted: (/** @type {string} */ name) => t("table-rematch-answer-accepted", { name }),
  declined: (/** @type {string} */ name) => t("table-rematch-answer-declined", { name }),
  waiting: (/** @type {string} */ name) => t("table-rematch-answer-waiting", { name }),
  bot: (/** @type {string} */ name) => t("table-rematch-answer-bot", { name }),
};

/**
 * @param {RematchOffer} offer
 * @param {number | null} you
 */
function settledWords(offer, you) {
  if (offer.status === "declined") return t("table-rematch-nobody");
  if (offer.status === "failed") return t("table-rematch-failed");
  return you !== null && offer.answers[you] === "accepted" ? t("table-rematch-opening") : t("table-rematch-opened");
}
