// @ts-check
// A hand of cards fitted to its width (your hand at either game, the draft pool): the cards overlap in one row
// while each shows at least a comfortable tap (44 px); where they would show less, the hand grows a second row
// (a third, a fourth), its cards split evenly between the rows. Fitted again when its width changes (a window
// resized, a phone turned), and the whole page drawn again then so that the trick fits too.
import { rerender } from "./table-state.js";

/** The narrowest part of a card that shows, in px: a comfortable tap target (WCAG 2.5.5, Apple's 44 pt). */
export const MIN_TAP = 44;
const GAP = 4;
// Beyond this many rows a very large hand (many decks) overlaps more instead of growing taller still.
const MAX_ROWS = 4;
const SQUEEZED = 8;

/**
 * How a hand of `cards` cards `cardWidth` wide lays out in `width` px: cards per row and the step from one
 * card's left edge to the next's.
 * @param {number} cards
 * @param {number} cardWidth
 * @param {number} width
 * @returns {{perRow: number, rows: number, step: number}}
 */
export function handLayout(cards, cardWidth, width) {
  const natural = cardWidth + GAP;
  if (cards <= 1 || width <= cardWidth) return { perRow: Math.max(1, cards), rows: 1, step: natural };
  const fits = Math.floor((width - cardWidth) / MIN_TAP) + 1;
  const rows = Math.min(MAX_ROWS, Math.ceil(cards / fits));
  const perRow = Math.ceil(cards / rows);
  const step = perRow <= 1 ? natural : Math.min(natural, Math.floor((width - cardWidth) / (perRow - 1)));
  return { perRow, rows, step: Math.max(SQUEEZED, step) };
}

/** @type {ResizeObserver | null} */
let watcher = null;

/**
 * Lays out the cards (`.card` children) of `box`: the step between cards as `--step`, a row break before the
 * first card of each further row.
 * @param {HTMLElement} box
 */
export function fitHand(box) {
  for (const old of box.querySelectorAll(":scope > .row-break")) old.remove();
  const cards = /** @type {HTMLElement[]} */ ([...box.querySelectorAll(":scope > .card")]);
  const style = getComputedStyle(box);
  const width = box.clientWidth - parseFloat(style.paddingLeft || "0") - parseFloat(style.paddingRight || "0");
  box.dataset.fitWidth = String(box.clientWidth);
  watch(box);
  if (!cards.length || width <= 0) return;
  const { perRow, rows, step } = handLayout(cards.length, cards[0].offsetWidth || 64, width);
  box.style.setProperty("--step", `${step}px`);
  box.classList.toggle("rows", rows > 1);
  for (let at = perRow; at < cards.length; at += perRow) {
    const rowBreak = document.createElement("span");
    rowBreak.className = "row-break";
    rowBreak.setAttribute("aria-hidden", "true");
    cards[at].before(rowBreak);
  }
}

/** @param {HTMLElement} box */
function watch(box) {
  if (!watcher) {
    watcher = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const target = /** @type {HTMLElement} */ (entry.target);
        // Only a change of width lays the cards out again (a new row changes the height alone).
        if (target.dataset.fitWidth !== String(target.clientWidth)) fitHand(target);
      }
    });
    let pending = 0;
    const redraw = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => rerender());
    };
    window.addEventListener("resize", redraw);
    screen.orientation?.addEventListener?.("change", redraw);
  }
  if (!box.dataset.watched) {
    box.dataset.watched = "1";
    watcher.observe(box);
  }
}

/**
 * A table whose columns may stack where the room is narrow (the results and the score sheet on a phone: CSS
 * lays each row out as lines of labelled cells): every cell is labelled with its column's heading
 * (`data-label`), and its table roles are written out, since a table laid out by CSS grid loses them.
 * @param {HTMLElement} table a `<table>` with a `<thead>`
 * @returns {HTMLElement}
 */
export function stackable(table) {
  const headings = [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
  table.classList.add("stackable");
  table.setAttribute("role", "table");
  for (const group of table.querySelectorAll("thead, tbody")) group.setAttribute("role", "rowgroup");
  for (const row of table.querySelectorAll("tr")) {
    row.setAttribute("role", "row");
    [...row.children].forEach((cell, index) => {
      const heading = cell.tagName === "TH";
      const inHead = row.parentElement?.tagName === "THEAD";
      cell.setAttribute("role", inHead ? "columnheader" : heading ? "rowheader" : "cell");
      if (!inHead && headings[index]) cell.setAttribute("data-label", headings[index]);
    });
  }
  return table;
}
