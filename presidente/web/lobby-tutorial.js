// @ts-check
// The lobby's "Learn to play": opens the guided first game (POST /api/tutorial, server/tutorial.py) at its table page
// with `tutorial` in the link, which turns the guide on (table-tutorial.js); and says whether this browser has done
// or skipped it.
import { postJson } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";
import { tutorialStatus } from "./table-tutorial.js";

/** @typedef {import("./api.js").Session} Session */

function showStatus() {
  const status = tutorialStatus();
  const line = /** @type {HTMLElement} */ (document.getElementById("learn-status"));
  line.textContent = status === "done" ? t("lobby-learn-done") : status === "skipped" ? t("lobby-learn-skipped") : "";
  line.hidden = !status;
}

/** @param {() => Promise<Session>} player the session's player, or a new one (the lobby's) */
export function setUpLearnToPlay(player) {
  const button = /** @type {HTMLButtonElement} */ (document.getElementById("learn"));
  const error = /** @type {HTMLElement} */ (document.getElementById("learn-error"));
  showStatus();
  onLanguageChange(showStatus);
  button.addEventListener("click", async () => {
    error.textContent = "";
    button.disabled = true;
    try {
      const me = await player();
      const table = await postJson("/api/tutorial", { token: me.token, name: t("tutorial-table-name") });
      location.href = `${table.invite}&tutorial`;
    } catch (err) {
      error.textContent = err.message;
      button.disabled = false;
    }
  });
}
