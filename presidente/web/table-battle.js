// @ts-check
// Your hand and your moves at an El Presidente table: attack, throw in, beat, concede, pick up or pass, each
// button named by what it does; and a short help for a game few people know.
import { h, replaceKeeping } from "./api.js";
import { cardName, cardsOf, sameCards } from "./cards.js";
import { t } from "./i18n.js";
import { listWords } from "./table-words.js";
import { drawCards, engineReason, keyed } from "./table-hand.js";
import { act, myTurn, seatName, send } from "./table-state.js";
import { battleMoveWords, hintReason } from "./table-hint.js";

// What the player to move does in each phase: for you ("Your turn. Attack: ...") and for the others ("Waiting for
// Ann to attack.").
const YOUR_TURN = {
  attack: () => t("battle-yours-attack"),
  "attack-throw-in": () => t("battle-yours-throw-in"),
  defend: () => t("battle-yours-defend"),
  "beat-throw-in": () => t("battle-yours-beat-throw-in"),
  "pick-up": () => t("battle-yours-pick-up"),
};
const OTHERS = {
  attack: (name) => t("battle-others-attack", { name }),
  "attack-throw-in": (name) => t("battle-others-throw-in", { name }),
  defend: (name) => t("battle-others-defend", { name }),
  "beat-throw-in": (name) => t("battle-others-throw-in", { name }),
  "pick-up": (name) => t("battle-others-pick-up", { name }),
};

export function renderBattleDock(st) {
  const { table, game } = st.view;
  const mine = myTurn();
  const cards = keyed(game.hand);
  st.selected = st.selected.filter((key) => cards.some((c) => c.key === key));
  drawCards(/** @type {HTMLElement} */ (document.getElementById("hand")), cards, {
    selectedKeys: st.selected, selectable: mine, usable: null, received: new Set(), list: "selected",
  });
  /** @type {HTMLElement} */ (document.getElementById("pool")).hidden = true;
  /** @type {HTMLElement} */ (document.getElementById("jokers")).hidden = true;
  const chosen = st.selected.map((key) => cards.find((c) => c.key === key).card);
  const buttons = [];
  let reason = "";
  const ACTION_VERBS = { defend: "beat", attack: "attack" };
  let prompt;
  if (game.over) prompt = t("table-match-over");
  else if (table.you === null || !mine) {
    prompt = game.current === null || game.current === undefined ? "" : (OTHERS[game.phase] ?? OTHERS.attack)(seatName(game.current));
  } else {
    prompt = t("battle-your-turn", { what: YOUR_TURN[game.phase]?.() ?? "" });
    const withCards = game.legal.filter((a) => /^(attack|throw|beat) /.test(a));
    const exact = withCards.find((a) => cardsOf(a).join(" ") === chosen.join(" "));
    const match = exact ?? withCards.find((a) => sameCards(cardsOf(a), chosen));
    const verb = game.phase === "defend" ? "beat" : game.phase === "attack" ? "attack" : "throw";
    if (chosen.length && !match && withCards.length) reason = engineReason(st, chosen, ACTION_VERBS[game.phase] ?? "throw");
    if (withCards.length) {
      const cardsWords = listWords(chosen.map(cardName));
      const label = verb === "beat" ? (match ? t("battle-beat-with", { cards: cardsWords }) : t("battle-beat"))
        : verb === "attack" ? (match ? t("battle-attack-with", { cards: cardsWords }) : t("battle-attack"))
          : match ? t("battle-throw-in-with", { cards: cardsWords }) : t("battle-throw-in");
      buttons.push(h("button", { type: "button", id: "play", class: "primary", disabled: !match, "aria-describedby": "reason", onclick: () => act(match) }, label));
    }
    for (const [action, label] of [["concede", t("battle-concede")], ["take", t("battle-pick-up")], ["pass", t("table-pass")]]) {
      if (game.legal.includes(action)) buttons.push(h("button", { type: "button", id: action, onclick: () => act(action) }, label));
    }
    buttons.push(h("button", { type: "button", id: "hint", class: "quiet", onclick: () => send({ type: "hint" }) }, t("table-hint")));
    if (st.hint) buttons.push(h("span", { id: "hint-text", class: "hint-text" }, t("table-hint-says", { move: battleMoveWords(st.hint.action), reason: hintReason(st.hint) })));
  }
  /** @type {HTMLElement} */ (document.getElementById("prompt")).textContent = prompt;
  /** @type {HTMLElement} */ (document.getElementById("reason")).textContent = reason;
  replaceKeeping(/** @type {HTMLElement} */ (document.getElementById("actions")), [...buttons, rulesHelp()]);
}

// Whether the rules are open: the actions are drawn again at every update (a bot's move), and the rules stay as
// the player left them.
let rulesOpen = false;

function rulesHelp() {
  /** @param {Event} event */
  const toggled = (event) => { rulesOpen = /** @type {HTMLDetailsElement} */ (event.currentTarget).open; };
  return h("details", { id: "rules-help", class: "rules-help", open: rulesOpen, ontoggle: toggled },
    h("summary", {}, t("battle-rules")),
    h("p", {}, t("battle-rules-hand")),
    h("p", {}, t("battle-rules-attack")),
    h("p", {}, t("battle-rules-after")),
    h("p", {}, t("battle-rules-win")));
}
