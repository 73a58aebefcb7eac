// The replay page: steps through a finished game, every hand shown.
import { cardSvg, cardsOf } from "./cards.js";
import { getJson, h } from "./api.js";

const tableId = location.pathname.split("/").pop();
let step = 0;
let steps = 0;

function expand(group) {
  return group.flatMap(([text, count]) => Array(Math.min(count, 8)).fill(text));
}

async function show(target) {
  const data = await getJson(`/api/replay/${tableId}?step=${Math.max(0, target)}`);
  step = data.step;
  steps = data.steps;
  document.getElementById("title").textContent = `${data.name} · ${data.game} · ${data.preset}`;
  const slider = document.getElementById("slider");
  slider.max = String(steps);
  slider.value = String(step);
  document.getElementById("step").textContent = `move ${step} of ${steps}`;
  const move = data.move;
  document.getElementById("move").textContent = move
    ? `${move.seat === null ? "Table" : data.names[move.seat]}: ${move.text}` : "The deal.";
  const view = data.view;
  const rows = view.hands.map((hand, seat) => {
    const cards = view.game === "president" ? expand(hand) : hand;
    const facts = view.game === "president" ? `${view.seats[seat].title || ""} score ${view.seats[seat].score}` : "";
    return h("div", { class: "hands-row" }, h("strong", {}, `${data.names[seat]} `), h("small", {}, facts),
      ...cards.map((c) => cardSvg(c, { width: 34 })));
  });
  const pile = view.game === "president"
    ? view.trick.map(([seat, play]) => h("div", { class: "play top" }, h("span", { class: "who" }, data.names[seat]),
      h("div", { class: "cards" }, ...cardsOf(play).map((c) => cardSvg(c, { width: 44 })))))
    : [h("div", { class: "cards stacked" }, ...view.battle_pile.map((c) => cardSvg(c, { width: 44 })))];
  document.getElementById("board").replaceChildren(
    h("div", { class: "centre" }, h("div", { class: "pile" }, ...pile)),
    ...rows,
    h("ol", { class: "log" }, ...view.log.map((line) => h("li", {}, line))));
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("back").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(Math.min(steps, step + 1)));
document.getElementById("last").addEventListener("click", () => show(steps));
document.getElementById("slider").addEventListener("change", (event) => show(Number(event.target.value)));
show(0);
