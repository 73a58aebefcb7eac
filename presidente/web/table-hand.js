// @ts-check
// Your hand and your moves at a President table: one overlapping row sorted by strength, the cards that can be
// part of a legal play marked and the others dimmed, a play button that names what it will do, the reason when
// a selection is not a legal play, the joker's rank chosen as a card, the exchange and the draft as guided
// steps, staging a move before your turn, "pass until this trick ends" and the hint.
import { h } from "./api.js";
import { cardSvg, cardWords, cardsOf, isLarge } from "./cards.js";
import {
  count, declaredRank, expand, jokerChoiceWords, matchingActions, ordinal, playText, playWords, rankOf, sortHand, suitOf, usableCards,
} from "./table-words.js";
import { refusalWords } from "./table-messages.js";
import { act, myTurn, rerender, send, seatName, state } from "./table-state.js";

/** Cards with keys that stay the same while the hand does: "7H#0", "7H#1" for two copies. */
export function keyed(cards) {
  const seen = {};
  return cards.map((card) => {
    seen[card] = (seen[card] ?? 0) + 1;
    return { card, key: `${card}#${seen[card] - 1}` };
  });
}

/** The dock under the table: what you may do now, the pool (draft), the hand and the buttons. */
export function renderPresidentDock(st) {
  const { table, game } = st.view;
  const mine = myTurn();
  const seated = table.you !== null;
  const hand = keyed(sortHand(expand(game.hand), game.reversed));
  const pool = game.phase === "draft-pick" && game.draft_pool ? keyed(sortHand(expand(game.draft_pool), game.reversed)) : [];
  const picking = mine && game.phase === "draft-pick";
  st.selected = st.selected.filter((key) => hand.some((c) => c.key === key));
  st.poolSelected = st.poolSelected.filter((key) => pool.some((c) => c.key === key));
  if (st.hint && !st.hint.shown && mine) {
    st.hint.shown = true;
    selectCards(picking ? pool : hand, cardsOf(st.hint.action), picking ? "poolSelected" : "selected");
  }
  const chosen = (picking ? pool.filter((c) => st.poolSelected.includes(c.key)) : hand.filter((c) => st.selected.includes(c.key))).map((c) => c.card);

  const playing = game.phase === "play" && table.intermission_left === null;
  const usable = mine && playing ? usableCards(game.legal) : null;
  const received = receivedCards(st, game);
  const stagingAllowed = seated && playing && !mine && game.seats[table.you]?.in_round && !game.seats[table.you]?.finished;
  const handSelectable = (mine && !picking) || stagingAllowed;
  drawCards(/** @type {HTMLElement} */ (document.getElementById("hand")), hand, {
    selectedKeys: st.selected, selectable: handSelectable, usable, received, list: "selected",
  });
  const poolBox = /** @type {HTMLElement} */ (document.getElementById("pool"));
  poolBox.hidden = !pool.length;
  if (pool.length) {
    drawCards(poolBox, pool, { selectedKeys: st.poolSelected, selectable: picking, usable: null, received: new Set(), list: "poolSelected" });
    poolBox.setAttribute("aria-label", "Draft pool");
  } else poolBox.replaceChildren();

  const step = currentStep(st, game, chosen, { mine, picking, playing, stagingAllowed });
  /** @type {HTMLElement} */ (document.getElementById("prompt")).textContent = step.prompt;
  /** @type {HTMLElement} */ (document.getElementById("reason")).textContent = step.reason ?? "";
  drawJokerChoice(step.jokerChoices ?? []);
  /** @type {HTMLElement} */ (document.getElementById("actions")).replaceChildren(...step.buttons);
}

function selectCards(cards, wanted, list) {
  const left = [...wanted];
  state[list] = [];
  for (const { card, key } of cards) {
    const at = left.indexOf(card);
    if (at >= 0) { state[list].push(key); left.splice(at, 1); }
  }
}

/** The cards you received in this round's exchange, marked in your hand until the first trick ends. */
function receivedCards(st, game) {
  if (!game.received?.length || st.firstTrickOver === game.round) return new Set();
  return new Set(game.received.map(([card]) => card));
}

function drawCards(box, cards, { selectedKeys, selectable, usable, received, list }) {
  const focusedKey = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.(`#${box.id} [data-key]`))?.dataset.key;
  const buttons = cards.map(({ card, key }, index) => {
    const picked = selectedKeys.includes(key);
    const classes = ["card"];
    if (picked) classes.push("selected");
    if (usable && !usable.has(card)) classes.push("dim");
    if (received.has(card)) classes.push("received");
    const described = [usable && !usable.has(card) ? "card-dim-note" : null, received.has(card) ? "card-received-note" : null].filter(Boolean);
    const button = h("button", {
      type: "button", class: classes.join(" "), "data-card": card, "data-key": key,
      "aria-label": cardWords(card), "aria-pressed": picked ? "true" : "false",
      "aria-disabled": selectable ? null : "true", "aria-describedby": described.join(" ") || null,
      tabindex: (focusedKey ? key === focusedKey : index === 0) ? "0" : "-1",
    }, cardSvg(card, { width: 64, label: false }));
    button.addEventListener("click", () => {
      if (!selectable) return;
      state[list] = picked ? state[list].filter((k) => k !== key) : [...state[list], key];
      state.jokerRank = null;
      rerender();
    });
    return button;
  });
  box.replaceChildren(...buttons);
  fitRow(box, cards.length);
}

/** One row that overlaps to fit its width: each card shows at least a sliver, never a second row. */
export function fitRow(box, cards) {
  const width = box.clientWidth;
  const card = box.querySelector(".card")?.offsetWidth || 64;
  const gap = 4;
  if (cards <= 1 || !width) return box.style.setProperty("--step", `${card + gap}px`);
  const step = Math.min(card + gap, (width - card) / (cards - 1));
  box.style.setProperty("--step", `${Math.max(8, step)}px`);
}

function drawJokerChoice(choices) {
  const box = /** @type {HTMLElement} */ (document.getElementById("jokers"));
  box.hidden = !choices.length;
  if (!choices.length) return box.replaceChildren();
  // A choice made by keyboard keeps the focus on its button, redrawn (else it would fall back to the page).
  const focusedKey = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.("#jokers [data-key]"))?.dataset.key;
  box.replaceChildren(h("p", { id: "jokers-label" }, "The joker stands for:"),
    h("div", { class: "joker-ranks", role: "group", "aria-labelledby": "jokers-label" }, ...choices.map((rank) => {
      const picked = state.jokerRank === rank;
      return h("button", {
        type: "button", class: `card joker-rank${picked ? " selected" : ""}`, "data-key": `joker-as-${rank}`,
        "aria-pressed": picked ? "true" : "false", "aria-label": jokerChoiceWords(rank),
        onclick: () => { state.jokerRank = picked ? null : rank; rerender(); },
      }, cardSvg("JK", { width: 44, label: false, jokerAs: rank }));
    })));
  if (focusedKey) /** @type {HTMLElement | null} */ (box.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`))?.focus();
}

/** What you may do now: the prompt in words, the reason a selection is refused, and the buttons. */
function currentStep(st, game, chosen, { mine, picking, playing, stagingAllowed }) {
  const { table } = st.view;
  const buttons = [];
  const step = { prompt: "", reason: null, buttons };
  if (table.you === null) {
    step.prompt = waitingFor(game, table);
    return step;
  }
  if (game.over) {
    step.prompt = "The match is over.";
    return step;
  }
  if (table.intermission_left !== null) {
    step.prompt = `Round ${game.round - 1} is over. The next round starts when everyone is ready${nextStepHint(game, table.you)}.`;
    return step;
  }
  if (game.phase === "exchange") return exchangeStep(game, chosen, mine, step);
  if (game.phase === "draft-place" || game.phase === "draft-pick") return draftStep(game, chosen, mine, picking, step);
  const me = game.seats[table.you];
  // A newcomer, or one in a seat someone left this round (that place was the leaver's, not theirs); a seat placed
  // at the bottom for its last card is out of the round, and that place is its own.
  const leftSeat = (game.out ?? []).includes(table.you) && !(game.penalized ?? []).includes(table.you);
  if (!me.in_round || leftSeat) {
    step.prompt = "You play from the next round on.";
    return step;
  }
  if (me.finished) {
    step.prompt = me.place ? `You are out: ${ordinal(me.place)} place. ${waitingFor(game, table)}` : "You are out.";
    return step;
  }
  if (mine && playing) return playStep(st, game, chosen, step);
  step.prompt = waitingFor(game, table);
  if (stagingAllowed) stagingButtons(st, game, chosen, step);
  return step;
}

function nextStepHint(game, you) {
  const exchange = (game.exchanges ?? []).find((transfer) => transfer.giver === you);
  if (game.phase === "exchange" && exchange) return `; then give ${count(exchange.count, "card")} to ${seatName(exchange.receiver)} (${game.seats[exchange.receiver].title})`;
  if (game.phase === "draft-place") return "; then the draft";
  return "";
}

function waitingFor(game, table) {
  if (game.current === null || game.current === undefined) return "";
  if (table.intermission_left !== null) return "The next round starts soon.";
  if (game.current === table.you) return "Your move is on its way.";
  return `${seatName(game.current)} to play.`;
}

function playStep(st, game, chosen, step) {
  const legal = game.legal;
  if (legal.some((action) => /^(give|discard) /.test(action))) return owedStep(game, chosen, step);
  const leading = !game.trick.length;
  const sequences = (game.effects ?? []).includes("sequences");
  step.prompt = leading
    ? `Your lead: play one card${sequences ? ", a set of one rank or a sequence of one suit." : " or a set of one rank."}`
    : "Your turn: beat the top play, or pass.";
  if (legal.length === 1 && legal[0] === "pass") step.prompt = "Your turn: you cannot beat this, so you pass.";
  const matches = matchingActions(legal.filter((a) => !isLarge(a)), chosen);
  let action = matches.length === 1 ? matches[0] : null;
  if (matches.length > 1) {
    step.jokerChoices = matches.map(declaredRank).filter(Boolean);
    action = matches.find((a) => declaredRank(a) === st.jokerRank) ?? null;
    if (!action) step.reason = "Choose the rank the joker stands for.";
  } else if (chosen.length && !action) {
    step.reason = engineReason(st, chosen);
  }
  const label = action ? `Play ${playWords(cardsOf(action), declaredRank(action))}` : "Play";
  step.buttons.push(h("button", { type: "button", id: "play", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  if (legal.includes("pass")) step.buttons.push(h("button", { type: "button", id: "pass", onclick: () => act("pass") }, "Pass"));
  // Plays of more copies than the hand shows (a table of very many decks) are offered as they are.
  for (const large of legal.filter(isLarge)) step.buttons.push(h("button", { type: "button", class: "large-play", onclick: () => act(large) }, `Play ${large}`));
  step.buttons.push(hintButton(st));
  return step;
}

/** A play holding 7s or 10s (Daifugo options) owes cards, chosen one at a time: given to the next player or
 * discarded face up. */
function owedStep(game, chosen, step) {
  const giving = game.legal.some((action) => action.startsWith("give "));
  step.prompt = giving ? "Your play owes cards: give them to the next player, one at a time." : "Your play owes cards: discard them face up, one at a time.";
  const [action] = chosen.length === 1 ? matchingActions(game.legal, chosen) : [];
  if (chosen.length > 1) step.reason = "Choose one card at a time.";
  const verb = giving ? "Give" : "Discard";
  const label = action ? `${verb} the ${cardWords(chosen[0])}` : verb;
  step.buttons.push(h("button", { type: "button", id: "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  return step;
}

function hintButton(st) {
  const parts = [h("button", { type: "button", id: "hint", class: "quiet", onclick: () => send({ type: "hint" }) }, "Hint")];
  if (st.hint) {
    const words = st.hint.action === "pass" ? "pass" : hintWords(st.hint.action);
    parts.push(h("span", { id: "hint-text", class: "hint-text" }, `Hint: ${words} — ${st.hint.reason}`));
  }
  return h("span", { class: "hint-box" }, ...parts);
}

function hintWords(action) {
  const cards = cardsOf(action);
  if (/^give /.test(action)) return `give ${cards.map(cardWords).join(", ")}`;
  if (/^take /.test(action)) return `take ${cards.map(cardWords).join(", ")}`;
  return `play ${playWords(cards, declaredRank(action))} (${cards.map(cardWords).join(", ")})`;
}

function exchangeStep(game, chosen, mine, step) {
  const { giver, receiver, count: wanted } = game.exchanges?.[0] ?? {};
  const receiverWords = receiver === undefined ? "" : `${seatName(receiver)} (${game.seats[receiver].title})`;
  if (!mine) {
    step.prompt = giver === undefined ? "Card exchange." : `Card exchange: ${seatName(giver)} (${game.seats[giver].title}) chooses ${count(wanted, "card")} for ${receiverWords}.`;
    return step;
  }
  step.prompt = `Give ${count(wanted, "card")} to ${receiverWords}: select ${wanted === 1 ? "it" : "them"} in your hand.`;
  const matches = matchingActions(game.legal, chosen);
  const action = matches.length ? matches[0] : null;
  if (!action && chosen.length !== wanted) step.reason = chosen.length < wanted ? `Select ${count(wanted - chosen.length, "more card")}.` : `Select only ${count(wanted, "card")}.`;
  step.buttons.push(h("button", { type: "button", id: "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, `Give ${count(wanted, "card")} to ${seatName(receiver)}`));
  step.buttons.push(hintButton(state));
  return step;
}

function draftStep(game, chosen, mine, picking, step) {
  const placing = game.phase === "draft-place";
  if (!mine) {
    const who = seatName(game.current);
    step.prompt = placing ? `Draft: ${who} puts cards face down.` : `Draft: ${who} takes cards from the pool.`;
    return step;
  }
  const wanted = game.legal.length ? cardsOf(game.legal[0]).length : game.draft_cards;
  step.prompt = placing
    ? `Draft: put ${count(wanted, "card")} face down — select them in your hand.`
    : `Draft: take ${count(wanted, "card")} from the pool, beside your hand.`;
  const matches = matchingActions(game.legal, chosen);
  const action = matches.length ? matches[0] : null;
  if (!action && chosen.length !== wanted) step.reason = chosen.length < wanted ? `Select ${count(wanted - chosen.length, "more card")}.` : `Select only ${count(wanted, "card")}.`;
  const label = placing ? `Put ${count(wanted, "card")} face down` : `Take ${count(wanted, "card")}`;
  step.buttons.push(h("button", { type: "button", id: picking ? "take" : "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  step.buttons.push(hintButton(state));
  return step;
}

/** Why the engine refuses the selection as a play, in words: asked of the server once per selection (`check`),
 * answered by `checked`; "" until the answer comes, or when the engine would take it. */
export function engineReason(st, chosen, verb = "") {
  const text = `${verb ? `${verb} ` : ""}${chosen.join(" ")}`;
  if (st.refusal?.action === text) return refusalWords(st.refusal, playText);
  if (st.checking !== text) {
    st.checking = text;
    send({ type: "check", action: text });
  }
  return "";
}

/** Off-turn: stage the selected cards for your turn, cancel a staged move, or pass until this trick ends. */
function stagingButtons(st, game, chosen, step) {
  const buttons = step.buttons;
  if (st.staged) {
    step.prompt += ` Staged for your turn: ${st.staged.label}.`;
    buttons.push(h("button", { type: "button", id: "unstage", onclick: () => { st.staged = null; send({ type: "stage", action: "" }); rerender(); } }, "Cancel the staged move"));
  } else if (chosen.length) {
    const naturals = chosen.filter((c) => c !== "JK");
    const ranks = new Set(naturals.map(rankOf));
    const sequence = (game.effects ?? []).includes("sequences") && new Set(naturals.map(suitOf)).size === 1;
    const problem = engineReason(st, chosen);
    if (problem) step.reason = problem;
    else if (ranks.size === 1 || sequence || chosen.every((c) => c === "JK")) {
      const words = playWords(chosen);
      buttons.push(h("button", { type: "button", id: "stage", class: "primary", onclick: () => {
        st.staged = { cards: [...chosen], label: words };
        st.selected = [];
        send({ type: "stage", action: chosen.join(" ") });
        rerender();
      } }, `Play ${words} on my turn`));
    }
  } else {
    step.prompt += " You may select cards now to play them as soon as it is your turn.";
  }
  if (game.trick.length && !game.seats[st.view.table.you].passed) {
    const on = st.passTrick !== null;
    buttons.push(h("button", { type: "button", id: "pass-trick", "aria-pressed": on ? "true" : "false",
      onclick: () => { st.passTrick = on ? null : String(game.trick[0]); rerender(); } }, "Pass until this trick ends"));
  }
}
