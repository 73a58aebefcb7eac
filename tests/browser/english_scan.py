"""Finds English left on a page shown in another language (issue 26): every visible text node (and the accessible
names and placeholders of visible elements, and the options of visible selects), read in the page, is flagged when
it reads as a message of the English catalog (presidente/web/locales/en.ftl, its arguments as wildcards) — or of
another language's — that no message of the page's language reads as, or otherwise reads as English (English
words; in Japanese, a word of Latin letters with no Japanese beside it), or holds Japanese on a French or Spanish
page. Names typed by players, bot kinds, presets and card ranks aside.

    left = english_left(page, "fr", names={"Ann", "My table"})
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache
from pathlib import Path
from typing import Any

LOCALES = Path(__file__).resolve().parents[2] / "presidente" / "web" / "locales"
CATALOGS = ("en", "fr", "es", "ja")
ENTRY = re.compile(r"^(-?[a-zA-Z][\w-]*) *= ?(.*)$")
ATTRIBUTE = re.compile(r"^\s+\.([a-zA-Z][\w-]*) *= ?(.*)$")
VARIANT = re.compile(r"\*?\[[^\]]+\]")
# What every page shows as it is in each language: the brand, games' and presets' names, bot kinds, the languages
# named in themselves in the switcher, and what needs no translation.
NAMES = {
    "Presidente",
    "El Presidente",
    "OpenSkill",
    "bga",
    "victorz",
    "trump-jokers",
    "college",
    "college-draft",
    "uecda",
    "daifugo",
    "standard",
    "random",
    "auto",
    "heuristic",
    "ismcts",
    "learned",
    "cardsearch",
    "strong",
    "English",
    "Français",
    "Español",
    "日本語",
    "joker",
    "Elo",
    "UECda",
    "QR",
    "Board Game Arena",
    "11-back",
}
# Words of English sentences that French and Spanish pages never write (not "place", "pile", "score",
# "invite", "tables", "passes").
ENGLISH_WORDS = {
    "the", "your", "you", "with", "and", "is", "are", "of", "this", "that", "from", "wins", "plays",
    "waiting", "round", "seat", "seats", "turn", "cards", "card", "hand", "ready", "game", "over", "players",
    "player", "pick", "attack", "attacks", "beat", "beats", "throw", "concede", "concedes", "take", "move",
    "moves", "rules", "sound", "log", "deal", "dealt", "trick", "show", "hide", "leave", "sit", "watch",
    "replay", "review", "next", "previous", "back", "lobby", "new", "play", "pass", "give", "gives",
    "who", "what", "when", "there", "here", "none", "yes", "copy", "close", "send", "open", "keyboard",
    "shortcuts", "results", "first", "last", "again", "name", "seconds", "rating",
}  # fmt: skip
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]")
# What `t` writes for a message no catalog has: its id ("table-pass", "option-decks.help").
MESSAGE_ID = re.compile(r"-?[a-z][a-z0-9]*(?:-[a-z0-9_]+)+(?:\.[a-z-]+)?")
PROBES = ("Qzx", "Qzxs", "Qzx wvq", "Qzx wvqs", "Qzx wvq.", "Qzx wvq zzk yyk.")  # texts no message tells of
LETTERS = re.compile(r"[^\W\d_]{3,}")

# The page's visible words: text nodes of visible elements (outside selects, command lines and the hidden), the
# options of visible selects, and the accessible names and placeholders of visible elements.
TEXTS = """() => {
  const texts = [];
  const add = (text) => {
    const words = (text ?? "").replace(/\\s+/g, " ").trim();
    if (words) texts.push(words);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest("select, code, script, style") || !element.checkVisibility()) continue;
    add(node.textContent);
  }
  for (const select of document.querySelectorAll("select")) {
    if (select.checkVisibility()) for (const option of select.options) add(option.textContent);
  }
  for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
    if (!element.checkVisibility()) continue;
    for (const name of ["aria-label", "placeholder", "title", "alt"]) add(element.getAttribute(name));
  }
  add(document.title);
  return texts;
}"""


@cache
def patterns(language: str) -> dict[str, str]:
    """Each message's value and each attribute ("id.attr") of a catalog, as written (lines joined by a space)."""
    found: dict[str, str] = {}
    current: str | None = None
    for line in (LOCALES / f"{language}.ftl").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if entry := ENTRY.match(line):
            current = entry.group(1)
            found[current] = entry.group(2)
        elif (attribute := ATTRIBUTE.match(line)) and current is not None:
            current = f"{current.split('.')[0]}.{attribute.group(1)}"
            found[current] = attribute.group(2)
        elif current is not None and (line[:1].isspace() or line.startswith("}")):
            found[current] = f"{found[current]} {line.strip()}".strip()
    return found


def closing(text: str, start: int) -> int:
    """The index of the brace that closes the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return index
    raise ValueError(f"unclosed placeable in {text!r}")


def to_regex(pattern: str, catalog: dict[str, str], literal: list[str]) -> str:
    """A Fluent pattern as a regular expression: its text as written (any run of spaces as any), each argument
    any text, each select expression its variants, each term or message reference its value. The literal text
    met is added to `literal`."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char != "{":
            if char.isspace():
                while index + 1 < len(pattern) and pattern[index + 1].isspace():
                    index += 1
                out.append(r"\s+")
            else:
                out.append(re.escape(char))
                literal.append(char)
            index += 1
            continue
        end = closing(pattern, index)
        inner = pattern[index + 1 : end].strip()
        index = end + 1
        head, arrow, body = inner.partition("->")
        if arrow and "{" not in head and VARIANT.search(body):
            starts = [m for m in VARIANT.finditer(body) if body[: m.start()].count("{") == body[: m.start()].count("}")]
            variants = [
                body[m.end() : (starts[i + 1].start() if i + 1 < len(starts) else len(body))]
                for i, m in enumerate(starts)
            ]
            out.append("(?:" + "|".join(to_regex(v.strip(), catalog, literal) for v in variants) + ")")
        elif inner.startswith('"') and inner.endswith('"'):
            out.append(re.escape(inner[1:-1]))
        elif re.fullmatch(r"-?[a-zA-Z][\w-]*", inner) and inner in catalog:
            out.append("(?:" + to_regex(catalog[inner], catalog, literal) + ")")
        else:
            out.append(".+?")
    return "".join(out)


@cache
def compiled(language: str) -> list[tuple[str, re.Pattern[str], bool]]:
    """Each message of a catalog as (id, its regex, whether it tells: its own text has a word of three letters or
    more, and it does not read as any text)."""
    catalog = patterns(language)
    made = []
    for key, pattern in catalog.items():
        literal: list[str] = []
        regex = to_regex(pattern.strip(), catalog, literal)
        made_regex = re.compile(regex, re.DOTALL)
        # A message that reads as any text at all ("{ $name }", a select whose default is its argument) tells nothing.
        telling = bool(LETTERS.search("".join(literal))) and not any(made_regex.fullmatch(probe) for probe in PROBES)
        made.append((key, made_regex, telling))
    return made


@cache
def combined(language: str) -> re.Pattern[str]:
    """The catalog's telling messages as one regular expression: whether a text reads as any of them."""
    return re.compile(
        "|".join(f"(?:{regex.pattern})" for _, regex, telling in compiled(language) if telling), re.DOTALL
    )


def foreign_message(text: str, language: str) -> str | None:
    """The message of another catalog (English first) that `text` reads as, when no message of `language` reads as
    it: "en: log-pass"."""
    if combined(language).fullmatch(text):
        return None
    for other in ("en", *(other for other in CATALOGS if other not in ("en", language))):
        if combined(other).fullmatch(text):
            key = next(key for key, regex, telling in compiled(other) if telling and regex.fullmatch(text))
            return f"{other}: {key}"
    return None


@cache
def option_codes() -> tuple[set[str], set[str]]:
    """The rules options' names and choices, as the option help writes them ("turn : passer ce tour seulement"):
    those with a hyphen or an underscore, and the single words."""
    from presidente.server.games import game_catalogue

    codes = {
        str(code) for game in game_catalogue() for spec in game["options"] for code in (spec["name"], *spec["choices"])
    }
    joined = {code for code in codes if re.search(r"[-_]", code)}
    return joined, codes - joined


def without_names(text: str, names: set[str]) -> str:
    """The text with names, and option codes where the help names them, blanked out."""
    for name in sorted(NAMES | names, key=len, reverse=True):
        text = text.replace(name, " ")
    joined, words = option_codes()
    for code in sorted(joined, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(code)}(?![\w-])", " ", text)
    for code in words:  # a single word is a code where it is explained: "none (rien)", "trick : hors du pli"
        text = re.sub(rf"(?<![\w-]){re.escape(code)}(?=\s*[:(])", " ", text)
    return text


def reads_as_english(text: str, language: str, names: set[str]) -> bool:
    rest = without_names(text, names)
    if language == "ja":
        return not JAPANESE.search(text) and bool(re.search(r"[A-Za-z]{3,}", rest))
    words = {word.lower() for word in re.findall(r"[^\W\d_]+", rest)}
    return bool(words & ENGLISH_WORDS)


def english_texts(texts: list[str], language: str, names: Collection[str] = ()) -> list[str]:
    """The texts of a page in `language` left in English (or in another of the page's languages), each with why:
    the message it reads as ("en: log-pass"), "words" when it otherwise reads as English, "Japanese" for Japanese
    on a page in French or Spanish, or a message's id (what `t` writes for a message no catalog has)."""
    left = []
    for text in dict.fromkeys(texts):
        rest = without_names(text, set(names))
        if not rest.strip(" ·,:;()—-–#0123456789/×+%!?."):
            continue  # a name, a number or a card rank alone
        key = foreign_message(text, language)
        if MESSAGE_ID.fullmatch(text):  # not a name nor an option's code (those were set aside above)
            left.append(f"{text!r} (a message's id: no catalog has it)")
        elif key is not None:
            left.append(f"{text!r} ({key})")
        elif reads_as_english(text, language, set(names)):
            left.append(f"{text!r} (words)")
        elif language != "ja" and JAPANESE.search(rest):
            left.append(f"{text!r} (Japanese)")
    return left


def english_left(page: Any, language: str, names: Collection[str] = ()) -> list[str]:
    """What the page shows now that is left in English (or another language), though it is shown in `language`."""
    shown: list[str] = page.evaluate(TEXTS)
    return english_texts(shown, language, set(names))
