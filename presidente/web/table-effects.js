// @ts-check
// The effects in force at a President table, in words: revolution, jack back, suit lock, the turn order after a
// 9 reverse, the cards a play still owes (7 give, 10 discard), the Daifugo options the table plays, and the
// card exchange told as "who gave what to whom" as far as this viewer may know it. No DOM but the banners'.
import { h } from "./api.js";
import { cardWords } from "./cards.js";
import { count, expand } from "./table-words.js";
import { exchangeGives, seatName } from "./table-state.js";

const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** Each Daifugo option's short name and what it does, as the rules note lists them. */
export const EFFECT_WORDS = {
  eight_cut: ["8 cut", "a play holding an 8 ends the trick"],
  five_skip: ["5 skip", "each 5 played skips the next player"],
  nine_reverse: ["9 reverse", "a play holding a 9 reverses the turn order"],
  jack_back: ["Jack back", "a play holding a jack reverses the order of strength until the trick ends"],
  seven_give: ["7 give", "after playing 7s, give as many cards to the next player"],
  ten_discard: ["10 discard", "after playing 10s, discard as many cards face up"],
  spade_three_return: ["Spade 3 return", "the 3 of spades beats a joker played alone and ends the trick"],
  suit_lock: ["Suit lock", "a play with the same suits as the one before locks the trick to those suits"],
  sequences: ["Sequences", "three or more cards in a row of one suit are played together"],
  number_lock: ["Number lock", "a play one rank above the one before locks the trick to climbing one rank at a time"],
};

/** "hearts", "hearts and spades", "clubs, hearts and spades". */
export function suitList(letters) {
  const words = [...letters].map((letter) => SUIT_WORDS[letter] ?? letter);
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function who(state, seat) {
  return seat === state.view.table.you ? "You" : seatName(seat);
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
  if (revolution) items.push({ kind: "hot", text: "Revolution: the order is reversed — lower cards beat higher ones." });
  if (game.jack_back) {
    items.push({ kind: "hot", text: `Jack back: until this trick ends, ${revolution ? "the order is back to normal" : "lower cards beat higher ones"}.` });
  }
  if (game.number_locked) items.push({ kind: "hot", text: "Number lock: until this trick ends, each play must be one rank above the last." });
  if (game.lock) items.push({ kind: "hot", text: `Suit lock: until this trick ends, plays must be ${suitList(game.lock)}.` });
  if (game.owed) {
    const { kind, seat, count: owed, receiver } = game.owed;
    const mover = nameOf(seat);
    const verbs = mover === "You" ? ["give", "discard"] : ["gives", "discards"];
    items.push({
      kind: "",
      text: kind === "give"
        ? `7 give: ${mover} ${verbs[0]} ${count(owed, "card")} to ${receiver === null ? "the next player" : nameOf(receiver).replace(/^You$/, "you")}, one at a time.`
        : `10 discard: ${mover} ${verbs[1]} ${count(owed, "card")} face up, one at a time.`,
    });
  }
  return items;
}

/** The turn order, for the arrow on the felt: clockwise unless a 9 reverse turned it. */
export function turnOrder(game) {
  if (game.clockwise === false) {
    return { clockwise: false, arrow: "↺", text: "Play goes counter-clockwise (to the right): a 9 reversed it." };
  }
  return { clockwise: true, arrow: "↻", text: "Play goes clockwise (to the left)." };
}

/** The table's Daifugo options as a short note ("House rules: 8 cut, 5 skip") with each one's meaning. */
export function rulesNote(game) {
  const effects = (game.effects ?? []).filter((name) => EFFECT_WORDS[name]);
  if (!effects.length) return null;
  return h("details", { class: "rules-note" },
    h("summary", {}, `House rules: ${effects.map((name) => EFFECT_WORDS[name][0]).join(", ")}`),
    h("ul", {}, ...effects.map((name) => h("li", {}, h("b", {}, `${EFFECT_WORDS[name][0]}: `), EFFECT_WORDS[name][1]))));
}

/** One give in words for this viewer: "Ann gave you the ace of spades and the 2 of hearts", "You gave the 3 of
 * clubs to Cy", "Bob gave 2 cards to Dan". */
export function giveWords(state, give) {
  const giver = who(state, give.giver);
  const receiver = who(state, give.receiver);
  const what = give.cards ? listWords(expand(give.cards).map((card) => `the ${cardWords(card)}`)) : count(give.count, "card");
  if (receiver === "You") return `${giver} gave you ${what}`;
  return `${giver} gave ${what} to ${receiver}`;
}

function listWords(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The exchange in words while it happens and until the first trick of the round ends: each give so far
 * ("Ann gave you the ace of spades"), then each choice still awaited ("Bob (President) chooses 2 cards for
 * Cy (Scum)"). */
export function exchangeLines(state, game) {
  if (game.phase !== "exchange" && (game.phase !== "play" || state.firstTrickOver === game.round)) return [];
  const lines = exchangeGives(state).map((give) => `${giveWords(state, give)}.`);
  if (game.phase === "exchange") {
    const titled = (seat) => `${who(state, seat)} (${game.seats[seat].title})`;
    for (const { giver, receiver, count: cards } of game.exchanges ?? []) {
      const verb = giver === state.view.table.you ? "choose" : "chooses";
      lines.push(`${titled(giver)} ${verb} ${count(cards, "card")} for ${titled(receiver).replace(/^You /, "you ")}.`);
    }
  }
  return lines;
}
