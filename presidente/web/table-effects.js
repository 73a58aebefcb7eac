// @ts-check
// The effects in force at a President table, in words: revolution, jack back, suit lock, the turn order after a
// 9 reverse, the cards a play still owes (7 give, 10 discard), the Daifugo options the table plays, and the
// card exchange told as "who gave what to whom" as far as this viewer may know it. No DOM but the banners'.
import { h } from "./api.js";
import { cardName } from "./cards.js";
import { t } from "./i18n.js";
import { titleWords } from "./game-words.js";
import { cardCount, expand, listWords } from "./table-words.js";
import { exchangeGives, seatName } from "./table-state.js";

/** Each Daifugo option's short name and what it does, as the rules note lists them, in the page's language. */
export const EFFECT_WORDS = {
  eight_cut: () => [t("effect-eight_cut"), t("effect-eight_cut.meaning")],
  five_skip: () => [t("effect-five_skip"), t("effect-five_skip.meaning")],
  nine_reverse: () => [t("effect-nine_reverse"), t("effect-nine_reverse.meaning")],
  jack_back: () => [t("effect-jack_back"), t("effect-jack_back.meaning")],
  seven_give: () => [t("effect-seven_give"), t("effect-seven_give.meaning")],
  ten_discard: () => [t("effect-ten_discard"), t("effect-ten_discard.meaning")],
  spade_three_return: () => [t("effect-spade_three_return"), t("effect-spade_three_return.meaning")],
  suit_lock: () => [t("effect-suit_lock"), t("effect-suit_lock.meaning")],
  sequences: () => [t("effect-sequences"), t("effect-sequences.meaning")],
  number_lock: () => [t("effect-number_lock"), t("effect-number_lock.meaning")],
};

/** "hearts", "hearts and spades", "clubs, hearts and spades". */
export function suitList(letters) {
  return listWords([...letters].map((letter) => ("CDHS".includes(letter) ? t(`suit-${letter}`) : letter)));
}

// The viewer's own seat has no name here (null): the effects and the exchange say "you" in their own words.
const YOU = null;

function who(state, seat) {
  return seat === state.view.table.you ? YOU : seatName(seat);
}

/** The banners of the effects in force now: [{kind, text}], "hot" for the ones that change what beats what. */
export function effectBanners(state, game) {
  return effectTexts(game, (seat) => who(state, seat));
}

/** The effects in force in a President view, each seat named by `nameOf` ("You" for the viewer's own seat);
 * the replay page tells them too. */
export function effectTexts(game, nameOf) {
  const items = [];
  const revolution = Boolean(game.reversed) !== Boolean(game.jack_back); // a jack back reverses the order too
  if (revolution) items.push({ kind: "hot", text: t("effect-banner-revolution") });
  if (game.jack_back) items.push({ kind: "hot", text: revolution ? t("effect-banner-jack-back-normal") : t("effect-banner-jack-back") });
  if (game.number_locked) items.push({ kind: "hot", text: t("effect-banner-number-lock") });
  if (game.lock) items.push({ kind: "hot", text: t("effect-banner-suit-lock", { suits: suitList(game.lock) }) });
  if (game.owed) {
    const { kind, seat, count: owed, receiver } = game.owed;
    const mover = nameOf(seat);
    const cards = cardCount(owed);
    const to = receiver === null ? t("effect-next-player") : nameOf(receiver) ?? t("effect-you");
    let text;
    if (kind === "give") text = mover === YOU ? t("effect-banner-give-you", { cards, to }) : t("effect-banner-give", { name: mover, cards, to });
    else text = mover === YOU ? t("effect-banner-discard-you", { cards }) : t("effect-banner-discard", { name: mover, cards });
    items.push({ kind: "", text });
  }
  return items;
}

/** The turn order, for the arrow on the felt: clockwise unless a 9 reverse turned it. */
export function turnOrder(game) {
  if (game.clockwise === false) return { clockwise: false, arrow: "↺", text: t("table-turn-counter") };
  return { clockwise: true, arrow: "↻", text: t("table-turn-clockwise") };
}

/** The table's Daifugo options as a short note ("House rules: 8 cut, 5 skip") with each one's meaning. */
export function rulesNote(game) {
  const effects = (game.effects ?? []).filter((name) => EFFECT_WORDS[name]).map((name) => EFFECT_WORDS[name]());
  if (!effects.length) return null;
  return h("details", { class: "rules-note" },
    h("summary", {}, t("table-house-rules-list", { rules: effects.map(([name]) => name).join(t("list-separator")) })),
    h("ul", {}, ...effects.map(([name, meaning]) => h("li", {}, h("b", {}, t("table-house-rule-name", { name })), meaning))));
}

/** One give in words for this viewer: "Ann gave you the ace of spades and the 2 of hearts", "You gave the 3 of
 * clubs to Cy", "Bob gave 2 cards to Dan". */
export function giveWords(state, give) {
  const giver = who(state, give.giver);
  const receiver = who(state, give.receiver);
  const what = give.cards ? listWords(expand(give.cards).map(givenCard)) : cardCount(give.count);
  if (receiver === YOU) return t("table-gave-you", { name: giver, cards: what });
  if (giver === YOU) return t("table-you-gave", { cards: what, to: receiver });
  return t("table-gave", { name: giver, cards: what, to: receiver });
}

/** A card handed over, with the article its language puts before it: "the ace of spades", "l'as de pique".
 * @param {string} text */
function givenCard(text) {
  return t("given-card", { card: cardName(text), rank: text === "JK" ? "JK" : text.slice(0, -1) });
}

/** The exchange in words while it happens and until the first trick of the round ends: each give so far
 * ("Ann gave you the ace of spades"), then each choice still awaited ("Bob (President) chooses 2 cards for
 * Cy (Scum)"). */
export function exchangeLines(state, game) {
  if (game.phase !== "exchange" && (game.phase !== "play" || state.firstTrickOver === game.round)) return [];
  const lines = exchangeGives(state).map((give) => giveWords(state, give));
  if (game.phase === "exchange") {
    const titled = (seat) => ({ name: who(state, seat), title: titleWords(game.seats[seat].title) });
    for (const { giver, receiver, count: cards } of game.exchanges ?? []) {
      const from = titled(giver);
      const to = titled(receiver);
      const fields = { cards: cardCount(cards), title: from.title, to: to.name, toTitle: to.title, name: from.name };
      if (from.name === YOU) lines.push(t("table-you-choose", fields));
      else if (to.name === YOU) lines.push(t("table-chooses-for-you", fields));
      else lines.push(t("table-chooses", fields));
    }
  }
  return lines;
}
