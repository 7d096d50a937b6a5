"""A keyword reads the same everywhere: each catalogue entry whose source words use a glossary
term must use that term's words in the language (or one of its other forms), as the glossary of
that language gives them."""

import re
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class TermMiss:
    term: str                 # the source term
    words: str                # the term in the language
    message: str              # the source words using it
    line: int | None          # of the entry in the catalogue


PLACEHOLDERS = re.compile(r"%\([A-Za-z_]\w*\)[sdif]|\{[A-Za-z_][\w-]*\}|<[^<>]*>")


def folded(text: str) -> str:
    """Lower case, no accents, no placeholders, icons or tags (`{gall}` is not the word "gall")."""
    text = unicodedata.normalize("NFKD", PLACEHOLDERS.sub(" ", text).replace("’", "'").casefold())
    return "".join(letter for letter in text if not unicodedata.combining(letter))


def _finds(forms) -> re.Pattern:
    alternatives = "|".join(re.escape(folded(form)) for form in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def term_misses(pairs: list[tuple[tuple, tuple]], catalogue) -> list[TermMiss]:
    """`pairs`: (the source term and its forms, the term in the language and its forms). An entry
    whose msgid holds a source form and whose msgstr holds none of the language's forms (as the
    start of a word: `carte` finds `cartes`) misses the glossary."""
    checks = [(source[0], target[0], _finds(source),
               re.compile("|".join(rf"(?<![\w-]){re.escape(folded(form))}" for form in target)))
              for source, target in pairs if source and target]
    misses = []
    for message in catalogue:
        if not message.id or not isinstance(message.id, str) or not message.string or message.fuzzy:
            continue
        said, translated = folded(message.id), folded(str(message.string))
        for term, words, in_source, in_translation in checks:
            if in_source.search(said) and not in_translation.search(translated):
                misses.append(TermMiss(term, words, message.id, message.lineno))
    return misses


def glossary_pairs(project, game, language: str) -> list[tuple[tuple, tuple]]:
    """Each source term with its forms, beside its words in `language` (from locale/LANG/glossary.yaml)."""
    from pnp.i18n.locale_data import GLOSSARY_WORDS, REQUIRED_GLOSSARY_WORDS, locale_words
    from pnp.reference.glossary import load_glossary

    source = game.source_game or game
    terms = load_glossary(project, source, source.language)
    words = locale_words(project, game.key, language, "glossary.yaml", GLOSSARY_WORDS, REQUIRED_GLOSSARY_WORDS,
                         [term.term for term in terms])
    return [(term.forms, (words[term.term]["term"], *words[term.term].get("also", ())))
            for term in terms if term.term in words and "term" in words[term.term]]
