// Motion shows who did what: a new play flies from its player's seat to the trick, and a trick that ended is
// swept to its winner. Web Animations only, and nothing moves when the player prefers reduced motion.
import { reducedMotion } from "./table-prefs.js";

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
  const before = state.previous.game.trick ?? [];
  const now = state.view.game.trick;
  if (now.length > before.length || (now.length && String(now[0]) !== String(before[0]))) {
    const [seat] = now[now.length - 1];
    const play = document.querySelector("#trick .play.top");
    const from = seatElement(seat);
    if (play && from) {
      const start = centre(from);
      const end = centre(play);
      play.animate(
        [{ transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(.55)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
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
  stack.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${end.x - start.x}px, ${end.y - start.y}px) scale(.3)`, opacity: 0 }],
    { duration: SWEEP_MS, easing: "ease-in", fill: "forwards" },
  );
}
