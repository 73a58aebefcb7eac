// @ts-check
// SVG playing cards drawn by the project: a card is its text form ("10H", "QS", "JK").
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** @param {string} name @param {Record<string, string | number>} attrs @param {string} [text] */
function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A card's parts. @param {string} text @returns {{rank: string, suit: string, red: boolean, joker: boolean}} */
export function parseCard(text) {
  if (text === "JK") return { rank: "JK", suit: "", red: true, joker: true };
  const suit = text.slice(-1);
  return { rank: text.slice(0, -1), suit, red: suit === "H" || suit === "D", joker: false };
}

const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORDS = { J: "jack", Q: "queen", K: "king", A: "ace" };

/** "7 of hearts", "queen of spades", "joker": a card as a screen reader says it, in English (the words of the
 * log's lines, which the server still sends in English). @param {string} text */
export function cardWords(text) {
  if (text === "JK") return "joker";
  const card = parseCard(text);
  return `${RANK_WORDS[card.rank] ?? card.rank} of ${SUIT_WORDS[card.suit]}`;
}

/** A card's name in the page's language, as a screen reader says it: "7 de cœur", "ハートの7" (locales: card-name).
 * @param {string} text @returns {string} */
export function cardName(text) {
  if (text === "JK") return t("card-joker");
  const card = parseCard(text);
  const rank = card.rank in RANK_WORDS ? t(`rank-${card.rank}`) : card.rank;
  return t("card-name", { rank, suit: t(`suit-${card.suit}`) });
}

/** A joker as a screen reader says it in the page's language: "joker as 7", "joker below the 3 of spades".
 * @param {string} declared */
function jokerName(declared) {
  const cell = endCell(declared);
  const card = cell ? cardName(`${cell.rank}${cell.suit}`) : null;
  if (cell) return cell.side === "below" ? t("card-joker-below", { card }) : t("card-joker-above", { card });
  return t("card-joker-as", { card: /[CDHS]$/.test(declared) ? cardName(declared) : declared });
}

// A sequence's joker may stand past its ends, in a cell that holds no card (`sequence_joker_ends`): "<3S" below
// the 3 of spades, ">2S" above the 2 of spades.
const END_CELLS = { "<": { side: "below", rank: "3" }, ">": { side: "above", rank: "2" } };

/** The end cell a joker stands in ({side: "below", rank: "3", suit: "S"} for "<3S"), or null for a card or rank.
 * @param {string | null | undefined} declared @returns {{side: string, rank: string, suit: string} | null} */
export function endCell(declared) {
  const cell = END_CELLS[String(declared ?? "").charAt(0)];
  return cell ? { ...cell, suit: String(declared).slice(-1) } : null;
}

/** What a joker stands for, as a screen reader says it after "joker": "below the 3 of spades", "as 7",
 * "as KH". @param {string} declared */
export function jokerAsWords(declared) {
  const cell = endCell(declared);
  return cell ? `${cell.side} the ${cell.rank} of ${SUIT_WORDS[cell.suit]}` : `as ${declared}`;
}

/** An <svg> card face (or its back when `text` is null). `label: false` hides it from screen readers (inside a
 * button that names the card); `jokerAs` draws a joker standing for that rank ("7") or card ("KH"), or past a
 * sequence's end ("<3S": "below" over "3♠"). */
/**
 * @param {string | null} text
 * @param {{width?: number, label?: boolean, jokerAs?: string | null}} [options]
 */
export function cardSvg(text, { width = 64, label = true, jokerAs = null } = {}) {
  const svg = el("svg", { viewBox: "0 0 100 140", width, height: (width * 140) / 100, class: "card-svg" });
  if (label) svg.setAttribute("role", "img");
  else svg.setAttribute("aria-hidden", "true");
  if (text === null) {
    if (label) svg.setAttribute("aria-label", t("card-back"));
    svg.append(el("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, class: "card-back" }));
    svg.append(el("rect", { x: 12, y: 12, width: 76, height: 116, rx: 6, class: "card-back-inner" }));
    return svg;
  }
  const card = parseCard(text);
  if (label) svg.setAttribute("aria-label", jokerAs ? jokerName(jokerAs) : cardName(text));
  const colour = card.red ? "card-red" : "card-black";
  svg.append(el("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, class: "card-face" }));
  const cell = card.joker ? endCell(jokerAs) : null;
  if (cell) {
    // No card lies there: the corner marks the side with an arrow ("↓3", seen where plays overlap), the face says
    // it in a word over the end's rank and suit ("below" / "3♠").
    svg.append(el("text", { x: 10, y: 30, class: "card-corner card-red" }, "★"));
    svg.append(el("text", { x: 9, y: 54, class: "card-corner card-red" }, `${cell.side === "below" ? "↓" : "↑"}${cell.rank}`));
    svg.append(el("text", { x: 50, y: 84, "text-anchor": "middle", class: "card-corner card-red" }, cell.side));
    svg.append(el("text", { x: 50, y: 124, "text-anchor": "middle", class: "card-big card-red" }, `${cell.rank}${SUITS[cell.suit] ?? ""}`));
    return svg;
  }
  if (card.joker && jokerAs) {
    // A rank ("7"), or a card with its suit's symbol ("KH" as "K♥").
    svg.append(el("text", { x: 50, y: 96, "text-anchor": "middle", class: "card-big card-red" }, standIn(jokerAs)));
    svg.append(el("text", { x: 10, y: 30, class: "card-corner card-red" }, "★"));
    svg.append(el("text", { x: 90, y: 128, "text-anchor": "end", class: "card-corner card-red" }, "★"));
    return svg;
  }
  if (card.joker) {
    svg.append(el("text", { x: 50, y: 82, "text-anchor": "middle", class: "card-big card-red" }, "★"));
    svg.append(el("text", { x: 10, y: 28, class: "card-corner card-red" }, "JK"));
    svg.append(el("text", { x: 90, y: 128, "text-anchor": "end", class: "card-corner card-red" }, "JK"));
    return svg;
  }
  const symbol = SUITS[card.suit] ?? "?";
  svg.append(el("text", { x: 9, y: 30, class: `card-corner ${colour}` }, card.rank));
  svg.append(el("text", { x: 10, y: 52, class: `card-corner-suit ${colour}` }, symbol));
  svg.append(el("text", { x: 50, y: 92, "text-anchor": "middle", class: `card-big ${colour}` }, symbol));
  const bottom = el("g", { transform: "rotate(180 50 70)" });
  bottom.append(el("text", { x: 9, y: 30, class: `card-corner ${colour}` }, card.rank));
  svg.append(bottom);
  return svg;
}

// A card as the engine writes it in a line of the log: "7H", "10Sx3" (three copies), "JK", "JK=9" (a joker standing
// for a 9), "JK=KH", "JK=<3S" (past a sequence's end), "JKx2=7" (jokers alone declared as sevens).
const CARD_IN_LINE = /^(JK|(?:10|[2-9JQKA])[CDHS])(?:x(\d+))?(?:=([<>]?)((?:10|[2-9JQKA])[CDHS]?))?([.,:;)]*)$/;

function shownCard(text) {
  return text === "JK" ? "joker" : `${text.slice(0, -1)}${SUITS[text.slice(-1)]}`;
}

// Jokers side by side are one group: "JK JK=9" (two jokers declared as nines) as "JKx2=9", "JK JK" as "JKx2".
function jokersTogether(words) {
  const together = [];
  for (const word of words) {
    const last = together.length ? /^JK(?:x(\d+))?$/.exec(together[together.length - 1]) : null;
    const joker = /^JK(?:x(\d+))?((?:=(?:10|[2-9JQKA]))?[.,:;)]*)$/.exec(word);
    if (last && joker) together[together.length - 1] = `JKx${Number(last[1] ?? 1) + Number(joker[1] ?? 1)}${joker[2]}`;
    else together.push(word);
  }
  return together;
}

/** What a joker stands for, a rank ("9") or a card ("KH" as "K♥", or spoken "the king of hearts"). */
function standIn(text, { spoken = false } = {}) {
  if (!/[CDHS]$/.test(text)) return text;
  return spoken ? `the ${cardWords(text)}` : shownCard(text);
}

/** A line of the log with its cards as people read them: "Seat 1 plays 7H 7D." becomes "Seat 1 plays 7♥ 7♦.", or
 * with `spoken` (what a screen reader announces) "Seat 1 plays the 7 of hearts, the 7 of diamonds."; a joker
 * standing for a card reads "joker as 9", "joker below 3♠, 3♠, 4♠". Other words are left as they are.
 * @param {string} line @returns {string} */
export function readableCards(line, { spoken = false } = {}) {
  const words = jokersTogether(line.split(" "));
  const cards = words.map((word) => CARD_IN_LINE.exec(word));
  // Cards are parted by commas where they are spoken, or where a joker's stand-in would run into the next card.
  const commas = spoken || cards.some((card) => card?.[4]);
  return words.map((word, index) => {
    const card = cards[index];
    if (!card) return word;
    const [, text, copies, side, standsFor, after] = card;
    let read = spoken ? (text === "JK" ? "a joker" : `the ${cardWords(text)}`) : shownCard(text);
    if (copies && text === "JK") read = `${copies} jokers`;
    else if (copies) read += spoken ? ` (${copies} copies)` : `×${copies}`;
    if (standsFor) {
      read += ` ${END_CELLS[side]?.side ?? "as"} ${standIn(standsFor, { spoken })}`;
    }
    const nextIsCard = commas && !after && Boolean(cards[index + 1]);
    return read + (nextIsCard ? "," : "") + after;
  }).join(" ");
}

/** A readable line's text and its hearts and diamonds, each in a red <span> as on the cards (for h()'s children).
 * @param {string} text @returns {(string | HTMLSpanElement)[]} */
export function redSuits(text) {
  return text.split(/([♥♦])/).filter(Boolean).map((part) => {
    if (part !== "♥" && part !== "♦") return part;
    const span = document.createElement("span");
    span.className = "suit-red";
    span.textContent = part;
    return span;
  });
}

// A hand shows at most this many copies of one card (tables may use up to 2^51 decks).
export const SHOWN_COPIES = 8;

// The cards of an action's text ("give 3H 4C", "JK JK=7": jokers alone declared as sevens), each "3Cx5" as five
// 3C — at most SHOWN_COPIES of each.
/** @param {string} actionText @returns {string[]} */
export function cardsOf(actionText) {
  const words = actionText.split(/\s+/).filter(Boolean);
  /** @type {string[]} */
  const cards = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i].split("=")[0];
    if (word === "as") { i++; continue; }
    if (["give", "take", "discard", "attack", "throw", "beat", "play"].includes(word)) continue;
    const match = /^(.+?)x(\d+)$/.exec(word);
    if (match) for (let n = 0; n < Math.min(Number(match[2]), SHOWN_COPIES); n++) cards.push(match[1]);
    else cards.push(word);
  }
  return cards;
}

// Does the action hold more copies of a card than a hand shows (so it cannot be picked card by card)?
/** @param {string} actionText */
export function isLarge(actionText) {
  return actionText.split(/\s+/).some((word) => {
    const match = /x(\d+)$/.exec(word);
    return match !== null && Number(match[1]) > SHOWN_COPIES;
  });
}

/** Do two lists hold the same cards, in any order? @param {string[]} a @param {string[]} b */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((card, i) => card === y[i]);
}
