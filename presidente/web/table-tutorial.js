// @ts-check
// The guided first game (the lobby's "Learn to play", server/tutorial.py): a table of the default preset dealt from a
// fixed seed against bots whose choices come from that seed too. Each step is a sentence above the hand and the one
// card or button to press highlighted: leading, beating, passing, the trick's end, going out, the roles and the card
// exchange. The step follows the table's state (the view and the typed events of table-state.js), never a shown
// text; the move highlighted is `tutorialAction`'s, the one tests/server/test_tutorial.py plays through. "Skip"
// ends the guidance; done or skipped is remembered in this browser (the lobby shows which).
import { h } from "./api.js";
import { cardsOf } from "./cards.js";
import { onLanguageChange, t } from "./i18n.js";
import { titleWords } from "./game-words.js";
import { myTurn, seatName } from "./table-state.js";

/** @typedef {import("./table-types.js").ShownState} ShownState */
/** @typedef {import("./table-types.js").PresidentView} PresidentView */
/**
 * A step of the guided game: what it teaches (`lesson`, one of LESSONS, or null while waiting), its sentence in the
 * page's language, the move to make (the cards of a play or give, or a button's id), and whether the guide is over.
 * @typedef {{lesson: string | null, words: string, action?: string, button?: string, done?: boolean}} Step
 */

const KEY = "presidente.tutorial";
export const LESSONS = ["lead", "beat", "pass", "trick-end", "out", "roles", "exchange"];
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

/** "done" or "skipped" when this browser finished or skipped the guided game, else null. */
export function tutorialStatus() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

/** @param {"done" | "skipped"} status */
function remember(status) {
  try { localStorage.setItem(KEY, status); } catch { /* a browser without storage forgets */ }
}

/** @param {string} card */
function rank(card) {
  return card.startsWith("JK") ? RANKS.length : RANKS.indexOf(card.slice(0, -1));
}

/**
 * The move the guide highlights among the legal ones: the lowest play (a joker last, all the cards of that rank it
 * may play together), the two weakest cards to give, or pass when nothing else is offered.
 * @param {string[]} legal
 */
export function tutorialAction(legal) {
  const plays = legal.filter((action) => action !== "pass");
  if (!plays.length) return "pass";
  /** @type {(action: string) => number[]} */
  const key = plays[0].startsWith("give ")
    ? (action) => [action.split(" ").slice(1).reduce((sum, card) => sum + rank(card), 0)]
    : (action) => [action.includes("JK") ? 1 : 0, rank(action.split(" ")[0]), -action.split(" ").length];
  let best = plays[0];
  for (const action of plays.slice(1)) {
    const [a, b] = [key(action), key(best)];
    const at = a.findIndex((value, index) => value !== b[index]);
    if (at >= 0 && a[at] < b[at]) best = action;
  }
  return best;
}

/** The step the table is at, from its view and the events seen. @param {ShownState} st @returns {Step} */
export function tutorialStep(st) {
  const { table } = st.view;
  const game = /** @type {PresidentView | null} */ (st.view.game);
  const you = table.you;
  if (!game || you === null) return { lesson: null, words: t("tutorial-start") };
  if (game.over || (game.round >= 2 && game.phase === "play")) return { lesson: null, words: t("tutorial-done"), done: true };
  if (table.intermission_left !== null) {
    const ready = table.seat_info[you]?.ready;
    const title = titleWords(game.seats[you]?.title ?? "");
    return ready ? { lesson: "roles", words: t("tutorial-roles-ready", { title }) } : { lesson: "roles", words: t("tutorial-roles", { title }), button: "ready" };
  }
  if (game.phase === "exchange") {
    if (!myTurn()) return { lesson: "exchange", words: t("tutorial-exchange-others") };
    const action = tutorialAction(game.legal);
    return { lesson: "exchange", words: t("tutorial-exchange", { count: cardsOf(action).length }), action };
  }
  if (game.seats[you]?.finished) return { lesson: "out", words: t("tutorial-out") };
  if (!myTurn()) {
    const ended = st.trickEnd;
    if (!game.trick.length && ended && ended.winner !== you) return { lesson: "trick-end", words: t("tutorial-trick-end-other", { name: seatName(ended.winner) }) };
    return { lesson: null, words: game.trick.length ? t("tutorial-wait") : t("tutorial-wait-lead") };
  }
  const action = tutorialAction(game.legal);
  if (action === "pass") return { lesson: "pass", words: t("tutorial-pass"), button: "pass" };
  if (game.trick.length) return { lesson: "beat", words: t("tutorial-beat"), action };
  if (st.trickEnd && st.trickEnd.winner === you) return { lesson: "trick-end", words: t("tutorial-trick-end"), action };
  return { lesson: "lead", words: t("tutorial-lead"), action };
}

/**
 * The one element to press for the step: the next card of its move not yet selected (or a selected card that is
 * not part of it, to unselect), else the button that makes the move.
 * @param {ShownState} st @param {Step} step @returns {HTMLElement | null}
 */
function targetOf(st, step) {
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement | null} */ (document.getElementById(id));
  if (step.button) return byId(step.button);
  if (!step.action) return null;
  const wanted = [...cardsOf(step.action)];
  /** @type {HTMLElement[]} */
  const cards = [...document.querySelectorAll("#hand [data-key]")].map((node) => /** @type {HTMLElement} */ (node));
  const chosen = cards.filter((card) => st.selected.includes(String(card.dataset.key)));
  for (const card of chosen) {
    const at = wanted.indexOf(String(card.dataset.card));
    if (at < 0) return card; // not part of the move: unselect it
    wanted.splice(at, 1);
  }
  if (!wanted.length) return byId(step.action.startsWith("give ") ? "give" : "play");
  return cards.find((card) => card.dataset.card === wanted[0] && !chosen.includes(card)) ?? null;
}

/** Whether this page guides a first game (the lobby's link carries `tutorial`). */
let guiding = false;
const learned = new Set();

/** Turn the guide on for this table (a table opened from "Learn to play"). @param {ShownState | any} st */
export function installTutorial(st) {
  guiding = true;
  st.tutorial = true; // table.js then never passes for the player: passing is a step to do
  const panel = h("section", { id: "tutorial", class: "tutorial", "aria-labelledby": "tutorial-title" },
    h("h2", { id: "tutorial-title" }),
    h("span", { id: "tutorial-progress", class: "tutorial-progress" }),
    h("p", { id: "tutorial-words", class: "tutorial-words", "aria-live": "polite" }),
    h("p", { class: "tutorial-buttons" },
      h("button", { type: "button", id: "tutorial-skip", class: "quiet" }),
      h("a", { id: "tutorial-lobby", href: "/", class: "primary-link", hidden: true })));
  /** @type {HTMLElement} */ (document.getElementById("dock")).prepend(panel);
  /** @type {HTMLElement} */ (panel.querySelector("#tutorial-skip")).addEventListener("click", () => {
    remember(tutorialStatus() === "done" ? "done" : "skipped");
    guiding = false;
    st.tutorial = false;
    panel.remove();
    const autoPass = /** @type {HTMLElement | null} */ (document.getElementById("auto-pass")?.closest("label") ?? null);
    if (autoPass) autoPass.hidden = false;
    for (const node of document.querySelectorAll(".tutorial-target")) node.classList.remove("tutorial-target");
  });
  onLanguageChange(() => { if (guiding && st.view) renderTutorial(st); });
}

/** Draw the step's sentence and highlight its target; called after every render of the table. @param {ShownState} st */
export function renderTutorial(st) {
  if (!guiding) return;
  const step = tutorialStep(st);
  if (step.lesson) learned.add(step.lesson);
  const done = Boolean(step.done);
  if (done) {
    remember("done");
    st.tutorial = false; // the game goes on as any other: "Pass for me" as the player set it
  }
  const set = (/** @type {string} */ id, /** @type {string} */ text) => {
    const node = /** @type {HTMLElement} */ (document.getElementById(id));
    if (node.textContent !== text) node.textContent = text;
  };
  set("tutorial-title", t("tutorial-title"));
  set("tutorial-progress", t("tutorial-progress", { learned: learned.size, total: LESSONS.length }));
  set("tutorial-words", step.words);
  set("tutorial-skip", t("tutorial-skip"));
  set("tutorial-lobby", t("tutorial-lobby"));
  /** @type {HTMLElement} */ (document.getElementById("tutorial-skip")).hidden = done;
  /** @type {HTMLElement} */ (document.getElementById("tutorial-lobby")).hidden = !done;
  // While guided, the player passes by pressing Pass (a step): "Pass for me" does not act and is not offered.
  const autoPass = /** @type {HTMLElement | null} */ (document.getElementById("auto-pass")?.closest("label") ?? null);
  if (autoPass) autoPass.hidden = Boolean(st.tutorial);
  const target = targetOf(st, step);
  for (const node of document.querySelectorAll(".tutorial-target")) if (node !== target) node.classList.remove("tutorial-target");
  target?.classList.add("tutorial-target");
}
