// @ts-check
// "This table's rules": a dialog opened from the bar at every table, built from the options the table plays
// (GET /api/tables/{id}/rules: each option's declaration, its plain value and the table's) in the catalogs' words:
// the preset, how a round goes (docs/rules.md's common mechanics), every option this table sets otherwise than the
// plain rules with what it does, and all the options in force by group. The house-rules note beside the log
// (table-effects.js) stays: it names the Daifugo effects at a glance while playing.
import { getJson, h } from "./api.js";
import { has, onLanguageChange, t } from "./i18n.js";
import { GROUPS, groupTitle, optionGroup, optionHelp, optionLabel, optionOrder, valueLabel } from "./option-labels.js";

/** @typedef {import("./option-labels.js").OptionSpec & {value: unknown}} OptionInForce */
/** @typedef {{game: "president" | "el-presidente", preset: string, options: OptionInForce[]}} TableRules */

/** @type {TableRules | null} */
let rules = null;

/** Whether an option is set otherwise than the plain rules. @param {OptionInForce} option */
export function changed(option) {
  return JSON.stringify(option.value) !== JSON.stringify(option.default);
}

/** The options a table plays, in the creation form's order. @param {OptionInForce[]} options */
function ordered(options) {
  return [...options].sort((a, b) => GROUPS.indexOf(optionGroup(a.name)) - GROUPS.indexOf(optionGroup(b.name))
    || optionOrder(a.name) - optionOrder(b.name));
}

/** The dialog's content for these rules. @param {TableRules} table @returns {HTMLElement[]} */
function content(table) {
  const preset = has(`preset-${table.preset}`) ? t(`preset-${table.preset}`) : table.preset;
  const parts = [
    h("h2", { id: "rules-title" }, t("rules-title")),
    h("p", { class: "rules-preset" }, t("rules-preset", { preset, name: table.preset })),
    h("h3", {}, t("rules-basics")),
    ...(table.game === "president"
      ? [t("rules-basics-goal"), t("rules-basics-lead"), t("rules-basics-trick"), t("rules-basics-roles")]
      : [t("battle-rules-hand"), t("battle-rules-attack"), t("battle-rules-after"), t("battle-rules-win")]).map((words) => h("p", {}, words)),
    h("h3", {}, t("rules-changed")),
  ];
  const options = ordered(table.options);
  const different = options.filter(changed);
  parts.push(different.length
    ? h("ul", { class: "rules-changed" }, ...different.map((option) => h("li", {},
      h("b", {}, t("rules-option-value", { option: optionLabel(option.name), value: valueLabel(option, option.value) })),
      " ", optionHelp(option))))
    : h("p", {}, t("rules-plain")));
  const all = h("details", { class: "rules-all" }, h("summary", {}, t("rules-all", { count: options.length })));
  for (const group of GROUPS) {
    const inGroup = options.filter((option) => optionGroup(option.name) === group);
    if (!inGroup.length) continue;
    all.append(h("h4", {}, groupTitle(group)), h("dl", {}, ...inGroup.flatMap((option) => [
      h("dt", {}, optionLabel(option.name)),
      h("dd", { class: changed(option) ? "changed" : null }, valueLabel(option, option.value)),
    ])));
  }
  parts.push(all);
  return parts;
}

/** The "Rules" button in the bar and its dialog; the rules are asked for once, when first opened.
 * @param {string} tableId */
export function installRules(tableId) {
  const keys = /** @type {HTMLElement} */ (document.getElementById("keys-button"));
  const button = h("button", { type: "button", id: "rules-button", class: "tool", "aria-haspopup": "dialog" }, t("rules-button"));
  const body = h("div", { class: "rules-body" });
  const close = h("button", { type: "button", id: "rules-close", class: "primary" }, t("rules-close"));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { id: "rules", class: "rules-dialog", "aria-labelledby": "rules-title" }, body, close));
  keys.before(button);
  document.body.append(dialog);
  const draw = () => body.replaceChildren(...(rules ? content(rules) : [h("h2", { id: "rules-title" }, t("rules-title"))]));
  button.addEventListener("click", async () => {
    if (!rules) {
      try {
        rules = await getJson(`/api/tables/${encodeURIComponent(tableId)}/rules`);
      } catch (error) {
        body.replaceChildren(h("h2", { id: "rules-title" }, t("rules-title")), h("p", { role: "alert" }, String(error.message)));
        dialog.showModal();
        return;
      }
    }
    draw();
    dialog.showModal();
  });
  close.addEventListener("click", () => dialog.close());
  onLanguageChange(() => {
    button.textContent = t("rules-button");
    close.textContent = t("rules-close");
    if (dialog.open) draw();
  });
}
