// @ts-check
// Your hand and your moves at a President table: overlapping cards sorted by strength (in rows where a phone is
// narrow: table-fit.js), the cards that can be part of a legal play marked and the others dimmed, a play button
// that names what it will do, the reason when a selection is not a legal play, the joker's rank chosen as a
// card, the exchange and the draft as guided steps, staging a move before your turn, "pass until this trick
// ends" and the hint.
import { h, replaceKeeping } from "./api.js";
import { cardName, cardSvg, cardsOf, isLarge } from "./cards.js";
import { t } from "./i18n.js";
import { titleWords } from "./game-words.js";
import {
  cardCount, declaredRank, expand, jokerChoiceWords, listWords, matchingActions, ordinal, playText, playWords, rankOf, sortHand, suitOf, usableCards,
} from "./table-words.js";
import { refusalWords } from "./table-messages.js";
import { fitHand } from "./table-fit.js";
import { hintReason } from "./table-hint.js";
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
    poolBox.setAttribute("aria-label", t("table-draft-pool"));
  } else poolBox.replaceChildren();

  const step = currentStep(st, game, chosen, { mine, picking, playing, stagingAllowed });
  /** @type {HTMLElement} */ (document.getElementById("prompt")).textContent = step.prompt;
  /** @type {HTMLElement} */ (document.getElementById("reason")).textContent = step.reason ?? "";
  drawJokerChoice(step.jokerChoices ?? []);
  replaceKeeping(/** @type {HTMLElement} */ (document.getElementById("actions")), step.buttons);
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

export function drawCards(box, cards, { selectedKeys, selectable, usable, received, list }) {
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
      "aria-label": cardName(card), "aria-pressed": picked ? "true" : "false",
      "aria-disabled": selectable ? null : "true", "aria-describedby": described.join(" ") || null,
      tabindex: (focusedKey ? key === focusedKey : index === 0) ? "0" : "-1",
      onclick: () => {
        if (!selectable) return;
        state[list] = picked ? state[list].filter((k) => k !== key) : [...state[list], key];
        state.jokerRank = null;
        rerender();
      },
    }, cardSvg(card, { width: 64, label: false }));
    return button;
  });
  replaceKeeping(box, buttons);
  fitHand(box);
}

function drawJokerChoice(choices) {
  const box = /** @type {HTMLElement} */ (document.getElementById("jokers"));
  box.hidden = !choices.length;
  if (!choices.length) return box.replaceChildren();
  // A choice made by keyboard keeps the focus on its button, redrawn (else it would fall back to the page).
  const focusedKey = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.("#jokers [data-key]"))?.dataset.key;
  replaceKeeping(box, [h("p", { id: "jokers-label" }, t("table-joker-stands-for")),
    h("div", { id: "joker-ranks", class: "joker-ranks", role: "group", "aria-labelledby": "jokers-label" }, ...choices.map((rank) => {
      const picked = state.jokerRank === rank;
      return h("button", {
        type: "button", class: `card joker-rank${picked ? " selected" : ""}`, "data-key": `joker-as-${rank}`,
        "aria-pressed": picked ? "true" : "false", "aria-label": jokerChoiceWords(rank),
        onclick: () => { state.jokerRank = picked ? null : rank; rerender(); },
      }, cardSvg("JK", { width: 44, label: false, jokerAs: rank }));
    }))]);
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
    step.prompt = t("table-match-over");
    return step;
  }
  if (table.intermission_left !== null) {
    step.prompt = nextStepHint(game, table.you);
    return step;
  }
  if (game.phase === "exchange") return exchangeStep(game, chosen, mine, step);
  if (game.phase === "draft-place" || game.phase === "draft-pick") return draftStep(game, chosen, mine, picking, step);
  const me = game.seats[table.you];
  // A newcomer, or one in a seat someone left this round (that place was the leaver's, not theirs); a seat placed
  // at the bottom for its last card is out of the round, and that place is its own.
  const leftSeat = (game.out ?? []).includes(table.you) && !(game.penalized ?? []).includes(table.you);
  if (!me.in_round || leftSeat) {
    step.prompt = t("table-play-next-round");
    return step;
  }
  if (me.finished) {
    step.prompt = me.place ? `${t("table-you-are-out-place", { place: ordinal(me.place) })} ${waitingFor(game, table)}`.trim() : t("table-you-are-out");
    return step;
  }
  if (mine && playing) return playStep(st, game, chosen, step);
  step.prompt = waitingFor(game, table);
  if (stagingAllowed) stagingButtons(st, game, chosen, step);
  return step;
}

/** "Round 2 is over. The next round starts when everyone is ready; then give 2 cards to Ann (Scum)." */
function nextStepHint(game, you) {
  const round = game.round - 1;
  const exchange = (game.exchanges ?? []).find((transfer) => transfer.giver === you);
  if (game.phase === "exchange" && exchange) {
    return t("table-between-rounds-give", {
      round, cards: cardCount(exchange.count), to: seatName(exchange.receiver), title: titleWords(game.seats[exchange.receiver].title),
    });
  }
  if (game.phase === "draft-place") return t("table-between-rounds-draft", { round });
  return t("table-between-rounds", { round });
}

function waitingFor(game, table) {
  if (game.current === null || game.current === undefined) return "";
  if (table.intermission_left !== null) return t("table-next-round-soon");
  if (game.current === table.you) return t("table-move-on-its-way");
  return t("table-to-play", { name: seatName(game.current) });
}

function playStep(st, game, chosen, step) {
  const legal = game.legal;
  if (legal.some((action) => /^(give|discard) /.test(action))) return owedStep(game, chosen, step);
  const leading = !game.trick.length;
  const sequences = (game.effects ?? []).includes("sequences");
  step.prompt = leading ? (sequences ? t("table-lead-sequences") : t("table-lead")) : t("table-beat-or-pass");
  if (legal.length === 1 && legal[0] === "pass") step.prompt = t("table-cannot-beat");
  const matches = matchingActions(legal.filter((a) => !isLarge(a)), chosen);
  let action = matches.length === 1 ? matches[0] : null;
  if (matches.length > 1) {
    step.jokerChoices = matches.map(declaredRank).filter(Boolean);
    action = matches.find((a) => declaredRank(a) === st.jokerRank) ?? null;
    if (!action) step.reason = t("table-choose-joker");
  } else if (chosen.length && !action) {
    step.reason = engineReason(st, chosen);
  }
  const label = action ? t("table-play-this", { play: playWords(cardsOf(action), declaredRank(action)) }) : t("table-play");
  step.buttons.push(h("button", { type: "button", id: "play", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  if (legal.includes("pass")) step.buttons.push(h("button", { type: "button", id: "pass", onclick: () => act("pass") }, t("table-pass")));
  // Plays of more copies than the hand shows (a table of very many decks) are offered as they are.
  for (const large of legal.filter(isLarge)) step.buttons.push(h("button", { type: "button", class: "large-play", "data-key": large, onclick: () => act(large) }, t("table-play-this", { play: large })));
  step.buttons.push(hintButton(st));
  return step;
}

/** A play holding 7s or 10s (Daifugo options) owes cards, chosen one at a time: given to the next player or
 * discarded face up. */
function owedStep(game, chosen, step) {
  const giving = game.legal.some((action) => action.startsWith("give "));
  step.prompt = giving ? t("table-owed-give") : t("table-owed-discard");
  const [action] = chosen.length === 1 ? matchingActions(game.legal, chosen) : [];
  if (chosen.length > 1) step.reason = t("table-one-at-a-time");
  const card = action ? cardName(chosen[0]) : "";
  const label = giving ? (action ? t("table-give-card", { card }) : t("table-give")) : action ? t("table-discard-card", { card }) : t("table-discard");
  step.buttons.push(h("button", { type: "button", id: "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  return step;
}

function hintButton(st) {
  const parts = [h("button", { type: "button", id: "hint", class: "quiet", onclick: () => send({ type: "hint" }) }, t("table-hint"))];
  if (st.hint) {
    const words = st.hint.action === "pass" ? t("table-hint-pass") : hintWords(st.hint.action);
    parts.push(h("span", { id: "hint-text", class: "hint-text" }, t("table-hint-says", { move: words, reason: hintReason(st.hint) })));
  }
  return h("span", { id: "hint-box", class: "hint-box" }, ...parts);
}

function hintWords(action) {
  const cards = cardsOf(action);
  const names = listWords(cards.map(cardName));
  if (/^give /.test(action)) return t("table-hint-give", { cards: names });
  if (/^take /.test(action)) return t("table-hint-take", { cards: names });
  return t("table-hint-play", { play: playWords(cards, declaredRank(action)), cards: names });
}

function exchangeStep(game, chosen, mine, step) {
  const { giver, receiver, count: wanted } = game.exchanges?.[0] ?? {};
  const to = receiver === undefined ? "" : seatName(receiver);
  const toTitle = receiver === undefined ? "" : titleWords(game.seats[receiver].title);
  if (!mine) {
    step.prompt = giver === undefined ? t("table-exchange-now") : t("table-exchange-chooses", {
      name: seatName(giver), title: titleWords(game.seats[giver].title), cards: cardCount(wanted), to, toTitle,
    });
    return step;
  }
  step.prompt = t("table-exchange-give", { cards: cardCount(wanted), count: wanted, to, toTitle });
  const matches = matchingActions(game.legal, chosen);
  const action = matches.length ? matches[0] : null;
  if (!action && chosen.length !== wanted) step.reason = selectMore(chosen.length, wanted);
  step.buttons.push(h("button", { type: "button", id: "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, t("table-give-to", { cards: cardCount(wanted), to })));
  step.buttons.push(hintButton(state));
  return step;
}

function draftStep(game, chosen, mine, picking, step) {
  const placing = game.phase === "draft-place";
  if (!mine) {
    const who = seatName(game.current);
    step.prompt = placing ? t("table-draft-places", { name: who }) : t("table-draft-takes", { name: who });
    return step;
  }
  const wanted = game.legal.length ? cardsOf(game.legal[0]).length : game.draft_cards;
  step.prompt = placing ? t("table-draft-place", { cards: cardCount(wanted) }) : t("table-draft-take", { cards: cardCount(wanted) });
  const matches = matchingActions(game.legal, chosen);
  const action = matches.length ? matches[0] : null;
  if (!action && chosen.length !== wanted) step.reason = selectMore(chosen.length, wanted);
  const label = placing ? t("table-put-down", { cards: cardCount(wanted) }) : t("table-take", { cards: cardCount(wanted) });
  step.buttons.push(h("button", { type: "button", id: picking ? "take" : "give", class: "primary", disabled: !action, "aria-describedby": "reason",
    onclick: () => action && act(action) }, label));
  step.buttons.push(hintButton(state));
  return step;
}

/** "Select 2 more cards.", "Select only 3 cards." */
function selectMore(selected, wanted) {
  return selected < wanted ? t("table-select-more", { count: wanted - selected }) : t("table-select-only", { cards: cardCount(wanted) });
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
    step.prompt += ` ${t("table-staged", { play: st.staged.label })}`;
    buttons.push(h("button", { type: "button", id: "unstage", onclick: () => { st.staged = null; send({ type: "stage", action: "" }); rerender(); } }, t("table-unstage")));
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
      } }, t("table-stage", { play: words })));
    }
  } else {
    step.prompt += ` ${t("table-stage-hint")}`;
  }
  if (game.trick.length && !game.seats[st.view.table.you].passed) {
    const on = st.passTrick !== null;
    buttons.push(h("button", { type: "button", id: "pass-trick", "aria-pressed": on ? "true" : "false",
      onclick: () => { st.passTrick = on ? null : String(game.trick[0]); rerender(); } }, t("table-pass-trick")));
  }
}
