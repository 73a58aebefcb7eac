// @ts-check
// Keyboard play: arrows (or 1–9) move through the hand, Space selects (the card is a button), Enter plays, P passes, H asks for a hint,
// R is ready, Escape clears the selection, ? lists the keys. Keys never fire while typing in a text box.
import { focusHand, myTurn, rerender, send } from "./table-state.js";

// The list shown under ? is in table.html.

function typing(target) {
  return target.closest?.("input, textarea, select, [contenteditable]");
}

/** @returns {HTMLElement[]} */
function handCards() {
  return [...document.querySelectorAll("#hand [data-key], #pool [data-key]")].map((node) => /** @type {HTMLElement} */ (node));
}

/** The focused button, if it is one of those drawn again with every message (a card, a joker's choice, Play or Pass):
 * Space works such a button as it goes down, since a button clicks only on a keyup that meets the element its keydown
 * met, and a redraw between the two (a message from the server) had replaced it, so the Space was lost.
 * @returns {HTMLButtonElement | null} */
function redrawnButton() {
  return /** @type {HTMLButtonElement | null} */ (document.activeElement?.closest?.("#hand button, #pool button, #jokers button, #actions button") ?? null);
}

function press(id) {
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById(id));
  if (button && !button.disabled) {
    button.click();
    return true;
  }
  return false;
}

export function installKeys(state) {
  const help = /** @type {HTMLDialogElement} */ (document.getElementById("keys"));
  /** @type {HTMLElement} */ (document.getElementById("keys-button")).addEventListener("click", () => help.showModal());
  /** @type {HTMLElement} */ (document.getElementById("keys-close")).addEventListener("click", () => help.close());
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || help.open) return;
    const cards = handCards();
    const at = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const move = (index) => {
      if (!cards.length) return;
      const next = cards[(index + cards.length) % cards.length];
      for (const card of cards) card.tabIndex = card === next ? 0 : -1;
      next.focus();
    };
    const key = event.key;
    if ((key === "ArrowRight" || key === "ArrowLeft") && cards.length) {
      move(at < 0 ? 0 : at + (key === "ArrowRight" ? 1 : -1));
    } else if (key === " " && redrawnButton()) {
      if (!event.repeat) redrawnButton()?.click();
    } else if (key === "Home" && at >= 0) move(0);
    else if (key === "End" && at >= 0) move(cards.length - 1);
    else if (/^[1-9]$/.test(key) && cards.length) move(Math.min(Number(key), cards.length) - 1);
    else if (key === "Enter" && (at >= 0 || event.target === document.body)) {
      // Enter on a card plays the selection, whichever step it is (a card button would otherwise toggle).
      if (!["play", "give", "take"].some(press)) return;
    } else if (key === "p" || key === "P") {
      if (!(myTurn() && press("pass"))) return;
    } else if (key === "h" || key === "H") {
      if (!myTurn()) return;
      send({ type: "hint" });
    } else if (key === "r" || key === "R") {
      if (!press("ready")) return;
    } else if (key === "Escape") {
      state.selected = [];
      state.poolSelected = [];
      state.jokerRank = null;
      rerender();
    } else if (key === "?") {
      help.showModal();
    } else return;
    event.preventDefault();
    if (at < 0 && ["p", "P", "Enter"].includes(key) && !document.activeElement?.closest?.("#actions")) focusHand(0);
  });
}
