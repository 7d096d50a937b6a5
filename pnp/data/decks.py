"""Loading a game's decks: parse, validate against the schema, check counts and references."""

import os
import re
from dataclasses import dataclass, replace
from functools import cache

from pnp.data.csv_source import load_csv
from pnp.data.fields import LIST_SEPARATOR
from pnp.data.game import Deck, Game
from pnp.data.located import Located
from pnp.data.schema import missing_fix, validate
from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError, Problem
from pnp.files import project_files, read_bytes
from pnp.limits import MAX_DECK_CARDS
from pnp.picture_checks import svg_problem
from pnp.project import Project
from pnp.suggest import closest, listed

INLINE_TOKEN = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class LoadedDeck:
    deck: Deck
    cards: list
    located: Located


def read_source(project: Project, game: Game, deck: Deck) -> Located:
    path = project.card_data / game.key / deck.source
    shown = project.relative(path)
    if not os.path.lexists(path):         # anything there, a link or a FIFO too, is named by its reader
        raise DataError([Problem(shown, None, "(file)", f"the data file of the {deck.title}",
                                 "no such file", f"Create {shown}")])
    if path.suffix == ".csv":
        return load_csv(path, shown, project.root)
    if path.suffix == ".xlsx":
        from pnp.data.xlsx_source import load_xlsx

        return load_xlsx(path, deck.sheet or deck.key, shown, project.root)
    return load_yaml(path, shown, project.root)


def _count_problems(located: Located, game: Game, deck: Deck, cards: list) -> list[Problem]:
    if len(cards) == deck.count:
        return []
    last = located.line_of((len(cards) - 1,)) if cards else 1
    return [Problem(located.file, last, "(deck)", f"{deck.count} cards ({deck.count_rule})",
                    f"{len(cards)} cards",
                    ("Add the missing cards" if len(cards) < deck.count else "Remove the extra cards")
                    + f", or change the deck's `count: {deck.count}` in {_count_place(game, deck)} (and its "
                    "`count_rule`)")]


def _count_place(game: Game, deck: Deck) -> str:
    """game.yaml and the line of the deck's `count:`, where the declaration can be read."""
    declared = game.located
    entries = declared.data.get("decks") if declared is not None and isinstance(declared.data, dict) else None
    for index, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, dict) and entry.get("key") == deck.key:
            return f"{declared.file}:{declared.line_of(('decks', index, 'count'))}"
    return "game.yaml"


def _id_problems(located: Located, cards: list) -> list[Problem]:
    first_line: dict = {}
    problems = []
    for index, card in enumerate(cards):
        card_id = getattr(card, "id", None)
        if card_id in first_line and first_line[card_id] != located.line_of((index, "id")):
            problems.append(Problem(located.file, located.line_of((index, "id")), located.field_name((index, "id")),
                                    "an id no other card has", repr(card_id),
                                    f"Line {first_line[card_id]} uses it already"))
        first_line.setdefault(card_id, located.line_of((index, "id")))
    return problems


def _counts_by_problems(located: Located, deck: Deck, cards: list) -> list[Problem]:
    """The split the declaration asks for (`counts_by: {type: {unique: 4, ...}}`)."""
    problems = []
    for field, wanted in deck.counts_by.items():
        have = {str(value): sum(1 for card in cards if str(getattr(card, field)) == str(value))
                for value in wanted}
        others = sum(1 for card in cards if str(getattr(card, field)) not in have)
        if all(have[str(v)] == n for v, n in wanted.items()) and not others:
            continue
        split = ", ".join(f"{n} with {field} {v}" for v, n in wanted.items())
        found = ", ".join(f"{have[str(v)]} with {v}" for v in wanted) + (f", {others} other" if others else "")
        problems.append(Problem(located.file, located.line_of((0,)), f"(deck) {field}", split, found,
                                f"Change the {field} of a card, or the deck's counts_by in game.yaml "
                                f"(line {deck.declared_at})"))
    return problems


def icon_names(project: Project) -> list[str]:
    """The icons of layouts/icons/ (a link or a FIFO there is refused, naming it)."""
    return [path.stem for path in project_files(project.layouts / "icons", project.root, (".svg",), recursive=False)]


def unknown_icon_fix(name: str, known: list[str]) -> str:
    """The closest icons, or a few to start from: never all of them (there are over a hundred)."""
    close = closest(name, known)
    if close:
        return f"Did you mean {' or '.join(repr(c) for c in close)}? The icons are the files of layouts/icons/"
    return f"Use the name of a file of layouts/icons/, without .svg: {listed(name, sorted(known))}"


def icon_problem(project: Project, name: str) -> str | None:
    """Why the icon file may not be drawn: a link, not a plain file, too large, a <use> bomb
    (checked on the bytes read, as the typesetter reads them)."""
    shown = f"layouts/icons/{name}.svg"
    try:
        data = read_bytes(project.layouts / "icons" / f"{name}.svg", shown, project.root)
    except DataError as error:
        problem = error.problems[0]
        fix = problem.fix[:1].lower() + problem.fix[1:]
        return f"{problem.found or problem.expected}" + (f"; {fix}" if fix else "")
    return svg_problem(data)


def _field_value(card, field: str):
    """A field of a card, validated or as written (a mapping, or no mapping at all)."""
    return card.get(field) if isinstance(card, dict) else getattr(card, field, None)


def _icon_problems(project: Project, located: Located, cards: list, icons=None, model=None) -> list[Problem]:
    """Each icon a card names that is not a drawable file of layouts/icons/; `icons()`: the
    names there, listed once for every deck of a game. `cards` may be the entries as written
    (dicts, when they do not validate), read by the deck's `model`."""
    def fields(card):
        return (model or type(card)).ICON_FIELDS

    if not any(isinstance(_field_value(card, field), str) for card in cards for field in fields(card)):
        return []
    known = icons() if icons is not None else icon_names(project)
    reasons: dict = {}                    # icon name -> why it may not be drawn, read once
    problems, seen = [], set()
    for index, card in enumerate(cards):
        for field in fields(card):
            name = _field_value(card, field)
            if not isinstance(name, str):
                continue
            where = (located.file, located.line_of((index, field)), located.field_name((index, field)))
            if (where[1], field, name) in seen:       # copies of one CSV row share its line
                continue
            seen.add((where[1], field, name))
            if name not in known:
                problems.append(Problem(*where, "the name of an icon", f"'{name}', which is not in layouts/icons/",
                                        unknown_icon_fix(name, known)))
                continue
            if name not in reasons:
                reasons[name] = icon_problem(project, name)
            if reasons[name]:
                problems.append(Problem(*where, "an icon pnp can draw", f"layouts/icons/{name}.svg: {reasons[name]}"))
    return problems


def _inline_icon_problems(located: Located, game: Game, cards: list, model=None) -> list[Problem]:
    """Every {token} of a text field that the game does not declare; `cards` may be the
    entries as written (dicts, when they do not validate), read by the deck's `model`."""
    problems, seen = [], set()
    tokens = sorted(game.inline_icons)
    shown = ["{" + token + "}" for token in tokens]
    for index, card in enumerate(cards):
        for field in (model or type(card)).TEXT_FIELDS:
            value = _field_value(card, field)
            for token in INLINE_TOKEN.findall(value if isinstance(value, str) else ""):
                line = located.line_of((index, field))
                if token not in game.inline_icons and (line, field, token) not in seen:   # a CSV row's copies: once
                    seen.add((line, field, token))
                    known = listed("{" + token + "}", shown, quote="") if tokens else "none (game.yaml declares no inline_icons)"
                    problems.append(Problem(located.file, line,
                                            located.field_name((index, field)), f"an inline icon among {known}",
                                            "{" + token + "}", _inline_icon_fix(token, tokens)))
    return problems


def _inline_icon_fix(token: str, tokens: list[str]) -> str:
    """The closest declared token, and how to declare a new one."""
    declare = f"declare {{{token}}} in game.yaml under inline_icons: ({token}: ICON, an icon of layouts/icons/)"
    near = closest(token, tokens, 1)
    return f"Did you mean {{{near[0]}}}? Or {declare}" if near else f"Fix the spelling, {declare}, or remove the braces"


def _cells_as_lists(located: Located, model) -> tuple[Located, list[Problem]]:
    """A table deck's list fields, each one cell whose items LIST_SEPARATOR parts (`4 | 5 | 6`);
    an effects field, whose steps are mappings no cell can hold, is refused at its cell."""
    if not located.columns or not (model.LIST_FIELDS or model.STEP_FIELDS):
        return located, []
    data, problems, seen = [], [], set()
    for index, card in enumerate(located.data):
        if isinstance(card, dict):
            card = dict(card)
            for name, (kind, choices) in model.LIST_FIELDS.items():
                if card.get(name) is not None and not isinstance(card[name], list):
                    written = str(card[name])
                    card[name] = [item.strip() for item in written.split(LIST_SEPARATOR)]
                    problem = _list_cell_problem(card[name], kind, choices, written)
                    place = located.line_of((index, name))
                    if problem and (place, name) not in seen:       # a row's copies: once
                        seen.add((place, name))
                        problems.append(Problem(located.file, place, located.field_name((index, name)),
                                                f"items parted by a vertical bar ({LIST_SEPARATOR}), one value "
                                                "between each two: 4 | 5 | 6", repr(written), problem))
                    if problem:
                        card[name] = []             # refused here, not again item by item
            for name in model.STEP_FIELDS:
                if name not in card:
                    continue
                written, line = card.pop(name), located.line_of((index, name))      # refused here, not again
                if (line, name) not in seen:
                    seen.add((line, name))
                    problems.append(Problem(located.file, line, name,
                                            "effects as a list of `{op: NAME, ...}` steps, which a cell cannot hold",
                                            repr(written), "Keep this deck in YAML, or leave the column out"))
        data.append(card)
    return replace(located, data=data), problems


def _list_cell_problem(items: list, kind: str, choices: tuple, written: str) -> str | None:
    """How to mend a list cell that reads wrong (an empty item, items parted by commas), or None."""
    if "" in items:
        return "Remove the empty item: a bar at an end, or two bars with nothing between them"
    if kind in ("ints", "choices") and any(("," in item or ";" in item) and item not in choices for item in items):
        return f"Part the items with {LIST_SEPARATOR}, not a comma: " + f" {LIST_SEPARATOR} ".join(
            part.strip() for part in written.replace(";", ",").replace(LIST_SEPARATOR, ",").split(","))
    return None


def _required_if_problems(located: Located, cards: list) -> list[Problem]:
    """An optional field with `required_if: OTHER` has a value on every card where OTHER has one."""
    problems, seen = [], set()
    for index, card in enumerate(cards):
        for name, other in type(card).REQUIRED_IF.items():
            if getattr(card, other) in (None, [], "") or getattr(card, name) not in (None, []):
                continue
            line = located.line_of((index, name))
            if (line, name) in seen:                # a table row's copies: once
                continue
            seen.add((line, name))
            fill = missing_fix(located, name)
            problems.append(Problem(located.file, line, located.field_name((index, name)),
                                    f"a value, since {other} has one (`required_if: {other}` in game.yaml)", "nothing",
                                    f"{fill}, or clear its {other}"))
    return problems


def load_deck(project: Project, game: Game, deck: Deck, icons=None) -> LoadedDeck:
    return checked_deck(project, game, deck, read_source(project, game, deck), icons)


def checked_deck(project: Project, game: Game, deck: Deck, located: Located, icons=None) -> LoadedDeck:
    """The deck whose file was read as `located`, checked as a whole."""
    if not isinstance(located.data, list):
        raise DataError([Problem(located.file, 1, "(top)", "a list of cards, one `- ` entry each",
                                 type(located.data).__name__)])
    if len(located.data) > MAX_DECK_CARDS:
        raise DataError([Problem(located.file, located.line_of((MAX_DECK_CARDS,)), "(deck)",
                                 f"at most {MAX_DECK_CARDS:,} cards in a deck (MAX_DECK_CARDS)",
                                 f"{len(located.data):,} cards", "Split the deck")])
    return checked_cards(project, game, deck, located, icons)


def checked_cards(project: Project, game: Game, deck: Deck, located: Located, icons=None,
                  whole_deck: bool = True) -> LoadedDeck:
    """The cards of `located` validated and checked; not `whole_deck`: some of its cards only
    (the studio's one card), so what only the whole deck shows (its count, ids used twice, its
    split, the game's own deck checks) is left to the deck's check."""
    located, in_cells = _cells_as_lists(located, deck.card)
    try:
        cards = validate(located, list[deck.card])
    except DataError as error:       # what the entries as written already show is reported with it
        raw = located.data
        also = _count_problems(located, game, deck, raw) if whole_deck else []
        also += _icon_problems(project, located, raw, icons, deck.card) + _inline_icon_problems(located, game, raw, deck.card)
        raise DataError(in_cells + error.problems + also) from None
    if in_cells:
        raise DataError(in_cells)
    problems = _count_problems(located, game, deck, cards) + _id_problems(located, cards) if whole_deck else []
    problems += _required_if_problems(located, cards)
    problems += _counts_by_problems(located, deck, cards) if whole_deck else []
    problems += _icon_problems(project, located, cards, icons)
    problems += _inline_icon_problems(located, game, cards)
    for check in deck.checks if whole_deck else ():
        problems += check(located, cards)
    if problems:
        raise DataError(problems)
    return LoadedDeck(deck, cards, located)


def load_game(project: Project, game: Game) -> list[LoadedDeck]:
    """Every deck of the game; the problems of all decks are reported together."""
    loaded, problems = [], []
    icons = cache(lambda: icon_names(project))
    for deck in game.decks:
        try:
            loaded.append(load_deck(project, game, deck, icons))
        except DataError as error:
            problems += error.problems
    if not problems:
        for check in game.checks:
            problems += check(loaded)
    if problems:
        raise DataError(problems)
    return loaded
