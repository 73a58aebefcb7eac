// @ts-check
// Motion shows who did what: a new play flies from its player's seat to the trick, a trick that ended is swept
// to its winner, and a new round's cards are dealt into the hand. Web Animations only, and nothing moves when the player prefers reduced motion.
import { cardSvg } from "./cards.js";
import { reducedMotion } from "./table-prefs.js";
import { expand } from "./table-words.js";

const PLAY_MS = 320;
const SWEEP_MS = 380;

function centre(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

function seatElement(seat) {
  return document.querySelector(`#felt .seat[data-seat="${seat}"]`);
}

/** After a render: animate what changed since the view before. */
export function animatePlays(state) {
  if (reducedMotion() || !state.previous?.game || state.view.game?.game !== "president") return;
  if (state.previous.game.round !== state.view.game.round) return deal();
  if (!state.previous.game.received?.length && state.view.game.received?.length) {
    // The cards received in the exchange rise once (they stay marked until the first trick ends).
    for (const card of document.querySelectorAll("#hand .card.received")) {
      card.animate([{ transform: "none" }, { transform: "translateY(-16px)" }, { transform: "none" }], { duration: 700, iterations: 2 });
    }
  }
  const before = state.previous.game.trick ?? [];
  const now = state.view.game.trick;
  if (now.length > before.length || (now.length && String(now[0]) !== String(before[0]))) {
    const [seat] = now[now.length - 1];
    const play = document.querySelector("#trick .play.top");
    const from = seatElement(seat);
    if (play && from) {
      const start = centre(from);
      const end = centre(play);
      // No fade: the play's name label (white on translucent black) over a light seat at half opacity reads at
      // 2.3:1. It flies at full opacity, readable all the way.
      play.animate(
        [{ transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(.55)` }, { transform: "none" }],
        { duration: PLAY_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
      );
    }
  }
  const ended = state.endedTrick;
  if (ended && !ended.sweepPlanned) {
    ended.sweepPlanned = true;
    setTimeout(() => sweep(ended.winner), Math.max(0, ended.until - Date.now() - SWEEP_MS));
  }
}

function sweep(winner) {
  const stack = document.querySelector("#trick.ended .stack");
  const to = seatElement(winner);
  if (!stack || !to) return;
  const start = centre(stack);
  const end = centre(to);
  // It shrinks into the seat and vanishes at the end (visibility is discrete) rather than fading over it: the
  // names half faded over a light seat fail contrast (2.3:1).
  stack.animate(
    [
      { transform: "none", visibility: "visible" },
      { transform: `translate(${end.x - start.x}px, ${end.y - start.y}px) scale(.3)`, visibility: "hidden" },
    ],
    { duration: SWEEP_MS, easing: "ease-in", fill: "forwards" },
  );
}

/** A new round: the hand's cards arrive from the centre of the table one after another. */
function deal() {
  const trick = document.getElementById("trick");
  const cards = [...document.querySelectorAll("#hand .card")];
  if (!trick || !cards.length) return;
  const from = centre(trick);
  cards.forEach((card, index) => {
    const to = centre(card);
    card.animate(
      [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(.4)`, opacity: 0 }, { transform: "none", opacity: 1 }],
      { duration: 260, delay: index * 35, easing: "ease-out", fill: "backwards" },
    );
  });
}

const GIVE_MS = 650;
const SHOWN_BACKS = 4;

/** Cards given in the exchange (or by a 7 give) fly from the giver's seat to the receiver's: their faces when
 * this viewer may see them, else their backs. Once per update; nothing moves under reduced motion. */
export function flyGives(state) {
  const gives = state.freshGives ?? [];
  state.freshGives = [];
  if (reducedMotion() || !gives.length) return;
  gives.forEach((give, index) => {
    const from = seatElement(give.giver);
    const to = seatElement(give.receiver);
    if (!from || !to) return;
    const faces = give.cards ? expand(give.cards) : Array(Math.min(give.count, SHOWN_BACKS)).fill(null);
    const flying = document.createElement("div");
    flying.className = "flying";
    flying.setAttribute("aria-hidden", "true");
    for (const card of faces) flying.append(cardSvg(card, { width: 40, label: false }));
    document.body.append(flying);
    const start = centre(from);
    const end = centre(to);
    const half = { x: flying.offsetWidth / 2, y: flying.offsetHeight / 2 };
    const at = (point, scale) => `translate(${point.x - half.x}px, ${point.y - half.y}px) scale(${scale})`;
    const motion = flying.animate(
      [{ transform: at(start, 0.8), opacity: 0.3 }, { transform: at(start, 1), opacity: 1, offset: 0.15 }, { transform: at(end, 0.8), opacity: 1 }],
      { duration: GIVE_MS, delay: index * 200, easing: "ease-in-out", fill: "both" },
    );
    motion.finished.then(() => flying.remove(), () => flying.remove());
  });
}
