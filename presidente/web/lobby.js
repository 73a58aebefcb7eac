// The lobby: name, open tables, the table-creation form, finished games and the leaderboard.
import { ensurePlayer, getJson, h, postJson, session } from "./api.js";

let catalogue = null;

function showWho() {
  const me = session();
  document.getElementById("who").textContent = me ? `Playing as ${me.name}` : "";
  if (me) document.getElementById("name").value = me.name;
}

async function refreshTables() {
  const { tables } = await getJson("/api/tables");
  const body = document.getElementById("tables");
  body.replaceChildren(...tables.map((table) => h("tr", {},
    h("td", {}, table.name),
    h("td", {}, table.game),
    h("td", {}, table.preset),
    h("td", {}, table.players.map((p) => p.name).join(", ")),
    h("td", {}, h("a", { href: `/table/${table.id}`, class: "button" }, table.open_seats ? "Join" : "Watch")),
  )));
  if (!tables.length) body.append(h("tr", {}, h("td", { colspan: 5 }, "No open table: create one.")));
  const { tables: done } = await getJson("/api/finished");
  document.getElementById("finished").replaceChildren(...done.map((t) =>
    h("li", {}, h("a", { href: `/replay/${t.id}` }, `${t.name} (${t.game}, ${t.preset})`))));
  const { players } = await getJson("/api/leaderboard");
  document.getElementById("leaderboard").replaceChildren(...players.map((p, i) =>
    h("tr", {}, h("td", {}, i + 1), h("td", {}, p.name), h("td", {}, p.rating), h("td", {}, p.games))));
}

function currentGame() {
  return catalogue.games.find((g) => g.game === document.getElementById("game").value);
}

function fillPresets() {
  const game = currentGame();
  document.getElementById("preset").replaceChildren(...Object.keys(game.presets).map((name) =>
    h("option", { value: name }, `${name} — ${game.descriptions[name]}`)));
  fillOptions();
  document.getElementById("bots").replaceChildren();
  fillBots();
}

function fillOptions() {
  const game = currentGame();
  const values = game.presets[document.getElementById("preset").value];
  const box = document.getElementById("options");
  box.replaceChildren();
  for (const [name, value] of Object.entries(values)) {
    if (name === "name") continue;
    const meaning = game.meanings[name] || "";
    let input;
    if (typeof value === "boolean") input = h("input", { type: "checkbox", name, checked: value });
    else if (typeof value === "number") input = h("input", { type: "number", name, value });
    else if (Array.isArray(value)) input = h("input", { name, value: value.join(", "), "data-list": "1" });
    else input = h("input", { name, value: value ?? "" });
    input.dataset.option = typeof value;
    box.append(h("label", { title: meaning }, h("span", {}, name), input, h("small", {}, meaning)));
  }
}

function fillBots() {
  const seats = Number(document.getElementById("seats").value) || 4;
  const names = catalogue.bots[document.getElementById("game").value];
  const box = document.getElementById("bots");
  const before = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren(h("span", {}, "Seats:"));
  for (let seat = 0; seat < seats; seat++) {
    const select = h("select", { name: `bot${seat}`, "aria-label": `seat ${seat}` },
      h("option", { value: "" }, "player"), ...names.map((n) => h("option", { value: n }, `${n} bot`)));
    if (seat > 0) select.value = names.includes("heuristic") ? "heuristic" : names[0];
    if (seat < before.length && (before[seat] === "" || names.includes(before[seat]))) select.value = before[seat];
    box.append(h("label", {}, `#${seat} `, select));
  }
}

function readOptions(form) {
  const options = {};
  const preset = currentGame().presets[form.preset.value];
  for (const input of document.querySelectorAll("#options input")) {
    const name = input.name;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.dataset.option === "number") value = Number(input.value);
    else if (input.dataset.list) value = input.value.split(",").map((s) => s.trim()).map((s) => (/^-?\d+$/.test(s) ? Number(s) : s));
    else value = input.value === "" && preset[name] === null ? null : input.value;
    if (JSON.stringify(value) !== JSON.stringify(preset[name])) options[name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    const me = await ensurePlayer(document.getElementById("name").value.trim() || "Player");
    const seats = Number(form.seats.value);
    const bots = [];
    for (let seat = 0; seat < seats; seat++) bots.push(form[`bot${seat}`].value || null);
    const result = await postJson("/api/tables", {
      token: me.token, name: form.name.value, game: form.game.value, preset: form.preset.value,
      seats, bots, private: form.private.checked, options: readOptions(form),
    });
    if (result.secret) {
      const link = `${location.origin}${result.invite}`;
      document.getElementById("invite").replaceChildren("Invite link: ", h("a", { href: result.invite }, link));
    } else {
      location.href = result.invite;
    }
  } catch (err) {
    error.textContent = err.message;
  }
}

async function main() {
  showWho();
  catalogue = await getJson("/api/games");
  document.getElementById("game").replaceChildren(...catalogue.games.map((g) => h("option", { value: g.game }, g.title)));
  document.getElementById("game").addEventListener("change", fillPresets);
  document.getElementById("preset").addEventListener("change", fillOptions);
  document.getElementById("seats").addEventListener("change", fillBots);
  fillPresets();
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    await ensurePlayer(document.getElementById("name").value.trim());
    showWho();
  });
  await refreshTables();
  setInterval(refreshTables, 3000);
}

main();
