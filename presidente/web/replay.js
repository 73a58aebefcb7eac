// The replay page: steps through a finished game, every hand shown.
import { SHOWN_COPIES, cardSvg, cardsOf } from "./cards.js";
import { getJson, h, namedLine, seatLabels } from "./api.js";

const tableId = location.pathname.split("/").pop();
let step = 0;
let steps = 0;

function expand(group) {
  return group.flatMap(([text, count]) => Array(Math.min(count, SHOWN_COPIES)).fill(text));
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
  const names = seatLabels(data.names);
  const move = data.move;
  document.getElementById("move").textContent = move
    ? `${move.seat === null ? "Table" : names[move.seat]}: ${move.text}` : "The deal.";
  const view = data.view;
  const president = view.game === "president";
  const rows = view.hands.map((hand, seat) => {
    const cards = president ? expand(hand) : hand;
    const facts = president
      ? [view.results.length ? view.seats[seat].title : "", `score ${view.seats[seat].score}`]
      : [seat === view.attacker ? "attacker" : "", seat === view.defender ? "defender" : "", `${hand.length} cards`];
    const turn = view.current === seat ? " turn" : "";
    return h("div", { class: `hands-row${turn}`, "data-seat": seat },
      h("strong", {}, names[seat]), h("small", {}, facts.filter(Boolean).join(" · ")),
      h("div", { class: "cards" }, ...cards.map((c) => cardSvg(c, { width: 34 }))));
  });
  const pile = president
    ? view.trick.map(([seat, play]) => h("div", { class: "play top" }, h("span", { class: "who" }, names[seat]),
      h("div", { class: "cards" }, ...cardsOf(play).map((c) => cardSvg(c, { width: 44 })))))
    : [h("div", { class: "battle" },
        h("span", { class: "who" }, `Battle ${view.battle}: ${names[view.attacker]} attacks ${names[view.defender]}`),
        h("div", { class: "cards stacked" }, ...view.battle_pile.map((c) => cardSvg(c, { width: 44 }))))];
  if (president && !view.trick.length) pile.push(h("p", { class: "empty" }, "Empty pile: a new trick."));
  const counts = president
    ? `${view.face_up.reduce((n, [, c]) => n + c, 0)} face up`
    : `deck ${view.deck_size} · discard ${view.discard_size} · games won ${view.team_wins.join(" – ")}`;
  document.getElementById("board").replaceChildren(
    h("div", { class: "centre" }, h("div", { class: "pile" }, ...pile), h("div", { class: "counts" }, counts)),
    ...rows,
    h("ol", { class: "log" }, ...view.log.map((line) => h("li", {}, namedLine(line, names)))));
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("back").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(Math.min(steps, step + 1)));
document.getElementById("last").addEventListener("click", () => show(steps));
document.getElementById("slider").addEventListener("change", (event) => show(Number(event.target.value)));
show(0);
