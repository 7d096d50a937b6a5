"""Fuzzing every game of the registry: whatever a data file, a declaration, an example or a
chapter holds, pnp answers with its result or with Problems (DataError), never another
exception. Parametrized over the games, so every future game joins automatically."""

import csv
import io
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.check import check_game
from pnp.data.decks import load_game
from pnp.errors import DataError, PnpError
from pnp.games import game_keys, get_game
from pnp.project import Project
from tests.conftest import ROOT, copy_project

GAMES = game_keys(Project.at(ROOT))
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=60),
    st.sampled_from(["", " ", "{gall}", "{nope}", "{{ 7*7 }}", "<b>x</b>", "\x07", "²", "A", "10", "-1",
                     "99999999999999999999", "three-headed-wolf", "../../etc/passwd", "é" * 5]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return Project.at(copy_project(tmp_path_factory.mktemp("fuzz") / "project"))


def restore(project, relative):
    shutil.copyfile(ROOT / relative, project.root / relative)


def answers_in_words(call):
    try:
        call()
    except PnpError:
        pass


def write_cards(path, cards):
    if path.suffix == ".csv":
        columns = sorted({key for card in cards for key in card})
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=columns)
        writer.writeheader()
        for card in cards:
            writer.writerow({k: "" if v is None else str(v) for k, v in card.items()})
        path.write_text(buffer.getvalue())
    else:
        path.write_text(yaml.safe_dump(cards, allow_unicode=True))


@pytest.mark.parametrize("key", GAMES)
@FUZZ
@given(data=st.data())
def test_any_card_value_is_loaded_or_refused_in_words(project, key, data):
    game = get_game(project, key)
    deck = data.draw(st.sampled_from(game.decks))
    relative = f"card_data/{key}/{deck.source}"
    original = [c for c in (yaml.safe_load((ROOT / relative).read_text()) if deck.source.endswith(".yaml")
                            else list(csv.DictReader(io.StringIO((ROOT / relative).read_text()))))]
    cards = [dict(card) for card in original]
    index = data.draw(st.integers(0, len(cards) - 1))
    field = data.draw(st.sampled_from(sorted(cards[index]) + ["an-unknown-key"]))
    cards[index][field] = data.draw(values)
    try:
        write_cards(project.root / relative, cards)
        answers_in_words(lambda: load_game(project, game))
    finally:
        restore(project, relative)


@pytest.mark.parametrize("key", GAMES)
@FUZZ
@given(data=st.data())
def test_any_declaration_value_is_read_or_refused_in_words(project, key, data):
    relative = f"card_data/{key}/game.yaml"
    declaration = yaml.safe_load((ROOT / relative).read_text())
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(sorted(declaration) + ["extra"]))
        declaration[name] = data.draw(values)
    else:
        deck = data.draw(st.sampled_from(declaration["decks"]))
        name = data.draw(st.sampled_from(sorted(deck) + ["extra"]))
        deck[name] = data.draw(values)
    try:
        (project.root / relative).write_text(yaml.safe_dump(declaration, allow_unicode=True))
        answers_in_words(lambda: load_game(project, get_game(project, key)))
    finally:
        restore(project, relative)


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_any_example_and_chapter_is_checked_or_refused_in_words(project, key, data):
    game = get_game(project, key)
    examples = sorted((project.card_data / key / "examples").glob("*.yaml"))
    chapters = sorted((project.card_data / key / "rulebook").glob("*.md"))
    if data.draw(st.booleans()) and examples:
        path = data.draw(st.sampled_from(examples))
        items = yaml.safe_load(path.read_text())
        item = data.draw(st.sampled_from(items))
        part = data.draw(st.sampled_from(["setup", "expect"]))
        if isinstance(item.get(part), dict) and item[part]:
            item[part][data.draw(st.sampled_from(sorted(item[part])))] = data.draw(values)
        new_text = yaml.safe_dump(items, allow_unicode=True)
    elif chapters:
        path = data.draw(st.sampled_from(chapters))
        snippet = data.draw(st.one_of(st.text(max_size=40), st.sampled_from([
            "{{ ex['nope'].total }}", "{% for x in counts %}", "{{ card('verses', 'nobody') }}",
            "{{ range(10**6)|list|length }}", "```example\nid: x\nkind: hand\n```", "{{ 'a' * 999999 }}"])))
        new_text = path.read_text() + "\n" + snippet + "\n"
    else:
        return
    relative = path.relative_to(project.root)
    try:
        path.write_text(new_text)
        report = check_game(project, game)
        assert all(str(problem) for problem in report.problems)
    except DataError:
        pass
    finally:
        restore(project, relative)
