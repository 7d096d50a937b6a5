"""`pnp rules GAME --lookup WORDS` and `--anchors`: the rules reference in the terminal."""

import json

from rich.markup import escape

from pnp.commands.report import console
from pnp.errors import UsageError

KIND_WORDS = {"term": "Term", "card": "Card", "rule": "Rule", "ruling": "Ruling", "example": "Example"}
MAX_SHOWN = 25


def _language(game, language: str | None) -> str:
    languages = game.languages or (game.language,)
    if language is not None and language not in languages:
        raise UsageError(f"--lang {language}: {game.title} prints in {', '.join(languages)}")
    return language or game.language


def _reference(project, game, language: str | None):
    from pnp.check import collect_examples, example_results
    from pnp.data.decks import load_game
    from pnp.reference.entries import build_reference
    from pnp.rulebook.source import rulebook_dir

    if not rulebook_dir(project, game.key).is_dir():
        raise UsageError(f"{game.title} has no rulebook (card_data/{game.key}/rulebook/), so no rules reference")
    every = game.with_all_modules()
    loaded = load_game(project, every)
    examples, _ = collect_examples(project, every)
    results = example_results(project, every, loaded) if every.kinds else {}
    return build_reference(project, every.in_language(_language(game, language)), loaded, results, examples)


def print_anchors(project, game, language: str | None) -> None:
    reference = _reference(project, game, language)
    for section in reference.sections:
        number = f"{section.number} " if section.number else ""
        console.print(f"{'  ' * (section.level - 1)}{escape(section.anchor)}  [dim]{escape(number + section.title)}[/]",
                      highlight=False, soft_wrap=True, markup=True)


def print_lookup(project, game, words: str, language: str | None, as_json: bool) -> None:
    from pnp.reference.search import documents, lookup

    if not words.strip():
        raise UsageError("--lookup needs a word: pnp rules GAME --lookup stratagem")
    reference = _reference(project, game, language)
    found = lookup(documents(reference), words)
    if as_json:
        console.print_json(json.dumps([{"kind": d.kind, "title": d.title, "text": d.text, "href": d.href}
                                       for d in found]))
        return
    if not found:
        console.print(f"{reference.title}: nothing in the rules reference for “{words}”", highlight=False)
        return
    console.print(f"{reference.title}: {len(found)} entr{'y' if len(found) == 1 else 'ies'} for “{words}”"
                  + (f" (the first {MAX_SHOWN})" if len(found) > MAX_SHOWN else ""), highlight=False)
    terms = {t.anchor: t for t in reference.terms}
    cards = {c.anchor: c for c in reference.cards}
    rulings = {r.anchor: r for r in reference.rulings}
    sections = {s.anchor: s for s in reference.sections}
    for document in found[:MAX_SHOWN]:
        anchor = document.href.split("#", 1)[1]
        console.print(f"\n[bold]{KIND_WORDS[document.kind]}[/] {escape(document.title)}  [dim]{escape(document.href)}[/]",
                      highlight=False, soft_wrap=True, markup=True)
        for line in _details(document.kind, anchor, terms, cards, rulings, sections, document):
            console.print(f"    {line}", highlight=False, soft_wrap=True)


def _details(kind, anchor, terms, cards, rulings, sections, document) -> list[str]:
    def named(anchors, table, name):
        return ", ".join(name(table[a]) for a in anchors if a in table)

    if kind == "term":
        term = terms[anchor]
        rule = sections.get(term.term.rule)
        lines = [term.term.definition, f"rule: {(rule.number + ' ') if rule and rule.number else ''}{term.rule_title}"]
        lines += [f"cards: {named(term.cards, cards, lambda c: c.name)}"] if term.cards else []
        lines += [f"rulings: {named(term.rulings, rulings, lambda r: r.id)}"] if term.rulings else []
        return lines
    if kind == "card":
        card = cards[anchor]
        lines = [f"{card.deck_title}, {card.count} cop{'y' if card.count == 1 else 'ies'}", *card.words]
        lines += [f"rules: {named(card.rules, sections, lambda s: s.title)}"] if card.rules else []
        lines += [f"rulings: {named(card.rulings, rulings, lambda r: r.id)}"] if card.rulings else []
        return lines
    if kind == "ruling":
        ruling = rulings[anchor]
        return [ruling.question, ruling.ruling]
    return [document.excerpt]
