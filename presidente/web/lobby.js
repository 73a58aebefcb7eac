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

// Each option's input follows its declaration in the catalogue (`kind`, bounds, choices, size): a select for
// a fixed choice, a checkbox for yes/no, a number box with its bounds, a comma list or text box otherwise.
function optionInput(spec, value) {
  const name = spec.name;
  switch (spec.kind) {
    case "bool":
      return h("input", { type: "checkbox", name, checked: value });
    case "choice":
    case "card": {
      const select = h("select", { name }, ...spec.choices.map((choice) => h("option", { value: choice }, choice)));
      select.value = value;
      return select;
    }
    case "int":
      return h("input", { type: "number", name, value, min: spec.minimum, max: spec.maximum, step: 1 });
    case "int_list":
    case "name_list":
      return h("input", { name, value: value.join(", ") });
    default:
      return h("input", { name, value: value ?? "", maxlength: spec.max_chars });
  }
}

function fillOptions() {
  const game = currentGame();
  const values = game.presets[document.getElementById("preset").value];
  const box = document.getElementById("options");
  box.replaceChildren();
  for (const spec of game.options) {
    const input = optionInput(spec, values[spec.name]);
    const hint = spec.kind === "int" ? `${spec.meaning} (${spec.minimum}–${spec.maximum})` : spec.meaning;
    box.append(h("label", { title: `${spec.meaning} Allowed: ${spec.allowed}.` },
      h("span", {}, spec.name), input, h("small", {}, hint)));
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

// A value the page refuses before sending, with the words the server would use.
function refusal(spec, detail) {
  return new Error(`${spec.name} must ${spec.requirement}${detail}.`);
}

const WHOLE_NUMBER = /^[+-]?\d+$/;
// Python's isprintable: no control, format, surrogate or private-use character, no separator but the space.
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

function itemFits(spec, item) {
  if (spec.kind === "int_list") {
    return WHOLE_NUMBER.test(item) && Number(item) >= spec.item_min && Number(item) <= spec.item_max;
  }
  const length = [...item].length;  // characters, as the server counts them
  return length >= 1 && length <= spec.max_chars && !NOT_PRINTABLE.test(item);
}

function readOption(spec, input) {
  switch (spec.kind) {
    case "bool":
      return input.checked;
    case "choice":
    case "card":
      return input.value;
    case "int": {
      const text = input.value.trim();
      const number = Number(text);
      if (!WHOLE_NUMBER.test(text) || number < spec.minimum || number > spec.maximum) {
        throw refusal(spec, `, not ${text ? JSON.stringify(text) : "empty"}`);
      }
      return number;
    }
    case "int_list":
    case "name_list": {
      const items = input.value.split(",").map((item) => item.trim());
      if (items.length !== spec.length) throw refusal(spec, `, not ${items.length} items`);
      const bad = items.findIndex((item) => !itemFits(spec, item));
      if (bad >= 0) throw refusal(spec, `; item ${bad + 1} is ${JSON.stringify(items[bad])}`);
      return spec.kind === "int_list" ? items.map(Number) : items;
    }
    default: {
      const text = input.value.trim();
      if (text === "" && spec.nullable) return null;
      const length = [...text].length;
      if (length < 1 || length > spec.max_chars || NOT_PRINTABLE.test(text)) throw refusal(spec, `, not ${JSON.stringify(text)}`);
      return text;
    }
  }
}

/** The options changed from the preset, each checked against its declaration: a bad one throws an Error
 * naming the option, and nothing is sent. */
function readOptions(form) {
  const options = {};
  const game = currentGame();
  const preset = game.presets[form.preset.value];
  for (const spec of game.options) {
    const value = readOption(spec, document.querySelector(`#options [name="${spec.name}"]`));
    if (JSON.stringify(value) !== JSON.stringify(preset[spec.name])) options[spec.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    const options = readOptions(form);
    const me = await ensurePlayer(document.getElementById("name").value.trim() || "Player");
    const seats = Number(form.seats.value);
    const bots = [];
    for (let seat = 0; seat < seats; seat++) bots.push(form[`bot${seat}`].value || null);
    const result = await postJson("/api/tables", {
      token: me.token, name: form.name.value, game: form.game.value, preset: form.preset.value,
      seats, bots, private: form.private.checked, options,
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
  const form = document.getElementById("create-form");
  // The options are checked by readOptions with messages naming them: the browser's own check would stop
  // at a number box hidden in the closed "Rules options" and say nothing.
  form.noValidate = true;
  form.addEventListener("submit", create);
  document.getElementById("name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    await ensurePlayer(document.getElementById("name").value.trim());
    showWho();
  });
  await refreshTables();
  setInterval(refreshTables, 3000);
}

main();
