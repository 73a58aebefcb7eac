// Cards, plays and counts in words, and the order of a hand: the table page's vocabulary, with no DOM.
import { SHOWN_COPIES, cardWords, cardsOf, endCell, jokerAsWords } from "./cards.js";

export { cardWords };
const RANK_WORDS = { J: "jack", Q: "queen", K: "king", A: "ace" };
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
// President ranks, weakest first (the printed order of seeds 001-004).
export const PRESIDENT_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

export const rankOf = (card) => (card === "JK" ? "JK" : card.slice(0, -1));
export const suitOf = (card) => (card === "JK" ? "" : card.slice(-1));

/** "1 card", "5 cards", "no cards". */
export function count(n, thing) {
  return `${n === 0 ? "no" : n} ${thing}${n === 1 ? "" : "s"}`;
}

function numberWord(n) {
  return NUMBER_WORDS[n] ?? String(n);
}

/** "7s", "jacks", "aces": a rank in the plural. */
export function rankPlural(rank) {
  return `${RANK_WORDS[rank] ?? rank}s`;
}

function rankSingular(rank) {
  return RANK_WORDS[rank] ?? rank;
}

/** "a 7", "an 8", "an ace". */
function one(rank) {
  const word = rankSingular(rank);
  return `${word === "8" || word === "ace" ? "an" : "a"} ${word}`;
}

/** Is the play a sequence (cards of one suit over consecutive ranks; a joker in it stands for a card, "JK=5H", or
 * past an end, "JK=<3S")? */
export function isSequence(cards, declared = null) {
  const ranks = new Set(cards.filter((c) => c !== "JK").map(rankOf));
  // A joker naming a card of the naturals' rank is in a group ("JK=9H 9S", `joker_suits`), not a sequence.
  return ranks.size > 1 || (declared !== null && /^.+[CDHS]$/.test(declared) && !ranks.has(rankOf(declared)));
}

/** What a joker stands for, in words: "7" (a rank, in a set), "ace of spades" (a card, in a sequence) or "below
 * the 3 of spades" (past a sequence's end). */
export function declaredWords(declared) {
  if (endCell(declared)) return jokerAsWords(declared);
  return /^.+[CDHS]$/.test(declared) ? cardWords(declared) : declared;
}

/** A joker's choice as a button names it: "Joker as 7", "Joker as ace of spades", "Joker below the 3 of spades". */
export function jokerChoiceWords(declared) {
  return `Joker ${endCell(declared) ? "" : "as "}${declaredWords(declared)}`;
}

/** A sequence in words, lowest first: "the 9, 10 and jack of spades", "the queen, king (a joker) and ace of
 * hearts"; a joker past an end stands apart, "a joker below the 3, then the 3 and 4 of spades", "the ace and 2
 * of spades, then a joker above the 2". */
function sequenceWords(cards, declared) {
  const cell = endCell(declared);
  if (cards.includes("JK") && !declared) {
    // A selection staged before its turn: where the joker will stand is not chosen yet.
    return `${sequenceWords(cards.filter((c) => c !== "JK"), null)}, with a joker`;
  }
  if (cell) {
    const naturals = sequenceWords(cards.filter((c) => c !== "JK"), `${cell.rank}${cell.suit}`);
    const joker = `a joker ${cell.side} the ${cell.rank}`;
    return cell.side === "below" ? `${joker}, then ${naturals}` : `${naturals}, then ${joker}`;
  }
  const naturals = cards.filter((c) => c !== "JK");
  const suit = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[suitOf(naturals[0] ?? declared ?? "")] ?? "";
  const items = naturals.map((card) => ({ rank: rankOf(card), joker: false }));
  if (cards.includes("JK")) items.push({ rank: rankOf(declared), joker: true });
  items.sort((a, b) => PRESIDENT_RANKS.indexOf(a.rank) - PRESIDENT_RANKS.indexOf(b.rank));
  const ranks = items.map(({ rank, joker }) => `${rankSingular(rank)}${joker ? " (a joker)" : ""}`);
  const listed = ranks.length < 2 ? ranks.join("") : `${ranks.slice(0, -1).join(", ")} and ${ranks[ranks.length - 1]}`;
  return `the ${listed} of ${suit}`;
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
  const naturals = cards.filter((c) => c !== "JK");
  const rank = naturals.length ? rankOf(naturals[0]) : declared;
  const jokerPart = jokers === 1 ? "a joker" : `${numberWord(jokers)} jokers`;
  if (!naturals.length) {
    return rank ? `${jokerPart} as ${jokers === 1 ? one(rank) : rankPlural(rank)}` : jokerPart;
  }
  const naturalPart = naturals.length === 1 ? one(rank) : `${numberWord(naturals.length)} ${rankPlural(rank)}`;
  return jokers ? `${naturalPart} and ${jokerPart}` : naturalPart;
}

/** A play's text ("7H 7S", "JK=9") in words: "two 7s", "a joker as a 9". */
export function playText(text) {
  return playWords(cardsOf(text), declaredRank(text));
}

/** The joker's declared rank in a play's text ("JK=7" → "7"), or card in a sequence ("JK=KH" → "KH"), or end
 * cell past a sequence's end ("JK=<3S" → "<3S", "JK=>2S" → ">2S"), or null. */
export function declaredRank(action) {
  const match = /JK=([<>]?\w+)/.exec(action); // "JK=7" in a set, "JK=KH" anywhere in a sequence, "JK=<3S"
  return match ? match[1] : null;
}

/** A President rank's strength now: 0 weakest, 12 strongest; a revolution reverses it; jokers top it. */
export function rankStrength(rank, reversed) {
  if (rank === "JK") return 13;
  const index = PRESIDENT_RANKS.indexOf(rank);
  return reversed ? 12 - index : index;
}

/** A hand sorted weakest first, as the table plays now (re-sorted in a revolution); suits in a fixed order. */
export function sortHand(cards, reversed = false) {
  const key = (card) => rankStrength(rankOf(card), reversed) * 4 + "CDHS".indexOf(suitOf(card));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** A group like [["7H", 2], ...] as a list of cards, at most SHOWN_COPIES of each. */
export function expand(group) {
  const cards = [];
  for (const [text, copies] of group ?? []) for (let n = 0; n < Math.min(copies, SHOWN_COPIES); n++) cards.push(text);
  return cards;
}

/** The legal actions whose cards are exactly `chosen` (several when a joker's rank is still to choose). */
export function matchingActions(legal, chosen) {
  const wanted = [...chosen].sort().join(" ");
  return legal.filter((action) => action !== "pass" && cardsOf(action).sort().join(" ") === wanted);
}

/** The cards that are part of at least one legal action (the others are dimmed). */
export function usableCards(legal) {
  const usable = new Set();
  for (const action of legal) for (const card of cardsOf(action)) usable.add(card);
  return usable;
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1st", "2nd", "3rd", "4th". */
export function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${tail}`;
}
