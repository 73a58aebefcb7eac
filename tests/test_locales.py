"""The browser's message catalogs (presidente/web/locales/*.ftl, docs/i18n.md): every message of one language is in
all four, with the same attributes; every message the pages name is in the catalogs, and every message in the
catalogs is named by a page. Messages named by a pattern (`option-${name}`) are checked against where their
names come from: the engines' option declarations, the bots, the presets, the role titles, the cards. The English
option help and preset descriptions are the server's own words, so a changed meaning is noticed here (and
the other languages' words with it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from presidente.president.rules import PRESETS, Rules
from presidente.server.bots import bot_names
from presidente.server.games import game_catalogue
from presidente.server.refusals import HTTP_CODES, SERVER_CODES, table_catalog

WEB = Path(__file__).resolve().parents[1] / "presidente" / "web"
LANGUAGES = ("en", "fr", "es", "ja")
ENTRY = re.compile(r"^(-?[a-zA-Z][\w-]*) *=")
ATTRIBUTE = re.compile(r"^\s+\.([a-zA-Z][\w-]*) *=")
# A message named in the code: t("id"), t("id.attribute"), tParts("id"), has("id"), and review.js's status("id",
# ...), which hands its id to t; data-l10n-id="id" in a page or "data-l10n-id": "id" in a module; dataset.l10nId.
CALL = re.compile(r"""(?<![\w$])(?<![^.]\.)(?:t|tParts|has|status)\(\s*["']([\w.-]+)["']""")
MARKED = re.compile(r"""data-l10n-id["']?\s*[:=]\s*["']([\w-]+)["']|l10nId\s*=\s*["']([\w-]+)["']""")
# Messages named by a pattern in the code (t(`option-${name}`)): the prefix, and the names the pattern takes.
PATTERNS = ("error-", "option-", "choice-", "group-", "bot-", "game-", "preset-", "title-", "suit-", "rank-")


def catalog(language: str) -> dict[str, set[str]]:
    """Each message (and term, "-name") of a catalog with its attributes; a message twice is an error."""
    entries: dict[str, set[str]] = {}
    current = None
    for number, line in enumerate((WEB / "locales" / f"{language}.ftl").read_text().splitlines(), 1):
        if entry := ENTRY.match(line):
            current = entry.group(1)
            assert current not in entries, f"{language}.ftl:{number}: {current} twice"
            entries[current] = set()
        elif (attribute := ATTRIBUTE.match(line)) and current is not None:
            entries[current].add(attribute.group(1))
    return entries


def code_texts() -> dict[str, str]:
    files = [*WEB.glob("*.js"), *WEB.glob("*.html")]
    return {path.name: path.read_text() for path in files}


def used_ids() -> set[str]:
    used = set()
    for text in code_texts().values():
        used.update(match.group(1) for match in CALL.finditer(text))
        used.update(a or b for a, b in MARKED.findall(text))
    return used


def role_titles() -> set[str]:
    """The engine's default role titles and every preset's, as game-words.js names their messages."""
    titles = {*Rules().role_titles, *(title for preset in PRESETS.values() for title in preset.rules.role_titles)}
    return {re.sub(r"[^a-z0-9]+", "-", title.lower()) for title in titles}


def pattern_names() -> dict[str, set[str]]:
    """What each pattern's ${...} takes: the messages it may name."""
    games = game_catalogue()
    specs = [spec for game in games for spec in game["options"]]
    groups_text = re.search(r"export const GROUPS = \[([^\]]*)\]", (WEB / "option-labels.js").read_text())
    assert groups_text, "option-labels.js declares GROUPS"
    return {
        "error-": {code.replace("_", "-") for code in HTTP_CODES},
        "option-": {spec["name"] for spec in specs},
        "choice-": {f"{spec['name']}-{choice}" for spec in specs for choice in spec["choices"]},
        "group-": set(re.findall(r'"(\w+)"', groups_text.group(1))),
        "bot-": {bot for bots in bot_names().values() for bot in bots},
        "game-": {game["game"] for game in games},
        "preset-": {preset for game in games for preset in game["descriptions"]},
        "title-": role_titles(),
        "suit-": set("CDHS"),
        "rank-": set("JQKA"),
    }


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_language_has_every_message_and_attribute(language: str) -> None:
    english, other = catalog("en"), catalog(language)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}.ftl"
    assert sorted(set(other) - set(english)) == [], f"in {language}.ftl only"
    differing = [name for name in english if english[name] != other[name]]
    assert differing == [], f"attributes differ in {language}.ftl"


def test_every_message_named_in_the_code_is_in_the_catalogs() -> None:
    english = catalog("en")
    missing = []
    for name in used_ids():
        message, _, attribute = name.partition(".")
        if message not in english or (attribute and attribute not in english[message]):
            missing.append(name)
    assert sorted(missing) == []


def test_every_message_in_the_catalogs_is_named_in_the_code() -> None:
    used = {name.partition(".")[0] for name in used_ids()}
    names = pattern_names()
    unused = []
    for message in catalog("en"):
        if message.startswith("-") or message in used:
            continue
        prefix = next((prefix for prefix in PATTERNS if message.startswith(prefix)), None)
        if prefix is None or message.removeprefix(prefix) not in names[prefix]:
            unused.append(message)
    assert sorted(unused) == []


def test_each_pattern_is_used_and_every_name_it_takes_has_its_message() -> None:
    english = catalog("en")
    code = "\n".join(code_texts().values())
    for prefix, wanted in pattern_names().items():
        assert f"`{prefix}${{" in code, f"no message is named by `{prefix}${{...}}`"
        missing = sorted(name for name in wanted if prefix + name not in english)
        assert missing == [], f"{prefix}: no message for {missing}"
    for name in pattern_names()["option-"]:
        assert "help" in english[f"option-{name}"], f"option-{name} has no .help"


def test_every_server_refusal_has_words_in_every_language() -> None:
    """Each of the server's own codes (`refusals.SERVER_CODES`) is said in all four languages wherever a player meets
    it: at a table (`table_catalog`: its actions and the websocket's own frames) by the message its `refusal.<code>`
    in table-messages.js writes, over HTTP (`HTTP_CODES`: the lobby, the replay page) as `error-<code>`."""
    messages = (WEB / "table-messages.js").read_text(encoding="utf-8")
    catalogs = {language: catalog(language) for language in LANGUAGES}
    at_a_table = set(table_catalog())
    missing = []
    for code in SERVER_CODES:
        ids: list[str | None] = []
        if code in at_a_table:
            entry = re.search(rf'"refusal\.{code}":[^\n]*?(?<![\w.])t\("([\w-]+)"', messages)
            ids.append(entry.group(1) if entry else None)
        if code in HTTP_CODES:
            ids.append("error-" + code.replace("_", "-"))
        if not ids:
            missing.append(f"{code}: neither a table's nor HTTP's")
        missing += [
            f"{language}: {code} ({name})" for name in ids for language in LANGUAGES if name not in catalogs[language]
        ]
    assert missing == [], "server codes without words: " + "; ".join(missing)


def english_values() -> dict[str, str]:
    """The English catalog's one-line values and attributes ("option-decks.help")."""
    values = {}
    current = None
    for line in (WEB / "locales" / "en.ftl").read_text().splitlines():
        if entry := re.match(r"^(-?[a-zA-Z][\w-]*) *= *(.*)$", line):
            current = entry.group(1)
            values[current] = entry.group(2)
        elif (attribute := re.match(r"^\s+\.([\w-]+) *= *(.*)$", line)) and current:
            values[f"{current}.{attribute.group(1)}"] = attribute.group(2)
    return values


def test_the_english_help_and_presets_are_the_servers_own_words() -> None:
    values = english_values()
    for game in game_catalogue():
        for spec in game["options"]:
            assert values[f"option-{spec['name']}.help"] == spec["meaning"], spec["name"]
        for preset, description in game["descriptions"].items():
            assert values[f"preset-{preset}"] == description, preset


def test_each_language_names_the_roles_as_its_players_do() -> None:
    terms = {language: catalog(language) for language in LANGUAGES}
    assert all({"-president", "-scum"} <= set(entries) for entries in terms.values())
    text = (WEB / "locales" / "fr.ftl").read_text()
    assert "-scum = Trou du cul" in text and "-high-scum = Vice-Trou du cul" in text
    text = (WEB / "locales" / "ja.ftl").read_text()
    assert "-president = 大富豪" in text and "-scum = 大貧民" in text
    text = (WEB / "locales" / "es.ftl").read_text()
    assert "-vice-president = Vicepresidente" in text and "-scum = Culo" in text
