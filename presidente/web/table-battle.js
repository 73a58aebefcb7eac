// @ts-check
// Your hand and your moves at an El Presidente table: attack, throw in, beat, concede, pick up or pass, each
// button named by what it does; and a short help for a game few people know.
import { h } from "./api.js";
import { cardSvg, cardWords, cardsOf, sameCards } from "./cards.js";
import { keyed } from "./table-hand.js";
import { act, myTurn, rerender, seatName, send } from "./table-state.js";
import { engineReason } from "./table-hand.js";

const YOUR_TURN = {
  attack: "Attack: select one card, or several of one rank (the last you select goes on top).",
  "attack-throw-in": "Throw in cards of the attack's rank, or pass.",
  defend: "Beat the top card with a card of the same rank or a higher card of its suit, or concede and take the pile.",
  "beat-throw-in": "Throw in cards equal to the beating card, or pass.",
  "pick-up": "Take the battle pile, or pass.",
};
const OTHERS = {
  attack: "to attack",
  "attack-throw-in": "to throw in or pass",
  defend: "to beat the top card or concede",
  "beat-throw-in": "to throw in or pass",
  "pick-up": "to pick up or pass",
};

export function renderBattleDock(st) {
  const { table, game } = st.view;
  const mine = myTurn();
  const cards = keyed(game.hand);
  st.selected = st.selected.filter((key) => cards.some((c) => c.key === key));
  const box = /** @type {HTMLElement} */ (document.getElementById("hand"));
  box.replaceChildren(...cards.map(({ card, key }, index) => {
    const picked = st.selected.includes(key);
    const button = h("button", {
      type: "button", class: `card${picked ? " selected" : ""}`, "data-card": card, "data-key": key,
      "aria-label": cardWords(card), "aria-pressed": picked ? "true" : "false", "aria-disabled": mine ? null : "true",
      tabindex: index === 0 ? "0" : "-1",
    }, cardSvg(card, { width: 64, label: false }));
    button.addEventListener("click", () => {
      if (!mine) return;
      st.selected = picked ? st.selected.filter((k) => k !== key) : [...st.selected, key];
      rerender();
    });
    return button;
  }));
  /** @type {HTMLElement} */ (document.getElementById("pool")).hidden = true;
  /** @type {HTMLElement} */ (document.getElementById("jokers")).hidden = true;
  const chosen = st.selected.map((key) => cards.find((c) => c.key === key).card);
  const buttons = [];
  let reason = "";
  const ACTION_VERBS = { defend: "beat", attack: "attack" };
  let prompt;
  if (game.over) prompt = "The match is over.";
  else if (table.you === null || !mine) {
    prompt = game.current === null || game.current === undefined ? "" : `Waiting for ${seatName(game.current)} ${OTHERS[game.phase] ?? ""}.`;
  } else {
    prompt = `Your turn. ${YOUR_TURN[game.phase] ?? ""}`;
    const withCards = game.legal.filter((a) => /^(attack|throw|beat) /.test(a));
    const exact = withCards.find((a) => cardsOf(a).join(" ") === chosen.join(" "));
    const match = exact ?? withCards.find((a) => sameCards(cardsOf(a), chosen));
    const verb = game.phase === "defend" ? "Beat" : game.phase === "attack" ? "Attack" : "Throw in";
    if (chosen.length && !match && withCards.length) reason = engineReason(st, chosen, ACTION_VERBS[game.phase] ?? "throw");
    if (withCards.length) {
      const label = match ? `${verb} with ${chosen.map(cardWords).join(", ")}` : verb;
      buttons.push(h("button", { type: "button", id: "play", class: "primary", disabled: !match, "aria-describedby": "reason", onclick: () => act(match) }, label));
    }
    for (const [action, label] of [["concede", "Concede and take the pile"], ["take", "Pick up the pile"], ["pass", "Pass"]]) {
      if (game.legal.includes(action)) buttons.push(h("button", { type: "button", id: action, onclick: () => act(action) }, label));
    }
    buttons.push(h("button", { type: "button", id: "hint", class: "quiet", onclick: () => send({ type: "hint" }) }, "Hint"));
    if (st.hint) buttons.push(h("span", { id: "hint-text", class: "hint-text" }, `Hint: ${st.hint.action} — ${st.hint.reason}`));
  }
  /** @type {HTMLElement} */ (document.getElementById("prompt")).textContent = prompt;
  /** @type {HTMLElement} */ (document.getElementById("reason")).textContent = reason;
  /** @type {HTMLElement} */ (document.getElementById("actions")).replaceChildren(...buttons, rulesHelp());
}

function rulesHelp() {
  return h("details", { class: "rules-help" },
    h("summary", {}, "How El Presidente is played"),
    h("p", {}, "Everyone holds four cards and draws back up to four after each battle. A card beats the top card when it has the same rank, or the same suit and a higher rank (king high, ace low)."),
    h("p", {}, "The attacker plays one card or several of a rank on the defender; the others may throw in cards of that rank. The defender beats the top card with one card, or concedes and takes the pile."),
    h("p", {}, "After a beat, anyone may throw in cards of the beating card's rank; then the pile may be picked up, or it is discarded."),
    h("p", {}, "You win by playing the last of the four cards of a rank with no cards left in your hand."));
}
