"""A pseudo-language: every message about 40% longer, in accented letters, its ends marked.

``⟦Šéţţîñĝš~~⟧`` reads as "Settings" to a developer, takes the room a long language (German)
takes, and shows where a text was cut (a missing ``⟧``). Every ASCII letter becomes an accented
one, so a text on screen that still holds plain English words did not come through the
catalogue (or was joined from pieces around one): ``untranslated_words`` finds them, and the
layout checker (``python -m benchmarks layout --languages pseudo``) reports each as a problem.
``{placeholders}`` are kept as they are, so the program can still fill them. What Babel writes
(a date's month, the "and" of a list) is in the pseudo-language too (``PseudoLocale``), so it is
told from English left in code in the same way.

The game does not ship it: the checks install it with ``language.use`` like any catalogue.
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Iterable, Mapping

from babel import Locale
from babel.localedata import LocaleDataDict

from hearts_desktop import language

CODE = "pseudo"
START, END, PADDING = "⟦", "⟧", "~"
GROWTH = 0.4
"""How much longer each message gets (German runs about 30% longer than English)."""
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
"""A str.format field (kept), or a doubled brace (a literal one, kept too)."""
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
CUT_NAME = 4
"""The shortest start of a name taken as that name cut to fit (shorter ones are English words:
"An" is not Anna)."""
CUT = "…"
NOT_TRANSLATED = frozenset({"Hearts", "Desktop", "Hearts Desktop", *language.SHIPPED.values()})
"""Words a screen shows in every language: the game's name and the languages, each named in
itself (the Language setting). The names the game gives players ("You", "Alice") are words
of the language, said as any other."""


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language (fields and literal braces left as they are).

    >>> pseudo("Play {card}?")
    '⟦Þļáý {card}?~~⟧'
    """
    body = "".join(part if FIELD.fullmatch(part) else part.translate(ACCENTED) for part in FIELD.split(message))
    padding = max(0, math.ceil(len(message) * GROWTH) - len(START + END))
    return f"{START}{body}{PADDING * padding}{END}"


class PseudoCatalogue(gettext.NullTranslations):
    """Answers every lookup in the pseudo-language (plural by the English rule)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


class PseudoLocale(Locale):
    """The game's (British) English dates and lists with their words in the pseudo-language:
    a month is ``⟦Ṁáŕ⟧``, a list ``⟦Anna, Ben áñð Clara~~~~⟧`` (a pattern of commas alone is no
    word and stays as it is). Numbers are English's: digits are no words."""

    def __init__(self) -> None:
        super().__init__("en", "GB")

    @property
    def months(self) -> LocaleDataDict:
        english = Locale.parse(language.WRITTEN_ENGLISH).months
        return LocaleDataDict({context: {width: _words_of(names) for width, names in widths.items()}
                               for context, widths in english.items()})

    @property
    def list_patterns(self) -> LocaleDataDict:
        english = Locale.parse(language.WRITTEN_ENGLISH).list_patterns
        return LocaleDataDict({style: _words_of(patterns) for style, patterns in english.items()})


def _words_of(texts: Mapping[object, str]) -> dict[object, str]:
    """Each text holding a letter in the pseudo-language; the others (``{0}, {1}``) as they are."""
    return {key: pseudo(text) if ENGLISH_WORD.search(FIELD.sub("", text)) else text for key, text in texts.items()}


def speak_pseudo(code: str = CODE) -> None:
    """Speak the pseudo-language under ``code`` (``MIRRORED_CODE``: read right to left)."""
    language.use(PseudoCatalogue(), code, PseudoLocale())


def untranslated_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain English words in a text drawn while the pseudo-language was spoken: none
    when every word came through the catalogue. Names and the game's name are ``allowed``,
    whole or cut short to fit (``Bartholomew Mmmm…``; the text's last word, cut with an
    ellipsis, may be any start of one: ``Cl…``)."""
    names = {word for name in (*NOT_TRANSLATED, *allowed) for word in ENGLISH_WORD.findall(name)}
    found = [(match.group(), match.end()) for match in ENGLISH_WORD.finditer(text)]
    return [word for word, end in found
            if not any(name == word or name.startswith(word) and (len(word) >= CUT_NAME or text[end:] == CUT)
                       for name in names)]


MIRRORED = "--mirrored"
MIRRORED_CODE = "he"
"""The code the mirrored pseudo-language speaks under: a right-to-left one, so the interface
mirrors as for Hebrew while every word stays readable to a developer."""


def play(arguments: list[str]) -> int:
    """``python -m benchmarks pseudo [--mirrored] [game options]``: the game's own window in
    the pseudo-language, to look at every screen in it (``--mirrored``: read right to left)."""
    from hearts_desktop.app import app_options, parse_args
    from hearts_desktop.ui.app import App, RunLimits

    code = MIRRORED_CODE if MIRRORED in arguments else CODE
    args = parse_args([argument for argument in arguments if argument != MIRRORED])
    app = App(app_options(args))

    def speak_it(shown: App) -> None:  # after the first frame: the window's screens are rebuilt in it
        if language.current() != code:
            speak_pseudo(code)

    app.on_frame = speak_it
    return app.run(RunLimits(max_seconds=args.max_seconds))
