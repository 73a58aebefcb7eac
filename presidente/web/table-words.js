// @ts-check
// Cards, plays and counts in words, and the order of a hand: the table page's vocabulary, with no DOM.
import { SHOWN_COPIES, cardName, cardWords, cardsOf, endCell } from "./cards.js";
import { currentLanguage, t } from "./i18n.js";

export { cardWords };
// President ranks, weakest first (the printed order of seeds 001-004).
export const PRESIDENT_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

export const rankOf = (/** @type {string} */ card) => (card === "JK" ? "JK" : card.slice(0, -1));
export const suitOf = (/** @type {string} */ card) => (card === "JK" ? "" : card.slice(-1));

/** "1 card", "5 cards", "no cards", in the page's language. @param {number} n */
export function cardCount(n) {
  return t("table-cards", { count: n });
}

/** A rank as the catalogs select on it: a number for 2-10 ("an 8"), the letter for the others. */
function rankArg(rank) {
  return /^\d+$/.test(rank) ? Number(rank) : rank;
}

/** "a, b and c" in the page's language (English without the serial comma, as the table always wrote it).
 * @param {string[]} words */
export function listWords(words) {
  const language = currentLanguage();
  return new Intl.ListFormat(language === "en" ? "en-GB" : language, { type: "conjunction" }).format(words);
}

/** "7s", "jacks", "aces": a rank in the plural. */
export function rankPlural(rank) {
  return t("play-rank-plural", { rank: rankArg(rank) });
}

/** "a 7", "an 8", "three jacks". */
function naturals(count, rank) {
  return t("play-naturals", { count, rank: rankArg(rank) });
}

/** Is the play a sequence (cards of one suit over consecutive ranks; a joker in it stands for a card, "JK=5H", or
 * past an end, "JK=<3S")?
 * @param {string[]} cards @param {string | null} [declared] */
export function isSequence(cards, declared = null) {
  const ranks = new Set(cards.filter((c) => c !== "JK").map(rankOf));
  // A joker naming a card of the naturals' rank is in a group ("JK=9H 9S", `joker_suits`), not a sequence.
  return ranks.size > 1 || (declared !== null && /^.+[CDHS]$/.test(declared) && !ranks.has(rankOf(declared)));
}

/** A joker's choice as a button names it: "Joker as 7", "Joker as ace of spades", "Joker below the 3 of spades".
 * @param {string} declared */
export function jokerChoiceWords(declared) {
  const cell = endCell(declared);
  const card = cell ? cardName(`${cell.rank}${cell.suit}`) : "";
  if (cell) return capital(cell.side === "below" ? t("card-joker-below", { card }) : t("card-joker-above", { card }));
  const what = /^.+[CDHS]$/.test(declared) ? cardName(declared) : declared in RANK_LETTERS ? t(RANK_LETTERS[declared]) : declared;
  return t("table-joker-choice", { what });
}
/** @type {Record<string, string>} */
const RANK_LETTERS = { J: "rank-J", Q: "rank-Q", K: "rank-K", A: "rank-A" };

/** A sequence in words, lowest first: "the 9, 10 and jack of spades", "the queen, king (a joker) and ace of
 * hearts"; a joker past an end stands apart, "a joker below the 3, then the 3 and 4 of spades", "the ace and 2
 * of spades, then a joker above the 2".
 * @param {string[]} cards @param {string | null} declared @returns {string} */
function sequenceWords(cards, declared) {
  const cell = endCell(declared);
  if (cards.includes("JK") && !declared) {
    // A selection staged before its turn: where the joker will stand is not chosen yet.
    return t("play-sequence-with-joker", { naturals: sequenceWords(cards.filter((c) => c !== "JK"), null) });
  }
  if (cell) {
    const naturalWords = sequenceWords(cards.filter((c) => c !== "JK"), `${cell.rank}${cell.suit}`);
    const fields = { naturals: naturalWords, rank: rankArg(cell.rank) };
    return cell.side === "below" ? t("play-sequence-below", fields) : t("play-sequence-above", fields);
  }
  const naturalCards = cards.filter((c) => c !== "JK");
  const letter = suitOf(naturalCards[0] ?? declared ?? "");
  const suit = "CDHS".includes(letter) && letter ? t(`suit-${letter}`) : "";
  const items = naturalCards.map((card) => ({ rank: rankOf(card), joker: false }));
  if (cards.includes("JK") && declared) items.push({ rank: rankOf(declared), joker: true });  // declared: see above
  items.sort((a, b) => PRESIDENT_RANKS.indexOf(a.rank) - PRESIDENT_RANKS.indexOf(b.rank));
  const ranks = items.map(({ rank, joker }) => (joker ? t("play-sequence-joker", { rank: rankArg(rank) }) : t("play-sequence-rank", { rank: rankArg(rank) })));
  return t("play-sequence", { ranks: listWords(ranks), suit });
}

/** A President play in words: "a 7", "three 7s", "two 7s and a joker", "a joker as a 7", "the 3 of clubs",
 * or a sequence, "the 9, 10 and jack of spades". */
/**
 * @param {string[]} cards
 * @param {string | null} [declared]
 */
export function playWords(cards, declared = null) {
  if (isSequence(cards, declared)) return sequenceWords(cards, declared);
  const jokers = cards.filter((c) => c === "JK").length;
  const naturalCards = cards.filter((c) => c !== "JK");
  const rank = naturalCards.length ? rankOf(naturalCards[0]) : declared;
  const jokerPart = t("play-jokers", { count: jokers });
  if (!naturalCards.length) {
    return rank ? t("play-jokers-as", { count: jokers, jokers: jokerPart, one: naturals(1, rank), plural: rankPlural(rank) }) : jokerPart;
  }
  const naturalPart = naturals(naturalCards.length, rank);
  return jokers ? t("play-and-jokers", { naturals: naturalPart, jokers: jokerPart }) : naturalPart;
}

/** A play's text ("7H 7S", "JK=9") in words: "two 7s", "a joker as a 9". @param {string} text */
export function playText(text) {
  return playWords(cardsOf(text), declaredRank(text));
}

/** The joker's declared rank in a play's text ("JK=7" → "7"), or card in a sequence ("JK=KH" → "KH"), or end
 * cell past a sequence's end ("JK=<3S" → "<3S", "JK=>2S" → ">2S"), or null.
 * @param {string} action @returns {string | null} */
export function declaredRank(action) {
  const match = /JK=([<>]?\w+)/.exec(action); // "JK=7" in a set, "JK=KH" anywhere in a sequence, "JK=<3S"
  return match ? match[1] : null;
}

/** A President rank's strength now: 0 weakest, 12 strongest; a revolution reverses it; jokers top it.
 * @param {string} rank @param {boolean} reversed */
export function rankStrength(rank, reversed) {
  if (rank === "JK") return 13;
  const index = PRESIDENT_RANKS.indexOf(rank);
  return reversed ? 12 - index : index;
}

/** A hand sorted weakest first, as the table plays now (re-sorted in a revolution); suits in a fixed order.
 * @param {string[]} cards */
export function sortHand(cards, reversed = false) {
  const key = (/** @type {string} */ card) => rankStrength(rankOf(card), reversed) * 4 + "CDHS".indexOf(suitOf(card));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** A group like [["7H", 2], ...] as a list of cards, at most SHOWN_COPIES of each.
 * @param {import("./table-types.js").Cards | null | undefined} group */
export function expand(group) {
  /** @type {string[]} */
  const cards = [];
  for (const [text, copies] of group ?? []) for (let n = 0; n < Math.min(copies, SHOWN_COPIES); n++) cards.push(text);
  return cards;
}

/** The legal actions whose cards are exactly `chosen` (several when a joker's rank is still to choose).
 * @param {string[]} legal @param {string[]} chosen */
export function matchingActions(legal, chosen) {
  const wanted = [...chosen].sort().join(" ");
  return legal.filter((action) => action !== "pass" && cardsOf(action).sort().join(" ") === wanted);
}

/** The cards that are part of at least one legal action (the others are dimmed). @param {string[]} legal */
export function usableCards(legal) {
  /** @type {Set<string>} */
  const usable = new Set();
  for (const action of legal) for (const card of cardsOf(action)) usable.add(card);
  return usable;
}

/** @param {string} text */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1st", "2nd", "3rd", "4th" (1er, 1.º, 1位). @param {number} n */
export function ordinal(n) {
  // Fluent's NUMBER takes no `type` from a message: the ordinal category is passed as a word.
  const category = new Intl.PluralRules(currentLanguage(), { type: "ordinal" }).select(n);
  return t("table-place", { place: n, ordinal: category });
}
