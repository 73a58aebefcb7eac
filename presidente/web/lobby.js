// The lobby: Play now, your name, open tables, the table-creation form, finished games and the leaderboard.
import { currentPlayer, ensurePlayer, getJson, h, postJson, session } from "./api.js";
import { GROUPS, botLabel, botsSentence, choiceLabel, optionGroup, optionLabel, optionOrder, valueLabel } from "./option-labels.js";

// Play now: the default preset with you and three bots of the solid kind.
const PLAY_NOW = { game: "president", preset: "bga", seats: 4, bot: "heuristic" };
const REFRESH_MS = 3000;
const GAME_TITLES = { president: "President", "el-presidente": "El Presidente" };

let catalogue = null;
const shown = {};  // the JSON each list was last drawn from: a list is redrawn only when it changed

const byId = (id) => document.getElementById(id);

// ------------------------------------------------------------------------------------------- identity

function showWho() {
  const me = session();
  byId("who").textContent = me ? `Playing as ${me.name}` : "Not signed in: choose a name, or just play";
  if (me && document.activeElement !== byId("name")) byId("name").value = me.name;
  if (!me && !byId("table-name").dataset.touched) byId("table-name").value = "My table";
  else if (me && !byId("table-name").dataset.touched) byId("table-name").value = `${me.name}'s table`;
}

/** The player for a click that needs one: the session's, or a new one under the typed name (or a guest's). */
async function player() {
  const typed = byId("name").value.trim();
  const me = await currentPlayer();
  if (me) return me;
  const made = await ensurePlayer(typed || `Guest ${Math.floor(1000 + Math.random() * 9000)}`);
  showWho();
  return made;
}

async function saveName(event) {
  event.preventDefault();
  const note = byId("name-note");
  const name = byId("name").value.trim();
  if (!name) {
    note.textContent = "Type a name of 1 to 24 characters.";
    byId("name").focus();
    return;
  }
  try {
    const before = session();
    const me = await ensurePlayer(name);
    note.textContent = before
      ? `Saved: you play as ${me.name}, with the same seats and rating.`
      : `Welcome, ${me.name}.`;
    showWho();
    refresh(true);
  } catch (error) {
    note.textContent = error.message;
  }
}

// ------------------------------------------------------------------------------------------- Play now

async function playNow(event) {
  const button = event.currentTarget;
  const error = byId("play-error");
  error.textContent = "";
  button.disabled = true;
  try {
    const me = await player();
    const { seats, bot } = PLAY_NOW;
    const result = await postJson("/api/tables", {
      token: me.token, name: `${me.name}'s table`, game: PLAY_NOW.game, preset: PLAY_NOW.preset, seats,
      bots: [null, ...Array(seats - 1).fill(bot)], sit: true,
    });
    location.href = result.invite;
  } catch (err) {
    error.textContent = err.message;
    button.disabled = false;
  }
}

// ------------------------------------------------------------------------------------------- lists

function changed(key, data) {
  const text = JSON.stringify(data);
  if (shown[key] === text) return false;
  shown[key] = text;
  return true;
}

function tableLine(table) {
  const seated = table.players.filter((p) => p.kind === "human" || p.kind === "bot").length;
  const status = table.status === "waiting" ? "waiting for players" : "playing";
  const who = table.players.map((p) => (p.kind === "empty" ? "free seat" : p.name)).join(", ");
  const links = [];
  if (table.seat !== undefined) {
    links.push(h("a", { href: `/table/${table.id}`, class: "button primary", "aria-label": `Back to your seat at ${table.name}` },
      "Back to your seat"));
  } else if (table.open_seats) {
    const free = table.open_seats === 1 ? "1 seat free" : `${table.open_seats} seats free`;
    links.push(h("a", { href: `/table/${table.id}#sit`, class: "button primary", "aria-label": `Take a seat at ${table.name} (${free})` },
      "Take a seat"));
  }
  if (table.seat === undefined) {
    links.push(h("a", { href: `/table/${table.id}#watch`, class: "button", "aria-label": `Watch ${table.name} without a seat` },
      "Watch"));
  }
  return h("li", { class: "table-line" },
    h("div", { class: "what" },
      h("strong", {}, table.name),
      h("span", { class: "meta" }, `${GAME_TITLES[table.game] ?? table.game} · ${table.preset} · ${status} · ${seated} of ${table.seats} seated`),
      h("span", { class: "meta" }, who)),
    h("div", { class: "actions" }, ...links));
}

function showMyTables(tables) {
  if (!changed("mine", tables)) return;
  byId("mine-panel").hidden = !tables.length;
  byId("my-tables").replaceChildren(...tables.map(tableLine));
}

function showTables(tables, mine) {
  const ids = new Set(mine.map((table) => table.id));
  tables = tables.filter((table) => !ids.has(table.id));  // yours are listed above, with your seat
  if (!changed("tables", tables)) return;
  const list = byId("tables");
  list.replaceChildren(...tables.map(tableLine));
  if (!tables.length) list.append(h("li", { class: "empty-line" }, "No open table: press Play now, or create one below."));
}

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function showFinished(tables) {
  if (!changed("finished", tables)) return;
  const list = byId("finished");
  list.replaceChildren(...tables.map((t) => {
    const when = t.finished ? new Date(t.finished * 1000) : null;
    const others = t.players.slice(1);
    return h("li", {},
      h("a", { href: `/replay/${t.id}` }, `Replay of ${t.name}`),
      h("span", { class: "meta" },
        when ? h("time", { datetime: when.toISOString() }, DATE.format(when)) : "",
        ` · ${GAME_TITLES[t.game] ?? t.game} · ${t.preset}`),
      h("span", { class: "meta" },
        t.winner ? ["Winner: ", h("strong", {}, t.winner)] : "No winner",
        others.length ? ` · then ${others.join(", ")}` : ""));
  }));
  if (!tables.length) list.append(h("li", { class: "empty-line" }, "No finished game yet."));
}

/** Tables the server could not resume (issue 13): listed, never offered to play. */
function showDamaged(tables) {
  if (!changed("damaged", tables)) return;
  byId("damaged-panel").hidden = !tables.length;
  byId("damaged").replaceChildren(...tables.map((t) =>
    h("li", {}, h("strong", {}, t.name), h("span", { class: "meta" }, ` · ${GAME_TITLES[t.game] ?? t.game} · ${t.preset} · damaged`))));
}

/** A leaderboard name: a bot's rating is per game ("bot:president:heuristic" is "heuristic bot (President)"). */
function rankedName(entry) {
  const [kind, game, bot] = entry.id.split(":");
  return kind === "bot" && bot ? `${bot} bot (${GAME_TITLES[game] ?? game})` : entry.name;
}

function showLeaderboard(players) {
  const me = session();
  if (!changed("leaderboard", [players, me?.id])) return;
  const body = byId("leaderboard");
  body.replaceChildren(...players.map((p, i) => h("tr", { class: me && p.id === me.id ? "mine" : "" },
    h("td", {}, i + 1),
    h("td", {}, rankedName(p), me && p.id === me.id ? " (you)" : ""),
    h("td", {}, p.rating),
    h("td", {}, p.games))));
  if (!players.length) body.append(h("tr", {}, h("td", { colspan: 4 }, "Nobody has finished a game yet.")));
}

async function refresh(force = false) {
  if (force) for (const key of Object.keys(shown)) delete shown[key];
  const me = session();
  const mineRequest = me
    ? fetch("/api/me/tables", { headers: { "x-token": me.token } }).then((r) => (r.ok ? r.json() : { tables: [] }))
    : Promise.resolve({ tables: [] });
  const [open, done, board, damaged, mine] = await Promise.all([
    ...["/api/tables", "/api/finished", "/api/leaderboard", "/api/damaged"].map((url) => getJson(url).catch(() => null)),
    mineRequest.catch(() => ({ tables: [] })),
  ]);
  showMyTables(mine.tables);
  if (open) showTables(open.tables, mine.tables);
  if (done) showFinished(done.tables);
  if (board) showLeaderboard(board.players);
  if (damaged) showDamaged(damaged.tables);
}

// ------------------------------------------------------------------------------------------- the form

function currentGame() {
  return catalogue.games.find((g) => g.game === byId("game").value);
}

function currentPreset() {
  return document.querySelector('#presets input[name="preset"]:checked')?.value;
}

function fillGame() {
  const game = currentGame();
  const names = Object.keys(game.presets);
  byId("presets").replaceChildren(...names.map((name, i) => h("label", { class: "preset" },
    h("input", { type: "radio", name: "preset", value: name, checked: i === 0 ? true : null }),
    h("span", {}, h("strong", {}, name), " — ", game.descriptions[name] ?? ""))));
  byId("bots").replaceChildren();
  fillSeats();
  fillOptions();
}

/** The seat counts the preset allows: its fewest and most players, within 2 to 8. */
function seatBounds() {
  const values = currentGame().presets[currentPreset()] ?? {};
  return [Math.max(2, values.min_players ?? 2), Math.min(8, values.max_players ?? 8)];
}

function fillSeats() {
  const [low, high] = seatBounds();
  const input = byId("seats");
  input.min = String(low);
  input.max = String(high);
  const wanted = Number(input.value);
  if (!Number.isInteger(wanted) || wanted < low || wanted > high) input.value = String(Math.min(high, Math.max(low, 4)));
  byId("seats-help").textContent = `${low} to ${high} with these rules`;
  fillBots();
}

/** The seat count typed, checked against the preset's bounds. */
function readSeats() {
  const [low, high] = seatBounds();
  const text = byId("seats").value.trim();
  const seats = Number(text);
  if (!/^\d+$/.test(text) || seats < low || seats > high) {
    byId("seats").focus();
    throw new Error(`Players at the table: ${low} to ${high} with ${currentPreset()}, not ${text || "empty"}.`);
  }
  return seats;
}

function fillBots() {
  const [low, high] = seatBounds();
  const seats = Math.min(high, Math.max(low, Number(byId("seats").value) || 4));
  const names = catalogue.bots[byId("game").value];
  const box = byId("bots");
  byId("bots-help").textContent = `Bots: ${botsSentence(names)}`;
  const before = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren();
  for (let seat = 0; seat < seats; seat++) {
    const id = `bot${seat}`;
    const select = h("select", { id, name: id },
      h("option", { value: "" }, "A player"), ...names.map((n) => h("option", { value: n }, botLabel(n))));
    if (seat > 0) select.value = names.includes("heuristic") ? "heuristic" : names[0];
    if (seat < before.length && (before[seat] === "" || names.includes(before[seat]))) select.value = before[seat];
    box.append(h("div", { class: "field seat-field" }, h("label", { for: id }, `Seat ${seat + 1}`), select));
  }
}

// Each option's input follows its declaration in the catalogue (`kind`, bounds, choices, size): a select for
// a fixed choice, a checkbox for yes/no, a number box with its bounds, a comma list or text box otherwise.
function optionInput(spec, value, id) {
  const name = spec.name;
  switch (spec.kind) {
    case "bool":
      return h("input", { type: "checkbox", id, name, checked: value });
    case "choice":
    case "card": {
      const select = h("select", { id, name },
        ...spec.choices.map((choice) => h("option", { value: choice }, choiceLabel(name, choice))));
      select.value = value;
      return select;
    }
    case "int":
      return h("input", { type: "number", id, name, value, min: spec.minimum, max: spec.maximum, step: 1, inputmode: "numeric" });
    case "int_list":
    case "name_list":
      return h("input", { id, name, value: value.join(", ") });
    default:
      return h("input", { id, name, value: value ?? "", maxlength: spec.max_chars });
  }
}

function optionField(spec, value) {
  const id = `option-${spec.name}`;
  const input = optionInput(spec, value, id);
  const range = spec.kind === "int" ? ` (${spec.minimum}–${spec.maximum})` : "";
  const help = h("small", { id: `${id}-help`, class: "help" }, `${spec.meaning}${range}`);
  const mark = h("small", { id: `${id}-mark`, class: "changed-mark" });
  input.setAttribute("aria-describedby", `${id}-mark ${id}-help`);
  input.addEventListener("input", markChanges);
  input.addEventListener("change", markChanges);
  const label = h("label", { for: id }, optionLabel(spec.name));
  const body = spec.kind === "bool"
    ? [h("div", { class: "check" }, input, label), mark, help]
    : [label, input, mark, help];
  return h("div", { class: `option kind-${spec.kind}`, "data-option": spec.name }, ...body);
}

function fillOptions() {
  const game = currentGame();
  const values = game.presets[currentPreset()];
  const groups = new Map(GROUPS.map(([key, title]) => [key, { title, fields: [] }]));
  const specs = [...game.options].sort((a, b) => optionOrder(a.name) - optionOrder(b.name));
  for (const spec of specs) groups.get(optionGroup(spec.name)).fields.push(optionField(spec, values[spec.name]));
  byId("options").replaceChildren(...[...groups.values()].filter((g) => g.fields.length).map((g) =>
    h("fieldset", { class: "option-group" }, h("legend", {}, g.title), ...g.fields)));
  markChanges();
}

/** Mark each option whose value differs from the preset's, and count them in the summary. */
function markChanges() {
  const game = currentGame();
  const preset = game.presets[currentPreset()];
  let count = 0;
  for (const spec of game.options) {
    const field = document.querySelector(`#options [data-option="${spec.name}"]`);
    const input = byId(`option-${spec.name}`);
    let differs;
    try {
      differs = JSON.stringify(readOption(spec, input)) !== JSON.stringify(preset[spec.name]);
    } catch {
      differs = true;  // not a valid value yet: it is not the preset's either
    }
    field.classList.toggle("changed", differs);
    byId(`option-${spec.name}-mark`).textContent = differs
      ? `Changed — ${currentPreset()} has ${valueLabel(spec, preset[spec.name])}` : "";
    count += differs ? 1 : 0;
  }
  byId("changed-count").textContent = count ? `(${count} changed from ${currentPreset()})` : `(as ${currentPreset()})`;
}

// A value the page refuses before sending, with the words the server would use.
function refusal(spec, detail) {
  return new Error(`${optionLabel(spec.name)}: ${spec.name} must ${spec.requirement}${detail}.`);
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
 * naming the option (and opens the rules and focuses it), and nothing is sent. */
function readOptions() {
  const options = {};
  const game = currentGame();
  const preset = game.presets[currentPreset()];
  for (const spec of game.options) {
    const input = byId(`option-${spec.name}`);
    let value;
    try {
      value = readOption(spec, input);
    } catch (error) {
      byId("rules-options").open = true;
      input.focus();
      throw error;
    }
    if (JSON.stringify(value) !== JSON.stringify(preset[spec.name])) options[spec.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const error = byId("create-error");
  error.textContent = "";
  byId("invite").replaceChildren();
  try {
    const options = readOptions();
    const tableName = form.elements.name.value.trim();
    if (!tableName) {
      form.elements.name.focus();
      throw new Error("Give the table a name.");
    }
    const seats = readSeats();
    const me = await player();
    const bots = [];
    for (let seat = 0; seat < seats; seat++) bots.push(form[`bot${seat}`].value || null);
    const result = await postJson("/api/tables", {
      token: me.token, name: tableName, game: form.game.value, preset: currentPreset(),
      seats, bots, private: form.private.checked, sit: form.sit.checked, options,
    });
    if (result.secret) {
      const link = `${location.origin}${result.invite}`;
      byId("invite").replaceChildren(
        h("p", {}, "Your private table is open. Send this invite link to the people you want at it:"),
        h("p", { class: "invite-link" }, h("a", { href: result.invite }, link)),
        h("p", {}, h("a", { href: result.invite, class: "button primary" }, "Go to the table")));
    } else {
      location.href = result.invite;
    }
  } catch (err) {
    error.textContent = err.message;
  }
}

async function main() {
  showWho();
  byId("play-now").addEventListener("click", playNow);
  byId("name-form").addEventListener("submit", saveName);
  byId("table-name").addEventListener("input", (event) => { event.target.dataset.touched = "1"; });
  const refreshing = refresh();
  currentPlayer().then(showWho).catch(() => {});
  catalogue = await getJson("/api/games");
  byId("game").replaceChildren(...catalogue.games.map((g) => h("option", { value: g.game }, g.title)));
  byId("game").addEventListener("change", fillGame);
  byId("presets").addEventListener("change", () => { fillSeats(); fillOptions(); });
  byId("seats").addEventListener("change", fillBots);
  byId("seats").addEventListener("input", fillBots);
  fillGame();
  const form = byId("create-form");
  // The options are checked by readOptions with messages naming them: the browser's own check would stop
  // at a number box hidden in the closed "Change the rules" and say nothing.
  form.noValidate = true;
  form.addEventListener("submit", create);
  await refreshing;
  setInterval(refresh, REFRESH_MS);
}

main();
