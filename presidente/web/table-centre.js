// @ts-check
// The centre of the table: effects in force as banners in words, the trick as a stack of plays each marked with
// its player (the newest on top), the trick that just ended for a moment, and El Presidente's battle pile.
import { h } from "./api.js";
import { cardName, cardSvg, cardsOf } from "./cards.js";
import { t } from "./i18n.js";
import { cardCount, declaredRank, isSequence, listWords, playWords } from "./table-words.js";
import { rerender, seatName } from "./table-state.js";
import { effectBanners, exchangeLines, rulesNote, turnOrder } from "./table-effects.js";
import { eventWords, say } from "./table-messages.js";

/** @typedef {import("./table-types.js").ShownState} ShownState */
/** @typedef {import("./table-types.js").GameView} GameView */
/** @typedef {import("./table-types.js").EndedTrick} EndedTrick */
/** @typedef {NonNullable<ShownState["trickEnd"]>} TrickEnd */

// How long the trick that just ended stays in the centre, with who won it, before the next lead shows.
const ENDED_TRICK_MS = 1400;

/** Draw the centre from the view. @param {ShownState} state */
export function renderCentre(state) {
  const game = state.view.game;
  const banners = /** @type {HTMLElement} */ (document.getElementById("banners"));
  const trick = /** @type {HTMLElement} */ (document.getElementById("trick"));
  const counts = /** @type {HTMLElement} */ (document.getElementById("counts"));
  /** @type {HTMLElement} */ (document.getElementById("turn-order")).hidden = !game || game.game !== "president" || game.phase !== "play";
  if (!game || game.game !== "president") /** @type {HTMLElement} */ (document.getElementById("house-rules")).hidden = true;
  if (!game) {
    banners.replaceChildren();
    trick.replaceChildren(h("p", { class: "empty" }, t("table-starts-when-full")));
    counts.replaceChildren();
    return;
  }
  if (game.game === "president") renderPresidentCentre(state, game, banners, trick, counts);
  else renderBattleCentre(game, banners, trick, counts);
}

/** @param {ShownState} state @param {GameView} game @param {HTMLElement} banners @param {HTMLElement} trick
 * @param {HTMLElement} counts */
function renderPresidentCentre(state, game, banners, trick, counts) {
  // The effects in force end with their round: none is shown between rounds or after the match.
  const roundOver = game.over || state.view.table.intermission_left !== null;
  const items = (roundOver ? [] : effectBanners(state, game)).map(({ kind, text }) => banner(kind, text));
  if (game.obligation && game.trick.length) {
    const top = game.trick[game.trick.length - 1][1];
    const then = game.obligation === "or-skip" ? "skip" : "pass";
    // Seed 004 calls the equal-or-pass obligation "ta gueule".
    const play = playWords(cardsOf(top), declaredRank(top));
    const rule = game.current === state.view.table.you
      ? t("table-obligation-you", { play, then })
      : t("table-obligation", { name: seatName(game.current), play, then });
    items.push(banner("hot", game.obligation === "or-pass" ? t("table-ta-gueule", { rule }) : rule));
  }
  if (game.must_include) items.push(banner("", t("table-must-include", { card: cardName(game.must_include) })));
  if (game.phase === "play" && state.news?.length) items.push(banner("news", state.news.map(({ event, names }) => eventWords(event, names)).join(" ")));
  const exchange = exchangeLines(state, game);
  if (exchange.length) {
    items.push(h("div", { class: "banner exchange" }, h("b", {}, t("table-exchange")), h("ul", {}, ...exchange.map((line) => h("li", {}, line)))));
  }
  if (game.phase === "draft-place") items.push(banner("", t("table-draft-place-all")));
  if (game.phase === "draft-pick") items.push(banner("", t("table-draft-pick-all")));
  banners.replaceChildren(...items);

  const ended = endedTrick(state, game);
  const you = state.view.table.you;
  const plays = ended ? ended.plays : game.trick;
  trick.classList.toggle("ended", Boolean(ended));
  const stack = plays.map(([seat, play], index) => playBox(seat, play, index === plays.length - 1));
  const caption = ended
    ? trickWon(ended, you)
    : game.phase !== "play" ? "" : plays.length
      ? t("table-trick-of", { kind: trickKind(plays, game.trick_size) })
      : game.current === null || game.current === undefined ? ""
        : game.current === you ? t("table-you-lead") : t("table-leads", { name: seatName(game.current) });
  const stackBox = h("div", { class: "stack" }, ...stack);
  trick.replaceChildren(stackBox, ...(caption ? [h("p", { class: "trick-caption" }, caption)] : []));
  fitStack(stackBox, trick.clientWidth);

  const facts = [];
  const faceUp = (game.face_up ?? []).reduce((sum, [, n]) => sum + n, 0);
  if (faceUp) facts.push(t("table-face-up", { count: faceUp }));
  if (game.undealt) facts.push(t("table-not-dealt", { count: game.undealt }));
  counts.textContent = facts.join(" · ");
  const order = turnOrder(game);
  const arrow = /** @type {HTMLElement} */ (document.getElementById("turn-order"));
  // Shown where a 9 may turn it (elsewhere play always goes to the left, as the seats are placed).
  arrow.hidden = game.phase !== "play" || !(game.effects ?? []).includes("nine_reverse");
  arrow.classList.toggle("reversed", !order.clockwise);
  arrow.replaceChildren(h("span", { class: "turn-arrow", "aria-hidden": "true" }, order.arrow), ` ${order.text}`);
  const note = rulesNote(game);
  const rules = /** @type {HTMLElement} */ (document.getElementById("house-rules"));
  rules.replaceChildren(...(note ? [note] : []));
  rules.hidden = !note;
}

/** The plays side by side when they fit, else overlapping so that the stack fits the centre; each older
 * play's name label is cut to the part of the play that shows.
 * @param {HTMLElement} stack @param {number} width */
function fitStack(stack, width) {
  const plays = /** @type {HTMLElement[]} */ ([...stack.children]);
  if (plays.length < 2 || !width) return;
  const widths = plays.map((play) => play.offsetWidth);
  const total = widths.reduce((sum, w) => sum + w, 0);
  const gap = 8;
  const step = total + gap * (plays.length - 1) <= width ? gap : (width - total) / (plays.length - 1);
  stack.style.setProperty("--trick-step", `${Math.floor(step)}px`);
  plays.forEach((play, index) => {
    if (index < plays.length - 1) play.style.setProperty("--visible", `${Math.max(16, widths[index] + step - 2)}px`);
  });
}

/** "single cards", "pairs" … or "3-card sequences" when the trick's plays are sequences.
 * @param {[number, string][]} plays @param {number} size */
function trickKind(plays, size) {
  const [, top] = plays[plays.length - 1];
  if (isSequence(cardsOf(top), declaredRank(top))) return t("table-trick-sequences", { size });
  return t("table-trick-kind", { size });
}

/** "You win the trick.", "Ann wins the trick: two 8s end it (8 cut)."
 * @param {EndedTrick} ended @param {number | null} you */
function trickWon(ended, you) {
  const reason = ended.reason;
  if (ended.winner === you) return reason ? t("table-trick-won-you-why", { reason }) : t("table-trick-won-you");
  const name = seatName(ended.winner);
  return reason ? t("table-trick-won-why", { name, reason }) : t("table-trick-won", { name });
}

/** @param {string} kind @param {string} text */
function banner(kind, text) {
  return h("p", { class: `banner ${kind}` }, text);
}

/** @param {number} seat @param {string} play @param {boolean} top */
function playBox(seat, play, top) {
  const cards = cardsOf(play);
  const declared = declaredRank(play);
  return h("div", { class: `play${top ? " top" : ""}`, "data-seat": seat },
    h("span", { class: "who", title: seatName(seat) }, seatName(seat)),
    h("span", { class: "sr-only" }, ` ${t("table-played", { play: playWords(cards, declared) })}`),
    h("div", { class: "cards" }, ...cards.map((card) => cardSvg(card, { width: 52, label: false, jokerAs: card === "JK" ? declared : null }))));
}

/** The trick that just ended, shown for a moment with its winner (null once the next trick has a play).
 * @param {ShownState} state @param {GameView} game @returns {EndedTrick | null} */
function endedTrick(state, game) {
  const before = state.previous?.game;
  const fresh = state.endedCheckedFor !== state.view; // once per view: a render for a chat line changes nothing
  state.endedCheckedFor = state.view;
  if (fresh && before?.game === "president" && before.trick.length && before.round === game.round) {
    const sameTrick = game.trick.length && String(game.trick[0]) === String(before.trick[0]);
    if (!sameTrick && !game.trick.length) {
      // The play that ended the trick (an 8 cut, a revolution ...) came with its end: it joins the stack, and
      // the winner is the one the server named.
      const end = state.trickEnd;
      const plays = [...before.trick];
      const top = plays[plays.length - 1];
      if (end?.lastPlay && String(top) !== String(end.lastPlay)) plays.push(end.lastPlay);
      const winner = end?.winner ?? plays[plays.length - 1][0];
      state.endedTrick = { plays, winner, reason: end ? trickEndWords(end) : null, until: Date.now() + ENDED_TRICK_MS };
      setTimeout(rerender, ENDED_TRICK_MS + 20);
    }
  }
  const ended = state.endedTrick;
  if (!ended || game.trick.length || Date.now() > ended.until) {
    state.endedTrick = null;
    return null;
  }
  return ended;
}

/** Why a trick ended, in words: the rule the engine named (the play that ended it and the rule, everyone else
 * passing, a skip), or for a history from before causes were kept the play that ended it or the passes.
 * @param {TrickEnd} end */
function trickEndWords(end) {
  const cause = end.cause;
  if (cause === "passes" || cause === "skips") return say(`trick.end.${cause}`);
  if (end.by !== "play" || !end.lastPlay) return say("trick.end.passes");
  const text = end.lastPlay[1];
  const fields = { play: playWords(cardsOf(text), declaredRank(text)), cards: cardsOf(text).length };
  if (cause) return say("trick.end.rule", { ...fields, rule: say(`trick.rule.${cause}`) });
  if (end.revolution) return say("trick.end.revolution");
  return say("trick.end.play", fields);
}

/** @param {GameView} game @param {HTMLElement} banners @param {HTMLElement} trick @param {HTMLElement} counts */
function renderBattleCentre(game, banners, trick, counts) {
  const items = [];
  if (game.teams) items.push(banner("", t("table-team-wins", { a: game.team_wins[0], b: game.team_wins[1] })));
  if (game.defender_may_pick_up) items.push(banner("", t("table-may-pick-up")));
  banners.replaceChildren(...items);
  const title = game.attacker === null || game.attacker === undefined
    ? t("table-battle", { battle: game.battle })
    : t("table-battle-attack", { battle: game.battle, attacker: seatName(game.attacker), defender: seatName(game.defender) });
  trick.classList.remove("ended");
  trick.replaceChildren(h("div", { class: "battle" },
    h("p", { class: "battle-title" }, title),
    game.battle_pile.length
      ? h("div", { class: "cards stacked", "aria-label": t("table-battle-pile", { cards: listWords(game.battle_pile.map(cardName)) }), role: "img" },
        ...game.battle_pile.map((card) => cardSvg(card, { width: 56, label: false })))
      : h("p", { class: "empty" }, t("table-battle-pile-empty"))));
  counts.replaceChildren(
    h("span", { class: "deck" }, cardSvg(null, { width: 22, label: false }), ` ${t("table-deck", { cards: cardCount(game.deck_size) })}`),
    h("span", {}, ` · ${t("table-discard-pile", { cards: cardCount(game.discard_size) })}`));
}
